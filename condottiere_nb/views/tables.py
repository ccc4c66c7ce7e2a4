"""Small tables a notebook shows instead of raw tuples and dicts: labelled facts, a grid, and the
outcomes of one position under each reading of a rule, side by side.

Each is a value with a plain-text ``repr`` (aligned columns) and an ``_repr_html_`` (a small table
that JupyterLab's sanitiser keeps), so a notebook cell ending in one shows a readable table and
nbval checks both.  Output is a pure function of the input and the language: each takes ``lang=``
(default: the default language, :func:`~condottiere_nb.set_language`), which names the labels the
tables write themselves (winner, strengths, nobody, yes ...), the cards and the refusals; the labels a
notebook passes are shown as it writes them.

>>> Facts({"winner": "Ana", "token": "Ben"})
winner  Ana
token   Ben
>>> Table(["players", "regions"], [[2, 6], [4, 5]])
players  regions
2        6
4        5
>>> Facts({"Huy": None, "passed": True}, lang="es")
Huy     nadie
passed  sí
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from html import escape

from ..battle import Battle
from ..errors import Listed, RulesError, expects
from ..resolution import Resolution
from ..rulesets import Ruleset, get_ruleset, shown
from .html import battle_html, resolution_html
from .words import Words, words

__all__ = ["Facts", "Table", "Outcome", "show", "Readings", "plain", "resolution_facts", "option_readings",
           "battle_readings", "ruleset_readings"]

_FONT = "font-family:sans-serif;font-size:12px;"
_CELL = "padding:2px 8px;vertical-align:top;text-align:left;"
_HEAD = _CELL + "border-bottom:1px solid #999999;"


def plain(value, lang: str | None = "en") -> str:
    """A value as a reader reads it in ``lang`` (English unless asked; None: the default language):
    None "nobody", True "yes", a list "A, B", a mapping "Ana 6, Ben 4" (a player and a number), a
    string as it is.

    >>> plain(None), plain(True), plain(("Ana", "Ben")), plain({"Ana": 6, "Ben": 4}), plain([])
    ('nobody', 'yes', 'Ana, Ben', 'Ana 6, Ben 4', '-')
    >>> plain(None, "vi"), plain(False, "zh")
    ('không ai', '否')
    """
    return _plain(value, words(lang))


def _plain(value, t: Words) -> str:
    if value is None:
        return t.say("nobody")
    if isinstance(value, bool):
        return t.say("yes") if value else t.say("no")
    if isinstance(value, Mapping):
        return t.say(", ").join(f"{k} {_plain(v, t)}" for k, v in value.items()) or "-"
    if isinstance(value, (list, tuple, set, frozenset)):
        return t.say(", ").join(_plain(v, t) for v in value) or "-"
    if isinstance(value, (int, float)):
        return t.digits(value)      # Persian writes its own digits
    return str(value)


def _columns(rows: Sequence[Sequence[str]], title: str = "") -> str:
    """The rows as text in aligned columns, under ``title`` if there is one."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    body = "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows)
    return f"{title}\n{body}" if title else body


def _title_html(title: str, t: Words) -> str:
    return f'<div style="{_FONT}font-weight:bold"{t.dir}>{escape(title)}</div>' if title else ""


class Facts:
    """Labelled facts, one a row: ``Facts({"winner": "Ana", "token": "Ben"}, title="...", lang=None)``."""

    @expects(facts=Mapping, title=str)
    def __init__(self, facts: Mapping[str, object], title: str = "", lang: str | None = None):
        self.t = words(lang)
        self.facts = {str(k): _plain(v, self.t) for k, v in facts.items()}
        self.title = title

    def __repr__(self) -> str:
        body = _columns([[k, v] for k, v in self.facts.items()]) if self.facts else self.t.say("(nothing)")
        return f"{self.title}\n{body}" if self.title else body

    def html(self) -> str:
        rows = "".join(f'<tr><td style="{_CELL}color:#555555">{escape(k)}</td>'
                       f'<td style="{_CELL}"><b>{escape(v)}</b></td></tr>' for k, v in self.facts.items())
        return (f'{_title_html(self.title, self.t)}<table class="cnb-facts" style="border-collapse:collapse;{_FONT}"{self.t.dir}>{rows}'
                f'</table>')

    def _repr_html_(self) -> str:
        return self.html()


