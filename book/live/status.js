/* The thin bar at the top of a live page: what the live book is doing, in Russian. */

import css from "./live.css";

const plural = new Intl.PluralRules("ru");

/** «1 пример отвечает», «3 примера отвечают», «5 примеров отвечают» (CLDR plural rules). */
export function examplesAnswer(n) {
  const form = { one: "пример", few: "примера", many: "примеров", other: "примера" }[plural.select(n)];
  return `${n} ${form} ${plural.select(n) === "one" ? "отвечает" : "отвечают"}`;
}

export class StatusBar {
  constructor() {
    const style = document.createElement("style");
    style.textContent = css;
    document.head.appendChild(style);
    this.el = document.createElement("div");
    this.el.className = "bezique-live-bar";
    this.el.setAttribute("role", "status");
    this.el.setAttribute("aria-live", "polite");
    this.text = document.createElement("span");
    this.meter = document.createElement("progress");
    this.meter.className = "bezique-live-meter";
    this.meter.setAttribute("aria-label", "Сколько примеров уже ожило");
    this.el.append(this.text, this.meter);
    const article = document.querySelector("article.bd-article") || document.querySelector("main") ||
      document.body;
    article.insertBefore(this.el, article.firstChild);
  }

  _set(state, text) {
    this.el.dataset.state = state;
    this.text.textContent = text;
    this.meter.hidden = state !== "starting";
    const old = this.el.querySelector("button");
    if (old) old.remove();
  }

  _button(label) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.addEventListener("click", () => window.location.reload());
    this.el.appendChild(button);
  }

  starting(total) {
    this._set("starting", "Оживляю примеры страницы: запускаю движок правил…");
    this.meter.max = Math.max(1, total);
    this.meter.value = 0;
  }

  /** The live site (site.js): Python is about to be loaded into the browser. */
  startingSite(first, megabytes) {
    this.first = first;
    const size = megabytes ? `около ${Math.round(megabytes)} МБ` : "несколько десятков мегабайт";
    this._set("starting", first
      ? `Загружаю Python в ваш браузер — в первый раз это ${size}, полминуты или дольше; ` +
        "потом он берётся из кэша браузера…"
      : "Запускаю Python в вашем браузере…");
    this.meter.removeAttribute("value");        // no figure yet: an indeterminate bar
  }

  /** The live site's next step before the page's own cells run. */
  step(name) {
    if (name === "python" && this.first) return;      // keep saying what the wait is for
    const text = {
      python: "Запускаю Python в вашем браузере…",
      engine: "Python готов; загружаю правила игры…",
    }[name];
    if (text) this.text.textContent = text;
  }

  progress(done, total) {
    if (!this.meter.hasAttribute("value")) this.meter.max = Math.max(1, total);
    this.text.textContent = `Оживляю примеры страницы… (${done} из ${total})`;
    this.meter.value = done;
  }

  live(widgets, seconds) {
    const text = widgets
      ? `Страница живая: ${examplesAnswer(widgets)} — нажимайте на карты и кнопки.`
      : "Страница живая.";
    this._set("live", text);
    this.el.title = `Примеры ожили за ${seconds.toFixed(1).replace(".", ",")} с`;
  }

  /** The page lost its kernel while live (book/live/loader.js): `why` is "server" (the course
   * server is stopped), "kernel" (the server is there, this page's examples are not) or
   * "denied" (a server started anew does not know this browser). Said once per change. */
  lost(why = "kernel") {
    if (this.el.dataset.state === "lost" && this.why === why) return;
    this.why = why;
    document.documentElement.classList.add("bezique-live-lost");
    this._set("lost", {
      server: "Связь с курсом потеряна: сервер остановлен. Запустите make tutorial снова " +
        "и обновите страницу (когда сервер вернётся, страница обновится сама).",
      denied: "Связь с курсом потеряна: сервер запущен заново и не узнаёт эту вкладку. " +
        "Откройте адрес, который напечатала команда make tutorial.",
      kernel: "Связь с курсом потеряна: примеры этой страницы на сервере остановлены. " +
        "Обновите страницу — они оживут заново.",
    }[why] || "Связь с курсом потеряна: примеры больше не отвечают. Обновите страницу.");
    if (why !== "denied") this._button("Обновить страницу");
  }

  /** The course server answers again after it was stopped: the page reloads itself. */
  back() {
    this._set("lost", "Сервер курса снова работает — обновляю страницу…");
  }

  failed(reason) {
    // The static page stays: its «Ответ» blocks show again (book/_static/bezique.css).
    document.documentElement.classList.add("bezique-live-failed");
    this._set("failed", `Не удалось оживить примеры (${reason}). Картинки ниже — без движка.`);
    this._button("Попробовать ещё раз");
  }
}
