"""Battle odds: the chance of winning the battle after each legal action.

:func:`battle_odds` weighs, for the player to move, every legal action by playing the rest
of the battle out with an agent (the heuristic one by default) over the opponents' possible
hands: all of them with their exact probabilities (:func:`exact_hands`) when they are few,
else a seeded Monte Carlo sample with 95% intervals (Wilson's, :func:`wilson`, and from a
few hundred hands on, intervals that take the luck of the deal out, :func:`controlled`), drawn with
numpy's generator (imported only then): a fixed number of hands, or, given a ``precision``,
as many as each action needs (it stops when it knows).  The hands are played out by
:mod:`~condottiere_nb.explore.rollouts`, in this process or on workers; the intervals are
worked out by :mod:`~condottiere_nb.explore.intervals` (and named here too).
:func:`game_odds` does the same for the player to move in a Game.
"""
from __future__ import annotations

import math
import time
from collections.abc import Mapping

from ..arguments import check_count, check_seed
from ..battle import Battle
from ..cards import Card
from ..notation import parse_kind
from ..errors import Listed, RulesError
from ..options import shown_value
from ..rulesets import get_ruleset
from .answers import ActionOdds, BattleOdds, action_label
from .hands import card_list, card_pool, count_hands, deck_kinds, exact_hands
from .intervals import CONTROLLED_FROM, controlled, paired_gap, wilson
from .progress import as_progress, seed_int
from .rollouts import Problem, odds_worlds, setup, world_generator

__all__ = ["CONTROLLED_FROM", "FIRST_ROUND", "ActionOdds", "BattleOdds", "OddsUnavailable", "action_label",
           "battle_odds", "odds_rounds", "controlled", "exact_hands", "game_odds", "has_odds", "paired_gap", "wilson"]


class OddsUnavailable(RulesError, NotImplementedError):
    """Odds :func:`battle_odds` cannot work out under a ruleset (see :func:`has_odds`)."""


def has_odds(ruleset) -> bool:
    """Can :func:`battle_odds` weigh a battle under ``ruleset`` (a name or a Ruleset)?  Not under
    city-states, whose battles depend on what a Battle does not record."""
    return not get_ruleset(ruleset).city_states


#: at most this many hands an action, this many rounds, this many seconds: a typing slip such as
#: ``samples=10**9`` is refused instead of running for days on a shared server
MOST_SAMPLES = 1_000_000
MOST_ROUNDS = 10_000
MOST_SECONDS = 86_400


