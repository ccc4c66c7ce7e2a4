"""Rulesets side by side: a ruleset and its readings in words, replaying a battle under another
ruleset, and the comparison model behind CompareView.

Plain Python (no ipywidgets).  Every word goes through :mod:`condottiere_nb.views.words`, so a
comparison reads in the learner's language and switches with it.
"""
from __future__ import annotations

import difflib
from collections import Counter
from html import escape
from itertools import zip_longest
from typing import Sequence

from ..battle import Battle
from ..errors import Kind, RulesError
from ..plays import Move
from ..rulesets import RULESETS, Ruleset, get_ruleset, shown
from . import html as H
from .observable import Cursor
from .timeline import resolution_timeline
from .words import Said, option_text, ruleset_words, words


def ruleset_label(rs: Ruleset, lang: str = "en") -> str:
    """A ruleset in words: a named one by what it is, a variant as its base and the readings changed.

    >>> ruleset_label(RULESETS["hidden-cards"].replace(face_down_specials="on_play"))
    'Hidden cards (Vietnamese variant), with: Hidden cards: face-down specials act when played'
    """
    t = words(lang)
    named = ruleset_words(t)
    if RULESETS.get(rs.name) == rs:
        return named.get(rs.name, rs.name)
    base_name = rs.name.split("+")[0].split("/")[0]
    base = RULESETS.get(base_name, RULESETS["standard"])
    inner = t.clauses(option_text(t, k, v[0]) for k, v in rs.differences(base).items() if k != "deck")
    head = named.get(base.name, base.name)
    return t.say("{rules}, with: {readings}", rules=head, readings=inner) if inner else head


def same_rules(a: Ruleset, b: Ruleset) -> bool:
    """Do ``a`` and ``b`` play by the same rules (whatever their names)?

    >>> from condottiere_nb import get_ruleset
    >>> plain = get_ruleset("standard").replace(courtesan_token=False)
    >>> same_rules(plain, plain.replace(name="no Courtesan token")), same_rules(plain, get_ruleset("standard"))
    (True, False)
    """
    return a is b or not a.differences(b)


def option_label(rs: Ruleset, lang: str = "en") -> str:
    """A reading changed from ``rs``'s base, in words alone (a compare choice)."""
    base = RULESETS.get(rs.name.split("/")[0])
    if base is None:
        return ruleset_label(rs, lang)
    t = words(lang)
    readings = t.clauses(option_text(t, k, v[0]) for k, v in rs.differences(base).items() if k != "deck")
    return readings or ruleset_label(rs, lang)


def can_replay(battle: Battle, rs: Ruleset) -> bool:
    """Could every move so far be made under ``rs`` (a face-down card laid face up where ``rs`` has
    no hidden cards)?  A quick look at the ruleset's deck and its ways of laying each kind
    (``Ruleset.ways``); :func:`replay` gives the engine's full answer."""
    counts, ways = rs.counts, rs.ways
    played = [m for m in battle.moves if m.kind is not None]
    # a card played face down may be laid either way there; one played face up must be laid face up
    if not all(m.kind in counts and (ways[m.kind] if m.face_down else False in ways[m.kind]) for m in played):
        return False
    return all(n <= counts[kind] for kind, n in Counter(m.kind for m in played).items())


def option_variants(rs: Ruleset, options: Sequence[str] | None = None) -> list[Ruleset]:
    """``rs`` with one disputed option flipped, for every flip the interaction checker knows
    (:func:`~condottiere_nb.explore.option_variants`; or only those of ``options``): the readings a
    compare mode puts side by side."""
    from ..explore.interactions import option_variants as flips
    return [rs.replace(**{option: choice}, name=f"{rs.name}/{option}={choice}")
            for option, _, choice in flips(rs) if options is None or option in options]


def face_up_moves(battle: Battle, rs: Ruleset) -> list[int]:
    """The moves (1-based) played face down that ``rs`` can only lay face up (it has no hidden
    cards): a comparison replays them face up, and says so."""
    ways = rs.ways
    return [i for i, m in enumerate(battle.moves, 1)
            if m.kind is not None and m.face_down and m.kind in ways and True not in ways[m.kind]]


