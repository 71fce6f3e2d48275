"""The answer parts of `ExerciseWidget`: what each kind of question adds to the widget.

One small class per kind of position (formats.md): `DeclarationsPart` («что и за сколько
можно объявить»), `TrickWinnerPart` («кто возьмёт взятку»), `LegalPlaysPart` («какими
картами можно сыграть») and `DealScorePart` («сосчитайте очки сдачи»). A part draws the
position's cards for its question, builds the answer area, reads what the learner entered and
hands it to the judge (`answers.Judge`), which decides with the engine. The widget keeps what
every kind shares: the prompt, the lines about the position, the messages, the feedback and
the «Ответ».

A method of the widget that another kind of question has (`choose_winner` on a question about
declarations) is refused with a `ValueError` in Russian by the base class `AnswerPart`.
"""

from __future__ import annotations

import html
import re
from typing import Iterable

import ipywidgets

from ...cards import Card, cards_ru, parse_cards, reading_note, sort_cards, split_tokens
from ...errors import CardParseError
from ...melds import meld_ids, shape_problem
from ...ru import capitalize, describe_declaration, meld_name, plural
from ...position_multipack import multipack_melds
from ..menu import Menu
from .answers import PARTS, Feedback, decl_text

AUTO = ""                                   # dropdown value: «recognise the meld by its cards»

# The melds a learner may name, in the order of the chapters; optional ones only where the
# rules count them (an unknown meld would only confuse).
BASE_MELDS = ("marriage", "royal_marriage", "sequence", "bezique", "double_bezique",
              "four_aces", "four_kings", "four_queens", "four_jacks", "trump_seven",
              "seven_exchange")


def row(*controls: ipywidgets.Widget) -> ipywidgets.HBox:
    """Controls side by side; on a narrow screen the row wraps instead of squeezing them."""
    return ipywidgets.HBox(controls, layout=ipywidgets.Layout(flex_flow="row wrap"))


def trick_plays(pos) -> list[tuple[str, Card]]:
    """(who, card) pairs of the cards on the trick, named from the learner's seat."""
    if pos.trick:
        return [(capitalize(pos.seat_name(s)), c) for s, c in pos.trick]
    return [("Соперник", pos.lead)]


class AnswerPart:
    """What one kind of question adds to `ExerciseWidget` (see the module's doc)."""

    kind = ""
    default_prompt = ""
    static_hint = ""            # what the learner could do here in the live book (page.freeze)
    checks_itself = False       # its answer buttons check at once: no «Проверить»

    def __init__(self, widget):
        self.widget = widget                # the ExerciseWidget (which imports this module)
        self.position = widget.position
        self.judge = widget.judge

    # ---------------------------------------------------------------- what every part builds

    def info_lines(self) -> list[str]:
        """The lines about the position that this kind of question adds."""
        return []

    def pictures(self) -> ipywidgets.Widget:
        raise NotImplementedError

    def area(self) -> ipywidgets.Widget:
        """The answer area under the pictures."""
        raise NotImplementedError

    def check(self) -> Feedback:
        """The learner's answer, judged (an 'invalid' Feedback if it cannot be read)."""
        raise NotImplementedError

    def clear_answer(self) -> None:
        self.widget._show_feedback(None)
        self.widget._say("")

    def explanation(self) -> str:
        """The position's own explanation as it is shown after the engine's words."""
        return self.position.explain

    def explain_adds(self, message: str) -> bool:
        """Whether the position's own explanation says more than the engine's words already in
        `message` (a generated position explains with the same engine words)."""
        explain = self.explanation()
        return bool(explain) and explain not in message and not self.position.id.startswith("gen-")

    # ---------------------------------------------------------------- what other kinds offer

    @property
    def selection(self) -> list[Card]:
        return []

    def select_cards(self, cards: Iterable[Card | str]) -> list[Card]:
        raise ValueError("в этом упражнении карты не выбирают")

    def click_card(self, card: Card | str) -> None:
        card = self.judge.resolve([card])[0]
        raise ValueError(f"на картинке нет карты «{card.name_ru}»")

    def type_cards(self, text: str) -> bool:
        raise ValueError("в этом упражнении карты не вписывают")

    def choose_meld(self, meld_id: str | None) -> None:
        raise ValueError("комбинацию выбирают только в вопросах об объявлениях")

    def add_declaration(self) -> bool:
        raise ValueError("объявления добавляют только в вопросах об объявлениях")

    def remove_declaration(self, index: int) -> None:
        raise ValueError("объявления добавляют только в вопросах об объявлениях")

    def answer_nothing(self) -> None:
        raise ValueError("«объявить нечего» — ответ только на вопрос об объявлениях")

    def choose_winner(self, who: str) -> None:
        raise ValueError("взятку выбирают только в вопросе «кто возьмёт взятку»")

    def set_scores(self, totals, *, brisques=None, declared=None, last_trick=None) -> None:
        raise ValueError("очки вписывают только в вопросе о подсчёте сдачи")

    def set_settlement(self, winner, value, rubiconed=False) -> None:
        raise ValueError("итог партии выбирают только в вопросе о партии рубикона или "
                         "китайского безика")


