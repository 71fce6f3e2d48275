"""`BrowserStore`: text kept in the learner's browser (`localStorage`), for a kernel that has
no lasting files — Pyodide in a Web Worker, whose files vanish with the page.

An invisible widget. Its front-end is `book/live/widgets/storage.js` (AMD module
`bezique-storage`, served with the book). The browser keeps one text under `key` (e.g.
`bezique:progress`) and any number under keys that start with `key + ":"` (e.g. a damaged
value set aside as `bezique:progress:damaged:1`); the store neither reads nor writes any other
key. `localStorage` lasts across reloads and visits (until the learner clears the site's data)
and is shared by every page of the site, so every exercise page sees one progress.

The message protocol (custom comm messages; the front-end never decides anything):

front-end → kernel
  ``{"event": "value", "key": K, "value": text | null, "keys": [K + ":…", …],
  "reason": "render" | "read" | "storage", "id": n | null}`` — what the browser holds under
  `key` (null: nothing), and which of `key`'s side keys exist. Sent when a view is rendered
  (the page shows the widget: a fresh page load), in answer to ``read``, and when another page
  of the site changed `key` (the browser's `storage` event).
  ``{"event": "written", "key": K2, "id": n}`` — a ``write`` or ``remove`` succeeded.
  ``{"event": "error", "op": "read" | "write" | "remove", "key": K2, "id": n | null,
  "name": "QuotaExceededError" | "SecurityError" | "NoStorage" | "Skipped" | …,
  "message": "…"}`` — the browser refused (quota, private mode, storage switched off), or a
  write was skipped because the one it depended on failed.

kernel → front-end
  ``{"op": "read", "id": n}`` — send the value again.
  ``{"op": "write", "key": K2, "value": text, "id": n, "unless_failed": m | null}`` — store
  `text` under K2 (`key` or one of its side keys); with `unless_failed`, only if write `m`
  did not fail (a damaged value is replaced only once its copy is safe).
  ``{"op": "remove", "key": K2, "id": n, "unless_failed": m | null}`` — the same, removing.

Python keeps the last text it knows (`text`): its own writes at once, the browser's values as
they come. `on_change(callback)` is told `callback(store, what)` with `what` "loaded" (the
first value, or a first read error), "changed" (another page saved) or "error" (`problem`
then says in Russian what the browser refused).
"""

from __future__ import annotations

from typing import Callable

import ipywidgets
from traitlets import Unicode

MODULE = "bezique-storage"
DEFAULT_KEY = "bezique:progress"

# What the browser's refusals mean, in Russian (the browser's own words are English).
_REASONS = {
    "QuotaExceededError": "в браузере кончилось место, которое он отводит этому сайту",
    "NS_ERROR_DOM_QUOTA_REACHED": "в браузере кончилось место, которое он отводит этому сайту",
    "SecurityError": ("браузер не разрешает этой странице хранить данные — так бывает в "
                      "приватном режиме или когда запрещены файлы cookie"),
    "NoStorage": "в этом браузере у страниц нет постоянного хранилища",
}


try:                                         # the browser's own kernel (Pyodide)
    from pyodide.ffi import jsnull as _JS_NULL
except ImportError:                          # CPython: messages arrive as JSON, null is None
    _JS_NULL = None


def _plain(value):
    """A message from the page as plain Python. Pyodide's kernel hands a message's JavaScript
    `null` over as `pyodide.ffi.jsnull`, not None (an empty stored value would look like no
    text at all, and the progress would never load): make it None, at any depth."""
    if _JS_NULL is not None and value is _JS_NULL:
        return None
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def reason_ru(name: str) -> str:
    """The Russian reason of a browser refusal named `name` (a DOMException's name)."""
    return _REASONS.get(name, "браузер отказался сохранить данные")


