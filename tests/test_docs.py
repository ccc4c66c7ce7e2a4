"""docs/rules.md is what the engine says: it is generated from RULES and the rule functions'
docstrings, and a change to a rule changes it."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_docs_rules_md_is_up_to_date():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "write_rules_doc.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_docs_rules_md_names_every_rule_and_its_function():
    from condottiere_nb import RULES
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for rule_id, rule in RULES.items():
        assert f"### `{rule_id}`" in text, rule_id
        assert f"{rule.function.__module__}.{rule.function.__name__}" in text, rule_id


def test_the_repository_documents_point_to_nothing_outside_it():
    for path in [ROOT / "README.md", ROOT / "RULESETS.md", *sorted((ROOT / "condottiere_nb").rglob("*.py")),
                 *sorted((ROOT / "tools" / "notebooks").glob("*.txt"))]:
        text = path.read_text(encoding="utf-8")
        assert "DESIGN.md" not in text and "../shared" not in text, path
