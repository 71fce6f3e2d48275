"""CardCanvas without a browser: clicks through ipycanvas's own message handler,
selection, disabled cards, text equivalents, and the picture in the widget state."""

import base64
import io
import json

import pytest

from ci_support import require, require_import

ipywidgets = require_import("ipywidgets")
require_import("ipycanvas")
from PIL import Image

from bezique.cards import Card, parse_cards
from bezique.widgets.render.canvas import (CardCanvas, card_png, hand_html, hand_png, hand_picture,
                                           scene_picture)
from bezique.widgets.render.layout import order_cards

HAND = parse_cards("Д♠ В♦ Т♥ 10♥ К♣ 7♠ 9♦ 8♣")
SHOWN = order_cards(HAND)                      # display order: ♠ ♥ ♣ ♦


def mouse_down(cc, x, y):
    """What the browser sends on a click, handled by ipycanvas's real handler."""
    cc.canvas._handle_frontend_event(None, {"event": "mouse_down", "x": x, "y": y}, [])


def centre(cc, i):
    box = cc.layout_result.boxes[i]
    return box.x + box.w / 2, box.y + box.h / 2


@pytest.fixture
def cc():
    widget = CardCanvas(select_mode="single")
    widget.clicked, widget.refused = [], []
    widget.on_card_click(widget.clicked.append)
    widget.on_disabled_click(widget.refused.append)
    widget.show_hand(HAND, disabled={SHOWN[4]})
    yield widget
    widget.close()


def test_click_at_centre_of_third_card_selects_it(cc):
    mouse_down(cc, *centre(cc, 2))
    assert cc.selected == {SHOWN[2]}
    assert cc.clicked == [SHOWN[2]]
    # the picture now shows it raised and the text says so
    assert f"{SHOWN[2].name_ru} (выбрана)" in cc.text.value or f"{SHOWN[2].name_ru} (выбран)" in cc.text.value
    box = cc.layout_result.boxes[2]
    assert box.y < cc.layout_result.boxes[3].y


def test_single_mode_replaces_and_unselects(cc):
    mouse_down(cc, *centre(cc, 0))
    mouse_down(cc, *centre(cc, 1))
    assert cc.selected == {SHOWN[1]}
    mouse_down(cc, *centre(cc, 1))
    assert cc.selected == set()


def test_click_between_cards_does_nothing(cc):
    box = cc.layout_result.boxes[2]
    mouse_down(cc, box.x + box.w + 2, box.y + box.h / 2)
    mouse_down(cc, 1, 1)
    assert cc.selected == set() and cc.clicked == [] and cc.refused == []


def test_click_on_disabled_card_is_reported_not_selected(cc):
    mouse_down(cc, *centre(cc, 4))
    assert cc.selected == set()
    assert cc.clicked == []
    assert cc.refused == [SHOWN[4]]
    assert "недоступ" in cc.layout_result.boxes[4].label


def test_multi_mode_toggles(cc):
    cc.select_mode = "multi"
    for i in (0, 2, 5):
        mouse_down(cc, *centre(cc, i))
    assert cc.selected == {SHOWN[0], SHOWN[2], SHOWN[5]}
    mouse_down(cc, *centre(cc, 2))
    assert cc.selected == {SHOWN[0], SHOWN[5]}
    cc.select_mode = "single"                  # more than one cannot stay selected
    assert cc.selected == set()


def test_none_mode_reports_without_selecting(cc):
    cc.select_mode = "none"
    mouse_down(cc, *centre(cc, 3))
    assert cc.selected == set() and cc.clicked == [SHOWN[3]]


def test_selection_from_python_and_observers(cc):
    seen = []
    cc.observe(lambda ch: seen.append(ch["new"]), names="selected")
    cc.selected = {SHOWN[6]}
    assert seen == [{SHOWN[6]}]
    assert "(выбрана)" in cc.text.value or "(выбран)" in cc.text.value
    cc.show_hand(HAND, selected={SHOWN[4], SHOWN[0]}, disabled={SHOWN[4]})
    assert cc.selected == {SHOWN[0]}           # a disabled card cannot stay selected


def test_click_card_helper_and_overlapping_cards(cc):
    cc.show_hand(HAND, max_width=260)
    cc.click_card(SHOWN[3])
    assert cc.selected == {SHOWN[3]}


def test_text_equivalent_lists_russian_names(cc):
    text = cc.text.value
    assert "дама пик, семёрка пик, туз червей, десятка червей" in text
    assert "король треф (недоступен)" in text
    assert "Карты: дама пик" in text
    # a tooltip on a Canvas breaks its view in ipywidgets 8 (it has no `description`)
    assert cc.canvas.tooltip is None


def test_image_data_is_in_the_widget_state(cc):
    state = ipywidgets.Widget.get_manager_state()["state"][cc.canvas.model_id]
    buffers = {tuple(b["path"]): b["data"] for b in state["buffers"]}
    data = buffers[("image_data",)]
    png = base64.b64decode(data) if isinstance(data, str) else bytes(data)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    assert img.size == (cc.canvas.width, cc.canvas.height) == cc.layout_result.size
    assert state["state"]["sync_image_data"] is False


