"""The state behind the widgets, in plain Python (no ipywidgets here).

The widgets only turn clicks into calls on these models and render what the models
hold; every rule question goes to the engine (Battle, notation, undo).  So the models
are tested without any widget, and a widget test only checks the wiring.

Every action either succeeds or leaves the model exactly as it was with the engine's
message in ``message`` (``message_kind == "error"``): a click never half-applies.
"""
from __future__ import annotations

import difflib
from dataclasses import fields
from itertools import zip_longest
from typing import Callable, Sequence

from ..battle import Battle
from ..cards import KINDS
from ..errors import RulesError
from ..i18n import LANGUAGES, card_name
from ..rulesets import RULESETS, Ruleset, get_ruleset
from . import html as H
from .timeline import resolution_timeline

DEFAULT_NAMES = ("Ana", "Ben", "Cy", "Dia", "Eli", "Fay")


def ruleset_label(rs: Ruleset) -> str:
    """A named ruleset by its name; a variant as its base name plus the options changed."""
    if RULESETS.get(rs.name) == rs:
        return rs.name
    base_name = rs.name.split("+")[0].split("/")[0]
    base = RULESETS.get(base_name, RULESETS["standard"])
    diff = rs.differences(base)
    inner = ", ".join(f"{k}={v[0]!r}" for k, v in diff.items() if k != "deck")
    return f"{base.name} with {inner}" if inner else base.name


def option_variants(rs: Ruleset) -> list[Ruleset]:
    """``rs`` with one disputed option flipped, for every option that has choices or is a
    switch: the readings a compare mode puts side by side."""
    out = []
    for f in fields(rs):
        if f.name in ("name", "summary", "deck"):
            continue
        value = getattr(rs, f.name)
        choices = f.metadata.get("choices") or ((True, False) if isinstance(value, bool) else ())
        for choice in choices:
            if choice != value:
                variant = rs.replace(**{f.name: choice})
                out.append(variant.replace(name=f"{rs.name}/{f.name}={choice}"))
    return out


def replay(battle: Battle, ruleset) -> Battle:
    """The same moves, in the same seats, under another ruleset (raises the engine's
    error if one of them is illegal there)."""
    other = Battle(battle.players, ruleset, token_holder=battle.token_holder, leader=battle.leader,
                   defender=battle.defender, region=battle.region, final=battle.final)
    for i, m in enumerate(battle.moves, 1):
        try:
            other.apply_move(m)
        except RulesError as e:
            raise type(e)(f"under {ruleset_label(get_ruleset(ruleset))}, move {i} "
                          f"({m.player} {m.kind or 'pass'}) is not allowed: {e}") from None
    return other


class Observable:
    def __init__(self):
        self._listeners: list[Callable] = []

    def observe(self, fn: Callable) -> None:
        """Call ``fn(model)`` after every change."""
        self._listeners.append(fn)

    def _changed(self) -> None:
        for fn in list(self._listeners):
            fn(self)


# -- stepping through a resolution -----------------------------------------------------------

class _Cursor(Observable):
    """A position ``index`` over ``len(self)`` items that observers follow."""

    _item = "step"                    # what one position is called in messages
    _of = "this resolution has"

    def goto(self, i: int) -> None:
        if not isinstance(i, int) or not 0 <= i < len(self):
            raise IndexError(f"{self._item} {i!r} does not exist; {self._of} {self._item}s 0 to {len(self) - 1}")
        if i != self.index:
            self.index = i
            self._changed()

    def next(self) -> bool:
        """One on; False (nothing changes) at the last one."""
        if self.index + 1 >= len(self):
            return False
        self.goto(self.index + 1)
        return True

    def prev(self) -> bool:
        if self.index == 0:
            return False
        self.goto(self.index - 1)
        return True


