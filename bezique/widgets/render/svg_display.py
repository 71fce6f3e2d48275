"""The SVG display of `CardCanvas` (the browser kernel, or `BEZIQUE_DISPLAY=svg`): the picture
written as SVG (`svg.py`) and shown by `SvgCards`, a small widget whose front-end is the AMD
module book/live/widgets/cards.js (require name "bezique-cards"; the book maps it to its
vendored copy). Pure Python: no Pillow, no numpy.

The message protocol (front-end → kernel, custom widget messages):

* `{"event": "click", "x": X, "y": Y}` — a click or a tap, in picture pixels (the view scales
  the browser's coordinates by the picture's width over its width on the page);
* `{"event": "key", "key": NAME}` — a key pressed while the picture has the focus, one of
  ArrowLeft ArrowRight ArrowUp ArrowDown Home End Enter " " Escape (the browser's names).

The kernel sends nothing but state: `svg` (the picture), `picture_width` / `picture_height`
(its size in picture pixels), `display_width` (its width on the page in CSS pixels, also the
widget's `layout.width`, with `max_width` 100 %: never wider than the container), `label` (the accessible name of the focusable picture) and ipywidgets'
`tabbable`.
"""

from __future__ import annotations

import itertools

import ipywidgets
import traitlets

MODULE = "bezique-cards"
MODULE_VERSION = "1.0.0"
KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Enter", " ",
        "Spacebar", "Escape")
_IDS = itertools.count(1)


class SvgCards(ipywidgets.DOMWidget):
    """An SVG picture that reports clicks (in picture pixels) and keys."""

    _model_name = traitlets.Unicode("SvgCardsModel").tag(sync=True)
    _view_name = traitlets.Unicode("SvgCardsView").tag(sync=True)
    _model_module = traitlets.Unicode(MODULE).tag(sync=True)
    _view_module = traitlets.Unicode(MODULE).tag(sync=True)
    _model_module_version = traitlets.Unicode(MODULE_VERSION).tag(sync=True)
    _view_module_version = traitlets.Unicode(MODULE_VERSION).tag(sync=True)

    svg = traitlets.Unicode("").tag(sync=True)
    picture_width = traitlets.Int(1).tag(sync=True)
    picture_height = traitlets.Int(1).tag(sync=True)
    display_width = traitlets.Float(1.0).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        kwargs.setdefault("tabbable", True)
        super().__init__(**kwargs)
        self._click_handlers = ipywidgets.CallbackDispatcher()
        self._key_handlers = ipywidgets.CallbackDispatcher()
        self.on_msg(self._on_message)

    def on_click(self, callback, remove: bool = False) -> None:
        """`callback(x, y)` for a click at picture pixel (x, y)."""
        self._click_handlers.register_callback(callback, remove=remove)

    def on_key(self, callback, remove: bool = False) -> None:
        """`callback(key)` for a key pressed on the picture."""
        self._key_handlers.register_callback(callback, remove=remove)

    def _on_message(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        event = content.get("event")
        if event == "click":
            try:
                x, y = float(content["x"]), float(content["y"])
            except (KeyError, TypeError, ValueError):
                return
            self._click_handlers(x, y)
        elif event == "key" and content.get("key") in KEYS:
            self._key_handlers(content["key"])


class SvgDisplay:
    kind = "svg"

    def __init__(self, pixel_ratio: float = 1.0):
        self.pixel_ratio = pixel_ratio
        self.uid = f"c{next(_IDS)}"          # keeps this picture's SVG ids its own on the page
        self.widget = SvgCards(layout=ipywidgets.Layout(max_width="100%"))
        self._layout = None

    def connect(self, click, key) -> None:
        self.widget.on_click(click)
        self.widget.on_key(key)

    def show(self, lay) -> None:
        self._layout = lay
        w, h = lay.size
        shown = w / self.pixel_ratio
        with self.widget.hold_sync():
            self.widget.picture_width, self.widget.picture_height = w, h
            self.widget.display_width = shown
            self.widget.layout.width = f"{round(shown)}px"      # at most 100 % (max_width)
            self.widget.svg = lay.svg(uid=self.uid, label="", display_width=shown)

    @property
    def png(self) -> bytes:
        """The picture as PNG when Pillow is there (CPython), else b""."""
        if self._layout is None:
            return b""
        try:
            return self._layout.png()
        except ImportError:
            return b""

    def client_ready(self) -> None:
        """Nothing to resend: the picture is widget state."""
