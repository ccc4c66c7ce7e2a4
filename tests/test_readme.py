"""The README's API example runs, and every value it shows in a comment is what the engine returns."""
import ast
import re
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
