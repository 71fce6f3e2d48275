"""Checks of a page of the built book in a real browser (Playwright, sync API).

Reusable by any browser test (the fixtures are in tests/browser/conftest.py):

    from pagecheck import visit, problems_offline, wait_for_widgets, blank_widgets

    def test_my_chapter(book_url, page):
        log = visit(page, book_url + "chapters/06_melds.html")
        assert not problems_offline(log)           # no request outside the book, no JS errors
        assert not blank_widgets(page)             # every widget and canvas shows something

`visit` records every request, console error and uncaught exception of the page; call it
instead of `page.goto` so that nothing is missed. Messages are in Russian, like the book.

For the accessibility check (axe-core, no critical or serious violations) a widget needs a
name: give controls a `description` (book/build.py's widgets-a11y.js turns it into the
control's aria-label in the static page). `ipywidgets.Image` cannot carry alt text (and its
`tooltip` breaks the view in ipywidgets 8.1): show pictures on a canvas, or as
`widgets.HTML('<img alt="…" src="data:image/png;base64,…">')`.
"""

from __future__ import annotations

import functools
import http.server
import io
import re
import socketserver
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
AXE_JS = BOOK / "node_modules" / "axe-core" / "axe.min.js"

# URL schemes that never leave the page.
LOCAL_SCHEMES = ("data:", "blob:", "about:")

# Console errors that are not ours. Each entry: (regular expression, why it is harmless).
# Keep this list short and explained.
IGNORED_CONSOLE_ERRORS: list[tuple[str, str]] = []

WIDGET_VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]'


@dataclass
class PageLog:
    """What a page did while it was open."""

    origin: str
    requests: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def attach_log(page, url: str) -> PageLog:
    """Start recording requests and errors of `page` (before it navigates to `url`)."""
    log = PageLog(origin=_origin(url))
    page.on("request", lambda request: log.requests.append(request.url))

    def on_failed(request):
        # The browser fetches the favicon on its own and abandons it when the page navigates
        # on (net::ERR_ABORTED): not a resource the page failed to get. A missing favicon
        # still shows as HTTP 404 below.
        if request.failure == "net::ERR_ABORTED" and urlsplit(request.url).path.endswith(
                "/favicon.svg"):
            return
        log.failed.append(f"{request.url} ({request.failure})")

    page.on("requestfailed", on_failed)

    def on_response(response):
        if response.status >= 400:
            log.failed.append(f"{response.url} (HTTP {response.status})")

    page.on("response", on_response)

    def on_console(message):
        if message.type == "error":
            location = message.location or {}
            where = location.get("url", "")
            log.console_errors.append(f"{message.text} [{where}]" if where else message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: log.page_errors.append(str(error)))
    return log


def visit(page, url: str, *, settle_ms: int = 300) -> PageLog:
    """Open `url` in `page`, recording everything; wait for the load event and the widgets."""
    log = attach_log(page, url)
    page.goto(url, wait_until="load")
    wait_for_widgets(page)
    page.wait_for_timeout(settle_ms)
    return log


def external_requests(log: PageLog) -> list[str]:
    """Requests to anything other than the book's own origin."""
    return [
        url
        for url in log.requests
        if not url.startswith(LOCAL_SCHEMES) and _origin(url) != log.origin
    ]


def js_errors(log: PageLog) -> list[str]:
    """Console errors and uncaught exceptions, except the explained ones."""
    out = []
    for text in log.console_errors:
        if not any(re.search(pattern, text) for pattern, _why in IGNORED_CONSOLE_ERRORS):
            out.append("console.error: " + text)
    out += ["исключение: " + text for text in log.page_errors]
    return out


def problems_offline(log: PageLog) -> list[str]:
    """Everything that breaks «the book needs nothing but itself»."""
    out = ["запрос наружу: " + url for url in external_requests(log)]
    out += ["не загрузилось: " + text for text in log.failed]
    out += js_errors(log)
    return out


