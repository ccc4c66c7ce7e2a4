"""The bad-input matrix of issue 14: every public entry point given wrong input of every kind.

Each row is one wrong call: the subject it is made on (a Battle, a Game at some phase, a Match, a
view model, or nothing for a constructor), the call, the exception it must raise (RulesError or a
documented subclass: IllegalMove, UnknownCard, UnknownRegion) and words its message must hold:
what was wrong and what is allowed.  After the call the subject must be exactly as before (a
Game's saved JSON, a Battle's notation, lines, hands and steps) and a Game must still hold every
card of its deck once (hands + lines + draw pile + discards + any other pile).

The rows are grouped by entry point: Battle, notation, Game, game actions (phase by phase, the
city-state variant's own included, with real cards from the wrong place), saved games, Ruleset,
Match, agents, explore, views.  tests/test_bad_input.py, test_wrong_actions.py,
test_loader_bounds.py and test_options_schema.py hold more of each kind; this table is the one
place that crosses them all.
"""
from __future__ import annotations

import functools
import io
import json
import random

import pytest

from condottiere_nb import (Annul, Ball, Battle, Bribe, ChooseCity, DiscardHand, Game, GenovaDraw, GenovaKeep,
                            GenovaTrade, HeuristicAgent, IllegalMove, Keep, LiftBan, Match, Pass, PlaceFavor,
                            PlaceToken, Play, RandomAgent, RomaClaim, Ruleset, RulesError, UnknownCard,
                            UnknownRegion, UseAbility, Veto, combine, get_ruleset, play_game, simulate)
from condottiere_nb.explore import battle_odds, game_odds, soak, variant_balance
from condottiere_nb.views.game_model import GameModel
from condottiere_nb.views.model import BuilderModel, CompareModel, StepperModel

# -- subjects ---------------------------------------------------------------------------------------


def battle():
    """Ana 5 6 | Ben 10 | Cy passed: a battle in progress (sandbox, not strict)."""
    b = Battle(["Ana", "Ben", "Cy"])
    b.play("Ana", "5")
    b.play("Ana", "6")
    b.play("Ben", "10")
    b.pass_turn("Cy")
    return b


def strict_battle():
    return Battle(["Ana", "Ben"], strict=True, hands={"Ana": ["5", "winter"], "Ben": ["10", "scarecrow"]})


def resolved_battle():
    b = battle()
    b.resolve()
    return b


@functools.lru_cache(maxsize=None)
def _reached(ruleset: str, players: int, phase: str, seed: int = 0) -> Game:
    """The first game (seeds from ``seed``) whose random play reaches ``phase``, stopped there."""
    for s in range(seed, seed + 300):
        rng = random.Random(s)
        g = Game(players, ruleset, seed=s)
        for _ in range(3000):
            if g.phase == phase and g.battles + len(g.actions) > 0 or g.phase == phase == "token" \
                    or g.phase == phase == "city":
                return g
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
    raise AssertionError(f"no random {ruleset} game reached the phase {phase!r}")


def at(phase: str, ruleset: str = "standard", players: int = 3):
    """A maker of a fresh copy of a game waiting in ``phase``."""
    def make():
        return _reached(ruleset, players, phase).clone()
    make.__name__ = f"{ruleset} game in its {phase} phase"
    return make


def started_battle():
    """A standard game in a battle where every line already holds a card."""
    return _reached_lines().clone()


@functools.lru_cache(maxsize=None)
def _reached_lines() -> Game:
    g = Game(3, seed=5)
    g.apply(g.legal_actions()[0])
    while not all(g.lines[p] for p in g.players) or g.phase != "battle":
        legal = g.legal_actions()
        plays = [a for a in legal if isinstance(a, Play) and a.card not in ("surrender", "bishop")]
        g.apply(plays[0] if plays else legal[-1])
    return g


@functools.lru_cache(maxsize=None)
def _later(ruleset: str, players: int, phase: str) -> Game:
    """A random game waiting in ``phase`` once the discard pile holds cards."""
    for s in range(300):
        rng = random.Random(s)
        g = Game(players, ruleset, seed=s)
        while not g.is_over:
            if g.phase == phase and g.discard_pile and g.deck:
                return g
            g.apply(rng.choice(g.legal_actions()))
    raise AssertionError(f"no random {ruleset} game reached {phase!r} with discards")


def later_battle():
    return _later("standard", 4, "battle").clone()


def later_claim():
    return _later("city-states", 4, "claim").clone()


def fresh_game():
    return Game(3, seed=1)


def match():
    return Match(["Ana", "Ben", "Cy"], seed=1)


@functools.lru_cache(maxsize=None)
def _finished() -> Game:
    g = Game(2, seed=3, explain=False)
    rng = random.Random(3)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def finished_game():
    return _finished().clone()


# -- the cards of a game, by place -------------------------------------------------------------------

def deck_card(g):
    return g.deck[0]


def discarded_card(g):
    return g.discard_pile[-1]


def others_card(g):
    return next(c for p in g.players if p != g.to_move for c in g.hand(p))


def line_card(g):
    return next(c for p in g.players for c in g.lines[p])


def my_card(g):
    return g.hand(g.to_move)[0]


def with_card(where, action):
    """A call that builds ``action`` from a real card of the game taken from ``where``."""
    return lambda g: g.apply(action(where(g), g))


def other_player(g):
    return next(p for p in g.players if p != g.to_move)


# -- what must stay as it was -------------------------------------------------------------------------

def cards_in_place(g: Game) -> bool:
    ids = sorted(c.id for pile in g.zones.piles.values() for c in pile)
    whole = ids == list(range(len(g.cards)))
    return whole and (len(ids) == 110 or g.ruleset.deck_name != "standard")


def state_of(subject):
    if subject is None:
        return None
    if isinstance(subject, Game):
        assert cards_in_place(subject), "a card is lost or counted twice"
        return subject.to_json()
    if isinstance(subject, Match):
        return subject.game.to_json(), dict(subject.points), len(subject.games)
    if isinstance(subject, Battle):
        return (subject.notation(), subject.strengths(), [s.text for s in subject.steps],
                {p: [c.id for c in cs] for p, cs in subject.lines.items()},
                None if subject.hands is None else {p: [c.id for c in cs] for p, cs in subject.hands.items()},
                list(subject.passed), subject.is_over, subject.to_move, subject.resolution)
    if isinstance(subject, BuilderModel):
        return state_of(subject.battle), subject.lang
    if isinstance(subject, GameModel):
        return state_of(subject.game), subject.lang
    return repr(subject)


def check(make, call, error, words):
    subject = make() if make is not None else None
    before = state_of(subject)
    with pytest.raises(RulesError) as caught:
        call(subject) if make is not None else call()
    assert type(caught.value) is error, f"{type(caught.value).__name__}: {caught.value}"
    message = str(caught.value)
    for w in words:
        assert w in message, f"{w!r} not in {message!r}"
    assert state_of(subject) == before, "the failed call changed its subject"


def table(rows):
    """pytest parameters from rows of (id, make, call, error, words)."""
    ids = [r[0] for r in rows]
    assert len(set(ids)) == len(ids), "two rows share an id"
    return pytest.mark.parametrize("make,call,error,words", [r[1:] for r in rows], ids=ids)


ALLOWED = "Allowed now"
REGIONS_LISTED = "The 17 regions are: Torino"
CARDS_LISTED = "Mercenaries 1, 2, 3, 4, 5, 6, 10"
TWO_TO_SIX = "2 to 6 players"
SEED = "seed must be an integer or a string (or None)"

# -- Battle -------------------------------------------------------------------------------------------