def test_embedded_state_keeps_the_picture_and_the_text(cc):
    from ipywidgets.embed import embed_data

    data = embed_data(views=[cc])
    state = data["manager_state"]["state"]
    canvas = state[cc.canvas.model_id]
    assert any(b["path"] == ["image_data"] for b in canvas["buffers"])
    assert "дама пик" in state[cc.text.model_id]["state"]["value"]


def test_redraw_sends_the_picture_to_the_live_canvas(cc, monkeypatch):
    sent = []
    monkeypatch.setattr(cc.canvas._canvas_manager, "send_draw_command",
                        lambda canvas, cmd, args=[], buffers=[]: sent.append((cmd, args, buffers)))
    cc.redraw()
    put = [s for s in sent if s[2]]
    assert put and put[-1][2][0][:8] == b"\x89PNG\r\n\x1a\n"


def test_four_colour_switch_redraws(cc):
    before = cc.canvas.image_data
    cc.four_colour = True
    assert cc.canvas.image_data != before


def test_scene_selects_only_own_cards():
    cc = CardCanvas(select_mode="multi")
    clicked = []
    cc.on_card_click(clicked.append)
    trick = [("Соперник", Card("A", "H", 2))]
    table = [[Card("Q", "S", 2), Card("J", "D", 2)]]
    cc.show_scene(HAND, table=table, opponent=8, trick=trick, stock=20, turn_up=Card("7", "C"))
    boxes = cc.layout_result.boxes
    cards = [b.card for b in boxes]
    cc.click_card(Card("A", "H", 2))               # the opponent's card: reported only
    cc.click_card(Card("Q", "S", 2))               # a declared card of yours: selectable
    cc.click_card(HAND[0])
    assert cc.selected == {Card("Q", "S", 2), HAND[0]}
    assert clicked == [Card("A", "H", 2), Card("Q", "S", 2), HAND[0]]
    stock = boxes[cards.index(None, 8)]            # the first None after the 8 backs
    assert cc.click(stock.x + 5, stock.y + 5).label == "талон: 20 карт"
    assert "Талон: 20 карт; козырь — семёрка треф." in cc.text.value
    cc.close()


def test_static_pictures():
    png = card_png(Card("Q", "S"), scale=2)
    assert Image.open(io.BytesIO(png)).size == (140, 200)
    assert hand_png(HAND[:3])[:4] == b"\x89PNG"
    html = hand_html([Card("Q", "S"), Card("J", "D")])
    assert html.startswith('<img src="data:image/png;base64,')
    assert 'alt="дама пик, валет бубен"' in html
    pic = hand_picture(HAND[:2])
    assert pic._repr_png_()[:4] == b"\x89PNG" and "alt=" in pic._repr_html_()
    assert "Ваши карты" in scene_picture(HAND, stock=5).alt


def _kernel_starts():
    """Skip (locally; fail in CI) only when no python3 kernel can be started on this machine."""
    from jupyter_client.manager import start_new_kernel
    try:
        km, kc = start_new_kernel(kernel_name="python3", startup_timeout=60)
    except Exception as exc:                   # no kernel spec, or it dies at start
        require("ядро python3", f"не запускается: {exc}")
    kc.stop_channels()
    km.shutdown_kernel(now=True)


def test_nbclient_saves_the_picture_in_the_notebook(tmp_path):
    """A notebook executed without a browser (as the book build does) keeps the picture."""
    nbformat = require_import("nbformat")
    nbclient = require_import("nbclient")
    require_import("ipykernel")
    _kernel_starts()
    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_code_cell(
        "from bezique.cards import parse_cards\n"
        "from bezique.widgets.render.canvas import CardCanvas\n"
        "cc = CardCanvas(select_mode='single')\n"
        "cc.show_hand(parse_cards('Д♠ В♦'))\n"
        "cc"))
    # any error from here on (a CardCanvas bug included) fails the test
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}}).execute()
    state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    canvases = [m for m in state.values() if m["model_name"] == "CanvasModel"]
    assert canvases
    bufs = canvases[0]["buffers"]
    png = base64.b64decode(next(b["data"] for b in bufs if b["path"] == ["image_data"]))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert "дама пик, валет бубен" in json.dumps(state, ensure_ascii=False)


def key_down(cc, key):
    cc.canvas._handle_frontend_event(None, {"event": "key_down", "key": key, "shift_key": False,
                                            "ctrl_key": False, "meta_key": False}, [])


