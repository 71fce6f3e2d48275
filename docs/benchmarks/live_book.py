#!/usr/bin/env python
"""Measure the live book as a learner meets it (figures in docs/benchmarks/live_book.md).

    .venv/bin/python docs/benchmarks/live_book.py [--checkout DIR] [--clicks 40] [--json]

1. **Start**: runs `make tutorial PORT=<free>` in the checkout (default: this one), and times
   from the command's start to (a) the printed URL, (b) the book's first page loaded in
   Chromium, (c) the first chapter with demos (chapter 02) live in the page. On a fresh clone
   this includes creating .venv, installing everything and building the book; run it twice on
   the same clone for «a second run».
2. **Click → answer**: on chapter 04 («Кто возьмёт взятку?»), clicks cards on the picture one
   after another and times, in the page, from the click to the moment the engine's verdict has
   changed in the page (a MutationObserver) — the median with a 95 % interval (bootstrap).
3. **Memory**: the resident memory (RSS and USS) of the page's kernel process, once the page
   is live, for chapter 04 and for the practice chapter.

Headless Debian Chromium through Playwright (the same launch flags as the tests). Nothing
here is a test: the targets are checked by reading the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
URL_LINE = re.compile(r"(http://127\.0\.0\.1:(\d+)/book/intro\.html\?token=(\S+))")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
LIVE = "document.documentElement.classList.contains('bezique-live-page')"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_tutorial(checkout: Path) -> tuple[subprocess.Popen, str, float]:
    started = time.monotonic()
    proc = subprocess.Popen(["make", "-s", "tutorial", f"PORT={free_port()}"], cwd=checkout,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    found = threading.Event()
    url = []

    def read():
        for line in proc.stdout:
            match = URL_LINE.search(line)
            if match and not url:
                url.append(match.group(1))
                found.set()
        found.set()

    threading.Thread(target=read, daemon=True).start()
    if not found.wait(3600) or not url:
        stop(proc)
        raise SystemExit("make tutorial не напечатал адрес")
    return proc, url[0], time.monotonic() - started


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def median_ci(values: list[float], rounds: int = 2000, seed: int = 1) -> tuple[float, float, float]:
    """The median and a 95 % bootstrap interval of it."""
    rng = random.Random(seed)
    medians = sorted(statistics.median(rng.choices(values, k=len(values))) for _ in range(rounds))
    return statistics.median(values), medians[int(0.025 * rounds)], medians[int(0.975 * rounds)]


def kernel_memory(kernel_id: str) -> dict[str, float]:
    """RSS and USS (MiB) of the kernel process started for `kernel_id`."""
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        if "ipykernel" in cmdline and kernel_id in cmdline:
            rss = uss = 0
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                key, _, rest = line.partition(":")
                if key == "Rss":
                    rss = int(rest.split()[0])
                elif key in ("Private_Clean", "Private_Dirty"):
                    uss += int(rest.split()[0])
            return {"rss_mib": round(rss / 1024, 1), "uss_mib": round(uss / 1024, 1)}
    return {}


def page_kernel(page, origin: str, token: str, before: set[str]) -> str:
    import urllib.request  # noqa: PLC0415

    with urllib.request.urlopen(f"{origin}/api/kernels?token={token}") as answer:
        ids = {k["id"] for k in json.load(answer)} - before
    return ids.pop() if len(ids) == 1 else ""


def click_times(page, picture, lay, result, clicks: int) -> list[float]:
    """Click cards of the picture `picture` (laid out as `lay`) one after another and time, in
    the page, each click from the `mousedown` to the first change of `result` (ms)."""
    from bezique.widgets.render.canvas import _visible_point  # noqa: PLC0415

    box = picture.bounding_box()
    k = box["width"] / lay.size[0]
    handle = result.element_handle()
    times = []
    for i in range(clicks):
        x, y = _visible_point(lay, (i * 5 + 1) % len(lay.boxes))
        page.evaluate("""el => { window.__changed = new Promise(resolve => {
            const o = new MutationObserver(() => { o.disconnect(); resolve(performance.now()); });
            o.observe(el, {subtree: true, childList: true, characterData: true}); });
            window.__clicked = null;
            document.addEventListener('mousedown', () => { window.__clicked = performance.now(); },
                                      {once: true, capture: true}); }""", handle)
        page.mouse.click(box["x"] + x * k, box["y"] + y * k)
        changed = page.evaluate("async () => await Promise.race([window.__changed, "
                                "new Promise(r => setTimeout(() => r(null), 5000))])")
        clicked = page.evaluate("window.__clicked")
        if changed is not None and clicked is not None:
            times.append(changed - clicked)
        page.wait_for_timeout(150)
    return times


def measure(checkout: Path, clicks: int) -> dict:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    sys.path.insert(0, str(checkout))
    from bezique.widgets.demos.tricks import TrickWinner  # noqa: PLC0415

    result: dict = {}
    t0 = time.monotonic()
    proc, url, to_url = start_tutorial(checkout)
    origin, token = url.split("/book/")[0], url.split("token=")[1]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1366, "height": 768}, locale="ru-RU")
            page.goto(url)
            first_page = time.monotonic() - t0
            page.goto(f"{origin}/book/chapters/02_cards.html")
            page.wait_for_function(LIVE, timeout=120000)
            first_live = time.monotonic() - t0
            result["start"] = {"to_url_s": round(to_url, 1), "first_page_s": round(first_page, 1),
                               "first_chapter_live_s": round(first_live, 1),
                               "chapter_02_live_in_page_s": round(page.evaluate("window.bezique_live.seconds"), 2)}

            memory = {}
            for name in ("chapters/04_tricks", "chapters/15_practice"):
                import urllib.request  # noqa: PLC0415

                with urllib.request.urlopen(f"{origin}/api/kernels?token={token}") as answer:
                    before = {k["id"] for k in json.load(answer)}
                page.goto(f"{origin}/book/{name}.html")
                page.wait_for_function(LIVE, timeout=120000)
                page.wait_for_timeout(1000)
                memory[name] = kernel_memory(page_kernel(page, origin, token, before))
            result["kernel_memory"] = memory

            # click -> answer on chapter 04's «Кто возьмёт взятку?» (the page is still open on
            # the practice chapter: go back to chapter 04)
            page.goto(f"{origin}/book/chapters/04_tricks.html")
            page.wait_for_function(LIVE, timeout=120000)
            mirror = TrickWinner()
            lay = mirror.decks[0].layout_result
            demo = page.locator(".bezique-live").filter(has_text="Примеры:").first
            canvas = demo.locator(".bezique-card-canvas canvas").first
            canvas.scroll_into_view_if_needed()
            result_el = demo.locator(".widget-html").filter(has_text="Взятку берёт").first
            times = click_times(page, canvas, lay, result_el, clicks)
            med, low, high = median_ci(times)
            result["click_to_answer_ms"] = {"n": len(times), "median": round(med, 1),
                                            "ci95": [round(low, 1), round(high, 1)],
                                            "min": round(min(times), 1), "max": round(max(times), 1)}
            browser.close()
    finally:
        stop(proc)
    result["machine"] = f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, " \
                        f"load {os.getloadavg()[0]:.1f}, Python {platform.python_version()}"
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkout", type=Path, default=ROOT)
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.checkout.resolve(), args.clicks)
    print(json.dumps(result, ensure_ascii=False, indent=None if args.json else 1))


if __name__ == "__main__":
    main()
