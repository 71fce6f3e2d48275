"""Demos of chapter 13 «Советы»: the seeds' advice (RULES.md Appendix A), each on a real
position of a deal.

A position is built by the engine: a chosen deal, a few scripted moves, and — where the advice
is about the end of the stock — quiet tricks played until the stock is short. For each position
the computer's choice is asked from the heuristic opponent (Любитель, `make_player("heuristic")`,
which plays by the seeds' advice) and explained by the coach (`players.coach_reasons.explain_choice`,
from the seat's own view). The strongest opponent's hint (`coach.hint`, Мастер) is available on
a button: it plays dozens of deals and takes a few seconds.

`AdviceExplorer` lets the learner choose first and then compare.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Callable

import ipywidgets as W

from ...actions import PASS, Play, play
from ...cards import SUIT_GENITIVE_RU, SUIT_NAME_RU, Card, parse_cards, sort_cards
from ...deal import Deal
from ...players import coach, coach_reasons
from ...players.match import make_player
from ...ru import capitalize, plural, source_name
from ...setup import deal_from_cards
from ...tricks import beats
from ..menu import Menu
from ..page import OnPage
from ..render.canvas import CardCanvas
from ..render.scene import deal_scene
from .common import WIDE

YOU, OPP = 1, 0


# ====================================================================== building positions

def run(deal: Deal, moves) -> Deal:
    """Scripted moves: ("play", seat, "К♠"), ("declare", seat, meld id[, "cards"]), ("pass", seat).
    A declaration turn with nothing scripted is passed."""
    for move in moves:
        kind, seat = move[0], move[1]
        if kind == "play":
            if deal.stage == "declare":
                deal.apply(PASS, deal.to_act)
            card = next(c for c in sort_cards(deal.hands[seat]) if c.ru == move[2])
            deal.apply(play(card), seat)
        elif kind == "declare":
            options = [d for d in deal.legal_declarations(seat) if d.meld == move[2]]
            if len(move) > 3:
                faces = sorted(c.face for c in parse_cards(move[3]))
                options = [d for d in options if sorted(c.face for c in d.cards) == faces]
            deal.apply(options[0], seat)
        elif kind == "pass":
            deal.apply(PASS, seat)
    return deal


def quiet_tricks(deal: Deal, keep: str, until_stock: int) -> Deal:
    """Play quiet tricks until at most `until_stock` cards are left in the stock: the leader
    leads its lowest card outside `keep`, the other answers with a card that does not beat it if
    it has one; nobody declares. The cards of `keep` stay in your hand."""
    keep_faces = [c.face for c in parse_cards(keep)] if keep else []

    def spare(seat):
        held = sort_cards(deal.hands[seat])
        kept, out = list(keep_faces) if seat == YOU else [], []
        for c in held:
            if c.face in kept:
                kept.remove(c.face)
            else:
                out.append(c)
        return sorted(out, key=lambda c: (c.suit == deal.trump, -c.rank_index, c))

    while deal.stock_count > until_stock:
        if deal.stage == "declare":
            deal.apply(PASS, deal.to_act)
            continue
        seat = deal.to_act
        cards = spare(seat) or sort_cards(deal.hands[seat])
        if deal.trick:
            lead = deal.trick[0]
            lose = [c for c in cards if not beats(c, lead, deal.trump)]
            deal.apply(play((lose or cards)[0]), seat)
        else:
            deal.apply(play(cards[0]), seat)
    return deal


# ====================================================================== the cases

@dataclass
class AdviceCase:
    key: str
    title: str                       # the advice in a few words
    quote: str                       # the seed's words
    source: str                      # where they come from, for a learner
    build: Callable[[], Deal]
    seat: int = YOU
    note: str = ""                   # what to look at in this position
    _deal: Deal | None = field(default=None, repr=False)

    def deal(self) -> Deal:
        if self._deal is None:
            self._deal = self.build()
        return self._deal.clone()

    def view(self):
        return self.deal().view(self.seat)


def _lead_low() -> Deal:
    return deal_from_cards({YOU: "К♠ Д♠ В♦ Т♣ 10♠ 9♠ 8♦ 7♣",
                            OPP: "9♥ 8♥ 7♦ 8♣ 9♣ Т♦ В♠ 10♥"}, "В♥", seed=1)


def _keep_queen() -> Deal:
    d = deal_from_cards({YOU: "Д♠ К♠ В♦ 7♦ 8♣ Т♣ 10♣ 9♦",
                         OPP: "9♠ 8♠ 7♠ 8♦ 9♣ В♣ 10♦ К♦"}, "8♥", dealer=YOU, seed=1)
    return run(d, [("play", OPP, "9♠")])


def _scored_aces() -> Deal:
    d = deal_from_cards({YOU: "Т♠ Т♥ Т♦ Т♣ К♥ Д♥ В♥ 9♦",
                         OPP: "7♦ 9♠ 10♣ 8♠ 7♣ 8♦ В♣ 9♣"}, "9♥", "8♣ 10♦ К♣ 7♠", seed=1)
    return run(d, [("play", YOU, "9♦"), ("play", OPP, "7♦"), ("declare", YOU, "four_aces"),
                   ("pass", YOU), ("play", YOU, "8♣"), ("play", OPP, "10♣"),
                   ("play", OPP, "9♠")])


def _exchange_seven() -> Deal:
    d = deal_from_cards({YOU: "7♥ 9♦ 8♣ 9♣ К♠ 10♠ В♣ 8♠",
                         OPP: "7♦ 8♦ 7♣ Д♣ 9♠ 10♦ К♦ 7♠"}, "Т♥", seed=1)
    return run(d, [("play", YOU, "9♦"), ("play", OPP, "7♦")])


def _single_bezique() -> Deal:
    d = deal_from_cards({YOU: "Д♠ Д♠ В♦ В♦ 9♦ 8♣ 10♠ 7♠",
                         OPP: "7♦ 8♦ 7♣ Д♣ 9♠ 10♦ К♦ 8♠"}, "К♥", seed=1)
    return run(d, [("play", YOU, "9♦"), ("play", OPP, "7♦")])


def _double_late() -> Deal:
    d = deal_from_cards({YOU: "Д♠ Д♠ В♦ В♦ 9♦ 8♣ 10♠ 7♠",
                         OPP: "7♦ 8♦ 7♣ Д♣ 9♠ 10♦ К♦ 8♠"}, "К♥", seed=3)
    quiet_tricks(d, "Д♠ Д♠ В♦ В♦", until_stock=6)
    while not (d.stage == "declare" and d.to_act == YOU):      # win one more trick
        if d.stage == "declare":
            d.apply(PASS, d.to_act)
            continue
        seat = d.to_act
        hand = sort_cards(d.hands[seat])
        if seat == YOU:
            if d.trick:
                wins = [c for c in hand if beats(c, d.trick[0], d.trump) and c.face not in
                        (("Q", "S"), ("J", "D"))]
                d.apply(play((wins or hand)[0]), seat)
            else:
                spare = [c for c in hand if c.face not in (("Q", "S"), ("J", "D"))]
                d.apply(play(max(spare, key=lambda c: (c.suit == d.trump, -c.rank_index))), seat)
        else:
            if d.trick:
                lose = [c for c in hand if not beats(c, d.trick[0], d.trump)]
                d.apply(play((lose or hand)[0]), seat)
            else:
                d.apply(play(hand[-1]), seat)
    return d


def _fight() -> Deal:
    """The opponent has a royal marriage on the table and the stock is nearly gone; he leads a
    plain card and you hold trumps."""
    d = deal_from_cards({YOU: "10♥ 9♥ 7♣ 8♦ 9♠ 10♠ В♣ 7♦",
                         OPP: "К♥ Д♥ 8♣ 9♣ 7♠ 8♠ 9♦ Д♣"}, "8♥", seed=11)
    run(d, [("play", YOU, "7♣"), ("play", OPP, "8♣"), ("declare", OPP, "royal_marriage")])
    keep = [c.face for c in parse_cards("10♥ 9♥")]
    while not (d.stock_count <= 6 and d.stage == "play" and d.to_act == YOU and d.trick
               and d.trick[0].suit != d.trump):
        if d.stage == "declare":
            d.apply(PASS, d.to_act)
            continue
        seat = d.to_act
        hand = sort_cards(d.hands[seat])
        spare = [c for c in hand if seat != YOU or c.face not in keep] or hand
        spare = sorted(spare, key=lambda c: (c.suit == d.trump, -c.rank_index, c))
        if d.trick:
            lose = [c for c in spare if not beats(c, d.trick[0], d.trump)]
            d.apply(play((lose or spare)[0]), seat)
        else:
            d.apply(play(spare[0]), seat)
    return d


def _memory() -> Deal:
    d = deal_from_cards({YOU: "К♥ Д♥ 9♦ 8♣ 10♠ 7♠ Т♣ В♣",
                         OPP: "7♦ 8♦ 7♣ Д♣ 9♠ 10♦ К♦ 8♠"}, "9♥", seed=5)
    return quiet_tricks(d, "К♥ Д♥", until_stock=26)


CASES: list[AdviceCase] = [
    AdviceCase("lead_low", "Ходите с младших карт",
               "Старайтесь ходить с младших карт и крыть теми, которые составляют группу или "
               "секанс", "000-A", _lead_low,
               note="Первая взятка сдачи, ходите вы. Козырь — черви. На руке король и дама пик, "
                    "валет бубен, туз треф, десятка пик — и мелочь."),
    AdviceCase("keep_queen", "Берегите даму пик: у неё двойное значение",
               "Стоит придерживать также составляющие безика — даму пик и валета бубен […] Пиковая "
               "дама имеет двойное значение, так как она образует марьяжи и безики", "000-A",
               _keep_queen,
               note="Соперник пошёл девяткой пик. Перебить её можно дамой или королём пик. А на "
                    "руке ещё и валет бубен."),
    AdviceCase("scored_aces", "Бейте тузами, которые уже принесли очки, но не козырным",
               "Имея на руках 4 туза, отыгрывайте их немедленно, чтобы не терять взяток, однако "
               "козырного туза по возможности приберегите на случай мажорной квинты", "000-A",
               _scored_aces,
               note="Вы уже объявили четыре туза (они лежат перед вами), козырь — черви, и у вас "
                    "король, дама и валет червей. Соперник пошёл девяткой пик."),
    AdviceCase("exchange_seven", "Меняйте семёрку на высокий открытый козырь",
               "Если у кого-то из игроков на руках оказывается козырная 7, то он имеет право "
               "поменять эту 7 на лежащий открытым козырь. Особенно это важно учитывать, если "
               "открытый козырь является более старшей картой, например, Тузом, 10 или Королём",
               "000-C", _exchange_seven,
               note="Вы взяли взятку. Козырь — черви, открыт туз червей, а у вас семёрка червей."),
    AdviceCase("single_bezique", "Рано в сдаче: сначала простой безик",
               "[…] бывает, что ему гораздо выгоднее заявить о двух простых безиках, а потом — о "
               "двойном безике", "000-C", _single_bezique,
               note="Первая взятка сдачи — ваша, и у вас обе дамы пик и оба валета бубен."),
    AdviceCase("double_late", "В конце талона: сразу двойной безик",
               "Наилучший вариант: выложить на стол сразу все четыре карты, объявить двойной "
               "безик и получить за него предусмотренные правилами 500 премиальных очков",
               "000-C", _double_late,
               note="Те же четыре карты, но в талоне осталось всего несколько карт: взяток, "
                    "чтобы объявить безик дважды, может и не быть."),
    AdviceCase("fight", "Боритесь за последние карты талона",
               "Если вы замечаете по расчёту вышедших карт, что в последних картах, ещё "
               "остающихся в колоде, должны быть выгодные для противника соединения и что он "
               "ближе к выигрышу, постарайтесь помешать ему взять карты из колоды. Для этого не "
               "жалейте старших козырей, набирайте взятки, добиваясь права взять себе последнюю",
               "000-A", _fight,
               note="В талоне три карты. У соперника на столе козырный марьяж, до секвенции ему нужны "
                    "туз, десятка и валет червей. Он пошёл бубновым валетом."),
    AdviceCase("memory", "Следите за каждой картой",
               "Это игра памяти и тайминга […] Вы должны смотреть на каждую карту, рассчитывать "
               "шансы и управлять столом", "002", _memory,
               note="Середина сдачи. Сколько козырей ещё не вышло и где могут быть карты, "
                    "которых вам не хватает?"),
]
CASE_BY_KEY = {c.key: c for c in CASES}


# ====================================================================== opinions

def computer_choice(case: AdviceCase, seed: int = 1):
    """Любитель's action in the case's position (it plays by the seeds' advice)."""
    view = case.view()
    return make_player("heuristic", seed=seed).choose(view)


def coach_reason(case: AdviceCase, action) -> str:
    """The coach's explanation of an action, from the seat's own view."""
    return coach_reasons.explain_choice(case.view(), action)


def master_hint(case: AdviceCase, samples: int = 16, seed: int = 0):
    """Мастер's hint (`coach.hint`): a few seconds of play-outs."""
    return coach.hint(case.view(), samples=samples, seed=seed)


def memory_facts(case: AdviceCase) -> str:
    """What the seat can work out from the cards it has seen (`PlayerView.unseen`)."""
    view = case.view()
    trump = view.trump
    unseen = view.unseen()
    trumps = [c for c in unseen if c.suit == trump]
    seen_played = [c for c in view.played if c.suit == trump]
    lines = [f"Сыграно карт: {len(view.played)}; в талоне — {plural(view.stock_count, 'карта')}, "
             f"у соперника на руке — {plural(view.hand_sizes[1 - view.seat], 'карта')}.",
             f"Козырей ({SUIT_GENITIVE_RU[trump]}), которых вы ещё не видели: {len(trumps)} — "
             + (" ".join(c.ru for c in trumps) or "ни одного") + ".",
             "Козыри, уже сыгранные во взятки: " + (" ".join(c.ru for c in seen_played) or "нет")
             + "."]
    for face, name in ((("A", trump), "козырного туза"), (("T", trump), "козырной десятки"),
                       (("J", trump), "козырного валета")):
        left = sum(1 for c in unseen if c.face == face)
        mine = sum(1 for c in view.hand if c.face == face)
        lines.append(f"{name[:1].upper() + name[1:]}: у вас {mine}, не видели ещё {left} — "
                     + ("секвенцию ещё можно собрать." if mine + left > 0 else
                        "обе карты вышли, секвенции не будет."))
    return "<br>".join(html.escape(x) for x in lines)


# ====================================================================== the explorer

def _scene(cc: CardCanvas, case: AdviceCase, chosen=None) -> None:
    d, seat = case.deal(), case.seat
    selected = {chosen.card} if chosen is not None and type(chosen) is Play else set()
    cc.show_scene(**deal_scene(
        d, seat, selected=selected, highlighted={c for c in d.hands[seat] if c.suit == d.trump},
        caption=f"Козырь — {SUIT_NAME_RU[d.trump]}; "
                + ("вы только что взяли взятку" if d.stage == "declare" else
                   "ваш ход" if not d.trick else "ваш ответ")))


class AdviceExplorer(OnPage, W.VBox):
    """«Как бы сыграли вы?»: a position for each piece of advice. Choose your action (click a
    card or press a button); then see Любитель's choice with the coach's reason — and, on
    request, Мастер's hint."""

    static_hint = ("Здесь можно выбрать совет и сыграть позицию самому, а потом увидеть выбор "
                   "Любителя с объяснением тренера и подсказку Мастера.")

    def __init__(self, case: str = "lead_low"):
        self.case = Menu(options=[(c.title, c.key) for c in CASES], value=case,
                         description="Совет:", style=WIDE,
                         layout=W.Layout(width="max-content"))
        self.quote = W.HTML()
        self.canvas = CardCanvas(name="Стол", scale=0.75, select_mode="none")
        self.buttons = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.show = W.Button(description="Показать выбор компьютера", icon="eye",
                             layout=W.Layout(width="auto"))
        self.master = W.Button(description="Спросить Мастера (несколько секунд)",
                               icon="graduation-cap", layout=W.Layout(width="auto"))
        self.result = W.HTML()
        self.choice = None
        self.canvas.on_card_click(self.click)
        self.case.observe(lambda _: self.load(), names="value")
        self.show.on_click(lambda _: self.reveal())
        self.master.on_click(lambda _: self.ask_master())
        super().__init__([self.case, self.quote, self.canvas, self.buttons,
                          W.HBox([self.show, self.master], layout=W.Layout(flex_flow="row wrap")),
                          self.result])
        self.load()
        self._choices = {c.key: computer_choice(c) for c in CASES if c.key != "memory"}
        self._reasons = {k: coach_reason(CASE_BY_KEY[k], a) for k, a in self._choices.items()}

    @property
    def current(self) -> AdviceCase:
        return CASE_BY_KEY[self.case.value]

    def load(self) -> None:
        c = self.current
        self.choice = None
        self.revealed = False
        self.master_text = ""
        self.quote.value = (f"<div style='line-height:1.5'><i>«{html.escape(c.quote)}»</i> — "
                            f"{html.escape(source_name(c.source))}<br>{html.escape(c.note)}</div>")
        view = c.view()
        buttons = []
        if view.stage == "declare":
            for a in view.legal_actions:
                b = W.Button(description=capitalize(coach_reasons.describe_action(a)),
                             layout=W.Layout(width="auto"))
                b.on_click(lambda _, a=a: self.pick(a))
                buttons.append(b)
        self.buttons.children = buttons
        self.render()

    def click(self, card: Card) -> None:
        view = self.current.view()
        act = next((a for a in view.legal_actions if type(a) is Play and a.card is card), None)
        if act is None:
            self.result.value = "<b>Сейчас нужно не ходить, а решить, что объявить (кнопки ниже).</b>" \
                if view.stage == "declare" else "<b>Этой картой сейчас сыграть нельзя.</b>"
            return
        self.pick(act)

    def pick(self, action) -> None:
        """Your choice; the computer's choice is shown right after it."""
        self.choice = action
        self.reveal()

    def reveal(self) -> None:
        self.revealed = True
        self.render()

    def ask_master(self) -> str:
        h = master_hint(self.current)
        self.master_text = "Мастер недоступен." if h is None else \
            f"<b>Мастер:</b> {html.escape(h.text)} {html.escape(h.reason)}"
        self.render()
        return self.master_text

    def verdict(self) -> str:
        c = self.current
        if c.key == "memory":
            return memory_facts(c)
        if not self.revealed:
            return ("Как бы сыграли вы? Нажмите на карту" +
                    (" или на кнопку" if self.buttons.children else "") +
                    " — или сразу «Показать выбор компьютера».")
        act = self._choices.get(c.key) if hasattr(self, "_choices") else None
        act = act or computer_choice(c)
        lines = []
        if self.choice is not None:
            same = self.choice == act
            lines.append(f"Вы выбрали: {html.escape(coach_reasons.describe_action(self.choice))}. " +
                         ("<b style='color:#1e7b34'>Компьютер сыграл бы так же.</b>" if same else
                          "Компьютер выбрал иначе."))
        lines.append(f"<b>Любитель</b> (играет по советам старых текстов): "
                     f"{html.escape(coach_reasons.describe_action(act))}.")
        reason = getattr(self, "_reasons", {}).get(c.key) or coach_reason(c, act)
        if reason:
            lines.append(f"<b>Тренер объясняет:</b> {html.escape(reason)}")
        if self.master_text:
            lines.append(self.master_text)
        return "<br>".join(lines)

    def render(self) -> None:
        c = self.current
        shown = self.choice if self.choice is not None else (
            (getattr(self, "_choices", {}).get(c.key) or computer_choice(c)) if self.revealed else None)
        key = (c.key, shown)
        if getattr(self.canvas, "_key", None) != key:          # redraw only what changed
            self.canvas._key = key
            _scene(self.canvas, c, shown)
        self.show.disabled = self.revealed or c.key == "memory"
        self.master.disabled = c.key == "memory"
        self.result.value = f"<div style='line-height:1.5'>{self.verdict()}</div>"


class AdviceCard:
    """One piece of advice for the page: the seed's words, the position on cards, the computer's
    choice and the coach's reason (static: shows without a kernel)."""

    def __init__(self, key: str):
        self.case = CASE_BY_KEY[key]

    def _repr_html_(self) -> str:
        from ..render.display import picture_html
        from ..render.layout import layout_scene
        c = self.case
        d = c.deal()
        act = computer_choice(c) if c.key != "memory" else None
        seat = c.seat
        sel = {act.card} if act is not None and type(act) is Play else set()
        lay = layout_scene(**deal_scene(d, seat, selected=sel, scale=0.7,
                                        highlighted={x for x in d.hands[seat] if x.suit == d.trump},
                                        caption=f"Козырь — {SUIT_NAME_RU[d.trump]}"))
        pic = picture_html(lay, compress_level=1)
        if act is None:
            text = memory_facts(c)
        else:
            text = (f"<b>Любитель</b>: {html.escape(coach_reasons.describe_action(act))}"
                    + (" — карта поднята на картинке." if sel else ".")
                    + f"<br><b>Тренер объясняет:</b> {html.escape(coach_reason(c, act))}")
        return (f"<div style='margin:6px 0'><div style='line-height:1.5'>{html.escape(c.note)}"
                f"</div>{pic}<div style='line-height:1.5'>{text}</div></div>")
