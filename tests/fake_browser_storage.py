"""A browser for `BrowserStore` without a browser: what book/live/widgets/storage.js does,
played in Python over a dict, for the tests of the storage widget and of the trainer's
progress in the browser.

`FakeBrowser` is the browser's `localStorage` (one per site, shared by its pages), with the
refusals a real one makes: a quota (QuotaExceededError), storage switched off (SecurityError
on every access). `browser.open(store)` is a page showing `store` (a kernel's widget).
Messages go as they do in a page: the kernel's requests wait until `run()` (the browser gets
them after the kernel's handler returns), and the answers reach the kernel then, in order,
until nothing is left to do; a page's successful change of the key reaches the other pages as
the browser's `storage` event.
"""

from __future__ import annotations

from collections import deque


class BrowserError(Exception):
    def __init__(self, name: str, message: str = ""):
        super().__init__(message or name)
        self.name = name


class FakeBrowser:
    def __init__(self, quota: int | None = None):
        self.items: dict[str, str] = {}
        self.quota = quota                      # characters of all keys and values, or None
        self.switched_off = False               # SecurityError on every access (private mode)
        self.refuse_keys: dict[str, str] = {}   # key prefix -> error name for writes
        self.pages: list[FakePage] = []
        self.queue: deque = deque()             # (page, request) not yet done
        self.sent: list[tuple[FakePage, dict]] = []   # every request the kernels sent

    def open(self, store, render: bool = True) -> "FakePage":
        page = FakePage(self, store)
        self.pages.append(page)
        if render:
            page.render()
        return page

    # ------------------------------------------------------------- localStorage

    def _check(self) -> None:
        if self.switched_off:
            raise BrowserError("SecurityError", "The operation is insecure.")

    def get(self, key):
        self._check()
        return self.items.get(key)

    def side_keys(self, key):
        self._check()
        return [k for k in self.items if k.startswith(key + ":")]

    def set(self, key, value):
        self._check()
        for prefix, name in self.refuse_keys.items():
            if key.startswith(prefix):
                raise BrowserError(name, "refused")
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise BrowserError("QuotaExceededError", "The quota has been exceeded.")
        self.items[key] = value

    def remove(self, key):
        self._check()
        self.items.pop(key, None)

    # ------------------------------------------------------------- messages

    def run(self, limit: int = 1000) -> None:
        """Do every request waiting, delivering the answers, until nothing is left."""
        for _ in range(limit):
            if not self.queue:
                return
            page, request = self.queue.popleft()
            page.handle(request)
        raise AssertionError("the kernel and the page keep talking without end")


class FakePage:
    """One page of the site: the model and view of one kernel's `BrowserStore`."""

    def __init__(self, browser: FakeBrowser, store):
        self.browser = browser
        self.store = store
        self.failed: set = set()
        store.send = self.receive                # the kernel's requests come here

    @property
    def key(self) -> str:
        return self.store.key

    def receive(self, content, buffers=None) -> None:
        self.browser.sent.append((self, content))
        self.browser.queue.append((self, content))

    def tell(self, content) -> None:
        self.store._handle_custom_msg(content, [])

    def render(self) -> None:
        self.report("render", None)

    def report(self, reason, request_id) -> None:
        try:
            self.tell({"event": "value", "key": self.key, "value": self.browser.get(self.key),
                       "keys": self.browser.side_keys(self.key), "reason": reason,
                       "id": request_id})
        except BrowserError as e:
            self.tell({"event": "error", "op": "read", "key": self.key, "id": request_id,
                       "name": e.name, "message": str(e)})

    def handle(self, content) -> None:
        if content.get("op") == "read":
            self.report("read", content.get("id"))
            return
        op, key, rid = content.get("op"), content.get("key") or self.key, content.get("id")

        def refuse(name):
            self.failed.add(rid)
            self.tell({"event": "error", "op": op, "key": key, "id": rid, "name": name,
                       "message": name})
        if not (key == self.key or key.startswith(self.key + ":")):
            return refuse("BadKey")
        if content.get("unless_failed") is not None and content["unless_failed"] in self.failed:
            return refuse("Skipped")
        try:
            if op == "write":
                self.browser.set(key, content["value"])
            else:
                self.browser.remove(key)
        except BrowserError as e:
            return refuse(e.name)
        self.tell({"event": "written", "key": key, "id": rid})
        if key == self.key:                      # the other pages hear of it
            for page in self.browser.pages:
                if page is not self and page.key == key:
                    page.report("storage", None)
