"""Variant balance: is a ruleset fair to every seat, how long do its games last, which cards decide.

:func:`variant_balance` plays many seeded games per ruleset and player count with an agent
in every seat and reports first-seat advantage, game length, how games end and how often
Surrender, Bishop and Courtesan decide a battle (:data:`DECIDES` says what that means;
:func:`card_decides` asks it of one battle).
"""
from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..battle import Battle
from ..errors import IllegalMove, RulesError, expects
from ..notation import kind_of
from ..rulesets import get_ruleset
from .intervals import wilson
from ..arguments import check_count
from .progress import as_progress, check_player_counts, game_refusal, ruleset_list, seed_int


#: What "decides a battle" means, in the words the reports and the notebook use.
DECIDES = {
    "surrender": "the Surrender decided the battle if the same battle played on, its player passing "
                 "instead of surrendering and every player continuing with the same agents, would have "
                 "a different winner or token holder",
    "bishop": "a Bishop decided the battle if replaying the battle's plays without that Bishop (later "
              "plays that become impossible are left out) gives a different winner or token holder",
    "courtesan": "a Courtesan decided the battle if replaying the battle's plays without that Courtesan "
                 "gives a different winner or token holder",
}
DECIDING_CARDS = tuple(DECIDES)


@dataclass
class BalanceRow:
    """Many games of one ruleset at one player count."""

    ruleset: str
    players: int
    agent: str
    games: int = 0
    errors: int = 0
    wins_by_seat: list = field(default_factory=list)     # shared victories split evenly
    battles: int = 0
    rounds: int = 0
    reasons: dict = field(default_factory=dict)
    played: dict = field(default_factory=lambda: {k: 0 for k in DECIDING_CARDS})   # battles with the card
    decided: dict = field(default_factory=lambda: {k: 0 for k in DECIDING_CARDS})
    error_examples: list = field(default_factory=list)

    @property
    def first_seat(self) -> float:
        """The first seat's share of the wins (it places the first token and leads)."""
        return self.wins_by_seat[0] / self.games if self.games else 0.0

    @property
    def first_seat_interval(self) -> tuple[float, float]:
        return wilson(self.wins_by_seat[0], self.games)

    @property
    def mean_battles(self) -> float:
        return self.battles / self.games if self.games else 0.0

    @property
    def mean_rounds(self) -> float:
        return self.rounds / self.games if self.games else 0.0

    def decided_rate(self, card: str) -> float:
        """Share of all battles that ``card`` decided."""
        return self.decided[card] / self.battles if self.battles else 0.0

    def as_dict(self) -> dict:
        lo, hi = self.first_seat_interval
        d = {"ruleset": self.ruleset, "players": self.players, "games": self.games,
             "first_seat": round(self.first_seat, 3), "first_seat_ci": (round(lo, 3), round(hi, 3)),
             "fair_share": round(1 / self.players, 3), "battles_per_game": round(self.mean_battles, 2),
             "rounds_per_game": round(self.mean_rounds, 2),
             "reasons": {k: round(v / self.games, 3) for k, v in sorted(self.reasons.items())} if self.games else {}}
        for c in DECIDING_CARDS:
            d[f"{c}_decides"] = round(self.decided_rate(c), 4)
        if self.errors:
            d["errors"] = self.errors
        return d


@dataclass
class BalanceReport:
    """What :func:`variant_balance` found: one :class:`BalanceRow` per ruleset and player count."""

    rows: list
    agent: str
    seed: object
    seconds: float = 0.0
    partial: bool = False
    skipped: list = field(default_factory=list)     # (ruleset, players, why)

    def row(self, ruleset: str, players: int) -> BalanceRow:
        for r in self.rows:
            if r.ruleset == ruleset and r.players == players:
                return r
        raise KeyError(f"no row for {ruleset!r} with {players} players")

    def table(self) -> list[dict]:
        return [r.as_dict() for r in self.rows]

    def summary(self) -> str:
        head = (f"{sum(r.games for r in self.rows)} games with {self.agent} agents"
                + (" (PARTIAL: interrupted)" if self.partial else ""))
        lines = [head, f"{'ruleset':<18}{'pl':>3}{'games':>6}{'seat 1':>8}{'fair':>6}{'battles':>8}{'rounds':>7}"
                       f"{'surr.':>7}{'bish.':>7}{'court.':>7}  endings"]
        for r in self.rows:
            ends = ", ".join(f"{k} {v}" for k, v in sorted(r.reasons.items(), key=lambda kv: -kv[1]))
            lines.append(f"{r.ruleset:<18}{r.players:>3}{r.games:>6}{r.first_seat:>8.2f}{1 / r.players:>6.2f}"
                         f"{r.mean_battles:>8.1f}{r.mean_rounds:>7.2f}"
                         + "".join(f"{100 * r.decided_rate(c):>6.1f}%" for c in DECIDING_CARDS)
                         + f"  {ends}" + (f"  [{r.errors} errors]" if r.errors else ""))
        for rs, n, why in self.skipped:
            lines.append(f"skipped {rs}" + (f" with {n} players" if n else "") + f": {why}")
        lines.append("'decides' = share of all battles whose winner or token holder would differ "
                     "without the card (see explore.DECIDES)")
        return "\n".join(lines)

    def __repr__(self) -> str:
        part = " PARTIAL" if self.partial else ""
        return f"<BalanceReport{part} {len(self.rows)} rows, {sum(r.games for r in self.rows)} games>"


