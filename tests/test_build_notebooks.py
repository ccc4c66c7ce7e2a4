"""One builder writes every notebook from its source: tools/build_notebooks.py and tools/notebooks/.

A source the builder translates (the tour) gives one notebook per language, ``NN_title.ipynb`` and
``NN_title.<lang>.ipynb``: the same code, the Markdown from tools/notebooks/locale/<lang>/."""
import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted((ROOT / "tools" / "notebooks").glob("*.txt"))


def builder():
    pytest.importorskip("nbformat")       # the builder's own need: the lab extra brings it
    spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "tools" / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def built():
    """(source, language, notebook stem) for every notebook the sources give."""
    b = builder()
    return [(source, lang, stem) for source in SOURCES for lang, stem in b.targets(source.stem).items()]


def committed(stem):
    return json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))


def test_every_notebook_has_a_source_and_every_source_a_notebook():
    notebooks = {p.stem for p in (ROOT / "notebooks").glob("*.ipynb")}
    sources = {stem for _, _, stem in built()}
    assert notebooks == sources, f"notebooks without a source: {notebooks - sources}; " \
                                 f"sources without a notebook: {sources - notebooks}"
    assert not (ROOT / "tools" / "lab").exists(), "the lab's source lives in tools/notebooks/ with the others"
    b = builder()
    assert set(b.TRANSLATED) <= {s.stem for s in SOURCES}, "every translated source exists"


@pytest.mark.parametrize("source,lang,stem", built() if importlib.util.find_spec("nbformat") else [],
                         ids=lambda v: v.stem if isinstance(v, Path) else v)
def test_each_notebook_holds_the_cells_of_its_source(source, lang, stem):
    """The committed notebook was built from its source (and, translated, from its catalogue) as they
    are now (rebuild: python tools/build_notebooks.py NN)."""
    cells = builder().parse(source.read_text(encoding="utf-8"), lang)
    nb = committed(stem)
    built_cells = [(c.cell_type, c.source, c.metadata.get("tags", [])) for c in cells]
    got = [(c["cell_type"], "".join(c["source"]), c["metadata"].get("tags", [])) for c in nb["cells"]]
    assert got == built_cells, f"notebooks/{stem}.ipynb is out of date: python tools/build_notebooks.py {source.stem[:2]}"
    assert [c["id"] for c in nb["cells"]] == [f"c{i:03d}" for i in range(len(cells))]


def _cells(nb, kind):
    return [("".join(c["source"]), c["metadata"].get("tags", [])) for c in nb["cells"] if c["cell_type"] == kind]


@pytest.mark.parametrize("lang", ["vi", "es", "zh", "fa"])
def test_a_translated_tour_has_the_english_code_but_its_language_line_and_every_paragraph_translated(lang):
    """The tours cannot drift: the same code cells as the English one, in the same places, except the
    first code cell's ``LANG = "en"``; and every Markdown cell is a translation, not the English."""
    b = builder()
    for stem in b.TRANSLATED:
        english, other = committed(stem), committed(f"{stem}.{lang}")
        assert [c["cell_type"] for c in other["cells"]] == [c["cell_type"] for c in english["cells"]]
        code_en, code = _cells(english, "code"), _cells(other, "code")
        assert code[0][0] == code_en[0][0].replace('LANG = "en"', f'LANG = "{lang}"') != code_en[0][0]
        assert code[1:] == code_en[1:]
        md_en, md = _cells(english, "markdown"), _cells(other, "markdown")
        for (text_en, _), (text, _) in zip(md_en, md):
            assert text.strip() != text_en.strip(), f"{stem}.{lang}: a Markdown cell left in English: {text_en[:60]!r}"
            assert re.search(r"[^\x00-\x7f]", text), f"{stem}.{lang}: no word of {lang} in {text[:60]!r}"
            if lang == "fa":
                assert text.startswith('<div dir="rtl">') and text.endswith("</div>"), "Persian reads right to left"


def test_a_paragraph_without_a_translation_stops_the_build():
    b = builder()
    text = (b.SOURCES / f"{b.TRANSLATED[0]}.txt").read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="no translation"):
        b.translate(text + "\n%% md\nA paragraph nobody translated.\n", "vi")
    with pytest.raises(ValueError, match="no translation"):      # a quote with a word of English around it
        b.translate(text + '\n%% md\n> "Mục tiêu"\n\nThe objective.\n', "vi")
    quote = '> "Người chơi nào chiếm được số lãnh thổ nhất định đầu tiên sẽ là người chiến thắng"'
    assert b.translate(text + f"\n%% md\n{quote}\n", "vi")[-1][2] == quote, "a cell that only quotes is kept"
    assert quote not in [body for _, body in b.messages(text + f"\n%% md\n{quote}\n")]
    with pytest.raises(ValueError, match="LANG"):
        b.translate(text.replace('LANG = "en"', 'LANG = "vi"'), "es")


def test_a_source_gives_cell_tags_after_code():
    cells = builder().parse("%% md\n# T\n%% code nbval-ignore-output\nx = 1\n%% code\ny = 2\n")
    assert [c.metadata.get("tags") for c in cells] == [None, ["nbval-ignore-output"], None]
    with pytest.raises(ValueError, match="tags"):
        builder().parse("%% code nbval-ignor\nx = 1\n")


