"""Battle notation: a battle as one line of text that can be pasted, shared and tested.

Canonical form: ``(ruleset) [Ana Ben Cy] Ana 10, Ben winter, Cy scarecrow>5, Ana 6*, Ben pass``;
shorthand on input: ``Ana: 10 5 winter | Ben: 3 drummer; pass Ben``.
"""
import random

import pytest

from condottiere_nb import Battle, IllegalMove, RulesError, UnknownCard
from condottiere_nb.cards import STANDARD_COUNTS

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Ana Maria", "O'Neil", 'Big "J"', "a,b", "x|y", "[z]",
         "pass", "Hoàng", "Hân", "李", "مریم", "c;d", "e>f", "g*", "h:i", "back\\slash"]
KINDS = list(STANDARD_COUNTS)
WEIGHTS = list(STANDARD_COUNTS.values())


def random_battle(rng: random.Random, names=None) -> Battle:
    """A battle of random legal moves (illegal ones are skipped), every kind of move included."""
    k = rng.randint(2, 6)
    players = rng.sample(names or NAMES, k)
    hidden = rng.random() < 0.3
    b = Battle(players, "hidden-cards" if hidden else "standard", token_holder=rng.choice(players),
               leader=rng.choice([None] * 3 + players), defender=rng.choice([None] * 3 + players))
    for _ in range(rng.randint(0, 30)):
        if b.is_over:
            break
        active = [p for p in players if p not in b.passed]
        p = rng.choice(active)
        if rng.random() < 0.1:
            b.pass_turn(p)
            continue
        kind = rng.choices(KINDS, WEIGHTS)[0]
        face_down = hidden and rng.random() < 0.3
        try:
            if kind == "scarecrow" and not face_down:
                own = [c for c in b.lines[p] if c.mercenary and c.id not in b.face_down]
                take = rng.choice([None] + own)
                if take is not None and rng.random() < 0.5:
                    take = take.kind
                b.play(p, kind, take=take)
            else:
                b.play(p, kind, face_down=face_down)
        except IllegalMove:
            pass    # a deck limit: skip
    return b


def snapshot(b: Battle):
    """Everything a battle is: lines by card id, face-down ids, discards, returns, passes, Favor."""
    return (b.token_holder, b.leader, b.defender,
            {p: [c.id for c in l] for p, l in b.lines.items()}, sorted(b.face_down),
            [c.id for c in b.discarded], {p: [c.id for c in l] for p, l in b.returned.items()},
            list(b.passed), b.favor, b.surrendered_by, b.strengths(), b.ruleset.name)


# -- round trips --------------------------------------------------------------------------------

def test_notation_round_trip_of_300_random_battles():
    rng = random.Random(1995)
    for _ in range(300):
        b = random_battle(rng)
        text = b.notation()
        again = Battle.from_notation(text)
        assert again.notation() == text
        assert snapshot(again) == snapshot(b), text
        ra, rb = again.preview(), b.preview()
        assert (ra.strengths, ra.winner, ra.token_holder, ra.favor) == \
               (rb.strengths, rb.winner, rb.token_holder, rb.favor)


def test_notation_canonical_form():
    b = Battle(["Ana", "Ben", "Cy"])
    b.play("Ana", "10")
    b.play("Ben", "Mùa Đông")
    b.play("Cy", "5")
    b.play("Cy", "scarecrow", take="5")
    b.play("Ana", "scarecrow")
    b.pass_turn("Ben")
    assert b.notation() == "[Ana Ben Cy] Ana 10, Ben winter, Cy 5, Cy scarecrow>5, Ana scarecrow, Ben pass"
    assert Battle(["Ana", "Ben"]).notation() == "[Ana Ben]"


def test_notation_face_down_and_ruleset_prefix():
    b = Battle(["Ana", "Ben"], "hidden-cards")
    b.play("Ana", "6", face_down=True)
    b.play("Ben", "heroine")
    text = b.notation()
    assert text == "(hidden-cards) [Ana Ben] Ana 6*, Ben heroine"
    again = Battle.from_notation(text)
    assert again.ruleset.name == "hidden-cards" and again.face_down == b.face_down
    assert again.strengths() == {"Ana": 0, "Ben": 10}


def test_notation_scarecrow_names_the_exact_card_when_it_matters():
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "5")
    b.play("Ana", "5")
    first = b.lines["Ana"][0]
    b.play("Ana", "scarecrow", take=first)       # not the 5 that take="5" would pick
    assert b.notation() == f"[Ana Ben] Ana 5, Ana 5, Ana scarecrow>5#{first.id}"
    again = Battle.from_notation(b.notation())
    assert again.returned["Ana"] == [first]