# ====================================================================== cards to pick

class _PickingPart(AnswerPart):
    """The two kinds whose answer is a set of the learner's own cards (hand and table): they
    are clicked on the pictures or typed."""

    _text_ok = False
    _by_text = False            # the selection was typed without copy numbers: «any copy»

    def info_lines(self) -> list[str]:
        pos, lines = self.position, []
        if pos.phase == 2:
            lines.append("Талон кончился: идут последние восемь взяток.")
        if pos.seven_exchanged:
            lines.append("Козырную семёрку в этой сдаче уже обменяли на открытый козырь.")
        if pos.scored:
            lines.append("Уже засчитано вам в этой сдаче: " + "; ".join(
                describe_declaration(d.meld, d.cards, d.points) for d in pos.scored) + ".")
        return lines

    def pictures(self) -> ipywidgets.Widget:
        w, pos = self.widget, self.position
        before = []                                     # the led card comes first
        if self.kind == "legal_plays" and pos.played():
            trick = w._canvas("Взятка")
            trick.show_trick(trick_plays(pos))
            w.extra_canvases.append(trick)
            before.append(trick)
        w.hand_canvas = w._canvas("Ваши карты", "multi")
        w.hand_canvas.show_hand(pos.hand, title="Ваши карты на руке" if pos.table else "Ваши карты")
        w.hand_canvas.observe(self._on_selection, names="selected")
        boxes = [w.hand_canvas]
        if pos.table:
            w.table_canvas = w._canvas("Ваши объявленные карты", "multi", 0.8)
            w.table_canvas.show_table(pos.table, title="Ваши объявленные карты на столе")
            w.table_canvas.observe(self._on_selection, names="selected")
            boxes.append(w.table_canvas)
        if pos.turn_up is not None:
            tu = w._canvas("Открытый козырь", scale=0.8)
            tu.show_hand([pos.turn_up], title="Открытый козырь")
            w.extra_canvases.append(tu)
            boxes.append(tu)
        return ipywidgets.HBox(before + boxes, layout=ipywidgets.Layout(flex_flow="row wrap",
                                                                        align_items="flex-end"))

    def _canvases(self):
        return [cv for cv in (self.widget.hand_canvas, self.widget.table_canvas) if cv is not None]

    @property
    def selection(self) -> list[Card]:
        """The selected cards (hand and table), in card order."""
        out: set[Card] = set()
        for cv in self._canvases():
            out |= cv.selected
        return sort_cards(out)

    def _on_selection(self, change) -> None:
        self._by_text = False         # a click picks physical cards: no longer «any copy»
        self.widget._say("")

    def select_cards(self, cards: Iterable[Card | str]) -> list[Card]:
        say = self.widget._say
        try:
            chosen = self.judge.resolve(cards)
        except CardParseError as e:
            say(e.message, error=True)
            return self.selection
        foreign = [c for c in chosen if c not in self.judge.held]
        if foreign:
            say(self.judge.not_held(foreign), error=True)
            return self.selection
        chosen_set = set(chosen)
        for cv in self._canvases():
            cv.selected = {c for c in cv._selectable if c in chosen_set}
        say("")
        return self.selection

    def click_card(self, card: Card | str) -> None:
        card = self.judge.resolve([card])[0]
        for cv in self._canvases():
            if card in cv._selectable:
                cv.click_card(card)
                return
        raise ValueError(f"на картинке нет карты «{card.name_ru}»")

    def type_cards(self, text: str) -> bool:
        return self._apply_text(text)

    def _apply_text(self, text: str, quiet: bool = False) -> bool:
        """Select the typed cards; a typo changes nothing and is explained (unless `quiet`:
        while the learner is still typing)."""
        say = self.widget._say if not quiet else (lambda *a, **k: None)
        self._text_ok = False
        tokens = split_tokens(text)
        if not tokens:
            say("Впишите карты, например: «Кч Дч» или «К♥ Д♥».", error=True)
            return False
        try:
            parse_cards(tokens, copies=self.position.rules.packs)     # the engine's own checks
            cards = self.judge.resolve(tokens)
        except CardParseError as e:
            say(e.message, error=True)
            return False
        foreign = [c for c in cards if c not in self.judge.held]
        if foreign:
            say(self.judge.not_held(foreign), error=True)
            return False
        self.select_cards(cards)
        self._text_ok = set(self.selection) == set(cards)
        # Typed without copy numbers, a card means «one of mine of this face».
        self._by_text = self._text_ok and "#" not in text
        notes = [n for n in map(reading_note, tokens) if n]
        if notes:
            say(" ".join(dict.fromkeys(notes)))
        return self._text_ok

    def _deselect(self) -> None:
        for cv in self._canvases():
            cv.selected = set()

    def clear_answer(self) -> None:
        self._deselect()
        super().clear_answer()