class StepperModel(_Cursor):
    """Which Step of a Resolution is shown, and its HTML parts."""

    def __init__(self, resolution, lang: str = "en"):
        super().__init__()
        self.resolution = resolution
        self.timeline = resolution_timeline(resolution)
        self.steps = resolution.steps
        self.lang = lang
        self.scale = H.timeline_scale(self.timeline)
        self.index = 0

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def step(self):
        return self.steps[self.index]

    def strengths(self) -> tuple[dict, dict]:
        """(before, after) of the current step."""
        return H.step_strengths(self.steps, self.index, self.timeline.players)

    def header_html(self) -> str:
        from html import escape
        return (f'<div style="font-family:sans-serif;font-size:13px">Step {self.index + 1} of {len(self.steps)}: '
                f'<b>{escape(self.step.title)}</b></div>')

    def lines_html(self) -> str:
        return H.step_lines_html(self.timeline, self.index, lang=self.lang, after=self.strengths()[1])

    def strengths_html(self) -> str:
        before, after = self.strengths()
        winner = self.resolution.winner if self.index == len(self.steps) - 1 else None
        return H.strengths_html(self.timeline.players, after, before, scale=self.scale, winner=winner)

    def rule_html(self) -> str:
        return H.rule_html(self.step)

    def html(self) -> str:
        return H.step_html(self.timeline, self.index, lang=self.lang, scale=self.scale)


# -- comparing two rulesets ----------------------------------------------------------------------

def _signature(step):
    # Who a step is about matters: the token going to another player is a divergence even
    # when every strength is the same (courtesan_token flipped, for example).
    return (step.rule, tuple(sorted((step.strengths or {}).items())), tuple(step.cards), step.player,
            repr(sorted(step.data.items())) if step.data else "")


class CompareModel(_Cursor):
    """The same battle under two rulesets, steps aligned side by side.

    ``rows`` pairs the step indexes of the two resolutions (None where one side has no
    counterpart); ``differs[k]`` is True where row k is not the same step with the same
    strengths on both sides: the places the rulesets diverge.
    """

    _item = "row"
    _of = "the comparison has"

    def __init__(self, battle: Battle, left, right, lang: str = "en"):
        super().__init__()
        self.rulesets = (get_ruleset(left), get_ruleset(right))
        self.resolutions = tuple(replay(battle, rs).resolve() for rs in self.rulesets)
        self.timelines = tuple(resolution_timeline(r) for r in self.resolutions)
        self.lang = lang
        self.scale = max(H.timeline_scale(t) for t in self.timelines)
        a, b = ([_signature(s) for s in r.steps] for r in self.resolutions)
        rows, differs = [], []
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
            for i, j in zip_longest(range(i1, i2), range(j1, j2)):
                rows.append((i, j))
                differs.append(tag != "equal")
        self.rows = rows
        self.differs = differs
        self.index = self.first_difference if self.first_difference is not None else 0

    @property
    def labels(self) -> tuple[str, str]:
        return tuple(ruleset_label(rs) for rs in self.rulesets)

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
        k = next((k for k in range(self.index + 1, len(self.rows)) if self.differs[k]), None)
        if k is None:
            return False
        self.goto(k)
        return True

    def side_html(self, side: int) -> str:
        from html import escape
        i = self.rows[self.index][side]
        label = escape(self.labels[side])
        if i is None:
            body = ('<div style="color:#888888;font-style:italic;padding:8px">no matching step under this '
                    'ruleset</div>')
        else:
            body = H.step_html(self.timelines[side], i, lang=self.lang, scale=self.scale)
        return f'<div style="font-family:sans-serif"><div style="font-size:13px"><b>{label}</b></div>{body}</div>'

    def summary_html(self) -> str:
        from html import escape
        parts = []
        for label, r in zip(self.labels, self.resolutions):
            who = f"{escape(r.winner)} wins" if r.winner else "tie, nobody conquers"
            totals = ", ".join(f"{escape(p)} {v}" for p, v in r.strengths.items())
            parts.append(f"<b>{escape(label)}</b>: {who} ({totals}); token {escape(str(r.token_holder))}")
        n = sum(self.differs)
        verdict = ("the outcome differs" if self.outcomes_differ else "the same outcome")
        return (f'<div class="cnb-compare-summary" style="font-family:sans-serif;font-size:12px">'
                + "<br>".join(parts) + f"<br>{n} of {len(self.rows)} steps differ; {verdict}.</div>")

    def html(self) -> str:
        mark = ""
        if self.differs[self.index]:
            mark = (f'<div class="cnb-diverge" style="background:#fde2e1;color:#8a1c1c;padding:2px 6px;'
                    f'font-family:sans-serif;font-size:12px"><b>The rulesets diverge here</b> '
                    f'(row {self.index + 1} of {len(self.rows)})</div>')
        else:
            mark = (f'<div style="color:#555555;padding:2px 6px;font-family:sans-serif;font-size:12px">'
                    f'Same step under both rulesets (row {self.index + 1} of {len(self.rows)})</div>')
        return (mark + '<table style="border-collapse:collapse"><tr>'
                f'<td style="vertical-align:top;padding-right:12px;width:50%">{self.side_html(0)}</td>'
                f'<td style="vertical-align:top;border-left:1px solid #cccccc;padding-left:12px;width:50%">'
                f'{self.side_html(1)}</td></tr></table>')


