"""Card pictures drawn with Pillow: faces with Russian indices, backs, and card states; and
the pieces the Pillow painter (`paint.py`) pastes into a layout: shadows, lines of text, the
stock's badge, an empty place, the darker band under a hand.

Nothing here imports Jupyter. The same faces become PNG files for the book's text, the
pictures on the live `CardCanvas`, and the sprites the SVG pictures show
(`sprites.export_card_sprites`). Sizes and colours are shared with the SVG writer (`style`).

A face carries the Russian index (Т, 10, К, Д, В, 9, 8, 7) and the suit symbol in two
corners, pips for 7–10, one large pip for the ace, and a framed letter for the courts.
Every image is drawn three times larger and scaled down (anti-aliasing), then cached.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageEnhance, ImageFilter, ImageFont

from ...cards import RANK_RU, SUIT_SYMBOL, Card
from .metrics import font_file
from .style import (BACK_COLOUR, BACK_LINE, BLACK, BLUE, CARD_H, CARD_RADIUS, CARD_W, EDGE,
                    GREEN, GREY, GREY_MIX, GREY_SATURATION, HIGHLIGHT_COLOUR, JOKER_COLOUR,
                    OUTLINE_WIDTH, PAPER, RED, SELECT_COLOUR, SHADOW_ALPHA, SHADOW_BLUR,
                    SHADOW_PAD, STATES, card_label, card_size, suit_colour)

__all__ = ["card_image", "back_image", "shadow_image", "rotated", "text_image", "badge_image",
           "slot_image", "band_image", "get_font", "font_path", "card_label", "card_size",
           "suit_colour", "CARD_W", "CARD_H", "SHADOW_PAD", "STATES", "BLACK", "RED", "GREEN",
           "BLUE", "SELECT_COLOUR", "HIGHLIGHT_COLOUR", "PAPER", "EDGE", "BACK_COLOUR",
           "BACK_LINE", "JOKER_COLOUR"]

_SS = 3                            # supersampling factor

_TINT = {RED: (252, 238, 234), BLACK: (236, 239, 245), GREEN: (232, 245, 236),
         BLUE: (232, 239, 251)}

# Chess figures crown the court letters: king, queen, and a knight for the jack.
_COURT_FIGURE = {"K": "♚", "Q": "♛", "J": "♞"}

# Pip positions for 7–10: (column, row) in a unit box; rows below 0.5 are drawn upside down.
_PIPS = {
    "7": [(0, 0), (1, 0), (0, .5), (1, .5), (0, 1), (1, 1), (.5, .25)],
    "8": [(0, 0), (1, 0), (0, .5), (1, .5), (0, 1), (1, 1), (.5, .25), (.5, .75)],
    "9": [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1),
          (.5, .5)],
    "T": [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1),
          (.5, 1 / 6), (.5, 5 / 6)],
}


# --------------------------------------------------------------------------- fonts

@lru_cache(maxsize=8)
def font_path(bold: bool = False, serif: bool = False) -> str:
    """A DejaVu font file shipped by matplotlib (Cyrillic and ♠♥♦♣ included)."""
    return font_file(("DejaVuSerif" if serif else "DejaVuSans") + ("-Bold" if bold else "") + ".ttf")


@lru_cache(maxsize=256)
def get_font(size: int, bold: bool = False, serif: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(font_path(bold, serif), max(1, int(size)))


# --------------------------------------------------------------------------- glyphs

@lru_cache(maxsize=1024)
def _glyph(text: str, px: int, colour: tuple, bold: bool = True, serif: bool = False,
           max_w: int | None = None) -> Image.Image:
    """`text` drawn in `colour`, cropped to its ink; squeezed horizontally to `max_w`."""
    font = get_font(px, bold, serif)
    left, top, right, bottom = font.getbbox(text)
    img = Image.new("RGBA", (right - left + 2, bottom - top + 2), colour + (0,))
    ImageDraw.Draw(img).text((1 - left, 1 - top), text, font=font, fill=colour + (255,))
    if max_w is not None and img.width > max_w:
        img = img.resize((max_w, img.height), Image.Resampling.LANCZOS)
    return img


def _paste_centre(base: Image.Image, img: Image.Image, cx: float, cy: float,
                  flip: bool = False) -> None:
    if flip:
        img = img.transpose(Image.Transpose.ROTATE_180)
    base.alpha_composite(img, (round(cx - img.width / 2), round(cy - img.height / 2)))


def _rounded_mask(w: int, h: int, radius: int) -> Image.Image:
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=255)
    return mask


# --------------------------------------------------------------------------- faces

def _draw_corner(img: Image.Image, card: Card, colour: tuple, u: float) -> None:
    """The Russian index (rank over suit) in the top-left corner and, upside down,
    in the bottom-right one."""
    rank = _glyph(RANK_RU[card.rank], round(16 * u), colour, True, False, round(12.5 * u))
    suit = _glyph(SUIT_SYMBOL[card.suit], round(12 * u), colour)
    cx = 8.5 * u
    rank_cy = 4.5 * u + rank.height / 2
    suit_cy = rank_cy + rank.height / 2 + 2.5 * u + suit.height / 2
    w, h = img.size
    for flip in (False, True):
        x = w - cx if flip else cx
        _paste_centre(img, rank, x, h - rank_cy if flip else rank_cy, flip)
        _paste_centre(img, suit, x, h - suit_cy if flip else suit_cy, flip)


def _draw_pips(img: Image.Image, card: Card, colour: tuple, u: float) -> None:
    w, h = img.size
    symbol = SUIT_SYMBOL[card.suit]
    if card.rank == "A":
        big = _glyph(symbol, round(50 * u), colour)
        _paste_centre(img, big, w / 2, h / 2)
        return
    pip = _glyph(symbol, round(15.5 * u), colour)
    x0, x1 = 24.5 * u, w - 24.5 * u
    y0, y1 = 15 * u, h - 15 * u
    for col, row in _PIPS[card.rank]:
        cx = x0 + (x1 - x0) * col
        cy = y0 + (y1 - y0) * row
        _paste_centre(img, pip, cx, cy, flip=row > 0.5)


def _draw_court(img: Image.Image, card: Card, colour: tuple, u: float) -> None:
    """A framed panel: a chess figure above, the large Russian letter, the suit below."""
    w, h = img.size
    draw = ImageDraw.Draw(img)
    box = (17 * u, 13 * u, w - 17 * u, h - 13 * u)
    draw.rounded_rectangle(box, radius=round(3 * u), fill=_TINT[colour] + (255,),
                           outline=colour + (255,), width=max(1, round(1.2 * u)))
    inner = (box[0] + 2.5 * u, box[1] + 2.5 * u, box[2] - 2.5 * u, box[3] - 2.5 * u)
    draw.rounded_rectangle(inner, radius=round(2 * u), outline=colour + (110,),
                           width=max(1, round(0.6 * u)))
    letter = _glyph(RANK_RU[card.rank], round(34 * u), colour, True, True)
    _paste_centre(img, letter, w / 2, h / 2)
    figure = _glyph(_COURT_FIGURE[card.rank], round(14 * u), colour)
    _paste_centre(img, figure, w / 2, box[1] + 12 * u)
    suit = _glyph(SUIT_SYMBOL[card.suit], round(14 * u), colour)
    _paste_centre(img, suit, w / 2, box[3] - 12 * u, flip=True)


def _blank(w: int, h: int, u: float, fill: tuple = PAPER) -> Image.Image:
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=round(6 * u), fill=fill + (255,),
        outline=EDGE + (255,), width=max(1, round(1.0 * u)))
    return img


def _outline(img: Image.Image, colour: tuple, u: float, width: float = OUTLINE_WIDTH) -> None:
    w, h = img.size
    ImageDraw.Draw(img).rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=round(CARD_RADIUS * u), outline=colour + (255,),
        width=max(1, round(width * u)))


def _grey_out(img: Image.Image) -> Image.Image:
    """Lower saturation and contrast: the look of a card that cannot be played."""
    alpha = img.getchannel("A")
    rgb = ImageEnhance.Color(img.convert("RGB")).enhance(GREY_SATURATION)
    rgb = Image.blend(rgb, Image.new("RGB", img.size, GREY), GREY_MIX)
    rgb.putalpha(alpha)
    return rgb


def _finish(big: Image.Image, scale: float, state: str) -> Image.Image:
    """Scale the supersampled drawing down, then apply the state's look."""
    w, h = card_size(scale)
    u = w / CARD_W * _SS
    if state == "selected":
        _outline(big, SELECT_COLOUR, u)
    elif state == "highlighted":
        _outline(big, HIGHLIGHT_COLOUR, u)
    img = big.resize((w, h), Image.Resampling.LANCZOS)
    if state == "disabled":
        img = _grey_out(img)
    return img


