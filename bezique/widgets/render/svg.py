"""The SVG writer: a `Layout`'s drawing operations (`ops.py`) as one SVG document, in pure
Python, for the browser kernel (no Pillow there) and wherever `BEZIQUE_DISPLAY=svg`.

* A card face or back is an `<image>` of a sprite: the same face `drawing.py` draws, exported
  at twice the size by `sprites.export_card_sprites` as `{base}/QS.png` (`{base}/four/QD.png`
  for the four-colour diamonds and clubs, `XX.png` the infusorka, `back.png` a back). `base`
  is the environment variable `BEZIQUE_CARD_SPRITES` (the browser loader sets it to the
  sprites' absolute URL before any cell runs), else the relative `cards`.
* The card's state is drawn here, in the colours of `style.py`: a blue (selected) or gold
  (highlighted) outline; a disabled card greyed by a colour matrix that repeats Pillow's
  arithmetic (12 % saturation, then 45 % of grey). A turned card is a `rotate` transform.
* Every card is a `<g data-card="QS#1">` (the card's code, "back" for a back) with its state,
  so that tests and the page can find it.
* Text is `<text>` in DejaVu Sans (served beside the sprites, else the reader's own) with its
  `textLength` from the metrics table: a line is exactly as wide as the layout measured it.
"""

from __future__ import annotations

import itertools
import os
from html import escape

from .metrics import ascent, cap_height, text_width
from .style import (BACK_COLOUR, CARD_RADIUS, CARD_W, FOCUS_COLOUR, GREY, GREY_MIX,
                    GREY_SATURATION, HIGHLIGHT_COLOUR, OUTLINE_WIDTH, SELECT_COLOUR,
                    SHADOW_ALPHA, SHADOW_BLUR, SHADOW_PAD, card_size, sprite_name)

SPRITES_ENV = "BEZIQUE_CARD_SPRITES"
DEFAULT_BASE = "cards"
FONT_FAMILY = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif"
FONT_FILES = {False: "DejaVuSans.woff", True: "DejaVuSans-Bold.woff"}
_SS = 3                      # the Pillow painter's supersampling (the badge's arithmetic)
_IDS = itertools.count(1)


def sprite_base() -> str:
    """Where the card sprites are: `BEZIQUE_CARD_SPRITES`, else "cards" (relative)."""
    return (os.environ.get(SPRITES_ENV, "").strip() or DEFAULT_BASE).rstrip("/")


def sprite_url(card, four_colour: bool = False, base: str | None = None) -> str:
    """The URL of the sprite of `card` (None: a back)."""
    base = sprite_base() if base is None else base.rstrip("/")
    name = sprite_name(card)
    if four_colour and card is not None and card.suit in "DC" and not card.is_joker:
        return f"{base}/four/{name}.png"
    return f"{base}/{name}.png"


