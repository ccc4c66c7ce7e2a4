"""The package as a whole: public API names, no display library in the engine, README commands."""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_public_api_names():
    import condottiere_nb as c
    for name in ["Battle", "Ruleset", "RULESETS", "RulesError", "IllegalMove", "UnknownCard"]:
        assert hasattr(c, name), name
    assert issubclass(c.IllegalMove, c.RulesError) and issubclass(c.UnknownCard, c.RulesError)
    assert issubclass(c.RulesError, ValueError)


def test_import_does_not_pull_display_libraries():
    code = ("import sys, condottiere_nb; "
            "print(','.join(m for m in ('ipywidgets','matplotlib','IPython') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"import condottiere_nb pulled in {out.stdout.strip()}"


def test_engine_modules_never_import_display_code():
    for path in (ROOT / "condottiere_nb").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for lib in ("ipywidgets", "matplotlib", "IPython"):
            assert not re.search(rf"^\s*(import|from)\s+{lib}", text, re.M), f"{path.name} imports {lib}"


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```bash\n(.*?)\n```", readme, re.S)
    test_cmd = next(b for b in blocks if "pytest" in b)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test_cmd.strip() in ci