def battle_odds(battle, hand=None, ruleset=None, *, others=None, pool=None, samples: int | None = None,
                precision: float | None = None, rounds: int | None = None, seconds: float | None = None,
                on_round=None, seed=0, exact_limit: int = 200, region: str | None = None, control=None,
                agent="heuristic", progress=None, workers=None, executor=None) -> BattleOdds:
    """The chance that the player to move wins this battle, for each legal action.

    ``battle``: a Battle (or its notation) in progress, played in turn order; ``hand``: the
    cards of the player to move (default: the battle's own hands, if it has them).  The
    other players' hands are unknown: each active opponent holds ``others`` cards (a number,
    or {player: number} naming opponents; default: as many as the player to move, or the
    battle's hands), plus any Mercenary a Scarecrow took back (everyone saw it), drawn from ``pool`` (default:
    every card of the deck that is not in play, discarded or in the mover's hand).  Players
    who have passed cannot play, so their hands do not matter.

    After the action every player, the mover too, plays on with ``agent`` (the heuristic
    agent by default, as in a Game for ``region`` with the map ``control``).  When the
    opponents' possible hands number at most ``exact_limit`` they are all enumerated with
    their exact probabilities (method "exact").  Otherwise hands are drawn at random (method
    "monte carlo", with 95% intervals; numpy draws them, so that a seed gives the same
    figures everywhere: ImportError without it), the same hands for every action, so the
    actions are compared on equal terms, in rounds (see :func:`odds_rounds`, which hands over
    the answer after every round):

    * ``samples`` hands for every action (default 200), or
    * with ``precision`` (e.g. 0.02: plus or minus 2 points), as many as it takes: after each
      round of hands, an action stops when its interval is within plus or minus ``precision``
      ("precise") or when, compared hand by hand with the best action, it does worse (a 99%
      interval of the difference below 0, :func:`paired_gap`: "below the best") and its interval
      is within the first answer's plus or minus 10 points (:data:`FIRST_ANSWER`), and the next
      round is as large as the least settled action still needs; ``samples`` is then a cap
      (default 20,000 hands an action);
    * and in either case, at most ``rounds`` rounds or, after the round that passes it, ``seconds``
      seconds (then ``samples`` is a cap of 20,000 by default as well); ``on_round(odds)`` is called
      with the answer so far after every round, and stops the rounds by returning True.

    The intervals are 95% Wilson intervals at each action's own number of hands, until it has
    :data:`CONTROLLED_FROM` of them (and ten a kind of card, ten wins and ten losses); from
    then on they weigh the cards each hand was dealt, whose average is known exactly
    (:func:`controlled`), which narrows them by as much as the deal explains the results.
    Looking after every round makes them a little optimistic; the rounds double at most, so
    there are few looks.

    Face-down cards already in the lines are taken as they are.  ``workers`` (processes of this
    machine; 0: one per core) or ``executor`` (any concurrent.futures.Executor, e.g. a Dask
    cluster's) play the hands out in parallel: hand ``k`` is drawn from ``seed`` and ``k``, its
    players seeded from those and their seat, and the rounds are decided on the hands in order,
    so the figures are the same for any number of workers.  The workers' processes are kept for the
    next call that asks for as many (:func:`~condottiere_nb.agents.workers.kept_pool`; closed by
    :func:`~condottiere_nb.agents.workers.close_kept_pool`).
    """
    watched = odds_rounds(battle, hand, ruleset, others=others, pool=pool, samples=samples, precision=precision,
                          rounds=rounds, seconds=seconds, seed=seed, exact_limit=exact_limit, region=region,
                          control=control, agent=agent, progress=progress, workers=workers, executor=executor)
    if on_round is not None and not callable(on_round):
        raise RulesError.say("on_round must be a function called with the odds after each round, not {value}",
                             value=shown_value(on_round))
    odds = None
    for odds in watched:
        if on_round is not None and on_round(odds) is True and not odds.stopped:
            watched.close()
            odds.stopped = "stopped"
    return odds


def odds_rounds(battle, hand=None, ruleset=None, *, others=None, pool=None, samples: int | None = None,
                precision: float | None = None, rounds: int | None = None, seconds: float | None = None, seed=0,
                exact_limit: int = 200, region: str | None = None, control=None, agent="heuristic", progress=None,
                workers=None, executor=None):
    """The odds of :func:`battle_odds` (the same arguments), round by round: an iterator of
    :class:`BattleOdds`, one after every round of hands, each sharper than the last; the last is
    what :func:`battle_odds` returns, to the last digit, for any number of workers (the rounds
    are decided on the hands in order, never on the clock, except for a stop by ``seconds``).
    The arguments are checked at once (a RulesError before any hand is played).

    Monte Carlo rounds: a first round of :data:`FIRST_ROUND` hands for every action (a first answer),
    then rounds that at most double an action's hands: to ``samples`` for
    every action, or, with a ``precision``, as many as each action still needs.  Each answer says
    ``round`` (how many so far), ``stopped`` ("" while more rounds are to come; else "precision":
    every action is settled, "samples": every action has its samples, "rounds", "seconds",
    "stopped": the user stopped it, "exact" or "interrupted") and the best action so far
    (:attr:`BattleOdds.best`), which is *settled* (``best_settled``) once, compared hand by hand with
    every other action, it does better: each 99% interval of the difference (:func:`paired_gap`)
    lies above 0.  Stop when you like: stop iterating, or ``.close()`` it (the workers' pool
    closes too).

    >>> answers = list(odds_rounds("[Ana Ben] Ana 10, Ben 6", "5 winter", others=3, samples=200, seed=1))
    >>> [(odds.round, odds.samples, odds.stopped) for odds in answers]
    [(1, 15, ''), (2, 30, ''), (3, 60, ''), (4, 120, ''), (5, 200, 'samples')]
    >>> answers[-1].actions == battle_odds("[Ana Ben] Ana 10, Ben 6", "5 winter", others=3, samples=200, seed=1).actions
    True

    The same with :func:`battle_odds` and a function told every round, which stops at the first
    answer whose intervals are all within 10 points:

    >>> seen = []
    >>> def first_answer(odds):
    ...     seen.append(round(100 * odds.widest, 1))
    ...     return odds.widest <= 0.10
    >>> odds = battle_odds("[Ana Ben] Ana 10, Ben 6", "5 winter", others=3, samples=800, seed=1, on_round=first_answer)
    >>> odds.stopped, odds.round == len(seen), seen[-1] <= 10 < seen[0]
    ('stopped', True, True)
    """
    run = _prepared(battle, hand, ruleset, others, pool, samples, precision, rounds, seconds, seed, exact_limit,
                    region, control, agent, progress, workers, executor)
    return run.rounds()


