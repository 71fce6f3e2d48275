"""The Jupyter face of the course: card pictures, the clickable card canvas, demos.

Only this package may import Jupyter libraries. `drawing` and `layout` need Pillow alone;
`canvas` needs ipywidgets and ipycanvas and is imported on first use of its names.
"""

from .drawing import card_image, back_image, card_label, suit_colour, card_size
from .layout import (HitBox, Layout, order_cards, layout_hand, layout_trick, layout_table,
                     layout_stock, layout_scene)

_CANVAS_NAMES = {"CardCanvas", "Picture", "card_png", "hand_png", "hand_html", "hand_picture",
                 "card_picture", "scene_picture", "img_html", "description_html"}

__all__ = ["card_image", "back_image", "card_label", "suit_colour", "card_size", "HitBox",
           "Layout", "order_cards", "layout_hand", "layout_trick", "layout_table",
           "layout_stock", "layout_scene", *sorted(_CANVAS_NAMES)]


def __getattr__(name: str):
    if name in _CANVAS_NAMES:
        from . import canvas

        return getattr(canvas, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
