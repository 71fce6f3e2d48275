/* Course «Безик»: frozen demos of the static book (bezique/widgets/page.py) take no
   keyboard focus (Jupyter Book adds every _static/*.js to every page itself).

   A frozen demo (class "bezique-static") has every control disabled, but two things in it stay
   focusable: ipycanvas gives every canvas tabindex="0" whatever the widget's `tabbable` says,
   and a disabled slider keeps its handle in the tab order. Without a kernel neither does
   anything, so take them out of the tab order. Live pages have no "bezique-static" widget. */
(function () {
  var SELECTOR = ".bezique-static canvas[tabindex], .bezique-static [role='slider'][tabindex]";
  function fix() {
    document.querySelectorAll(SELECTOR).forEach(function (el) {
      if (el.getAttribute("tabindex") !== "-1") el.setAttribute("tabindex", "-1");
    });
  }
  // Fixed in the observer's own callback (one call per batch of changes), before the next
  // paint: no frame in which a frozen canvas could take the focus.
  new MutationObserver(fix).observe(document.documentElement, {
    childList: true, subtree: true, attributes: true, attributeFilter: ["tabindex"] });
  fix();
})();
