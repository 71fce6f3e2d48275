"""A picture as a list of drawing operations, backend-neutral: what `layout.py` and
`play_table.py` build, and what the two painters draw — Pillow (`paint.py`, PNG for CPython
kernels and the static book) and SVG (`svg.py`, for the browser kernel).

An operation is a small immutable record in picture pixels:

* `CardOp` — a card face (or a back: `card` None) at its unrotated top-left (x, y), a scale, a
  state ("normal", "selected", "disabled", "highlighted"), the four-colour flag and an angle
  (degrees, counter-clockwise, about the card's centre);
* `ShadowOp` — the soft shadow under a card (its centre, the card's scale, the angle);
* `TextOp` — one line of text: top-left, size in px, colour, bold, and its width from the
  font metrics (`metrics.text_width`), so both painters give it the same room;
* `BadgeOp` — the number of cards in the stock on a white disc; `SlotOp` — the outline of an
  empty place; `BandOp` — a filled rounded rectangle (the darker felt under a hand);
  `FillOp` — a plain rectangle (the background of a picture placed in another one);
* `FocusOp` — the keyboard focus ring, drawn last.

`Layout` is a finished picture: its operations, the hit boxes of its cards (topmost last), its
size, its background and its Russian text equivalent. `Block` is a picture under construction
(`layout.py` composes blocks). Pure Python: Pillow is imported only when a `Layout`'s `image`
or `png()` is asked for.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from typing import NamedTuple

from ...cards import Card
from .metrics import line_height, text_width
from .style import SHADOW_OFFSET, SHADOW_PAD, card_label, card_size, rotated_size


# --------------------------------------------------------------------------- operations

def _moved_xy(op, dx: int, dy: int):
    """The operation `op` (with fields x and y) moved by (dx, dy)."""
    return op._replace(x=op.x + dx, y=op.y + dy)


def _rect_extent(op) -> tuple[int, int, int, int]:
    """The extent of an operation with fields x, y, w, h."""
    return op.x, op.y, op.x + op.w, op.y + op.h


class CardOp(NamedTuple):
    card: Card | None
    x: float
    y: float
    scale: float
    state: str = "normal"
    four_colour: bool = False
    angle: float = 0.0
    kind = "card"

    @property
    def size(self) -> tuple[int, int]:
        return card_size(self.scale)

    @property
    def centre(self) -> tuple[float, float]:
        w, h = self.size
        return self.x + w / 2, self.y + h / 2

    def extent(self) -> tuple[int, int, int, int]:
        w, h = self.size
        if not self.angle:
            return round(self.x), round(self.y), round(self.x) + w, round(self.y) + h
        rw, rh = rotated_size(w, h, self.angle)
        cx, cy = self.centre
        left, top = round(cx - rw / 2), round(cy - rh / 2)
        return left, top, left + rw, top + rh

    moved = _moved_xy


class ShadowOp(NamedTuple):
    cx: float            # the centre of the shadow's shape (the card's centre, offset)
    cy: float
    scale: float         # the card's
    angle: float = 0.0
    kind = "shadow"

    @property
    def size(self) -> tuple[int, int]:
        """The shadow picture's size: the card and `SHADOW_PAD` around it, turned."""
        w, h = card_size(self.scale)
        return rotated_size(w + 2 * SHADOW_PAD, h + 2 * SHADOW_PAD, self.angle)

    def extent(self) -> tuple[int, int, int, int]:
        w, h = self.size
        left, top = round(self.cx - w / 2), round(self.cy - h / 2)
        return left, top, left + w, top + h

    def moved(self, dx: int, dy: int) -> "ShadowOp":
        return self._replace(cx=self.cx + dx, cy=self.cy + dy)


class TextOp(NamedTuple):
    text: str
    x: int               # the left of the line
    y: int               # its top (the baseline is `metrics.ascent(px)` below)
    px: int
    colour: tuple
    bold: bool = False
    width: float = 0.0   # from the metrics
    anchor: str = "la"   # how the layout placed it: "la" left, "ma" middle, "ra" right
    kind = "text"

    def extent(self) -> tuple[int, int, int, int]:
        return (self.x, self.y, self.x + max(1, math.ceil(self.width)),
                self.y + line_height(self.px, self.bold))

    moved = _moved_xy


class BadgeOp(NamedTuple):
    text: str
    x: int               # top-left of the disc's square, 2r + 1 pixels wide
    y: int
    r: int
    kind = "badge"

    def extent(self) -> tuple[int, int, int, int]:
        return self.x, self.y, self.x + 2 * self.r + 1, self.y + 2 * self.r + 1

    moved = _moved_xy


