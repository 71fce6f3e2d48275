"""Demos of chapter 09 «Подсчёт очков и конец партии»: penalties.

* `penalty_situation`, `offending_action` — a real deal played by two bots up to a moment
  where an offence of §9 can be committed, and the faulty action;
* `PenaltyDemo` — «сколько бы это стоило»: the offence tried in the deal, refused by the engine
  (`penalty_mode="prevent"`) or fined (`penalty_mode="apply"`).

No rule is decided here: the widgets ask the engine and phrase its answers in Russian.
"""

from __future__ import annotations

import html

import ipywidgets as W

from ...actions import play
from ...cards import SUIT_NAME_RU
from ...deal import Deal
from ...errors import IllegalAction
from ...events import PenaltyEvent
from ...game import Game
from ...melds import MeldContext, enumerate_declarations, make_declaration
from ...narrate import describe_event, score_breakdown
from ...players.match import bots, play_deal
from ...ru import capitalize, points, source_name
from ...rules import RuleSet
from ..menu import Menu
from ..page import OnPage
from ..render.canvas import CardCanvas
from ..render.scene import deal_scene
from .common import WIDE, html_block
from .tally import NAMES, NAMES_GEN


def _signed(n: int, plus: bool = True) -> str:
    """A number with a real minus sign (−10), and +10 if `plus`."""
    if n < 0:
        return f"−{-n}"
    return f"+{n}" if plus and n > 0 else str(n)


# ====================================================================== penalties

OFFENCES = [
    ("Объявить комбинацию, не взяв взятки", "declare_before_trick"),
    ("Ответить не в масть в последних восьми взятках", "revoke"),
    ("Пойти, не добрав восьмую карту", "play_before_draw"),
    ("Взять из талона лишнюю карту", "extra_card"),
    ("Доиграть сдачу девятью картами", "nine_cards"),
    ("Объявить комбинацию, которой нет", "false_declaration"),
]
PENALTY_SOURCES = [
    (f"Правила курса: за лишнюю карту — {RuleSet().penalty_extra_card}, как у "
     f"{source_name('000-C', genitive=True)} и {source_name('000-E', genitive=True)}",
     "canonical"),
    (f"{capitalize(source_name('000-A'))}: за лишнюю карту — "
     f"{RuleSet.preset('seed_000A').penalty_extra_card}", "seed_000A")]
PENALTY_MODES = [("Ошибиться нельзя (обычный режим)", "prevent"),
                 ("Штраф, как за столом (режим штрафов)", "apply")]
GAME_BEFORE = (640, 410)       # the game score before this deal, to show «на все очки»
_PENALTY_SEED = 11


def _situation_reached(deal: Deal, offence: str) -> bool:
    seat = deal.to_act
    if offence == "declare_before_trick":
        if deal.stage != "play" or deal.phase != 1 or deal.trick:
            return False
        ctx = MeldContext.of(deal, allow_sevens=False)
        return bool(enumerate_declarations(deal.hands[seat], deal.melds[seat], ctx))
    if offence == "revoke":
        return (deal.stage == "play" and deal.phase == 2 and len(deal.trick) == 1
                and len(deal.legal_plays(seat)) < len(deal.hands[seat]))
    if offence == "false_declaration":
        return deal.stage == "declare" and deal.tricks_done >= 3
    return deal.stage == "play" and deal.phase == 1 and not deal.trick and deal.tricks_done >= 2


def penalty_situation(offence: str, rules: RuleSet, seed: int = _PENALTY_SEED) -> Deal:
    """A real deal played by two bots up to a moment where `offence` can be committed."""
    for s in range(seed, seed + 200):
        deal = play_deal(Deal.new(rules, 0, seed=s), bots("heuristic", 2, s),
                         until=lambda d: _situation_reached(d, offence))
        if not deal.is_over:
            return deal
    raise RuntimeError(f"no situation for {offence}")


