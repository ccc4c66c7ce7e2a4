"""The strength pipeline: how a battle line's cards add up, one Step per stage.

Order (DESIGN.md section 3, "At resolution"): printed values, Winter, Drummer, Spring,
Heroines and Courtesans.  The rule for one Mercenary lives in :func:`mercenary_value`;
the explained path applies it stage by stage (switching the stages on one at a time),
the fast path applies it once.  Both read the same function, so they cannot disagree.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from .cards import Card
from .explain import Step, join_names

#: Cards that double their line's Mercenaries (not cumulative).  The Banner is the
#: Persian tutorial's Drummer-like card (fa-tutorial.txt, section 5).
DOUBLERS = frozenset({"drummer", "banner"})
SPRING_BONUS = 3


def mercenary_value(printed: int, winter: bool, doubled: bool, spring_top: int | None) -> int:
    """One Mercenary's strength: Winter makes it 1, a Drummer doubles it, then Spring
    adds 3 if its printed value is the highest printed Mercenary in play.

    >>> mercenary_value(5, False, True, 5)     # a drummed 5 under Spring
    13
    >>> mercenary_value(10, True, True, None)  # Winter + Drummer
    2
    """
    value = 1 if winter else printed
    if doubled:
        value *= 2
    if spring_top is not None and printed == spring_top:
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


def fast_totals(lines: Sequence[Sequence[Card]]) -> list[int]:
    """Line totals without explanation, for simulations (same rules as :func:`evaluate`)."""
    winter, spring = seasons(lines)
    top = highest_printed(lines) if spring else None
    totals = []
    for line in lines:
        doubled = False
        for c in line:
            if c.kind in DOUBLERS:
                doubled = True
                break
        total = 0
        for c in line:
            if c.mercenary:
                total += mercenary_value(c.value, winter, doubled, top)
            else:
                total += c.value
        totals.append(total)
    return totals


def _owned(player: str, cards: Sequence[Card]) -> str:
    return f"{player}'s {join_names(c.name for c in cards)}"


def evaluate(players: Sequence[str], lines: Mapping[str, Sequence[Card]],
             explain: bool = True) -> tuple[dict[str, int], dict[int, int], list[Step]]:
    """Totals per player, effective value per card id, and the Steps that explain them.

    ``lines`` holds the cards that count (face up, or all of them once revealed).
    """
    all_lines = [lines[p] for p in players]
    winter, spring = seasons(all_lines)
    top = highest_printed(all_lines) if spring else None
    doubled = {p: any(c.kind in DOUBLERS for c in lines[p]) for p in players}
    mercs = {p: [c for c in lines[p] if c.mercenary] for p in players}
    steps: list[Step] = []

    def merc_stage(w: bool, d: bool, t: int | None):
        values = {c.id: mercenary_value(c.value, w, d and doubled[p], t)
                  for p in players for c in mercs[p]}
        totals = {p: sum(values[c.id] for c in mercs[p]) for p in players}
        return values, totals

    values, totals = merc_stage(False, False, None)
    if explain:
        parts = []
        for p in players:
            if mercs[p]:
                parts.append(f"{p} {' + '.join(c.name for c in mercs[p])} = {totals[p]}")
            else:
                parts.append(f"{p} has no Mercenary (0)")
        steps.append(Step("strength.printed", "Mercenaries at their printed values: " + "; ".join(parts) + ".",
                          strengths=dict(totals), values=dict(values),
                          cards=tuple(c.id for p in players for c in mercs[p])))
    if winter:
        before = totals
        values, totals = merc_stage(True, False, None)
        if explain:
            hit = [(p, mercs[p]) for p in players if mercs[p]]
            detail = "; ".join(f"{_owned(p, cs)} {'become 1 each' if len(cs) > 1 else 'becomes 1'}"
                               for p, cs in hit) or "no Mercenary is in play"
            steps.append(Step("season.winter", f"Winter is in play: each Mercenary counts 1 ({detail}).",
                              strengths=dict(totals), before=dict(before), values=dict(values),
                              cards=tuple(c.id for _, cs in hit for c in cs)))
    if any(doubled.values()):
        before = totals
        values, totals = merc_stage(winter, True, None)
        if explain:
            parts = []
            touched = []
            for p in players:
                if doubled[p]:
                    if mercs[p]:
                        parts.append(f"{p}'s Mercenaries double ({before[p]} -> {totals[p]})")
                        touched += [c.id for c in mercs[p]]
                    else:
                        parts.append(f"{p} has a Drummer but no Mercenary to double")
            extra = " Several Drummers in one line do not add up." if any(
                sum(c.kind in DOUBLERS for c in lines[p]) > 1 for p in players) else ""
            winter_note = " With Winter, each drummed Mercenary counts 2." if winter else ""
            steps.append(Step("card.drummer", "Drummer: " + "; ".join(parts) + "." + winter_note + extra,
                              strengths=dict(totals), before=dict(before), values=dict(values),
                              cards=tuple(touched)))
    if spring:
        before = totals
        values, totals = merc_stage(winter, True, top)
        if explain:
            if top is None:
                text = "Spring is in play, but no Mercenary is in play: nothing gets +3."
                touched = []
            else:
                owners = [(p, [c for c in mercs[p] if c.value == top]) for p in players]
                owners = [(p, cs) for p, cs in owners if cs]
                touched = [c.id for _, cs in owners for c in cs]
                who = join_names(_owned(p, cs) for p, cs in owners)
                text = (f"Spring is in play: the highest printed Mercenary in play is {top}; "
                        f"{who} {'gets' if len(touched) == 1 else 'get'} +3"
                        f"{' each' if len(touched) > 1 else ''}.")
                if any(doubled[p] for p, _ in owners):
                    text += " The +3 comes after doubling."
                if any(c.kind == "heroine" for p in players for c in lines[p]):
                    text += " The Heroine is not a Mercenary, so she never counts as the highest."
            steps.append(Step("season.spring", text, strengths=dict(totals), before=dict(before),
                              values=dict(values), cards=tuple(touched)))
    chars = {p: [c for c in lines[p] if not c.mercenary and c.value] for p in players}
    if any(chars.values()):
        before = totals
        totals = dict(totals)
        values = dict(values)
        for p in players:
            for c in chars[p]:
                values[c.id] = c.value
                totals[p] += c.value
        if explain:
            parts = [f"{p} +{sum(c.value for c in cs)} ({join_names(c.name for c in cs)})"
                     for p, cs in chars.items() if cs]
            steps.append(Step("strength.characters",
                              "Heroines count 10 and Courtesans 1; they are not Mercenaries, so no season "
                              f"or Drummer touched them: {'; '.join(parts)}.",
                              strengths=dict(totals), before=dict(before), values=values,
                              cards=tuple(c.id for cs in chars.values() for c in cs)))
    return totals, values, steps
