"""`ExerciseWidget`: one exercise (a position file, formats.md) on cards, checked by the engine.

The widget shows the position (your hand and declared cards, the scored history, the trump
and turn-up, the led card, or a finished deal's tricks), the Russian prompt and an answer
area that depends on the kind of question: one answer part per kind (`parts`). «Проверить»
hands the answer to `answers.Judge`, which compares it with `bezique.positions.solve` and
explains every mistake with the engine's own reasons (`melds.explain_illegal`,
`tricks.play_problem`, `tricks.winner_reason`). No rule is decided here.

Everything a learner can do with the mouse has a method, for tests and for other notebooks:
`select_cards`, `type_cards`, `choose_meld`, `add_declaration`, `answer_nothing`,
`choose_winner`, `set_scores`, `set_settlement`, `submit() -> Feedback`, `on_result(callback)`. The controls of
the answer area belong to the answer part (`widget.part`: `meld_dropdown`, `lead_button`,
`total_fields` …).
"""

from __future__ import annotations

import html
from typing import Callable, Iterable

import ipywidgets

from ...cards import SUIT_NAME_RU, Card
from ...positions import Position
from ...option_text import describe_option
from ...ru import preset_title
from ..page import QUESTION_LABEL, OnPage
from ..render.canvas import CardCanvas
from .answers import VERDICTS, Answer, Feedback, Judge
from .parts import PART_FOR_KIND, AnswerPart
from .settlement import SettlementPart

__all__ = ["ExerciseWidget", "Feedback", "VERDICTS"]

def part_for(position) -> type[AnswerPart]:
    """The answer part of a position: by its kind; a finished deal of a multi-pack game asks
    for the settlement of the game (`SettlementPart`)."""
    if position.kind == "deal_score" and position.rules.multipack:
        return SettlementPart
    return PART_FOR_KIND[position.kind]


