"""The card sprites of the SVG pictures: every face `drawing.py` draws, exported as PNG files at
twice the size, with the fonts the SVG text asks for. The site build calls
`export_card_sprites(folder)` and serves the folder; the browser loader sets
`BEZIQUE_CARD_SPRITES` to its URL (see `svg.py`).

    folder/
      AS.png … 7C.png     32 faces, two colours (♥ ♦ red, ♠ ♣ black), 140×200 pixels
      four/AD.png … 7C.png  the 16 diamonds and clubs of the four-colour pack (♦ blue, ♣ green)
      XX.png              the infusorka (many-pack bezique)
      back.png            a card face down
      DejaVuSans.woff, DejaVuSans-Bold.woff   the fonts of the text, cut to the characters of
                          the metrics table (`metrics.CHARACTERS`), and LICENSE_DEJAVU

    .venv/bin/python -m bezique.widgets.render.sprites FOLDER

CPython only: needs Pillow (and fontTools, which matplotlib brings, for the fonts).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from ...cards import JOKER, RANKS, SUITS, Card
from .drawing import back_image, card_image
from .metrics import CHARACTERS, FONTS, font_file
from .style import sprite_name
from .svg import FONT_FILES

SPRITE_SCALE = 2.0


def sprite_cards() -> list[tuple[str, Card | None, bool]]:
    """(file name within the folder, card or None for the back, four colours) of every sprite."""
    out: list[tuple[str, Card | None, bool]] = []
    for suit in SUITS:
        for rank in RANKS:
            card = Card(rank, suit)
            out.append((f"{sprite_name(card)}.png", card, False))
    for suit in "DC":
        for rank in RANKS:
            card = Card(rank, suit)
            out.append((f"four/{sprite_name(card)}.png", card, True))
    out.append((f"{sprite_name(Card(JOKER, JOKER))}.png", Card(JOKER, JOKER), False))
    out.append((f"{sprite_name(None)}.png", None, False))
    return out


def _subset_font(source: str, target: Path) -> None:
    """`source` cut to the characters of the metrics table, written as WOFF."""
    from fontTools import subset

    options = subset.Options()
    options.flavor = "woff"
    options.layout_features = ["kern", "liga"]
    options.name_IDs = ["*"]                    # keep the names and the licence notice
    options.drop_tables = [*options.drop_tables, "FFTM"]
    font = subset.load_font(source, options)
    sub = subset.Subsetter(options)
    sub.populate(text=CHARACTERS)
    sub.subset(font)
    subset.save_font(font, str(target), options)


def export_card_sprites(folder: Path) -> list[Path]:
    """Write every sprite (and the fonts) into `folder` (created if need be); return the files
    written. Files that are already there and equal are rewritten the same."""
    folder = Path(folder)
    written: list[Path] = []
    for name, card, four in sprite_cards():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        img = back_image(SPRITE_SCALE) if card is None else \
            card_image(card, SPRITE_SCALE, four, "normal")
        img.save(path, "PNG", optimize=True)
        written.append(path)
    for bold, name in FONT_FILES.items():
        path = folder / name
        _subset_font(font_file(FONTS["bold" if bold else "regular"]), path)
        written.append(path)
    licence = Path(font_file(FONTS["regular"])).with_name("LICENSE_DEJAVU")
    if licence.exists():
        shutil.copyfile(licence, folder / licence.name)
        written.append(folder / licence.name)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0].startswith("-"):
        print("Использование: python -m bezique.widgets.render.sprites ПАПКА\n"
              "(пишет картинки карт для SVG-картинок и шрифты в ПАПКУ)", file=sys.stderr)
        return 2
    files = export_card_sprites(Path(args[0]))
    print(f"{len(files)} файлов в {args[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