@lru_cache(maxsize=1024)
def _face(rank: str, suit: str, scale: float, four_colour: bool, state: str) -> Image.Image:
    w, h = card_size(scale)
    bw, bh = w * _SS, h * _SS
    u = bw / CARD_W
    card = Card(rank, suit)
    big = _blank(bw, bh, u)
    if card.is_joker:                       # the infusorka of many-pack bezique: no suit, no rank
        _draw_joker(big, u)
        return _finish(big, scale, state)
    colour = suit_colour(suit, four_colour)
    if card.is_court:
        _draw_court(big, card, colour, u)
    else:
        _draw_pips(big, card, colour, u)
    _draw_corner(big, card, colour, u)
    return _finish(big, scale, state)


def _draw_joker(img: Image.Image, u: float) -> None:
    """A star and «ИНФ»: the infusorka has neither suit nor rank."""
    dr = ImageDraw.Draw(img)
    w, h = img.size
    dr.text((w / 2, h * 0.42), "★", font=get_font(round(40 * u), bold=True), fill=JOKER_COLOUR,
            anchor="mm")
    dr.text((w / 2, h * 0.78), "ИНФ", font=get_font(round(15 * u), bold=True), fill=JOKER_COLOUR,
            anchor="mm")


def card_image(card: Card, scale: float = 1.0, four_colour: bool = False,
               state: str = "normal") -> Image.Image:
    """The face of `card` as an RGBA image (cached; do not modify the result).

    `state` is one of "normal", "selected" (blue outline), "disabled" (greyed out),
    "highlighted" (gold outline). Identical copies of a card share a picture.
    """
    if state not in STATES:
        raise ValueError(f"unknown card state {state!r}; expected one of {STATES}")
    return _face(card.rank, card.suit, float(scale), bool(four_colour), state)


