"""Every core, and beyond one machine: the long runs give the same figures whatever runs them
(condottiere_nb.agents.workers): in this process, on a pool of processes, on any executor, on a
Dask cluster.  Each job is seeded from the master seed and its index, and the results are added
up in job order."""
from concurrent.futures import ThreadPoolExecutor

import pytest

from condottiere_nb import RulesError, simulate
from condottiere_nb.agents.workers import check_workers, job_seed, portable_ruleset, ruleset_of, run_jobs
from condottiere_nb.explore import soak, variant_balance
from condottiere_nb.rulesets import get_ruleset


def _tenfold(jobs):
    return [10 * j for j in jobs]


def figures(report):
    return [(r.as_dict(), r.wins_by_seat, r.played, r.decided, r.errors) for r in report.rows]


def test_jobs_come_back_in_order_however_they_run():
    jobs = list(range(37))
    serial = list(run_jobs(_tenfold, jobs))
    assert serial == [(i, 10 * i) for i in jobs]
    assert list(run_jobs(_tenfold, jobs, workers=2, chunk=3)) == serial
    with ThreadPoolExecutor(3) as ex:
        assert list(run_jobs(_tenfold, jobs, executor=ex, chunk=2)) == serial
    seen = []
    list(run_jobs(_tenfold, jobs, chunk=5, done=seen.append))
    assert seen[-1] == 37 and seen == sorted(seen)


def test_workers_and_executor_are_checked():
    assert check_workers(None, None) == 1 and check_workers(3, None) == 3 and check_workers(0, None) >= 1
    with pytest.raises(RulesError, match="not both"):
        check_workers(2, ThreadPoolExecutor(1))
    with pytest.raises(RulesError, match="whole number"):
        check_workers(-1, None)
    with pytest.raises(RulesError, match="Executor"):
        check_workers(None, "dask")


def test_a_job_seed_depends_on_the_seed_and_the_index_only():
    assert job_seed(7, 3) == job_seed(7, 3) != job_seed(7, 4)
    assert job_seed("seven", 0) == job_seed("seven", 0)


def test_rulesets_travel_to_other_processes():
    assert ruleset_of(portable_ruleset("invasion")) is get_ruleset("invasion")
    custom = get_ruleset("hidden-cards").replace(face_down_specials="on_play")
    assert ruleset_of(portable_ruleset(custom)).differences(custom) == {}


def test_a_balance_study_is_the_same_on_two_processes():
    kw = dict(rulesets=["standard", "invasion"], players=(3, 4), games=5, seed=9)
    serial = variant_balance(**kw)
    assert figures(variant_balance(**kw, workers=2)) == figures(serial)
    with ThreadPoolExecutor(2) as ex:
        assert figures(variant_balance(**kw, executor=ex)) == figures(serial)


def test_simulate_and_soak_are_the_same_on_two_processes():
    a = simulate(12, 3, agents="heuristic", seed=5, progress=False)
    b = simulate(12, 3, agents="heuristic", seed=5, progress=False, workers=2)
    assert (a.wins, a.reasons, a.mean_actions) == (b.wins, b.reasons, b.mean_actions)
    s = soak(40, seed=3)
    t = soak(40, seed=3, workers=2)
    assert (s.games, s.actions, s.battles, s.violations, s.by_ruleset) == \
        (t.games, t.actions, t.battles, t.violations, t.by_ruleset)


def test_where_no_process_can_start_the_workers_run_here_with_a_warning(monkeypatch):
    """In the browser (JupyterLite's Pyodide) there are no processes: the lab notebook's
    ``workers=2`` runs in the one process there is, says so, and finds the same figures."""
    from condottiere_nb.agents import workers
    kw = dict(rulesets=["standard"], players=(3,), games=6, seed=4)
    serial = variant_balance(**kw)
    monkeypatch.setattr(workers, "can_start_processes", lambda: False)
    with pytest.warns(RuntimeWarning, match="cannot start processes .* asked of 2 workers runs in this process") as seen:
        alone = variant_balance(**kw, workers=2)
    assert figures(alone) == figures(serial)
    # the warning names the line that asked for the workers (this one), not a line of the package
    assert [w.filename for w in seen] == [__file__], [(w.filename, w.lineno) for w in seen]


def test_a_balance_study_on_a_dask_cluster_matches_the_serial_one():
    distributed = pytest.importorskip("distributed")
    kw = dict(rulesets=["standard", "hidden-cards"], players=(3,), games=4, seed=2)
    # two workers as threads of this process, talking over TCP on 127.0.0.1, no dashboard
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                                  host="127.0.0.1", dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_cluster = variant_balance(**kw, executor=client.get_executor())
    assert figures(on_cluster) == figures(variant_balance(**kw))


def test_a_process_with_threads_starts_its_workers_from_a_fork_server():
    # A Jupyter kernel runs threads: forking it is unsafe, so the workers come from a fork server.
    import threading
    from condottiere_nb.agents import workers
    stop = threading.Event()
    waiting = threading.Thread(target=stop.wait, daemon=True)
    waiting.start()
    try:
        assert workers._start_method().get_start_method() in ("forkserver", "spawn")
        kw = dict(rulesets=["standard"], players=(2,), games=6, seed=4)
        assert figures(variant_balance(**kw, workers=2)) == figures(variant_balance(**kw))
    finally:
        stop.set()
        waiting.join()
