"""The Vietnamese rulebook's extended rules (vi-thegioiboardgame.txt, "Luật mở rộng").

* Continuous War (Chiến tranh liên tiếp): draw after every battle instead of every round.
* Scoring (Tính điểm): a match of several games to 20 or 30 points.
* Invasion (Xâm Lược): the Condottiere token may go on a controlled region.
* Hidden Cards (Ẩn Bài): in the Battle already (options hidden_cards, face_down_specials).

The rules here are small pure functions the Game calls, so that each rule is written once
and its worked example can be tested on its own.
"""
from __future__ import annotations

from typing import Mapping

from ..errors import IllegalMove, RulesError
from ..explain import RULES, Step, join_names

RULES.update({
    "war.draw": ("Continuous War: everyone draws 3 after a battle, up to the hand limit",
                 "vi: Luật mở rộng, Chiến tranh liên tiếp (2 – Rút bài)"),
    "war.redeal": ("Continuous War: nobody has cards, so everyone draws 10",
                   "vi: Luật mở rộng, Chiến tranh liên tiếp (Trường hợp)"),
    "score.game": ("Scoring: 1 point per region, 5 more per region for an adjacency win",
                   "vi: Luật mở rộng, Tính điểm"),
    "score.match": ("Scoring: the match ends when someone reaches the target",
                    "vi: Luật mở rộng, Tính điểm"),
    "invasion.defender": ("Invasion: the controller of the region defends it", "vi: Luật mở rộng, Xâm Lược"),
    "invasion.tie": ("Invasion: a tie keeps the region with the defender, who takes the token",
                     "vi: Luật mở rộng, Xâm Lược"),
})


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


def game_points(control: Mapping[str, str], players, winner: str | None = None, reason: str | None = None,
                group=(), bonus: int = 5, bonus_regions: str = "all") -> dict[str, int]:
    """Points each player scores for one game of a Scoring match (vi, Tính điểm).

    One point per region controlled; a player who won by adjacent regions scores ``bonus``
    more for each region (``bonus_regions="all"``: every region they control, our reading of
    "5 points added to the points of each region"; ``"group"``: only the adjacent group).
    The worked example: a win by 3 adjacent regions scores 3 x (1 + 5) = 18.

    >>> game_points({"Torino": "Huy", "Milano": "Huy", "Genova": "Huy", "Roma": "Hoa"}, ["Huy", "Hoa"],
    ...             winner="Huy", reason="adjacent", group={"Torino", "Milano", "Genova"})
    {'Huy': 18, 'Hoa': 1}
    """
    points = {p: 0 for p in players}
    for _region, owner in control.items():
        if owner in points:
            points[owner] += 1
    if winner is not None and reason == "adjacent":
        counted = points[winner] if bonus_regions == "all" else len(group)
        points[winner] += bonus * counted
    return points


class Match:
    """A Scoring match (vi, Tính điểm): games of Condottiere until someone reaches the target.

    Each game is scored with :func:`game_points`; when one or more players reach ``target``
    points (the text: agree on 20 or 30), the match ends and the most points win (a tie
    shares the victory).  The next game is started by the next player clockwise (the text
    does not say who starts; we rotate the first seat).  The Match plays like a Game:
    ``to_move``, ``legal_actions()``, ``apply(action)``, ``is_over``, ``winners``.

    >>> m = Match(["Ana", "Ben", "Cy"], seed=1)
    >>> m.target, m.points, m.game.players
    (20, {'Ana': 0, 'Ben': 0, 'Cy': 0}, ('Ana', 'Ben', 'Cy'))
    """

    def __init__(self, players, ruleset="scoring", target: int | None = None, seed=0, *, explain: bool = True):
        from ..game import Game, _check_players
        from ..rulesets import get_ruleset

        self.ruleset = get_ruleset(ruleset)
        self.players = _check_players(players)
        self.target = int(target or self.ruleset.scoring_target or 20)
        if self.target <= 0:
            raise RulesError(f"a Scoring match is played to a positive number of points (20 or 30), "
                             f"not {target!r}")
        self.seed = seed
        self.explaining = bool(explain)
        self.points = {p: 0 for p in self.players}
        self.history: list[dict[str, int]] = []     # points scored in each finished game
        self.games: list = []                         # finished games
        self.log: list[Step] = []
        self.winners: tuple[str, ...] = ()
        self._Game = Game
        self.game = self._new_game()

    def _new_game(self):
        k = len(self.games)
        seats = self.players[k % len(self.players):] + self.players[:k % len(self.players)]
        return self._Game(seats, self.ruleset, seed=f"{self.seed}:{k}", explain=self.explaining)

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
            raise IllegalMove(f"the match is over: {join_names(self.winners)} won with "
                              f"{self.points[self.winners[0]]} points")
        self.game.apply(action)
        if self.game.is_over:
            self._score(self.game)

    def _score(self, game) -> None:
        winner = game.winners[0] if len(game.winners) == 1 else None
        group = game.victory.group if game.victory is not None else ()
        scored = game_points(game.control, self.players, winner, game.reason, group,
                             bonus_regions=self.ruleset.scoring_bonus)
        for p, n in scored.items():
            self.points[p] += n
        self.history.append(scored)
        self.games.append(game)
        if self.explaining:
            bonus = (f" {winner} won by adjacent regions: 5 more for each "
                     f"{'region' if self.ruleset.scoring_bonus == 'all' else 'region of the winning group'}."
                     if winner is not None and game.reason == "adjacent" else "")
            self.log.append(Step("score.game",
                                 f"Game {len(self.games)} scores 1 point per region.{bonus} This game: "
                                 + ", ".join(f"{p} {n}" for p, n in scored.items()) + "; match: "
                                 + ", ".join(f"{p} {n}" for p, n in self.points.items()) + ".",
                                 data={"scored": scored, "points": dict(self.points)}))
        reached = [p for p in self.players if self.points[p] >= self.target]
        if reached:
            best = max(self.points[p] for p in reached)
            self.winners = tuple(p for p in reached if self.points[p] == best)
            if self.explaining:
                self.log.append(Step("score.match",
                                     f"{join_names(reached)} reached {self.target} points: {join_names(self.winners)} "
                                     f"{'wins' if len(self.winners) == 1 else 'share'} the match with {best}.",
                                     data={"winners": list(self.winners)}))
            return
        self.game = self._new_game()

    def __repr__(self) -> str:
        state = f"won by {', '.join(self.winners)}" if self.winners else f"game {len(self.games) + 1}"
        return f"<Match to {self.target} points, {state}, points {self.points}>"
