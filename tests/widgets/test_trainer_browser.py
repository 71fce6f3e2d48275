"""The trainer's progress in the browser's storage (the kernel in the browser has no lasting
files): loaded when the page shows the trainer, saved after each answer, kept across a reload
and shared by the exercise pages; a damaged value is set aside and reported in Russian, a
refusal of the browser (quota, private mode) is reported and loses nothing. The browser is
simulated (tests/fake_browser_storage.py plays storage.js)."""

import json
import sys

import pytest

from ci_support import require_import

require_import("ipywidgets")
require_import("ipycanvas")

from bezique.widgets.exercises import places
from bezique.widgets.exercises.progress import PROGRESS_FORMAT
from bezique.widgets.exercises.trainer import Trainer
from bezique.widgets.storage import BrowserStore

from fake_browser_storage import FakeBrowser
from test_trainer import GOOD_LEVEL, answer_right, folder  # noqa: F401  (a fixture)

KEY = "bezique:progress"
LEVELS = ("t1_trick_winner", "m4_timing")


def page(browser, folder, levels=LEVELS, render=True):
    """A page load: a fresh kernel (its own store) showing a trainer in `browser`."""
    t = Trainer(levels=list(levels), positions_dir=folder, store=BrowserStore(KEY))
    browser.open(t.browser_store, render=render)
    browser.run()
    return t


def stored(browser):
    return json.loads(browser.items[KEY])["levels"]


def notes(t):
    return " ".join(t.notes)


def test_the_store_is_chosen_by_the_variable_and_the_platform(monkeypatch, tmp_path, folder):
    monkeypatch.delenv(places.STORE_ENV, raising=False)
    assert places.progress_store() == "file"
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert places.progress_store() == "browser"
    monkeypatch.setenv(places.STORE_ENV, "file")
    assert places.progress_store() == "file"
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv(places.STORE_ENV, "browser")
    assert places.progress_store() == "browser"
    t = Trainer(levels=["t1_trick_winner"], positions_dir=folder, progress_path=tmp_path / "p.json")
    assert t.browser_store is not None and t.browser_store in t.children
    assert t.browser_store is places.shared_store()          # one per kernel
    monkeypatch.setenv(places.STORE_ENV, "file")
    t = Trainer(levels=["t1_trick_winner"], positions_dir=folder, progress_path=tmp_path / "p.json")
    assert t.browser_store is None
    with pytest.raises(ValueError):
        Trainer(levels=["t1_trick_winner"], positions_dir=folder, store="cloud")


def test_progress_is_saved_in_the_browser_and_survives_a_reload(folder):
    browser = FakeBrowser()
    t = page(browser, folder, render=False)
    assert "загружается из браузера" in t.table_html.value
    answer_right(t)                               # before the browser answers: kept in memory
    browser.run()
    assert browser.items == {}
    browser.open(t.browser_store)                 # the page shows the trainer
    browser.run()
    assert stored(browser)["t1_trick_winner"]["answered"] == 1
    assert "загружается" not in t.table_html.value
    t.show_next()
    answer_right(t)
    browser.run()
    assert stored(browser)["t1_trick_winner"]["right"] == 2
    assert json.loads(browser.items[KEY])["format"] == PROGRESS_FORMAT
    # Reload (a new kernel, the same browser): the counts are back, the next position is new.
    again = page(browser, folder)
    assert again.stats("t1_trick_winner") == {"answered": 2, "right": 2, "streak": 2, "best_streak": 2}
    assert again.current["id"] == "tw-3" and not again.notes
    assert "<td style='padding:1px 8px'>2</td>" in again.table_html.value


def test_opening_the_page_writes_nothing(folder):
    browser = FakeBrowser()
    page(browser, folder)
    browser.run()
    assert browser.items == {} and not [r for _, r in browser.sent if r.get("op") != "read"]


def test_exercise_pages_share_one_progress(folder):
    browser = FakeBrowser()
    a = page(browser, folder, levels=("t1_trick_winner",))
    b = page(browser, folder, levels=("m4_timing", "t1_trick_winner"))
    answer_right(a)
    browser.run()
    assert b.stats("t1_trick_winner")["answered"] == 1         # heard through the storage event
    answer_right(b)
    b.choose_level("t1_trick_winner")
    assert b.current["id"] == "tw-2"                             # a's position is not repeated
    answer_right(b)
    browser.run()
    a.show_next()
    answer_right(a)
    browser.run()
    levels = stored(browser)
    assert levels["t1_trick_winner"]["answered"] == 3 and levels["m4_timing"]["answered"] == 1
    assert a.stats("t1_trick_winner")["streak"] == 3


