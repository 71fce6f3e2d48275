"""The practice table on a phone: the narrow picture (`render.narrow_table`), chosen by the
width the page reports (`practice.fit`, `render.width.ContainerWidth`).

Whole deals are played by clicks on the narrow picture (a seeded Любитель chooses the learner's
moves), and every few moves the picture is checked as a phone shows it — in a container
`PHONE_CONTAINER` CSS pixels wide (a 390-pixel screen less the page's margins): every label at
least `MIN_LABEL_PX` CSS pixels, every card at least as large as the laptop picture shows it
there, no face-up card over another, everything inside the canvas. Three and four at the table
keep the laptop picture."""

import pytest

from bezique.actions import Play
from bezique.players.match import make_player
from bezique.widgets.practice.table import PracticeTable
from bezique.widgets.render.metrics import text_width
from bezique.widgets.render.narrow_table import (NARROW_BELOW, PIXEL_RATIO, is_narrow,
                                                 layout_narrow_table, narrow_hand_arrangement)
from bezique.widgets.render.ops import TextOp
from bezique.widgets.render.play_table import WIDTH, _row_width, face_up_boxes, layout_play_table
from bezique.widgets.render.style import card_size
from bezique.widgets.render.width import ContainerWidth

FAST = dict(hint_options={"samples": 4, "time_limit": None},
            review_options={"samples": 2, "time_limit": None})
PHONE_CONTAINER = 350          # CSS pixels: the table's box on a 390-pixel phone, or less
MIN_LABEL_PX = 11
LAPTOP_CANVAS = WIDTH + 20     # the laptop picture's width (its CSS width too)


def overlapping(boxes) -> list:
    return [(a.label, b.label) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h]


def css_scale(lay, container=PHONE_CONTAINER) -> float:
    """CSS pixels a picture pixel, as the page shows the picture: at `PIXEL_RATIO` pixels a
    CSS pixel, never wider than the container."""
    return min(lay.size[0] / PIXEL_RATIO, container) / lay.size[0]


def check_phone_picture(table) -> None:
    lay = table.canvas.layout_result
    s = table.session
    w, h = lay.size
    k = css_scale(lay)
    assert table.fit.narrow and w == round((w / PIXEL_RATIO)) * PIXEL_RATIO
    texts = [op for op in lay.ops if isinstance(op, TextOp)]
    assert texts
    for op in texts:
        assert op.px * k >= MIN_LABEL_PX, (op.text, op.px * k)
        assert 0 <= op.x and op.x + op.width <= w and 0 <= op.y < h, op.text
    for box in lay.boxes:
        assert 0 <= box.x and box.x + box.w <= w and 0 <= box.y and box.y + box.h <= h, box
    assert not overlapping(face_up_boxes(lay))
    # every card at least as large as the laptop picture shows it in the same container
    laptop = PHONE_CONTAINER / LAPTOP_CANVAS
    hand = set(s.deal.concealed(s.human))
    for box in face_up_boxes(lay):
        smallest = 0.7 if box.card not in hand else 1.0     # declared cards: 0.7 on a laptop
        if box.card in s.deal.trick or box.card == s.deal.turn_up:
            smallest = 0.85 if s.n == 4 else 1.0
        if box.card not in hand and box.card not in s.deal.trick and box.card != s.deal.turn_up:
            smallest = 0.6                                 # the last trick, declared cards
        assert box.w * k >= card_size(smallest)[0] * laptop - 1, (box.label, box.w * k)
    # the text equivalent says what the laptop picture says
    assert lay.description.split("\n")[3].startswith("Взятка:")


def play(table, check, every=5) -> int:
    s = table.session
    me = make_player("heuristic", seed=11)
    steps = 0
    while not s.deal.is_over:
        action = me.choose(s.view())
        if type(action) is Play:
            box = table.click_card(action.card)       # a click at the card's place
            assert box is not None and box.card is action.card
        else:
            assert table.press(action), (action, table.choices())
        assert table.message_kind != "error", table.message_text
        steps += 1
        if steps % every == 0:
            check(table)
        assert steps < 400
    check(table)
    return steps


@pytest.mark.parametrize("rules", ["canonical", "rubicon", "six_pack", "eight_pack",
                                   "many_pack_infusorka"])
