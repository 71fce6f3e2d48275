"""The side panels of the practice table: the score, the log of the deal, the coach, the
replay, the deal record (save and load) and the game with its chart and statistics.

Each panel is an ipywidgets box with an `update(table)` method that reads the table's
`PracticeSession`; buttons call back into the table (`PracticeTable.load_text`, …), so that
every state change goes through one place. Learner-visible text is Russian.
"""

from __future__ import annotations

import html
import io
import json

import ipywidgets as W

from ...narrate import describe_event, seat_names
from ...ru import plural, points
from ..files import download_link, take_upload
from ..render.chart import line_chart_svg, use_svg_chart
from ..render.display import img_html, picture_html
from ..render.play_table import layout_play_table
from ...variants.multipack.explain import is_multipack, open_by_suit, played_games, settlement_text
from .scene import THEM, YOU, game_verdict, scene_kwargs, who

BOX = "border:1px solid #d0d5dd;border-radius:6px;padding:6px 10px;margin:4px 0"


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


def _table(rows, head) -> str:
    cell = "padding:2px 10px;border-bottom:1px solid #e3e6ea"
    out = ['<table style="border-collapse:collapse;margin:4px 0">', "<tr>"]
    out += [f'<th style="{cell};text-align:{"left" if i == 0 else "right"}">{_esc(h)}</th>'
            for i, h in enumerate(head)]
    out.append("</tr>")
    for row in rows:
        bold = row[0] == "всего"
        out.append("<tr>" + "".join(
            f'<td style="{cell};text-align:{"left" if i == 0 else "right"}'
            f'{";font-weight:600" if bold else ""}">{_esc(str(v))}</td>' for i, v in enumerate(row))
            + "</tr>")
    out.append("</table>")
    return "".join(out)


def signed(n: float) -> str:
    return f"+{n:g}" if n > 0 else (f"−{-n:g}" if n < 0 else "0")


# ====================================================================== the score

class ScorePanel(W.VBox):
    """The deal's score by source (объявления, бриски, последняя взятка, штрафы, всего),
    what each player declared, and the game so far."""

    def __init__(self):
        self.html = W.HTML()
        super().__init__([self.html])

    def update(self, table) -> None:
        s = table.session
        names = s.side_names() if s.n > 2 else [YOU, THEM]
        bds = s.side_breakdowns()
        if is_multipack(s.deal):
            self.html.value = _multipack_score(s, names)
            return
        rows = [[k, *(bd[k] for bd in bds)] for k in ("объявления", "бриски", "последняя взятка",
                                                     "штрафы", "всего")]
        title = "Счёт сдачи" + (" (по парам: «мы» — вы и партнёр)" if s.rules.partnerships else "")
        parts = [f"<b>{title}</b>", _table(rows, ["", *names])]
        if not s.deal.is_over:
            parts.append('<div style="color:#555;font-size:0.9em">Бриски (тузы и десятки во '
                         'взятках, по 10) и последнюю взятку засчитывают в конце сдачи; '
                         'здесь — сколько набрано уже.</div>')
        for seat in [(s.human + k) % s.n for k in range(s.n if s.n > 2 else 2)]:
            name = "Ваши объявления" if seat == s.human else "Объявления соперника" if s.n == 2 \
                else f"Объявления: {who(seat, s.human, s.n)}"
            decls = s.deal.melds[seat].scored
            text = "; ".join(_meld(d) for d in decls) or "пока нет"
            parts.append(f"<div><b>{_esc(name)}:</b> {_esc(text)}</div>")
        t = s.game_totals()
        target = s.rules.target_score
        done = len(s.game.history)
        # genitive: после 1 сдачи, после 2 сдач, после 5 сдач
        after = (f"после {plural(done, 'сдача').replace('сдачи', 'сдач').replace('сдача', 'сдачи')}"
                 if done else "это первая сдача")
        if s.n == 2:
            game = f"у вас {_esc(points(t[s.human]))}, у соперника {_esc(points(t[s.bot]))}"
        else:
            game = ", ".join(f"{_esc(name if name.startswith('Игрок') else name.lower())} — "
                             f"{_esc(points(t[i]))}"
                             for name, i in zip(s.side_names(), s.side_order()))
        parts.append(f"<div style='margin-top:6px'><b>Партия до {target}:</b> {game} "
                     f"({_esc(after)})</div>")
        self.html.value = "".join(parts)