@pytest.mark.parametrize("content", ["{oops", "[1, 2]", '{"format": "bezique-deal/1", "levels": {}}',
                                     '{"levels": {"t1_trick_winner": {"answered": ' + "7" * 5000 + "}}}"])
def test_a_damaged_value_is_set_aside_and_reported(folder, content):
    browser = FakeBrowser()
    browser.items[KEY] = content
    browser.items[KEY + ":damaged:1"] = "an older one"
    t = page(browser, folder)
    text = notes(t)
    assert "Прогресс, сохранённый в этом браузере, повреждён или не читается" in text
    assert "начат заново" in text and "сохранена в браузере отдельно" in text
    assert "Traceback" not in text and "Error" not in text
    assert browser.items[KEY + ":damaged:2"] == content             # kept, the older one too
    assert browser.items[KEY + ":damaged:1"] == "an older one"
    assert KEY not in browser.items
    answer_right(t)
    browser.run()
    assert stored(browser)["t1_trick_winner"]["answered"] == 1
    assert page(browser, folder).notes == []                         # reported once


def test_a_partly_damaged_value_keeps_its_good_levels(folder):
    browser = FakeBrowser()
    content = json.dumps({"format": PROGRESS_FORMAT, "levels": {
        "m4_timing": GOOD_LEVEL, "t1_trick_winner": {"answered": 2, "right": 3}}})
    browser.items[KEY] = content
    t = page(browser, folder)
    text = notes(t)
    assert "повреждён частично" in text and "«Кто возьмёт взятку»" in text
    assert "Прогресс уровня «Когда объявлять можно, а когда нельзя» сохранён" in text
    assert browser.items[KEY + ":damaged:1"] == content
    assert stored(browser)["m4_timing"] == GOOD_LEVEL
    assert stored(browser)["t1_trick_winner"]["answered"] == 0        # started afresh
    assert t.stats("m4_timing")["answered"] == 4


def test_a_full_browser_is_reported_and_loses_nothing(folder):
    browser = FakeBrowser(quota=200)
    t = page(browser, folder)
    answer_right(t)
    browser.run()
    text = notes(t)
    assert "Не удалось сохранить прогресс в браузере" in text and "кончилось место" in text
    assert "Сохранить прогресс в файл" in text and "Error" not in text
    assert t.stats("t1_trick_winner")["answered"] == 1            # kept in memory
    assert t.files.export() is not None                            # … and can go to a file
    browser.quota = None                                           # room again: the next save works
    t.show_next()
    answer_right(t)
    browser.run()
    assert stored(browser)["t1_trick_winner"]["answered"] == 2


def test_storage_switched_off_is_reported(folder):
    browser = FakeBrowser()
    browser.switched_off = True
    t = page(browser, folder)
    assert "Браузер не даёт сохранить прогресс" in notes(t) and "приватном режиме" in notes(t)
    assert "загружается" not in t.table_html.value
    assert answer_right(t).verdict == "right"
    browser.run()
    assert t.stats("t1_trick_winner")["answered"] == 1


def test_a_damaged_value_whose_copy_fails_is_never_overwritten(folder):
    browser = FakeBrowser()
    browser.items[KEY] = "{oops"
    browser.refuse_keys[KEY + ":damaged"] = "QuotaExceededError"
    t = page(browser, folder)
    for _ in range(2):
        answer_right(t)
        browser.run()
        t.show_next()
    assert browser.items == {KEY: "{oops"}                         # the old value is intact
    assert "сохранить его копию не удалось" in notes(t)
    assert t.stats("t1_trick_winner")["answered"] == 2


def test_the_first_position_moves_on_when_the_browser_knew_it(folder):
    """The trainer shows a position before the browser answers; if the learner had seen it on
    an earlier visit, the next unseen one replaces it — unless it was already answered."""
    browser = FakeBrowser()
    browser.items[KEY] = json.dumps({"format": PROGRESS_FORMAT, "levels": {"t1_trick_winner": {
        "answered": 1, "right": 1, "streak": 1, "best_streak": 1, "seen": ["tw-1"], "generated": 0}}})
    t = page(browser, folder, render=False)
    assert t.current["id"] == "tw-1"
    browser.open(t.browser_store)
    browser.run()
    assert t.current["id"] == "tw-2" and t.stats("t1_trick_winner")["answered"] == 1
    late = page(browser, folder, render=False)
    answer_right(late)                                             # answered before the browser spoke
    browser.open(late.browser_store)
    browser.run()
    assert late.current["id"] == "tw-1"
    assert stored(browser)["t1_trick_winner"]["answered"] == 2
