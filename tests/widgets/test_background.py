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
    assert t.message_text.startswith("Разбор сдачи не получился: у тренера случилась внутренняя ошибка (ValueError).")
    assert "«Повтор»" in t.message_text and "нет данных" not in t.message_text


def test_work_that_raises_still_reaches_done(mode, capsys):
    """A fault in the work ends the waiting all the same: `done` gets the exception (and the
    traceback goes to the server's error stream, not to the page)."""
    got = []

    def work():
        raise KeyError("x")
    thread = background.run_in_background(work, got.append)
    if thread is not None:
        thread.join(10)
    assert len(got) == 1 and isinstance(got[0], KeyError)


def test_a_done_that_raises_is_reported_not_lost(mode, monkeypatch):
    import io
    err = io.StringIO()
    monkeypatch.setattr(sys, "__stderr__", err)

    def done(_):
        raise RuntimeError("boom")
    thread = background.run_in_background(lambda: 1, done)
    if thread is not None:
        thread.join(10)
    assert "RuntimeError: boom" in err.getvalue()


def test_a_failing_hint_ends_the_waiting_with_a_russian_message(monkeypatch):
    """«Подсказка» says «Тренер думает…», then — even if the coach fails inside — a Russian
    message: the waiting state never stays (issue 28.16)."""
    from bezique.players import coach
    t = PracticeTable(opponent="random", seed=3, **FAST_COACH)
    shown = []
    t.message.observe(lambda ch: shown.append(ch["new"]), names="value")

    def broken(*args, **kwargs):
        raise IndexError("list index out of range")
    monkeypatch.setattr(coach, "hint", broken)
    assert t.hint() is None
    assert any("Тренер думает" in v for v in shown)
    assert t.message_kind == "error" and "думает" not in t.message_text
    assert t.message_text.startswith("Подсказка не получилась: у тренера случилась внутренняя "
                                     "ошибка (IndexError).")
    assert "out of range" not in t.message_text
    assert not t.hint_button.disabled                  # the learner may ask again or play
    legal = t.session.legal_actions()[0].card
    assert t.click_card(legal) is not None and t.message_kind != "error"


def test_a_hint_cut_short_says_so_at_the_table(monkeypatch):
    """No time at all (a wall-clock limit of 0): the hint comes, and says it was cut short."""
    from bezique.players import coach
    coach.MEMORY.clear()                      # not a hint remembered by another test
    t = PracticeTable(opponent="random", seed=3, hint_options={"samples": 10 ** 6,
                                                               "time_limit": None,
                                                               "wall_limit": 0.0})
    h = t.hint()
    assert h is not None and h.action is not None
    if h.method in ("forced", "endgame"):
        pytest.skip("an exact answer needs no time")
    assert t.message_kind == "hint"
    assert "Тренер не успел всё просчитать: " in t.message_text
    assert "Нажмите «Подсказка» ещё раз" in t.message_text
