/* Course «Безик»: the widgets' button icons (Jupyter Book adds every _static/*.js to every
   page itself, before the theme's deferred scripts run).

   A widget button's icon is Font Awesome 4's name («lightbulb-o», «undo», …): ipywidgets
   writes <i class="fa fa-lightbulb-o">, and the widget manager (embed-amd.js) brings Font
   Awesome 5 with the version-4 names and its fonts, served by the book itself. But the theme
   (pydata-sphinx-theme) also loads Font Awesome 6 as a script that watches the page and turns
   every such <i> it sees into an SVG of its own — and Font Awesome 6 knows no «lightbulb-o»:
   «Подсказка» got its placeholder, a circled question mark. The theme's own icons are in the
   page from the start and are drawn at load; only the watching is turned off, so the widgets,
   drawn later, keep the icons they were made with. */
window.FontAwesomeConfig = Object.assign(window.FontAwesomeConfig || {}, { observeMutations: false });
