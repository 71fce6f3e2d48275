"""The Pillow painter: a `Layout`'s drawing operations (`ops.py`) painted into one image.

Each operation becomes a cached picture from `drawing.py` (a card face or back, its shadow, a
line of text, the stock's badge, an empty place, a band) pasted at its place; the keyboard
focus ring is drawn over the result. An opaque background gives an RGB image (pasting with the
alpha as mask is twice as fast as compositing), none an RGBA one. CPython only (Pillow).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from .drawing import (back_image, badge_image, band_image, card_image, rotated, shadow_image,
                      slot_image, text_image)
from .style import FOCUS_COLOUR


def _source(op) -> tuple[Image.Image, int, int]:
    """The picture of one operation and the top-left pixel where it goes."""
    kind = op.kind
    if kind == "card":
        img = back_image(op.scale, op.state) if op.card is None else \
            card_image(op.card, op.scale, op.four_colour, op.state)
        if not op.angle:
            return img, round(op.x), round(op.y)
        img = rotated(img, op.angle)
        cx, cy = op.centre
        return img, round(cx - img.width / 2), round(cy - img.height / 2)
    if kind == "shadow":
        img = shadow_image(op.scale, op.angle)
        return img, round(op.cx - img.width / 2), round(op.cy - img.height / 2)
    if kind == "text":
        return text_image(op.text, op.px, tuple(op.colour), op.bold), op.x, op.y
    if kind == "badge":
        return badge_image(op.text, op.r), op.x, op.y
    if kind == "slot":
        return slot_image(op.w, op.h, tuple(op.colour)), op.x, op.y
    if kind == "band":
        return band_image(op.w, op.h, op.radius, tuple(op.colour)), op.x, op.y
    if kind == "fill":
        return Image.new("RGBA", (op.w, op.h), tuple(op.colour[:3]) + (255,)), op.x, op.y
    raise ValueError(f"unknown drawing operation {kind!r}")


def paint(lay) -> Image.Image:
    """The picture of `lay` (a `ops.Layout`)."""
    size = (max(1, lay.width), max(1, lay.height))
    background = lay.background
    img = Image.new("RGB", size, background) if background else Image.new("RGBA", size)
    for op in lay.ops:
        if op.kind == "focus":
            _focus_ring(img, op)
            continue
        src, x, y = _source(op)
        if background:
            img.paste(src, (x, y), src)
            continue
        if x < 0 or y < 0:              # alpha_composite wants a box inside the image
            src = src.crop((max(0, -x), max(0, -y), src.width, src.height))
            x, y = max(0, x), max(0, y)
        img.alpha_composite(src, (x, y))
    return img


def _focus_ring(img: Image.Image, op) -> None:
    """A dashed dark ring (`ops.FocusOp`), drawn side by side from each corner."""
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1, width, dash = op.x0, op.y0, op.x1, op.y1, op.width, op.dash
    for (ax, ay, bx, by) in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)):
        length = max(abs(bx - ax), abs(by - ay))
        steps = max(1, int(length // (2 * dash)))
        for k in range(steps + 1):
            t0, t1 = min(1, 2 * k * dash / length), min(1, (2 * k + 1) * dash / length)
            draw.line((ax + (bx - ax) * t0, ay + (by - ay) * t0, ax + (bx - ax) * t1,
                       ay + (by - ay) * t1), fill=FOCUS_COLOUR, width=width)