def _multipack_score(s, names) -> str:
    """Rubicon, six- and eight-pack: the points without brisques (R15.10), the brisques apart
    (Rubicon), the declarations, and at the end the settlement of the game (R15.11)."""
    r = s.deal.result()
    order = [s.human, s.bot]
    rows = [["объявления", *(r["declared"][i] for i in order)],
            ["последняя взятка", *(r["last_trick"][i] for i in order)]]
    if any(r.get("penalties") or ()):
        rows.append(["штрафы", *(-r["penalties"][i] for i in order)])
    rows.append(["всего", *(r["scores"][i] for i in order)])
    if s.rules.brisque_role != "none":
        rows.append(["бриски (отдельно)", *(r["brisques"][i] for i in order)])
    parts = ["<b>Очки партии</b>", _table(rows, ["", *names])]
    note = ("Бриски в очки не входят: они решают, только если очки равны, и могут спасти "
            "рубикон." if s.rules.brisque_role != "none" else "Бриски в этой игре не считаются.")
    parts.append(f'<div style="color:#555;font-size:0.9em">{_esc(note)}</div>')
    for seat in order:
        name = "Ваши объявления" if seat == s.human else "Объявления соперника"
        text = "; ".join(_meld(d) for d in s.deal.melds[seat].scored) or "пока нет"
        parts.append(f"<div><b>{_esc(name)}:</b> {_esc(text)}</div>")
    if s.deal.is_over:
        parts.append(f"<div style='margin-top:6px'>{_esc(settlement_text(s.deal, s.human))}</div>")
    games = played_games(s)
    mine = sum(v for w, v in games if w == "you")
    theirs = sum(v for w, v in games if w == "opponent")
    parts.append(f"<div style='margin-top:6px'><b>Каждая сдача — отдельная партия.</b> Выиграно "
                 f"за этим столом: у вас {_esc(points(mine))}, у соперника "
                 f"{_esc(points(theirs))} (сыграно партий: {len(games)}).</div>")
    return "".join(parts)


def _meld(d) -> str:
    from ...melds import SEVEN_EXCHANGE
    from ...ru import meld_name
    if d.meld == SEVEN_EXCHANGE:
        return f"обмен семёрки {d.cards[0].ru} (+{d.points})"
    return f"{meld_name(d.meld)} {' '.join(c.ru for c in d.cards)} (+{d.points})"


# ====================================================================== the log

class LogPanel(W.VBox):
    """The deal in Russian, event by event (the newest at the bottom, scrolled into view)."""

    def __init__(self):
        self.html = W.HTML()
        super().__init__([self.html])

    def update(self, table) -> None:
        lines = table.session.log()
        items = "".join(f"<li>{_esc(line)}</li>" for line in lines) or "<li>Сдача только началась.</li>"
        pile = ""
        deal = table.session.deal
        if is_multipack(deal) and deal.rules.trick_display != "face_down":
            # the heap (Rubicon) or the pile (six-, eight-pack) lies face up: anyone may look
            groups = open_by_suit(deal)
            what = ("Открытая куча взяток" if deal.rules.trick_display == "heap_until_brisque"
                    else "Открытая стопка сыгранных карт")
            body = "; ".join(f"{suit}: {cards}" for suit, cards in groups) or "пока пусто"
            pile = f"<div style='margin:2px 0 6px'><b>{what}:</b> {_esc(body)}</div>"
        # column-reverse keeps the scroll at the newest line; the list inside reads top-down
        self.html.value = pile + ('<div class="bezique-practice-log" style="max-height:420px;'
                           'overflow:auto;display:flex;flex-direction:column-reverse">'
                           f'<ol style="margin:0;padding-left:2.2em;line-height:1.45">{items}</ol></div>')


# ====================================================================== the coach

