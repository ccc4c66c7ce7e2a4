"""Collection without the lab extra.

The engine's own tests run with the engine and its test tools alone (`pip install -e ".[test-engine]"`;
CI does so on the oldest and newest Python the package declares).  There, the view modules that
import ipywidgets, matplotlib or fsrs at the top cannot be imported, so their doctests are not collected;
the tests that need the lab extra skip themselves (pytest.importorskip).
"""
import importlib.util

NEED_THE_LAB = ["condottiere_nb/views/widgets.py", "condottiere_nb/views/mapview.py",
                "condottiere_nb/views/explorer.py", "condottiere_nb/views/practice.py",
                "condottiere_nb/views/practice_model.py", "condottiere_nb/views/practice_set.py"]

collect_ignore = [] if all(importlib.util.find_spec(m) for m in ("ipywidgets", "matplotlib", "fsrs")) else NEED_THE_LAB
