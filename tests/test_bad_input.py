"""Bad input never half-applies (the README, "The API in ten lines").

Each row is a wrong call: the exception type, words its message must contain (what was
tried, why not, what is allowed), and the battle exactly as before - its notation, its
strengths, its number of steps and every piece of its state.
"""
import pytest

from condottiere_nb import Battle, Game, IllegalMove, RulesError, UnknownCard, get_ruleset
from condottiere_nb.cards import Card


def base():
    """Ana 5 6 | Ben 10 Heroine | Cy passed."""
    b = Battle(["Ana", "Ben", "Cy"])
    b.play("Ana", "5")
    b.play("Ana", "6")
    b.play("Ben", "10")
    b.play("Ben", "heroine")
    b.pass_turn("Cy")
    return b


def surrendered():
    b = base()
    b.play("Ben", "surrender")
    return b


def resolved():
    b = base()
    b.resolve()
    return b


def hidden():
    b = Battle(["Ana", "Ben"], "hidden-cards")
    b.play("Ana", "5", face_down=True)
    b.play("Ana", "3")
    return b


def hidden_mode(mode):
    def make():
        return Battle(["Ana", "Ben"], get_ruleset("hidden-cards").replace(face_down_specials=mode))
    return make


def strict():
    b = Battle(["Ana", "Ben", "Cy"], strict=True, hands={"Ana": ["5", "winter"], "Ben": ["10"], "Cy": []})
    b.play("Ana", "5")
    return b


def six_bishops():
    b = Battle(["Ana", "Ben"])
    for i in range(6):
        b.play("Ana" if i % 2 else "Ben", "bishop")
    return b


def fresh():
    return Battle(["Ana", "Ben"])


def state(b: Battle):
    """Everything that makes a battle what it is."""
    return (b.notation(), b.strengths(), len(b.steps), [s.text for s in b.steps],
            {p: [c.id for c in l] for p, l in b.lines.items()}, sorted(b.face_down),
            [c.id for c in b.discarded], {p: [c.id for c in l] for p, l in b.returned.items()},
            None if b.hands is None else {p: [c.id for c in h] for p, h in b.hands.items()},
            list(b.passed), b.favor, b.surrendered_by, b.is_over, b.to_move, b.is_resolved, len(b.moves))


