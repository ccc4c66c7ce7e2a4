"""The 95% intervals of the battle odds (:mod:`~condottiere_nb.explore.odds`): Wilson's for a
proportion (:func:`wilson`), the one that weighs the cards each hand dealt (:func:`controlled`), and
the hand-by-hand gap between an action and the best one (:func:`paired_gap`).  Plain arithmetic;
numpy is imported only by :func:`controlled`.
"""
from __future__ import annotations

import math
from numbers import Integral, Real
from typing import Sequence

from ..errors import RulesError
from ..options import shown


#: the most trials an interval is asked for (a float holds every count up to it exactly)
MAX_TRIALS = 2 ** 53


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default): it stays inside [0, 1]
    and behaves at 0 and n wins, where the normal approximation does not.

    >>> lo, hi = wilson(0, 20); lo == 0 and 0.16 < hi < 0.17
    True
    """
    if isinstance(n, bool) or not isinstance(n, Integral) or n > MAX_TRIALS \
            or any(isinstance(v, bool) or not isinstance(v, Real) for v in (wins, z)):
        raise RulesError.say("wilson takes wins and z as numbers and n as a whole number (at most {most}), not {value}",
                             most=MAX_TRIALS, value=shown((wins, n, z)))
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= wins <= n or not 0 < z < 100:
        raise RulesError.say("wins must be from 0 to n ({n}) and z a positive number below 100, not {value}", n=n,
                             value=shown((wins, z)))
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


#: the hands an action needs before its interval weighs the cards dealt (:func:`controlled`);
#: also at least ten a kind, and ten wins and ten losses
CONTROLLED_FROM = 200


def controlled(won: Sequence, dealt: Sequence, mean: Sequence, z: float = 1.96):
    """The chance of winning and its 95% interval, from results whose hands were dealt at
    random, with the cards dealt as control variates; None where they cannot be used.

    Some of the luck of a deal is plain to see: how many Heroines, Winters or big Mercenaries
    the opponents were dealt.  We know exactly how many of each kind a random deal holds on
    average (``mean``), so we can take that part of the luck out: fit the results on the
    kinds dealt (``dealt``, one count per kind for each result) by least squares, and read
    the chance at the average deal (the regression estimator of Monte Carlo's control
    variates; Owen, *Monte Carlo theory, methods and examples*, 8.9).  The interval is the
    fit's own (its residual spread), asymptotically 95%: narrower than Wilson's by as much
    as the deal explains.  None when the kinds cannot be told apart in the sample (two kinds
    always dealt together), so that the average deal cannot be read (the caller then uses
    :func:`wilson`).

    >>> import numpy
    >>> rng = numpy.random.default_rng(0)
    >>> heroines = rng.binomial(2, 0.1, 4000)                 # a deal's Heroines, 0.2 on average
    >>> won = rng.random(4000) < 0.3 + 0.3 * heroines          # true chance 0.3 + 0.3 * 0.2 = 0.36
    >>> p, low, high = controlled(won, numpy.c_[heroines, 2 - heroines], (0.2, 1.8))
    >>> bool(low < 0.36 < high and high - low < numpy.subtract(*wilson(won.sum(), 4000)[::-1]))
    True
    """
    import numpy as np
    y = np.asarray(won, dtype=float)
    x = np.asarray(dealt, dtype=float) - np.asarray(mean, dtype=float)
    x = x[:, x.std(axis=0) > 0]                    # a kind never or always dealt tells nothing
    totals = x.sum(axis=1)
    if x.shape[1] and np.allclose(totals, totals[0]):
        x = x[:, :-1]                              # every deal holds as many cards: one kind follows
    a = np.column_stack([np.ones(len(y)), x])
    # The normal equations, summed by einsum (numpy's own loops): a least-squares solver would
    # call a BLAS that may start a thread per core for a few thousand rows (14 times slower, issue 34)
    gram = np.einsum("ij,ik->jk", a, a)
    k = gram.shape[0]
    if len(y) <= k or np.linalg.matrix_rank(gram, tol=1e-10 * np.abs(gram).max()) < k:
        return None
    inverse = np.linalg.inv(gram)
    coef = inverse @ np.einsum("ij,i->j", a, y)
    resid = y - np.einsum("ij,j->i", a, coef)
    spread = resid @ resid / (len(y) - k)
    half = z * math.sqrt(spread * inverse[0, 0])
    p = min(max(float(coef[0]), 0.0), 1.0)
    return p, max(0.0, p - half), min(1.0, p + half)


def paired_gap(won: Sequence, best: Sequence, z: float = 2.576) -> tuple[float, float]:
    """How far an action's chance lies from the best action's, as a 99% interval, from the
    hands both were played on (the first ``min(len(won), len(best))``: every action is played
    on the same hands, in order).  Compared hand by hand, the luck of the deal, shared by
    both, cancels; so a weaker action is told apart in far fewer hands than by comparing
    the two intervals.

    >>> low, high = paired_gap([0, 1] * 100, [1, 1] * 100); high < 0
    True
    """
    m = min(len(won), len(best))
    if m < 2:
        return -1.0, 1.0
    d = [w - b for w, b in zip(won[:m], best[:m])]
    mean = sum(d) / m
    var = sum((x - mean) ** 2 for x in d) / (m - 1)
    half = z * math.sqrt(var / m)
    return mean - half, mean + half
