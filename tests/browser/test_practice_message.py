"""The coach's message at the practice table is read whole (issue 28.10: the box was a fixed
72 pixels, and the last line of a long hint was hidden in it, under the picture).

The Voilà app (`make practice`) at 1366×768, 1920×1080 and on a phone (390×844, touch): the
learner chooses many-pack bezique, where a hint has three parts (the advice, its reason, and
that the Любитель gives it) and asks for one. The test checks, in the page:

* the box does not scroll: its scrollHeight is not above its clientHeight;
* once the box is scrolled into view, all of it is on the screen, and at the middle of its last
  line the element the browser finds there is the box itself (no canvas, no tab over it);
* it does not overlap the picture, and asking for the hint moved neither the picture nor the
  «Подсказка» button (the message stands beside or under them);
* the text is the mirror's hint (the Любитель's choice, the same in the page and here).

Screenshots: practice_message-<size>-<user>.png in the temporary folder.
"""

from __future__ import annotations

import getpass
import os
import signal
import sys
import tempfile
from pathlib import Path

import pytest

from bezique.widgets.practice.table import PracticeTable
from bench_practice import start_voila
from ci_support import require
from mirror import choose_rules, wait_for_text

pytestmark = pytest.mark.browser

TABLE_ARGS = dict(opponent="heuristic", seed=1, deal_number=1)     # as in the notebook
SIZES = {"1366x768": ({"width": 1366, "height": 768}, False),
         "1920x1080": ({"width": 1920, "height": 1080}, False),
         "phone": ({"width": 390, "height": 844}, True)}

# The box's geometry, whether it scrolls, and what the browser finds at the middle of the last
# line of its text (a Range over the last text node gives the rectangles of its lines).
MEASURE = """(box) => {
  const r = box.getBoundingClientRect();
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  let last = null;
  while (walker.nextNode()) if (walker.currentNode.textContent.trim()) last = walker.currentNode;
  const range = document.createRange();
  range.selectNodeContents(last);
  const lines = range.getClientRects();
  const line = lines[lines.length - 1];
  const x = line.left + line.width / 2, y = line.top + line.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          scrollHeight: box.scrollHeight, clientHeight: box.clientHeight,
          lastLineInside: !!hit && box.contains(hit), lastLine: [x, y],
          overflowY: getComputedStyle(box).overflowY};
}"""


@pytest.fixture(scope="module")
def voila_url():
    if not Path(sys.executable).with_name("voila").exists():
        require("Voilà", "нет в окружении: make install")
    try:
        proc, url = start_voila()                     # as `make practice` starts it
    except RuntimeError:
        pytest.fail("Voilà не запустился", pytrace=False)
    try:
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)           # voila and the kernel it started
        proc.wait(timeout=10)


def overlap(a, b) -> bool:
    return (a["x"] < b["left"] + (b["right"] - b["left"]) and b["left"] < a["x"] + a["width"]
            and a["y"] < b["bottom"] and b["top"] < a["y"] + a["height"])


@pytest.mark.parametrize("size", list(SIZES))
def test_a_long_hint_is_read_whole(voila_url, browser, size):
    viewport, phone = SIZES[size]
    mirror = PracticeTable(**TABLE_ARGS)
    context = browser.new_context(viewport=viewport, locale="ru-RU", is_mobile=phone,
                                  has_touch=phone)
    page = context.new_page()
    page.set_default_timeout(60000)
    try:
        page.goto(voila_url)
        table = page.locator(".bezique-practice-table")
        canvas = table.locator("canvas").first
        canvas.wait_for()
        choose_rules(table, mirror, "many_pack_infusorka")
        table.get_by_role("tab", name="Счёт").click()
        page.evaluate("window.scrollTo(0, 0)")
        hint_button = table.get_by_role("button", name="Подсказка")
        before = (canvas.bounding_box(), hint_button.bounding_box())
        hint_button.click()
        hint = mirror.hint()
        assert hint is not None and mirror.message_kind == "hint"
        box = table.locator(".bezique-practice-message.bezique-hint")
        box.wait_for()
        text = wait_for_text(box, mirror.message_text)
        assert len(text.split("\n")) >= 3 and "Любитель" in text      # a long hint indeed
        page.evaluate("window.scrollTo(0, 0)")
        after = (canvas.bounding_box(), hint_button.bounding_box())
        for a, b in zip(before, after):
            assert abs(a["y"] - b["y"]) < 1 and abs(a["x"] - b["x"]) < 1, (before, after)

        box.scroll_into_view_if_needed()
        page.wait_for_timeout(200)
        m = box.evaluate(MEASURE)
        assert m["scrollHeight"] <= m["clientHeight"] + 1, m        # nothing hidden inside
        assert m["overflowY"] not in ("hidden", "clip"), m
        assert 0 <= m["top"] and m["bottom"] <= viewport["height"], m   # all of it on screen
        assert m["lastLineInside"], m                       # the last line is seen, uncovered
        assert not overlap(canvas.bounding_box(), m), m     # not on (nor under) the picture
        page.screenshot(path=str(Path(tempfile.gettempdir())
                                 / f"practice_message-{size}-{getpass.getuser()}.png"))
    finally:
        context.close()
