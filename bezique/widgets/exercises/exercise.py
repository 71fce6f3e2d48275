"""`ExerciseWidget`: one exercise (a position file, formats.md) on cards, checked by the engine.

The widget shows the position (your hand and declared cards, the scored history, the trump
and turn-up, the led card, or a finished deal's tricks), the Russian prompt and an answer
area that depends on the kind of question. «Проверить» hands the answer to `answers.Judge`,
which compares it with `bezique.positions.solve` and explains every mistake with the engine's
own reasons (`melds.explain_illegal`, `tricks.play_problem`, `tricks.winner_reason`). No rule
is decided here.

Everything a learner can do with the mouse has a method, for tests and for other notebooks:
`select_cards`, `type_cards`, `choose_meld`, `add_declaration`, `answer_nothing`,
`choose_winner`, `set_scores`, `submit() -> Feedback`, `on_result(callback)`.
"""

from __future__ import annotations

import html
from typing import Callable, Iterable

import ipywidgets

from ...cards import Card, cards_ru, parse_cards, split_tokens, sort_cards
from ...errors import CardParseError
from ...melds import ALL_MELDS, shape_problem
from ...positions import Position
from ...ru import capitalize, describe_declaration, meld_name, plural
from ..page import QUESTION_LABEL, OnPage
from ..render.canvas import CardCanvas
from .answers import PARTS, VERDICTS, Answer, Feedback, Judge, decl_text

__all__ = ["ExerciseWidget", "Feedback", "VERDICTS"]

AUTO = ""                                   # dropdown value: «recognise the meld by its cards»

SUIT_NAME = {"S": "пики", "H": "черви", "D": "бубны", "C": "трефы"}
RULES_NAME = {"seed_001": "по правилам источника 001", "seed_002": "по правилам источника 002",
              "seed_003": "по правилам источника 003", "seed_004": "по правилам источника 004",
              "seed_000A": "по правилам источника 000-A", "seed_000C": "по правилам источника 000-C",
              "seed_000E": "по правилам источника 000-E", "no_trump": "бескозырный безик",
              "three_handed": "безик втроём", "four_handed": "безик вчетвером"}
DEFAULT_PROMPT = {
    "declarations": "Что и за сколько очков вы можете объявить сейчас?",
    "trick_winner": "Кто возьмёт взятку?",
    "legal_plays": "Какими картами вы можете сыграть? Отметьте все такие карты.",
    "deal_score": "Сдача окончена. Сосчитайте очки каждого игрока.",
}
# The melds a learner may name, in the order of the chapters; optional ones only where the
# rules count them (an unknown meld would only confuse).
BASE_MELDS = ("marriage", "royal_marriage", "sequence", "bezique", "double_bezique",
              "four_aces", "four_kings", "four_queens", "four_jacks", "trump_seven",
              "seven_exchange")
# What the learner could do with each kind of question in the live book (page.freeze).
STATIC_HINT = {
    "declarations": "Здесь можно отметить карты щелчком, назвать комбинацию, добавить объявления "
                    "в ответ и нажать «Проверить» — движок разберёт каждое.",
    "trick_winner": "Здесь можно нажать «Берёт ходивший» или «Берёт ответивший» — движок скажет, "
                    "верно ли, и объяснит почему.",
    "legal_plays": "Здесь можно щёлкнуть по картам, которыми разрешено сыграть, и нажать "
                   "«Проверить» — движок обведёт разрешённые карты и объяснит.",
    "deal_score": "Здесь можно вписать очки каждого игрока и нажать «Проверить» — движок сверит "
                  "их со своим подсчётом.",
}
VERDICT_COLOUR = {"right": ("#e6f4ea", "#1e7b34"), "partial": ("#fff6dc", "#8a6100"),
                  "wrong": ("#fdeaea", "#a8201a"), "invalid": ("#eef1f6", "#38465a")}