BATTLE = [
    ("Battle: no players", None, lambda: Battle([]), RulesError, ["a battle needs 2 to 6 players, not 0"]),
    ("Battle: players None", None, lambda: Battle(None), RulesError, ["players must be a list of names", "not None"]),
    ("Battle: players a dict", None, lambda: Battle({"Ana": 1, "Ben": 2}), RulesError, ["players must be a list"]),
    ("Battle: players a set", None, lambda: Battle({"Ana", "Ben"}), RulesError, ["players must be a list"]),
    ("Battle: seven players", None, lambda: Battle(list("ABCDEFG")), RulesError, ["2 to 6 players, not 7"]),
    ("Battle: a duplicate name", None, lambda: Battle(["Ana", "Ana"]), RulesError,
     ["'Ana' appears twice", "its own name"]),
    ("Battle: a name that is a number", None, lambda: Battle(["Ana", 7]), RulesError,
     ["non-empty strings; got 7"]),
    ("Battle: a name in bytes", None, lambda: Battle(["Ana", b"Ben"]), RulesError, ["non-empty strings; got b'Ben'"]),
    ("Battle: a blank name", None, lambda: Battle(["Ana", "   "]), RulesError, ["non-empty strings"]),
    ("Battle: a NUL in a name", None, lambda: Battle(["Ana", "B\x00n"]), RulesError,
     ["U+0000", "any script's letters"]),
    ("Battle: a newline in a name", None, lambda: Battle(["Ana", "B\nn"]), RulesError, ["U+000A"]),
    ("Battle: an escape character in a name", None, lambda: Battle(["Ana", "B\x1bn"]), RulesError, ["U+001B"]),
    ("Battle: a lone surrogate in a name", None, lambda: Battle(["Ana", "B\ud800n"]), RulesError,
     ["U+D800", "not a letter, digit, mark, space or punctuation"]),
    ("Battle: a private-use character in a name", None, lambda: Battle(["Ana", "B\ue000"]), RulesError,
     ["U+E000"]),
    ("Battle: a 41-character name", None, lambda: Battle(["Ana", "B" * 41]), RulesError,
     ["at most 40 characters", "has 41"]),
    ("Battle: region 5", None, lambda: Battle(["Ana", "Ben"], region=5), UnknownRegion,
     ["Unknown region 5", REGIONS_LISTED]),
    ("Battle: region Atlantis", None, lambda: Battle(["Ana", "Ben"], region="Atlantis"), UnknownRegion,
     ["Unknown region 'Atlantis'", REGIONS_LISTED]),
    ("Battle: region empty", None, lambda: Battle(["Ana", "Ben"], region=""), UnknownRegion, [REGIONS_LISTED]),
    ("Battle: region misspelt", None, lambda: Battle(["Ana", "Ben"], region="Rma"), UnknownRegion,
     ["Did you mean Roma", REGIONS_LISTED]),
    ("Battle: strict='no'", None, lambda: Battle(["Ana", "Ben"], strict="no"), RulesError,
     ["strict must be True or False, not 'no'"]),
    ("Battle: strict=1", None, lambda: Battle(["Ana", "Ben"], strict=1), RulesError,
     ["strict must be True or False, not 1"]),
    ("Battle: explain=None", None, lambda: Battle(["Ana", "Ben"], explain=None), RulesError,
     ["explain must be True or False, not None"]),
    ("Battle: final='yes'", None, lambda: Battle(["Ana", "Ben"], final="yes"), RulesError,
     ["final must be True or False"]),
    ("Battle: ruleset unknown", None, lambda: Battle(["Ana", "Ben"], "nope"), RulesError,
     ["unknown ruleset 'nope'", "named rulesets are: standard"]),
    ("Battle: ruleset a number", None, lambda: Battle(["Ana", "Ben"], 3), RulesError,
     ["ruleset must be a name or a Ruleset, not int"]),
    ("Battle: leader a stranger", None, lambda: Battle(["Ana", "Ben"], leader="Zed"), RulesError,
     ["leader 'Zed' is not one of the players ['Ana', 'Ben']"]),
    ("Battle: token holder a list", None, lambda: Battle(["Ana", "Ben"], token_holder=["Ana"]), RulesError,
     ["token_holder ['Ana'] is not one of the players"]),
    ("Battle: hands a string", None, lambda: Battle(["Ana", "Ben"], hands="Ana 5"), RulesError,
     ["hands must map each player to a list of cards"]),
    ("Battle: a hand None", None, lambda: Battle(["Ana", "Ben"], hands={"Ana": None}), RulesError,
     ["hands['Ana'] must be a list of cards such as ['5', 'winter'], not None"]),
    ("Battle: hands of four Heroines", None, lambda: Battle(["Ana", "Ben"], hands={"Ana": ["heroine"] * 4}),
     RulesError, ["more Heroine cards than the deck's 3"]),
    ("Battle: a hand holding a list", None, lambda: Battle(["Ana", "Ben"], hands={"Ana": [["5"]]}), UnknownCard,
     ["a card is named by a string such as '5' or 'winter', not ['5']"]),
    ("Battle: one card in two hands", None, lambda: Battle(["Ana", "Ben"], hands={"Ana": ["5#34"], "Ben": ["5#34"]}),
     RulesError, ["card 5#34 is in two hands", "in one hand at most"]),
]

BATTLE_PLAY = [
    ("play: a stranger", battle, lambda b: b.play("Zed", "5"), IllegalMove,
     ["'Zed' is not a player", "['Ana', 'Ben', 'Cy']"]),
    ("play: player None", battle, lambda b: b.play(None, "5"), IllegalMove, ["None is not a player"]),
    ("play: player a dict", battle, lambda b: b.play({}, "5"), IllegalMove, ["{} is not a player"]),
    ("pass: player a list", battle, lambda b: b.pass_turn(["Ana"]), IllegalMove, ["['Ana'] is not a player"]),
    ("play: an unknown card", battle, lambda b: b.play("Ana", "dragon"), UnknownCard,
     ["unknown card 'dragon'", CARDS_LISTED]),
    ("play: a misspelt card", battle, lambda b: b.play("Ana", "wintr"), UnknownCard, ["Did you mean 'winter'?"]),
    ("play: card None", battle, lambda b: b.play("Ana", None), UnknownCard, ["named by a string", "not None"]),
    ("play: card a float", battle, lambda b: b.play("Ana", 2.5), UnknownCard, ["named by a string", "not 2.5"]),
    ("play: card a list", battle, lambda b: b.play("Ana", ["5"]), UnknownCard, ["not ['5']"]),
    ("play: card in bytes", battle, lambda b: b.play("Ana", b"5"), UnknownCard, ["not b'5'"]),
    ("play: card True", battle, lambda b: b.play("Ana", True), UnknownCard, ["not True"]),
    ("play: no Mercenary 7", battle, lambda b: b.play("Ana", "7"), UnknownCard,
     ["no Mercenary of value '7'", "1, 2, 3, 4, 5, 6, 10"]),
    ("play: no Mercenary 7 as an int", battle, lambda b: b.play("Ana", 7), UnknownCard,
     ["no Mercenary of value '7'"]),
    ("play: an empty name", battle, lambda b: b.play("Ana", ""), UnknownCard, ["the card name is empty", "winter"]),
    ("play: a NUL after the value", battle, lambda b: b.play("Ana", "5\x00"), UnknownCard,
     ["no Mercenary of value '5\\x00'", "digits only", "the Mercenaries are 1, 2, 3, 4, 5, 6, 10"]),
    ("play: a lone surrogate", battle, lambda b: b.play("Ana", "\udc00"), UnknownCard, ["unknown card", CARDS_LISTED]),
    ("play: a million characters", battle, lambda b: b.play("Ana", "x" * 1_000_000), UnknownCard,
     ["at most 60 characters", "has 1000000"]),
    ("play: 5,000 digits", battle, lambda b: b.play("Ana", "9" * 5000), UnknownCard, ["at most 60 characters"]),
    ("play: '#' and 5,000 digits", battle, lambda b: b.play("Ana", "5#" + "9" * 5000), UnknownCard,
     ["does not name a card of this deck"]),
    ("play: a superscript id", battle, lambda b: b.play("Ana", "5#²"), UnknownCard,
     ["'5#²' names no card", "written with digits only, such as '5#41'"]),
    ("play: an Arabic-Indic id", battle, lambda b: b.play("Ana", "5#٣"), UnknownCard, ["card #٣ is not a 5"]),
    ("play: a negative id", battle, lambda b: b.play("Ana", "5#-1"), UnknownCard, ["'5#-1' names no card", "digits only"]),
    ("play: a card id of another kind", battle, lambda b: b.play("Ana", "5#0"), UnknownCard, ["card #0 is not a 5"]),
    ("play: a card already in a line", battle, lambda b: b.play("Ana", b.lines["Ben"][0]), IllegalMove,
     ["already used"]),
    ("play: after passing", battle, lambda b: b.play("Cy", "5"), IllegalMove, ["Cy has passed and cannot play again"]),
    ("play: face_down='yes'", lambda: Battle(["Ana", "Ben"], "hidden-cards"),
     lambda b: b.play("Ana", "5", face_down="yes"), IllegalMove, ["face_down must be True or False, not 'yes'"]),
    ("play: face_down=1", lambda: Battle(["Ana", "Ben"], "hidden-cards"),
     lambda b: b.play("Ana", "5", face_down=1), IllegalMove, ["face_down must be True or False, not 1"]),
    ("play: face down in the standard game", battle, lambda b: b.play("Ana", "3", face_down=True), IllegalMove,
     ["played face up under the 'standard' ruleset"]),
    ("play: take= on a Winter", battle, lambda b: b.play("Ana", "winter", take="5"), IllegalMove,
     ["take= is only for a Scarecrow", "not for a Winter"]),
    ("Scarecrow: takes a card Ana does not have", battle, lambda b: b.play("Ana", "scarecrow", take="3"),
     IllegalMove, ["Ana has no 3 in their line", "Ana's face-up Mercenaries: 5 6"]),
    ("Scarecrow: takes from an empty line", lambda: Battle(["Ana", "Ben"]),
     lambda b: b.play("Ana", "scarecrow", take="5"), IllegalMove, ["Ana has no 5 in their line", "take=None"]),
    ("Scarecrow: takes Ben's card", battle, lambda b: b.play("Ana", "scarecrow", take=b.lines["Ben"][0]),
     IllegalMove, ["your own Mercenaries", "Ben's line"]),
    ("Scarecrow: take a list", battle, lambda b: b.play("Ana", "scarecrow", take=["5"]), UnknownCard,
     ["named by a string", "not ['5']"]),
    ("Scarecrow: take an unknown card", battle, lambda b: b.play("Ana", "scarecrow", take="dragon"), UnknownCard,
     ["unknown card 'dragon'"]),
    ("strict: a card not in hand", strict_battle, lambda b: b.play("Ana", "10"), IllegalMove,
     ["Ana has no 10 in hand", "Ana's hand: 5 Winter"]),
    ("strict: out of turn", strict_battle, lambda b: b.play("Ben", "10"), IllegalMove,
     ["it is Ana's turn, not Ben's"]),
    ("strict: resolve too early", strict_battle, lambda b: b.resolve(), IllegalMove, ["the battle is not over"]),
    ("resolve twice", resolved_battle, lambda b: b.resolve(), IllegalMove, ["already been resolved"]),
    ("play after resolve", resolved_battle, lambda b: b.play("Ana", "1"), IllegalMove, ["already been resolved"]),
    ("undo with no move", lambda: Battle(["Ana", "Ben"]), lambda b: b.undo(), IllegalMove, ["no move to undo"]),
]