class Table:
    """A grid with a header row: ``Table(["players", "regions"], [[2, 6], [4, 5]], title="...", lang=None)``."""

    @expects(header=(list, tuple), rows=(list, tuple), title=str)
    def __init__(self, header: Sequence[str], rows: Sequence[Sequence[object]], title: str = "",
                 lang: str | None = None):
        self.t = words(lang)
        if not all(isinstance(row, (list, tuple)) for row in rows):
            raise RulesError.say("every row of a Table is a list of cells, not {value}", value=shown(rows))
        self.header = [str(h) for h in header]
        self.rows = [[_plain(v, self.t) for v in row] for row in rows]
        if any(len(r) != len(self.header) for r in self.rows):
            raise RulesError.say("every row of a Table has {n} cells, one per header", n=len(self.header))
        self.title = title

    def __repr__(self) -> str:
        return _columns([self.header, *self.rows], self.title)

    def _repr_html_(self) -> str:
        head = "".join(f'<td style="{_HEAD}"><b>{escape(h)}</b></td>' for h in self.header)
        rows = "".join("<tr>" + "".join(f'<td style="{_CELL}">{escape(v)}</td>' for v in r) + "</tr>"
                       for r in self.rows)
        return (f'{_title_html(self.title, self.t)}<table class="cnb-table" style="border-collapse:collapse;{_FONT}"'
                f'{self.t.dir}><tr>{head}</tr>{rows}</table>')


def resolution_facts(res: Resolution, lang: str | None = None) -> dict[str, str]:
    """A resolved battle's results, labelled: winner, strengths, token, and the Favor if earned."""
    t = words(lang)
    facts = {t.say("winner"): res.winner if res.winner else t.say("nobody (tie: {players})", players=t.join(res.tied)),
             t.say("strengths"): _plain(res.strengths, t), t.say("Condottiere token"): res.token_holder}
    if res.favor:
        facts[t.say("Pope's Favor")] = res.favor
    if res.surrendered_by:
        facts[t.card("surrender")] = res.surrendered_by
    return facts


class Outcome:
    """One column of :class:`Readings`: labelled facts, and a rendered view above them (a battle)."""

    def __init__(self, facts: Mapping[str, object], html: str = "", lang: str | None = None):
        self.facts = Facts(facts, lang=lang)
        self.view = html

    @classmethod
    def of(cls, value, lang: str | None = None) -> "Outcome":
        """An Outcome from a Resolution, a Battle (in progress), a mapping of facts, a refusal (an
        exception) or a sentence, in ``lang`` (None: the default language)."""
        if isinstance(value, Outcome):
            return value
        t = words(lang)
        if isinstance(value, Resolution):
            return cls(resolution_facts(value, t.lang), resolution_html(value, t.lang, steps=False), t.lang)
        if isinstance(value, Battle):
            return cls({t.say("strengths"): value.strengths()}, battle_html(value, t.lang), t.lang)
        if isinstance(value, Mapping):
            return cls(value, lang=t.lang)
        if isinstance(value, BaseException):
            return cls({t.say("refused"): t.error(value)}, lang=t.lang)
        return cls({t.say("result"): value}, lang=t.lang)

    def html(self) -> str:
        return self.view + self.facts.html()

    def __repr__(self) -> str:
        return repr(self.facts)

    def _repr_html_(self) -> str:
        return f'<div class="cnb-outcome">{self.html()}</div>'


def show(value, lang: str | None = None) -> Outcome:
    """A resolution, a battle in progress, labelled facts or a refusal, rendered with its results
    labelled (winner, strengths, token ...) in ``lang`` (None: the default language): what a notebook
    cell ends with."""
    return Outcome.of(value, lang)


