"""What a learner reads is said in plain words, not in Python (issue 29).

* Every sentence of a Step (condottiere_nb/tell/) and of a widget (condottiere_nb/views/), and the
  refusals a battle gives when a card is played after its end, in English and in each translation:
  no call (``resolve()``), no keyword argument (``take=``), no ``True``/``False``/``None``, no
  snake_case name.
* The checked outputs of the learner path's notebooks (00-06): no call and no keyword argument.
* The prose of the learner path's sources (tools/notebooks/0*.txt): code appears only in backticks.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from condottiere_nb.language import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "condottiere_nb" / "locale"
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
#: where the sentences a learner reads are written
LEARNER_FACING = ("condottiere_nb/tell/", "condottiere_nb/views/")
#: refusals a learner meets in a widget, written elsewhere: their English starts so
REFUSALS = ("the battle is over",)

CALL = re.compile(r"\b[A-Za-z_][\w.]*\(\)|\b[A-Za-z_]\w*\((?:'|\")")      # resolve(), PlaceToken('Roma')
KEYWORD = re.compile(r"\b[a-z_]\w*=(?!=)")                                    # take=, explain=
CONSTANT = re.compile(r"\b(?:True|False|None)\b")
SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")                      # spring_highest, card_name
PLACEHOLDER = re.compile(r"\{\w+\}")


def python_words(text: str) -> list[str]:
    """The Python a sentence contains (its {placeholders} left out)."""
    text = PLACEHOLDER.sub("", text)
    return [m.group() for pattern in (CALL, KEYWORD, CONSTANT, SNAKE) for m in pattern.finditer(text)]


def learner_messages(lang: str) -> list[tuple[str, str]]:
    """(English, the text in ``lang``) of every message a learner reads, from the catalogue."""
    path = LOCALE / "condottiere.pot" if lang == "en" else LOCALE / lang / "LC_MESSAGES" / "condottiere.po"
    with open(path, "rb") as f:
        catalog = read_po(f)
    found = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        where = {location for location, _ in message.locations}
        if any(w.startswith(LEARNER_FACING) for w in where) or ids[0].startswith(REFUSALS):
            texts = ids if lang == "en" else strings
            found += [(ids[0], text) for text in texts]
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_steps_widgets_and_refusals_say_no_python(lang):
    messages = learner_messages(lang)
    assert len(messages) > 300, "the catalogue's locations name the tell/ and views/ modules"
    found = [(english[:70], words) for english, text in messages if (words := python_words(text))]
    assert not found, f"{lang}: sentences a learner reads that contain Python: {found}"


def test_the_check_finds_python_and_leaves_words_alone():
    assert python_words("the battle is over; call resolve()") == ["resolve()"]
    assert python_words("name it with take=. Allowed: PlaceToken('Roma')") == ["PlaceToken('", "take="]
    assert python_words("scarecrow_empty is True") == ["True", "scarecrow_empty"]
    assert python_words("{player}'s Scarecrow takes nothing back (a Drummer's line). Winter's 1, 2-player") == []


#: (notebook, word) -> why an output may show it
ALLOWED_OUTPUTS = {
    ("03_scarecrow_surrender", "scarecrow_empty="):
        "a refusal worded in condottiere_nb/plays.py (a core file being rewritten under issue 28), which names "
        "the option for code; left to that work, and listed in issue 29's note",
}


def _path_notebooks():
    return sorted((ROOT / "notebooks").glob("0*.ipynb"))


@pytest.mark.parametrize("path", _path_notebooks(), ids=lambda p: p.stem)
def test_the_checked_outputs_of_the_path_call_nothing(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    found = []
    for i, cell in enumerate(nb["cells"]):
        tags = cell.get("metadata", {}).get("tags", [])
        if cell["cell_type"] != "code" or "nbval-ignore-output" in tags or "nbval-skip" in tags:
            continue
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            # what the reader sees: printed text, or an object's plain text where it has no HTML view
            text = "".join(out.get("text", "")) + ("" if "text/html" in data else "".join(data.get("text/plain", "")))
            text = re.sub(r"\w+ = '[^']*'|\w+ = \w+", "", text)     # an option's reading, named as its cell sets it
            words = [m.group() for pattern in (CALL, KEYWORD) for m in pattern.finditer(text)
                     if (path.stem, m.group()) not in ALLOWED_OUTPUTS]
            if words:
                found.append((i, words, text[:80]))
    assert not found, f"{path.name}: outputs that show Python calls or arguments (cell, found, output): {found}"


#: a word of code: a call, a keyword argument, an attribute or a snake_case name
CODE_WORD = re.compile(r"\b[A-Za-z_][\w.]*\(|\b[a-z_]\w*=|\b[a-z]+(?:_[a-z0-9]+)+\b|\b\w+\.\w+\(")


@pytest.mark.parametrize("source", sorted((ROOT / "tools" / "notebooks").glob("0*.txt")), ids=lambda p: p.stem)
def test_code_in_the_paths_prose_is_in_backticks(source):
    text = source.read_text(encoding="utf-8")
    found = []
    for kind, body in re.findall(r"^%% (md|code)[^\n]*\n(.*?)(?=^%% |\Z)", text, re.M | re.S):
        if kind != "md":
            continue
        plain = re.sub(r"```.*?```|`[^`\n]*`|\]\([^)]*\)|<[^>]+>", "", body, flags=re.S)     # code, link targets, tags
        found += [m.group() for m in CODE_WORD.finditer(plain)]
    assert not found, f"{source.name}: code outside backticks in the prose: {found}"
