"""Where the exercise progress is kept: a JSON file beside the notebook (`FilePlace`), or the
learner's browser (`BrowserPlace`, through the invisible `storage.BrowserStore` widget) when
the kernel runs in the browser and its files vanish on reload.

`progress_store()` chooses: `BEZIQUE_PROGRESS_STORE=browser` or `=file` forces one (to try the
browser's route in the served book, and in tests); otherwise the browser where the kernel is
Pyodide (`sys.platform == "emscripten"`), the file everywhere else.

A place offers the same few operations to `progress.Progress`: `ready`, `read()` (the text, None
for nothing, FormatError if unreadable), `write(text)` (a Russian problem or None),
`set_aside()` (keep the damaged text as a numbered backup; its name or None), `discard()`,
`has_content()`, and the Russian words for its messages (`subject`, `kept_sentence`).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from ...jsonio import os_error_ru, read_text
from ..storage import DEFAULT_KEY, BrowserStore

STORE_ENV = "BEZIQUE_PROGRESS_STORE"
SAVE_TO_FILE = "сохраните его в файл кнопкой «Сохранить прогресс в файл»"


def progress_store() -> str:
    """"browser" or "file": where this kernel keeps the progress (see the module doc)."""
    forced = os.environ.get(STORE_ENV, "").strip().lower()
    if forced in ("browser", "file"):
        return forced
    return "browser" if sys.platform == "emscripten" else "file"


class FilePlace:
    """A JSON file, written atomically (a temporary file, then `os.replace`): an interrupted
    save never leaves half a file. A damaged file is copied to «<name>.damaged.N» (the first
    free N: an older backup is never replaced)."""

    ready = True

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)

    @property
    def subject(self) -> str:
        return "Файл прогресса"

    def kept_sentence(self, kept: str | None) -> str:
        return (f"Старый файл сохранён рядом с ним под именем «{kept}»." if kept else
                "Сохранить копию старого файла не удалось.")

    def has_content(self) -> bool:
        try:
            return self.path.exists()
        except OSError:
            return False

    def read(self) -> str | None:
        if not self.has_content():        # no file, or a folder that cannot be searched
            return None
        return read_text(str(self.path))

    def set_aside(self) -> str | None:
        try:
            content = self.path.read_bytes()
        except OSError:
            return None
        for n in range(1, 10_000):
            target = self.path.with_name(f"{self.path.name}.damaged.{n}")
            try:
                with open(target, "xb") as fh:            # "x": never replaces an older backup
                    fh.write(content)
                return target.name
            except FileExistsError:
                continue
            except OSError:
                return None
        return None

    def discard(self) -> None:
        try:
            os.unlink(self.path)
        except OSError:
            pass

    def write(self, text: str) -> str | None:
        folder = self.path.parent if str(self.path.parent) else Path(".")
        try:
            fd, tmp = tempfile.mkstemp(prefix=".bezique_progress.", suffix=".tmp", dir=folder)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as fh:
                    fh.write(text)
                os.replace(tmp, self.path)
            except BaseException:
                if os.path.exists(tmp):
                    os.unlink(tmp)
                raise
        except OSError as e:
            return (f"Не удалось записать файл прогресса: {os_error_ru(e)}. "
                    "Упражнения работают, но счёт не запомнится.")
        return None


class BrowserPlace:
    """The browser's `localStorage` through a `BrowserStore` (one text under the store's key;
    damaged texts set aside under «<key>:damaged:N»).

    The browser answers a moment after the page shows the widget: until then the place is not
    `ready`. Writes are sent and taken as done; a refusal comes back later (`store.on_change`)
    and `problem_note` says it in Russian. A damaged text is replaced only after its copy is
    known to be safe: every write waits on the copy (`unless_failed`), and if the copy failed
    nothing more is written here — the old text stays as it was."""

    subject = "Прогресс, сохранённый в этом браузере,"

    def __init__(self, store: BrowserStore):
        self.store = store
        self._guard: int | None = None          # the request that set the damaged text aside

    @property
    def ready(self) -> bool:
        return self.store.loaded

    @property
    def blocked(self) -> bool:
        """The copy of a damaged text failed: nothing may be written over it."""
        return self.store.failed(self._guard)

    def kept_sentence(self, kept: str | None) -> str:
        return ("Старая запись не удалена: она сохранена в браузере отдельно." if kept else
                "Сохранить копию старой записи не удалось.")

    def has_content(self) -> bool:
        return bool(self.store.text)

    def read(self) -> str | None:
        return self.store.text or None

    def set_aside(self) -> str | None:
        if self.store.text is None or self.blocked:
            return None
        n = 1
        while self.store.side_key(f"damaged:{n}") in self.store.side_keys:
            n += 1
        key = self.store.side_key(f"damaged:{n}")
        self._guard = self.store.write(self.store.text, key=key)
        return key

    def _after_copy(self) -> int | None:
        if self.store.succeeded(self._guard):
            self._guard = None
        return self._guard

    def discard(self) -> None:
        if not self.blocked:
            self.store.remove(unless_failed=self._after_copy())

    def write(self, text: str) -> str | None:
        if self.blocked:
            return self.problem_note()
        self.store.write(text, unless_failed=self._after_copy())
        return None

    def problem_note(self) -> str | None:
        """What the browser refused, in Russian, for the learner (None: nothing)."""
        store = self.store
        if self.blocked:
            return (f"{self.subject} повреждён, а сохранить его копию не удалось "
                    f"({store.problem or 'браузер отказался'}). Чтобы не затереть старую запись, "
                    f"новый счёт в браузер не записывается: упражнения работают, но после "
                    f"перезагрузки страницы счёт пропадёт — {SAVE_TO_FILE}.")
        if not store.problem:
            return None
        if store.problem_op == "read":
            start = f"Браузер не даёт сохранить прогресс: {store.problem}."
        else:
            start = f"Не удалось сохранить прогресс в браузере: {store.problem}."
        return (f"{start} Упражнения работают, но после перезагрузки страницы счёт пропадёт — "
                f"{SAVE_TO_FILE}.")


_STORES: dict[str, BrowserStore] = {}


def shared_store(key: str = DEFAULT_KEY) -> BrowserStore:
    """The kernel's one `BrowserStore` for `key` (every trainer of a page shares it, so one
    trainer's save is known to the next at once)."""
    store = _STORES.get(key)
    if store is None or store.comm is None:           # closed: make a new one
        store = _STORES[key] = BrowserStore(key)
    return store


__all__ = ["STORE_ENV", "progress_store", "FilePlace", "BrowserPlace", "shared_store"]