def test_notation_quoted_names_with_spaces_and_symbols():
    b = Battle(["Ana Maria", 'Big "J"', "pass"])
    b.play("Ana Maria", "10")
    b.play('Big "J"', "3")
    b.pass_turn("pass")
    text = b.notation()
    assert text == '["Ana Maria" "Big \\"J\\"" "pass"] "Ana Maria" 10, "Big \\"J\\"" 3, "pass" pass'
    again = Battle.from_notation(text)
    assert again.players == ("Ana Maria", 'Big "J"', "pass") and again.passed == ["pass"]


def test_notation_any_card_name_is_read_and_english_is_written():
    b = Battle.from_notation("[Huy Hoàng] Huy 5, Hoàng Mùa Xuân, Huy Tambor, Hoàng 教士")
    assert b.notation() == "[Huy Hoàng] Huy 5, Hoàng spring, Huy drummer, Hoàng bishop"


def test_notation_without_a_seat_list_seats_players_by_first_appearance():
    b = Battle.from_notation("Ben 10, Ana 5, Ben pass")
    assert b.players == ("Ben", "Ana") and b.passed == ["Ben"]


def test_notation_shorthand():
    b = Battle.from_notation("Ana: 10 5 winter | Ben: 3 drummer; pass Ben")
    assert b.players == ("Ana", "Ben")
    assert b.notation() == "[Ana Ben] Ana 10, Ben 3, Ana 5, Ben drummer, Ana winter, Ben pass"
    assert b.resolve().strengths == {"Ana": 2, "Ben": 2}


def test_notation_shorthand_with_quoted_names_face_down_and_ruleset():
    b = Battle.from_notation('(hidden-cards) "Ana Maria": 10* heroine | Ben: scarecrow>- 4; pass Ben "Ana Maria"')
    assert b.players == ("Ana Maria", "Ben")
    assert b.strengths() == {"Ana Maria": 10, "Ben": 4}
    assert b.is_over


def test_notation_shorthand_a_player_with_no_cards():
    b = Battle.from_notation("Ana: 10 | Ben: ; pass Ben")
    assert b.players == ("Ana", "Ben") and b.lines["Ben"] == [] and b.passed == ["Ben"]


def test_notation_token_holder_leader_and_defender():
    b = Battle(["Ana", "Ben Y", "Cy"], token_holder="Ben Y", leader="Cy", defender="Ana")
    b.play("Cy", "5")
    assert b.notation() == '[Ana "Ben Y" Cy token="Ben Y" leader=Cy defender=Ana] Cy 5'
    again = Battle.from_notation(b.notation())
    assert (again.token_holder, again.leader, again.defender) == ("Ben Y", "Cy", "Ana")
    assert Battle(["Ana", "Ben"], token_holder="Ana").notation() == "[Ana Ben]"
    with pytest.raises(RulesError, match="token_holder 'Zed' is not one of the players"):
        Battle.from_notation("[Ana Ben token=Zed]")
    with pytest.raises(RulesError, match="the notation says token='Ben' but token_holder='Ana'"):
        Battle.from_notation("[Ana Ben token=Ben]", token_holder="Ana")
    names = Battle(["a=b", "Ben"])
    assert names.notation() == '["a=b" Ben]' and Battle.from_notation(names.notation()).players == ("a=b", "Ben")


def test_notation_keyword_arguments_reach_the_battle():
    b = Battle.from_notation("[Ana Ben Cy] Ana 5, Ben 5", token_holder="Cy")
    assert b.resolve().token_holder == "Ana"
    with pytest.raises(IllegalMove, match="it is Ana's turn"):
        Battle.from_notation("[Ana Ben] Ben 5", strict=True)


# -- errors ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,error,words", [
    ("", RulesError, "non-empty string"),
    ("   ", RulesError, "non-empty string"),
    (None, RulesError, "non-empty string"),
    (42, RulesError, "non-empty string"),
    ("[Ana Ben] Ana", RulesError, "a move is 'Name card' or 'Name pass'"),
    ("[Ana Ben] Ana 10 Ben 5", RulesError, "moves are separated by commas"),
    ("[Ana Ben] Cy 10", RulesError, "'Cy', who is not in the seat list"),
    ("[Ana Ben] Ana 7", UnknownCard, "move 1 (Ana 7): there is no Mercenary of value '7'"),
    ("[Ana Ben] Ana 5, Ben bishup", UnknownCard, "move 2 (Ben bishup): unknown card 'bishup'. Did you mean 'bishop'"),
    ("(nope) [Ana Ben]", RulesError, "unknown ruleset 'nope'"),
    ("[] Ana 10", RulesError, "seat list [...] is empty"),
    ("[Ana] Ana 10", RulesError, "2 to 6 players, not 1"),
    ("[Ana Ana] Ana 10", RulesError, "'Ana' appears twice"),
    ("[A B C D E F G]", RulesError, "2 to 6 players, not 7"),
    ('["Ana Ben] Ana 10', RulesError, "cannot read"),
    ("[Ana Ben] Ana 10*", IllegalMove, "move 1 (Ana 10*): cards are played face up"),
    ("[Ana Ben] Ana pass, Ana 10", IllegalMove, "move 2 (Ana 10): Ana has passed"),
    ("[Ana Ben] Ana scarecrow>5", IllegalMove, "Ana has no 5 in their line"),
    ("[Ana Ben] Ana 10, Ben 5>3", IllegalMove, "take= is only for a Scarecrow"),
    ("[Ana Ben] Ana surrender, Ben 10", IllegalMove, "Ana played a Surrender"),
    ("Ana: 10 | Ben 3", RulesError, "each part is 'Name: cards'"),
    ("Ana: 10; Ben", RulesError, "after ';' write 'pass'"),
    ("Ana: 10 | Ben: 3; pass Cy", RulesError, "'Cy', who has no line"),
])
def test_notation_errors_name_the_problem(text, error, words):
    with pytest.raises(error) as e:
        Battle.from_notation(text)
    assert words in str(e.value)


