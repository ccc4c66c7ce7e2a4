"""The Vietnamese rulebook's extended rules (vi-thegioiboardgame.txt, "Luật mở rộng").

* Continuous War (Chiến tranh liên tiếp): draw after every battle instead of every round.
* Invasion (Xâm Lược): the Condottiere token may go on a controlled region, whose controller
  defends it: the option ``invasion`` of the standard game's own rules (token.place, play.wait,
  invasion.defender and invasion.tie in :mod:`condottiere_nb.plays` and
  :mod:`condottiere_nb.game.phases`).
* Scoring (Tính điểm): a match of several games to 20 or 30 points (:mod:`.scoring`).
* Hidden Cards (Ẩn Bài): in the Battle already (options hidden_cards, face_down_specials).

Each rule is one function named after its rule id; the worked examples are their doctests.
"""
from __future__ import annotations

from ..explain import Step
from ..game import deal
from .base import Variant

__all__ = ["continuous_war_draw", "war_draw", "war_redeal", "war_refill", "ContinuousWar",
           "game_points", "score_game", "score_match", "Match"]


def continuous_war_draw(in_hand: int, regions: int, draw: int = 3, hand_size: int = 10,
                        per_region: int = 1) -> int:
    """How many cards a player draws after a battle in Continuous War.

    Three, but never above the hand limit of 10 plus 1 per region (vi, 2 – Rút bài).
    The worked example: Huy holds 9 cards and 1 region, so his limit is 11 and he draws 2.

    >>> continuous_war_draw(9, 1)
    2
    >>> continuous_war_draw(4, 0), continuous_war_draw(12, 1)
    (3, 0)
    """
    limit = hand_size + per_region * regions
    return max(0, min(draw, limit - in_hand))


def war_refill(game) -> None:
    """An empty draw pile is refilled from the shuffled discards (our reading: the war goes on)."""
    zones = game.state.zones
    if not zones.pile("discard"):
        return
    zones.move_all(list(zones.pile("discard")), "discard", "deck")
    game.rng.shuffle(zones.pile("deck"))
    if game.explains:
        game.record(Step("war.draw", data={"refill": True}))


def war_draw(game) -> None:
    """Continuous War, 2 – Rút bài: after every battle each player draws 3, never above 10 plus 1
    per region, clockwise from the token holder's left; if nobody has a card, war.redeal."""
    state = game.state
    if all(not state.hand(p) for p in game.players):
        war_redeal(game)
        return
    order = deal.deal_order(game, game.players)
    got = {}
    for p in order:
        n = continuous_war_draw(len(state.hand(p)), len(game.regions_of(p)), hand_size=game.ruleset.hand_size,
                                per_region=game.ruleset.cards_per_region)
        got[p] = deal.draw(game, p, n, refill=war_refill)
    if game.explains:
        game.record(Step("war.draw", data={"drawn": got, "hands": {p: len(state.hand(p)) for p in order}}))


def war_redeal(game) -> None:
    """Continuous War (Trường hợp): when nobody has a card left, everyone draws 10."""
    state = game.state
    order = deal.deal_order(game, game.players)
    got = {p: deal.draw(game, p, game.ruleset.hand_size, refill=war_refill) for p in order}
    if game.explains:
        game.record(Step("war.redeal", data={"drawn": got, "hands": {p: len(state.hand(p)) for p in order}}))


class ContinuousWar(Variant):
    """Continuous War's draws after every battle (option drawing='after_battle')."""

    draws_after_battle = True

    name = "war"

    @classmethod
    def applies_to(cls, ruleset) -> bool:
        return ruleset.drawing == "after_battle"

    def after_compare(self, game) -> bool:
        war_draw(game)
        return False


from .scoring import Match, game_points, score_game, score_match  # noqa: E402  (the Scoring variant)
