"""Every notebook's outputs fit a 900 px column without a horizontal scrollbar (issue 33).

The notebooks are exported to HTML with nbconvert (their stored outputs, as the reader meets them
before running anything), each loaded in one Chromium page whose notebook column is 900 px wide,
with every request outside the page refused; each output's scroll width must not exceed its width,
and nothing inside it may stick out past its right edge.  (Widgets are drawn by a kernel and are
measured by tests/test_browser*.py; here their saved text stands in for them.)
"""
from __future__ import annotations

from pathlib import Path

import pytest

from servers import ROOT, chromium, require_browser

pytestmark = pytest.mark.browser

COLUMN = 900
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))

_MEASURE = """
column => {
    const nb = document.querySelector('.jp-Notebook') || document.body;
    nb.style.width = column + 'px';
    nb.style.maxWidth = column + 'px';
    nb.style.margin = '0';
    const out = [];
    document.querySelectorAll('.jp-OutputArea-output').forEach((o, i) => {
        const cell = o.closest('.jp-Cell');
        const n = cell ? [...document.querySelectorAll('.jp-Cell')].indexOf(cell) + 1 : '?';
        if (o.scrollWidth > o.clientWidth + 1) {
            const wide = [...o.querySelectorAll('*')].sort((a, b) => b.scrollWidth - a.scrollWidth)[0];
            const what = wide ? `${wide.tagName.toLowerCase()}.${[...wide.classList].join('.')}` : '';
            out.push(`cell ${n}: scrolls sideways (${o.scrollWidth} > ${o.clientWidth}; ${what}: ` +
                     `${(wide ? wide.textContent : '').slice(0, 60)})`);
            return;
        }
        const right = o.getBoundingClientRect().right;
        for (const e of o.querySelectorAll('*')) {
            const r = e.getBoundingClientRect();
            if (r.width > 0 && r.right > right + 1) {
                out.push(`cell ${n}: ${e.tagName.toLowerCase()}.${[...e.classList].join('.')} ends at ${Math.round(r.right)} > ${Math.round(right)}`);
                break;
            }
        }
    });
    return out;
}
"""


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    from nbconvert import HTMLExporter
    import nbformat
    require_browser()
    out = tmp_path_factory.mktemp("html")
    exporter = HTMLExporter(template_name="lab")
    pages = {}
    for name in NOTEBOOKS:
        body, _ = exporter.from_notebook_node(nbformat.read(ROOT / "notebooks" / name, as_version=4))
        path = out / (Path(name).stem + ".html")
        path.write_text(body, encoding="utf-8")
        pages[name] = path
    return pages


@pytest.fixture(scope="module")
def page():
    with chromium() as b:
        context = b.new_context(viewport={"width": COLUMN + 200, "height": 900})
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(("file:", "data:"))
                      else route.abort())
        yield context.new_page()
        context.close()


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_output_fits_a_900_px_column(exported, page, name):
    page.goto(exported[name].as_uri(), wait_until="load")
    assert page.locator(".jp-OutputArea-output").count() > 0
    assert page.evaluate(_MEASURE, COLUMN) == []
