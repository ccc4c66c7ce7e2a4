"""The state behind the Practice widget, in plain Python (no ipywidgets here): the exercises,
the learner's answers, the score and streak, and which rule comes back.

Only the first try at an exercise is scored.  A miss brings its rule back a little later in the
session with a new exercise, and the learner is told why it came back.  The scheduler is a small
Leitner box of our own (:class:`Boxes`), not FSRS: FSRS spaces reviews over days and its learning
steps are minutes of wall clock, while a workshop set lasts half an hour and the learners move at
their own pace, so an item comes back after a number of items answered, the same for everyone and
exact in tests; and it adds no dependency to the offline JupyterLite site.  Its clock (for the
times saved with the progress) is injectable.

>>> m = PracticeModel("card.drummer", count=2, seed=3)
>>> m.answer(m.exercise.answer), m.score, m.streak
(True, 1, 1)
"""
from __future__ import annotations

import json
import time
from html import escape
from pathlib import Path

from ..errors import Quoted, RulesError
from ..practice import exercises, from_code
from ..practice.exercise import NUMBERS
from ..rules import RULES
from . import html as H
from .observable import Tells
from .words import Html, words

__all__ = ["PracticeModel", "Boxes", "exercise_html", "answer_choices"]

#: How many items later a rule comes back, by its box (1: just missed; 2: right after a hint).
COMES_BACK = {1: 2, 2: 4}
PROGRESS_VERSION = 1


class Boxes:
    """A Leitner box per rule: a miss puts it in box 1 ("Again": back after 2 items), a right
    answer after a hint in box 2 ("Hard": back after 4), a right answer without help one box up
    (box 3 and above: not brought back in this session)."""

    def __init__(self):
        self.box: dict[str, int] = {}
        self.due: dict[str, int] = {}          # rule -> the item count at which it comes back

    def grade(self, rule: str, grade: str, done: int) -> None:
        """Record ``grade`` ("again", "hard", "good") for ``rule`` after ``done`` items."""
        if grade == "again":
            self.box[rule] = 1
        elif grade == "hard":
            self.box[rule] = 2
        else:
            self.box[rule] = self.box.get(rule, 2) + 1
        wait = COMES_BACK.get(self.box[rule])
        if wait is None:
            self.due.pop(rule, None)
        else:
            self.due[rule] = done + wait

    def coming_back(self, done: int) -> str | None:
        """The rule due back after ``done`` items (the earliest), or None."""
        due = sorted((d, r) for r, d in self.due.items() if d <= done)
        return due[0][1] if due else None

    def taken(self, rule: str) -> None:
        self.due.pop(rule, None)


def answer_choices(ex, lang: str | None = None) -> list[tuple[str, object]]:
    """What a learner clicks to answer: (label, answer) for each player and "nobody", or each card
    of the hand; [] for a number (typed)."""
    t = words(lang)
    if ex.kind in NUMBERS:
        return []
    if ex.kind == "hand":
        return [(t.card(k), k) for k in ex.plan.hand]
    choices = [(p, p) for p in ex.plan.players]
    if ex.kind in ("winner", "favor", "marker", "victory"):
        choices.append((t.say("nobody"), None))
    return choices


def exercise_html(ex, lang: str | None = None) -> str:
    """The position of an exercise with the BattleBuilder's card pictures, without the strengths
    (they are the answer), and its question."""
    t = words(lang)
    if ex.kind in GAME_KINDS:
        return _game_exercise_html(ex, t)
    b = ex.position
    players = b.players
    rows = []
    for p in players:
        line = b.line(p)
        rows.append(H.line_html(p, [H.Shown(c, revealed=c.id in b.face_down) for c in line], lang=t.lang,
                                passed=p in b.passed, colour=H.player_colour(players, p)))
    notes = []
    if b.favor:
        notes.append(t.say("{player} holds the Pope's Favor.", player=b.favor))
    if b.face_down:
        notes.append(t.say("Dashed cards were played face down: the players do not see them until the end."))
    if ex.kind == "hand":
        deck = {c.kind: c for c in reversed(b.deck)}
        notes_hand = H.hand_html([deck[k] for k in ex.plan.hand], lang=t.lang)
    else:
        notes_hand = ""
    tail = "".join(f'<div style="font-size:12px;opacity:0.8"{t.dir}>{escape(n)}</div>' for n in notes)
    question = f'<div class="cnb-practice-question" style="font-weight:bold;margin:6px 0"{t.dir}>' \
               f'{escape(ex.say_question(t.lang))}</div>'
    return f'<div class="cnb-practice-position">{"".join(rows)}{tail}{notes_hand}{question}</div>'


