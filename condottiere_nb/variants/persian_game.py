"""The Persian tutorial's game rules (fa-tutorial.txt): the Weapon's draw, the draws after a
region (the winner a card per soldier used, the others 1), and the end when the draw pile runs
out or no deal is left (sections 5 to 7).  Its cards are in :mod:`.persian`."""
from __future__ import annotations

from ..errors import IllegalMove
from ..explain import Step
from ..game import deal, phases
from ..notation import read_target
from .base import Variant
from .persian import maiden_lines, maiden_target, position_of, position_targets

__all__ = ["fa_weapon_draw", "fa_draw", "fa_end", "PersianTutorial"]


def fa_weapon_draw(game, player: str) -> None:
    """The Weapon's draw (fa 5): one card from the draw pile into the player's hand."""
    got = deal.draw(game, player, 1, sort=False)
    if game.explains:
        game.record(Step("fa.weapon_draw", player=player, data={"drawn": got, "left": len(game.state.deck)}))


def fa_draw(game) -> None:
    """After a region (fa exact rules): the winner draws one card per soldier used, every other
    player one; the draw pile is never refilled.  The readings: fa_draws='section_6' (everyone
    draws as many cards as they laid), fa_winner_draws (which soldiers count), fa_losers (does a
    player who laid no card draw?), fa_tie_draws (does anyone draw after a tie?)."""
    rs = game.ruleset
    res = game.resolution
    moves = game.battle.moves
    laid = {p: sum(1 for m in moves if m.player == p and m.kind in game.rank) for p in game.players}
    owed = {}
    for p in deal.deal_order(game, game.players):
        if rs.fa_draws == "section_6":
            owed[p] = laid[p]
        elif p == res.winner:
            if rs.fa_winner_draws == "line":
                owed[p] = sum(1 for c in res.lines[p] if c.mercenary)
            else:
                owed[p] = sum(1 for m in moves if m.player == p and m.kind and m.kind.isdigit())
        elif res.winner is None and rs.fa_tie_draws == "none":
            owed[p] = 0
        else:
            owed[p] = 0 if rs.fa_losers == "played" and not laid[p] else 1
    got = {p: deal.draw(game, p, n) for p, n in owed.items()}
    if game.explains:
        game.record(Step("fa.draw", data={"drawn": got, "owed": owed, "winner": res.winner,
                                          "left": len(game.state.deck), "reading": rs.fa_draws,
                                          "losers": rs.fa_losers, "tie": rs.fa_tie_draws}))


def fa_end(game) -> None:
    """The draw pile has run out: the tutorial's game ends at once and is ranked (fa 7)."""
    if game.explains:
        game.record(Step("fa.end"))
    phases.game_no_region(game, "draw_pile")


class PersianTutorial(Variant):
    """The Persian tutorial's game rules: a Maiden's target named by position, the Weapon's draw,
    the draws after a region, and the end when the draw pile runs out or no deal is left."""

    name = "fa"
    draws_after_battle = True

    @classmethod
    def target_cards(cls, battle, player: str) -> list:
        """The soldiers a Maiden may remove: those of :func:`~.persian.maiden_lines`."""
        return [c for p in maiden_lines(battle, player) for c in battle.line(p) if c.mercenary]

    @classmethod
    def targets(cls, battle, player: str) -> list:
        return position_targets(battle, player)

    @classmethod
    def target(cls, battle, player: str, take):
        return maiden_target(battle, player, take)

    @classmethod
    def applies_to(cls, ruleset) -> bool:
        return ruleset.drawing == "fa_tutorial" or "weapon" in ruleset.counts or "maiden" in ruleset.counts

    def take_name(self, game, kind: str, take):
        if kind != "maiden":
            return None
        if isinstance(take, str) and "@" in take:     # a soldier by its place: "Ben@2"
            named = read_target(take, game.ruleset.kinds)
            return take.strip() if named.position is None else f"{named.owner}@{named.position}"
        if game.battle is None:
            raise IllegalMove.say("a Maiden is played during a battle")
        card = maiden_target(game.battle.state, game.state.to_move, take)
        return position_of(game.battle.state, card)

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
