"""The README's API example runs, and every value it shows in a comment is what the engine returns."""
import ast
import re
import textwrap
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_api_example_runs_and_its_comments_are_true():
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## The API in ten lines\s+```python\n(.*?)\n```", text, re.S).group(1)
    env: dict = {}
    checked = 0
    for line in block.splitlines():
        code, _, comment = line.partition("#")
        code = code.strip()
        if not code:
            continue
        try:
            expected = ast.literal_eval(comment.strip()) if comment.strip() else None
        except (ValueError, SyntaxError):
            expected = None
        if expected is not None and ";" not in code and "=" not in code.split("(")[0]:
            assert eval(code, env) == expected, f"README says {code} is {expected!r}"
            checked += 1
        else:
            exec(code, env)
    assert checked >= 2, "the README example should show at least two checked values"


# The README's commands, and CI running them as written (.ci/run).
ROOT = README.parent
CI = ROOT / ".ci" / "run"
TEST_MARK = "# --- the README test command"
VENV_MARK = "# --- the README's virtual environment"


def bash_blocks() -> list[str]:
    # a block may be indented (in a list): its fences and lines are, by the same amount
    found = re.findall(r"^( *)```bash\n(.*?)\n\1```", README.read_text(encoding="utf-8"), re.S | re.M)
    return [textwrap.dedent(indent + body).strip() for indent, body in found]


def block_with(*words: str) -> str:
    found = [b for b in bash_blocks() if all(w in b for w in words)]
    assert len(found) == 1, f"the README should have one bash block with {words}, not {len(found)}"
    return found[0]


def test_readme_makes_a_virtual_environment_before_its_two_commands():
    blocks = bash_blocks()
    venv = block_with("-m venv")
    tour = block_with("tools/workshop.py")
    tests = block_with("pytest")
    assert venv == "python3 -m venv .venv && . .venv/bin/activate", venv
    assert blocks.index(venv) < blocks.index(tour) < blocks.index(tests)
    # each command does its whole job: install what it needs, then open the tour / run every test
    # tools/workshop.py installs the workshop's settings, trusts the notebooks, then opens JupyterLab at the tour
    assert tour == 'python -m pip install -e ".[lab]" && python tools/workshop.py', tour
    assert tests == 'python -m pip install -e ".[test]" && python -m pytest', tests
    text = README.read_text(encoding="utf-8")
    assert "--allow-root" in text[text.index(tour):text.index(tests)], "keep the note for root near the tour"


def test_readme_extras_are_declared_in_pyproject():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    extras = re.search(r"\[project\.optional-dependencies\](.*?)\n\[", pyproject, re.S).group(1)
    declared = set(re.findall(r"^([a-z][a-z0-9-]*) = \[", extras, re.M))
    used = set(re.findall(r'-e "\.\[([a-z0-9-]+)\]"', README.read_text(encoding="utf-8")))
    assert used and used <= declared, f"the README installs extras {used - declared} that pyproject.toml lacks"


def test_ci_runs_the_readme_venv_and_test_command_as_written():
    ci = CI.read_text(encoding="utf-8").splitlines()
    venv, tests = block_with("-m venv"), block_with("pytest")
    venv_at = next(i for i, l in enumerate(ci) if l.startswith(VENV_MARK))
    test_at = next(i for i, l in enumerate(ci) if l.startswith(TEST_MARK))
    assert ci[venv_at + 1] == venv, f".ci/run must make the README's virtual environment after {VENV_MARK!r}"
    assert ci[test_at + 1] == tests, f".ci/run must run the README's test command right after {TEST_MARK!r}"
    assert venv_at < test_at
    assert sum(line.strip() == tests for line in ci) == 1


def test_the_module_table_names_every_module_of_the_package():
    """"How the code is organised": a row per top-level module, and a row per package that names
    each of its modules (a sub-package as `name/`)."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## How the code is organised", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("`")[1]: line for line in section.splitlines() if line.startswith("| `")}
    package = ROOT / "condottiere_nb"
    missing = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package).parts
        if len(parts) == 1:
            if parts[0] not in rows:
                missing.append(parts[0])
            continue
        row = rows.get(parts[0] + "/", "")
        names = [f"`{p}/`" for p in parts[1:-1]] + ([f"`{path.stem}`"] if path.stem != "__init__" else [])
        if not row or not all(n in row for n in names):
            missing.append("/".join(parts))
    assert not missing, f"modules the README's table does not name: {missing}"
