"""The chapter demos on a phone (`render/phone.py`): with the width a 390-pixel phone's page
reports for a demo's output (`PHONE_CONTAINER` CSS pixels), every label of a demo's picture is
at least `MIN_LABEL_PX` CSS pixels as the browser shows it, no face-up card of a table scene
covers another, everything stands inside the picture and a click still finds its card; with
nothing reported (width 0: a static page, nbval) the picture is exactly the laptop's."""

import re

import pytest

from bezique.widgets.demos.advice import AdviceExplorer
from bezique.widgets.demos.cards import CompareCards
from bezique.widgets.demos.endgame import EndgameClicker
from bezique.widgets.demos.melds import MeldBuilder
from bezique.widgets.demos.multipack import carte_blanche_story, trump_story
from bezique.widgets.demos.no_trump import NoTrumpDemo
from bezique.widgets.demos.penalty import PenaltyDemo
from bezique.widgets.demos.seven import SevenDemo
from bezique.widgets.demos.tally import DealTally
from bezique.widgets.demos.whole_deal import WholeDealStepper
from bezique.widgets.render.canvas import _visible_point
from bezique.widgets.render.layout import CAPTION_PX, layout_scene
from bezique.widgets.render.narrow_table import PIXEL_RATIO
from bezique.widgets.render.ops import TextOp
from bezique.widgets.render.phone import narrow_scene
from bezique.widgets.render.play_table import face_up_boxes
from bezique.widgets.render.scene import deal_scene

PHONE_CONTAINER = 358          # CSS pixels: a demo's output on a 390-pixel phone
MIN_LABEL_PX = 11

SCENES = {                     # chapter: a demo whose canvas shows a table scene
    "05": SevenDemo,
    "08": lambda: EndgameClicker(seed=104),
    "09b": WholeDealStepper,
    "10": lambda: NoTrumpDemo(seed=10, until_trump=True),
    "11": lambda: PenaltyDemo(offence="false_declaration", mode="apply"),
    "13": lambda: AdviceExplorer("lead_low"),
}
HANDS = {                      # chapter: a demo whose canvas shows a hand with a caption
    "02": lambda: CompareCards(),
    "06": lambda: MeldBuilder(pick="К♠ Д♠"),
}


def overlapping(boxes) -> list:
    return [(a.label, b.label) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h]


def canvases(demo):
    from bezique.widgets.render.canvas import CardCanvas
    found = [v for v in vars(demo).values() if isinstance(v, CardCanvas)]
    return [cc for cc in found if cc.layout_result is not None and getattr(cc, "_fits", 1)]


def shown_scale(cc) -> float:
    """CSS pixels a picture pixel: the picture at its pixel ratio, never wider than the output."""
    w = cc.layout_result.size[0]
    return min(w / cc.display.pixel_ratio, PHONE_CONTAINER) / w


def smallest_label(cc) -> float:
    texts = [op.px for op in cc.layout_result.ops if isinstance(op, TextOp)]
    assert texts
    return min(texts) * shown_scale(cc)


def check_phone(cc, scene: bool) -> None:
    lay = cc.layout_result
    w, h = lay.size
    assert smallest_label(cc) >= MIN_LABEL_PX, (cc.name, smallest_label(cc))
    for op in lay.ops:
        if isinstance(op, TextOp):
            assert 0 <= op.x and op.x + op.width <= w and 0 <= op.y < h, op.text
    for box in lay.boxes:
        assert 0 <= box.x and box.x + box.w <= w and 0 <= box.y and box.y + box.h <= h, box
    if scene:
        assert not overlapping(face_up_boxes(lay))
    for i, box in enumerate(lay.boxes):        # a click at a card finds that card
        if box.card is not None:
            assert lay.hit_test(*_visible_point(lay, i)).card is box.card


