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
from ..errors import RulesError
from ..explain import join_names
from ..rulesets import RULESETS, STANDARD, Ruleset, get_ruleset, shown
from .actions import DiscardHand, Keep, Pass, PlaceFavor, PlaceToken, Play

__all__ = ["FORMAT", "to_dict", "load", "decode", "snapshot", "SNAPSHOT_KEYS", "MAX_TEXT", "MAX_ACTIONS",
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
    try:
        _check_plain(data, "it")
        _check_length(data["actions"], "it")
    except RulesError as err:
        raise RulesError(f"this game cannot be saved: {err}") from None
    return data


def _jsonable(value):
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise RulesError(f"this ruleset has an option that cannot be saved as JSON: {shown(value)}")


def ruleset_to_json(rs: Ruleset) -> dict:
    options = {}
    for f in fields(rs):
        if f.name in ("name", "summary"):
            continue
        value = getattr(rs, f.name)
        if value != getattr(STANDARD, f.name):
            options[f.name] = _jsonable(value)
    return {"name": rs.name, "options": options}


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
        raise RulesError("the saved ruleset must be {'name': ..., 'options': {...}} and nothing else")
    name, options = data["name"], _renamed(data["options"])
    data = {"name": name, "options": options}
    known = RULESETS.get(name)
    if known is not None and _same(ruleset_to_json(known), data):
        return known
    names = {f.name for f in fields(Ruleset)} - {"name", "summary"}
    unknown = [key for key in options if key not in names]
    if unknown:
        raise RulesError(f"the saved ruleset has an unknown option {shown(unknown[0])}")
    try:
        claimed = get_ruleset(name)
    except RulesError:
        claimed = None
    if claimed is not None:
        def saved(k):
            return options[k] if k in options else _jsonable(getattr(STANDARD, k))
        differ = [k for k in names if not _same(saved(k), _jsonable(getattr(claimed, k)))]
        if differ:
            raise RulesError(f"the saved game names the ruleset {shown(name)} but changes its "
                             f"option{'s' if len(differ) > 1 else ''} {', '.join(sorted(differ))}; a file cannot "
                             f"pass a changed ruleset off as a named one (a changed ruleset is saved under a "
                             f"name of its own, such as {shown(name + '+custom')})")
    try:
        rs = STANDARD.replace(name=name, **{key: _tuplify(value) for key, value in options.items()})
    except RulesError as err:
        raise RulesError(f"the saved ruleset {shown(name)} cannot be rebuilt: {err}") from None
    if claimed is not None and claimed.name == name:
        rs = claimed
    written = ruleset_to_json(rs)["options"]
    for key, value in options.items():
        if key not in written:
            raise RulesError(f"the saved ruleset lists {key}={shown(value)}, the standard value; a saved ruleset "
                             f"lists only the options that differ from standard")
        if not _same(value, written[key]):
            raise RulesError(f"the saved ruleset's option {key} is written {shown(value)}; a saved game writes "
                             f"it {shown(written[key])}")
    return rs


def decode(game, rec, index: int):
    """An action record of a saved game -> the Action (RulesError if malformed)."""
    def bad(why: str) -> RulesError:
        return RulesError(f"action {index} of the saved game, {shown(rec)}, is malformed: {why}")

    if not isinstance(rec, list) or not rec or not isinstance(rec[0], str):
        raise bad("each action is a list starting with its name")
    tag, args = rec[0], rec[1:]
    n = len(game.cards)

    def card(i) -> Card:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n:
            raise bad(f"{shown(i)} is not a card id (0..{n - 1})")
        return game.cards[i]

    if tag == "pass" and not args:
        return Pass()
    if tag == "token" and len(args) == 1 and isinstance(args[0], str):
        return PlaceToken(args[0])
    if tag == "favor" and len(args) == 1 and (args[0] is None or isinstance(args[0], str)):
        return PlaceFavor(args[0])
    if tag == "discard" and len(args) == 1 and isinstance(args[0], bool):
        return DiscardHand(args[0])
    if tag == "keep" and len(args) == 1 and isinstance(args[0], list) and len(args[0]) <= n:
        return Keep(tuple(card(i) for i in args[0]))
    if tag == "play" and len(args) == 3 and isinstance(args[1], bool):
        return Play(card(args[0]), args[1], None if args[2] is None else card(args[2]))
    for v in game.variants:
        try:
            action = v.decode(game, tag, args)
        except RulesError as err:
            raise bad(str(err)) from None
        if action is not None:
            return action
    raise bad("unknown action name or wrong arguments")


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
        raise RulesError(f"the saved game holds {containers} arrays and objects; a saved game has at most "
                         f"{MAX_CONTAINERS}")
    if skeleton.count(",") > MAX_ITEMS:
        raise RulesError(f"the saved game holds more than {MAX_ITEMS} values, more than a saved game has")
    depth = 0
    for bracket in _BRACKET.findall(skeleton):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            raise RulesError(f"the saved game nests arrays and objects more than {MAX_DEPTH} deep; a saved game "
                             f"nests {MAX_DEPTH} deep at most")


def _object(pairs: list) -> dict:
    obj = dict(pairs)
    if len(obj) < len(pairs):
        seen: set = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise RulesError(f"the saved game has the key {shown(twice)} twice in one object; each key is written once")
    return obj


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise RulesError(f"the saved game holds an integer of {digits} digits; its integers have at most {MAX_DIGITS}")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise RulesError(f"the saved game holds a number of {len(text)} characters; a saved game has none so long")
    return float(text)


def _constant(text: str):
    raise RulesError(f"the saved game holds {text}, which is not a JSON number")


def _parse(data):
    """JSON text or bytes -> plain data, within the limits; or the data itself if already parsed."""
    if isinstance(data, (bytes, bytearray)):
        if len(data) > MAX_TEXT:
            raise RulesError(f"the saved game is {len(data):,} bytes; a saved game has at most {MAX_TEXT:,}")
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as err:
            raise RulesError(f"a saved game is UTF-8 JSON text; this is not ({err})") from None
    if isinstance(data, str):
        if len(data) > MAX_TEXT:
            raise RulesError(f"the saved game is {len(data):,} characters; a saved game has at most {MAX_TEXT:,}")
        _scan(data)
        try:
            data = json.loads(data, object_pairs_hook=_object, parse_int=_integer, parse_float=_float,
                              parse_constant=_constant)
        except json.JSONDecodeError as err:
            raise RulesError(f"not a saved game: the text is not JSON ({err})") from None
        except RecursionError:      # not reached after _scan; kept so that no RecursionError escapes
            raise RulesError(f"the saved game nests arrays and objects more than {MAX_DEPTH} deep") from None
    elif not isinstance(data, dict):
        raise RulesError(f"a saved game is JSON text (a str or bytes) or its parsed dict, not "
                         f"{type(data).__name__}")
    _check_plain(data, "the saved game")
    return data


def _check_plain(data, what: str) -> None:
    """Refuse data that is not plain JSON within the limits (the data of a parsed text, or a dict
    given by the caller, which may hold anything): nesting, size, integers, strings."""
    stack = [(data, 1)]
    count = 0
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (dict, list)):
            if depth > MAX_DEPTH:
                raise RulesError(f"{what} nests arrays and objects more than {MAX_DEPTH} deep; a saved game nests "
                                 f"{MAX_DEPTH} deep at most")
            count += len(node)
            if count > MAX_ITEMS + MAX_CONTAINERS:
                raise RulesError(f"{what} holds more than {MAX_ITEMS + MAX_CONTAINERS} values, more than a saved "
                                 f"game has")
            if isinstance(node, dict):
                for key in node:
                    if not isinstance(key, str):
                        raise RulesError(f"{what} has a key {shown(key)}; JSON keys are strings")
                    if len(key) > MAX_STRING:
                        raise RulesError(f"{what} holds a key of {len(key):,} characters; its strings have at most "
                                         f"{MAX_STRING:,}")
                stack.extend((value, depth + 1) for value in node.values())
            else:
                stack.extend((value, depth + 1) for value in node)
        elif isinstance(node, str):
            if len(node) > MAX_STRING:
                raise RulesError(f"{what} holds a string of {len(node):,} characters; its strings have at most "
                                 f"{MAX_STRING:,}")
        elif isinstance(node, bool) or node is None:
            pass
        elif isinstance(node, int):
            if abs(node) >= 10 ** MAX_DIGITS:
                raise RulesError(f"{what} holds {shown(node)}; its integers have at most {MAX_DIGITS} digits")
        elif isinstance(node, float):
            if not math.isfinite(node):
                raise RulesError(f"{what} holds {node}, which is not a JSON number")
        else:
            raise RulesError(f"{what} holds {shown(node)}, a {type(node).__name__}, which is not JSON data")


