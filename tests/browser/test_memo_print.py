"""«Памятка за столом» printed from the browser: as many A4 pages as the page itself announces
(«на двух листах … выйдет два листа A4»), at most two, only the article (the print CSS of
book/_static/bezique-print.css hides the navigation), and the tables in it."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

MEMO = "chapters/16_table_memo.html"
MAX_PAGES = 2
# What the memo's first paragraph may announce, and the pages that means.
ANNOUNCED = {"на одном листе": 1, "выйдет один лист A4": 1, "на двух листах": 2,
             "выйдет два листа A4": 2}


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF that Chromium wrote (one /Type /Page object a page)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def test_memo_prints_on_at_most_two_a4_pages(page, book_url):
    page.goto(book_url + MEMO, wait_until="load")
    page.emulate_media(media="print")
    # Only the article is printed: the sidebar, header, prev/next links and the theme's
    # printed table of contents are hidden (the theme prints the title itself).
    for selector in (".bd-sidebar-primary", ".bd-header", ".prev-next-area", "#jb-print-toc"):
        for el in page.query_selector_all(selector):
            assert not el.is_visible(), f"{selector} печатается"
    text = page.inner_text("article")
    for heading in ("Каждая взятка", "Сколько стоят комбинации", "Из комбинации в комбинацию",
                    "Конец талона", "Последние восемь взяток", "Счёт сдачи", "Лист записи",
                    "О чём договориться до игры"):
        assert heading in text, heading
    intro = page.inner_text("article p")
    said = {n for phrase, n in ANNOUNCED.items() if phrase in intro}
    assert len(said) == 1, f"памятка не говорит (или говорит по-разному), на скольких листах: {intro}"
    pdf = page.pdf(format="A4", print_background=False)
    pages = pdf_pages(pdf)
    assert 1 <= pages <= MAX_PAGES, f"памятка печатается на {pages} страницах A4"
    assert pages == said.pop(), f"памятка обещает одно число листов, а печатается на {pages}"


def test_page_counter_counts_pages(page):
    """The counter itself: a page with three forced page breaks prints on four pages."""
    page.set_content("<p>1</p>" + "".join(f'<p style="break-before:page">{i}</p>' for i in (2, 3, 4)))
    assert pdf_pages(page.pdf(format="A4")) == 4
