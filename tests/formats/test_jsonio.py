"""The one JSON reader of the course: every damaged file is a Russian FormatError, never a traceback."""

import pytest

from bezique.errors import FormatError
from bezique.jsonio import parse_json, read_json, read_jsonl


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000 + "]" * 100_000, "вложенность"),
    ('{"points": ' + "9" * 5000 + "}", "тысяч цифр"),
    ('{"a": 1,}', "ожидалось имя поля"),
    ("", "ожидалось значение"),
    ('{"a": 1} x', "лишний текст"),
])
def test_malformed_json_is_one_russian_message(text, words):
    with pytest.raises(FormatError) as e:
        parse_json(text, "x.json")
    assert words in e.value.message and "x.json" in e.value.message


def test_byte_order_mark_is_accepted(tmp_path):
    f = tmp_path / "bom.json"
    f.write_bytes("\ufeff{\"a\": 1}".encode("utf-8"))
    assert read_json(str(f)) == {"a": 1}
    assert parse_json("\ufeff[1]") == [1]


def test_other_encodings_and_missing_files_are_named(tmp_path):
    f = tmp_path / "cp1251.json"
    f.write_bytes('{"a": "Дама"}'.encode("cp1251"))
    with pytest.raises(FormatError, match="UTF-8"):
        read_json(str(f))
    with pytest.raises(FormatError, match="не открывается"):
        read_json(str(tmp_path / "нет.json"))
    with pytest.raises(FormatError, match="папка"):
        read_json(str(tmp_path))


def test_jsonl_reports_each_bad_line_and_keeps_the_good_ones(tmp_path):
    f = tmp_path / "d.jsonl"
    f.write_text('{"a": 1}\n\n{oops\n' + "[" * 50_000 + "\n[2]\n", encoding="utf-8")
    lines = list(read_jsonl(str(f)))
    assert [n for n, _ in lines] == [1, 3, 4, 5]
    assert lines[0][1] == {"a": 1} and lines[3][1] == [2]
    assert isinstance(lines[1][1], FormatError) and "строка 3" in lines[1][1].message
    assert isinstance(lines[2][1], FormatError) and "вложенность" in lines[2][1].message
