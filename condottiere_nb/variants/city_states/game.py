"""The city-state variant's game rules (zh-city-state-variant.txt, 城邦爭霸), 3 to 6 players:
choosing the city-states, asking for abilities before each battle, Genova's trade, Roma's Edict
and claim, the new round, the weighted end and the final battle's leader.

:class:`CityStates` is the :class:`~condottiere_nb.variants.base.Variant` the Game calls; its
data (``self.data(game)``): ``cities`` (player -> city), ``ready`` (player -> may use the ability
this round), ``active`` (the ability in force in this battle), ``ask`` (who is still to be
asked), ``pending`` (an ability Roma may still cancel) and ``drawn`` (the card ids Genova drew).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Mapping

from ... import board
from ...cards import BY_ID, Card
from ...errors import IllegalMove, Kind, Listed, RulesError, Sentence
from ...explain import Step
from ...options import shown, shown_value
from ...game import phases
from ...game.choices import named_card
from ...game.messages import allowed
from ...game.persist import saved_card
from ..base import Variant
from .abilities import (ABILITIES, BANS, ban, city_firenze, city_venezia, courtesan_targets, genova_choices,
                        lift_ban, multisets, pick_bribe, pick_courtesan, replay, bribed)
from .actions import (ACTIONS, Annul, Ball, Bribe, ChooseCity, GenovaDraw, GenovaKeep, GenovaTrade, LiftBan,
                      RomaClaim, UseAbility, Veto)

__all__ = ["CITIES", "FINAL_ORDER", "CityStates", "weighted_scores", "final_leader",
           "city_choose", "city_ask", "city_genova", "city_roma_annul", "city_roma_claim", "city_round",
           "city_score", "city_final"]

#: The six city-states, in the order the text lists their abilities.
CITIES = tuple(ABILITIES)

#: Who leads the final battle: Roma's player; without Roma, this order (zh 三).
FINAL_ORDER = ("Roma", "Firenze", "Bologna", "Milano", "Venezia", "Genova")


def city_score(control: Mapping[str, str], players) -> dict[str, int]:
    """Each player's score: the weights of the regions they control (zh 三: Napoli, Milano,
    Venezia, Genova, Bologna, Firenze and Roma count 3; Ancona, Spoleto, Torino, Modena 2;
    the others 1).

    >>> city_score({"Roma": "Ana", "Siena": "Ana", "Torino": "Ben"}, ["Ana", "Ben", "Cy"])
    {'Ana': 4, 'Ben': 2, 'Cy': 0}
    """
    return {p: sum(board.ITALY.nodes[board.region(region)]["weight"] for region, owner in control.items() if owner == p)
            for p in players}


#: The public name of city.score: the end scores regions by weight (the Game ranks by option
#: end_ranking='weights').
weighted_scores = city_score


def city_final(cities: Mapping[str, str], finalists) -> str | None:
    """The finalist who leads the final battle: the owner of the first city in FINAL_ORDER
    among the finalists (``cities``: player -> city), or None if no finalist owns one."""
    owner = {city: p for p, city in cities.items()}
    for city in FINAL_ORDER:
        if owner.get(city) in finalists:
            return owner[city]
    return None


#: The public name of city.final: Roma leads the final battle (the 18-card deal and the discards
#: are options final_hand and final_discard).
final_leader = city_final


def _from_first(game) -> list[str]:
    """The seats clockwise from the game's first player (who took the token at the start)."""
    seats = list(game.players)
    i = seats.index(game.state.first)
    return seats[i:] + seats[:i]


def _take_kinds(cards, kinds: Iterable[str], what: Sentence) -> list[Card]:
    """Physical cards of ``kinds`` from ``cards`` (lowest ids first; ``what``: where they are)."""
    pool = sorted(cards)
    out: list[Card] = []
    for k in kinds:
        card = next((c for c in pool if c.kind == k and c not in out), None)
        if card is None:
            raise IllegalMove.say("{where} holds no {card} for that", where=what, card=Kind(k))
        out.append(card)
    return out


# -- the rules, one function each ----------------------------------------------------------------