NOTATION = [
    ("notation: garbage", None, lambda: Battle.from_notation("garbage"), RulesError,
     ["cannot read the move 'garbage'", "a move is 'Name card' or 'Name pass'"]),
    ("notation: empty", None, lambda: Battle.from_notation(""), RulesError,
     ["battle notation is a non-empty string such as '[Ana Ben] Ana 10, Ben winter'"]),
    ("notation: None", None, lambda: Battle.from_notation(None), RulesError, ["a non-empty string"]),
    ("notation: a number", None, lambda: Battle.from_notation(5), RulesError, ["a non-empty string"]),
    ("notation: bytes", None, lambda: Battle.from_notation(b"[Ana Ben] Ana 5"), RulesError, ["a non-empty string"]),
    ("notation: one seat", None, lambda: Battle.from_notation("[Ana] Ana 5"), RulesError, ["2 to 6 players, not 1"]),
    ("notation: a seat twice", None, lambda: Battle.from_notation("[Ana Ana]"), RulesError, ["'Ana' appears twice"]),
    ("notation: a stranger moves", None, lambda: Battle.from_notation("[Ana Ben] Zed 5"), RulesError,
     ["names 'Zed', who is not in the seat list ['Ana', 'Ben']"]),
    ("notation: an open quote", None, lambda: Battle.from_notation('[Ana "Ben] Ana 5'), RulesError,
     ["No closing quotation"]),
    ("notation: a control character in a seat", None, lambda: Battle.from_notation("[Ana B\x01n] Ana 5"),
     RulesError, ["U+0001"]),
    ("notation: a Mercenary 7", None, lambda: Battle.from_notation("[Ana Ben] Ana 7"), UnknownCard,
     ["move 1 (Ana 7)", "1, 2, 3, 4, 5, 6, 10"]),
    ("notation: a Devanagari digit", None, lambda: Battle.from_notation("[Ana Ben] Ana ५"), UnknownCard,
     ["move 1", "unknown card '५'", CARDS_LISTED]),
    ("notation: a superscript id", None, lambda: Battle.from_notation("[Ana Ben] Ana 5#²"), UnknownCard,
     ["move 1 (Ana 5#²)", "names no card", "digits only"]),
    ("notation: a Devanagari id", None, lambda: Battle.from_notation("[Ana Ben] Ana 5#३"), UnknownCard,
     ["'5#३' names no card", "digits only"]),
    ("notation: '#' and 5,000 digits", None, lambda: Battle.from_notation("[Ana Ben] Ana #" + "9" * 5000),
     UnknownCard, ["move 1"]),
    ("notation: '5#' and 5,000 digits", None, lambda: Battle.from_notation("[Ana Ben] Ana 5#" + "9" * 5000),
     UnknownCard, ["move 1", "does not name a card of this deck"]),
    ("notation: a megabyte of moves", None, lambda: Battle.from_notation("[Ana Ben] " + "Ana 5, " * 150_000),
     RulesError, ["battle notation is at most 20,000 characters", "this text has 1,050,010"]),
    ("notation: two megabytes of garbage", None, lambda: Battle.from_notation("x" * 2_000_000), RulesError,
     ["at most 20,000 characters"]),
    ("notation: a 9th Heroine", None, lambda: Battle.from_notation("[Ana Ben] Ana heroine, Ben heroine, "
                                                                   "Ana heroine, Ben heroine"), IllegalMove,
     ["the deck has only 3 Heroine cards"]),
    ("notation: an unknown ruleset", None, lambda: Battle.from_notation("[Ana Ben] Ana 5", "nope"), RulesError,
     ["unknown ruleset 'nope'"]),
    ("notation: strict='no'", None, lambda: Battle.from_notation("[Ana Ben] Ana 5", strict="no"), RulesError,
     ["strict must be True or False, not 'no'"]),
]

# -- Game ---------------------------------------------------------------------------------------------