class SlotOp(NamedTuple):
    x: int
    y: int
    w: int
    h: int
    colour: tuple        # RGBA
    kind = "slot"
    extent = _rect_extent
    moved = _moved_xy


class BandOp(NamedTuple):
    x: int
    y: int
    w: int
    h: int
    radius: int
    colour: tuple        # RGBA
    kind = "band"
    extent = _rect_extent
    moved = _moved_xy


class FillOp(NamedTuple):
    x: int
    y: int
    w: int
    h: int
    colour: tuple        # RGB
    kind = "fill"
    extent = _rect_extent
    moved = _moved_xy


class FocusOp(NamedTuple):
    x0: float
    y0: float
    x1: float
    y1: float
    width: int
    dash: float
    kind = "focus"

    def extent(self) -> tuple[int, int, int, int]:
        return 0, 0, 0, 0                  # drawn over the picture, never enlarges it

    def moved(self, dx: int, dy: int) -> "FocusOp":
        return self._replace(x0=self.x0 + dx, y0=self.y0 + dy, x1=self.x1 + dx, y1=self.y1 + dy)


# --------------------------------------------------------------------------- a finished picture

class HitBox(NamedTuple):
    """A clickable rectangle of a layout: a card (or None for a back, the stock) and
    its Russian text equivalent."""
    x: int
    y: int
    w: int
    h: int
    card: Card | None
    label: str

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h


@dataclass(eq=False)
class Layout:
    """A picture: its drawing operations, its hit boxes (topmost last), a text equivalent, its
    size and background. `image` and `png()` paint it with Pillow (CPython only); `svg()`
    writes it as SVG (anywhere)."""
    ops: list
    boxes: list[HitBox]
    description: str = ""
    shapes: dict[int, tuple] = field(default_factory=dict)  # box index -> rotated polygon
    width: int = 0
    height: int = 0
    background: tuple | None = None
    _image: object = field(default=None, repr=False)

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    def __repr__(self) -> str:                 # no memory address (notebook outputs are compared)
        return f"Layout({self.size[0]}×{self.size[1]}, {len(self.boxes)} boxes: {self.description!r})"

    def hit_test(self, x: float, y: float) -> HitBox | None:
        """The topmost box under the point (x, y), or None."""
        for i in range(len(self.boxes) - 1, -1, -1):
            box = self.boxes[i]
            if box.contains(x, y):
                poly = self.shapes.get(i)
                if poly is None or _in_polygon(x, y, poly):
                    return box
        return None

    def with_ops(self, *ops) -> "Layout":
        """The same picture with `ops` drawn over it (e.g. the keyboard focus ring)."""
        return Layout(self.ops + list(ops), self.boxes, self.description, self.shapes,
                      self.width, self.height, self.background)

    @property
    def image(self):
        """The picture painted by Pillow (`paint.paint`), once; needs Pillow."""
        if self._image is None:
            from .paint import paint

            self._image = paint(self)
        return self._image

    def png(self, compress_level: int = 1) -> bytes:
        buf = io.BytesIO()
        self.image.save(buf, "PNG", compress_level=compress_level)
        return buf.getvalue()

    def svg(self, **options) -> str:
        """The picture as an SVG document (`svg.layout_svg` options)."""
        from .svg import layout_svg

        return layout_svg(self, **options)

    def _repr_png_(self) -> bytes | None:
        try:
            return self.png(6)
        except ImportError:                    # no Pillow (the browser kernel)
            return None


def _in_polygon(x: float, y: float, poly: tuple) -> bool:
    inside = False
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


# --------------------------------------------------------------------------- under construction

