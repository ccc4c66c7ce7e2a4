"""Many independent jobs (games, battle rollouts) on every core, or on any executor.

The tools that play many games (:func:`~condottiere_nb.agents.simulate`,
:func:`~condottiere_nb.explore.variant_balance`, :func:`~condottiere_nb.explore.soak`,
:func:`~condottiere_nb.explore.battle_odds`) describe their work as jobs (made as they are handed
out, so a run of millions of games holds only those in flight), each seeded from the master seed
and its own index, so that what a job finds never depends on the process that ran it or on when
it ran.  :func:`run_jobs` runs them in small chunks:

* in this process (``workers=None`` or 1, no ``executor``);
* on a pool of ``workers`` processes of this machine (``workers=0``: one per core; more than
  the cores: the cores, with a warning; more than :data:`MAX_WORKERS`: refused), made for
  the call and closed after it; where Python cannot start processes (in the browser, JupyterLite's
  Pyodide has none) in this process instead, with a warning (:func:`can_start_processes`);
* on any :class:`concurrent.futures.Executor` (``executor=``), for instance the one a
  ``dask.distributed`` Client gives (``client.get_executor()``), which runs them on a cluster.

It hands the results back in job order, so whatever adds them up adds them in the same order
as a run in this process, and the figures are the same to the last bit for any number of
workers.  Chunks are small and handed out as workers finish (a window of chunks in flight, taken
as they complete), so a chunk of long games does not leave the other workers idle.

>>> [r for _, r in run_jobs(_square, [1, 2, 3], workers=1)]
[1, 4, 9]
"""
from __future__ import annotations

import inspect
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import warnings
import zlib
from itertools import islice
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, wait

from ..arguments import check_seed
from ..errors import RulesError, shorten
from ..language import speaker
from ..options import shown_value

__all__ = ["run_jobs", "process_pool", "kept_pool", "close_kept_pool", "drop_kept_pool", "check_workers", "pool_size", "MAX_WORKERS", "MAX_GAMES", "cores", "can_start_processes", "portable_ruleset", "ruleset_of", "seed_int",
           "job_seed"]


def seed_int(seed) -> int:
    """A seed as a non-negative int; strings through CRC32, which (unlike hash()) is the
    same in every Python process."""
    check_seed(seed)
    if isinstance(seed, int) and not isinstance(seed, bool):
        return seed % 2 ** 32
    return zlib.crc32(str(seed).encode("utf-8"))


def job_seed(seed, index: int, stride: int = 1_000_003) -> int:
    """The seed of job ``index`` of a run seeded ``seed``: from the two alone, never from the
    order in which the jobs ran."""
    return (seed_int(seed) * stride + index) % 2 ** 32


def cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:          # not on Linux
        return os.cpu_count() or 1


#: the most games a long run may ask for: a billion games is days of every core; more is a typo
MAX_GAMES = 10 ** 9

#: the most processes ``workers=`` may ask for: a typo (``workers=10**6``) must not fork a shared
#: server to death; beyond the cores a pool only waits for them anyway
MAX_WORKERS = 64


def check_workers(workers, executor) -> int:
    """The number of processes ``workers`` asks for (1: this process only; 0: one per core), or a
    RulesError saying what is allowed: a whole number from 0 to :data:`MAX_WORKERS`.  ``executor``
    and ``workers`` do not go together.  Nothing is started here (:func:`pool_size` caps the count
    at the cores)."""
    if executor is not None:
        if workers not in (None, 1):
            raise RulesError.say("give workers= (processes of this machine) or executor= (any executor), not both")
        if not isinstance(executor, Executor):
            raise RulesError.say("executor must be a concurrent.futures.Executor (for a Dask cluster: {example}), "
                                 "not {value}", example="Client(...).get_executor()", value=shown_value(executor))
        return 1
    if workers is None:
        return 1
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
        raise RulesError.say("workers must be a whole number of processes (0: one per core), not {value}",
                             value=shown_value(workers))
    if workers > MAX_WORKERS:
        raise RulesError.say("workers must be from 0 (one per core) to {most} processes, not {value}; this machine "
                             "has {cores} cores", most=MAX_WORKERS, value=shown_value(workers), cores=cores())
    return workers or cores()


