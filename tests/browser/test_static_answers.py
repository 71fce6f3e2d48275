"""The static book teaches without a server (real Chromium): every «Проверьте себя» question and
every exercise example has its collapsed «Ответ», which opens to the engine's answer; no page
has a widget control that looks live (every button, list, field, switch and slider is
disabled, no card canvas takes a click or the keyboard focus), and every interactive demo says
what it does in the live book and which command makes it live."""

from __future__ import annotations

import pytest

from pagecheck import cyrillic_letters, visit
from test_static_book import CHAPTERS, page_url, require_page

pytestmark = pytest.mark.browser

CONTROLS = ("button, select, input, textarea, [role=slider], [role=radio], [role=checkbox], "
            "[role=button], [role=combobox], [role=listbox], [role=spinbutton]")

_CELLS_JS = """() => Array.from(document.querySelectorAll('.cell_output')).map((out, i) => {
    const questions = out.querySelectorAll('.bezique-question');
    const answers = Array.from(out.querySelectorAll('details.bezique-answer'));
    const section = out.closest('section');
    const heading = section && section.querySelector(':scope > h1, :scope > h2, :scope > h3');
    return {index: i, questions: questions.length, answers: answers.length,
            open: answers.map(d => d.open),
            summaries: answers.map(d => d.querySelector('summary').innerText.trim()),
            prompt: questions.length ? questions[0].innerText.trim().slice(0, 70) : '',
            section: heading ? heading.textContent.replace('#', '').trim() : ''};
}).filter(c => c.questions || c.answers)"""

_LIVE_LOOKING_JS = """(selector) => {
    const found = [];
    document.querySelectorAll('.widget-subarea').forEach((area, i) => {
        area.querySelectorAll(selector).forEach(el => {
            if (el.type === 'hidden' || el.closest('.lm-TabBar')) return;  // tabs work offline
            const off = el.disabled || el.closest('[disabled]') ||
                        el.getAttribute('aria-disabled') === 'true';
            if (!off) found.push(`виджет №${i + 1}: ${el.tagName.toLowerCase()} «` +
                (el.getAttribute('aria-label') || el.innerText || el.value || '').trim()
                    .slice(0, 40) + '» не отключён');
        });
        area.querySelectorAll('canvas').forEach((canvas, k) => {
            if (getComputedStyle(canvas).cursor === 'pointer')
                found.push(`виджет №${i + 1}: холст №${k + 1} с курсором-рукой`);
            if (canvas.tabIndex >= 0)
                found.push(`виджет №${i + 1}: холст №${k + 1} принимает фокус клавиатуры`);
        });
    });
    return found;
}"""

_DEMOS_JS = """(selector) => Array.from(document.querySelectorAll('.widget-subarea'))
  .map((area, i) => {
    const root = area.firstElementChild;
    const interactive = !!root && (root.querySelector(selector) || root.querySelector('canvas'));
    const notice = root && root.querySelector('.bezique-static-notice');
    const box = notice ? notice.getBoundingClientRect() : null;
    const rootBox = root ? root.getBoundingClientRect() : null;
    return {index: i, interactive: !!interactive, text: notice ? notice.innerText.trim() : '',
            atTop: !!(box && rootBox && box.top - rootBox.top < 4)};
})"""


def widget_pages() -> list[str]:
    return [name for name in CHAPTERS if name.startswith(("chapters/", "exercises/"))]


@pytest.mark.parametrize("docname", widget_pages())
def test_every_question_has_its_answer(built_book, book_url, page, docname):
    require_page(built_book, docname)
    visit(page, page_url(book_url, docname))
    cells = page.evaluate(_CELLS_JS)
    problems = []
    for cell in cells:
        where = f"вопрос «{cell['prompt']}»" if cell["questions"] else f"вывод №{cell['index']}"
        if cell["questions"] and cell["answers"] != 1:
            problems.append(f"{where}: блоков «Ответ» {cell['answers']}, а нужен один")
        if cell["answers"] and not cell["questions"]:
            problems.append(f"{where}: «Ответ» без вопроса")
        if any(cell["open"]):
            problems.append(f"{where}: «Ответ» раскрыт сразу")
        if any(s != "Ответ" for s in cell["summaries"]):
            problems.append(f"{where}: заголовок блока {cell['summaries']}")
    check_yourself = [c for c in cells if c["section"] == "Проверьте себя"]
    heading = page.locator("section h2", has_text="Проверьте себя")
    if heading.count():
        if not any(c["questions"] for c in check_yourself):
            problems.append("в разделе «Проверьте себя» нет ни одного вопроса")
    elif docname.startswith("exercises/") and not any(c["questions"] for c in cells):
        problems.append("на странице упражнений нет примера с вопросом")
    assert not problems, f"{docname}.html:\n  " + "\n  ".join(problems)

    answers = page.locator("details.bezique-answer")
    for k in range(answers.count()):
        details = answers.nth(k)
        body = details.locator(".bezique-answer-body")
        assert not body.is_visible()
        details.locator("summary").click()
        assert details.evaluate("d => d.open")
        assert body.is_visible()
        text = body.inner_text()
        assert cyrillic_letters(text) >= 15, f"{docname}.html, «Ответ» №{k + 1}: {text!r}"


@pytest.mark.parametrize("docname", widget_pages())
def test_no_control_pretends_to_be_live(built_book, book_url, page, docname):
    require_page(built_book, docname)
    visit(page, page_url(book_url, docname))
    from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: PLC0415

    try:       # widgets render one after another: wait until the page has settled
        page.wait_for_function(f"sel => ({_LIVE_LOOKING_JS})(sel).length === 0", arg=CONTROLS,
                               timeout=10000)
    except PlaywrightTimeout:
        pass
    found = page.evaluate(_LIVE_LOOKING_JS, CONTROLS)
    assert not found, f"{docname}.html:\n  " + "\n  ".join(found[:20])


@pytest.mark.parametrize("docname", widget_pages())
def test_every_demo_says_how_to_bring_it_to_life(built_book, book_url, page, docname):
    require_page(built_book, docname)
    visit(page, page_url(book_url, docname))
    problems = []
    for demo in page.evaluate(_DEMOS_JS, CONTROLS):
        if not demo["interactive"]:
            continue
        name = f"виджет №{demo['index'] + 1}"
        if not demo["text"]:
            problems.append(f"{name}: нет пояснения, что он делает в живой книге")
            continue
        if "make tutorial" not in demo["text"] or "Здесь можно" not in demo["text"]:
            problems.append(f"{name}: в пояснении нет действия или команды: {demo['text']!r}")
        if not demo["atTop"]:
            problems.append(f"{name}: пояснение не в начале виджета")
    assert not problems, f"{docname}.html:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("where", ["served", "file"])
def test_the_static_book_shows_its_answers(built_book, book_url, page, where):
    """Without a kernel the «Ответ» blocks are the answer key: shown (collapsed) on a page
    served by a plain static server and on a page opened as a file; only a live page folds
    them away (issue 28, point 13; the live pages are tested in test_live_book.py and
    test_live_site.py)."""
    name = "chapters/04_tricks"
    require_page(built_book, name)
    url = (built_book / f"{name}.html").as_uri() if where == "file" else page_url(book_url, name)
    visit(page, url)
    answers = page.locator("details.bezique-answer")
    assert answers.count() > 0
    assert page.locator("details.bezique-answer:visible").count() == answers.count()
