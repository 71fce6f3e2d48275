"""The practice table as a Voilà app in a real browser: start `voila` on a free port of
127.0.0.1 with book/chapters/15_practice.ipynb, play several tricks by clicking the cards on
the canvas (at the positions of the layout's hit boxes) and the declaration buttons, and
check that the page follows: the trick, the stock count, the scores.

The table in the page is mirrored in this process by a `PracticeTable` with the notebook's
own arguments (the opponent is seeded, so it answers the same way here and there): the
mirror tells where each card is drawn and what the page must say after each click. A
screenshot of the last state goes to /tmp/practice_voila.png.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from bezique.widgets.practice.table import PracticeTable
from ci_support import require
from mirror import click_card, expected_status, make_move, wait_for_text

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "book" / "chapters" / "15_practice.ipynb"
TABLE_ARGS = dict(opponent="heuristic", seed=1, deal_number=1)     # as in the notebook
SCREENSHOT = Path("/tmp/practice_voila.png")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def voila_url():
    voila = Path(sys.executable).with_name("voila")
    if not voila.exists():
        require("Voilà", "нет в окружении: make install")
    port = free_port()
    proc = subprocess.Popen(
        [str(voila), str(NOTEBOOK), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"

    def ready() -> str:
        """Wait until the server answers (it starts while the browser and the mirror do)."""
        deadline = time.monotonic() + 45
        while True:
            try:
                with urllib.request.urlopen(url + "voila/static/voila.js", timeout=2):
                    return url
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("Voilà не запустился", pytrace=False)
                time.sleep(0.3)
    try:
        yield ready
    finally:
        os.killpg(proc.pid, signal.SIGTERM)           # voila and the kernel it started
        try:
            proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)


def test_play_tricks_by_clicking_in_voila(voila_url, browser):
    mirror = PracticeTable(**TABLE_ARGS)
    s = mirror.session
    context = browser.new_context(viewport={"width": 1300, "height": 1100}, locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(45000)
    try:
        page.goto(voila_url())
        table = page.locator(".bezique-practice-table")
        canvas = table.locator("canvas").first
        canvas.wait_for()
        status = table.locator(".bezique-practice-status")
        text = table.locator(".bezique-cards-text").first
        assert wait_for_text(status, expected_status(mirror)) and "в талоне 47 карт" in status.inner_text()
        assert mirror.canvas.layout_result.description.split("\n")[-2] in text.inner_text()
        canvas.scroll_into_view_if_needed()
        tricks, refused = 0, False
        message = table.locator(".bezique-practice-message")
        while tricks < 4 or not refused:
            before = s.deal.tricks_done
            if mirror.choices() and not refused:         # a card during our declaration turn
                card = s.deal.concealed(s.human)[0]
                click_card(page, canvas, mirror.canvas, card)
                mirror.click_card(card)
                assert mirror.message_kind == "error"
                wait_for_text(message, "Сначала закончите объявление")
                refused = True
                continue
            make_move(page, table, canvas, mirror)
            if s.deal.tricks_done > before:
                tricks += 1
                trick = mirror.canvas.layout_result.description.split("\n")[3]
                assert trick.startswith("Взятка:")
                wait_for_text(text, trick)
        assert s.deal.stock_count <= 47 - 2 * 4 and "счёт сдачи" in status.inner_text()
        assert "Счёт сдачи" in table.inner_text()              # the score panel
        page.set_viewport_size({"width": 1300, "height": 1700})    # the whole table in view
        page.wait_for_timeout(500)
        table.screenshot(path=str(SCREENSHOT))
    finally:
        context.close()
    assert SCREENSHOT.stat().st_size > 10_000