class CoachPanel(W.VBox):
    """What is allowed now and why the rest is not (the coach's `legality`), and after the
    deal «Разбор сдачи»: the learner's costliest decisions, each on the cards as they were."""

    def __init__(self, owner):
        self.owner = owner
        self.now = W.HTML()
        self.review_button = W.Button(description="Разбор сдачи", icon="search",
                                      tooltip="Тренер найдёт ваши самые дорогие решения в этой сдаче",
                                      layout=W.Layout(width="max-content"))
        self.review_button.on_click(lambda _: owner.review())
        self.review_note = W.HTML()
        self.mistakes = W.VBox()
        self.reviewed = None                   # the deal the mistakes shown belong to
        super().__init__([self.now, self.review_button, self.review_note, self.mistakes])

    def update(self, table) -> None:
        from ...players.coach import legality
        s = table.session
        on = table.coach_box.value
        if self.reviewed is not None and self.reviewed is not s.deal:
            self.reviewed = None               # another deal (or the same, reopened by undo)
            self.review_note.value = ""
            self.mistakes.children = ()
        self.review_button.layout.display = "" if on else "none"
        self.review_button.disabled = not s.deal.is_over or table.reviewing
        if not on:
            self.now.value = ('<div style="color:#555">Тренер выключен: включите флажок '
                              '«Тренер», чтобы получать подсказки и разбор сдачи.</div>')
            return
        if s.deal.is_over:
            self.now.value = ("<div>Сдача окончена. «Разбор сдачи» покажет решения, которые "
                              "стоили вам больше всего очков, — каждое на картах, как они лежали.</div>")
            return
        leg = legality(s.view())
        parts = [f"<div><b>Сейчас:</b> {_esc(leg.rule)}</div>"]
        if leg.forbidden:
            # two or three copies of a card (two or three packs) are one line
            unique = list({f.text: f for f in leg.forbidden}.values())
            items = "".join(f"<li><b>{_esc(f.text)}</b> — нельзя: {_esc(f.reason)}</li>"
                            for f in unique[:12])
            parts.append(f"<div style='margin-top:4px'>Чего сейчас сделать нельзя и почему:</div>"
                         f"<ul style='margin:2px 0'>{items}</ul>")
        self.now.value = "".join(parts)

    def show_review(self, table, deal, found) -> None:
        """Show the mistakes found by `coach.review` (each with its picture)."""
        self.reviewed = deal
        notes = "".join(f"<div style='{BOX}'>{_esc(n.text)}</div>" for n in found.notes)
        about_hints = (("<div><b>О подсказках</b> (это не ваши ошибки: вы последовали "
                        "совету)</div>" + notes) if notes else "")
        if not found:
            self.review_note.value = ("<div style='" + BOX + ";background:#e6f4ea'>Тренер не нашёл "
                                      "в этой сдаче решений, которые стоили бы заметных очков. "
                                      "Отличная игра!</div>" + about_hints)
            self.mistakes.children = ()
            return
        self.review_note.value = (about_hints + f"<div><b>Самые дорогие решения сдачи</b> "
                                  f"({len(found)}): синим поднята сыгранная вами карта, золотом — "
                                  "совет тренера.</div>")
        states = table.replay_states(deal)
        rows = []
        for m in found:
            state = states[m.index]
            kw = scene_kwargs(state, table.session.human, show_last=True)
            kw["scale"] = 0.6
            chosen = getattr(m.chosen, "card", None)
            best = getattr(m.best, "card", None)
            kw["selected"] = {chosen} if chosen is not None else set()
            kw["highlighted"] = {best} if best is not None else set()
            lay = layout_play_table(**kw)
            alt = f"Положение перед решением: {lay.description}".replace("\n", " ")
            go = W.Button(description="Открыть в повторе", icon="play",
                          layout=W.Layout(width="max-content"))
            go.on_click(lambda _, i=m.index: table.replay_to(i))
            rows.append(W.VBox([W.HTML(f"<div style='{BOX}'>{_esc(m.text)}</div>"),
                                W.HTML(picture_html(lay, alt, 6)), go]))
        self.mistakes.children = rows


# ====================================================================== the replay

