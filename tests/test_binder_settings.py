"""binder/postBuild installs the workshop's settings into a Python prefix, as Binder runs it."""
from __future__ import annotations

import json
import runpy
import subprocess
import sys

import pytest

from servers import ROOT, binder_prefix


@pytest.fixture(scope="module")
def prefix(tmp_path_factory):
    pytest.importorskip("nbformat")
    return binder_prefix(tmp_path_factory.mktemp("binder"))


def test_jupyterlab_asks_no_news_question(prefix):
    overrides = json.loads((prefix / "share" / "jupyter" / "lab" / "settings" / "overrides.json").read_text())
    notification = overrides["@jupyterlab/apputils-extension:notification"]
    assert notification["fetchNews"] == "false" and notification["checkForUpdates"] is False


def test_voila_renders_with_the_template_that_asks_no_cdn(prefix):
    template = prefix / "share" / "jupyter" / "voila" / "templates" / "condottiere"
    assert json.loads((template / "conf.json").read_text())["base_template"] == "lab"
    assert "cdn.jsdelivr.net" in (template / "index.html.j2").read_text()      # the lines it leaves out
    pytest.importorskip("jupyter_server")
    from traitlets.config import Config
    c = Config()
    runpy.run_path(str(prefix / "etc" / "jupyter" / "jupyter_server_config.py"), init_globals={"get_config": lambda: c})
    assert c.VoilaConfiguration.template == "condottiere"
    # Voilà as a server extension would load MathJax from cdnjs without both
    assert c.ServerApp.tornado_settings.get_value({}) == {"mathjax_url": None, "mathjax_config": None}


def test_kernel_messages_go_out_without_delay(prefix):
    pytest.importorskip("jupyter_server")
    from traitlets.config import Config
    path = prefix / "etc" / "jupyter" / "jupyter_server_config.py"
    c = Config()
    runpy.run_path(str(path), init_globals={"get_config": lambda: c})
    cls = c.ServerApp.kernel_websocket_connection_class
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
    assert issubclass(cls, ZMQChannelsWebsocketConnection) and c.Voila.kernel_websocket_connection_class is cls

    class Handler:
        nodelay = None

        def set_nodelay(self, value):
            self.nodelay = value

    conn = cls.__new__(cls)
    handler = Handler()
    conn.__dict__["_trait_values"] = {"websocket_handler": handler}
    try:
        conn.connect()
    except Exception:
        pass                                  # no kernel here: only the first thing it does matters
    assert handler.nodelay is True


def test_the_notebooks_are_trusted(prefix, tmp_path):
    check = ("import sys, nbformat; from nbformat.sign import NotebookNotary\n"
             "n = NotebookNotary()\n"
             "print(all(n.check_signature(nbformat.read(p, 4)) for p in sys.argv[1:]))")
    data = prefix.parent / "data"
    out = subprocess.run([sys.executable, "-c", check, *map(str, sorted((ROOT / "notebooks").glob("*.ipynb")))],
                         env={"JUPYTER_DATA_DIR": str(data), "PATH": ""}, capture_output=True, text=True)
    assert out.stdout.strip() == "True", out.stderr[-2000:]
