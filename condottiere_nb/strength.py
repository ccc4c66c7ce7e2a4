"""The count: how the battle lines add up, one stage per rule, in this order (docs/rules.md,
"The count"): printed values, Winter, Drummer, Spring, Heroines and Courtesans.

A :class:`Count` holds the lines being counted and each card's value so far; each stage is one
function named after its rule id (``season_winter`` applies ``season.winter``) that changes the
values and, when asked, records a Step.  :func:`count` runs the stages in the order of
:data:`STAGES` (or in another a caller gives: a stage left out or two swapped).  The same
stages count a battle's announced strengths after every play (without Steps) and its final
totals (with them): there is one count.

What one Mercenary becomes is the stages' per-card rules composed, :func:`mercenary_value`.
"""
from __future__ import annotations

from typing import Mapping, NamedTuple, Sequence

from .cards import KIND_OF, KINDS, Card
from .decks import MAX_KIND_COUNT
from .errors import Listed, Quoted, RulesError
from .explain import Step

#: Kinds that double their line's Mercenaries (not cumulative): the Drummer, and the Persian
#: tutorial's Banner (fa-tutorial.txt, section 5).
DOUBLERS = frozenset(k for k, spec in KINDS.items() if spec.doubles)
#: What Spring adds to the highest Mercenaries.
SPRING_BONUS = 3
#: What Spring's "highest Mercenary" compares (Ruleset.spring_highest): the printed value
#: (our reading: the rulebook calls a Mercenary's printed number its strength) or the value just
#: before Spring, after Winter and the Drummer (the other reading of the vi text's "highest strength").
SPRING_READINGS = ("printed", "effective")


# -- what each stage does to one Mercenary ---------------------------------------------------------

def winter_value(value: int) -> int:
    """Under Winter a Mercenary counts 1."""
    return 1


def drummer_value(value: int) -> int:
    """A Drummer in its line doubles a Mercenary (after Winter: 2)."""
    return value * 2


def spring_value(value: int) -> int:
    """Spring adds 3 to a highest Mercenary, after doubling."""
    return value + SPRING_BONUS


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
    value = winter_value(printed) if winter else printed
    if doubled:
        value = drummer_value(value)
    if spring_top is not None and (printed if spring_highest == "printed" else value) == spring_top:
        value = spring_value(value)
    return value


def check_spring_reading(spring_highest: str) -> None:
    if spring_highest not in SPRING_READINGS:
        raise RulesError.say("spring_highest cannot be {value}; allowed: {allowed}", value=Quoted.of(spring_highest),
                             allowed=Listed(repr(r) for r in SPRING_READINGS))


# -- the count -----------------------------------------------------------------------------------

class Tally(NamedTuple):
    """The count at one moment: ``totals`` (player -> their line's total) and ``values`` (card id
    -> the strength that card counts for).  What a Step records, what a view draws and what the
    rules compare."""

    totals: dict
    values: dict


class Count:
    """The lines of a battle being counted.

    For each player (in seat order): the Mercenaries, the doubling cards and the characters
    (cards with a printed strength that are not Mercenaries) of their line; whether Winter and
    Spring are in play; ``worth``: each line's Mercenaries' strengths so far (a list per line,
    in the order of ``mercenaries``); ``added``: each line's characters once they are counted;
    ``spring_highest``: the reading of Spring's "highest" (:data:`SPRING_READINGS`); ``top``: the
    highest printed Mercenary in play when the lines counted are not all the lines in play (one
    line of a table, :func:`line_total`), else None.
    """

    __slots__ = ("players", "mercenaries", "doublers", "characters", "winter", "spring", "heroine", "worth",
                 "added", "spring_highest", "top")

    def __init__(self, players: Sequence[str], lines: Sequence[Sequence[Card]], spring_highest: str = "printed"):
        self.players = tuple(players)
        self.spring_highest = spring_highest
        self.top = None
        self.mercenaries: list[list[Card]] = []
        self.doublers: list[list[Card]] = []
        self.characters: list[list[Card]] = []
        self.worth: list[list[int]] = []
        winter = spring = heroine = False
        for line in lines:
            mercs, doubling, chars = [], [], []
            for c in line:
                if c.mercenary:
                    mercs.append(c)
                elif c.kind in DOUBLERS:
                    doubling.append(c)
                elif c.value:
                    chars.append(c)
                    if c.kind == "heroine":
                        heroine = True
                elif c.kind == "winter":
                    winter = True
                elif c.kind == "spring":
                    spring = True
            self.mercenaries.append(mercs)
            self.doublers.append(doubling)
            self.characters.append(chars)
            self.worth.append([0] * len(mercs))     # nothing until strength.printed gives their values
        self.winter, self.spring, self.heroine = winter, spring, heroine
        self.added: list[int] = [0] * len(self.mercenaries)

    def totals(self) -> dict[str, int]:
        """Each player's total so far."""
        return {p: sum(w) + a for p, w, a in zip(self.players, self.worth, self.added)}

    def values(self) -> dict[int, int]:
        """Each counted card's strength so far (card id -> value): the Mercenaries' worth, and the
        characters' printed strength once they are added."""
        values = {}
        for mercs, line in zip(self.mercenaries, self.worth):
            for c, v in zip(mercs, line):
                values[c.id] = v
        for chars, n in zip(self.characters, self.added):
            if n:
                for c in chars:
                    values[c.id] = c.value
        return values

    def tally(self) -> Tally:
        """The count as it stands now."""
        return Tally(self.totals(), self.values())

    def highest_printed(self) -> int:
        """The highest printed value among the Mercenaries in play (0 if none)."""
        if self.top is not None:
            return self.top
        return max((c.value for mercs in self.mercenaries for c in mercs), default=0)

    def kinds(self, cards: Sequence[Sequence[Card]]) -> dict[str, tuple[str, ...]]:
        """player -> the kinds of their cards in ``cards`` (a list per line), for the lines that
        have any."""
        return {p: tuple(c.kind for c in line) for p, line in zip(self.players, cards) if line}


