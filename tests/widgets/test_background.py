"""Work in the background where a thread can start, at once where none can (the browser):
the practice table's «Разбор сдачи» reaches «Разбор готов» both ways, and without threads the
learner is told «Тренер разбирает сдачу…» before the work starts."""

import random
import sys
import threading

import pytest

from ci_support import require_import

require_import("ipywidgets")
require_import("ipycanvas")

from bezique.widgets import background
from bezique.widgets.practice.table import PracticeTable

FAST_COACH = dict(hint_options={"samples": 4, "time_limit": None},
                  review_options={"samples": 2, "time_limit": None})


@pytest.fixture(params=["threads", "no threads (variable)", "no threads (browser)",
                        "start fails"])
def mode(request, monkeypatch):
    """Each way of running: a thread; the variable BEZIQUE_NO_THREADS=1; the browser's
    platform; a platform where `Thread.start` raises as in Pyodide."""
    monkeypatch.delenv(background.NO_THREADS_ENV, raising=False)
    if request.param == "no threads (variable)":
        monkeypatch.setenv(background.NO_THREADS_ENV, "1")
    elif request.param == "no threads (browser)":
        monkeypatch.setattr(sys, "platform", "emscripten")
    elif request.param == "start fails":
        def refuse(self):
            raise RuntimeError("can't start new thread")
        monkeypatch.setattr(threading.Thread, "start", refuse)
    return request.param


def test_the_choice_follows_the_variable_and_the_platform(monkeypatch):
    monkeypatch.delenv(background.NO_THREADS_ENV, raising=False)
    assert background.threads_can_start()
    monkeypatch.setenv(background.NO_THREADS_ENV, "0")
    assert background.threads_can_start()
    monkeypatch.setenv(background.NO_THREADS_ENV, "1")
    assert not background.threads_can_start()
    monkeypatch.delenv(background.NO_THREADS_ENV)
    monkeypatch.setattr(background, "NO_THREADS", True)
    assert not background.threads_can_start()
    monkeypatch.setattr(background, "NO_THREADS", False)
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert not background.threads_can_start()


def test_run_in_background_calls_done_with_the_result(mode):
    got, where = [], []
    thread = background.run_in_background(lambda: where.append(threading.current_thread()) or 41,
                                          lambda r: got.append(r + 1))
    if mode == "threads":
        assert thread is not None
        thread.join(10)
        assert where[0] is not threading.main_thread()
    else:
        assert thread is None and where == [threading.main_thread()]
    assert got == [42]


def test_warm_up_is_skipped_without_threads(mode):
    ran = []
    thread = background.warm_up(lambda: ran.append(1))
    if mode == "threads":
        thread.join(10)
        assert ran == [1]
    else:
        assert thread is None and ran == []


def finished_table(seed=4):
    t = PracticeTable(opponent="random", seed=seed, **FAST_COACH)
    rng = random.Random(seed)
    while not t.session.deal.is_over:
        s = t.session
        choices = t.choices()
        if choices:
            t.press(choices[rng.randrange(len(choices))][1])
        else:
            legal = [a.card for a in s.legal_actions()]
            t.click_card(legal[rng.randrange(len(legal))])
    return t


def test_the_review_button_reaches_the_finished_review(mode):
    t = finished_table()
    shown = []
    t.message.observe(lambda ch: shown.append(ch["new"]), names="value")
    t.review_now.click()
    if mode == "threads":
        assert t._review_thread is not None
        t._review_thread.join(60)
    else:
        assert t._review_thread is None          # done at once, in the click
    assert not t.reviewing and not t.review_now.disabled
    assert t.message_kind == "ok" and t.message_text.startswith("Разбор готов")
    assert t.tabs.selected_index == 2                                   # «Тренер»
    said = [i for i, v in enumerate(shown) if "Тренер разбирает сдачу" in v]
    done = [i for i, v in enumerate(shown) if "Разбор готов" in v]
    assert said and done and said[0] < done[0]     # the learner was told before the work began


def test_a_failing_review_is_reported_both_ways(mode, monkeypatch):
    from bezique.players import coach
    t = finished_table(5)

    def broken(*args, **kwargs):
        raise ValueError("нет данных")
    monkeypatch.setattr(coach, "review", broken)
    t.review_now.click()
    if t._review_thread is not None:
        t._review_thread.join(60)
    assert not t.reviewing and t.message_kind == "error"
    assert "Разбор не удался" in t.message_text
