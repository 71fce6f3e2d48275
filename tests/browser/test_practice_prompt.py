"""The prompt over the practice table's picture is read whole on a phone.

table.py gives the prompt («Ваш ход: …», «Сдача окончена: …») a fixed height of two lines so
that the picture does not move as the prompt changes; on a 390×844 phone the end of a deal,
«Сдача окончена: у вас … очков, у соперника … очков. Вы выиграли сдачу с перевесом в … очков!»,
takes three lines and the third was hidden in the box's own scroll. The table's style
(practice/style.py, sent in the table's header) lets the prompt grow past its two lines.

The test plays a deal to its end in this process, puts the table's header (its style) and its
prompt into a page 358 CSS pixels wide (the book's column on a 390-pixel phone) and checks that
the prompt does not scroll; a one-line prompt keeps its two lines of room.
"""

from __future__ import annotations

import random

import pytest

from bezique.widgets.practice.table import PracticeTable

pytestmark = pytest.mark.browser

PAGE = """<!doctype html><html lang="ru"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:16px;font:16px 'DejaVu Sans',sans-serif">
<div class="bezique-practice-table" style="width:358px">{header}<div id="prompt">{prompt}</div></div>
</body></html>"""

MEASURE = """() => { const b = document.querySelector('#prompt .bezique-practice-prompt');
  return {scroll: b.scrollHeight, client: b.clientHeight,
          em: parseFloat(getComputedStyle(b).fontSize)}; }"""


def finished_table() -> PracticeTable:
    t = PracticeTable(opponent="random", seed=3, deal_number=1, coach=False)
    rng = random.Random(1)
    s = t.session
    while not s.deal.is_over:
        choices = t.choices()
        if choices:
            assert t.press(choices[rng.randrange(len(choices))][1])
        else:
            legal = [a.card for a in s.legal_actions()]
            t.click_card(legal[rng.randrange(len(legal))])
    return t


def test_the_prompt_at_the_end_of_a_deal_is_read_whole_on_a_phone(browser):
    t = finished_table()
    assert "Сдача окончена" in t.prompt.value
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, locale="ru-RU")
    try:
        page = context.new_page()
        page.set_content(PAGE.format(header=t.header.value, prompt=t.prompt.value))
        box = page.evaluate(MEASURE)
        assert box["scroll"] <= box["client"] + 1, (
            f"Подсказка над столом обрезана: {box['scroll']} px текста в {box['client']} px")
        # «Ваш ход: …» (one or two lines) keeps the room of two lines: the picture stays put
        page.set_content(PAGE.format(header=t.header.value,
                                     prompt=t.prompt.value.split(">", 1)[0] + ">Ваш ход.</div>"))
        box = page.evaluate(MEASURE)
        assert box["client"] >= 2.6 * box["em"] - 1
    finally:
        context.close()
