"""Chapter demos on a phone: the pictures a narrow page asks for.

A demo's picture knows how wide the page shows it from an invisible `width.ContainerWidth`
(`output_probe`) watching the output it stands in. Under `narrow_table.NARROW_BELOW` CSS
pixels a table scene (`layout.layout_scene`'s arguments) is drawn by
`narrow_table.layout_narrow_scene` at `narrow_table.PIXEL_RATIO` picture pixels a CSS pixel
(labels of 13 CSS pixels), and a hand is laid out at most `NARROW_HAND_WIDTH` wide, so that the
browser shrinks its caption less. Width 0 — nothing reported: a static page, nbval, pytest —
keeps the laptop picture, byte for byte. `canvas.CardCanvas` uses this for its scenes and
hands; a demo showing a scene as HTML uses `scene_html`.
"""

from __future__ import annotations

from .display import picture_html
from .layout import layout_scene
from .narrow_table import PIXEL_RATIO, is_narrow, layout_narrow_scene
from .width import ContainerWidth

# The element whose width a probe reports: the output a demo stands in (the live site's,
# JupyterLab's and Voilà's, the classic notebook's)
OUTPUT_SELECTOR = ".bezique-live-output, .jp-OutputArea-output, .output_subarea"
NARROW_HAND_WIDTH = 480   # a hand's largest width on a phone: a 15 px caption stays ≥ 11 CSS px


def output_probe() -> ContainerWidth:
    """An invisible widget reporting the width of the output it stands in (put it on the page
    in `width.hidden`)."""
    return ContainerWidth(selector=OUTPUT_SELECTOR)


def narrow_scene(hand, ratio: float = PIXEL_RATIO, **scene):
    """A table scene for a phone (`layout_scene`'s arguments; the scene's own scale is left
    out: the phone's picture has one size), drawn at `ratio` picture pixels a CSS pixel."""
    scene.pop("scale", None)
    return layout_narrow_scene(hand, scale=ratio, **scene)


def hand_width(max_width: float | None, width: float | None) -> float | None:
    """A hand's `max_width` for a page `width` CSS pixels wide."""
    if not is_narrow(width):
        return max_width
    return min(max_width or NARROW_HAND_WIDTH, NARROW_HAND_WIDTH)


def scene_html(width: float | None, alt: str | None = None, compress_level: int = 6,
               **scene) -> str:
    """A table scene as HTML (`display.picture_html`) for a page `width` CSS pixels wide."""
    if is_narrow(width):
        return picture_html(narrow_scene(**scene), alt, compress_level, PIXEL_RATIO)
    return picture_html(layout_scene(**scene), alt, compress_level)


__all__ = ["OUTPUT_SELECTOR", "NARROW_HAND_WIDTH", "output_probe", "narrow_scene",
           "hand_width", "scene_html"]
