"""`CardCanvas`: a clickable picture of cards for notebooks, and static card pictures.

The picture is a layout (`layout.py`, `play_table.py`): drawing operations with the hit boxes
of the cards. A display shows it (`display.py` chooses): the ipycanvas canvas with the picture
painted by Pillow in CPython kernels, or the SVG widget of book/live/widgets/cards.js in the
browser kernel. Both report clicks in picture pixels; the layout's hit boxes turn them into
cards, so both displays pick the same card at the same point.

Every picture has a Russian text equivalent: HTML under the picture listing the cards
(«дама пик (выбрана), валет бубен, …»), visually hidden (`SR_ONLY_STYLE`) and read by screen
readers.
"""

from __future__ import annotations

import html
from typing import Callable, Iterable

import ipywidgets
import traitlets

from ...cards import Card
from .display import img_html, make_display, picture_html
from .layout import (Layout, layout_card, layout_hand, layout_scene, layout_stock, layout_table,
                     layout_trick, order_cards)
from .narrow_table import PIXEL_RATIO, is_narrow
from .phone import hand_width, narrow_scene, output_probe
from .ops import FocusOp
from .style import card_label
from .width import hidden

__all__ = ["CardCanvas", "Picture", "img_html", "picture_html", "card_png", "hand_png",
           "hand_picture", "card_picture", "scene_picture", "hand_html", "description_html",
           "SR_ONLY_CLASS", "SR_ONLY_STYLE"]

SELECT_MODES = ("none", "single", "multi")


def _flat(cards) -> list[Card]:
    """Cards of a flat list or of a list of melds."""
    out: list[Card] = []
    for item in cards or ():
        if isinstance(item, Card):
            out.append(item)
        else:
            out.extend(item)
    return out


