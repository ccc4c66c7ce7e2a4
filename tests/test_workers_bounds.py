"""Bounded work (issue 31): a typo in a lab call cannot swamp a shared server.  ``workers=`` is
capped at the cores with a warning and refused past a hard maximum before any process starts;
the long runs make their jobs as they hand them out, so memory does not grow with the games
asked for; a refusal quotes a short excerpt of what it refuses."""
import sys
import tracemalloc
from concurrent.futures import Executor, Future

import pytest

from condottiere_nb import RulesError, simulate
from condottiere_nb.agents import workers
from condottiere_nb.agents.workers import MAX_WORKERS, can_start_processes, check_workers, run_jobs
from condottiere_nb.explore import soak, variant_balance


def _tenfold(jobs):
    return [10 * j for j in jobs]


class Stop(Exception):
    pass


class Recorder(Executor):
    """An executor that runs each chunk at once and records it; it stops the run after ``most``
    submissions (what a learner's interrupt would do)."""

    def __init__(self, most=None, max_workers=None, **_):
        self.submitted, self.most, self.max_workers = [], most, max_workers

    def submit(self, fn, *args):
        if self.most is not None and len(self.submitted) >= self.most:
            raise Stop
        self.submitted.append(args[0])
        future = Future()
        future.set_result(fn(*args))
        return future

    def shutdown(self, wait=True, *, cancel_futures=False):
        pass


@pytest.fixture
def no_processes(monkeypatch):
    """The process pool replaced by a recorder: the pools asked for are listed, none starts."""
    made = []

    def pool(max_workers, **kw):
        made.append(Recorder(max_workers=max_workers))
        return made[-1]

    monkeypatch.setattr(workers, "ProcessPoolExecutor", pool)
    return made


def test_a_million_workers_is_refused_before_any_process_starts(no_processes):
    for call in (lambda: simulate(2, 2, workers=10 ** 6, progress=False),
                 lambda: soak(2, workers=10 ** 6),
                 lambda: variant_balance(["standard"], players=3, games=1, workers=10 ** 6),
                 lambda: list(run_jobs(_tenfold, [1, 2], workers=MAX_WORKERS + 1))):
        with pytest.raises(RulesError, match=f"from 0 .* to {MAX_WORKERS} processes.* has .* cores"):
            call()
    assert no_processes == []
    assert check_workers(MAX_WORKERS, None) == MAX_WORKERS      # the maximum itself is allowed


def test_more_workers_than_cores_warns_and_uses_the_cores(no_processes, monkeypatch):
    monkeypatch.setattr(workers, "cores", lambda: 2)
    with pytest.warns(RuntimeWarning, match="3 workers were asked for, but this machine has 2 cores") as seen:
        got = list(run_jobs(_tenfold, range(10), workers=3))
    assert got == [(i, 10 * i) for i in range(10)]
    assert [p.max_workers for p in no_processes] == [2]
    assert [w.filename for w in seen] == [__file__]         # the learner's line, not the package's
    no_processes.clear()
    list(run_jobs(_tenfold, range(10), workers=2))          # up to the cores: as before, no warning
    assert [p.max_workers for p in no_processes] == [2]


def test_in_the_browser_the_workers_run_here(monkeypatch, no_processes):
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert not can_start_processes()
    with pytest.warns(RuntimeWarning, match="cannot start processes"):
        assert list(run_jobs(_tenfold, [1, 2, 3], workers=2)) == [(0, 10), (1, 20), (2, 30)]
    assert no_processes == []


def test_a_generator_of_jobs_is_read_as_the_jobs_are_handed_out():
    made = []

    def jobs():
        for i in range(10 ** 9):
            made.append(i)
            yield i

    run = run_jobs(_tenfold, jobs(), executor=Recorder(), total=10 ** 9, chunk=2, window=3)
    assert [next(run) for _ in range(4)] == [(0, 0), (1, 10), (2, 20), (3, 30)]
    assert len(made) <= 2 * (2 * 3)                         # two windows of chunks, not a billion jobs
    run.close()


@pytest.mark.parametrize("run", [
    lambda ex: soak(10 ** 6, executor=ex),
    lambda ex: simulate(10 ** 6, 3, progress=False, executor=ex),
    lambda ex: variant_balance(["standard", "invasion"], players=(3, 4), games=10 ** 6, executor=ex),
], ids=["soak", "simulate", "variant_balance"])
def test_a_huge_run_starts_without_making_every_job_first(run):
    """A run of a million games is stopped after its first chunks: memory and the jobs handed
    out stay those of the chunks in flight (the old code made every job first: hundreds of MB)."""
    ex = Recorder(most=3)
    tracemalloc.start()
    try:
        with pytest.raises(Stop):
            run(ex)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert 1 <= len(ex.submitted) <= 3 and sum(map(len, ex.submitted)) <= 12
    assert peak < 20 * 2 ** 20, f"{peak / 2 ** 20:.0f} MB"


def test_a_megabyte_argument_is_quoted_as_a_short_excerpt():
    big = "x" * 2 ** 20
    for call in (lambda: simulate(big), lambda: simulate(2, 2, workers=big), lambda: soak(2, players=big),
                 lambda: soak(big), lambda: variant_balance(big, games=1)):
        with pytest.raises(RulesError) as e:
            call()
        assert len(str(e.value)) < 300, str(e.value)[:300]


def _first(game):
    return game.legal_actions()[0]


def test_an_agent_that_cannot_travel_to_a_worker_is_said_plainly(monkeypatch, no_processes):
    monkeypatch.setattr(workers, "cores", lambda: 2)
    with pytest.raises(RulesError, match="cannot be sent to other processes.*workers=1") as e:
        simulate(2, 2, agents=lambda game: game.legal_actions()[0], workers=2, progress=False)
    assert "pickle" not in str(e.value).split("(")[0]
    assert no_processes == []
    # a function of a module travels; workers=1 takes anything
    assert simulate(2, 2, agents=_first, workers=2, progress=False).games == 2
    assert simulate(2, 2, agents=lambda game: game.legal_actions()[0], workers=1, progress=False).games == 2


def test_a_count_past_a_billion_games_is_refused(no_processes):
    from condottiere_nb.agents.workers import MAX_GAMES
    for call in (lambda: simulate(MAX_GAMES + 1, progress=False), lambda: soak(10 ** 100),
                 lambda: variant_balance(["standard"], players=3, games=10 ** 12)):
        with pytest.raises(RulesError, match="from 1 to 1000000000") as e:
            call()
        assert len(str(e.value)) < 120
    assert no_processes == []
