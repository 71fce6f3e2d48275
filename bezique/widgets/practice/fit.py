"""Which picture of the practice table the page's width asks for.

The table's canvas carries an invisible `render.width.ContainerWidth` (`CardCanvas.probe`, the
one every chapter demo's canvas has, `render/phone.py`), set here to report the width of the
table's box on the page. Under `narrow_table.NARROW_BELOW` CSS pixels (a phone) the table is
drawn by `narrow_table.layout_narrow_table`, at `narrow_table.PIXEL_RATIO` picture pixels a CSS
pixel; otherwise — and while nothing is reported (a static page, nbval, pytest) — by
`play_table.layout_play_table`, as on a laptop. Clicks need nothing more: the canvas turns a
point into a card with the boxes of the picture it shows.
"""

from __future__ import annotations

from typing import Callable

from ..render.canvas import CardCanvas
from ..render.narrow_table import is_narrow, table_layout

TABLE_CLASS = "bezique-practice-table"


class ScreenFit:
    """The table's layout for the width its page reports: `layout_for(seats)` (the layout
    function, which also sets the canvas's pixel ratio) and `narrow`; `probe` is the canvas's
    (on the page with it); `redraw()` is called when the picture must change."""

    def __init__(self, canvas: CardCanvas, redraw: Callable[[], None]):
        self.canvas = canvas
        self._redraw = redraw
        self.probe = canvas.probe
        self.probe.selector = "." + TABLE_CLASS
        self.probe.observe(self._on_width, names="width")

    @property
    def width(self) -> int:
        return self.probe.width

    @property
    def narrow(self) -> bool:
        """The page is narrow (a phone): two at the table get the narrow picture."""
        return is_narrow(self.probe.width)

    def layout_for(self, seats: int):
        """The layout function for a table of `seats` players; three or four keep the laptop
        picture (their row of other players needs its width)."""
        layout, ratio = table_layout(self.probe.width if seats == 2 else 0)
        self.canvas.pixel_ratio = self.canvas.display.pixel_ratio = ratio
        return layout

    def _on_width(self, change) -> None:
        if is_narrow(change["old"]) != is_narrow(change["new"]):
            self._redraw()


__all__ = ["ScreenFit", "TABLE_CLASS"]
