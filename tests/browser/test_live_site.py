"""The live site in a real browser: the course with no server (`make site`).

The module makes a copy of the built book a live site as `make site` does
(book/site/vendor_site.py: Pyodide, the pinned wheels, the course's wheel), serves it with
`python3 -m http.server` on 127.0.0.1 — a static file server, no Python of ours behind it — and
opens it in headless Chromium that can resolve no host but 127.0.0.1:

* every page with demos comes alive by itself in the browser (the status bar says so, no static
  widget is left, no JavaScript error) — the engine runs in the page's own Pyodide kernel;
* a card click and a «Проверьте себя» question get the engine's answers; the exercise trainer
  checks an answer and the learner's progress survives a reload; a few tricks at the practice
  table, with a hint;
* a checkbox that shows a hidden block (`layout.display = None`) shows it: None travels from
  Python to the page as null, and the page's null to Python as None; no empty box (the grey
  strip of a result with no data) under a demo;
* no request leaves 127.0.0.1, on any page;
* on a phone (390×844): no page scrolls sideways, no control's own text is clipped, a tap on a
  card gets the engine's answer;
* a page opened as a file stays the static book.

What the page must say is computed by the same widget built here (tests/browser/mirror.py).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mirror import (check_yourself_on_chapter_04, expected_status, make_move, pick_two_cards,
                    plain, wait_for_text)
from narrow import PHONE, clipped_controls, sideways
from pagecheck import attach_log, http_server, problems_offline
from test_live_book import assert_answers_folded_away, pages_with_code
from test_progress_browser import KEY, LOADED, answer, stored

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
VENDOR_SITE = ROOT / "book" / "site" / "vendor_site.py"
LIVE = "document.documentElement.classList.contains('bezique-live-page')"
FAILED = "document.querySelector('.bezique-live-bar[data-state=failed]')"
# The card pictures of the browser kernel (SVG, bezique/widgets/render: no ipycanvas there).
PICTURE = ".bezique-card-canvas svg"
COLD_START_MS = 180000        # a first page downloads Python and compiles it (a busy CI machine)
# Boxes of the live outputs that take room on the page and show nothing (no text, no picture,
# no widget): the grey strip an empty output drew under every demo.
EMPTY_BOXES = """() => Array.from(document.querySelectorAll('.bezique-live .bezique-live-output'))
  .filter((box) => box.getBoundingClientRect().height > 0 && !box.innerText.trim()
    && !box.querySelector('svg, img, canvas, .jupyter-widgets'))
  .map((box) => box.outerHTML.slice(0, 200))"""


@pytest.fixture(scope="module")
def site_root(built_book, tmp_path_factory) -> Path:
    """A copy of the built book made a live site by book/site/vendor_site.py, as `make site`."""
    root = tmp_path_factory.mktemp("site") / "html"
    shutil.copytree(built_book, root)
    result = subprocess.run([sys.executable, str(VENDOR_SITE), "--html", str(root)],
                            capture_output=True, text=True, cwd=ROOT)
    if result.returncode != 0:
        pytest.fail("vendor_site.py не сделал сайт:\n" + (result.stdout + result.stderr)[-3000:],
                    pytrace=False)
    return root


@pytest.fixture(scope="module")
def site_url(site_root):
    """The site served by `python3 -m http.server` on 127.0.0.1 (as the README says)."""
    proc, url = http_server(site_root)
    yield url
    proc.terminate()
    proc.wait(10)


@pytest.fixture(scope="module")
def offline_browser(playwright_instance):
    """Chromium that resolves no host but 127.0.0.1: a request outside the site fails (and
    is seen in the page's log) instead of reaching the internet."""
    from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: PLC0415

    browser = playwright_instance.chromium.launch(
        executable_path=str(CHROMIUM),
        args=CHROMIUM_ARGS + ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def site_context(offline_browser):
    """One browser profile for the module: the first page fills the browser's cache, as a
    learner's first visit does."""
    context = offline_browser.new_context(viewport={"width": 1366, "height": 768}, locale="ru-RU")
    yield context
    context.close()


@pytest.fixture
def learner(site_context, site_url):
    page = site_context.new_page()
    page.set_default_timeout(60000)
    log = attach_log(page, site_url)
    yield page, log
    page.close()


def go_live(page, url: str, timeout: float = COLD_START_MS) -> float:
    """Open `url` and wait until the page is live; return the seconds the page says it took."""
    page.goto(url)
    page.wait_for_function(f"{LIVE} || {FAILED}", timeout=timeout, polling=200)
    bar = page.locator(".bezique-live-bar")
    assert bar.get_attribute("data-state") == "live", bar.inner_text()
    return page.evaluate("window.bezique_live.seconds")


# ------------------------------------------------------------------------------ the files


def test_the_site_serves_what_its_manifest_and_lock_say(site_root):
    """Every file of vendor/site/ has the sha256 the manifest gives; Pyodide's lock names
    only wheels the site serves, each with the sha256 of the file served (Pyodide checks
    every download against it)."""
    import hashlib  # noqa: PLC0415

    site = site_root / "vendor" / "site"
    manifest = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["python"] is True
    for rel, digest in manifest["files"].items():
        assert hashlib.sha256((site / rel).read_bytes()).hexdigest() == digest, rel
    lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    for name, entry in lock["packages"].items():
        wheel = site / "pyodide" / entry["file_name"]
        assert wheel.exists(), f"{name}: в замке {entry['file_name']}, а на сайте его нет"
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
    assert set(manifest["preload"]) <= set(lock["packages"])
    assert {"bezique", "ipywidgets", "babel", "ipykernel", "pyodide-kernel"} <= set(lock["packages"])


# ------------------------------------------------------------------------------ every page


@pytest.mark.parametrize("name", pages_with_code())
def test_page_comes_alive_in_the_browser(learner, site_url, name):
    page, log = learner
    go_live(page, site_url + name + ".html")
    assert page.locator(".bezique-live").count() > 0
    static = page.locator(".cell_output:not(.bezique-live) "
                          "script[type='application/vnd.jupyter.widget-view+json']")
    assert static.count() == 0, "на странице остались неживые примеры"
    notices = page.locator(".bezique-static-notice:visible")
    assert notices.count() == 0, "страница сайта говорит про make tutorial"
    assert not page.evaluate(EMPTY_BOXES), "под примером пустая полоса"
    problems = problems_offline(log)
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------------------ clicks


def test_a_card_click_gets_the_engines_answer(learner, site_url):
    from bezique.widgets.demos.tricks import TrickWinner  # noqa: PLC0415

    page, log = learner
    go_live(page, site_url + "chapters/04_tricks.html")
    mirror = TrickWinner()                                  # as in the chapter
    demo = page.locator(".bezique-live").filter(has_text="Примеры:").first
    picture = demo.locator(PICTURE).first
    picture.scroll_into_view_if_needed()
    pick_two_cards(page, demo, picture, mirror)
    assert not problems_offline(log)


def test_check_yourself_gets_its_verdict(learner, site_url):
    page, log = learner
    go_live(page, site_url + "chapters/04_tricks.html")
    assert_answers_folded_away(page)            # the answer key of the static book is hidden
    check_yourself_on_chapter_04(page)
    assert not problems_offline(log)


def test_no_empty_strip_under_a_demo(learner, site_url):
    """A cell whose widget displayed itself gets from Pyodide's kernel an execute_result with
    no data (ipykernel sends none): nothing is drawn for it, while the widget and the answer
    are there."""
    page, log = learner
    go_live(page, site_url + "chapters/04_tricks.html")
    assert page.locator(".bezique-live .bezique-live-output pre").count() == 0
    assert not page.evaluate(EMPTY_BOXES)
    assert page.locator(".bezique-live .bezique-live-output .jupyter-widgets").count() > 0
    assert not problems_offline(log)


def test_a_checkbox_shows_the_block_it_reveals(learner, site_url):
    """Chapter 06: «Подсказка: что здесь можно собрать» shows the engine's list, which the demo
    hid with `layout.display = "none"` and shows with `layout.display = None`: the None must
    reach the page as null (Pyodide's toJs makes it undefined, and JSON drops it)."""
    from bezique.widgets.demos.melds import MeldBuilder  # noqa: PLC0415

    page, log = learner
    go_live(page, site_url + "chapters/06_melds.html")
    label = "Подсказка: что здесь можно собрать"
    demo = page.locator(".bezique-live").filter(has_text=label).first
    first_line = plain(MeldBuilder(pick="К♠ Д♠").hint.value.split("<br>")[0])   # as in the chapter
    hint = demo.get_by_text(first_line, exact=False).first
    assert hint.count() == 1 and not hint.is_visible()
    demo.get_by_role("checkbox", name=label).check()
    hint.wait_for(state="visible", timeout=30000)
    demo.get_by_role("checkbox", name=label).uncheck()
    hint.wait_for(state="hidden", timeout=30000)
    assert not problems_offline(log)


NONE_BOTH_WAYS = """async () => {
  const { kernel, manager } = window.bezique_live;
  const run = async (code) => {
    const out = [];
    const future = kernel.requestExecute({ code, silent: false, store_history: false });
    future.onIOPub = (m) => { if (m.header.msg_type === "stream") out.push(m.content.text); };
    await future.done;
    return out.join("").trim();
  };
  // poll `read` until `done(value)` (or 20 s); the value last read
  const until = async (read, done) => {
    let value;
    for (let t = 0; t < 200; t++) {
      try { value = await read(); } catch (error) { value = error; }
      if (done(value)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return value;
  };
  const ids = (await run(`import ipywidgets as W
_d = W.Dropdown(options=["a", "b"], value="a")
_t = W.Text(layout=W.Layout(width="10em"))
print(_d.model_id, _t.layout.model_id)`)).split(/\\s+/);
  const models = await until(() => Promise.all(ids.map((id) => manager.get_model(id))),
                             (value) => Array.isArray(value));
  const [dropdown, layout] = models;
  await until(() => layout.get("width"), (width) => width === "10em");
  await run("_d.value = None; _t.layout.width = None");
  const read = () => ({ index: dropdown.get("index"), width: layout.get("width") });
  const shown = await until(read, (v) => v.index === null && v.width === null);
  await run('_d.value = "b"');
  await until(() => dropdown.get("index"), (index) => index === 1);
  dropdown.set("index", null);                 // the page clears the choice
  dropdown.save_changes();
  const back = await until(() => run("print(repr(_d.index), repr(_d.value))"),
                           (text) => text === "None None");
  return { shown, kernel: back };
}"""


def test_none_travels_both_ways(learner, site_url):
    """Python's None reaches the page as null (a Dropdown's value, a layout's width), and the
    page's null reaches Python as None (not pyodide.ffi.jsnull)."""
    page, log = learner
    go_live(page, site_url + "chapters/06_melds.html")
    result = page.evaluate(NONE_BOTH_WAYS)
    assert result == {"shown": {"index": None, "width": None}, "kernel": "None None"}, result
    assert not problems_offline(log)


def test_exercise_parts_unfold(learner, site_url):
    """Exercises 04: «Разложить по частям (необязательно)» shows the fields of the parts."""
    from bezique.widgets.exercises.answers import PARTS  # noqa: PLC0415

    page, log = learner
    go_live(page, site_url + "exercises/04_scoring.html")
    label = "Разложить по частям (необязательно)"
    example = page.locator(".bezique-live").nth(1)       # the page's «Пример: итог сдачи»
    field = example.get_by_text(f", {PARTS['brisques']}").first
    assert not field.is_visible()
    example.get_by_role("checkbox", name=label).check()
    field.wait_for(state="visible", timeout=30000)
    assert not problems_offline(log)


def test_practice_table_plays_with_a_hint(learner, site_url):
    from bezique.widgets.practice.table import PracticeTable  # noqa: PLC0415

    page, log = learner
    go_live(page, site_url + "chapters/15_practice.html")
    mirror = PracticeTable(opponent="heuristic", seed=1, deal_number=1)   # as in the chapter
    s = mirror.session
    table = page.locator(".bezique-live .bezique-practice-table")
    picture = table.locator(PICTURE).first
    picture.scroll_into_view_if_needed()
    wait_for_text(table.locator(".bezique-practice-status"), expected_status(mirror))
    table.get_by_role("button", name="Подсказка").click()
    hint = table.locator(".bezique-practice-message.bezique-hint")
    hint.wait_for()
    # Мастер's hint thinks for a time, not a number of samples: its advice may differ from
    # this process's; it names one of the learner's legal cards.
    text = hint.inner_text()
    legal = [a.card for a in s.legal_actions() if getattr(a, "card", None) is not None]
    assert text.startswith("Совет") and any(c.ru in text for c in legal), text
    tricks = 0
    while tricks < 3:
        before = s.deal.tricks_done
        make_move(page, table, picture, mirror)
        tricks += s.deal.tricks_done > before
    assert not problems_offline(log)


# ------------------------------------------------------------------------------ kept in the browser


def test_exercise_progress_survives_a_reload(offline_browser, site_url):
    """The browser's own kernel keeps the trainer's progress in the page's storage by itself:
    an answer, a reload, and the page goes on where it stopped."""
    context = offline_browser.new_context(viewport={"width": 1366, "height": 768}, locale="ru-RU")
    page = context.new_page()
    log = attach_log(page, site_url)
    go_live(page, site_url + "exercises/02_tricks.html")
    page.wait_for_function(LOADED, timeout=30000)
    trainer = page.locator(".bezique-live .bezique-trainer").first
    assert "позиция из задачника — 1 из" in trainer.inner_text()
    answer(trainer)
    page.wait_for_function(f"() => localStorage.getItem('{KEY}') !== null")
    assert stored(page)["t1_trick_winner"]["answered"] == 1
    go_live(page, site_url + "exercises/02_tricks.html")          # a reload, a new kernel
    page.wait_for_function(LOADED, timeout=30000)
    trainer = page.locator(".bezique-live .bezique-trainer").first
    assert "позиция из задачника — 2 из" in trainer.inner_text()
    assert not problems_offline(log)
    context.close()


def test_a_deal_is_saved_as_a_download_and_loaded_from_a_file(offline_browser, site_url):
    """At the practice table: «Сохранить сдачу» offers the record as a download; the file
    chosen in «Загрузить файл» brings the deal back (no file system of a server involved)."""
    context = offline_browser.new_context(viewport={"width": 1366, "height": 768}, locale="ru-RU",
                                          accept_downloads=True)
    page = context.new_page()
    log = attach_log(page, site_url)
    go_live(page, site_url + "chapters/15_practice.html")
    table = page.locator(".bezique-live .bezique-practice-table")
    status = table.locator(".bezique-practice-status")
    status.wait_for()
    table.get_by_role("tab", name="Запись").click()
    table.get_by_role("button", name="Сохранить сдачу").click()
    with page.expect_download() as download:
        table.get_by_role("link").filter(has_text="Скачать файл").click()
    record = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert record["format"] == "bezique-deal/1"
    before = status.inner_text()
    table.get_by_role("tab", name="Настройки").click()
    table.get_by_role("button", name="Новая сдача").click()
    page.wait_for_function("(b) => document.querySelector('.bezique-live .bezique-practice-status')"
                           ".innerText !== b", arg=before)
    table.get_by_role("tab", name="Запись").click()
    with page.expect_file_chooser() as chooser:
        table.get_by_role("button", name="Загрузить файл").click()
    chooser.value.set_files(files=[{"name": download.value.suggested_filename,
                                    "mimeType": "application/json",
                                    "buffer": json.dumps(record).encode("utf-8")}])
    wait_for_text(status, " ".join(before.split()))
    assert not problems_offline(log)
    context.close()


# ------------------------------------------------------------------------------ on a phone


@pytest.mark.parametrize("name", ["chapters/04_tricks", "exercises/01_melds",
                                  "chapters/15_practice"])
def test_a_phone_sees_every_control_whole(offline_browser, site_url, name):
    context = offline_browser.new_context(**PHONE)
    page = context.new_page()
    log = attach_log(page, site_url)
    go_live(page, site_url + name + ".html")
    assert not sideways(page), "страница прокручивается вбок"
    assert not clipped_controls(page)
    if name == "chapters/04_tricks":                   # a tap on a card gets the engine's answer
        from bezique.widgets.demos.tricks import TrickWinner  # noqa: PLC0415

        mirror = TrickWinner()
        demo = page.locator(".bezique-live").filter(has_text="Примеры:").first
        picture = demo.locator(PICTURE).first
        picture.scroll_into_view_if_needed()
        pick_two_cards(page, demo, picture, mirror, tap=True)
    assert not problems_offline(log)
    context.close()


def test_the_practice_table_on_a_phone_is_narrow_and_plays_a_tapped_card(offline_browser,
                                                                          site_url):
    """The page reports the table's width (book/live/widgets/cards.js), the browser kernel
    draws the narrow picture (render/narrow_table.py): labels at least 11 CSS pixels as shown,
    and a tap on a card plays it."""
    from bezique.actions import Play  # noqa: PLC0415
    from bezique.widgets.practice.table import PracticeTable  # noqa: PLC0415
    from bezique.widgets.render.ops import TextOp  # noqa: PLC0415
    from mirror import tap_card  # noqa: PLC0415

    mirror = PracticeTable(opponent="heuristic", seed=1, deal_number=1)   # as in the chapter
    mirror.fit.probe.width = 360
    s, lay = mirror.session, mirror.canvas.layout_result
    context = offline_browser.new_context(**PHONE)
    page = context.new_page()
    log = attach_log(page, site_url)
    go_live(page, site_url + "chapters/15_practice.html")
    table = page.locator(".bezique-live .bezique-practice-table")
    picture = table.locator(PICTURE).first
    picture.wait_for()
    page.wait_for_function("([p, w]) => p.viewBox.baseVal.width === w",
                           arg=[picture.element_handle(), lay.size[0]])
    shown = picture.evaluate("p => p.getBoundingClientRect().width")
    smallest = min(op.px for op in lay.ops if isinstance(op, TextOp)) * shown / lay.size[0]
    assert smallest >= 11, f"самая мелкая надпись {smallest:.1f} px"
    status = table.locator(".bezique-practice-status")
    wait_for_text(status, expected_status(mirror))
    card = s.deal.concealed(s.human)[-1]
    picture.scroll_into_view_if_needed()
    tap_card(page, picture, mirror.canvas, card)
    before = len(s.deal.actions)
    mirror.click_card(card)
    assert s.deal.actions[before] == (s.human, Play(card))
    wait_for_text(status, expected_status(mirror))
    assert not problems_offline(log)
    context.close()


def test_a_chapter_demo_on_a_phone_draws_its_table_narrow(offline_browser, site_url):
    """Chapter 05's table scene on a 390×844 phone: the page reports the demo's output width
    (the canvas's probe, render/phone.py), the browser kernel draws the narrow table at 2
    picture pixels a CSS pixel; its smallest label is at least 11 CSS pixels as shown (the
    laptop picture, shrunk by the browser, showed 6.6)."""
    from bezique.widgets.demos.seven import SevenDemo  # noqa: PLC0415
    from bezique.widgets.render.ops import TextOp  # noqa: PLC0415

    mirror = SevenDemo()                                 # as in the chapter
    mirror.canvas.probe.width = 358
    lay = mirror.canvas.layout_result
    context = offline_browser.new_context(**PHONE)
    page = context.new_page()
    log = attach_log(page, site_url)
    go_live(page, site_url + "chapters/05_trump_seven.html")
    find = ("([w, h]) => Array.from(document.querySelectorAll('.bezique-live " + PICTURE + "'))"
            ".find(p => p.viewBox.baseVal.width === w && p.viewBox.baseVal.height === h)")
    page.wait_for_function(find, arg=list(lay.size), timeout=60000)
    shown = page.evaluate(f"(s) => ({find})(s).getBoundingClientRect().width", list(lay.size))
    smallest = min(op.px for op in lay.ops if isinstance(op, TextOp)) * shown / lay.size[0]
    assert smallest >= 11, f"самая мелкая надпись {smallest:.1f} px"
    assert not problems_offline(log)
    context.close()


# ------------------------------------------------------------------------------ as a file


def test_a_page_opened_as_a_file_stays_static(offline_browser, site_root):
    context = offline_browser.new_context()
    page = context.new_page()
    requested = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto((site_root / "chapters" / "04_tricks.html").as_uri(), wait_until="load")
    page.wait_for_timeout(1500)
    assert page.locator(".bezique-live-bar").count() == 0
    assert not [u for u in requested if "/vendor/site/pyodide/" in u or u.endswith(".whl")]
    context.close()
