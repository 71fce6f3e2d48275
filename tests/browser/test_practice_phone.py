"""The practice table on a phone (390×844, touch) in the Voilà app: the page reports the
table's width (`render.width.ContainerWidth`, its view in book/live/widgets/cards.js, loaded by
Voilà through book/voila/voila/labextensions/bezique-cards), and the kernel draws the narrow
picture (`render.narrow_table`): every label at least 11 CSS pixels as the page shows it, and a
tap on a card plays that card.

The page's table is mirrored here by a `PracticeTable` with the notebook's arguments, told the
same narrow width (tests/browser/mirror.py). A screenshot goes to practice_phone-<user>.png in
the temporary folder.
"""

from __future__ import annotations

import getpass
import tempfile
from pathlib import Path

import pytest

from bezique.actions import Play
from bezique.widgets.practice.table import PracticeTable
from bezique.widgets.render.ops import TextOp
from mirror import expected_status, tap_card, wait_for_text
from narrow import PHONE
from test_practice_voila import TABLE_ARGS, voila_url  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser

MIN_LABEL_PX = 11
SCREENSHOT = Path(tempfile.gettempdir()) / f"practice_phone-{getpass.getuser()}.png"


def test_the_table_on_a_phone_is_narrow_readable_and_plays_a_tapped_card(voila_url, browser):
    mirror = PracticeTable(**TABLE_ARGS)
    mirror.fit.probe.width = 360                      # a phone's width, as the page reports it
    s = mirror.session
    lay = mirror.canvas.layout_result
    assert mirror.fit.narrow
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(45000)
    try:
        page.goto(voila_url())
        table = page.locator(".bezique-practice-table")
        canvas = table.locator("canvas").first
        canvas.wait_for()
        # the narrow picture: its size in picture pixels, never wider than the screen
        page.wait_for_function("([c, w]) => c.width === w", arg=[canvas.element_handle(),
                                                                 lay.size[0]])
        width, height, shown = canvas.evaluate("c => [c.width, c.height, c.clientWidth]")
        assert (width, height) == lay.size
        assert 300 <= shown <= 390
        k = shown / width                                 # CSS pixels a picture pixel
        smallest = min(op.px for op in lay.ops if isinstance(op, TextOp)) * k
        assert smallest >= MIN_LABEL_PX, f"самая мелкая надпись {smallest:.1f} px"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        text = table.locator(".bezique-cards-text").first
        wait_for_text(text, lay.description.split("\n")[-1])
        # a tap on the last card of the hand plays it
        status = table.locator(".bezique-practice-status")
        wait_for_text(status, expected_status(mirror))
        card = s.deal.concealed(s.human)[-1]
        canvas.scroll_into_view_if_needed()
        tap_card(page, canvas, mirror.canvas, card)
        before = len(s.deal.actions)
        mirror.click_card(card)
        assert s.deal.actions[before] == (s.human, Play(card))
        wait_for_text(status, expected_status(mirror))
        told = mirror.canvas.layout_result.description.split("\n")
        assert card.name_ru in told[3] + told[4]          # in the trick, or the trick just taken
        wait_for_text(text, told[3])
        wait_for_text(text, told[4])
        page.wait_for_timeout(300)
        page.screenshot(path=str(SCREENSHOT), full_page=True)
    finally:
        context.close()
