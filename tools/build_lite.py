"""Build the workshop as a static JupyterLite site: the notebooks in JupyterLab, Python in the browser.

    python -m pip install "jupyterlite-core==0.8.6" "jupyterlite-pyodide-kernel==0.8.6" jupyter_server jupyterlab_widgets
    python tools/build_lite.py                         # writes _lite/, a site that needs no internet
    python tools/serve_room.py                         # serves it (or copy _lite/ to any static web host)

Every attendee opens the address; nothing runs on a server, Python runs in each browser
(Pyodide, the kernel of jupyterlite-pyodide-kernel).  What the build puts in the site:

* the notebooks of notebooks/, each with a first cell ``%pip install -q condottiere_nb ipywidgets fsrs``
  (JupyterLite's ``%pip`` is piplite; fsrs, of the ``lab`` extra, schedules the rules a Practice
  widget brings back, and every notebook of the learner path ends with one), plus numpy and matplotlib where the notebook's code needs
  them (the simulation lab; the concordance's interaction check runs on the engine alone; on a
  site that serves Python itself, which has neither, the lab says so first, in words), their code
  cells trusted, and the widget state they were built with; and docs/ (the rules' catalogue the
  notebooks name, docs/rules.md, opens in the site);
* a package index of its own (pypi/): this package's wheel, built from this checkout, and the
  wheels of ipywidgets, jupyterlab_widgets, comm and fsrs (downloaded from PyPI at build time), so the
  first cell installs them from the site itself (fsrs's one dependency, typing-extensions, comes
  with Python, below);
* Python itself (the default, ``--offline``): the Pyodide core of the `pyodide` npm package
  (tools/pyodide/package-lock.json; ``npm ci`` is run if it is missing): ``pyodide.mjs``,
  ``pyodide.asm.mjs``, ``pyodide.asm.wasm`` (sqlite3, hashlib and zlib are inside it in Pyodide
  314) and ``python_stdlib.zip``; with it, from PyPI, the pure-Python wheels the kernel loads when
  it starts (micropip, IPython and what it needs) and networkx, the engine's one dependency, each
  at the version Pyodide's lock names, and what the site's own wheels need (typing-extensions for
  fsrs), likewise (ipython-pygments-lexers, which IPython 9 needs and the lock
  lacks, at PyPI's newest).  Pyodide's ``pyodide-lock.json`` is rewritten to hold those wheels
  only, each entry naming the PyPI file, its sha256 and its dependencies as its own metadata
  states them for the browser (Pyodide repacks its wheels, so its hashes never match PyPI's, and
  its networkx entry pulls numpy and matplotlib, which the engine does not need); the kernel is
  told never to ask PyPI (``disablePyPIFallback``).  numpy and matplotlib, compiled for
  WebAssembly and published only with the Pyodide release, are not in such a site: the simulation
  lab needs them (Binder, or JupyterLab on a laptop).  ``--cdn`` leaves Python out: each browser
  loads Pyodide and its packages from the jsDelivr CDN (cdn.jsdelivr.net/pyodide/v314.0.6/full/),
  as jupyterlite-pyodide-kernel does by default; ``--pyodide PATH_OR_URL`` serves a Pyodide
  release archive (pyodide-314.0.6.tar.bz2, from GitHub, about 300 MB) from the site instead;
* a small script on every page (condottiere-no-python.js): if Python cannot be loaded (a CDN
  build without internet, say), it tells the attendee so within seconds, in the browser's
  language (English, Vietnamese, Spanish, Chinese or Persian), and what to do;
* JupyterLab's settings of binder/overrides.json (no news pop-up), and browser storage named after
  the package's version and the build (``contentsStorageName``, ``settingsStorageName``,
  ``workspacesStorageName``): a rebuilt site with changed notebooks shows them, not the copies an
  attendee's browser kept of the last workshop's;
* two JupyterLab extensions, the Pyodide kernel's and the widgets' (LAB_EXTENSIONS), and no other
  extension installed where it is built;
* a kernel that answers ``comm_info_request`` (answer_comm_info): JupyterLite's kernel base (0.8.6,
  and 0.9.0a1 of @jupyterlite/services) never passes that request to the Pyodide kernel, which has
  an answer for it, and the widgets' manager waits for that answer before it draws the widget
  state saved in a notebook, so every widget said "Loading widget..." until its cell was run.
  The build adds the missing case to the app's kernel base (and an answer at once while Python is
  still loading: no widget is open yet), and stops if it cannot find the place.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))          # the package of this checkout, for its version and messages
PYODIDE_VERSION = "314.0.6"          # jupyterlite-pyodide-kernel 0.8.6's, and tools/pyodide/package.json's
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/pyodide.mjs"
NPM_PYODIDE = ROOT / "tools" / "pyodide" / "node_modules" / "pyodide"
#: the Pyodide core, from the npm package (its lock is rewritten, see offline_pyodide)
PYODIDE_CORE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
#: what the kernel asks of Pyodide's lock when it starts (micropip first, then piplite installs jedi and
#: ipython); the rest of the lock the site needs follows from the requirements of its wheels
KERNEL_START = ["micropip", "jedi", "ipython"]
#: the browser's Python, for the environment markers of a wheel's requirements
BROWSER = {"python_version": "3.14", "python_full_version": "3.14.2", "sys_platform": "emscripten",
           "platform_system": "Emscripten", "os_name": "posix", "platform_machine": "wasm32",
           "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}
INSTALL = "%pip install -q condottiere_nb ipywidgets fsrs"
# What a notebook's code imports that the install line must add: numpy for the simulation lab (its
# Monte Carlo odds draw hands with it, and matplotlib, its plots, needs it), matplotlib for its plots.
# Both come from Pyodide's own packages (the CDN, or the archive given with --pyodide); a site that
# serves Python itself has neither (see lite_notebook).  Importing condottiere_nb.explore alone needs
# neither: the interaction checker runs on the engine without numpy (the concordance asks for
# method="engine", tests/test_rulebook_notebooks_corrections.py runs it so).
NEEDS = {"numpy": ("numpy", "matplotlib", "condottiere_nb.explore.odds", "condottiere_nb.explore.numpy_model"),
         "matplotlib": ("matplotlib",)}
# Downloaded from PyPI into the site's index (no dependencies: the Pyodide kernel brings the rest,
# but comm, which the kernel installs when it starts and ipywidgets needs, is in neither Pyodide's
# packages nor the kernel's own index: without it here an offline site's kernel never starts; fsrs,
# the Practice widget's scheduler, pure Python and in neither; its typing-extensions is in Pyodide's lock).
FROM_PYPI = ["ipywidgets", "jupyterlab_widgets", "comm", "fsrs"]
# The JupyterLab extensions the site carries: the Python kernel and the widgets' manager, taken from
# this environment.  Nothing else installed here joins them: Voilà's "Render with Voilà" button, say,
# needs a server the static site does not have.
LAB_EXTENSIONS = ["@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager"]
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: the first cell of a notebook that needs NEEDS on a site that serves Python itself
OFFLINE_NEEDS = ("**This notebook needs {packages}, which this site, made to work without internet, does not "
                 "have** (they are compiled for the browser and published only with the whole Pyodide "
                 "release). Run it on Binder, or in JupyterLab on the workshop leader's laptop "
                 "(`python tools/workshop.py`, see the README); the other notebooks run here.")
NO_PYTHON_JS = "condottiere-no-python.js"
INSTALL_HINT = ('python -m pip install "jupyterlite-core==0.8.6" "jupyterlite-pyodide-kernel==0.8.6" '
                'jupyter_server jupyterlab_widgets')


def run(cmd: list[str], **kwargs) -> None:
    print("+", " ".join(cmd))
    subprocess.run(cmd, check=True, **kwargs)


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_name(wheel: Path) -> str:
    return canonical(wheel.name.split("-")[0])


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


def wheel_metadata(wheel: Path):
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
        return Parser().parsestr(z.read(name).decode("utf-8"))


def browser_requirements(wheel: Path) -> list:
    """The requirements of ``wheel`` that hold in the browser's Python (no extras)."""
    from packaging.requirements import Requirement
    out = []
    for line in wheel_metadata(wheel).get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(BROWSER):
            out.append(req)
    return out