class ReplayPanel(W.VBox):
    """The deal move by move: a slider and ◀ ▶ buttons over `PracticeSession.replay_states`.
    The opponent's cards are shown face up only once the deal is over (and only if asked)."""

    def __init__(self, owner):
        self.owner = owner
        self.states = []
        self.deal = None
        self.slider = W.IntSlider(value=0, min=0, max=0, description="Ход", continuous_update=False,
                                  layout=W.Layout(width="320px"))
        # 44 pixels wide, or as wide as the arrows are where the font is larger (a phone)
        arrow_size = dict(width="44px", min_width="max-content")
        self.first = W.Button(description="◀◀", tooltip="В начало сдачи",
                              layout=arrow_size)
        self.back = W.Button(description="◀", tooltip="На ход назад", layout=arrow_size)
        self.forward = W.Button(description="▶", tooltip="На ход вперёд", layout=arrow_size)
        self.last = W.Button(description="▶▶", tooltip="К концу сдачи",
                             layout=arrow_size)
        for b in (self.first, self.back, self.forward, self.last):
            b.add_class("bezique-replay-button")
        self.first.on_click(lambda _: self.go(0))
        self.back.on_click(lambda _: self.go(self.slider.value - 1))
        self.forward.on_click(lambda _: self.go(self.slider.value + 1))
        self.last.on_click(lambda _: self.go(len(self.states) - 1))
        self.reveal = W.Checkbox(value=True, description="Показать карты других игроков",
                                 tooltip="Только когда сдача окончена", indent=False,
                                 layout=W.Layout(width="max-content"))
        self.caption = W.HTML()
        self.picture = W.HTML()
        self.slider.observe(lambda _: self.render(), names="value")
        self.reveal.observe(lambda _: self.render(), names="value")
        super().__init__([W.HBox([self.first, self.back, self.slider, self.forward, self.last],
                                 layout=W.Layout(flex_flow="row wrap")),
                          self.reveal, self.caption, self.picture])

    def update(self, table) -> None:
        s = table.session
        if self.deal is not s.deal or len(self.states) != len(s.deal.actions) + 1:
            at_end = self.slider.value >= len(self.states) - 1
            self.deal = s.deal
            self.states = table.replay_states(s.deal)
            self.slider.max = len(self.states) - 1
            if at_end or self.slider.value > self.slider.max:
                self.slider.value = self.slider.max
        self.reveal.disabled = not s.deal.is_over
        self.render()

    def go(self, i: int) -> None:
        self.slider.value = max(0, min(len(self.states) - 1, i))

    def render(self) -> None:
        if not self.states:
            return
        i = self.slider.value
        s = self.owner.session
        state = self.states[i]
        reveal = self.reveal.value and s.deal.is_over
        kw = scene_kwargs(state, s.human, reveal=reveal)
        kw["scale"] = 0.7
        lay = layout_play_table(**kw)
        alt = lay.description.replace("\n", " ")
        self.picture.value = picture_html(lay, alt, 1)
        self.caption.value = f"<div style='{BOX}'>{_esc(self.step_text(i))}</div>"

    def step_text(self, i: int) -> str:
        """«Ход 5 из 71. Вы: сыграть Д♠ (дама пик). Взятка: …»"""
        from ...players.coach_reasons import describe_action
        n = len(self.states) - 1
        if i == 0:
            return f"Начало сдачи (всего {plural(n, 'ход')}). Нажимайте ▶, чтобы идти по ходам."
        human = self.owner.session.human
        seat, act = self.states[-1].actions[i - 1]
        before, after = self.states[i - 1], self.states[i]
        names = seat_names(human, after.n)
        events = [describe_event(e, human, names) for e in after.log[len(before.log):]]
        text = f"Ход {i} из {n}. {who(seat, human, after.n)}: {describe_action(act)}."
        more = " ".join(e for e in events if e)
        return f"{text} {more}".strip()


# ====================================================================== the record

