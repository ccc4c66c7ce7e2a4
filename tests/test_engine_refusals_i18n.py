"""The refusals of the engine's core (battle.py, plays.py's Scarecrow, zones.py, seats.py, game/core.py,
game/choices.py, game/deal.py) raised in real Battles and Games, in Vietnamese, Spanish, Chinese and
Persian: each is a catalogue sentence, told in each language with no English piece of those modules'
messages, different from its English and keeping its values (player names, card ids); its English
(str(err)) is the programmer's text, unchanged.  The same for the refusals of loading and saving a game
(game/persist.py), of the odds (explore/odds.py), of the workers (agents/workers.py), of the variants and of
spring_highest (strength.py), and no plain RulesError("...") is left in those modules."""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from condottiere_nb import Battle, Game
from condottiere_nb.errors import RulesError
from condottiere_nb.game import DiscardHand
from condottiere_nb.language import speaker
from condottiere_nb.zones import Zones
from i18n_spy import Said, TRANSLATED, english_pieces
from test_errors_i18n import english_left, refusal

MODULES = ("/battle.py", "/plays.py", "/zones.py", "/seats.py", "game/core.py", "game/choices.py", "game/deal.py")


def _card(battle: Battle, player: str, kind: str):
    return next(c for c in battle.line(player) if c.kind == kind)


def refusals() -> list[tuple[object, tuple[str, ...]]]:
    """(error, the values its every language keeps) for refusals a learner can meet."""
    out = []

    def add(fn, *kept):
        out.append((refusal(fn), kept))

    add(lambda: Battle(["Ana", "Ben"], leader="Zed"), "Zed", "Ana", "Ben")
    add(lambda: Battle(["Ana"]))
    add(lambda: Game(["Ana"]))
    add(lambda: Battle("Ana Ben"), "Ana Ben")
    add(lambda: Battle(["Ana", "B\x07n"]), "U+0007")
    b = Battle.from_notation("[Ana Ben] Ana 5, Ben 3")
    add(lambda: b.play("Zed", "5"), "Zed", "Ana", "Ben")
    add(lambda: b.play("Ana", "10", face_down="yes"), "face_down", "'yes'")
    add(lambda: b.play("Ana", "10", take="5"))
    s = Battle.from_notation("[Ana Ben] Ana 5, Ben 3")
    ben3 = _card(s, "Ben", "3")
    add(lambda: s.play("Ana", "scarecrow", take=ben3), ben3.tag, "Ben")
    v = Battle.from_notation("[Ana Ben] Ana 5, Ben 3")
    used = _card(v, "Ana", "5")
    add(lambda: v.play("Ben", f"5#{used.id}"), f"#{used.id}")
    done = Battle.from_notation("[Ana Ben] Ana 5, Ben 3")
    done.resolve()
    add(lambda: done.resolve())
    add(lambda: done.play("Ana", "10"))
    add(lambda: v.state.zones.move(ben3, ("hand", "Ana"), "discard"), ben3.tag, "Ana")
    piles = Zones({"deck": [], "discard": []})
    add(lambda: piles.move(ben3, "deck", "discard"), ben3.tag)
    add(lambda: Battle(["Ana", "Ben"], hands={"Zed": ["5"]}), "Zed", "Ana")
    add(lambda: Battle(["Ana", "Ben"], hands={"Ana": ["winter"] * 4, "Ben": []}))
    g = Game(["Ana", "Ben", "Cy"], seed=1)
    add(lambda: g.hand("Zed"), "Zed", "Cy")
    add(lambda: g.undo())
    add(lambda: g.apply(DiscardHand("yes")), "'yes'")
    add(lambda: Game(["Ana", "Ben"], seed=0, control={"Roma": "Zed"}), "Zed", "Roma", "Ben")
    add(lambda: Game(["Ana", "Ben"], seed=0, control={"Parma": "Ana"}, favor="Parma"), "Parma")
    add(lambda: Game(["Ana", "Ben"], seed=0, hands={"Ana": ["bishop"] * 7}), "Ana")
    add(lambda: Game(["Ana", "Ben"], seed=0, hands={"Ana": 5}), "Ana")
    add(lambda: Game(["Ana", "Ben"], seed=0, hands={"Ana": ["5#34"]}, deck_order=["5#34"]), "5#34")
    add(lambda: Game(["Ana", "Ben"], seed="x" * 100_000), "100,000")
    return out


