"""Slow work off the kernel's main thread where a thread can start, at once where none can.

The practice table reviews a finished deal in a background thread, so that a learner can go on
clicking while the coach thinks. In the browser (the kernel is Pyodide in a Web Worker,
`sys.platform == "emscripten"`) no thread can start — `threading` imports, `Lock` works, but
`Thread.start()` raises RuntimeError («can't start new thread»). There the work runs at once,
in the caller: whatever the caller said before (e.g. «Тренер разбирает сдачу…») has already
left the worker as a comm message, so the learner sees it while the work runs.

`BEZIQUE_NO_THREADS=1` (or `NO_THREADS = True`) takes the browser's path in CPython too: for
tests and to try the browser's behaviour in the served book.
"""

from __future__ import annotations

import os
import sys
import threading
import traceback
from typing import Any, Callable

NO_THREADS_ENV = "BEZIQUE_NO_THREADS"
NO_THREADS = False          # tests may set it; the environment variable does the same


def threads_can_start() -> bool:
    """False in the browser and when threads are switched off (`NO_THREADS`, the variable)."""
    if NO_THREADS or os.environ.get(NO_THREADS_ENV, "").strip() not in ("", "0"):
        return False
    return sys.platform != "emscripten"


def report_fault(error: BaseException) -> None:
    """Write the traceback of a fault caught for the learner's sake to the server's own error
    stream (the terminal of `make practice` / `make tutorial`, the browser's console), never
    to the page: the page says in Russian what failed."""
    try:
        traceback.print_exception(type(error), error, error.__traceback__, file=sys.__stderr__)
    except Exception:                          # no stream to write to: nothing more to do
        pass


def run_in_background(work: Callable[[], Any],
                      done: Callable[[Any], None] | None = None) -> threading.Thread | None:
    """Run `work()` and then `done(result)` — in a daemon thread where one can start (returns
    it), else at once, here (returns None, both have run). A thread that fails to start (some
    other platform without threads) falls back to running at once too.

    `done` is called in any case, so that a waiting state («Тренер разбирает сдачу…») always
    ends: if `work` raises, with the exception as its result. A fault of `done` itself is
    reported (`report_fault`) rather than lost in a thread."""
    def job():
        try:
            result = work()
        except Exception as e:
            report_fault(e)
            result = e
        if done is not None:
            try:
                done(result)
            except Exception as e:
                report_fault(e)

    if threads_can_start():
        thread = threading.Thread(target=job, daemon=True)
        try:
            thread.start()
            return thread
        except RuntimeError:                 # «can't start new thread»: run it here instead
            pass
    job()
    return None


def warm_up(work: Callable[[], Any]) -> threading.Thread | None:
    """Do optional work ahead of need (an import, a cache) in a thread; where no thread can
    start, skip it — it would only delay the answer the learner is waiting for."""
    if not threads_can_start():
        return None
    thread = threading.Thread(target=work, daemon=True)
    try:
        thread.start()
    except RuntimeError:
        return None
    return thread


__all__ = ["NO_THREADS_ENV", "threads_can_start", "run_in_background", "warm_up", "report_fault"]