def _refusal(move, i: int, rs: Ruleset, error: RulesError) -> RulesError:
    """Why move ``i`` cannot be replayed under ``rs``, as an error of the same type."""
    if move.kind is not None and move.kind not in rs.counts:
        why = RulesError.say("the {card} is not in that ruleset's deck", card=Kind(move.kind))
    elif move.face_down and True not in rs.ways.get(move.kind, (True,)):
        why = RulesError.say("every card is played face up there")
    else:
        why = error
    # (an error is a value of another error's message: each language tells it, RulesError.said_by)
    values = {"rules": Said(ruleset_label, rs), "i": i, "player": move.player, "why": why}
    if move.kind is None:
        return type(error).say("this battle cannot be replayed under {rules}: move {i}, {player}'s pass, "
                               "is not allowed there: {why}", **values)
    if move.face_down:
        return type(error).say("this battle cannot be replayed under {rules}: move {i}, {player}'s {card} "
                               "played face down, is not allowed there: {why}", card=Kind(move.kind), **values)
    return type(error).say("this battle cannot be replayed under {rules}: move {i}, {player}'s {card}, "
                           "is not allowed there: {why}", card=Kind(move.kind), **values)


def replay(battle: Battle, ruleset, *, face_up: bool = False) -> Battle:
    """The same moves, in the same seats, under another ruleset (raises the engine's error, in
    words, if one of them is illegal there).  ``face_up``: a card played face down is laid face
    up where the ruleset has no hidden cards (:func:`face_up_moves`)."""
    rs = get_ruleset(ruleset)
    other = Battle(battle.players, rs, token_holder=battle.token_holder, leader=battle.leader,
                   defender=battle.defender, region=battle.region, final=battle.final)
    turned = set(face_up_moves(battle, rs)) if face_up else set()
    for i, m in enumerate(battle.moves, 1):
        if i in turned:
            m = Move(m.player, m.kind, False, m.take, m.card)
        try:
            other.apply_move(m)
        except RulesError as e:
            raise _refusal(m, i, rs, e) from None
    return other


def _signature(step):
    # Who a step is about matters: the token going to another player is a divergence even
    # when every strength is the same (courtesan_token flipped, for example).
    return (step.rule, tuple(sorted((step.strengths or {}).items())), tuple(step.cards), step.player,
            repr(sorted(step.data.items())) if step.data else "")