GAME = [
    ("Game: 1 player", None, lambda: Game(1), RulesError, ["Condottiere is played by 2 to 6 players, not 1"]),
    ("Game: 0 players", None, lambda: Game(0), RulesError, ["2 to 6 players, not 0"]),
    ("Game: 7 players", None, lambda: Game(7), RulesError, ["2 to 6 players, not 7"]),
    ("Game: players True", None, lambda: Game(True), RulesError, ["or a number, not True"]),
    ("Game: players 2.0", None, lambda: Game(2.0), RulesError, ["or a number, not 2.0"]),
    ("Game: players '3'", None, lambda: Game("3"), RulesError, ["players must be a list of names", "not '3'"]),
    ("Game: a name with a tab", None, lambda: Game(["Ana", "B\tn"]), RulesError, ["U+0009"]),
    ("Game: city-states for 2", None, lambda: Game(2, "city-states"), RulesError,
     ["the city-state variant is for 3 to 6 players", "not 2"]),
    ("Game: ruleset 'nope'", None, lambda: Game(3, "nope"), RulesError,
     ["unknown ruleset 'nope'", "named rulesets are: standard, hidden-cards"]),
    ("Game: ruleset ''", None, lambda: Game(3, ""), RulesError, ["unknown ruleset ''"]),
    ("Game: ruleset a list", None, lambda: Game(3, ["standard"]), RulesError,
     ["ruleset must be a name or a Ruleset, not list"]),
    ("Game: a combination with an unknown part", None, lambda: Game(3, "invasion+nope"), RulesError,
     ["unknown ruleset"]),
    ("Game: seed 2.5", None, lambda: Game(3, seed=2.5), RulesError, [SEED, "not 2.5"]),
    ("Game: seed NaN", None, lambda: Game(3, seed=float("nan")), RulesError, [SEED, "not nan"]),
    ("Game: seed True", None, lambda: Game(3, seed=True), RulesError, [SEED, "not True"]),
    ("Game: seed bytes", None, lambda: Game(3, seed=b"x"), RulesError, [SEED, "not b'x'"]),
    ("Game: seed of 41 digits", None, lambda: Game(3, seed=10 ** 40), RulesError,
     ["seed must have at most 40 digits (so that the game can be saved)"]),
    ("Game: explain='no'", None, lambda: Game(3, explain="no"), RulesError, ["explain must be True or False"]),
    ("Game: hands name a stranger", None, lambda: Game(3, hands={"Zed": ["5"]}), RulesError,
     ["hands name 'Zed', who is not a player", "['Ana', 'Ben', 'Cy']"]),
    ("Game: thirty 5s in hand", None, lambda: Game(3, hands={"Ana": ["5"] * 30}), RulesError,
     ["one 5 too many: the deck has only 8"]),
    ("Game: hands a list", None, lambda: Game(3, hands=["5"]), RulesError,
     ["hands must map players to lists of cards, e.g. {'Ana': ['10', 'winter']}"]),
    ("Game: a hand a number", None, lambda: Game(3, hands={"Ana": 5}), RulesError,
     ["Ana's hand must be a list of cards, not 5"]),
    ("Game: deck_order a number", None, lambda: Game(3, deck_order=5), RulesError,
     ["deck_order must be a list of cards, not 5"]),
    ("Game: deck_order of unknown cards", None, lambda: Game(3, deck_order=["dragon"]), UnknownCard,
     ["unknown card 'dragon'", CARDS_LISTED]),
    ("Game: control of Atlantis", None, lambda: Game(3, control={"Atlantis": "Ana"}), UnknownRegion,
     [REGIONS_LISTED]),
    ("Game: control by a stranger", None, lambda: Game(3, control={"Roma": "Zed"}), RulesError,
     ["control gives Roma to 'Zed', who is not a player"]),
    ("Game: control a list", None, lambda: Game(3, control=["Roma"]), RulesError,
     ["control must map regions to players, e.g. {'Parma': 'Ana'}"]),
    ("Game: control that already wins", None,
     lambda: Game(3, control={r: "Ana" for r in ("Torino", "Milano", "Genova", "Venezia", "Mantova", "Parma")}),
     RulesError, ["already makes Ana the winner", "must start before any victory"]),
    ("Game: favor on Atlantis", None, lambda: Game(3, favor="Atlantis"), UnknownRegion, [REGIONS_LISTED]),
    ("Game: favor on a controlled region", None, lambda: Game(3, favor="Roma", control={"Roma": "Ana"}), RulesError,
     ["the Pope's Favor cannot start on Roma: it has a control marker"]),
    ("Game: undo at the start", fresh_game, lambda g: g.undo(), IllegalMove,
     ["there is no action to undo: the game is at its start"]),
    ("Game: hand of a stranger", fresh_game, lambda g: g.hand("Zed"), RulesError,
     ["'Zed' is not a player; players are ['Ana', 'Ben', 'Cy']"]),
]

# Actions of every shape, in every phase.  The game must refuse them and stay as it was.
APPLY = [
    ("apply: None", fresh_game, lambda g: g.apply(None), IllegalMove,
     ["apply() takes an action such as PlaceToken('Roma')", "not None", ALLOWED]),
    ("apply: a string", fresh_game, lambda g: g.apply("pass"), IllegalMove, ["not 'pass'", ALLOWED]),
    ("apply: a tuple as saved", fresh_game, lambda g: g.apply(("pass",)), IllegalMove, ["not ('pass',)"]),
    ("apply: the class Pass", fresh_game, lambda g: g.apply(Pass), IllegalMove, ["not <class", ALLOWED]),
    ("apply: a number", fresh_game, lambda g: g.apply(42), IllegalMove, ["not 42"]),
    ("token: Pass", at("token"), lambda g: g.apply(Pass()), IllegalMove,
     ["Pass is not possible now", ALLOWED, "PlaceToken(region) with region one of"]),
    ("token: region None", at("token"), lambda g: g.apply(PlaceToken(None)), UnknownRegion,
     ["Unknown region None", REGIONS_LISTED]),
    ("token: region 5", at("token"), lambda g: g.apply(PlaceToken(5)), UnknownRegion, ["Unknown region 5"]),
    ("token: region a list", at("token"), lambda g: g.apply(PlaceToken([])), UnknownRegion, ["Unknown region []"]),
    ("token: Atlantis", at("token"), lambda g: g.apply(PlaceToken("Atlantis")), UnknownRegion,
     ["Unknown region 'Atlantis'", REGIONS_LISTED]),
    ("token: a 10,000-character region", at("token"), lambda g: g.apply(PlaceToken("x" * 10_000)), UnknownRegion,
     ["10000 characters", "a region's name is short"]),
    ("token: a Play", at("token"), lambda g: g.apply(Play("5")), IllegalMove, [ALLOWED, "PlaceToken"]),
    ("token: a city-state action outside city-states", at("token"), lambda g: g.apply(ChooseCity("Roma")),
     IllegalMove, ["is an action of a variant", "the 'standard' ruleset has none", ALLOWED]),
    ("battle: an unknown card", at("battle"), lambda g: g.apply(Play("dragon")), UnknownCard,
     ["unknown card 'dragon'", CARDS_LISTED]),
    ("battle: card None", at("battle"), lambda g: g.apply(Play(None)), UnknownCard, ["named by a string"]),
    ("battle: card a dict", at("battle"), lambda g: g.apply(Play({})), UnknownCard, ["named by a string", "not {}"]),
    ("battle: '#' and 5,000 digits", at("battle"), lambda g: g.apply(Play("#" + "9" * 5000)), UnknownCard,
     ["9999' names no card", "such as '5#41'"]),
    ("battle: '5#' and a superscript", at("battle"), lambda g: g.apply(Play("5#²")), UnknownCard,
     ["names no card", "digits only"]),
    ("battle: face_down='x'", at("battle"), lambda g: g.apply(Play(my_card(g), face_down="x")), IllegalMove,
     ["face_down must be True or False, not 'x'"]),
    ("battle: the draw pile's top card", at("battle"), with_card(deck_card, lambda c, g: Play(c)), IllegalMove,
     ["is not in Ana's hand", ALLOWED]),
    ("battle: the draw pile's top card by id", at("battle"), with_card(deck_card, lambda c, g: Play(c.tag)),
     IllegalMove, ["is not in", ALLOWED]),
    ("battle: a discarded card", later_battle, with_card(discarded_card, lambda c, g: Play(c)),
     IllegalMove, ["is not in", ALLOWED]),
    ("battle: another player's card", at("battle"), with_card(others_card, lambda c, g: Play(c)), IllegalMove,
     ["is not in", ALLOWED]),
    ("battle: a card already played", started_battle, with_card(line_card, lambda c, g: Play(c)), IllegalMove,
     ["is not in", ALLOWED]),
    ("battle: a Scarecrow taking another's card", started_battle,
     lambda g: g.apply(Play("scarecrow", take=g.lines[other_player(g)][0])), IllegalMove, ["is not in"]),
    ("battle: a Keep", at("battle"), lambda g: g.apply(Keep(())), IllegalMove, [ALLOWED]),
    ("favor: region 5", at("favor"), lambda g: g.apply(PlaceFavor(5)), UnknownRegion, ["Unknown region 5"]),
    ("favor: Atlantis", at("favor"), lambda g: g.apply(PlaceFavor("Atlantis")), UnknownRegion, [REGIONS_LISTED]),
    ("favor: a Pass", at("favor"), lambda g: g.apply(Pass()), IllegalMove, [ALLOWED, "PlaceFavor"]),
    ("discard: DiscardHand('yes')", at("discard"), lambda g: g.apply(DiscardHand("yes")), IllegalMove,
     ["DiscardHand takes True or False, not 'yes'"]),
    ("discard: DiscardHand(None)", at("discard"), lambda g: g.apply(DiscardHand(None)), IllegalMove,
     ["True or False, not None"]),
    ("discard: a Pass", at("discard"), lambda g: g.apply(Pass()), IllegalMove, [ALLOWED, "DiscardHand"]),
    ("keep: Keep(5), a 5 not in hand", at("keep"), lambda g: g.apply(Keep(5)), IllegalMove,
     ["does not hold 5", ALLOWED]),
    ("keep: Keep(None)", at("keep"), lambda g: g.apply(Keep(None)), IllegalMove,
     ["Keep takes a tuple of cards such as Keep(('10', 'heroine')), not None"]),
    ("keep: an unknown card", at("keep"), lambda g: g.apply(Keep(("dragon",))), UnknownCard, ["unknown card"]),
    ("keep: one more card than the hand holds", at("keep"),
     lambda g: g.apply(Keep(tuple(c.kind for c in g.hand(g.to_move)) + (my_card(g).kind,))), IllegalMove, [ALLOWED]),
    ("keep: one card twice", at("keep"), lambda g: g.apply(Keep((my_card(g), my_card(g)))), IllegalMove,
     ["Keep names the same physical card twice"]),
    ("keep: a card from the draw pile", at("keep"), with_card(deck_card, lambda c, g: Keep((c,))), IllegalMove,
     ["is not in", ALLOWED]),
    ("keep: a discarded card", at("keep"), with_card(discarded_card, lambda c, g: Keep((c,))), IllegalMove,
     ["is not in", ALLOWED]),
    ("over: a Pass", finished_game, lambda g: g.apply(Pass()), IllegalMove,
     ["the game is over: Ben controls", "No action is possible"]),
    ("over: a token", finished_game, lambda g: g.apply(PlaceToken("Roma")), IllegalMove, ["No action is possible"]),
]