def _replay_without(battle: Battle, skip: int):
    """(winner, token holder) of ``battle`` replayed in a sandbox without its move ``skip``."""
    b = Battle(battle.players, battle.ruleset, token_holder=battle.token_holder, leader=battle.leader,
               defender=battle.defender, explain=False)
    for i, m in enumerate(battle.moves):
        if i == skip:
            continue
        try:
            # the same replay as Battle.undo, so ability moves (Venezia's Bribe, Firenze's
            # Ball) are replayed as abilities, not read as card names
            b.apply_move(m)
        except IllegalMove:
            continue
    r = b.resolve()
    return r.winner, r.token_holder


@expects(battle=Battle, kind=str)
def card_decides(battle: Battle, kind: str) -> bool:
    """Does a played ``kind`` (Bishop, Courtesan, ...) decide this resolved battle?
    (Replay without it: see :data:`DECIDES`.)"""
    res = battle.resolution
    if res is None:
        raise RulesError.say("card_decides needs a resolved battle")
    actual = (res.winner, res.token_holder)
    for i, m in enumerate(battle.moves):
        if m.kind == kind and _replay_without(battle, i) != actual:
            return True
    return False


def _finish_battle(game, agents: dict) -> tuple:
    """Play ``game`` on until its current battle is resolved; (winner, token holder)."""
    start = game.battles
    while game.battles == start and not game.is_over:
        game.apply(agents[game.to_move].choose(game))
    r = game.resolution
    return (r.winner, r.token_holder) if r is not None else (None, None)


def _balance_game(ruleset, n: int, agent, seed: int, max_actions: int = 5_000) -> dict:
    """One game's figures: battles, rounds, how it ended, each winner's seat, and the battles
    with each deciding card (played, decided)."""
    from ..agents import make_agent
    from ..game import Game, Pass, Play as GPlay
    g = Game(n, ruleset, seed, explain=False)
    agents = {p: make_agent(agent, seed=(seed * 31 + i) % 2 ** 32) for i, p in enumerate(g.players)}
    played = {k: 0 for k in DECIDING_CARDS}
    decided = {k: 0 for k in DECIDING_CARDS}
    surrender_cf = None
    steps = battles = 0
    while not g.is_over:
        steps += 1
        if steps > max_actions:
            raise RulesError.say("the game did not end within {n} actions (the agents stalled)", n=max_actions)
        p = g.to_move
        a = agents[p].choose(g)
        battle = g.battle
        before = g.battles
        if (g.phase == "battle" and isinstance(a, GPlay) and kind_of(a.card) == "surrender"
                and (not a.face_down or g.ruleset.face_down_specials == "on_play")):
            # DECIDES["surrender"]: the same battle played on with a pass instead
            cf = g.clone()
            cf.apply(Pass())
            fresh = {q: make_agent(agent, seed=(seed * 37 + i) % 2 ** 32) for i, q in enumerate(g.players)}
            surrender_cf = _finish_battle(cf, fresh)
        g.apply(a)
        if g.battles > before and battle is not None and battle.resolution is not None:
            res = battle.resolution
            battles += 1
            kinds = {m.kind for m in battle.moves if m.kind}
            for c in ("bishop", "courtesan"):
                if c in kinds:
                    played[c] += 1
                    if card_decides(battle, c):
                        decided[c] += 1
            if res.surrendered_by is not None:
                played["surrender"] += 1
                if surrender_cf is not None and surrender_cf != (res.winner, res.token_holder):
                    decided["surrender"] += 1
            surrender_cf = None
    return {"battles": battles, "played": played, "decided": decided, "rounds": g.round, "reason": g.reason,
            "winners": [g.players.index(w) for w in g.winners]}


def balance_games(jobs: list) -> list:
    """The figures of each game of ``jobs`` ((ruleset as :func:`portable_ruleset` gives it,
    players, agent, seed) each), or
    ("error", why) for a game that could not be played: what a worker of
    :func:`variant_balance` runs."""
    from ..agents.workers import ruleset_of
    out = []
    for rs, n, agent, seed in jobs:
        try:
            out.append(_balance_game(ruleset_of(rs), n, agent, seed))
        except (RulesError, ValueError, KeyError, IndexError, AttributeError) as e:
            out.append(("error", f"seed {seed}: {type(e).__name__}: {e}"))
    return out


