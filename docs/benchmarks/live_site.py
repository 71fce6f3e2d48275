#!/usr/bin/env python
"""Measure the live site as a learner meets it (figures in docs/benchmarks/live_site.md).

    .venv/bin/python docs/benchmarks/live_site.py [--site DIR] [--cold 3] [--clicks 30]
        [--hints 5] [--master-deals 4] [--match-deals 0] [--json]

The site (`make site`: book/_build/html, or --site) is served by `python3 -m http.server` on
127.0.0.1 and opened in headless Debian Chromium (the tests' launch flags, every host but
127.0.0.1 unresolvable). All times are taken in the page's own clock.

1. **First page, cold cache**: a fresh browser profile opens chapter 02 (the first chapter with
   demos); the time from the navigation to «Страница живая» (`performance.mark
   ("bezique:live")`), with the kernel ready and the preamble done on the way; `--cold` runs.
2. **Next pages, warm cache**: in the same profile, chapters 04, 06, 09, an exercise page and
   the practice chapter, one after another.
3. **Click → answer**: chapter 04, «Кто возьмёт взятку?»: a click on a card of the SVG picture,
   from the `mousedown` to the change of the verdict (a MutationObserver).
4. **The practice table**: moves from the press to «settled» (the status line's
   `data-actions` has the mirror's count, two frames painted) and «Подсказка» from the press to
   the hint shown (the same definitions as tests/browser/bench_practice.py); then a finished
   deal is loaded from its record and «Разбор сдачи» is timed until «Разбор готов».
5. **Мастер in the browser against CPython**: `bezique.bench.bench_master` (decision times at
   Мастер's default budget, in deals against the Любитель) run in the page's Pyodide kernel and
   in this CPython; with `--match-deals N`, N paired deals Мастер vs Любитель in the browser
   (`players.match.run_match`), for its strength there.
6. **Sizes**: the site, vendor/site, and what a first visit downloads (the manifest's figure
   and the bytes the browser actually received for chapter 02, worker included).

Nothing here is a test: the targets are checked by reading the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT))

from bench_practice import HINTED_JS, PRESS_JS, SETTLED_JS, median_ci  # noqa: E402
from pagecheck import http_server  # noqa: E402

sys.path.insert(0, str(ROOT / "docs" / "benchmarks"))
from live_book import click_times  # noqa: E402

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
LIVE = "document.documentElement.classList.contains('bezique-live-page')"
FAILED = "document.querySelector('.bezique-live-bar[data-state=failed]')"
PICTURE = ".bezique-card-canvas svg"
WARM_PAGES = ("chapters/04_tricks", "chapters/06_melds", "chapters/09_scoring",
              "exercises/01_melds", "chapters/15_practice")
MARKS_JS = """() => Object.fromEntries(performance.getEntriesByType('mark')
  .filter(m => m.name.startsWith('bezique:')).map(m => [m.name.slice(8), m.startTime]))"""
RUN_PY_JS = """async (code) => {
  const kernel = window.bezique_live.kernel;
  const out = [];
  const future = kernel.requestExecute({code, store_history: false});
  future.onIOPub = (m) => { if (m.header.msg_type === 'stream') out.push(m.content.text);
                            if (m.header.msg_type === 'error') out.push('ERROR ' + m.content.evalue); };
  await future.done;
  return out.join('');
}"""


def summary(values: list[float], digits: int = 1) -> dict:
    med, low, high = median_ci(values)
    return {"n": len(values), "median": round(med, digits), "ci95": [round(low, digits), round(high, digits)],
            "min": round(min(values), digits), "max": round(max(values), digits)}


def open_live(page, url: str) -> dict:
    """Open a page, wait until it is live; its marks in seconds since the navigation."""
    page.goto(url)
    page.wait_for_function(f"{LIVE} || {FAILED}", timeout=300000, polling=100)
    if page.locator(".bezique-live-bar").get_attribute("data-state") != "live":
        raise SystemExit(f"{url}: " + page.locator(".bezique-live-bar").inner_text())
    return {k: round(v / 1000, 2) for k, v in page.evaluate(MARKS_JS).items()}


def received_bytes(page) -> list[int]:
    """A counter of the bytes of the responses the page and its worker receive (bodies, as
    the browser got them; Playwright attributes a dedicated worker's requests to its page)."""
    total = [0]

    def finished(request):
        try:
            total[0] += request.sizes()["responseBodySize"]
        except Exception:              # a request whose page went away meanwhile
            pass

    page.on("requestfinished", finished)
    return total


def cold_starts(browser, url: str, runs: int) -> dict:
    lives, kernels, downloads = [], [], []
    for _ in range(runs):
        context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="ru-RU")
        page = context.new_page()
        counter = received_bytes(page)
        marks = open_live(page, url + "chapters/02_cards.html")
        lives.append(marks["live"])
        kernels.append(marks["kernel-ready"])
        page.wait_for_timeout(500)
        downloads.append(counter[0] / 1e6)
        context.close()
    return {"live_s": summary(lives, 2), "kernel_ready_s": summary(kernels, 2),
            "page_received_mb": round(statistics.median(downloads), 1)}


def warm_pages(context, url: str) -> dict:
    page = context.new_page()
    open_live(page, url + "chapters/02_cards.html")         # fills the cache
    out = {}
    for name in WARM_PAGES:
        out[name] = open_live(page, url + name + ".html")["live"]
    page.close()
    return {"pages": out, "live_s": summary(list(out.values()), 2)}


