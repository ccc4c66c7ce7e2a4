"""The pool kept_pool() keeps: started once for the calls that ask for as many workers, so odds asked
again and again on two workers start no process after the first call, and find the same figures."""
from __future__ import annotations

import multiprocessing
import os

import pytest

from condottiere_nb.agents import workers as w
from condottiere_nb.explore import battle_odds

pytestmark = pytest.mark.skipif(not w.can_start_processes() or w.cores() < 2, reason="needs two cores")


def _pids(pool) -> set:
    return {pool.submit(os.getpid).result() for _ in range(4)}


def _children() -> set:
    return {p.pid for p in multiprocessing.active_children()}


def test_a_kept_pool_is_the_same_for_every_call_asking_as_many():
    w.close_kept_pool()
    try:
        first = w.kept_pool(2)
        assert first is not None and w.kept_pool(2) is first and w.kept_pool(0 if w.cores() == 2 else 2) is first
        assert w.kept_pool(1) is None and w.kept_pool(None) is None
        assert os.getpid() not in _pids(first)
    finally:
        w.close_kept_pool()
    assert w.kept_pool(2) is not first         # closed: the next call starts another
    w.close_kept_pool()


def test_odds_on_two_workers_reuse_their_processes_and_find_the_same():
    w.close_kept_pool()
    kw = dict(hand="5 winter bishop", others=3, samples=60, seed=3)
    try:
        one = battle_odds("[Ana Ben Cy] Ana 10, Ben 6, Cy 5", **kw)
        two = battle_odds("[Ana Ben Cy] Ana 10, Ben 6, Cy 5", **kw, workers=2)
        pool = w.kept_pool(2)
        before = _children()
        again = battle_odds("[Ana Ben Cy] Ana 10, Ben 6, Cy 5", **kw, workers=2)
        assert w.kept_pool(2) is pool and _children() == before       # no process started, none ended
        assert [a.wins for a in one.actions] == [a.wins for a in two.actions] == [a.wins for a in again.actions]
    finally:
        w.close_kept_pool()


def test_a_dead_worker_drops_the_kept_pool():
    from concurrent.futures.process import BrokenProcessPool
    w.close_kept_pool()
    pool = w.kept_pool(2)
    with pytest.raises(BrokenProcessPool):
        pool.submit(os._exit, 1).result()
    w.drop_kept_pool(pool)
    try:
        assert w.kept_pool(2) is not pool
    finally:
        w.close_kept_pool()
