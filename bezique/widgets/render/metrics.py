"""Text metrics of the course's font without the font: advance widths, ascent and descent.

Both painters of a layout (Pillow, `paint.py`; SVG, `svg.py`) draw text in DejaVu Sans or
DejaVu Sans Bold, the fonts matplotlib ships. A layout must know how wide a line of text is
before anything is drawn, and it must know it in the learner's browser too, where there is no
Pillow and no font file: so the widths come from a table, `bezique/data/dejavu_metrics.json`,
of the advance width of every character the course draws (Latin, Cyrillic, digits,
punctuation, ♠♥♦♣, ★, chess figures, arrows). `tools/font_metrics.py` writes it with
`build_table` (fontTools reads the installed fonts); a test checks that the file equals what
the fonts say.

`text_width(text, px, bold)` is the width of a line in pixels (no kerning); `ascent` and
`descent` are whole pixels as FreeType rounds them (a line of text is `ascent + descent` high,
the baseline `ascent` below its top). Pure Python: nothing here imports Pillow or fontTools at
import time.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from importlib.resources import files

DATA = "dejavu_metrics.json"

# The characters of the table: what the course writes on its pictures, and a margin around it.
CHARACTERS = "".join(
    [chr(c) for c in range(0x20, 0x7F)]                       # ASCII
    + [chr(c) for c in range(0xA0, 0x100)]                    # Latin-1: «» · × nbsp …
    + [chr(c) for c in range(0x400, 0x460)]                   # Cyrillic with Ё ё
    + list("‐‑‒–—―‘’‚“”„†•…‰′″‹›№™←↑→↓↔−≈≠≤≥"
           "▲▶►▼◀◄●○◆◇★☆✓✔✗✘"
           "♔♕♖♗♘♙♚♛♜♝♞♟♠♡♢♣♤♥♦♧")
    + ["\u2009", "\u202f"]                                     # thin and narrow no-break space
)
FONTS = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"}

# Characters the table lacks that were measured in this process (a test checks it stays empty
# after the chapters' pictures are laid out).
MISSING: set[str] = set()


def font_file(name: str) -> str:
    """The path of a DejaVu font file shipped by matplotlib, found without importing it."""
    import importlib.util
    import os

    spec = importlib.util.find_spec("matplotlib")
    if spec and spec.submodule_search_locations:
        path = os.path.join(spec.submodule_search_locations[0], "mpl-data", "fonts", "ttf", name)
        if os.path.exists(path):
            return path
    import matplotlib

    return os.path.join(matplotlib.get_data_path(), "fonts", "ttf", name)


def build_table(characters: str = CHARACTERS) -> dict:
    """The metrics table as fontTools reads it from the installed fonts: for each of "regular"
    and "bold", the font's units per em, hhea ascent and descent, cap height (the top of «H»;
    the digits are as high) and the advance
    width (font units) of every character of `characters` the font has."""
    from fontTools.ttLib import TTFont

    table = {}
    for style, name in FONTS.items():
        font = TTFont(font_file(name), lazy=True)
        cmap, hmtx = font.getBestCmap(), font["hmtx"]
        table[style] = {
            "units_per_em": font["head"].unitsPerEm,
            "ascent": font["hhea"].ascent,
            "descent": -font["hhea"].descent,
            "cap_height": font["glyf"][cmap[ord("H")]].yMax,
            "advances": {ch: hmtx[cmap[ord(ch)]][0] for ch in characters if ord(ch) in cmap},
        }
        font.close()
    return table


@lru_cache(maxsize=1)
def table() -> dict:
    """The committed table (`bezique/data/dejavu_metrics.json`)."""
    return json.loads(files("bezique").joinpath("data", DATA).read_text(encoding="utf-8"))


def _font(bold: bool) -> dict:
    return table()["bold" if bold else "regular"]


@lru_cache(maxsize=4096)
def _units(text: str, bold: bool) -> int:
    font = _font(bold)
    adv = font["advances"]
    fallback = adv.get("n", font["units_per_em"] // 2)
    total = 0
    for ch in text:
        w = adv.get(ch)
        if w is None:
            MISSING.add(ch)
            w = fallback
        total += w
    return total


def text_width(text: str, px: float, bold: bool = False) -> float:
    """The width in pixels of one line of `text` at `px` pixels per em."""
    font = _font(bold)
    return _units(text, bool(bold)) * px / font["units_per_em"]


def ascent(px: int, bold: bool = False) -> int:
    """Pixels from the top of a line to its baseline (FreeType rounds up)."""
    font = _font(bold)
    return math.ceil(font["ascent"] * int(px) / font["units_per_em"] - 1e-9)


def descent(px: int, bold: bool = False) -> int:
    """Pixels from the baseline to the bottom of a line (FreeType rounds up)."""
    font = _font(bold)
    return math.ceil(font["descent"] * int(px) / font["units_per_em"] - 1e-9)


def line_height(px: int, bold: bool = False) -> int:
    """The height of a line of text: `ascent + descent`."""
    return ascent(px, bold) + descent(px, bold)


def cap_height(px: float, bold: bool = False) -> float:
    """The height of a capital letter (and of a digit) above the baseline, in pixels."""
    font = _font(bold)
    return font["cap_height"] * px / font["units_per_em"]


def wrap(text: str, px: int, width: float, bold: bool = False) -> list[str]:
    """`text` broken into lines no wider than `width` (a word longer than that stands alone);
    a newline in `text` always breaks."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}" if line else word
            if line and text_width(trial, px, bold) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines
