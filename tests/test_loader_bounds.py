"""The loader of saved games is bounded (issue 14): any input up to the size limit is loaded or
refused with a RulesError within a second and a few megabytes, and what loads saves back to the
same data.  Each hostile input is measured (CPU time, memory traced)."""
import copy
import json
import random
import time
import tracemalloc

import pytest

from condottiere_nb import Game, Pass, RulesError, get_ruleset
from condottiere_nb.game import persist
from condottiere_nb.game.persist import MAX_ACTIONS, MAX_DEPTH, MAX_DIGITS, MAX_STRING, MAX_TEXT

SECOND = 1.0
MEGABYTES = 8 * 2 ** 20


def measured(load):
    """(outcome, CPU seconds, peak bytes traced) of one load."""
    tracemalloc.start()
    start = time.process_time()
    try:
        outcome = load()
    except RulesError as err:
        outcome = err
    spent = time.process_time() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return outcome, spent, peak


@pytest.fixture(scope="module")
def saved():
    rng = random.Random(2)
    g = Game(4, seed=2, explain=False)
    while len(g.actions) < 90 and not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return json.loads(g.to_json())


def text_of(data) -> str:
    return json.dumps(data, separators=(",", ":"))


def edited(saved, change):
    data = copy.deepcopy(saved)
    change(data)
    return text_of(data)


def with_seed(saved, raw: str) -> str:
    return edited(saved, lambda d: d.update(seed=0)).replace('"seed":0', '"seed":' + raw)