# ====================================================================== declarations

class DeclarationsPart(_PickingPart):
    """«Что и за сколько очков вы можете объявить сейчас?»: a list of declarations (cards and
    a meld each), or «объявить нечего»."""

    kind = "declarations"
    default_prompt = "Что и за сколько очков вы можете объявить сейчас?"
    static_hint = ("Здесь можно отметить карты нажатием, назвать комбинацию, добавить объявления "
                   "в ответ и нажать «Проверить» — вы узнаете, что верно, что пропущено и почему.")

    def __init__(self, widget):
        super().__init__(widget)
        self.entries: list[tuple[str, tuple[Card, ...]]] = []
        self.loose: set = set()           # entries typed without copy numbers
        self._text_pending = False        # the box holds text not yet read with messages
        self.nothing = False

    def info_lines(self) -> list[str]:
        lines = super().info_lines()
        if not self.position.scored:
            lines.append("В этой сдаче вы пока ничего не объявляли.")
        return lines

    def explain_adds(self, message: str) -> bool:
        explain = self.explanation()             # a generated one too: it names the trap
        return bool(explain) and explain not in message

    def area(self) -> ipywidgets.Widget:
        rules = self.position.rules
        melds = list(BASE_MELDS)
        if rules.packs >= 3:
            melds.insert(5, "triple_bezique")
        for flag, meld in ((rules.meld_double_marriage, "double_marriage"),
                           (rules.meld_plain_quint, "plain_quint"),
                           (rules.meld_two_trump_sevens, "two_trump_sevens")):
            if flag:
                melds.append(meld)
        if rules.variant == "no_trump":
            melds.insert(0, "no_trump_marriage")
        if rules.multipack:                   # Rubicon, six-pack, eight-pack: their own melds
            melds = multipack_melds(rules)
        self.meld_dropdown = Menu(
            options=[("— узнать по картам —", AUTO)] + [(capitalize(meld_name(m)), m) for m in melds],
            value=AUTO, description="Комбинация", style={"description_width": "initial"})
        self.cards_text = ipywidgets.Text(
            description="Или впишите карты", placeholder="например: Кч Дч или К♥ Д♥",
            continuous_update=True, style={"description_width": "initial"},
            layout=ipywidgets.Layout(width="28em"))
        self.cards_text.observe(self._on_text, names="value")
        self.cards_text.on_msg(self._on_text_msg)        # Enter: as «Добавить»
        self.add_button = ipywidgets.Button(description="Добавить", icon="plus",
                                            tooltip="Добавить объявление в ответ")
        self.add_button.on_click(lambda _: self.widget.add_declaration())
        self.nothing_button = ipywidgets.Button(description="Объявить нечего",
                                                tooltip="Ответить: объявить сейчас нечего")
        self.nothing_button.on_click(lambda _: self.widget.answer_nothing())
        self.clear_button = ipywidgets.Button(description="Очистить ответ", icon="times",
                                              tooltip="Убрать все объявления из ответа")
        self.clear_button.on_click(lambda _: self.widget.clear_answer())
        self.answer_html = ipywidgets.HTML()
        self._show_answer_list()
        each = ("Добавьте одно объявление — то, которое вы сделали бы сейчас." if
                self.judge.choose_one else
                "Так — для каждого объявления, которое сейчас разрешено.")
        how = ipywidgets.HTML("<div style='line-height:1.4'>Отметьте карты комбинации нажатием "
                              f"(или впишите их), выберите комбинацию и нажмите «Добавить». {each}</div>")
        return ipywidgets.VBox([how, row(self.cards_text),
                                row(self.meld_dropdown, self.add_button),
                                row(self.nothing_button, self.clear_button), self.answer_html])

    # ---------------------------------------------------------------- input

    def _on_text(self, change) -> None:
        """While typing (every key reaches here): select what already reads as cards, say
        nothing yet — a half-typed card is not a mistake. Enter or «Добавить» will explain."""
        text = change["new"]
        self._text_pending = bool(text.strip()) and not self._apply_text(text, quiet=True)

    def _on_text_msg(self, widget, content, buffers) -> None:
        """The browser sends {"event": "submit"} when Enter is pressed in the box (after the
        value: the box updates on every key)."""
        if isinstance(content, dict) and content.get("event") == "submit":
            self.widget.add_declaration()

    def _on_selection(self, change) -> None:
        super()._on_selection(change)
        self._text_pending = False        # a click after typing: the clicked cards count

    def type_cards(self, text: str) -> bool:
        if self.cards_text.value != text:
            self.cards_text.value = text           # selects quietly through the observer
        self._text_pending = False
        return self._apply_text(text)

    def choose_meld(self, meld_id: str | None) -> None:
        meld_id = meld_id or AUTO
        if meld_id != AUTO and meld_id not in meld_ids(self.position.rules):
            raise ValueError(f"нет такой комбинации {meld_id!r}")
        if meld_id not in [v for _, v in self.meld_dropdown.options]:
            self.meld_dropdown.options = list(self.meld_dropdown.options) + [
                (capitalize(meld_name(meld_id)), meld_id)]
        self.meld_dropdown.value = meld_id

    def _recognise(self, cards: tuple[Card, ...]) -> list[str]:
        """Melds whose shape these cards have (the engine's shape_problem decides)."""
        pos = self.position
        options = [v for _, v in self.meld_dropdown.options if v != AUTO]
        return [m for m in options if shape_problem(m, cards, pos.rules, pos.trump) is None]

    def add_declaration(self) -> bool:
        say, said = self.widget._say, self.judge.said
        if self._text_pending:                     # typed, not yet read aloud: read it now
            self._text_pending = False
            if not self._apply_text(self.cards_text.value):
                return False
        elif self.cards_text.value and not self.cards_text.value.strip() and not self.selection:
            return self._apply_text(self.cards_text.value)   # only spaces typed: say so
        cards = tuple(self.selection)
        if not cards:
            say("Сначала отметьте карты комбинации (нажмите на них или впишите их).", error=True)
            return False
        meld = self.meld_dropdown.value
        if meld == AUTO:
            shapes = self._recognise(cards)
            if len(shapes) == 1:
                meld = shapes[0]
            elif shapes:
                say(f"Эти карты ({cards_ru(cards)}) можно объявить по-разному: "
                    + " или ".join(f"«{meld_name(m)}»" for m in shapes)
                    + ". Выберите комбинацию в списке.", error=True)
                return False
            else:
                say(f"Карты {cards_ru(cards)} не складываются ни в одну комбинацию. Выберите "
                    "комбинацию в списке, если всё же хотите её назвать, или отметьте другие "
                    "карты.", error=True)
                return False
        entry = (meld, cards)
        if entry in self.entries:
            say(f"Это объявление уже есть в ответе: {said(meld, cards)}.", error=True)
            return False
        self.entries.append(entry)
        if self._by_text:
            self.loose.add(entry)
        self.nothing = False
        self._reset_input()
        say(f"Добавлено: {said(meld, cards)}.")
        self._show_answer_list()
        return True

    def remove_declaration(self, index: int) -> None:
        del self.entries[index]
        self._show_answer_list()

    def clear_answer(self) -> None:
        self.entries, self.nothing = [], False
        self.loose = set()
        self._reset_input()
        self._show_answer_list()
        super().clear_answer()

    def answer_nothing(self) -> None:
        self.entries, self.nothing = [], True
        self._reset_input()
        self._show_answer_list()
        self.widget._say("")

    def _reset_input(self) -> None:
        self._deselect()
        self.meld_dropdown.value = AUTO
        if self.cards_text.value:
            self.cards_text.unobserve(self._on_text, names="value")
            self.cards_text.value = ""
            self.cards_text.observe(self._on_text, names="value")
        self._text_pending = False

    def _show_answer_list(self) -> None:
        if self.nothing:
            body = "<b>Ваш ответ:</b> объявить нечего."
        elif not self.entries:
            body = "<b>Ваш ответ:</b> пока пусто."
        else:
            body = "<b>Ваш ответ:</b><ol style='margin:2px 0 2px 1.2em;padding:0'>" + "".join(
                f"<li>{html.escape(self.judge.said(m, c))}</li>" for m, c in self.entries) + "</ol>"
        self.answer_html.value = f"<div style='line-height:1.4'>{body}</div>"

    # ---------------------------------------------------------------- checking

    def check(self) -> Feedback:
        if not self.entries and not self.nothing and (self.selection or self._text_pending):
            if not self.add_declaration():           # selected but not yet added: add it
                return Feedback("invalid", self.widget.last_message)
        return self.judge.declarations(self.entries, nothing=self.nothing, loose=self.loose)