def _record(steps: list, rule: str, count: Count, before: "dict | None", cards, **data) -> None:
    now = count.tally()
    steps.append(Step.of(rule, strengths=now.totals, before=before, cards=tuple(cards), values=now.values, data=data))


def strength_printed(count: Count, steps: list | None = None) -> None:
    """Every Mercenary starts at its printed value."""
    count.worth = [[c.value for c in mercs] for mercs in count.mercenaries]
    if steps is not None:
        _record(steps, "strength.printed", count, None, (c.id for mercs in count.mercenaries for c in mercs),
                mercenaries={p: tuple(c.kind for c in mercs) for p, mercs in zip(count.players, count.mercenaries)})


def season_winter(count: Count, steps: list | None = None) -> None:
    """Winter in play: every Mercenary in every line counts 1 (vi: Mùa Đông)."""
    if not count.winter:
        return
    before = count.totals() if steps is not None else None
    count.worth = [[winter_value(v) for v in worth] for worth in count.worth]
    if steps is not None:
        _record(steps, "season.winter", count, before, (c.id for mercs in count.mercenaries for c in mercs),
                hit=count.kinds(count.mercenaries))


def card_drummer(count: Count, steps: list | None = None) -> None:
    """A Drummer doubles the Mercenaries of its own line; several Drummers in a line do not add
    up (vi: Người Đánh Trống).  The Persian tutorial's Banner doubles the same way."""
    if not any(count.doublers):
        return
    before = count.totals() if steps is not None else None
    touched = []
    for i, doubling in enumerate(count.doublers):
        if doubling:
            count.worth[i] = [drummer_value(v) for v in count.worth[i]]
            touched += [c.id for c in count.mercenaries[i]]
    if steps is not None:
        after = count.totals()
        lines = {p: {"doublers": tuple(d.kind for d in doubling), "mercenaries": bool(mercs),
                     "before": before[p], "after": after[p]}
                 for p, mercs, doubling in zip(count.players, count.mercenaries, count.doublers) if doubling}
        _record(steps, "card.drummer", count, before, touched, lines=lines, winter=count.winter)


def season_spring(count: Count, steps: list | None = None) -> None:
    """Spring in play: every Mercenary with the highest value in play gets +3, after doubling
    (vi: Mùa Xuân).  Which value is compared is the reading ``count.spring_highest``: the printed
    value (standard) or the strength just before Spring ('effective')."""
    if not count.spring:
        return
    reading = count.spring_highest
    before = count.totals() if steps is not None else None
    printed_top = count.highest_printed()
    if not printed_top:
        if steps is not None:
            _record(steps, "season.spring", count, before, (), reading=reading, top=0, owners=(), missed=(),
                    heroine=count.heroine)
        return
    if reading == "printed":
        top = printed_top
        measures = [[c.value for c in mercs] for mercs in count.mercenaries]
    else:
        measures = [list(worth) for worth in count.worth]
        top = max(v for worth in measures for v in worth)
    owners, touched = [], []
    for p, mercs, doubling, worth, measure in zip(count.players, count.mercenaries, count.doublers, count.worth,
                                                  measures):
        raised = [i for i, m in enumerate(measure) if m == top]
        for i in raised:
            worth[i] = spring_value(worth[i])
            touched.append(mercs[i].id)
        if raised:
            owners.append((p, tuple(mercs[i].kind for i in raised), bool(doubling), worth[raised[0]]))
    if steps is None:
        return
    missed = []
    if reading != "printed":
        for p, mercs in zip(count.players, count.mercenaries):
            left = tuple(c.kind for c in mercs if c.value == printed_top and c.id not in touched)
            if left:
                missed.append((p, left))
    # the kinds that doubled the raised Mercenaries: a sentence says "drummed" only for Drummers
    doubled_by = tuple(sorted({c.kind for p, doubling in zip(count.players, count.doublers) for c in doubling
                               if any(o[0] == p and o[2] for o in owners)}))
    _record(steps, "season.spring", count, before, touched, reading=reading, top=top, owners=tuple(owners),
            missed=tuple(missed), heroine=count.heroine, doubled_by=doubled_by)


