"""Saving and loading a game: the setup, the seed and every action as JSON, plus a snapshot of
the state that loading checks after replaying the actions.

Loading takes any input, however malformed, hostile or large, and either rebuilds exactly the
game that was saved or raises RulesError saying what is wrong; nothing is half-loaded.  It is
bounded by the limits below, checked before the text is parsed or the game replayed, so any
input is loaded or refused within about a second and a few megabytes.  A loaded game saves back
to the same data: a file that says the same thing another way (a key twice, an option at its
standard value, a region in lower case) is refused, not rewritten.
"""
from __future__ import annotations

import copy
import json
import math
import re
from dataclasses import fields

from .. import board
from ..cards import Card
from ..errors import Joined, Listed, Quoted, RulesError, Sentence, shorten
from ..options import shown_value
from ..rulesets import RULESETS, STANDARD, Ruleset, get_ruleset, shown
from .actions import DiscardHand, Keep, Pass, PlaceFavor, PlaceToken, Play

__all__ = ["FORMAT", "to_dict", "load", "set_up", "replay", "decode", "saved_card", "snapshot", "SNAPSHOT_KEYS", "MAX_TEXT", "MAX_ACTIONS",
           "MAX_DEPTH", "MAX_DIGITS", "MAX_STRING"]

#: The saved-game format this version writes and reads.
FORMAT = "condottiere-game/1"

KEYS = ("format", "players", "ruleset", "seed", "setup", "actions", "snapshot")
SETUP_KEYS = ("hands", "deck_order", "control", "favor")
SNAPSHOT_KEYS = ("phase", "to_move", "round", "battles", "region", "favor", "token_holder", "control",
                 "hands", "lines", "deck", "discard", "final", "winners", "reason")

# -- the limits of a saved game (to_dict never writes past them, load refuses what is past them) --

#: Characters of a saved game's text (bytes, when given bytes).  The longest games we have seen
#: save in about 20 kB, and MAX_ACTIONS actions in about 60 kB.
MAX_TEXT = 1_000_000
#: Actions of a saved game.  A game has no fixed end (all-pass battles could go on forever), so
#: this is a bound for real games: the longest of 2,400 random games under every named ruleset
#: and 2 to 6 players took 560 actions, random games usually 50 to 250.  5,000 is several times
#: the longest; replaying them takes about 0.2 s, and their Steps about 6 MB.
MAX_ACTIONS = 5_000
#: Nesting of arrays and objects: a saved game nests 5 deep (the game > its ruleset > options >
#: the deck > a (kind, count) pair), and no deeper.
MAX_DEPTH = 5
#: Arrays and objects in all (one or two per action), and values (at most six per action, plus the
#: card ids of the setup and the snapshot): they bound the memory the parsed file takes.
MAX_CONTAINERS = 2 * MAX_ACTIONS + 200
MAX_ITEMS = 6 * MAX_ACTIONS + 2_000
#: Digits of an integer: card ids have 1 to 3, a drawn seed 10; 40 digits hold a 128-bit seed.
MAX_DIGITS = 40
#: Characters of a string: player names, a string seed, a ruleset's name.
MAX_STRING = 1_000

#: What the loader's refusals are about (the subjects of their sentences).
SAVED_GAME = Sentence.say("the saved game")
SAVED_SNAPSHOT = Sentence.say("the saved snapshot")


def snapshot(game) -> dict:
    """The state as plain data (what to_json saves next to the actions, to check them)."""
    loc = game.card_locations()
    state = game.state
    return {
        "phase": state.phase,
        "to_move": None if game.is_over else state.to_move,
        "round": state.round,
        "battles": state.battles,
        "region": state.region,
        "favor": state.favor,
        "token_holder": state.token_holder,
        "control": {r: state.control[r] for r in board.REGIONS if r in state.control},
        "hands": loc["hands"],
        "lines": loc["lines"],
        "deck": loc["deck"],
        "discard": loc["discard"],
        "final": state.final,
        "winners": list(state.winners),
        "reason": state.reason,
    }


def to_dict(game) -> dict:
    """The saved game as plain data.  A game past a limit of the format (more than MAX_ACTIONS
    actions, a seed of more than MAX_DIGITS digits, a name of more than MAX_STRING characters)
    raises RulesError: it would save a file that cannot be loaded."""
    data = {
        "format": FORMAT,
        "players": list(game.players),
        "ruleset": ruleset_to_json(game.ruleset),
        "seed": game.seed,
        "setup": copy.deepcopy(game.setup),
        "actions": game.records,
        "snapshot": snapshot(game),
    }
    # Translators: "it" is the game being saved: "this game cannot be saved: it has 5,001 actions; ...".
    it = Sentence.say("it")
    try:
        _check_plain(data, it)
        _check_length(data["actions"], it)
    except RulesError as err:
        raise RulesError.say("this game cannot be saved: {reason}", reason=err) from None
    return data


