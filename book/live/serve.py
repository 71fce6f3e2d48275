#!/usr/bin/env python
"""Serve the built book live: `make tutorial` (or `.venv/bin/python book/live/serve.py`).

One Jupyter server on 127.0.0.1 serves the built pages (book/_build/html) under /book/ and
runs the kernels the pages ask for, from the same origin, so the page's loader
(book/live/loader.js) can bring every demo to life. What it does:

* the pages under /book/, for a logged-in browser only (Jupyter's token: the printed URL
  carries it once, `?token=…` sets Jupyter's login cookie; then the links of the book work
  without it). Never Jupyter's AuthenticatedFileHandler: its `sandbox` CSP gives the pages an
  opaque origin (no API access);
* each page carries a `<meta name="bezique-live">` added on the way out: the sign for the
  loader that the page is served live, and where the page's kernel runs (the chapter's
  folder, like a notebook's kernel);
* the kernels themselves through Jupyter's own REST and websocket API; a kernel nobody is
  connected to any more (a closed tab whose shutdown request was lost) is culled after
  ten minutes;
* works as root (containers, CI) and as a normal user; a taken port makes Jupyter try the
  next ones, and the printed URL has the real one; the token is kept (a new one each start,
  or BEZIQUE_TOKEN).

Nothing here imports the engine; the kernels do, as the chapters do.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import logging
import os
import secrets
import signal
import sys
from pathlib import Path, PurePosixPath

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # book/: the course's servers
from local_jupyter import ROOT, local_server_args  # noqa: E402
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.serverapp import ServerApp
from jupyter_server.utils import url_path_join
from tornado import web
from tornado.iostream import StreamClosedError
from tornado.websocket import WebSocketClosedError

BOOK = ROOT / "book"
HTML = BOOK / "_build" / "html"
FIRST_PAGE = "intro.html"
KERNEL = "python3"
IDLE_KERNEL_SECONDS = 600


def kernel_folder(page: str) -> str:
    """Where a page's kernel runs, relative to the repository (the server's root): the folder
    of the chapter's source notebook, as when the notebook itself is run — e.g.
    "chapters/04_tricks.html" -> "book/chapters". The exercise pages are built from copies
    (book/build.py): their kernels run beside the originals in exercises/, so the trainer's
    progress file is the same one JupyterLab and Voilà use."""
    parts = PurePosixPath(page.lstrip("/")).parts[:-1]
    if any(part in ("..", ".") for part in parts):
        return "book"
    folder = BOOK.joinpath(*parts)
    if parts and parts[0] == "exercises":
        folder = ROOT.joinpath(*parts)
    return folder.relative_to(ROOT).as_posix() if folder.is_dir() else "book"


LIVE_META = '<meta name="bezique-live" content="{}">'


class BookPageHandler(JupyterHandler):
    """A page of the built book, for a logged-in browser, with a `<meta name="bezique-live">`
    added: what the loader needs (a static copy of the book has none, so it never even asks
    for a kernel). Reading `xsrf_token` sets the `_xsrf` cookie the page's API requests need;
    no page is cached (a rebuild shows at once)."""

    def initialize(self, path: str) -> None:
        self.root = Path(path)

    @web.authenticated
    def get(self, page: str) -> None:
        self.xsrf_token  # noqa: B018 (reading it sets the _xsrf cookie)
        file = (self.root / page).resolve()
        if not file.is_relative_to(self.root) or not file.is_file():
            raise web.HTTPError(404)
        info = {"base_url": self.base_url, "kernel": KERNEL, "kernel_path": kernel_folder(page)}
        meta = LIVE_META.format(html.escape(json.dumps(info), quote=True))
        text = file.read_text(encoding="utf-8").replace("<head>", "<head>\n" + meta, 1)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-cache")
        self.finish(text)


class BookFileHandler(JupyterHandler, web.StaticFileHandler):
    """Everything else the pages load (scripts, styles, pictures, the search index)."""

    def initialize(self, path: str) -> None:
        web.StaticFileHandler.initialize(self, path)

    @web.authenticated
    async def get(self, path: str, include_body: bool = True) -> None:
        await web.StaticFileHandler.get(self, path, include_body)

    def set_extra_headers(self, path: str) -> None:
        self.set_header("Cache-Control", "no-cache")

    def compute_etag(self) -> str | None:
        return web.StaticFileHandler.compute_etag(self)

    @classmethod
    def get_absolute_path(cls, root: str, path: str) -> str:
        return web.StaticFileHandler.get_absolute_path(root, path)

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        return web.StaticFileHandler.validate_absolute_path(self, root, absolute_path)


class FirstPageHandler(JupyterHandler):
    """/ and /book/ lead to the book's first page (the token, if given, comes along)."""

    def get(self) -> None:
        url = url_path_join(self.base_url, "book", FIRST_PAGE)
        token = self.get_argument("token", "")
        self.redirect(url + (f"?token={token}" if token else ""))