def _n(v: float) -> str:
    """A coordinate: at most two decimals, no trailing zeros."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _rgb(colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour[:3])


def _opacity(colour, attr: str) -> str:
    if len(colour) > 3 and colour[3] < 255:
        return f' {attr}="{_n(colour[3] / 255)}"'
    return ""


def grey_matrix() -> str:
    """The feColorMatrix values of a disabled card: Pillow's `ImageEnhance.Color(0.12)` (mix
    with the ITU-R 601 luma) then `Image.blend` with the grey at 0.45."""
    keep, mix = GREY_SATURATION, GREY_MIX
    luma = (0.299, 0.587, 0.114)
    rows = []
    for c in range(3):
        row = [(1 - mix) * ((1 - keep) * luma[k] + (keep if k == c else 0)) for k in range(3)]
        rows.append(row + [0.0, mix * GREY[c] / 255])
    rows.append([0.0, 0.0, 0.0, 1.0, 0.0])
    return " ".join(f"{v:.5f}".rstrip("0").rstrip(".") or "0" for row in rows for v in row)


class _Writer:
    def __init__(self, base: str, uid: str):
        self.base, self.uid = base, uid
        self.used: set[str] = set()
        self.out: list[str] = []

    def card(self, op) -> None:
        w, h = card_size(op.scale)
        card = op.card
        code = "back" if card is None else card.code
        attrs = f' data-card="{escape(code)}" data-state="{op.state}"'
        if op.angle:
            cx, cy = op.centre
            attrs += f' transform="rotate({_n(-op.angle)} {_n(cx)} {_n(cy)})"'
            x, y = cx - w / 2, cy - h / 2
        else:
            x, y = round(op.x), round(op.y)
        href = escape(sprite_url(card, op.four_colour, self.base))
        grey = ""
        if op.state == "disabled":
            self.used.add("grey")
            grey = f' filter="url(#bzg{self.uid})"'
        parts = [f'<g{attrs}><image href="{href}" x="{_n(x)}" y="{_n(y)}" width="{w}" height="{h}"'
                 f' preserveAspectRatio="none"{grey}/>']
        colour = {"selected": SELECT_COLOUR, "highlighted": HIGHLIGHT_COLOUR}.get(op.state)
        if colour is not None:
            sw = OUTLINE_WIDTH * w / CARD_W
            r = max(0.0, CARD_RADIUS * w / CARD_W - sw / 2)
            parts.append(f'<rect x="{_n(x + sw / 2)}" y="{_n(y + sw / 2)}" width="{_n(w - sw)}"'
                         f' height="{_n(h - sw)}" rx="{_n(r)}" fill="none" stroke="{_rgb(colour)}"'
                         f' stroke-width="{_n(sw)}"/>')
        parts.append("</g>")
        self.out.append("".join(parts))

    def shadow(self, op) -> None:
        w, h = card_size(op.scale)
        self.used.add("shadow")
        turn = f' transform="rotate({_n(-op.angle)} {_n(op.cx)} {_n(op.cy)})"' if op.angle else ""
        self.out.append(f'<rect x="{_n(op.cx - w / 2)}" y="{_n(op.cy - h / 2)}" width="{w}"'
                        f' height="{h}" rx="{_n(CARD_RADIUS * w / CARD_W)}" fill="#000"'
                        f' fill-opacity="{_n(SHADOW_ALPHA / 255)}" filter="url(#bzs{self.uid})"'
                        f'{turn}/>')

    def text(self, op) -> None:
        weight = ' font-weight="bold"' if op.bold else ""
        self.out.append(
            f'<text x="{op.x}" y="{op.y + ascent(op.px, op.bold)}" font-size="{op.px}"'
            f'{weight} fill="{_rgb(op.colour)}"{_opacity(op.colour, "fill-opacity")}'
            f' textLength="{_n(op.width)}" lengthAdjust="spacingAndGlyphs">'
            f'{escape(op.text, quote=False)}</text>')

    def badge(self, op) -> None:
        r = op.r
        k = (2 * r + 1) / (2 * r * _SS + 2)             # Pillow draws it 3× and scales down
        cx = op.x + (2 * r * _SS + 1) / 2 * k
        cy = op.y + (2 * r * _SS + 1) / 2 * k
        ring = max(1, r * _SS // 8) * k
        outer = (2 * r * _SS - 1) / 2 * k
        px = round(r * 1.05 * _SS) / _SS
        width = min(text_width(op.text, px, True), 1.6 * r)
        self.out.append(
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(outer - ring / 2)}" fill="#fff"'
            f' fill-opacity="{_n(240 / 255)}" stroke="{_rgb(BACK_COLOUR)}"'
            f' stroke-width="{_n(ring)}"/>'
            f'<text x="{_n(cx)}" y="{_n(cy + cap_height(px, True) / 2)}" font-size="{_n(px)}"'
            f' font-weight="bold" fill="{_rgb(BACK_COLOUR)}" text-anchor="middle"'
            f' textLength="{_n(width)}" lengthAdjust="spacingAndGlyphs">'
            f'{escape(op.text, quote=False)}</text>')

    def slot(self, op) -> None:
        radius = max(2, op.w // 12)
        self.out.append(f'<rect x="{op.x + 1}" y="{op.y + 1}" width="{op.w - 2}"'
                        f' height="{op.h - 2}" rx="{radius - 1}" fill="none"'
                        f' stroke="{_rgb(op.colour)}"{_opacity(op.colour, "stroke-opacity")}'
                        ' stroke-width="2"/>')

    def band(self, op) -> None:
        self.out.append(f'<rect x="{op.x}" y="{op.y}" width="{op.w}" height="{op.h}"'
                        f' rx="{op.radius}" fill="{_rgb(op.colour)}"'
                        f'{_opacity(op.colour, "fill-opacity")}/>')

    def fill(self, op) -> None:
        self.out.append(f'<rect x="{op.x}" y="{op.y}" width="{op.w}" height="{op.h}"'
                        f' fill="{_rgb(op.colour)}"/>')

    def focus(self, op) -> None:
        self.out.append(f'<rect x="{_n(op.x0)}" y="{_n(op.y0)}" width="{_n(op.x1 - op.x0)}"'
                        f' height="{_n(op.y1 - op.y0)}" fill="none" stroke="{_rgb(FOCUS_COLOUR)}"'
                        f' stroke-width="{op.width}" stroke-dasharray="{_n(op.dash)}"'
                        ' data-focus="1"/>')

    def defs(self) -> str:
        parts = []
        if "shadow" in self.used:
            pad = 100 * (SHADOW_PAD + 1) / 30           # percent of a small card's width
            parts.append(f'<filter id="bzs{self.uid}" x="-{_n(pad)}%" y="-{_n(pad)}%"'
                         f' width="{_n(100 + 2 * pad)}%" height="{_n(100 + 2 * pad)}%">'
                         f'<feGaussianBlur stdDeviation="{_n(SHADOW_BLUR)}"/></filter>')
        if "grey" in self.used:
            parts.append(f'<filter id="bzg{self.uid}" color-interpolation-filters="sRGB">'
                         f'<feColorMatrix type="matrix" values="{grey_matrix()}"/></filter>')
        return f"<defs>{''.join(parts)}</defs>" if parts else ""


def font_css(base: str | None = None) -> str:
    """@font-face rules for DejaVu Sans served beside the sprites (the reader's own first)."""
    base = sprite_base() if base is None else base.rstrip("/")
    rules = []
    for bold, name in FONT_FILES.items():
        local = "local('DejaVu Sans Bold'),local('DejaVuSans-Bold')" if bold else \
            "local('DejaVu Sans'),local('DejaVuSans')"
        rules.append(f"@font-face{{font-family:'DejaVu Sans';font-weight:{'bold' if bold else 'normal'};"
                     f"src:{local},url('{base}/{name}') format('woff')}}")
    return "".join(rules)


def layout_svg(lay, *, base: str | None = None, uid: str | int | None = None,
               label: str | None = None, display_width: float | None = None,
               fonts: bool = True) -> str:
    """`lay` (an `ops.Layout`) as an SVG document.

    `base`: where the sprites are (default `sprite_base()`); `uid`: a suffix that keeps the
    ids of this picture's filters apart from other pictures' on the page (default: a new
    number); `label`: the picture's accessible name (default its description; "" makes it
    decorative); `display_width`: its width on the page in CSS pixels (default its own
    width; it never grows wider than its container); `fonts`: add the @font-face rules."""
    base = sprite_base() if base is None else base.rstrip("/")
    uid = next(_IDS) if uid is None else uid
    w, h = lay.size
    writer = _Writer(base, str(uid))
    if lay.background:
        writer.out.append(f'<rect width="{w}" height="{h}" fill="{_rgb(lay.background)}"/>')
    for op in lay.ops:
        getattr(writer, op.kind)(op)
    label = lay.description.replace("\n", " ") if label is None else label
    aria = (f' role="img" aria-label="{escape(label)}"' if label else ' aria-hidden="true"')
    shown = display_width if display_width is not None else w
    style = f"<style>{font_css(base)}</style>" if fonts and any(
        op.kind in ("text", "badge") for op in lay.ops) else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{_n(shown)}"'
            f' height="{_n(shown * h / max(1, w))}"'
            f' class="bezique-cards-svg"{aria} font-family="{FONT_FAMILY}"'
            f' style="max-width:100%;height:auto;aspect-ratio:{w} / {h};display:block">'
            f"{style}{writer.defs()}{''.join(writer.out)}</svg>")
