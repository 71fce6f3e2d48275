"""The clock of a bot's thinking budget: the CPU time of the deciding thread, where it exists.

`thinking_time()` is what Мастер's `time_limit` (and the coach's, and the benchmarks' «CPU
ms») counts. In CPython it is `time.thread_time()`: the CPU seconds of the calling thread, so
that a move's strength does not depend on what else a shared machine is doing (nor on the
review running in another thread of the same kernel).

In the browser (Pyodide: CPython compiled to WebAssembly, `sys.platform == "emscripten"`)
there is no such clock. Measured with Pyodide 314.0.6 (Python 3.14) under Node:
`time.thread_time` does not exist at all (AttributeError; `get_clock_info` says «unknown
clock»), and `time.process_time` is built on `clock()`, which there is wall time — it advances
by 0.2 s over `time.sleep(0.2)`. So in the browser the clock is `time.perf_counter()` (1.3 µs
steps under Node; a browser may coarsen it to 0.1 ms, which is nothing against a budget of
tenths of a second). That is honest there: the kernel runs alone in its Web Worker, one
thread, so the wall time of a decision is the kernel's own time; only another busy tab of the
learner's machine can slow it, and then the bot plays a little weaker, never slower.

`CLOCK_NAME` says which clock is in use (for reports).
"""

from __future__ import annotations

import sys
import time
from typing import Callable


def choose_clock(platform: str = sys.platform) -> tuple[str, Callable[[], float]]:
    """The budget's clock on `platform`: ("thread_time", time.thread_time) where the thread's
    CPU time exists, else ("perf_counter", time.perf_counter)."""
    if platform != "emscripten" and hasattr(time, "thread_time"):
        return "thread_time", time.thread_time
    return "perf_counter", time.perf_counter


CLOCK_NAME, _clock = choose_clock()


def thinking_time() -> float:
    """Seconds of the deciding thread's CPU time (in the browser: wall time, see above); only
    differences of two readings mean anything."""
    return _clock()


__all__ = ["thinking_time", "choose_clock", "CLOCK_NAME"]