@pytest.fixture(scope="module")
def errors():
    return refusals()


def english_of_sentences(errors) -> str:
    """The refusals' English, once each is checked to be a catalogue sentence told as it reads."""
    assert [str(e) for e, _ in errors if not e.message_id] == []
    assert [speaker("en").error(e) for e, _ in errors] == [str(e) for e, _ in errors]
    return "\n".join(str(e) for e, _ in errors)


def test_the_refusals_are_sentences_and_keep_their_english(errors):
    assert len(errors) >= 24
    told = english_of_sentences(errors)
    assert "leader 'Zed' is not one of the players ['Ana', 'Ben']" in told
    assert "a battle needs 2 to 6 players, not 1" in told and "Condottiere is played by 2 to 6 players, not 1" in told
    assert "is not in Ana's hand" in told and "is not in the draw pile" in told


def told_in(lang: str, errors, modules) -> list[str]:
    """Each refusal told in ``lang``: every message translated, no English sentence of ``modules``
    left in it, each different from its English and keeping its values (player names, card ids)."""
    english_sentences = english_pieces(lambda path: path.endswith(modules), " .,;:()[]'-")[lang]
    with Said() as said:
        told = [speaker(lang).error(e) for e, _ in errors]
    assert said.untranslated(lang) == []
    assert english_left(told, english_sentences) == []
    for text, (err, kept) in zip(told, errors):
        assert text != str(err)
        # a number is written with the language's digits (Persian ۰-۹)
        assert [v for v in kept if v not in text and speaker(lang).digits(v) not in text] == [], (str(err), text)
    return told


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_refusal_is_told_in_the_language_with_its_values(lang, errors):
    told = told_in(lang, errors, MODULES)
    assert any(speaker(lang).card("winter") in t for t in told)       # a card kind named in the language


# -- the refusals of loading and saving a game, of the odds, of the workers and of the variants ----------

#: The modules whose every refusal a learner or workshop leader can reach is a catalogue sentence.
SAID_MODULES = ("game/persist.py", "explore/odds.py", "agents/workers.py", "variants/base.py",
                "city_states/game.py", "/strength.py")
#: The plain refusals these modules keep: a programmer's misuse, in English.
PLAIN = {"line_total() counts a line with no Spring in play; use totals_of()"}


def _saved() -> dict:
    g = Game(["Ana", "Ben", "Cy"], seed=3)
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    return json.loads(g.to_json())


def _load(change):
    data = _saved()
    change(data)
    return Game.from_json(json.dumps(data))


def _set(path, value):
    def change(data):
        *keys, last = path
        for k in keys:
            data = data[k]
        data[last] = value
    return change