# (id, make the battle, the wrong call, exception type, words the message must contain)
BATTLE_CASES = [
    ("unknown player plays", base, lambda b: b.play("Zed", "5"), IllegalMove,
     ["'Zed' is not a player", "['Ana', 'Ben', 'Cy']"]),
    ("unknown player passes", base, lambda b: b.pass_turn("Zed"), IllegalMove, ["'Zed' is not a player"]),
    ("player is not a string", base, lambda b: b.play(3, "5"), IllegalMove, ["3 is not a player"]),
    ("unknown card", base, lambda b: b.play("Ana", "dragon"), UnknownCard, ["unknown card 'dragon'", "winter"]),
    ("misspelled card", base, lambda b: b.play("Ana", "Bishup"), UnknownCard, ["Did you mean 'bishop'?"]),
    ("card is not a string", base, lambda b: b.play("Ana", 5.5), UnknownCard, ["named by a string", "5.5"]),
    ("card is None", base, lambda b: b.play("Ana", None), UnknownCard, ["named by a string", "None"]),
    ("no Mercenary of value 7", base, lambda b: b.play("Ana", "7"), UnknownCard,
     ["no Mercenary of value '7'", "1, 2, 3, 4, 5, 6, 10"]),
    ("no Mercenary of value 0", base, lambda b: b.play("Ana", "0"), UnknownCard, ["1, 2, 3, 4, 5, 6, 10"]),
    ("empty card name", base, lambda b: b.play("Ana", ""), UnknownCard, ["empty"]),
    ("playing after passing", base, lambda b: b.play("Cy", "5"), IllegalMove,
     ["Cy has passed and cannot play again"]),
    ("passing twice", base, lambda b: b.pass_turn("Cy"), IllegalMove, ["Cy has passed"]),
    ("playing after a Surrender", surrendered, lambda b: b.play("Ana", "3"), IllegalMove,
     ["Ben played a Surrender", "nobody plays another card"]),
    ("passing after a Surrender", surrendered, lambda b: b.pass_turn("Ana"), IllegalMove, ["Surrender"]),
    ("Scarecrow takes another player's card by value", base,
     lambda b: b.play("Ana", "scarecrow", take="10"), IllegalMove,
     ["Ana has no 10 in their line", "Ben's line", "only takes back your own", "5 6"]),
    ("Scarecrow takes another player's card object", base,
     lambda b: b.play("Ana", "scarecrow", take=b.lines["Ben"][0]), IllegalMove,
     ["your own Mercenaries", "in Ben's line"]),
    ("Scarecrow takes a value not in the line", base, lambda b: b.play("Ana", "scarecrow", take="3"),
     IllegalMove, ["Ana has no 3 in their line", "Ana's face-up Mercenaries: 5 6"]),
    ("Scarecrow takes a card id not in the line", base, lambda b: b.play("Ana", "scarecrow", take="5#39"),
     IllegalMove, ["card 5#39 is not in Ana's line", "5#34"]),
    ("Scarecrow takes a Heroine", base, lambda b: b.play("Ben", "scarecrow", take="heroine"), IllegalMove,
     ["takes back a Mercenary only, not a Heroine"]),
    ("Scarecrow takes an unknown card", base, lambda b: b.play("Ana", "scarecrow", take="bishup"),
     UnknownCard, ["Did you mean 'bishop'?"]),
    ("take= on a non-Scarecrow", base, lambda b: b.play("Ana", "10", take="5"), IllegalMove,
     ["take= is only for a Scarecrow", "not for a 10"]),
    ("take= a face-down card", hidden, lambda b: b.play("Ana", "scarecrow", take="5"), IllegalMove,
     ["cannot take back a face-down card"]),
    ("face_down outside hidden cards", base, lambda b: b.play("Ana", "3", face_down=True), IllegalMove,
     ["played face up under the 'standard' ruleset", "'hidden-cards'"]),
    ("face_down='yes'", hidden, lambda b: b.play("Ana", "3", face_down="yes"), IllegalMove,
     ["face_down must be True or False, not 'yes'"]),
    ("face-down Scarecrow with a take", hidden_mode("reveal"),
     lambda b: b.play("Ana", "scarecrow", face_down=True, take="5"), IllegalMove,
     ["face-down Scarecrow does nothing until it is revealed", "take=None"]),
    ("face-down special where only Mercenaries may hide", hidden_mode("mercenaries_only"),
     lambda b: b.play("Ana", "bishop", face_down=True), IllegalMove,
     ["only Mercenaries may be played face down, not a Bishop"]),
    ("resolve twice", resolved, lambda b: b.resolve(), IllegalMove, ["already been resolved"]),
    ("play after resolve", resolved, lambda b: b.play("Ana", "3"), IllegalMove, ["already been resolved"]),
    ("undo after resolve", resolved, lambda b: b.undo(), IllegalMove, ["already been resolved", "undo"]),
    ("undo with nothing to undo", fresh, lambda b: b.undo(), IllegalMove, ["no move to undo"]),
    ("strict: out of turn", strict, lambda b: b.play("Cy", "5"), IllegalMove, ["it is Ben's turn, not Cy's"]),
    ("strict: out of turn pass", strict, lambda b: b.pass_turn("Ana"), IllegalMove, ["it is Ben's turn"]),
    ("strict: card not in hand", strict, lambda b: b.play("Ben", "6"), IllegalMove,
     ["Ben has no 6 in hand", "Ben's hand: 10"]),
    ("strict: resolve before the end", strict, lambda b: b.resolve(), IllegalMove,
     ["the battle is not over", "Ana, Ben and Cy still have to pass"]),
    ("7th Bishop", six_bishops, lambda b: b.play("Ana", "bishop"), IllegalMove,
     ["the deck has only 6 Bishop cards", "all 6 are already used"]),
    ("a card id of another kind", base, lambda b: b.play("Ana", "5#0"), UnknownCard,
     ["card #0 is not a 5"]),
    ("a card id already used", base, lambda b: b.play("Ana", "10#50"), IllegalMove,
     ["card 10#50 is already used"]),
    ("a Card not of this deck", base, lambda b: b.play("Ana", Card(999, "5")), IllegalMove,
     ["not a card of the standard deck"]),
]


@pytest.mark.parametrize("make,call,error,words", [c[1:] for c in BATTLE_CASES], ids=[c[0] for c in BATTLE_CASES])
def test_bad_call_raises_a_clear_error_and_leaves_the_battle_unchanged(make, call, error, words):
    b = make()
    before = state(b)
    resolution = b.resolution
    with pytest.raises(error) as e:
        call(b)
    for w in words:
        assert w in str(e.value), f"{w!r} not in {str(e.value)!r}"
    assert state(b) == before
    assert b.resolution is resolution


def test_the_table_is_long_enough():
    assert len(BATTLE_CASES) + len(CONSTRUCTOR_CASES) >= 30
    assert len(BATTLE_CASES) >= 30


def test_a_failed_call_leaves_a_battle_that_still_plays_normally():
    b = base()
    for call in (lambda: b.play("Ana", "scarecrow", take="10"), lambda: b.play("Cy", "5"),
                 lambda: b.play("Ana", "7")):
        with pytest.raises(RulesError):
            call()
    b.play("Ana", "scarecrow", take="6")
    assert b.strengths() == {"Ana": 5, "Ben": 20, "Cy": 0}
    assert b.resolve().winner == "Ben"


