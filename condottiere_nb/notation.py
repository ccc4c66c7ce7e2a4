"""Battle notation: a battle as one line of text that can be pasted, shared and tested.

The canonical form lists the moves in the order they were made::

    [Ana Ben Cy] Ana 10, Ben winter, Cy scarecrow>5, Ana 6*, Ben pass

* ``[...]`` the seats in clockwise order (the first placed the token and leads);
  optional: without it the players are the names in order of first appearance.
  After the names, ``token=Ben`` when another seat placed the Condottiere token,
  ``leader=Cy`` when someone else leads, ``defender=Ana`` for an Invasion battle.
* ``Name card`` a card played (English names, lower case; any name the engine reads
  is accepted on input); ``*`` after the card: played face down; ``scarecrow>5``:
  a Scarecrow taking back the player's 5 (a plain ``scarecrow`` takes nothing);
  ``scarecrow>5#35`` names the very card when the player had two 5s and took back
  the one ``take="5"`` would not pick.  A card name may have several words on input
  (``Hoàng Mùa Xuân``).
* ``Name pass`` a pass.
* An optional ``(ruleset)`` in front names the ruleset, e.g. ``(hidden-cards)``.
* Names with spaces or notation symbols are written in double quotes (``"Ana Maria"``);
  a double quote or backslash inside a quoted name gets a backslash before it.

A shorthand is accepted on input, one line per player, the cards played round-robin
in seat order and the passes last::

    Ana: 10 5 winter | Ben: 3 drummer; pass Ben
"""
from __future__ import annotations

import re
import shlex

from .errors import Listed, Quoted, RulesError
from .plays import ABILITY_MOVES, Move
from .rulesets import get_ruleset

#: The longest notation read: 110 cards and the passes of 6 players with long names fit in it.
MAX_NOTATION = 20_000

_TOKEN = re.compile(r'"[^"]*"|\S+')


_QUOTED = r'"(?:[^"\\]|\\.)*"'   # a double-quoted name; \" and \\ inside it are escapes


def _name(n: str) -> str:
    """A player's name as notation writes it: quoted when it holds a character the
    notation uses (spaces, commas, brackets, quotes ...) or reads like a keyword."""
    if re.search(r'[\s,\[\]():|;"\'\\*>=]', n) or n.lower() == "pass":
        return '"' + n.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return n


def _split_outside_quotes(text: str, sep: str) -> list[str]:
    """text.split(sep), except inside double-quoted names."""
    parts, buf, quoted, escaped = [], [], False, False
    for ch in text:
        if escaped:
            escaped = False
        elif quoted and ch == "\\":
            escaped = True
        elif ch == '"':
            quoted = not quoted
        elif ch == sep and not quoted:
            parts.append("".join(buf))
            buf = []
            continue
        buf.append(ch)
    parts.append("".join(buf))
    return parts


def format_battle(battle) -> str:
    """The canonical notation of a battle."""
    head = ""
    try:    # a named ruleset, or a combination of the Vietnamese variants ("continuous-war+invasion")
        named = get_ruleset(battle.ruleset.name) == battle.ruleset
    except RulesError:
        named = False
    if battle.ruleset.name != "standard" and named:
        head = f"({battle.ruleset.name}) "
    # who placed the token, who leads and who defends, when it is not simply the first seat
    roles = []
    if battle.token_holder != battle.players[0]:
        roles.append(f"token={_name(battle.token_holder)}")
    if battle.leader != battle.token_holder:
        roles.append(f"leader={_name(battle.leader)}")
    if battle.defender is not None:
        roles.append(f"defender={_name(battle.defender)}")
    seats = "[" + " ".join([_name(p) for p in battle.players] + roles) + "]"
    moves = []
    for m in battle.moves:
        if m.is_pass:
            moves.append(f"{_name(m.player)} pass")
        elif m.kind in ABILITY_MOVES:
            # a city-state ability instead of a card: firenze=10#52>courtesan#61, venezia=2#9>3#22
            moves.append(f"{_name(m.player)} {m.kind}={battle.deck[m.card].kind}#{m.card}>{m.take}")
        else:
            card = m.kind + ("*" if m.face_down else "")
            if m.kind in ("scarecrow", "maiden") and m.take:   # maiden>5#41: the soldier it removed
                card += f">{m.take}"
            moves.append(f"{_name(m.player)} {card}")
    return head + seats + (" " + ", ".join(moves) if moves else "")


def _split_words(text: str) -> list[str]:
    try:
        return shlex.split(text, posix=True)
    except ValueError as e:
        typed = Quoted.of(text)
        if str(e) == "No closing quotation":
            raise RulesError.say("cannot read {typed}: No closing quotation", typed=typed) from None
        if str(e) == "No escaped character":
            raise RulesError.say("cannot read {typed}: No escaped character", typed=typed) from None
        raise RulesError.say("cannot read {typed}: {reason}", typed=typed, reason=str(e)) from None


