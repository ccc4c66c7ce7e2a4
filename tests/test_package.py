"""The package as a whole: public API names, the engine alone (no Jupyter, no widgets), what pyproject declares."""
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

try:
    import tomllib
except ImportError:                       # Python 3.10: pytest depends on tomli there
    import tomli as tomllib

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


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def import_names(requirements) -> set[str]:
    return {Requirement(r).name.lower().replace("-", "_") for r in requirements}


# Run in a fresh interpreter whose imports are limited to the standard library, the package and
# the modules named in ALLOWED (a JSON list, argv[1]): any other top-level module is "not installed".
HIDE = textwrap.dedent("""
    import importlib.abc, json, sys
    AT_START = set(sys.modules)          # what site's .pth files loaded before this line
    ALLOWED = set(json.loads(sys.argv[1])) | set(sys.stdlib_module_names) | {"condottiere_nb"}
    class NotInstalled(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            top = name.partition(".")[0]
            if top not in ALLOWED and not top.startswith("_"):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
    sys.meta_path.insert(0, NotInstalled())
""")


def run_with_only(allowed, code: str, *args: str) -> str:
    out = subprocess.run([sys.executable, "-c", HIDE + textwrap.dedent(code), json.dumps(sorted(allowed)), *args],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def test_the_engine_and_the_readme_example_need_only_the_declared_dependencies():
    """`pip install -e .` (no extras) is enough for the engine: import it, run the README's API example,
    render a battle and a resolution as HTML, with every module outside the standard library and the
    package's own `dependencies` hidden (numpy, matplotlib, ipywidgets, IPython, Jupyter...)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    example = re.search(r"## The API in ten lines\s+```python\n(.*?)\n```", readme, re.S).group(1)
    deps = import_names(project()["dependencies"])
    out = run_with_only(deps, """
        import sys
        exec(sys.argv[2], {})
        import condottiere_nb as c
        b = c.Battle(["Ana", "Ben"]); b.play("Ana", "10"); b.play("Ben", "winter")
        assert "<" in b._repr_html_() and "<" in b.resolve()._repr_html_()
        third_party = {m.partition(".")[0] for m in set(sys.modules) - AT_START} - set(sys.stdlib_module_names)
        print(json.dumps(sorted(m for m in third_party if not m.startswith("_"))))
    """, example)
    loaded = set(json.loads(out.strip().splitlines()[-1])) - {"condottiere_nb"}
    assert loaded == deps, f"the engine imports {sorted(loaded)}; pyproject's dependencies are {sorted(deps)}"


def test_a_widget_without_the_lab_extra_says_which_extra_to_install():
    out = run_with_only(import_names(project()["dependencies"]), """
        import condottiere_nb.views                      # the HTML renderers need no widgets
        for name in ("BattleBuilder", "Stepper", "MapView", "GameExplorer"):
            try:
                exec(f"from condottiere_nb.views import {name}", {})
            except ModuleNotFoundError as e:
                print(name, "|", e.name, "|", e)
            else:
                print(name, "| imported")
        from condottiere_nb.views import BuilderModel    # the plain-Python models need none either
    """)
    lines = out.strip().splitlines()
    assert len(lines) == 4, out
    for line in lines:
        name, missing, message = line.split(" | ")
        assert missing in ("ipywidgets", "matplotlib"), line
        assert 'pip install "condottiere_nb[lab]"' in message and missing in message, line


def test_pyproject_extras_put_jupyter_in_lab_and_every_test_tool_in_test():
    extras = project()["optional-dependencies"]
    lab = import_names(extras["lab"])
    assert {"jupyterlab", "ipywidgets", "matplotlib", "numpy"} <= lab
    assert not lab & import_names(project()["dependencies"])
    test = extras["test"]
    assert "condottiere_nb[lab,test-engine]" in test, "the full test run needs the lab and the engine's test tools"
    assert {"nbval", "playwright", "voila"} <= import_names(test)
    assert {"pytest", "hypothesis"} <= import_names(extras["test-engine"])
    assert not import_names(extras["test-engine"]) & {"jupyterlab", "ipywidgets", "nbval", "matplotlib"}


def test_requires_python_and_classifiers_name_the_same_pythons():
    meta = project()
    declared = sorted((c.rsplit(":: ", 1)[1] for c in meta["classifiers"]
                       if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)),
                      key=lambda v: int(v.split(".")[1]))
    assert declared, "pyproject.toml's classifiers must name the Python versions"
    minors = [int(v.split(".")[1]) for v in declared]
    assert minors == list(range(minors[0], minors[-1] + 1)), f"a gap in the declared Pythons: {declared}"
    spec = SpecifierSet(meta["requires-python"])
    assert spec.contains(f"{declared[0]}.0") and not spec.contains(f"3.{minors[0] - 1}.99"), \
        f"requires-python {spec} must start at the oldest classifier, {declared[0]}"
    # CI runs the engine's tests on the oldest and the newest of them.
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    extra = re.search(r"^for version in ([\d. ]+); do", ci, re.M)
    assert extra and extra.group(1).split() == [declared[0], declared[-1]], \
        f".ci/run must run the engine's tests on {declared[0]} and {declared[-1]}"
