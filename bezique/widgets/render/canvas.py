"""`CardCanvas`: a clickable picture of cards for notebooks, and static card pictures.

The picture is drawn by Pillow (`layout.py`) and encoded once as PNG. The same bytes go
to the live canvas (a draw command) and, until a live page has drawn the canvas, into the
canvas's `image_data` trait, which is part of the widget state: a static page built without a
kernel draws it from there.

Clicks arrive as canvas pixel coordinates; the layout's hit boxes turn them into cards.
Every picture has a Russian text equivalent: HTML under the canvas listing the cards
(«дама пик (выбрана), валет бубен, …»), visually hidden (`SR_ONLY_STYLE`) and read by screen
readers.
"""

from __future__ import annotations

import base64
import html
from typing import Callable, Iterable

import ipywidgets
import traitlets
from ipycanvas import Canvas, hold_canvas
from PIL import ImageDraw

from ...cards import Card
from .drawing import card_image, card_label
from .layout import (Layout, layout_hand, layout_scene, layout_stock, layout_table, layout_trick)

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
    """

    selected = traitlets.Set()
    select_mode = traitlets.Enum(SELECT_MODES, default_value="none")
    four_colour = traitlets.Bool(False)

    def __init__(self, select_mode: str = "none", four_colour: bool = False,
                 scale: float = 1.0, pixel_ratio: float = 1.0, name: str = "Карты", **kwargs):
        self.canvas = Canvas(width=1, height=1, sync_image_data=False, tabbable=True)
        self.canvas.layout = ipywidgets.Layout(max_width="100%", height="auto")
        self.text = ipywidgets.HTML()
        super().__init__([self.canvas, self.text], **kwargs)
        self.add_class("bezique-card-canvas")
        self.scale = scale
        self.pixel_ratio = pixel_ratio
        self.name = name
        self.layout_result: Layout | None = None
        self.disabled: frozenset[Card] = frozenset()
        self.highlighted: frozenset[Card] = frozenset()
        self._selectable: frozenset[Card] = frozenset()
        self._render: Callable[[], Layout] | None = None
        self._click_handlers = ipywidgets.CallbackDispatcher()
        self._disabled_handlers = ipywidgets.CallbackDispatcher()
        self._box_handlers = ipywidgets.CallbackDispatcher()
        self._png: bytes | None = b""
        self._quiet = False
        self._focus: int | None = None       # keyboard focus: index of a hit box
        self.set_trait("select_mode", select_mode)
        self.set_trait("four_colour", four_colour)
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.canvas.on_key_down(self._on_key_down)
        # A page that connects after the cell ran (Voilà, a reloaded notebook) gets the picture
        # from the state asynchronously and may show a blank canvas, and draw commands sent
        # before the browser connected are lost: send the picture again once it is ready.
        self.canvas.on_client_ready(self._on_client_ready)
        self._live = False                    # a page with a kernel has drawn this canvas
        self._sent = None                     # the picture the live page has
        self._image = None
        self.observe(self._on_look_change, names=["selected", "four_colour", "select_mode"])

    # ------------------------------------------------------------------ showing

    def show_hand(self, cards: Iterable[Card] | int, *, selected=None, disabled=(),
                  highlighted=(), four_colour: bool | None = None, **layout_kwargs) -> None:
        """Show a hand (`layout_hand` options: fan, order, caption, face_down, …)."""
        hand = cards if isinstance(cards, int) else list(cards)
        own = () if isinstance(hand, int) or layout_kwargs.get("face_down") else hand
        self._show(own, selected, disabled, highlighted, four_colour,
                   lambda **kw: layout_hand(hand, **{"lift": self.select_mode != "none",
                                                     "title": self.name, **layout_kwargs, **kw}))

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
        draw = layout or layout_scene
        self._show(hand + _flat(table), selected, disabled, highlighted, four_colour,
                   lambda **kw: draw(hand, table=table, **{
                       "lift": self.select_mode != "none", **scene_kwargs, **kw}))

    def _show(self, own, selected, disabled, highlighted, four_colour, render) -> None:
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
        """Render the current picture and send it to the canvas (live and in the state)."""
        if self._render is None:
            return
        lay = self._render()
        self.layout_result = lay
        if focus_card is not None:             # keep the keyboard focus on the same card
            self._focus = next((i for i, b in enumerate(lay.boxes) if b.card is focus_card), None)
        if self._focus is not None and self._focus >= len(lay.boxes):
            self._focus = None
        if self._focus is not None:
            _focus_ring(lay, self._focus, self.pixel_ratio)
        w, h = lay.size
        canvas = self.canvas
        self._png = None                      # encoded when asked for (`_repr_png_`, the state)
        self._image = lay.image
        # Only the parts that changed since the last picture the page got are encoded and sent
        # (a click changes a few rows of cards; the rest of the picture stays as it is).
        old = self._sent if self._live else None
        parts = None if old is None else _changed_parts(old, lay.image)
        whole = parts is None or sum(pw * ph for _, _, pw, ph in parts) * 4 > w * h * 3
        # ipycanvas names the target canvas to the page only when the target changes; in Voilà
        # (or after a reload) the notebook runs before the page connects, so that first switch
        # is lost and later drawings would go nowhere. Forget the current target: every batch
        # then starts with the switch.
        manager = getattr(canvas, "_canvas_manager", None)
        if manager is not None and hasattr(manager, "_current_canvas"):
            manager._current_canvas = None
        with hold_canvas():
            canvas.width, canvas.height = w, h
            canvas.layout.width = f"{round(w / self.pixel_ratio)}px"
            if whole:
                canvas.clear()
                _put_png(canvas, self.png)
            else:
                for x, y, pw, ph in parts:
                    canvas.clear_rect(x, y, pw, ph)
                    _put_png(canvas, _encode(lay.image.crop((x, y, x + pw, y + ph))), x, y)
        self._sent = lay.image
        if not self._live:
            # The picture in the widget state is for a page without a kernel (the static book)
            # and for the first look of a page that connects later. Once a live page has said
            # it is ready, draw commands reach it: sending the same bytes again in the state
            # would only double what every click sends.
            canvas.set_trait("image_data", self.png)
        # No `canvas.tooltip`: the widgets' JavaScript then reads the canvas's (missing)
        # `description` and the view fails to render. The text below the canvas says it all.
        text = lay.description
        if self._focus is not None:
            text += f"\nКлавиатура: {lay.boxes[self._focus].label}."
        self.text.value = description_html(text)

    def _on_client_ready(self, *_) -> None:
        """A page with a kernel shows this canvas (never so while the static book is built:
        nbconvert runs the kernel without a page)."""
        self._live = True
        self._sent = None                     # the page may have nothing yet: send it all
        self.redraw()

    @property
    def focused_card(self) -> Card | None:
        """The card under the keyboard focus (← → move it, Enter or Space click it)."""
        lay = self.layout_result
        if self._focus is None or lay is None or self._focus >= len(lay.boxes):
            return None
        return lay.boxes[self._focus].card

    def _on_key_down(self, key: str, shift_key=False, ctrl_key=False, meta_key=False) -> None:
        self.key(key)

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

    def _on_mouse_down(self, x: float, y: float) -> None:
        self.click(x, y)

    def click(self, x: float, y: float):
        """Handle a click at canvas pixel (x, y), as the mouse does; return the hit box."""
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
        """The current picture as PNG (encoded once, when first asked for)."""
        if self._png is None:
            self._png = _encode(self._image) if self._image is not None else b""
        return self._png

    def _repr_png_(self) -> bytes:
        return self.png


STRIP = 24           # height of the strips compared between two pictures, in canvas pixels


def _changed_parts(old, new) -> list[tuple[int, int, int, int]] | None:
    """The rectangles (x, y, width, height) where `new` differs from `old`: per horizontal
    strip of STRIP pixels, the span of its changed columns. None if the sizes or modes differ
    (then the whole picture is sent)."""
    from PIL import ImageChops
    if old.size != new.size or old.mode != new.mode:
        return None
    diff = ImageChops.difference(old, new)
    w, h = new.size
    parts = []
    for y0 in range(0, h, STRIP):
        y1 = min(h, y0 + STRIP)
        box = diff.crop((0, y0, w, y1)).getbbox()
        if box is not None:
            parts.append((box[0], y0, box[2] - box[0], y1 - y0))
    return parts


def _encode(image) -> bytes:
    import io
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=1)
    return buf.getvalue()


def _visible_point(lay: Layout, index: int) -> tuple[float, float]:
    """A point of box `index` that no later box covers (the middle of its visible strip)."""
    box = lay.boxes[index]
    right = box.x + box.w
    for other in lay.boxes[index + 1:]:
        if other.y < box.y + box.h and other.y + other.h > box.y and box.x < other.x < right:
            right = other.x
    return ((box.x + right) / 2, box.y + box.h / 2)


def _focus_ring(lay: Layout, index: int, ratio: float = 1.0) -> None:
    """A dashed dark ring around the keyboard-focused box, drawn on the picture."""
    box = lay.boxes[index]
    draw = ImageDraw.Draw(lay.image)
    x0, y0, x1, y1 = box.x - 3, box.y - 3, box.x + box.w + 2, box.y + box.h + 2
    width = max(2, round(2 * ratio))
    dash = 6 * ratio
    for (ax, ay, bx, by) in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)):
        length = max(abs(bx - ax), abs(by - ay))
        steps = max(1, int(length // (2 * dash)))
        for k in range(steps + 1):
            t0, t1 = min(1, 2 * k * dash / length), min(1, (2 * k + 1) * dash / length)
            draw.line((ax + (bx - ax) * t0, ay + (by - ay) * t0, ax + (bx - ax) * t1,
                       ay + (by - ay) * t1), fill=(20, 20, 20), width=width)


def _put_png(canvas: Canvas, png: bytes, x: int = 0, y: int = 0) -> None:
    """Draw PNG bytes on the canvas at (x, y) without encoding the picture twice. ipycanvas's
    own `put_image_data` takes a NumPy array and encodes it again; its draw command accepts
    any image bytes, so send ours (fall back to the public call)."""
    try:
        from ipycanvas.canvas import COMMANDS

        canvas._canvas_manager.send_draw_command(canvas, COMMANDS["putImageData"], [x, y], [png])
    except (ImportError, AttributeError, KeyError):       # a different ipycanvas
        import io

        import numpy
        from PIL import Image

        canvas.put_image_data(numpy.asarray(Image.open(io.BytesIO(png)).convert("RGBA")), x, y)


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
    """A finished picture: shown as an <img> with alt text in notebooks and pages
    (`_repr_html_`), or as PNG (`_repr_png_`, `.png`). `alt` is its text equivalent."""

    def __init__(self, layout: Layout, alt: str | None = None):
        self.layout = layout
        self.alt = alt if alt is not None else layout.description.replace("\n", " ")

    @property
    def png(self) -> bytes:
        return self.layout.png(6)

    def __repr__(self) -> str:                 # the text/plain output: no memory address
        return f"Картинка: {self.alt}"

    def _repr_png_(self) -> bytes:
        return self.png

    def _repr_html_(self) -> str:
        return img_html(self.png, self.alt, self.layout.size)

    def save(self, path: str) -> None:
        with open(path, "wb") as f:
            f.write(self.png)


def img_html(png: bytes, alt: str, size: tuple[int, int] | None = None) -> str:
    """An <img> element with the PNG inline (base64) and its alt text."""
    dims = f' width="{size[0]}" height="{size[1]}"' if size else ""
    data = base64.b64encode(png).decode("ascii")
    return (f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt, quote=True)}"'
            f' title="{html.escape(alt, quote=True)}"{dims} style="vertical-align:middle">')


def _names(cards: Iterable[Card], order) -> str:
    from .layout import order_cards

    return ", ".join(c.name_ru for c in order_cards(cards, order))


def card_png(card: Card, scale: float = 1.0, four_colour: bool = False,
             state: str = "normal") -> bytes:
    """One card face as PNG bytes (state: normal, selected, disabled, highlighted)."""
    return Layout(card_image(card, scale, four_colour, state), []).png(6)


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
    return Picture(Layout(card_image(card, scale, four_colour, state), []),
                   card_label(card, state))


def scene_picture(hand: Iterable[Card], **scene_kwargs) -> Picture:
    """A whole table for a notebook cell (options as for `layout_scene`)."""
    return Picture(layout_scene(list(hand), **scene_kwargs))


def hand_html(cards: Iterable[Card], **layout_kwargs) -> str:
    """`<img alt="дама пик, валет бубен" src="data:image/png;base64,…">` for chapter text."""
    return hand_picture(cards, **layout_kwargs)._repr_html_()
