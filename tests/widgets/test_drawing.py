"""Card pictures and layouts: pixels, order, hit boxes, text equivalents (Pillow only)."""

import pytest

from ci_support import require_import

require_import("PIL")
numpy = require_import("numpy")

from bezique.cards import Card, parse_cards
from bezique.widgets.render import drawing
from bezique.widgets.render.drawing import back_image, card_image, card_label, card_size, get_font
from bezique.widgets.render.layout import (layout_hand, layout_scene, layout_stock, layout_table,
                                           layout_trick, order_cards)

HAND = parse_cards("Д♠ В♦ Т♥ 10♥ К♣ 7♠ 9♦ 8♣")


def _rgba(img):
    a = numpy.asarray(img.convert("RGBA")).astype(int)
    return a[..., 0], a[..., 1], a[..., 2], a[..., 3]


def _count(img, pred):
    r, g, b, a = _rgba(img)
    return int(((a > 200) & pred(r, g, b)).sum())


def is_red(r, g, b):
    return (r > 150) & (g < 90) & (b < 90)


def is_green(r, g, b):
    return (g > 90) & (g > r + 50) & (g > b + 30)


def is_blue(r, g, b):
    return (b > 140) & (b > r + 60) & (b > g + 40)


def mean_saturation(img):
    sat = numpy.asarray(img.convert("RGB").convert("HSV"))[..., 1].astype(float)
    return float(sat[_rgba(img)[3] > 200].mean())


# ------------------------------------------------------------------ single cards

def test_red_suits_have_red_pixels_and_black_suits_none():
    for suit in "HD":
        assert _count(card_image(Card("Q", suit)), is_red) > 150
    for suit in "SC":
        assert _count(card_image(Card("Q", suit)), is_red) == 0


def test_four_colour_clubs_green_and_diamonds_blue():
    clubs = card_image(Card("9", "C"), four_colour=True)
    diamonds = card_image(Card("9", "D"), four_colour=True)
    assert _count(clubs, is_green) > 100
    assert _count(diamonds, is_blue) > 100
    assert _count(diamonds, is_red) == 0
    # the two-colour pack keeps clubs black
    assert _count(card_image(Card("9", "C")), is_green) == 0


def test_disabled_card_is_less_saturated():
    card = Card("K", "H")
    normal, grey = card_image(card), card_image(card, state="disabled")
    assert mean_saturation(grey) < 0.4 * mean_saturation(normal)


