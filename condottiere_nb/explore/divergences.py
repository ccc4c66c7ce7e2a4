"""What the interaction checker counts, shared by its two evaluators (the engine's
enumeration in ``interactions`` and the vectorised one in ``numpy_model``), so that both
sort a battle into the same kind of divergence by the same rule.

No numpy here: the engine's enumeration must run without it.
"""
from __future__ import annotations

from typing import Callable

#: The kinds of divergence, in the order the reports list them (:func:`divergence_title` words them).
DIVERGENCE_KINDS = ("winner:different", "winner:a-wins-b-ties", "winner:a-ties-b-wins", "token:different")


def divergence_title(t, kind: str, label_a: str = "A", label_b: str = "B") -> str:
    """A kind of divergence between the rulesets ``label_a`` and ``label_b``, as ``t`` (a Speaker)
    says it: the report's English and the views' every language."""
    said = {"winner:different": t.say("the two rulesets name different winners"),
            "winner:a-wins-b-ties": t.say("a winner under {a}, a tie (nobody conquers) under {b}", a=label_a,
                                          b=label_b),
            "winner:a-ties-b-wins": t.say("a tie under {a}, a winner under {b}", a=label_a, b=label_b),
            "token:different": t.say("a different player takes the Condottiere token")}
    return said.get(kind, kind)


class Divergences:
    """Counts and smallest examples, merged over the chunks of an enumeration.

    ``best[kind]`` is the key of the smallest example of each kind found so far:
    (number of plays, indices of the plays in the enumeration's list of plays).
    """

    def __init__(self):
        self.battles = self.only_a = self.only_b = 0
        self.winner = self.token = self.either = self.strengths = 0
        self.counts = {k: 0 for k in DIVERGENCE_KINDS}
        self.best: dict[str, tuple] = {}

    def offer(self, kind: str, key: tuple) -> None:
        if kind not in self.best or key < self.best[kind]:
            self.best[kind] = key

    def classify(self, wa, wb, ha, hb, key_of: Callable, count: Callable = int) -> None:
        """Count the divergences of one battle or one batch of battles.

        ``wa``/``wb``: the winner's seat under A and B (-1: a tie), ``ha``/``hb``: the token
        holder's seat; plain ints for one battle, numpy arrays for a batch, with ``count``
        counting the True entries of a mask as an int (``int`` for one battle's bool, the
        int of ``numpy.count_nonzero`` for a batch).  ``key_of(kind, mask)`` gives the smallest
        example's key among the battles of that kind in the batch.
        """
        wdiff = wa != wb
        tdiff = ha != hb
        self.winner += count(wdiff)
        self.token += count(tdiff)
        self.either += count(wdiff | tdiff)
        masks = {
            "winner:different": wdiff & (wa >= 0) & (wb >= 0),
            "winner:a-wins-b-ties": wdiff & (wa >= 0) & (wb < 0),
            "winner:a-ties-b-wins": wdiff & (wa < 0) & (wb >= 0),
            "token:different": tdiff,
        }
        for kind, m in masks.items():
            c = count(m)
            if c:
                self.counts[kind] += c
                self.offer(kind, key_of(kind, m))
