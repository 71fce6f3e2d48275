"""The SVG display of the card pictures (what the browser kernel shows) in a real browser.

The live book is served with `BEZIQUE_DISPLAY=svg` (book/live/serve.py, a CPython kernel that
draws no ipycanvas canvas but the `SvgCards` widget of book/live/widgets/cards.js) and the card
sprites exported into the built book as the site build does (`export_card_sprites`), with
`BEZIQUE_CARD_SPRITES` pointing at them. Then, in headless Chromium:

* the pictures are SVG (no canvas), every sprite loads, nothing leaves 127.0.0.1;
* two clicks on cards get the engine's answer, at 1366×768 and on a phone's 390×844, where the
  picture is scaled to the page's width (the view turns the tap into picture pixels);
* the keyboard works as on the canvas (← → move the focus, Enter clicks);
* the practice table plays by clicks.

Where each card is comes from the same widget built here (tests/browser/mirror.py), whose
layout is the one the SVG was written from.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import pytest

from mirror import expected_status, make_move, pick_two_cards, plain, wait_for_text
from pagecheck import attach_log, problems_offline
from test_live_book import ROOT, Server, free_port, go_live

pytestmark = pytest.mark.browser

PICTURE = ".bezique-card-canvas .bezique-svg-cards"


@pytest.fixture(scope="module")
def svg_server(built_book):
    """The live book on the SVG route, its sprites beside the vendored JavaScript."""
    from bezique.widgets.render.sprites import export_card_sprites  # noqa: PLC0415

    export_card_sprites(built_book / "vendor" / "cards")
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "JUPYTER_PLATFORM_DIRS": "1",
           "BEZIQUE_DISPLAY": "svg", "BEZIQUE_CARD_SPRITES": "/book/vendor/cards"}
    env.pop("BEZIQUE_STATIC_PAGE", None)
    proc = subprocess.Popen([sys.executable, "book/live/serve.py", "--port", str(free_port()),
                             "--html", str(built_book)], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True, env=env)
    server = Server(proc)
    threading.Thread(target=server._read, daemon=True).start()
    try:
        server.wait_for_url(120)
        yield server
    finally:
        server.stop()


def open_page(browser, server, viewport):
    context = browser.new_context(viewport=viewport, locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(60000)
    page.goto(server.url, wait_until="networkidle")
    return context, page, attach_log(page, server.url)


def sprites_loaded(page) -> int:
    """The number of card sprites the page drew (each <image> of the SVG pictures loaded)."""
    return page.evaluate("""async () => {
        const urls = [...new Set([...document.querySelectorAll('.bezique-svg-cards image')]
            .map(i => i.href.baseVal))];
        const ok = await Promise.all(urls.map(u => new Promise(done => {
            const img = new Image(); img.onload = () => done(img.naturalWidth > 0);
            img.onerror = () => done(false); img.src = u; })));
        if (ok.includes(false)) throw new Error('a sprite did not load');
        return urls.length;
    }""")


def trick_demo(browser, server, viewport):
    """Chapter 04 live at `viewport`, its «Кто возьмёт взятку?» demo on screen, and the same
    demo built here: (context, page, log, demo, picture, mirror)."""
    from bezique.widgets.demos.tricks import TrickWinner  # noqa: PLC0415

    context, page, log = open_page(browser, server, viewport)
    go_live(page, server.page("chapters/04_tricks.html"))
    mirror = TrickWinner()                                  # as in the chapter
    for deck in mirror.decks:          # narrow or not, as the page reports its output's width
        deck.probe.width = viewport["width"]
    demo = page.locator(".bezique-live").filter(has_text="Примеры:").first
    picture = demo.locator(PICTURE).first
    picture.scroll_into_view_if_needed()
    wait_for_text(demo, plain(mirror.result.value))
    return context, page, log, demo, picture, mirror


@pytest.mark.parametrize("viewport", [{"width": 1366, "height": 768},
                                      {"width": 390, "height": 844}], ids=["laptop", "phone"])
def test_two_clicks_on_svg_cards_get_the_engines_answer(browser, svg_server, viewport):
    context, page, log, demo, picture, mirror = trick_demo(browser, svg_server, viewport)
    assert page.locator(".bezique-live canvas").count() == 0
    svg = picture.locator("svg")
    deck = mirror.decks[0]
    width, height = deck.layout_result.size
    box = svg.bounding_box()
    assert box["width"] <= viewport["width"]
    assert abs(box["height"] / box["width"] - height / width) < 0.01   # scaled, not squeezed
    if viewport["width"] < width:
        assert box["width"] < width                         # the phone shows it smaller
    assert sprites_loaded(page) > 8
    first = pick_two_cards(page, demo, svg, mirror)
    assert first.name_ru in plain(mirror.result.value) or first.ru in plain(mirror.result.value)
    assert not problems_offline(log)
    context.close()


def test_keyboard_on_an_svg_picture(browser, svg_server):
    context, page, log, demo, picture, mirror = trick_demo(browser, svg_server,
                                                           {"width": 1366, "height": 768})
    picture.focus()
    deck = mirror.decks[0]
    for key in ("ArrowRight", "ArrowRight", "Enter"):
        picture.press(key)
        deck.key(key)
    wait_for_text(demo, plain(mirror.result.value))
    assert "Клавиатура:" in demo.locator(".bezique-cards-text").first.text_content()
    assert picture.locator("svg [data-focus]").count() == 1     # the focus ring is drawn
    assert not problems_offline(log)
    context.close()


def test_practice_table_plays_on_svg(browser, svg_server):
    from bezique.widgets.practice.table import PracticeTable  # noqa: PLC0415

    context, page, log = open_page(browser, svg_server, {"width": 1366, "height": 768})
    go_live(page, svg_server.page("chapters/15_practice.html"))
    mirror = PracticeTable(opponent="heuristic", seed=1, deal_number=1)   # as in the chapter
    table = page.locator(".bezique-live .bezique-practice-table")
    picture = table.locator(".bezique-svg-cards svg").first
    picture.scroll_into_view_if_needed()
    wait_for_text(table.locator(".bezique-practice-status"), expected_status(mirror))
    s = mirror.session
    tricks, deadline = 0, time.monotonic() + 240
    while tricks < 2 and time.monotonic() < deadline:
        before = s.deal.tricks_done
        make_move(page, table, picture, mirror)
        tricks += s.deal.tricks_done > before
    assert tricks == 2
    assert not problems_offline(log)
    context.close()