def parse_battle(text: str, ruleset=None, *, battle_class, **kwargs):
    """Build a battle of ``battle_class`` (Battle) from notation (canonical or shorthand)."""
    if not isinstance(text, str) or not text.strip():
        raise RulesError.say("battle notation is a non-empty string such as '[Ana Ben] Ana 10, Ben winter'")
    if len(text) > MAX_NOTATION:
        limit, n = format(MAX_NOTATION, ","), format(len(text), ",")
        raise RulesError.say("battle notation is at most {limit} characters (a battle of every card in the deck fits "
                             "in far fewer); this text has {n}", limit=limit, n=n)
    text = text.strip()
    m = re.match(r"\(([^)]*)\)\s*", text)
    if m:
        named = get_ruleset(m.group(1))
        if ruleset is not None and get_ruleset(ruleset) != named:
            raise RulesError.say("the notation says ruleset {named} but ruleset={given} was given",
                                 named=Quoted.of(named.name), given=Quoted.of(get_ruleset(ruleset).name))
        ruleset = named
        text = text[m.end():]
    ruleset = get_ruleset(ruleset)
    if not text.startswith("[") and (len(_split_outside_quotes(text, "|")) > 1
                                     or re.match(rf'^({_QUOTED}|[^\s\[,"]+)\s*:', text)):
        seats, moves = _shorthand(text)
        roles = {}
    else:
        seats, moves, roles = _canonical(text)
    for key, who in roles.items():
        arg = _ROLES[key]
        if kwargs.get(arg) is not None and kwargs[arg] != who:
            raise RulesError.say("the notation says {key}={who} but {arg}={given} was given", key=key,
                                 who=Quoted.of(who), arg=arg, given=Quoted.of(kwargs[arg]))
        kwargs[arg] = who
    battle = battle_class(seats, ruleset, **kwargs)
    for i, (player, word) in enumerate(moves, 1):
        try:
            _apply(battle, player, word)
        except RulesError as e:
            raise type(e).say("move {i} ({player} {word}): {error}", i=i, player=player, word=word,
                              error=e) from None
    return battle


_ROLES = {"token": "token_holder", "leader": "leader", "defender": "defender"}


def _seat_list(inner: str) -> tuple[list[str], dict[str, str]]:
    """'Ana "Ana Maria" token=Ben' -> (['Ana', 'Ana Maria'], {'token': 'Ben'})."""
    seats, roles = [], {}
    for raw in re.findall(rf'(?:{_QUOTED}|[^\s"])+|"', inner):
        m = re.match(r"(token|leader|defender)=(.+)$", raw, re.S)
        if m:
            roles[m.group(1)] = _split_words(m.group(2))[0]
        else:
            seats += _split_words(raw)
    return seats, roles


def _canonical(text: str):
    seats, roles = None, {}
    m = re.match(rf'\[((?:{_QUOTED}|[^\]"])*)\]\s*', text)
    if m:
        seats, roles = _seat_list(m.group(1))
        if not seats:
            raise RulesError.say("the seat list [...] is empty; write the players, e.g. [Ana Ben]")
        text = text[m.end():]
    moves = []
    for chunk in [c.strip() for c in _split_outside_quotes(text, ",")]:
        if not chunk:
            continue
        words = _split_words(chunk)
        # a card name may have several words ("Hoàng Mùa Xuân"); a second seat name in
        # the move means a missing comma
        if len(words) < 2 or (seats and any(w in seats for w in words[2:])):
            raise RulesError.say("cannot read the move {typed}: a move is 'Name card' or 'Name pass', moves are "
                                 "separated by commas", typed=Quoted.of(chunk))
        moves.append((words[0], " ".join(words[1:])))
    if seats is None:
        seats = []
        for p, _ in moves:
            if p not in seats:
                seats.append(p)
    else:
        for p, w in moves:
            if p not in seats:
                raise RulesError.say("the move '{player} {word}' names {named}, who is not in the seat list [{seats}]",
                                     player=p, word=w, named=Quoted.of(p), seats=Listed(Quoted.of(s) for s in seats))
    return seats, moves, roles


def _shorthand(text: str):
    passes = []
    text, *tails = _split_outside_quotes(text, ";")
    if tails:
        tail = ";".join(tails)
        words = _split_words(tail)
        if not words or words[0].lower() != "pass":
            raise RulesError.say("after ';' write 'pass' and the names that passed, not {typed}",
                                 typed=Quoted.of(tail.strip()))
        passes = words[1:]
    seats, lines = [], []
    for seg in _split_outside_quotes(text, "|"):
        seg = seg.strip()
        m = re.match(rf'({_QUOTED}|[^:"]+):(.*)$', seg, re.S)
        if not m:
            raise RulesError.say("cannot read {typed}: each part is 'Name: cards', e.g. 'Ana: 10 5 winter'",
                                 typed=Quoted.of(seg))
        name = _split_words(m.group(1))[0] if m.group(1).strip() else ""
        seats.append(name)
        lines.append(_split_words(m.group(2)))
    for p in passes:
        if p not in seats:
            raise RulesError.say("'pass {player}' names {named}, who has no line; players are [{seats}]", player=p,
                                 named=Quoted.of(p), seats=Listed(Quoted.of(s) for s in seats))
    moves = []
    for i in range(max((len(line) for line in lines), default=0)):
        for p, line in zip(seats, lines):
            if i < len(line):
                moves.append((p, line[i]))
    moves += [(p, "pass") for p in passes]
    return seats, moves


def _apply(battle, player: str, word: str) -> None:
    if word.lower() == "pass":
        battle.pass_turn(player)
        return
    card, _, take = word.partition(">")
    if "=" in card and card.partition("=")[0].lower() in ABILITY_MOVES:
        # a city-state ability instead of a card: firenze=10#52>courtesan#61, venezia=2#9>3#22
        ability, _eq, paid = card.partition("=")
        battle.check_can_act(player)
        kind = ability.lower()
        battle.apply_move(Move(player, kind, kind == "firenze", take or None, battle.find_card(player, paid).id))
        return
    face_down = card.endswith("*")
    card = card.rstrip("*")
    if _:
        battle.play(player, card, face_down=face_down, take=None if take in ("", "-") else take)
    else:
        battle.play(player, card, face_down=face_down)