#: The kinds of question whose position is a Game.
GAME_KINDS = ("marker", "victory", "cards")


def _game_exercise_html(ex, t) -> str:
    """A game position: the map (who controls which region, the battle's region under the token),
    each player's regions, hand size and the token (the game's table), the battle's lines with the
    card pictures, and the question."""
    from .mapsvg import map_svg
    g = ex.position
    table = H.game_html(g, lang=t.lang, battle=False)
    drawn = map_svg(g.control, g.favor, g.region, players=list(g.players), legend=False, lang=t.lang)
    drawn = drawn.replace(' width="440" height="512"', ' style="width:100%;height:auto"', 1)
    b = g.battle
    rows = [H.line_html(p, [H.Shown(c) for c in b.line(p)], lang=t.lang, passed=p in b.passed,
                        colour=H.player_colour(b.players, p)) for p in b.players]
    question = f'<div class="cnb-practice-question" style="font-weight:bold;margin:6px 0"{t.dir}>' \
               f'{escape(ex.say_question(t.lang))}</div>'
    return (f'<div class="cnb-practice-position"><div style="display:flex;flex-wrap:wrap;gap:8px;'
            f'align-items:flex-start"><div style="width:260px;flex:none">{drawn}</div>'
            f'<div style="flex:1;min-width:280px">{table}{"".join(rows)}</div></div>{question}</div>')