def translated_notebooks():
    """(English stem, translated stem) of every notebook the builder translates, in every language it does."""
    if not importlib.util.find_spec("nbformat"):
        return []
    return [(source.stem, stem) for source, lang, stem in built() if lang != "en"]


@pytest.mark.parametrize("stem,lang", builder().RULEBOOK_LANGUAGE.items() if importlib.util.find_spec("nbformat") else [])
def test_a_rulebook_notebook_is_built_in_its_rulebook_s_language_with_the_english_one_s_code(stem, lang):
    """Each rulebook notebook is also built in its rulebook's language only: the English notebook's code
    cells, every one (its LANG already names that language, so the outputs are the same), and its
    Markdown translated."""
    b = builder()
    assert b.targets(stem) == {"en": stem, lang: f"{stem}.{lang}"}
    english, other = committed(stem), committed(f"{stem}.{lang}")
    assert [c["cell_type"] for c in other["cells"]] == [c["cell_type"] for c in english["cells"]]
    code_en, code = _cells(english, "code"), _cells(other, "code")
    assert code == code_en and f'LANG = "{lang}"' in code[0][0]
    for (text_en, _), (text, _) in zip(_cells(english, "markdown"), _cells(other, "markdown")):
        if b.only_quotes(text_en):      # the rulebook's own words, already in its language: kept as they are
            assert text.replace('<div dir="rtl">', "").replace("</div>", "").strip() == text_en.strip()
        else:
            assert text.strip() != text_en.strip(), f"{stem}.{lang}: a Markdown cell left in English: {text_en[:60]!r}"
        if lang == "fa":
            assert text.startswith('<div dir="rtl">') and text.endswith("</div>"), "Persian reads right to left"


#: A paragraph a translation may keep as the English has it, though it reads as words: none yet.
KEPT_AS_IS: set[str] = set()
_SPAN = re.compile(r"`[^`\n]+`")
#: English function words no rulebook language spells so (not "a", "no", "in": Spanish and Vietnamese words)
_ENGLISH = {"the", "of", "and", "is", "to", "with", "that", "which", "are", "not", "by", "for", "its", "their",
            "this", "from", "when", "who", "it", "be", "or", "at", "as", "each", "every", "one", "has", "have"}


def english(text: str) -> bool:
    """Does a piece of Markdown read as English: two different English function words outside its code spans?
    (A rulebook quoted inside a sentence, in Spanish or Vietnamese, does not.)"""
    return len(set(re.findall(r"\b[a-z]+\b", _SPAN.sub(" ", text))) & _ENGLISH) >= 2


def english_paragraphs(markdown: str) -> list[str]:
    """The paragraphs of an English Markdown cell a translation must not keep: not a quote of a rulebook
    (``>`` lines, already in the rulebook's language), not only code, names or a heading's names."""
    return [paragraph.strip() for paragraph in re.split(r"\n\s*\n", markdown)
            if paragraph.strip() and not paragraph.strip().startswith(">") and paragraph.strip() not in KEPT_AS_IS
            and english(paragraph)]


@pytest.mark.parametrize("english_stem,stem", translated_notebooks())
def test_no_english_paragraph_is_left_in_a_translated_notebook(english_stem, stem):
    """Every English paragraph of the source (quotes of a rulebook and code-only paragraphs aside) is gone
    from its translation: no paragraph, and no English line of one (a heading, a list item), kept word for
    word in a cell."""
    translated = "\n".join(text for text, _ in _cells(committed(stem), "markdown"))
    lines = set(translated.splitlines())
    left = [p for text, _ in _cells(committed(english_stem), "markdown") for p in english_paragraphs(text)
            if p in translated or any(line in lines for line in p.splitlines() if english(line))]
    assert left == [], f"{stem}: {len(left)} English paragraphs left, the first: {left[0][:200]!r}"


def test_the_paragraph_check_sees_an_english_paragraph():
    cell = ("## Mục tiêu (Objective)\n\n> \"Người chơi nào...\"\n\nThe first player to hold a set number of regions wins:"
            "\n\n`x = 1`\n\nEl texto: \"*todas las regiones disponibles en el tablero han sido conquistadas*\"")
    assert english_paragraphs(cell) == ["The first player to hold a set number of regions wins:"]


#: A ``>`` box that is the notebook's own comment, not a quotation: the Spanish notebook's notes for a Spanish
#: reader on the text's slips (translated with the prose).
OWN_BOXES = ("> *Para el lector:*",)


@pytest.mark.parametrize("stem,lang", builder().RULEBOOK_LANGUAGE.items() if importlib.util.find_spec("nbformat") else [])
def test_a_rulebook_notebook_s_translation_quotes_the_rulebook_word_for_word(stem, lang):
    """The translation changes the prose around the quotes, never a quote: every quotation of the English
    notebook (a run of ``>`` lines) is in the same cell of the translated one, as it is."""
    english, other = committed(stem), committed(f"{stem}.{lang}")
    quotes = 0
    for (text_en, _), (text, _) in zip(_cells(english, "markdown"), _cells(other, "markdown")):
        for quote in re.findall(r"(?:^>.*(?:\n|$))+", text_en, flags=re.M):
            if not quote.startswith(OWN_BOXES):
                assert quote.strip() in text, f"{stem}.{lang}: a quote changed or left out: {quote[:80]!r}"
                quotes += 1
    assert quotes >= 20, f"{stem}: {quotes} quotes"
