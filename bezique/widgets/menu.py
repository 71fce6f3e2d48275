"""`Menu`: the course's dropdown, whose chosen option can wrap onto a second line.

ipywidgets' dropdown writes every space of an option's label as a no-break space (to keep
runs of spaces), so a label longer than the menu can never wrap: on a phone's screen the
menu shows «Бриски: 10 за каждый туз и десятку; последня» and cuts the rest. A `Menu` is an
`ipywidgets.Dropdown` that sends its labels to the page with a zero-width space after every
space: the page may break the line there, and nothing else changes — the labels look the
same, and in Python `label`, `options` and `value` are exactly those given.

Whether the chosen option wraps is the page's style: the book's stylesheet
(book/_static/bezique.css) and the practice table's own style let a menu on a narrow screen
take the whole width under its description and wrap.
"""

from __future__ import annotations

import ipywidgets
from ipywidgets.widgets.trait_types import TypedTuple
from traitlets import Unicode

BREAK = "\u200b"                         # zero-width space: a place to break the line


def breakable(labels, widget=None) -> list[str]:
    """The labels as the page gets them: a possible line break after every space."""
    return [label.replace(" ", " " + BREAK) for label in labels]


class Menu(ipywidgets.Dropdown):
    """A dropdown whose chosen option wraps on a narrow screen (see the module)."""

    _options_labels = TypedTuple(trait=Unicode(), read_only=True,
                                 help="The labels for the options.").tag(sync=True,
                                                                         to_json=breakable)


__all__ = ["Menu", "breakable"]