class ExerciseWidget(OnPage, ipywidgets.VBox):
    """One exercise: the position on cards, the question, an answer area and feedback.

    >>> w = ExerciseWidget(position_dict)
    >>> w.type_cards("Кч Дч"); w.add_declaration(); w.submit().verdict
    'right'
    """

    static_label = QUESTION_LABEL

    def __init__(self, position: dict | Position, *, four_colour: bool = False,
                 title: str | None = None):
        super().__init__()
        self.add_class("bezique-exercise")
        self.add_class("bezique-question")
        self.judge = Judge(position)
        self.position = pos = self.judge.position
        self.kind = pos.kind
        self.four_colour = four_colour
        self.solution = self.judge.solution
        self.held: list[Card] = self.judge.held
        self.names = self.judge.names
        self.entries: list[tuple[str, tuple[Card, ...]]] = []
        self._loose: set = set()          # entries typed without copy numbers
        self.nothing = False
        self.winner_choice: str | None = None
        self.last_message = ""
        self.feedback: Feedback | None = None
        self._result_handlers = ipywidgets.CallbackDispatcher()

        self.prompt_html = ipywidgets.HTML(self._prompt_html(title))
        self.info_html = ipywidgets.HTML(self._info_html())
        self.hand_canvas: CardCanvas | None = None
        self.table_canvas: CardCanvas | None = None
        self.extra_canvases: list[CardCanvas] = []
        pictures = self._build_pictures()
        self.notice = ipywidgets.HTML()                 # input messages (typos, reminders)
        self.feedback_html = ipywidgets.HTML()
        self.check_button = ipywidgets.Button(description="Проверить", button_style="primary",
                                              tooltip="Проверить ответ", icon="check")
        self.check_button.on_click(lambda _: self.submit())
        answer = self._build_answer_area()
        children = [self.prompt_html, self.info_html, pictures, answer]
        if self.kind != "trick_winner":                 # the two answer buttons check at once
            children.append(self.check_button)
        children += [self.notice, self.feedback_html]
        self.children = children

    # ================================================================== showing

    def _prompt_html(self, title: str | None) -> str:
        text = self.position.prompt or DEFAULT_PROMPT[self.kind]
        head = f"<div style='font-weight:600;margin-bottom:2px'>{html.escape(title)}</div>" if title else ""
        return (f"{head}<div class='bezique-exercise-prompt' style='font-size:1.05em;"
                f"line-height:1.45'>{html.escape(text)}</div>")

    def _info_lines(self) -> list[str]:
        pos, lines = self.position, []
        spec = pos.rules.to_spec()
        if spec != "canonical":
            lines.append("Правила: " + (RULES_NAME.get(spec, "особые") if isinstance(spec, str)
                                        else "особые (" + ", ".join(k for k in spec if k != "preset") + ")") + ".")
        said = "озырь —" in (pos.prompt or "")          # the prompt already names the trump
        if not said and (pos.kind != "trick_winner" or pos.trump is not None):
            lines.append(f"Козырь — {SUIT_NAME[pos.trump]}." if pos.trump else "Козырь ещё не назначен.")
        if pos.kind in ("declarations", "legal_plays"):
            if pos.phase == 2:
                lines.append("Талон кончился: идут последние восемь взяток.")
            if pos.seven_exchanged:
                lines.append("Козырную семёрку в этой сдаче уже обменяли на открытый козырь.")
            if pos.scored:
                lines.append("Уже засчитано вам в этой сдаче: " + "; ".join(
                    describe_declaration(d.meld, d.cards, d.points) for d in pos.scored) + ".")
            elif pos.kind == "declarations":
                lines.append("В этой сдаче вы пока ничего не объявляли.")
        if pos.kind == "deal_score":
            n = pos.rules.players
            for p in range(n):
                decls = pos.scored_by_player[p] if p < len(pos.scored_by_player) else []
                said = "; ".join(decl_text(d.meld, d.cards) for d in decls)
                lines.append(f"{self.names[p]} — объявления: {said}." if said
                             else f"{self.names[p]} — объявлений нет.")
            lines.append(f"Последняя взятка: {self.names[pos.last_trick]}.")
            if pos.turned_up_seven is not None:
                lines.append(f"Сдатчик — {self.names[pos.turned_up_seven]}; открытым козырем при "
                             "сдаче оказалась семёрка.")
        return lines

    def _info_html(self) -> str:
        return ("<div class='bezique-exercise-info' style='line-height:1.45'>"
                + "<br>".join(html.escape(x) for x in self._info_lines()) + "</div>")

    def _canvas(self, name: str, select: str = "none", scale: float = 0.9) -> CardCanvas:
        return CardCanvas(select_mode=select, four_colour=self.four_colour, scale=scale, name=name)

    def _build_pictures(self) -> ipywidgets.Widget:
        pos, kind, boxes = self.position, self.kind, []
        select = "multi" if kind in ("declarations", "legal_plays") else "none"
        if kind in ("declarations", "legal_plays"):
            if kind == "legal_plays" and pos.lead is not None:
                trick = self._canvas("Взятка")
                trick.show_trick([("Соперник", pos.lead)])
                self.extra_canvases.append(trick)
            self.hand_canvas = self._canvas("Ваши карты", select)
            self.hand_canvas.show_hand(pos.hand, title="Ваши карты на руке" if pos.table else "Ваши карты")
            self.hand_canvas.observe(self._on_selection, names="selected")
            boxes.append(self.hand_canvas)
            if pos.table:
                self.table_canvas = self._canvas("Ваши объявленные карты", select, 0.8)
                self.table_canvas.show_table(pos.table, title="Ваши объявленные карты на столе")
                self.table_canvas.observe(self._on_selection, names="selected")
                boxes.append(self.table_canvas)
            if pos.turn_up is not None:
                tu = self._canvas("Открытый козырь", scale=0.8)
                tu.show_hand([pos.turn_up], title="Открытый козырь")
                self.extra_canvases.append(tu)
            boxes = self.extra_canvases[:1] + boxes + self.extra_canvases[1:] \
                if kind == "legal_plays" and pos.lead is not None else boxes + self.extra_canvases
        elif kind == "trick_winner":
            trick = self._canvas("Взятка")
            trick.show_trick([("Ходивший", pos.lead), ("Ответивший", pos.follow)])
            self.extra_canvases.append(trick)
            boxes.append(trick)
        else:                                                   # deal_score
            for p, won in enumerate(pos.tricks):
                cv = self._canvas(f"Взятки — {self.names[p]}", scale=0.55)
                cv.show_hand(won, max_width=760, lift=False,
                             title=f"Взятки — {self.names[p]} ({plural(len(won), 'карта')})")
                self.extra_canvases.append(cv)
                boxes.append(cv)
            return ipywidgets.VBox(boxes)
        return ipywidgets.HBox(boxes, layout=ipywidgets.Layout(flex_flow="row wrap",
                                                               align_items="flex-end"))

    def set_four_colour(self, value: bool) -> None:
        """Four-colour suits (♠ black, ♥ red, ♦ blue, ♣ green) on every picture."""
        self.four_colour = bool(value)
        for cv in (self.hand_canvas, self.table_canvas, *self.extra_canvases):
            if cv is not None:
                cv.four_colour = self.four_colour

    # ================================================================== answer areas

    def _build_answer_area(self) -> ipywidgets.Widget:
        return {"declarations": self._declarations_area, "trick_winner": self._winner_area,
                "legal_plays": self._legal_area, "deal_score": self._score_area}[self.kind]()

    def _declarations_area(self) -> ipywidgets.Widget:
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
        self.meld_dropdown = ipywidgets.Dropdown(
            options=[("— узнать по картам —", AUTO)] + [(capitalize(meld_name(m)), m) for m in melds],
            value=AUTO, description="Комбинация", style={"description_width": "initial"})
        self.cards_text = ipywidgets.Text(
            description="Или впишите карты", placeholder="например: Кч Дч или К♥ Д♥",
            continuous_update=False, style={"description_width": "initial"},
            layout=ipywidgets.Layout(width="28em"))
        self.cards_text.observe(self._on_text, names="value")
        self.add_button = ipywidgets.Button(description="Добавить", icon="plus",
                                            tooltip="Добавить объявление в ответ")
        self.add_button.on_click(lambda _: self.add_declaration())
        self.nothing_button = ipywidgets.Button(description="Объявить нечего",
                                                tooltip="Ответить: объявить сейчас нечего")
        self.nothing_button.on_click(lambda _: self.answer_nothing())
        self.clear_button = ipywidgets.Button(description="Очистить ответ", icon="times",
                                              tooltip="Убрать все объявления из ответа")
        self.clear_button.on_click(lambda _: self.clear_answer())
        self.answer_html = ipywidgets.HTML()
        self._show_answer_list()
        how = ipywidgets.HTML("<div style='line-height:1.4'>Отметьте карты комбинации щелчком (или "
                              "впишите их), выберите комбинацию и нажмите «Добавить». Так — для "
                              "каждого объявления, которое сейчас разрешено.</div>")
        return ipywidgets.VBox([how, ipywidgets.HBox([self.cards_text]),
                                ipywidgets.HBox([self.meld_dropdown, self.add_button]),
                                ipywidgets.HBox([self.nothing_button, self.clear_button]),
                                self.answer_html])

    def _winner_area(self) -> ipywidgets.Widget:
        wide = ipywidgets.Layout(width="auto")
        self.lead_button = ipywidgets.Button(description="Берёт ходивший", layout=wide,
                                             tooltip="Взятку берёт тот, кто ходил первым")
        self.follow_button = ipywidgets.Button(description="Берёт ответивший", layout=wide,
                                               tooltip="Взятку берёт тот, кто ответил")
        self.lead_button.on_click(lambda _: (self.choose_winner("lead"), self.submit()))
        self.follow_button.on_click(lambda _: (self.choose_winner("follow"), self.submit()))
        return ipywidgets.HBox([self.lead_button, self.follow_button])

    def _legal_area(self) -> ipywidgets.Widget:
        where = " (на руке и на столе)" if self.position.table else ""
        return ipywidgets.HTML(f"<div style='line-height:1.4'>Щёлкните по каждой карте, которой "
                               f"можно сыграть{where}, и нажмите «Проверить».</div>")

    def _score_area(self) -> ipywidgets.Widget:
        n = self.position.rules.players
        style = {"description_width": "initial"}
        lay = ipywidgets.Layout(width="14em")
        self.total_fields = [ipywidgets.Text(description=f"{self.names[p]}, всего", placeholder="очки",
                                             style=style, layout=lay) for p in range(n)]
        self.part_fields = {
            part: [ipywidgets.Text(description=f"{self.names[p]}, {label}", placeholder="очки",
                                   style=style, layout=lay) for p in range(n)]
            for part, label in PARTS.items()}
        self.parts_box = ipywidgets.VBox([ipywidgets.HBox(row) for row in self.part_fields.values()])
        self.parts_toggle = ipywidgets.Checkbox(value=False, description="Разложить по частям (необязательно)",
                                                indent=False)
        self.parts_box.layout.display = "none"
        self.parts_toggle.observe(lambda ch: setattr(self.parts_box.layout, "display",
                                                     None if ch["new"] else "none"), names="value")
        return ipywidgets.VBox([ipywidgets.HBox(self.total_fields), self.parts_toggle, self.parts_box])

    # ================================================================== input

    @property
    def selection(self) -> list[Card]:
        """The selected cards (hand and table), in card order."""
        out: set[Card] = set()
        for cv in (self.hand_canvas, self.table_canvas):
            if cv is not None:
                out |= cv.selected
        return sort_cards(out)

    def _say(self, text: str, error: bool = False) -> None:
        self.last_message = text
        colour = "#a8201a" if error else "#38465a"
        self.notice.value = (f"<div style='color:{colour};line-height:1.4'>{html.escape(text)}</div>"
                             if text else "")

    def _on_selection(self, change) -> None:
        self._by_text = False         # a click picks physical cards: no longer «any copy»
        self._say("")

    def _resolve(self, cards: Iterable[Card | str]) -> list[Card]:
        return self.judge.resolve(cards)

    def select_cards(self, cards: Iterable[Card | str]) -> list[Card]:
        """Select exactly these cards (as if clicked). Cards you do not hold are refused with a
        Russian message and the selection is left as it was."""
        if self.hand_canvas is None:
            raise ValueError("в этом упражнении карты не выбирают")
        try:
            chosen = self._resolve(cards)
        except CardParseError as e:
            self._say(e.message, error=True)
            return self.selection
        foreign = [c for c in chosen if c not in self.held]
        if foreign:
            self._say(f"Карты {cards_ru(foreign)} у вас нет: выбирать можно только свои карты — на "
                      "руке и на столе.", error=True)
            return self.selection
        chosen_set = set(chosen)
        self.hand_canvas.selected = {c for c in self.hand_canvas._selectable if c in chosen_set}
        if self.table_canvas is not None:
            self.table_canvas.selected = {c for c in self.table_canvas._selectable if c in chosen_set}
        self._say("")
        return self.selection

    def click_card(self, card: Card | str) -> None:
        """Click a card on the picture (hand or table), as the mouse does."""
        card = self._resolve([card])[0]
        for cv in (self.hand_canvas, self.table_canvas):
            if cv is not None and card in cv._selectable:
                cv.click_card(card)
                return
        raise ValueError(f"на картинке нет карты «{card.name_ru}»")

    def _on_text(self, change) -> None:
        if change["new"].strip():
            self._apply_text(change["new"])

    def type_cards(self, text: str) -> bool:
        """Type cards in Russian or Latin notation («Дп Вб», «К♥ Д♥», «QS JD»); they become the
        selection. A typo leaves everything as it was and explains in Russian. Returns whether
        the text was understood."""
        if self.kind not in ("declarations", "legal_plays"):
            raise ValueError("в этом упражнении карты не вписывают")
        if self.kind == "declarations" and self.cards_text.value != text:
            self.cards_text.value = text           # fires _apply_text through the observer
            return self._text_ok
        return self._apply_text(text)

    def _apply_text(self, text: str) -> bool:
        self._text_ok = False
        if not split_tokens(text):
            self._say("Впишите карты, например: «Кч Дч» или «К♥ Д♥».", error=True)
            return False
        try:
            parse_cards(text, copies=self.position.rules.packs)     # the engine's own checks
            cards = self._resolve(split_tokens(text))
        except CardParseError as e:
            self._say(e.message, error=True)
            return False
        self.select_cards(cards)      # refuses (and explains) cards you do not hold
        self._text_ok = set(self.selection) == set(cards)
        # Typed without copy numbers, a card means «one of mine of this face».
        self._by_text = self._text_ok and "#" not in text
        return self._text_ok

    _text_ok = False
    _by_text = False

    def choose_meld(self, meld_id: str | None) -> None:
        """Name the meld of the selected cards (None or "" — recognise it by the cards)."""
        if self.kind != "declarations":
            raise ValueError("комбинацию выбирают только в вопросах об объявлениях")
        meld_id = meld_id or AUTO
        if meld_id != AUTO and meld_id not in ALL_MELDS:
            raise ValueError(f"нет такой комбинации {meld_id!r}")
        if meld_id not in [v for _, v in self.meld_dropdown.options]:
            self.meld_dropdown.options = list(self.meld_dropdown.options) + [
                (capitalize(meld_name(meld_id)), meld_id)]
        self.meld_dropdown.value = meld_id

    def _said(self, meld: str, cards: Iterable[Card], pts: int | None = None) -> str:
        return self.judge.said(meld, cards, pts)

    def _recognise(self, cards: tuple[Card, ...]) -> list[str]:
        """Melds whose shape these cards have (the engine's shape_problem decides)."""
        pos = self.position
        options = [v for _, v in self.meld_dropdown.options if v != AUTO]
        return [m for m in options if shape_problem(m, cards, pos.rules, pos.trump) is None]

    def add_declaration(self) -> bool:
        """Add the selected cards with the chosen meld to the answer list."""
        if self.kind != "declarations":
            raise ValueError("объявления добавляют только в вопросах об объявлениях")
        cards = tuple(self.selection)
        if not cards:
            self._say("Сначала отметьте карты комбинации (щелчком по картам или впишите их).", error=True)
            return False
        meld = self.meld_dropdown.value
        if meld == AUTO:
            shapes = self._recognise(cards)
            if len(shapes) == 1:
                meld = shapes[0]
            elif shapes:
                self._say(f"Эти карты ({cards_ru(cards)}) можно объявить по-разному: "
                          + " или ".join(f"«{meld_name(m)}»" for m in shapes)
                          + ". Выберите комбинацию в списке.", error=True)
                return False
            else:
                self._say(f"Карты {cards_ru(cards)} не складываются ни в одну комбинацию. Выберите "
                          "комбинацию в списке, если всё же хотите её назвать, или отметьте другие "
                          "карты.", error=True)
                return False
        entry = (meld, cards)
        if entry in self.entries:
            self._say(f"Это объявление уже есть в ответе: {self._said(meld, cards)}.", error=True)
            return False
        self.entries.append(entry)
        if self._by_text:
            self._loose.add(entry)
        self.nothing = False
        self._reset_input()
        self._say(f"Добавлено: {self._said(meld, cards)}.")
        self._show_answer_list()
        return True

    def remove_declaration(self, index: int) -> None:
        del self.entries[index]
        self._show_answer_list()

    def clear_answer(self) -> None:
        self.entries, self.nothing = [], False
        self._loose = set()
        self._reset_input()
        self._show_answer_list()
        self._show_feedback(None)
        self._say("")

    def answer_nothing(self) -> None:
        """Answer «объявить нечего» (clears the declarations added so far)."""
        if self.kind != "declarations":
            raise ValueError("«объявить нечего» — ответ только на вопрос об объявлениях")
        self.entries, self.nothing = [], True
        self._reset_input()
        self._show_answer_list()
        self._say("")

    def _reset_input(self) -> None:
        for cv in (self.hand_canvas, self.table_canvas):
            if cv is not None:
                cv.selected = set()
        self.meld_dropdown.value = AUTO
        if self.cards_text.value:
            self.cards_text.unobserve(self._on_text, names="value")
            self.cards_text.value = ""
            self.cards_text.observe(self._on_text, names="value")

    def _show_answer_list(self) -> None:
        if self.nothing:
            body = "<b>Ваш ответ:</b> объявить нечего."
        elif not self.entries:
            body = "<b>Ваш ответ:</b> пока пусто."
        else:
            body = "<b>Ваш ответ:</b><ol style='margin:2px 0 2px 1.2em;padding:0'>" + "".join(
                f"<li>{html.escape(self._said(m, c))}</li>" for m, c in self.entries) + "</ol>"
        self.answer_html.value = f"<div style='line-height:1.4'>{body}</div>"

    def choose_winner(self, who: str) -> None:
        """'lead' (the player who led) or 'follow' (the player who answered)."""
        if self.kind != "trick_winner":
            raise ValueError("взятку выбирают только в вопросе «кто возьмёт взятку»")
        if who not in ("lead", "follow"):
            raise ValueError("ожидалось 'lead' или 'follow'")
        self.winner_choice = who
        self.lead_button.button_style = "info" if who == "lead" else ""
        self.follow_button.button_style = "info" if who == "follow" else ""

    def set_scores(self, totals: Iterable[int | None], *, brisques=None, declared=None,
                   last_trick=None) -> None:
        """Fill in each player's total (and, optionally, the parts)."""
        if self.kind != "deal_score":
            raise ValueError("очки вписывают только в вопросе о подсчёте сдачи")
        for fld, v in zip(self.total_fields, totals):
            fld.value = "" if v is None else str(v)
        for part, values in (("brisques", brisques), ("declared", declared), ("last_trick", last_trick)):
            if values is not None:
                self.parts_toggle.value = True
                for fld, v in zip(self.part_fields[part], values):
                    fld.value = "" if v is None else str(v)

    # ================================================================== checking

    def on_result(self, callback: Callable[[Feedback], None], remove: bool = False) -> None:
        """Call `callback(feedback)` after each judged answer (not for 'invalid')."""
        self._result_handlers.register_callback(callback, remove=remove)

    def submit(self) -> Feedback:
        """Check the answer with the engine, show and return the feedback."""
        fb = {"declarations": self._check_declarations, "trick_winner": self._check_winner,
              "legal_plays": self._check_legal, "deal_score": self._check_score}[self.kind]()
        if fb.verdict != "invalid" and self._explain_adds(fb.message):
            fb.message += "\n" + self.position.explain
        self._show_feedback(fb)
        if fb.verdict != "invalid":
            self._say("")
            self._result_handlers(fb)
        return fb

    def answer(self) -> Answer:
        """The answer key: the engine's answer in words and the position's own explanation
        (shown collapsed under the question, see page.OnPage)."""
        key, why = self.judge.answer()
        if self._explain_adds("\n".join(key + why)):
            why = why + [self.position.explain]
        return Answer(key, why)

    def page_hint(self) -> str:
        return STATIC_HINT[self.kind]

    def _explain_adds(self, message: str) -> bool:
        """Whether the position's own explanation says more than the engine's reason already
        in the message (generated positions explain with the same engine words)."""
        explain, pos = self.position.explain, self.position
        if not explain or explain in message:
            return False
        if pos.id.startswith("gen-") and pos.kind != "declarations":
            return False
        reason = self.solution.get("reason")
        return not (pos.kind in ("trick_winner", "legal_plays") and reason and reason == explain)

    def _show_feedback(self, fb: Feedback | None) -> None:
        self.feedback = fb
        if fb is None:
            self.feedback_html.value = ""
            return
        bg, fg = VERDICT_COLOUR[fb.verdict]
        lines = fb.message.split("\n")
        body = f"<b style='color:{fg}'>{html.escape(lines[0])}</b>" + "".join(
            f"<br>{html.escape(x)}" for x in lines[1:])
        self.feedback_html.value = (f"<div class='bezique-feedback bezique-feedback-{fb.verdict}' "
                                    f"role='status' style='background:{bg};border-left:4px solid {fg};"
                                    f"padding:6px 10px;margin-top:4px;line-height:1.45'>{body}</div>")

    # ---------------------------------------------------------------- checking

    def _check_declarations(self) -> Feedback:
        if not self.entries and not self.nothing and self.selection:
            if not self.add_declaration():           # selected but not yet added: add it
                return Feedback("invalid", self.last_message)
        return self.judge.declarations(self.entries, nothing=self.nothing, loose=self._loose)

    def _check_winner(self) -> Feedback:
        fb = self.judge.winner(self.winner_choice)
        if fb.verdict != "invalid":
            pos = self.position
            self.extra_canvases[0].show_trick(    # the gold frame and «берёт» on the taker
                [("Ходивший", pos.lead), ("Ответивший", pos.follow)],
                winner=0 if self.solution["winner"] == "lead" else 1)
        return fb

    def _check_legal(self) -> Feedback:
        fb = self.judge.legal(self.selection)
        if fb.verdict != "invalid":
            pos, legal = self.position, self.judge.legal_cards()
            self.hand_canvas.show_hand(pos.hand, highlighted=[c for c in pos.hand if c in legal],
                                       title="Ваши карты (золотая рамка — можно сыграть)")
            if self.table_canvas is not None:
                self.table_canvas.show_table(pos.table, highlighted=[c for c in pos.table if c in legal],
                                             title="Ваши объявленные карты на столе")
        return fb

    def _read(self, fields: list[ipywidgets.Text], what: str) -> list[int | None] | str:
        """The numbers typed in `fields` (None where empty), or a Russian message."""
        out: list[int | None] = []
        for p, fld in enumerate(fields):
            text = fld.value.strip().replace(" ", "")
            if not text:
                out.append(None)
                continue
            try:
                out.append(int(text))
            except ValueError:
                return (f"«{fld.value.strip()}» в поле «{self.names[p]}, {what}» — не число. "
                        "Впишите число очков, например 340.")
        return out

    def _check_score(self) -> Feedback:
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