def test_notation_a_ruleset_that_disagrees_with_the_prefix_is_an_error():
    with pytest.raises(RulesError, match="hidden-cards"):
        Battle.from_notation("(hidden-cards) [Ana Ben] Ana 6*", ruleset="standard")


# -- one strict number reader (issue 31) -------------------------------------------------------------

@pytest.mark.parametrize("value", ["1.0", "0.5", "1-0", "+5", "5x", "٥.٠"])
def test_notation_refuses_a_value_that_is_not_digits_only(value):
    with pytest.raises(UnknownCard) as e:
        Battle.from_notation(f"[Ana Ben] Ana {value}")
    assert f"move 1 (Ana {value})" in str(e.value) and "digits only" in str(e.value)
    assert "1, 2, 3, 4, 5, 6, 10" in str(e.value)


def test_notation_refuses_a_value_with_a_space_in_it():
    with pytest.raises(UnknownCard, match="value '1 0': a value is written with digits only"):
        Battle.from_notation('Ana: "1 0" | Ben: 3')
    with pytest.raises(UnknownCard, match="digits only"):
        Battle.from_notation("[Ana Ben] Ana 1 0")


def test_notation_refuses_a_take_that_is_not_digits_only():
    with pytest.raises(UnknownCard, match="digits only"):
        Battle.from_notation("[Ana Ben] Ana 10, Ana scarecrow>1.0")
    with pytest.raises(UnknownCard, match="digits only"):
        Battle.from_notation("[Ana Ben] Ana 5, Ana scarecrow>5#3.4")


def test_notation_reads_values_in_persian_arabic_and_full_width_digits():
    b = Battle.from_notation("[Ana Ben] Ana ۱۰, Ben ٥, Ana １")
    assert b.notation() == "[Ana Ben] Ana 10, Ben 5, Ana 1"


# -- a city-state ability belongs to the city-states ruleset (issue 31) ------------------------------

@pytest.mark.parametrize("ruleset", ["standard", "hidden-cards"])
@pytest.mark.parametrize("move", ["Ben firenze=5>Ana", "Ben venezia=5>Ana:3"])
def test_notation_refuses_a_city_state_ability_outside_the_city_states_ruleset(ruleset, move):
    text = f"({ruleset}) [Ana Ben] Ana courtesan, Ana 3, {move}"
    with pytest.raises(IllegalMove) as e:
        Battle.from_notation(text)
    msg = str(e.value)
    assert "move 3" in msg and "belongs to the 'city-states' ruleset" in msg and f"'{ruleset}'" in msg
    again = Battle.from_notation(f"(city-states) [Ana Ben] Ana courtesan, Ana 3, {move}")   # where it belongs
    assert again.moves[-1].kind in ("firenze", "venezia")


# -- a refusal quotes a short excerpt (issue 31) -----------------------------------------------------

@pytest.mark.parametrize("text", [
    "[Ana Ben] Ana " + "5" * 1_000_000,                          # a megabyte
    "[Ana Ben] Ana " + "x" * 19_000,                             # under the limit, one long word
    "[Ana Ben] Ana 5, Ben pass, Ben " + "y" * 19_000,
    "[" + " ".join(f"P{i}" for i in range(3_000)) + "] Zed 5",   # a long seat list
    "[Ana Ben token=" + "z" * 15_000 + "]",
    "Ana: 5 | Ben: 3; pass Q" + "q" * 15_000,
])
def test_a_refused_long_notation_gives_a_short_message(text):
    with pytest.raises(RulesError) as e:
        Battle.from_notation(text)
    assert len(str(e.value)) < 400, str(e.value)[:500]