def _check_length(actions: list, what: str) -> None:
    if len(actions) > MAX_ACTIONS:
        raise RulesError(f"{what} has {len(actions):,} actions; a saved game has at most {MAX_ACTIONS:,} (a real game "
                         f"takes a few hundred)")


def _check_keys(data: dict, keys: tuple, what: str) -> None:
    missing = [k for k in keys if k not in data]
    if missing:
        raise RulesError(f"{what} has no {missing[0]!r}")
    extra = [k for k in data if k not in keys]
    if extra:
        raise RulesError(f"{what} has an unknown key {shown(extra[0])}; it has exactly "
                         f"{', '.join(repr(k) for k in keys)}")


# -- loading ----------------------------------------------------------------------------------------

def load(cls, data, explain: bool):
    """Rebuild a game saved by to_json (text, bytes or the parsed dict) by replaying it."""
    try:
        return _load(cls, data, explain)
    except RulesError:
        raise
    except Exception as err:        # an engine bug that a file reached: still only a RulesError escapes
        raise RulesError(f"the saved game cannot be loaded: it led the engine into an error it should not have "
                         f"({type(err).__name__}: {shown(str(err), 120)}); please report it with the file") from err


def _load(cls, data, explain: bool):
    data = _parse(data)
    if not isinstance(data, dict):
        raise RulesError(f"a saved game is a JSON object, not {type(data).__name__}")
    fmt = data.get("format")
    if fmt is None:
        raise RulesError("not a saved Condottiere game: there is no 'format' key")
    if fmt != FORMAT:
        raise RulesError(f"saved game format {shown(fmt)} is not supported; this version reads {FORMAT!r}")
    _check_keys(data, KEYS, "the saved game")
    if isinstance(data["actions"], list):
        _check_length(data["actions"], "the saved game")
    if not isinstance(data["players"], list):
        raise RulesError("the saved game's players must be a list of names")
    players = data["players"]
    ruleset = ruleset_from_json(data["ruleset"])
    if isinstance(data["ruleset"].get("options"), dict):        # an older file's names, as this version writes them
        data = dict(data, ruleset=dict(data["ruleset"], options=_renamed(data["ruleset"]["options"])))
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise RulesError(f"the saved seed must be an integer or a string, not {shown(seed)}")
    setup = data["setup"]
    if not isinstance(setup, dict) or set(setup) != set(SETUP_KEYS):
        raise RulesError("the saved setup must have exactly 'hands', 'deck_order', 'control' and 'favor'")
    deck = ruleset.make_deck()
    n = len(deck)

    def card_list(ids, where):
        if not isinstance(ids, list):
            raise RulesError(f"{where} must be a list of card ids")
        if len(ids) > n:
            raise RulesError(f"{where} lists {len(ids)} cards; the deck has {n}")
        out = []
        for i in ids:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n:
                raise RulesError(f"{where} holds {shown(i)}, which is not a card id of the {n}-card deck")
            out.append(deck[i])
        return out

    hands = setup["hands"]
    if hands is not None:
        if not isinstance(hands, dict):
            raise RulesError("the saved setup's hands must map players to card ids")
        hands = {p: card_list(ids, f"the setup hand of {shown(p)}") for p, ids in hands.items()}
    deck_order = setup["deck_order"]
    if deck_order is not None:
        deck_order = card_list(deck_order, "the setup deck order")
    control = setup["control"]
    if control is not None and not isinstance(control, dict):
        raise RulesError("the saved setup's control must map regions to players")
    favor = setup["favor"]
    if favor is not None and not isinstance(favor, str):
        raise RulesError("the saved setup's favor must be a region name or null")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise RulesError("the saved actions must be a list")
    snap = data["snapshot"]
    game = cls(players, ruleset, seed, explain=explain, hands=hands, deck_order=deck_order,
               control=control, favor=favor)
    _check_snapshot(snap, game.players, n)
    for i, rec in enumerate(actions, 1):
        action = decode(game, rec, i)
        try:
            game.apply(action)
        except RulesError as err:
            raise RulesError(f"action {i} of the saved game, {shown(rec)}, cannot be replayed: {err}") from None
    records = game.records          # read once: it may be a copy
    for i, (rec, written) in enumerate(zip(actions, records), 1):
        if not _same(rec, written):
            raise RulesError(f"action {i} of the saved game is written {shown(rec)}; the game writes it "
                             f"{shown(written)}")
    replayed = snapshot(game)
    for key in SNAPSHOT_KEYS:
        if not _same(replayed[key], snap[key]):
            raise RulesError(f"the saved snapshot does not match the game replayed from its actions: {key!r} is "
                             f"{_short(snap[key])} in the file but {_short(replayed[key])} after replaying; "
                             f"the file was edited or is corrupt")
    saved = to_dict(game)
    for key in KEYS:
        if not _same(saved[key], data[key]):
            raise RulesError(f"the saved {key} is {_short(data[key])}, but the game it describes saves it as "
                             f"{_short(saved[key])}; the file was edited")
    return game


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "..."


