"""Demos of chapter 07 «Как карты переходят из комбинации в комбинацию» (and of chapter 12's
strict rule, C-12b).

* `DeclarationHistory` («История объявлений») — a history of scored declarations that the
  learner edits (declare, play cards, remove an entry); for the cards held now the engine lists
  what is legal (`positions.solve`) and why each tempting combination is not (`explain_illegal`).
  Chapter 07 shows the main rules only; the example of the strict rule «хотя бы одна карта с
  руки» (`STRICT_SCENARIOS`) comes with a rules menu, and chapter 12 shows it.

The static pictures and scripted deals of the meld chapters are in `meld_pictures.py`. Nothing
here decides a rule; every answer is the engine's. Every picture is a `CardCanvas`, so the
static book shows it too, and every control has a Russian label.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

import ipywidgets as W

from ...cards import SUIT_NAME_RU, Card, parse_card, parse_cards, sort_cards
from ...melds import (BEZIQUE, DOUBLE_BEZIQUE, ROYAL_MARRIAGE, SEQUENCE, Declaration, MeldContext,
                      MeldState, enumerate_declarations, explain_illegal, meld_points,
                      reuse_problem)
from ...positions import Position, solve
from ...ru import capitalize, meld_name, plural, points
from ...rules import RuleSet
from ..menu import Menu
from ..page import OnPage
from ..render.canvas import CardCanvas
from .common import WIDE, esc, four_colour_box, html_block, redraw
from .melds import meld_context, sample_turn_up, why_not_meld


# ====================================================================== «История объявлений»

class Scenario(NamedTuple):
    title: str
    trump: str
    hand: str
    table: str = ""
    played: str = ""
    history: tuple = ()           # ((meld, "QS#1 JD#1"), …) already scored, oldest first
    hint: str = ""


_CANONICAL = {m: meld_points(m, RuleSet()) for m in (ROYAL_MARRIAGE, SEQUENCE, BEZIQUE,
                                                   DOUBLE_BEZIQUE)}
SCENARIOS = {
    "queen": Scenario(
        "Одна дама пик в трёх комбинациях", "H", "К♠ Д♠ В♦ Д♥ Д♦ Д♣ 9♣",
        hint="Объявите марьяж К♠ Д♠, затем безик Д♠ В♦, затем четыре дамы: одна и та же дама "
             "пик служит во всех трёх — это комбинации разного рода."),
    "sequence": Scenario(
        "Козырный марьяж и секвенция", "S", "Т♠ 10♠ К♠ Д♠ В♠ 7♦ 9♣",
        hint="Сначала козырный марьяж К♠ Д♠, потом секвенция — всего "
             f"{points(_CANONICAL[ROYAL_MARRIAGE] + _CANONICAL[SEQUENCE])}. Или секвенция "
             "сразу — и попробуйте потом объявить марьяж."),
    "bezique": Scenario(
        "Безик и двойной безик", "H", "Д♠ Д♠ В♦ В♦ 8♣ 9♣ 9♦",
        hint=f"Сначала простой безик, потом двойной — {_CANONICAL[BEZIQUE]} + "
             f"{_CANONICAL[DOUBLE_BEZIQUE]}. Или двойной сразу — и попробуйте потом объявить "
             "простой."),
    "two_singles": Scenario(
        "Два отдельных безика", "H", "8♣ 9♣ 9♦", "Д♠#1 В♦#1 Д♠#2 В♦#2",
        history=(("bezique", "QS#1 JD#1"), ("bezique", "QS#2 JD#2")),
        hint="Оба безика уже засчитаны по отдельности. Можно ли теперь объявить двойной?"),
    "fours": Scenario(
        "Четвёрку не пополнить", "C", "Д♠#2 Д♥#2 Д♦#2 Д♣#2", "Д♠#1 Д♥#1 Д♦#1 Д♣#1",
        history=(("four_queens", "QS#1 QH#1 QD#1 QC#1"),),
        hint="Четыре дамы на столе уже засчитаны. Сыграйте даму червей со стола и попробуйте "
             "добавить к трём оставшимся даму с руки. А четыре новые дамы с руки?"),
    "married_king": Scenario(
        "Король уже был в марьяже", "S", "К♥#2 Д♥#2 9♣ 8♦ 7♣", "К♥#1", "Д♥#1",
        history=(("marriage", "KH#1 QH#1"),),
        hint="Король червей со стола уже был женат на сыгранной даме. Можно ли женить его на "
             "второй даме червей? А второго короля?"),
    "broken": Scenario(
        "Разбитый безик", "H", "Д♠#2 В♦#2 8♣ 9♣ 7♦", "В♦#1", "Д♠#1",
        history=(("bezique", "QS#1 JD#1"),),
        hint="Дама пик из первого безика ушла во взятку. Какие безики ещё возможны?"),
    "table_only": Scenario(
        "Комбинация только из карт на столе", "H", "8♣ 9♣ 9♦", "К♠ К♥ К♦ К♣ Д♠ В♦",
        history=(("four_kings", "KS KH KD KC"), ("bezique", "QS JD")),
        hint="Все карты марьяжа К♠ Д♠ уже лежат на столе. Сравните основные правила и строгое "
             "правило «хотя бы одна карта с руки»."),
}
# Examples of a rule the course does not play (C-12b): shown with a «Правила» menu, in chapter 12.
STRICT_SCENARIOS = ("table_only",)
SCENARIO_OPTIONS = [(s.title, key) for key, s in SCENARIOS.items()]
HISTORY_RULES = [("Основные правила курса", "canonical"),
                 ("Строгое правило: в новой комбинации — хотя бы одна карта с руки", "strict")]


def scenario_cards(s: Scenario) -> tuple[list[Card], list[Card], list[Card]]:
    """Hand, table and played cards of a scenario; bare tokens get the lowest free copies."""
    parts = [s.hand.split(), s.table.split(), s.played.split()]
    cards = parse_cards(parts[0] + parts[1] + parts[2])
    a, b = len(parts[0]), len(parts[0]) + len(parts[1])
    return cards[:a], cards[a:b], cards[b:]


def where(card: Card, hand, table) -> str:
    """«Д♠ с руки», «В♦ со стола», «Д♠ во взятке» — where a card of a combination is."""
    if card in hand:
        return f"{card.ru} с руки"
    if card in table:
        return f"{card.ru} со стола"
    return f"{card.ru} во взятке"


class DeclarationHistory(OnPage, W.VBox):
    """«История объявлений»: the learner's cards (on the table and in hand), the declarations
    already scored, and the cards played. Declare the selected cards, play them, remove an entry
    of the history; the engine lists what is legal now and why each tempting combination is not."""

    static_hint = ("Здесь можно объявлять и разыгрывать отмеченные карты, отменять шаги — и "
                   "сразу видно, какие объявления разрешены теперь и почему.")

    def __init__(self, scenario: str = "queen", rules: str = "canonical"):
        # The main rules' examples, or the strict rule's example with its «Правила» menu.
        strict = scenario in STRICT_SCENARIOS
        options = [(t, k) for t, k in SCENARIO_OPTIONS if (k in STRICT_SCENARIOS) == strict]
        self.scenario = Menu(options=options, value=scenario,
                             description="Пример:", style=WIDE,
                             layout=W.Layout(width="max-content"))
        self.rules_list = Menu(options=HISTORY_RULES, value=rules, description="Правила:",
                               style=WIDE, layout=W.Layout(width="max-content"))
        self.table_canvas = CardCanvas(select_mode="multi", name="На столе", scale=0.85)
        self.hand_canvas = CardCanvas(select_mode="multi", name="На руке")
        self.played_canvas = CardCanvas(name="Сыграно", scale=0.6)
        self.declare_button = W.Button(description="Объявить выбранные", icon="check",
                                       button_style="success", layout=W.Layout(width="auto"),
                                       tooltip="Записать выбранные карты как объявленную комбинацию")
        self.play_button = W.Button(description="Сыграть выбранные", icon="arrow-up",
                                    layout=W.Layout(width="auto"),
                                    tooltip="Отдать выбранные карты во взятку")
        self.undo_button = W.Button(description="Отменить шаг", icon="undo",
                                    tooltip="Вернуть всё, как было до последнего шага")
        self.reset_button = W.Button(description="Начать сначала", icon="refresh",
                                     tooltip="Вернуться к началу примера")
        self.hint = W.HTML()
        self.message = W.HTML()
        self.history_box = W.VBox()
        self.legal_html = W.HTML()
        self.declare_button.on_click(lambda _: self.declare_selected())
        self.play_button.on_click(lambda _: self.play_selected())
        self.undo_button.on_click(lambda _: self.undo())
        self.reset_button.on_click(lambda _: self.reset())
        self.scenario.observe(lambda _: self.reset(), names="value")
        self.rules_list.observe(lambda _: self.render(), names="value")
        for cc in (self.table_canvas, self.hand_canvas):
            cc.observe(lambda _: self._on_select(), names="selected")
        choices = ([self.scenario] if len(options) > 1 else []) + ([self.rules_list] if strict else [])
        super().__init__([
            W.HBox(choices, layout=W.Layout(flex_flow="row wrap")),
            self.hint, self.table_canvas, self.hand_canvas,
            W.HBox([self.declare_button, self.play_button, self.undo_button, self.reset_button],
                   layout=W.Layout(flex_flow="row wrap")),
            self.message, W.HTML("<b>Уже объявлено в этой сдаче:</b>"), self.history_box,
            self.played_canvas, self.legal_html,
            four_colour_box([self.table_canvas, self.hand_canvas, self.played_canvas])])
        self.reset()

    # ------------------------------------------------------------------ state
    @property
    def rules(self) -> RuleSet:
        return RuleSet().with_options(require_card_from_hand=self.rules_list.value == "strict")

    def reset(self) -> None:
        s = SCENARIOS[self.scenario.value]
        self.trump = s.trump
        self.hand, self.table, self.played = scenario_cards(s)
        self.history = []
        for meld, text in s.history:
            cards = tuple(sort_cards(parse_card(t) for t in text.split()))
            self.history.append(Declaration(meld, cards, meld_points(meld, RuleSet(), s.trump, cards)))
        self.undo_stack: list[tuple] = []
        self.say("")
        self.render(clear=True)

    def _snapshot(self) -> None:
        self.undo_stack.append((list(self.hand), list(self.table), list(self.played),
                                list(self.history)))

    def undo(self) -> None:
        if not self.undo_stack:
            self.say("Отменять нечего: это начало примера.")
            return
        self.hand, self.table, self.played, self.history = self.undo_stack.pop()
        self.say("Последний шаг отменён.")
        self.render(clear=True)

    @property
    def held(self) -> list[Card]:
        return self.hand + self.table

    def state(self) -> MeldState:
        """The engine's record of the history (what the re-use rules look at)."""
        st = MeldState()
        for d in self.history:
            st.record(d, self.trump)
        return st

    def context(self) -> MeldContext:
        return meld_context(self.rules, self.trump)

    @property
    def selected(self) -> list[Card]:
        return sort_cards(self.table_canvas.selected | self.hand_canvas.selected)

    def select(self, cards: Iterable[Card | str]) -> None:
        """Select exactly these cards (cards or tokens like «QS#2»), as clicks would."""
        chosen = {c if isinstance(c, Card) else parse_card(c) for c in cards}
        self.table_canvas.selected = {c for c in chosen if c in self.table}
        self.hand_canvas.selected = {c for c in chosen if c in self.hand}

    def _on_select(self) -> None:
        n = len(self.selected)
        self.declare_button.disabled = self.play_button.disabled = n == 0

    # ------------------------------------------------------------------ engine questions
    def legal(self) -> list[Declaration]:
        """What may be declared now with these cards and this history (the engine's solver)."""
        pos = Position("history", "declarations", self.rules, self.trump, hand=list(self.hand),
                       table=list(self.table), scored=list(self.history), won_trick=True,
                       turn_up=sample_turn_up(self.trump))
        out = []
        for e in solve(pos)["declarations"]:
            cards = tuple(parse_card(c) for c in e["cards"])
            out.append(Declaration(e["meld"], cards, e["points"]))
        return out

    def why(self, meld: str, cards: tuple[Card, ...]) -> str:
        """The engine's reason why this combination may not be declared now."""
        state, ctx = self.state(), self.context()
        held = set(self.held)
        plain = enumerate_declarations(self.held, state, ctx)
        if any(d.meld == meld and set(d.cards) == set(cards) for d in plain):
            # Legal by the re-use rules, refused only by the strict option (C-12b).
            return ("Все карты этой комбинации уже лежат на столе, а по строгому правилу в новой "
                    "комбинации должна быть хотя бы одна карта с руки.")
        return explain_illegal(meld, cards, held, state, ctx).message

    def tempting(self) -> list[tuple[Declaration, str, int]]:
        """Combinations the cards (held or already played) would make with no history, which are
        not legal now: (an example, the engine's reason, how many such variants)."""
        legal = {d.key for d in self.legal()}
        ctx = self.context()
        groups: dict[tuple, list] = {}
        for d in enumerate_declarations(self.held + self.played, MeldState(), ctx):
            if d.key in legal:
                continue
            reason = self.why(d.meld, d.cards)
            groups.setdefault((d.meld, reason), []).append(d)
        return [(ds[0], reason, len(ds)) for (meld, reason), ds in groups.items()]

    def describe(self, d: Declaration) -> str:
        return (f"{capitalize(meld_name(d.meld))} "
                f"({', '.join(where(c, self.hand, self.table) for c in d.cards)})")

    # ------------------------------------------------------------------ actions
    def say(self, text: str, ok: bool | None = None) -> None:
        colour = {True: "#1e7b34", False: "#a8201a", None: "#38465a"}[ok]
        self.message.value = html_block(f"<span style='color:{colour}'>{text}</span>") if text else ""

    def declare_selected(self) -> Declaration | None:
        """Score the selected cards as a combination, if the engine allows it now."""
        cards = tuple(self.selected)
        if not cards:
            self.say("Сначала выберите карты комбинации: нажмите на них.", False)
            return None
        found = [d for d in self.legal() if set(d.cards) == set(cards)]
        if not found:
            shaped = [d for d in enumerate_declarations(cards, MeldState(), self.context())
                      if set(d.cards) == set(cards)]
            if shaped:
                reason = self.why(shaped[0].meld, cards)
            else:
                reason = why_not_meld(cards, self.rules, self.trump)
            self.say("<b>Так объявить нельзя.</b> " + esc(reason), False)
            self.render()
            return None
        d = found[0]
        self._snapshot()
        self.history.append(d)
        self.table += [c for c in d.cards if c in self.hand]
        self.hand = [c for c in self.hand if c not in d.cards]
        total = sum(x.points for x in self.history)
        self.say(f"<b>Засчитано: {esc(meld_name(d.meld))} — {points(d.points)}.</b> Карты "
                 f"остаются на столе. Всего за объявления: {points(total)}.", True)
        self.render(clear=True)
        return d

    def play_selected(self) -> None:
        """The selected cards go to a trick: gone for every later combination."""
        cards = self.selected
        if not cards:
            self.say("Сначала выберите карты, которые хотите сыграть.", False)
            return
        self._snapshot()
        self.played += cards
        self.hand = [c for c in self.hand if c not in cards]
        self.table = [c for c in self.table if c not in cards]
        self.say(f"Сыграно во взятку: {' '.join(c.ru for c in cards)}. Очки, уже полученные за "
                 "эти карты, остаются за вами.")
        self.render(clear=True)

    def remove(self, index: int) -> None:
        """Take one entry out of the history (its cards stay where they are)."""
        self._snapshot()
        d = self.history.pop(index)
        # Re-check the rest in order through the engine (removing never makes a later one
        # illegal, but say so if it ever did).
        st = MeldState()
        for later in self.history:
            problem = reuse_problem(later.meld, later.cards, st)
            if problem:
                self.say(esc(capitalize(problem)) + ".", False)
            st.record(later, self.trump)
        self.say(f"Из истории убрано: {esc(meld_name(d.meld))} {' '.join(c.ru for c in d.cards)}.")
        self.render()

    # ------------------------------------------------------------------ drawing
    def render(self, clear: bool = False) -> None:
        """Redraw what changed; `clear` also drops the selection (without a second redraw)."""
        keep = () if clear else None
        s = SCENARIOS[self.scenario.value]
        self.hint.value = html_block(f"Козырь — <b>{SUIT_NAME_RU[self.trump]}</b>. {esc(s.hint)}")
        groups = [list(d.cards) for d in self._table_groups()]
        redraw(self.table_canvas, ("table", tuple(map(tuple, groups))), lambda: self.table_canvas.show_table(
            groups, selected=keep, title="На столе",
            caption="На столе: объявленные карты (они по-прежнему ваши)" if groups else
            "На столе пока ничего нет"))
        hand = list(self.hand)
        redraw(self.hand_canvas, ("hand", tuple(hand)), lambda: self.hand_canvas.show_hand(
            hand, lift=True, title="На руке", selected=keep,
            caption="На руке" if hand else "На руке карт не осталось"))
        if clear:                          # unchanged pictures: drop a leftover selection
            for cc in (self.table_canvas, self.hand_canvas):
                if cc.selected:
                    cc.selected = set()
        played = list(self.played)
        redraw(self.played_canvas, ("played", tuple(played)), lambda: self.played_canvas.show_hand(
            played, disabled=played, lift=False, title="Сыграно",
            caption="Сыграно во взятки: этих карт у вас больше нет" if played
            else "Во взятки пока ничего не сыграно"))
        self._on_select()
        self._render_history()
        self._render_legal()

    def _table_groups(self) -> list[Declaration]:
        """The table cards grouped by the latest declaration each belongs to (for the picture)."""
        left = [c for c in sort_cards(self.table)]
        groups = []
        for d in reversed(self.history):
            g = [c for c in d.cards if c in left]
            if g:
                groups.append(Declaration(d.meld, tuple(g), 0))
                left = [c for c in left if c not in g]
        if left:
            groups.append(Declaration("", tuple(left), 0))
        return list(reversed(groups))

    def _render_history(self) -> None:
        rows = []
        for i, d in enumerate(self.history):
            label = W.HTML(f"{i + 1}. {esc(capitalize(meld_name(d.meld)))} "
                           f"{' '.join(c.ru for c in d.cards)} — {points(d.points)}",
                           layout=W.Layout(flex="1 1 auto"))
            # the button keeps its width on a phone; the label wraps beside it
            b = W.Button(description="Убрать", icon="times",
                         layout=W.Layout(width="auto", flex="0 0 auto"),
                         tooltip=f"Убрать объявление {i + 1} из истории")
            b.on_click(lambda _, i=i: self.remove(i))
            rows.append(W.HBox([b, label]))
        total = sum(d.points for d in self.history)
        rows.append(W.HTML(f"Всего за объявления: <b>{points(total)}</b>" if self.history
                           else "Пока ничего."))
        self.history_box.children = rows

    def _render_legal(self) -> None:
        # Entries that differ only by which copy of a card they use read the same: one line each.
        lines: dict[str, int] = {}
        for d in self.legal():
            text = f"✔ {esc(self.describe(d))} — {points(d.points)}"
            lines[text] = lines.get(text, 0) + 1
        parts = ["<b>Что можно объявить сейчас:</b>"]
        parts += [t + (f" (вариантов: {n} — одинаковые карты можно взять разные)" if n > 1 else "")
                  for t, n in lines.items()] or ["— ничего."]
        tempting = self.tempting()
        if tempting:
            parts.append("<b>Чего объявить нельзя и почему:</b>")
            for d, reason, n in tempting[:8]:
                more = f" (и ещё {plural(n - 1, 'похожий вариант')})" if n > 1 else ""
                parts.append(f"✘ {esc(self.describe(d))}{more}: {esc(reason)}")
        self.legal_html.value = html_block("<br>".join(parts))
