"""The two routes of a picture lay it out identically: the SVG written for the browser kernel
puts every card where the Pillow route's hit boxes (and its painted cards) are, and a click at
a point picks the same card through the SVG display (`SvgCards`, the message cards.js sends)
as through the ipycanvas display (the message ipycanvas sends)."""

import math
import random
import re
import xml.etree.ElementTree as ET

import pytest

from ci_support import require_import

require_import("PIL")
require_import("ipycanvas")

from bezique.cards import Card, parse_cards
from bezique.widgets.render import paint
from bezique.widgets.render.canvas import CardCanvas, _visible_point, picture_html
from bezique.widgets.render.display import DISPLAY_ENV, display_kind
from bezique.widgets.render.layout import (layout_hand, layout_scene, layout_stock, layout_table,
                                           layout_trick)
from bezique.widgets.render.play_table import layout_play_table
from bezique.widgets.render.style import card_size
from bezique.widgets.render.svg import SPRITES_ENV, sprite_url

SVG = "{http://www.w3.org/2000/svg}"
HAND = parse_cards("Д♠ В♦ Т♥ 10♥ К♣ 7♠ 9♦ 8♣")
MANY = parse_cards("Т♠ Т♠ 10♠ К♠ Д♠ В♠ 9♠ Т♥ 10♥ К♥ Д♥ В♥ 9♥ Т♦ 10♦ К♦ Д♦ В♦")
OPP = parse_cards("К♠ 9♠ Т♣ 10♣ 8♥ 7♦ Т♦ В♣", taken=set(HAND))


def _others(n):
    seats = [dict(name="Игрок 2", cards=8, table=[[Card("K", "H"), Card("Q", "H")]],
                  dealer=True),
             dict(name="Партнёр", cards=7, table=[], partner=True, to_act=True),
             dict(name="Игрок 4", cards=list(OPP[:5]), table=[])]
    return seats[:n]


def scene_kwargs():
    return dict(opponent=8, trick=[("Вы", Card("Q", "H", 1)), ("Соперник", Card("A", "H", 2))],
                table=[[Card("Q", "S", 2), Card("J", "D", 2)]],
                opponent_table=[[Card("K", "H", 1), Card("Q", "H", 2)]], stock=20,
                turn_up=Card("7", "C"), selected={HAND[0]}, disabled={HAND[1], HAND[2]},
                winner=1, caption="Соперник берёт взятку тузом. Ваш ход.")


SCENES = {
    "hand": lambda: layout_hand(HAND, selected={HAND[0]}, disabled={HAND[1]},
                                highlighted={HAND[2]}, four_colour=True),
    "hand overlapped": lambda: layout_hand(HAND, max_width=260),
    "hand fanned": lambda: layout_hand(HAND, fan=True, selected={HAND[3]}),
    "backs fanned": lambda: layout_hand(6, fan=True),
    "trick": lambda: layout_trick([("Вы", HAND[0]), ("Соперник", HAND[1])], winner=1),
    "trick with a slot": lambda: layout_trick([("Ход", HAND[0])], slots=2, background=(31, 98, 60)),
    "table": lambda: layout_table([[HAND[0], HAND[1]], [HAND[2]]], caption="Объявлено"),
    "stock": lambda: layout_stock(20, Card("7", "C")),
    "empty stock": lambda: layout_stock(0),
    "scene": lambda: layout_scene(HAND, **scene_kwargs()),
    "scene, opponent face up": lambda: layout_scene(HAND, opponent=OPP, opponent_face_up=True),
    "table of two": lambda: layout_play_table(
        HAND, **scene_kwargs(), last_trick=[("Вы", Card("T", "S")), ("Соперник", Card("A", "S"))],
        last_winner=1),
    "table of three": lambda: layout_play_table(
        HAND[:7], others=_others(2), stock=30, turn_up=Card("9", "D"),
        trick=[("Игрок 2", Card("T", "D"))], you_deal=True),
    "table of four": lambda: layout_play_table(
        HAND[:6], others=_others(3), stock=12, turn_up=Card("9", "D"), you_act=True,
        last_trick=[("Ваша", Card("T", "S")), ("Игрок 2", Card("A", "S")),
                    ("Партнёр", Card("K", "S")), ("Игрок 4", Card("9", "S"))], last_winner=1),
    "many-pack hand of 18": lambda: layout_play_table(
        MANY, hand_room=18, stock=100, turn_up=Card("9", "C"), selected={MANY[0]},
        table=[[Card("K", "C"), Card("Q", "C")],
               [Card("A", "C"), Card("T", "C"), Card("K", "C", 2), Card("Q", "C", 2),
                Card("J", "C")]]),
}


