"""Which display shows a clickable picture of cards, and how a static picture becomes HTML.

Two displays stand behind `CardCanvas` (`canvas.py`), with one interface:

* "canvas" (`canvas_display.CanvasDisplay`): an ipycanvas canvas with the picture painted by
  Pillow — CPython kernels: the served book, JupyterLab, Voilà, and the static book (the
  canvas carries its PNG as `image_data`);
* "svg" (`svg_display.SvgDisplay`): the small `SvgCards` widget whose front-end is
  book/live/widgets/cards.js, showing the picture written as SVG (`svg.py`) — the browser
  kernel (Pyodide), which has neither Pillow nor numpy, so no ipycanvas.

`display_kind()` chooses: the environment variable `BEZIQUE_DISPLAY` ("svg" or "canvas") if
set, else "svg" under Pyodide (`sys.platform == "emscripten"`) or when ipycanvas or Pillow do
not import, else "canvas". Static pictures follow the same choice (`picture_html`): an <img>
with the PNG on the canvas route, inline SVG on the SVG route.

A display has: `kind`; `widget` (the ipywidgets widget to put on the page); `show(layout)`;
`connect(click, key)` — `click(x, y)` with picture pixels, `key(name)` with a key name as the
browser gives it; `png` (the picture as PNG, b"" when Pillow is missing); `client_ready()`.
"""

from __future__ import annotations

import base64
import html
import importlib.util
import os
import sys

DISPLAY_ENV = "BEZIQUE_DISPLAY"
KINDS = ("canvas", "svg")


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def display_kind() -> str:
    """"canvas" or "svg": `BEZIQUE_DISPLAY` when it names one, else "svg" in the browser
    kernel or without ipycanvas / Pillow, else "canvas"."""
    forced = os.environ.get(DISPLAY_ENV, "").strip().lower()
    if forced in KINDS:
        return forced
    if sys.platform == "emscripten":
        return "svg"
    if not all(_importable(m) for m in ("ipycanvas", "PIL", "numpy")):
        return "svg"
    try:                                   # importable is not enough: numpy may be broken
        import ipycanvas  # noqa: F401
        import PIL.Image  # noqa: F401
    except ImportError:
        return "svg"
    return "canvas"


def make_display(pixel_ratio: float = 1.0, kind: str | None = None):
    """A new display of the chosen kind (`display_kind()` unless `kind` is given)."""
    kind = kind or display_kind()
    if kind == "canvas":
        from .canvas_display import CanvasDisplay

        return CanvasDisplay(pixel_ratio)
    if kind == "svg":
        from .svg_display import SvgDisplay

        return SvgDisplay(pixel_ratio)
    raise ValueError(f"unknown display {kind!r}; expected one of {KINDS}")


# ====================================================================== static pictures

def img_html(png: bytes, alt: str, size: tuple[int, int] | None = None) -> str:
    """An <img> element with the PNG inline (base64) and its alt text."""
    dims = f' width="{size[0]}" height="{size[1]}"' if size else ""
    data = base64.b64encode(png).decode("ascii")
    return (f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt, quote=True)}"'
            f' title="{html.escape(alt, quote=True)}"{dims} style="vertical-align:middle">')


def picture_html(lay, alt: str | None = None, compress_level: int = 6,
                 pixel_ratio: float = 1.0) -> str:
    """A finished picture (an `ops.Layout`) for HTML: an <img> with its PNG on the canvas
    route, inline SVG with the same text equivalent on the SVG route; shown at `pixel_ratio`
    picture pixels a CSS pixel."""
    alt = lay.description.replace("\n", " ") if alt is None else alt
    w, h = lay.size
    if display_kind() == "svg":
        body = lay.svg(label=alt) if pixel_ratio == 1 else \
            lay.svg(label=alt, display_width=w / pixel_ratio)
        return (f'<span class="bezique-picture" title="{html.escape(alt, quote=True)}"'
                f' style="display:inline-block;max-width:100%;vertical-align:middle">{body}</span>')
    shown = lay.size if pixel_ratio == 1 else (round(w / pixel_ratio), round(h / pixel_ratio))
    return img_html(lay.png(compress_level), alt, shown)
