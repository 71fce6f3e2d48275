"""`make lab` in a real browser: JupyterLab on the course, for those who want to see the code.

The server is started exactly as the Makefile does it (book/jupyterlab/lab.py: the same
settings overrides and server options; root or not), with its user state (settings,
workspaces, runtime files, notebook signatures) in a temporary folder so that nothing of this
machine's JupyterLab leaks in. The asked port is taken on purpose: the launcher must take
another one and print the real URL. Then Chromium opens the printed URL (the .md chapter 01)
and chapter 04, and checks what a learner meets: a Russian interface, no news pop-up, MyST
rendered (no raw `{term}`, `{doc}` or `:::`), code cells collapsed, the saved pictures and
widgets shown, «Запустить все ячейки» from the menu making the demos live, and no request
leaving 127.0.0.1. The server and its kernels are stopped at the end whatever happens.
"""

from __future__ import annotations

import importlib.util
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
from urllib.parse import urlsplit

import pytest

from ci_support import require
from pagecheck import attach_log, external_requests

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LAUNCHER = ROOT / "book" / "jupyterlab" / "lab.py"
CHAPTER_04 = "book/chapters/04_tricks.ipynb"
FIRST_CHAPTER = "book/chapters/01_introduction.md"
# What JupyterLab must have to be the course's JupyterLab (pyproject.toml, extra "jupyter").
REQUIRED_MODULES = ["jupyterlab", "jupyterlab_language_pack_ru_RU", "jupyterlab_myst", "jupytext"]
# MyST that a renderer left as source.
RAW_MYST = re.compile(r"\{(?:term|doc|ref|numref|glossary|note|tip|admonition)\}|:::|```")
# Endpoints behind the news pop-up and the update check.
NEWS_ENDPOINTS = ("/lab/api/news", "/lab/api/update")
STARTUP_TIMEOUT = 180
LAB_TIMEOUT_MS = 60000


@dataclass
class Lab:
    url: str            # the one URL the launcher printed
    port: int
    token: str
    asked_port: int
    output: list[str] = field(default_factory=list)

    def tree(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}/lab/tree/{path}?token={self.token}"

    def api(self, path: str) -> dict:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())


def _unavailable(reason: str):
    """Skip locally, fail in CI (ci_support.require): CI installs everything."""
    require("JupyterLab", reason)


def _children() -> dict[int, list[int]]:
    """Parent pid -> child pids, from /proc."""
    tree: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        ppid = int(text.rsplit(")", 1)[1].split()[1])
        tree.setdefault(ppid, []).append(int(stat.parent.name))
    return tree


