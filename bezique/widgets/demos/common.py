"""What the chapter demos (the modules of `demos/`) share.

* `PictureRow`, `Gallery` — several pictures side by side in a notebook cell; `Note` — static
  HTML for a cell, `quote_box` — the engine's Russian lines in a framed box;
* `QuickQuestion` — «Проверьте себя» for a fact the engine can compute;
* the small helpers of the demo modules: `html_block` (a block of text), `esc`, `html_table`
  (a small HTML table), `redraw` (redraw a canvas only when needed), `other_sources_box`
  (the collapsed «В других источниках» block under a demo),
  `four_colour_box` (the «четыре цвета мастей» switch), `declaration_buttons` (the choices
  after a won trick), and the control options `SUIT_OPTIONS` and `WIDE`.

Nothing here decides a rule.
"""

from __future__ import annotations

import html
from typing import Iterable

import ipywidgets as W

from ...actions import PASS
from ...cards import SUIT_NAME_RU, SUIT_SYMBOL
from ..exercises.answers import Answer
from ..page import QUESTION_LABEL, OnPage
from ..render.canvas import CardCanvas

SUIT_OPTIONS = [(f"{SUIT_SYMBOL[s]} {SUIT_NAME_RU[s]}", s) for s in "SHDC"]
WIDE = {"description_width": "initial"}


def html_block(text: str) -> str:
    return f'<div style="line-height:1.5">{text}</div>'


OTHER_SOURCES = "В других источниках"


def other_sources_box(note: str, *controls: W.Widget, open_: bool = False) -> W.Accordion:
    """A collapsed block «В других источниках» under a demo: a sentence naming the sources and
    the switches that play their rules (the demo itself starts with the course's rules; `open_`
    when it starts with another source's rules)."""
    box = W.Accordion(children=[W.VBox([W.HTML(html_block(note)), *controls])],
                      titles=(OTHER_SOURCES,), selected_index=0 if open_ else None)
    box.add_class("bezique-other-sources")
    return box


def esc(text: str) -> str:
    return html.escape(text, quote=False)


def html_table(rows, head=None, numbers_right: bool = False) -> str:
    """A small HTML table (rows of cells already escaped). The first column is aligned left and
    the others right; with `numbers_right`, whole numbers right and every other cell left."""
    style = 'style="border:1px solid #ccc;padding:2px 10px;text-align:{}"'
    out = ['<table style="border-collapse:collapse;margin:6px 0">']
    if head:
        out.append("<tr>" + "".join(f"<th {style.format('center')}>{h}</th>" for h in head) + "</tr>")
    for row in rows:
        if numbers_right:
            aligns = ["right" if isinstance(c, int) else "left" for c in row]
        else:
            aligns = ["left" if i == 0 else "right" for i in range(len(row))]
        cells = [f"<td {style.format(a)}>{c}</td>" for a, c in zip(aligns, row)]
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</table>")
    return "".join(out)


_UNSET = object()


def redraw(cc: CardCanvas, key, draw) -> None:
    """Redraw a canvas only when what it shows has changed (`key`): a click then costs
    only the pictures it really changes."""
    if getattr(cc, "_demo_key", _UNSET) != key:
        cc._demo_key = key
        draw()


_FOUR_COLOUR_LOOKS = {
    False: dict(description="Четыре цвета мастей (♣ зелёные, ♦ синие)", style=WIDE),
    True: dict(description="Четыре цвета мастей", tooltip="Трефы зелёные, бубны синие"),
}


def four_colour_box(canvases, short: bool = False) -> W.Checkbox:
    """A «четыре цвета мастей» switch for the canvases of a demo (`short`: the colours are
    named in a tooltip, not in the label)."""
    box = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"),
                     **_FOUR_COLOUR_LOOKS[short])

    def flip(change):
        for cc in canvases:
            cc.four_colour = change["new"]
    box.observe(flip, names="value")
    return box