def clicks(context, url: str, n: int) -> dict:
    from bezique.widgets.demos.tricks import TrickWinner

    page = context.new_page()
    open_live(page, url + "chapters/04_tricks.html")
    mirror = TrickWinner()
    lay = mirror.decks[0].layout_result
    demo = page.locator(".bezique-live").filter(has_text="Примеры:").first
    picture = demo.locator(PICTURE).first
    picture.scroll_into_view_if_needed()
    result = demo.locator(".widget-html").filter(has_text="Взятку берёт").first
    times = click_times(page, picture, lay, result, n)
    page.close()
    return summary(times)


def finished_record() -> str:
    """A finished deal of the practice table's rules, as its record (played by two bots)."""
    from bezique.widgets.practice.table import PracticeTable

    from bezique.players.heuristic import HeuristicPlayer

    session = PracticeTable(opponent="heuristic", seed=3, deal_number=3).session
    me = HeuristicPlayer(7)
    while session.my_turn:                       # the opponent answers inside `act`
        session.act(me.choose(session.view()))
    assert session.deal.is_over
    return json.dumps(session.save(), ensure_ascii=False)


def practice(context, url: str, moves: int, hints: int) -> dict:
    from bezique.widgets.practice.table import PracticeTable
    from mirror import button, click_card

    page = context.new_page()
    open_live(page, url + "chapters/15_practice.html")
    mirror = PracticeTable(opponent="heuristic", seed=1, deal_number=1)
    s = mirror.session
    table = page.locator(".bezique-live .bezique-practice-table")
    picture = table.locator(PICTURE).first
    times, hint_times = [], []
    while len(times) < moves and not s.deal.is_over:
        if len(hint_times) < hints and s.my_turn and not mirror.choices():
            hint = table.get_by_role("button", name="Подсказка")
            hint.scroll_into_view_if_needed()
            page.evaluate(PRESS_JS)
            t0 = page.evaluate("performance.now()")
            hint.click()
            hint_times.append(page.evaluate(HINTED_JS, t0))
            mirror.hint()
        if mirror.choices():
            label, action = mirror.choices()[-1]
            act = lambda: button(table, label).click()           # noqa: E731
            after = lambda: mirror.press(action)                 # noqa: E731
        else:
            card = s.legal_actions()[0].card
            picture.scroll_into_view_if_needed()
            act = lambda: click_card(page, picture, mirror.canvas, card)   # noqa: E731
            after = lambda: mirror.click_card(card)              # noqa: E731
        page.evaluate(PRESS_JS)
        t0 = page.evaluate("performance.now()")
        act()
        after()
        times.append(page.evaluate(SETTLED_JS, [len(s.deal.actions), t0]))
    out = {"move_ms": summary(times), "hint_ms": summary(hint_times) if hint_times else None}
    # «Разбор сдачи» of a finished deal loaded from its record
    table.get_by_role("tab", name="Запись").click()
    table.locator("textarea").fill(finished_record())
    table.get_by_role("button", name="Загрузить из текста").click()
    review = table.get_by_role("button", name="Разбор сдачи").first   # beside the table
    review.wait_for()
    t0 = time.monotonic()
    review.click()
    page.wait_for_function("() => document.querySelector('.bezique-live .bezique-practice-table')"
                           ".innerText.includes('Разбор готов')", timeout=300000, polling=100)
    out["review_s"] = round(time.monotonic() - t0, 2)
    page.close()
    return out


MASTER_PY = """
import json
from bezique.bench import bench_master
print(json.dumps(bench_master({deals}, seed=1)))
"""
MATCH_PY = """
import json, time
from bezique.players.match import run_match
t = time.perf_counter()
summary = run_match("search", "heuristic", {deals}, seed=1, jobs=1).summary()
summary["seconds"] = round(time.perf_counter() - t, 1)
print(json.dumps(summary, default=str))
"""


def master(context, url: str, deals: int, match_deals: int) -> dict:
    from bezique.bench import bench_master

    page = context.new_page()
    open_live(page, url + "chapters/04_tricks.html")
    browser_side = json.loads(page.evaluate(RUN_PY_JS, MASTER_PY.format(deals=deals)))
    out = {"browser": browser_side, "cpython": bench_master(deals, seed=1)}
    if match_deals:
        text = page.evaluate(RUN_PY_JS, MATCH_PY.format(deals=match_deals))
        out["browser_match"] = json.loads(text) if text.startswith("{") else text
    page.close()
    return out


def sizes(site: Path) -> dict:
    manifest = json.loads((site / "vendor" / "site" / "manifest.json").read_text(encoding="utf-8"))

    def mb(folder: Path) -> float:
        return round(sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6, 1)

    return {"site_mb": mb(site), "vendor_site_mb": mb(site / "vendor" / "site"),
            "first_visit_mb_manifest": manifest["download_mb"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "book" / "_build" / "html")
    parser.add_argument("--cold", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--hints", type=int, default=5)
    parser.add_argument("--master-deals", type=int, default=4)
    parser.add_argument("--match-deals", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    proc, url = http_server(args.site)
    result: dict = {"sizes": sizes(args.site)}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            result["cold_first_page"] = cold_starts(browser, url, args.cold)
            context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="ru-RU")
            result["warm_next_pages"] = warm_pages(context, url)
            result["click_to_answer_ms"] = clicks(context, url, args.clicks)
            result["practice_table"] = practice(context, url, args.moves, args.hints)
            result["master"] = master(context, url, args.master_deals, args.match_deals)
            context.close()
            browser.close()
    finally:
        proc.terminate()
    result["machine"] = (f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
                         f"load {os.getloadavg()[0]:.1f}, Python {platform.python_version()}")
    print(json.dumps(result, ensure_ascii=False, indent=None if args.json else 1))


if __name__ == "__main__":
    main()