def svg_cards(svg: str) -> list[tuple[str, str, tuple[int, int, int, int], tuple]]:
    """(data-card, state, bounding box of the drawn card, its corners) of every card of an
    SVG, in drawing order, read from the <g data-card> elements and their <image>."""
    root = ET.fromstring(svg)
    out = []
    for g in root.iter(SVG + "g"):
        if "data-card" not in g.attrib:
            continue
        img = g.find(SVG + "image")
        x, y = float(img.get("x")), float(img.get("y"))
        w, h = float(img.get("width")), float(img.get("height"))
        corners = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
        turn = g.get("transform")
        if turn:
            a, cx, cy = map(float, re.fullmatch(r"rotate\(([-\d.]+) ([-\d.]+) ([-\d.]+)\)", turn).groups())
            t = math.radians(a)
            corners = [(cx + (px - cx) * math.cos(t) - (py - cy) * math.sin(t),
                        cy + (px - cx) * math.sin(t) + (py - cy) * math.cos(t))
                       for px, py in corners]
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            box = (math.floor(min(xs) + 1e-6), math.floor(min(ys) + 1e-6),
                   math.ceil(max(xs) - min(xs) - 1e-6), math.ceil(max(ys) - min(ys) - 1e-6))
        else:
            box = (round(x), round(y), round(w), round(h))
        out.append((g.get("data-card"), g.get("data-state"), box, tuple(corners)))
    return out


def box_key(box):
    return ("back" if box.card is None else box.card.code, (box.x, box.y, box.w, box.h))


@pytest.mark.parametrize("name", list(SCENES))
def test_svg_puts_every_card_on_its_hit_box(name):
    lay = SCENES[name]()
    drawn = svg_cards(lay.svg(base="cards"))
    at = {(code, box) for code, _, box, _ in drawn}
    for box in lay.boxes:                       # every clickable card is drawn where it clicks
        assert box_key(box) in at, (name, box)
    face_up = sorted(k for k in at if k[0] != "back")
    assert face_up == sorted(box_key(b) for b in lay.boxes if b.card is not None), name
    # a turned card is turned the right way: its corners are its clickable polygon's
    corners = {(code, box): c for code, _, box, c in drawn}
    for i, poly in lay.shapes.items():
        drawn_corners = corners[box_key(lay.boxes[i])]
        assert all(math.dist(p, q) < 0.02 for p, q in zip(drawn_corners, poly)), (name, i)
    assert any(lay.shapes.values()) or "fanned" not in name
    # each card's state is the one its hit box says
    states = {code: state for code, state, _, _ in drawn}
    for box in lay.boxes:
        if box.card is not None and "(" in box.label and "берёт" not in box.label:
            word = box.label.rsplit("(", 1)[1]
            want = {"выбран": "selected", "недоступ": "disabled", "выделен": "highlighted"}
            assert any(word.startswith(k) and states[box.card.code] == v
                       for k, v in want.items()), (box.label, states[box.card.code])
    assert lay.svg().count("<svg") == 1 and ET.fromstring(lay.svg()) is not None


@pytest.mark.parametrize("name", list(SCENES))
def test_pillow_paints_every_card_on_its_hit_box(name):
    lay = SCENES[name]()
    painted = []
    for op in lay.ops:
        if op.kind != "card":
            continue
        img, x, y = paint._source(op)
        code = "back" if op.card is None else op.card.code
        if op.angle:                            # the turned picture is centred on the card
            cx, cy = op.centre
            assert abs(x + img.width / 2 - cx) <= 0.5 and abs(y + img.height / 2 - cy) <= 0.5
            painted.append((code, None))
        else:
            assert img.size == card_size(op.scale)
            painted.append((code, (x, y, img.width, img.height)))
    for box in lay.boxes:
        code, where = box_key(box)
        assert (code, where) in painted or (code, None) in painted, (name, box)
    assert lay.image.size == lay.size


