"""The soak: many random games, every invariant checked after every action.

:func:`soak` plays seeded games with random legal actions under every named ruleset and
player count; :func:`check_game` checks one game as it goes (every card in one place,
legal token placements, each battle's winner the strongest, a legal action never refused,
the game ending) and, at the end, :func:`check_victory_claims` checks the winners against
the final map by the rules as the rulesets state them.  benchmarks/soak.py runs 100,000
games; tests/test_soak_slice.py a slice.
"""
from __future__ import annotations

import time
from types import ModuleType
from dataclasses import dataclass, field

from ..errors import RulesError, excerpt, expects
from ..game import Game
from ..rulesets import get_ruleset
from ..arguments import check_count
from .progress import as_progress, check_player_counts, game_refusal, ruleset_list, seed_int


@dataclass
class SoakResult:
    """What :func:`soak` found."""

    games: int = 0
    actions: int = 0
    battles: int = 0
    violations: list = field(default_factory=list)      # (ruleset, players, seed, message)
    by_ruleset: dict = field(default_factory=dict)      # ruleset -> games
    unchecked_reasons: dict = field(default_factory=dict)
    seconds: float = 0.0
    partial: bool = False

    @property
    def ok(self) -> bool:
        return not self.violations

    def summary(self) -> str:
        lines = [f"games {self.games}, actions {self.actions}, battles {self.battles}, "
                 f"violations {len(self.violations)}" + (" (PARTIAL: interrupted)" if self.partial else ""),
                 "games per ruleset: " + ", ".join(f"{k} {v}" for k, v in self.by_ruleset.items())]
        if self.unchecked_reasons:
            lines.append("endings without an independent check: "
                         + ", ".join(f"{k} {v}" for k, v in self.unchecked_reasons.items()))
        for v in self.violations[:20]:
            lines.append(f"VIOLATION {v[0]} {v[1]}p seed {v[2]}: {v[3]}")
        if self.seconds:
            lines.append(f"{self.games / self.seconds:,.0f} games/s, {self.actions / self.seconds:,.0f} actions/s")
        return "\n".join(lines)


def _flat_ids(locations: dict) -> list:
    """Every card id in Game.card_locations() (hands and lines by player, the piles as lists)."""
    return [i for where in locations.values() for ids in (where.values() if isinstance(where, dict) else [where])
            for i in ids]


@expects(game=Game, seed=(int, str, None), actions=int)
def check_game(game, *, seed=None, actions: int = 20_000) -> tuple[int, int, list[str]]:
    """Play ``game`` to the end with random legal actions, checking the invariants after
    every action; returns (actions, battles, violations).

    * every card of the deck is in exactly one place (hands, lines, draw pile, discard pile);
    * each battle is placed on a region without the Pope's Favor and (except under
      Invasion) without a control marker;
    * every resolved battle's winner has the single highest strength, and the token holder
      is a player;
    * the winners meet the ending the game names: 'adjacent' / 'total' by the map
      (board.check_victory), 'most_regions' / 'final_battle' among the players with the
      most regions once no region can be chosen;
    * a legal action is never refused and the game ends.
    """
    import random as _random
    from .. import board
    from ..game import PlaceToken
    rng = _random.Random(seed)
    bad: list[str] = []
    n_cards = len(game.cards)
    rs = game.ruleset
    count = battles = 0
    while not game.is_over:
        if count >= actions:
            bad.append(f"the game did not end within {actions} actions")
            break
        legal = game.legal_actions()
        if not legal:
            bad.append(f"no legal action for {game.to_move} in phase {game.phase!r}")
            break
        a = legal[int(rng.random() * len(legal))]
        if isinstance(a, PlaceToken):
            r = a.region
            if r == game.favor:
                bad.append(f"the token may go on {r}, which has the Pope's Favor")
            if r in game.control and not getattr(rs, "invasion", False):
                bad.append(f"the token may go on {r}, controlled by {game.control[r]}")
        battle = game.battle
        before = game.battles
        try:
            game.apply(a)
        except RulesError as e:
            bad.append(f"the legal action {a!r} was refused: {e}")
            break
        count += 1
        ids = _flat_ids(game.card_locations())
        if len(ids) != n_cards or len(set(ids)) != n_cards:
            dup = len(ids) - len(set(ids))
            bad.append(f"after {a!r}: {len(set(ids))} different cards in {len(ids)} places "
                       f"(deck {n_cards}, {dup} counted twice)")
            break
        if game.battles > before and battle is not None and battle.resolution is not None:
            battles += 1
            res = battle.resolution
            best = max(res.strengths.values())
            tops = [p for p, s in res.strengths.items() if s == best]
            if res.winner is not None and tops != [res.winner]:
                bad.append(f"battle {battles}: winner {res.winner} but strengths {res.strengths}")
            if res.winner is None and len(tops) == 1 and not getattr(rs, "city_states", False):
                bad.append(f"battle {battles}: no winner but {tops[0]} is strongest ({res.strengths})")
            if res.token_holder not in battle.players:
                bad.append(f"battle {battles}: token holder {res.token_holder!r} is not a player")
    if game.is_over and not bad:
        bad += check_victory_claims(game, board)
    return count, battles, bad


#: Endings whose winners check_game verifies independently; others are counted as unchecked.
CHECKED_ENDINGS = ("adjacent", "total", "most_regions", "most_weight", "final_battle",
                   "final_battle_tie", "shared")


