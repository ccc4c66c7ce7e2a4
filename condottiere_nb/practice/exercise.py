"""One exercise: a position, a question in the learner's language, the one right answer the
engine found, the wrong answers that a misapplied rule gives, and the engine's explanation.

Every sentence is a message of the catalogues (``condottiere_nb/locale``), said in the current
language (:func:`condottiere_nb.set_language`) or the one asked for.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from ..cards import Card
from ..notation import parse_kind
from ..errors import RulesError
from ..language import speaker
from ..rules import RULES
from .plans import Plan, build

__all__ = ["Exercise", "Mistake", "NOBODY", "NUMBERS"]

#: What a learner types for "nobody" (a tie: nobody conquers; nobody earned the Favor), in the
#: five languages.
NOBODY = frozenset({
    "nobody", "no one", "noone", "none", "no-one", "tie", "-",
    "không ai", "không có ai", "hòa", "hoà",
    "nadie", "ninguno", "empate",
    "沒有人", "没有人", "無人", "无人", "平手", "沒有", "没有",
    "هیچ‌کس", "هیچکس", "هیچ کس", "مساوی", "هیچ‌کدام",
    # "nobody yet" (nobody has won the game yet)
    "nobody yet", "no one yet", "not yet", "chưa ai", "chưa có ai", "nadie todavía", "todavía nadie", "nadie aún",
    "還沒有人", "还没有人", "尚無人", "尚无人", "هنوز هیچ‌کس", "هنوز هیچکس",
})

_UNREAD = object()

#: The kinds of question answered by a number.
NUMBERS = ("strength", "cards")

#: The stage a swap names by its card.
_STAGE_CARD = {"season.winter": "winter", "card.drummer": "drummer", "season.spring": "spring"}


@dataclass(frozen=True)
class Mistake:
    """A wrong answer and the misapplied rule that gives it: ``rule`` (its id), ``variant`` (how
    the engine was run: see :mod:`condottiere_nb.practice.plans`) and ``answer``."""

    rule: str
    variant: tuple
    answer: object


def _fold(text: str) -> str:
    return unicodedata.normalize("NFC", " ".join(text.split())).casefold()


class Exercise:
    """A question about a battle that one rule decides.

    ``rule`` (the rule id it practises), ``rules`` (the other rules that change its answer),
    ``level`` (how many rules change it), ``position`` (the Battle to show: before the move the
    question names), ``question`` (a sentence in the current language), ``answer``, ``check(answer)``,
    ``explanation`` (the engine's steps), ``feedback(answer)`` and ``hint()``; ``mistakes``: the wrong
    answers of a misapplied rule, each with its rule."""

    def __init__(self, rule: str, rules: tuple, plan: Plan, answer, mistakes: tuple):
        self.rule, self.rules, self.plan, self.answer, self.mistakes = rule, tuple(rules), plan, answer, mistakes
        self.level = len({rule, *rules} - {"strength.printed", "battle.compare"})
        self.ruleset = plan.ruleset
        self.kind = plan.ask
        self.position = build(plan, explain=True, pending=False)
        solved = self.position.copy()
        if plan.pending is not None:
            player, kind, face_down, take = plan.pending
            solved.play(player, kind, face_down=face_down, **({} if take is None else {"take": take}))
        elif plan.ask == "hand":
            solved.play(plan.asked, answer)
        #: the battle as the question ends it: its move played, resolved as if everyone passed now
        self.solution = solved.preview()

    # -- what the learner reads ---------------------------------------------------------------------
    @property
    def question(self) -> str:
        return self.say_question()

    def say_question(self, lang: str | None = None) -> str:
        """The question in ``lang`` (the current language when None)."""
        t = speaker(lang)
        plan = self.plan
        if plan.pending is not None:
            player, kind, _down, take = plan.pending
            if take is None:
                setup = t.say("{player} plays {card}, then everyone passes.", player=player, card=t.a_card(kind))
            elif ":" in str(take):
                owner, _, taken = str(take).partition(":")
                setup = t.say("{player} plays {card} and removes {owner}'s {taken}, then everyone passes.",
                              player=player, card=t.a_card(kind), owner=owner, taken=t.card(taken))
            else:
                setup = t.say("{player} plays {card} and takes back their {taken}, then everyone passes.",
                              player=player, card=t.a_card(kind), taken=t.card(str(take)))
        elif plan.ask == "hand":
            setup = t.say("It is {player}'s turn, and {player} holds {cards}.", player=plan.asked,
                          cards=t.join(t.card(k) for k in plan.hand))
        else:
            setup = t.say("Everyone passes now.")
        asks = {
            "winner": lambda: t.say("Who conquers the region? (a player, or nobody)"),
            "strength": lambda: t.say("What is {player}'s strength in the count?", player=plan.asked),
            "token": lambda: t.say("Who takes the Condottiere token?"),
            "favor": lambda: t.say("Who holds the Pope's Favor after this battle? (a player, or nobody)"),
            "hand": lambda: t.say("Which one card makes {player} conquer the region, if everyone passes after it?",
                                  player=plan.asked),
        }
        return t.sentences(setup, asks[plan.ask]())

    def answer_text(self, answer=_UNREAD, lang: str | None = None) -> str:
        """An answer (the right one by default) as a sentence names it."""
        t = speaker(lang)
        answer = self.answer if answer is _UNREAD else answer
        if answer is None:
            return t.say("nobody")
        if self.kind == "hand":
            return t.card(answer)
        return str(answer)

    @property
    def explanation(self) -> str:
        return self.explain()

    def explain(self, lang: str | None = None) -> str:
        """The engine's steps for the battle the question describes, in ``lang``."""
        return self.solution.explain(lang)

    def hint(self, lang: str | None = None) -> str:
        """One hint: the rule that decides the answer, by its title."""
        t = speaker(lang)
        return t.say("Hint: think of the rule “{rule}”.", rule=t.say(RULES[self.rule].title))

    # -- checking -----------------------------------------------------------------------------------
    def read(self, answer):
        """A learner's answer in the form the engine gives it, or a marker that it could not be read:
        a player's name (any case), "nobody" in five languages, a number, a card's name in five
        languages."""
        if self.kind in NUMBERS:
            if isinstance(answer, bool):
                return _UNREAD
            if isinstance(answer, int):
                return answer
            if isinstance(answer, str):
                text = answer.strip()
                if text.isdigit() and len(text) <= 4:
                    return int(text)
            return _UNREAD
        if self.kind == "hand":
            if isinstance(answer, Card):
                return answer.kind
            try:
                return parse_kind(answer.strip() if isinstance(answer, str) else answer, self.ruleset.kinds)
            except RulesError:
                return _UNREAD
        if answer is None:
            return None
        if not isinstance(answer, str):
            return _UNREAD
        text = _fold(answer)
        if text in NOBODY:
            return None
        for p in self.plan.players:
            if _fold(p) == text:
                return p
        return _UNREAD

    def check(self, answer) -> bool:
        """True when ``answer`` is the right one (in any of the forms :meth:`read` accepts)."""
        return self.read(answer) == self.answer

    def mistake_for(self, answer) -> Mistake | None:
        """The kept mistake that gives ``answer``, or None."""
        given = self.read(answer)
        if given is _UNREAD:
            return None
        for m in self.mistakes:
            if m.answer == given:
                return m
        return None

    def mistake_sentence(self, mistake: Mistake, lang: str | None = None) -> str:
        """Which mistake gives that answer, as a sentence."""
        t = speaker(lang)
        how, arg = mistake.variant
        shown = self.answer_text(mistake.answer, t.lang)
        title = t.say(RULES[mistake.rule].title)
        if how == "stages" and len(arg) < len(_full_stages()):
            return t.say("{answer} is what you get if “{rule}” is left out of the count.", answer=shown, rule=title)
        if how == "stages":
            first, second = _swapped(arg)
            return t.say("{answer} is what you get if {later} is counted before {earlier}.", answer=shown,
                         later=t.card(_STAGE_CARD[second]), earlier=t.card(_STAGE_CARD[first]))
        if how == "skip":
            player, kind = self.plan.all_moves()[arg][:2]
            return t.say("{answer} is what you get if {player}'s {card} did nothing.", answer=shown, player=player,
                         card=t.card(kind))
        if how == "inert":
            return t.say("{answer} is what you get if {card} did nothing.", answer=shown, card=t.card(arg))
        if how == "face_up":
            return t.say("{answer} is what you get if the face-down cards had been played face up.", answer=shown)
        if how == "unseen":
            return t.say("{answer} is what you get if the face-down cards were not counted.", answer=shown)
        if how == "winner":
            return t.say("{answer} is what you get if the winner always took the token.", answer=shown)
        return t.say("{answer} is the answer under another reading of “{rule}”, which these rules do not use.",
                     answer=shown, rule=title)

    def feedback(self, answer, lang: str | None = None) -> str:
        """What the learner is told: right, or wrong with the mistake it is and the rule that
        decided it; then the engine's steps."""
        t = speaker(lang)
        right = self.answer_text(lang=t.lang)
        if self.check(answer):
            head = t.say("Right: {answer}.", answer=right)
        else:
            parts = [t.say("Not quite: the answer is {answer}.", answer=right)]
            mistake = self.mistake_for(answer)
            if mistake is not None:
                parts.append(self.mistake_sentence(mistake, t.lang))
            parts.append(t.say("The rule that decided it: “{rule}”.", rule=t.say(RULES[self.rule].title)))
            head = t.sentences(*parts)
        return head + "\n" + self.explain(t.lang)

    @property
    def steps(self) -> list:
        """The engine's Steps for the battle the question describes."""
        return list(self.solution.steps)

    def position_text(self, lang: str | None = None) -> str:
        """The position in one line (an answer sheet's): the battle's notation."""
        return self.position.notation()

    def __repr__(self) -> str:
        return f"<Exercise {self.rule} level={self.level} {self.kind}: {self.question!r} answer={self.answer!r}>"

    def _repr_html_(self) -> str:
        from ..views.practice_model import exercise_html
        return exercise_html(self)


def _full_stages() -> tuple:
    from ..strength import STAGES
    return STAGES


def _swapped(stages: tuple) -> tuple[str, str]:
    """The two stages a swapped order exchanges: (the one that comes first by the rules, the other)."""
    full = _full_stages()
    moved = [s for s, f in zip(stages, full) if s != f]
    return moved[1], moved[0]

