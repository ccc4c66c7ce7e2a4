"""Build the workshop as a static JupyterLite site: the notebooks in JupyterLab, Python in the browser.

    python -m pip install "jupyterlite-core==0.8.6" "jupyterlite-pyodide-kernel==0.8.6" jupyterlab_widgets
    python tools/build_lite.py                         # writes _lite/
    python -m http.server --directory _lite 8000       # or copy _lite/ to any static web host

Every attendee opens the address; nothing runs on a server, Python runs in each browser
(Pyodide, the kernel of jupyterlite-pyodide-kernel).  What the build puts in the site:

* the notebooks of notebooks/, each with a first cell ``%pip install -q condottiere_nb ipywidgets``
  (JupyterLite's ``%pip`` is piplite), plus numpy and matplotlib where the notebook's code needs
  them (the simulation lab; the concordance's interaction check runs on the engine alone), and the
  widget state they were built with;
* a package index of its own (pypi/): this package's wheel, built from this checkout, and the
  wheels of ipywidgets and jupyterlab_widgets (downloaded from PyPI at build time), so the first
  cell installs them from the site itself; networkx, the engine's one dependency, comes from the
  Pyodide distribution;
* JupyterLab's settings of binder/overrides.json (no news pop-up);
* two JupyterLab extensions, the Pyodide kernel's and the widgets' (LAB_EXTENSIONS), and no other
  extension installed where it is built.

Pyodide itself (the Python runtime and its own packages: micropip, networkx, IPython, sqlite3...)
is by default loaded by each browser from the jsDelivr CDN (cdn.jsdelivr.net/pyodide/v314.0.6/full/),
as jupyterlite-pyodide-kernel does.  For a site that needs no other server, give the Pyodide
release archive (pyodide-314.0.6.tar.bz2, from the Pyodide release on GitHub, about 300 MB) with
``--pyodide PATH_OR_URL``: the build then serves it from the site.  The `pyodide` npm package is
not enough for that: it holds only the core (the interpreter and the standard library), not the
packages the kernel loads at start (micropip, IPython and its sqlite3 module are WebAssembly builds
published only with the release).
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYODIDE_VERSION = "314.0.6"          # jupyterlite-pyodide-kernel 0.8.6's, and tools/pyodide/package.json's
INSTALL = "%pip install -q condottiere_nb ipywidgets"
# What a notebook's code imports that the install line must add: numpy for the simulation lab (its
# Monte Carlo odds draw hands with it, and matplotlib, its plots, needs it), matplotlib for its plots.
# Both come from Pyodide's own packages (the CDN, or the archive given with --pyodide).  Importing
# condottiere_nb.explore alone needs neither: the interaction checker runs on the engine without numpy
# (the concordance asks for method="engine", tests/test_rulebook_notebooks_corrections.py runs it so).
NEEDS = {"numpy": ("numpy", "matplotlib", "condottiere_nb.explore.odds", "condottiere_nb.explore.numpy_model"),
         "matplotlib": ("matplotlib",)}
# Downloaded from PyPI into the site's index (no dependencies: the Pyodide kernel brings the rest,
# but comm, which the kernel installs when it starts and ipywidgets needs, is in neither Pyodide's
# packages nor the kernel's own index: without it here an offline site's kernel never starts).
FROM_PYPI = ["ipywidgets", "jupyterlab_widgets", "comm"]
# The JupyterLab extensions the site carries: the Python kernel and the widgets' manager, taken from
# this environment.  Nothing else installed here joins them: Voilà's "Render with Voilà" button, say,
# needs a server the static site does not have.
LAB_EXTENSIONS = ["@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager"]


def run(cmd: list[str], **kwargs) -> None:
    print("+", " ".join(cmd))
    subprocess.run(cmd, check=True, **kwargs)


def wheels(into: Path) -> list[Path]:
    """This package's wheel and the wheels of FROM_PYPI, at the versions installed here if any."""
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(into), str(ROOT)])
    from importlib import metadata
    wanted = []
    for name in FROM_PYPI:
        try:
            wanted.append(f"{name}=={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            wanted.append(name)
    run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary", ":all:", "-d", str(into),
         *wanted])
    return sorted(into.glob("*.whl"))