class CompareModel(Cursor):
    """The same battle under two rulesets, steps aligned side by side.

    ``rows`` pairs the step indexes of the two resolutions (None where one side has no
    counterpart); ``differs[k]`` is True where row k is not the same step with the same
    strengths on both sides: the places the rulesets diverge.
    """

    _item = "row"
    _of = "the comparison has"

    def __init__(self, battle: Battle, left, right, lang: str = "en"):
        super().__init__()
        if not isinstance(battle, Battle):
            raise RulesError.say("a comparison replays a Battle under two rulesets, not {value}", value=shown(battle))
        lang = words(lang).lang
        self.rulesets = (get_ruleset(left), get_ruleset(right))
        self.resolutions = tuple(replay(battle, rs, face_up=True).resolve() for rs in self.rulesets)
        # (ruleset, [(player, kind)]): the cards each side lays face up though they were played face down
        self.turned = [(rs, [(battle.moves[i - 1].player, battle.moves[i - 1].kind) for i in face_up_moves(battle, rs)])
                       for rs in self.rulesets]
        self.timelines = tuple(resolution_timeline(r) for r in self.resolutions)
        self.lang = lang
        self.scale = max(H.timeline_scale(t) for t in self.timelines)
        a, b = ([_signature(s) for s in r.steps] for r in self.resolutions)
        self.rows, self.differs = [], []
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
            for i, j in zip_longest(range(i1, i2), range(j1, j2)):
                self.rows.append((i, j))
                self.differs.append(tag != "equal")
        self.index = self.first_difference if self.first_difference is not None else 0

    @property
    def notes(self) -> list[str]:
        """The cards a side lays face up though they were played face down, in words."""
        t = words(self.lang)
        out = []
        for rs, cards in self.turned:
            if cards:
                names = t.join(t.say("{player}'s {card}", player=p, card=t.card(k)) for p, k in cards)
                out.append(t.say_n("Under {rules} every card is played face up, so {cards} is face up there.",
                                   "Under {rules} every card is played face up, so {cards} are face up there.",
                                   len(cards), rules=ruleset_label(rs, self.lang), cards=names))
        return out

    @property
    def labels(self) -> tuple[str, str]:
        return tuple(ruleset_label(rs, self.lang) for rs in self.rulesets)

    @property
    def first_difference(self) -> int | None:
        return next((k for k, d in enumerate(self.differs) if d), None)

    @property
    def outcomes_differ(self) -> bool:
        a, b = self.resolutions
        return (a.winner, a.strengths, a.token_holder) != (b.winner, b.strengths, b.token_holder)

    def __len__(self) -> int:
        return len(self.rows)

    def next_difference(self) -> bool:
        """Jump to the next row where the rulesets diverge (False if there is none after)."""
        return self._go(next((k for k in range(self.index + 1, len(self.rows)) if self.differs[k]), None))

    def side_html(self, side: int) -> str:
        t = words(self.lang)
        i = self.rows[self.index][side]
        label = escape(self.labels[side])
        if i is None:
            none = t.say("no matching step under this ruleset")
            body = f'<div style="color:#888888;font-style:italic;padding:8px"{t.dir}>{escape(none)}</div>'
        else:
            body = H.step_html(self.timelines[side], i, lang=self.lang, scale=self.scale)
        return (f'<div style="font-family:sans-serif"><div style="font-size:13px"{t.dir}><b>{label}</b></div>'
                f'{body}</div>')

    def summary_html(self) -> str:
        t = words(self.lang)
        parts = []
        for label, r in zip(self.labels, self.resolutions):
            totals = t.strengths(r.strengths)
            if r.winner:
                said = t.say("{rules}: {player} wins ({strengths}); token {holder}", rules="\x00", player=r.winner,
                             strengths=totals, holder=str(r.token_holder))
            else:
                said = t.say("{rules}: tie, nobody conquers ({strengths}); token {holder}", rules="\x00",
                             strengths=totals, holder=str(r.token_holder))
            parts.append(escape(said).replace("\x00", f"<b>{escape(label)}</b>"))
        n = sum(self.differs)
        if self.outcomes_differ:
            verdict = t.say_n("{n} of {rows} steps differs; the outcome differs.",
                              "{n} of {rows} steps differ; the outcome differs.", n, rows=len(self.rows))
        else:
            verdict = t.say_n("{n} of {rows} steps differs; the same outcome.",
                              "{n} of {rows} steps differ; the same outcome.", n, rows=len(self.rows))
        notes = "".join(f"<br><i>{escape(note)}</i>" for note in self.notes)
        return (f'<div class="cnb-compare-summary" style="font-family:sans-serif;font-size:13px"{t.dir}>'
                + "<br>".join(parts) + f"<br>{escape(verdict)}{notes}</div>")

    def html(self) -> str:
        t = words(self.lang)
        where = t.say("row {i} of {n}", i=self.index + 1, n=len(self.rows))
        diverge = t.say("The rulesets diverge here")
        if self.differs[self.index]:
            mark = (f'<div class="cnb-diverge" style="background:#fde2e1;color:#8a1c1c;padding:2px 6px;'
                    f'font-family:sans-serif;font-size:12px"{t.dir}>'
                    + t.say("{diverge} ({where})", diverge=H.bold(diverge), where=where) + "</div>")
        else:
            mark = (f'<div style="color:#555555;padding:2px 6px;font-family:sans-serif;font-size:12px"{t.dir}>'
                    + escape(t.say("Same step under both rulesets ({where})", where=where)) + "</div>")
        return (mark + '<table style="border-collapse:collapse"><tr>'
                f'<td style="vertical-align:top;padding-right:12px;width:50%">{self.side_html(0)}</td>'
                f'<td style="vertical-align:top;border-left:1px solid #cccccc;padding-left:12px;width:50%">'
                f'{self.side_html(1)}</td></tr></table>')
