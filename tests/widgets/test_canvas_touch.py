"""A finger on a CardCanvas (a phone): ipycanvas sends touch events only, never a mouse event,
so a tap — down and up without sliding away — must click where the finger went down; a
finger that slides (the learner scrolls) or a second finger clicks nothing. The touches go
through ipycanvas's own message handler, as the browser sends them."""

import pytest

from ci_support import require_import

require_import("ipywidgets")
require_import("ipycanvas")

from bezique.cards import parse_cards
from bezique.widgets.render.canvas import CardCanvas
from bezique.widgets.render.canvas_display import TAP_SLOP
from bezique.widgets.render.layout import order_cards

HAND = parse_cards("Д♠ В♦ Т♥ 10♥ К♣ 7♠ 9♦ 8♣")
SHOWN = order_cards(HAND)


def touch(cc, event, *points):
    cc.canvas._handle_frontend_event(
        None, {"event": event, "touches": [{"x": x, "y": y} for x, y in points]}, [])


def centre(cc, i):
    box = cc.layout_result.boxes[i]
    return box.x + box.w / 2, box.y + box.h / 2


@pytest.fixture
def cc():
    widget = CardCanvas(select_mode="single", display="canvas")
    widget.clicked = []
    widget.on_card_click(widget.clicked.append)
    widget.show_hand(HAND)
    yield widget
    widget.close()


def test_a_tap_clicks_the_card_under_the_finger(cc):
    x, y = centre(cc, 2)
    touch(cc, "touch_start", (x, y))
    assert cc.clicked == []                         # not yet: the finger may still slide
    touch(cc, "touch_move", (x + TAP_SLOP / 2, y))
    touch(cc, "touch_end")
    assert cc.clicked == [SHOWN[2]] and cc.selected == {SHOWN[2]}


def test_a_sliding_finger_or_two_fingers_click_nothing(cc):
    x, y = centre(cc, 2)
    touch(cc, "touch_start", (x, y))
    touch(cc, "touch_move", (x, y + 3 * TAP_SLOP))
    touch(cc, "touch_end")
    touch(cc, "touch_start", (x, y), centre(cc, 4))
    touch(cc, "touch_end", (x, y))
    touch(cc, "touch_end")
    touch(cc, "touch_start", (x, y))
    touch(cc, "touch_cancel")
    touch(cc, "touch_end")
    assert cc.clicked == [] and cc.selected == set()