def city_choose(game, city: str) -> None:
    """Each player chooses a city-state in turn and marks it as theirs: it is controlled from the
    start and cannot be attacked (zh 一.2)."""
    v = game.state.variant["city"]
    p = game.state.to_move
    v["cities"][p] = city
    game.state.control[city] = p
    game.write(["city", city])
    if game.explains:
        game.record(Step("city.choose", player=p, data={"city": city}))
    nxt = [q for q in _from_first(game) if q not in v["cities"]]
    if nxt:
        phases.ask(game, "city", nxt[0])
    else:
        phases.ask(game, "token", game.state.token_holder)


def city_ask(game, variant: "CityStates", yes: bool | None = None) -> bool | None:
    """Abilities are asked for before the first card, in seat order from the battle's leader (option
    city_ask_from='first_player': from the game's first player); one ability per battle, Roma's
    aside (zh 一.3).  ``yes`` None: the battle begins and the asking starts (True when someone is
    asked); else the player asked answers."""
    v = variant.data(game)
    if yes is None:
        battle = game.battle
        if variant.ruleset.city_ask_from == "first_player":
            order = _from_first(game)
        else:
            i = battle.players.index(battle.leader)
            order = list(battle.players[i:] + battle.players[:i])
        v["ask"] = [p for p in order if v["ready"][p] and v["cities"][p] != "Roma"
                    and ABILITIES[v["cities"][p]].usable(game, p)]
        return variant.ask_next(game)
    p = v["ask"].pop(0)
    game.write(["ability", yes])
    city = v["cities"][p]
    if game.explains:
        game.record(Step("city.ask", player=p, data={"city": city, "used": yes}))
    if not yes:
        if not variant.ask_next(game):
            phases.continue_battle(game)
        return None
    v["ask"] = []
    v["ready"][p] = False
    if not variant.offer_veto(game, p, city, {"kind": "declare"}):
        variant.declare(game, p, city)
    return None


def city_genova(game, variant: "CityStates", canon, physical) -> None:
    """Genova, Profiteering, before the battle: discard 3 cards, draw at random 3 from one player's
    hand and 2 from each other's, keep 3 of those and discard the rest (GenovaTrade, then
    GenovaKeep); or shuffle the discard pile and draw 3 from it (GenovaDraw)."""
    state = game.state
    zones = state.zones
    p = state.to_move
    v = variant.data(game)
    if isinstance(canon, GenovaDraw):
        game.rng.shuffle(zones.pile("discard"))
        drawn = [zones.pile("discard")[-1 - i] for i in range(min(3, len(state.discard)))]
        for c in drawn:
            zones.move(c, "discard", ("hand", p))
        state.hand(p).sort(key=BY_ID)
        game.write(["genova_draw"])
        if game.explains:
            game.record(Step("city.genova", player=p, data={"action": "draw", "count": len(drawn)}))
        phases.continue_battle(game)
        return
    if isinstance(canon, GenovaKeep):
        drawn = [c for c in state.hand(p) if c.id in v["drawn"]]
        kept = physical or _take_kinds(drawn, canon.cards, Sentence.say("the cards Genova drew"))
        rest = [c for c in drawn if c not in kept]
        zones.move_all(rest, ("hand", p), "discard")
        state.hand(p).sort(key=BY_ID)
        v["drawn"] = []
        game.write(["genova_keep", [c.id for c in kept]])
        if game.explains:
            game.record(Step("city.genova", player=p, data={"action": "keep", "kept": [c.kind for c in kept],
                                                            "discarded": len(rest)}))
        phases.continue_battle(game)
        return
    paid = physical or _take_kinds(state.hand(p), canon.discard, Sentence.say("{player}'s hand", player=p))
    zones.move_all(paid, ("hand", p), "discard")
    drawn, counts = [], {}
    for q in [canon.source] + [q for q in game.players if q not in (p, canon.source)]:
        n = 3 if q == canon.source else 2
        pick = game.rng.sample(state.hand(q), n)
        for c in pick:
            zones.move(c, ("hand", q), ("hand", p))
        drawn += pick
        counts[q] = n
    v["drawn"] = [c.id for c in drawn]
    game.write(["genova_trade", [c.id for c in paid], canon.source])
    if game.explains:
        game.record(Step("city.genova", player=p, cards=tuple(c.id for c in drawn),
                         data={"action": "trade", "paid": [c.kind for c in paid], "counts": counts,
                               "drawn": [c.kind for c in drawn]}))
    phases.ask(game, "genova_keep", p)