# (id, the input from the saved game, words the RulesError must contain)
HOSTILE = [
    ("a ruleset asking for a million 5s", lambda s: edited(s, lambda d: d.update(ruleset={
        "name": "fives", "options": {"deck": [["5", 1_000_000]]}})),
     ["the saved ruleset 'fives' cannot be rebuilt", "option deck", "must be a whole number from 1 to 100"]),
    ("a deck of 301 cards", lambda s: edited(s, lambda d: d.update(ruleset={
        "name": "big", "options": {"deck": [["1", 100], ["2", 100], ["3", 100], ["4", 1]]}})),
     ["it holds 301 cards; a deck holds at most 300"]),
    ("nesting 500,000 deep", lambda s: "[" * 500_000 + "]" * 500_000, ["500000 arrays and objects"]),
    ("nesting 6 deep in a seed", lambda s: with_seed(s, "[[[[[1]]]]]"), [f"more than {MAX_DEPTH} deep"]),
    ("nesting 900 deep, few brackets in all", lambda s: '{"format":' + "[" * 900 + "]" * 900 + "}",
     [f"more than {MAX_DEPTH} deep"]),
    ("a 5,000-digit integer", lambda s: with_seed(s, "9" * 5000),
     ["an integer of 5000 digits", f"at most {MAX_DIGITS}"]),
    ("a 400,000-digit integer", lambda s: with_seed(s, "9" * 400_000), ["an integer of 400000 digits"]),
    ("1e999", lambda s: with_seed(s, "1e999"), ["holds inf, which is not a JSON number"]),
    ("NaN", lambda s: with_seed(s, "NaN"), ["holds NaN, which is not a JSON number"]),
    ("-Infinity", lambda s: with_seed(s, "-Infinity"), ["-Infinity, which is not a JSON number"]),
    ("a 900,000-character string", lambda s: edited(s, lambda d: d.update(seed="x" * 900_000)),
     [f"a string of 900,000 characters; its strings have at most {MAX_STRING:,}"]),
    ("160,000 escapes in a string", lambda s: '["' + "\\u00e9" * 160_000 + '"]', ["a string of 160,000 characters"]),
    ("490,000 escaped quotes", lambda s: '["' + '\\"' * 490_000 + '"]', ["a string of 490,000 characters"]),
    ("990,000 characters of emoji", lambda s: '{"format": "' + "\U0001F600" * 990_000 + '"}',
     ["a string of 990,000 characters"]),
    ("10,000 objects", lambda s: "[" + ",".join(['{"a":1,"b":2}'] * 10_000) + "]", ["a JSON object, not list"]),
    ("32,000 numbers with decimals", lambda s: "[" + ",".join(["0.123456789"] * 31_999) + "]",
     ["a JSON object, not list"]),
    ("a long player name", lambda s: edited(s, lambda d: d["players"].__setitem__(0, "A" * 5000)),
     ["a string of 5,000 characters"]),
    ("a key written twice", lambda s: text_of(s).replace('"seed":', '"seed":1,"seed":', 1),
     ["the key 'seed' twice in one object"]),
    ("a key written twice deep inside", lambda s: text_of(s).replace('"hands":{', '"hands":{"Ana":[],', 1),
     ["the key 'Ana' twice in one object"]),
    ("300,000 empty lists", lambda s: "[" + ",".join(["[]"] * 300_000) + "]", ["300001 arrays and objects"]),
    ("450,000 numbers", lambda s: "[" + ",".join(["1"] * 450_000) + "]", ["more than 32000 values"]),
    ("one character too many", lambda s: " " * (MAX_TEXT + 1), [f"{MAX_TEXT + 1:,} characters"]),
    ("bytes, too many", lambda s: b" " * (MAX_TEXT + 1), [f"{MAX_TEXT + 1:,} bytes"]),
    ("bytes that are not UTF-8", lambda s: b"\xff\xfe{}", ["UTF-8"]),
    ("6,000 actions", lambda s: edited(s, lambda d: d["actions"].extend([["pass"]] * 6000)),
     [f"actions; a saved game has at most {MAX_ACTIONS:,}", "the saved game has 6,"]),
    ("not an object", lambda s: "[1, 2]", ["a JSON object, not list"]),
    ("an unknown key", lambda s: edited(s, lambda d: d.update(extra=1)), ["unknown key 'extra'"]),
    ("an unknown key in the snapshot", lambda s: edited(s, lambda d: d["snapshot"].update(extra=1)),
     ["the saved snapshot has an unknown key 'extra'"]),
    ("an unknown key in the ruleset", lambda s: edited(s, lambda d: d["ruleset"].update(summary="x")),
     ["the saved ruleset must be {'name': ..., 'options': {...}} and nothing else"]),
    ("standard with hidden cards", lambda s: edited(s, lambda d: d["ruleset"]["options"].update(hidden_cards=True)),
     ["names the ruleset 'standard' but changes its option hidden_cards", "'standard+custom'"]),
    ("standard with the city-states' options", lambda s: edited(s, lambda d: d["ruleset"].update(
        options=json.loads(Game(3, "city-states", seed=1).to_json())["ruleset"]["options"])),
     ["names the ruleset 'standard' but changes its options cards_per_region, city_states"]),
    ("a combination's name with no options", lambda s: edited(s, lambda d: d["ruleset"].update(
        name="continuous-war+invasion")), ["names the ruleset 'continuous-war+invasion' but changes its options"]),
    ("an option at its standard value", lambda s: edited(s, lambda d: d["ruleset"]["options"].update(hand_size=10)),
     ["lists hand_size=10, the standard value"]),
    ("a deck written by its name", lambda s: edited(s, lambda d: d["ruleset"].update(
        name="mine", options={"deck": "fa-tutorial"})), ["option deck is written 'fa-tutorial'"]),
    ("a string where a number goes", lambda s: edited(s, lambda d: d["ruleset"].update(
        name="mine", options={"hand_size": "10"})), ["option hand_size cannot be '10' (not a whole number)"]),
    ("a region in lower case", lambda s: edited(s, lambda d: d["actions"].__setitem__(
        0, ["token", d["actions"][0][1].lower()])), ["action 1 of the saved game is written", "the game writes it"]),
    ("a region of the setup in lower case", lambda s: edited(s, lambda d: d["setup"].update(control={"parma": "Ben"})),
     ["control"]),
    ("true for 1 in the snapshot", lambda s: edited(s, lambda d: d["snapshot"].update(round=True)),
     ["'round' is true in the file but 1 after replaying"]),
    ("1.0 for 1 in the snapshot", lambda s: edited(s, lambda d: d["snapshot"].update(round=1.0)),
     ["'round' is 1.0 in the file but 1 after replaying"]),
    ("a card id past the deck", lambda s: edited(s, lambda d: d["snapshot"]["deck"].append(10 ** 30)),
     ["holds 1000000000000000000000000000000, which is not a card id (0..109)"]),
    ("two card ids swapped", lambda s: edited(s, lambda d: d["snapshot"].update(
        deck=d["snapshot"]["deck"][1:2] + d["snapshot"]["deck"][:1] + d["snapshot"]["deck"][2:])),
     ["does not match the game replayed"]),
]


@pytest.mark.parametrize("make,words", [c[1:] for c in HOSTILE], ids=[c[0] for c in HOSTILE])
def test_a_hostile_file_is_refused_quickly_and_cheaply(saved, make, words):
    file = make(saved)
    outcome, spent, peak = measured(lambda: Game.from_json(file))
    assert isinstance(outcome, RulesError), outcome
    for w in words:
        assert w in str(outcome), f"{w!r} not in {str(outcome)!r}"
    assert len(str(outcome)) < 1500
    assert outcome.__cause__ is None or isinstance(outcome.__cause__, RulesError)
    assert spent < SECOND, f"{spent:.2f} s"
    assert peak < MEGABYTES, f"{peak / 2 ** 20:.1f} MB"


def test_a_parsed_dict_is_checked_like_text(saved):
    for change, words in [
        (lambda d: d.update(seed=(1, 2)), "holds (1, 2), a tuple, which is not JSON data"),
        (lambda d: d.update(seed={1: 2}), "has a key 1; JSON keys are strings"),
        (lambda d: d.update(seed=10 ** 50), f"its integers have at most {MAX_DIGITS} digits"),
        (lambda d: d.update(seed=float("nan")), "holds nan, which is not a JSON number"),
        (lambda d: d.update(seed=object()), "which is not JSON data"),
        (lambda d: d.update(seed=[[[[[[1]]]]]]), f"more than {MAX_DEPTH} deep"),
    ]:
        data = copy.deepcopy(saved)
        change(data)
        with pytest.raises(RulesError, match=words.replace("(", r"\(").replace(")", r"\)")):
            Game.from_json(data)
    loop = copy.deepcopy(saved)
    loop["snapshot"]["winners"].append(loop["snapshot"]["winners"])        # a list holding itself
    with pytest.raises(RulesError, match="deep"):
        Game.from_json(loop)
    with pytest.raises(RulesError, match="not set"):
        Game.from_json({1, 2})