def _check_snapshot(snap, players: tuple, n: int) -> None:
    """Structural checks with clear messages, before replaying."""
    if not isinstance(snap, dict):
        raise RulesError("the saved snapshot must be a JSON object")
    _check_keys(snap, SNAPSHOT_KEYS, "the saved snapshot")

    def player(p, where, allow_none=False):
        if p is None and allow_none:
            return
        if not isinstance(p, str) or p not in players:
            raise RulesError(f"the saved snapshot's {where} names {shown(p)}, who is not a player; players are "
                             f"{list(players)}")

    def region(r, where):
        if r is None:
            return
        if not isinstance(r, str) or r not in board.REGIONS:
            raise RulesError(f"the saved snapshot's {where} is {shown(r)}, which is not one of the 17 regions")

    player(snap["to_move"], "to_move", allow_none=True)
    player(snap["token_holder"], "token_holder")
    region(snap["region"], "region")
    region(snap["favor"], "favor")
    if not isinstance(snap["control"], dict):
        raise RulesError("the saved snapshot's control must map regions to players")
    for r, p in snap["control"].items():
        region(r, "control")
        player(p, f"control of {r}")
    if not isinstance(snap["winners"], list):
        raise RulesError("the saved snapshot's winners must be a list")
    for p in snap["winners"]:
        player(p, "winners")
    seen: dict[int, str] = {}
    total = 0
    places = []
    for key in ("hands", "lines"):
        if not isinstance(snap[key], dict):
            raise RulesError(f"the saved snapshot's {key} must map players to card ids")
        for p, ids in snap[key].items():
            player(p, key)
            places.append((f"{p}'s {key[:-1]}", ids))
        absent = [p for p in players if p not in snap[key]]
        if absent:
            raise RulesError(f"the saved snapshot's {key} leave out {join_names(absent)}")
    places += [("the deck", snap["deck"]), ("the discard pile", snap["discard"])]
    for where, ids in places:
        if not isinstance(ids, list):
            raise RulesError(f"{where} in the saved snapshot must be a list of card ids")
        for i in ids:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n:
                raise RulesError(f"{where} in the saved snapshot holds {shown(i)}, which is not a card id "
                                 f"(0..{n - 1})")
            if i in seen:
                raise RulesError(f"card {i} appears twice in the saved snapshot ({seen[i]} and {where})")
            seen[i] = where
            total += 1
    if total != n:
        lost = sorted(set(range(n)) - set(seen))
        raise RulesError(f"the saved snapshot holds {total} cards but the deck has {n}: "
                         f"card{'s' if len(lost) > 1 else ''} {', '.join(map(str, lost[:10]))} "
                         f"{'are' if len(lost) > 1 else 'is'} missing")
