"""The running totals of a game as an SVG line chart, in pure Python: what the browser kernel
shows instead of the matplotlib picture (no matplotlib there), drawn in matplotlib's manner —
a framed plot with a light grid, one coloured line with markers per player, the target as a
dashed line, a legend and an optional title — so that both routes look alike.

`use_svg_chart()` says which to draw: SVG on the SVG display route or when matplotlib does not
import, else the matplotlib PNG of the callers (`demos/game.py`, `practice/panels.py`).
"""

from __future__ import annotations

import math
from html import escape

from .display import _importable, display_kind
from .metrics import text_width

FONT = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif"
AXES_COLOUR = "#000000"
GRID = "#b0b0b0"
PT = 100 / 72                  # pixels per point at matplotlib's 100 dpi


def use_svg_chart() -> bool:
    """True on the SVG route or without matplotlib."""
    return display_kind() == "svg" or not _importable("matplotlib")


def nice_ticks(lo: float, hi: float, most: int = 9) -> list[float]:
    """Round tick values covering [lo, hi], at most `most` of them (1, 2, 2.5, 5 × 10ⁿ steps,
    as matplotlib's default locator chooses)."""
    span = max(hi - lo, 1e-9)
    raw = span / max(1, most - 1)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    first = math.ceil(lo / step - 1e-9) * step
    ticks, v = [], first
    while v <= hi + 1e-9:
        ticks.append(round(v, 10))
        v += step
    return ticks


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