def city_roma_annul(game, variant: "CityStates", canon) -> None:
    """Roma, the Edict: cancel another player's ability, which that player loses for the round;
    Roma may cancel or claim a region once a round, not both.  Roma is asked before an ability
    acts (Veto; zh: against Venezia, before the discard) and may wait for the moment during the
    battle (Annul; zh: 可等待使用時機)."""
    v = variant.data(game)
    roma = game.state.to_move
    if isinstance(canon, Annul):
        active = v["active"]
        v["ready"][roma] = False
        v["active"] = None
        game.write(["annul"])
        if active["city"] in BANS:
            lift_ban(game.battle.state, active["city"], roma, by_roma=True)
            phases.sync_log(game)
        elif game.explains:
            game.record(Step("city.roma_annul", player=roma, data={"city": active["city"], "target": active["player"],
                                                                   "moment": "battle"}))
        return
    pend = v["pending"]
    v["pending"] = None
    p, city = pend["player"], pend["city"]
    game.write(["veto", canon.yes])
    if canon.yes:
        v["ready"][roma] = False
        v["ready"][p] = False
        v["active"] = None
        if game.explains:
            game.record(Step("city.roma_annul", player=roma, data={"city": city, "target": p, "moment": "before"}))
        if pend["kind"] == "declare":
            phases.continue_battle(game)
        else:
            phases.ask(game, "battle", p)
        return
    if game.explains:
        game.record(Step("city.roma_annul", player=roma, data={"city": city, "target": p, "allowed": True}))
    if pend["kind"] == "declare":
        variant.declare(game, p, city)
    else:
        variant.act(game, p, pend)


def city_roma_claim(game, variant: "CityStates", canon, physical) -> None:
    """Roma, when a battle ends tied: discard a Bishop or any 3 cards to take the region (Roma's
    ability for the round); RomaClaim(()) declines."""
    state = game.state
    roma = state.to_move
    region = state.region
    if not canon.cards:
        game.write(["claim", []])
        if game.explains:
            game.record(Step("city.roma_claim", player=roma, data={"region": region, "paid": []}))
        phases.after_compare(game)
        return
    paid = physical or _take_kinds(state.hand(roma), canon.cards, Sentence.say("{player}'s hand", player=roma))
    state.zones.move_all(paid, ("hand", roma), "discard")
    variant.data(game)["ready"][roma] = False
    state.control[region] = roma
    game.write(["claim", [c.id for c in paid]])
    if game.explains:
        game.record(Step("city.roma_claim", player=roma, data={"region": region, "paid": [c.kind for c in paid]}))
    won = phases.victories_of(game, roma)
    if won:
        phases.game_victory(game, won[0])
        return
    phases.after_compare(game)


def city_round(game, variant: "CityStates") -> None:
    """At a new round every tile turns face up again: every ability is ready (zh 二)."""
    variant.data(game)["ready"] = {p: True for p in game.players}
    if game.explains:
        game.record(Step("city.round"))


# -- the variant's hooks ------------------------------------------------------------------------------

