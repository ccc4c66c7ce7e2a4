"""The rulebook notebooks speak their rulebook's language: every output a learner reads in
10_vietnamese, 11_spanish, 12_chinese_city_states and 13_persian_tutorial (the engine's explanations,
the tables, the notebook's own labels, the refusals) is in Vietnamese, Spanish, Chinese or Persian, and
one line (``LANG = "en"``) turns them all to English.

The outputs checked are the ones stored in the notebooks, which nbval compares with a fresh run on every
test run (so they are what the code gives).  A cell that asks for English on purpose (``text_in("en")``,
``lang="en"``: the toggle shown beside a step) is left out.  What a language must not show: an English
piece of any message of the catalogue; in Vietnamese and Spanish no English function word or label
word; in Chinese and Persian no Latin word at all but the names the engine writes as they are (players,
regions, cities, rule ids, options and their values, rulesets, card ids, action classes)."""
from __future__ import annotations

import ast
import contextlib
import io
import json
import re
from html import unescape
from pathlib import Path

import pytest

from condottiere_nb import RULES, RULESETS, Ruleset
from condottiere_nb.board import REGIONS
from condottiere_nb.cards import KINDS
from condottiere_nb.decks import DECKS
from i18n_spy import english_pieces

ROOT = Path(__file__).resolve().parents[1]
#: notebook -> the language of its rulebook
RULEBOOKS = {"10_vietnamese": "vi", "11_spanish": "es", "12_chinese_city_states": "zh", "13_persian_tutorial": "fa"}
#: every built rulebook notebook whose outputs are read -> its language: the English one and, once it is
#: built, its translation into its rulebook's language (``10_vietnamese.vi``), which runs the same code
BUILT = {**RULEBOOKS, **{f"{stem}.{lang}": lang for stem, lang in RULEBOOKS.items()
                        if (ROOT / "notebooks" / f"{stem}.{lang}.ipynb").exists()}}
NAMES = {"Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Huy", "Hoang", "Han", "Linh", "Minh", "Nga"}
#: English words no Vietnamese or Spanish output has (not "no", "a" or "has", which are Spanish words too)
ENGLISH_WORDS = {"the", "of", "and", "is", "are", "who", "with", "to", "from", "not", "may", "in", "on", "by", "or",
                 "it", "each", "after", "before", "their", "what", "which", "this", "that", "be", "yes", "cards",
                 "card", "regions", "region", "players", "player", "hand", "hands", "battle", "winner",
                 "strength", "strengths", "refused", "nobody", "nothing", "none", "first", "next", "then", "share",
                 "border", "offered", "dealt", "shuffled", "held", "kept", "choices", "asked", "passed", "between",
                 "draws", "score", "match", "game", "seats", "colours", "markers", "map", "deck", "army", "against",
                 "says", "counts", "shown", "whose", "turn", "leads", "group", "round", "over", "after"}
#: English a notebook still shows, each with its reason (the test below checks each is still needed).
ALLOWED_ENGLISH: dict[str, dict[str, str]] = {}
_TAG = re.compile(r"<[^>]+>")
_ISOLATES = str.maketrans("", "", "\u2068\u2069\u200c\u200f\u200e")


def _text(source) -> str:
    return "".join(source) if isinstance(source, list) else source


def shown(stem: str) -> list[str]:
    """What a learner reads in the stored outputs nbval checks: the HTML of a rich output (its text,
    without tags), else its plain text, and printed text; cells that ask for English left out."""
    nb = json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))
    texts = []
    for cell in nb["cells"]:
        source = _text(cell["source"])
        if cell["cell_type"] != "code" or "nbval-ignore-output" in cell["metadata"].get("tags", []) \
                or re.search(r"""(text_in|lang=)\(?["']en["']""", source):
            continue
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if "text/html" in data:
                texts.append(unescape(_TAG.sub(" ", _text(data["text/html"]))))
            elif "text/plain" in data:
                texts.append(_text(data["text/plain"]))
            if "text" in out:
                texts.append(_text(out["text"]))
    return [t.translate(_ISOLATES) for t in texts]


def without_allowed(stem: str, texts: list[str]) -> str:
    joined = "\n".join(texts)
    for sentence in ALLOWED_ENGLISH.get(stem, {}):
        joined = joined.replace(sentence, " ")
    return joined


def engine_names() -> set[str]:
    """The Latin names an output writes as the engine does, in every language: players, regions, card
    ids, rulesets and decks, rule ids, options and their values (Python's True and False too), the
    rulebook sections an option cites (in the rulebooks' own words), action classes."""
    import condottiere_nb
    names = set(NAMES) | set(REGIONS) | set(KINDS) | set(RULESETS) | set(DECKS) | {"Condottiere", "Ruleset", "True",
                                                                                   "False", "None"}
    names |= {part for rule in RULES for part in re.split(r"[._]", rule)} | set(RULES)
    for option in Ruleset.options():
        names.add(option["name"])
        names |= {str(c) for c in option["choices"]}
        names |= set(re.findall(r"[A-Za-z]+", option["source"]))
    names |= {n for n in condottiere_nb.__all__ if n[:1].isupper()}
    return names


