"""A widget in a real page, mirrored by the same widget in this process.

The page's widget runs in a kernel; the same widget built here with the same arguments (every
demo and opponent is seeded) says where each card is drawn and what the page must show after a
click. Used by the Voilà tests and the live-book tests.
"""

from __future__ import annotations

import html
import re
import time

from bezique.widgets.render.canvas import _visible_point


def card_point(canvas, card_canvas, card) -> tuple[float, float]:
    """Where on the page (CSS pixels) `card` shows on the page's `canvas`: where the mirror's
    CardCanvas draws it, scaled as the page shows the picture."""
    lay = card_canvas.layout_result
    index = next(i for i, b in enumerate(lay.boxes) if b.card is card)
    x, y = _visible_point(lay, index)
    box = canvas.bounding_box()
    width, _ = lay.size
    k = box["width"] / width
    return box["x"] + x * k, box["y"] + y * k


def click_card(page, canvas, card_canvas, card) -> None:
    """Click `card` on the page's `canvas` with the mouse."""
    page.mouse.click(*card_point(canvas, card_canvas, card))


def tap_card(page, canvas, card_canvas, card) -> None:
    """Tap `card` on the page's `canvas` with a finger (a touch screen's page)."""
    page.touchscreen.tap(*card_point(canvas, card_canvas, card))


def plain(value: str) -> str:
    """The text a learner reads in a widgets.HTML value."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def pick_two_cards(page, demo, picture, mirror, tap: bool = False):
    """Chapter 04's «Кто возьмёт взятку?» (`demo`, its card picture `picture`, the same demo
    built here `mirror`): pick the 3rd and 4th card of the first row with the mouse (or a
    finger) and, after each, wait until the page says what the mirror says. Returns the first
    card picked."""
    wait_for_text(demo, plain(mirror.result.value))
    deck = mirror.decks[0]
    first, second = (box.card for box in deck.layout_result.boxes[2:4])
    for card in (first, second):
        (tap_card if tap else click_card)(page, picture, deck, card)
        mirror.click(card)
        wait_for_text(demo, plain(mirror.result.value))
    return first


def check_yourself_on_chapter_04(page) -> None:
    """Chapter 04's «Проверьте себя» about the nine of clubs: a wrong answer gets «Неверно»,
    the right one «Верно» (the engine's verdicts, as the chapter's answer key says)."""
    question = page.locator(".bezique-live").filter(has_text="Соперник пошёл девяткой треф").first
    question.scroll_into_view_if_needed()
    question.get_by_role("button", name="Берёт ответивший", exact=True).click()
    feedback = question.locator(".bezique-feedback")
    wait_for_text(feedback, "Неверно")
    question.get_by_role("button", name="Берёт ходивший", exact=True).click()
    assert "Неверно" not in wait_for_text(feedback, "Верно")


def button(table, label: str):
    """The button whose text is exactly `label` (by its text, not its accessible name: the
    star icon of a hinted button is part of that name)."""
    return table.get_by_role("button").filter(has_text=re.compile("^" + re.escape(label) + "$"))


def wait_for_text(locator, text: str, timeout: float = 30.0) -> str:
    """Wait until the locator's text contains `text` (line breaks and runs of spaces count as
    one space); return the text."""
    deadline = time.monotonic() + timeout
    want = " ".join(text.split())
    seen = ""
    while time.monotonic() < deadline:
        seen = locator.inner_text()
        if want in " ".join(seen.split()):
            return seen
        time.sleep(0.05)
    raise AssertionError(f"на странице нет «{text}»; там: «{seen}»")


def expected_status(table) -> str:
    """The status line a PracticeTable shows now."""
    from bezique.widgets.practice.scene import status_text  # noqa: PLC0415

    s = table.session
    g = s.game_totals()
    return status_text(s.deal, s.human, [g[s.human], g[s.bot]] if s.n == 2 else g,
                       s.rules.target_score)


def make_move(page, table, canvas, mirror) -> None:
    """One move of the learner at the practice table, in the page and in the mirror: after a
    won trick the first declaration button, else the first legal card; then wait until the
    page's status line says what the mirror's does."""
    if mirror.choices():
        label, action = mirror.choices()[0]
        button(table, label).click()
        mirror.press(action)
    else:
        card = mirror.session.legal_actions()[0].card
        click_card(page, canvas, mirror.canvas, card)
        mirror.click_card(card)
    wait_for_text(table.locator(".bezique-practice-status"), expected_status(mirror))


def choose_rules(table, mirror, rules: str) -> None:
    """Choose the preset `rules` in the page's «Настройки» and in the mirror, and wait until
    the page's status line says what the mirror's does."""
    from bezique.widgets.practice.scene import PRESET_CHOICES  # noqa: PLC0415

    mirror.rules_dd.value = rules
    keys = [key for _, key in PRESET_CHOICES]
    label = PRESET_CHOICES[keys.index(rules)][0]
    table.get_by_role("tab", name="Настройки").click()
    # ipywidgets writes the options with no-break spaces: find the menu by a word of the
    # label and choose the rules by position
    table.locator("select").filter(has_text=label.split()[-1]).select_option(index=keys.index(rules))
    wait_for_text(table.locator(".bezique-practice-status"), expected_status(mirror))