class CityStates(Variant):
    """The city-state variant's game rules (see the module docstring)."""

    name = "city"
    actions = ACTIONS
    home = "city-states"
    #: Firenze's Ball and Venezia's Bribe are battle moves, played instead of a card
    battle_moves = ("firenze", "venezia")
    replay = staticmethod(replay)

    @staticmethod
    def locked(battle) -> set:
        """Venezia's bribed Mercenaries, under venezia_bribe='not_returnable' (not the briber's own)."""
        return bribed(battle) if battle.ruleset.venezia_bribe == "not_returnable" else set()

    @classmethod
    def applies_to(cls, ruleset) -> bool:
        return ruleset.city_states

    def check(self, game) -> None:
        n = len(game.players)
        if not 3 <= n <= 6:
            raise RulesError.say("the city-state variant is for 3 to 6 players (zh 一.2), not {n}", n=n)

    def setup(self, game) -> None:
        """After the first deal: the city-states are chosen in seat order (zh 一.2)."""
        n = len(game.players)
        free = [c for c in CITIES if c not in game.state.control]
        if len(free) < n:
            raise RulesError.say_n("each player chooses a free city-state, but only {n} of {cities} is free ({free}) "
                                   "for {players} players", "each player chooses a free city-state, but only {n} of "
                                   "{cities} are free ({free}) for {players} players", len(free), cities=Listed(CITIES),
                                   free=Listed(free) if free else Sentence.say("none"), players=n)
        self.data(game).update(cities={}, ready={p: True for p in game.players}, active=None, ask=[],
                               pending=None, drawn=[])
        phases.ask(game, "city", _from_first(game)[0])

    def roma(self, game) -> str | None:
        return next((q for q, c in self.data(game).get("cities", {}).items() if c == "Roma"), None)

    # -- legal actions ------------------------------------------------------------------------------
    def legal(self, game) -> list:
        state, v = game.state, self.data(game)
        phase, p = state.phase, state.to_move
        if phase == "city":
            return [ChooseCity(c) for c in CITIES if c not in state.control]
        if phase == "ability":
            return [UseAbility(True), UseAbility(False)]
        if phase == "veto":
            return [Veto(True), Veto(False)]
        if phase == "genova":
            return genova_choices(game, p)
        if phase == "genova_keep":
            drawn = [c for c in state.hand(p) if c.id in v["drawn"]]
            return [GenovaKeep(k) for k in multisets(game, drawn, min(3, len(drawn)))]
        if phase == "claim":
            hand = state.hand(p)
            claims = [RomaClaim(("bishop",))] if any(c.kind == "bishop" for c in hand) else []
            claims += [RomaClaim(k) for k in multisets(game, hand, 3) if k != ("bishop",)]
            return claims + [RomaClaim(())]
        return []

    def battle_actions(self, game, player: str) -> list:
        """Firenze's Ball, Venezia's Bribe, lifting a ban, Roma's Annul."""
        if game.state.final:
            return []
        v = self.data(game)
        active = v["active"]
        extra = []
        if active is not None and active["player"] == player:
            extra += ABILITIES[active["city"]].turn_actions(game, player)
            if active["city"] in BANS and game.battle.banned:
                extra.append(LiftBan())
        roma = self.roma(game)
        if roma == player and v["ready"][roma] and active is not None and active["player"] != roma \
                and (active["city"] in ("Firenze", "Venezia") or game.battle.banned):
            extra.append(Annul())
        return extra

    # -- reading, applying and loading actions --------------------------------------------------------
    def canonical(self, game, action) -> tuple:
        cls = type(action)
        state = game.state
        if cls is ChooseCity:
            if not isinstance(action.city, str):
                raise IllegalMove.say("ChooseCity takes a city's name such as 'Roma', not {value}",
                                      value=shown(action.city))
            city = board.region(action.city)
            if city not in CITIES:
                raise IllegalMove.say("{city} is not one of the city-states: {cities}", city=city,
                                      cities=Listed(CITIES))
            return ChooseCity(city), None
        if cls in (UseAbility, Veto):
            if not isinstance(action.yes, bool):
                raise IllegalMove.say("{action} takes True or False, not {value}", action=cls.__name__,
                                      value=shown(action.yes))
            return action, None
        if cls in (GenovaDraw, LiftBan, Annul):
            return action, None
        if cls in (GenovaTrade, GenovaKeep, RomaClaim):
            items = action.discard if cls is GenovaTrade else action.cards
            if isinstance(items, (str, Card)) or not isinstance(items, Iterable):
                raise IllegalMove.say("{action} takes a tuple of cards such as ('1', '2', 'winter'), not {value}",
                                      action=cls.__name__, value=shown(items))
            items = tuple(items)
            if len(items) > 3:
                raise IllegalMove.say("{action} names at most 3 cards, not {n}", action=cls.__name__, n=len(items))
            named = [named_card(game, i, None, "hand") for i in items]
            kinds = tuple(sorted((k for k, _ in named), key=game.rank.__getitem__))
            physical = [c for _, c in named] if named and all(c is not None for _, c in named) else None
            if physical is not None:
                if len({c.id for c in physical}) != len(physical):
                    raise IllegalMove.say("{action} names the same card twice. {allowed}", action=cls.__name__,
                                          allowed=allowed(game))
                pool = (state.hand(state.to_move) if cls is not GenovaKeep else
                        [c for c in state.hand(state.to_move) if c.id in self.data(game).get("drawn", ())])
                missing = [c for c in physical if c not in pool]
                if missing:
                    if cls is GenovaKeep:
                        raise IllegalMove.say("{card} is not among the cards Genova drew. {allowed}",
                                              card=missing[0].tag, allowed=allowed(game))
                    raise IllegalMove.say("{card} is not in {player}'s hand. {allowed}", card=missing[0].tag,
                                          player=state.to_move, allowed=allowed(game))
            if cls is GenovaTrade:
                if not isinstance(action.source, str):
                    raise IllegalMove.say("GenovaTrade's source is a player's name, not {value}",
                                          value=shown(action.source))
                return GenovaTrade(kinds, action.source), physical
            return cls(kinds), physical
        if cls in (Ball, Bribe):
            kind, card = named_card(game, action.card, state.to_move if state.phase == "battle" else None, "hand")
            target, phys = (action.courtesan if cls is Ball else action.target), None
            if isinstance(target, Card):
                phys = target
                owner = game.battle.state.owner(target) if game.battle is not None else None
                # a Ball names the Courtesan's owner, a Bribe the Mercenary as "Ben:3"
                target = owner if cls is Ball or owner is None else f"{owner}:{target.kind}"
            elif cls is Ball and target is not None and not isinstance(target, str):
                raise IllegalMove.say("Ball's courtesan is a player's name or a Courtesan card, not {value}",
                                      value=shown(target))
            elif cls is Bribe and not isinstance(target, str):
                raise IllegalMove.say("Bribe's target is written 'Ben:3' or is a Mercenary card, not {value}",
                                      value=shown(target))
            return cls(kind, target), (card, phys)
        raise IllegalMove.say("{action} is not an action of this game", action=shown_value(action))

    def apply(self, game, canon, physical) -> None:
        if isinstance(canon, ChooseCity):
            city_choose(game, canon.city)
        elif isinstance(canon, UseAbility):
            city_ask(game, self, canon.yes)
        elif isinstance(canon, (Veto, Annul)):
            city_roma_annul(game, self, canon)
        elif isinstance(canon, (GenovaTrade, GenovaDraw, GenovaKeep)):
            city_genova(game, self, canon, physical)
        elif isinstance(canon, (Ball, Bribe)):
            self.turn(game, canon, physical)
        elif isinstance(canon, LiftBan):
            v = self.data(game)
            lift_ban(game.battle.state, v["active"]["city"], game.state.to_move)
            v["active"] = None
            game.write(["lift"])
            phases.sync_log(game)
        else:
            city_roma_claim(game, self, canon, physical)

    def decode(self, game, tag: str, args: list):
        def card(i):
            return saved_card(game, i)

        one = {"city": (ChooseCity, str), "ability": (UseAbility, bool), "veto": (Veto, bool)}
        if tag in one and len(args) == 1 and isinstance(args[0], one[tag][1]):
            return one[tag][0](args[0])
        no_args = {"genova_draw": GenovaDraw, "lift": LiftBan, "annul": Annul}
        if tag in no_args and not args:
            return no_args[tag]()
        if tag == "genova_trade" and len(args) == 2 and isinstance(args[0], list) and isinstance(args[1], str):
            return GenovaTrade(tuple(card(i) for i in args[0]), args[1])
        if tag == "genova_keep" and len(args) == 1 and isinstance(args[0], list):
            return GenovaKeep(tuple(card(i) for i in args[0]))
        if tag == "ball" and len(args) == 2:
            return Ball(card(args[0]), None if args[1] is None else card(args[1]))
        if tag == "bribe" and len(args) == 2:
            return Bribe(card(args[0]), card(args[1]))
        if tag == "claim" and len(args) == 1 and isinstance(args[0], list):
            return RomaClaim(tuple(card(i) for i in args[0]))
        return None

    def waiting_text(self, game) -> Sentence | None:
        state, v = game.state, self.data(game)
        p, phase = state.to_move, state.phase
        if phase == "city":
            return Sentence.say("{player} chooses a city-state (ChooseCity)", player=p)
        if phase == "ability":
            return Sentence.say("{player} may use {city}'s ability in this battle (UseAbility)", player=p,
                                city=v['cities'][p])
        if phase == "veto":
            pend = v["pending"]
            return Sentence.say("{player}, Roma, may cancel {other}'s {city} ability (Veto)", player=p,
                                other=pend['player'], city=pend['city'])
        if phase == "genova":
            return Sentence.say("{player} uses Genova's ability: trade with the other hands or draw from the discards",
                                player=p)
        if phase == "genova_keep":
            return Sentence.say("{player} keeps three of the cards Genova drew (GenovaKeep)", player=p)
        if phase == "claim":
            return Sentence.say("{player}, Roma, may take the tied region {region} (RomaClaim)", player=p,
                                region=state.region)
        return None

    # -- before a battle: asking in seat order (zh 一.3) -------------------------------------------
    def before_battle(self, game) -> bool:
        if game.state.final:
            return False
        self.data(game)["active"] = None
        return city_ask(game, self)

    def ask_next(self, game) -> bool:
        v = self.data(game)
        if not v["ask"]:
            return False
        phases.ask(game, "ability", v["ask"][0])
        return True

    def offer_veto(self, game, p: str, city: str, what: dict) -> bool:
        """Roma's Edict: Roma is asked before the ability acts (zh: against Venezia before the discard)."""
        roma = self.roma(game)
        v = self.data(game)
        if roma is None or roma == p or not v["ready"][roma]:
            return False
        v["pending"] = {"player": p, "city": city, **what}
        phases.ask(game, "veto", roma)
        return True

    def declare(self, game, p: str, city: str) -> None:
        """The ability ``p`` uses takes effect: a ban at once, Firenze and Venezia on their turns,
        Genova before the battle."""
        v = self.data(game)
        acts = ABILITIES[city].acts
        if acts == "ban":
            v["active"] = {"player": p, "city": city}
            ban(game.battle.state, city, p)
            phases.sync_log(game)
            phases.continue_battle(game)
        elif acts == "turn":
            v["active"] = {"player": p, "city": city}
            if game.explains:
                game.record(Step(f"city.{city.lower()}", player=p, data={"city": city, "declare": True}))
            phases.continue_battle(game)
        else:       # Genova acts at once, before the battle
            phases.ask(game, "genova", p)

    def turn(self, game, canon, physical) -> None:
        """Firenze's Ball or Venezia's Bribe on its player's turn.  The cards are chosen now (and
        saved); then Roma is asked first (zh: against Venezia, before the discard)."""
        p = game.state.to_move
        battle = game.battle.state
        card, target = physical if physical else (None, None)
        if card is None:
            card = next(c for c in sorted(game.state.hand(p)) if c.kind == canon.card)
        if isinstance(canon, Ball):
            city = "Firenze"
            if self.ruleset.firenze_takes == "all":
                target = None
            elif target is None:
                target = pick_courtesan(battle, courtesan_targets(battle, p), canon.courtesan)
            game.write(["ball", card.id, None if target is None else target.id])
        else:
            city = "Venezia"
            if target is None:
                target = pick_bribe(battle, p, canon.target)
            game.write(["bribe", card.id, target.id])
        what = {"kind": "use", "action": "ball" if city == "Firenze" else "bribe", "card": card.id,
                "target": None if target is None else target.id}
        if self.offer_veto(game, p, city, what):
            return
        self.act(game, p, what)

    def act(self, game, p: str, what: dict) -> None:
        card = game.cards[what["card"]]
        target = None if what["target"] is None else game.cards[what["target"]]
        if what["action"] == "ball":
            city_firenze(game.battle.state, p, card, target)
        else:
            city_venezia(game.battle.state, p, card, target)
        phases.sync_log(game)
        phases.continue_battle(game)

    # -- after the compare and later ------------------------------------------------------------------
    def on_tie(self, game, resolution) -> bool:
        """Roma may take a tied region by discarding a Bishop or any 3 cards (zh, Roma)."""
        if game.state.final:
            return False
        roma = self.roma(game)
        if roma is None or not self.data(game)["ready"][roma]:
            return False
        hand = game.state.hand(roma)
        if len(hand) < 3 and not any(c.kind == "bishop" for c in hand):
            return False
        phases.ask(game, "claim", roma)
        return True

    def victories(self, game, player: str, found: list) -> list:
        """city_end='weights_only': no early victory; the weighted score decides at the end."""
        return [] if self.ruleset.city_end == "weights_only" else found

    def new_round(self, game) -> None:
        city_round(game, self)

    def final_leader(self, game, finalists) -> str | None:
        return final_leader(self.data(game)["cities"], finalists)
