"""The Chinese city-state variant (zh-city-state-variant.txt, 城邦爭霸), 3 to 6 players.

Each player owns a city-state from the start and may use its ability in one battle per round.

* :mod:`.abilities` - the six abilities, one class each, and their rules on a battle (Firenze's
  Ball, Venezia's Bribe, the Bologna and Milano bans);
* :mod:`.actions` - the actions the variant adds;
* :mod:`.game` - the variant's game rules (choosing, asking, Genova, Roma, the end).
"""
from .abilities import (ABILITIES, BANS, BRIBE_VALUES, Ability, ban, bribe_targets, bribed, courtesan_targets,
                        firenze_ball, lift_ban, venezia_bribe)
from .actions import (Annul, Ball, Bribe, ChooseCity, GenovaDraw, GenovaKeep, GenovaTrade, LiftBan, RomaClaim,
                      UseAbility, Veto)
from .game import CITIES, FINAL_ORDER, CityStates, final_leader, weighted_scores

__all__ = ["ABILITIES", "Ability", "BANS", "BRIBE_VALUES", "CITIES", "FINAL_ORDER", "CityStates",
           "ban", "bribe_targets", "bribed", "courtesan_targets", "firenze_ball", "lift_ban", "venezia_bribe",
           "final_leader", "weighted_scores", "Annul", "Ball", "Bribe", "ChooseCity", "GenovaDraw", "GenovaKeep",
           "GenovaTrade", "LiftBan", "RomaClaim", "UseAbility", "Veto"]
