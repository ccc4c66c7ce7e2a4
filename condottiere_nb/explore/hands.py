"""The hands of :func:`~condottiere_nb.explore.odds.battle_odds`: the cards named for a hand or a pool
(:func:`card_list`, :func:`card_pool`), and the opponents' possible hands, every one with its
probability (:func:`exact_hands`): what exact battle odds (with few possible hands) weigh."""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Sequence

from ..cards import Card
from ..notation import check_kinds, claim_card
from ..errors import Kind, Listed, RulesError, expects
from ..options import shown_value

__all__ = ["card_list", "card_pool", "count_hands", "deck_kinds", "exact_hands"]


def card_list(name: str, cards):
    """``cards`` (a hand or a pool) as a list: None stays None, a string is split into names."""
    if cards is None or isinstance(cards, list):
        return cards
    if isinstance(cards, str):
        return cards.split()
    if isinstance(cards, tuple):
        return list(cards)
    raise RulesError.say("{name} must be a list of cards such as {example} (or one string of names), not {value}",
                         name=name, example="['10', 'winter']", value=shown_value(cards))


def card_pool(deck, busy: set, kinds: Sequence) -> list[Card]:
    """Physical cards for a list of kinds (or "5#41" / Card), taken from the cards not in ``busy``."""
    names = deck_kinds(deck)
    return [claim_card(item, deck, names, busy, lambda kind: RulesError.say_n(
        "no {card} is left for this hand: the deck's only one is in play or in another hand",
        "no {card} is left for this hand: the deck's {n} are all in play or in other hands",
        sum(c.kind == kind for c in deck), card=Kind(kind)), lambda card: RulesError.say(
        "card {card} cannot be in this hand: it is already in play or in another hand", card=card.tag))
        for item in kinds]


def deck_kinds(deck) -> list[str]:
    seen = []
    for c in deck:
        if c.kind not in seen:
            seen.append(c.kind)
    return seen


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


@expects(active=(list, tuple), sizes=Mapping, kinds=(list, tuple), by_kind=Mapping)
def exact_hands(active, sizes, kinds, by_kind):
    """(probability, {player: cards}) for every way the active opponents' hands can be.

    Hands are drawn without replacement from the pool; a hand of ``h`` cards with ``c_k``
    cards of kind k has probability prod C(n_k, c_k) / C(N, h) (the multivariate
    hypergeometric law), the next opponent drawing from what is left.  ``active``: at most five
    different names; ``sizes``: each one's hand size; ``by_kind``: the pool's cards of each kind of
    ``kinds``.  A RulesError, before anything is drawn, for arguments that do not fit together.
    """
    check_kinds(kinds, every=True)
    if len(set(kinds)) != len(kinds):
        raise RulesError.say("a kind is listed twice")
    if len(active) > 5 or not all(isinstance(p, str) and p for p in active) or len(set(active)) != len(active):
        raise RulesError.say("active must list at most five different players' names, not {value}",
                             value=shown_value(active))
    for p in active:
        h = sizes.get(p)
        if isinstance(h, bool) or not isinstance(h, int) or h < 0:
            raise RulesError.say("sizes must give a hand size, 0 or more, to each active player ({players}), "
                                 "not {value}", players=Listed(active), value=shown_value(sizes))
    for k in kinds:
        cards = by_kind.get(k)
        if not isinstance(cards, (list, tuple)) or not all(isinstance(c, Card) for c in cards):
            raise RulesError.say("by_kind must give the pool's cards of each kind in kinds ({kinds}), not {value}",
                                 kinds=Listed(Kind(k) for k in kinds), value=shown_value(by_kind))
    need, count = sum(sizes[p] for p in active), sum(len(by_kind[k]) for k in kinds)
    if need > count:
        raise RulesError.say("the opponents' hands need {need} unknown cards but the pool holds {count}", need=need,
                             count=count)
    return _worlds(active, sizes, kinds, by_kind)


def _worlds(active, sizes, kinds, by_kind):
    """exact_hands()'s worlds, its arguments checked."""
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