def strength_characters(count: Count, steps: list | None = None) -> None:
    """Heroines (10) and Courtesans (1) add their printed strength; they are not Mercenaries, so
    no season, Drummer, Bishop or Scarecrow touches them (vi: Giai Nhân, Nữ Anh Hùng)."""
    if not any(count.characters):
        return
    before = count.totals() if steps is not None else None
    count.added = [sum(c.value for c in chars) for chars in count.characters]
    if steps is not None:
        added = {p: (n, tuple(c.kind for c in chars)) for p, chars, n in zip(count.players, count.characters,
                                                                               count.added) if chars}
        _record(steps, "strength.characters", count, before, (c.id for chars in count.characters for c in chars),
                added=added)


#: The count's stages, by rule id, in the order the rules apply them (docs/rules.md, "The count").
#: Each is the function of its rule (``RULES[rule_id].function``), called as ``stage(count, steps)``;
#: a stage whose card is not in play does nothing.  :func:`count` runs them in this order, or in
#: another a caller gives (one left out, two swapped: what a learner gets who misapplies a rule).
STAGES = ("strength.printed", "season.winter", "card.drummer", "season.spring", "strength.characters")
_STAGE_FUNCTIONS = {"strength.printed": strength_printed, "season.winter": season_winter,
                    "card.drummer": card_drummer, "season.spring": season_spring,
                    "strength.characters": strength_characters}


def check_stages(stages) -> tuple[str, ...]:
    """``stages`` as a tuple of the count's rule ids (each at most once), or RulesError."""
    if isinstance(stages, str) or not isinstance(stages, (list, tuple)):
        raise RulesError.say("stages must be a list of the count's rule ids ({allowed}), not {value}",
                             allowed=Listed(repr(s) for s in STAGES), value=Quoted.of(stages))
    for stage in stages:
        if stage not in _STAGE_FUNCTIONS:
            raise RulesError.say("{value} is not a stage of the count; its stages: {allowed}",
                                 value=Quoted.of(stage), allowed=Listed(repr(s) for s in STAGES))
    if len(set(stages)) != len(stages):
        raise RulesError.say("each stage of the count runs at most once: {value}", value=Quoted.of(stages))
    return tuple(stages)


def count(players: Sequence[str], lines: Sequence[Sequence[Card]], spring_highest: str = "printed",
          steps: list | None = None, stages: Sequence[str] = STAGES) -> Count:
    """Count ``lines`` (one per player, the cards that count) stage by stage, in the order of
    ``stages`` (rule ids, :data:`STAGES` by default); each stage that applies appends its Step to
    ``steps`` when a list is given."""
    if spring_highest != "printed":
        check_spring_reading(spring_highest)
    if stages is not STAGES:
        stages = check_stages(stages)
    counted = Count(players, lines, spring_highest)
    for stage in stages:
        _STAGE_FUNCTIONS[stage](counted, steps)
    return counted


# -- the totals alone, remembered ------------------------------------------------------------------
# A card counts by its kind alone (its printed value and role come from the registry), and a line
# by the kinds it holds, in any order: totals are remembered by each line's code, a number with one
# base-128 digit per kind (a deck has at most 100 cards of a kind, decks.MAX_KIND_COUNT, so the
# digits of all the lines together never carry).  An agent that weighs every card at every
# decision counts the same few hundred lines again and again, and a battle that explains counts
# its lines after every play.  A line's total depends only on its own cards, on whether Winter is
# in play and, with Spring in play, on the highest printed Mercenary in play (no other stage reads
# another line), so lines are also remembered one by one (a card changes one line); under the
# 'effective' reading of Spring the highest depends on every line's count, so only whole tables are.

_BASE = 1 << MAX_KIND_COUNT.bit_length()         # 128
#: kind -> its digit in a line's code (see above)
KIND_CODE: dict[str, int] = {k: _BASE ** i for i, k in enumerate(KINDS)}
WINTER_CODE, SPRING_CODE = KIND_CODE["winter"], KIND_CODE["spring"]
_CODE_OF = KIND_CODE.__getitem__
_DIGIT = _BASE - 1                              # a kind's digit, all ones
#: (printed value, the bits of its digit) of every Mercenary kind, the highest first
_MERCENARY_DIGITS = sorted(((spec.value, KIND_CODE[k] * _DIGIT) for k, spec in KINDS.items() if spec.mercenary),
                           reverse=True)