#: hands for every action in the first round of Monte Carlo odds: a first answer in a fraction of
#: a second, and often the best action settled; the rounds after it bring every action within plus
#: or minus 10 points (:data:`FIRST_ANSWER`) first, then to the precision asked.  Of 10, 15, 20 and
#: 25 hands, 15 settled issue 34's decision soonest (120 battles, seeds 1 to 3; 10 hands took longer to tell
#: apart at 99%, :func:`settle_z`), and reached 10 points and 2 points after as few battles as any
FIRST_ROUND = 15

#: the "plus or minus" of a first answer: every action is played until its interval is this
#: narrow, even one already known to be below the best
FIRST_ANSWER = 0.10


def settle_z(hands: int, z: float = 2.576) -> float:
    """The quantile of Student's t law with ``hands - 1`` degrees of freedom that matches the normal
    law's ``z`` (99% two-sided by default): what :func:`paired_gap` is given, so that its interval
    from a first round of a few dozen hands is as wide as their spread warrants (the normal law's
    2.576 is 15% too narrow at 15 hands).  The Cornish-Fisher expansion in one over the degrees of
    freedom (Abramowitz and Stegun 26.7.5), within 0.03 of the table from 6 hands on, 0.01 from 10.

    >>> round(settle_z(15), 2), round(settle_z(30), 2), round(settle_z(10 ** 6), 3)
    (2.98, 2.76, 2.576)
    """
    v = max(hands - 1, 1)
    z3, z5, z7 = z ** 3, z ** 5, z ** 7
    return (z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v ** 2)
            + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v ** 3))


def wilson_hands(rate: float, half: float, low: int, high: int) -> int:
    """The fewest hands from ``low + 1`` to ``high`` at which an action winning at ``rate`` has a
    95% Wilson interval (:func:`wilson`) at most ``half`` either side (``high`` if none): what the
    rounds before a first answer give an action, so that it comes within :data:`FIRST_ANSWER` in
    as few hands as its rate so far allows (the interval is narrowest at the rates near 0 and 1:
    an action that almost always loses needs about 16 hands, a coin flip about 96).

    >>> wilson_hands(0.0, 0.10, 15, 45), wilson_hands(0.5, 0.10, 15, 500)
    (16, 93)
    """
    for m in range(low + 1, high):
        lo, hi = wilson(rate * m, m)
        if hi - lo <= 2 * half:
            return m
    return high


def _gap(won: list, best: list) -> tuple:
    """:func:`paired_gap` of an action's results against the best's, at :func:`settle_z` for the hands both had."""
    return paired_gap(won, best, settle_z(min(len(won), len(best))))