class BrowserStore(ipywidgets.DOMWidget):
    """Text kept in the browser's `localStorage` under `key` (and its side keys)."""

    _model_name = Unicode("BrowserStoreModel").tag(sync=True)
    _view_name = Unicode("BrowserStoreView").tag(sync=True)
    _model_module = Unicode(MODULE).tag(sync=True)
    _view_module = Unicode(MODULE).tag(sync=True)
    _model_module_version = Unicode("*").tag(sync=True)
    _view_module_version = Unicode("*").tag(sync=True)
    key = Unicode(DEFAULT_KEY).tag(sync=True)

    def __init__(self, key: str = DEFAULT_KEY, **kwargs):
        kwargs.setdefault("layout", ipywidgets.Layout(display="none"))
        super().__init__(key=key, **kwargs)
        self.text: str | None = None           # the last text known to be under `key`
        self.side_keys: set[str] = set()       # side keys the browser holds (or we wrote)
        self.loaded = False                    # the browser has answered once
        self.problem: str | None = None        # the last refusal, in Russian
        self.problem_key: str | None = None    # … the key it concerned
        self.problem_op: str | None = None     # … and what was refused: "read", "write", "remove"
        self._listeners: list[Callable[["BrowserStore", str], None]] = []
        self._next_id = 0
        self._failed: set[int] = set()
        self._done: set[int] = set()
        self.on_msg(self._on_msg)

    # ------------------------------------------------------------------ kernel → browser

    def on_change(self, callback: Callable[["BrowserStore", str], None]) -> None:
        self._listeners.append(callback)

    def side_key(self, name: str) -> str:
        return f"{self.key}:{name}"

    def read(self) -> int:
        """Ask the browser for the value again (the answer is a "value" event)."""
        return self._request("read")

    def write(self, text: str, key: str | None = None, unless_failed: int | None = None) -> int:
        """Store `text` under `key` (default: the store's key); returns the request's id.
        Python takes the new text as known at once; a refusal comes back as an "error"."""
        return self._change("write", key, text, unless_failed)

    def remove(self, key: str | None = None, unless_failed: int | None = None) -> int:
        return self._change("remove", key, None, unless_failed)

    def _change(self, op: str, key: str | None, text: str | None, unless_failed: int | None) -> int:
        key = key or self.key
        self._check_key(key)
        if key == self.key:
            self.text = text
        elif text is None:
            self.side_keys.discard(key)
        else:
            self.side_keys.add(key)
        value = {"value": text} if op == "write" else {}
        return self._request(op, key=key, **value, unless_failed=unless_failed)

    def failed(self, request: int | None) -> bool:
        """True if the browser refused request `request`."""
        return request is not None and request in self._failed

    def succeeded(self, request: int | None) -> bool:
        """True if the browser has done request `request`."""
        return request is not None and request in self._done

    def _check_key(self, key: str) -> None:
        if key != self.key and not key.startswith(self.key + ":"):
            raise ValueError(f"key {key!r} is not {self.key!r} or one of its side keys")

    def _request(self, op: str, **fields) -> int:
        self._next_id += 1
        self.send({"op": op, "id": self._next_id, **fields})
        return self._next_id

    # ------------------------------------------------------------------ browser → kernel

    def _on_msg(self, _widget, content, _buffers) -> None:
        """A message from the front-end; anything malformed is ignored (never raises)."""
        content = _plain(content)
        if not isinstance(content, dict):
            return
        event = content.get("event")
        if event == "value":
            self._on_value(content)
        elif event == "error":
            self._on_error(content)
        elif event == "written":                 # Python already knows the text
            request = content.get("id")
            if isinstance(request, int) and not isinstance(request, bool):
                self._done.add(request)

    def _on_value(self, content: dict) -> None:
        value = content.get("value")
        if value is not None and not isinstance(value, str):
            return
        keys = content.get("keys")
        if isinstance(keys, list):
            self.side_keys = {k for k in keys if isinstance(k, str) and k.startswith(self.key + ":")}
        first = not self.loaded
        changed = value != self.text
        self.text = value
        self.loaded = True
        if first:
            self._tell("loaded")
        elif changed:
            self._tell("changed")

    def _on_error(self, content: dict) -> None:
        name = content.get("name")
        name = name if isinstance(name, str) else ""
        request = content.get("id")
        if isinstance(request, int) and not isinstance(request, bool):
            self._failed.add(request)
        if name == "Skipped":                    # the write it depended on failed: told already
            return
        key = content.get("key")
        op = content.get("op")
        self.problem = reason_ru(name)
        self.problem_key = key if isinstance(key, str) else self.key
        self.problem_op = op if op in ("read", "write", "remove") else "write"
        if op == "read" and not self.loaded:
            self.loaded = True                   # nothing will come: go on without it
            self._tell("loaded")
        else:
            self._tell("error")

    def _tell(self, what: str) -> None:
        for callback in list(self._listeners):
            callback(self, what)


__all__ = ["BrowserStore", "DEFAULT_KEY", "reason_ru"]
