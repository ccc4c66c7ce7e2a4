"""The Vietnamese Scoring variant (vi, Tính điểm): a match of several games to 20 or 30 points.

Each game scores 1 point per region, and 5 more per region for a win by adjacent regions
(:func:`game_points`, rule score.game); the match ends when someone reaches the target
(rule score.match).  A :class:`Match` plays like a Game.
"""
from __future__ import annotations

import random
from numbers import Integral
from typing import Mapping

from ..arguments import check_flag, check_seed
from ..errors import IllegalMove, Joined, RulesError
from ..explain import Step
from ..game import Game, check_players
from ..game.persist import MAX_STRING
from ..rulesets import MAX_TARGET, get_ruleset, shown

__all__ = ["game_points", "score_game", "score_match", "Match"]


def game_points(control: Mapping[str, str], players, winner: str | None = None, reason: str | None = None,
                group=(), bonus: int = 5, bonus_regions: str = "all", bonus_win: str = "adjacent",
                needed: int = 3) -> dict[str, int]:
    """Points each player scores for one game of a Scoring match (vi, Tính điểm).

    One point per region controlled; a player who won by adjacent regions scores ``bonus``
    more for each region (``bonus_regions="all"``: every region they control, our reading of
    "5 points added to the points of each region"; ``"group"``: only the adjacent group).
    ``bonus_win="three"``: only a win that needed 3 adjacent regions (``needed``: 3 with 4-6
    players, 4 with 2-3) earns the bonus, as the text words it.
    The worked example: a win by 3 adjacent regions scores 3 x (1 + 5) = 18.

    >>> game_points({"Torino": "Huy", "Milano": "Huy", "Genova": "Huy", "Roma": "Hoa"}, ["Huy", "Hoa"],
    ...             winner="Huy", reason="adjacent", group={"Torino", "Milano", "Genova"})
    {'Huy': 18, 'Hoa': 1}
    """
    points = {p: sum(1 for owner in control.values() if owner == p) for p in players}
    if winner is not None and reason == "adjacent" and (bonus_win == "adjacent" or needed == 3):
        counted = points[winner] if bonus_regions == "all" else len(group)
        points[winner] += bonus * counted
    return points


def score_game(match: "Match", game) -> dict[str, int]:
    """A finished game of the match is scored (game_points) and added to the match's points
    (options scoring_bonus: which regions get the bonus; scoring_bonus_win: which wins earn it)."""
    rs = match.ruleset
    winner = game.winners[0] if len(game.winners) == 1 else None
    group = game.victory.group if game.victory is not None else ()
    needed = game.thresholds[1]
    scored = game_points(game.control, match.players, winner, game.reason, group,
                         bonus_regions=rs.scoring_bonus, bonus_win=rs.scoring_bonus_win, needed=needed)
    earned = game.reason == "adjacent" and (rs.scoring_bonus_win == "adjacent" or needed == 3)
    for p, n in scored.items():
        match.points[p] += n
    match.history.append(scored)
    match.games.append(game)
    if match.explains:
        match.log.append(Step("score.game", data={
            "scored": scored, "points": dict(match.points), "game": len(match.games),
            "adjacent_winner": winner if earned else None,
            "unearned": winner if game.reason == "adjacent" and not earned else None,
            "bonus_regions": rs.scoring_bonus}))
    return scored


def score_match(match: "Match") -> bool:
    """When one or more players reach the target (option scoring_target='exceed': pass it), the
    match ends: the most points win (a tie shares the victory).  True when it ended."""
    exceed = match.ruleset.scoring_target == "exceed"
    reached = [p for p in match.players if match.points[p] > match.target or not exceed and
               match.points[p] == match.target]
    if not reached:
        return False
    best = max(match.points[p] for p in reached)
    match.winners = tuple(p for p in reached if match.points[p] == best)
    if match.explains:
        match.log.append(Step("score.match", data={"winners": list(match.winners), "reached": reached,
                                                   "target": match.target, "best": best, "exceed": exceed}))
    return True


#: the longest string seed of a match: a game's seed adds ":" and its number (ten digits is plenty)
MATCH_SEED_CHARACTERS = MAX_STRING - 11


class Match:
    """A Scoring match (vi, Tính điểm): games of Condottiere until someone reaches the target.

    The next game is started by the next player clockwise (the text does not say who starts; we
    rotate the first seat).  The Match plays like a Game: ``to_move``, ``legal_actions()``,
    ``apply(action)``, ``is_over``, ``winners``.  ``target``: the points to reach, a whole number
    from 1 to 1000 (None: the ruleset's match_points, else 20); ``seed``: game k of the match is
    dealt from ``f"{seed}:{k}"``; None draws a seed, which :attr:`seed` then shows.

    >>> m = Match(["Ana", "Ben", "Cy"], seed=1)
    >>> m.target, m.points, m.game.players
    (20, {'Ana': 0, 'Ben': 0, 'Cy': 0}, ('Ana', 'Ben', 'Cy'))
    """

    def __init__(self, players, ruleset="scoring", target: int | None = None, seed=None, *, explain: bool = True):
        self.ruleset = get_ruleset(ruleset)
        self.players = check_players(players)
        if target is None:
            target = self.ruleset.match_points or 20
        if isinstance(target, bool) or not isinstance(target, Integral) or not 1 <= target <= MAX_TARGET:
            raise RulesError.say("a Scoring match is played to a whole number of points from 1 to {most} (the text: "
                                 "20 or 30), not {value}", most=MAX_TARGET, value=shown(target))
        self.target = int(target)
        # Like a Game: no seed draws one (shown in .seed), so two matches deal differently.
        if seed is None:
            seed = random.SystemRandom().randrange(2 ** 32)
        self.seed = check_seed(seed)
        # game k is seeded f"{seed}:{k}": the seed leaves room for the game's number, or a late game
        # would have a seed too long to save (a 998-character seed stopped the match at game 11)
        if isinstance(seed, str) and len(seed) > MATCH_SEED_CHARACTERS:
            raise RulesError.say("a match's seed is a string of at most {chars} characters (each game adds its "
                                 "number to it), not {value}", chars=MATCH_SEED_CHARACTERS, value=shown(seed))
        self.explains = check_flag("explain", explain)
        self.points = {p: 0 for p in self.players}
        self.history: list[dict[str, int]] = []     # points scored in each finished game
        self.games: list = []                         # finished games
        self.log: list[Step] = []
        self.winners: tuple[str, ...] = ()
        self.game = self._new_game()

    def _new_game(self) -> Game:
        k = len(self.games)
        seats = self.players[k % len(self.players):] + self.players[:k % len(self.players)]
        return Game(seats, self.ruleset, seed=f"{self.seed}:{k}", explain=self.explains)

    @property
    def to_move(self):
        return self.game.to_move

    @property
    def is_over(self) -> bool:
        return bool(self.winners)

    def legal_actions(self) -> list:
        return [] if self.is_over else self.game.legal_actions()

    def apply(self, action) -> None:
        if self.is_over:
            raise IllegalMove.say_n("the match is over: {players} won with {n} point",
                                    "the match is over: {players} won with {n} points",
                                    self.points[self.winners[0]], players=Joined(self.winners))
        self.game.apply(action)
        if self.game.is_over:
            score_game(self, self.game)
            if not score_match(self):
                self.game = self._new_game()

    def __repr__(self) -> str:
        state = f"won by {', '.join(self.winners)}" if self.winners else f"game {len(self.games) + 1}"
        return f"<Match to {self.target} points, {state}, points {self.points}>"