def test_keyboard_moves_focus_and_selects(cc):
    assert cc.canvas.tabbable is True
    key_down(cc, "ArrowRight")
    assert cc.focused_card is SHOWN[0]
    assert "Клавиатура: дама пик." in cc.text.value
    key_down(cc, "ArrowRight")
    key_down(cc, "Enter")
    assert cc.selected == {SHOWN[1]} and cc.clicked == [SHOWN[1]]
    assert cc.focused_card is SHOWN[1]
    key_down(cc, "ArrowLeft")
    key_down(cc, "ArrowLeft")                  # wraps round to the last card
    assert cc.focused_card is SHOWN[-1]
    key_down(cc, "Home")
    assert cc.focused_card is SHOWN[0]
    key_down(cc, "Escape")
    assert cc.selected == set()
    for _ in range(4):
        key_down(cc, "ArrowRight")
    key_down(cc, " ")                          # the disabled card: reported, not selected
    assert cc.focused_card is SHOWN[4] and cc.refused == [SHOWN[4]] and cc.selected == set()


def test_focus_ring_is_drawn_and_survives_a_new_hand(cc):
    plain = cc.layout_result.image.copy()
    key_down(cc, "ArrowRight")
    assert cc.layout_result.image.tobytes() != plain.tobytes()
    cc.show_hand(HAND[:4])                     # the focused card is still there
    assert cc.focused_card is SHOWN[0]
    cc.show_hand(HAND[4:])
    assert cc.focused_card is None


def test_other_pictures_and_pixel_ratio():
    cc = CardCanvas(select_mode="single", pixel_ratio=2)
    cc.show_hand(HAND[:3])
    w, h = cc.layout_result.size
    assert cc.canvas.width == w and cc.canvas.layout.width == f"{round(w / 2)}px"
    first = cc.layout_result.boxes[0]
    assert first.w == 140                      # drawn twice as large, shown at 70 px
    mouse_down(cc, first.x + 70, first.y + 100)  # ipycanvas reports canvas pixels
    assert cc.selected == {order_cards(HAND[:3])[0]}
    cc.show_hand(5)
    assert "5 карт рубашкой вверх" in cc.text.value and cc.selected == set()
    cc.show_table([[Card("K", "H"), Card("Q", "H")]])
    cc.click_card(Card("Q", "H"))
    assert cc.selected == {Card("Q", "H")}
    cc.show_trick([("Вы", Card("T", "S")), ("Соперник", Card("A", "S"))], winner=1)
    assert "Взятка: вы — десятка пик; соперник — туз пик (берёт взятку)." in cc.text.value
    cc.show_stock(7, Card("9", "D"))
    assert "Талон: 7 карт; козырь — девятка бубен." in cc.text.value
    cc.close()


def test_text_reprs_have_no_memory_addresses():
    pic = hand_picture([Card("Q", "S"), Card("J", "D")])
    assert repr(pic) == "Картинка: дама пик, валет бубен"
    assert " at 0x" not in repr(pic.layout) and "дама пик" in repr(pic.layout)


def test_live_canvas_gets_only_the_changed_parts_and_they_add_up_to_the_picture(monkeypatch):
    """Once a page is live, a redraw sends only the changed rectangles (and no second copy in
    the widget state); painting them over the previous picture gives the new one exactly."""
    import io

    from PIL import Image

    from bezique.widgets.practice.table import PracticeTable
    t = PracticeTable(opponent="heuristic", seed=1, deal_number=1, coach=False)
    cc = t.canvas
    sent = []
    monkeypatch.setattr(cc.canvas._canvas_manager, "send_draw_command",
                        lambda canvas, cmd, args=[], buffers=[]: sent.append((args, buffers)))
    cc._on_client_ready()                              # the page says it is ready: all of it
    page = Image.new("RGB", cc.layout_result.size)
    for args, buffers in sent:
        if buffers:
            page.paste(Image.open(io.BytesIO(buffers[0])).convert("RGB"), tuple(args[:2]))
    assert page.tobytes() == cc.layout_result.image.tobytes()
    state = cc.canvas.image_data
    for _ in range(3):
        sent.clear()
        t.click_card(t.session.legal_actions()[0].card)
        puts = [(args, b[0]) for args, b in sent if b]
        assert puts and sum(len(b) for _, b in puts) < len(cc.png)    # less than the whole
        for (x, y), png in puts:
            page.paste(Image.open(io.BytesIO(png)).convert("RGB"), (x, y))
        assert page.tobytes() == cc.layout_result.image.tobytes()
    assert cc.canvas.image_data == state               # not sent again in the state


def test_a_change_of_colour_alone_is_a_changed_part():
    """An opaque RGBA picture whose colour changes (a gold frame moved) differs only in RGB:
    the difference's alpha is zero, and the change must still be found."""
    from bezique.widgets.render.canvas_display import _changed_parts
    old = Image.new("RGBA", (64, 64), (20, 90, 40, 255))
    new = old.copy()
    new.putpixel((30, 5), (212, 175, 55, 255))
    parts = _changed_parts(old, new)
    assert parts and any(x <= 30 < x + w and y <= 5 < y + h for x, y, w, h in parts)
    assert _changed_parts(old, old.copy()) == []