# The city-state variant's own actions: wrong types, and real cards from the wrong place.
CITY = [
    ("city: ChooseCity(5)", at("city", "city-states", 4), lambda g: g.apply(ChooseCity(5)), IllegalMove,
     ["ChooseCity takes a city's name such as 'Roma', not 5"]),
    ("city: ChooseCity(None)", at("city", "city-states", 4), lambda g: g.apply(ChooseCity(None)), IllegalMove,
     ["not None"]),
    ("city: ChooseCity(Atlantis)", at("city", "city-states", 4), lambda g: g.apply(ChooseCity("Atlantis")),
     UnknownRegion, [REGIONS_LISTED]),
    ("city: ChooseCity of a region that is no city-state", at("city", "city-states", 4),
     lambda g: g.apply(ChooseCity("Parma")), IllegalMove,
     ["Parma is not one of the city-states: Firenze, Venezia, Genova, Bologna, Milano, Roma"]),
    ("city: a Pass", at("city", "city-states", 4), lambda g: g.apply(Pass()), IllegalMove,
     ["Pass is not possible now: Ana chooses a city-state", ALLOWED, "Choose Firenze"]),
    ("ability: UseAbility('yes')", at("ability", "city-states", 4), lambda g: g.apply(UseAbility("yes")),
     IllegalMove, ["UseAbility takes True or False, not 'yes'"]),
    ("ability: Veto out of its phase", at("ability", "city-states", 4), lambda g: g.apply(Veto(True)), IllegalMove,
     [ALLOWED]),
    ("veto: Veto(None)", at("veto", "city-states", 4), lambda g: g.apply(Veto(None)), IllegalMove,
     ["Veto takes True or False, not None"]),
    ("veto: Veto(3)", at("veto", "city-states", 4), lambda g: g.apply(Veto(3)), IllegalMove, ["True or False"]),
    ("genova keep: GenovaKeep(5)", at("genova_keep", "city-states", 4), lambda g: g.apply(GenovaKeep(5)),
     IllegalMove, ["GenovaKeep takes a tuple of cards such as ('1', '2', 'winter'), not 5"]),
    ("genova keep: own cards Genova never drew", at("genova_keep", "city-states", 4),
     lambda g: g.apply(GenovaKeep(tuple(g.hand(g.to_move)[:3]))), IllegalMove,
     ["not among the cards Genova drew", ALLOWED]),
    ("genova keep: another player's cards", at("genova_keep", "city-states", 4),
     lambda g: g.apply(GenovaKeep(tuple(g.hand(other_player(g))[:3]))), IllegalMove,
     ["is not among the cards Genova drew", ALLOWED]),
    ("genova keep: cards of the draw pile", at("genova_keep", "city-states", 4),
     lambda g: g.apply(GenovaKeep(tuple(g.deck[:3]))), IllegalMove, ["is not among the cards Genova drew", ALLOWED]),
    ("genova keep: a GenovaDraw", at("genova_keep", "city-states", 4), lambda g: g.apply(GenovaDraw()), IllegalMove,
     [ALLOWED]),
    ("claim: RomaClaim(5)", at("claim", "city-states", 4), lambda g: g.apply(RomaClaim(5)), IllegalMove,
     ["RomaClaim takes a tuple of cards such as ('1', '2', 'winter'), not 5"]),
    ("claim: RomaClaim(None)", at("claim", "city-states", 4), lambda g: g.apply(RomaClaim(None)), IllegalMove,
     ["RomaClaim takes a tuple of cards such as ('1', '2', 'winter'), not None"]),
    ("claim: an unknown card", at("claim", "city-states", 4), lambda g: g.apply(RomaClaim(("dragon",))),
     UnknownCard, ["unknown card 'dragon'"]),
    ("claim: cards of the draw pile", at("claim", "city-states", 4),
     lambda g: g.apply(RomaClaim(tuple(g.deck[:3]))), IllegalMove, ["is not in Ben's hand", ALLOWED]),
    ("claim: a card of the discards", later_claim, lambda g: g.apply(RomaClaim((g.discard_pile[-1],))),
     IllegalMove, ["is not in Dee's hand", ALLOWED]),
    ("claim: another player's cards", at("claim", "city-states", 4),
     lambda g: g.apply(RomaClaim(tuple(g.hand(other_player(g))[:3]))), IllegalMove,
     ["is not in Ben's hand", ALLOWED]),
    ("claim: one card three times", at("claim", "city-states", 4),
     lambda g: g.apply(RomaClaim((my_card(g),) * 3)), IllegalMove,
     ["RomaClaim names the same card twice", ALLOWED]),
    ("city battle: GenovaTrade(5, 5)", at("battle", "city-states", 4), lambda g: g.apply(GenovaTrade(5, 5)),
     IllegalMove, ["GenovaTrade takes a tuple of cards such as ('1', '2', 'winter'), not 5"]),
    ("city battle: Ball(5, 5)", at("battle", "city-states", 4), lambda g: g.apply(Ball(5, 5)), IllegalMove,
     ["Ball's courtesan is a player's name or a Courtesan card, not 5"]),
    ("city battle: Bribe with a card of the draw pile", at("battle", "city-states", 4),
     with_card(deck_card, lambda c, g: Bribe(c, f"{other_player(g)}:5")), IllegalMove,
     ["is not in Ana's hand", ALLOWED]),
    ("city battle: LiftBan with no ban", at("battle", "city-states", 4), lambda g: g.apply(LiftBan()), IllegalMove,
     [ALLOWED]),
    ("city battle: Annul without Roma's right", at("battle", "city-states", 4), lambda g: g.apply(Annul()),
     IllegalMove, [ALLOWED]),
]

# -- saved games ---------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def saved() -> str:
    g = Game(3, seed=1)
    rng = random.Random(1)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))
    return g.to_json()


def edited(change) -> str:
    data = json.loads(saved())
    change(data)
    return json.dumps(data)


def load(text_or_change):
    return lambda: Game.from_json(text_or_change() if callable(text_or_change) else text_or_change)


