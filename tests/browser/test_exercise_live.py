"""One exercise answered in a real browser against a real kernel (Voilà + Chromium).

The test starts Voilà on exercises/01_melds.ipynb (127.0.0.1, a free port), opens the page in
headless Chromium, clicks two cards on the card picture of the first fixed example (the
clicks travel to the kernel, which selects the cards and redraws), presses «Добавить» and
«Проверить», and waits for the engine's feedback. The server and its kernels are stopped at
the end, whatever happens.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ci_support import require

ROOT = Path(__file__).resolve().parents[2]
VOILA = Path(sys.executable).with_name("voila")
NOTEBOOK = "exercises/01_melds.ipynb"
EXAMPLE_PROMPT = "Козырь — пики. Вы только что взяли взятку. Что вы можете объявить?"

pytestmark = pytest.mark.browser


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_port(port: int, proc: subprocess.Popen, timeout: float) -> None:
    """Wait until the server accepts connections. (A plain TCP connect: every GET of a Voilà
    page would start a kernel.)"""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"Voilà завершился с кодом {proc.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"Voilà не открыл порт {port} за {timeout:.0f} с")


@pytest.fixture
def voila_server(tmp_path):
    """Voilà serving the notebook: (process, port). It boots in the background while the
    browser starts (a preheated kernel pool would only add load: it refills itself)."""
    if not VOILA.exists():
        require("Voilà", "нет в окружении: make install")
    port = _free_port()
    log = open(tmp_path / "voila.log", "w")
    proc = subprocess.Popen(
        [str(VOILA), NOTEBOOK, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        env={**os.environ, "JUPYTER_PLATFORM_DIRS": "1"},
    )
    try:
        yield proc, port
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)     # Voilà shuts its kernels down on SIGTERM
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)
        log.close()


def _card_points():
    """Where K♠ and Д♠ lie on the example's hand picture, from the same layout the kernel
    draws (canvas pixels), and the picture's size."""
    from bezique.cards import parse_cards
    from bezique.widgets.render.canvas import _visible_point
    from bezique.widgets.exercises.exercise import ExerciseWidget

    w = ExerciseWidget({"id": "probe", "kind": "declarations", "trump": "S", "won_trick": True,
                        "hand": ["KS", "QS", "9H", "8D", "TC", "7H", "JC"],
                        "prompt": EXAMPLE_PROMPT})
    lay = w.hand_canvas.layout_result
    points = []
    for card in parse_cards("KS QS"):
        index = next(i for i, b in enumerate(lay.boxes) if b.card is card)
        points.append(_visible_point(lay, index))
    return points, lay.size


def test_answer_an_exercise_by_clicking_cards(voila_server, page):
    proc, port = voila_server                  # started before the browser: they boot together
    points, (width, height) = _card_points()
    _wait_for_port(port, proc, 45)
    page.set_default_timeout(45000)
    page.goto(f"http://127.0.0.1:{port}/", wait_until="domcontentloaded")
    example = page.locator(".bezique-exercise").filter(has_text=EXAMPLE_PROMPT)
    example.wait_for()
    canvas = example.locator(".bezique-card-canvas canvas").first
    canvas.wait_for()
    # The kernel is live once the picture has been drawn at its real size.
    page.wait_for_function("c => c.width > 100", arg=canvas.element_handle())
    box = canvas.bounding_box()
    for x, y in points:
        canvas.click(position={"x": x * box["width"] / width, "y": y * box["height"] / height})
        time.sleep(0.3)                     # each click is a round trip to the kernel
    example.get_by_text("Ваши карты: король пик (выбран), дама пик (выбрана)", exact=False).wait_for()
    example.get_by_role("button", name="Добавить").click()
    example.get_by_text("Добавлено: козырный марьяж К♠ Д♠.").wait_for()
    example.get_by_role("button", name="Проверить").click()
    feedback = example.locator(".bezique-feedback")
    feedback.wait_for()
    text = feedback.inner_text()
    assert "Верно!" in text
    assert "козырный марьяж К♠ Д♠ — 40 очков" in text
