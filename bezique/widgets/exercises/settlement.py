"""The settlement question of Rubicon, six-pack and eight-pack bezique (RULES-multipack.md 15.11):
a finished deal (a `deal_score` position of a multi-pack game), and the learner says who won the
game, what it is worth and whether the loser stayed under the rubicon.

The right answer and its reason are the engine's (`positions.solve` → `settlement`,
`position_multipack.settlement_reason`); nothing here decides a rule.
"""

from __future__ import annotations

from typing import Iterable

import ipywidgets

from ...position_multipack import settlement_reason
from ...ru import plural, points
from .answers import Answer, Feedback
from .parts import DealScorePart, row

VOID = "void"                       # the «nobody: the game is void» choice


def settlement_lines(judge) -> list[str]:
    """The right settlement in words, then each player's points."""
    sol, names = judge.solution, judge.names
    st = sol["settlement"]
    if st["winner"] is None:
        key = "Партия аннулируется: победителя нет."
    else:
        under = " Проигравший не перешёл рубикон." if st["rubiconed"] else \
            " Проигравший перешёл рубикон."
        key = f"Победитель — {names[st['winner']]}, партия стоит {points(st['value'])}.{under}"
    return [key, settlement_reason(sol["scores"], sol["brisques"], judge.position.rules, names)]


def tally_lines(judge) -> list[str]:
    sol, names = judge.solution, judge.names
    counts = judge.position.rules.brisque_role != "none"
    out = []
    for p in range(2):
        bris = f"; бриски {sol['brisques'][p]}" if counts else ""
        out.append(f"{names[p]}: объявления {points(sol['declared'][p])}, последняя взятка "
                   f"{points(sol['last_trick'][p])} — всего {points(sol['scores'][p])}{bris}.")
    return out


def settlement_answer(judge) -> Answer:
    lines = settlement_lines(judge)
    return Answer([lines[0]], [lines[1], *tally_lines(judge)])


def judge_settlement(judge, winner, value: int | None, rubiconed: bool) -> Feedback:
    """Judge the winner (seat 0 / 1, or VOID), the value and the rubicon mark."""
    if winner is None:
        return Feedback("invalid", "Выберите, кто выиграл партию (или что она аннулируется).")
    st = judge.solution["settlement"]
    want = VOID if st["winner"] is None else st["winner"]
    if winner != VOID and want != VOID and value is None:
        return Feedback("invalid", "Впишите, сколько очков стоит партия.")
    ok_winner = winner == want
    if want == VOID:
        parts_ok = [ok_winner]
    else:
        parts_ok = [ok_winner, value == st["value"], bool(rubiconed) == st["rubiconed"]]
    if all(parts_ok):
        verdict, head = "right", "Верно!"
    elif any(parts_ok):
        verdict, head = "partial", "Отчасти верно."
    else:
        verdict, head = "wrong", "Неверно."
    lines = [head]
    if want != VOID and winner != VOID:
        if value != st["value"]:
            lines.append(f"Стоимость партии — {points(st['value'])}, а не {value}.")
        if bool(rubiconed) != st["rubiconed"]:
            lines.append("Проигравший не перешёл рубикон." if st["rubiconed"] else
                         "Проигравший перешёл рубикон.")
    lines += settlement_lines(judge) + tally_lines(judge)
    return Feedback(verdict, "\n".join(lines), points=st["value"])


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