_WINTER_DIGIT, _SPRING_DIGIT = WINTER_CODE * _DIGIT, SPRING_CODE * _DIGIT
_LINE_TOTALS: dict = {}
_TABLE_TOTALS: dict = {}
_REMEMBERED = 100_000          # entries kept at most, in each table


def line_code(line: Sequence[Card]) -> int:
    """The code of a line: the kinds it holds, in any order, as one number (see above)."""
    return sum(map(_CODE_OF, map(KIND_OF, line)))


def holds(code: int, kind_code: int) -> bool:
    """Does the line (or lines: codes add up) of ``code`` hold a card of the kind ``kind_code``?"""
    return code & kind_code * _DIGIT != 0          # its digit, masked (cheaper than dividing)


def line_total(line: Sequence[Card], winter: bool = False, code: int | None = None, top: int | None = None) -> int:
    """One line's total, as :func:`count` counts it when Winter is in play (``winter``, or a Winter
    in ``line``) or is not, and Spring is not, or is with ``top`` the highest printed Mercenary in
    play (the standard reading: then a line's total depends on its own cards and ``top`` alone).
    ``code``: the line's code, if known."""
    key = (winter, top, line_code(line) if code is None else code)
    found = _LINE_TOTALS.get(key)
    if found is None:
        tally = Count(("",), (line,))
        if tally.spring and top is None:
            raise RulesError("line_total() counts a line with no Spring in play; use totals_of()")
        tally.winter = tally.winter or winter
        if top is not None:
            tally.spring, tally.top = True, top
        if len(_LINE_TOTALS) >= _REMEMBERED:
            _LINE_TOTALS.clear()
        for stage in STAGES:
            _STAGE_FUNCTIONS[stage](tally)
        found = _LINE_TOTALS[key] = tally.totals()[""]
    return found


def line_context(every: int, spring_highest: str = "printed", winter: bool = False) -> tuple | None:
    """What a line's total depends on besides its own cards, when the codes of all the lines in
    play add up to ``every``: (``winter``, ``top``) as :func:`line_total` takes them (Winter in
    play, or already known to be; with Spring in play, the highest printed Mercenary, else None).
    None under the 'effective' reading of Spring with Spring in play: then the top depends on
    every line's count, and the lines are counted together (:func:`totals_of`)."""
    # holds(every, SPRING_CODE) and the like, written out: a battle that explains asks this after every play
    winter = winter or every & _WINTER_DIGIT != 0
    if not every & _SPRING_DIGIT:
        return winter, None
    if spring_highest != "printed":
        return None
    return winter, next((value for value, digit in _MERCENARY_DIGITS if every & digit), 0)


def totals_of(lines: Sequence[Sequence[Card]], spring_highest: str = "printed", winter: bool = False,
              codes: Sequence[int] | None = None) -> tuple[int, ...]:
    """Each line's total, in the order of ``lines``: the totals of :func:`count`, remembered (see
    above).  ``winter``: a Winter is in play outside ``lines`` (and no Spring is), so that some
    lines can be counted without the others; ``codes``: each line's code, if known."""
    codes = tuple(map(line_code, lines) if codes is None else codes)
    table = (spring_highest, winter, codes)
    found = _TABLE_TOTALS.get(table)
    if found is not None:
        return found
    if len(_TABLE_TOTALS) >= _REMEMBERED:
        _TABLE_TOTALS.clear()
    context = line_context(sum(codes), spring_highest, winter)
    if context is None:
        found = tuple(count(range(len(codes)), lines, spring_highest).totals().values())
    else:
        winter, top = context
        found = tuple([line_total(line, winter, c, top) for line, c in zip(lines, codes)])
    _TABLE_TOTALS[table] = found
    return found


def evaluate(players: Sequence[str], lines: Mapping[str, Sequence[Card]],
             explain: bool = True, spring_highest: str = "printed", stages: Sequence[str] = STAGES
             ) -> tuple[dict[str, int], dict[int, int], list[Step]]:
    """Totals per player, each counted card's strength (card id -> value), and the Steps that
    explain them (empty with ``explain=False``).  ``lines`` holds the cards that count;
    ``stages``: the count's stages to run, in order (see :func:`count`)."""
    check_spring_reading(spring_highest)
    steps: list[Step] | None = [] if explain else None
    counted = count(players, [lines[p] for p in players], spring_highest, steps, stages)
    return counted.totals(), counted.values(), steps or []