def test_selected_and_highlighted_outlines():
    card = Card("7", "S")
    w, h = card_size()
    for state, colour in (("selected", drawing.SELECT_COLOUR), ("highlighted", drawing.HIGHLIGHT_COLOUR)):
        img = card_image(card, state=state).convert("RGBA")
        r, g, b, a = img.getpixel((1, h // 2))
        assert abs(r - colour[0]) + abs(g - colour[1]) + abs(b - colour[2]) < 60, state


def test_sizes_scale_and_cache():
    assert card_image(Card("A", "S")).size == (70, 100)
    assert card_image(Card("A", "S"), scale=2).size == (140, 200)
    assert card_image(Card("A", "S")) is card_image(Card("A", "S"))
    # identical copies share one picture
    assert card_image(Card("Q", "S", 1)) is card_image(Card("Q", "S", 2))
    with pytest.raises(ValueError):
        card_image(Card("A", "S"), state="purple")


def test_faces_differ_by_rank_and_the_font_has_russian_letters():
    faces = {card_image(Card(r, "S")).tobytes() for r in "ATKQJ987"}
    assert len(faces) == 8
    font = get_font(20, True)
    for letter in "ТКДВ♠♥♦♣":
        assert font.getmask(letter).getbbox() is not None, letter


def test_back_is_mostly_navy():
    img = back_image()
    navy = _count(img, lambda r, g, b: (b > r + 40) & (b > 90))
    assert navy > 0.5 * img.width * img.height


def test_card_labels_in_russian():
    assert card_label(Card("Q", "S")) == "дама пик"
    assert card_label(Card("Q", "S"), "selected") == "дама пик (выбрана)"
    assert card_label(Card("J", "D"), "disabled") == "валет бубен (недоступен)"
    assert card_label(None) == "карта рубашкой вверх"


# ------------------------------------------------------------------ layouts

def test_alternate_order_and_standard_order():
    shown = order_cards(HAND)
    suits = [c.suit for c in shown]
    assert suits == sorted(suits, key="SHCD".index)
    assert [c.ru for c in shown][:2] == ["Д♠", "7♠"]
    assert [c.suit for c in order_cards(HAND, "standard")] == sorted(suits, key="SHDC".index)
    assert order_cards(HAND, None) == HAND


def test_hand_hit_boxes():
    lay = layout_hand(HAND)
    shown = order_cards(HAND)
    assert [b.card for b in lay.boxes] == shown
    third = lay.boxes[2]
    assert lay.hit_test(third.x + third.w / 2, third.y + third.h / 2).card is shown[2]
    # the gap between the 3rd and 4th card, and outside the picture
    assert lay.hit_test(third.x + third.w + 2, third.y + third.h / 2) is None
    assert lay.hit_test(-5, -5) is None
    assert lay.image.size[0] >= 8 * 70


def test_overlapping_hand_picks_the_topmost_card():
    lay = layout_hand(HAND, max_width=300)
    assert lay.size[0] <= 300
    second, third = lay.boxes[1], lay.boxes[2]
    assert third.x < second.x + second.w               # they overlap
    x = (third.x + second.x + second.w) / 2             # inside both: the later card wins
    assert lay.hit_test(x, third.y + 50).card is third.card


def test_selected_card_is_raised():
    lay = layout_hand(HAND, selected={HAND[0]})
    ys = {b.card: b.y for b in lay.boxes}
    assert ys[HAND[0]] < min(y for c, y in ys.items() if c is not HAND[0])


def test_fan_hit_testing_uses_rotated_shapes():
    lay = layout_hand(HAND, fan=True)
    assert len(lay.shapes) == len(HAND)
    last = lay.boxes[-1]
    poly = lay.shapes[len(HAND) - 1]
    cx = sum(p[0] for p in poly) / 4
    cy = sum(p[1] for p in poly) / 4
    assert lay.hit_test(cx, cy).card is last.card
    # the top-right corner of the last card's bounding box is outside the tilted card
    assert lay.hit_test(last.x + last.w - 1, last.y + 1) is None


def test_text_equivalent_lists_russian_names():
    lay = layout_hand(HAND, disabled={HAND[1]})
    assert lay.description.startswith("Карты: дама пик, семёрка пик, туз червей")
    assert "валет бубен (недоступен)" in lay.description
    hidden = layout_hand(5)
    assert hidden.description == "Карты: 5 карт рубашкой вверх."
    assert all(b.card is None for b in hidden.boxes)


def test_trick_stock_and_table():
    trick = layout_trick([("Вы", Card("Q", "H")), ("Соперник", Card("A", "H"))], winner=1)
    assert trick.description == "Взятка: вы — дама червей; соперник — туз червей (берёт взятку)."
    assert trick.boxes[1].label == "Соперник: туз червей (берёт взятку)"
    yours = layout_trick([("Соперник", Card("Q", "H")), ("Вы", Card("A", "H"))], winner=1)
    assert yours.description == "Взятка: соперник — дама червей; вы — туз червей (берёте взятку)."
    assert yours.boxes[1].label == "Вы: туз червей (берёте взятку)"
    names = layout_trick([("Ваш партнёр", Card("K", "C")), ("Соперник слева", Card("8", "C")),
                          ("Игрок 3", Card("7", "C")), ("Анна", Card("9", "C"))])
    assert names.description == ("Взятка: ваш партнёр — король треф; соперник слева — восьмёрка "
                                 "треф; Игрок 3 — семёрка треф; Анна — девятка треф.")
    three = layout_trick([("Первый (ходит)", Card("K", "C")), ("Второй", Card("T", "C"))], winner=0)
    assert three.description == ("Взятка: первый (ходит) — король треф (берёт взятку); второй — "
                                 "десятка треф.")
    assert layout_stock(1).description == "Талон: 1 карта."
    assert layout_stock(3).description == "Талон: 3 карты."
    stock = layout_stock(21, Card("7", "C"))
    assert stock.description == "Талон: 21 карта; козырь — семёрка треф."
    assert [b.card for b in stock.boxes] == [None, Card("7", "C")]
    assert layout_stock(0).description == "Талон пуст."
    # while the deal is being dealt, the pile is the pack, not yet the stock
    assert layout_stock(63, pile="колода").description == "Колода: 63 карты."
    melds = [[Card("K", "H"), Card("Q", "H")], [Card("Q", "S"), Card("J", "D")]]
    table = layout_table(melds)
    assert [b.card for b in table.boxes] == [c for m in melds for c in m]
    assert table.description == "Объявлено: король червей, дама червей, дама пик, валет бубен."


def test_scene_has_every_part_and_clickable_hand():
    trick = [("Вы", Card("Q", "H", 2)), ("Соперник", Card("A", "H", 2))]
    lay = layout_scene(HAND, opponent=8, trick=trick, table=[[Card("Q", "S", 2), Card("J", "D", 2)]],
                       opponent_table=[[Card("K", "H"), Card("Q", "H")]], stock=20,
                       turn_up=Card("7", "C"), selected={HAND[0]}, winner=1, caption="Ваш ход.")
    cards = [b.card for b in lay.boxes]
    assert cards.count(None) == 8 + 1                   # the opponent's backs and the stock
    for card in HAND:
        box = lay.boxes[cards.index(card)]
        assert lay.hit_test(box.x + box.w / 2, box.y + box.h / 2).card is card
    text = lay.description
    for part in ("Соперник: 8 карт рубашкой вверх.", "Талон: 20 карт; козырь — семёрка треф.",
                 "Ваши карты: дама пик (выбрана)", "Объявлено соперником: король червей",
                 "Ваши объявленные карты: дама пик, валет бубен.", "Ваш ход."):
        assert part in text
    assert lay.image.mode == "RGB"                      # opaque felt
    assert lay.png()[:8] == b"\x89PNG\r\n\x1a\n"


def test_captions_wrap_to_the_picture():
    long = "Это длинная подпись к картинке, которая не помещается в одну строку и переносится. " * 3
    lay = layout_hand(HAND[:2], caption=long)
    assert lay.size[0] < 400
    assert lay.size[1] > 100 + 3 * 15


def test_scene_renders_fast_once_warm():
    from bezique.widgets.render.bench import bench

    result = bench(n=5)
    assert result["scene_render_median_ms"] < 150      # generous: shared CI machines
    assert set(result) >= {"scene_png_p95_ms", "widget_redraw_median_ms", "cold_scene_ms", "png_kb"}
    assert all(isinstance(v, float) for v in result.values())   # `python -m bezique bench` prints them
