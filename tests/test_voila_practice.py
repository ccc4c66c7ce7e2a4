"""Voilà serves the practice app (notebooks/91_practice_app.ipynb) as a page without code, and a
workshop leader's link (``?code=...&lang=...``) opens the leader's set in the attendee's language."""
from __future__ import annotations

import re
import shutil
import sys
import urllib.parse
import urllib.request

import pytest

from condottiere_nb.practice import workshop_code
from servers import ROOT, binder_prefix, free_port, kernel_env, server

APP = "91_practice_app.ipynb"


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    pytest.importorskip("voila")
    base = tmp_path_factory.mktemp("voila-practice")
    shutil.copy(ROOT / "notebooks" / APP, base / APP)
    prefix = binder_prefix(base)
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    config = base / "config"
    config.mkdir()
    shutil.copy(prefix / "etc" / "jupyter" / "jupyter_server_config.py", config / "voila.py")
    cmd = [sys.executable, "-m", "voila", str(base / APP), "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", "--template=condottiere"]
    env = kernel_env(base)
    env["JUPYTER_PATH"] = str(prefix / "share" / "jupyter")
    env["JUPYTER_CONFIG_PATH"] = str(config)
    with server(cmd, url, base / "voila.log", base, env):
        yield url


def page_of(url: str) -> str:
    with urllib.request.urlopen(url, timeout=120) as r:
        assert r.status == 200
        return r.read().decode("utf-8")


def test_voila_serves_the_practice_app_without_code(voila):
    page = page_of(voila)
    assert "Condottiere: practise the rules" in page
    assert "Practice(children=" in page and "Exercise 1 of 16" in page     # the widget, in English
    assert "from condottiere_nb.views import" not in page
    assert not re.search(r'"ename"|Traceback', page), "a cell raised while Voilà ran the app"


def test_a_leaders_link_opens_the_set_in_the_attendees_language(voila):
    code = workshop_code(["season.spring", "card.drummer"], count=3, seed=42)
    page = page_of(voila + "?" + urllib.parse.urlencode({"code": code, "lang": "es"}))
    assert "Ejercicio 1 de 3" in page                                       # the leader's set, in Spanish
    assert "Pr\\u00e1ctica" in page or "Práctica" in page