def _add_game(row: BalanceRow, figures) -> None:
    """One game's figures into its row (an error is counted, with its first examples)."""
    if isinstance(figures, tuple):
        row.errors += 1
        if len(row.error_examples) < 3:
            row.error_examples.append(figures[1])
        return
    row.games += 1
    row.battles += figures["battles"]
    for c in DECIDING_CARDS:
        row.played[c] += figures["played"][c]
        row.decided[c] += figures["decided"][c]
    for seat in figures["winners"]:
        row.wins_by_seat[seat] += 1 / len(figures["winners"])
    row.rounds += figures["rounds"]
    row.reasons[figures["reason"]] = row.reasons.get(figures["reason"], 0) + 1


def player_counts(ruleset) -> tuple[int, ...]:
    """The numbers of players a ruleset's game allows (the city-states need three or more).

    >>> player_counts("standard"), player_counts("city-states")
    ((2, 3, 4, 5, 6), (3, 4, 5, 6))
    """
    rs = get_ruleset(ruleset)
    return tuple(n for n in range(2, 7) if game_refusal(rs, n) is None)


def variant_balance(rulesets=None, players=(3, 4), games: int = 20, *, agent="heuristic", seed=0,
                    progress=None, workers=None, executor=None) -> BalanceReport:
    """Play ``games`` seeded games per ruleset and player count with ``agent`` in every seat.

    ``rulesets``: names or Rulesets (default: every named ruleset, read from RULESETS);
    ``players``: a player count or several, or {ruleset name: counts} for counts of its own
    to each (:func:`player_counts` says which a ruleset allows); a ruleset that does not
    allow a player count is skipped and listed in ``skipped``.
    Reports first-seat advantage, game length, how games end and how often Surrender,
    Bishop and Courtesan decide a battle (:data:`DECIDES` says exactly what that means).

    ``workers``: processes of this machine to play on (0: one per core); ``executor``: any
    concurrent.futures.Executor instead, e.g. a Dask cluster's (``Client(...).get_executor()``).
    Every game's seed comes from ``seed`` and its place in the study, and the games are added up
    in that order, so the report is the same for any number of workers (give ``agent`` as a
    name or an Agent class: an agent object would carry its state from game to game).
    """
    from ..agents import make_agent
    from ..agents.workers import MAX_GAMES, check_workers, portable_ruleset, run_jobs
    names = ruleset_list(rulesets)
    if isinstance(players, Mapping):
        players = {name: check_player_counts(counts) for name, counts in players.items()}
    else:
        players = check_player_counts(players)
    check_count("games", games, 1, MAX_GAMES)
    check_workers(workers, executor)
    make_agent(agent)               # an unknown agent is refused now, not counted as an error in every game
    agent_name = agent if isinstance(agent, str) else getattr(agent, "__name__", type(agent).__name__)
    rows, skipped, plan = [], [], []
    for name in names:
        rs = get_ruleset(name)
        counts = players.get(rs.name, players.get(name, ())) if isinstance(players, Mapping) else players
        if not counts:
            skipped.append((rs.name, 0, "no player count given for it"))
        for n in (counts,) if isinstance(counts, int) else counts:
            why = game_refusal(rs, n)
            if why is not None:
                skipped.append((rs.name, n, why))
                continue
            row = BalanceRow(rs.name, n, agent_name, wins_by_seat=[0.0] * n)
            rows.append(row)
            plan.append((rs, n, row))
    report = BalanceReport(rows, agent_name, seed, skipped=skipped)
    base = seed_int(seed)
    # game k of every row before game k+1 of any: an interrupt leaves comparable rows; the jobs
    # are made as they are handed out, so a long study holds only the games in flight
    portable = [portable_ruleset(rs) for rs, n, row in plan]
    jobs = ((portable[j], n, agent, (base * 100_003 + k * 1_009 + j) % 2 ** 32)
            for k in range(games) for j, (rs, n, row) in enumerate(plan))
    total = games * len(plan)
    prog = as_progress(progress)
    prog.start(total, "games")
    t0 = time.perf_counter()
    results = run_jobs(balance_games, jobs, workers=workers, executor=executor, total=total, done=prog.update)
    try:
        for i, figures in results:
            _add_game(plan[i % len(plan)][2], figures)
    except KeyboardInterrupt:
        report.partial = True
    finally:
        results.close()
    prog.finish(report.partial)
    report.seconds = time.perf_counter() - t0
    return report
