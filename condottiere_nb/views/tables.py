"""Small tables a notebook shows instead of raw tuples and dicts: labelled facts, a grid, and the
outcomes of one position under each reading of a rule, side by side.

Each is a value with a plain-text ``repr`` (aligned columns) and an ``_repr_html_`` (a small table
that JupyterLab's sanitiser keeps), so a notebook cell ending in one shows a readable table and
nbval checks both.  Output is a pure function of the input.

>>> Facts({"winner": "Ana", "token": "Ben"})
winner  Ana
token   Ben
>>> Table(["players", "regions"], [[2, 6], [4, 5]])
players  regions
2        6
4        5
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from ..battle import Battle
from ..errors import RulesError
from ..explain import join_names
from ..resolution import Resolution
from ..rulesets import Ruleset, get_ruleset
from .html import battle_html, resolution_html

__all__ = ["Facts", "Table", "Outcome", "show", "Readings", "plain", "resolution_facts", "option_readings",
           "battle_readings", "ruleset_readings"]

_FONT = "font-family:sans-serif;font-size:12px;"
_CELL = "padding:2px 8px;vertical-align:top;text-align:left;"
_HEAD = _CELL + "border-bottom:1px solid #999999;"


def plain(value) -> str:
    """A value as a reader reads it: None "nobody", True "yes", a list "A, B", a mapping
    "Ana 6, Ben 4" (a player and a number), a string as it is.

    >>> plain(None), plain(True), plain(("Ana", "Ben")), plain({"Ana": 6, "Ben": 4}), plain([])
    ('nobody', 'yes', 'Ana, Ben', 'Ana 6, Ben 4', '-')
    """
    if value is None:
        return "nobody"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {plain(v)}" for k, v in value.items()) or "-"
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(plain(v) for v in value) or "-"
    return str(value)


def _columns(rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows)


class Facts:
    """Labelled facts, one a row: ``Facts({"winner": "Ana", "token": "Ben"}, title="...")``."""

    def __init__(self, facts: Mapping[str, object], title: str = ""):
        self.facts = {str(k): plain(v) for k, v in facts.items()}
        self.title = title

    def __repr__(self) -> str:
        body = _columns([[k, v] for k, v in self.facts.items()]) if self.facts else "(nothing)"
        return f"{self.title}\n{body}" if self.title else body

    def html(self) -> str:
        rows = "".join(f'<tr><td style="{_CELL}color:#555555">{escape(k)}</td>'
                       f'<td style="{_CELL}"><b>{escape(v)}</b></td></tr>' for k, v in self.facts.items())
        head = f'<div style="{_FONT}font-weight:bold">{escape(self.title)}</div>' if self.title else ""
        return f'{head}<table class="cnb-facts" style="border-collapse:collapse;{_FONT}">{rows}</table>'

    def _repr_html_(self) -> str:
        return self.html()


class Table:
    """A grid with a header row: ``Table(["players", "regions"], [[2, 6], [4, 5]], title="...")``."""

    def __init__(self, header: Sequence[str], rows: Sequence[Sequence[object]], title: str = ""):
        self.header = [str(h) for h in header]
        self.rows = [[plain(v) for v in row] for row in rows]
        if any(len(r) != len(self.header) for r in self.rows):
            raise RulesError(f"every row of a Table has {len(self.header)} cells, one per header")
        self.title = title

    def __repr__(self) -> str:
        body = _columns([self.header, *self.rows])
        return f"{self.title}\n{body}" if self.title else body

    def _repr_html_(self) -> str:
        head = "".join(f'<td style="{_HEAD}"><b>{escape(h)}</b></td>' for h in self.header)
        rows = "".join("<tr>" + "".join(f'<td style="{_CELL}">{escape(v)}</td>' for v in r) + "</tr>"
                       for r in self.rows)
        title = f'<div style="{_FONT}font-weight:bold">{escape(self.title)}</div>' if self.title else ""
        return f'{title}<table class="cnb-table" style="border-collapse:collapse;{_FONT}"><tr>{head}</tr>{rows}</table>'


def resolution_facts(res: Resolution) -> dict[str, str]:
    """A resolved battle's results, labelled: winner, strengths, token, and the Favor if earned."""
    facts = {"winner": res.winner if res.winner else f"nobody (tie: {join_names(res.tied)})",
             "strengths": plain(res.strengths), "Condottiere token": res.token_holder}
    if res.favor:
        facts["Pope's Favor"] = res.favor
    if res.surrendered_by:
        facts["Surrender"] = res.surrendered_by
    return facts