def _long_game(name: str, players: int, actions: int) -> Game:
    """A game of ``actions`` actions: everyone passes whenever they may (battles tie, nobody wins)."""
    g = Game(players, name, seed=1, explain=False)
    rng = random.Random(1)
    while len(g.actions) < actions:
        legal = g.legal_actions()
        g.apply(Pass() if Pass() in legal else rng.choice(legal))
    return g


@pytest.fixture(scope="module")
def longest():
    return _long_game("standard", 6, MAX_ACTIONS)


def test_the_longest_game_a_file_may_hold_loads_within_the_bounds(longest):
    text = longest.to_json()
    for explain, megabytes in ((False, 4), (True, 12)):
        start = time.process_time()
        game = Game.from_json(text, explain=explain)
        spent = time.process_time() - start
        assert game.to_json() == text
        assert spent < SECOND, f"{spent:.2f} s"
        _, _, peak = measured(lambda: Game.from_json(text, explain=explain))
        assert peak < megabytes * 2 ** 20, f"{peak / 2 ** 20:.1f} MB"     # the Steps explain=True keeps
    assert len(text) < MAX_TEXT / 10


def test_a_game_past_a_limit_is_not_saved_rather_than_saved_unreadable(longest):
    g = longest.clone()
    g.apply(g.legal_actions()[0])
    with pytest.raises(RulesError, match=f"this game cannot be saved: it has 5,001 actions; a saved game has at most "
                                         f"{MAX_ACTIONS:,}"):
        g.to_json()
    # A game that could not be saved readably is refused by the Game itself, or else by to_json.
    for make, words in [(lambda: Game(3, seed=10 ** 50), f"it holds 1000.*; its integers have at most {MAX_DIGITS}"),
                        (lambda: Game(3, seed="s" * 2000), "it holds a string of 2,000 characters"),
                        (lambda: Game(["A" * 2000, "Ben"], seed=1), "it holds a (key|string) of 2,000 characters")]:
        try:
            game = make()
        except RulesError:
            continue
        with pytest.raises(RulesError, match="this game cannot be saved: " + words):
            game.to_json()
    Game(3, seed=10 ** 39).to_json()


def test_every_named_ruleset_and_a_combination_saves_and_loads_within_the_limits():
    for name in [*persist.RULESETS, "hidden-cards+scoring+invasion"]:
        g = Game(3 if name.startswith("city") else 4, name, seed=3, explain=False)
        rng = random.Random(3)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        text = g.to_json(indent=2)
        assert Game.from_json(text).to_json(indent=2) == text
        assert Game.from_json(text.encode("utf-8")).to_json(indent=2) == text
        assert Game.from_json(json.loads(text)).to_json(indent=2) == text


def test_a_changed_ruleset_loads_under_its_own_name_and_a_respelled_name_as_itself():
    rs = get_ruleset("invasion").replace(keep_cards=1)
    g = Game(3, rs, seed=5)
    back = Game.from_json(g.to_json())
    # the summary is not saved: a custom ruleset comes back with its name and every option
    assert back.ruleset.name == "invasion+custom" and back.ruleset.differences(rs) == {}
    data = json.loads(Game(3, "invasion", seed=5).to_json())
    data["ruleset"]["name"] = "Invasion"            # get_ruleset reads it as invasion: same options
    assert Game.from_json(json.dumps(data)).ruleset.name == "Invasion"


def test_only_a_rules_error_escapes_even_from_an_engine_error(saved, monkeypatch):
    """The loader's last guard: an engine error a file reaches becomes a RulesError (keeping its
    cause, which the tamper fuzzer counts as a crash)."""
    def broken(*args, **kwargs):
        raise IndexError("planted")
    monkeypatch.setattr(persist, "decode", broken)
    with pytest.raises(RulesError, match=r"led the engine into an error it should not have \(IndexError: "
                                         r"'planted'\)") as err:
        Game.from_json(text_of(saved))
    assert isinstance(err.value.__cause__, IndexError)


def test_loading_leaves_the_given_data_as_it_was(saved):
    for data in (copy.deepcopy(saved), edited_data(saved, lambda d: d["snapshot"].update(round=7)),
                 edited_data(saved, lambda d: d["ruleset"]["options"].update(deck=[["1", 3], ["5", 2]]))):
        before = copy.deepcopy(data)
        try:
            Game.from_json(data)
        except RulesError:
            pass
        assert data == before


def edited_data(saved, change):
    data = copy.deepcopy(saved)
    change(data)
    return data
