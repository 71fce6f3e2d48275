"""Reading JSON that a learner or another program wrote: every failure is one FormatError in Russian.

Position files, deal records (.json and .jsonl), the practice table's saved deals and the
exercise progress file all come through here, so that a damaged file never shows a traceback:
not JSON at all, another encoding, a byte-order mark (accepted), nesting so deep that the
parser would recurse without end, an integer too long to convert.
"""

from __future__ import annotations

import errno
import json
from typing import Any, Iterator

from .errors import FormatError

# The JSON decoder's messages (json.decoder), said in Russian.
_DECODER_MESSAGES = {
    "Expecting value": "ожидалось значение",
    "Expecting property name enclosed in double quotes": "ожидалось имя поля в двойных кавычках",
    "Expecting ':' delimiter": "ожидалось двоеточие «:»",
    "Expecting ',' delimiter": "ожидалась запятая «,»",
    "Extra data": "после конца JSON есть лишний текст",
    "Unterminated string starting at": "строка в кавычках не закрыта",
    "Invalid control character at": "недопустимый управляющий символ внутри строки",
    "Invalid \\escape": "недопустимая последовательность с «\\»",
    "Invalid \\uXXXX escape": "недопустимая последовательность «\\uXXXX»",
    "Unexpected UTF-8 BOM (decode using utf-8-sig)": "в начале лишняя метка порядка байтов",
}

EXAMPLE = 'например {"format": "bezique-position/1", …}'


def _decoder_message(e: json.JSONDecodeError) -> str:
    what = _DECODER_MESSAGES.get(e.msg, "текст не разбирается как JSON")
    return f"это не JSON: {what} (строка {e.lineno}, столбец {e.colno})"


def parse_json(text: str, path: str | None = None, line: int | None = None) -> Any:
    """The value of a JSON text; FormatError (naming `path` and `line`) for anything unreadable."""
    where = f"строка {line}: " if line is not None else ""
    text = text.removeprefix("\ufeff")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        if line is not None:
            raise FormatError(f"{where}это не JSON: "
                              f"{_DECODER_MESSAGES.get(e.msg, 'текст не разбирается как JSON')} "
                              f"(столбец {e.colno})", path) from None
        raise FormatError(_decoder_message(e), path) from None
    except RecursionError:
        raise FormatError(f"{where}в JSON слишком глубокая вложенность скобок — "
                          "так устроенных файлов курс не пишет", path) from None
    except ValueError:        # an integer longer than Python converts (sys.int_info.str_digits_check_threshold)
        raise FormatError(f"{where}в JSON число из тысяч цифр — таких чисел в файлах курса не бывает",
                          path) from None


_OS_ERRORS = {
    errno.ENOENT: "такого файла нет",
    errno.EACCES: "нет прав на чтение или запись",
    errno.EPERM: "действие не разрешено",
    errno.EISDIR: "это папка, а нужен файл",
    errno.ENOTDIR: "часть пути — не папка",
    errno.ENOSPC: "на диске нет места",
    errno.EROFS: "диск только для чтения",
    errno.ENAMETOOLONG: "слишком длинное имя файла",
    errno.ELOOP: "путь ссылается сам на себя",
    errno.EMFILE: "открыто слишком много файлов",
}


def os_error_ru(e: OSError) -> str:
    """What an OSError means, in Russian (the system's own words are English)."""
    return _OS_ERRORS.get(e.errno, "ошибка ввода-вывода" + (f" (код {e.errno})" if e.errno else ""))


def read_text(path: str) -> str:
    """The text of a UTF-8 file (with or without a byte-order mark); FormatError otherwise."""
    try:
        with open(path, encoding="utf-8-sig") as fh:
            return fh.read()
    except UnicodeDecodeError:
        raise FormatError("файл не в кодировке UTF-8 (сохраните его как UTF-8)", path) from None
    except IsADirectoryError:
        raise FormatError("это папка, а нужен файл", path) from None
    except OSError as e:
        raise FormatError(f"файл не открывается: {os_error_ru(e)}", path) from None


def read_json(path: str) -> Any:
    """The JSON value of a file; FormatError for a missing, unreadable or malformed file."""
    return parse_json(read_text(path), path)


def read_jsonl(path: str) -> Iterator[tuple[int, Any]]:
    """(line number, parsed value or the FormatError) for each non-empty line of a .jsonl file.

    The file itself must open and be UTF-8 (otherwise FormatError is raised before any line)."""
    text = read_text(path)
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield n, parse_json(line, path, line=n)
        except FormatError as e:
            yield n, e
