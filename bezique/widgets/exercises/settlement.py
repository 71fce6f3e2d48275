"""The settlement question of Rubicon, six-pack and eight-pack bezique (RULES-multipack.md 15.11):
a finished deal (a `deal_score` position of a multi-pack game), and the learner says who won the
game, what it is worth and whether the loser stayed under the rubicon.

The right answer and its reason are the engine's (`positions.solve` → `settlement`,
`position_multipack.settlement_reason`), put in words and judged by `answers`; nothing here
decides a rule.
"""

from __future__ import annotations

from typing import Iterable

import ipywidgets

from ...ru import plural
from .answers import VOID, Feedback, judge_settlement
from .parts import DealScorePart, row

class SettlementPart(DealScorePart):
    """«Кто выиграл партию и сколько она стоит?» for a finished multi-pack deal."""

    kind = "deal_score"
    default_prompt = ("Сдача окончена. Кто выиграл партию, сколько она стоит и перешёл ли "
                      "проигравший рубикон?")
    static_hint = ("Здесь можно выбрать победителя, вписать стоимость партии, отметить, перешёл "
                   "ли проигравший рубикон, и нажать «Проверить» — ответ будет сверен с "
                   "подсчётом по правилам.")

    def pictures(self) -> ipywidgets.Widget:
        """Only the tricks that the question shows (Rubicon: those with brisques)."""
        w, boxes = self.widget, []
        for p, won in enumerate(self.position.tricks):
            if not won:
                continue
            name = self.judge.names[p]
            cv = w._canvas(f"Взятки — {name}", scale=0.55)
            cv.show_hand(won, max_width=760, lift=False,
                         title=f"Взятки с брисками — {name} ({plural(len(won), 'карта')})")
            w.extra_canvases.append(cv)
            boxes.append(cv)
        return ipywidgets.VBox(boxes)

    def area(self) -> ipywidgets.Widget:
        names = self.judge.names
        self.winner_buttons = ipywidgets.ToggleButtons(
            options=[(names[0], 0), (names[1], 1), ("Никто: партия аннулируется", VOID)],
            value=None, description="Кто выиграл",
            style={"description_width": "initial", "button_width": "auto"})
        self.value_field = ipywidgets.Text(description="Партия стоит", placeholder="очки",
                                           style={"description_width": "initial"},
                                           layout=ipywidgets.Layout(width="14em"))
        self.value_field.on_msg(self._on_field_msg)        # Enter: as «Проверить»
        self.rubicon_box = ipywidgets.Checkbox(value=False, indent=False,
                                               description="Проигравший не перешёл рубикон")
        return ipywidgets.VBox([row(self.winner_buttons), row(self.value_field, self.rubicon_box)])

    def set_settlement(self, winner, value: int | None, rubiconed: bool = False) -> None:
        self.winner_buttons.value = VOID if winner is None else winner
        self.value_field.value = "" if value is None else str(value)
        self.rubicon_box.value = bool(rubiconed)

    def set_scores(self, totals: Iterable[int | None], **_) -> None:
        raise ValueError("в этом вопросе вписывают не очки игроков, а итог партии: кто выиграл "
                         "и сколько она стоит")

    def check(self) -> Feedback:
        text = self.value_field.value.strip().replace(" ", "")
        value = None
        if text:
            if not text.isdigit() or len(text) > 6:
                return Feedback("invalid", f"«{self.value_field.value.strip()[:12]}» — не число "
                                "очков. Впишите, сколько стоит партия, например 800.")
            value = int(text)
        return judge_settlement(self.judge, self.winner_buttons.value, value,
                                self.rubicon_box.value)

    def clear_answer(self) -> None:
        super().clear_answer()
        self.winner_buttons.value = None
        self.value_field.value = ""
        self.rubicon_box.value = False