# -- building a battle ---------------------------------------------------------------------------

class BuilderModel(Observable):
    """The battle builder's state: seats, the battle, the options of the next play,
    the language, and (after Resolve) a stepper or a comparison.

    >>> m = BuilderModel(["Ana", "Ben"])
    >>> m.play("10"), m.play("winter")
    (True, True)
    >>> m.notation(), m.battle.strengths()
    ('[Ana Ben] Ana 10, Ben winter', {'Ana': 1, 'Ben': 0})
    >>> m.set_face_down(True), m.message[:34]
    (False, 'cards are played face up under the')
    >>> m.resolve(), m.stepper.resolution.winner
    (True, 'Ana')
    """

    def __init__(self, players: Sequence[str] = ("Ana", "Ben"), ruleset="standard", notation: str | None = None,
                 lang: str = "en", auto_advance: bool = True, compare=None):
        super().__init__()
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
        self.lang = lang
        self.auto_advance = bool(auto_advance)
        self.face_down = False
        self.take: str | None = None
        self.message = ""
        self.message_kind = ""
        self.stepper: StepperModel | None = None
        self.comparison: CompareModel | None = None
        self.compare_with: Ruleset | None = None
        if notation:
            self.battle = Battle.from_notation(notation, ruleset=self._notation_ruleset(notation, ruleset))
        else:
            self.battle = Battle(list(players), ruleset)
        self.selected = self.battle.to_move or self.battle.players[0]
        if compare is not None:
            self.compare_with = get_ruleset(compare)

    # -- reading the state ----------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return self.battle.players

    @property
    def ruleset(self) -> Ruleset:
        return self.battle.ruleset

    def notation(self) -> str:
        return self.battle.notation()

    def deck_left(self) -> dict[str, int]:
        """kind -> how many cards of that kind are still in the deck (not in a line, not
        discarded, not taken back to a hand)."""
        left = dict(self.ruleset.counts)
        b = self.battle
        for c in b.in_play():
            left[c.kind] -= 1
        for c in b.discarded:
            left[c.kind] -= 1
        for cs in b.returned.values():
            for c in cs:
                left[c.kind] -= 1
        return left

    def face_down_allowed(self, kind: str | None = None) -> bool:
        """May a card (of ``kind``, or any card) be played face down here?  (The engine's rule.)"""
        ways = self.ruleset.ways
        return any(True in w for w in ways.values()) if kind is None else True in ways.get(kind, ())

    def take_options(self) -> list[tuple[str, str | None]]:
        """The selected player's Scarecrow choices, as the engine lists them: nothing (where the
        ruleset lets a Scarecrow take nothing), or one of their face-up Mercenaries it may take back."""
        scarecrow = KINDS["scarecrow"]
        cards = self.battle.take_cards(self.selected, scarecrow)
        nothing = [("take nothing back", None)] if None in self.battle.take_options(self.selected, scarecrow) else []
        return nothing + [(f"take back {c.name} (card #{c.id})", f"{c.kind}#{c.id}") for c in cards]

    def card_label(self, kind: str) -> str:
        return card_name(kind, self.lang)

    def compare_choices(self) -> list[tuple[str, Ruleset]]:
        """Rulesets to compare with: every named ruleset but the current one, and the
        current one with each disputed option flipped."""
        # Cached per ruleset and RULESETS contents: building the variants costs more than a click.
        key = (id(self.ruleset), tuple((k, id(v)) for k, v in RULESETS.items()))
        if getattr(self, "_choices_key", None) != key:
            out = [(ruleset_label(rs), rs) for name, rs in RULESETS.items() if rs != self.ruleset]
            out += [(ruleset_label(rs), rs) for rs in option_variants(self.ruleset)]
            self._choices_key, self._choices = key, out
        return list(self._choices)

    # -- plumbing ----------------------------------------------------------------------------
    def fail(self, error: Exception) -> bool:
        self.message, self.message_kind = str(error), "error"
        self._changed()
        return False

    def _ok(self, info: str = "") -> bool:
        self.message, self.message_kind = info, ("info" if info else "")
        if self.stepper is not None or self.comparison is not None:
            # Results stay live: an edit re-resolves at once, on the same step.
            try:
                self._open_results(keep_index=True)
            except RulesError as e:
                self.close_results()
                self.message, self.message_kind = f"the comparison was closed: {e}", "error"
        self._changed()
        return True

    def _after_move(self) -> None:
        self.face_down = False
        self.take = None
        if self.auto_advance and self.battle.to_move is not None:
            self.selected = self.battle.to_move

    @staticmethod
    def _notation_ruleset(text: str, ruleset):
        # A "(name)" head in the notation chooses the ruleset itself.
        return None if text.strip().startswith("(") else ruleset

    # -- actions -------------------------------------------------------------------------------
    def select(self, player: str) -> bool:
        if player not in self.players:
            return self.fail(RulesError(f"{player!r} is not a player; players are {list(self.players)}"))
        self.selected = player
        self.take = None
        return self._ok()

    def set_face_down(self, flag: bool) -> bool:
        if flag and not self.face_down_allowed():
            return self.fail(RulesError(
                f"cards are played face up under the {self.ruleset.name!r} ruleset; choose a ruleset with "
                f"hidden cards, such as 'hidden-cards', to play face down"))
        self.face_down = bool(flag)
        return self._ok()

    def set_take(self, take: str | None) -> bool:
        allowed = [v for _, v in self.take_options()]
        if take is not None and take not in allowed:      # None: nothing chosen (yet)
            return self.fail(RulesError(f"{self.selected} has no face-up Mercenary {take!r} to take back; "
                                         f"choices: {', '.join(str(v) for v in allowed)}"))
        self.take = take
        return self._ok()

    def play(self, kind: str) -> bool:
        """The selected player plays a card of ``kind`` with the current options."""
        try:
            if KINDS.get(kind) is not None and KINDS[kind].choice == "take":     # a Scarecrow
                take = None if self.face_down else self.take
                self.battle.play(self.selected, kind, face_down=self.face_down, take=take)
            else:
                self.battle.play(self.selected, kind, face_down=self.face_down)
        except RulesError as e:
            return self.fail(e)
        self._after_move()
        return self._ok()

    def pass_turn(self) -> bool:
        try:
            self.battle.pass_turn(self.selected)
        except RulesError as e:
            return self.fail(e)
        self._after_move()
        return self._ok()

    def undo(self) -> bool:
        try:
            move = self.battle.undo()
        except RulesError as e:
            return self.fail(e)
        self.selected = move.player
        return self._ok(f"undid {move.player} {move.kind or 'pass'}")

    def reset(self) -> bool:
        self.battle = Battle(self.players, self.ruleset)
        self.selected = self.battle.to_move or self.players[0]
        self.face_down, self.take = False, None
        self.close_results()
        return self._ok()

    def set_players(self, names: Sequence[str]) -> bool:
        """New seats.  Moves are kept seat by seat while every seat that moved is still
        there; otherwise the battle starts afresh (and says so)."""
        names = [n.strip() if isinstance(n, str) else n for n in names]
        try:
            fresh = Battle(names, self.ruleset)
        except RulesError as e:
            return self.fail(e)
        old = self.players
        seat = {p: i for i, p in enumerate(old)}
        info = ""
        if self.battle.moves:
            try:
                if any(seat[m.player] >= len(names) for m in self.battle.moves):
                    raise RulesError("a seat that moved is gone")
                renamed = Battle(names, self.ruleset)
                for m in self.battle.moves:
                    renamed.apply_move(m, player=names[seat[m.player]])
                fresh = renamed
            except RulesError:
                info = f"new seats: the {len(self.battle.moves)} moves so far were cleared"
        self.battle = fresh
        if self.selected in old and seat[self.selected] < len(names):
            self.selected = names[seat[self.selected]]
        else:
            self.selected = fresh.to_move or names[0]
        self.take = None
        self.close_results()
        return self._ok(info)

    def set_player_count(self, n: int) -> bool:
        if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 6:
            return self.fail(RulesError(f"a battle needs 2 to 6 players, not {n!r}"))
        names = list(self.players[:n])
        spare = [d for d in DEFAULT_NAMES if d not in names]
        while len(names) < n:
            names.append(spare.pop(0))
        return self.set_players(names)

    def rename(self, seat: int, name: str) -> bool:
        names = list(self.players)
        if not 0 <= seat < len(names):
            return self.fail(RulesError(f"there is no seat {seat}; seats are 0 to {len(names) - 1}"))
        names[seat] = name
        return self.set_players(names)

    def set_ruleset(self, ruleset) -> bool:
        """Switch rulesets, replaying the moves; if one is illegal there, nothing changes."""
        try:
            rs = get_ruleset(ruleset)
            battle = replay(self.battle, rs)
        except RulesError as e:
            return self.fail(e)
        self.battle = battle
        if self.face_down and not self.face_down_allowed():
            self.face_down = False
        if self.compare_with == rs:
            self.compare_with = None
        return self._ok()

    def set_lang(self, lang: str) -> bool:
        if lang not in LANGUAGES:
            return self.fail(ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}"))
        self.lang = lang
        for m in (self.stepper, self.comparison):
            if m is not None:
                m.lang = lang
        return self._ok()

    def load_notation(self, text: str) -> bool:
        """Replace the battle by the one written in ``text`` (seats included)."""
        try:
            battle = Battle.from_notation(text, ruleset=self._notation_ruleset(text, self.ruleset))
        except RulesError as e:
            return self.fail(e)
        self.battle = battle
        self.selected = battle.to_move or battle.players[0]
        self.face_down, self.take = False, None
        self.close_results()
        return self._ok(f"loaded {len(battle.moves)} moves")

    def set_compare(self, ruleset) -> bool:
        """Compare mode: Resolve shows this ruleset beside the current one (None: off)."""
        try:
            self.compare_with = None if ruleset is None else get_ruleset(ruleset)
        except RulesError as e:
            return self.fail(e)
        if self.stepper is not None or self.comparison is not None:
            self.close_results()
            return self.resolve()
        return self._ok()

    def resolve(self) -> bool:
        """Open the stepper on a resolution of a copy (the battle stays editable), or the
        comparison when compare mode is on."""
        try:
            self._open_results(keep_index=False)
        except RulesError as e:
            return self.fail(e)
        self.message, self.message_kind = "", ""
        self._changed()
        return True

    def _open_results(self, keep_index: bool) -> None:
        old = self.comparison if self.compare_with is not None else self.stepper
        index = old.index if (keep_index and old is not None) else None
        if self.compare_with is not None:
            self.comparison = CompareModel(self.battle, self.ruleset, self.compare_with, self.lang)
            self.stepper = None
            target = self.comparison
        else:
            self.stepper = StepperModel(self.battle.preview(), self.lang)
            self.comparison = None
            target = self.stepper
        if index is not None:
            target.index = min(index, len(target) - 1)
        elif target is self.stepper:
            target.index = 0

    def close_results(self) -> None:
        self.stepper = None
        self.comparison = None
