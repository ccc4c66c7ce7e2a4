"""No typed facts: a number a notebook's prose states is one its checked outputs show (issue 15).

A number typed into Markdown drifts from what the engine computes (the Vietnamese rulebook's
10 + 5 + 4 = "29" was copied into two notebooks whose outputs said 19).  So every number in a
notebook's Markdown must appear, as a whole number, in an output of the same notebook that nbval
checks (text, HTML or printed; not a cell nbval ignores).  Where a rulebook states a wrong number,
the notebook records the text's claim in code and shows it beside the engine's.

Not counted as stated facts (each is a way of naming, not a claim):

* code spans and code blocks (`card.bishop`, `"Ana: 10 5"`, `10_vietnamese.ipynb`): names, option
  values and notation, which the code cells run;
* the enumerator of a heading, a list item or a quoted rulebook item ("## 3 - Bishop", "5-7. ...",
  '> "7.每個發的張數為11'), and a rulebook section cited in italics (*7 - Bù Nhìn*, *Chuẩn Bị 3*):
  they number the rulebook's own sections;
* years (1000 to 2099: "Fantasy Flight 2006");
* a notebook's ``ALLOWED`` numbers below, each with its reason; numbers marked "pending" are in
  notebooks other work is rewriting now, listed so that this test can guard every notebook.

Persian digits (۰-۹) count as the digits they are.  Chinese numerals are not numbers here.
"""
import json
import re
from html import unescape
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"

#: notebook -> {number: reason}.  A "pending" reason: a notebook being rewritten elsewhere, whose
#: typed numbers are handed over (they must go when it is rewritten).
ALLOWED: dict[str, dict[str, str]] = {
    "00_start_here": {
        "17": "pending (00 is being rewritten): 'Renaissance Italy is split into 17 regions' - no output "
              "counts the regions",
        "52": "pending (00 is being rewritten): '58 Mercenaries and 52 special cards' - the outputs show "
              "the 58 Mercenaries, not the 52",
    },
}

_PERSIAN = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")
_NUMBER = re.compile(r"(?<![A-Za-z0-9_.])\d+(?:\.\d+)?(?![A-Za-z0-9_])")     # beside CJK or Persian letters too
_CODE_BLOCK = re.compile(r"```.*?```", re.S)
_CODE_SPAN = re.compile(r"`[^`]*`")
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_ENUMERATOR = re.compile(r"^(\s*(?:>\s*)?[\"“]?(?:#+\s*)?(?:[-*]\s+)?(?:\*\*)?)\d+(?:\s*[-–]\s*\d+)?"
                         r"(?:\s*[.)]|\s+[-–](?=\s))", re.M)
#: a rulebook's numbered section cited in italics: *7 - Bù Nhìn*, *Chuẩn Bị 3*
_CITED_SECTION = re.compile(r"\*(\d+\s*[-–]\s*[^*\n]+|[^*\n\d]+\s\d+)\*")
_YEAR = re.compile(r"^(1\d{3}|20\d{2})$")
_TAG = re.compile(r"<[^>]+>")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")


def _digits(text: str) -> str:
    """Persian digits as ASCII, and thousands unsplit ("390,000" is 390000)."""
    return _THOUSANDS.sub("", text.translate(_PERSIAN))


def _text(source) -> str:
    return "".join(source) if isinstance(source, list) else source


def prose_numbers(markdown: str) -> list[str]:
    """The numbers a Markdown cell states, in order (see the module docstring for what is left out).

    >>> prose_numbers("## 3 - Bishop (6 cards)\\n5-7. Owned regions: `Roma 10` and 17 regions since 2006.")
    ['6', '17']
    """
    text = _CODE_BLOCK.sub(" ", markdown)
    text = _CODE_SPAN.sub(" ", text)
    text = _LINK_TARGET.sub("]", text)
    text = _CITED_SECTION.sub(" ", text)
    text = _digits(_ENUMERATOR.sub(lambda m: m.group(1), text.translate(_PERSIAN)))
    return [n for n in _NUMBER.findall(text) if not _YEAR.match(n)]