@pytest.mark.parametrize("chapter", sorted(SCENES) + sorted(HANDS))
def test_a_demo_on_a_phone_has_readable_labels_and_is_unchanged_without_a_width(chapter):
    demo = (SCENES.get(chapter) or HANDS[chapter])()
    shown = canvases(demo)
    assert shown
    laptop = [(cc.layout_result.size, cc.layout_result.ops) for cc in shown]
    assert min(smallest_label(cc) for cc in shown if any(
        isinstance(op, TextOp) for op in cc.layout_result.ops)) < MIN_LABEL_PX   # the audit's
    for cc in shown:
        cc.probe.width = PHONE_CONTAINER
    for cc in shown:
        if any(isinstance(op, TextOp) for op in cc.layout_result.ops):
            check_phone(cc, scene=chapter in SCENES)
        assert cc.layout_result.size[0] / cc.display.pixel_ratio <= 480
    for cc in shown:
        cc.probe.width = 0
    assert [(cc.layout_result.size, cc.layout_result.ops) for cc in shown] == laptop
    assert all(cc.display.pixel_ratio == 1 for cc in shown)


def test_a_scene_canvas_follows_the_width_both_ways_and_a_wide_page_keeps_the_laptop_picture():
    demo = SevenDemo()
    cc = demo.canvas
    laptop = cc.layout_result
    cc.probe.width = 1200
    assert cc.layout_result is laptop                  # no redraw: still the laptop picture
    cc.probe.width = 360
    assert cc.display.pixel_ratio == PIXEL_RATIO and cc.layout_result.size[0] == 720
    card = next(b.card for b in face_up_boxes(cc.layout_result))
    assert cc.click_card(card).card is card
    cc.probe.width = 900
    assert cc.layout_result.ops == laptop.ops and cc.display.pixel_ratio == 1


def img_size(html: str) -> tuple[int, int]:
    return tuple(int(x) for x in re.search(r'<img[^>]*width="(\d+)" height="(\d+)"', html).groups())


@pytest.mark.parametrize("story", [trump_story, carte_blanche_story])
def test_chapter_11b_scripted_deal_on_a_phone(story):
    demo = story()
    laptop = demo.picture.value
    lay = layout_scene(**deal_scene(demo.deal, demo.you, caption=demo.trump_line(), scale=0.6))
    assert img_size(laptop) == lay.size                           # the audit's: 8.3 px
    assert min(op.px for op in lay.ops if isinstance(op, TextOp)) * PHONE_CONTAINER \
        / lay.size[0] < MIN_LABEL_PX
    demo.probe.width = PHONE_CONTAINER
    for i in range(len(demo.steps) + 1):
        demo.go(i)
        shown_w, _ = img_size(demo.picture.value)
        lay = narrow_scene(**deal_scene(demo.deal, demo.you, caption=demo.trump_line()))
        assert shown_w == lay.size[0] / PIXEL_RATIO <= 360
        k = min(shown_w, PHONE_CONTAINER) / lay.size[0]
        assert min(op.px for op in lay.ops if isinstance(op, TextOp)) * k >= MIN_LABEL_PX
        assert not overlapping(face_up_boxes(lay))
    demo.probe.width = 0
    demo.go(0)
    assert demo.picture.value == laptop


def test_chapter_09_deal_tally_on_a_phone():
    demo = DealTally(seed=2)
    laptop = [demo.pictures[0].value, demo.pictures[1].value, demo.trick.value]
    assert max(img_size(v)[0] for v in laptop) * MIN_LABEL_PX > CAPTION_PX * PHONE_CONTAINER
    demo.probe.width = PHONE_CONTAINER
    for v in (demo.pictures[0].value, demo.pictures[1].value):
        w, _ = img_size(v)             # the captions (15 px) are the pictures' only labels
        assert CAPTION_PX * min(w, PHONE_CONTAINER) / w >= MIN_LABEL_PX, w
    demo.probe.width = 0
    assert [demo.pictures[0].value, demo.pictures[1].value, demo.trick.value] == laptop
