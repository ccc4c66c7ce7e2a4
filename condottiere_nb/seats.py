"""The seats at the table: the players' names, checked once for every Battle and Game.

A name is any text of letters, digits, marks, spaces and punctuation in any script (Ana, Hoàng,
مریم, 王芳), at most MAX_SEAT_NAME characters; no control characters, no unpaired surrogates.
"""
from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence

from .errors import RulesError
from .options import shown

__all__ = ["MAX_SEAT_NAME", "seat_names"]


#: The longest player's name a seat takes.
MAX_SEAT_NAME = 40


def seat_names(players, of_game: bool = False) -> tuple[str, ...]:
    """The seats as a tuple of distinct non-empty names, 2 to 6 of them, or a RulesError
    that says what was wrong (``of_game``: the seats of a Game, which also takes a number)."""
    if type(players) is not tuple and (isinstance(players, str) or not isinstance(players, Sequence)):
        if of_game:
            raise RulesError.say("players must be a list of names such as {example}, or a number, not {value}",
                                 example="['Ana', 'Ben']", value=shown(players))
        raise RulesError.say("players must be a list of names such as {example}, not {value}",
                             example="['Ana', 'Ben']", value=shown(players))
    players = tuple(players) if len(players) <= 6 else players     # a huge range is not copied
    if not 2 <= len(players) <= 6:
        if of_game:
            raise RulesError.say("Condottiere is played by 2 to 6 players, not {n}", n=len(players))
        raise RulesError.say("a battle needs 2 to 6 players, not {n}", n=len(players))
    for p in players:
        if not isinstance(p, str) or not p.strip():
            raise RulesError.say("player names must be non-empty strings; got {name}", name=shown(p))
        if len(p) > MAX_SEAT_NAME:
            raise RulesError.say("a player's name is at most {most} characters; {start}... has {n}", most=MAX_SEAT_NAME,
                                 start=repr(p[:20]), n=len(p))
        odd = odd_character(p)
        if odd is not None:
            raise RulesError.say("the name {name} holds the character {code}, which is not a letter, digit, mark, "
                                 "space or punctuation; names may use any script's letters ({examples})",
                                 name=repr(p), code="U+%04X" % ord(odd), examples="Ana, Huy, Hoàng, مریم, 王芳")
    if len(set(players)) != len(players):
        dup = next(p for p in players if players.count(p) > 1)
        raise RulesError.say("player {name} appears twice; each seat needs its own name", name=repr(dup))
    return players


@functools.lru_cache(maxsize=1024)
def odd_character(name: str) -> str | None:
    """The first character of ``name`` that is a control character, a surrogate, a private-use or
    an unassigned code point, or None.  Kept per name (at most MAX_SEAT_NAME characters): every
    Battle checks its seats, and a game or a study builds thousands with the same few names."""
    return next((ch for ch in name if unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn")), None)
