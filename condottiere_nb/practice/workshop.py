"""A workshop set: the leader picks rules, a level, a count and a seed and gets a short code; every
attendee types it in and gets the same exercises, each in their own language.

>>> code = workshop_code(["season.spring", "card.drummer"], level=None, count=3, seed=42)
>>> code
'v1:standard:season.spring+card.drummer:any:3:42:c83b'
>>> [e.answer for e in from_code(code)] == [e.answer for e in from_code(code)]
True

The code carries the generator's version (:data:`~condottiere_nb.practice.VERSION`): the same
code always gives the same set, and a code of another version is refused, never answered with a
different set.  Its last part is a check of the rest, so a mistyped or changed code is refused too.
"""
from __future__ import annotations

import hashlib
from html import escape

from ..errors import Quoted, RulesError
from ..language import speaker
from ..rules import RULES
from ..rulesets import get_ruleset
from . import VERSION, exercises

__all__ = ["workshop_code", "from_code", "read_code", "answer_sheet", "answer_sheet_html"]

_EXAMPLE = "v1:standard:season.spring+card.drummer:any:10:42:abcd"


def _check(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:4]


def workshop_code(rules, level: int | None = None, count: int = 10, seed: int = 0, ruleset="standard") -> str:
    """The code of a set of exercises (checked by making the set once: a code always works)."""
    rules = [rules] if isinstance(rules, str) else list(rules)
    rs = get_ruleset(ruleset)
    exercises(rules, count=count, seed=seed, ruleset=rs, level=level)
    body = f"{VERSION}:{rs.name}:{'+'.join(rules)}:{'any' if level is None else level}:{count}:{seed}"
    return f"{body}:{_check(body)}"


def read_code(code) -> dict:
    """The arguments of :func:`condottiere_nb.practice.exercises` a code stands for; a RulesError
    that says what is wrong with a code of another version, a mistyped or a changed one."""
    if not isinstance(code, str) or len(code) > 400:
        raise RulesError.say("a workshop code is a short text like {example}, not {value}", example=_EXAMPLE,
                             value=Quoted.of(code))
    parts = code.strip().split(":")
    if len(parts) != 7:
        raise RulesError.say("a workshop code has seven parts separated by ':', like {example}; {code} has {n}",
                             example=_EXAMPLE, code=Quoted.of(code), n=len(parts))
    version, ruleset, rules, level, count, seed, check = parts
    if version != VERSION:
        raise RulesError.say("this code was made by version {theirs} of the exercise generator, and this is "
                             "version {ours}, which would give a different set; ask the leader for a code made "
                             "with version {ours}", theirs=Quoted.of(version), ours=VERSION)
    if _check(":".join(parts[:6])) != check:
        raise RulesError.say("the code {code} was mistyped or changed: its last part does not match the rest; "
                             "copy it again from the leader", code=Quoted.of(code))
    numbers = {}
    for name, text in (("count", count), ("seed", seed)) + ((("level", level),) if level != "any" else ()):
        if not text.isdecimal() or len(text) > 9:
            raise RulesError.say("the {part} of a workshop code is a whole number, not {value}", part=name,
                                 value=Quoted.of(text))
        numbers[name] = int(text)
    return {"rule": rules.split("+"), "ruleset": ruleset, "level": numbers.get("level"), "count": numbers["count"],
            "seed": numbers["seed"]}


def from_code(code: str) -> list:
    """The exercises of a workshop code (the same for every attendee, in their own language)."""
    return exercises(**read_code(code))


def answer_sheet(code: str, lang: str | None = None) -> str:
    """The leader's answer sheet: each question, its answer and the rule that decides it."""
    t = speaker(lang)
    lines = [t.say("Answer sheet for the code {code}", code=code)]
    for i, ex in enumerate(from_code(code), 1):
        lines.append(f"{i}. {ex.say_question(t.lang)}")
        lines.append("   " + t.say("Position: {battle}", battle=ex.position_text(t.lang)))
        lines.append("   " + t.say("Answer: {answer} (the rule: {rule})", answer=ex.answer_text(lang=t.lang),
                                   rule=t.say(RULES[ex.rule].title)))
    return "\n".join(lines)


def answer_sheet_html(code: str, lang: str | None = None) -> str:
    """The answer sheet as an HTML table, for printing."""
    t = speaker(lang)
    rows = []
    for i, ex in enumerate(from_code(code), 1):
        rows.append(f"<tr><td>{i}</td><td>{escape(ex.say_question(t.lang))}<br><code>"
                    f"{escape(ex.position_text(t.lang))}</code></td><td><b>{escape(ex.answer_text(lang=t.lang))}"
                    f"</b></td><td>{escape(t.say(RULES[ex.rule].title))}</td></tr>")
    head = escape(t.say("Answer sheet for the code {code}", code=code))
    return (f'<div class="cnb-answer-sheet"><h3>{head}</h3><table>'
            + "".join(rows) + "</table></div>")