DEFAULT_PROMPT = {kind: part.default_prompt for kind, part in PART_FOR_KIND.items()}
# What the learner could do with each kind of question in the live book (page.freeze).
STATIC_HINT = {kind: part.static_hint for kind, part in PART_FOR_KIND.items()}
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
                 title: str | None = None, choose_one: bool = False):
        super().__init__()
        self.add_class("bezique-exercise")
        self.add_class("bezique-question")
        self.judge = Judge(position, choose_one=choose_one)
        self.position = self.judge.position
        self.kind = self.position.kind
        self.four_colour = four_colour
        self.solution = self.judge.solution
        self.held: list[Card] = self.judge.held
        self.names = self.judge.names
        self.last_message = ""
        self.feedback: Feedback | None = None
        self._result_handlers = ipywidgets.CallbackDispatcher()
        self.part: AnswerPart = part_for(self.position)(self)

        self.prompt_html = ipywidgets.HTML(self._prompt_html(title))
        self.info_html = ipywidgets.HTML(self._info_html())
        self.hand_canvas: CardCanvas | None = None      # your cards, where you pick some
        self.table_canvas: CardCanvas | None = None
        self.extra_canvases: list[CardCanvas] = []       # the trick, the turn-up, tricks won
        pictures = self.part.pictures()
        self.notice = ipywidgets.HTML()                 # input messages (typos, reminders)
        self.feedback_html = ipywidgets.HTML()
        self.check_button = ipywidgets.Button(description="Проверить", button_style="primary",
                                              tooltip="Проверить ответ", icon="check")
        self.check_button.on_click(lambda _: self.submit())
        children = [self.prompt_html, self.info_html, pictures, self.part.area()]
        if not self.part.checks_itself:
            children.append(self.check_button)
        children += [self.notice, self.feedback_html]
        self.children = children

    # ================================================================== showing

    def _prompt_html(self, title: str | None) -> str:
        text = self.position.prompt or self.part.default_prompt
        head = f"<div style='font-weight:600;margin-bottom:2px'>{html.escape(title)}</div>" if title else ""
        return (f"{head}<div class='bezique-exercise-prompt' style='font-size:1.05em;"
                f"line-height:1.45'>{html.escape(text)}</div>")

    def _rules_line(self) -> str | None:
        """«Правила: справочник (001).»; a preset with options changed: the preset and each
        change in Russian («Правила: основные правила курса, но: партия до 1500 очков.»). The
        title goes inside the sentence with a small first letter («Правила: бескозырный безик.»;
        a name in quotes keeps its capital: «страница «Боевой дракон» (004)»)."""
        rules = self.position.rules
        spec = rules.to_spec()
        if spec == "canonical":
            return None
        preset = spec if isinstance(spec, str) else spec["preset"]
        title = preset_title(preset)
        base = title[:1].lower() + title[1:]
        if isinstance(spec, str):
            return f"Правила: {base}."
        changes = "; ".join(describe_option(name, getattr(rules, name), rules)
                            for name in spec if name != "preset")
        return f"Правила: {base}, но: {changes}."

    def _info_lines(self) -> list[str]:
        pos, lines = self.position, []
        if (rules := self._rules_line()) is not None:
            lines.append(rules)
        said = "озырь —" in (pos.prompt or "") or (     # the prompt already names the trump
            pos.rules.multipack and "озырь ещё не назначен" in (pos.prompt or ""))
        if not said and (pos.kind != "trick_winner" or pos.trump is not None):
            lines.append(f"Козырь — {SUIT_NAME_RU[pos.trump]}." if pos.trump else "Козырь ещё не назначен.")
        return lines + self.part.info_lines()

    def _info_html(self) -> str:
        return ("<div class='bezique-exercise-info' style='line-height:1.45'>"
                + "<br>".join(html.escape(x) for x in self._info_lines()) + "</div>")

    def _canvas(self, name: str, select: str = "none", scale: float = 0.9) -> CardCanvas:
        return CardCanvas(select_mode=select, four_colour=self.four_colour, scale=scale, name=name)

    def set_four_colour(self, value: bool) -> None:
        """Four-colour suits (♠ black, ♥ red, ♦ blue, ♣ green) on every picture."""
        self.four_colour = bool(value)
        for cv in (self.hand_canvas, self.table_canvas, *self.extra_canvases):
            if cv is not None:
                cv.four_colour = self.four_colour

    def _say(self, text: str, error: bool = False) -> None:
        self.last_message = text
        colour = "#a8201a" if error else "#38465a"
        self.notice.value = (f"<div style='color:{colour};line-height:1.4'>{html.escape(text)}</div>"
                             if text else "")

    # ================================================================== input (the answer part's)

    @property
    def selection(self) -> list[Card]:
        """The selected cards (hand and table), in card order."""
        return self.part.selection

    def select_cards(self, cards: Iterable[Card | str]) -> list[Card]:
        """Select exactly these cards (as if clicked). Cards you do not hold are refused with a
        Russian message and the selection is left as it was."""
        return self.part.select_cards(cards)

    def click_card(self, card: Card | str) -> None:
        """Click a card on the picture (hand or table), as the mouse does."""
        self.part.click_card(card)

    def type_cards(self, text: str) -> bool:
        """Type cards in Russian or Latin notation («Дп Вб», «К♥ Д♥», «QS JD»); they become the
        selection. A typo leaves everything as it was and explains in Russian. Returns whether
        the text was understood."""
        return self.part.type_cards(text)

    def choose_meld(self, meld_id: str | None) -> None:
        """Name the meld of the selected cards (None or "" — recognise it by the cards)."""
        self.part.choose_meld(meld_id)

    def add_declaration(self) -> bool:
        """Add the selected cards with the chosen meld to the answer list."""
        return self.part.add_declaration()

    def remove_declaration(self, index: int) -> None:
        self.part.remove_declaration(index)

    def clear_answer(self) -> None:
        self.part.clear_answer()

    def answer_nothing(self) -> None:
        """Answer «объявить нечего» (clears the declarations added so far)."""
        self.part.answer_nothing()

    def choose_winner(self, who: str | int) -> None:
        """'lead' or 'follow' (a two-card trick), or the seat that takes a trick with seats."""
        self.part.choose_winner(who)

    def set_scores(self, totals: Iterable[int | None], *, brisques=None, declared=None,
                   last_trick=None) -> None:
        """Fill in each player's total (and, optionally, the parts)."""
        self.part.set_scores(totals, brisques=brisques, declared=declared, last_trick=last_trick)

    def set_settlement(self, winner: int | None, value: int | None, rubiconed: bool = False) -> None:
        """A multi-pack game's settlement: the winner's seat (None: the game is void), what the
        game is worth, whether the loser stayed under the rubicon."""
        self.part.set_settlement(winner, value, rubiconed)

    # ================================================================== checking

    def on_result(self, callback: Callable[[Feedback], None], remove: bool = False) -> None:
        """Call `callback(feedback)` after each judged answer (not for 'invalid')."""
        self._result_handlers.register_callback(callback, remove=remove)

    def submit(self) -> Feedback:
        """Check the answer with the engine, show and return the feedback."""
        fb = self.part.check()
        if fb.verdict != "invalid" and self.part.explain_adds(fb.message):
            fb.message += "\n" + self.part.explanation()
        self._show_feedback(fb)
        self._say("")                  # the feedback says it (an invalid answer's reason too)
        if fb.verdict != "invalid":
            self._result_handlers(fb)
        return fb

    def answer(self) -> Answer:
        """The answer key: the engine's answer in words and the position's own explanation
        (shown collapsed under the question, see page.OnPage)."""
        key, why = self.judge.answer()
        if self.part.explain_adds("\n".join(key + why)):
            why = why + [self.part.explanation()]
        return Answer(key, why)

    def page_hint(self) -> str:
        return self.part.static_hint

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
