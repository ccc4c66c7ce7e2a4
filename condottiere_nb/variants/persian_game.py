"""The Persian tutorial's game rules (fa-tutorial.txt): the Weapon's draw, the draws after a
region (the winner a card per soldier used, the others 1), and the end when the draw pile runs
out or no deal is left (sections 5 to 7).  Its cards are in :mod:`.persian`."""
from __future__ import annotations

from ..errors import IllegalMove
from ..explain import Step
from ..game import deal, phases
from .base import Variant
from .persian import maiden_target, position_of

__all__ = ["fa_weapon_draw", "fa_draw", "fa_end", "PersianTutorial"]


def fa_weapon_draw(game, player: str) -> None:
    """The Weapon's draw (fa 5): one card from the draw pile into the player's hand."""
    got = deal.draw(game, player, 1, sort=False)
    if game.explaining:
        game.record(Step("fa.weapon_draw", player=player, data={"drawn": got, "left": len(game.state.deck)}))


def fa_draw(game) -> None:
    """After a region (fa exact rules): the winner draws one card per soldier used, every other
    player one; the draw pile is never refilled."""
    res = game.resolution
    got, owed = {}, {}
    for p in deal.deal_order(game, game.players):
        if p == res.winner:
            if game.ruleset.fa_winner_draws == "line":
                n = sum(1 for c in res.lines[p] if c.mercenary)
            else:
                n = sum(1 for m in game.battle.moves if m.player == p and m.kind and m.kind.isdigit())
        else:
            n = 1
        owed[p] = n
        got[p] = deal.draw(game, p, n)
    if game.explaining:
        game.record(Step("fa.draw", data={"drawn": got, "owed": owed, "winner": res.winner,
                                          "left": len(game.state.deck)}))


def fa_end(game) -> None:
    """The draw pile has run out: the tutorial's game ends at once and is ranked (fa 7)."""
    if game.explaining:
        game.record(Step("fa.end"))
    phases.game_no_region(game, "draw_pile")


class PersianTutorial(Variant):
    """The Persian tutorial's game rules: a Maiden's target named by position, the Weapon's draw,
    the draws after a region, and the end when the draw pile runs out or no deal is left."""

    name = "fa"

    @classmethod
    def applies_to(cls, ruleset) -> bool:
        return ruleset.drawing == "fa_tutorial" or "weapon" in ruleset.counts or "maiden" in ruleset.counts

    def take_name(self, game, kind: str, take):
        if kind != "maiden":
            return None
        if isinstance(take, str) and "@" in take:
            return take.strip()
        if game.battle is None:
            raise IllegalMove("a Maiden is played during a battle")
        card = maiden_target(game.battle, game.state.to_move, take)
        return position_of(game.battle, card)

    def after_play(self, game, player: str, card) -> None:
        if card.kind == "weapon":
            fa_weapon_draw(game, player)

    def after_compare(self, game) -> bool:
        if self.ruleset.drawing != "fa_tutorial":
            return False
        fa_draw(game)
        if game.state.deck:
            return False
        fa_end(game)
        return True

    def round_end(self, game) -> bool:
        """There are no new deals: with fewer than two players holding cards the game ends."""
        if self.ruleset.drawing != "fa_tutorial":
            return False
        phases.game_no_region(game, "no_deal")
        return True