def pool_size(workers, executor) -> int:
    """The processes a run starts for ``workers``: :func:`check_workers`'s count, at most one per
    core (more would only wait for the cores, and take memory from the others on a shared
    server: a warning says how many cores there are), and 1 where Python cannot start processes
    (in the browser: a warning says so)."""
    n = check_workers(workers, executor)
    if executor is None and n > 1 and not can_start_processes():
        # The jobs are seeded by their index, so one process finds what the workers would have.
        warnings.warn(speaker().say_n(
            "This Python cannot start processes (in the browser there are none): the work asked of {n} "
            "worker runs in this process instead, one job after another, and finds the same.",
            "This Python cannot start processes (in the browser there are none): the work asked of {n} "
            "workers runs in this process instead, one job after another, and finds the same.", n),
            RuntimeWarning, stacklevel=outside_level())
        return 1
    have = cores()
    if executor is None and n > have:
        warnings.warn(speaker().say_n(
            "{asked} workers were asked for, but this machine has {n} core: the work runs on {n} process, "
            "and finds the same.",
            "{asked} workers were asked for, but this machine has {n} cores: the work runs on {n} processes, "
            "and finds the same.", have, asked=n), RuntimeWarning, stacklevel=outside_level())
        return have
    return n


def portable_ruleset(ruleset):
    """A ruleset as a job can carry it to another process: its name if it is a named ruleset,
    else its options as the saved games write them (a Ruleset keeps read-only mappings that do
    not pickle)."""
    from ..game.persist import ruleset_to_json
    from ..rulesets import RULESETS, get_ruleset
    rs = get_ruleset(ruleset)
    return rs.name if RULESETS.get(rs.name) is rs else ruleset_to_json(rs)


_REBUILT: dict = {}


def ruleset_of(portable):
    """The Ruleset of :func:`portable_ruleset` (rebuilt once per process)."""
    from ..game.persist import ruleset_from_json
    from ..rulesets import get_ruleset
    if isinstance(portable, str):
        return get_ruleset(portable)
    key = repr(sorted(portable["options"].items())) + portable["name"]
    found = _REBUILT.get(key)
    if found is None:
        found = _REBUILT[key] = ruleset_from_json(portable)
    return found


def _start_method():
    """How the pool's processes start: forked from this one when it runs a single thread (a
    script: the workers start at once, with everything imported), else from a fork server
    (a Jupyter kernel runs threads, and forking a process with threads is unsafe), which
    imports the package once for all the workers it starts."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["condottiere_nb.agents", "condottiere_nb.explore"])
        return context
    return multiprocessing.get_context("spawn")


def _quiet_worker() -> None:
    # Ctrl-C stops the run in the main process, which cancels what is left; the workers finish
    # their chunk instead of dying in the middle of it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    one_blas_thread()


#: the variables the BLAS libraries numpy may use read for their number of threads
BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS")


def one_blas_thread() -> None:
    """Numpy's linear algebra on one thread in a worker: the pool already keeps every core busy, and
    a BLAS that starts a thread per core in every worker runs many times slower (issue 34 measured
    14 times for a small least-squares fit).  With threadpoolctl installed the libraries already
    loaded are told at once; the variables reach those a worker loads later."""
    for name in BLAS_THREADS:
        os.environ[name] = "1"
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return
    threadpool_limits(1, user_api="blas")


def can_start_processes() -> bool:
    """Can this Python start worker processes?  Not in a browser: Pyodide, the Python of
    JupyterLite, has no processes, and its multiprocessing lacks the locks a pool needs."""
    if sys.platform == "emscripten":
        return False
    try:
        import multiprocessing.synchronize  # noqa: F401  (what a process pool needs)
    except ImportError:
        return False
    return True


def outside_level() -> int:
    """The ``stacklevel`` that makes a warning given by the caller of this function name the first
    line outside this package: the learner's own call (``variant_balance(..., workers=2)`` in a
    notebook), not a line of the package that passed the work on."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    frame, level = inspect.currentframe().f_back, 1
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(package + os.sep):
        frame, level = frame.f_back, level + 1
    return level


def check_travels(task, jobs: list) -> None:
    """A RulesError in plain words if ``task`` or ``jobs`` cannot be sent to another process
    (an agent made from a lambda or defined inside a function cannot: pickle needs a name it
    can import), said before any process starts, not from inside the pool's machinery."""
    try:
        pickle.dumps((task, jobs))
    except (pickle.PicklingError, AttributeError, TypeError) as e:
        raise RulesError.say(
            "the work cannot be sent to other processes: an agent or a value in it has no name another process can "
            "import (a lambda, a function defined inside another, an open file); give agents by name ({example}) "
            "or as a class or function defined at the top of a module, or run with workers=1 ({reason})",
            example="'heuristic'", reason=shorten(str(e))) from None


