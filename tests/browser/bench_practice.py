"""Click → settled time of the practice table in a real browser (Voilà + Debian's Chromium).

    PYTHONPATH=$PWD .venv/bin/python tests/browser/bench_practice.py [--clicks 40]
        [--shots DIR --tag before] [--json docs/benchmarks/practice-table.json]

Starts `voila` on 127.0.0.1 with book/chapters/15_practice.ipynb (the table of the chapter:
Любитель, seed 1, deal № 1), mirrors the table in this process (tests/browser/mirror.py) and
plays `--clicks` legal moves: a card clicked on the canvas where the mirror draws it, or,
after a won trick, the last declaration button («Без объявления» mostly).

«Settled» is defined precisely: the kernel writes the status line last of everything a move
changes (after the picture, the buttons, the message and the panels), and the status line
carries `data-actions`, the number of actions of the deal. A move is settled when the page's
status line has the mirror's number of actions after the move (the opponent's reply
included) and the browser has painted two more frames. The time is from the mouse
button going down in the page (the `mousedown` event's timestamp) to that frame, measured
in the page's clock: Playwright's own round trips to move the mouse are not counted.

It also times «Подсказка» (press → the message box shows the hint, two frames painted, in
the page's clock as for a move) a few times. Medians with
a 95 % confidence interval of the median (order statistics, binomial). With `--shots` it saves
screenshots of the first screen at 1366×768 and 1920×1080 (and whole pages) to DIR.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
NOTEBOOK = ROOT / "book" / "chapters" / "15_practice.ipynb"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
TABLE_ARGS = dict(opponent="heuristic", seed=1, deal_number=1)     # as in the notebook

# In the page: wait until the status line reports `n` actions, then two animation frames.
# In the page: remember when the mouse button went down (the event's timestamp, on the clock
# of performance.now()) — the click as the learner makes it, whatever Playwright's own
# round trips to move the mouse cost.
PRESS_JS = """() => { window.__bezique_press = null;
  if (!window.__bezique_press_hook) {
    document.addEventListener('mousedown', e => { window.__bezique_press = e.timeStamp; }, true);
    window.__bezique_press_hook = true;
  } }"""
SETTLED_JS = """([n, t0]) => new Promise((resolve, reject) => {
  if (window.__bezique_press !== null && window.__bezique_press !== undefined)
    t0 = window.__bezique_press;
  setTimeout(() => {
    const s = document.querySelector('.bezique-practice-status[data-actions]');
    reject(new Error('not settled: want ' + n + ', page has ' + (s && s.dataset.actions)));
  }, 20000);
  const done = () => requestAnimationFrame(() => requestAnimationFrame(
      () => resolve(performance.now() - t0)));
  const check = () => {
    const s = document.querySelector('.bezique-practice-status[data-actions]');
    if (s && Number(s.dataset.actions) === n) { done(); return true; }
    return false;
  };
  if (check()) return;
  const obs = new MutationObserver(() => { if (check()) obs.disconnect(); });
  obs.observe(document.body, {subtree: true, childList: true, attributes: true,
                              characterData: true});
})"""


# In the page: from the press on «Подсказка» until the message box shows the hint, plus two
# painted frames (the same clock and the same «settled» as for a move).
HINTED_JS = """(t0) => new Promise((resolve, reject) => {
  if (window.__bezique_press !== null && window.__bezique_press !== undefined)
    t0 = window.__bezique_press;
  setTimeout(() => reject(new Error('no hint shown')), 20000);
  const done = () => requestAnimationFrame(() => requestAnimationFrame(
      () => resolve(performance.now() - t0)));
  const check = () => !!document.querySelector('.bezique-practice-message.bezique-hint');
  if (check()) { done(); return; }
  const obs = new MutationObserver(() => { if (check()) { obs.disconnect(); done(); } });
  obs.observe(document.body, {subtree: true, childList: true, attributes: true});
})"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def voila_command(port: int) -> tuple[list[str], dict]:
    """The command line and environment of `make practice` on `port` of 127.0.0.1: the page
    template book/voila/voila/templates/bezique (nothing fetched from a CDN)."""
    voila = Path(sys.executable).with_name("voila")
    env = dict(os.environ, JUPYTER_PATH=os.pathsep.join(
        [str(ROOT / "book" / "voila")] + [p for p in [os.environ.get("JUPYTER_PATH")] if p]))
    return ([str(voila), str(NOTEBOOK), "--template=bezique", "--no-browser", f"--port={port}",
             "--Voila.ip=127.0.0.1"], env)


def start_voila() -> tuple[subprocess.Popen, str]:
    port = free_port()
    cmd, env = voila_command(port)
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url + "voila/static/voila.js", timeout=2):
                return proc, url
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("Voilà did not start")
            time.sleep(0.3)


def stop(proc: subprocess.Popen) -> None:
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=3)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=5)


def median_ci(xs: list[float], level: float = 0.95) -> tuple[float, float, float]:
    """The median and a distribution-free confidence interval for it (binomial order
    statistics: the widest ranks j, k with P(X_(j) ≤ median ≤ X_(k)) ≥ level)."""
    xs = sorted(xs)
    n = len(xs)
    cdf = [0.0]
    for i in range(n + 1):
        cdf.append(cdf[-1] + math.comb(n, i) / 2 ** n)
    lo = 0
    while lo + 1 < n and cdf[lo + 2] <= (1 - level) / 2:   # P(B <= lo+1)
        lo += 1
    hi = n - 1 - lo
    return statistics.median(xs), xs[lo], xs[hi]


