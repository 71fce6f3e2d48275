"""Pictures made of pictures: layouts side by side (`beside`), one under another (`stack`), a
caption under a picture (`with_caption`). The parts are placed as blocks of drawing operations,
never pasted as images, so a composed picture is painted by Pillow or written as SVG like any
other, with every part's hit boxes moved along.
"""

from __future__ import annotations

from .layout import CAPTION_PX, caption_block
from .ops import Block, Layout

CAPTION_COLOUR = (40, 40, 48)


def _join(parts: list[tuple[Layout, int, int]], w: int, h: int, description: str | None,
          background) -> Layout:
    block = Block(w=w, h=h)
    for lay, x, y in parts:
        block.add(Block.of(lay), x, y)
    if description is not None:
        block.lines = [description]
    return block.render(background, 0)


def beside(*layouts: Layout, gap: int = 18, align: str = "bottom", background=None,
           description: str | None = None) -> Layout:
    """`layouts` in a row, `gap` pixels apart, their bottoms (or tops: `align="top"`) in line.
    The text equivalent is the parts' in order, unless `description` is given."""
    w = sum(lay.width for lay in layouts) + gap * (len(layouts) - 1)
    h = max(lay.height for lay in layouts)
    parts, x = [], 0
    for lay in layouts:
        parts.append((lay, x, h - lay.height if align == "bottom" else 0))
        x += lay.width + gap
    return _join(parts, w, h, description, background)


def stack(*layouts: Layout, gap: int = 6, background=None,
          description: str | None = None) -> Layout:
    """`layouts` one under another, `gap` pixels apart, aligned on the left."""
    w = max(lay.width for lay in layouts)
    h = sum(lay.height for lay in layouts) + gap * (len(layouts) - 1)
    parts, y = [], 0
    for lay in layouts:
        parts.append((lay, 0, y))
        y += lay.height + gap
    return _join(parts, w, h, description, background)


def with_caption(lay: Layout, caption: str, *, min_width: int = 320, gap: int = 6,
                 px: int = CAPTION_PX, colour=CAPTION_COLOUR,
                 description: str | None = None) -> Layout:
    """`lay` with `caption` wrapped and centred under it (over at least `min_width` pixels)."""
    cap = caption_block(caption, max(lay.width, min_width), px, colour).fit().render(None, 0)
    return stack(lay, cap, gap=gap, description=description)