def handlers(base_url: str, html_root: Path) -> list[tuple]:
    book = url_path_join(base_url, "book")
    return [
        (url_path_join(base_url, "/?"), FirstPageHandler),
        (url_path_join(book, "/?"), FirstPageHandler),
        (url_path_join(book, r"(.+\.html)"), BookPageHandler, {"path": str(html_root)}),
        (url_path_join(book, "(.+)"), BookFileHandler, {"path": str(html_root)}),
    ]


def server_arguments(port: int, token: str) -> list[str]:
    return local_server_args(port, token) + [
        "--ServerApp.open_browser=False",
        f"--MappingKernelManager.cull_idle_timeout={IDLE_KERNEL_SECONDS}",
        "--MappingKernelManager.cull_interval=60",
        "--MappingKernelManager.cull_connected=False",
        f"--MappingKernelManager.default_kernel_name={KERNEL}",
    ]


class ExpectedRefusals(logging.Filter):
    """The server's answers that the page itself explains to the learner (book/live/loader.js)
    are not written into the terminal too: «Forbidden» (an address without the key, and its
    access-log line «403 GET …») and «Kernel does not exist» (a page asking after its kernel
    once the server was restarted). Every other error, and every unhandled one, still is."""

    QUIET = ("Forbidden", "Kernel does not exist")

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg != "wrote error: %r" or not record.args:
            return not record.getMessage().startswith("403 ")
        return not str(record.args[0]).startswith(self.QUIET)


def closed_page_is_quiet(loop, context: dict) -> None:
    """The loop's exception handler: a page closed while its kernel still writes to it leaves
    «Task exception was never retrieved … WebSocketClosedError» (tornado, a known upstream
    leftover that means nothing here); every other exception goes to the default handler."""
    if isinstance(context.get("exception"), (WebSocketClosedError, StreamClosedError)):
        return
    loop.default_exception_handler(context)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Открыть живую книгу курса «Безик»")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8888")),
                        help="порт (если занят, берётся следующий свободный)")
    parser.add_argument("--html", type=Path, default=HTML,
                        help="папка собранной книги (по умолчанию book/_build/html)")
    parser.add_argument("--url-file", type=Path,
                        help="записать адрес книги в этот файл (для тестов и скриптов)")
    args = parser.parse_args(argv)

    if not (args.html / FIRST_PAGE).exists():
        print("Книга ещё не собрана: выполните make tutorial (или make book).", file=sys.stderr)
        return 1
    token = os.environ.get("BEZIQUE_TOKEN") or secrets.token_urlsafe(24)
    app = ServerApp()
    app.initialize(server_arguments(args.port, token), find_extensions=False)
    # On the handlers that write the terminal: the handlers' records come through tornado's
    # loggers (propagating to the server's), which a filter on the server's logger never sees.
    for handler in app.log.handlers or [logging.lastResort]:
        handler.addFilter(ExpectedRefusals())
    app.web_app.add_handlers(".*$", handlers(app.base_url, args.html.resolve()))

    def announce() -> None:
        """Runs on the server's loop after its socket is bound: the port is the real one, and
        the URL answers as soon as it is printed."""
        url = f"http://127.0.0.1:{app.port}{url_path_join(app.base_url, 'book', FIRST_PAGE)}?token={token}"
        asyncio.get_running_loop().set_exception_handler(closed_page_is_quiet)
        if args.url_file:
            args.url_file.write_text(url + "\n", encoding="utf-8")
        line = "─" * 72
        print(f"\n{line}\nКурс «Безик» готов. Откройте в браузере:\n\n    {url}\n\n"
              f"Примеры на страницах оживают сами. Остановить: Ctrl+C.\n{line}\n", flush=True)

    def stop(signum, frame) -> None:
        """Ctrl+C (or a kill) stops the course at once: no «Shut down this Jupyter server
        (y/[n])?» and no log line; the server still shuts its kernels down."""
        app.stop(from_signal=True)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    app.io_loop.add_callback(announce)        # after the bind Jupyter queued in initialize()
    app.start()
    print("Курс остановлен. Запустить снова: make tutorial", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