def lab_extensions() -> list[str]:
    """The folders of LAB_EXTENSIONS in this environment (SystemExit naming what to install)."""
    from jupyter_core.paths import jupyter_path
    found = []
    for name in LAB_EXTENSIONS:
        where = next((Path(d) / name for d in jupyter_path("labextensions") if (Path(d) / name / "package.json").exists()),
                     None)
        if where is None:
            raise SystemExit(f"tools/build_lite.py needs the JupyterLab extension {name}: python -m pip install "
                             '"jupyterlite-pyodide-kernel==0.8.6" jupyterlab_widgets')
        found.append(str(where))
    return found


def install_line(nb: dict) -> str:
    """The first cell of a notebook on the site: INSTALL, and what its code imports of NEEDS."""
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    imported = set(re.findall(r"^\s*(?:from|import)\s+([\w.]+)", code, re.M))
    extra = [package for package, modules in NEEDS.items()
             if any(m == want or m.startswith(want + ".") for m in imported for want in modules)]
    return " ".join([INSTALL, *extra])


def lite_notebook(source: Path, target: Path) -> None:
    """A notebook as the site serves it: an install cell first (tagged ``lite-install``), the rest as built."""
    nb = json.loads(source.read_text(encoding="utf-8"))
    cell = {"cell_type": "code", "execution_count": None, "id": "lite-install",
            "metadata": {"tags": ["lite-install"]}, "outputs": [], "source": install_line(nb)}
    nb["cells"] = [cell, *nb["cells"]]
    nb["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    target.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--output", default=str(ROOT / "_lite"), help="where the site is written (default: _lite/)")
    ap.add_argument("--pyodide", default=None,
                    help="a Pyodide release archive (path or URL) to serve from the site instead of the CDN")
    args = ap.parse_args(argv)
    if shutil.which("jupyter") is None and not (Path(sys.executable).parent / "jupyter").exists():
        raise SystemExit("tools/build_lite.py needs JupyterLite: python -m pip install "
                         '"jupyterlite-core==0.8.6" "jupyterlite-pyodide-kernel==0.8.6" jupyterlab_widgets')
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        contents, lite_dir, wheel_dir = tmp / "contents", tmp / "lite", tmp / "wheels"
        for d in (contents, lite_dir, wheel_dir):
            d.mkdir()
        for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
            lite_notebook(nb, contents / nb.name)
        shutil.copyfile(ROOT / "binder" / "overrides.json", lite_dir / "overrides.json")
        config = {"LiteBuildConfig": {"contents": [str(contents)], "output_dir": str(Path(args.output).resolve()),
                                      "ignore_sys_prefix": ["federated_extensions"],
                                      "federated_extensions": lab_extensions()},
                  "PipliteAddon": {"piplite_urls": [str(w) for w in wheels(wheel_dir)]}}
        if args.pyodide:
            config["PyodideAddon"] = {"pyodide_url": args.pyodide}
        (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
        jupyter = str(Path(sys.executable).parent / "jupyter") if (Path(sys.executable).parent / "jupyter").exists() \
            else "jupyter"
        run([jupyter, "lite", "build", "--lite-dir", str(lite_dir)], cwd=tmp)
    out = Path(args.output)
    notebooks = sorted(p.name for p in (out / "files").glob("*.ipynb"))
    print(f"JupyterLite site in {out}: {len(notebooks)} notebooks, Pyodide "
          f"{'from ' + args.pyodide if args.pyodide else 'from the CDN (cdn.jsdelivr.net), loaded by each browser'}")
    print(f"serve it: python -m http.server --directory {out} 8000, then open http://localhost:8000/lab/index.html")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
