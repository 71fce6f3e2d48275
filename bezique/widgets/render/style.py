"""The look of the card pictures that every painter shares: sizes, colours, card states, and
the Russian text equivalent of one card. Pure Python (no Pillow): the layouts, the Pillow
painter (`drawing`, `paint`) and the SVG writer (`svg`) all read it from here.
"""

from __future__ import annotations

import math

from ...cards import Card

CARD_W, CARD_H = 70, 100          # size at scale 1.0
SHADOW_PAD = 4                    # a card's shadow reaches this far around it (before offset)
SHADOW_OFFSET = (1, 2)            # the shadow lies a little right and down
SHADOW_ALPHA = 70                 # its darkness (0–255)
SHADOW_BLUR = 1.6                 # its blur radius, pixels

# Suit colours: classic two colours, and the four-colour pack (♣ green, ♦ blue).
BLACK = (26, 26, 30)
RED = (200, 24, 40)
GREEN = (22, 124, 58)
BLUE = (24, 86, 196)
SELECT_COLOUR = (25, 118, 230)    # outline of a selected card
HIGHLIGHT_COLOUR = (240, 170, 0)  # outline of a highlighted card (a meld, the winner)
OUTLINE_WIDTH = 3.2               # of those outlines, at scale 1
PAPER = (255, 254, 250)
EDGE = (120, 120, 128)
CARD_RADIUS = 6                   # corner radius at scale 1
# A disabled card: its colours 12 % saturated, then mixed 45 % with this grey.
GREY_SATURATION = 0.12
GREY = (200, 200, 204)
GREY_MIX = 0.45

BACK_COLOUR = (28, 58, 112)
BACK_LINE = (78, 118, 180)
JOKER_COLOUR = (110, 40, 150)
FOCUS_COLOUR = (20, 20, 20)       # the keyboard focus ring

STATES = ("normal", "selected", "disabled", "highlighted")


def card_size(scale: float = 1.0) -> tuple[int, int]:
    return round(CARD_W * scale), round(CARD_H * scale)


def suit_colour(suit: str, four_colour: bool = False) -> tuple[int, int, int]:
    """RGB colour of a suit: hearts/diamonds red, spades/clubs black; or ♣ green, ♦ blue."""
    if four_colour:
        return {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}[suit]
    return RED if suit in "HD" else BLACK


def rotated_size(w: int, h: int, angle: float) -> tuple[int, int]:
    """The size of a w×h picture turned by `angle` degrees (counter-clockwise) into the
    smallest whole-pixel box, as Pillow's `rotate(expand=True)` computes it."""
    angle %= 360.0
    if angle == 0:
        return w, h
    if angle in (90.0, 270.0):
        return h, w
    if angle == 180.0:
        return w, h
    a = -math.radians(angle)
    c, s = round(math.cos(a), 15), round(math.sin(a), 15)
    cx, cy = w / 2, h / 2
    tx = c * -cx + s * -cy + cx
    ty = -s * -cx + c * -cy + cy
    xs = [c * x + s * y + tx for x, y in ((0, 0), (w, 0), (w, h), (0, h))]
    ys = [-s * x + c * y + ty for x, y in ((0, 0), (w, 0), (w, h), (0, h))]
    return (math.ceil(max(xs)) - math.floor(min(xs)), math.ceil(max(ys)) - math.floor(min(ys)))


def card_label(card: Card | None, state: str = "normal") -> str:
    """The Russian text equivalent of one card picture: «дама пик (выбрана)»."""
    name = "карта рубашкой вверх" if card is None else card.name_ru
    note = {"selected": "выбрана", "disabled": "недоступна",
            "highlighted": "выделена"}.get(state)
    if note and card is not None:
        # «выбрана» agrees with «карта»; «туз», «король», «валет» are masculine.
        if card.rank in ("A", "K", "J"):
            note = {"выбрана": "выбран", "недоступна": "недоступен",
                    "выделена": "выделен"}[note]
        return f"{name} ({note})"
    return name


def sprite_name(card: Card | None) -> str:
    """The file of a card's face among the exported sprites (`sprites.export_card_sprites`):
    «QS» for the queen of spades, «XX» for the infusorka, «back» for a card face down."""
    if card is None:
        return "back"
    return f"{card.rank}{card.suit}"
