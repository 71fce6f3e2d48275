/* A clickable picture of cards drawn as SVG: the front-end of bezique/widgets/render/
 * svg_display.py (`SvgCards`), an AMD module loaded by the page's widget manager as
 * `bezique-cards` (book/build.py maps the name to this file). The browser kernel shows it
 * where CPython kernels show an ipycanvas canvas.
 *
 * The view shows the model's `svg` scaled to the width of the widget (its layout: `display_width`
 * CSS pixels, never wider than the container; the height follows), and decides nothing: it tells the kernel
 * where the learner clicked or tapped, in picture pixels, and which key was pressed while the
 * picture had the focus. The kernel's layout turns a point into a card. Messages:
 *
 *   - a click or a tap                 → {event: "click", x: X, y: Y}   (picture pixels)
 *   - ← → ↑ ↓ Home End Enter Space Esc → {event: "key", key: NAME}       (the browser's name)
 *
 * The kernel answers with a new `svg` (a card raised, outlined, greyed, the focus ring).
 *
 * The module also holds `ContainerWidthView` (below): how wide the page shows a widget.
 */
define(["@jupyter-widgets/base"], function (base) {
  "use strict";

  var MODULE = "bezique-cards";
  var KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Enter", " ",
              "Spacebar", "Escape"];

  class SvgCardsModel extends base.DOMWidgetModel {
    defaults() {
      return Object.assign({}, super.defaults(), {
        _model_name: "SvgCardsModel",
        _view_name: "SvgCardsView",
        _model_module: MODULE,
        _view_module: MODULE,
        _model_module_version: "*",
        _view_module_version: "*",
        svg: "",
        picture_width: 1,
        picture_height: 1,
        display_width: 1,
        label: "",
      });
    }
  }

  /** The picture point under a pointer event: the browser's CSS pixels scaled to the
   * picture's own pixels (the SVG is drawn at its container's width, not its own). */
  function picturePoint(svg, model, event) {
    var rect = svg.getBoundingClientRect();
    if (!rect.width || !rect.height) return null;
    return {
      x: (event.clientX - rect.left) * model.get("picture_width") / rect.width,
      y: (event.clientY - rect.top) * model.get("picture_height") / rect.height,
    };
  }

  class SvgCardsView extends base.DOMWidgetView {
    render() {
      super.render();
      var el = this.el;
      el.classList.add("bezique-svg-cards");
      el.style.maxWidth = "100%";
      el.style.lineHeight = "0";
      el.style.touchAction = "manipulation";      // a tap is a click, no double-tap zoom wait
      el.style.outlineOffset = "2px";
      el.setAttribute("role", "group");
      if (this.updateTabindex) this.updateTabindex();   // tabbable: focusable unless frozen
      this.onClick = this.onClick.bind(this);
      this.onKey = this.onKey.bind(this);
      // `click` (not mousedown/pointerdown): on a phone a finger that scrolls the page over
      // the picture must not play a card; a tap still ends in a click.
      el.addEventListener("click", this.onClick);
      el.addEventListener("keydown", this.onKey);
      this.listenTo(this.model, "change:svg change:display_width change:label", this.update);
      this.listenTo(this.model, "change:tabbable", function () {
        if (this.updateTabindex) this.updateTabindex();
        this.updateCursor();
      });
      this.update();
    }

    update() {
      var el = this.el;
      // The width on the page is the widget's layout (`display_width` CSS pixels, at most the
      // container's): the layout view owns el.style.width. The SVG fills it, its height follows.
      el.innerHTML = this.model.get("svg");
      var svg = el.querySelector("svg");
      if (svg) {
        svg.style.width = "100%";
        svg.style.height = "auto";
        svg.style.maxWidth = "100%";
        svg.style.display = "block";
        svg.setAttribute("focusable", "false");
      }
      var label = this.model.get("label");
      if (label) el.setAttribute("aria-label", label);
      else el.removeAttribute("aria-label");
      this.updateCursor();
    }

    updateCursor() {
      // A frozen picture (a static page) is not clickable and must not look it.
      this.el.style.cursor = this.model.get("tabbable") === false ? "default" : "pointer";
    }

    onClick(event) {
      var svg = this.el.querySelector("svg");
      if (!svg || this.model.get("tabbable") === false) return;
      var p = picturePoint(svg, this.model, event);
      if (p) this.send({ event: "click", x: p.x, y: p.y });
    }

    onKey(event) {
      if (KEYS.indexOf(event.key) < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
      if (this.model.get("tabbable") === false) return;
      event.preventDefault();                      // no page scroll on arrows or Space
      this.send({ event: "key", key: event.key });
    }

    remove() {
      this.el.removeEventListener("click", this.onClick);
      this.el.removeEventListener("keydown", this.onKey);
      return super.remove();
    }
  }

  /* `ContainerWidth` (bezique/widgets/render/width.py): an invisible view that tells the
   * kernel the client width (CSS pixels) of the nearest element around it matching the
   * model's `selector`, now and whenever it changes (a ResizeObserver). A static page has no
   * kernel to tell: nothing is sent there. */
  class ContainerWidthModel extends base.DOMWidgetModel {
    defaults() {
      return Object.assign({}, super.defaults(), {
        _model_name: "ContainerWidthModel",
        _view_name: "ContainerWidthView",
        _model_module: MODULE,
        _view_module: MODULE,
        _model_module_version: "*",
        _view_module_version: "*",
        width: 0,
        selector: "",
      });
    }
  }

  class ContainerWidthView extends base.DOMWidgetView {
    render() {
      super.render();
      this.el.classList.add("bezique-container-width");
      this.el.style.display = "none";
      this.tries = 0;
      this.watch();
    }

    watch() {
      // The view is put on the page after it is rendered: wait until it is there.
      if (!this.el.isConnected) {
        if (this.tries++ < 200) this.timer = setTimeout(this.watch.bind(this), 50);
        return;
      }
      var selector = this.model.get("selector");
      var target = (selector && this.el.closest(selector)) || this.el.parentElement;
      if (!target || typeof ResizeObserver === "undefined") return;
      var report = this.report.bind(this, target);
      this.observer = new ResizeObserver(function () { report(); });
      this.observer.observe(target);
      report();
    }

    report(target) {
      var width = Math.round(target.clientWidth);
      if (!width || width === this.model.get("width") || !this.model.comm_live) return;
      this.model.set("width", width);
      this.model.save_changes();
    }

    remove() {
      clearTimeout(this.timer);
      if (this.observer) this.observer.disconnect();
      return super.remove();
    }
  }

  return { SvgCardsModel: SvgCardsModel, SvgCardsView: SvgCardsView,
           ContainerWidthModel: ContainerWidthModel, ContainerWidthView: ContainerWidthView };
});
