"""The live book on a phone (390×844, touch): `make tutorial`, opened as a new learner would.

* no page of the book scrolls sideways, and on no page is a control's own text cut — a
  button, a tab's title, a menu's chosen option, a description (tests/browser/narrow.py);
* the practice table's tabs show whole titles, and so does every control on each tab;
* a tap on a card of chapter 04's demo gets the engine's answer.

The pages come alive a few at a time, each with its own kernel. What the demo must say is
computed by the same widget built here (tests/browser/mirror.py).
"""

from __future__ import annotations

import pytest
import yaml

from mirror import pick_two_cards, plain
from narrow import PHONE, clipped_controls, sideways
from test_live_book import BOOK, FAILED, LIVE, pages_with_code, tutorial  # noqa: F401

pytestmark = pytest.mark.browser

AT_ONCE = 4                 # pages coming alive at the same time (a kernel each)
LIVE_PAGES = set(pages_with_code())


def all_pages() -> list[str]:
    """Every page of the canonical table of contents, the first page included."""
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text(encoding="utf-8"))
    return [toc["root"]] + [c["file"] for part in toc["parts"] for c in part["chapters"]]


@pytest.fixture
def phone(browser, tutorial):
    """A phone's browser that has opened the printed URL (the token sets the login cookie)."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(120000)
    page.goto(tutorial.url, wait_until="networkidle")
    yield context, page
    context.close()


def come_alive(page, name: str) -> list[str]:
    """Wait until the page (already asked for) has loaded and, if it has demos, come alive;
    what is wrong with it, if anything."""
    page.wait_for_load_state("load")
    if name in LIVE_PAGES:
        page.wait_for_function(f"{LIVE} || {FAILED}")
        if page.locator(".bezique-live-bar").get_attribute("data-state") != "live":
            return [f"{name}: страница не ожила"]
    page.wait_for_timeout(300)                  # the last views find their size
    return []


def open_live(page, tutorial, name: str) -> None:
    page.goto(tutorial.page(name + ".html"))
    assert not come_alive(page, name)


def test_the_checks_see_a_cut_text_and_a_sideways_page(browser):
    """The checks themselves: a cut button, a cut menu, a cut tab and a wide page are seen."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_content("""<meta name="viewport" content="width=device-width">
        <div class="jupyter-widgets"><button style="width:60px;overflow:hidden;white-space:nowrap">
        Добавить объявление</button></div>
        <div class="widget-dropdown"><select style="width:80px"><option>7♥ — семёрка червей
        </option></select></div>
        <ul style="display:flex;overflow:hidden;width:120px"><li class="lm-TabBar-tab"
        style="flex:0 0 90px">Счёт</li><li class="lm-TabBar-tab" style="flex:0 0 90px">Тренер</li>
        </ul>""")
    found = clipped_controls(page)
    assert any("«Добавить объявление»: текст обрезан" in x for x in found), found
    assert any("«7♥ — семёрка червей»" in x for x in found), found
    assert any("«Тренер»" in x for x in found), found
    assert sideways(page) == 0
    page.set_content('<meta name="viewport" content="width=device-width">'
                     '<div style="width:600px">Широкая страница</div>')
    assert sideways(page) > 0
    context.close()


def test_no_page_scrolls_sideways_and_no_control_is_cut(phone, tutorial):
    context, _ = phone
    names, problems = all_pages(), []
    for start in range(0, len(names), AT_ONCE):
        batch = {name: context.new_page() for name in names[start:start + AT_ONCE]}
        for name, page in batch.items():            # they load and come alive together
            page.set_default_timeout(120000)
            page.goto(tutorial.page(name + ".html"), wait_until="commit")
        for name, page in batch.items():
            problems += come_alive(page, name)
            if wide := sideways(page):
                problems.append(f"{name}: страница прокручивается вбок на {wide} пикс.")
            problems += [f"{name}: {x}" for x in clipped_controls(page)]
            page.goto("about:blank")                # the page's kernel is shut down
            page.close()
    assert not problems, "\n".join(problems)


def test_the_practice_tables_tabs_and_their_controls_are_whole(phone, tutorial):
    from bezique.widgets.practice.table import TAB_TITLES  # noqa: PLC0415

    _, page = phone
    open_live(page, tutorial, "chapters/15_practice")
    table = page.locator(".bezique-live .bezique-practice-table")
    table.locator("canvas").first.wait_for()
    for title in TAB_TITLES:
        tab = table.get_by_role("tab", name=title)
        tab.tap()
        page.wait_for_function("(t) => t.classList.contains('lm-mod-current')",
                               arg=tab.element_handle())
        page.wait_for_timeout(300)
        found = clipped_controls(page)
        assert not found, f"вкладка «{title}»:\n" + "\n".join(found)
    assert sideways(page) == 0


def test_a_tap_on_a_card_gets_the_engines_answer(phone, tutorial):
    from bezique.widgets.demos.tricks import TrickWinner  # noqa: PLC0415

    _, page = phone
    open_live(page, tutorial, "chapters/04_tricks")
    mirror = TrickWinner()                                  # as in the chapter
    demo = page.locator(".bezique-live").filter(has_text="Примеры:").first
    canvas = demo.locator(".bezique-card-canvas canvas").first
    canvas.scroll_into_view_if_needed()
    first = pick_two_cards(page, demo, canvas, mirror, tap=True)
    assert first.name_ru in plain(mirror.result.value) or first.ru in plain(mirror.result.value)
