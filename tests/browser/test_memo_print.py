"""«Памятка за столом» printed from the browser: at most two A4 pages, only the article (the
print CSS of book/_static/bezique-print.css hides the navigation), and the tables in it."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

MEMO = "chapters/16_table_memo.html"
MAX_PAGES = 2


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
    for heading in ("Каждая взятка", "Сколько стоят комбинации", "Последние восемь взяток",
                    "Счёт сдачи", "Лист записи", "О чём договориться до игры"):
        assert heading in text, heading
    pdf = page.pdf(format="A4", print_background=False)
    pages = pdf_pages(pdf)
    assert 1 <= pages <= MAX_PAGES, f"памятка печатается на {pages} страницах A4"


def test_page_counter_counts_pages(page):
    """The counter itself: a page with three forced page breaks prints on four pages."""
    page.set_content("<p>1</p>" + "".join(f'<p style="break-before:page">{i}</p>' for i in (2, 3, 4)))
    assert pdf_pages(page.pdf(format="A4")) == 4