def declaration_buttons(declarations, label, act) -> list[W.Button]:
    """A button for each legal declaration (`label(decl)` on it) and «Ничего не объявлять»;
    pressing one calls `act` with the declaration or with PASS."""
    buttons = []
    for decl in declarations:
        b = W.Button(description=label(decl), button_style="success",
                     layout=W.Layout(width="auto"))
        b.on_click(lambda _, decl=decl: act(decl))
        buttons.append(b)
    b = W.Button(description="Ничего не объявлять", layout=W.Layout(width="auto"))
    b.on_click(lambda _: act(PASS))
    buttons.append(b)
    return buttons


# ====================================================================== pictures in a row

class PictureRow:
    """Several pictures side by side in a notebook cell (each an <img> with its alt text)."""

    def __init__(self, *pictures):
        self.pictures = pictures

    def _repr_html_(self) -> str:
        cells = "".join(f'<div style="margin:0 1.2em 0.6em 0">{p._repr_html_()}</div>'
                        for p in self.pictures)
        return f'<div style="display:flex;flex-wrap:wrap;align-items:flex-start">{cells}</div>'


class Gallery:
    """Pictures side by side in a notebook cell (each an <img> with its alt text)."""

    def __init__(self, pictures):
        self.pictures = list(pictures)

    def __repr__(self) -> str:
        return "Картинки: " + " | ".join(getattr(p, "alt", None) or repr(p) for p in self.pictures)

    def _repr_html_(self) -> str:
        cells = "".join(f'<div style="margin:0 1.2em 0.8em 0">{p._repr_html_()}</div>'
                        for p in self.pictures)
        return f'<div style="display:flex;flex-wrap:wrap;align-items:flex-end">{cells}</div>'


class Note:
    """Static HTML (a <div>) for a notebook cell: no widget, so it shows in any page."""

    def __init__(self, html_text: str, text: str = ""):
        self.html_text = html_text
        self.text = text

    def __repr__(self) -> str:
        return self.text or "(текст)"

    def _repr_html_(self) -> str:
        return self.html_text


def quote_box(lines: Iterable[str]) -> Note:
    """Lines of the engine's Russian text in a framed box (static HTML)."""
    lines = list(lines)
    body = "<br>".join(esc(x) for x in lines)
    return Note("<div style='border-left:4px solid #5a7bb5;padding:0.4em 0.9em;margin:0.4em 0;"
                f"background:#f3f6fb;line-height:1.5'>{body}</div>", "\n".join(lines))


# ====================================================================== quick questions

class QuickQuestion(OnPage, W.VBox):
    """«Проверьте себя» for a fact the engine can compute: choose an answer, «Проверить»
    compares it with `answer()` (a callable that asks the engine) and explains."""

    static_hint = ("Здесь можно выбрать ответ и нажать «Проверить» — ответ проверится сразу, "
                   "с объяснением.")
    static_label = QUESTION_LABEL

    def __init__(self, prompt: str, options, answer, explain: str = ""):
        self.right = answer()
        self.explain = explain
        self.choice = W.RadioButtons(options=list(options), value=None, description="Ответ:",
                                     layout=W.Layout(width="max-content"))
        self.check = W.Button(description="Проверить", button_style="primary", icon="check")
        self.feedback = W.HTML()
        self.check.on_click(lambda _: self.submit())
        super().__init__([W.HTML(html_block(f"<b>{html.escape(prompt)}</b>")), self.choice,
                          self.check, self.feedback])
        self.add_class("bezique-question")

    def submit(self) -> bool | None:
        """Check the chosen answer; None when nothing is chosen yet."""
        if self.choice.value is None:
            self.feedback.value = html_block("Сначала выберите ответ.")
            return None
        ok = self.choice.value == self.right
        head = ("<b style='color:#1e7b34'>Верно!</b>" if ok else
                f"<b style='color:#a8201a'>Неверно.</b> Правильный ответ: "
                f"{html.escape(self.right_label)}.")
        self.feedback.value = html_block(head + (" " + html.escape(self.explain) if self.explain else ""))
        return ok

    @property
    def right_label(self) -> str:
        """The option that is the engine's answer, as the learner reads it."""
        return next(lab for lab, val in self.choice.options if val == self.right)

    def answer(self) -> Answer:
        """The answer key: the option the engine computed, and the question's explanation."""
        return Answer([f"Правильный ответ: {self.right_label}."], [self.explain])
