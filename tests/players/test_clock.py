"""The clock of Мастер's budget: the thread's CPU time in CPython, wall time in the browser
(Pyodide has no `time.thread_time`, and its `process_time` is wall time too) — and the
search really stops by that clock."""

import time

import pytest

from bezique.deal import Deal
from bezique.players import clock, search
from bezique.rules import RuleSet


def test_cpython_counts_the_threads_cpu_time():
    name, fn = clock.choose_clock("linux")
    assert name == "thread_time" and fn is time.thread_time
    assert clock.CLOCK_NAME == "thread_time"         # this test runs in CPython
    a = clock.thinking_time()
    time.sleep(0.05)                                 # sleeping costs no CPU time
    assert clock.thinking_time() - a < 0.03


def test_the_browser_counts_wall_time():
    name, fn = clock.choose_clock("emscripten")
    assert name == "perf_counter" and fn is time.perf_counter


def test_without_thread_time_the_clock_falls_back(monkeypatch):
    monkeypatch.delattr(time, "thread_time")
    assert clock.choose_clock("linux")[0] == "perf_counter"


def test_the_search_stops_by_the_budget_clock(monkeypatch):
    """A clock that moves 0.3 s at every reading against a budget of 0.5 s: the search stops
    after the first sample, however many samples it was allowed; a clock that stands still
    lets it take them all."""
    ticks = iter(range(0, 10**6))
    monkeypatch.setattr(search, "thinking_time", lambda: 0.3 * next(ticks))
    deal = Deal.new(RuleSet(), 0, seed=3)
    player = search.SearchPlayer(1, samples=500, time_limit=0.5, extra_time=0.0)
    view = deal.view(deal.to_act)
    analysis = player.analyse(view)
    if analysis.method != "rollouts":
        pytest.skip("this seed's first decision is not searched")
    assert analysis.samples == 1
    monkeypatch.setattr(search, "thinking_time", lambda: 0.0)
    player = search.SearchPlayer(1, samples=6, time_limit=0.5, extra_time=0.0, extra_samples=0)
    assert player.analyse(view).samples == 6
