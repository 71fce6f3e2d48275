"""The declared cards of a demo's table scene (`render.layout.layout_scene`: chapter 09b's
replay, the scripted deals of chapters 06 and 07, …) are drawn side by side, never one over
another (issue 28.15: in 09b's replay the opponent's declared cards overlapped past reading),
as on the practice table; many of them go smaller or into two rows, still within the picture."""

import pytest

from bezique.cards import make_pack
from bezique.widgets.render.layout import layout_scene
from bezique.widgets.render.play_table import face_up_boxes

PACK = make_pack(2)


def overlaps(a, b) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


def groups(cards, k):
    return [cards[i:i + k] for i in range(0, len(cards), k)]


@pytest.mark.parametrize("scale", [0.55, 0.8, 1.0])
@pytest.mark.parametrize("mine,theirs,size", [(2, 2, 2), (5, 5, 5), (3, 10, 2), (14, 15, 4),
                                              (20, 20, 3)])
def test_declared_cards_never_cover_one_another(scale, mine, theirs, size):
    hand, rest = PACK[:8], PACK[8:]
    lay = layout_scene(hand, opponent=8, table=groups(rest[:mine], size),
                       opponent_table=groups(rest[mine:mine + theirs], size),
                       trick=[("Вы", rest[40]), ("Соперник", rest[41])], winner=1,
                       stock=20, turn_up=rest[42], scale=scale, lift=False)
    boxes = face_up_boxes(lay)
    assert len(boxes) == 8 + mine + theirs + 2 + 1
    w, h = lay.size
    for i, a in enumerate(boxes):
        assert 0 <= a.x and a.x + a.w <= w and 0 <= a.y and a.y + a.h <= h, a
        for b in boxes[i + 1:]:
            assert not overlaps(a, b), (a.label, b.label)
    # the picture is no wider for many declared cards: they go smaller or into two rows
    plain = layout_scene(hand, opponent=8, stock=20, turn_up=rest[42], scale=scale, lift=False)
    assert w == plain.size[0]


def test_a_flat_list_of_declared_cards_is_one_group_in_display_order():
    hand, rest = PACK[:8], PACK[8:]
    lay = layout_scene(hand, table=rest[:4], opponent_table=[], scale=0.8, lift=False)
    mine = [b for b in face_up_boxes(lay) if b.card in rest[:4]]
    assert len(mine) == 4 and len({b.y for b in mine}) == 1
    assert "Ваши объявленные карты:" in lay.description