# ====================================================================== legal plays

class LegalPlaysPart(_PickingPart):
    """«Какими картами вы можете сыграть?»: every card that may be played, clicked or typed."""

    kind = "legal_plays"
    default_prompt = "Какими картами вы можете сыграть? Отметьте все такие карты."
    static_hint = ("Здесь можно отметить карты, которыми разрешено сыграть, и нажать "
                   "«Проверить» — разрешённые карты отметятся золотой рамкой, а ошибки будут объяснены.")

    def explain_adds(self, message: str) -> bool:
        reason = self.judge.solution.get("reason")     # the engine's reason may be the explanation
        return super().explain_adds(message) and not (reason and reason == self.explanation())

    def area(self) -> ipywidgets.Widget:
        where = " (на руке и на столе)" if self.position.table else ""
        return ipywidgets.HTML(f"<div style='line-height:1.4'>Отметьте каждую карту, которой "
                               f"можно сыграть{where} (нажмите на неё), и нажмите "
                               "«Проверить».</div>")

    def check(self) -> Feedback:
        w = self.widget
        fb = self.judge.legal(self.selection)
        if fb.verdict != "invalid":
            pos, legal = self.position, self.judge.legal_cards()
            w.hand_canvas.show_hand(pos.hand, highlighted=[c for c in pos.hand if c in legal],
                                    title="Ваши карты (золотая рамка — можно сыграть)")
            if w.table_canvas is not None:
                w.table_canvas.show_table(pos.table, highlighted=[c for c in pos.table if c in legal],
                                          title="Ваши объявленные карты на столе")
        return fb