def open_table(browser, url: str, width: int, height: int):
    context = browser.new_context(viewport={"width": width, "height": height}, locale="ru-RU")
    outside: list[str] = []
    context.on("request", lambda r: outside.append(r.url)
               if not r.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:"))
               else None)
    page = context.new_page()
    page.set_default_timeout(60000)
    page.goto(url)
    table = page.locator(".bezique-practice-table")
    table.locator("canvas").first.wait_for()
    page.locator(".bezique-practice-status[data-actions]").first.wait_for()
    page.wait_for_timeout(800)
    return context, page, table, outside


def shots(browser, url: str, folder: Path, tag: str) -> list[str]:
    out = []
    folder.mkdir(parents=True, exist_ok=True)
    for w, h in ((1366, 768), (1920, 1080)):
        context, page, _, outside = open_table(browser, url, w, h)
        try:
            for full in (False, True):
                path = folder / f"voila-{tag}-{w}x{h}{'-full' if full else ''}.png"
                page.screenshot(path=str(path), full_page=full)
                out.append(str(path))
        finally:
            context.close()
        if outside:
            print("requests leaving 127.0.0.1:", outside)
    return out


def bench(browser, url: str, clicks: int, hints: int, shot: Path | None = None,
          rules: str | None = None) -> dict:
    from bezique.widgets.practice.table import PracticeTable
    from mirror import choose_rules, click_card

    mirror = PracticeTable(**TABLE_ARGS, coach=True)
    s = mirror.session
    # a tall window: the timing is the same, and the whole (old, tall) table fits in it
    context, page, table, outside = open_table(browser, url, 1366, 1400)
    canvas = table.locator("canvas").first
    if rules:                                        # e.g. eight_pack: a hand of fifteen cards
        choose_rules(table, mirror, rules)
        s = mirror.session
    canvas.scroll_into_view_if_needed()
    times, hint_times, kinds = [], [], []
    try:
        while len(times) < clicks:
            if s.deal.is_over:
                break
            if len(hint_times) < hints and s.my_turn and not mirror.choices():
                button = table.get_by_role("button", name="Подсказка")
                button.scroll_into_view_if_needed()
                box = button.bounding_box()
                page.evaluate(PRESS_JS)
                t0 = page.evaluate("performance.now()")
                page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                hint_times.append(page.evaluate(HINTED_JS, t0))
                mirror.hint()
            if mirror.choices():
                label, action = mirror.choices()[-1]          # «Без объявления» mostly
                target = table.get_by_role("button", name=label, exact=True)
                target.scroll_into_view_if_needed()
                box = target.bounding_box()
                act = lambda: page.mouse.click(box["x"] + box["width"] / 2,   # noqa: E731
                                               box["y"] + box["height"] / 2)
                after = lambda: mirror.press(action)   # noqa: E731
                kinds.append("button")
            else:
                card = s.legal_actions()[0].card
                canvas.scroll_into_view_if_needed()
                act = lambda: click_card(page, canvas, mirror.canvas, card)   # noqa: E731
                after = lambda: mirror.click_card(card)   # noqa: E731
                kinds.append("card")
            page.evaluate(PRESS_JS)
            t0 = page.evaluate("performance.now()")
            act()
            after()
            n = len(s.deal.actions)
            times.append(page.evaluate(SETTLED_JS, [n, t0]))
            print(kinds[-1], n, round(times[-1], 1), file=sys.stderr, flush=True)
        if shot is not None:                         # the table in the middle of the deal
            page.set_viewport_size({"width": 1366, "height": 768})
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_timeout(500)
            page.screenshot(path=str(shot))
            print(shot)
    finally:
        context.close()
    med, lo, hi = median_ci(times)
    out = {"clicks": len(times), "card_clicks": kinds.count("card"),
           "settled_median_ms": round(med, 1), "settled_ci95_ms": [round(lo, 1), round(hi, 1)],
           "settled_p90_ms": round(sorted(times)[int(0.9 * (len(times) - 1))], 1),
           "settled_max_ms": round(max(times), 1), "outside_requests": outside}
    if hint_times:
        out["hint_median_ms"] = round(statistics.median(hint_times), 1)
        out["hint_max_ms"] = round(max(hint_times), 1)
        out["hints"] = len(hint_times)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clicks", type=int, default=40)
    ap.add_argument("--hints", type=int, default=5)
    ap.add_argument("--shots", type=Path)
    ap.add_argument("--tag", default="now")
    ap.add_argument("--json", type=Path, help="append the result (one JSON line) to this file")
    ap.add_argument("--no-bench", action="store_true")
    ap.add_argument("--rules", help="a preset chosen in «Настройки» first (e.g. eight_pack)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    from bezique.widgets.render.bench import machine
    proc, url = start_voila()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                        args=["--no-sandbox", "--disable-gpu",
                                              "--disable-background-networking"])
            if args.shots:
                for path in shots(browser, url, args.shots, args.tag):
                    print(path)
            if not args.no_bench:
                result = {"tag": args.tag, "rules": args.rules or "canonical", "machine": machine(),
                          "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                          **bench(browser, url, args.clicks, args.hints,
                                  args.shots / f"voila-{args.tag}-1366x768-mid-deal.png"
                                  if args.shots else None, rules=args.rules)}
                print(json.dumps(result, ensure_ascii=False))
                if args.json:
                    with args.json.open("a", encoding="utf-8") as f:
                        f.write(json.dumps(result, ensure_ascii=False) + "\n")
            browser.close()
    finally:
        stop(proc)


if __name__ == "__main__":
    main()
