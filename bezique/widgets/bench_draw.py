"""How fast the card pictures are: a full table scene, and a full `CardCanvas` redraw.

`bench(n)` returns milliseconds (median and 95th percentile) for
- `scene_render`: `layout_scene` of two hands of 8, a trick, two declared tables and the
  stock with the turn-up (card pictures cached, as in play);
- `scene_png`: the same plus PNG encoding (what a static picture costs);
- `widget_redraw`: `CardCanvas.redraw()` of that scene (render, encode, canvas command,
  widget state), without a browser;
- `cold_scene`: the very first scene, with every cache empty (one run).
The target is under 50 ms for a redraw. `python -m bezique.widgets.bench_draw` prints it.
"""

from __future__ import annotations

import platform
import statistics
import time

from ..cards import Card, parse_cards


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


def _stats(samples: list[float]) -> dict:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median": round(statistics.median(ordered), 2), "p95": round(p95, 2),
            "min": round(ordered[0], 2)}


def _time(fn, n: int) -> list[float]:
    out = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def bench(n: int = 50) -> dict:
    """Time the scene and the widget redraw `n` times each; milliseconds."""
    from .layout import layout_scene

    args = sample_scene()
    _clear_caches()
    start = time.perf_counter()
    lay = layout_scene(**args)
    cold = (time.perf_counter() - start) * 1000
    result = {
        "n": n,
        "cold_scene": round(cold, 2),
        "scene_render": _stats(_time(lambda: layout_scene(**args), n)),
        "scene_png": _stats(_time(lambda: layout_scene(**args).png(), n)),
        "size": list(lay.size),
        "png_bytes": len(lay.png()),
        "machine": f"{platform.processor() or platform.machine()}, {platform.python_implementation()} "
                   f"{platform.python_version()}",
    }
    try:
        from .canvas import CardCanvas
    except ImportError as exc:                       # no Jupyter libraries installed
        result["widget_redraw"] = f"недоступно: {exc}"
        return result
    widget = CardCanvas(select_mode="multi")
    scene = dict(args)
    hand = scene.pop("hand")
    widget.show_scene(hand, **scene)
    result["widget_redraw"] = _stats(_time(widget.redraw, n))
    widget.canvas.close()
    widget.text.close()
    widget.close()
    return result


def main() -> None:
    import json

    print(json.dumps(bench(), ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