def _n(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _marker(kind: str, x: float, y: float, colour: str, r: float = 4.2) -> str:
    if kind == "s":
        return f'<rect x="{_n(x - r)}" y="{_n(y - r)}" width="{_n(2 * r)}" height="{_n(2 * r)}" fill="{colour}"/>'
    if kind == "^":
        pts = f"{_n(x)},{_n(y - r * 1.2)} {_n(x + r * 1.1)},{_n(y + r * .8)} {_n(x - r * 1.1)},{_n(y + r * .8)}"
        return f'<polygon points="{pts}" fill="{colour}"/>'
    if kind == "D":
        pts = f"{_n(x)},{_n(y - r * 1.2)} {_n(x + r)},{_n(y)} {_n(x)},{_n(y + r * 1.2)} {_n(x - r)},{_n(y)}"
        return f'<polygon points="{pts}" fill="{colour}"/>'
    return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{colour}"/>'


def line_chart_svg(series, names, styles, *, target: int, target_label: str,
                   target_label_right: bool = False, width: int = 720, height: int = 360,
                   ylim: tuple[float, float], xlim: tuple[float, float] | None = None,
                   xlabel: str = "сдача", ylabel: str = "очки в партии", title: str | None = None,
                   title_pt: float = 11, legend: str = "lower right", legend_pt: float = 10,
                   annotate: bool = False, alt: str = "") -> str:
    """A line chart of `series` (lists of y values at x = 0, 1, …), one per name, `styles`
    (colour, marker) per series; the `target` as a dashed line with `target_label`."""
    n = max(len(s) for s in series) - 1
    xlim = xlim or (-0.05 * max(n, 1), n + 0.05 * max(n, 1))
    tick_px, label_px = 10 * PT, 10 * PT
    left = 14 + label_px + max(text_width(_fmt(t), tick_px) for t in nice_ticks(*ylim)) + 10
    top = (title_pt * PT + 14) if title else 8
    bottom, right = tick_px + label_px * 1.3 + 14, 8
    pw, ph = width - left - right, height - top - bottom

    def X(x):
        return left + (x - xlim[0]) / (xlim[1] - xlim[0]) * pw

    def Y(y):
        return top + ph - (y - ylim[0]) / (ylim[1] - ylim[0]) * ph

    out = [f'<rect width="{width}" height="{height}" fill="#ffffff"/>']
    grid, labels = [], []
    for t in nice_ticks(*ylim):
        if ylim[0] <= t <= ylim[1]:
            y = Y(t)
            grid.append(f'<line x1="{_n(left)}" y1="{_n(y)}" x2="{_n(left + pw)}" y2="{_n(y)}"/>')
            labels.append(f'<line x1="{_n(left - 3.5)}" y1="{_n(y)}" x2="{_n(left)}" y2="{_n(y)}" stroke="{AXES_COLOUR}"/>'
                          f'<text x="{_n(left - 6)}" y="{_n(y + tick_px * .36)}" text-anchor="end" font-size="{_n(tick_px)}">{_fmt(t)}</text>')
    for x in range(n + 1):
        gx = X(x)
        grid.append(f'<line x1="{_n(gx)}" y1="{_n(top)}" x2="{_n(gx)}" y2="{_n(top + ph)}"/>')
        labels.append(f'<line x1="{_n(gx)}" y1="{_n(top + ph)}" x2="{_n(gx)}" y2="{_n(top + ph + 3.5)}" stroke="{AXES_COLOUR}"/>'
                      f'<text x="{_n(gx)}" y="{_n(top + ph + 6 + tick_px * .8)}" text-anchor="middle" font-size="{_n(tick_px)}">{x}</text>')
    out.append(f'<g stroke="{GRID}" stroke-opacity="0.3" stroke-width="0.8">{"".join(grid)}</g>')
    ty = Y(target)
    out.append(f'<line x1="{_n(left)}" y1="{_n(ty)}" x2="{_n(left + pw)}" y2="{_n(ty)}" stroke="#555555" stroke-dasharray="5 3" stroke-width="1"/>')
    if target_label_right:
        out.append(f'<text x="{_n(X(n))}" y="{_n(ty - 3)}" text-anchor="end" font-size="{_n(8 * PT)}" fill="#333333">{escape(target_label)}</text>')
    else:
        out.append(f'<text x="{_n(X(0.1))}" y="{_n(Y(target + 20))}" font-size="{_n(9 * PT)}" fill="#333333">{escape(target_label)}</text>')
    for k, ys in enumerate(series):
        colour, marker = styles[k]
        pts = " ".join(f"{_n(X(x))},{_n(Y(y))}" for x, y in enumerate(ys))
        out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="{_n(2 * PT)}" stroke-linejoin="round"/>')
        out.extend(_marker(marker, X(x), Y(y), colour) for x, y in enumerate(ys))
        if annotate:
            other = series[1 - k] if len(series) == 2 else ys
            for x in range(1, len(ys)):
                above = ys[x] > other[x] or (ys[x] == other[x] and k == 0)
                out.append(f'<text x="{_n(X(x))}" y="{_n(Y(ys[x]) + (-9 if above else 17))}" text-anchor="middle" font-size="{_n(8 * PT)}" fill="{colour}">{ys[x]}</text>')
    out.append(f'<rect x="{_n(left)}" y="{_n(top)}" width="{_n(pw)}" height="{_n(ph)}" fill="none" stroke="{AXES_COLOUR}" stroke-width="{_n(0.8 * PT)}"/>')
    out.extend(labels)
    out.append(f'<text x="{_n(left + pw / 2)}" y="{_n(top + ph + 9 + tick_px * 0.8 + label_px * 1.2)}" text-anchor="middle" font-size="{_n(label_px)}">{escape(xlabel)}</text>')
    out.append(f'<text transform="translate({_n(12 + label_px * .8)} {_n(top + ph / 2)}) rotate(-90)" text-anchor="middle" font-size="{_n(label_px)}">{escape(ylabel)}</text>')
    if title:
        out.append(f'<text x="{_n(left + pw / 2)}" y="{_n(top - 8)}" text-anchor="middle" font-size="{_n(title_pt * PT)}">{escape(title)}</text>')
    # the legend: a framed box with a line sample and the name of each series
    lp = legend_pt * PT
    row = lp * 1.45
    box_w = 2 * 8 + 30 + max(text_width(name, lp) for name in names)
    box_h = 8 + row * len(names)
    bx = left + 8 if legend.endswith("left") else left + pw - box_w - 8
    by = top + 8 if legend.startswith("upper") else top + ph - box_h - 8
    out.append(f'<rect x="{_n(bx)}" y="{_n(by)}" width="{_n(box_w)}" height="{_n(box_h)}" rx="3" fill="#ffffff" stroke="#cccccc"/>')
    for k, name in enumerate(names):
        colour, marker = styles[k]
        cy = by + 4 + row * (k + 0.5)
        out.append(f'<line x1="{_n(bx + 8)}" y1="{_n(cy)}" x2="{_n(bx + 32)}" y2="{_n(cy)}" stroke="{colour}" stroke-width="{_n(2 * PT)}"/>'
                   + _marker(marker, bx + 20, cy, colour, 3.6)
                   + f'<text x="{_n(bx + 38)}" y="{_n(cy + lp * .36)}" font-size="{_n(lp)}">{escape(name)}</text>')
    aria = f' role="img" aria-label="{escape(alt)}"' if alt else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}"'
            f' height="{height}" font-family="{FONT}" fill="#000000"{aria}'
            f' style="max-width:100%;height:auto;display:block">{"".join(out)}</svg>')
