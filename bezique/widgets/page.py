"""How a widget of the course shows itself on a page: live, or frozen on a static page.

The static book (book/build.py) executes every notebook with the environment variable
`BEZIQUE_STATIC_PAGE=1`. A page built that way has no kernel behind it: its widgets are
pictures. There, and only there, every widget of the course that the learner could use in the
live book

* has all its controls disabled, its card canvases out of the keyboard's tab order and without
  a pointer cursor (`freeze`), so nothing looks clickable and does nothing;
* says at its top, in one Russian sentence, what the learner could do there in the live book
  and which command makes it live (`notice_html`).

Wherever the widget runs, a question also writes a collapsed «Ответ» under itself: the
engine's answer computed when the cell runs (so the static book has its answer key).

A widget class takes part by inheriting `OnPage` (before its ipywidgets base class) and
setting `static_hint`, and, if it is a question, by returning its `answers.Answer` from
`answer()`. Nothing here decides a rule.
"""

from __future__ import annotations

import html
import os
from typing import Iterable

import ipywidgets
from IPython.display import display

from .exercises.answers import Answer

STATIC_PAGE_ENV = "BEZIQUE_STATIC_PAGE"
LIVE_COMMAND = "make tutorial"
NOTICE_CLASS = "bezique-static-notice"
FROZEN_CLASS = "bezique-static"
ANSWER_CLASS = "bezique-answer"


def is_static_page() -> bool:
    """True while the notebooks are executed for the static book (book/build.py sets the
    variable for the kernels it starts); false in JupyterLab, Voilà, nbval and the live book."""
    return os.environ.get(STATIC_PAGE_ENV, "").strip() not in ("", "0")


def glue(name: str, value, display: bool = False) -> None:
    """myst_nb's `glue` (an output shown elsewhere on the page, e.g. inside a collapsed block)
    where the book is built; in the learner's browser (the live site: no myst_nb in Pyodide)
    nothing — the built page already shows the glued output."""
    try:
        from myst_nb import glue as glue_output
    except ModuleNotFoundError:
        return
    glue_output(name, value, display=display)


def widget_tree(widget: ipywidgets.Widget) -> Iterable[ipywidgets.Widget]:
    """The widget and every widget inside it (children of boxes, tabs and accordions)."""
    stack, seen = [widget], set()
    while stack:
        w = stack.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        yield w
        stack.extend(c for c in getattr(w, "children", ()) if isinstance(c, ipywidgets.Widget))


DEMO_LABEL = "Живой пример"
QUESTION_LABEL = "Вопрос с проверкой"


def notice_html(hint: str, label: str = DEMO_LABEL) -> str:
    """The notice of a frozen widget: what the learner could do here in the live book (`hint`,
    one Russian sentence) and the command that makes the page live."""
    return (f"<div class='{NOTICE_CLASS}' role='note'><b>{html.escape(label)}.</b> "
            f"{html.escape(hint)} Чтобы попробовать, откройте курс командой "
            f"<code>{LIVE_COMMAND}</code>.</div>")


def freeze(widget: ipywidgets.Box, hint: str, label: str = DEMO_LABEL) -> ipywidgets.Box:
    """Make `widget` an honest picture: disable every control in its tree, take its canvases
    out of the tab order, and put the notice (`notice_html`) at its top. Idempotent."""
    if getattr(widget, "_bezique_frozen", False):
        return widget
    for w in widget_tree(widget):
        if w.has_trait("disabled"):
            w.disabled = True
        if w.has_trait("tabbable") and w.tabbable:
            w.tabbable = False
    widget.add_class(FROZEN_CLASS)
    notice = ipywidgets.HTML(notice_html(hint, label))
    widget.children = (notice, *widget.children)
    widget._bezique_frozen = True
    return widget


def answer_html(answer: Answer) -> str:
    """A collapsed «Ответ» block: the right answer, then its explanation, a paragraph a line
    (plain text, escaped here)."""
    def paragraphs(lines, cls):
        return "".join(f"<p class='{ANSWER_CLASS}-{cls}'>{html.escape(x)}</p>" for x in lines if x)
    return (f"<details class='{ANSWER_CLASS}'><summary>Ответ</summary>"
            f"<div class='{ANSWER_CLASS}-body'>{paragraphs(answer.key, 'key')}"
            f"{paragraphs(answer.why, 'why')}</div></details>")


def answer_bundle(answer: Answer) -> dict:
    """The «Ответ» block as a display bundle (HTML, and plain text for a terminal)."""
    return {"text/html": answer_html(answer), "text/plain": "Ответ: " + " ".join(answer.lines)}


class OnPage:
    """Mixin for the course's interactive widgets (put it before the ipywidgets base class).

    `static_hint`: the one Russian sentence of the notice on a static page (what the learner
    could do here in the live book); `static_label` opens the notice. `answer()`: the answer
    key of a question (None for a demo). Displaying the widget shows it — frozen on a static
    page (then `on_static_page()` runs) — and, as a separate output, its «Ответ»."""

    static_hint: str = ""
    static_label: str = DEMO_LABEL

    def answer(self) -> Answer | None:
        return None

    def page_hint(self) -> str:
        return self.static_hint

    def on_static_page(self) -> None:
        """Called once the widget is frozen for a static page."""

    def _ipython_display_(self) -> None:
        answer = self.answer()
        if is_static_page() and not getattr(self, "_bezique_frozen", False):
            freeze(self, self.page_hint(), self.static_label)
            self.on_static_page()
        display(self._repr_mimebundle_(), raw=True)
        if answer is not None and answer.lines:
            display(answer_bundle(answer), raw=True)
