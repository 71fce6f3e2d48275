/* The course's widget module "bezique-cards" (book/live/widgets/cards.js, an AMD module) in
 * the Voilà app (`make practice`), which loads widget modules only from JupyterLab federated
 * extensions. Written by hand, no build step: a module-federation container (init, get) whose
 * "./extension" is one plugin that registers "bezique-cards" with Voilà's widget registry; the
 * module itself is cards.js beside this file (a copy of the book's: tests/widgets/
 * test_narrow_table.py checks that they are the same), evaluated with
 * `define` given the page's own @jupyter-widgets/base (shared by Voilà's widget manager).
 * Found through JUPYTER_PATH=book/voila (the Makefile): Voilà reads <path>/voila/labextensions.
 */
var _JUPYTERLAB;
(function () {
  "use strict";
  var NAME = "bezique-cards";
  var VERSION = "1.0.0";
  var here = document.currentScript ? document.currentScript.src : "";
  var scope = null;

  function newest(versions) {
    return Object.keys(versions).sort(function (a, b) {
      var x = a.split(".").map(Number), y = b.split(".").map(Number);
      for (var i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] || 0) - (y[i] || 0);
      return 0;
    }).pop();
  }

  function shared(name) {
    var versions = scope && scope[name];
    if (!versions) return Promise.reject(new Error(NAME + ": " + name + " is not shared"));
    return Promise.resolve(versions[newest(versions)].get()).then(function (factory) {
      return factory();
    });
  }

  function cards(base) {
    return fetch(new URL("cards.js", here).href).then(function (response) {
      if (!response.ok) throw new Error(NAME + ": cards.js " + response.status);
      return response.text();
    }).then(function (source) {
      var exports = null;
      var define = function (deps, factory) {
        exports = factory.apply(null, deps.map(function (dep) {
          if (dep !== "@jupyter-widgets/base") throw new Error(NAME + ": no module " + dep);
          return base;
        }));
      };
      define.amd = true;
      new Function("define", source)(define);
      return exports;
    });
  }

  function extension() {
    return shared("@jupyter-widgets/base").then(function (base) {
      var plugin = {
        id: NAME + ":plugin",
        requires: [base.IJupyterWidgetRegistry],
        autoStart: true,
        activate: function (app, registry) {
          registry.registerWidget({ name: NAME, version: VERSION, exports: function () {
            return cards(base);
          } });
        },
      };
      return function () { return { __esModule: true, default: [plugin] }; };
    });
  }

  _JUPYTERLAB = window._JUPYTERLAB = window._JUPYTERLAB || {};
  _JUPYTERLAB[NAME] = {
    init: function (shareScope) { scope = shareScope; },
    get: function (module) {
      if (module === "./extension") return extension();
      return Promise.reject(new Error(NAME + ": no module " + module));
    },
  };
})();
