"""A page on a phone's screen: does it scroll sideways, is any control's own text cut?

    from narrow import PHONE, clipped_controls, sideways

    context = browser.new_context(**PHONE)
    ...
    assert not sideways(page)
    assert not clipped_controls(page)

The check is generic DOM geometry, the way a learner sees it; it knows no widget of the course:

* a control's own text is cut — a button, a toggle button, a tab's title, a description label,
  a checkbox's label whose text is wider than the box that shows it (`scrollWidth` past
  `clientWidth` in a box that does not let it overflow: ipywidgets cut such a text with «…»);
* the chosen option of a dropdown does not fit its `<select>`: the text, laid out in the
  select's room with the select's font and wrapping, is wider or taller than that room;
* a control sticks out of a box that cuts it (`overflow` other than `visible`, e.g. the cell's
  output or a tab bar) or out of the screen.

Messages are in Russian, like the book.
"""

from __future__ import annotations

# A phone in portrait (an iPhone 12-15: 390×844 CSS pixels), with touch.
PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
             device_scale_factor=3, locale="ru-RU")

CONTROLS = ", ".join([
    ".jupyter-widgets button", ".widget-button", ".widget-toggle-button",
    ".widget-dropdown select", ".widget-select select", ".lm-TabBar-tab",
    ".jupyter-widgets .widget-label", ".widget-checkbox label", ".jupyter-widgets input",
])

_CLIPPED_JS = """(selector) => {
    const out = [];
    const shown = el => {
        const r = el.getBoundingClientRect(), cs = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && cs.visibility !== "hidden";
    };
    const name = el => (el.tagName === "SELECT"
        ? (el.options[el.selectedIndex] || {text: ""}).text
        : el.tagName === "INPUT" ? (el.value || el.placeholder || el.type)
        : el.innerText).replace(/\\s+/g, " ").trim().slice(0, 60);
    const cuts = cs => cs.overflowX !== "visible" || cs.textOverflow === "ellipsis";
    const probe = document.createElement("div");
    probe.style.cssText = "position:absolute;left:-10000px;top:0;visibility:hidden;" +
                          "overflow-wrap:normal;word-break:normal";
    document.body.appendChild(probe);

    // The selected option laid out in the select's room, as the select would.
    const selectCut = el => {
        const cs = getComputedStyle(el);
        const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
        const high = el.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
        probe.style.font = cs.font;
        probe.style.letterSpacing = cs.letterSpacing;
        probe.style.whiteSpace = cs.whiteSpace;
        probe.style.width = Math.max(room, 0) + "px";
        probe.textContent = (el.options[el.selectedIndex] || {text: ""}).text;
        return probe.scrollWidth > room + 1 || probe.offsetHeight > high + 2;
    };

    for (const el of document.querySelectorAll(selector)) {
        if (!shown(el) || el.closest(".bezique-sr-only")) continue;
        let why = "";
        if (el.tagName === "SELECT") {
            if (selectCut(el)) why = "выбранный пункт не помещается в списке";
        } else if (el.tagName !== "INPUT") {
            for (const box of [el, ...el.querySelectorAll(".lm-TabBar-tabLabel")]) {
                if (box.scrollWidth > box.clientWidth + 1 && cuts(getComputedStyle(box)))
                    why = "текст обрезан";
            }
        }
        if (!why) {
            const r = el.getBoundingClientRect();
            const screen = document.documentElement.clientWidth;
            if (r.left < -1 || r.right > screen + 1) why = "выходит за край экрана";
            for (let a = el.parentElement; a && a !== document.body && !why; a = a.parentElement) {
                if (getComputedStyle(a).overflowX === "visible") continue;
                const b = a.getBoundingClientRect();
                if (r.left < b.left - 1 || r.right > b.right + 1)
                    why = "не помещается в своей области и обрезан ею";
            }
        }
        if (why) out.push(`${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join(".")}`
                          + ` «${name(el)}»: ${why}`);
    }
    probe.remove();
    return out;
}"""


def clipped_controls(page, selector: str = CONTROLS) -> list[str]:
    """Every visible control on the page whose own text is cut, or which is cut by its box or
    the screen's edge; an empty list if none."""
    return page.evaluate(_CLIPPED_JS, selector)


def sideways(page) -> int:
    """How many CSS pixels the page scrolls sideways (0: it does not). Measured against the
    width the page is laid out for (the document's `clientWidth`, 390 on a phone): in a phone's
    browser `innerWidth` grows with a page that is too wide, so it would never tell."""
    return page.evaluate("document.documentElement.scrollWidth"
                         " - document.documentElement.clientWidth")
