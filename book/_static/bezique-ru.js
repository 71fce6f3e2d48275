/* Course «Безик»: the theme's own words in Russian (Jupyter Book adds every _static/*.js to
   every page itself).

   The book's language is ru (book/_config.yml), but sphinx-book-theme 1.x writes some labels
   of its header in English whatever the language («Toggle primary sidebar» is not even
   translatable), and pydata-sphinx-theme's Russian catalogue lacks others («Back to top»,
   «Color mode»). Their tooltips, accessible names and the one visible text are put into
   Russian here, as the page is parsed: before the theme's script turns the titles into
   Bootstrap tooltips (which keep the title in data-bs-original-title; both are handled). */
(function () {
  var RU = {
    "Toggle primary sidebar": "Показать или скрыть оглавление курса",
    "Toggle secondary sidebar": "Показать или скрыть содержание страницы",
    "Color mode": "Цветовая тема",
    "System Settings": "Как в системе",
    "Light": "Светлая",
    "Dark": "Тёмная",
    "Back to top": "Наверх",
    "Version warning": "Предупреждение о версии",
    "Main": "Оглавление курса",
    "Page": "Содержание страницы",
    "Fullscreen mode": "Во весь экран",
    "Clear search results": "Очистить результаты поиска"
  };
  var ATTRIBUTES = ["title", "aria-label", "data-bs-title", "data-bs-original-title"];
  var SELECTOR = ATTRIBUTES.map(function (name) { return "[" + name + "]"; }).join(",");

  function translate(el) {
    // ipywidgets writes a widget's missing tooltip as the word: title="null" on its label,
    // shown on hover.
    if (el.getAttribute("title") === "null") el.removeAttribute("title");
    ATTRIBUTES.forEach(function (name) {
      var value = el.getAttribute(name);
      if (value && RU.hasOwnProperty(value.trim())) el.setAttribute(name, RU[value.trim()]);
    });
  }

  function translateText(root) {
    // The one English text on screen: «Back to top» (pydata-sphinx-theme's button).
    var button = root.querySelector ? root.querySelector("#pst-back-to-top") : null;
    if (!button) return;
    button.childNodes.forEach(function (node) {
      if (node.nodeType === 3 && RU.hasOwnProperty(node.textContent.trim())) {
        node.textContent = " " + RU[node.textContent.trim()];
      }
    });
  }

  function fix(root) {
    if (root.nodeType !== 1) return;
    if (root.matches(SELECTOR)) translate(root);
    root.querySelectorAll(SELECTOR).forEach(translate);
    translateText(root.parentNode || root);
  }

  new MutationObserver(function (changes) {
    changes.forEach(function (change) {
      if (change.type === "attributes") translate(change.target);
      else change.addedNodes.forEach(fix);
    });
  }).observe(document.documentElement, {
    childList: true, subtree: true, attributes: true, attributeFilter: ATTRIBUTES });
  fix(document.documentElement);
})();
