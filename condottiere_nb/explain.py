"""Explanations as data: every rule that fires produces a :class:`Step`.

The widgets, notebooks, text logs and tests all read the same steps; nothing
re-derives an explanation on its own.  ``RULES`` names every rule id with a title and
where the rulebooks state it, so a reader can find a rule by its name.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

# rule id -> (title, source in the rulebooks).  Sources name the rulebook and its
# section in the original language.
RULES: dict[str, tuple[str, str]] = {
    "play.card": ("Playing a card", "vi: Cách Chơi 1 (Chơi một lá bài); es: Jugar una carta"),
    "play.face_down": ("Playing a card face down", "vi: Luật mở rộng, Ẩn Bài"),
    "play.pass": ("Passing", "vi: Cách Chơi 2 (Bỏ qua); es: Pasar"),
    "play.wait": ("The invaded defender waits", "vi: Luật mở rộng, Xâm Lược"),
    "season.cancel": ("Winter and Spring discard each other",
                      "vi: Các lá bài Đặc Biệt 1-2 (Mùa Đông, Mùa Xuân)"),
    "card.bishop": ("Bishop", "vi: Các lá bài Đặc Biệt 3 (Giám Mục); es: Explicaciones de la tarjeta"),
    "token.favor": ("The Pope's Favor", "vi: Thành Phần 4 and Giám Mục; es: Componentes"),
    "card.scarecrow": ("Scarecrow", "vi: Các lá bài Đặc Biệt 7 (Bù Nhìn)"),
    "card.surrender": ("Surrender", "vi: Các lá bài Đặc Biệt 8 (Đầu Hàng); es: Concluyendo una batalla"),
    "battle.end": ("The battle ends", "vi: Kết thúc trận chiến; es: Concluyendo una batalla"),
    "battle.reveal": ("Hidden cards are revealed", "vi: Luật mở rộng, Ẩn Bài"),
    "strength.printed": ("Printed strengths", "vi: Chồng bài rút, Quân Lính; es: Jugar una carta"),
    "season.winter": ("Winter: every Mercenary counts 1", "vi: Các lá bài Đặc Biệt 1 (Mùa Đông)"),
    "card.drummer": ("Drummer: the line's Mercenaries double",
                     "vi: Các lá bài Đặc Biệt 5 (Người Đánh Trống)"),
    "season.spring": ("Spring: the highest Mercenaries get +3", "vi: Các lá bài Đặc Biệt 2 (Mùa Xuân)"),
    "strength.characters": ("Heroines and Courtesans are added",
                            "vi: Các lá bài Đặc Biệt 4 and 6 (Giai Nhân, Nữ Anh Hùng)"),
    "battle.compare": ("Compare strengths", "vi: Kết thúc trận chiến 1 (So sánh sức mạnh); es: 1. Compare la fuerza"),
    "token.condottiere": ("Who takes the Condottiere token",
                          "vi: Trường hợp ngoại lệ (Giai Nhân); es: 1. Compare la fuerza"),
}


def rule_title(rule: str) -> str:
    return RULES.get(rule, (rule, ""))[0]


def rule_source(rule: str) -> str:
    return RULES.get(rule, ("", ""))[1]


@dataclass(frozen=True, init=False)
class Step:
    """One rule firing: what happened, in words and as data.

    ``strengths`` are the totals after the step (``before`` the totals before it, when
    the step changed them); ``cards`` the ids of the cards it touched; ``values`` the
    effective value of every counted card after the step (card id -> value), for views
    that draw strengths as they change.
    """

    rule: str
    text: str
    strengths: Mapping[str, int] | None = None
    before: Mapping[str, int] | None = None
    cards: tuple[int, ...] = ()
    player: str | None = None
    values: Mapping[int, int] | None = None
    data: Mapping = field(default_factory=dict)

    def __init__(self, rule: str, text: str, strengths: Mapping[str, int] | None = None,
                 before: Mapping[str, int] | None = None, cards: tuple[int, ...] = (),
                 player: str | None = None, values: Mapping[int, int] | None = None,
                 data: Mapping | None = None):
        # Written by hand because a resolution makes many Steps: the frozen dataclass's own
        # __init__ sets each field through object.__setattr__, which is twice as slow.
        d = self.__dict__
        d["rule"] = rule
        d["text"] = text
        d["strengths"] = strengths
        d["before"] = before
        d["cards"] = cards
        d["player"] = player
        d["values"] = values
        d["data"] = {} if data is None else data

    @property
    def title(self) -> str:
        return rule_title(self.rule)

    @property
    def source(self) -> str:
        return rule_source(self.rule)

    def __repr__(self) -> str:
        return f"Step({self.rule!r}, {self.text!r})"

    def __str__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        # Display code lives in views/ and loads only when a notebook shows a step.
        from .views.html import rule_html
        return rule_html(self)


def join_names(items) -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = [str(i) for i in items]
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


_COUNT_WORDS = ("", "", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve")


def count_names(items) -> str:
    """Card names with repeats counted, in order of first appearance:
    ['6', '6', '3'] -> 'two 6s and 3'; ['10', '5', '4'] -> '10, 5 and 4'.

    >>> count_names(["Heroine", "Courtesan", "Courtesan"])
    'Heroine and two Courtesans'
    """
    counts: dict[str, int] = {}
    for item in items:
        key = str(item)
        counts[key] = counts.get(key, 0) + 1
    parts = []
    for name, n in counts.items():
        if n == 1:
            parts.append(name)
        else:
            word = _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else str(n)
            parts.append(f"{word} {name}s")
    return join_names(parts)


def format_strengths(strengths: Mapping[str, int]) -> str:
    return ", ".join(f"{p} {v}" for p, v in strengths.items())


def explain(steps) -> str:
    """Plain-text rendering of a list of steps, one numbered line each."""
    return "\n".join(f"{i}. [{s.rule}] {s.text}" for i, s in enumerate(steps, 1))