def test_ids_of_the_base_battle_are_what_the_table_assumes():
    b = base()
    assert [c.tag for c in b.lines["Ana"]] == ["5#34", "6#42"]
    assert [c.tag for c in b.lines["Ben"]] == ["10#50", "Heroine#88"]


# Calls that fail before there is a battle: the exception and its words.
CONSTRUCTOR_CASES = [
    ("duplicate player names", lambda: Battle(["Ana", "Ben", "Ana"]), RulesError,
     ["'Ana' appears twice"]),
    ("one player", lambda: Battle(["Ana"]), RulesError, ["2 to 6 players, not 1"]),
    ("seven players", lambda: Battle(list("ABCDEFG")), RulesError, ["2 to 6 players, not 7"]),
    ("bad ruleset name", lambda: Battle(["Ana", "Ben"], "nope"), RulesError,
     ["unknown ruleset 'nope'", "standard", "hidden-cards"]),
    ("ruleset of a wrong type", lambda: Battle(["Ana", "Ben"], 5), RulesError,
     ["ruleset must be a name or a Ruleset, not int"]),
    ("players as one string", lambda: Battle("Ana Ben"), RulesError, ["players must be a list"]),
    ("an empty player name", lambda: Battle(["Ana", ""]), RulesError, ["non-empty strings"]),
    ("a player name that is not a string", lambda: Battle(["Ana", 5]), RulesError, ["non-empty strings; got 5"]),
    ("token holder not a player", lambda: Battle(["Ana", "Ben"], token_holder="Zed"), RulesError,
     ["token_holder 'Zed' is not one of the players"]),
    ("leader not a player", lambda: Battle(["Ana", "Ben"], leader="Zed"), RulesError, ["leader 'Zed'"]),
    ("defender not a player", lambda: Battle(["Ana", "Ben"], defender="Zed"), RulesError, ["defender 'Zed'"]),
    ("hands name a stranger", lambda: Battle(["Ana", "Ben"], hands={"Zed": ["5"]}), RulesError,
     ["'Zed', who is not a player"]),
    ("hands not a mapping", lambda: Battle(["Ana", "Ben"], hands=["5"]), RulesError,
     ["hands must map each player"]),
    ("a hand that is not a list", lambda: Battle(["Ana", "Ben"], hands={"Ana": 5}), RulesError,
     ["hands['Ana'] must be a list of cards"]),
    ("hands hold a 4th Heroine", lambda: Battle(["Ana", "Ben"], hands={"Ana": ["heroine"] * 2,
                                                                       "Ben": ["heroine"] * 2}),
     RulesError, ["more Heroine cards than the deck's 3"]),
    ("hands hold an unknown card", lambda: Battle(["Ana", "Ben"], hands={"Ana": ["dragon"]}), UnknownCard,
     ["unknown card 'dragon'"]),
    ("a ruleset option that does not exist", lambda: get_ruleset("standard").replace(colour="red"),
     RulesError, ["no option 'colour'"]),
    ("a ruleset option value not allowed", lambda: get_ruleset("standard").replace(face_down_specials="yes"),
     RulesError, ["cannot be 'yes'", "'reveal', 'on_play', 'mercenaries_only'"]),
    ("bad notation", lambda: Battle.from_notation("[Ana Ben] Ana"), RulesError, ["a move is 'Name card'"]),
    ("notation with a 7", lambda: Battle.from_notation("[Ana Ben] Ana 7"), UnknownCard,
     ["move 1 (Ana 7)", "1, 2, 3, 4, 5, 6, 10"]),
]


@pytest.mark.parametrize("call,error,words", [c[1:] for c in CONSTRUCTOR_CASES],
                         ids=[c[0] for c in CONSTRUCTOR_CASES])
def test_bad_construction_raises_a_clear_error(call, error, words):
    with pytest.raises(error) as e:
        call()
    for w in words:
        assert w in str(e.value), f"{w!r} not in {str(e.value)!r}"


def test_every_error_is_a_value_error_for_callers_that_catch_broadly():
    for error in (RulesError, IllegalMove, UnknownCard):
        assert issubclass(error, ValueError)


@pytest.mark.parametrize("seed, words", [(10 ** 40, "at most 40 digits"), (-(10 ** 5000), "about 5000 digits"),
                                         ("x" * 1001, "at most 1,000 characters"), (2.5, "an integer or a string")],
                         ids=["41 digits", "5001 digits", "1001 characters", "a float"])
def test_a_seed_a_save_could_not_hold_is_refused_at_the_start(seed, words):
    with pytest.raises(RulesError, match=words):
        Game(3, seed=seed)


def test_the_longest_seeds_allowed_give_games_that_save_and_load():
    for seed in (10 ** 40 - 1, "x" * 1000):
        game = Game(3, seed=seed)
        assert Game.from_json(game.to_json()).to_json() == game.to_json()
