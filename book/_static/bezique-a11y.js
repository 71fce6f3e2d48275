/* Course «Безик»: accessibility fixes that CSS cannot make (Jupyter Book adds every
   _static/*.js to every page itself).

   myst-nb and sphinx-togglebutton label their "show/hide" toggles with the English
   aria-label "Toggle hidden content", which also hides the visible Russian text from screen
   readers (axe: label-content-name-mismatch). Drop that label where the control has visible
   text of its own, and give it a Russian one where it has none. */
(function () {
  function fix() {
    document.querySelectorAll('[aria-label="Toggle hidden content"]').forEach(function (el) {
      if (el.textContent.trim()) {
        el.removeAttribute("aria-label");
      } else {
        el.setAttribute("aria-label", "Показать или скрыть");
      }
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", fix);
  } else {
    fix();
  }
  window.addEventListener("load", fix);  // sphinx-togglebutton adds its buttons on load
})();

/* A widget box that scrolls (ipywidgets' boxes have overflow: auto) but holds nothing the
   keyboard can reach — e.g. a frozen demo whose table is wider than a phone's screen (axe:
   scrollable-region-focusable, chapter 12 at 390 pixels) — cannot be scrolled without a
   mouse. Such a box becomes a named region in the tab order; it leaves the tab order again
   when it no longer scrolls (a wider window) or gets a control of its own. */
(function () {
  var MARK = "data-bezique-scroll-region";
  var FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), " +
    "textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";
  function scrolls(el) {
    var style = window.getComputedStyle(el);
    return (el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(style.overflowX)) ||
      (el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(style.overflowY));
  }
  function check() {
    document.querySelectorAll(".jupyter-widgets.widget-box, [" + MARK + "]").forEach(function (box) {
      var marked = box.hasAttribute(MARK);
      var inner = Array.prototype.some.call(box.querySelectorAll(FOCUSABLE), function (el) {
        return el !== box;
      });
      var needs = scrolls(box) && !inner;
      if (needs && !marked) {
        box.setAttribute(MARK, "");
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", "Пример целиком не помещается: прокрутите его стрелками");
      } else if (!needs && marked) {
        ["tabindex", "role", "aria-label", MARK].forEach(function (name) { box.removeAttribute(name); });
      }
    });
  }
  var pending = false;
  function later() {
    if (pending) return;
    pending = true;
    window.setTimeout(function () { pending = false; check(); }, 200);
  }
  new MutationObserver(later).observe(document.documentElement, { childList: true, subtree: true });
  window.addEventListener("resize", later);
  window.addEventListener("load", later);
})();
