"""Serve the workshop from a laptop to the room: the offline JupyterLite site, and Voilà's app page.

    python tools/build_lite.py                     # once: the site, _lite/ (Python included)
    python tools/serve_room.py --room              # the site to the room's network, on port 8000
    python tools/serve_room.py --room --voila      # and the battle app (Voilà) on port 8001

Without ``--room`` it answers this machine only (127.0.0.1; ``--bind ADDRESS`` chooses another
address).  The site is static: each attendee's Python runs in their own browser, so the laptop
only hands out files, and thirty attendees cost it nothing.  Voilà is different: it runs a Python
kernel on the laptop for each open page (one per attendee; each page has its own), so it suits a
few screens, not a room of thirty.  The addresses to share are printed; Ctrl+C stops both.
"""
from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import os
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "notebooks" / "90_battle_app.ipynb"
#: what the site serves, with the types a browser insists on (a module script must be JavaScript,
#: WebAssembly streams only as application/wasm); some systems' tables lack them
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".ipynb": "application/json", ".whl": "application/octet-stream",
         ".zip": "application/zip", ".md": "text/markdown; charset=utf-8"}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self):
        # a rebuilt site's pages and settings are fetched again, never taken from a browser's cache
        if self.path.split("?")[0].endswith((".html", "/", ".json")):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # one short line a request, on stderr
        sys.stderr.write(f"{self.address_string()} {format % args}\n")


def addresses(bind: str) -> list[str]:
    """The addresses attendees can type: this machine's own for 0.0.0.0, else ``bind``."""
    if bind not in ("0.0.0.0", ""):
        return [bind]
    found = set()
    with contextlib.suppress(OSError):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))            # no packet is sent: this only picks the outgoing interface
            found.add(s.getsockname()[0])
    with contextlib.suppress(OSError):
        found.update(a[4][0] for a in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET))
    return sorted(a for a in found if not a.startswith("127.")) or ["127.0.0.1"]


def voila_command(bind: str, port: int, app: Path = APP) -> list[str]:
    """Voilà on the battle app, with the workshop's template (no CDN): a kernel per page."""
    return [sys.executable, "-m", "voila", str(app), "--no-browser", f"--port={port}", f"--Voila.ip={bind}",
            "--Voila.port_retries=0", "--template=condottiere"]


def voila_env() -> dict:
    """Where Voilà finds the workshop's template (binder/jupyter/voila/templates/condottiere)."""
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(ROOT / "binder" / "jupyter"), env.get("JUPYTER_PATH")]))
    return env


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", default=str(ROOT / "_lite"), help="the site tools/build_lite.py wrote (default: _lite/)")
    ap.add_argument("--room", action="store_true", help="answer the room's network: bind 0.0.0.0 (all interfaces)")
    ap.add_argument("--bind", default=None, help="the address to listen on (default 127.0.0.1, or 0.0.0.0 with --room)")
    ap.add_argument("--port", type=int, default=8000, help="the site's port (default 8000)")
    ap.add_argument("--voila", action="store_true", help="also serve the battle app with Voilà, on the next port")
    args = ap.parse_args(argv)
    site = Path(args.site)
    if not (site / "jupyter-lite.json").exists():
        raise SystemExit(f"no JupyterLite site in {site}: build it first with python tools/build_lite.py")
    bind = args.bind or ("0.0.0.0" if args.room else "127.0.0.1")
    httpd = http.server.ThreadingHTTPServer((bind, args.port), functools.partial(SiteHandler, directory=str(site)))
    voila = None
    if args.voila:
        voila = subprocess.Popen(voila_command(bind, args.port + 1), env=voila_env())
    for host in addresses(bind):
        print(f"the notebooks: http://{host}:{args.port}/lab/index.html?path=00_start_here.ipynb")
        if voila:
            print(f"the battle app: http://{host}:{args.port + 1}/")
    sys.stdout.flush()
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
        if voila:
            voila.terminate()
            voila.wait(timeout=20)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
