"""Eight-pack bezique (a hand of fifteen cards) at the practice table in Voilà, in a real
browser at 1366×768: no horizontal scroll, every card of the hand on the first screen and
under the pointer where the mirror draws it, a card of the lower row played by a click; then a
deal saved near its end is loaded through «Запись» and played to the end by clicks, and the
page shows the settlement explained with the engine's numbers. Screenshots at 1366×768,
1920×1080 and 390×844 go to multipack-<step>-<user>.png in the temporary folder."""

from __future__ import annotations

import getpass
import json
import tempfile
from pathlib import Path

import pytest

from bezique.actions import Play
from bezique.players.match import make_player
from bezique.variants.multipack.explain import settlement_text
from bezique.widgets.practice.scene import action_label
from bezique.widgets.practice.table import PracticeTable
from mirror import card_point, choose_rules, click_card, expected_status, make_move, wait_for_text
from test_practice_voila import LAPTOP, LARGE, TABLE_ARGS, in_view, voila_url  # noqa: F401

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


def shot(step: str) -> str:
    return str(Path(tempfile.gettempdir()) / f"multipack-{step}-{getpass.getuser()}.png")


def test_eight_pack_hand_and_settlement_in_voila(voila_url, browser):  # noqa: F811
    mirror = PracticeTable(**TABLE_ARGS)
    context = browser.new_context(viewport=LAPTOP, locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(60000)
    try:
        page.goto(voila_url())
        table = page.locator(".bezique-practice-table")
        canvas = table.locator("canvas").first
        canvas.wait_for()
        choose_rules(table, mirror, "eight_pack")
        s = mirror.session
        assert len(s.deal.concealed(s.human)) == 15
        wait_for_text(table.locator(".bezique-practice-notes"), "Козырь ещё не назначен")
        page.evaluate("window.scrollTo(0, 0)")
        assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
        assert in_view(canvas.bounding_box(), LAPTOP)
        rows = set()
        for card in s.deal.concealed(s.human):
            x, y = card_point(canvas, mirror.canvas, card)
            assert 0 <= x <= LAPTOP["width"] and 0 <= y <= LAPTOP["height"], card
            tag = page.evaluate("([x, y]) => document.elementFromPoint(x, y).tagName", [x, y])
            assert tag == "CANVAS", (card, tag)
            rows.add(round(y))
        assert len(rows) == 2                                 # fifteen cards in two rows
        page.screenshot(path=shot("start-1366"))
        # a card of the lower row, by the mouse
        lay = mirror.canvas.layout_result
        hand = s.deal.concealed(s.human)
        mine = [b for b in lay.boxes if b.card in hand]
        low = max(b.y for b in mine)
        card = next(b.card for b in mine if b.y == low)
        click_card(page, canvas, mirror.canvas, card)
        mirror.click_card(card)
        wait_for_text(table.locator(".bezique-practice-status"), expected_status(mirror))
        # a deal played on (in this process) to near its end, saved and loaded in the page
        me = make_player("heuristic", seed=3)
        while s.deal.trick_number < s.rules.total_tricks - 3 and not s.deal.is_over:
            a = me.choose(s.view())
            if type(a) is Play:
                mirror.click_card(a.card)
            else:
                assert mirror.press(a) or mirror.press(action_label(a, s.deal, s.human))
        text = json.dumps(mirror.save(), ensure_ascii=False)
        assert mirror.load_text(text)
        table.get_by_role("tab", name="Запись").click()
        table.locator("textarea").fill(text)
        table.get_by_role("button", name="Загрузить из текста").click()
        wait_for_text(table.locator(".bezique-practice-status"), expected_status(mirror))
        page.evaluate("window.scrollTo(0, 0)")
        for _ in range(20):
            if s.deal.is_over:
                break
            make_move(page, table, canvas, mirror)
        assert s.deal.is_over
        verdict = settlement_text(s.deal, s.human)
        st = s.deal.result()["settlement"]
        message = table.locator(".bezique-practice-message")
        wait_for_text(message, verdict)
        assert st["winner"] is None or str(st["value"]) in message.inner_text().replace("\xa0", " ")
        page.evaluate("window.scrollTo(0, 0)")
        assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
        page.screenshot(path=shot("end-1366"))
        page.set_viewport_size(LARGE)
        page.wait_for_timeout(500)
        page.screenshot(path=shot("end-1920"))
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(700)
        assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth + 1")
        page.screenshot(path=shot("end-390"), full_page=True)
    finally:
        context.close()
