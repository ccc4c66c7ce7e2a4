"""Open the tour in JupyterLab, ready on first open: the README's launch command.

    python tools/workshop.py                  # settings and trust, then JupyterLab at the tour
    python tools/workshop.py --allow-root     # any further option goes to JupyterLab
    python tools/workshop.py --setup-only     # settings and trust only

Before JupyterLab starts, it installs into this Python's prefix (the virtual environment) what
Binder's binder/postBuild installs, by running it: JupyterLab's settings of binder/overrides.json
(no "official Jupyter news" pop-up, widget state saved with a notebook), Voilà's workshop template
(no CDN) and server settings; and it trusts the notebooks for the user who runs it (trust is kept
per user, in Jupyter's data directory, and cannot ship in a file), so the widgets saved in them
are drawn as soon as a notebook opens, before anything runs.  Running it again changes nothing.

JupyterLab's root is notebooks/ (it opens notebooks/00_start_here.ipynb), so the app page is at
``/voila/render/90_battle_app.ipynb`` on its address.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOUR = ROOT / "notebooks" / "00_start_here.ipynb"


def setup(prefix: Path) -> None:
    """binder/postBuild into ``prefix``, with this Python first on the PATH (it trusts with it)."""
    env = dict(os.environ, NB_PYTHON_PREFIX=str(prefix))
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    subprocess.run(["bash", str(ROOT / "binder" / "postBuild")], env=env, check=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--setup-only", action="store_true", help="install the settings and trust, start nothing")
    ap.add_argument("--prefix", default=sys.prefix, help="where the settings go (default: this Python's prefix)")
    args, lab_args = ap.parse_known_args(argv)
    setup(Path(args.prefix))
    print(f"JupyterLab settings in {args.prefix}, the notebooks trusted for this user")
    if args.setup_only:
        return 0
    sys.stdout.flush()
    os.execv(sys.executable, [sys.executable, "-m", "jupyterlab", str(TOUR), *lab_args])
    return 0                                       # not reached


if __name__ == "__main__":
    raise SystemExit(main())