@dataclass
class Block:
    """A layout under construction: drawing operations, boxes and text, in local pixels."""
    w: int = 0
    h: int = 0
    ops: list = field(default_factory=list)
    boxes: list = field(default_factory=list)
    shapes: dict = field(default_factory=dict)
    lines: list = field(default_factory=list)

    def text(self, text: str, x: float, y: float, px: int, colour: tuple,
             bold: bool = False, anchor: str = "la") -> None:
        """A line of text; `anchor` "la" puts its top-left, "ma" its top-middle, "ra" its
        top-right at (x, y)."""
        width = text_width(text, px, bold)
        room = max(1, math.ceil(width))
        left = x - {"ma": room / 2, "ra": room}.get(anchor, 0)
        self.ops.append(TextOp(text, round(left), round(y), px, tuple(colour), bool(bold),
                               width, anchor))

    def card(self, card: Card | None, x: float, y: float, scale: float, state: str,
             four_colour: bool, label: str | None = None, angle: float = 0.0,
             shadow: bool = True) -> None:
        """A card (a back if `card` is None) with its shadow and its hit box."""
        w, h = card_size(scale)
        label = label or card_label(card, state)
        dx, dy = SHADOW_OFFSET
        if angle:
            cx, cy = x + w / 2, y + h / 2
            if shadow:
                self.ops.append(ShadowOp(cx + dx, cy + dy, scale, angle))
            self.ops.append(CardOp(card, x, y, scale, state, four_colour, angle))
            a = math.radians(angle)
            ca, sa = math.cos(a), math.sin(a)
            poly = tuple((cx + px * ca + py * sa, cy - px * sa + py * ca)
                         for px, py in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2),
                                        (-w / 2, h / 2)))
            xs, ys = [p[0] for p in poly], [p[1] for p in poly]
            self.shapes[len(self.boxes)] = poly
            self.boxes.append(HitBox(math.floor(min(xs)), math.floor(min(ys)),
                                     math.ceil(max(xs) - min(xs)), math.ceil(max(ys) - min(ys)),
                                     card, label))
        else:
            if shadow:
                sx, sy = round(x - SHADOW_PAD + dx), round(y - SHADOW_PAD + dy)
                p2 = 2 * SHADOW_PAD
                self.ops.append(ShadowOp(sx + (w + p2) / 2, sy + (h + p2) / 2, scale))
            self.ops.append(CardOp(card, round(x), round(y), scale, state, four_colour))
            self.boxes.append(HitBox(round(x), round(y), w, h, card, label))

    def op(self, op) -> None:
        """Any other drawing operation (a badge, a slot, a band, a fill)."""
        self.ops.append(op)

    def add(self, other: "Block", dx: float, dy: float) -> None:
        """Merge `other` with its origin at (dx, dy)."""
        dx, dy = round(dx), round(dy)
        self.ops.extend(op.moved(dx, dy) for op in other.ops)
        base = len(self.boxes)
        for i, poly in other.shapes.items():
            self.shapes[base + i] = tuple((px + dx, py + dy) for px, py in poly)
        self.boxes.extend(b._replace(x=b.x + dx, y=b.y + dy) for b in other.boxes)
        self.lines.extend(other.lines)
        self.w = max(self.w, other.w + dx)
        self.h = max(self.h, other.h + dy)

    def fit(self) -> "Block":
        """Grow the block to hold every drawing (moving it right/down if one sticks out)."""
        if not self.ops:
            return self
        extents = [op.extent() for op in self.ops]
        dx = max(0, -min(e[0] for e in extents))
        dy = max(0, -min(e[1] for e in extents))
        if dx or dy:
            moved = Block()
            moved.add(self, dx, dy)
            self.ops, self.boxes, self.shapes = moved.ops, moved.boxes, moved.shapes
        self.w = max(self.w + dx, max(e[2] for e in extents) + dx)
        self.h = max(self.h + dy, max(e[3] for e in extents) + dy)
        return self

    def render(self, background: tuple | None = None, pad: int = 0) -> Layout:
        """The finished picture, `pad` pixels of margin round the block. Nothing is painted
        here: `Layout.image` paints with Pillow, `Layout.svg()` writes SVG."""
        ops = [op.moved(pad, pad) for op in self.ops] if pad else list(self.ops)
        boxes = [b._replace(x=b.x + pad, y=b.y + pad) for b in self.boxes]
        shapes = {i: tuple((px + pad, py + pad) for px, py in poly)
                  for i, poly in self.shapes.items()}
        return Layout(ops, boxes, "\n".join(self.lines), shapes, self.w + 2 * pad,
                      self.h + 2 * pad, tuple(background) if background else None)

    @classmethod
    def of(cls, lay: Layout) -> "Block":
        """A finished picture as a block, to place in another one (its background becomes a
        filled rectangle)."""
        block = cls(w=lay.width, h=lay.height)
        if lay.background:
            block.ops.append(FillOp(0, 0, lay.width, lay.height, lay.background))
        block.ops.extend(op for op in lay.ops if op.kind != "focus")
        block.boxes = list(lay.boxes)
        block.shapes = dict(lay.shapes)
        if lay.description:
            block.lines.append(lay.description)
        return block