def test_sprite_urls_follow_the_environment(monkeypatch):
    monkeypatch.delenv(SPRITES_ENV, raising=False)
    assert sprite_url(Card("Q", "S")) == "cards/QS.png"
    monkeypatch.setenv(SPRITES_ENV, "https://example.org/site/vendor/cards/")
    assert sprite_url(Card("Q", "S")) == "https://example.org/site/vendor/cards/QS.png"
    assert sprite_url(Card("Q", "D"), four_colour=True).endswith("/four/QD.png")
    assert sprite_url(Card("Q", "H"), four_colour=True).endswith("/QH.png")
    assert sprite_url(None).endswith("/back.png")
    svg = layout_hand(HAND[:2]).svg()
    assert 'href="https://example.org/site/vendor/cards/' in svg


def test_text_is_as_wide_as_the_layout_measured_it():
    lay = SCENES["table of three"]()
    texts = {op.text: op for op in lay.ops if op.kind == "text"}
    root = ET.fromstring(lay.svg())
    for t in root.iter(SVG + "text"):
        op = texts.get(t.text)
        if op is None:                          # the stock's badge
            continue
        assert float(t.get("textLength")) == pytest.approx(op.width, abs=0.01)
        assert int(t.get("x")) == op.x


# ---------------------------------------------------------------- one display, two routes

def test_display_is_chosen_by_the_environment(monkeypatch):
    monkeypatch.setenv(DISPLAY_ENV, "svg")
    assert display_kind() == "svg" and CardCanvas().display.kind == "svg"
    monkeypatch.setenv(DISPLAY_ENV, "canvas")
    assert display_kind() == "canvas" and CardCanvas().display.kind == "canvas"
    monkeypatch.setenv(DISPLAY_ENV, "nonsense")
    assert display_kind() == "canvas"            # CPython with ipycanvas: the canvas
    monkeypatch.delenv(DISPLAY_ENV)
    assert display_kind() == "canvas"


def click(cc, x, y):
    """What the browser sends on a click: cards.js's message, or ipycanvas's."""
    if cc.display.kind == "svg":
        cc.canvas._handle_custom_msg({"event": "click", "x": x, "y": y}, [])
    else:
        cc.canvas._handle_frontend_event(None, {"event": "mouse_down", "x": x, "y": y}, [])


def key(cc, name):
    if cc.display.kind == "svg":
        cc.canvas._handle_custom_msg({"event": "key", "key": name}, [])
    else:
        cc.canvas._handle_frontend_event(None, {"event": "key_down", "key": name,
                                                "shift_key": False, "ctrl_key": False,
                                                "meta_key": False}, [])


def make(monkeypatch, kind, show):
    monkeypatch.setenv(DISPLAY_ENV, kind)
    cc = CardCanvas(select_mode="multi")
    assert cc.display.kind == kind
    cc.events = []
    cc.on_box_click(lambda b: cc.events.append(("box", b.label)))
    cc.on_card_click(lambda c: cc.events.append(("card", c.code)))
    cc.on_disabled_click(lambda c: cc.events.append(("refused", c.code)))
    show(cc)
    return cc


SHOWS = {
    "fanned hand": lambda cc: cc.show_hand(HAND, fan=True, disabled={HAND[4]}),
    "scene": lambda cc: cc.show_scene(HAND, **{k: v for k, v in scene_kwargs().items()
                                             if k not in ("selected", "table")},
                                      table=[[Card("Q", "S", 2), Card("J", "D", 2)]]),
    "table of four": lambda cc: cc.show_scene(HAND[:6], layout=layout_play_table,
                                              others=_others(3), stock=12,
                                              turn_up=Card("9", "D"), disabled={HAND[2]}),
    "many-pack": lambda cc: cc.show_scene(MANY, layout=layout_play_table, hand_room=18,
                                          stock=100, turn_up=Card("9", "C")),
}


@pytest.mark.parametrize("name", list(SHOWS))
def test_a_click_picks_the_same_card_through_both_displays(monkeypatch, name):
    svg = make(monkeypatch, "svg", SHOWS[name])
    canvas = make(monkeypatch, "canvas", SHOWS[name])
    lay = canvas.layout_result
    assert svg.layout_result.boxes == lay.boxes and svg.layout_result.size == lay.size
    rng = random.Random(7)
    w, h = lay.size
    points = [_visible_point(lay, i) for i in range(len(lay.boxes))]
    points += [(rng.uniform(0, w), rng.uniform(0, h)) for _ in range(150)]
    for x, y in points:
        click(svg, x, y)
        click(canvas, x, y)
        assert svg.events == canvas.events, (x, y)
        assert svg.selected == canvas.selected
    assert any(kind == "card" for kind, _ in svg.events)
    # the SVG widget shows what the canvas shows: the selection raised, in its own state
    assert svg.layout_result.description == canvas.layout_result.description
    drawn = {code for code, state, _, _ in svg_cards(svg.canvas.svg) if state == "selected"}
    assert drawn == {c.code for c in svg.selected}
    for cc in (svg, canvas):
        cc.close()