# --------------------------------------------------------------------------- backs

@lru_cache(maxsize=64)
def back_image(scale: float = 1.0, state: str = "normal") -> Image.Image:
    """The back of a card: a navy lattice inside a white border, a small medallion."""
    w, h = card_size(scale)
    bw, bh = w * _SS, h * _SS
    u = bw / CARD_W
    big = _blank(bw, bh, u, fill=(250, 250, 252))
    m = round(4.5 * u)
    iw, ih = bw - 2 * m, bh - 2 * m
    field = Image.new("RGBA", (iw, ih), BACK_COLOUR + (255,))
    draw = ImageDraw.Draw(field)
    step = 7 * u
    lw = max(1, round(0.9 * u))
    k = -ih
    while k < iw + ih:
        draw.line((k, 0, k + ih, ih), fill=BACK_LINE + (255,), width=lw)
        draw.line((k + ih, 0, k, ih), fill=BACK_LINE + (255,), width=lw)
        k += step
    gold = (218, 186, 98, 255)
    f = 2.5 * u
    draw.rounded_rectangle((f, f, iw - 1 - f, ih - 1 - f), radius=round(2 * u), outline=gold,
                           width=max(1, round(0.8 * u)))
    cx, cy = iw / 2, ih / 2
    rx, ry = 12 * u, 16 * u
    draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=BACK_COLOUR + (255,), outline=gold,
                 width=max(1, round(1.3 * u)))
    r2 = 2.2 * u
    draw.ellipse((cx - rx + r2, cy - ry + r2, cx + rx - r2, cy + ry - r2), outline=gold,
                 width=max(1, round(0.5 * u)))
    monogram = _glyph("Б", round(17 * u), gold[:3], True, True)
    _paste_centre(field, monogram, cx, cy)
    big.paste(field, (m, m), _rounded_mask(iw, ih, round(3.5 * u)))
    return _finish(big, scale, state)


