"""Write bezique/data/dejavu_metrics.json: the advance widths of DejaVu Sans and DejaVu Sans
Bold (the fonts matplotlib ships) for every character the course draws, read by fontTools.

    .venv/bin/python tools/font_metrics.py          # rewrite the table
    .venv/bin/python tools/font_metrics.py --check  # exit 1 if the table is out of date

The layouts measure text with this table (`bezique.widgets.render.metrics`) in CPython and in
the learner's browser alike, so that both routes lay a picture out identically. Run it after
adding characters to `metrics.CHARACTERS` or after a matplotlib upgrade changes the fonts.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bezique.widgets.render.metrics import DATA, build_table  # noqa: E402

TARGET = ROOT / "bezique" / "data" / DATA


def render(table: dict) -> str:
    return json.dumps(table, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare, write nothing")
    args = parser.parse_args()
    text = render(build_table())
    if args.check:
        same = TARGET.exists() and TARGET.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{TARGET} is out of date: run tools/font_metrics.py")
        return 0 if same else 1
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
