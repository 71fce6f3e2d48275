"""The ipycanvas display of `CardCanvas` (CPython kernels): the picture painted by Pillow and
encoded once as PNG. The same bytes go to the live canvas (a draw command) and, until a live
page has drawn the canvas, into the canvas's `image_data` trait, which is part of the widget
state: a static page built without a kernel draws it from there. Clicks arrive as canvas
pixels, keys as the browser names them. See `display.py` for the interface.
"""

from __future__ import annotations

import io

import ipywidgets
from ipycanvas import Canvas, hold_canvas
from PIL import ImageChops

STRIP = 24           # height of the strips compared between two pictures, in canvas pixels
TAP_SLOP = 24        # how far a finger may slide and still tap, in canvas pixels


class CanvasDisplay:
    kind = "canvas"

    def __init__(self, pixel_ratio: float = 1.0):
        self.pixel_ratio = pixel_ratio
        self.widget = Canvas(width=1, height=1, sync_image_data=False, tabbable=True)
        self.widget.layout = ipywidgets.Layout(max_width="100%", height="auto")
        self._click = self._key = None
        self.widget.on_mouse_down(lambda x, y: self._click and self._click(x, y))
        # ipycanvas turns a finger on the canvas into touch events only: no mouse event follows
        # (it cancels them). A tap — one finger down and up again without sliding away — is a
        # click where the finger went down; a finger that slides or a second finger is not.
        self._finger = None
        self.widget.on_touch_start(self._touch_start)
        self.widget.on_touch_move(self._touch_move)
        self.widget.on_touch_end(self._touch_end)
        self.widget.on_touch_cancel(self._touch_cancel)
        self.widget.on_key_down(lambda key, *_: self._key and self._key(key))
        # A page that connects after the cell ran (Voilà, a reloaded notebook) gets the picture
        # from the state asynchronously and may show a blank canvas, and draw commands sent
        # before the browser connected are lost: send the picture again once it is ready.
        self.widget.on_client_ready(lambda *_: self.client_ready())
        self._live = False                    # a page with a kernel has drawn this canvas
        self._sent = None                     # the picture the live page has
        self._image = None
        self._png: bytes | None = b""
        self._layout = None

    def connect(self, click, key) -> None:
        self._click, self._key = click, key

    def _touch_start(self, touches) -> None:
        self._finger = touches[0] if len(touches) == 1 else None

    def _touch_move(self, touches) -> None:
        if self._finger is not None and (len(touches) != 1 or max(
                abs(a - b) for a, b in zip(touches[0], self._finger)) > TAP_SLOP):
            self._finger = None

    def _touch_end(self, touches) -> None:
        finger, self._finger = self._finger, None
        if finger is not None and not touches and self._click:
            self._click(*finger)

    def _touch_cancel(self, touches) -> None:
        self._finger = None

    @property
    def png(self) -> bytes:
        """The current picture as PNG (encoded once, when first asked for)."""
        if self._png is None:
            self._png = _encode(self._image) if self._image is not None else b""
        return self._png

    def show(self, lay) -> None:
        """Paint `lay` and send it to the canvas (live and in the state)."""
        self._layout = lay
        canvas = self.widget
        w, h = lay.size
        image = lay.image
        self._png = None                      # encoded when asked for (`png`, the state)
        self._image = image
        # Only the parts that changed since the last picture the page got are encoded and sent
        # (a click changes a few rows of cards; the rest of the picture stays as it is).
        old = self._sent if self._live else None
        parts = None if old is None else _changed_parts(old, image)
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
                    _put_png(canvas, _encode(image.crop((x, y, x + pw, y + ph))), x, y)
        self._sent = image
        if not self._live:
            # The picture in the widget state is for a page without a kernel (the static book)
            # and for the first look of a page that connects later. Once a live page has said
            # it is ready, draw commands reach it: sending the same bytes again in the state
            # would only double what every click sends.
            canvas.set_trait("image_data", self.png)

    def client_ready(self) -> None:
        """A page with a kernel shows this canvas (never so while the static book is built:
        nbconvert runs the kernel without a page): send it the whole picture."""
        self._live = True
        self._sent = None                     # the page may have nothing yet: send it all
        if self._layout is not None:
            self.show(self._layout)


def _changed_parts(old, new) -> list[tuple[int, int, int, int]] | None:
    """The rectangles (x, y, width, height) where `new` differs from `old`: per horizontal
    strip of STRIP pixels, the span of its changed columns. None if the sizes or modes differ
    (then the whole picture is sent)."""
    if old.size != new.size or old.mode != new.mode:
        return None
    # one band, the largest difference of any band: an RGBA image's getbbox() looks at its
    # alpha only, and a change of colour alone would never be sent
    bands = ImageChops.difference(old, new).split()
    diff = bands[0]
    for band in bands[1:]:
        diff = ImageChops.lighter(diff, band)
    w, h = new.size
    parts = []
    for y0 in range(0, h, STRIP):
        y1 = min(h, y0 + STRIP)
        box = diff.crop((0, y0, w, y1)).getbbox()
        if box is not None:
            parts.append((box[0], y0, box[2] - box[0], y1 - y0))
    return parts


def _encode(image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=1)
    return buf.getvalue()


def _put_png(canvas: Canvas, png: bytes, x: int = 0, y: int = 0) -> None:
    """Draw PNG bytes on the canvas at (x, y) without encoding the picture twice. ipycanvas's
    own `put_image_data` takes a NumPy array and encodes it again; its draw command accepts
    any image bytes, so send ours (fall back to the public call)."""
    try:
        from ipycanvas.canvas import COMMANDS

        canvas._canvas_manager.send_draw_command(canvas, COMMANDS["putImageData"], [x, y], [png])
    except (ImportError, AttributeError, KeyError):       # a different ipycanvas
        import numpy
        from PIL import Image

        canvas.put_image_data(numpy.asarray(Image.open(io.BytesIO(png)).convert("RGBA")), x, y)
