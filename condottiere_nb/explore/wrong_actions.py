"""Wrong actions, tried in every phase of random games under every ruleset: a refusal must be a
RulesError that changes nothing and loses no card.

:func:`wrong_actions` lists, for a game at one decision, actions that should be refused: cards
from every wrong place (the draw pile, the discards, another player's hand, a line), cards the
deck does not have, kinds not in hand, takes of cards not in the player's line, regions that
are taken, values of the wrong type, other phases' actions, and the variants' own actions with
wrong cards.  :func:`fuzz_wrong_actions` plays seeded random games and tries them all between
the moves; ``benchmarks/fuzz_actions.py`` runs it at length and tests/test_wrong_actions.py a
slice.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..board import REGIONS
from ..errors import RulesError
from ..game import DiscardHand, Game, Keep, Pass, PlaceFavor, PlaceToken, Play
from ..variants.city_states import (Annul, Ball, Bribe, ChooseCity, GenovaDraw, GenovaKeep, GenovaTrade, LiftBan,
                                    RomaClaim, UseAbility, Veto)
from .progress import game_refusal

__all__ = ["WrongActionReport", "wrong_actions", "fuzz_wrong_actions"]

_ODD_VALUES = (None, 5, 2.5, -1, True, "", "  ", "nonsense", "5#999999", "5#-1", "٣", "²", "9" * 60, [], {}, ("5",),
               object())


@dataclass
class WrongActionReport:
    """What the fuzzer did: games played, wrong actions tried, those refused with a RulesError,
    those accepted although they were not listed as legal (should be 0), and crashes (any other
    exception, or a refusal that changed the game: should be 0), with the first few examples."""

    games: int = 0
    tried: int = 0
    refused: int = 0
    accepted: int = 0
    crashes: int = 0
    examples: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.accepted == 0 and self.crashes == 0

    def summary(self) -> str:
        return (f"{self.games} games, {self.tried} wrong actions tried: {self.refused} refused with a RulesError, "
                f"{self.accepted} accepted, {self.crashes} crashes or changes")


def _cards_elsewhere(game: Game, player) -> list:
    """Real cards of the game that are not in ``player``'s hand: the draw pile's top, the
    discards, other hands, the lines."""
    loc = game.card_locations()
    ids = loc["deck"][:2] + loc["discard"][-2:]
    for p in game.players:
        if p != player:
            ids += loc["hands"][p][:2]
        ids += loc["lines"][p][-1:]
    return [game.cards[i] for i in ids]


def wrong_actions(game: Game, rng: random.Random) -> list:
    """Actions the player to move should not be allowed to take now (some may happen to be legal:
    the caller compares with legal_actions())."""
    player = game.to_move
    hand = game.hand(player) if player in game.players else []
    elsewhere = _cards_elsewhere(game, player)
    missing = [k for k in game.ruleset.kinds if all(c.kind != k for c in hand)]
    actions = [Play(c) for c in elsewhere] + [Play(k) for k in missing[:3]] + [Play(v) for v in _ODD_VALUES]
    if hand:
        card = rng.choice(hand)
        actions += [Play(card, face_down=v) for v in ("yes", 1, None)]
        actions += [Play(card, take=t) for t in elsewhere[:3] + ["10#0", "Ana@9", 7]]
        actions += [Keep(tuple(hand) + tuple(elsewhere[:1])), Keep((hand[0], hand[0])), Keep(tuple(hand))]
    actions += [PlaceToken(r) for r in (game.control or {})] + [PlaceToken(v) for v in ("Atlantis", 5, None, "")]
    actions += [PlaceFavor(r) for r in list(game.control)[:2]] + [PlaceFavor(5), DiscardHand("yes"), DiscardHand(None)]
    actions += [Pass(), PlaceToken(rng.choice(REGIONS)), DiscardHand(True), Keep(())]
    actions += [ChooseCity("Napoli"), ChooseCity(5), UseAbility("no"), Veto(3), GenovaDraw(), LiftBan(), Annul(),
                GenovaTrade(tuple(elsewhere[:3]), player), GenovaTrade(("1", "1", "1"), "Nobody"), GenovaTrade(5, 5),
                GenovaKeep(tuple(elsewhere[:3])), GenovaKeep(5), RomaClaim(tuple(elsewhere[:3])), RomaClaim(5),
                Ball(elsewhere[0] if elsewhere else "5", "Nobody"), Ball(5, 5),
                Bribe(elsewhere[0] if elsewhere else "5", elsewhere[-1] if elsewhere else "Ben:3"), Bribe("5", 5),
                "not an action", None, 42]
    return actions


def fuzz_wrong_actions(rulesets, players=(2, 3, 4, 5, 6), games: int = 1, seed: int = 0,
                       max_actions: int = 3000, tries_per_decision: int = 6) -> WrongActionReport:
    """Random games of every ruleset and player count; at each decision a few wrong actions are
    tried: each must be refused with a RulesError and leave the game exactly as it was (its JSON
    and every card's place), or be one of legal_actions()."""
    rng = random.Random(seed)
    report = WrongActionReport()
    for name in rulesets:
        for n in players:
            if game_refusal(name, n) is not None:         # a player count the ruleset does not allow
                continue
            for g in range(games):
                game = Game(n, name, seed=rng.randrange(2 ** 32), explain=False)
                report.games += 1
                for _ in range(max_actions):
                    if game.is_over:
                        break
                    legal = game.legal_actions()
                    before = game.to_json()
                    for action in rng.sample(wrong_actions(game, rng), tries_per_decision):
                        report.tried += 1
                        try:
                            game.apply(action)
                        except RulesError:
                            report.refused += 1
                            if game.to_json() != before:
                                report.crashes += 1
                                report.examples.append((name, n, repr(action), "changed the game"))
                            continue
                        except Exception as err:       # anything else is a defect
                            report.crashes += 1
                            report.examples.append((name, n, repr(action), f"{type(err).__name__}: {err}"))
                            continue
                        if game.actions[-1] not in legal:      # the canonical form it was applied as
                            report.accepted += 1
                            report.examples.append((name, n, repr(action), "accepted though not listed"))
                        game = Game.from_json(before, explain=False)      # back to where it was
                    game.apply(rng.choice(legal))
    return report
