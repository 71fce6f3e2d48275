"""How fast the card pictures are: a full table scene, and a full `CardCanvas` redraw.

`bench(n)` returns a flat dict of milliseconds (median and 95th percentile) for
- `scene_render`: `layout_scene` of two hands of 8, a trick, two declared tables and the
  stock with the turn-up (card pictures cached, as in play);
- `scene_png`: the same plus PNG encoding (what a static picture costs);
- `widget_redraw`: `CardCanvas.redraw()` of that scene (render, encode, canvas command,
  widget state), without a browser;
- `cold_scene_ms`: the very first scene, with every cache empty (one run).
The target is under 50 ms for a redraw. `python -m bezique.widgets.render.bench` prints it.
"""

from __future__ import annotations

import platform
import statistics
import time

from ...cards import Card, parse_cards


def sample_scene() -> dict:
    """The arguments of a typical mid-deal scene (for `layout_scene` / `show_scene`)."""
    hand = parse_cards("Д♠ В♦ Т♥ 10♥ К♣ 7♠ 9♦ 8♣")
    opponent = parse_cards("К♠ 9♠ Т♣ 10♣ 8♥ 7♦ Т♦ В♣", taken=set(hand))
    return dict(
        hand=hand,
        opponent=opponent,
        trick=[("Вы", Card("Q", "H", 1)), ("Соперник", Card("A", "H", 2))],
        table=[[Card("Q", "S", 2), Card("J", "D", 2)]],
        opponent_table=[[Card("K", "H", 1), Card("Q", "H", 2)], [Card("K", "D", 1), Card("Q", "D", 1)]],
        stock=20,
        turn_up=Card("7", "C"),
        selected={hand[0]},
        disabled={hand[1], hand[2]},
        winner=1,
        caption="Соперник берёт взятку тузом. Ваш ход: объявите комбинацию или сыграйте карту.",
    )


def _clear_caches() -> None:
    from . import drawing, layout

    for module in (drawing, layout):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()
    drawing._ROTATED.clear()


def _time(fn, n: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds of `n` calls (CPU time does not grow when other
    processes share the machine; wall time is what a learner waits)."""
    wall, cpu = [], []
    for _ in range(n):
        w0, c0 = time.perf_counter(), time.process_time()
        fn()
        cpu.append((time.process_time() - c0) * 1000)
        wall.append((time.perf_counter() - w0) * 1000)
    return wall, cpu


def _add(result: dict, name: str, samples: tuple[list[float], list[float]]) -> None:
    for suffix, values in zip(("", "_cpu"), samples):
        ordered = sorted(values)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        result[f"{name}{suffix}_median_ms"] = round(statistics.median(ordered), 2)
        result[f"{name}{suffix}_p95_ms"] = round(p95, 2)


def bench(n: int = 50) -> dict[str, float]:
    """Time the scene and the widget redraw `n` times each. A flat dict of numbers:
    `scene_render_median_ms`, `scene_render_p95_ms`, `scene_png_…`, `widget_redraw_…`
    (absent without ipycanvas), the same with `_cpu_` (CPU time), `cold_scene_ms` and
    `png_kb` (size of the scene's PNG)."""
    from .layout import layout_scene

    args = sample_scene()
    _clear_caches()
    start = time.perf_counter()
    lay = layout_scene(**args)
    result: dict[str, float] = {"cold_scene_ms": round((time.perf_counter() - start) * 1000, 2)}
    _add(result, "scene_render", _time(lambda: layout_scene(**args), n))
    _add(result, "scene_png", _time(lambda: layout_scene(**args).png(), n))
    result["png_kb"] = round(len(lay.png()) / 1024, 1)
    try:
        from .canvas import CardCanvas
    except ImportError:                              # no Jupyter libraries installed
        return result
    widget = CardCanvas(select_mode="multi")
    scene = dict(args)
    hand = scene.pop("hand")
    widget.show_scene(hand, **scene)
    _add(result, "widget_redraw", _time(widget.redraw, n))
    widget.canvas.close()
    widget.text.close()
    widget.close()
    return result


def machine() -> str:
    """Where the numbers were measured: processor, cores and Python."""
    import os

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.python_implementation()} {platform.python_version()}"


def main() -> None:
    import json

    print(machine())
    print(json.dumps(bench(), ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