class CardCanvas(ipywidgets.VBox):
    """A picture of cards that can be clicked, with its text equivalent underneath.

    >>> cc = CardCanvas(select_mode="multi")
    >>> cc.show_hand(cards, disabled=illegal)
    >>> cc.on_card_click(lambda card: print(card.name_ru))
    >>> cc.selected          # the set of selected cards

    `select_mode`: "none" (clicks are only reported), "single" (one selected card; a
    second click on it unselects) or "multi" (each click toggles). Only the cards of
    your hand and of your declared cards can be selected; disabled cards never are.
    `display`: "canvas" or "svg" (default `display.display_kind()`); `self.canvas` is that
    display's widget, `self.display` the display.

    On a phone (`phone.py`): `probe` reports the width of the output the canvas stands in;
    narrow, a scene of `layout_scene` is drawn as the narrow table at `PIXEL_RATIO` picture
    pixels a CSS pixel, a hand at most `phone.NARROW_HAND_WIDTH` wide. While nothing is
    reported (a static page, nbval, pytest) every picture is the laptop's. Clicks map through
    the boxes of the picture shown.
    """

    selected = traitlets.Set()
    select_mode = traitlets.Enum(SELECT_MODES, default_value="none")
    four_colour = traitlets.Bool(False)

    def __init__(self, select_mode: str = "none", four_colour: bool = False,
                 scale: float = 1.0, pixel_ratio: float = 1.0, name: str = "Карты",
                 display: str | None = None, **kwargs):
        self.display = make_display(pixel_ratio, display)
        self.canvas = self.display.widget       # the picture's widget (ipycanvas or SVG)
        self.text = ipywidgets.HTML()
        self.probe = output_probe()
        super().__init__([self.canvas, self.text, hidden(self.probe)], **kwargs)
        self.add_class("bezique-card-canvas")
        self.scale = scale
        self.pixel_ratio = pixel_ratio
        self.name = name
        if self.display.kind == "svg":
            self.canvas.label = name
        self.layout_result: Layout | None = None
        self.disabled: frozenset[Card] = frozenset()
        self.highlighted: frozenset[Card] = frozenset()
        self._selectable: frozenset[Card] = frozenset()
        self._render: Callable[[], Layout] | None = None
        self._click_handlers = ipywidgets.CallbackDispatcher()
        self._disabled_handlers = ipywidgets.CallbackDispatcher()
        self._box_handlers = ipywidgets.CallbackDispatcher()
        self._quiet = False
        self._fits: str | None = None        # "scene" or "hand": the picture follows the width
        self._focus: int | None = None       # keyboard focus: index of a hit box
        self.set_trait("select_mode", select_mode)
        self.set_trait("four_colour", four_colour)
        self.display.connect(self.click, self.key)
        self.observe(self._on_look_change, names=["selected", "four_colour", "select_mode"])
        self.probe.observe(self._on_width, names="width")

    @property
    def narrow(self) -> bool:
        """The page shows this canvas in a narrow output (a phone)."""
        return is_narrow(self.probe.width)

    def _on_width(self, change) -> None:
        if self._fits and is_narrow(change["old"]) != is_narrow(change["new"]):
            self.redraw()

    # ------------------------------------------------------------------ showing

    def show_hand(self, cards: Iterable[Card] | int, *, selected=None, disabled=(),
                  highlighted=(), four_colour: bool | None = None, **layout_kwargs) -> None:
        """Show a hand (`layout_hand` options: fan, order, caption, face_down, …)."""
        hand = cards if isinstance(cards, int) else list(cards)
        own = () if isinstance(hand, int) or layout_kwargs.get("face_down") else hand

        def draw(**kw):
            return layout_hand(hand, **{"lift": self.select_mode != "none", "title": self.name,
                                        **layout_kwargs, **kw,
                                        "max_width": hand_width(layout_kwargs.get("max_width"),
                                                                self.probe.width)})
        self._show(own, selected, disabled, highlighted, four_colour, draw, fits="hand")

    def show_table(self, cards, *, selected=None, disabled=(), highlighted=(),
                   four_colour: bool | None = None, **layout_kwargs) -> None:
        """Show a player's declared cards (a flat list or a list of melds)."""
        groups = list(cards)
        self._show(_flat(groups), selected, disabled, highlighted, four_colour,
                   lambda **kw: layout_table(groups, **kw, **layout_kwargs))

    def show_trick(self, plays, *, winner=None, four_colour: bool | None = None,
                   **layout_kwargs) -> None:
        """Show a trick: cards or (who, card) pairs; clicks are reported, not selected."""
        plays = list(plays)
        self._show((), None, (), (), four_colour,
                   lambda four_colour, scale, **_: layout_trick(
                       plays, winner=winner, four_colour=four_colour, scale=scale, **layout_kwargs))

    def show_stock(self, count: int, turn_up: Card | None = None, **layout_kwargs) -> None:
        """Show the stock with its count and the turn-up."""
        self._show((), None, (), (), None,
                   lambda four_colour, scale, **_: layout_stock(
                       count, turn_up, four_colour=four_colour, scale=scale, **layout_kwargs))

    def show_scene(self, hand: Iterable[Card], *, table=(), selected=None, disabled=(),
                   highlighted=(), four_colour: bool | None = None, layout=None,
                   **scene_kwargs) -> None:
        """Show a whole table (`layout_scene` options: opponent, trick, opponent_table,
        stock, turn_up, winner, caption, names; or another scene layout with the same
        arguments, e.g. `play_table.layout_play_table`). Your hand and table are selectable."""
        hand, table = list(hand), list(table)

        def draw(**kw):
            args = {"lift": self.select_mode != "none", **scene_kwargs, **kw}
            if layout is None and self.narrow:    # the phone's size, whatever the demo's scale
                return narrow_scene(hand, PIXEL_RATIO * self.pixel_ratio, table=table, **args)
            return (layout or layout_scene)(hand, table=table, **args)
        self._show(hand + _flat(table), selected, disabled, highlighted, four_colour, draw,
                   fits="scene" if layout is None else None)

    def _show(self, own, selected, disabled, highlighted, four_colour, render,
              fits: str | None = None) -> None:
        self._fits = fits
        focused = self.focused_card
        self._selectable = frozenset(own)
        self.disabled = frozenset(disabled)
        self.highlighted = frozenset(highlighted)
        self._render = lambda: render(selected=self.selected, disabled=self.disabled,
                                      highlighted=self.highlighted, four_colour=self.four_colour,
                                      scale=self.scale * self.pixel_ratio)
        self._quiet = True
        try:
            if four_colour is not None:
                self.four_colour = four_colour
            keep = self.selected if selected is None else set(selected)
            self.selected = {c for c in keep if c in self._selectable and c not in self.disabled}
        finally:
            self._quiet = False
        self._focus = None
        self.redraw(focus_card=focused)

    def _on_look_change(self, change) -> None:
        if self._quiet:
            return
        if change["name"] == "select_mode" and change["new"] != "multi" and len(self.selected) > 1:
            self.selected = set()
            return
        if self._render is not None:
            self.redraw()

    def redraw(self, focus_card: Card | None = None) -> None:
        """Lay the current picture out and show it (live and in the widget state)."""
        if self._render is None:
            return
        narrow_scene = self._fits == "scene" and self.narrow
        self.display.pixel_ratio = self.pixel_ratio * (PIXEL_RATIO if narrow_scene else 1)
        lay = self._render()
        if focus_card is not None:             # keep the keyboard focus on the same card
            self._focus = next((i for i, b in enumerate(lay.boxes) if b.card is focus_card), None)
        if self._focus is not None and self._focus >= len(lay.boxes):
            self._focus = None
        if self._focus is not None:
            lay = lay.with_ops(focus_ring(lay, self._focus, self.display.pixel_ratio))
        self.layout_result = lay
        self.display.show(lay)
        # No `canvas.tooltip`: the widgets' JavaScript then reads the canvas's (missing)
        # `description` and the view fails to render. The text below the canvas says it all.
        text = lay.description
        if self._focus is not None:
            text += f"\nКлавиатура: {lay.boxes[self._focus].label}."
        self.text.value = description_html(text)

    def _on_client_ready(self, *_) -> None:
        """A page with a kernel shows this picture: the display sends it again if need be."""
        self.display.client_ready()

    @property
    def focused_card(self) -> Card | None:
        """The card under the keyboard focus (← → move it, Enter or Space click it)."""
        lay = self.layout_result
        if self._focus is None or lay is None or self._focus >= len(lay.boxes):
            return None
        return lay.boxes[self._focus].card

    def key(self, key: str) -> None:
        """Keyboard use, as the canvas receives it: ←/→ (or ↑/↓, Home, End) move the focus
        over the cards, Enter or Space click the focused card, Escape clears the selection."""
        lay = self.layout_result
        if lay is None or not lay.boxes:
            return
        order = sorted(range(len(lay.boxes)), key=lambda i: (lay.boxes[i].y // 40, lay.boxes[i].x))
        order = [i for i in order if lay.boxes[i].card is not None] or order
        pos = order.index(self._focus) if self._focus in order else None
        moves = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}
        if key in moves:
            pos = 0 if pos is None else (pos + moves[key]) % len(order)
        elif key in ("Home", "End"):
            pos = 0 if key == "Home" else len(order) - 1
        elif key in ("Enter", " ", "Spacebar") and pos is not None:
            self.click(*_visible_point(lay, order[pos]))   # redraws if the selection changes
            return
        elif key == "Escape":
            self.clear_selection()
            return
        else:
            return
        self._focus = order[pos]
        self.redraw()

    # ------------------------------------------------------------------ clicks

    def on_card_click(self, callback: Callable[[Card], None], remove: bool = False) -> None:
        """Call `callback(card)` when an enabled card is clicked (after the selection
        has been updated)."""
        self._click_handlers.register_callback(callback, remove=remove)

    def on_disabled_click(self, callback: Callable[[Card], None], remove: bool = False) -> None:
        """Call `callback(card)` when a disabled (greyed) card is clicked, e.g. to explain
        why it cannot be played."""
        self._disabled_handlers.register_callback(callback, remove=remove)

    def on_box_click(self, callback, remove: bool = False) -> None:
        """Call `callback(hit_box)` for every click on anything (the stock, a back, …)."""
        self._box_handlers.register_callback(callback, remove=remove)

    def click(self, x: float, y: float):
        """Handle a click at picture pixel (x, y), as the mouse does; return the hit box."""
        lay = self.layout_result
        box = lay.hit_test(x, y) if lay is not None else None
        if box is None:
            return None
        self._box_handlers(box)
        card = box.card
        if card is None:
            return box
        if card in self.disabled:
            self._disabled_handlers(card)
            return box
        if card in self._selectable and self.select_mode != "none":
            self.toggle(card)
        self._click_handlers(card)
        return box

    def click_card(self, card: Card):
        """Click the centre of the visible part of `card` (for tests and keyboards)."""
        lay = self.layout_result
        for i, box in enumerate(lay.boxes if lay else ()):
            if box.card is card:
                return self.click(*_visible_point(lay, i))
        raise ValueError(f"на картинке нет карты «{card.name_ru}»")

    def toggle(self, card: Card) -> None:
        """Select or unselect one card according to `select_mode`."""
        if card not in self._selectable or card in self.disabled:
            return
        if self.select_mode == "single":
            self.selected = set() if card in self.selected else {card}
        elif self.select_mode == "multi":
            self.selected = self.selected ^ {card}

    def clear_selection(self) -> None:
        self.selected = set()

    @property
    def png(self) -> bytes:
        """The current picture as PNG (b"" without Pillow, in the browser kernel)."""
        return self.display.png

    def _repr_png_(self) -> bytes | None:
        return self.png or None


def _visible_point(lay: Layout, index: int) -> tuple[float, float]:
    """A point of box `index` that no later box covers (the middle of its visible strip)."""
    box = lay.boxes[index]
    right = box.x + box.w
    for other in lay.boxes[index + 1:]:
        if other.y < box.y + box.h and other.y + other.h > box.y and box.x < other.x < right:
            right = other.x
    return ((box.x + right) / 2, box.y + box.h / 2)


def focus_ring(lay: Layout, index: int, ratio: float = 1.0) -> FocusOp:
    """A dashed dark ring around the keyboard-focused box."""
    box = lay.boxes[index]
    return FocusOp(box.x - 3, box.y - 3, box.x + box.w + 2, box.y + box.h + 2,
                   max(2, round(2 * ratio)), 6 * ratio)


def description_html(description: str) -> str:
    """The text equivalent of a picture, one line per part of the table."""
    lines = [html.escape(line) for line in description.split("\n") if line]
    return (f'<div class="bezique-cards-text {SR_ONLY_CLASS}" style="{SR_ONLY_STYLE}">'
            + "<br>".join(lines) + "</div>")


# Text for screen readers only: read aloud, not shown (the picture shows it). The style is
# inline because a Voilà page or a notebook does not load the book's CSS.
SR_ONLY_CLASS = "bezique-sr-only"
SR_ONLY_STYLE = ("position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;"
                 "overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap")


# ====================================================================== static pictures

class Picture:
    """A finished picture: shown as an <img> with alt text in notebooks and pages, or as inline
    SVG on the SVG route (`_repr_html_`, `display.picture_html`); as PNG (`_repr_png_`,
    `.png`) where Pillow is. `alt` is its text equivalent."""

    def __init__(self, layout: Layout, alt: str | None = None):
        self.layout = layout
        self.alt = alt if alt is not None else layout.description.replace("\n", " ")

    @property
    def png(self) -> bytes:
        return self.layout.png(6)

    def __repr__(self) -> str:                 # the text/plain output: no memory address
        return f"Картинка: {self.alt}"

    def _repr_png_(self) -> bytes | None:
        try:
            return self.png
        except ImportError:                    # no Pillow (the browser kernel)
            return None

    def _repr_html_(self) -> str:
        return picture_html(self.layout, self.alt)

    def save(self, path: str) -> None:
        with open(path, "wb") as f:
            f.write(self.png)


def _names(cards: Iterable[Card], order) -> str:
    return ", ".join(c.name_ru for c in order_cards(cards, order))


def card_png(card: Card, scale: float = 1.0, four_colour: bool = False,
             state: str = "normal") -> bytes:
    """One card face as PNG bytes (state: normal, selected, disabled, highlighted)."""
    return layout_card(card, scale, four_colour, state).png(6)


def hand_png(cards: Iterable[Card], **layout_kwargs) -> bytes:
    """A hand as PNG bytes; options as for `layout_hand` (no caption by default)."""
    return layout_hand(list(cards), **layout_kwargs).png(6)


def hand_picture(cards: Iterable[Card], **layout_kwargs) -> Picture:
    """A hand for a notebook cell: displays as a picture with its alt text."""
    cards = list(cards)
    return Picture(layout_hand(cards, **layout_kwargs),
                   _names(cards, layout_kwargs.get("order", "alternate")))


def card_picture(card: Card, scale: float = 1.0, four_colour: bool = False,
                 state: str = "normal") -> Picture:
    return Picture(layout_card(card, scale, four_colour, state), card_label(card, state))


def scene_picture(hand: Iterable[Card], **scene_kwargs) -> Picture:
    """A whole table for a notebook cell (options as for `layout_scene`)."""
    return Picture(layout_scene(list(hand), **scene_kwargs))


def hand_html(cards: Iterable[Card], **layout_kwargs) -> str:
    """`<img alt="дама пик, валет бубен" src="data:image/png;base64,…">` for chapter text."""
    return hand_picture(cards, **layout_kwargs)._repr_html_()