def run_jobs(task: Callable[[list], list], jobs: Iterable, *, workers=None, executor: Executor | None = None,
             chunk: int | None = None, window: int | None = None, total: int | None = None,
             done: Callable[[int], None] | None = None) -> Iterator[tuple[int, object]]:
    """(index, result) for every job, in job order.

    ``task(list of jobs) -> list of results`` is called on consecutive chunks of ``jobs``; for
    a pool or an executor it must be a module-level function and the jobs picklable.
    ``jobs`` may be a generator: it is read a chunk at a time, as chunks are handed out, so a
    run of millions of games holds only the jobs in flight (``total``: how many it yields, for
    the chunk size, when it has no ``len``).
    ``chunk``: jobs a chunk (default: small enough for every worker to get a dozen chunks or so,
    at most 4).  ``window``: chunks in flight at once (default three per worker; 64 on an
    executor).  ``done(n)`` is told how many jobs have completed (in any order), as chunks
    complete.  Close the iterator (``.close()``, or run it to the end) to cancel what is left
    after an interruption.
    """
    n_workers = pool_size(workers, executor)
    if total is None:
        total = len(jobs) if hasattr(jobs, "__len__") else 0
    if chunk is None:
        chunk = max(1, min(4, total // (max(n_workers, 8) * 12)))
    if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise RulesError.say("chunk must be a positive whole number of jobs, not {value}", value=shown_value(chunk))
    source = iter(jobs)
    chunks = iter(lambda: list(islice(source, chunk)), [])      # read as they are handed out
    if executor is None and n_workers == 1:
        finished = 0
        for part in chunks:
            yield from zip(range(finished, finished + len(part)), task(part))
            finished += len(part)
            if done is not None:
                done(finished)
        return
    own = executor is None
    first = next(chunks, None)
    if first is None:
        return
    check_travels(task, first)
    pool = ProcessPoolExecutor(max_workers=n_workers, mp_context=_start_method(),
                               initializer=_quiet_worker) if own else executor
    if window is None:
        window = 3 * n_workers if own else 64
    pending: dict = {}          # future -> its first job's index
    ready: dict = {}            # first index -> results, waiting for the chunks before them
    handed = 0                  # jobs handed out
    following = 0               # the first job not handed back yet
    finished = 0
    clean = False
    try:
        def submit() -> None:
            nonlocal first, handed
            while len(pending) < window:
                part = first if first is not None else next(chunks, None)
                first = None
                if part is None:
                    return
                pending[pool.submit(task, part)] = handed
                handed += len(part)

        submit()
        while pending:
            complete, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in complete:
                start = pending.pop(future)
                ready[start] = future.result()
                finished += len(ready[start])
            if done is not None:
                done(finished)
            submit()
            while following in ready:
                results = ready.pop(following)
                yield from zip(range(following, following + len(results)), results)
                following += len(results)
        clean = True
    finally:
        for future in pending:
            future.cancel()
        if own:
            # after an error or an interruption the workers finish their chunk on their own
            pool.shutdown(wait=clean, cancel_futures=True)


def process_pool(workers) -> Executor | None:
    """A pool of ``workers`` processes (0: one per core) kept open across several :func:`run_jobs`
    calls (pass it as ``executor=``; shut it down when done), so work done in rounds starts its
    processes once; None where one process does it (``workers`` None or 1, or no processes here)."""
    n = check_workers(workers, None)
    if n <= 1 or not can_start_processes():
        return None
    return ProcessPoolExecutor(max_workers=n, mp_context=_start_method(), initializer=_quiet_worker)


# The pool kept_pool() keeps: (this process's id, its size, the pool), or None
_KEPT: list = [None]


def kept_pool(workers) -> Executor | None:
    """A pool of ``workers`` processes (as :func:`process_pool`, at most one per core: see
    :func:`pool_size`) kept open after the call that started it, for the next call that asks for as
    many: a study asked again and again (the odds of one decision after another) starts its
    processes once, not once a call.  Where one process does the work: None.  One pool is kept (a
    call asking for another size closes it); :func:`close_kept_pool` closes it, and so does the
    end of this Python.  A process forked from this one starts its own.  A pool whose worker died
    is dropped by :func:`drop_kept_pool`."""
    if check_workers(workers, None) <= 1 or not can_start_processes():
        return None
    n = pool_size(workers, None)            # at most one per core: a warning says so
    kept = _KEPT[0]
    if kept is not None and kept[:2] == (os.getpid(), n):
        return kept[2]
    close_kept_pool()
    pool = ProcessPoolExecutor(max_workers=n, mp_context=_start_method(), initializer=_quiet_worker)
    _KEPT[0] = (os.getpid(), n, pool)
    return pool


def drop_kept_pool(pool) -> None:
    """Forget ``pool`` if it is the kept one (a worker died in it: the next call starts another)."""
    kept = _KEPT[0]
    if kept is not None and kept[2] is pool:
        _KEPT[0] = None
        pool.shutdown(wait=False, cancel_futures=True)


def close_kept_pool(wait: bool = False) -> None:
    """Close the pool :func:`kept_pool` keeps, if any: its processes end once idle (``wait``: this
    call returns when they have ended)."""
    kept, _KEPT[0] = _KEPT[0], None
    if kept is not None and kept[0] == os.getpid():
        kept[2].shutdown(wait=wait, cancel_futures=True)


def _square(jobs: list) -> list:
    return [j * j for j in jobs]
