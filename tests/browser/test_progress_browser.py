"""The exercise progress kept in the browser, in a real browser: the served live book with
`BEZIQUE_PROGRESS_STORE=browser` (the route the browser's own kernel takes by itself), so the
trainer keeps the progress in the page's `localStorage` (bezique/widgets/storage.py and
book/live/widgets/storage.js), not in a file.

* an answer is saved in the browser, and after a reload the page goes on where it stopped;
* another exercise page sees the same progress;
* a damaged stored value is set aside and reported in Russian, never a traceback;
* «Сохранить прогресс в файл» downloads the progress, «Загрузить прогресс из файла» brings it
  back (a bad file is refused and changes nothing).
"""

from __future__ import annotations

import json
import sys

import pytest

from pagecheck import attach_log, problems_offline
from test_live_book import FAILED, LIVE, free_port, go_live, start

pytestmark = pytest.mark.browser

KEY = "bezique:progress"
TRICKS = "exercises/02_tricks.html"
MELDS = "exercises/01_melds.html"
LOADED = ("() => { const c = document.querySelector('.bezique-live .bezique-progress caption');"
          " return c !== null && !c.textContent.includes('загружается'); }")


@pytest.fixture(scope="module")
def served(built_book):
    """book/live/serve.py on a free port, its kernels told to keep the progress in the
    browser; stopped at the end."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BEZIQUE_PROGRESS_STORE", "browser")
        mp.setenv("JUPYTER_PLATFORM_DIRS", "1")
        server = start([sys.executable, "book/live/serve.py", "--port", str(free_port())], 120)
    yield server
    server.stop()


@pytest.fixture
def learner(browser, served):
    """A fresh browser profile (empty localStorage) that has opened the printed URL."""
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="ru-RU",
                                  accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(60000)
    page.goto(served.url, wait_until="networkidle")
    log = attach_log(page, served.url)
    yield page, log
    context.close()


def open_trainer(page, url=None):
    """Open an exercise page (None: reload this one), wait until it is live and the browser's
    storage has answered."""
    if url is None:
        page.reload()
        page.wait_for_function(f"{LIVE} || {FAILED}", timeout=120000)
    else:
        go_live(page, url)
    page.wait_for_function(LOADED, timeout=30000)
    return page.locator(".bezique-live .bezique-trainer").first


def stored(page):
    text = page.evaluate(f"localStorage.getItem('{KEY}')")
    return json.loads(text)["levels"] if text else None


def answer(trainer):
    exercise = trainer.locator(".bezique-exercise").first
    exercise.get_by_role("button", name="Берёт ходивший").click()
    exercise.locator(".bezique-feedback").wait_for()


def test_progress_survives_a_reload(learner, served):
    page, log = learner
    trainer = open_trainer(page, served.page(TRICKS))
    assert stored(page) is None                                    # opening writes nothing
    assert "позиция из задачника — 1 из" in trainer.inner_text()
    answer(trainer)
    page.wait_for_function(f"() => localStorage.getItem('{KEY}') !== null")
    assert stored(page)["t1_trick_winner"]["answered"] == 1
    trainer = open_trainer(page)                                   # reload
    assert "позиция из задачника — 2 из" in trainer.inner_text()    # goes on where it stopped
    row = trainer.locator(".bezique-progress tbody tr").first.inner_text().split()
    assert row[-3:] == ["1", str(stored(page)["t1_trick_winner"]["right"]), row[-1]]
    answer(trainer)
    page.wait_for_function(
        f"() => JSON.parse(localStorage.getItem('{KEY}')).levels.t1_trick_winner.answered === 2")
    # Another exercise page keeps the same progress, and adds its own.
    melds = open_trainer(page, served.page(MELDS))
    melds.locator(".bezique-exercise").first.get_by_role("button", name="Объявить нечего").click()
    melds.get_by_role("button", name="Проверить").first.click()
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('{KEY}')).levels.m1_single")
    assert stored(page)["t1_trick_winner"]["answered"] == 2
    assert not problems_offline(log)


def test_a_damaged_value_is_set_aside_and_reported(learner, served):
    page, log = learner
    page.evaluate(f"localStorage.setItem('{KEY}', '{{oops')")
    trainer = open_trainer(page, served.page(TRICKS))
    notice = trainer.inner_text()
    assert "Прогресс, сохранённый в этом браузере, повреждён или не читается" in notice
    assert "Traceback" not in notice and "Error" not in notice
    page.wait_for_function(f"() => localStorage.getItem('{KEY}:damaged:1') === '{{oops'")
    assert page.evaluate(f"localStorage.getItem('{KEY}')") is None
    answer(trainer)
    page.wait_for_function(f"() => localStorage.getItem('{KEY}') !== null")
    assert stored(page)["t1_trick_winner"]["answered"] == 1
    assert not problems_offline(log)


def test_progress_goes_to_a_file_and_comes_back(learner, served):
    page, log = learner
    trainer = open_trainer(page, served.page(TRICKS))
    answer(trainer)
    page.wait_for_function(f"() => localStorage.getItem('{KEY}') !== null")
    trainer.get_by_role("button", name="Сохранить прогресс в файл").click()
    with page.expect_download() as download:
        trainer.get_by_role("link", name="Скачать файл прогресса").click()
    data = open(download.value.path(), "rb").read()
    assert download.value.suggested_filename.startswith("bezique-progress-")
    assert json.loads(data)["levels"] == stored(page)
    page.evaluate("localStorage.clear()")                          # another browser, say
    trainer = open_trainer(page, served.page(TRICKS))
    message = trainer.locator(".bezique-progress-files-message")

    def choose(name, content):
        with page.expect_file_chooser() as chooser:
            trainer.get_by_role("button", name="Загрузить прогресс из файла").click()
        chooser.value.set_files(files=[{"name": name, "mimeType": "application/json",
                                        "buffer": content}])

    choose("deal.json", b'{"format": "bezique-deal/1"}')
    message.wait_for()
    page.wait_for_function("() => document.querySelector('.bezique-progress-files-message')"
                           ".textContent.includes('Ничего не изменилось')")
    assert "запись сдачи" in message.inner_text() and stored(page) is None
    choose("progress.json", data)
    page.wait_for_function("() => document.querySelector('.bezique-progress-files-message')"
                           ".textContent.includes('Прогресс загружен из файла')")
    page.wait_for_function(f"() => localStorage.getItem('{KEY}') !== null")
    assert stored(page)["t1_trick_winner"]["answered"] == 1
    assert not problems_offline(log)