# ====================================================================== trick winner

# A trick-winner explanation that opens with the bare answer: «Соперник. », «Вы: ».
BARE_ANSWER = re.compile(r"(Вы|Соперник|Партнёр|Игрок \d)[.:] +(?=\S)")

class TrickWinnerPart(AnswerPart):
    """«Кто возьмёт взятку?»: two buttons, each answers and checks at once."""

    kind = "trick_winner"
    default_prompt = "Кто возьмёт взятку?"
    static_hint = ("Здесь можно нажать «Берёт ходивший» или «Берёт ответивший» — ответ проверится "
                   "сразу, с объяснением.")
    checks_itself = True

    winner_choice: str | None = None

    def _plays(self):
        pos = self.position
        if pos.trick:
            return trick_plays(pos)
        return [("Ходивший", pos.lead), ("Ответивший", pos.follow)]

    def _choices(self) -> list[tuple[str | int, str, str]]:
        """(answer, button text, tooltip) for each player who may take the trick."""
        pos = self.position
        if not pos.trick:
            return [("lead", "Берёт ходивший", "Взятку берёт тот, кто ходил первым"),
                    ("follow", "Берёт ответивший", "Взятку берёт тот, кто ответил")]
        return [(seat, "Берёте вы" if seat == pos.you else f"Берёт {pos.seat_name(seat)}",
                 f"Взятку берёт карта {card.ru}") for seat, card in pos.trick]

    def explanation(self) -> str:
        """The author's explanation without its bare answer in front («Соперник. Туз червей…»,
        «Вы: десятка…»): the verdict above it has already said who takes the trick, in the
        buttons' words."""
        explain = self.position.explain or ""
        bare = BARE_ANSWER.match(explain)
        return capitalize(explain[bare.end():]) if bare else explain

    def explain_adds(self, message: str) -> bool:
        reason = self.judge.solution.get("reason")     # the engine's reason may be the explanation
        return super().explain_adds(message) and not (reason and reason == self.explanation())

    def pictures(self) -> ipywidgets.Widget:
        w = self.widget
        self.trick = w._canvas("Взятка")
        self.trick.show_trick(self._plays())
        w.extra_canvases.append(self.trick)
        return ipywidgets.HBox([self.trick], layout=ipywidgets.Layout(flex_flow="row wrap",
                                                                      align_items="flex-end"))

    def area(self) -> ipywidgets.Widget:
        wide = ipywidgets.Layout(width="auto")
        self.buttons = {}
        for who, text, tip in self._choices():
            button = ipywidgets.Button(description=text, layout=wide, tooltip=tip)
            button.on_click(lambda _, who=who: (self.widget.choose_winner(who), self.widget.submit()))
            self.buttons[who] = button
        # The two-card trick's buttons keep their names (tests and pages press them).
        self.lead_button, self.follow_button = self.buttons.get("lead"), self.buttons.get("follow")
        return ipywidgets.HBox(list(self.buttons.values()), layout=ipywidgets.Layout(
            flex_flow="row wrap"))

    def choose_winner(self, who: str | int) -> None:
        if who not in self.buttons:
            raise ValueError("ожидалось одно из: " + ", ".join(repr(k) for k in self.buttons))
        self.winner_choice = who
        for key, button in self.buttons.items():
            button.button_style = "info" if key == who else ""

    def check(self) -> Feedback:
        fb = self.judge.winner(self.winner_choice)
        if fb.verdict != "invalid":                  # the gold frame and «берёт» on the taker
            right = self.judge.solution["winner"]
            self.trick.show_trick(self._plays(), winner=list(self.buttons).index(right))
        return fb


