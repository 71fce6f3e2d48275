"""The widgets on a page: the collapsed «Ответ» under every question says what the engine says
(compared with `positions.solve`, never with a typed string); on a static page
(BEZIQUE_STATIC_PAGE=1) every interactive widget is frozen — each control disabled, canvases
out of the tab order — with a Russian notice at its top; without the variable nothing changes."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import subprocess
import sys

import pytest

from ci_support import require_import

require_import("ipywidgets")
require_import("ipycanvas")

import ipywidgets

import bezique.widgets.demos as demos_package
from bezique.widgets.demos import multipack as multipack_demos
from bezique.cards import sort_cards
from bezique.positions import load_position, solve
from bezique.ru import meld_name, points
from bezique.widgets import page
from bezique.widgets.exercises.answers import WHO_TAKES, Answer, Judge
from bezique.widgets.render.canvas import CardCanvas
from bezique.widgets.demos.common import QuickQuestion
from bezique.widgets.exercises.exercise import ExerciseWidget, STATIC_HINT
from bezique.widgets.page import (ANSWER_CLASS, LIVE_COMMAND, NOTICE_CLASS, OnPage,
                                  STATIC_PAGE_ENV, widget_tree)
from bezique.widgets.exercises.trainer import Trainer

SEVERAL = {"id": "t-several", "kind": "declarations", "trump": "S", "won_trick": True,
           "hand": ["KS", "QS", "JD", "KH", "QH", "8C", "9C"],
           "explain": "Пояснение составителя к объявлениям."}
NOT_WON = {"id": "t-notwon", "kind": "declarations", "trump": "H", "won_trick": False,
           "hand": ["QS", "JD", "8C", "9C", "7S", "KD", "AH"]}
TWO_COPIES = {"id": "t-copies", "kind": "declarations", "trump": "D", "won_trick": True,
              "hand": ["KS", "KS", "KH", "KD", "7C", "8C", "9C"]}
TRICK = {"id": "t-trick", "kind": "trick_winner", "trump": "S", "lead": "9C", "follow": "AH",
         "explain": "Пояснение составителя к взятке."}
LEGAL = {"id": "t-legal", "kind": "legal_plays", "trump": "C", "phase": 2,
         "hand": ["AH", "9H", "KS", "7C", "TD", "8D"], "lead": "QH"}
SCORE = {"id": "t-score", "kind": "deal_score", "trump": "H",
         "tricks": [["AS", "7S", "TH", "8H", "AD", "TD", "9C", "TC"], ["AH", "9S", "TS", "8C"]],
         "scored": [[{"meld": "royal_marriage", "cards": ["KH", "QH"]}],
                    [{"meld": "bezique", "cards": ["QS", "JD"]},
                     {"meld": "seven_exchange", "cards": ["7H"]}]],
         "last_trick": 1}
CONTROL_TYPES = (ipywidgets.Button, ipywidgets.Dropdown, ipywidgets.RadioButtons,
                 ipywidgets.ToggleButtons, ipywidgets.Checkbox, ipywidgets.Text,
                 ipywidgets.Textarea, ipywidgets.BoundedIntText, ipywidgets.IntSlider,
                 ipywidgets.FileUpload)


@pytest.fixture
def shown(monkeypatch):
    """Display a widget as a notebook cell does; returns the list of display bundles."""
    def show(widget) -> list[dict]:
        bundles: list[dict] = []
        monkeypatch.setattr(page, "display", lambda obj, raw=False: bundles.append(obj))
        widget._ipython_display_()
        return bundles
    return show


@pytest.fixture
def static(monkeypatch):
    monkeypatch.setenv(STATIC_PAGE_ENV, "1")


@pytest.fixture
def live(monkeypatch):
    monkeypatch.delenv(STATIC_PAGE_ENV, raising=False)


def answer_text(bundles) -> str:
    html = [b["text/html"] for b in bundles if "text/html" in b]
    assert len(html) == 1, bundles
    assert html[0].startswith(f"<details class='{ANSWER_CLASS}'><summary>Ответ</summary>")
    return html[0]


# ------------------------------------------------------------------ the answer key

def test_declarations_answer_lists_the_engines_declarations_with_points(shown, live):
    w = ExerciseWidget(SEVERAL)
    bundles = shown(w)
    assert "application/vnd.jupyter.widget-view+json" in bundles[0]
    text = answer_text(bundles)
    legal = solve(load_position(SEVERAL))["declarations"]
    assert legal
    for decl in legal:
        assert meld_name(decl["meld"]) in text
        assert f"{meld_name(decl['meld'])} " in text and points(decl["points"]) in text
    assert SEVERAL["explain"] in text
    assert "Объявить сейчас нечего" not in text


def test_two_copies_of_a_card_make_one_line_of_the_answer():
    key, _ = ExerciseWidget(TWO_COPIES).answer()
    legal = solve(load_position(TWO_COPIES))["declarations"]
    kinds = {(d["meld"], tuple(sorted(c.split("#")[0] for c in d["cards"]))) for d in legal}
    assert len(key) == 1 and key[0].count(" — ") == len(kinds)


def test_nothing_to_declare_gives_the_engines_reason(shown, live):
    text = answer_text(shown(ExerciseWidget(NOT_WON)))
    assert "Объявить сейчас нечего." in text
    assert solve(load_position(NOT_WON))["reason"] in text


def test_trick_answer_names_the_engines_winner_and_reason(shown, live):
    text = answer_text(shown(ExerciseWidget(TRICK)))
    sol = solve(load_position(TRICK))
    assert f"Взятку берёт {WHO_TAKES[sol['winner']]}." in text
    assert sol["reason"] in text
    assert TRICK["explain"] in text


def test_legal_plays_answer_lists_the_engines_cards(shown, live):
    w = ExerciseWidget(LEGAL)
    text = answer_text(shown(w))
    sol = solve(load_position(LEGAL))
    legal = sort_cards(Judge(LEGAL).resolve(sol['legal']))
    assert f"Можно сыграть: {', '.join(c.ru for c in legal)}." in text
    assert sol["reason"] in text


def test_deal_score_answer_gives_every_part_of_the_engines_tally(shown, live):
    w = ExerciseWidget(SCORE)
    text = answer_text(shown(w))
    sol = solve(load_position(SCORE))
    for p, name in enumerate(w.names):
        assert (f"{name}: бриски {points(sol['brisques'][p])}, объявления "
                f"{points(sol['declared'][p])}, последняя взятка "
                f"{points(sol['last_trick'][p])} — всего {points(sol['scores'][p])}.") in text


def test_the_answer_is_what_a_right_answer_is_told():
    """The key and the verdict on a right answer come from the same engine words."""
    w = ExerciseWidget(TRICK)
    w.choose_winner(solve(load_position(TRICK))["winner"])
    fb = w.submit()
    assert fb.verdict == "right"
    for line in w.answer().lines[1:]:
        assert line in fb.message


def test_quick_question_answer_is_the_option_the_engine_computes(shown, live):
    computed = []

    def engine():
        computed.append(1)
        return 2 + 3                         # stands for a call to the engine
    q = QuickQuestion("Сколько?", [("четыре", 4), ("пять", 5)], answer=engine,
                      explain="Пояснение к вопросу.")
    text = answer_text(shown(q))
    assert computed
    assert "Правильный ответ: пять." in text
    assert "Пояснение к вопросу." in text
    assert "четыре" not in text


def test_answer_block_is_escaped_plain_text_the_key_first():
    html = page.answer_html(Answer(["a < b"], ["", "«ёлочки»"]))
    assert "<p class='bezique-answer-key'>a &lt; b</p>" in html
    assert "<p class='bezique-answer-why'>«ёлочки»</p>" in html and "></p>" not in html


# ------------------------------------------------------------------ live: nothing changes

def test_without_the_variable_nothing_is_frozen(shown, live):
    w = ExerciseWidget(SEVERAL)
    before = list(w.children)
    bundles = shown(w)
    assert list(w.children) == before
    assert not w.check_button.disabled and not w.part.add_button.disabled
    assert w.hand_canvas.canvas.tabbable
    assert NOTICE_CLASS not in bundles[0]["text/plain"]
    assert "bezique-static" not in w._dom_classes


def trainer_answers(t) -> list[str]:
    return [w.value for w in widget_tree(t)
            if isinstance(w, ipywidgets.HTML) and ANSWER_CLASS in w.value]


def test_trainer_shows_an_answer_only_on_a_static_page(shown, monkeypatch, tmp_path):
    monkeypatch.delenv(STATIC_PAGE_ENV, raising=False)
    t = Trainer(levels=["t1_trick_winner"], progress_path=tmp_path / "p.json")
    assert len(shown(t)) == 1 and not trainer_answers(t)    # live: the position changes
    monkeypatch.setenv(STATIC_PAGE_ENV, "1")
    t = Trainer(levels=["t1_trick_winner"], progress_path=tmp_path / "p.json")
    assert len(shown(t)) == 1
    [text] = trainer_answers(t)                              # right under the position
    assert t.exercise_box.children[0] is t.exercise
    sol = solve(load_position(t.current))
    assert f"Взятку берёт {WHO_TAKES[sol['winner']]}." in text and sol["reason"] in text
    assert not (tmp_path / "p.json").exists()       # building a page writes no progress


# ------------------------------------------------------------------ static: frozen with a notice

def controls(widget):
    return [w for w in widget_tree(widget) if isinstance(w, CONTROL_TYPES)]


def assert_frozen(widget, hint: str) -> None:
    assert controls(widget) or widget_tree_has_canvas(widget), "nothing to freeze?"
    alive = [type(w).__name__ for w in widget_tree(widget)
             if w.has_trait("disabled") and not w.disabled]
    assert not alive, f"{type(widget).__name__}: enabled controls {alive}"
    tabbable = [type(w).__name__ for w in widget_tree(widget)
                if w.has_trait("tabbable") and w.tabbable]
    assert not tabbable
    notice = widget.children[0]
    assert isinstance(notice, ipywidgets.HTML) and NOTICE_CLASS in notice.value
    assert hint and hint in notice.value.replace("&#x27;", "'")
    assert f"<code>{LIVE_COMMAND}</code>" in notice.value
    assert "bezique-static" in widget._dom_classes


def widget_tree_has_canvas(widget) -> bool:
    return any(isinstance(w, CardCanvas) for w in widget_tree(widget))


@pytest.mark.parametrize("position", [SEVERAL, NOT_WON, TRICK, LEGAL, SCORE],
                         ids=lambda p: p["kind"])
def test_static_exercise_is_frozen_with_its_kinds_notice(shown, static, position):
    w = ExerciseWidget(position)
    bundles = shown(w)
    assert_frozen(w, STATIC_HINT[position["kind"]])
    assert "Вопрос с проверкой" in w.children[0].value
    answer_text(bundles)                            # the key is there too


def test_static_freezing_is_done_once(shown, static):
    q = QuickQuestion("Сколько?", [("один", 1), ("два", 2)], answer=lambda: 1)
    shown(q)
    shown(q)
    assert sum(isinstance(c, ipywidgets.HTML) and NOTICE_CLASS in c.value for c in q.children) == 1
    assert q.choice.disabled and q.check.disabled


def demo_classes() -> list[type]:
    """Every widget class of bezique/widgets/demos/*.py and the practice table."""
    found = []
    names = [f"bezique.widgets.demos.{info.name}"
             for info in pkgutil.iter_modules(demos_package.__path__)]
    for name in names + ["bezique.widgets.practice.table"]:
        module = importlib.import_module(name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and issubclass(cls, ipywidgets.Box):
                found.append(cls)
    return found


DEMOS = demo_classes()
# Demos made for one scene at a time are built by the chapter's own functions.
EXAMPLE = {"ScriptedDeal": multipack_demos.trump_story, "MeldBench": multipack_demos.queens_bench}


def test_every_interactive_widget_takes_part():
    """A new demo cannot be forgotten: it must say what it does in the live book."""
    assert len(DEMOS) >= 18
    for cls in DEMOS + [ExerciseWidget, Trainer]:
        assert issubclass(cls, OnPage), cls.__name__
        hint = cls.static_hint if cls is not ExerciseWidget else STATIC_HINT["declarations"]
        assert hint.startswith("Здесь можно") and hint.endswith("."), cls.__name__
    hints = [cls.static_hint for cls in DEMOS if cls is not QuickQuestion]
    assert len(set(hints)) == len(hints), "one sentence per demo, no copies"


@pytest.mark.parametrize("cls", [c for c in DEMOS if c is not QuickQuestion],
                         ids=lambda c: c.__name__)
def test_static_demo_is_frozen_with_its_notice(shown, static, cls):
    demo = EXAMPLE.get(cls.__name__, cls)()
    assert controls(demo), f"{cls.__name__} has no controls?"
    bundles = shown(demo)
    assert len(bundles) == 1                        # a demo, not a question: no «Ответ»
    assert_frozen(demo, cls.static_hint)
    assert "Живой пример" in demo.children[0].value


def test_static_trainer_is_frozen_inside_out(shown, static, tmp_path):
    t = Trainer(levels=["m1_single"], progress_path=tmp_path / "p.json")
    shown(t)
    assert_frozen(t, Trainer.static_hint)
    assert t.exercise.check_button.disabled                 # the exercise inside it too
    assert not t.exercise.hand_canvas.canvas.tabbable


def test_is_static_page_reads_the_variable(monkeypatch):
    for value, expected in (("1", True), ("yes", True), ("0", False), ("", False)):
        monkeypatch.setenv(STATIC_PAGE_ENV, value)
        assert page.is_static_page() is expected
    monkeypatch.delenv(STATIC_PAGE_ENV)
    assert not page.is_static_page()


def test_the_engine_imports_no_jupyter():
    """bezique/ outside widgets/ stays pure Python (the static-page switch lives in widgets/)."""
    code = ("import pkgutil, importlib, sys, bezique\n"
            "for m in pkgutil.walk_packages(bezique.__path__, 'bezique.'):\n"
            "    if not m.name.startswith('bezique.widgets'): importlib.import_module(m.name)\n"
            "bad = [n for n in ('ipywidgets', 'IPython', 'ipycanvas', 'traitlets')\n"
            "       if n in sys.modules]\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_glue_is_nothing_where_myst_nb_is_missing(monkeypatch):
    """The live site's Python (Pyodide) has no myst_nb: a chapter's glue() must not fail there
    (chapter 08 glues the other sources' examples into its collapsed blocks)."""
    import builtins
    real_import = builtins.__import__

    def no_myst_nb(name, *args, **kwargs):
        if name.startswith("myst_nb"):
            raise ModuleNotFoundError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", no_myst_nb)
    assert page.glue("x", "текст", display=False) is None