def said_refusals() -> list[tuple[object, tuple[str, ...]]]:
    """(error, the values its every language keeps) for the refusals of persist, odds, workers, the
    variants and the reading of spring_highest."""
    from concurrent.futures import Executor

    from condottiere_nb import get_ruleset
    from condottiere_nb.agents.workers import check_workers, run_jobs
    from condottiere_nb.explore import battle_odds, game_odds
    from condottiere_nb.variants.base import Variant

    out = []

    def add(fn, *kept):
        out.append((refusal(fn), kept))

    # a damaged saved game
    add(lambda: Game.from_json(None), "NoneType")
    add(lambda: Game.from_json(""))
    add(lambda: Game.from_json(b"\xff\xfe{}"), "UTF-8")
    add(lambda: Game.from_json("[]"), "list")
    add(lambda: Game.from_json("{}"), "'format'")
    add(lambda: Game.from_json('{"format": 1}'), "1", "'condottiere-game/1'")
    add(lambda: Game.from_json('{"format": 1, "format": 2}'), "'format'")
    add(lambda: Game.from_json("[[[[[[[]]]]]]]"), "5")
    add(lambda: Game.from_json('{"a": 1' + "0" * 50 + "}"), "51", "40")
    add(lambda: Game.from_json('{"a": NaN}'), "NaN")
    add(lambda: Game.from_json('{"a": 1.' + "5" * 60 + "}"), "62")
    add(lambda: Game.from_json(" " * 1_000_001), "1,000,001", "1,000,000")
    add(lambda: Game.from_json({"a": {1: 2}}), "1")
    add(lambda: Game.from_json({"a": "x" * 1001}), "1,001", "1,000")
    add(lambda: Game.from_json({"a": 10 ** 45}), "40")
    add(lambda: Game.from_json({"a": {"b"}}), "set")
    add(lambda: Game.from_json({"a": float("inf")}), "inf")
    add(lambda: _load(lambda d: d.pop("snapshot")), "'snapshot'")
    add(lambda: _load(_set(["extra"], 1)), "'extra'", "'format'", "'snapshot'")
    add(lambda: _load(_set(["actions"], [["pass"]] * 5001)), "5,001", "5,000")
    add(lambda: _load(_set(["players"], "Ana")))
    add(lambda: _load(_set(["ruleset"], 5)), "{'name': ..., 'options': {...}}")
    add(lambda: _load(_set(["ruleset", "options"], {"colour": 1})), "'colour'")
    add(lambda: _load(_set(["ruleset", "options"], {"keep_cards": 1})), "'standard'", "keep_cards",
        "'standard+custom'")
    add(lambda: _load(_set(["ruleset", "options"], {"keep_cards": 1, "hand_size": 9})), "keep_cards", "hand_size")
    add(lambda: _load(_set(["ruleset"], {"name": "mine", "options": {"hand_size": 0}})), "'mine'", "hand_size")
    add(lambda: _load(_set(["ruleset"], {"name": "mine", "options": {"hand_size": 10}})), "hand_size=10")
    add(lambda: _load(_set(["ruleset"], {"name": "mine", "options": {"hand_size": 9.0}})), "hand_size", "9.0")
    add(lambda: _load(_set(["seed"], 1.5)), "1.5")
    add(lambda: _load(_set(["setup"], {})), "'deck_order'")
    add(lambda: _load(_set(["setup", "hands"], 5)))
    add(lambda: _load(_set(["setup", "hands"], {"Ana": 5})), "'Ana'")
    add(lambda: _load(_set(["setup", "hands"], {"Ana": list(range(111))})), "'Ana'", "111", "110")
    add(lambda: _load(_set(["setup", "hands"], {"Ana": [999]})), "'Ana'", "999", "110")
    add(lambda: _load(_set(["setup", "deck_order"], [999])), "999", "110")
    add(lambda: _load(_set(["setup", "control"], 5)))
    add(lambda: _load(_set(["setup", "favor"], 5)), "null")
    add(lambda: _load(_set(["actions"], 5)))
    add(lambda: _load(_set(["actions"], [["fly"]])), "['fly']")
    add(lambda: _load(_set(["actions"], [5])), "5")
    add(lambda: _load(_set(["actions"], [["play", 999, False, None]])), "999", "0..109")
    add(lambda: _load(_set(["actions"], [["pass"]])), "['pass']")
    add(lambda: _load(_set(["actions", 0], ["token", "torino"])), "'torino'", "'Torino'")
    add(lambda: _load(_set(["snapshot", "round"], 2)), "'round'", "2", "1")
    add(lambda: _load(_set(["snapshot"], 5)), "JSON")
    add(lambda: _load(_set(["snapshot", "token_holder"], "Zed")), "token_holder", "'Zed'", "'Ana'")
    add(lambda: _load(_set(["snapshot", "control"], {"Parma": "Zed"})), "Parma", "'Zed'")
    add(lambda: _load(_set(["snapshot", "region"], "Atlantis")), "'Atlantis'", "17")
    add(lambda: _load(_set(["snapshot", "control"], 5)))
    add(lambda: _load(_set(["snapshot", "winners"], 5)))
    add(lambda: _load(_set(["snapshot", "hands"], 5)), "hands")
    add(lambda: _load(lambda d: d["snapshot"]["lines"].pop("Cy")), "lines", "Cy")
    add(lambda: _load(_set(["snapshot", "deck"], 5)))
    add(lambda: _load(lambda d: d["snapshot"]["deck"].append(500)), "500", "0..109")
    add(lambda: _load(lambda d: d["snapshot"]["deck"].append(d["snapshot"]["hands"]["Ana"][0])), "Ana")
    add(lambda: _load(lambda d: d["snapshot"]["deck"].pop()), "109", "110")
    add(lambda: _load(lambda d: d["snapshot"]["deck"].__delitem__(slice(0, 2))), "108", "110")
    add(lambda: _load(_set(["snapshot", "final"], True)))
    # the odds and the workers
    add(lambda: battle_odds(5), "5")
    add(lambda: battle_odds("[Ana Ben] Ana 10"), "Ben", "hand=['10', 'winter']")
    add(lambda: battle_odds("[Ana Ben] Ana 10", hand=5), "hand", "['10', 'winter']")
    add(lambda: battle_odds("[Ana Ben] Ana 10", hand=["5"], precision=2), "0.5", "2")
    add(lambda: battle_odds("[Ana Ben] Ana 10", hand=["5"], control=5), "{'Parma': 'Ana'}")
    add(lambda: battle_odds("[Ana Ben] Ana 10", hand=["5"], others="3"), "{player: number}", "'3'")
    add(lambda: battle_odds("[Ana Ben] Ana 10", hand=["5"], others=3, pool=["6"]), "3", "1")
    add(lambda: game_odds(5), "5", "battle_odds")
    add(lambda: game_odds(Game(["Ana", "Ben"], seed=1)), "'token'")
    add(lambda: check_workers(2, object()), "workers=", "executor=")
    add(lambda: check_workers(None, object()), "concurrent.futures.Executor", "Client(...).get_executor()")
    add(lambda: check_workers(-1, None), "-1")
    add(lambda: list(run_jobs(list, [1, 2], chunk=0)), "0")
    assert not isinstance(object(), Executor)
    # the variants and a reading of Spring
    cs = Game(["Ana", "Ben", "Cy"], "city-states", seed=3)
    add(lambda: Variant(cs.ruleset).canonical(cs, "fly"), "'fly'")
    add(lambda: cs.variants[0].canonical(cs, "fly"), "'fly'")
    add(lambda: Game.from_json(json.dumps(dict(json.loads(cs.to_json()), actions=[["bribe", 9999, 0]]))), "9999")
    add(lambda: get_ruleset("standard").replace(spring_highest="doubled"), "'printed', 'effective'")
    return out


