"""Saving and loading a game: the setup, the seed and every action as JSON, plus a snapshot of
the state that loading checks after replaying the actions.  A malformed or tampered file raises
RulesError saying what is wrong; nothing is half-loaded."""
from __future__ import annotations

import copy
import json
from dataclasses import fields

from .. import board
from ..cards import Card
from ..errors import RulesError
from ..explain import join_names
from ..rulesets import RULESETS, STANDARD, Ruleset
from .actions import DiscardHand, Keep, Pass, PlaceFavor, PlaceToken, Play

__all__ = ["FORMAT", "to_dict", "load", "decode", "snapshot", "SNAPSHOT_KEYS"]

#: The saved-game format this version writes and reads.
FORMAT = "condottiere-game/1"

SNAPSHOT_KEYS = ("phase", "to_move", "round", "battles", "region", "favor", "token_holder", "control",
                 "hands", "lines", "deck", "discard", "final", "winners", "reason")


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
    return {
        "format": FORMAT,
        "players": list(game.players),
        "ruleset": ruleset_to_json(game.ruleset),
        "seed": game.seed,
        "setup": copy.deepcopy(game.setup),
        "actions": game.records,
        "snapshot": snapshot(game),
    }


def _jsonable(value):
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise RulesError(f"this ruleset has an option that cannot be saved as JSON: {value!r}")


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


def ruleset_from_json(data) -> Ruleset:
    if not isinstance(data, dict) or not isinstance(data.get("name"), str) \
            or not isinstance(data.get("options"), dict):
        raise RulesError("the saved ruleset must be {'name': ..., 'options': {...}}")
    name, options = data["name"], data["options"]
    known = RULESETS.get(name)
    if known is not None and ruleset_to_json(known) == data:
        return known
    defaults = {f.name: f.default for f in fields(Ruleset)}
    changes = {}
    for key, value in options.items():
        if key not in defaults or key in ("name", "summary"):
            raise RulesError(f"the saved ruleset has an unknown option {key!r}")
        value = _tuplify(value)
        default = defaults[key]
        if type(value) is not type(default):
            raise RulesError(f"the saved ruleset's option {key} is {value!r}, not a {type(default).__name__}")
        changes[key] = value
    try:
        rs = STANDARD.replace(name=name, **changes)
        rs.make_deck()
    except RulesError:
        raise
    except (TypeError, ValueError) as err:
        raise RulesError(f"the saved ruleset {name!r} cannot be rebuilt: {err}") from None
    return rs


def decode(game, rec, index: int):
    """An action record of a saved game -> the Action (RulesError if malformed)."""
    def bad(why: str) -> RulesError:
        return RulesError(f"action {index} of the saved game, {rec!r}, is malformed: {why}")

    if not isinstance(rec, list) or not rec or not isinstance(rec[0], str):
        raise bad("each action is a list starting with its name")
    tag, args = rec[0], rec[1:]
    n = len(game.cards)

    def card(i) -> Card:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n:
            raise bad(f"{i!r} is not a card id (0..{n - 1})")
        return game.cards[i]

    if tag == "pass" and not args:
        return Pass()
    if tag == "token" and len(args) == 1 and isinstance(args[0], str):
        return PlaceToken(args[0])
    if tag == "favor" and len(args) == 1 and (args[0] is None or isinstance(args[0], str)):
        return PlaceFavor(args[0])
    if tag == "discard" and len(args) == 1 and isinstance(args[0], bool):
        return DiscardHand(args[0])
    if tag == "keep" and len(args) == 1 and isinstance(args[0], list):
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


