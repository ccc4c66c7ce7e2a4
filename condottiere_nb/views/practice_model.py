"""The state behind the Practice widget, in plain Python (no ipywidgets here): the exercises,
the learner's answers, the score and streak, and which rule comes back.

Only the first try at an exercise is scored.  A miss brings its rule back a little later in the
session with a new exercise, and the learner is told why it came back.  The scheduler is fsrs's
(`py-fsrs <https://github.com/open-spaced-repetition/py-fsrs>`_, pure Python): one
:class:`fsrs.Card` per rule, graded at the first try: a miss (or "Show the answer") is
``Rating.Again``, a right answer after the hint ``Rating.Hard``, a right answer without help
``Rating.Good``.  fsrs schedules by dates, so the session runs on a virtual clock: it stands at
:data:`START` plus one :data:`STEP` (a minute) for every item answered (an item is answered at the
time the clock shows, then it ticks), the same for every learner and exact in tests (``clock=``
injects another: a function giving a timezone-aware datetime).

:data:`SCHEDULER` has one learning step and one relearning step of three minutes and no fuzzing.
What fsrs 6.3.2 then does (``Scheduler.review_card``):

* a new card (state Learning, step 0; a learning card with one step is the same):
  Again keeps step 0, due in the step (3 minutes); Hard keeps step 0, due in 1.5 steps
  (4.5 minutes); Good (the last step passed) and Easy make it a Review card, due in a whole number
  of days of its stability (at least one);
* a Review card: Again makes it Relearning, due in the relearning step (3 minutes); Hard, Good
  and Easy keep it in Review, due in days;
* a Relearning card: as a Learning card, with the relearning step.

On the virtual clock a missed rule thus comes back after :data:`COMES_BACK` ``[Rating.Again]``
other items (two), one right after a hint after ``COMES_BACK[Rating.Hard]`` (four), and a rule
answered right at the first try leaves the session (a day is 1,440 items).  A rule is brought back
only while it is learning or relearning: a Review card is due days later, another session's
business (a rule answered right once, then right only after a hint, is not brought back).

>>> COMES_BACK[Rating.Again], COMES_BACK[Rating.Hard]
(2, 4)
>>> m = PracticeModel("card.drummer", count=2, seed=3)
>>> m.answer(m.exercise.answer), m.score, m.streak, m.cards["card.drummer"].state.name
(True, 1, 1, 'Review')
"""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from html import escape
from pathlib import Path

from fsrs import Card, Rating, Scheduler, State

from ..errors import Quoted, RulesError
from ..practice import exercises, from_code
from ..practice.exercise import NUMBERS
from ..rules import RULES
from . import html as H
from .observable import Tells
from .words import Html, words

__all__ = ["PracticeModel", "SCHEDULER", "START", "STEP", "COMES_BACK", "items_until_back", "exercise_html",
           "answer_choices"]

#: The session's scheduler: one learning and one relearning step of three minutes (three ticks of the
#: virtual clock), no random fuzz, fsrs's default weights.
SCHEDULER = Scheduler(learning_steps=(timedelta(minutes=3),), relearning_steps=(timedelta(minutes=3),),
                      enable_fuzzing=False)
#: The virtual clock: START before the first answer, one STEP more for each item answered.
START = datetime(2026, 1, 1, tzinfo=timezone.utc)
STEP = timedelta(minutes=1)
PROGRESS_VERSION = 2


