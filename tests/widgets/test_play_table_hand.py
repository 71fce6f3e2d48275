"""Your hand on the practice table's picture when it is long (many-pack bezique: eighteen
cards): no face-up card covers another, every card is drawn at a readable size (at least
`HAND_FLOOR` of the table's scale), the display order reads left to right and the top row
first, a click on each card selects that very card, and the picture keeps its size while the
hand grows and shrinks."""

import pytest

from bezique.actions import Play
from bezique.widgets.practice.scene import scene_kwargs
from bezique.widgets.practice.table import PracticeTable
from bezique.widgets.render.drawing import card_size
from bezique.widgets.render.layout import order_cards
from bezique.widgets.render.play_table import (HAND_FLOOR, WIDTH, face_up_boxes, hand_arrangement,
                                               layout_play_table)

SCALES = (1.0, 0.7, 0.6)           # the live table, the replay, the review's pictures


def many_pack_table(seed=1) -> PracticeTable:
    return PracticeTable(opponent="random", rules="many_pack_infusorka", seed=seed,
                         hint_options={"samples": 2, "time_limit": None})


@pytest.fixture(scope="module")
def deal_state():
    """A many-pack deal just dealt: your eighteen cards, the opponent's, the turn-up."""
    t = many_pack_table()
    s = t.session
    return s.deal, s.human


def overlapping(boxes):
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h:
                return a.label, b.label
    return None


def picture(deal, human, hand, scale, room=18, **extra):
    kw = scene_kwargs(deal, human)
    kw.update(hand=hand, scale=scale, hand_room=room, **extra)
    return layout_play_table(**kw)


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("n", range(9, 19))
def test_a_long_hand_never_overlaps_and_stays_readable(deal_state, n, scale):
    deal, human = deal_state
    hand = list(deal.hands[human])[:n]
    sizes = set()
    for room in (n, 18):
        lay = picture(deal, human, hand, scale, room)
        assert overlapping(face_up_boxes(lay)) is None
        mine = [b for b in face_up_boxes(lay) if b.card in hand]
        assert len(mine) == n
        floor = card_size(HAND_FLOOR * scale)[0]
        assert all(b.w >= floor for b in mine), (n, scale, [b.w for b in mine][:1])
        w, h = lay.size
        assert w <= round(WIDTH * scale) + 2 * round(10 * scale)       # as wide as for two
        assert all(0 <= b.x and b.x + b.w <= w and 0 <= b.y and b.y + b.h <= h for b in mine)
        # reading order (by rows, then left to right) is the hand's display order
        rows = sorted(mine, key=lambda b: (b.y, b.x))
        assert [b.card for b in rows] == order_cards(hand, "alternate")
        if room == 18:
            sizes.add(lay.size)
    assert len(sizes) == 1


def test_the_picture_keeps_its_size_through_the_deal(deal_state):
    """With room for eighteen, the picture has one size whatever the hand holds (0–18)."""
    deal, human = deal_state
    sizes = {picture(deal, human, list(deal.hands[human])[:n], 1.0, lift=False).size
             for n in range(19)}
    assert len(sizes) == 1
    (w, h), = sizes
    assert h <= 470                         # no higher than the three-seat table (469)


def test_arrangement():
    w1 = card_size(1)[0]
    assert hand_arrangement(8, 1.0, WIDTH) == (1.0, 8)             # two seats: unchanged
    assert hand_arrangement(9, 1.0, WIDTH) == (1.0, 9)
    k, per = hand_arrangement(10, 1.0, WIDTH)                     # a little smaller, one row
    assert per == 10 and HAND_FLOOR <= k < 1
    assert hand_arrangement(18, 1.0, WIDTH) == (HAND_FLOOR, 9)     # two rows of nine
    k, per = hand_arrangement(18, 0.6, round(WIDTH * 0.6))
    assert per == 9 and k == pytest.approx(HAND_FLOOR * 0.6)
    assert card_size(HAND_FLOOR)[0] >= 0.75 * w1 - 1


def test_selected_card_rises_inside_its_row(deal_state):
    """A review picture raises the card played: in two rows it still covers no other card."""
    deal, human = deal_state
    hand = list(deal.hands[human])
    shown = order_cards(hand, "alternate")
    for chosen in (shown[0], shown[12]):            # top row, bottom row
        lay = picture(deal, human, hand, 0.6, lift=True, selected={chosen})
        assert overlapping(face_up_boxes(lay)) is None
        box = next(b for b in lay.boxes if b.card is chosen)
        same_row = [b for b in lay.boxes if b.card in hand and abs(b.y - box.y) < box.h / 2
                    and b.card is not chosen]
        assert same_row and all(b.y > box.y for b in same_row)     # raised above its row


def test_a_click_on_each_card_of_the_hand_selects_that_card():
    """On the live table (many-pack): a click in the middle of each card of the hand is
    that card, and clicking it plays that very card."""
    t = many_pack_table(seed=2)
    s = t.session
    assert s.my_turn and not t.choices()             # the first trick: you lead or answer
    lay = t.canvas.layout_result
    hand = s.deal.concealed(s.human)
    boxes = [b for b in lay.boxes if b.card in hand]
    assert len(boxes) == len(hand) == 18
    for b in boxes:
        assert lay.hit_test(b.x + b.w / 2, b.y + b.h / 2).card is b.card
        assert lay.hit_test(b.x + 1, b.y + 1).card is b.card            # corners too
        assert lay.hit_test(b.x + b.w - 2, b.y + b.h - 2).card is b.card
    # the last card of the top row and the first of the bottom row: a real click plays it
    target = sorted(boxes, key=lambda b: (b.y, b.x))[9]
    before = len(s.deal.actions)
    assert t.canvas.click(target.x + target.w / 2, target.y + target.h / 2).card is target.card
    played = [a for seat, a in s.deal.actions[before:] if seat == s.human]
    assert played and type(played[0]) is Play and played[0].card is target.card


@pytest.mark.parametrize("held", [4, 9, 12, 16])
def test_many_declared_cards_take_the_room_the_hand_leaves(deal_state, held):
    """Many-pack players declare a lot: with a short hand your declared cards stand in two
    rows at their usual size (0.7) instead of one row drawn small; the picture keeps its size
    and no card covers another."""
    deal, human = deal_state
    cards = list(deal.hands[human]) + list(deal.hands[1 - human])
    hand, declared = cards[:held], cards[18:32]
    groups = [declared[i:i + 4] for i in range(0, len(declared), 4)]
    lay = picture(deal, human, hand, 1.0, table=groups, lift=False)
    assert overlapping(face_up_boxes(lay)) is None
    size = picture(deal, human, list(deal.hands[human]), 1.0, lift=False).size
    assert lay.size == size
    shown = [b for b in face_up_boxes(lay) if b.card in declared]
    assert len(shown) == len(declared)
    w07 = card_size(0.7)[0]
    if held <= 12:                          # the hand in one row: two rows of declared cards
        assert all(b.w == w07 for b in shown) and len({b.y for b in shown}) == 2
    else:                                   # the hand needs both rows: one row, smaller
        assert len({b.y for b in shown}) == 1
    mine = [b for b in face_up_boxes(lay) if b.card in hand]
    assert min(b.y for b in mine) > max(b.y + b.h for b in shown)   # the hand below them