def _checked_number(name: str, value, most: float) -> float:
    """``value`` if it is a number above 0 and at most ``most`` (finite), else a RulesError."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= most:
        raise RulesError.say("{name} must be a number above 0 and at most {most}, not {value}", name=name,
                             most=most, value=shown_value(value))
    return float(value)


def _prepared(battle, hand, ruleset, others, pool, samples, precision, rounds, seconds, seed, exact_limit, region,
              control, agent, progress, workers, executor) -> "_Run":
    """Every argument of :func:`odds_rounds` checked, the problem set up: a :class:`_Run` ready to play."""
    from ..agents.workers import check_workers, portable_ruleset
    if isinstance(battle, str):
        battle = Battle.from_notation(battle, ruleset)
    elif not isinstance(battle, Battle):
        raise RulesError.say("battle must be a Battle or its notation, not {value}", value=shown_value(battle))
    if ruleset is not None and get_ruleset(ruleset) != battle.ruleset:
        battle = Battle.from_notation(battle.notation(), get_ruleset(ruleset))
    if not has_odds(battle.ruleset):
        raise OddsUnavailable.say(
            "battle odds under the {ruleset} ruleset cannot be worked out: a battle's odds there depend on which "
            "city-state each player owns and which abilities are still unused this round, and a Battle does not "
            "record either; odds are available for every other named ruleset (city-states-final included)",
            ruleset=battle.ruleset.name)
    me = battle.to_move
    if me is None:
        raise RulesError.say("the battle is over: there is no action left to weigh; odds are for a battle in which "
                             "a player is still to move")
    if precision is not None and (isinstance(precision, bool) or not isinstance(precision, (int, float))
                                  or not 0 < precision < 0.5):
        raise RulesError.say("precision must be a number between 0 and 0.5 (0.02: plus or minus 2 points), not "
                             "{value}", value=shown_value(precision))
    if rounds is not None:
        check_count("rounds", rounds, high=MOST_ROUNDS)
    if seconds is not None:
        _checked_number("seconds", seconds, MOST_SECONDS)
    if samples is None:
        samples = 200 if precision is None and rounds is None and seconds is None else 20_000
    check_count("samples", samples, high=MOST_SAMPLES)
    check_count("exact_limit", exact_limit, low=0)
    check_seed(seed)
    check_workers(workers, executor)
    hand, pool = card_list("hand", hand), card_list("pool", pool)
    if control is not None and not isinstance(control, Mapping):
        raise RulesError.say("control must map regions to players, e.g. {example}, not {value}",
                             example="{'Parma': 'Ana'}", value=shown_value(control))
    deck = battle.deck
    busy = {c.id for c in battle.in_play()} | {c.id for c in battle.discarded}
    busy |= {c.id for cs in battle.returned.values() for c in cs}
    if hand is None:
        if battle.hands is None:
            raise RulesError.say("give the hand of {player}, the player to move, e.g. {example}", player=me,
                                 example="hand=['10', 'winter']")
        my_cards = list(battle.hands[me])
    else:
        mine_back = list(battle.returned[me])
        my_cards = []
        rest = []
        for item in hand:
            k = item.kind if isinstance(item, Card) else parse_kind(item, battle.ruleset.kinds) \
                if not (isinstance(item, str) and "#" in item) else None
            back = next((c for c in mine_back if k is not None and c.kind == k), None)
            if back is not None:
                mine_back.remove(back)
                my_cards.append(back)
            else:
                rest.append(item)
        my_cards += card_pool(deck, busy, rest)
    if not my_cards:
        raise RulesError.say("{player}'s hand is empty, so {player} can only pass and there is no action to "
                             "weigh: give the cards in {player}'s hand", player=me)
    busy |= {c.id for c in my_cards}
    opponents = [p for p in battle.players if p != me]
    active = [p for p in opponents if p not in battle.passed]
    if isinstance(others, dict) and any(p not in opponents for p in others):
        strangers = [p for p in others if p not in opponents]
        raise RulesError.say_n("others names {names}, who is not one of {player}'s opponents at this table: {players}",
                               "others names {names}, who are not {player}'s opponents at this table: {players}",
                               len(strangers), names=Listed(shown_value(p) for p in strangers[:5]), player=me,
                               players=Listed(opponents))
    for p, n in (others.items() if isinstance(others, dict) else ()):
        check_count(f"others[{p!r}]", n, low=0)
    sizes = {}
    for p in active:
        if others is None:
            n = len(battle.hands[p]) if battle.hands is not None else len(my_cards)
        elif isinstance(others, int) and not isinstance(others, bool):
            n = check_count("others", others, low=0)
        elif isinstance(others, dict):
            n = others.get(p, len(my_cards))
        else:
            raise RulesError.say("others must be a number of cards or {form}, not {value}", form="{player: number}",
                                 value=shown_value(others))
        known = battle.returned[p]
        sizes[p] = max(0, n - len(known))
    if pool is None:
        pool_cards = [c for c in deck if c.id not in busy]
    else:
        pool_cards = card_pool(deck, set(busy), pool)
    need = sum(sizes.values())
    if need > len(pool_cards):
        raise RulesError.say("the opponents' hands need {need} unknown cards but the pool holds {count}", need=need,
                             count=len(pool_cards))
    known_hands = {p: list(battle.returned[p]) for p in opponents}
    known_hands[me] = my_cards
    problem = Problem(battle.players, battle.leader, portable_ruleset(battle.ruleset), tuple(battle.moves), me,
                      region if region is not None else battle.region, tuple(sorted(dict(control or {}).items())),
                      tuple((p, tuple(c.id for c in cs)) for p, cs in known_hands.items()),
                      tuple(c.id for c in pool_cards), tuple((p, sizes[p]) for p in active), agent, seed_int(seed))
    actions = setup(problem).actions
    labels = [action_label(a) for a in actions]

    # The opponents' possible hands: kinds with their counts in the pool.
    kinds = deck_kinds(pool_cards)
    by_kind = {k: [c for c in pool_cards if c.kind == k] for k in kinds}
    combos = 1
    for p in active:
        combos *= count_hands([len(by_kind[k]) for k in kinds], sizes[p])
        if combos > exact_limit:
            break
    exact = combos <= exact_limit
    if not exact:
        world_generator((0, 0))           # numpy is needed: say so before anything runs
    worlds = list(exact_hands(active, sizes, kinds, by_kind)) if exact else None
    mean = None if exact else setup(problem)
    about = BattleOdds(me, battle.notation(), tuple(c.name for c in my_cards), [], "exact" if exact else "monte carlo",
                       0, seed, precision=None if exact else precision, kinds=tuple(c.kind for c in my_cards))
    return _Run(problem, actions, labels, about, worlds, mean, samples, precision, rounds, seconds, progress, workers,
                executor)


def _dropping_a_broken(results, pool):
    """``results`` of a run on the kept ``pool``; should a worker die (BrokenProcessPool), the pool is
    dropped, so that the next call starts another."""
    from concurrent.futures.process import BrokenProcessPool
    from ..agents.workers import drop_kept_pool
    try:
        yield from results
    except BrokenProcessPool:
        drop_kept_pool(pool)
        raise
    finally:
        results.close()


class _Run:
    """The worlds of one call of :func:`odds_rounds` played out, round by round, and what they
    found: wins and hands per action, and why each action's sampling stopped."""

    def __init__(self, problem: Problem, actions: list, labels: list, about: BattleOdds, worlds, mean, cap: int,
                 precision, most_rounds, seconds, progress, workers, executor):
        self.problem = problem
        self.actions, self.labels, self.about = actions, labels, about
        self.worlds = worlds    # (weight, hands) of every world, for exact odds; None for Monte Carlo
        # Monte Carlo: the Setup, which tells what a hand's deal is weighed by and its average
        self.weigh = mean
        self.mean = None if mean is None else mean.means             # each opponent's kinds
        self.pooled_mean = None if mean is None else mean.pooled_means     # all the opponents' together
        self.pooled = []        # each hand's cards dealt to all the opponents (Setup.pooled), in order
        #: the hands from which an action's interval can weigh the deal (see estimate)
        self.weighed_from = 0 if mean is None else max(CONTROLLED_FROM, 10 * len(self.pooled_mean))
        self.cap, self.precision, self.most_rounds, self.seconds = cap, precision, most_rounds, seconds
        count = len(actions)
        self.wins = [0.0] * count
        self.n = [0] * count
        self.settled = [""] * count
        self.won = [[] for _ in range(count)]     # each action's results, hand by hand
        self.dealt = []         # each hand's cards dealt (Setup.dealt), in order
        self.behind = [None] * count
        self.drawn = 0          # worlds played out so far
        self.played = 0         # rounds played
        self.partial = False
        self.prog = as_progress(progress)
        self.workers, self.executor = workers, executor
        self.pool = None
        self.t0 = time.perf_counter()

    def rounds(self):
        """The answer after every round (see :func:`odds_rounds`)."""
        from ..agents.workers import kept_pool
        if self.executor is None:
            self.pool = kept_pool(self.workers)     # one pool for all the rounds, and kept for the next call
        try:
            if self.worlds is not None:
                yield self.exact()
                return
            self.prog.start(self.cap, "odds (monte carlo)")
            more = dict.fromkeys(range(len(self.actions)), min(FIRST_ROUND, self.cap))
            while True:
                try:
                    self.round({i: m for i, m in more.items() if m})
                except KeyboardInterrupt:
                    self.partial = True
                    yield self.answer([self.estimate(i) for i in range(len(self.actions))], "interrupted")
                    return
                self.played += 1
                found = [self.estimate(i) for i in range(len(self.actions))]
                more = self.plan(more, found)
                if not more:
                    stop = "samples" if self.precision is None else "precision"
                    self.prog.update(self.cap)
                elif self.most_rounds is not None and self.played >= self.most_rounds:
                    stop = "rounds"
                elif self.seconds is not None and time.perf_counter() - self.t0 >= self.seconds:
                    stop = "seconds"
                else:
                    stop = ""
                yield self.answer(found, stop)
                if stop:
                    return
        finally:
            self.prog.finish(self.partial)

    def exact(self) -> BattleOdds:
        """Every world once, weighted by its probability: one round."""
        self.prog.start(len(self.worlds), "odds (exact)")
        listed = [tuple((p, tuple(c.id for c in hands[p])) for p, _ in self.problem.sizes)
                  for _, hands in self.worlds]
        try:
            self.round(dict.fromkeys(range(len(self.actions)), len(self.worlds)), listed,
                       [w for w, _ in self.worlds])
        except KeyboardInterrupt:
            self.partial = True
        self.played = 1
        if self.partial:         # the exact sum is incomplete: shown as a sample
            odds = self.answer([self.estimate(i) for i in range(len(self.actions))], "interrupted")
            odds.method, odds.note = "monte carlo", "Interrupted: the exact sum is incomplete, shown as a sample."
            return odds
        out = [ActionOdds(a, label, w, n, w, w, w, True, interval="exact")
               for a, label, w, n in zip(self.actions, self.labels, self.wins, self.n)]
        top = sorted((a.p for a in out), reverse=True)
        return self.odds(out, "exact", len(top) < 2 or top[0] > top[1])

    def answer(self, found: list, stop: str) -> BattleOdds:
        """The Monte Carlo answer so far, from each action's ``found`` (p, low, high, interval)."""
        out = [ActionOdds(a, label, self.wins[i], self.n[i], *found[i][:3], False, self.settled[i], found[i][3],
                          self.behind[i]) for i, (a, label) in enumerate(zip(self.actions, self.labels))]
        best = max(range(len(out)), key=lambda i: out[i].p)
        told = all(i == best or _gap(self.won[i], self.won[best])[1] < 0 for i in range(len(out)))
        return self.odds(out, stop, told)

    def odds(self, out: list, stop: str, told: bool) -> BattleOdds:
        from dataclasses import replace
        return replace(self.about, actions=out, samples=max(self.n, default=0), seconds=time.perf_counter() - self.t0,
                       partial=self.partial, rollouts=sum(self.n), round=self.played, stopped=stop,
                       best_settled=told and not self.partial)

    def round(self, more: dict, listed=None, weights=None) -> None:
        """Play ``more[i]`` more hands out for each action ``i``: its next ones, so that every
        action is always played on hands 0, 1, 2 ... in order, the same hands as the others
        (their cards ``listed``, with exact ``weights``, or drawn from hand's number).  A hand
        another action was already played on is dealt again the same."""
        from ..agents.workers import run_jobs
        start = min(self.n[i] for i in more)
        end = max(self.n[i] + m for i, m in more.items())
        jobs = []
        for k in range(start, end):
            weigh = tuple(i for i, m in more.items() if self.n[i] <= k < self.n[i] + m)
            jobs.append((self.problem, k, weigh, None if listed is None else listed[k]))
        if self.pool is not None:
            results = run_jobs(odds_worlds, jobs, executor=self.pool, chunk=max(1, min(4, len(jobs) // 24)),
                               window=6, done=lambda d: self.prog.update(max(self.drawn, start + d)))
            results = _dropping_a_broken(results, self.pool)
        else:
            results = run_jobs(odds_worlds, jobs, workers=self.workers, executor=self.executor,
                               done=lambda d: self.prog.update(max(self.drawn, start + d)))
        try:
            for j, (won, dealt) in results:
                k = start + j
                weight = 1 if weights is None else weights[k]
                for i, w in zip(jobs[j][2], won):
                    self.n[i] += 1
                    self.won[i].append(w)
                    if w:
                        self.wins[i] += weight
                if k == len(self.dealt):
                    self.dealt.append(dealt)
                    if self.weigh is not None:
                        self.pooled.append(self.weigh.pooled(dealt))
                self.drawn = len(self.dealt)
        finally:
            results.close()

    def estimate(self, i: int) -> tuple:
        """(p, low, high, interval) of action ``i`` from its hands so far (Monte Carlo): the
        interval weighs the cards dealt (:func:`controlled`) from :data:`CONTROLLED_FROM` hands
        and ten a kind, when the action has ten wins and ten losses; Wilson's before.  The kinds
        each opponent holds are weighed from ten hands a kind and opponent (who holds a card
        matters), the kinds of all their hands together before (fewer figures to fit)."""
        w, n = self.wins[i], self.n[i]
        if self.mean is not None and min(w, n - w) >= 10:
            # action i was played on hands 0 .. n-1: it is weighed from the first, until settled
            for dealt, mean in ((self.dealt, self.mean), (self.pooled, self.pooled_mean)):
                if n >= max(CONTROLLED_FROM, 10 * len(mean)):
                    found = controlled(self.won[i], dealt[:n], mean)
                    if found is not None:
                        return (*found, "controlled")
        lo, hi = wilson(w, n)
        return (w / n if n else 0.0), lo, hi, "wilson"

    def plan(self, more: dict, found: list) -> dict:
        """The next round: the hands each action still unsettled gets (none: the rounds are over).
        Without a precision every action's hands double, up to the cap; with one, see :func:`battle_odds`."""
        actions = range(len(self.n))
        cap, precision = self.cap, self.precision
        if precision is None:
            return {i: min(self.n[i], cap - self.n[i]) for i in actions if self.n[i] < cap}
        best = max(actions, key=lambda i: found[i][0])
        more = dict(more)
        # No first answer yet (an interval wider than FIRST_ANSWER): the next round brings each
        # action just to it, so that it comes soon; the precision is for the rounds after it.
        # (an action at the cap gets no more hands, so it cannot hold the first answer back)
        aim = FIRST_ANSWER if any((found[i][2] - found[i][1]) / 2 > FIRST_ANSWER and self.n[i] < cap
                                  for i in more) else precision
        for i in list(more):
            _, lo, hi, _ = found[i]
            half = (hi - lo) / 2
            n = self.n[i]
            below = i != best and (gap := _gap(self.won[i], self.won[best]))[1] < 0
            if half <= precision:
                self.settled[i] = "precise"
            elif below and (half <= FIRST_ANSWER or n >= cap):
                self.settled[i] = "below the best"
                self.behind[i] = gap
            elif n >= cap:
                self.settled[i] = "sample cap"
            elif aim > precision:
                # Before the first answer every hand goes where it is needed: an action already
                # within FIRST_ANSWER waits (0 hands this round), a wider one gets the hands
                # Wilson's interval needs at its rate so far (wilson_hands)
                more[i] = 0 if half <= FIRST_ANSWER else \
                    min(wilson_hands(self.wins[i] / n, FIRST_ANSWER, n, 3 * n), cap) - n
                continue
            else:
                # An interval narrows as one over the square root of the hands: the hands it
                # still needs to be precise, or to be told below the best, whichever comes
                # first (an action below the best: to within the first answer's 10 points);
                # at least a few dozen, at most as many again as it has.
                need = n * (half / (FIRST_ANSWER if below else max(aim, precision))) ** 2
                if i != best and not below and sum(gap) < 0:
                    need = min(need, 1.1 * n * ((gap[1] - gap[0]) / sum(gap)) ** 2)
                more[i] = min(max(math.ceil(need) - n, FIRST_ROUND // 2), n if aim == precision else 3 * n, cap - n)
                if n < self.weighed_from < n + more[i]:
                    # Wilson's interval planned this round: stop where the deal starts being
                    # weighed, whose narrower interval may need fewer hands
                    more[i] = self.weighed_from - n
                continue
            del more[i]
        return more


def game_odds(game, **kw) -> BattleOdds:
    """:func:`battle_odds` for the player to move in a Game: the hands' sizes are known, the
    unknown cards are the other hands and the draw pile, the stakes are the Game's map."""
    from ..game import Game
    if not isinstance(game, Game):
        raise RulesError.say("game_odds weighs the actions of a Game, not of {value}; for a Battle, use battle_odds",
                             value=shown_value(game))
    if game.phase != "battle":
        raise RulesError.say("odds are for a battle; the game is in its {phase} phase", phase=repr(game.phase))
    me = game.to_move
    unseen = [c for p in game.players if p != me for c in game.hand(p)] + list(game.deck)
    returned = {c.id for cs in game.battle.returned.values() for c in cs}
    pool = [c for c in unseen if c.id not in returned]
    kw.setdefault("others", {p: len(game.hand(p)) for p in game.players if p != me})
    kw.setdefault("region", game.region)
    kw.setdefault("control", game.control)
    return battle_odds(game.battle, list(game.hand(me)), pool=pool, **kw)