# --------------------------------------------------------------------------- shadow

@lru_cache(maxsize=64)
def shadow_image(scale: float = 1.0, angle: float = 0.0) -> Image.Image:
    """A soft shadow for one card; paste it at (x - SHADOW_PAD + 1, y - SHADOW_PAD + 2)."""
    w, h = card_size(scale)
    p = SHADOW_PAD
    img = Image.new("RGBA", (w + 2 * p, h + 2 * p), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle((p, p, p + w - 1, p + h - 1),
                                          radius=round(CARD_RADIUS * w / CARD_W),
                                          fill=(0, 0, 0, SHADOW_ALPHA))
    img = img.filter(ImageFilter.GaussianBlur(SHADOW_BLUR))
    if angle:
        img = img.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
    return img


_ROTATED: dict[tuple[int, float], tuple[Image.Image, Image.Image]] = {}


def rotated(img: Image.Image, angle: float) -> Image.Image:
    """A cached rotation (degrees, counter-clockwise) of a cached card picture."""
    key = (id(img), round(angle, 3))
    hit = _ROTATED.get(key)
    if hit is None or hit[0] is not img:
        if len(_ROTATED) > 2048:
            _ROTATED.clear()
        hit = _ROTATED[key] = (img, img.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True))
    return hit[1]


# --------------------------------------------------------------------------- labels

@lru_cache(maxsize=512)
def text_image(text: str, px: int, colour: tuple, bold: bool) -> Image.Image:
    """One line of text on a transparent image as tall as the font (ascender to descender)."""
    font = get_font(px, bold)
    ascent, descent = font.getmetrics()
    img = Image.new("RGBA", (max(1, math.ceil(font.getlength(text))), ascent + descent))
    ImageDraw.Draw(img).text((0, 0), text, font=font, fill=tuple(colour[:3]) + (colour[3:] or (255,)))
    return img


@lru_cache(maxsize=128)
def badge_image(text: str, r: int) -> Image.Image:
    """The number of cards in the stock: a white disc with a navy rim."""
    big = Image.new("RGBA", (2 * r * _SS + 2, 2 * r * _SS + 2))
    draw = ImageDraw.Draw(big)
    draw.ellipse((1, 1, 2 * r * _SS, 2 * r * _SS), fill=(255, 255, 255, 240),
                 outline=BACK_COLOUR + (255,), width=max(1, r * _SS // 8))
    glyph = _glyph(text, round(r * 1.05 * _SS), BACK_COLOUR, True, False, round(1.6 * r * _SS))
    _paste_centre(big, glyph, big.width / 2, big.height / 2)
    return big.resize((2 * r + 1, 2 * r + 1), Image.Resampling.LANCZOS)


@lru_cache(maxsize=32)
def slot_image(w: int, h: int, colour: tuple) -> Image.Image:
    """The outline of an empty place on the table (an empty stock)."""
    img = Image.new("RGBA", (w, h))
    ImageDraw.Draw(img).rounded_rectangle((0, 0, w - 1, h - 1), radius=max(2, w // 12),
                                          outline=colour, width=2)
    return img



@lru_cache(maxsize=32)
def band_image(w: int, h: int, radius: int, colour: tuple) -> Image.Image:
    """A filled rounded rectangle (the darker felt under a hand in two rows)."""
    img = Image.new("RGBA", (w, h), tuple(colour[:3]) + (0,))
    ImageDraw.Draw(img).rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=tuple(colour))
    return img