class RecordPanel(W.VBox):
    """Save the deal as a bezique-deal/1 record (a download link and the JSON text) and load
    one (pasted text or a file); a corrupt record is refused with a Russian message."""

    def __init__(self, owner):
        self.owner = owner
        self.save_button = W.Button(description="Сохранить сдачу", icon="download",
                                    layout=W.Layout(width="max-content"))
        self.save_button.on_click(lambda _: owner.save())
        self.link = W.HTML()
        self.text = W.Textarea(placeholder="Здесь появится запись сдачи — или вставьте запись, "
                                           "чтобы её загрузить", description="Запись сдачи",
                               layout=W.Layout(width="100%", height="140px"),
                               style={"description_width": "initial"})
        self.load_button = W.Button(description="Загрузить из текста", icon="upload",
                                    layout=W.Layout(width="max-content"))
        self.load_button.on_click(lambda _: owner.load_text(self.text.value))
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False,
                                   description="Загрузить файл",
                                   layout=W.Layout(width="max-content"))
        self.upload.observe(self._on_upload, names="value")
        self.note = W.HTML()
        super().__init__([W.HTML("Запись сдачи можно сохранить в файл, "
                                 "переслать другу и загрузить снова — сдача продолжится с того же места."),
                          W.HBox([self.save_button, self.link],
                                 layout=W.Layout(flex_flow="row wrap")), self.text,
                          W.HBox([self.load_button, self.upload],
                                 layout=W.Layout(flex_flow="row wrap")), self.note])

    def show_saved(self, record: dict, name: str) -> None:
        text = json.dumps(record, ensure_ascii=False, indent=1)
        self.link.value = download_link(text, name, f"Скачать файл «{name}»")
        self.text.value = text

    def _on_upload(self, change) -> None:
        content = take_upload(self.upload, change)
        if content is None:
            return
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError:
            text = "\ufffd"                         # refused with the Russian message
        self.owner.load_text(text)

    def update(self, table) -> None:
        pass


# ====================================================================== the game

class GamePanel(W.VBox):
    """The game to the target: deal by deal, the chart of the running totals (matplotlib)
    once a deal is finished, the verdict at the end, and the statistics of the table."""

    def __init__(self):
        self.html = W.HTML()
        self.chart = W.HTML()
        self.stats = W.HTML()
        self._chart_key = None
        super().__init__([self.html, self.chart, self.stats])

    def update(self, table) -> None:
        s = table.session
        if is_multipack(s.deal):
            self._update_multipack(table)
            return
        hist = s.score_history()
        target = s.rules.target_score
        names = s.side_names() if s.n > 2 else ["Вы", "Соперник"]
        rows, prev = [], [0] * len(names)
        for i, totals in enumerate(hist, 1):
            rows.append([str(i), *(signed(a - p) for a, p in zip(totals, prev)), *totals])
            prev = totals
        parts = [f"<b>Партия до {target} очков</b>"]
        if rows:
            parts.append(_table(rows, ["Сдача", *(f"{x} за сдачу" for x in names),
                                       *(f"{x} всего" for x in names)]))
        else:
            parts.append("<div>Ещё ни одна сдача этой партии не доиграна.</div>")
        if s.game.is_over:
            won = s.game.winner == s.side(s.human)
            parts.append(f"<div style='{BOX};background:{'#e6f4ea' if won else '#fdeaea'}'><b>"
                         + _esc(game_verdict(s))
                         + "</b> Кнопка «Новая сдача» начнёт новую партию.</div>")
        self.html.value = "".join(parts)
        key = (tuple(map(tuple, hist)), target)
        if hist and key != self._chart_key:
            png, alt, size = score_chart(hist, target, s.game.is_over, names=names)
            # bytes: a PNG from matplotlib; text: an SVG chart (the browser kernel)
            self.chart.value = img_html(png, alt, size) if isinstance(png, bytes) else png
        elif not hist:
            self.chart.value = ""
        self._chart_key = key
        st = s.statistics()
        if st["deals"]:
            self.stats.value = (
                f"<div style='{BOX}'><b>Статистика за этим столом</b><br>"
                f"Доиграно сдач: {st['deals']}; выиграно: {st['won']}, проиграно: {st['lost']}"
                + (f", вничью: {st['drawn']}" if st["drawn"] else "")
                + f".<br>Средний перевес за сдачу: {_esc(signed(round(st['average_margin'])))} "
                  f"(в среднем у вас {_esc(points(round(st['average_score'])))} за сдачу)."
                + f"<br>Подсказок взято: {table.hints_used}.</div>")
        else:
            self.stats.value = (f"<div style='{BOX}'><b>Статистика за этим столом</b><br>"
                                "Доиграйте сдачу — здесь появятся сыгранные и выигранные сдачи "
                                "и средний перевес.</div>")


    def _update_multipack(self, table) -> None:
        """Rubicon, six- and eight-pack: each deal is a game (R15.11.1), worth its settlement;
        the games played at this table, their values and the running sums."""
        s = table.session
        games = played_games(s)
        rows, mine, theirs = [], 0, 0
        for i, (winner, value) in enumerate(games, 1):
            mine += value if winner == "you" else 0
            theirs += value if winner == "opponent" else 0
            who = {"you": "вы", "opponent": "соперник"}.get(winner, "никто (партия аннулирована)")
            rows.append([str(i), who, value, mine, theirs])
        parts = ["<b>Каждая сдача — отдельная партия</b>"]
        if rows:
            parts.append(_table(rows, ["Партия", "Выиграл", "Стоимость", "Вы всего",
                                       "Соперник всего"]))
        else:
            parts.append("<div>Ещё ни одна партия не доиграна.</div>")
        if s.deal.is_over:
            parts.append(f"<div style='{BOX}'>{_esc(settlement_text(s.deal, s.human))} "
                         "Кнопка «Новая партия» сдаст следующую.</div>")
        self.html.value = "".join(parts)
        self.chart.value = ""
        self._chart_key = None
        self.stats.value = (f"<div style='{BOX}'><b>Статистика за этим столом</b><br>"
                            f"Подсказок взято: {table.hints_used}.</div>")