@pytest.fixture(scope="module")
def english_sentences() -> dict[str, list[str]]:
    return english_pieces(lambda path: True, " .,;:()[]'-")


@pytest.mark.parametrize("stem,lang", BUILT.items())
def test_the_outputs_keep_no_english_piece_of_the_catalogue(stem, lang, english_sentences):
    joined = without_allowed(stem, shown(stem))
    assert [piece for piece in english_sentences[lang] if piece in joined] == []


@pytest.mark.parametrize("stem,lang", [(s, lang) for s, lang in BUILT.items() if lang in ("vi", "es")])
def test_the_latin_outputs_have_no_english_word(stem, lang):
    joined = without_allowed(stem, shown(stem))
    words = re.findall(r"(?<![\w'#@=-])[A-Za-z][A-Za-z']*(?![\w'#@=(-])", joined)
    english = sorted({w for w in words if w.lower() in ENGLISH_WORDS and w not in engine_names()})
    assert english == [], [line for line in joined.splitlines() if any(re.search(rf"\b{w}\b", line) for w in english)][:8]


@pytest.mark.parametrize("stem,lang", [(s, lang) for s, lang in BUILT.items() if lang in ("zh", "fa")])
def test_the_chinese_and_persian_outputs_write_no_latin_word_but_names(stem, lang):
    joined = without_allowed(stem, shown(stem))
    tokens = re.findall(r"[A-Za-z][A-Za-z0-9_'.:-]*[A-Za-z0-9]|[A-Za-z]", joined)
    names = engine_names()
    latin = sorted({t for t in tokens if t not in names and not all(p in names for p in re.split(r"[.:@-]", t) if p)
                    and len(t) > 1})
    assert latin == [], [line for line in joined.splitlines() if any(w in line for w in latin)][:8]


def test_every_allowance_is_still_needed():
    for stem, sentences in ALLOWED_ENGLISH.items():
        joined = "\n".join(shown(stem))
        assert [s for s in sentences if s not in joined] == [], f"{stem}: remove the allowances no output shows"
        assert all(reason.strip() for reason in sentences.values())


def source_code_cells(stem: str) -> list[str]:
    from test_build_notebooks import builder
    source = (ROOT / "tools" / "notebooks" / f"{stem}.txt").read_text(encoding="utf-8")
    return [body for kind, _tags, body, _line in builder().split(source) if kind == "code"]


@pytest.mark.parametrize("stem,lang", RULEBOOKS.items())
def test_one_line_names_the_notebook_s_language(stem, lang):
    """``LANG = "<lang>"`` once, in the first code cell, and every output follows it: the default
    language, the notebook's labels (t = words(LANG)) and the widget (lang=LANG)."""
    cells = source_code_cells(stem)
    first = cells[0]
    assert first.count(f'LANG = "{lang}"') == 1 and "set_language(LANG)" in first and "t = words(LANG)" in first
    rest = "\n".join(cells)
    assert rest.count(f'"{lang}"') == 1, f"{stem}: the language is named only in LANG"
    assert [c for c in cells if "BattleBuilder(" in c and "lang=LANG" not in c] == []


@pytest.mark.parametrize("stem", RULEBOOKS)
def test_the_notebook_s_labels_are_sentences_of_the_catalogue(stem):
    """No label a table or a fact shows is a bare English string in the code: a Facts key, a Table
    header or title, is said through t.say (a name, a number or a code value may stay)."""
    bare = []
    for code in source_code_cells(stem):
        for node in ast.walk(ast.parse(code)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("Facts", "Table")):
                continue
            labels = []
            if node.args and isinstance(node.args[0], ast.Dict):
                labels += node.args[0].keys
            if node.func.id == "Table" and node.args and isinstance(node.args[0], ast.List):
                labels += node.args[0].elts
            labels += [k.value for k in node.keywords if k.arg == "title"]
            bare += [label.value for label in labels if isinstance(label, ast.Constant)
                     and isinstance(label.value, str) and re.search(r"[a-z]{2,} [a-z]{2,}", label.value)]
    assert bare == []


def run_cells(stem: str, lang: str) -> str:
    """The outputs of a rulebook notebook's code cells run here with ``LANG = lang`` (widgets left out)."""
    from condottiere_nb import set_language
    out = io.StringIO()
    namespace: dict = {}
    try:
        for code in source_code_cells(stem):
            if "BattleBuilder(" in code:
                continue
            code = re.sub(r'^LANG = "\w+"', f'LANG = "{lang}"', code, flags=re.M)
            tree = ast.parse(code)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            with contextlib.redirect_stdout(out):
                exec(compile(tree, stem, "exec"), namespace)
                if last is not None:
                    value = eval(compile(ast.Expression(last.value), stem, "eval"), namespace)
                    html = getattr(value, "_repr_html_", None)
                    print(unescape(_TAG.sub(" ", html())) if html else repr(value))
    finally:
        set_language("en")
    return out.getvalue()


def test_one_line_turns_a_rulebook_notebook_to_english():
    english = run_cells("11_spanish", "en")
    for label in ("share a border?", "regions in total", "regions offered", "the text says", "winner"):
        assert label in english, label
    for spanish in ("¿comparten una frontera?", "regiones ofrecidas", "ganador"):
        assert spanish not in english, spanish