# ---------------------------------------------------------------------------------------------
# A local server


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def http_server(directory: Path):
    """`python3 -m http.server` on a free port of 127.0.0.1 in `directory`, as the README tells
    a learner to try the live site: a static file server with no Python of ours behind it.
    Returns (process, base URL); stop it with process.terminate()."""
    import socket  # noqa: PLC0415
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415
    import time  # noqa: PLC0415

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
                            cwd=directory, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
        except OSError:
            time.sleep(0.1)
    return proc, f"http://127.0.0.1:{port}/"


def serve(directory: Path):
    """Serve `directory` on 127.0.0.1 on a free port in a thread; returns (server, base URL).
    Stop it with server.shutdown(); server.server_close()."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = _Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, name="book-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


# ---------------------------------------------------------------------------------------------
# Widgets


def widget_view_count(page) -> int:
    return page.locator(WIDGET_VIEW).count()


def wait_for_widgets(page, timeout_ms: int = 20000) -> bool:
    """Wait until every embedded widget view has been rendered. False on timeout."""
    if widget_view_count(page) == 0:
        return True
    try:
        page.wait_for_function(
            """(selector) => Array.from(document.querySelectorAll(selector)).every(script => {
                   const area = script.previousElementSibling;
                   return area && area.classList.contains("widget-subarea")
                       && area.childElementCount > 0;
               })""",
            arg=WIDGET_VIEW,
            timeout=timeout_ms,
        )
    except Exception:  # noqa: BLE001 (Playwright's TimeoutError; reported by blank_widgets)
        return False
    return True


_CANVAS_PIXELS_JS = """() => Array.from(document.querySelectorAll("canvas")).map((canvas, i) => {
    const box = canvas.getBoundingClientRect();
    const item = {index: i, width: canvas.width, height: canvas.height,
                  shown: box.width > 0 && box.height > 0, opaque: 0, error: null};
    if (!item.shown || !canvas.width || !canvas.height) return item;
    try {
        const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
        for (let k = 3; k < data.length; k += 4) if (data[k] !== 0) item.opaque++;
    } catch (e) { item.error = String(e); }
    return item;
})"""

_WIDGET_AREAS_JS = """(selector) => Array.from(document.querySelectorAll(selector)).map((script, i) => {
    const area = script.previousElementSibling;
    const rendered = !!(area && area.classList.contains("widget-subarea"));
    let model = "";
    try { model = JSON.parse(script.textContent).model_id; } catch (e) {}
    if (!rendered) return {index: i, model, rendered, width: 0, height: 0, text: "",
                           images: 0, brokenImages: 0, canvases: 0, controls: 0, error: ""};
    const box = area.getBoundingClientRect();
    const images = Array.from(area.querySelectorAll("img"));
    return {
        index: i, model, rendered,
        width: box.width, height: box.height,
        text: area.innerText.trim().slice(0, 80),
        images: images.length,
        brokenImages: images.filter(img => !(img.complete && img.naturalWidth > 0)).length,
        canvases: area.querySelectorAll("canvas").length,
        controls: area.querySelectorAll("input, select, textarea, button, [role=slider]").length,
        error: (area.innerText.match(/Error (displaying|rendering) widget[^\\n]*/) || [""])[0],
    };
})"""

_PAGE_IMAGES_JS = """() => Array.from(document.images)
    .filter(img => img.getBoundingClientRect().width > 0)
    .filter(img => !(img.complete && img.naturalWidth > 0))
    .map(img => img.currentSrc || img.src)"""


def _element_is_uniform(page, selector: str, index: int) -> bool:
    """Screenshot one element and tell whether it is a single flat colour (i.e. blank)."""
    from PIL import Image  # noqa: PLC0415 (pillow is a dependency of the book)

    png = page.locator(selector).nth(index).screenshot()
    with Image.open(io.BytesIO(png)) as image:
        extrema = image.convert("RGB").getextrema()
    return all(low == high for low, high in extrema)


def blank_widgets(page, *, wait_ms: int = 8000) -> list[str]:
    """Problems with the page's widgets and pictures; an empty list means all is drawn.

    * every embedded widget view is rendered, has a size, and shows text, a control, a loaded
      picture or a drawn canvas;
    * every visible <canvas> on the page has non-transparent pixels (ipycanvas draws its
      `image_data` asynchronously, so this waits up to `wait_ms`);
    * every visible <img> on the page has loaded.
    """
    problems: list[str] = []
    if not wait_for_widgets(page, timeout_ms=wait_ms):
        problems.append("виджеты не отрисовались за отведённое время")
    for area in page.evaluate(_WIDGET_AREAS_JS, WIDGET_VIEW):
        name = f"виджет №{area['index'] + 1} (модель {area['model']})"
        if not area["rendered"]:
            problems.append(f"{name}: не отрисован")
            continue
        if area["error"]:
            problems.append(f"{name}: {area['error']}")
        if area["width"] <= 0 or area["height"] <= 0:
            problems.append(f"{name}: нулевой размер")
        if area["brokenImages"]:
            problems.append(f"{name}: не загрузилось картинок: {area['brokenImages']}")
        if not (area["text"] or area["controls"] or area["images"] or area["canvases"]):
            problems.append(f"{name}: пусто (ни текста, ни элементов управления, ни картинки)")

    # Canvases: poll, because the PNG of an ipycanvas is decoded after the view appears.
    deadline_step, waited = 250, 0
    while True:
        canvases = [c for c in page.evaluate(_CANVAS_PIXELS_JS) if c["shown"]]
        blank = [c for c in canvases if not c["error"] and c["opaque"] == 0]
        if not blank or waited >= wait_ms:
            break
        page.wait_for_timeout(deadline_step)
        waited += deadline_step
    for canvas in canvases:
        name = f"холст №{canvas['index'] + 1} ({canvas['width']}×{canvas['height']})"
        if canvas["error"]:
            # e.g. a canvas handed to an OffscreenCanvas: look at the pixels on screen instead.
            if _element_is_uniform(page, "canvas", canvas["index"]):
                problems.append(f"{name}: пустой (на экране один цвет)")
        elif canvas["opaque"] == 0:
            problems.append(f"{name}: пустой (все пиксели прозрачные)")

    for src in page.evaluate(_PAGE_IMAGES_JS):
        problems.append(f"картинка не загрузилась: {src}")
    return problems


# ---------------------------------------------------------------------------------------------
# Accessibility (axe-core from book/node_modules, installed by book/build.py)


def inject_axe(page) -> None:
    """Load axe-core into the page. require.js (on widget pages) would swallow axe's UMD
    wrapper as an anonymous AMD module, so `define` is hidden while axe loads."""
    if not AXE_JS.exists():
        raise FileNotFoundError(f"{AXE_JS}: запустите book/build.py (npm ci)")
    # Colours are measured on the settled page, not halfway through a CSS transition.
    page.add_style_tag(
        content="*, *::before, *::after { transition: none !important; "
        "animation: none !important; }"
    )
    page.wait_for_timeout(100)
    page.evaluate("() => { window.__bezique_define = window.define; window.define = undefined; }")
    try:
        page.add_script_tag(path=str(AXE_JS))
    finally:
        page.evaluate("() => { window.define = window.__bezique_define; }")


def axe_violations(page, impacts=("critical", "serious")) -> list[dict]:
    """axe-core violations of the given impacts: [{id, impact, help, nodes: [...]}]."""
    inject_axe(page)
    found = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
            .map(v => ({id: v.id, impact: v.impact, help: v.help,
                        nodes: v.nodes.slice(0, 5).map(n => n.target.join(" ") + "  " +
                            n.html.slice(0, 160) + "  ⇒ " +
                            (n.failureSummary || "").split(String.fromCharCode(10))
                                .slice(1, 2).join("").trim())}))"""
    )
    return [v for v in found if v["impact"] in impacts]


def format_violations(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']}")
        lines += ["    " + node for node in v["nodes"]]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Text

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def article_text(page) -> str:
    """The visible text of the page's main article (without the navigation)."""
    for selector in ("article.bd-article", "main", "body"):
        if page.locator(selector).count():
            return page.locator(selector).first.inner_text()
    return ""


def cyrillic_letters(text: str) -> int:
    return len(CYRILLIC.findall(text))