def _ignored(cell) -> bool:
    tags = cell.get("metadata", {}).get("tags", [])
    source = _text(cell["source"])
    return ("NBVAL_IGNORE_OUTPUT" in source or "NBVAL_SKIP" in source
            or "nbval-ignore-output" in tags or "nbval-skip" in tags)


def checked_numbers(nb: dict) -> set[str]:
    """Every whole number in the outputs nbval checks (text, HTML without its tags, printed text)."""
    found = set()
    for cell in nb["cells"]:
        if cell["cell_type"] != "code" or _ignored(cell):
            continue
        for out in cell.get("outputs", []):
            parts = [_text(out.get("text", ""))]
            data = out.get("data", {})
            parts.append(_text(data.get("text/plain", "")))
            parts.append(unescape(_TAG.sub(" ", _text(data.get("text/html", "")))))
            # every run of digits: numbers glued to words in outputs ("10s", "x2") still show them
            found.update(re.findall(r"\d+", _digits(" ".join(parts))))
    return found


def unshown(path: Path) -> list[tuple[int, str]]:
    """(cell index, number) for every number of the prose that no checked output shows."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    shown = checked_numbers(nb)
    allowed = ALLOWED.get(path.stem, {})
    missing = []
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "markdown":
            continue
        for n in prose_numbers(_text(cell["source"])):
            if n not in shown and n not in allowed and (i, n) not in missing:
                missing.append((i, n))
    return missing


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.stem)
def test_every_number_of_the_prose_is_in_a_checked_output(path):
    missing = unshown(path)
    assert not missing, (f"{path.name}: the prose states numbers no checked output shows "
                         f"(cell index, number): {missing}; compute them in the notebook, or quote a "
                         f"rulebook's own wrong number in code beside the engine's")


def test_every_notebook_is_covered_and_every_allowance_is_still_needed():
    names = {p.stem for p in NOTEBOOKS.glob("*.ipynb")}
    assert set(ALLOWED) <= names, f"allowances for notebooks that do not exist: {set(ALLOWED) - names}"
    for stem, numbers in ALLOWED.items():
        nb = json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))
        shown = checked_numbers(nb)
        stated = {n for cell in nb["cells"] if cell["cell_type"] == "markdown"
                  for n in prose_numbers(_text(cell["source"]))}
        stale = sorted(n for n in numbers if n not in stated or n in shown)
        assert not stale, f"{stem}: allowed numbers no longer needed (remove them): {stale}"
        assert all(reason.strip() for reason in numbers.values()), f"{stem}: every allowance gives its reason"


def test_the_check_finds_a_typed_number_and_leaves_names_alone():
    assert prose_numbers("worth 29; with Winter it is 3") == ["29", "3"]
    assert prose_numbers("`scoring_target=20` and the rule `season.spring`") == []
    assert prose_numbers("### ۱. شروع بازی: ۱۰ کارت") == ["10"]
    assert prose_numbers("1. Each player\n2. The deck: 110 cards") == ["110"]
    assert prose_numbers("**8.** Everything else as in the original rules") == []
    assert prose_numbers('> "7.每個發的張數為11，" and (*8 - Đầu Hàng*) in *Chuẩn Bị 4*') == ["11"]
    assert prose_numbers("about 390,000 battles") == ["390000"]
    nb = {"cells": [{"cell_type": "code", "source": "x", "metadata": {}, "outputs": [
        {"output_type": "execute_result", "data": {"text/plain": "{'Huy': 19}", "text/html": "<b>3</b>"}}]},
        {"cell_type": "code", "source": "# NBVAL_IGNORE_OUTPUT\ny", "metadata": {}, "outputs": [
            {"output_type": "stream", "text": "29"}]}]}
    assert checked_numbers(nb) >= {"19", "3"} and "29" not in checked_numbers(nb)