def load(cls, data, explain: bool):
    """Rebuild a game saved by to_json (text, bytes or the parsed dict) by replaying it."""
    if isinstance(data, (bytes, bytearray)):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as err:
            raise RulesError(f"a saved game is UTF-8 JSON text; this is not ({err})") from None
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as err:
            raise RulesError(f"not a saved game: the text is not JSON ({err})") from None
    if not isinstance(data, dict):
        raise RulesError(f"a saved game is a JSON object, not {type(data).__name__}")
    fmt = data.get("format")
    if fmt is None:
        raise RulesError("not a saved Condottiere game: there is no 'format' key")
    if fmt != FORMAT:
        raise RulesError(f"saved game format {fmt!r} is not supported; this version reads {FORMAT!r}")
    for key in ("players", "ruleset", "seed", "setup", "actions", "snapshot"):
        if key not in data:
            raise RulesError(f"the saved game has no {key!r}")
    if not isinstance(data["players"], list):
        raise RulesError("the saved game's players must be a list of names")
    players = data["players"]
    ruleset = ruleset_from_json(data["ruleset"])
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise RulesError(f"the saved seed must be an integer or a string, not {seed!r}")
    setup = data["setup"]
    if not isinstance(setup, dict) or set(setup) != {"hands", "deck_order", "control", "favor"}:
        raise RulesError("the saved setup must have exactly 'hands', 'deck_order', 'control' and 'favor'")
    deck = ruleset.make_deck()
    n = len(deck)

    def card_list(ids, where):
        if not isinstance(ids, list):
            raise RulesError(f"{where} must be a list of card ids")
        out = []
        for i in ids:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n:
                raise RulesError(f"{where} holds {i!r}, which is not a card id of the {n}-card deck")
            out.append(deck[i])
        return out

    hands = setup["hands"]
    if hands is not None:
        if not isinstance(hands, dict):
            raise RulesError("the saved setup's hands must map players to card ids")
        hands = {p: card_list(ids, f"the setup hand of {p!r}") for p, ids in hands.items()}
    deck_order = setup["deck_order"]
    if deck_order is not None:
        deck_order = card_list(deck_order, "the setup deck order")
    control = setup["control"]
    if control is not None and not isinstance(control, dict):
        raise RulesError("the saved setup's control must map regions to players")
    favor = setup["favor"]
    if favor is not None and not isinstance(favor, str):
        raise RulesError("the saved setup's favor must be a region name or null")
    snap = data["snapshot"]
    game = cls(players, ruleset, seed, explain=explain, hands=hands, deck_order=deck_order,
               control=control, favor=favor)
    _check_snapshot(snap, game.players, n)
    actions = data["actions"]
    if not isinstance(actions, list):
        raise RulesError("the saved actions must be a list")
    for i, rec in enumerate(actions, 1):
        action = decode(game, rec, i)
        try:
            game.apply(action)
        except RulesError as err:
            raise RulesError(f"action {i} of the saved game, {rec!r}, cannot be replayed: {err}") from None
    replayed = snapshot(game)
    for key in SNAPSHOT_KEYS:
        if replayed[key] != snap[key]:
            raise RulesError(f"the saved snapshot does not match the game replayed from its actions: {key!r} is "
                             f"{_short(snap[key])} in the file but {_short(replayed[key])} after replaying; "
                             f"the file was edited or is corrupt")
    return game


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "..."


def _check_snapshot(snap, players: tuple, n: int) -> None:
    """Structural checks with clear messages, before replaying."""
    if not isinstance(snap, dict):
        raise RulesError("the saved snapshot must be a JSON object")
    missing = [k for k in SNAPSHOT_KEYS if k not in snap]
    if missing:
        raise RulesError(f"the saved snapshot lacks {', '.join(missing)}")

    def player(p, where, allow_none=False):
        if p is None and allow_none:
            return
        if p not in players:
            raise RulesError(f"the saved snapshot's {where} names {p!r}, who is not a player; players are "
                             f"{list(players)}")

    def region(r, where):
        if r is None:
            return
        if not isinstance(r, str) or r not in board.REGIONS:
            raise RulesError(f"the saved snapshot's {where} is {r!r}, which is not one of the 17 regions")

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
                raise RulesError(f"{where} in the saved snapshot holds {i!r}, which is not a card id "
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