def test_a_whole_deal_on_a_phone(rules):
    table = PracticeTable(opponent="heuristic", rules=rules, seed=3, **FAST)
    if table.session.n != 2:
        pytest.skip("more than two at the table: the laptop picture")
    table.fit.probe.width = 360                          # as the page reports it
    assert table.fit.narrow and table.canvas.pixel_ratio == PIXEL_RATIO
    check_phone_picture(table)
    play(table, check_phone_picture)


@pytest.mark.parametrize("rules", ["three_handed", "four_handed"])
def test_three_and_four_keep_the_laptop_picture(rules):
    table = PracticeTable(opponent="heuristic", rules=rules, seed=3, **FAST)
    table.fit.probe.width = 360
    lay = table.canvas.layout_result
    assert lay.size[0] <= LAPTOP_CANVAS and not overlapping(face_up_boxes(lay))


def test_the_width_chooses_the_picture_and_back():
    table = PracticeTable(opponent="heuristic", seed=1, deal_number=1, **FAST)
    wide = table.canvas.layout_result
    assert not table.fit.narrow and wide.size[0] == LAPTOP_CANVAS     # nothing reported
    assert table.canvas.canvas.layout.width == f"{LAPTOP_CANVAS}px"
    table.fit.probe.width = 372
    narrow = table.canvas.layout_result
    assert table.fit.narrow and narrow.size[0] / PIXEL_RATIO <= 372
    assert table.canvas.canvas.layout.width == f"{narrow.size[0] // PIXEL_RATIO}px"
    assert narrow.description == wide.description                  # the same table, told
    table.fit.probe.width = 1200
    assert not table.fit.narrow and table.canvas.layout_result.size == wide.size
    assert table.canvas.canvas.layout.width == f"{LAPTOP_CANVAS}px"


def test_a_click_on_the_narrow_picture_plays_that_card():
    table = PracticeTable(opponent="heuristic", seed=1, deal_number=1, **FAST)
    table.fit.probe.width = 360
    lay = table.canvas.layout_result
    s = table.session
    card = s.deal.concealed(s.human)[-1]
    box = next(b for b in lay.boxes if b.card is card)
    before = len(s.deal.actions)
    table.canvas.click(box.x + box.w / 2, box.y + box.h * 0.8)     # a picture pixel
    assert s.deal.actions[before] == (s.human, Play(card))


def test_is_narrow():
    assert not is_narrow(0) and not is_narrow(None) and not is_narrow(NARROW_BELOW)
    assert is_narrow(320) and is_narrow(NARROW_BELOW - 1)


@pytest.mark.parametrize("room, rows", [(8, 2), (9, 2), (12, 2), (15, 3), (18, 3)])
def test_narrow_hand_arrangement(room, rows):
    k, per = narrow_hand_arrangement(room, 1.0, 340)
    assert -(-room // per) == rows and _row_width(per, k) <= 340 and k >= 0.67


def test_the_probe_is_a_widget_of_the_course_module():
    probe = ContainerWidth(selector=".x")
    state = probe.get_state()
    assert (state["_model_module"], state["_view_name"]) == ("bezique-cards", "ContainerWidthView")
    assert state["width"] == 0 and state["selector"] == ".x"


def test_three_at_the_table_are_handed_to_the_laptop_picture():
    others = [dict(name="Игрок 2", cards=9, table=[]), dict(name="Игрок 3", cards=9, table=[])]
    a = layout_narrow_table([], others=others)
    b = layout_play_table([], others=others)
    assert a.size == b.size and a.description == b.description
    assert text_width("x", 12) > 0


def test_the_voila_app_loads_the_same_front_end():
    """The Voilà app's labextension carries a copy of the book's cards.js, made by the Makefile
    (`make install`, `make test`, `make practice`): the same file."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    book = root / "book" / "live" / "widgets" / "cards.js"
    voila = root / "book" / "voila" / "voila" / "labextensions" / "bezique-cards" / "static" / "cards.js"
    assert voila.exists() and voila.read_bytes() == book.read_bytes(), \
        "the Voilà app's copy of cards.js is missing or stale: make install"
