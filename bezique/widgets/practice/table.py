"""`PracticeTable`: a whole deal against the computer, with a coach — in JupyterLab and as a
Voilà app (`make practice`).

The table is the face of `bezique.practice.PracticeSession`: every click goes to the session
(and through it to the engine), and the table shows what came back. Rules are never decided
here: the greyed cards are the engine's illegal plays, a refused click shows the engine's
Russian reason, the declaration buttons are the engine's legal declarations with their
points, and hints and the review come from the coach (`bezique.players.coach`).

What a learner can do, and the method behind it (for tests and notebooks):

* click a card of the hand or of the declared cards — `click_card(card)`; a greyed or
  otherwise refused card — the reason, nothing changes;
* after a trick won: a declaration button, «Без объявления», «…очков за мной» — `press(action)`
  (`choices()` lists them);
* «Подсказка» — `hint()`; «Отменить ход» — `undo()`; «Новая сдача» (random or numbered) —
  `new_deal(number)`; «Сыграть эту же сдачу за другую сторону» — `swap()`;
* save and load a bezique-deal/1 record — `save()`, `load_text(text)`; replay move by move —
  `replay_to(i)`; after the deal «Разбор сдачи» — `review(wait=True)`;
* settings: the opponent (Новичок / Любитель / Мастер), Мастер's time a move, the rules
  preset, the coach, training mode (undo every move), four-colour suits.

How fast the table answers a click is measured by `practice.bench`.
"""

from __future__ import annotations

import html
import threading

import ipywidgets as W

from ...actions import Pass, Play
from ...cards import Card
from ...errors import BeziqueError
from ...players.search import supported as master_supported
from ...players import coach as coaching
from ...practice import PracticeSession
from ...ru import capitalize
from ..background import report_fault, run_in_background, warm_up
from ..menu import Menu
from ..page import OnPage
from ..render.canvas import CardCanvas
from .fit import ScreenFit
from .panels import (CoachPanel, GamePanel, LogPanel, RecordPanel, ReplayPanel, ScorePanel,
                     SettingsPanel)
from .scene import (BUDGET_CHOICES, OPPONENT_CHOICES, PRESET_CHOICES, declaration_buttons,
                    disabled_cards, instruction, rule_chapter, rules_label, scene_kwargs,
                    status_text, trump_text, turn_text, who_in_text, game_verdict)
from ...variants.multipack.explain import is_multipack, table_notes
from .style import TABLE_STYLE

TAB_TITLES = ("Счёт", "Ход сдачи", "Тренер", "Повтор", "Запись", "Партия", "Настройки")
# The message box is at least three lines high (so that the tabs under it keep their place
# for most messages) and grows with a longer text: the learner reads every line of a hint
# without scrolling inside a box. It stands beside (or under) the picture, so that growing it
# never moves the cards and the buttons under the pointer.
MESSAGE_HEIGHT = "calc(4.35em + 12px)"
# The prompt over the picture keeps two lines' room, so that the picture stays put as the
# prompt changes, and grows for a longer one (the end of a deal on a phone: three lines).
PROMPT_HEIGHT = "2.7em"
MESSAGE_STYLE = {"error": ("#fdeaea", "#a8201a"), "hint": ("#e8f0fb", "#1f5fa8"),
                 "ok": ("#e6f4ea", "#1e7b34"), "info": ("#f3f4f6", "#555555")}


# Мастер (and so the coach's own analysis) plays only some variants (`search.supported`), and
# the coach reviews fewer still (`coach.no_review`); where not, the table says so instead of
# pretending.
COACH_AS_AMATEUR = ("Для этой игры совет даёт Любитель: просчитывать варианты здесь Мастер "
                    "пока не умеет, так что это совет хорошего игрока, а не расчёт.")


def no_review_text(rules) -> str | None:
    """What the table says instead of a review the coach does not make (`coach.no_review`)."""
    why = coaching.no_review(rules)
    return None if why is None else (f"Разбор сдачи тренер пока не делает для этой игры: {why}. "
                                     "Ход сдачи можно пересмотреть на вкладке «Повтор».")