def offending_action(deal: Deal, offence: str):
    """The faulty action at this moment: ("act", action) or ("penalize", offence)."""
    seat = deal.to_act
    hand = deal.hands[seat]
    if offence == "declare_before_trick":
        ctx = MeldContext.of(deal, allow_sevens=False)
        return "act", enumerate_declarations(hand, deal.melds[seat], ctx)[0]
    if offence == "revoke":
        legal = set(deal.legal_plays(seat))
        return "act", play(next(c for c in sorted(hand) if c not in legal))
    if offence == "false_declaration":
        kings = [c for c in sorted(hand) if c.rank == "K"]
        queens = [c for c in sorted(hand) if c.rank == "Q" and (not kings or c.suit != kings[0].suit)]
        cards = (kings[:1] + queens[:1]) if kings and queens else sorted(hand)[:2]
        return "act", make_declaration("marriage", cards, 20)
    return "penalize", offence


class PenaltyDemo(OnPage, W.VBox):
    """«Сколько бы это стоило?»: choose an offence of §9 and try it in a real deal; the engine
    refuses it (prevent) or fines it (apply), then the bots finish the deal and the game score
    is counted."""

    static_hint = ("Здесь можно выбрать нарушение и нажать «Нарушить» — ход будет отклонён или "
                   "оштрафован по выбранным правилам.")

    def __init__(self, offence: str = "revoke", source: str = "canonical", mode: str = "apply"):
        self.offence = Menu(options=OFFENCES, value=offence, description="Нарушение:",
                            style=WIDE, layout=W.Layout(width="max-content"))
        self.source = Menu(options=PENALTY_SOURCES, value=source, description="Штрафы:",
                           style=WIDE, layout=W.Layout(width="max-content"))
        self.mode = W.ToggleButtons(options=PENALTY_MODES, value=mode, description="Режим:",
                                    style={"button_width": "auto", **WIDE})
        self.go = W.Button(description="Нарушить", icon="exclamation-triangle",
                           button_style="danger")
        self.again = W.Button(description="Начать заново", icon="undo")
        self.canvas = CardCanvas(name="Стол нарушителя", scale=0.7)
        self.result = W.HTML()
        self.done = False
        self._result = None
        self.go.on_click(lambda _: self.commit())
        self.again.on_click(lambda _: self.reset())
        for w in (self.offence, self.source, self.mode):
            w.observe(lambda _: self.reset(), names="value")
        super().__init__([self.offence, self.source, self.mode, self.canvas,
                          W.HBox([self.go, self.again], layout=W.Layout(flex_flow="row wrap")),
                          self.result])
        self.reset()

    @property
    def rules(self) -> RuleSet:
        return RuleSet.preset(self.source.value).with_options(penalty_mode=self.mode.value)

    def reset(self) -> None:
        self.deal = penalty_situation(self.offence.value, self.rules)
        self.offender = self.deal.to_act
        self.shown = self.deal.clone()
        self.done = False
        self.outcome = ""
        self.render()
        self._result = self.evaluate()        # ready before the button is pressed

    def commit(self) -> str:
        """Try the offence. Returns "refused", "fined" or "impossible" (prevent mode, an
        offence the action API cannot even express)."""
        outcome, deal, text = self._result or self.evaluate()
        self.deal = deal
        self.done = True
        self.outcome = text
        self.render()
        return outcome

    def evaluate(self) -> tuple[str, Deal, str]:
        """What the offence leads to, on a copy of the deal: (outcome, the deal after, text)."""
        d, seat = self.shown.clone(), self.offender
        kind, what = offending_action(d, self.offence.value)
        lines = []
        if self.mode.value == "prevent":
            if kind == "penalize":
                outcome = "impossible"
                lines.append("В обычном режиме так ошибиться нельзя: карты из талона "
                             "раздаются сами, и пойти можно только тогда, когда у игрока снова "
                             "восемь карт.")
            else:
                try:
                    d.clone().apply(what, seat)
                    outcome = "accepted"                 # not expected: the action was legal
                except IllegalAction as e:
                    outcome = "refused"
                    lines.append(f"Ход не принят: «{html.escape(e.message)}»")
            lines.append("Очки не изменились: ошибку просто не дали сделать.")
        else:
            game = Game(self.rules, seed=0, first_dealer=d.dealer)
            game.totals = list(GAME_BEFORE)
            game.start_deal(d)
            start = len(d.log)
            if kind == "penalize":
                d.penalize(seat, what)
            else:
                d.apply(what, seat)
            for e in d.log[start:]:
                if type(e) is PenaltyEvent:
                    lines.append("Запись в сдаче: " + html.escape(describe_event(e, -1, NAMES)))
            play_deal(d, bots("heuristic", 2))
            b = score_breakdown(d, seat)
            game.finish_deal()
            outcome = "fined"
            lines.append(f"Сдачу доиграли компьютерные игроки. Итог сдачи у нарушителя "
                         f"({NAMES_GEN[seat]}): объявления {b['объявления']}, бриски {b['бриски']}, "
                         f"последняя взятка {b['последняя взятка']}, штрафы {_signed(b['штрафы'])} — "
                         f"всего {_signed(b['всего'], plus=False)}.")
            if d.zeroed[seat]:
                lines.append(f"Штраф «на все очки»: {NAMES[seat]} до сдачи имел"
                             f"{'а' if seat == 0 else ''} в партии {points(GAME_BEFORE[seat])} — "
                             f"они сгорели, и счёт начался заново. После сдачи: "
                             f"<b>{points(game.totals[seat])}</b>.")
            else:
                lines.append(f"Счёт партии у нарушителя: было {GAME_BEFORE[seat]}, стало "
                             f"<b>{game.totals[seat]}</b>.")
        return outcome, d, "<br>".join(lines)

    def describe(self) -> str:
        d, seat = self.shown, self.offender
        he = "она" if seat == 0 else "он"               # Анна or Борис
        what = {
            "declare_before_trick": f"ходить, а взятку {he} ещё не взял{'а' if seat == 0 else ''}. "
                                    "На руках есть комбинация — а что, если объявить её прямо сейчас?",
            "revoke": "отвечать на ход соперника в последних восьми взятках. Нужно ответить "
                      "в масть (или козырем), а мы попробуем сбросить другую карту.",
            "play_before_draw": f"ходить. Допустим, {he} пош{'ла' if seat == 0 else 'ёл'}, не "
                                "добрав карту из талона.",
            "extra_card": f"ходить. Допустим, при доборе {he} по ошибке взял{'а' if seat == 0 else ''} "
                          "две карты.",
            "nine_cards": f"ходить. Допустим, у {'неё' if seat == 0 else 'него'} девять карт и {he} "
                          f"так и доиграл{'а' if seat == 0 else ''} сдачу.",
            "false_declaration": f"объявлять: {he} только что взял{'а' if seat == 0 else ''} "
                                 "взятку. А что, если назвать марьяжем короля и даму разных мастей?",
        }[self.offence.value]
        trump = f"Козырь — {SUIT_NAME_RU[d.trump]}. " if d.trump else ""
        return f"{trump}Сдача идёт, очередь {NAMES_GEN[seat]} {what}"

    def render(self) -> None:
        d, seat = self.shown, self.offender
        if getattr(self.canvas, "_shown", None) is not d:      # redraw only a new situation
            self.canvas._shown = d
            self.canvas.show_scene(**deal_scene(
                d, seat, names=(NAMES[seat], NAMES[1 - seat]), last_trick=False,
                caption=f"Вы — {NAMES[seat]}: стол перед нарушением"))
        self.go.disabled = self.done
        self.again.disabled = not self.done
        text = [html.escape(self.describe())]
        text.append(self.outcome or "Нажмите «Нарушить».")
        self.result.value = html_block("<br>".join(text))