JSON = [
    ("load: None", None, load(None), RulesError, ["a saved game is JSON text (a str or bytes) or its parsed dict",
                                                  "not NoneType"]),
    ("load: a number", None, load(5), RulesError, ["not int"]),
    ("load: a list", None, load([]), RulesError, ["not list"]),
    ("load: empty text", None, load(""), RulesError, ["not a saved game: the text is not JSON"]),
    ("load: truncated", None, lambda: Game.from_json(saved()[:len(saved()) // 2]), RulesError,
     ["the text is not JSON"]),
    ("load: bytes that are not UTF-8", None, load(b"\xff\xfe{}"), RulesError, ["a saved game is UTF-8 JSON text"]),
    ("load: a JSON array", None, load("[]"), RulesError, ["a saved game"]),
    ("load: format 2", None, lambda: Game.from_json(edited(lambda d: d.update(format="condottiere-game/2"))),
     RulesError, ["format 'condottiere-game/2' is not supported", "this version reads 'condottiere-game/1'"]),
    ("load: format a number", None, lambda: Game.from_json(edited(lambda d: d.update(format=1))), RulesError,
     ["saved game format 1 is not supported"]),
    ("load: no format", None, lambda: Game.from_json(edited(lambda d: d.pop("format"))), RulesError, ["format"]),
    ("load: players a string", None, lambda: Game.from_json(edited(lambda d: d.update(players="Ana"))), RulesError,
     ["the saved game's players must be a list of names"]),
    ("load: a NUL in a player's name", None,
     lambda: Game.from_json(edited(lambda d: d.update(players=["A\x00", "Ben", "Cy"]))), RulesError, ["U+0000"]),
    ("load: a lone surrogate in a name", None, lambda: Game.from_json(saved().replace('"Ana"', '"\\ud800"')),
     RulesError, ["U+D800"]),
    ("load: 'standard' with another hand size", None,
     lambda: Game.from_json(edited(lambda d: d.update(ruleset={"name": "standard", "options": {"hand_size": 5}}))),
     RulesError, ["names the ruleset 'standard' but changes its option hand_size", "a name of its own"]),
    ("load: 'invasion' with the standard options", None,
     lambda: Game.from_json(edited(lambda d: d.update(ruleset={"name": "invasion", "options": {}}))), RulesError,
     ["names the ruleset 'invasion' but changes its option invasion"]),
    ("load: the ruleset as a string", None, lambda: Game.from_json(edited(lambda d: d.update(ruleset="standard"))),
     RulesError, ["the saved ruleset must be {'name': ..., 'options': {...}}"]),
    ("load: a deck of a million 5s", None, lambda: Game.from_json(edited(lambda d: d.update(
        ruleset={"name": "fives", "options": {"deck": [["5", 1_000_000]]}}))), RulesError,
     ["option deck", "must be a whole number from 1 to 100"]),
    ("load: a key twice", None, lambda: Game.from_json(saved()[:-1] + ',"seed":2}'), RulesError,
     ["the key 'seed' twice in one object", "each key is written once"]),
    ("load: a 5,000-digit seed", None, lambda: Game.from_json(saved().replace('"seed":1', '"seed":' + "9" * 5000)),
     RulesError, ["an integer of 5000 digits", "at most 40"]),
    ("load: seed NaN", None, lambda: Game.from_json(saved().replace('"seed":1', '"seed":NaN')), RulesError,
     ["holds NaN, which is not a JSON number"]),
    ("load: seed 1e999", None, lambda: Game.from_json(saved().replace('"seed":1', '"seed":1e999')), RulesError,
     ["holds inf"]),
    ("load: seed true", None, lambda: Game.from_json(saved().replace('"seed":1', '"seed":true')), RulesError,
     ["the saved seed must be an integer or a string, not True"]),
    ("load: seed 1.5", None, lambda: Game.from_json(saved().replace('"seed":1', '"seed":1.5')), RulesError,
     ["not 1.5"]),
    ("load: 100,000 brackets deep", None, load("[" * 100_000 + "]" * 100_000), RulesError,
     ["100000 arrays and objects", "at most 10200"]),
    ("load: nested 6 deep in the seed", None,
     lambda: Game.from_json(saved().replace('"seed":1', '"seed":[[[[[1]]]]]')), RulesError, ["deep"]),
    ("load: two megabytes of spaces", None, load(" " * 2_000_000), RulesError,
     ["2,000,000 characters; a saved game has at most 1,000,000"]),
    ("load: actions a string", None, lambda: Game.from_json(edited(lambda d: d.update(actions="pass"))), RulesError,
     ["the saved actions must be a list"]),
    ("load: an unknown action", None, lambda: Game.from_json(edited(lambda d: d["actions"].__setitem__(0, ["fly"]))),
     RulesError, ["action 1 of the saved game, ['fly'], is malformed", "unknown action name or wrong arguments"]),
    ("load: an action too many", None, lambda: Game.from_json(edited(lambda d: d["actions"].append(["pass"]))),
     RulesError, ["the saved snapshot does not match the game replayed from its actions"]),
    ("load: a snapshot edited", None, lambda: Game.from_json(edited(lambda d: d["snapshot"].update(round=9))),
     RulesError, ["'round' is 9 in the file but 1 after replaying"]),
    ("load: a card id past the deck", None,
     lambda: Game.from_json(edited(lambda d: d["setup"].update(hands={"Ana": [999]}))), RulesError,
     ["holds 999, which is not a card id of the 110-card deck"]),
    ("load: explain='no'", None, lambda: Game.from_json(saved(), explain="no"), RulesError,
     ["explain must be True or False, not 'no'"]),
]

# -- Ruleset ---------------------------------------------------------------------------------------------


def replace(**change):
    return lambda: get_ruleset("standard").replace(**change)


HAND_SIZE = "a whole number from 1 to 30"
RULESET = [
    ("replace: hand_size='10'", None, replace(hand_size="10"), RulesError,
     ["option hand_size cannot be '10' (not a whole number)", HAND_SIZE]),
    ("replace: hand_size=2.5", None, replace(hand_size=2.5), RulesError, ["cannot be 2.5", HAND_SIZE]),
    ("replace: hand_size=-5", None, replace(hand_size=-5), RulesError, ["cannot be -5", HAND_SIZE]),
    ("replace: hand_size=0", None, replace(hand_size=0), RulesError, ["cannot be 0", "nobody could ever play"]),
    ("replace: hand_size=True", None, replace(hand_size=True), RulesError, ["cannot be True", HAND_SIZE]),
    ("replace: hand_size=None", None, replace(hand_size=None), RulesError, ["cannot be None", HAND_SIZE]),
    ("replace: hand_size of 100 digits", None, replace(hand_size=10 ** 100), RulesError,
     ["an integer of about 100 digits", HAND_SIZE]),
    ("replace: deck=()", None, replace(deck=()), RulesError, ["option deck cannot be () (the deck is empty)",
                                                              "a deck name (standard"]),
    ("replace: deck=5", None, replace(deck=5), RulesError, ["cannot be 5", "a deck is a name or (kind, count) pairs"]),
    ("replace: deck='nope'", None, replace(deck="nope"), RulesError, ["unknown deck 'nope'", "named decks are"]),
    ("replace: deck of no 5s", None, replace(deck=[("5", 0)]), RulesError,
     ["the count of '5' must be a whole number from 1 to 100"]),
    ("replace: deck of dragons", None, replace(deck=[("dragon", 3)]), RulesError, ["'dragon' is not a card kind"]),
    ("replace: deck of a lone kind", None, replace(deck=[("5",)]), RulesError, ["each entry is a (kind, count) pair"]),
    ("replace: invasion=1", None, replace(invasion=1), RulesError, ["option invasion cannot be 1", "True or False"]),
    ("replace: invasion='yes'", None, replace(invasion="yes"), RulesError, ["cannot be 'yes'", "True or False"]),
    ("replace: face_down_specials='yes'", None, replace(face_down_specials="yes"), RulesError,
     ["cannot be 'yes'", "'reveal', 'on_play', 'mercenaries_only'"]),
    ("replace: keep_cards=4", None, replace(keep_cards=4), RulesError, ["a whole number from 0 to 3"]),
    ("replace: keep_cards=1.0", None, replace(keep_cards=1.0), RulesError, ["cannot be 1.0 (not a whole number)"]),
    ("replace: victory_regions=NaN", None, replace(victory_regions=float("nan")), RulesError,
     ["cannot be nan", "a whole number from 0 to 17"]),
    ("replace: name=5", None, replace(name=5), RulesError, ["option name cannot be 5 (not a string)"]),
    ("replace: name=''", None, replace(name=""), RulesError, ["a name of 1 to 120 printable characters"]),
    ("replace: a named ruleset's name with other rules", None, replace(name="invasion"), RulesError,
     ["a ruleset named 'invasion' is the ruleset 'invasion'", "a name of its own"]),
    ("replace: summary=5", None, replace(summary=5), RulesError, ["text of at most 1000 characters"]),
    ("replace: final_ruleset='nope'", None, replace(final_ruleset="nope"), RulesError,
     ["no ruleset has that name", "the name of a ruleset with the same deck"]),
    ("replace: an unknown option", None, replace(colour="red"), RulesError,
     ["Ruleset has no option 'colour'", "options are: name"]),
    ("Ruleset: hand_size='x'", None, lambda: Ruleset(hand_size="x"), RulesError, ["cannot be 'x'", HAND_SIZE]),
    ("get_ruleset: a number", None, lambda: get_ruleset(5), RulesError, ["ruleset must be a name or a Ruleset"]),
    ("combine: nothing", None, lambda: combine(), RulesError, ["combine() needs at least one ruleset"]),
    ("combine: an unknown part", None, lambda: combine("invasion", "nope"), RulesError, ["unknown ruleset 'nope'"]),
]

# -- Match, agents, explore -------------------------------------------------------------------------------

TARGET = "a whole number of points from 1 to 1000"
MATCH = [
    ("Match: target 'abc'", None, lambda: Match(["Ana", "Ben"], target="abc", seed=1), RulesError,
     [TARGET, "not 'abc'"]),
    ("Match: target inf", None, lambda: Match(["Ana", "Ben"], target=float("inf"), seed=1), RulesError,
     [TARGET, "not inf"]),
    ("Match: target NaN", None, lambda: Match(["Ana", "Ben"], target=float("nan"), seed=1), RulesError,
     [TARGET, "not nan"]),
    ("Match: target 0", None, lambda: Match(["Ana", "Ben"], target=0, seed=1), RulesError, [TARGET, "not 0"]),
    ("Match: seed a list", None, lambda: Match(["Ana", "Ben"], seed=[1]), RulesError, [SEED, "not [1]"]),
    ("Match: explain='yes'", None, lambda: Match(["Ana", "Ben"], seed=1, explain="yes"), RulesError,
     ["explain must be True or False, not 'yes'"]),
    ("Match: one player", None, lambda: Match(["Ana"], seed=1), RulesError, [TWO_TO_SIX]),
    ("Match: apply junk", match, lambda m: m.apply("junk"), IllegalMove, ["not 'junk'", ALLOWED]),
    ("Match: apply a card from the draw pile", match, lambda m: m.apply(Play(m.game.deck[0])), IllegalMove,
     [ALLOWED]),
]

AGENTS = [
    ("RandomAgent: seed a list", None, lambda: RandomAgent([1]), RulesError, [SEED, "not [1]"]),
    ("RandomAgent: seed 2.5", None, lambda: RandomAgent(2.5), RulesError, [SEED, "not 2.5"]),
    ("HeuristicAgent: seed a dict", None, lambda: HeuristicAgent({}), RulesError, [SEED, "not {}"]),
    ("HeuristicAgent: seed an object", None, lambda: HeuristicAgent(object()), RulesError, [SEED]),
    ("RandomAgent: a finished game", finished_game, lambda g: RandomAgent(1).choose(g), RulesError,
     ["the game is over: there is nothing to choose"]),
    ("HeuristicAgent: a finished game", finished_game, lambda g: HeuristicAgent(1).choose(g), RulesError,
     ["the game is over: there is nothing to choose"]),
    ("RandomAgent: not a game", None, lambda: RandomAgent(1).choose("game"), RulesError,
     ["an agent chooses an action in a Game (or a Match), not in 'game'"]),
    ("HeuristicAgent: None for a game", None, lambda: HeuristicAgent(1).choose(None), RulesError,
     ["in a Game (or a Match), not in None"]),
    ("play_game: agents a number", None, lambda: play_game(5), RulesError,
     ["agents must be a list with one agent per seat, or {player: agent}, not 5"]),
    ("play_game: an unknown agent", None, lambda: play_game(["nope", "random"], seed=1), RulesError,
     ["unknown agent 'nope'; named agents are: random, heuristic"]),
    ("play_game: max_actions=0", None, lambda: play_game(["random", "random"], seed=1, max_actions=0), RulesError,
     ["max_actions must be a positive whole number, not 0"]),
    ("simulate: 0 games", None, lambda: simulate(0, 3, progress=False), RulesError,
     ["n, the number of games, must be a whole number from 1 to 1000000000, not 0"]),
    ("simulate: -1 games", None, lambda: simulate(-1, 3, progress=False), RulesError, ["not -1"]),
    ("simulate: 'x' games", None, lambda: simulate("x", 3, progress=False), RulesError, ["not 'x'"]),
    ("simulate: 2.5 games", None, lambda: simulate(2.5, 3, progress=False), RulesError, ["not 2.5"]),
    ("simulate: 7 players", None, lambda: simulate(1, 7, progress=False), RulesError, [TWO_TO_SIX, "not 7"]),
    ("simulate: players 'Ana'", None, lambda: simulate(1, "Ana", progress=False), RulesError,
     ["players must be a list of names", "not 'Ana'"]),
    ("simulate: seed a list", None, lambda: simulate(1, 3, seed=[1], progress=False), RulesError, [SEED]),
    ("simulate: progress 'yes'", None, lambda: simulate(1, 3, progress="yes"), RulesError,
     ["progress must be None, True, a Progress or a callable(done, total), not 'yes'"]),
]

OPEN = "[Ana Ben] Ana 5"
EXPLORE = [
    ("battle_odds: garbage notation", None, lambda: battle_odds("garbage"), RulesError, ["cannot read the move"]),
    ("battle_odds: a number", None, lambda: battle_odds(5), RulesError,
     ["battle must be a Battle or its notation, not 5"]),
    ("battle_odds: samples 0", None, lambda: battle_odds(OPEN, hand=["5"], samples=0), RulesError,
     ["samples must be a whole number from 1 to 1000000, not 0"]),
    ("battle_odds: samples -1", None, lambda: battle_odds(OPEN, hand=["5"], samples=-1), RulesError, ["not -1"]),
    ("battle_odds: exact_limit -1", None, lambda: battle_odds(OPEN, hand=["5"], exact_limit=-1), RulesError,
     ["exact_limit must be a whole number, 0 or more, not -1"]),
    ("battle_odds: exact_limit 'x'", None, lambda: battle_odds(OPEN, hand=["5"], exact_limit="x"), RulesError,
     ["not 'x'"]),
    ("battle_odds: an unknown ruleset", None, lambda: battle_odds(OPEN, hand=["5"], ruleset="nope"), RulesError,
     ["unknown ruleset 'nope'"]),
    ("battle_odds: hand 5", None, lambda: battle_odds(OPEN, hand=5), RulesError,
     ["hand must be a list of cards such as ['10', 'winter']", "not 5"]),
    ("battle_odds: a dragon in hand", None, lambda: battle_odds(OPEN, hand=["dragon"]), UnknownCard,
     ["unknown card 'dragon'"]),
    ("battle_odds: no hand", None, lambda: battle_odds(OPEN), RulesError,
     ["give the hand of Ben, the player to move"]),
    ("battle_odds: others -1", None, lambda: battle_odds(OPEN, hand=["5"], others=-1), RulesError,
     ["others must be a whole number, 0 or more, not -1"]),
    ("battle_odds: others '3'", None, lambda: battle_odds(OPEN, hand=["5"], others="3"), RulesError,
     ["others must be a number of cards or {player: number}, not '3'"]),
    ("battle_odds: others past the pool", None, lambda: battle_odds(OPEN, hand=["5"], others=1000), RulesError,
     ["need 1000 unknown cards but the pool holds 108"]),
    ("battle_odds: pool 5", None, lambda: battle_odds(OPEN, hand=["5"], pool=5), RulesError,
     ["pool must be a list of cards"]),
    ("battle_odds: control 5", None, lambda: battle_odds(OPEN, hand=["5"], control=5), RulesError,
     ["control must map regions to players"]),
    ("battle_odds: region Atlantis", None, lambda: battle_odds(OPEN, hand=["5"], region="Atlantis"), UnknownRegion,
     [REGIONS_LISTED]),
    ("battle_odds: an unknown agent", None, lambda: battle_odds(OPEN, hand=["5"], agent="nope"), RulesError,
     ["unknown agent 'nope'"]),
    ("battle_odds: seed a list", None, lambda: battle_odds(OPEN, hand=["5"], seed=[1]), RulesError, [SEED]),
    ("battle_odds: a battle that is over", None, lambda: battle_odds("[Ana Ben] Ana pass, Ben pass", hand=["5"]),
     RulesError, ["the battle is over: there is no action left to weigh"]),
    ("game_odds: not a game", None, lambda: game_odds(5), RulesError,
     ["game_odds weighs the actions of a Game, not of 5", "battle_odds"]),
    ("game_odds: the token phase", fresh_game, lambda g: game_odds(g), RulesError,
     ["odds are for a battle; the game is in its 'token' phase"]),
    ("variant_balance: an unknown ruleset", None, lambda: variant_balance(["nope"], games=1), RulesError,
     ["unknown ruleset 'nope'"]),
    ("variant_balance: 0 games", None, lambda: variant_balance(["standard"], games=0), RulesError,
     ["games must be a whole number from 1 to 1000000000, not 0"]),
    ("variant_balance: -1 games", None, lambda: variant_balance(["standard"], games=-1), RulesError, ["not -1"]),
    ("variant_balance: games True", None, lambda: variant_balance(["standard"], games=True), RulesError,
     ["not True"]),
    ("variant_balance: 7 players", None, lambda: variant_balance(["standard"], players=7, games=1), RulesError,
     ["each number of players must be a whole number from 2 to 6, not 7"]),
    ("variant_balance: players '3'", None, lambda: variant_balance(["standard"], players="3", games=1), RulesError,
     ["players must be a number of players from 2 to 6 or a list of them, not '3'"]),
    ("variant_balance: rulesets 5", None, lambda: variant_balance(5, games=1), RulesError,
     ["rulesets must be a ruleset's name, a Ruleset or a non-empty list of them", "not 5"]),
    ("variant_balance: an unknown agent", None, lambda: variant_balance(["standard"], games=1, agent="nope"),
     RulesError, ["unknown agent 'nope'"]),
    ("variant_balance: seed a list", None, lambda: variant_balance(["standard"], games=1, seed=[1]), RulesError,
     [SEED]),
    ("variant_balance: progress 'x'", None, lambda: variant_balance(["standard"], games=1, progress="x"), RulesError,
     ["progress must be None, True, a Progress or a callable(done, total), not 'x'"]),
    ("soak: 0 games", None, lambda: soak(0), RulesError, ["games must be a whole number from 1 to 1000000000, not 0"]),
    ("soak: 'x' games", None, lambda: soak("x"), RulesError, ["not 'x'"]),
    ("soak: 9 players", None, lambda: soak(1, players=(9,)), RulesError, ["from 2 to 6, not 9"]),
    ("soak: an unknown ruleset", None, lambda: soak(1, rulesets=["nope"]), RulesError, ["unknown ruleset 'nope'"]),
]

# -- views ---------------------------------------------------------------------------------------------------

LANGS = "the languages are en (English), vi (Tiếng Việt), es (Español), zh (中文), fa (فارسی)"


def builder():
    m = BuilderModel(["Ana", "Ben"])
    m.play("10")
    return m


def resolution():
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "10")
    return b.resolve()


VIEWS = [
    ("BuilderModel: lang 'xx'", None, lambda: BuilderModel(lang="xx"), RulesError, ["unknown language 'xx'", LANGS]),
    ("BuilderModel: lang a list", None, lambda: BuilderModel(lang=[]), RulesError, ["unknown language []"]),
    ("BuilderModel: one player", None, lambda: BuilderModel(["Ana"]), RulesError, [TWO_TO_SIX]),
    ("BuilderModel: players 'Ana'", None, lambda: BuilderModel("Ana"), RulesError, ["players must be a list"]),
    ("BuilderModel: players None", None, lambda: BuilderModel(None), RulesError, ["players must be a list"]),
    ("BuilderModel: a control character in a name", None, lambda: BuilderModel(["Ana", "B\x07n"]), RulesError,
     ["U+0007"]),
    ("BuilderModel: notation 5", None, lambda: BuilderModel(notation=5), RulesError,
     ["battle notation is a non-empty string"]),
    ("BuilderModel: an unknown ruleset", None, lambda: BuilderModel(ruleset="nope"), RulesError,
     ["unknown ruleset 'nope'"]),
    ("StepperModel: lang 'xx'", None, lambda: StepperModel(resolution(), lang="xx"), RulesError, [LANGS]),
    ("StepperModel: no resolution", None, lambda: StepperModel(None), RulesError,
     ["a stepper shows the steps of a resolved battle, not None"]),
    ("CompareModel: lang 'xx'", None, lambda: CompareModel(Battle(["Ana", "Ben"]), "standard", "hidden-cards",
                                                           lang="xx"), RulesError, [LANGS]),
    ("CompareModel: a notation for a battle", None, lambda: CompareModel("[Ana Ben]", "standard", "hidden-cards"),
     RulesError, ["a comparison replays a Battle under two rulesets, not '[Ana Ben]'"]),
    ("GameModel: lang 'xx'", None, lambda: GameModel(lang="xx"), RulesError, [LANGS]),
    ("GameModel: players 'You'", None, lambda: GameModel("You"), RulesError, ["players must be a list of names"]),
    ("GameModel: players None", None, lambda: GameModel(None), RulesError, ["players must be a list of names"]),
    ("GameModel: a human who is not seated", None, lambda: GameModel(human="Zed"), RulesError,
     ["the human seat 'Zed' is not one of the players"]),
    ("GameModel: seed a list", None, lambda: GameModel(seed=[1]), RulesError,
     ["a deal number is a whole number, 0 or more, of at most 40 digits, not [1]"]),
    ("GameModel: an unknown bot", None, lambda: GameModel(bots="nope"), RulesError, ["unknown agent 'nope'"]),
]

ALL = BATTLE + BATTLE_PLAY + NOTATION + GAME + APPLY + CITY + JSON + RULESET + MATCH + AGENTS + EXPLORE + VIEWS


@table(ALL)
def test_bad_input_is_refused_clearly_and_changes_nothing(make, call, error, words):
    check(make, call, error, words)


def test_the_matrix_has_at_least_150_distinct_cases_across_every_entry_point():
    assert len(ALL) >= 150, len(ALL)
    assert len({r[0] for r in ALL}) == len(ALL)
    for group in (BATTLE, BATTLE_PLAY, NOTATION, GAME, APPLY, CITY, JSON, RULESET, MATCH, AGENTS, EXPLORE, VIEWS):
        assert len(group) >= 5


def test_a_view_model_that_refuses_a_language_keeps_its_state():
    m = builder()
    before = state_of(m)
    assert m.set_lang("xx") is False and "unknown language 'xx'; choose one of en, vi, es, zh, fa" in m.message
    assert state_of(m) == before
    g = GameModel(seed=2)
    before = state_of(g)
    assert g.set_lang("xx") is False and "choose one of en, vi, es, zh, fa" in g.message and state_of(g) == before


@pytest.mark.parametrize("name", ["$x^$", "A$b", "$$", r"\$5 $ and $"])
def test_matplotlib_draws_a_dollar_in_a_name_as_written(name):
    """A '$' pair is mathematics to matplotlib (and '$x^$' made it fail): the map escapes them."""
    matplotlib = pytest.importorskip("matplotlib")     # the lab extra: not in the engine-only runs
    pytest.importorskip("ipywidgets")
    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    from condottiere_nb.views.mapview import draw_map
    fig = Figure()
    draw_map(control={"Roma": name}, players=[name, "Ben"], ax=fig.add_subplot(), title=f"{name}'s map")
    png = io.BytesIO()
    fig.savefig(png, format="png")
    assert png.getvalue().startswith(b"\x89PNG")
    fig = Figure()
    ax = fig.add_subplot()
    draw_map(control={"Roma": name}, players=[name, "Ben"], ax=ax, title=name)
    label = ax.get_legend().get_texts()[0]
    assert label.get_text() == name.replace("$", r"\$") and ax.get_title() == name.replace("$", r"\$")


@pytest.mark.parametrize("call,words", [
    (lambda m: m(control="Roma"), "control must map regions to players"),
    (lambda m: m(control={"Roma": "Zed"}, players=["Ana", "Ben"]), "control names 'Zed', who is not in players"),
    (lambda m: m(control={}, highlight=5), "highlight must be a list of regions, not 5"),
    (lambda m: m(control={}, favor="Atlantis"), "Unknown region 'Atlantis'"),
], ids=["control a string", "a stranger in control", "highlight a number", "favor on Atlantis"])
def test_the_map_refuses_bad_arguments_with_a_rules_error(call, words):
    pytest.importorskip("matplotlib")      # the lab extra: not in the engine-only runs
    pytest.importorskip("ipywidgets")
    from matplotlib.figure import Figure

    from condottiere_nb.views.mapview import draw_map, map_info_html
    for draw in (lambda **kw: draw_map(ax=Figure().add_subplot(), **kw), map_info_html):
        with pytest.raises(RulesError, match=words):
            call(draw)
