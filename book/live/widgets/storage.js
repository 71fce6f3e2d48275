/* The browser's storage of a learner's progress: the front-end of bezique/widgets/storage.py
 * (`BrowserStore`), an AMD module loaded by the page's widget manager as `bezique-storage`
 * (book/build.py maps the name to this file).
 *
 * The widget is invisible. It keeps nothing itself and decides nothing: it reads and writes
 * `localStorage` under the model's `key` and the keys that start with `key + ":"`, and tells
 * the kernel what it found or why the browser refused (quota, private mode, storage switched
 * off). The message protocol is described in storage.py.
 *
 *   - a view rendered (a page load)          → {event: "value", reason: "render", …}
 *   - {op: "read"}                           → {event: "value", reason: "read", …}
 *   - another page of the site changed `key` → {event: "value", reason: "storage", …}
 *   - {op: "write" | "remove"}               → {event: "written"} or {event: "error"}
 */
define(["@jupyter-widgets/base"], function (base) {
  "use strict";

  var MODULE = "bezique-storage";

  /** window.localStorage, or an error named "NoStorage"; reading it may throw SecurityError. */
  function storage() {
    var store = window.localStorage;
    if (!store) {
      var error = new Error("localStorage is not available");
      error.name = "NoStorage";
      throw error;
    }
    return store;
  }

  function errorFields(error) {
    return {
      name: (error && error.name) || "Error",
      message: String((error && error.message) || error).slice(0, 300),
    };
  }

  function ownKey(key, wanted) {
    return typeof wanted === "string" && (wanted === key || wanted.indexOf(key + ":") === 0);
  }

  class BrowserStoreModel extends base.DOMWidgetModel {
    defaults() {
      return Object.assign({}, super.defaults(), {
        _model_name: "BrowserStoreModel",
        _view_name: "BrowserStoreView",
        _model_module: MODULE,
        _view_module: MODULE,
        _model_module_version: "*",
        _view_module_version: "*",
        key: "bezique:progress",
      });
    }

    initialize(attributes, options) {
      super.initialize(attributes, options);
      this.failedRequests = new Set();
      this.on("msg:custom", this.handleRequest, this);
      var model = this;
      // Another page (tab) of the site saved: the kernel hears of it before its next save.
      this.onStorage = function (event) {
        if (event.storageArea && event.storageArea !== window.localStorage) return;
        if (event.key === null || event.key === model.get("key")) model.report("storage", null);
      };
      window.addEventListener("storage", this.onStorage);
      this.once("destroy", function () { window.removeEventListener("storage", model.onStorage); });
    }

    /** Send to the kernel, if there is one (a static page's models have no comm). */
    tell(content) {
      if (this.comm && this.comm_live !== false) this.send(content, {});
    }

    /** Tell the kernel what the browser holds under the key, and which side keys exist. */
    report(reason, id) {
      var key = this.get("key");
      try {
        var store = storage();
        var keys = [];
        for (var i = 0; i < store.length; i++) {
          var k = store.key(i);
          if (k && k.indexOf(key + ":") === 0) keys.push(k);
        }
        this.tell({ event: "value", key: key, value: store.getItem(key), keys: keys,
                    reason: reason, id: id === undefined ? null : id });
      } catch (error) {
        this.tell(Object.assign({ event: "error", op: "read", key: key,
                                  id: id === undefined ? null : id }, errorFields(error)));
      }
    }

    handleRequest(content) {
      if (!content || typeof content !== "object") return;
      if (content.op === "read") this.report("read", content.id);
      else if (content.op === "write" || content.op === "remove") this.change(content);
    }

    change(content) {
      var key = this.get("key");
      var target = content.key === undefined || content.key === null ? key : content.key;
      var id = content.id === undefined ? null : content.id;
      var refuse = (name, message) => {
        if (id !== null) this.failedRequests.add(id);
        this.tell({ event: "error", op: content.op, key: String(target), id: id,
                    name: name, message: message });
      };
      if (!ownKey(key, target)) return refuse("BadKey", "not this store's key");
      if (content.op === "write" && typeof content.value !== "string") {
        return refuse("BadValue", "the value is not text");
      }
      var after = content.unless_failed;
      if (after !== undefined && after !== null && this.failedRequests.has(after)) {
        return refuse("Skipped", "the request it depends on failed");
      }
      try {
        if (content.op === "write") storage().setItem(target, content.value);
        else storage().removeItem(target);
        this.tell({ event: "written", key: target, id: id });
      } catch (error) {
        var fields = errorFields(error);
        refuse(fields.name, fields.message);
      }
    }
  }

  class BrowserStoreView extends base.DOMWidgetView {
    render() {
      this.el.classList.add("bezique-browser-store");
      this.el.style.display = "none";
      this.el.setAttribute("aria-hidden", "true");
      this.model.report("render", null);
    }
  }

  return { BrowserStoreModel: BrowserStoreModel, BrowserStoreView: BrowserStoreView };
});