class PracticeModel(Tells):
    """A practice session: ``exercises`` (from ``rule``, ``count``, ``seed``, ``ruleset``, ``level``,
    or a workshop ``code``), the one shown (``exercise``), ``score`` (right at the first try),
    ``answered``, ``streak`` and ``best``, and the rules coming back.  ``clock``: a function giving
    the time in seconds (for the saved progress; tests pass their own)."""

    def __init__(self, rule=None, count: int = 10, seed: int = 0, ruleset="standard", level=None, *,
                 code: str | None = None, lang: str = "en", clock=time.time):
        super().__init__()
        self.lang = words(lang).lang
        if code is not None:
            self.items = list(from_code(code))
        elif rule is not None:
            self.items = list(exercises(rule, count=count, seed=seed, ruleset=ruleset, level=level))
        else:
            raise RulesError.say("a practice session needs a rule id (or a list of them) or a workshop code")
        self.code, self.seed, self.ruleset, self.level = code, seed, ruleset, level
        self.clock = clock
        self.index = 0
        self.score = self.answered = self.streak = self.best = 0
        self.boxes = Boxes()
        self.tried = False              # the current exercise has been answered once
        self.solved = False
        self.hinted = False
        self.shown = False
        self.came_back: str | None = None
        self.feedback = ""
        self.log: list[dict] = []
        self._extra = 0                 # exercises made for rules that came back

    # -- what is shown ----------------------------------------------------------------------------
    @property
    def exercise(self):
        return self.items[self.index]

    @property
    def finished(self) -> bool:
        return self.index >= len(self.items) - 1 and self.solved

    def position_html(self) -> str:
        return exercise_html(self.exercise, self.lang)

    def choices(self) -> list[tuple[str, object]]:
        return answer_choices(self.exercise, self.lang)

    def status(self) -> str:
        t = self.words
        return t.say("Exercise {i} of {n} · score {score} of {answered} · streak {streak} (best {best})",
                     i=self.index + 1, n=len(self.items), score=self.score, answered=self.answered,
                     streak=self.streak, best=self.best)

    def why_back(self) -> str:
        """Why this exercise is here, when its rule came back after a miss."""
        if self.came_back is None:
            return ""
        t = self.words
        return t.say("This rule came back because you missed it: “{rule}”.", rule=t.say(RULES[self.came_back].title))

    # -- answering --------------------------------------------------------------------------------
    def answer(self, given) -> bool:
        """Check ``given``; the first try scores and schedules its rule; the feedback is kept."""
        ex = self.exercise
        right = ex.check(given)
        if not self.tried:
            self.tried = True
            self.answered += 1
            if right and not self.hinted and not self.shown:
                self.score += 1
                self.streak += 1
                self.best = max(self.best, self.streak)
                grade = "good"
            else:
                self.streak = 0
                grade = "hard" if right else "again"
            self.boxes.grade(ex.rule, grade, self.answered)
            self.log.append({"rule": ex.rule, "right": right, "hint": self.hinted, "at": self.clock()})
        self.solved = self.solved or right
        self.feedback = ex.feedback(given, self.lang)
        self.tell("info" if right else "error", None)
        self._changed()
        return right

    def hint(self) -> str:
        self.hinted = True
        self.feedback = self.exercise.hint(self.lang)
        self._changed()
        return self.feedback

    def show_answer(self) -> str:
        """The answer and the engine's steps; the exercise then counts as missed if not yet tried."""
        ex = self.exercise
        if not self.tried:
            self.tried = True
            self.answered += 1
            self.streak = 0
            self.boxes.grade(ex.rule, "again", self.answered)
            self.log.append({"rule": ex.rule, "right": False, "hint": self.hinted, "at": self.clock()})
        self.shown = self.solved = True
        t = self.words
        self.feedback = t.say("The answer: {answer}.", answer=ex.answer_text(lang=self.lang)) + "\n" + \
            ex.explain(self.lang)
        self._changed()
        return self.feedback

    def next(self) -> bool:
        """The next exercise (a rule that is due back first, with a new exercise of it); False at the end."""
        back = self.boxes.coming_back(self.answered)
        self.came_back = None
        if back is not None:
            self.boxes.taken(back)
            self._extra += 1
            fresh = exercises(back, count=1, seed=self.seed * 1000 + self._extra,
                              ruleset=self.exercise.ruleset, level=None)[0]
            self.items.insert(self.index + 1, fresh)
            self.came_back = back
        elif self.index + 1 >= len(self.items):
            t = self.words
            self.feedback = t.say("The set is finished: {score} of {answered} right at the first try.",
                                  score=self.score, answered=self.answered)
            self._changed()
            return False
        self.index += 1
        self.tried = self.solved = self.hinted = self.shown = False
        self.feedback = ""
        self._changed()
        return True

    def set_lang(self, lang: str) -> None:
        self.lang = words(lang).lang
        self._changed()

    # -- progress ---------------------------------------------------------------------------------
    def progress(self) -> dict:
        return {"version": PROGRESS_VERSION, "score": self.score, "answered": self.answered, "streak": self.streak,
                "best": self.best, "boxes": dict(self.boxes.box), "due": dict(self.boxes.due), "log": self.log,
                "saved": self.clock()}

    def save(self, path) -> None:
        Path(path).write_text(json.dumps(self.progress(), ensure_ascii=False, indent=1), encoding="utf-8")

    def load(self, path) -> None:
        """Load a saved progress (score, streak, boxes); a file that is not one is a RulesError."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise RulesError.say("cannot read the practice progress {path}: {reason}", path=Quoted.of(str(path)),
                                 reason=type(e).__name__) from e
        ok = isinstance(data, dict) and data.get("version") == PROGRESS_VERSION and all(
            isinstance(data.get(k), int) and not isinstance(data.get(k), bool) and data[k] >= 0
            for k in ("score", "answered", "streak", "best")) and isinstance(data.get("boxes"), dict) \
            and isinstance(data.get("due"), dict) and all(r in RULES for r in data["boxes"]) \
            and all(r in RULES for r in data["due"]) and data["score"] <= data["answered"]
        if not ok:
            raise RulesError.say("{path} is not a saved practice progress of this version", path=Quoted.of(str(path)))
        self.score, self.answered, self.streak, self.best = (data[k] for k in ("score", "answered", "streak", "best"))
        self.boxes.box = {r: int(b) for r, b in data["boxes"].items()}
        self.boxes.due = {r: int(d) for r, d in data["due"].items()}
        self.log = list(data.get("log", []))
        self._changed()


def feedback_html(text: str, right: bool | None, lang: str | None = None) -> str:
    """The feedback: its first line (right or wrong, and why) coloured, then the steps."""
    t = words(lang)
    head, _, steps = text.partition("\n")
    colour = "#1b5e20" if right else "#b00020" if right is False else "#333333"
    body = "".join(f"<div>{escape(line)}</div>" for line in steps.splitlines())
    return Html(f'<div class="cnb-practice-feedback"{t.dir}><div style="color:{colour};font-weight:bold">'
                f'{escape(head)}</div><div style="font-size:12px;margin-top:4px">{body}</div></div>')
