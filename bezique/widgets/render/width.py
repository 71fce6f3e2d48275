"""`ContainerWidth`: how wide the page shows a widget, reported by the page.

An invisible widget whose front-end is the `ContainerWidthView` of book/live/widgets/cards.js
(AMD module "bezique-cards", as `svg_display.SvgCards`). The view watches the nearest element
around it that matches `selector` (e.g. the practice table's box) with a `ResizeObserver` and
sets `width` to its client width in CSS pixels whenever it changes; nothing else. Where nobody
reports — a static page (no kernel to tell), nbval, pytest, a front-end that cannot load the
module — `width` stays 0: "not known", and the caller keeps its usual (laptop) picture.

Where the module loads: the live site and the served book (the book's require configuration
maps "bezique-cards" to its copy of cards.js), and the Voilà app (`make practice`: a small
labextension in book/voila/voila/labextensions/bezique-cards loads a copy of the same file that
the Makefile makes). Elsewhere
(JupyterLab) the front-end shows an error in place of the view: `hidden` puts the widget in a
box that is never displayed, so that nothing of it shows anywhere.
"""

from __future__ import annotations

import ipywidgets
import traitlets

from .svg_display import MODULE, MODULE_VERSION


class ContainerWidth(ipywidgets.DOMWidget):
    """The client width (CSS pixels) of the element around it matching `selector`; 0 until
    the page says."""

    _model_name = traitlets.Unicode("ContainerWidthModel").tag(sync=True)
    _view_name = traitlets.Unicode("ContainerWidthView").tag(sync=True)
    _model_module = traitlets.Unicode(MODULE).tag(sync=True)
    _view_module = traitlets.Unicode(MODULE).tag(sync=True)
    _model_module_version = traitlets.Unicode(MODULE_VERSION).tag(sync=True)
    _view_module_version = traitlets.Unicode(MODULE_VERSION).tag(sync=True)

    width = traitlets.Int(0).tag(sync=True)
    selector = traitlets.Unicode("").tag(sync=True)


def hidden(widget: ipywidgets.Widget) -> ipywidgets.Box:
    """`widget` in a box that is never displayed (its view still runs)."""
    return ipywidgets.Box([widget], layout=ipywidgets.Layout(display="none"))


__all__ = ["ContainerWidth", "hidden"]