@pytest.fixture(scope="module")
def said_errors():
    return said_refusals()


def test_the_saved_game_odds_workers_and_variants_refusals_are_sentences(said_errors):
    assert len(said_errors) >= 70
    told = english_of_sentences(said_errors)
    assert "the saved snapshot holds 109 cards but the deck has 110: card " in told and " is missing" in told
    assert "the saved snapshot holds 108 cards but the deck has 110: cards " in told and " are missing" in told
    assert "changes its option keep_cards;" in told and "changes its options hand_size, keep_cards;" in told
    assert "a saved game is JSON text (a str or bytes) or its parsed dict, not NoneType" in told
    assert "odds are for a battle; the game is in its 'token' phase" in told
    assert "spring_highest cannot be 'doubled'; allowed: 'printed', 'effective'" in told


def test_no_plain_refusal_is_left_in_those_modules():
    """Every RulesError / IllegalMove these modules raise is said with say() or say_n() (a plain text,
    RulesError("..."), would reach the learner in English), but for PLAIN."""
    root = Path(__file__).resolve().parents[1] / "condottiere_nb"
    plain = []
    for path in root.rglob("*.py"):
        if not str(path).endswith(SAID_MODULES):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args and node.func.id in (
                    "RulesError", "IllegalMove", "UnknownCard", "OddsUnavailable"):
                first = node.args[0]
                text = first.value if isinstance(first, ast.Constant) else ast.unparse(first)
                if text not in PLAIN:
                    plain.append(f"{path.name}:{node.lineno}: {text[:60]}")
    assert plain == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_said_refusal_is_told_in_the_language_with_its_values(lang, said_errors):
    told = told_in(lang, said_errors, SAID_MODULES)
    for text, (err, _) in zip(told, said_errors):
        assert not any(piece in text for piece in _english_of(err)), (str(err), text)


def _english_of(err) -> list[str]:
    """The English pieces (three words or more) of an error's message and of the sentences in its
    values, which no translation keeps."""
    from condottiere_nb.errors import Sentence
    pieces = []
    messages = [err.message_id] + ([err.plural] if err.plural else [])
    for v in err.values.values():
        if isinstance(v, Sentence):
            messages += [v.message] + ([v.plural] if v.plural else [])
        elif isinstance(v, RulesError) and v.message_id:
            messages += [v.message_id] + ([v.plural] if v.plural else [])
    for m in messages:
        for piece in re.split(r"\{\w+\}", m):
            piece = piece.strip(" .,;:()[]'-=")
            if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 3 and not re.search(r"[=_.]|\(\)", piece):
                pieces.append(piece)
    return pieces