def opponent_options(opponent: str, budget: float) -> dict:
    """Constructor options of the opponent: Мастер thinks at most `budget` seconds a move — half
    of it for every move, the other half only for a close choice (see `search.SearchPlayer`);
    those are seconds of the processor, so on a busy machine a wall-clock limit (twice the
    budget and a second) keeps the learner from waiting much longer."""
    if opponent != "search":
        return {}
    return {"time_limit": budget / 2, "extra_time": budget / 2,
            "samples": 64 if budget <= 0.5 else 256, "wall_limit": 2 * budget + 1.0}


def inner_quotes(text: str) -> str:
    """Quotes inside «ёлочки» become „лапки“: «Конец талона и игра „на выход“»."""
    return text.replace("«", "„").replace("»", "“")


class PracticeTable(OnPage, W.VBox):
    """The practice table. Either pass a `PracticeSession`, or the options of a new one:

    >>> PracticeTable(opponent="heuristic", rules="canonical", seed=7, deal_number=42)

    `budget` is Мастер's thinking time a move (seconds); `hint_options` / `review_options`
    set the coach's budget (`samples`, `time_limit`; with `time_limit=None` the coach's
    answers depend only on the position and the seed)."""

    static_hint = ("Здесь можно сыграть целую партию против компьютера — с подсказками тренера, "
                   "отменой хода, разбором и повтором сдачи.")

    def __init__(self, session: PracticeSession | None = None, *, opponent: str = "heuristic",
                 rules="canonical", seed: int | None = None, deal_number: int | None = None,
                 training: bool = True, coach: bool = True, budget: float = 0.5,
                 four_colour: bool = False, hint_options: dict | None = None,
                 review_options: dict | None = None):
        self.seed = seed
        self.budget = budget
        self.hint_options = dict(hint_options or {})
        self.review_options = dict(coaching.INTERACTIVE_REVIEW, **(review_options or {}))
        if session is None:
            session = PracticeSession(opponent, rules, training=training, seed=seed,
                                      opponent_options=opponent_options(opponent, budget))
            if deal_number is not None:
                session.new_deal(deal_number)
        self.session = session
        self.hints_used = 0
        self.reviewing = False
        self.message_text = ""
        self.message_kind = "info"
        self._hint = None                      # (deal, number of actions, Hint)
        self._states_cache = (None, -1, [])
        self._scene_key = None
        self._quiet = False
        self._review_thread: threading.Thread | None = None

        # ---- settings
        wide = {"description_width": "initial"}
        self.opponent_dd = Menu(options=OPPONENT_CHOICES, value=session.opponent_name,
                                description="Соперник:", style=wide,
                                layout=W.Layout(width="430px"))
        budgets = [b for _, b in BUDGET_CHOICES]
        self.budget_dd = Menu(options=BUDGET_CHOICES,
                              value=min(budgets, key=lambda b: abs(b - budget)),
                              description="Время Мастера на ход:", style=wide)
        spec = session.rules.to_spec()
        presets = [k for _, k in PRESET_CHOICES]
        self.rules_dd = Menu(options=PRESET_CHOICES,
                             value=spec if spec in presets else "canonical",
                             description="Правила:", style=wide,
                             layout=W.Layout(width="340px"))
        self.number = W.Text(value="", placeholder="любая", description="Номер сдачи:", style=wide,
                             layout=W.Layout(width="210px"))
        self.new_button = W.Button(description="Новая сдача", icon="refresh",
                                   layout=W.Layout(width="max-content"))
        self.swap_button = W.Button(description="Сыграть эту же сдачу за другую сторону",
                                    icon="exchange", layout=W.Layout(width="max-content"))
        self.coach_box = W.Checkbox(value=coach, description="Тренер: подсказки и разбор сдачи",
                                    indent=False, layout=W.Layout(width="max-content"))
        self.training_box = W.Checkbox(value=session.training, indent=False,
                                       description="Режим тренировки: отменять можно все ходы",
                                       layout=W.Layout(width="max-content"))
        self.colour_box = W.Checkbox(value=four_colour, description="Четырёхцветные масти",
                                     indent=False, layout=W.Layout(width="max-content"))

        # ---- the table
        self.header = W.HTML()
        self.status = W.HTML()
        self.prompt = W.HTML()
        self.notes = W.HTML()                  # multi-pack: trumps, the heap or pile, the chain
        self.message = W.HTML()
        self.canvas = CardCanvas(select_mode="none", four_colour=four_colour, name="Ваши карты")
        self.fit = ScreenFit(self.canvas, self.refresh)     # the picture for the page's width
        self.decl_box = W.HBox(layout=W.Layout(flex_flow="row wrap", display="contents"))
        self.hint_button = W.Button(description="Подсказка", icon="lightbulb-o",
                                    tooltip="Что бы сделал Мастер на вашем месте — и почему",
                                    layout=W.Layout(width="max-content"))
        self.undo_button = W.Button(description="Отменить ход", icon="undo",
                                    layout=W.Layout(width="max-content"))
        self._decl_buttons: list[tuple[W.Button, object]] = []
        # after the deal: what to do next, right under the table
        self.review_now = W.Button(description="Разбор сдачи", icon="search", button_style="info",
                                   layout=W.Layout(width="max-content"))
        self.replay_now = W.Button(description="Повтор сдачи", icon="play",
                                   layout=W.Layout(width="max-content"))
        self.next_button = W.Button(description="Следующая сдача", icon="refresh",
                                    button_style="success", layout=W.Layout(width="max-content"))
        self.swap_now = W.Button(description="Эту же сдачу — за соперника", icon="exchange",
                                 layout=W.Layout(width="max-content"))
        self.after_box = W.HBox([self.review_now, self.replay_now, self.next_button, self.swap_now],
                                layout=W.Layout(flex_flow="row wrap"))

        # ---- the panels
        self.score_panel = ScorePanel()
        self.log_panel = LogPanel()
        self.coach_panel = CoachPanel(self)
        self.replay_panel = ReplayPanel(self)
        self.record_panel = RecordPanel(self)
        self.game_panel = GamePanel()
        self.settings_panel = SettingsPanel([
            W.HBox([self.opponent_dd], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.budget_dd, self.rules_dd], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.number, self.new_button], layout=W.Layout(flex_flow="row wrap")),
            self.swap_button, self.coach_box, self.training_box, self.colour_box])
        self.panels = [self.score_panel, self.log_panel, self.coach_panel, self.replay_panel,
                       self.record_panel, self.game_panel, self.settings_panel]
        self.tabs = W.Tab(children=self.panels)
        self.tabs.titles = TAB_TITLES
        self._dirty = set(range(len(self.panels)))

        # The table fits a 1366×768 screen (a phone: `fit`): status, what to do, the picture, then
        # one wrapping row of buttons («Подсказка», «Отменить ход», then those of decl_box: display
        # contents). The message (a hint, a refusal with its reasons) stands at the head of
        # the other column, over the tabs: beside the table if there is room for 440 pixels,
        # else under the buttons, never wider than the screen (less the widget's margins). It
        # is as high as its text (never a scrolling box), and growing it moves only the tabs,
        # never the cards or the buttons under the learner's pointer.
        self.controls = W.HBox([self.hint_button, self.undo_button, self.decl_box, self.after_box],
                               layout=W.Layout(flex_flow="row wrap", align_items="center"))
        left = W.VBox([self.status, self.notes, self.prompt, self.canvas, self.controls],
                      layout=W.Layout(width="720px", max_width="100%"))
        fit = "min(360px, 100% - 2 * var(--jp-widgets-margin))"
        side = W.VBox([self.message, self.tabs],
                      layout=W.Layout(flex="1 1 440px", min_width=fit, max_width="640px"))
        super().__init__([
            self.header,
            W.HBox([left, side], layout=W.Layout(flex_flow="row wrap", align_items="flex-start",
                                                 grid_gap="2px 12px"))])
        self.add_class("bezique-practice-table")

        # ---- wiring
        self.canvas.on_card_click(self._on_card)
        self.canvas.on_disabled_click(self._on_disabled)
        self.canvas.on_box_click(self._on_box)
        self.hint_button.on_click(lambda _: self.hint())
        self.undo_button.on_click(lambda _: self.undo())
        self.review_now.on_click(lambda _: self.review())
        self.replay_now.on_click(lambda _: self.replay_to(0))
        self.next_button.on_click(lambda _: self.new_deal(""))
        self.swap_now.on_click(lambda _: self.swap())
        self.new_button.on_click(lambda _: self.new_deal())
        self.swap_button.on_click(lambda _: self.swap())
        self.opponent_dd.observe(self._on_opponent, names="value")
        self.budget_dd.observe(self._on_opponent, names="value")
        self.rules_dd.observe(self._on_rules, names="value")
        self.training_box.observe(self._on_training, names="value")
        self.coach_box.observe(self._on_coach, names="value")
        self.colour_box.observe(self._on_colour, names="value")
        self.tabs.observe(lambda _: self._update_panels(), names="selected_index")
        self._say("info", "Добро пожаловать за стол! " + self._whose_start())
        self.refresh()

    # ================================================================== clicks on the cards
    def click_card(self, card: Card):
        """Click a card of the picture (as the mouse does); returns the hit box."""
        return self.canvas.click_card(card)

    def _on_card(self, card: Card) -> None:
        deal, human = self.session.deal, self.session.human
        if card in deal.hands[human]:
            self.act(Play(card))
            return
        elif card == deal.turn_up:
            self._say("info", f"Это открытый козырь {card.ru}: его масть — козырная. Его можно "
                              "забрать, обменяв на него козырную семёрку после выигранной взятки.")
        elif card in deal.trick or any(card in deal.hands[s] for s in range(deal.n) if s != human):
            owner = next((s for s in range(deal.n) if s != human and card in deal.hands[s]), None)
            where = "во взятке" if card in deal.trick else "объявлена соперником" \
                if deal.n == 2 else f"объявлена (её объявил {who_in_text(owner, human, deal.n)})"
            self._say("info", f"{card.ru} ({card.name_ru}) {where}: это не ваша карта.")
        else:
            self._say("info", f"{card.ru} ({card.name_ru}) — карта прошлой взятки.")
        self.refresh()

    def _on_disabled(self, card: Card) -> None:
        """A greyed card: the engine says why it may not be played (and nothing changes)."""
        self.act(Play(card))

    def _on_box(self, box) -> None:
        if box.card is not None:
            return
        if box.label.startswith("талон"):
            count = box.label.partition(": ")[2]          # empty where the rules hide the count
            self._say("info", (f"Талон: {count}. " if count else "Талон. ") + "Карту из него "
                              "берут сами собой после каждой взятки — сначала взявший взятку.")
        else:
            self._say("info", "Это карты соперника рубашкой вверх: их вы не видите."
                      if self.session.n == 2 else
                      "Это карты другого игрока рубашкой вверх: их вы не видите (даже карты "
                      "партнёра).")
        self.refresh()

    # ================================================================== actions
    def choices(self) -> list[tuple[str, object]]:
        """The buttons of the declaration turn now: (label, action)."""
        return [(b.description, a) for b, a in self._decl_buttons]

    def press(self, action) -> bool:
        """Press the button of `action` (or of a label); False if there is none now."""
        for button, act in self._decl_buttons:
            if act == action or button.description == action:
                button.click()
                return True
        return False

    def act(self, action) -> bool:
        """Do the learner's action through the session; show what happened (or why not)."""
        s = self.session
        was_over = s.game.is_over
        if s.opponent_name == "search" and s.my_turn:
            self._say("info", "Ход принят — Мастер думает…")   # reaches the page at once
        out = s.act(action)
        if not out.ok:
            self._refuse(out.message, out.rule)
            self.refresh()
            return False
        self._hint = None
        lines = list(out.lines)
        if s.deal.is_over:
            _warm_up_chart()
            lines = [x for x in lines if not x.startswith("Сдача окончена")]
            lines.append(instruction(s.deal, s.human, full=True))
            if is_multipack(s.deal):            # each deal is a game: its settlement said it
                lines.append("Итог всех партий за этим столом — на вкладке «Партия».")
            elif s.game.is_over and not was_over:
                lines.append(game_verdict(s) + " График партии — на вкладке «Партия».")
        self._say("ok", "", lines)
        self._mark_all()
        self.refresh()
        return True

    def _refuse(self, message: str, rule: str | None) -> None:
        lines = []
        if not self.session.deal.is_over:
            now = coaching.legality(self.session.view()).rule
            if now and now.rstrip(".") not in message:
                lines.append(f"Сейчас — {now[:1].lower()}{now[1:]}")
        chapter = rule_chapter(rule)
        if chapter:
            lines.append(f"Подробнее — в главе «{inner_quotes(chapter)}».")
        self._say("error", message, lines)

    def hint(self):
        """«Подсказка»: what Мастер would do here, and why (the coach's Russian reason)."""
        s = self.session
        if not self.coach_box.value:
            self._say("info", "Подсказки даёт тренер: включите флажок «Тренер».")
        elif s.deal.is_over or not s.my_turn:
            self._say("info", "Подсказывать нечего: сдача окончена." if s.deal.is_over
                      else f"Сейчас ходит {s.actor_name()}.")
        else:
            opts = {"samples": coaching.HINT_SAMPLES, "time_limit": coaching.HINT_TIME,
                    "wall_limit": coaching.HINT_WALL, "seed": len(s.deal.actions),
                    **self.hint_options}
            self._say("info", "Тренер думает…")
            try:
                h = coaching.hint(s.view(), **opts)
            except Exception as e:              # a fault of the coach: the table stays alive
                report_fault(e)
                self._say("error", coaching.failure_text(coaching.HINT_FAILED, e,
                                                         coaching.HINT_FAILED_ADVICE))
                self.refresh()
                return None
            self.hints_used += 1
            self._hint = (s.deal, len(s.deal.actions), h)
            lines = [h.reason] if h.reason else []
            if h.cut_note:
                lines.append(h.cut_note + " Нажмите «Подсказка» ещё раз, и тренер подумает снова.")
            if not master_supported(s.rules):
                lines.append(COACH_AS_AMATEUR)
            self._say("hint", h.text, lines)
            self._mark_all()
        self.refresh()
        return self._hint[2] if self._hint else None

    @property
    def hinted_action(self):
        """The action of the hint, while the position it was given for is still on the table."""
        if self._hint and self._hint[0] is self.session.deal and \
                self._hint[1] == len(self.session.deal.actions):
            return self._hint[2].action
        return None

    def undo(self) -> bool:
        out = self.session.undo()
        self._hint = None
        self._say("ok" if out.ok else "error", out.message,
                  [self._whose_start()] if out.ok else [])
        self._mark_all()
        self.refresh()
        return out.ok

    def new_deal(self, number: int | str | None = None) -> bool:
        """«Новая сдача»: numbered (the same for everybody) or the next of the game."""
        s = self.session
        raw = str(number) if number is not None else self.number.value.strip()
        try:
            value = None if raw == "" else int(raw)
        except ValueError:
            self._say("error", f"Номер сдачи — целое неотрицательное число, например 42 "
                               f"(а не «{raw}»). Оставьте поле пустым для случайной сдачи.")
            self.refresh()
            return False
        new_game = s.game.is_over
        try:
            s.new_deal(value)
        except BeziqueError as e:
            self._say("error", e.message)
            self.refresh()
            return False
        self.number.value = ""                 # the field is for the next deal; the header names this one
        self._hint = None
        head = "Новая партия. " if new_game else ""
        what = f"Сдача № {value}" if value is not None else "Новая сдача"
        self._say("ok", f"{head}{what}: {rules_label(s.rules)}.", [self._whose_start()])
        self._mark_all()
        self.refresh()
        return True

    def swap(self) -> None:
        """«Сыграть эту же сдачу за другую сторону»: the same cards from the other seat."""
        s = self.session
        s.swap_seats()
        self._hint = None
        text = ("Та же сдача с другой стороны: теперь у вас карты, которые были у соперника."
                if s.n == 2 else f"Та же сдача с другого места: теперь вы сидите на месте "
                                 f"{s.human + 1} и играете его картами.")
        self._say("ok", text, [self._whose_start()])
        self._mark_all()
        self.refresh()

    def save(self) -> dict:
        """The deal as a bezique-deal/1 record, offered as a file and as text."""
        rec = self.session.save()
        num = self.session.deal_number
        name = f"bezique-deal-{num}.json" if num is not None else "bezique-deal.json"
        self.record_panel.show_saved(rec, name)
        self._say("ok", "Сдача сохранена: скачайте файл или скопируйте текст на вкладке «Запись».")
        self.refresh()
        return rec

    def load_text(self, text: str) -> bool:
        """Load a record (JSON text); a corrupt one changes nothing and says what is wrong."""
        out = self.session.load(text)
        if not out.ok:
            self._say("error", out.message)
        else:
            self._hint = None
            spec = self.session.rules.to_spec()
            if spec in [k for _, k in PRESET_CHOICES] and spec != self.rules_dd.value:
                self._quiet = True
                self.rules_dd.value = spec
                self._quiet = False
            state = "Сдача доиграна — её можно посмотреть на вкладке «Повтор»." \
                if self.session.deal.is_over else self._whose_start()
            self._say("ok", f"{out.message} Правила: {rules_label(self.session.rules)}.", [state])
        self._mark_all()
        self.refresh()
        return out.ok

    # ================================================================== review and replay
    def review(self, wait: bool = False):
        """«Разбор сдачи»: the coach replays the finished deal and finds the learner's
        costliest decisions. In the app it runs in the background (a few seconds), or at
        once where no thread can start (the browser: `background.run_in_background`);
        `wait=True` runs it at once and returns the mistakes."""
        s = self.session
        if not s.deal.is_over:
            self._say("info", "Разбор будет после сдачи: доиграйте её до конца.")
            self.refresh()
            return None
        if self.reviewing:
            return None
        if coaching.no_review(s.rules):
            self._say("info", no_review_text(s.rules))
            self.refresh()
            return None
        deal, human = s.deal, s.human
        self.reviewing = True
        self._say("info", "Тренер разбирает сдачу: это займёт несколько секунд…")
        self.refresh()

        def work():
            try:
                return coaching.review(deal, human, top=3, seed=self.seed or 0, **self.review_options)
            except Exception as e:                      # keep the table alive, say what failed
                report_fault(e)
                return e

        if wait:
            found = work()
            self._review_done(deal, found)
            return found
        # In the browser no thread can start: the review runs here and now, after the message
        # above has reached the page.
        self._review_thread = run_in_background(work, lambda found: self._review_done(deal, found))
        return None

    def _review_done(self, deal, found) -> None:
        self.reviewing = False
        if isinstance(found, BaseException):
            self._say("error", coaching.failure_text(
                "Разбор сдачи не получился", found,
                "Сдача и партия не пострадали: ход сдачи можно пересмотреть на вкладке «Повтор»."))
        elif deal is self.session.deal:
            self.coach_panel.show_review(self, deal, found)
            self._say("ok", "Разбор готов — он на вкладке «Тренер»." if found else
                      "Разбор готов: заметных ошибок тренер не нашёл.")
            self.tabs.selected_index = TAB_TITLES.index("Тренер")
        self._dirty.add(TAB_TITLES.index("Тренер"))
        self.refresh()

    def replay_states(self, deal=None) -> list:
        deal = self.session.deal if deal is None else deal
        d, n, states = self._states_cache
        if d is not deal or n != len(deal.actions):
            states = self.session.replay_states(deal)
            self._states_cache = (deal, len(deal.actions), states)
        return states

    def replay_to(self, index: int) -> None:
        """Open the replay at the state before action `index`."""
        self.tabs.selected_index = TAB_TITLES.index("Повтор")
        self.replay_panel.update(self)
        self.replay_panel.go(index)

    # ================================================================== settings
    def _on_opponent(self, _=None) -> None:
        if self._quiet:
            return
        name = self.opponent_dd.value
        s = self.session
        s.set_opponent(name, opponent_options(name, self.budget_dd.value))
        self._sync_opponent()
        name = s.opponent_name
        self.budget_dd.disabled = name != "search"
        if s.level_note:
            self._say("info", s.level_note)
        else:
            self._say("ok", f"Теперь {self._opponents_phrase()}"
                      + (f" ({self.budget_dd.label} на ход)" if name == "search" else "") + ".")
        self.refresh()

    def _sync_opponent(self) -> None:
        """The opponent menu shows who really plays (the Любитель where Мастер cannot)."""
        if self.opponent_dd.value != self.session.opponent_name:
            self._quiet = True
            self.opponent_dd.value = self.session.opponent_name
            self._quiet = False

    def _opponents_phrase(self) -> str:
        """«ваш соперник — Любитель»; «за всех остальных играет Любитель (и за вашего партнёра)»."""
        s = self.session
        if s.n == 2:
            return f"ваш соперник — {s.opponent_title}"
        partner = " — и за вашего партнёра тоже" if s.partner is not None else ""
        return f"за остальных игроков играет {s.opponent_title}{partner}"

    def _on_rules(self, change) -> None:
        if self._quiet:
            return
        old = self.session
        name = self.opponent_dd.value
        new = PracticeSession(name, change["new"], training=self.training_box.value, seed=self.seed,
                              opponent_options=opponent_options(name, self.budget_dd.value))
        new.results = old.results
        self.session = new
        self._hint = None
        self._sync_opponent()
        note = [new.level_note] if new.level_note else []
        self._say("ok", f"Новая партия по правилам: {rules_label(new.rules)}.",
                  note + [self._whose_start()])
        self._mark_all()
        self.refresh()

    def _on_training(self, change) -> None:
        self.session.training = change["new"]
        self._say("info", "Режим тренировки: можно отменить любой свой ход." if change["new"] else
                  "Режим тренировки выключен: отменить можно только один последний ход.")
        self.refresh()

    def _on_coach(self, change) -> None:
        self._say("info", "Тренер включён: «Подсказка» под столом, «Разбор сдачи» после сдачи."
                  if change["new"] else "Тренер выключен.")
        self._mark_all()
        self.refresh()

    def _on_colour(self, change) -> None:
        self.canvas.four_colour = change["new"]          # the canvas redraws itself

    # ================================================================== drawing
    def _whose_start(self) -> str:
        s = self.session
        if s.deal.is_over:
            return "Сдача окончена."
        dealer = "вы сдаёте" if s.deal.dealer == s.human else \
            f"сдаёт {who_in_text(s.deal.dealer, s.human, s.n)}"
        return f"{turn_text(s.deal, s.human)}; {dealer}, {trump_text(s.deal, s.human)}."

    def _say(self, kind: str, title: str, lines=()) -> None:
        self.message_kind = kind
        self.message_text = " ".join([title, *lines]).strip()
        bg, fg = MESSAGE_STYLE[kind]
        body = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        self.message.value = (
            f'<div class="bezique-practice-message bezique-{kind}" role="status" '
            f'style="background:{bg};border-left:4px solid {fg};padding:6px 10px;'
            f'margin:2px 0 4px;box-sizing:border-box;min-height:{MESSAGE_HEIGHT};'
            f'overflow-wrap:break-word;line-height:1.45">'
            + (f"<b>{html.escape(title)}</b>" if title else "")
            + (f'<ul style="margin:0;padding-left:1.3em">{body}</ul>' if body else "")
            + "</div>")

    def _mark_all(self) -> None:
        self._dirty = set(range(len(self.panels)))

    def refresh(self) -> None:
        """Redraw the table and the visible panel from the session."""
        s = self.session
        deal, human = s.deal, s.human
        hinted = self.hinted_action
        glow = {hinted.card} if type(hinted) is Play else set()
        key = (deal, len(deal.actions), deal.stage, human, frozenset(glow), self.fit.narrow)
        if key != self._scene_key:              # a refused or an idle click changes no card
            kw = scene_kwargs(deal, human, highlighted=glow)
            self.canvas.show_scene(disabled=disabled_cards(deal, human),
                                   layout=self.fit.layout_for(s.n), **kw)
            self.prompt.value = (f'<div class="bezique-practice-prompt" style="min-height:{PROMPT_HEIGHT};'
                                 'line-height:1.35;font-weight:600;margin:0">'
                                 + html.escape(instruction(deal, human)) + "</div>")
            self.notes.value = self._notes_html()
            self._scene_key = key
        number = f"сдача № {s.deal_number}" if s.deal_number is not None else "случайная сдача"
        self.header.value = (TABLE_STYLE +
                             f"<div style='font-size:1.05em;margin:2px 0'><b>Тренировочный стол.</b> "
                             f"{capitalize(self._opponents_phrase())}; правила: "
                             f"{html.escape(rules_label(s.rules))}; {number}.</div>")
        self._draw_buttons(hinted)
        coach = self.coach_box.value
        self.hint_button.layout.display = "" if coach else "none"
        self.hint_button.disabled = not s.my_turn
        self.undo_button.disabled = not s.can_undo()
        over = s.deal.is_over
        self.after_box.layout.display = "" if over else "none"
        self.review_now.layout.display = "" if coach else "none"
        self.review_now.disabled = self.reviewing
        self.next_button.description = "Новая партия" if s.game.is_over else "Следующая сдача"
        self.new_button.description = "Новая партия" if s.game.is_over else "Новая сдача"
        self.budget_dd.disabled = self.opponent_dd.value != "search"
        self._dirty.update({0, 1})
        self._update_panels()
        # The status line goes last: once the page shows its `data-actions`, everything else
        # this move changed has arrived (tests/browser/bench_practice.py waits for it).
        game = s.game_totals()
        self.status.value = (f'<div class="bezique-practice-status" data-actions="{len(deal.actions)}" '
                             'style="font-size:0.9em;line-height:1.35;color:#333;margin:0">'
                             + html.escape(status_text(deal, human, [game[human], game[1 - human]]
                                                       if s.n == 2 else game,
                                                       s.rules.target_score)) + "</div>")

    def _notes_html(self) -> str:
        """Multi-pack games: who fixed trumps, the heap or the pile as the rules make it
        public, the carte blanche chain (one short line each); empty elsewhere."""
        deal = self.session.deal
        if not is_multipack(deal):
            return ""
        items = "".join(f"<li>{html.escape(t)}</li>" for t in table_notes(deal, self.session.human))
        return ('<ul class="bezique-practice-notes" style="font-size:0.85em;line-height:1.3;'
                f'color:#333;margin:0 0 2px;padding-left:1.2em">{items}</ul>')

    def _draw_buttons(self, hinted) -> None:
        s = self.session
        wanted = declaration_buttons(s.deal, s.human)
        old = self._decl_buttons
        if [(b.description, a) for b, a in old] != wanted:
            for b, _ in old:
                b.close()
            self._decl_buttons = []
            for label, act in wanted:
                b = W.Button(description=label, layout=W.Layout(width="max-content"))
                b.on_click(lambda _, a=act: self.act(a))
                self._decl_buttons.append((b, act))
            self.decl_box.children = [b for b, _ in self._decl_buttons]
        for b, act in self._decl_buttons:
            marked = hinted is not None and act == hinted
            b.icon = "star" if marked else ""
            b.button_style = "warning" if marked else ("" if type(act) is Pass else "info")

    def _update_panels(self) -> None:
        i = self.tabs.selected_index
        i = 0 if i is None else i
        for k in sorted({0, 1, i} & self._dirty):
            if k in (0, 1) or k == i:
                self.panels[k].update(self)
                self._dirty.discard(k)


def _warm_up_chart() -> None:
    """Import matplotlib in the background once a deal is over, so that the first game chart
    (tab «Партия») does not keep the learner waiting for the import (skipped where no thread
    can start: the import would then delay the answer to the last click)."""
    import sys
    if "matplotlib.backends.backend_agg" not in sys.modules:
        warm_up(lambda: __import__("matplotlib.backends.backend_agg"))


__all__ = ["PracticeTable", "opponent_options"]
