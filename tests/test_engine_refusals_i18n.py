"""The refusals of the engine's core (battle.py, plays.py's Scarecrow, zones.py, seats.py, game/core.py,
game/choices.py, game/deal.py) raised in real Battles and Games, in Vietnamese, Spanish, Chinese and
Persian: each is a catalogue sentence, told in each language with no English piece of those modules'
messages, different from its English and keeping its values (player names, card ids); its English
(str(err)) is the programmer's text, unchanged."""
from __future__ import annotations

import pytest

from condottiere_nb import Battle, Game
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
    add(lambda: v.zones.move(ben3, ("hand", "Ana"), "discard"), ben3.tag, "Ana")
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


def test_the_refusals_are_sentences_and_keep_their_english(errors):
    assert len(errors) >= 24
    assert [str(e) for e, _ in errors if not e.message_id] == []
    assert [speaker("en").error(e) for e, _ in errors] == [str(e) for e, _ in errors]
    told = "\n".join(str(e) for e, _ in errors)
    assert "leader 'Zed' is not one of the players ['Ana', 'Ben']" in told
    assert "a battle needs 2 to 6 players, not 1" in told and "Condottiere is played by 2 to 6 players, not 1" in told
    assert "is not in Ana's hand" in told and "is not in the draw pile" in told


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_refusal_is_told_in_the_language_with_its_values(lang, errors):
    english_sentences = english_pieces(lambda path: path.endswith(MODULES), " .,;:()[]'-")[lang]
    with Said() as said:
        told = [speaker(lang).error(e) for e, _ in errors]
    assert said.untranslated(lang) == []
    assert english_left(told, english_sentences) == []
    for text, (err, kept) in zip(told, errors):
        assert text != str(err)
        assert [v for v in kept if v not in text] == [], (str(err), text)
    assert any(speaker(lang).card("winter") in t for t in told)       # a card kind named in the language
