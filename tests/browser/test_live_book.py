"""The live book in a real browser: `make tutorial`, as a learner starts it.

The module starts the README's first command (`make tutorial PORT=…` on a free port; it builds
the book if a source changed and serves it from a Jupyter server on 127.0.0.1), reads the one
URL it prints, and opens the pages in headless Chromium:

* every page with demos comes alive by itself (the status bar says so, no static widget is
  left, no JavaScript error), and its kernel is shut down when the learner leaves the page;
* two clicks on a card picture get the engine's answer in the page; a «Проверьте себя»
  question gets its verdict; the exercise trainer checks an answer; the practice table plays;
* no request leaves 127.0.0.1; the token is kept (no page, no kernel without it); a taken
  port makes the server take another, and the printed URL has the real one.

What the page must say is computed by the same widget built here (tests/browser/mirror.py).
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from ci_support import learner_env
from mirror import (button, check_yourself_on_chapter_04, choose_rules, click_card, expected_status,
                    make_move, pick_two_cards, plain, wait_for_text)
from pagecheck import attach_log, problems_offline

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
URL_LINE = re.compile(r"(http://127\.0\.0\.1:(\d+)/book/intro\.html\?token=(\S+))")
LIVE = "document.documentElement.classList.contains('bezique-live-page')"
FAILED = "document.querySelector('.bezique-live-bar[data-state=failed]')"
START_TIMEOUT = 900          # a first `make tutorial` may build the whole book


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    """A running `make tutorial` (or book/live/serve.py): its printed URL and its output."""

    proc: subprocess.Popen
    lines: list[str] = field(default_factory=list)
    url: str = ""
    found: threading.Event = field(default_factory=threading.Event)

    @property
    def origin(self) -> str:
        return self.url.split("/book/")[0]

    @property
    def token(self) -> str:
        return self.url.split("token=")[1]

    def page(self, path: str) -> str:
        return f"{self.origin}/book/{path}"

    def kernels(self) -> list[dict]:
        with urllib.request.urlopen(f"{self.origin}/api/kernels?token={self.token}") as answer:
            return json.load(answer)

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line)
            match = URL_LINE.search(line)
            if match and not self.found.is_set():
                self.url = match.group(1)
                self.found.set()
        self.found.set()

    def wait_for_url(self, timeout: float) -> str:
        if not self.found.wait(timeout) or not self.url:
            tail = "".join(self.lines[-30:])
            pytest.fail(f"сервер не напечатал адрес книги:\n{tail}", pytrace=False)
        return self.url

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)   # the server shuts its kernels down
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)


def start(command: list[str], timeout: float, env: dict | None = None) -> Server:
    """`command` (a make target, serve.py) with the environment of a learner's shell (`env`: a
    test's own), until it prints the book's URL."""
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, start_new_session=True,
                            env={**(env if env is not None else learner_env()),
                                 "PYTHONUNBUFFERED": "1"})
    server = Server(proc)
    threading.Thread(target=server._read, daemon=True).start()
    try:
        server.wait_for_url(timeout)
    except BaseException:
        server.stop()
        raise
    return server


@pytest.fixture(scope="module")
def tutorial():
    """`make tutorial` on a free port, as the README says (and as the learner types it, without
    make's -s: what it prints is tested too); stopped at the end."""
    server = start(["make", "tutorial", f"PORT={free_port()}"], START_TIMEOUT)
    yield server
    server.stop()


@pytest.fixture
def learner(browser, tutorial):
    """A fresh browser context that has opened the printed URL (the token sets the login
    cookie), and the log of everything its pages did."""
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(60000)
    page.goto(tutorial.url, wait_until="networkidle")   # the favicon too: nothing left to abort
    log = attach_log(page, tutorial.url)
    yield page, log
    context.close()


def go_live(page, url: str, timeout: float = 120000) -> None:
    page.goto(url)
    page.wait_for_function(f"{LIVE} || {FAILED}", timeout=timeout)
    bar = page.locator(".bezique-live-bar")
    assert bar.get_attribute("data-state") == "live", bar.inner_text()


def pages_with_code() -> list[str]:
    """Every chapter and exercise page whose source has code cells (the pages the loader
    brings to life), from the canonical table of contents."""
    import yaml  # noqa: PLC0415

    toc = yaml.safe_load((BOOK / "_toc.yml").read_text(encoding="utf-8"))
    names = []
    for part in toc["parts"]:
        for chapter in part["chapters"]:
            name = chapter["file"]
            source = BOOK / f"{name}.ipynb"
            if not source.exists():
                source = ROOT / f"{name}.ipynb"     # exercises/ are copied into the book
            if source.exists() and '"cell_type": "code"' in source.read_text(encoding="utf-8"):
                names.append(name)
    return names


# ------------------------------------------------------------------------------ every page


@pytest.mark.parametrize("name", pages_with_code())
def test_page_comes_alive_by_itself(learner, tutorial, name):
    page, log = learner
    before = {k["id"] for k in tutorial.kernels()}
    go_live(page, tutorial.page(name + ".html"))
    assert page.locator(".bezique-live").count() > 0
    static = page.locator(".cell_output:not(.bezique-live) "
                          "script[type='application/vnd.jupyter.widget-view+json']")
    assert static.count() == 0, "на странице остались неживые примеры"
    mine = {k["id"] for k in tutorial.kernels()} - before
    assert len(mine) == 1, f"у страницы должно быть своё ядро, а новых ядер: {len(mine)}"
    problems = problems_offline(log)
    page.goto(tutorial.url)                               # leave the page
    deadline = time.monotonic() + 15
    while mine & {k["id"] for k in tutorial.kernels()} and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not mine & {k["id"] for k in tutorial.kernels()}, "ядро ушедшей страницы не остановлено"
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------------------ clicks


def test_two_clicks_on_cards_get_the_engines_answer(learner, tutorial):
    from bezique.widgets.demos.tricks import TrickWinner  # noqa: PLC0415

    page, log = learner
    go_live(page, tutorial.page("chapters/04_tricks.html"))
    mirror = TrickWinner()                                  # as in the chapter
    demo = page.locator(".bezique-live").filter(has_text="Примеры:").first
    canvas = demo.locator(".bezique-card-canvas canvas").first
    canvas.scroll_into_view_if_needed()
    first = pick_two_cards(page, demo, canvas, mirror)
    assert first.name_ru in plain(mirror.result.value) or first.ru in plain(mirror.result.value)
    assert not problems_offline(log)


def test_check_yourself_gets_its_verdict(learner, tutorial):
    page, log = learner
    go_live(page, tutorial.page("chapters/04_tricks.html"))
    assert_answers_folded_away(page)
    check_yourself_on_chapter_04(page)
    assert not problems_offline(log)


def assert_answers_folded_away(page) -> None:
    """A live page asks its questions itself: the static book's «Ответ» under each question
    is on the page but not shown (issue 28, point 13)."""
    answers = page.locator("details.bezique-answer")
    assert answers.count() > 0, "на странице нет ни одного «Ответа» (а вопросы есть)"
    shown = page.locator("details.bezique-answer:visible").count()
    assert shown == 0, f"на живой странице видно «Ответов»: {shown} — ответ можно прочесть до ответа"


def test_exercise_trainer_checks_an_answer(learner, tutorial):
    from bezique.cards import parse_cards  # noqa: PLC0415
    from bezique.widgets.exercises.exercise import ExerciseWidget  # noqa: PLC0415

    page, log = learner
    go_live(page, tutorial.page("exercises/01_melds.html"))
    prompt = "Козырь — пики. Вы только что взяли взятку. Что вы можете объявить?"
    mirror = ExerciseWidget({"id": "probe", "kind": "declarations", "trump": "S",
                             "won_trick": True, "hand": ["KS", "QS", "9H", "8D", "TC", "7H", "JC"],
                             "prompt": prompt})
    example = page.locator(".bezique-live .bezique-exercise").filter(has_text=prompt).first
    canvas = example.locator(".bezique-card-canvas canvas").first
    canvas.scroll_into_view_if_needed()
    hand = [box.card for box in mirror.hand_canvas.layout_result.boxes]
    for face in parse_cards("KS QS"):
        card = next(c for c in hand if c.face == face.face)
        click_card(page, canvas, mirror.hand_canvas, card)
        mirror.click_card(card)
        time.sleep(0.2)
    wait_for_text(example, "король пик (выбран), дама пик (выбрана)")
    example.get_by_role("button", name="Добавить").click()
    wait_for_text(example, "Добавлено: козырный марьяж К♠ Д♠.")
    example.get_by_role("button", name="Проверить").click()
    text = wait_for_text(example.locator(".bezique-feedback"), "Верно!")
    assert "козырный марьяж К♠ Д♠ — 40 очков" in text
    assert not problems_offline(log)


def test_practice_table_plays_in_its_page(learner, tutorial):
    from bezique.widgets.practice.table import PracticeTable  # noqa: PLC0415

    page, log = learner
    go_live(page, tutorial.page("chapters/15_practice.html"))
    mirror = PracticeTable(opponent="heuristic", seed=1, deal_number=1)   # as in the chapter
    s = mirror.session
    table = page.locator(".bezique-live .bezique-practice-table")
    canvas = table.locator("canvas").first
    canvas.scroll_into_view_if_needed()
    status = table.locator(".bezique-practice-status")
    wait_for_text(status, expected_status(mirror))
    tricks = 0
    while tricks < 3:
        before = s.deal.tricks_done
        make_move(page, table, canvas, mirror)
        tricks += s.deal.tricks_done > before
    assert s.deal.stock_count <= 47 - 2 * 3
    assert not problems_offline(log)
    # At 1366×768, with the table scrolled to just under the page's header, the whole table
    # is on one screen: the status and message, the picture, «Подсказка», «Отменить ход» and
    # the declaration buttons (issue 14: the learner's hand was below the fold).
    page.evaluate("""() => {
        const t = document.querySelector('.bezique-live .bezique-practice-table');
        const h = document.querySelector('.bd-header-article');
        window.scrollBy(0, t.getBoundingClientRect().top - (h ? h.getBoundingClientRect().bottom : 0));
    }""")
    viewport = page.viewport_size
    assert viewport == {"width": 1366, "height": 768}
    shown = [("стол", canvas), ("сообщение", table.locator(".bezique-practice-message")),
             ("строка состояния", status),
             ("«Подсказка»", table.get_by_role("button", name="Подсказка")),
             ("«Отменить ход»", table.get_by_role("button", name="Отменить ход"))]
    shown += [(f"«{label}»", button(table, label))
              for label, _ in mirror.choices()]
    for name, locator in shown:
        box = locator.bounding_box()
        assert box is not None and box["y"] >= 0, f"{name}: выше края экрана"
        assert box["y"] + box["height"] <= viewport["height"], f"{name} не помещается на экране"


def test_practice_table_seats_four_in_its_page(learner, tutorial):
    """In the live chapter the rules menu seats four at the table: the learner plays tricks of
    four by clicking, the partner is marked, the score is per side («Мы», «Они»)."""
    from bezique.widgets.practice.table import PracticeTable  # noqa: PLC0415

    page, log = learner
    go_live(page, tutorial.page("chapters/15_practice.html"))
    mirror = PracticeTable(opponent="heuristic", seed=1, deal_number=1)   # as in the chapter
    table = page.locator(".bezique-live .bezique-practice-table")
    canvas = table.locator("canvas").first
    canvas.scroll_into_view_if_needed()
    choose_rules(table, mirror, "four_handed")
    s = mirror.session
    tricks = 0
    while tricks < 3:
        before = s.deal.tricks_done
        make_move(page, table, canvas, mirror)
        tricks += s.deal.tricks_done > before
    text = table.locator(".bezique-cards-text").first.inner_text()
    assert "Партнёр" in text and "Взятка:" in text
    table.get_by_role("tab", name="Счёт").click()
    wait_for_text(table, "по парам")
    assert not problems_offline(log)


# ------------------------------------------------------------------------------ the server


def test_pages_and_kernels_need_the_token(tutorial):
    opener = urllib.request.build_opener(NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as page:
        opener.open(tutorial.page("chapters/04_tricks.html"))
    assert page.value.code in (302, 403)
    with pytest.raises(urllib.error.HTTPError) as api:
        urllib.request.urlopen(f"{tutorial.origin}/api/kernels")
    assert api.value.code == 403


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def test_a_taken_port_gives_another_and_the_url_says_which(tutorial):
    """The port the tutorial server holds is taken: a second server picks another one and
    prints it; the page it prints opens."""
    taken = int(tutorial.origin.rsplit(":", 1)[1])
    server = start([sys.executable, str(BOOK / "live" / "serve.py"), f"--port={taken}"], 60)
    try:
        port = int(server.origin.rsplit(":", 1)[1])
        assert port != taken
        with urllib.request.urlopen(server.url) as answer:
            assert "Безик" in answer.read().decode("utf-8")
    finally:
        server.stop()


# ------------------------------------------------------------------------------ a lost server

LOST = ".bezique-live-bar[data-state=lost]"


def test_a_stopped_server_is_said_and_a_restarted_one_brings_the_page_back(browser, built_book):
    """The learner stops `make tutorial` while a page is open: the page says, in Russian, that
    the connection is lost and what to do (not «Страница живая» with clicks that do nothing);
    when the course is started again on the same port, the page reloads and comes alive."""
    port, token = free_port(), "lost-connection-test-token"
    command = [sys.executable, str(BOOK / "live" / "serve.py"), f"--port={port}",
               f"--html={built_book}"]
    env = {**os.environ, "BEZIQUE_TOKEN": token, "JUPYTER_PLATFORM_DIRS": "1"}
    server = start(command, 60, env)
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(60000)
    try:
        page.goto(server.url)
        go_live(page, server.page("chapters/04_tricks.html"))
        server.stop()
        page.wait_for_selector(LOST, timeout=20000)
        page.wait_for_function(
            f"document.querySelector('{LOST}').innerText.includes('сервер остановлен')",
            timeout=20000)
        text = page.locator(LOST).inner_text()
        assert "Связь с курсом потеряна" in text and "make tutorial" in text, text
        assert page.get_by_role("button", name="Обновить страницу").is_visible()
        again = start(command, 60, env)
        try:
            assert again.origin == server.origin, "сервер курса не занял тот же порт"
            page.wait_for_function(f"{LIVE} && !document.querySelector('{LOST}')",
                                   timeout=120000)
            assert page.locator(".bezique-live-bar").get_attribute("data-state") == "live"
        finally:
            again.stop()
    finally:
        context.close()
        server.stop()


# ------------------------------------------------------------------------------ a quiet start
# Last in this module: by now the server has served every page, started and stopped their
# kernels, and its output so far is what a learner's terminal shows.

NOISE = ("WARNING", "Warning", "[W ", "[E ", "[C ", "Traceback", "IPKernelApp", "running over TCP",
         "WebSocket ping timeout", "npm", "setuptools", "pip", "главы:", "[build.py]",
         ".venv/bin/python", "book/build.py", "serve.py")


def test_make_tutorial_says_a_few_russian_lines_and_the_url(tutorial):
    """Issue 28, point 14: the learner sees a few Russian lines and the URL, and while the
    course is served no kernel or server warning, no traceback; install, build and tool
    output went to logs."""
    lines = [line.rstrip() for line in tutorial.lines if line.strip()]
    url_at = next(i for i, line in enumerate(lines) if tutorial.url in line)
    before = lines[:url_at]
    assert len(before) <= 6, "до адреса книги напечатано слишком много:\n" + "\n".join(before)
    for i, line in enumerate(lines):
        if tutorial.url in line or set(line) <= {"─"}:
            continue
        assert re.search("[А-Яа-яЁё]", line), (f"строка не по-русски: {line!r}; дальше:\n"
                                               + "\n".join(lines[i + 1:i + 30]))
    noisy = [line for line in lines if any(word in line for word in NOISE)]
    assert not noisy, "в выводе make tutorial лишнее:\n" + "\n".join(noisy[:20])