def descendants(pid: int) -> set[int]:
    tree, found, todo = _children(), set(), [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    missing = [name for name in REQUIRED_MODULES if importlib.util.find_spec(name) is None]
    if missing:
        _unavailable("Нет пакетов " + ", ".join(missing) + ": make install")
    home = tmp_path_factory.mktemp("jupyterlab")
    env = dict(
        os.environ,
        JUPYTERLAB_SETTINGS_DIR=str(home / "user-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        JUPYTER_DATA_DIR=str(home / "data"),   # a learner who has never trusted a notebook
    )
    blocker = socket.socket()                  # the asked port is taken
    blocker.bind(("127.0.0.1", 0))
    blocker.listen()
    asked = blocker.getsockname()[1]
    launcher = subprocess.Popen(
        [sys.executable, str(LAUNCHER), "--port", str(asked)],
        cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, start_new_session=True,
    )
    output: list[str] = []
    reader = threading.Thread(target=lambda: output.extend(launcher.stdout), daemon=True)
    reader.start()
    processes: set[int] = set()
    try:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while not any("token=" in line for line in output):
            if launcher.poll() is not None or time.monotonic() > deadline:
                pytest.fail("make lab не напечатал адрес:\n" + "".join(output), pytrace=False)
            time.sleep(0.2)
        urls = re.findall(r"https?://\S+", "".join(output))
        parts = urlsplit(urls[0])
        token = re.search(r"token=([^&\s]+)", urls[0]).group(1)
        yield Lab(urls[0], parts.port, token, asked, output)
        processes = descendants(launcher.pid)   # the server and the kernels it started
    finally:
        blocker.close()
        processes |= descendants(launcher.pid)
        if launcher.poll() is None:
            launcher.send_signal(signal.SIGTERM)     # as Ctrl+C: server and kernels stop
        try:
            launcher.wait(timeout=60)
        except subprocess.TimeoutExpired:
            pass
        survivors = [pid for pid in processes | {launcher.pid} if _alive(pid)]
        for pid in survivors:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        launcher.wait(timeout=10)
    assert not survivors, f"после остановки остались процессы {survivors}:\n" + "".join(output)


@pytest.fixture
def lab_page(browser):
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(LAB_TIMEOUT_MS)
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.sockets = sockets
    yield page
    context.close()


def _listening_addresses(port: int) -> set[str]:
    """Local addresses of the sockets listening on `port` (IPv4 and IPv6), from /proc/net."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, _remote, state = line.split()[1:4]
            address, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:       # 0A: LISTEN
                if len(address) == 8:
                    found.add(socket.inet_ntop(socket.AF_INET, bytes.fromhex(address)[::-1]))
                else:
                    raw = bytes.fromhex(address)
                    words = b"".join(raw[i:i + 4][::-1] for i in range(0, 16, 4))
                    found.add(socket.inet_ntop(socket.AF_INET6, words))
    return found


def _offline_problems(page, log) -> list[str]:
    out = ["запрос наружу: " + url for url in external_requests(log)]
    out += ["веб-сокет наружу: " + url for url in page.sockets
            if urlsplit(url).hostname != "127.0.0.1"]
    out += ["запрос новостей или обновлений: " + url for url in log.requests
            if urlsplit(url).path.endswith(NEWS_ENDPOINTS)]
    return out


def _menu_bar(page) -> list[str]:
    bar = page.locator("#jp-menu-panel .lm-MenuBar-itemLabel")
    bar.first.wait_for()
    return [label.strip() for label in bar.all_inner_texts()]


def _open_menu(page, title: str) -> list[str]:
    page.locator("#jp-menu-panel .lm-MenuBar-item", has_text=title).first.click()
    menu = page.locator(".lm-Menu").last
    menu.wait_for()
    return [label.strip() for label in menu.locator(".lm-Menu-itemLabel").all_inner_texts()]


def _toasts(page) -> list[str]:
    return page.locator(".Toastify__toast").all_inner_texts()


def test_one_url_with_token_on_127_0_0_1(lab):
    urls = re.findall(r"https?://\S+", "".join(lab.output))
    assert len(urls) == 1, "".join(lab.output)
    parts = urlsplit(lab.url)
    assert parts.hostname == "127.0.0.1"
    assert parts.path == "/lab/tree/" + FIRST_CHAPTER
    assert len(lab.token) >= 32
    assert lab.port != lab.asked_port, "порт был занят, а адрес напечатан с ним"
    assert f"Порт {lab.asked_port} занят" in "".join(lab.output)
    assert _listening_addresses(lab.port) == {"127.0.0.1"}
    with pytest.raises(urllib.error.HTTPError) as refused:       # no token, no access
        urllib.request.urlopen(f"http://127.0.0.1:{lab.port}/api/contents", timeout=10)
    assert refused.value.code == 403
    assert lab.api("/api/status")["started"]


def test_settings_overrides_are_in_force(lab):
    def setting(plugin: str, key: str):
        """The value in force: the user's (none here), else the default as overridden."""
        data = lab.api(f"/lab/api/settings/{plugin}")
        return data["settings"].get(key, data["schema"]["properties"][key].get("default"))

    assert setting("@jupyterlab/translation-extension:plugin", "locale") == "ru_RU"
    assert setting("@jupyterlab/apputils-extension:notification", "fetchNews") == "false"
    assert setting("@jupyterlab/apputils-extension:notification", "checkForUpdates") is False
    assert setting("@jupyterlab/docmanager-extension:plugin", "autosave") is False
    viewers = setting("@jupyterlab/docmanager-extension:plugin", "defaultViewers")
    assert viewers["markdown"] == "Markdown Preview"


def test_printed_url_opens_chapter_01_rendered_in_russian(lab, lab_page):
    page = lab_page
    log = attach_log(page, lab.url)
    page.goto(lab.url)
    assert "Файл" in _menu_bar(page)
    rendered = page.locator(".jp-MarkdownViewer .jp-RenderedMySTMarkdown")
    rendered.get_by_role("heading", name="Введение").wait_for()
    assert page.locator(".jp-FileEditor:visible").count() == 0, "глава открылась как текст"
    text = rendered.inner_text()
    assert "безик" in text and "(introduction)=" not in text and "html_meta" not in text
    assert not RAW_MYST.findall(text), RAW_MYST.findall(text)
    page.wait_for_timeout(3000)               # the news toast would show up by now
    assert not _toasts(page), _toasts(page)
    assert not _offline_problems(page, log)


def test_chapter_04_collapsed_rendered_and_live_after_run_all(lab, lab_page):
    page = lab_page
    notebook = json.loads((ROOT / CHAPTER_04).read_text(encoding="utf-8"))
    n_code = sum(cell["cell_type"] == "code" for cell in notebook["cells"])
    n_markdown = sum(cell["cell_type"] == "markdown" for cell in notebook["cells"])
    url = lab.tree(CHAPTER_04)
    log = attach_log(page, url)
    page.goto(url)
    assert {"Файл", "Выполнить", "Ядро"} <= set(_menu_bar(page))
    cells = page.locator(".jp-NotebookPanel:visible .jp-Notebook")
    cells.locator(".jp-CodeCell").nth(n_code - 1).wait_for(state="attached")
    page.locator(".jp-Notebook .jupyter-widgets").first.wait_for()   # saved widgets shown

    # MyST rendered in every markdown cell, nothing left raw.
    myst = cells.locator(".jp-MarkdownCell .myst")
    # jupyterlab-myst renders the cells one by one after the notebook is shown: wait for all
    deadline = time.monotonic() + 30
    while myst.count() < n_markdown and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert myst.count() == n_markdown
    for text in myst.all_inner_texts():
        assert not RAW_MYST.findall(text), text[:300]
    # Code collapsed: a placeholder in every code cell, no editor shown.
    assert cells.locator(".jp-CodeCell").count() == n_code
    assert cells.locator(".jp-CodeCell .jp-InputPlaceholder").count() == n_code
    assert cells.locator(".jp-CodeCell .jp-InputArea-editor:visible").count() == 0
    # Trusted: the saved widgets are drawn, not their text lines «TrickWinner(children=(…».
    outputs = " ".join(cells.locator(".jp-OutputArea-output").all_inner_texts())
    assert "(children=(" not in outputs

    # Run all cells from the menu, as the learner is told: the demos become live.
    _open_menu(page, "Выполнить")
    page.locator(".lm-Menu .lm-Menu-itemLabel").get_by_text("Запустить все ячейки", exact=True).click()
    page.wait_for_function(
        """() => document.querySelectorAll('.jp-Notebook .jupyter-widgets').length > 0
              && !document.querySelector('.jp-Notebook .jupyter-widgets-disconnected')
              && ![...document.querySelectorAll('.jp-Notebook .jp-InputPrompt')]
                    .some(prompt => prompt.innerText.includes('*'))""",
        timeout=120000,
    )
    errors = cells.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"],'
                           '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]')
    assert errors.count() == 0, errors.all_inner_texts()
    # «Кто возьмёт взятку?»: an example button changes the engine's verdict in the page.
    demo = cells.locator(".jp-CodeCell").filter(has=page.get_by_role("button", name="Чужая масть"))
    before = demo.locator(".jp-OutputArea").inner_text()
    demo.get_by_role("button", name="Чужая масть").click()
    page.wait_for_function(
        "([node, text]) => node.innerText !== text",
        arg=[demo.locator(".jp-OutputArea").element_handle(), before],
        timeout=20000,
    )
    assert not _toasts(page), _toasts(page)
    assert not _offline_problems(page, log)


def test_how_to_run_cells_name_real_menu_items(lab, lab_page):
    """Every chapter's first cell («Как оживить эту страницу», tagged bezique-how-to-run)
    says «выберите в меню **Меню → Пункт**»: both names must be what the Russian JupyterLab
    really shows."""
    page = lab_page
    page.goto(lab.tree(CHAPTER_04))
    first = page.locator(".jp-NotebookPanel:visible .jp-MarkdownCell .myst").first
    first.wait_for()
    assert "Как оживить эту страницу" in first.inner_text()
    bar = _menu_bar(page)
    items: dict[str, list[str]] = {}
    problems = []
    for path in sorted((ROOT / "book" / "chapters").glob("*.ipynb")):
        cell = json.loads(path.read_text(encoding="utf-8"))["cells"][0]
        if "bezique-how-to-run" not in cell["metadata"].get("tags", []):
            problems.append(f"{path.name}: первая ячейка без тега bezique-how-to-run")
            continue
        named = re.search(r"меню\s+\*\*(.+?)\s*→\s*(.+?)\*\*", "".join(cell["source"]))
        if not named:
            problems.append(f"{path.name}: нет «меню **Меню → Пункт**»")
            continue
        menu, item = named.group(1).strip(), named.group(2).strip()
        if menu not in bar:
            problems.append(f"{path.name}: меню «{menu}», а в JupyterLab меню {bar}")
            continue
        if menu not in items:
            items[menu] = _open_menu(page, menu)
            page.keyboard.press("Escape")
        if item not in items[menu]:
            problems.append(f"{path.name}: в меню «{menu}» нет пункта «{item}»: {items[menu]}")
    assert not problems, "\n".join(problems)