class Outcome:
    """One column of :class:`Readings`: labelled facts, and a rendered view above them (a battle)."""

    def __init__(self, facts: Mapping[str, object], html: str = ""):
        self.facts = Facts(facts)
        self.view = html

    @classmethod
    def of(cls, value) -> "Outcome":
        """An Outcome from a Resolution, a Battle (in progress), a mapping of facts, a refusal (an
        exception) or a sentence."""
        if isinstance(value, Outcome):
            return value
        if isinstance(value, Resolution):
            return cls(resolution_facts(value), resolution_html(value, steps=False))
        if isinstance(value, Battle):
            return cls({"strengths": value.strengths()}, battle_html(value))
        if isinstance(value, Mapping):
            return cls(value)
        if isinstance(value, BaseException):
            return cls({"refused": str(value)})
        return cls({"result": value})

    def html(self) -> str:
        return self.view + self.facts.html()

    def __repr__(self) -> str:
        return repr(self.facts)

    def _repr_html_(self) -> str:
        return f'<div class="cnb-outcome">{self.html()}</div>'


def show(value) -> Outcome:
    """A resolution, a battle in progress, labelled facts or a refusal, rendered with its results
    labelled (winner, strengths, token ...): what a notebook cell ends with."""
    return Outcome.of(value)


class Readings:
    """The same position under each reading, side by side: one column per label (an option's value,
    or a ruleset), the column of our reading marked.

    ``columns``: label -> a Resolution, a Battle, a mapping of labelled facts, an exception (the
    move was refused) or a sentence.  ``ours``: the label of our reading.
    """

    def __init__(self, columns: Mapping[str, object], title: str = "", ours: str | None = None):
        self.columns = {str(k): Outcome.of(v) for k, v in columns.items()}
        self.title = title
        self.ours = ours

    def label(self, key: str) -> str:
        return f"{key} (our reading)" if key == self.ours else key

    def __repr__(self) -> str:
        parts = [self.title] if self.title else []
        for key, out in self.columns.items():
            facts = "; ".join(f"{k}: {v}" for k, v in out.facts.facts.items())
            parts.append(f"{self.label(key)}: {facts}")
        return "\n".join(parts)

    def _repr_html_(self) -> str:
        head = "".join(f'<td style="{_HEAD}"><b>{escape(self.label(k))}</b></td>' for k in self.columns)
        cells = "".join(f'<td style="{_CELL}">{out.html()}</td>' for out in self.columns.values())
        title = f'<div style="{_FONT}font-weight:bold">{escape(self.title)}</div>' if self.title else ""
        return (f'<div class="cnb-readings">{title}<table style="border-collapse:collapse;{_FONT}">'
                f"<tr>{head}</tr><tr>{cells}</tr></table></div>")


def _flipped(base, option: str, value) -> Ruleset:
    return get_ruleset(base).replace(**{option: value})


def option_readings(option: str, values: Sequence, scenario, base: "Ruleset | str" = "standard",
                    title: str = "", mark: bool = True) -> Readings:
    """``scenario(ruleset)`` played under ``base`` with ``option`` set to each of ``values``: one
    column each (what the scenario returns: a Resolution, a Battle, labelled facts); a reading
    that refuses a move shows the refusal.  ``mark``: mark ``base``'s value as our reading (not for
    an option that switches a rulebook's own system rather than reading a vague sentence)."""
    columns = {}
    for value in values:
        try:
            columns[f"{option} = {value!r}"] = scenario(_flipped(base, option, value))
        except RulesError as e:
            columns[f"{option} = {value!r}"] = e
    ours = f"{option} = {getattr(get_ruleset(base), option)!r}" if mark else None
    return Readings(columns, title, ours=ours)


def battle_readings(notation: str, option: str, values: Sequence, base: "Ruleset | str" = "standard",
                    title: str = "", act=None, mark: bool = True) -> Readings:
    """The battle ``notation`` under ``base`` with ``option`` set to each of ``values``, resolved
    (``act(battle)``: what to do with the battle instead, returning what a column shows); a move
    a reading refuses shows as refused."""
    def scenario(rs):
        battle = Battle.from_notation(notation, ruleset=rs)
        return act(battle) if act is not None else battle.resolve()
    return option_readings(option, values, scenario, base, title, mark)


def ruleset_readings(notation: str, rulesets: Sequence["Ruleset | str"], title: str = "",
                     ours: str | None = None) -> Readings:
    """The battle ``notation`` under each ruleset (labelled by name), resolved."""
    columns = {}
    for rs in rulesets:
        ruleset = get_ruleset(rs)
        try:
            columns[ruleset.name] = Battle.from_notation(notation, ruleset=ruleset).resolve()
        except RulesError as e:
            columns[ruleset.name] = e
    return Readings(columns, title, ours=ours)
