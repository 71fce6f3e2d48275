"""Files the command line writes (`play --save`, `selfplay --out`, `match --out`).

The path is checked before anything is played (`check_output_path`: its folder exists and
may be written, it is not a folder itself), so that a typo costs nothing. If writing still
fails later (the folder was removed, the disk is full), the finished games are not lost:
`SafeWriter` copies what it has written to a fallback file in the current folder, or else
in the temporary folder, and says where.
"""

from __future__ import annotations

import os
import tempfile
from typing import Callable

from ..jsonio import os_error_ru
from .parser import UsageError


def check_output_path(path: str, option: str, example: str) -> None:
    """UsageError (Russian, with an example) unless a file can be written at `path`."""
    if not path or not path.strip():
        raise UsageError(f"у параметра {option} пустой путь к файлу", example=example)
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise UsageError(f"{option} {path}: это папка, а нужен путь к файлу в ней",
                         example=example)
    if not os.path.isdir(folder):
        what = "не папка" if os.path.exists(folder) else "нет такой папки"
        raise UsageError(f"{option} {path}: {what} «{folder}» — файл там не записать; "
                         "укажите файл в существующей папке", example=example)
    # An existing file is rewritten in place (its folder's permissions do not matter); a new
    # one needs a folder that may be written.
    if not os.access(path if os.path.exists(path) else folder, os.W_OK):
        raise UsageError(f"{option} {path}: в эту папку (или в этот файл) нельзя писать; "
                         "укажите другое место", example=example)


def _fallback_paths(path: str) -> list[str]:
    base = os.path.basename(path) or "bezique-save.jsonl"
    stem, ext = os.path.splitext(base)
    out = []
    for folder in (os.getcwd(), tempfile.gettempdir()):
        for k in range(100):
            name = base if k == 0 else f"{stem}-{k}{ext}"
            candidate = os.path.join(folder, name)
            if os.path.abspath(candidate) == os.path.abspath(path) or os.path.exists(candidate):
                continue
            out.append(candidate)
            break
    return out


class SafeWriter:
    """Text (one JSON record a line) written to `path` as it comes, like a text file's
    `write`; if the file cannot be opened or written, everything so far goes to a fallback
    file (see module doc). `say` receives the Russian sentence that tells where instead.

    Nothing is kept in memory: what was written is read back from the open file (still
    readable when its folder has been removed) and copied to the fallback."""

    def __init__(self, path: str, say: Callable[[str], None]):
        self.path = path
        self.say = say
        self.written_to: str | None = path
        self._good = 0                       # bytes known to be in the open file
        try:
            self._fh = open(path, "w+b")
        except OSError as e:
            self._fh = None
            self._fail(e, b"")

    def write(self, text: str) -> None:
        data = text.encode("utf-8")
        if self._fh is None:
            return                           # nowhere left to write: said already
        try:
            self._fh.write(data)
            self._fh.flush()
        except OSError as e:
            self._fail(e, data)
        else:
            self._good += len(data)

    def flush(self) -> None:
        """Every `write` is flushed already."""

    def _written(self) -> bytes | None:
        """What the open file holds (None if it cannot be read back); the file is closed."""
        fh, self._fh = self._fh, None
        if fh is None:
            return b""
        try:
            fh.seek(0)
            return fh.read(self._good)
        except (OSError, ValueError):
            return None
        finally:
            try:
                fh.close()
            except OSError:
                pass

    def _fail(self, error: OSError, data: bytes) -> None:
        kept = self._written()
        lost = kept is None
        kept = (kept or b"") + data
        why = os_error_ru(error)
        for candidate in _fallback_paths(self.path):
            try:
                fh = open(candidate, "w+b")
                fh.write(kept)
                fh.flush()
            except OSError:
                continue
            self._fh, self.written_to, self._good = fh, candidate, len(kept)
            self.say(f"Не удалось записать {self.path} ({why}); записи сохраняются в {candidate}"
                     + (", но прежние строки прочитать не удалось." if lost else "."))
            return
        self.written_to = None
        self.say(f"Не удалось записать {self.path} ({why}), и запасной файл тоже не записался.")

    def close(self) -> str | None:
        """Close the file; the path the lines are in (None if nowhere). A file whose folder
        was removed while it was written is gone with it: then the fallback file is written."""
        if self._fh is not None and not os.path.exists(self.written_to):
            self._fail(FileNotFoundError(2, "the file vanished with its folder"), b"")
        if self._fh is not None:
            try:
                self._fh.close()
            except OSError as e:
                self.written_to = None
                self.say(f"Не удалось записать {self.path} ({os_error_ru(e)}).")
        self._fh = None
        return self.written_to
