"""The strength pipeline: how a battle line's cards add up, one Step per stage.

Order (DESIGN.md section 3, "At resolution"): printed values, Winter, Drummer, Spring,
Heroines and Courtesans.  The rule for one Mercenary lives in :func:`mercenary_value`;
the explained path applies it stage by stage (switching the stages on one at a time),
the fast path applies it once.  Both read the same function, so they cannot disagree.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from .cards import Card
from .errors import RulesError
from .explain import Step, count_names, join_names

#: Cards that double their line's Mercenaries (not cumulative).  The Banner is the
#: Persian tutorial's Drummer-like card (fa-tutorial.txt, section 5).
DOUBLERS = frozenset({"drummer", "banner"})
SPRING_BONUS = 3
#: What Spring's "highest Mercenary" compares (Ruleset.spring_highest): the printed value
#: (the standard ruling, DESIGN.md section 3) or the value just before Spring, after Winter
#: and the Drummer (the other reading of the vi text's "highest strength").
SPRING_READINGS = ("printed", "effective")


def mercenary_value(printed: int, winter: bool, doubled: bool, spring_top: int | None,
                    spring_highest: str = "printed") -> int:
    """One Mercenary's strength: Winter makes it 1, a Drummer doubles it, then Spring
    adds 3 if it is the highest Mercenary in play.  ``spring_top`` is that highest value
    as the reading ``spring_highest`` compares it: the printed value ('printed'), or the
    value before Spring ('effective'), which is this function with ``spring_top=None``.

    >>> mercenary_value(5, False, True, 5)     # a drummed 5 under Spring
    13
    >>> mercenary_value(10, True, True, None)  # Winter + Drummer
    2
    >>> mercenary_value(5, False, True, 10, "effective")   # the drummed 5 counts 10: the top
    13
    >>> mercenary_value(6, False, False, 10, "effective")  # a plain 6 beside it gets nothing
    6
    """
    value = 1 if winter else printed
    if doubled:
        value *= 2
    if spring_top is not None and (printed if spring_highest == "printed" else value) == spring_top:
        value += SPRING_BONUS
    return value


def seasons(lines: Sequence[Sequence[Card]]) -> tuple[bool, bool]:
    """(Winter in play, Spring in play) across all lines."""
    winter = spring = False
    for line in lines:
        for c in line:
            if c.kind == "winter":
                winter = True
            elif c.kind == "spring":
                spring = True
    return winter, spring


def highest_printed(lines: Sequence[Sequence[Card]]) -> int | None:
    """The highest printed value among all Mercenaries in all lines (None if none)."""
    top = None
    for line in lines:
        for c in line:
            if c.mercenary and (top is None or c.value > top):
                top = c.value
    return top


def _check_reading(spring_highest: str) -> None:
    if spring_highest not in SPRING_READINGS:
        raise RulesError(f"spring_highest cannot be {spring_highest!r}; allowed: "
                         f"{', '.join(repr(r) for r in SPRING_READINGS)}")


def _spring_top(lines: Sequence[Sequence[Card]], winter: bool) -> int:
    """The highest value a Mercenary has just before Spring (after Winter and its line's
    Drummer), for the 'effective' reading; 0 if no Mercenary is in play."""
    top = 0
    for line in lines:
        doubled = any(c.kind in DOUBLERS for c in line)
        for c in line:
            if c.mercenary:
                v = mercenary_value(c.value, winter, doubled, None)
                if v > top:
                    top = v
    return top


def _scan(lines: Sequence[Sequence[Card]], spring_highest: str = "printed") -> tuple[bool, int | None]:
    """(Winter in play, the value Spring raises or None): one pass over the lines, and a
    second one under the 'effective' reading when a Spring is in play."""
    if spring_highest != "printed":
        _check_reading(spring_highest)
    winter = spring = False
    top = 0
    for line in lines:
        for c in line:
            if c.mercenary:
                if c.value > top:
                    top = c.value
            elif c.kind == "winter":
                winter = True
            elif c.kind == "spring":
                spring = True
    if not (spring and top):
        return winter, None
    if spring_highest == "effective":
        top = _spring_top(lines, winter)
    return winter, top


#: The kinds that change Mercenaries' values at resolution (the seasons and the doublers):
#: without any in play, every card counts its printed value.
STAGED = frozenset({"winter", "spring"}) | DOUBLERS


def fast_totals(lines: Sequence[Sequence[Card]], spring_highest: str = "printed") -> list[int]:
    """Line totals without explanation, for simulations (same rules as :func:`evaluate`)."""
    # Most battles end with no season and no Drummer in play: then one pass adds the
    # printed values (mercenary_value(printed, False, False, None) is the printed value).
    totals = []
    for line in lines:
        total = 0
        for c in line:
            if c.kind in STAGED:
                break
            total += c.value
        else:
            totals.append(total)
            continue
        break
    else:
        return totals
    winter, top = _scan(lines, spring_highest)
    totals = []
    for line in lines:
        doubled = False
        for c in line:
            if c.kind in DOUBLERS:
                doubled = True
                break
        total = 0
        for c in line:
            total += (mercenary_value(c.value, winter, doubled, top, spring_highest) if c.mercenary
                      else c.value)
        totals.append(total)
    return totals


def _owned(player: str, cards: Sequence[Card]) -> str:
    """"Ana's 10, 5 and 4", "Huy's two 6s"."""
    return f"{player}'s {count_names(c.name for c in cards)}"


def _fast_evaluate(players: Sequence[str], all_lines: list, spring_highest: str = "printed"
                   ) -> tuple[dict[str, int], dict[int, int], list[Step]]:
    winter, top = _scan(all_lines, spring_highest)
    totals: dict[str, int] = {}
    values: dict[int, int] = {}
    for p, line in zip(players, all_lines):
        doubled = any(c.kind in DOUBLERS for c in line)
        total = 0
        for c in line:
            if c.mercenary:
                v = values[c.id] = mercenary_value(c.value, winter, doubled, top, spring_highest)
                total += v
            elif c.value:
                values[c.id] = c.value
                total += c.value
        totals[p] = total
    return totals, values, []


def evaluate(players: Sequence[str], lines: Mapping[str, Sequence[Card]],
             explain: bool = True, spring_highest: str = "printed"
             ) -> tuple[dict[str, int], dict[int, int], list[Step]]:
    """Totals per player, effective value per card id, and the Steps that explain them.

    ``lines`` holds the cards that count (face up, or all of them once revealed).
    With ``explain=False`` no Step is made (the list is empty); totals and values are the same.
    ``spring_highest`` is the ruleset's reading of Spring's "highest Mercenary"
    (Ruleset.spring_highest): 'printed' (standard) or 'effective'.
    """
    all_lines = [lines[p] for p in players]
    if not explain:
        return _fast_evaluate(players, all_lines, spring_highest)
    _check_reading(spring_highest)
    # one pass: each line's Mercenaries, Drummers and characters; the seasons; the top value
    winter = spring = heroine = False
    top = 0
    mercs, doublers, chars = [], [], []
    for line in all_lines:
        m, d, ch = [], [], []
        for c in line:
            if c.mercenary:
                m.append(c)
                if c.value > top:
                    top = c.value
            elif c.kind in DOUBLERS:
                d.append(c)
            elif c.value:
                ch.append(c)
                heroine = heroine or c.kind == "heroine"
            elif c.kind == "winter":
                winter = True
            elif c.kind == "spring":
                spring = True
        mercs.append(m)
        doublers.append(d)
        chars.append(ch)
    n = range(len(players))
    steps: list[Step] = []

    def stage(w: bool, d: bool, t: int | None):
        """Values and totals with the stages so far switched on; mercenary_value is the rule."""
        values, totals = {}, {}
        for i in n:
            dd = d and bool(doublers[i])
            total = 0
            for c in mercs[i]:
                v = values[c.id] = mercenary_value(c.value, w, dd, t, spring_highest)
                total += v
            totals[players[i]] = total
        return values, totals

    values, totals = stage(False, False, None)
    parts = []
    for i in n:
        ms = mercs[i]
        if len(ms) > 1:
            parts.append(f"{players[i]} {' + '.join([c.name for c in ms])} = {totals[players[i]]}")
        elif ms:
            parts.append(f"{players[i]} {ms[0].name}")
        else:
            parts.append(f"{players[i]} has no Mercenary (0)")
    steps.append(Step("strength.printed", "Mercenaries at their printed values: " + "; ".join(parts) + ".",
                      totals, None, tuple(values), None, values))
    if winter:
        before = totals
        values, totals = stage(True, False, None)
        hit = [(players[i], mercs[i]) for i in n if mercs[i]]
        detail = "; ".join([f"{_owned(p, cs)} {'become 1 each' if len(cs) > 1 else 'becomes 1'}"
                            for p, cs in hit]) or "but no Mercenary is in play"
        steps.append(Step("season.winter", f"Winter is in play: each Mercenary counts 1 ({detail}).",
                          totals, before, tuple(c.id for _, cs in hit for c in cs), None, values))
    if any(doublers):
        before = totals
        values, totals = stage(winter, True, None)
        parts = []
        touched = []
        for i in n:
            ds = doublers[i]
            if not ds:
                continue
            p = players[i]
            who = f"{p}'s {ds[0].name}" if len(ds) == 1 else \
                f"{p} has {count_names([d.name for d in ds])}, which do not add up:"
            if mercs[i]:
                verb = "doubles" if len(ds) == 1 else f"{p}'s Mercenaries double once"
                whose = f" {p}'s Mercenaries" if len(ds) == 1 else ""
                parts.append(f"{who} {verb}{whose} ({before[p]} -> {totals[p]})")
                touched += [c.id for c in mercs[i]]
            else:
                parts.append(f"{who} {'has' if len(ds) == 1 else 'and there is'} no Mercenary to double")
        text = "; ".join(parts) + "."
        if winter and touched:
            text += " Winter came first, so each drummed Mercenary counts 2."
        steps.append(Step("card.drummer", text[0].upper() + text[1:], totals, before, tuple(touched),
                          None, values))
    if spring:
        before = totals
        if not top:
            text = "Spring is in play, but no Mercenary is in play: nothing gets +3."
            touched = []
        elif spring_highest == "printed":
            values, totals = stage(winter, True, top)
            owners = [(players[i], [c for c in mercs[i] if c.value == top], bool(doublers[i])) for i in n]
            owners = [o for o in owners if o[1]]
            touched = [c.id for _, cs, _ in owners for c in cs]
            each = len(touched) > 1
            text = (f"Spring is in play: the highest printed Mercenary in play is {top}; "
                    f"{join_names([_owned(p, cs) for p, cs, _ in owners])} {'get' if each else 'gets'} "
                    f"+3{' each' if each else ''}.")
            drummed = [(p, cs) for p, cs, d in owners if d]
            if drummed:
                text += " The +3 comes after doubling: " + join_names([
                    f"{p}'s drummed {top}s count {values[cs[0].id]} each" if len(cs) > 1 else
                    f"{p}'s drummed {top} counts {values[cs[0].id]}" for p, cs in drummed]) + "."
        else:
            # The 'effective' reading: compare each Mercenary as it stands before Spring.
            printed_top, pre = top, values
            top = max([pre[c.id] for ms in mercs for c in ms])
            values, totals = stage(winter, True, top)
            owners = [(players[i], [c for c in mercs[i] if pre[c.id] == top], bool(doublers[i])) for i in n]
            owners = [o for o in owners if o[1]]
            touched = [c.id for _, cs, _ in owners for c in cs]
            each = len(touched) > 1
            text = (f"Spring is in play: the strongest Mercenary after doubling counts {top} (this ruleset "
                    f"compares strengths, not printed values); "
                    f"{join_names([_owned(p, cs) for p, cs, _ in owners])} {'get' if each else 'gets'} "
                    f"+3{' each' if each else ''}.")
            drummed = [(p, cs) for p, cs, d in owners if d]
            if drummed:
                text += " The +3 comes after doubling: " + join_names([
                    f"{p}'s {count_names([c.name for c in cs])}, drummed, count {top} + 3 = {top + 3} each"
                    if len(cs) > 1 else f"{p}'s drummed {cs[0].name} counts {top} + 3 = {top + 3}"
                    for p, cs in drummed]) + "."
            missed = [(players[i], [c for c in mercs[i] if c.value == printed_top and c.id not in touched])
                      for i in n]
            missed = [(p, cs) for p, cs in missed if cs]
            if missed:
                many = sum(len(cs) for _, cs in missed) > 1
                text += (f" Under the standard reading (printed values) "
                         f"{join_names([_owned(p, cs) for p, cs in missed])} would get +3; here "
                         f"{'they count' if many else 'it counts'} less than {top}, so "
                         f"{'they get' if many else 'it gets'} nothing.")
        if top and heroine:
            text += " A Heroine is not a Mercenary, so she never counts as the highest."
        steps.append(Step("season.spring", text, totals, before, tuple(touched), None, values))
    if any(chars):
        before = totals
        totals = dict(totals)
        values = dict(values)
        parts = []
        for i in n:
            if chars[i]:
                added = 0
                for c in chars[i]:
                    values[c.id] = c.value
                    added += c.value
                totals[players[i]] += added
                parts.append(f"{players[i]} +{added} ({count_names([c.name for c in chars[i]])})")
        steps.append(Step("strength.characters",
                          "Heroines count 10 and Courtesans 1; they are not Mercenaries, so no season, "
                          f"Drummer, Bishop or Scarecrow touches them: {'; '.join(parts)}.",
                          totals, before, tuple(c.id for cs in chars for c in cs), None, values))
    return totals, values, steps