@expects(board=ModuleType)
def check_victory_claims(game, board) -> list[str]:
    """The winners against the final map, by the rules as the rulesets state them (not by
    asking the Game how it decided).  ``game``: a Game, or anything with its ending's facts."""
    if not all(hasattr(game, fact) for fact in ("reason", "winners", "ruleset", "players", "control")):
        raise RulesError.say("{name} must be of type {kind}, not {value}", name="game", kind="Game",
                             value=excerpt(game))
    reason, winners = game.reason, tuple(game.winners)
    if not winners:
        return [f"the game is over ({reason}) without a winner"]
    rs = game.ruleset
    n = len(game.players)
    control = game.control
    counts = {p: sum(1 for q in control.values() if q == p) for p in game.players}
    weights = {p: sum(board.ITALY.nodes[r]["weight"] for r, q in control.items() if q == p) for p in game.players}
    fixed = getattr(rs, "victory_regions", 0)
    if reason in ("adjacent", "total"):
        if fixed:
            short = [w for w in winners if counts[w] < fixed]
            if reason == "adjacent" or short:
                return [f"{', '.join(winners)} won by {reason} but this ruleset wins with {fixed} regions "
                        f"and they hold {[counts[w] for w in winners]}"]
            return []
        met = {v.player for v in board.check_victory(control, n)}
        missing = [w for w in winners if w not in met]
        if missing:
            return [f"{', '.join(missing)} won by {reason} but the map {control} gives no such victory"]
        return []
    ranking = getattr(rs, "end_ranking", "regions")
    score = weights if ranking == "weights" else counts
    best = max(score.values())
    top = [p for p in game.players if score[p] == best]
    if ranking == "regions_then_weights":
        most = max(weights[p] for p in top)
        top = [p for p in top if weights[p] == most]
    if reason in ("most_regions", "most_weight"):
        if list(winners) != top:
            return [f"{winners} won by {reason} but the ranking ({ranking}) puts first {top}"]
    elif reason in ("final_battle", "final_battle_tie"):
        if not set(winners) <= set(top) or len(top) < 2:
            return [f"{winners} won a final battle but the players tied at the top ({ranking}) are {top}"]
    elif reason == "shared":
        if ranking != "regions_then_weights" or list(winners) != top:
            return [f"{winners} share the victory but the ranking ({ranking}) puts first {top}"]
    return []


def soak_games(jobs: list) -> list:
    """What :func:`check_game` found in each game of ``jobs`` ((ruleset as
    :func:`~condottiere_nb.agents.workers.portable_ruleset` gives it, players, seed) each):
    (actions, battles, violations, the ending or None): what a worker of :func:`soak` runs."""
    from ..agents.workers import ruleset_of
    out = []
    for rules, n, s in jobs:
        try:
            g = Game(n, ruleset_of(rules), s, explain=False)
            acts, battles, bad = check_game(g, seed=s)
        except Exception as e:  # a crash is a violation to report, not a reason to stop the soak
            acts, battles, bad = 0, 0, [f"{type(e).__name__}: {e}"]
            g = None
        out.append((acts, battles, bad, g.reason if g is not None and g.is_over else None))
    return out


def soak(games: int = 100_000, *, rulesets=None, players=(2, 3, 4, 5, 6), seed=0, progress=None,
         workers=None, executor=None) -> SoakResult:
    """Play ``games`` seeded random games, cycling through every named ruleset and player
    count it allows, checking :func:`check_game`'s invariants; violations are collected.

    ``workers`` (processes of this machine; 0: one per core) or ``executor`` (any
    concurrent.futures.Executor) share the games out; each game's seed comes from ``seed`` and
    its number, and the findings are added up in that order, so the result is the same."""
    from ..agents.workers import MAX_GAMES, check_workers, portable_ruleset, run_jobs
    check_count("games", games, 1, MAX_GAMES)
    names = ruleset_list(rulesets)
    players = check_player_counts(players)
    check_workers(workers, executor)
    plan = [(rs, portable_ruleset(rs), n) for rs in map(get_ruleset, names) for n in players
            if game_refusal(rs, n) is None]
    if not plan:
        raise RulesError.say("no ruleset allows these player counts")
    out = SoakResult()
    prog = as_progress(progress)
    prog.start(games, "soak")
    base = seed_int(seed)

    def seed_of(i: int) -> int:
        return (base * 1_000_003 + i) % 2 ** 32

    # made as they are handed out: a soak of millions of games holds only the games in flight
    jobs = ((plan[i % len(plan)][1], plan[i % len(plan)][2], seed_of(i)) for i in range(games))
    t0 = time.perf_counter()
    results = run_jobs(soak_games, jobs, workers=workers, executor=executor, total=games, done=prog.update)
    try:
        for i, (acts, battles, bad, reason) in results:
            rs, rules, n = plan[i % len(plan)]
            out.games += 1
            out.actions += acts
            out.battles += battles
            out.by_ruleset[rs.name] = out.by_ruleset.get(rs.name, 0) + 1
            for msg in bad:
                out.violations.append((rs.name, n, seed_of(i), msg))
            if reason is not None and reason not in CHECKED_ENDINGS:
                out.unchecked_reasons[reason] = out.unchecked_reasons.get(reason, 0) + 1
    except KeyboardInterrupt:
        out.partial = True
    finally:
        results.close()
    prog.finish(out.partial)
    out.seconds = time.perf_counter() - t0
    return out