def items_until_back(rating: Rating, scheduler: Scheduler = SCHEDULER) -> int | None:
    """How many other items are answered before a rule graded ``rating`` at its first try comes back
    on the virtual clock, asked of ``scheduler`` itself; None when it leaves the session (a Review card).
    The item is answered at the clock's time, which then moves a STEP; the rule comes back once the
    clock has reached its card's due time."""
    card, _log = scheduler.review_card(Card(card_id=1, due=START), rating, review_datetime=START)
    if card.state == State.Review:
        return None
    return -(-(card.due - START) // STEP) - 1


#: rating -> items until the rule comes back (Good and Easy: not in this session).
COMES_BACK = {r: items_until_back(r) for r in (Rating.Again, Rating.Hard)}
#: the ratings the learner's first try gives, by name (as saved)
RATINGS = {r.name: r for r in (Rating.Again, Rating.Hard, Rating.Good)}


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
    ``answered``, ``streak`` and ``best``, and the rules coming back: ``cards`` (rule -> its
    :class:`fsrs.Card`) and ``ratings`` (rule -> the rating of its last first try).  ``clock``: a
    function giving a timezone-aware datetime, the time fsrs schedules by; by default the virtual
    clock (:data:`START` plus a :data:`STEP` per item answered)."""

    def __init__(self, rule=None, count: int = 10, seed: int = 0, ruleset="standard", level=None, *,
                 code: str | None = None, lang: str = "en", clock=None):
        super().__init__()
        self.lang = words(lang).lang
        if code is not None:
            self.items = list(from_code(code))
        elif rule is not None:
            self.items = list(exercises(rule, count=count, seed=seed, ruleset=ruleset, level=level))
        else:
            raise RulesError.say("a practice session needs a rule id (or a list of them) or a workshop code")
        self.code, self.seed, self.ruleset, self.level = code, seed, ruleset, level
        self.clock = self.virtual_time if clock is None else clock
        self.index = 0
        self.score = self.answered = self.streak = self.best = 0
        self.cards: dict[str, Card] = {}
        self.ratings: dict[str, Rating] = {}
        self.tried = False              # the current exercise has been answered once
        self.solved = False
        self.hinted = False
        self.shown = False
        self.came_back: str | None = None
        self.feedback = ""
        self.log: list[dict] = []
        self._extra = 0                 # exercises made for rules that came back

    # -- the clock and the scheduler --------------------------------------------------------------
    def virtual_time(self) -> datetime:
        """The virtual clock: :data:`START` plus one :data:`STEP` per item answered."""
        return START + STEP * self.answered

    def now(self) -> datetime:
        """The clock's time in UTC (fsrs asks for UTC); a naive datetime is a RulesError."""
        at = self.clock()
        if not isinstance(at, datetime) or at.tzinfo is None or at.utcoffset() is None:
            raise RulesError.say("the practice clock must give a date and time with its time zone, not {value}",
                                 value=Quoted.of(repr(at)))
        return at.astimezone(timezone.utc)

    def grade(self, rule: str, rating: Rating, at: datetime) -> None:
        """Review ``rule``'s card (a new one at its first grading) with ``rating`` at ``at``."""
        card = self.cards.get(rule) or Card(card_id=len(self.cards) + 1, due=at)
        self.cards[rule], _log = SCHEDULER.review_card(card, rating, review_datetime=at)
        self.ratings[rule] = rating
        self.log.append({"rule": rule, "right": rating != Rating.Again, "hint": self.hinted,
                         "rating": rating.name, "at": at.isoformat()})

    def due(self) -> list[str]:
        """The rules due back now, the earliest due first (then the first graded): the learning and
        relearning cards whose time has come."""
        now = self.now()
        due = [(c.due, c.card_id, r) for r, c in self.cards.items()
               if c.state in (State.Learning, State.Relearning) and c.due <= now]
        return [r for _d, _i, r in sorted(due)]

    def coming_back(self) -> str | None:
        """The rule that comes back next, or None."""
        due = self.due()
        return due[0] if due else None

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
        """Why this exercise is here, when its rule came back: missed, or right only after a hint."""
        if self.came_back is None:
            return ""
        t = self.words
        rule = t.say(RULES[self.came_back].title)
        if self.ratings.get(self.came_back) == Rating.Hard:
            return t.say("This rule came back because you got it right only after a hint: “{rule}”.", rule=rule)
        return t.say("This rule came back because you missed it: “{rule}”.", rule=rule)

    # -- answering --------------------------------------------------------------------------------
    def answer(self, given) -> bool:
        """Check ``given``; the first try scores and grades its rule; the feedback is kept."""
        ex = self.exercise
        right = ex.check(given)
        if not self.tried:
            at = self.now()                 # the item is answered at the clock's time, then it ticks
            self.tried = True
            self.answered += 1
            if right and not self.hinted and not self.shown:
                self.score += 1
                self.streak += 1
                self.best = max(self.best, self.streak)
                rating = Rating.Good
            else:
                self.streak = 0
                rating = Rating.Hard if right else Rating.Again
            self.grade(ex.rule, rating, at)
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
            at = self.now()
            self.tried = True
            self.answered += 1
            self.streak = 0
            self.grade(ex.rule, Rating.Again, at)
        self.shown = self.solved = True
        t = self.words
        self.feedback = t.say("The answer: {answer}.", answer=ex.answer_text(lang=self.lang)) + "\n" + \
            ex.explain(self.lang)
        self._changed()
        return self.feedback

    def next(self) -> bool:
        """The next exercise (a rule that is due back first, with a new exercise of it); False at the end."""
        back = self.coming_back()
        self.came_back = None
        if back is not None:
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
        """What :meth:`save` writes: the counts (``answered`` is also the virtual clock's position),
        each rule's card (``Card.to_dict()``) and last rating, the log, and the time saved."""
        return {"version": PROGRESS_VERSION, "score": self.score, "answered": self.answered, "streak": self.streak,
                "best": self.best, "cards": {r: c.to_dict() for r, c in self.cards.items()},
                "ratings": {r: g.name for r, g in self.ratings.items()}, "log": self.log,
                "saved": self.now().isoformat()}

    def save(self, path) -> None:
        Path(path).write_text(json.dumps(self.progress(), ensure_ascii=False, indent=1), encoding="utf-8")

    def load(self, path) -> None:
        """Load a saved progress (score, streak, the rules' cards); a file that is not one of this
        version (the Leitner boxes of version 1 among them) is a RulesError and changes nothing."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise RulesError.say("cannot read the practice progress {path}: {reason}", path=Quoted.of(str(path)),
                                 reason=type(e).__name__) from e
        cards = ratings = None
        ok = isinstance(data, dict) and data.get("version") == PROGRESS_VERSION and all(
            isinstance(data.get(k), int) and not isinstance(data.get(k), bool) and data[k] >= 0
            for k in ("score", "answered", "streak", "best")) and data["score"] <= data["answered"] \
            and isinstance(data.get("cards"), dict) and isinstance(data.get("ratings"), dict) \
            and all(r in RULES for r in data["cards"]) and set(data["ratings"]) == set(data["cards"]) \
            and all(g in RATINGS for g in data["ratings"].values())
        if ok:
            try:
                cards = {r: Card.from_dict(c) for r, c in data["cards"].items()}
                ratings = {r: RATINGS[g] for r, g in data["ratings"].items()}
            except (KeyError, TypeError, ValueError):
                ok = False
            else:
                ok = all(c.due.tzinfo is not None for c in cards.values())
        if not ok:
            raise RulesError.say("{path} is not a saved practice progress of this version", path=Quoted.of(str(path)))
        self.score, self.answered, self.streak, self.best = (data[k] for k in ("score", "answered", "streak", "best"))
        self.cards, self.ratings = cards, ratings
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
