"""Write docs/rules.md: every rule the engine applies, from the engine itself.

Each rule's section is its entry in RULES (title, rulebook sources, the options that change it),
where its one function lives, and that function's docstring, which states the ruling.  The deck,
the map and the victory thresholds are read from the engine too.  So the page cannot drift from
the code: tests/test_docs.py fails when it is out of date.

    python tools/write_rules_doc.py          # rewrite docs/rules.md
    python tools/write_rules_doc.py --check  # exit 1 if it is out of date
"""
from __future__ import annotations

import argparse
import inspect
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from condottiere_nb import RULES, Ruleset  # noqa: E402
from condottiere_nb import board  # noqa: E402
from condottiere_nb.cards import KINDS, STANDARD_COUNTS, kind_name  # noqa: E402

TARGET = ROOT / "docs" / "rules.md"

GROUPS = [
    ("Playing", "play."),
    ("On play: the special cards", ("season.cancel", "card.bishop", "token.favor", "card.scarecrow",
                                    "card.surrender")),
    ("The count", ("strength.", "season.winter", "card.drummer", "season.spring")),
    ("The end of a battle", ("battle.end", "battle.reveal", "battle.compare", "token.condottiere")),
    ("The game around the battles", ("game.", "round.", "token.place", "battle.start", "favor.",
                                     "region.", "battle.discard_lines", "hand.", "invasion.")),
    ("Vietnamese variants", ("war.", "score.")),
    ("The Persian tutorial", ("card.banner", "card.maiden", "card.weapon", "fa.")),
    ("The Chinese city-states", ("city.",)),
]


def _group(rule_id: str) -> str:
    for title, prefixes in GROUPS:
        if rule_id.startswith(prefixes):
            return title
    return "Other rules"


def _doc(fn) -> str:
    text = inspect.getdoc(fn) or "(no docstring)"
    return "\n".join(line for line in text.splitlines() if not line.startswith(">>>"))


def render() -> str:
    out = ["# The rules as the engine applies them", "",
           "Generated from the engine by `python tools/write_rules_doc.py`; do not edit by hand (the",
           "docstrings of the rule functions are the text). Every rule id below is what a `Step`'s `.rule`",
           "says, and `RULES[id].function` is the one function that applies it.", ""]
    out += ["## The deck", "", "| card | family | printed strength | in the standard deck | acts when played |",
            "|---|---|---:|---:|---|"]
    for kind, spec in KINDS.items():
        if kind not in STANDARD_COUNTS:
            continue
        out.append(f"| {kind_name(kind)} | {spec.family} | {spec.value} | {STANDARD_COUNTS[kind]} | "
                   f"{'`' + spec.effect + '`' if spec.effect else ''} |")
    out += ["", f"{sum(STANDARD_COUNTS.values())} cards in all. The Persian tutorial's own cards (soldiers 1 to 10, "
            "Banner, Maiden, Weapon) are in the same registry, `condottiere_nb.cards.KINDS`.", ""]
    out += ["## The map", "", f"{len(board.REGIONS)} regions and {len(board.BORDERS)} borders:", ""]
    for r in board.REGIONS:
        out.append(f"- **{r}** borders {', '.join(sorted(board.ITALY.adj[r]))}.")
    out += ["", "To win (`victory_thresholds`): " + "; ".join(
        f"{n} players: {t} regions or {a} adjacent" for n, (t, a) in
        ((n, board.victory_thresholds(n)) for n in range(2, 7))) + ".", ""]
    options = {o["name"]: o for o in Ruleset.options()}
    current = None
    for rule_id, rule in RULES.items():
        group = _group(rule_id)
        if group != current:
            out += [f"## {group}", ""]
            current = group
        fn = rule.function
        module = fn.__module__
        # an anchor named by the rule id, so a notebook links to the rule as rules.md#season.winter
        out += [f'<a id="{rule_id}"></a>', "", f"### `{rule_id}`: {rule.title}", "",
                f"Applied by `{module}.{fn.__name__}`. Sources: {rule.source}.", ""]
        if rule.options:
            readings = ", ".join(f"`{o}` (default `{options[o]['default']!r}`)" for o in rule.options)
            out += [f"Readings that change it (Ruleset options): {readings}.", ""]
        out += [_doc(fn), ""]
    return "\n".join(out).rstrip() + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if docs/rules.md is out of date")
    args = ap.parse_args()
    text = render()
    if args.check:
        ok = TARGET.exists() and TARGET.read_text(encoding="utf-8") == text
        print("docs/rules.md is up to date" if ok else "docs/rules.md is out of date: run tools/write_rules_doc.py")
        return 0 if ok else 1
    TARGET.parent.mkdir(exist_ok=True)
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)} ({len(RULES)} rules)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
