"""A learner reads a translated notebook in their language only: every notebook ``NN_title.<lang>.ipynb``
(built from one English source and its catalogue, see tools/build_notebooks.py) is read here, its
prose (Markdown without its code spans, links' targets and HTML tags) and its stored outputs (which
nbval checks against a fresh run).

* no English word in Vietnamese or Spanish prose and outputs, no Latin word at all in Chinese and
  Persian, but the names in :data:`ALLOWED`, the engine's own names (players, regions, rule ids) and a
  rulebook quoted in its own words (in italics or quotation marks);
* Persian writes its own digits (the Persian tutorial does), and a code span or a file name inside a
  Persian sentence is isolated left to right (else the layout shows ``start_here.ipynb_00``);
* a link to a rulebook that is not the standard game (the Chinese city-state variant, the Persian
  course's own game) carries a warning (⚠) on its line;
* each language has a way in: its tour lists its own notebooks in reading order, and the README's
  notebook table says which notebook exists in which language.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from test_rulebook_notebooks_i18n import ENGLISH_WORDS, engine_names

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LANGS = ("vi", "es", "zh", "fa")
#: Latin names a translated notebook may write, each with its reason.
ALLOWED = {
    "Condottiere": "the game's name, in every edition",
    "Dominique": "the designer's name", "Ehrhard": "the designer's name",
    "Fantasy": "the publisher's name", "Flight": "the publisher's name",
    "Python": "the programming language the cells are written in",
    "JupyterLab": "the program the notebooks open in",
    "JSON": "the name of a file format",
    "custom": "the engine's identifier of a ruleset with changed options ('standard+custom'), quoted in a refusal",
    "Dan": "the fourth seat's name in the practice exercises' positions",
}
#: English words of the tours' old prose, besides the function words the rulebook notebooks' test knows.
MORE_ENGLISH = {"step", "builder", "widget", "widgets", "notebook", "notebooks", "slider", "button", "buttons",
                "palette", "resolve", "where", "go", "your", "own", "build", "checks", "below"}
#: words of a language that are spelled as English words are ("in": Vietnamese for "printed")
OWN_WORDS = {"vi": {"in"}, "es": set()}
CODE_SPAN = re.compile(r"`[^`\n]+`")
#: a quotation of a rulebook, in its own words: in italics or quotation marks
QUOTED = re.compile(r"(?<!\*)\*[^*\n]+\*(?!\*)|\"[^\"]+\"|«[^»]+»|「[^」]+」")
#: the notebooks of rulebooks that are not the standard game
VARIANT_RULEBOOKS = ("12_chinese_city_states", "13_persian_tutorial")
LRI, PDI = "\u2066", "\u2069"


def translated() -> list[tuple[str, str]]:
    """(notebook stem, language) of every translated notebook."""
    found = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        parts = path.stem.rsplit(".", 1)
        if len(parts) == 2 and parts[1] in LANGS:
            found.append((path.stem, parts[1]))
    return found


def _text(source) -> str:
    return "".join(source) if isinstance(source, list) else source


def markdown(stem: str) -> list[str]:
    nb = json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))
    return [_text(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]


def prose(stem: str) -> str:
    """The notebook's Markdown as a reader reads its words: code spans, link targets and tags left out."""
    text = "\n".join(markdown(stem))
    text = CODE_SPAN.sub(" ", text)
    text = QUOTED.sub(" ", text)            # a rulebook quoted in its own language
    text = re.sub(r"\]\([^)]*\)", "] ", text)
    return re.sub(r"<[^>]+>", " ", text)


def outputs(stem: str) -> str:
    from test_rulebook_notebooks_i18n import shown
    return "\n".join(shown(stem))


def latin_words(text: str) -> set[str]:
    return set(re.findall(r"(?<![\w'#@=./-])[A-Za-z]+(?:'[A-Za-z]+)*(?![\w#@=(./-])", text))


def test_there_are_translated_notebooks_in_every_language():
    assert {lang for _, lang in translated()} == set(LANGS)


@pytest.mark.parametrize("stem,lang", translated())
def test_no_english_word_in_the_prose_and_outputs(stem, lang):
    names = engine_names() | set(ALLOWED)
    for where, text in (("prose", prose(stem)), ("outputs", outputs(stem))):
        words = latin_words(text) - names
        if lang in ("vi", "es"):
            words = {w for w in words if w.lower() in (ENGLISH_WORDS | MORE_ENGLISH) - OWN_WORDS[lang]}
        else:
            words = {w for w in words if len(w) > 1}
        lines = [line for line in text.splitlines() if any(re.search(rf"\b{w}\b", line) for w in words)]
        assert words == set(), f"{stem} {where}: {sorted(words)} in {lines[:5]}"


@pytest.mark.parametrize("stem", [stem for stem, lang in translated() if lang == "fa"])
def test_persian_prose_writes_persian_digits_and_isolates_code(stem):
    for cell in markdown(stem):
        outside = re.sub(f"{LRI}[^{PDI}]*{PDI}", "", cell)
        outside = re.sub(r"\]\([^)]*\)|<[^>]+>|^\s*\d+\. ", " ", outside, flags=re.M)
        assert not re.search("[0-9]", outside), outside[:300]
        spans = CODE_SPAN.findall(cell)
        isolated = re.findall(f"{LRI}(`[^`\n]+`){PDI}", cell)
        assert spans == isolated, f"{stem}: code spans not isolated left to right: {set(spans) - set(isolated)}"


@pytest.mark.parametrize("stem,lang", [(s, lang) for s, lang in translated() if s.startswith("00_")])
def test_every_link_to_a_variant_rulebook_carries_a_warning(stem, lang):
    lines = [line for cell in markdown(stem) for line in cell.splitlines()
             if any(v in line for v in VARIANT_RULEBOOKS)]
    assert lines, f"{stem} names no rulebook notebook"
    assert [line for line in lines if "⚠" not in line] == []


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_s_tour_lists_its_own_notebooks_in_reading_order(lang):
    own = [stem for stem, language in translated() if language == lang and not stem.startswith("00_")]
    tour = "\n".join(markdown(f"00_start_here.{lang}"))
    named = [m for m in re.findall(r"`(\d\d\w*\.\w\w\.ipynb)`", tour) if not m.startswith("00_")]
    assert sorted(f"{stem}.ipynb" for stem in own) == sorted(set(named)), "the tour lists every notebook of its language"
    assert named == sorted(named), "in reading order"
    for stem in own:        # the English name of a translated notebook is not offered instead
        assert f"`{stem.rsplit('.', 1)[0]}.ipynb`" not in tour


def test_the_readme_table_says_which_notebook_exists_in_which_language():
    """Each row of the README's notebook table: the notebook, then the languages it is also in."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = [line for line in readme.splitlines() if re.match(r"\| `\d\d\w*` \|", line)]
    exists = {p.stem for p in NOTEBOOKS.glob("*.ipynb")}
    assert {re.match(r"\| `(\d\d\w*)`", row).group(1) for row in rows} == {s for s in exists if "." not in s}
    for row in rows:
        stem = re.match(r"\| `(\d\d\w*)`", row).group(1)
        languages = row.strip("|").split("|")[1]
        assert set(re.findall(r"\b(vi|es|zh|fa)\b", languages)) == {lang for lang in LANGS
                                                                      if f"{stem}.{lang}" in exists}, row