def top_level(wheel: Path) -> list[str]:
    """What a wheel lets one import (the lock's ``imports``)."""
    with zipfile.ZipFile(wheel) as z:
        names = {n.split("/")[0].removesuffix(".py") for n in z.namelist()
                 if not n.split("/")[0].endswith((".dist-info", ".data")) and (n.endswith(".py") or "/" in n)}
    return sorted(n for n in names if n.isidentifier())


def npm_pyodide() -> Path:
    """The `pyodide` npm package of tools/pyodide (installed with ``npm ci`` if it is not yet)."""
    if not (NPM_PYODIDE / "pyodide.asm.wasm").exists():
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("tools/build_lite.py needs the pyodide npm package for an offline site: install npm "
                             "(apt-get install npm), or build with --cdn")
        run([npm, "ci", "--prefix", str(ROOT / "tools" / "pyodide"), "--no-audit", "--no-fund", "--loglevel=error"])
    version = json.loads((NPM_PYODIDE / "package.json").read_text(encoding="utf-8"))["version"]
    if version != PYODIDE_VERSION:
        raise SystemExit(f"tools/pyodide has Pyodide {version}, the kernel needs {PYODIDE_VERSION}")
    return NPM_PYODIDE


def download(specs: list[str], into: Path) -> dict[str, Path]:
    """Pure-Python wheels of ``specs`` from PyPI, for the browser's Python: canonical name -> wheel."""
    into.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
         "--python-version", BROWSER["python_version"], "--implementation", "py", "--abi", "none",
         "--platform", "any", "-d", str(into), *specs])
    return {wheel_name(w): w for w in into.glob("*.whl")}


