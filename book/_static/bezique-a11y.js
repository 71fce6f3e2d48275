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