# ====================================================================== deal score

class DealScorePart(AnswerPart):
    """«Сдача окончена. Сосчитайте очки»: each player's total, and optionally its parts."""

    kind = "deal_score"
    default_prompt = "Сдача окончена. Сосчитайте очки каждого игрока."
    static_hint = ("Здесь можно вписать очки каждого игрока и нажать «Проверить» — каждое число "
                   "будет сверено с подсчётом по правилам.")

    def info_lines(self) -> list[str]:
        pos, names, lines = self.position, self.judge.names, []
        for p in range(pos.rules.players):
            decls = pos.scored_by_player[p] if p < len(pos.scored_by_player) else []
            said = "; ".join(decl_text(d.meld, d.cards) for d in decls)
            lines.append(f"{names[p]} — объявления: {said}." if said
                         else f"{names[p]} — объявлений нет.")
        lines.append(f"Последняя взятка: {names[pos.last_trick]}.")
        if pos.turned_up_seven is not None:
            lines.append(f"Сдатчик — {names[pos.turned_up_seven]}; открытым козырем при "
                         "сдаче оказалась семёрка.")
        return lines

    def pictures(self) -> ipywidgets.Widget:
        w, boxes = self.widget, []
        for p, won in enumerate(self.position.tricks):
            name = self.judge.names[p]
            cv = w._canvas(f"Взятки — {name}", scale=0.55)
            cv.show_hand(won, max_width=760, lift=False,
                         title=f"Взятки — {name} ({plural(len(won), 'карта')})")
            w.extra_canvases.append(cv)
            boxes.append(cv)
        return ipywidgets.VBox(boxes)

    def area(self) -> ipywidgets.Widget:
        names = self.judge.score_names
        n = len(names)
        # every field as wide as the longest label needs («Борис, последняя взятка») and its box
        # room for a number and the placeholder: the boxes line up, none is squeezed (at 1366
        # px a 14em field left «последняя взятка» a box too narrow for «очки»); a row of two
        # wraps on a phone
        labels = [f"{names[p]}, {label}" for label in ("всего", *PARTS.values()) for p in range(n)]
        chars = max(len(t) for t in labels) + 1
        style = {"description_width": f"{chars}ch"}

        def field(description):
            return ipywidgets.Text(description=description, placeholder="очки", style=style,
                                   layout=ipywidgets.Layout(width=f"calc({chars}ch + 7em)"))

        self.total_fields = [field(f"{names[p]}, всего") for p in range(n)]
        self.part_fields = {part: [field(f"{names[p]}, {label}") for p in range(n)]
                            for part, label in PARTS.items()}
        for fld in (*self.total_fields, *(f for row in self.part_fields.values() for f in row)):
            fld.on_msg(self._on_field_msg)           # Enter in a field: as «Проверить»
        self.parts_box = ipywidgets.VBox([row(*fields) for fields in self.part_fields.values()])
        self.parts_toggle = ipywidgets.Checkbox(value=False, description="Разложить по частям (необязательно)",
                                                indent=False)
        self.parts_box.layout.display = "none"
        self.parts_toggle.observe(lambda ch: setattr(self.parts_box.layout, "display",
                                                     None if ch["new"] else "none"), names="value")
        return ipywidgets.VBox([row(*self.total_fields), self.parts_toggle, self.parts_box])

    def _on_field_msg(self, widget, content, buffers) -> None:
        """The browser sends {"event": "submit"} on Enter (after the value: these fields
        update on every key)."""
        if isinstance(content, dict) and content.get("event") == "submit":
            self.widget.submit()

    def set_scores(self, totals: Iterable[int | None], *, brisques=None, declared=None,
                   last_trick=None) -> None:
        for fld, v in zip(self.total_fields, totals):
            fld.value = "" if v is None else str(v)
        for part, values in (("brisques", brisques), ("declared", declared), ("last_trick", last_trick)):
            if values is not None:
                self.parts_toggle.value = True
                for fld, v in zip(self.part_fields[part], values):
                    fld.value = "" if v is None else str(v)

    def _read(self, fields: list[ipywidgets.Text], what: str) -> list[int | None] | str:
        """The numbers typed in `fields` (None where empty), or a Russian message."""
        out: list[int | None] = []
        for p, fld in enumerate(fields):
            text = fld.value.strip().replace(" ", "")
            if not text:
                out.append(None)
                continue
            if len(text) > 6 and text.lstrip("+-").isdigit():
                return (f"«{text[:12]}…» в поле «{self.judge.score_names[p]}, {what}» — слишком большое "
                        "число: за сдачу столько очков не бывает. Впишите число очков, например 340.")
            try:
                out.append(int(text))
            except ValueError:
                return (f"«{fld.value.strip()}» в поле «{self.judge.score_names[p]}, {what}» — не число. "
                        "Впишите число очков, например 340.")
        return out

    def check(self) -> Feedback:
        totals = self._read(self.total_fields, "всего")
        if isinstance(totals, str):
            return Feedback("invalid", totals)
        parts = {}
        if self.parts_toggle.value:
            for part, word in PARTS.items():
                values = self._read(self.part_fields[part], word)
                if isinstance(values, str):
                    return Feedback("invalid", values)
                parts[part] = values
        return self.judge.score(totals, parts)


PART_FOR_KIND = {cls.kind: cls for cls in (DeclarationsPart, TrickWinnerPart, LegalPlaysPart,
                                           DealScorePart)}