def offline_pyodide(into: Path, served: list[Path]) -> list[str]:
    """Write into ``into`` the Pyodide the site serves: the npm package's core, the wheels the kernel
    and the ``served`` wheels (the site's index and the kernel's own) need from Pyodide's lock,
    downloaded from PyPI, and the lock rewritten to name them.  Returns the lock's package names."""
    from packaging.requirements import Requirement
    core = npm_pyodide()
    into.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copyfile(core / name, into / name)
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    given = {canonical(k): v for k, v in lock["packages"].items()}
    have = {wheel_name(w) for w in served}
    wanted = [Requirement(n) for n in KERNEL_START] + [r for w in served for r in browser_requirements(w)]
    packages: dict[str, dict] = {}
    while wanted:
        todo = {}
        for req in wanted:
            name = canonical(req.name)
            if name in have or name in packages or name in todo:
                continue
            if name in given:
                version = given[name]["version"]
                if not req.specifier.contains(version, prereleases=True):
                    raise SystemExit(f"{req} is wanted, Pyodide's lock has {name} {version}")
                todo[name] = f"{name}=={version}"
            else:
                todo[name] = str(Requirement(f"{name}{req.specifier}"))
        if not todo:
            break
        got = download(sorted(todo.values()), into)
        wanted = []
        for name in todo:
            wheel = got[name]
            requires = browser_requirements(wheel)
            wanted += requires
            meta = wheel_metadata(wheel)
            packages[name] = {
                "name": meta["Name"], "version": meta["Version"], "file_name": wheel.name,
                "install_dir": "site", "package_type": "package",
                "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
                "imports": given.get(name, {}).get("imports") or top_level(wheel),
                "depends": sorted({canonical(r.name) for r in requires} - have),
                "unvendored_tests": False}
    lock["packages"] = dict(sorted(packages.items()))
    (into / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n", encoding="utf-8")
    return sorted(packages)


def kernel_wheels() -> list[Path]:
    """The wheels the kernel's extension serves itself (pyodide-kernel, its ipykernel, piplite...)."""
    (folder,) = [f for f in lab_extensions() if f.endswith("pyodide-kernel-extension")]
    return sorted((Path(folder) / "static" / "pypi").glob("*.whl"))


def lab_extensions() -> list[str]:
    """The folders of LAB_EXTENSIONS in this environment (SystemExit naming what to install)."""
    from jupyter_core.paths import jupyter_path
    found = []
    for name in LAB_EXTENSIONS:
        where = next((Path(d) / name for d in jupyter_path("labextensions") if (Path(d) / name / "package.json").exists()),
                     None)
        if where is None:
            raise SystemExit(f"tools/build_lite.py needs the JupyterLab extension {name}: {INSTALL_HINT}")
        found.append(str(where))
    return found


def install_line(nb: dict) -> str:
    """The first cell of a notebook on the site: INSTALL, and what its code imports of NEEDS."""
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    imported = set(re.findall(r"^\s*(?:from|import)\s+([\w.]+)", code, re.M))
    extra = [package for package, modules in NEEDS.items()
             if any(m == want or m.startswith(want + ".") for m in imported for want in modules)]
    return " ".join([INSTALL, *extra])


def lite_notebook(source: Path, target: Path, offline: bool = False) -> None:
    """A notebook as the site serves it: an install cell first (tagged ``lite-install``), the rest as
    built, its code cells trusted (JupyterLab draws a trusted cell's HTML and widgets, an untrusted
    one's as text).  On an offline site, a notebook that needs what the site cannot serve (numpy,
    matplotlib) says so first, in words (a Markdown cell tagged ``lite-needs``)."""
    nb = json.loads(source.read_text(encoding="utf-8"))
    line = install_line(nb)
    cell = {"cell_type": "code", "execution_count": None, "id": "lite-install",
            "metadata": {"tags": ["lite-install"]}, "outputs": [], "source": line}
    extra = [package for package in NEEDS if f" {package}" in line.removeprefix(INSTALL)]
    first = []
    if offline and extra:
        first = [{"cell_type": "markdown", "id": "lite-needs", "metadata": {"tags": ["lite-needs"]},
                  "source": OFFLINE_NEEDS.format(packages=" and ".join(extra))}]
    nb["cells"] = [*first, cell, *nb["cells"]]
    for c in nb["cells"]:
        if c["cell_type"] == "code":
            c["metadata"]["trusted"] = True
    nb["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    target.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def build_id(contents: Path) -> str:
    """A short fingerprint of what the site serves (its notebooks and docs, this package's code):
    the same for two builds of the same workshop, new when anything an attendee sees changes."""
    digest = hashlib.sha256()
    for path in sorted([*contents.rglob("*"), *(ROOT / "condottiere_nb").rglob("*.py")]):
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:10]


def storage_names(version: str, build: str) -> dict[str, str]:
    """The names of the browser storage a site keeps its files, settings and workspaces in."""
    return {f"{kind}StorageName": f"condottiere-{version}-{build}-{kind}"
            for kind in ("contents", "settings", "workspaces")}


def no_python_script(pyodide_url: str) -> str:
    """The script every page of the site loads: it asks for Pyodide's entry point as the kernel will,
    and if that fails (no internet on a CDN build, a site copied without its Python), it says so on
    the page in the browser's language within 15 seconds."""
    from condottiere_nb.workshop import no_python_messages
    where = "cdn.jsdelivr.net" if pyodide_url.startswith("https://cdn.jsdelivr.net/") else None
    messages = no_python_messages(where)
    return (Path(__file__).with_name("no_python.js").read_text(encoding="utf-8")
            .replace("__PYODIDE_URL__", json.dumps(pyodide_url))
            .replace("__MESSAGES__", json.dumps(messages, ensure_ascii=False, indent=1)))


def add_script(out: Path, pyodide_url: str) -> list[Path]:
    """Put the no-Python script in the site and a <script> for it in each page's <head>."""
    (out / NO_PYTHON_JS).write_text(no_python_script(pyodide_url), encoding="utf-8")
    pages = []
    for page in sorted(out.glob("**/index.html")):
        if page.parent != out and not (page.parent.parent == out):
            continue                       # the apps' pages (lab/, notebooks/, tree/...) and the root
        depth = len(page.relative_to(out).parts) - 1
        tag = f'<script src="{"../" * depth}{NO_PYTHON_JS}"></script>'
        html = page.read_text(encoding="utf-8")
        if NO_PYTHON_JS not in html:
            page.write_text(html.replace("</head>", f"  {tag}\n  </head>", 1), encoding="utf-8")
        pages.append(page)
    return pages


#: JupyterLite's kernel base as its build (jupyterlite-core 0.8.6) writes it: the message cases, the history
#: reply (whose way of making a message the comm_info reply copies), the start of a message's handling, and
#: the kernel client's hand-over of a message (queued until the kernel has started)
HISTORY_CASE = re.compile(r'case"history_request":await this\._historyRequest\((\w+)\);break;')
HISTORY_REPLY = re.compile(r'async _historyRequest\((\w+)\)\{let \w+=([\w$]+)\.KernelMessage\.createMessage\(')
HANDLE = re.compile(r'async handleMessage\(\w+\)\{switch\(')
HAND_OVER = re.compile(r'(\w+)\.handleMessage\((\w+)\)\}else (\w+)\(\2\)\}')


def answer_comm_info(out: Path) -> Path | None:
    """Let the site's kernels answer ``comm_info_request`` (see the module's docstring), in the app's
    kernel base: a case for it beside history_request's, which asks the kernel (``commInfoRequest``,
    which the Pyodide kernel has) and sends its reply; and, while the kernel has not yet handled a
    message (Python is still loading, or could not be loaded), an answer at once: no widget is open
    (a kernel opens one only for a message it handled), so the saved widgets are drawn in seconds,
    not once Python has started.  Returns the file changed (None: this JupyterLite answers it
    already); SystemExit if the kernel base is not found as jupyterlite-core 0.8.6 writes it."""
    bases = [p for p in sorted((out / "build").glob("*.js")) if HISTORY_CASE.search(p.read_text(encoding="utf-8"))]
    if any('case"comm_info_request"' in p.read_text(encoding="utf-8") for p in bases):
        return None
    if len(bases) != 1:
        raise SystemExit(f"tools/build_lite.py: JupyterLite's kernel base not found in {out / 'build'} "
                         f"({len(bases)} candidates); it is patched for jupyterlite-core 0.8.6: {INSTALL_HINT}")
    (path,) = bases
    js = path.read_text(encoding="utf-8")
    found = {pattern: pattern.findall(js) for pattern in (HISTORY_CASE, HISTORY_REPLY, HANDLE, HAND_OVER)}
    if any(len(matches) != 1 for matches in found.values()):
        raise SystemExit(f"tools/build_lite.py: JupyterLite's kernel base in {path} is not as jupyterlite-core "
                         f"0.8.6 writes it: {INSTALL_HINT}")
    case, reply, hand_over = HISTORY_CASE.search(js), HISTORY_REPLY.search(js), HAND_OVER.search(js)
    msg, messages = case.group(1), reply.group(2)
    kernel, queue = hand_over.group(1), hand_over.group(3)

    def send(kind: str, channel: str, content: str) -> str:
        return (f'this._sendMessage({messages}.KernelMessage.createMessage({{msgType:"{kind}",channel:"{channel}",'
                f'parentHeader:m.header,session:m.header.session,content:{content}}}))')
    asked, none = send("comm_info_reply", "shell", '{...c,status:"ok"}'), send("comm_info_reply", "shell",
                                                                             '{comms:{},status:"ok"}')
    # the early answer ends as a request's answer must (idle), then says the kernel is still starting:
    # JupyterLab's status bar shows that, not "Idle" while Python is loading or cannot be loaded
    starting = send("status", "iopub", '{execution_state:"starting"}')
    methods = (f'async _commInfoReply(m){{let c=await this.commInfoRequest(m.content);{asked}}}'
               f'_commInfoBeforeStart(m){{if(this._handledOne||m.header.msg_type!=="comm_info_request")return!1;'
               f'this._busy(m);{none};this._idle(m);{starting};return!0}}')
    js = js[:reply.start()] + methods + js[reply.start():]
    js = js.replace(case.group(0), case.group(0) + f'case"comm_info_request":await this._commInfoReply({msg});break;', 1)
    js = HANDLE.sub(lambda m: m.group(0) + "this._handledOne=!0,", js, count=1)
    js = HAND_OVER.sub(lambda m: (f'{kernel}.handleMessage({m.group(2)})}}else {kernel}._commInfoBeforeStart&&'
                                  f'{kernel}._commInfoBeforeStart({m.group(2)})||{queue}({m.group(2)})}}'), js, count=1)
    fresh = path.with_suffix(".tmp")
    fresh.write_text(js, encoding="utf-8")
    fresh.replace(path)                  # a new file: the build may have linked the app's own copy
    return path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--output", default=str(ROOT / "_lite"), help="where the site is written (default: _lite/)")
    python = ap.add_mutually_exclusive_group()
    python.add_argument("--offline", action="store_true", default=True,
                        help="serve Python from the site: the pyodide npm package and PyPI's wheels (the default)")
    python.add_argument("--cdn", action="store_true", help="let each browser load Python from the jsDelivr CDN")
    python.add_argument("--pyodide", default=None,
                        help="a Pyodide release archive (path or URL) to serve from the site")
    ap.add_argument("--build-id", default=None,
                    help="names the browser storage with the package's version (default: a fingerprint of the site)")
    args = ap.parse_args(argv)
    if shutil.which("jupyter") is None and not (Path(sys.executable).parent / "jupyter").exists():
        raise SystemExit(f"tools/build_lite.py needs JupyterLite: {INSTALL_HINT}")
    from condottiere_nb import __version__
    out = Path(args.output).resolve()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        contents, lite_dir, wheel_dir = tmp / "contents", tmp / "lite", tmp / "wheels"
        for d in (contents, lite_dir, wheel_dir):
            d.mkdir()
        offline = not (args.cdn or args.pyodide)
        for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
            lite_notebook(nb, contents / nb.name, offline)
        shutil.copytree(ROOT / "docs", contents / "docs")
        shutil.copyfile(ROOT / "binder" / "overrides.json", lite_dir / "overrides.json")
        served = wheels(wheel_dir)
        config = {"LiteBuildConfig": {"contents": [str(contents)], "output_dir": str(out),
                                      "ignore_sys_prefix": ["federated_extensions"],
                                      "federated_extensions": lab_extensions()},
                  "PipliteAddon": {"piplite_urls": [str(w) for w in served]}}
        settings = {}
        if args.pyodide:
            config["PyodideAddon"] = {"pyodide_url": args.pyodide}
        elif offline:
            locked = offline_pyodide(lite_dir / "static" / "pyodide", [*served, *kernel_wheels()])
            print(f"Pyodide's lock, rewritten to {len(locked)} wheels from PyPI: {', '.join(locked)}")
            settings = {"disablePyPIFallback": True}
        build = args.build_id or build_id(contents)
        lite_json = {"jupyter-config-data": {**storage_names(__version__, build),
                                             "litePluginSettings": {KERNEL_PLUGIN: settings}}}
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_json, indent=1), encoding="utf-8")
        (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
        jupyter = str(Path(sys.executable).parent / "jupyter") if (Path(sys.executable).parent / "jupyter").exists() \
            else "jupyter"
        run([jupyter, "lite", "build", "--no-sourcemaps", "--lite-dir", str(lite_dir)], cwd=tmp)
    final = json.loads((out / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    pyodide_url = final.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {}).get("pyodideUrl", PYODIDE_CDN)
    add_script(out, pyodide_url)
    answer_comm_info(out)
    notebooks = sorted(p.name for p in (out / "files").glob("*.ipynb"))
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"JupyterLite site in {out}: {len(notebooks)} notebooks, {size / 1e6:.0f} MB, browser storage "
          f"{final['contentsStorageName']}, Python "
          f"{'from the CDN (cdn.jsdelivr.net), loaded by each browser' if pyodide_url == PYODIDE_CDN else 'from the site'}")
    print(f"serve it: python tools/serve_room.py --site {out}, then open http://localhost:8000/lab/index.html")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