CHART_STYLE = (("#1f5fa8", "o"), ("#c0392b", "s"), ("#7d3c98", "^"), ("#b9770e", "D"))


def score_chart(history, target: int, finished: bool, width: float = 5.4,
                height: float = 3.0, dpi: int = 100, names=("Вы", "Соперник")):
    """The running totals of the game, deal by deal, with the target line: (png, alt, size);
    `history` rows and `names` in the same order (yours first). Drawn without pyplot and
    saved without a timestamp (the same PNG every time). Where matplotlib is not (the browser
    kernel) the first item is the SVG text of the same chart (`render.chart`)."""
    lower = [x if x.startswith("Игрок") else x.lower() for x in names]
    steps = "; ".join(f"после сдачи {i}: " + ", ".join(f"{x} {v}" for x, v in zip(lower, h))
                      for i, h in enumerate(history, 1))
    alt = f"График партии до {target} очков: {steps}."
    size = (round(width * dpi), round(height * dpi))
    if use_svg_chart():
        top = max([target] + [max(h) for h in history])
        svg = line_chart_svg([[0] + [h[k] for h in history] for k in range(len(names))],
                             list(names), CHART_STYLE, target=target,
                             target_label=f"цель — {target} ", target_label_right=True,
                             width=size[0], height=size[1], ylim=(0, top * 1.12),
                             title="Партия окончена" if finished else None, title_pt=10,
                             legend="upper left", legend_pt=8, alt=alt)
        return svg, alt, size
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot(1, 1, 1)
    xs = list(range(len(history) + 1))
    for k, name in enumerate(names):
        colour, marker = CHART_STYLE[k]
        ax.plot(xs, [0] + [h[k] for h in history], marker=marker, color=colour, linewidth=2,
                label=name)
    ax.axhline(target, color="#555555", linestyle="--", linewidth=1)
    # at the right end, clear of the legend in the upper left corner
    ax.text(xs[-1], target, f"цель — {target} ", fontsize=8, color="#333333", va="bottom", ha="right")
    ax.set_xticks(xs)
    ax.set_xlabel("сдача")
    ax.set_ylabel("очки в партии")
    top = max([target] + [max(h) for h in history])
    ax.set_ylim(0, top * 1.12)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper left", framealpha=1.0, fontsize=8)
    if finished:
        ax.set_title("Партия окончена", fontsize=10)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    return buf.getvalue(), alt, size


# ====================================================================== the settings

class SettingsPanel(W.VBox):
    """The tab «Настройки»: the opponent, the rules, the deal number and the checkboxes (the
    widgets belong to the table, which reacts to them)."""

    def update(self, table) -> None:
        """Nothing to redraw: the settings are widgets the learner changes."""


__all__ = ["SettingsPanel", "ScorePanel", "LogPanel", "CoachPanel", "ReplayPanel", "RecordPanel", "GamePanel",
           "score_chart"]