def test_keys_work_the_same_through_both_displays(monkeypatch):
    svg = make(monkeypatch, "svg", SHOWS["fanned hand"])
    canvas = make(monkeypatch, "canvas", SHOWS["fanned hand"])
    for name in ("ArrowRight", "ArrowRight", "Enter", "End", " ", "ArrowLeft", "Home",
                 "ArrowUp", "ArrowDown", "Escape", "a", "Tab"):
        key(svg, name)
        key(canvas, name)
        assert svg.focused_card is canvas.focused_card and svg.selected == canvas.selected
        assert svg.text.value == canvas.text.value
    assert svg.events == canvas.events and svg.events
    assert 'data-focus="1"' in svg.canvas.svg           # the focus ring is drawn
    for cc in (svg, canvas):
        cc.close()


def test_svg_widget_state_and_bad_messages(monkeypatch):
    monkeypatch.setenv(DISPLAY_ENV, "svg")
    cc = CardCanvas(select_mode="single", pixel_ratio=2, name="Ваши карты")
    cc.show_hand(HAND[:3])
    widget = cc.canvas
    assert (widget._view_module, widget._view_name) == ("bezique-cards", "SvgCardsView")
    assert (widget.picture_width, widget.picture_height) == cc.layout_result.size
    assert widget.display_width == cc.layout_result.size[0] / 2
    assert widget.layout.width == f"{round(cc.layout_result.size[0] / 2)}px"
    assert widget.layout.max_width == "100%"
    assert widget.label == "Ваши карты" and widget.tabbable is True
    for bad in ({"event": "click"}, {"event": "click", "x": "a", "y": 1}, {"event": "key",
                "key": "Delete"}, "click", {"event": "nothing"}):
        widget._handle_custom_msg(bad, [])
    assert cc.selected == set()
    first = cc.layout_result.boxes[0]
    click(cc, first.x + first.w / 2, first.y + first.h / 2)
    assert cc.selected == {cc.layout_result.boxes[0].card}
    assert cc.png[:4] == b"\x89PNG"                      # CPython: Pillow is there
    cc.close()


def test_static_pictures_follow_the_route(monkeypatch):
    lay = layout_hand(HAND[:2])
    monkeypatch.setenv(DISPLAY_ENV, "canvas")
    assert picture_html(lay).startswith('<img src="data:image/png;base64,')
    monkeypatch.setenv(DISPLAY_ENV, "svg")
    html = picture_html(lay, "дама пик, туз червей")
    assert "<svg" in html and 'aria-label="дама пик, туз червей"' in html and "<img" not in html


def test_charts_are_svg_on_the_svg_route(monkeypatch):
    from bezique.widgets.demos.game import bot_game, game_chart
    from bezique.widgets.practice.panels import score_chart

    game = bot_game(7)
    monkeypatch.setenv(DISPLAY_ENV, "svg")
    chart = game_chart(game)
    assert chart.png is None and chart._repr_png_() is None
    root = ET.fromstring(chart._repr_html_())
    assert root.get("aria-label") == chart.alt and "Партию" in chart.alt
    texts = [t.text for t in root.iter(SVG + "text")]
    assert "цель — 1000 очков" in texts and "сдача" in texts and "Анна" in texts
    assert len(list(root.iter(SVG + "polyline"))) == 2
    svg, alt, size = score_chart([[120, 340, 0], [560, 410, 20]], 1000, True,
                                 names=("Вы", "Игрок 2", "Партнёр"))
    root = ET.fromstring(svg)
    assert len(list(root.iter(SVG + "polyline"))) == 3 and "после сдачи 2" in alt
    assert (root.get("width"), root.get("height")) == tuple(map(str, size))
    monkeypatch.setenv(DISPLAY_ENV, "canvas")            # CPython with matplotlib: a PNG
    assert game_chart(game).png[:4] == b"\x89PNG"
    assert score_chart([[120, 340]], 1000, False)[0][:4] == b"\x89PNG"
