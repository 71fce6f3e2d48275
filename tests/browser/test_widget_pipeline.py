"""The offline widget pipeline itself, on a tiny book built with the course's own configuration.

Whatever the chapters contain, this pins what DESIGN.md promises: a notebook executed at build
time shows its ipywidgets and its ipycanvas drawing (carried as `image_data`) in a static page
that loads require.js, the widget manager, ipycanvas and their fonts from the book itself.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from pagecheck import (
    BOOK,
    axe_violations,
    blank_widgets,
    format_violations,
    problems_offline,
    serve,
    visit,
)

pytestmark = pytest.mark.browser

DEMO_CODE = """\
import base64
import io
import ipywidgets as widgets
from ipycanvas import Canvas
from PIL import Image, ImageDraw

picture = Image.new("RGBA", (120, 80), (255, 255, 255, 0))
ImageDraw.Draw(picture).rectangle([5, 5, 115, 75], fill=(30, 120, 60, 255))
png = io.BytesIO()
picture.save(png, format="PNG")
canvas = Canvas(width=120, height=80)
canvas.set_trait("image_data", png.getvalue())
widgets.VBox([
    widgets.IntSlider(value=40, min=0, max=500, description="Очки"),
    widgets.Dropdown(options=["марьяж", "безик"], description="Комбинация"),
    widgets.HTML("<b>Безик</b>: дама пик и валет бубен"),
    widgets.HTML('<img alt="Зелёный прямоугольник" src="data:image/png;base64,'
                 + base64.b64encode(png.getvalue()).decode() + '">'),
    canvas,
])
"""


@pytest.fixture(scope="module")
def tiny_book(built_book, tmp_path_factory) -> Path:
    """A two-page book with the course's _config.yml, _static and vendored JavaScript."""
    root = tmp_path_factory.mktemp("tiny_book")
    shutil.copy(BOOK / "_config.yml", root / "_config.yml")
    shutil.copytree(BOOK / "_static", root / "_static")
    (root / "_vendor").symlink_to(BOOK / "_vendor", target_is_directory=True)
    (root / "_toc.yml").write_text(
        "format: jb-book\nroot: intro\nchapters:\n  - file: demo\n", encoding="utf-8"
    )
    (root / "intro.md").write_text(
        "# Проба\n\nКнига из двух страниц для проверки виджетов.\n", encoding="utf-8"
    )
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {
        "name": "python3", "display_name": "Python 3", "language": "python",
    }
    notebook.cells = [
        nbformat.v4.new_markdown_cell("# Виджеты в статичной странице\n\nКарты и очки."),
        nbformat.v4.new_code_cell(DEMO_CODE),
    ]
    nbformat.write(notebook, root / "demo.ipynb")
    jupyter_book = Path(sys.executable).with_name("jupyter-book")
    result = subprocess.run(
        [str(jupyter_book), "build", str(root)], capture_output=True, text=True, cwd=root
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    html = root / "_build" / "html"
    assert (html / "demo.html").exists()
    return html


@pytest.fixture(scope="module")
def tiny_url(tiny_book):
    server, url = serve(tiny_book)
    yield url
    server.shutdown()
    server.server_close()


def test_widgets_render_offline(tiny_url, page):
    log = visit(page, tiny_url + "demo.html")
    assert not problems_offline(log), problems_offline(log)
    # The widget JavaScript came from the book: require.js, the manager, ipycanvas.
    served = [url for url in log.requests if "/vendor/" in url]
    for needed in ("vendor/require.js", "vendor/html-manager/embed-amd.js",
                   "vendor/ipycanvas/index.js"):
        assert any(needed in url for url in served), f"{needed} не запрашивался: {served}"
    assert not blank_widgets(page), blank_widgets(page)
    assert page.locator(".widget-subarea .widget-slider").count() == 1
    assert page.locator(".widget-subarea canvas").count() == 1


def test_widget_page_is_accessible(tiny_url, page):
    visit(page, tiny_url + "demo.html")
    violations = axe_violations(page)
    assert not violations, format_violations(violations)


def test_blank_canvas_is_reported(tiny_url, page):
    """The helper itself: a canvas with nothing drawn is reported as blank."""
    visit(page, tiny_url + "intro.html")
    page.evaluate(
        """() => { const c = document.createElement("canvas"); c.width = 50; c.height = 30;
                   document.querySelector("article").appendChild(c); }"""
    )
    problems = blank_widgets(page, wait_ms=500)
    assert any("пустой" in p for p in problems), problems