def _jsonable(value):
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise RulesError.say("this ruleset has an option that cannot be saved as JSON: {value}", value=shown_value(value))


def ruleset_to_json(rs: Ruleset) -> dict:
    """A ruleset as a saved game writes it: its name and the options that differ from standard."""
    return {"name": rs.name, "options": {k: _jsonable(v) for k, (v, _std) in rs.differences(STANDARD).items()}}


def _tuplify(value):
    return tuple(_tuplify(v) for v in value) if isinstance(value, list) else value


def _same(a, b) -> bool:
    """Equal as JSON: True is not 1, 1.0 is not 1 (Python's == says they are)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _renamed(options: dict) -> dict:
    """The options of a file written before issue 15, under their names now: the match's points
    were ``scoring_target`` (a number); they are ``match_points``, and ``scoring_target`` is now a
    reading ('reach' or 'exceed')."""
    old = options.get("scoring_target")
    if isinstance(old, int) and not isinstance(old, bool) and "match_points" not in options:
        options = {("match_points" if k == "scoring_target" else k): v for k, v in options.items()}
    return options


def ruleset_from_json(data) -> Ruleset:
    """The ruleset a saved game names: a named ruleset exactly as registered, or a ruleset of its
    own under a name no named ruleset has (replace() calls a changed ruleset '<name>+custom').  A
    file of an older version that names the match's points ``scoring_target`` is read with
    ``match_points`` (and saves back under the new name)."""
    if not isinstance(data, dict) or set(data) != {"name", "options"} or not isinstance(data["name"], str) \
            or not isinstance(data["options"], dict):
        raise RulesError.say("the saved ruleset must be {form} and nothing else",
                             form="{'name': ..., 'options': {...}}")
    name, options = data["name"], _renamed(data["options"])
    data = {"name": name, "options": options}
    known = RULESETS.get(name)
    if known is not None and _same(ruleset_to_json(known), data):
        return known
    names = {f.name for f in fields(Ruleset)} - {"name", "summary"}
    unknown = [key for key in options if key not in names]
    if unknown:
        raise RulesError.say("the saved ruleset has an unknown option {option}", option=shown_value(unknown[0]))
    try:
        claimed = get_ruleset(name)
    except RulesError:
        claimed = None
    if claimed is not None:
        def saved(k):
            return options[k] if k in options else _jsonable(getattr(STANDARD, k))
        differ = [k for k in names if not _same(saved(k), _jsonable(getattr(claimed, k)))]
        if differ:
            raise RulesError.say_n(
                "the saved game names the ruleset {name} but changes its option {options}; a file cannot pass a "
                "changed ruleset off as a named one (a changed ruleset is saved under a name of its own, such as "
                "{custom})", "the saved game names the ruleset {name} but changes its options {options}; a file "
                "cannot pass a changed ruleset off as a named one (a changed ruleset is saved under a name of its "
                "own, such as {custom})", len(differ), name=shown(name), options=Listed(sorted(differ)),
                custom=shown(name + "+custom"))
    try:
        rs = STANDARD.replace(name=name, **{key: _tuplify(value) for key, value in options.items()})
    except RulesError as err:
        raise RulesError.say("the saved ruleset {name} cannot be rebuilt: {reason}", name=shown(name), reason=err) \
            from None
    if claimed is not None and claimed.name == name:
        rs = claimed
    written = ruleset_to_json(rs)["options"]
    for key, value in options.items():
        if key not in written:
            raise RulesError.say("the saved ruleset lists {option}={value}, the standard value; a saved ruleset "
                                 "lists only the options that differ from standard", option=key,
                                 value=shown_value(value))
        if not _same(value, written[key]):
            raise RulesError.say("the saved ruleset's option {option} is written {value}; a saved game writes it "
                                 "{written}", option=key, value=shown_value(value), written=shown_value(written[key]))
    return rs


def saved_card(game, i) -> Card:
    """The card of ``game`` a saved record names by its id (RulesError if ``i`` is none)."""
    if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(game.cards):
        raise RulesError.say("{value} is not a card id (0..{last})", value=shown_value(i), last=len(game.cards) - 1)
    return game.cards[i]


def decode(game, rec, index: int):
    """An action record of a saved game -> the Action (RulesError if malformed)."""
    def bad(why) -> RulesError:
        return RulesError.say("action {index} of the saved game, {action}, is malformed: {reason}", index=index,
                              action=shown_value(rec), reason=why)

    if not isinstance(rec, list) or not rec or not isinstance(rec[0], str):
        raise bad(Sentence.say("each action is a list starting with its name"))
    tag, args = rec[0], rec[1:]
    n = len(game.cards)

    def card(i) -> Card:
        try:
            return saved_card(game, i)
        except RulesError as err:
            raise bad(err) from None

    if tag == "pass" and not args:
        return Pass()
    one = {"token": (PlaceToken, str), "favor": (PlaceFavor, (str, type(None))), "discard": (DiscardHand, bool)}
    if tag in one and len(args) == 1 and isinstance(args[0], one[tag][1]):
        return one[tag][0](args[0])
    if tag == "keep" and len(args) == 1 and isinstance(args[0], list) and len(args[0]) <= n:
        return Keep(tuple(card(i) for i in args[0]))
    if tag == "play" and len(args) == 3 and isinstance(args[1], bool):
        return Play(card(args[0]), args[1], None if args[2] is None else card(args[2]))
    for v in game.variants:
        try:
            action = v.decode(game, tag, args)
        except RulesError as err:
            raise bad(err) from None
        if action is not None:
            return action
    foreign = game.ruleset.foreign_record(game, tag, args)
    if foreign is not None:
        raise RulesError.say("action {index} of the saved game, {action}, belongs to the {home} ruleset; this game's "
                             "ruleset, {ruleset}, has no such action", index=index, action=shown_value(rec),
                             home=Quoted.of(game.ruleset.variant_home(foreign)), ruleset=Quoted.of(game.ruleset.name))
    raise bad(Sentence.say("unknown action name or wrong arguments"))


# -- reading the text within the limits -----------------------------------------------------------

_STRING = re.compile(r'"[^"]*"')           # a JSON string, once its escaped quotes are gone
_BRACKET = re.compile(r"[\[\]{}]")


def _scan(text: str) -> None:
    """Refuse text whose parsing alone would cost too much: too many arrays, objects or values, or
    nested too deep (json.loads would recurse once per level)."""
    # Brackets and commas inside strings do not count.  An escaped backslash or quote cannot end a
    # string, so both go first (left to right, as JSON pairs them); then a string is plain "...".
    # (A regular expression for strings with escapes in them takes memory for each escape.)
    skeleton = _STRING.sub('""', text.replace("\\\\", "").replace('\\"', ""))
    containers = skeleton.count("[") + skeleton.count("{")
    if containers > MAX_CONTAINERS:
        raise RulesError.say("the saved game holds {count} arrays and objects; a saved game has at most {most}",
                             count=containers, most=MAX_CONTAINERS)
    if skeleton.count(",") > MAX_ITEMS:
        raise _too_many(SAVED_GAME, MAX_ITEMS)
    depth = 0
    for bracket in _BRACKET.findall(skeleton):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            raise _too_deep(SAVED_GAME)


def _object(pairs: list) -> dict:
    obj = dict(pairs)
    if len(obj) < len(pairs):
        seen: set = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise RulesError.say("the saved game has the key {key} twice in one object; each key is written once",
                             key=shown_value(twice))
    return obj


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise RulesError.say("the saved game holds an integer of {digits} digits; its integers have at most {most}",
                             digits=digits, most=MAX_DIGITS)
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise RulesError.say("the saved game holds a number of {length} characters; a saved game has none so long",
                             length=len(text))
    return float(text)


def _constant(text: str):
    raise _not_a_number(SAVED_GAME, text)


def _too_deep(what) -> RulesError:
    return RulesError.say("{what} nests arrays and objects more than {most} deep; a saved game nests {most} deep at "
                          "most", what=what, most=MAX_DEPTH)


def _too_many(what, most: int) -> RulesError:
    return RulesError.say("{what} holds more than {most} values, more than a saved game has", what=what, most=most)


def _not_a_number(what, value) -> RulesError:
    return RulesError.say("{what} holds {value}, which is not a JSON number", what=what, value=str(value))


def _parse(data):
    """JSON text or bytes -> plain data, within the limits; or the data itself if already parsed."""
    if isinstance(data, (bytes, bytearray)):
        if len(data) > MAX_TEXT:
            raise RulesError.say("the saved game is {size} bytes; a saved game has at most {most}",
                                 size=format(len(data), ","), most=format(MAX_TEXT, ","))
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as err:
            raise RulesError.say("a saved game is UTF-8 JSON text; this is not ({error})", error=str(err)) from None
    if isinstance(data, str):
        if len(data) > MAX_TEXT:
            raise RulesError.say("the saved game is {size} characters; a saved game has at most {most}",
                                 size=format(len(data), ","), most=format(MAX_TEXT, ","))
        _scan(data)
        try:
            data = json.loads(data, object_pairs_hook=_object, parse_int=_integer, parse_float=_float,
                              parse_constant=_constant)
        except json.JSONDecodeError as err:
            raise RulesError.say("not a saved game: the text is not JSON ({error})", error=str(err)) from None
        except RecursionError:      # not reached after _scan; kept so that no RecursionError escapes
            raise _too_deep(SAVED_GAME) from None
    elif not isinstance(data, dict):
        raise RulesError.say("a saved game is JSON text (a str or bytes) or its parsed dict, not {type}",
                             type=type(data).__name__)
    _check_plain(data, SAVED_GAME)
    return data


def _check_plain(data, what) -> None:
    """Refuse data that is not plain JSON within the limits (the data of a parsed text, or a dict
    given by the caller, which may hold anything): nesting, size, integers, strings."""
    stack = [(data, 1)]
    count = 0
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (dict, list)):
            if depth > MAX_DEPTH:
                raise _too_deep(what)
            count += len(node)
            if count > MAX_ITEMS + MAX_CONTAINERS:
                raise _too_many(what, MAX_ITEMS + MAX_CONTAINERS)
            if isinstance(node, dict):
                for key in node:
                    if not isinstance(key, str):
                        raise RulesError.say("{what} has a key {key}; JSON keys are strings", what=what,
                                             key=shown_value(key))
                    if len(key) > MAX_STRING:
                        raise RulesError.say("{what} holds a key of {length} characters; its strings have at most "
                                             "{most}", what=what, length=format(len(key), ","),
                                             most=format(MAX_STRING, ","))
                stack.extend((value, depth + 1) for value in node.values())
            else:
                stack.extend((value, depth + 1) for value in node)
        elif isinstance(node, str):
            if len(node) > MAX_STRING:
                raise RulesError.say("{what} holds a string of {length} characters; its strings have at most {most}",
                                     what=what, length=format(len(node), ","), most=format(MAX_STRING, ","))
        elif isinstance(node, bool) or node is None:
            pass
        elif isinstance(node, int):
            if abs(node) >= 10 ** MAX_DIGITS:
                raise RulesError.say("{what} holds {value}; its integers have at most {most} digits", what=what,
                                     value=shown_value(node), most=MAX_DIGITS)
        elif isinstance(node, float):
            if not math.isfinite(node):
                raise _not_a_number(what, node)
        else:
            raise RulesError.say("{what} holds {value}, a {type}, which is not JSON data", what=what,
                                 value=shown_value(node), type=type(node).__name__)


def _check_length(actions: list, what) -> None:
    if len(actions) > MAX_ACTIONS:
        count, most = format(len(actions), ","), format(MAX_ACTIONS, ",")
        raise RulesError.say("{what} has {count} actions; a saved game has at most {most} (a real game takes a few "
                             "hundred)", what=what, count=count, most=most)


def _check_keys(data: dict, keys: tuple, what) -> None:
    missing = [k for k in keys if k not in data]
    if missing:
        raise RulesError.say("{what} has no {key}", what=what, key=repr(missing[0]))
    extra = [k for k in data if k not in keys]
    if extra:
        raise RulesError.say("{what} has an unknown key {key}; it has exactly {keys}", what=what,
                             key=shown_value(extra[0]), keys=Listed(repr(k) for k in keys))


# -- loading ----------------------------------------------------------------------------------------

def load(cls, data, explain: bool):
    """Rebuild a game saved by to_json (text, bytes or the parsed dict) by replaying it."""
    try:
        return _load(cls, data, explain)
    except RulesError:
        raise
    except Exception as err:        # an engine bug that a file reached: still only a RulesError escapes
        error = f"{type(err).__name__}: {shown(str(err), 120)}"
        raise RulesError.say("the saved game cannot be loaded: it led the engine into an error it should not have "
                             "({error}); please report it with the file", error=error) from err


def _load(cls, data, explain: bool):
    data = _parse(data)
    if not isinstance(data, dict):
        raise RulesError.say("a saved game is a JSON object, not {type}", type=type(data).__name__)
    fmt = data.get("format")
    if fmt is None:
        raise RulesError.say("not a saved Condottiere game: there is no 'format' key")
    if fmt != FORMAT:
        raise RulesError.say("saved game format {value} is not supported; this version reads {format}",
                             value=shown_value(fmt), format=repr(FORMAT))
    _check_keys(data, KEYS, SAVED_GAME)
    if isinstance(data["actions"], list):
        _check_length(data["actions"], SAVED_GAME)
    if not isinstance(data["players"], list):
        raise RulesError.say("the saved game's players must be a list of names")
    players = data["players"]
    ruleset = ruleset_from_json(data["ruleset"])
    if isinstance(data["ruleset"].get("options"), dict):        # an older file's names, as this version writes them
        data = dict(data, ruleset=dict(data["ruleset"], options=_renamed(data["ruleset"]["options"])))
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise RulesError.say("the saved seed must be an integer or a string, not {value}", value=shown_value(seed))
    setup = data["setup"]
    if not isinstance(setup, dict) or set(setup) - {"redeals"} != set(SETUP_KEYS):
        raise RulesError.say("the saved setup must have exactly 'hands', 'deck_order', 'control' and 'favor'")
    n = len(ruleset.make_deck())

    def card_ids(ids, where):
        if not isinstance(ids, list):
            raise RulesError.say("{where} must be a list of card ids", where=where)
        if len(ids) > n:
            raise RulesError.say("{where} lists {count} cards; the deck has {size}", where=where, count=len(ids),
                                 size=n)
        for i in ids:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n:
                raise RulesError.say("{where} holds {value}, which is not a card id of the {size}-card deck",
                                     where=where, value=shown_value(i), size=n)

    if setup["hands"] is not None:
        if not isinstance(setup["hands"], dict):
            raise RulesError.say("the saved setup's hands must map players to card ids")
        for p, ids in setup["hands"].items():
            card_ids(ids, Sentence.say("the setup hand of {player}", player=shown_value(p)))
    if setup["deck_order"] is not None:
        card_ids(setup["deck_order"], Sentence.say("the setup deck order"))
    if setup["control"] is not None and not isinstance(setup["control"], dict):
        raise RulesError.say("the saved setup's control must map regions to players")
    if setup["favor"] is not None and not isinstance(setup["favor"], str):
        raise RulesError.say("the saved setup's favor must be a region name or null")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise RulesError.say("the saved actions must be a list")
    redeals = setup.get("redeals", [])
    if not isinstance(redeals, list) or len(redeals) > len(actions) + 1 or not all(
            isinstance(r, list) and len(r) % 2 == 1 and type(r[0]) is int and 0 <= r[0] <= len(actions)
            and all(isinstance(p, str) for p in r[1::2]) for r in redeals):
        raise RulesError.say("the saved setup's redeals must each list the actions before it, then each player "
                             "and their card ids; at most one more redeal than actions")
    for r in redeals:
        for p, ids in zip(r[1::2], r[2::2]):
            card_ids(ids, Sentence.say("the redealt hand of {player}", player=shown_value(p)))
    snap = data["snapshot"]
    game = set_up(cls, players, ruleset, seed, explain, setup)
    _check_snapshot(snap, game.players, n)
    replay(game, actions, redeals)
    records = game.records          # read once: it may be a copy
    for i, (rec, written) in enumerate(zip(actions, records), 1):
        if not _same(rec, written):
            raise RulesError.say("action {index} of the saved game is written {action}; the game writes it {written}",
                                 index=i, action=shown_value(rec), written=shown_value(written))
    replayed = snapshot(game)
    for key in SNAPSHOT_KEYS:
        if not _same(replayed[key], snap[key]):
            raise RulesError.say("the saved snapshot does not match the game replayed from its actions: {key} is "
                                 "{saved} in the file but {replayed} after replaying; the file was edited or is "
                                 "corrupt", key=repr(key), saved=_short(snap[key]), replayed=_short(replayed[key]))
    saved = to_dict(game)
    for key in KEYS:
        if not _same(saved[key], data[key]):
            raise RulesError.say("the saved {key} is {saved}, but the game it describes saves it as {written}; the "
                                 "file was edited", key=key, saved=_short(data[key]), written=_short(saved[key]))
    return game


def set_up(cls, players, ruleset: Ruleset, seed, explain: bool, setup: dict):
    """A new game of ``cls`` set up as ``setup`` (a saved game's, its card ids checked) says,
    before any action: what loading a file and :meth:`Game.undo` start from."""
    cards = ruleset.make_deck()
    hands, order = setup["hands"], setup["deck_order"]
    return cls(players, ruleset, seed, explain=explain, control=setup["control"], favor=setup["favor"],
               hands=None if hands is None else {p: [cards[i] for i in ids] for p, ids in hands.items()},
               deck_order=None if order is None else [cards[i] for i in order])


def replay(game, records: list, redeals) -> None:
    """Apply the saved ``records`` to ``game``, just set up, dealing the setup's ``redeals`` again
    after the actions they come after."""
    _redealt(game, redeals, 0)
    for i, rec in enumerate(records, 1):
        action = decode(game, rec, i)
        try:
            game.apply(action)
        except RulesError as err:
            raise RulesError.say("action {index} of the saved game, {action}, cannot be replayed: {reason}", index=i,
                                 action=shown_value(rec), reason=err) from None
        _redealt(game, redeals, i)


def _redealt(game, redeals, index: int) -> None:
    from .deal import redeal_at
    try:
        redeal_at(game, redeals, index)
    except RulesError as err:
        raise RulesError.say("the redeal after action {index} of the saved game cannot be replayed: {reason}",
                             index=index, reason=err) from None


def _short(value) -> str:
    return shorten(json.dumps(value, ensure_ascii=False), 120)


def _check_snapshot(snap, players: tuple, n: int) -> None:
    """Structural checks with clear messages, before replaying."""
    if not isinstance(snap, dict):
        raise RulesError.say("the saved snapshot must be a JSON object")
    _check_keys(snap, SNAPSHOT_KEYS, SAVED_SNAPSHOT)

    def player(p, where, allow_none=False):
        if p is None and allow_none:
            return
        if not isinstance(p, str) or p not in players:
            raise RulesError.say("the saved snapshot's {key} names {value}, who is not a player; players are "
                                 "{players}", key=where, value=shown_value(p), players=str(list(players)))

    def region(r, where):
        if r is None:
            return
        if not isinstance(r, str) or r not in board.REGIONS:
            raise RulesError.say("the saved snapshot's {key} is {value}, which is not one of the 17 regions",
                                 key=where, value=shown_value(r))

    player(snap["to_move"], "to_move", allow_none=True)
    player(snap["token_holder"], "token_holder")
    region(snap["region"], "region")
    region(snap["favor"], "favor")
    if not isinstance(snap["control"], dict):
        raise RulesError.say("the saved snapshot's control must map regions to players")
    for r, p in snap["control"].items():
        region(r, "control")
        player(p, Sentence.say("control of {region}", region=r))
    if not isinstance(snap["winners"], list):
        raise RulesError.say("the saved snapshot's winners must be a list")
    for p in snap["winners"]:
        player(p, "winners")
    seen: dict[int, str] = {}
    total = 0
    places = []
    for key in ("hands", "lines"):
        if not isinstance(snap[key], dict):
            raise RulesError.say("the saved snapshot's {key} must map players to card ids", key=key)
        for p, ids in snap[key].items():
            player(p, key)
            places.append((Sentence.say("{owner}'s hand", owner=p) if key == "hands"
                           else Sentence.say("{owner}'s line", owner=p), ids))
        absent = [p for p in players if p not in snap[key]]
        if absent:
            raise RulesError.say("the saved snapshot's {key} leave out {players}", key=key, players=Joined(absent))
    places += [(Sentence.say("the deck"), snap["deck"]), (Sentence.say("the discard pile"), snap["discard"])]
    for where, ids in places:
        if not isinstance(ids, list):
            raise RulesError.say("{where} in the saved snapshot must be a list of card ids", where=where)
        for i in ids:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n:
                raise RulesError.say("{where} in the saved snapshot holds {value}, which is not a card id (0..{last})",
                                     where=where, value=shown_value(i), last=n - 1)
            if i in seen:
                raise RulesError.say("card {card} appears twice in the saved snapshot ({first} and {second})", card=i,
                                     first=seen[i], second=where)
            seen[i] = where
            total += 1
    if total != n:
        lost = sorted(set(range(n)) - set(seen))
        raise RulesError.say_n("the saved snapshot holds {total} cards but the deck has {size}: card {cards} is "
                               "missing", "the saved snapshot holds {total} cards but the deck has {size}: cards "
                               "{cards} are missing", len(lost), total=total, size=n, cards=Listed(map(str, lost[:10])))
