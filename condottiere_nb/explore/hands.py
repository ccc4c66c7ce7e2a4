"""The opponents' possible hands, every one with its probability: what exact battle odds
(:func:`~condottiere_nb.explore.odds.battle_odds` with few possible hands) weigh."""
from __future__ import annotations

import math

__all__ = ["count_hands", "exact_hands"]


def _multisets(counts: list[int], size: int):
    """Every way to take ``size`` cards from piles of ``counts`` (as a count per pile)."""
    if size == 0:
        yield (0,) * len(counts)
        return
    if not counts:
        return
    first, rest = counts[0], counts[1:]
    left = sum(rest)
    for c in range(min(first, size), -1, -1):
        if size - c <= left:
            for tail in _multisets(rest, size - c):
                yield (c,) + tail


def count_hands(counts: list[int], size: int) -> int:
    """How many different hands of ``size`` cards the piles allow (cards of a kind are alike)."""
    ways = [1] + [0] * size
    for c in counts:
        new = [0] * (size + 1)
        for s in range(size + 1):
            if ways[s]:
                for t in range(0, min(c, size - s) + 1):
                    new[s + t] += ways[s]
        ways = new
    return ways[size]


def exact_hands(active, sizes, kinds, by_kind):
    """(probability, {player: cards}) for every way the active opponents' hands can be.

    Hands are drawn without replacement from the pool; a hand of ``h`` cards with ``c_k``
    cards of kind k has probability prod C(n_k, c_k) / C(N, h) (the multivariate
    hypergeometric law), the next opponent drawing from what is left.
    """
    def rec(i, left: dict, weight: float, hands: dict):
        if i == len(active):
            yield weight, dict(hands)
            return
        p = active[i]
        h = sizes[p]
        total = sum(left.values())
        denom = math.comb(total, h)
        counts = [left[k] for k in kinds]
        for combo in _multisets(counts, h):
            w = 1
            for n, c in zip(counts, combo):
                w *= math.comb(n, c)
            cards = []
            new_left = dict(left)
            for k, c in zip(kinds, combo):
                if c:
                    used = len(by_kind[k]) - left[k]
                    cards += by_kind[k][used:used + c]
                    new_left[k] -= c
            hands[p] = cards
            yield from rec(i + 1, new_left, weight * w / denom, hands)

    yield from rec(0, {k: len(by_kind[k]) for k in kinds}, 1.0, {})