class Readings:
    """The same position under each reading, side by side: one column per label (an option's value,
    or a ruleset), the column of our reading marked.

    ``columns``: label -> a Resolution, a Battle, a mapping of labelled facts, an exception (the
    move was refused) or a sentence.  ``ours``: the label of our reading.  ``lang``: the language of
    the columns' words (None: the default language).
    """

    @expects(columns=Mapping, title=str, ours=(str, None))
    def __init__(self, columns: Mapping[str, object], title: str = "", ours: str | None = None,
                 lang: str | None = None):
        self.t = words(lang)
        self.columns = {str(k): Outcome.of(v, self.t.lang) for k, v in columns.items()}
        self.title = title
        self.ours = ours

    def label(self, key: str) -> str:
        return self.t.say("{reading} (our reading)", reading=key) if key == self.ours else key

    def __repr__(self) -> str:
        parts = [self.title] if self.title else []
        for key, out in self.columns.items():
            facts = self.t.say("; ").join(self.t.say("{label}: {value}", label=k, value=v)
                                          for k, v in out.facts.facts.items())
            parts.append(self.t.say("{label}: {value}", label=self.label(key), value=facts))
        return "\n".join(parts)

    def _repr_html_(self) -> str:
        t = self.t
        # Side by side while the column has room, one under the other when it has not: a row of
        # battles wider than a laptop's notebook column would scroll sideways.
        columns = "".join(
            f'<div class="cnb-reading" style="display:inline-block;vertical-align:top;max-width:100%;margin-right:8px">'
            f'<div style="{_HEAD}"><b>{escape(self.label(k))}</b></div><div style="{_CELL}">{out.html()}</div></div>'
            for k, out in self.columns.items())
        return f'<div class="cnb-readings">{_title_html(self.title, t)}<div style="{_FONT}"{t.dir}>{columns}</div></div>'


@expects(title=str, mark=bool)
def option_readings(option: str, values: Sequence, scenario, base: "Ruleset | str" = "standard",
                    title: str = "", mark: bool = True, lang: str | None = None) -> Readings:
    """``scenario(ruleset)`` played under ``base`` with ``option`` set to each of ``values``: one
    column each (what the scenario returns: a Resolution, a Battle, labelled facts); a reading
    that refuses a move shows the refusal.  ``mark``: mark ``base``'s value as our reading (not for
    an option that switches a rulebook's own system rather than reading a vague sentence).  ``lang``:
    the language of the columns' words (None: the default language)."""
    names = [f.name for f in fields(Ruleset) if f.name not in ("name", "summary")]
    if not isinstance(option, str) or option not in names:
        raise RulesError.say("Ruleset has no option {option}; options are: {names}", option=shown(option),
                             names=Listed(names))
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not 1 <= len(values) <= 16:
        raise RulesError.say("values must be a list of one to {most} values of the option, e.g. {example}, "
                             "not {value}", most=16, example="[True, False]", value=shown(values))
    columns = {}
    for value in values:
        try:
            columns[f"{option} = {value!r}"] = scenario(get_ruleset(base).replace(**{option: value}))
        except RulesError as e:
            columns[f"{option} = {value!r}"] = e
    ours = f"{option} = {getattr(get_ruleset(base), option)!r}" if mark else None
    return Readings(columns, title, ours=ours, lang=lang)


@expects(notation=str, title=str, mark=bool)
def battle_readings(notation: str, option: str, values: Sequence, base: "Ruleset | str" = "standard",
                    title: str = "", act=None, mark: bool = True, lang: str | None = None) -> Readings:
    """The battle ``notation`` under ``base`` with ``option`` set to each of ``values``, resolved
    (``act(battle)``: what to do with the battle instead, returning what a column shows); a move
    a reading refuses shows as refused."""
    def scenario(rs):
        battle = Battle.from_notation(notation, ruleset=rs)
        return act(battle) if act is not None else battle.resolve()
    return option_readings(option, values, scenario, base, title, mark, lang)


@expects(notation=str, rulesets=(list, tuple), title=str, ours=(str, None))
def ruleset_readings(notation: str, rulesets: Sequence["Ruleset | str"], title: str = "",
                     ours: str | None = None, lang: str | None = None) -> Readings:
    """The battle ``notation`` under each ruleset (labelled by name), resolved."""
    columns = {}
    for rs in rulesets:
        ruleset = get_ruleset(rs)
        try:
            columns[ruleset.name] = Battle.from_notation(notation, ruleset=ruleset).resolve()
        except RulesError as e:
            columns[ruleset.name] = e
    return Readings(columns, title, ours=ours, lang=lang)
