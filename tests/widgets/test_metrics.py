"""The font metrics table (bezique/data/dejavu_metrics.json): it is what fontTools reads from the
installed DejaVu fonts, it has every character the course draws, and its line heights and
widths are the ones Pillow draws with (so the PNG route looks as laid out)."""

import json
from pathlib import Path

from ci_support import require_import

from bezique.widgets.render import metrics

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ["Вы — берёте", "Последняя взятка — ваша", "талон: 20", "Ёлка, «козырь» … ·",
           "Ваши объявления: пока нет · ваш ход", "Соперник: 8 карт", "★ ♠♥♦♣ ♚♛♞",
           "Козырь — черви. Можно: Т♥ 10♥. Надо перебить, если можете."]


def test_table_is_what_fonttools_reads_from_the_installed_fonts():
    require_import("fontTools")
    assert metrics.build_table() == metrics.table()
    # the committed file is exactly what tools/font_metrics.py writes (sorted, one format)
    text = (ROOT / "bezique" / "data" / metrics.DATA).read_text(encoding="utf-8")
    assert json.loads(text) == metrics.table()


def test_every_character_the_course_draws_is_in_both_fonts():
    for style in ("regular", "bold"):
        advances = metrics.table()[style]["advances"]
        assert set(metrics.CHARACTERS) <= set(advances), style
    for ch in "ёЁ«»—…·♠♥♦♣★♚♛♞№":
        assert ch in metrics.CHARACTERS


def test_widths_add_up_and_scale_with_the_size():
    w12 = metrics.text_width("Дама пик", 12)
    assert w12 == metrics.text_width("Дама", 12) + metrics.text_width(" пик", 12)
    assert metrics.text_width("Дама пик", 24) == 2 * w12
    assert metrics.text_width("Дама пик", 12, bold=True) > w12
    assert metrics.text_width("", 12) == 0


def test_unknown_characters_are_measured_and_remembered():
    metrics.MISSING.discard("\u4e2d")
    assert metrics.text_width("\u4e2d", 10) > 0
    assert "\u4e2d" in metrics.MISSING
    metrics.MISSING.discard("\u4e2d")


def test_line_heights_equal_pillows_and_widths_are_within_a_pixel():
    require_import("PIL")
    from bezique.widgets.render.drawing import get_font
    for bold in (False, True):
        for px in range(6, 61):
            assert get_font(px, bold).getmetrics() == (metrics.ascent(px, bold),
                                                       metrics.descent(px, bold)), (px, bold)
        for px in (9, 11, 12, 13, 15):
            for text in SAMPLES:
                drawn = get_font(px, bold).getlength(text)
                assert abs(drawn - metrics.text_width(text, px, bold)) < 1.0, (text, px, bold)


def test_wrap_breaks_at_the_width():
    text = "Соперник берёт взятку тузом. Ваш ход: объявите комбинацию или сыграйте карту."
    lines = metrics.wrap(text, 15, 240)
    assert len(lines) > 1 and " ".join(lines) == text
    assert all(metrics.text_width(x, 15) <= 240 for x in lines)
    assert metrics.wrap("а\nб", 15, 240) == ["а", "б"]
