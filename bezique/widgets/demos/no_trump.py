"""Demos of chapter 10 «Бескозырный безик».

* `NoTrumpDemo` — a no-trump deal (`RuleSet.preset("no_trump")`) against the computer, until
  the first marriage fixes trumps; the last trick is judged by `tricks.winner_reason` with no
  trump and with each suit as trump (`trump_comparison`);
* `Declarable` — a hand and the declarations the engine allows with it;
* `trick_picture_nt` — a two-card trick with no trump (or with one) and the engine's reason.

No rule is decided here: every winner, legal play, declaration and score is the engine's.
"""

from __future__ import annotations

import html

import ipywidgets as W

from ...actions import play
from ...cards import SUIT_GENITIVE_RU, SUIT_NAME_RU, Card, parse_cards, sort_cards
from ...deal import Deal
from ...errors import IllegalAction
from ...events import TrickEvent, TrumpFixedEvent
from ...melds import (NO_TRUMP_MARRIAGE, MeldContext, MeldState, enumerate_declarations,
                      explain_illegal, make_declaration)
from ...narrate import deal_log
from ...players.match import make_player, play_deal
from ...ru import capitalize, describe_declaration, meld_with_cards, points
from ...rules import RuleSet
from ...tricks import winner_reason, winning_index
from ..page import OnPage
from ..render.canvas import CardCanvas
from ..render.display import picture_html
from ..render.layout import layout_hand, layout_trick
from ..render.scene import deal_scene
from .common import WIDE, declaration_buttons, html_block, html_table


# ====================================================================== no-trump bezique

YOU, OPP = 1, 0           # you lead (the opponent deals)


def trump_comparison(cards, names=("Ход", "Ответ")) -> list[tuple[str | None, int, str]]:
    """(trump, winner index, the engine's reason) for one trick with no trump and with each
    suit as trump."""
    return [(t, winning_index(cards, t), winner_reason(cards, t)) for t in (None, *"SHDC")]


class NoTrumpDemo(OnPage, W.VBox):
    """A no-trump deal against the computer (Любитель). Click a card to play it; after a won
    trick the engine's legal declarations become buttons. The last trick is shown with its
    winner under every possible trump, so the change made by the first marriage is visible."""

    static_hint = ("Здесь можно сыграть бескозырную сдачу против компьютера: ходить нажатием на "
                   "карту и объявить марьяж, который назначит козырь.")

    def __init__(self, seed: int = 4, until_trump: bool = False):
        self.seed = W.BoundedIntText(value=seed, min=1, max=99999, description="Номер сдачи:",
                                     style=WIDE, layout=W.Layout(width="13em"))
        self.auto = W.Button(description="Сыграть за меня", icon="play",
                             layout=W.Layout(width="auto"))
        self.fast = W.Button(description="До первого марьяжа", icon="fast-forward",
                             layout=W.Layout(width="auto"))
        self.new = W.Button(description="Новая сдача", icon="refresh")
        self.canvas = CardCanvas(name="Стол", scale=0.75)
        self.canvas.on_card_click(self.click)
        self.decls = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.compare = W.HTML()
        self.status = W.HTML()
        self.auto.on_click(lambda _: self.step())
        self.fast.on_click(lambda _: self.until_trump())
        self.new.on_click(lambda _: self.next_deal())
        self.seed.observe(lambda _: self.restart(), names="value")
        super().__init__([W.HBox([self.seed, self.new], layout=W.Layout(flex_flow="row wrap")),
                          self.canvas, self.decls,
                          W.HBox([self.auto, self.fast], layout=W.Layout(flex_flow="row wrap")),
                          self.status, self.compare])
        self.restart()
        if until_trump:
            self.until_trump()

    # ---------------------------------------------------------------- the deal
    def restart(self) -> None:
        self.deal = Deal.new(RuleSet.preset("no_trump"), OPP, seed=self.seed.value)
        self.bot = make_player("heuristic", seed=self.seed.value)
        self.helper = make_player("heuristic", seed=self.seed.value + 1)
        self.message = ""
        self._run_bot()
        self.render()

    def next_deal(self) -> None:
        self.seed.value = self.seed.value % 99999 + 1

    def _run_bot(self) -> None:
        d = self.deal
        while not d.is_over and d.to_act == OPP:
            d.apply(self.bot.choose(d.view(OPP)), OPP)

    def act(self, action) -> bool:
        """Apply your action; an illegal one leaves the deal as it was and says why."""
        try:
            self.deal.apply(action, YOU)
        except IllegalAction as e:
            self.message = e.message
            self.render()
            return False
        self.message = ""
        self._run_bot()
        self.render()
        return True

    def click(self, card: Card) -> None:
        d = self.deal
        if d.is_over:
            self.message = "Сдача окончена: начните новую."
        elif d.stage != "play" or d.to_act != YOU:
            self.message = "Сначала объявите комбинацию или откажитесь от объявления (кнопки ниже)."
        else:
            self.act(play(card))
            return
        self.render()

    def step(self) -> None:
        """«Сыграть за меня»: the helper bot takes your next action."""
        d = self.deal
        if not d.is_over and d.to_act == YOU:
            self.act(self.helper.choose(d.view(YOU)))

    def until_trump(self) -> None:
        """Both sides play (you by the helper bot) until trumps are fixed or the stock ends."""
        d = self.deal
        players = {YOU: self.helper, OPP: self.bot}
        play_deal(d, players, until=lambda d: d.trump is not None or d.phase != 1)
        self._run_bot()
        self.message = ""
        self.render()

    # ---------------------------------------------------------------- showing
    def fixing(self):
        """(seat, suit) of the marriage that fixed trumps, or None."""
        for e in self.deal.log:
            if type(e) is TrumpFixedEvent:
                return e.seat, e.suit
        return None

    @staticmethod
    def label(decl) -> str:
        # «Марьяж К♥ Д♥, назначающий козырь: +40 очков», «Двойной марьяж К♥ К♥ Д♥ Д♥, …»
        return f"{capitalize(meld_with_cards(decl.meld, decl.cards))}: +{points(decl.points)}"

    def render(self) -> None:
        d = self.deal
        legal = set(d.legal_plays(YOU)) if d.stage == "play" and d.to_act == YOU else set(d.hands[YOU])
        fixed = self.fixing()
        if d.trump is None:
            caption = "Козыря пока нет: его назначит первый объявленный марьяж"
        else:
            whose = "ваш марьяж" if fixed and fixed[0] == YOU else "марьяж соперника"
            caption = (f"Козырь — {SUIT_NAME_RU[d.trump]}: их назначил первый объявленный "
                       f"марьяж — {whose}")
        self.canvas.show_scene(**deal_scene(
            d, YOU, disabled=set(d.hands[YOU]) - legal, caption=caption,
            highlighted={c for c in d.hands[YOU] if c.suit == d.trump}))
        buttons = []
        if d.stage == "declare" and d.to_act == YOU:
            buttons = declaration_buttons(d.legal_declarations(YOU), self.label, self.act)
        self.decls.children = buttons
        self.auto.disabled = d.is_over or d.to_act != YOU
        self.fast.disabled = d.is_over or d.trump is not None or d.phase != 1
        self.status.value = html_block(self.describe())
        self.compare.value = html_block(self.comparison_html())

    def describe(self) -> str:
        d = self.deal
        log = deal_log(d, YOU)
        if d.is_over:             # the deal's score is said once, in the line below
            log = [x for x in log if not x.startswith("Сдача окончена")]
        lines = [html.escape(x) for x in log[-5:]]
        if self.message:
            lines.append(f"<b>{html.escape(self.message)}</b>")
        if d.is_over:
            r = d.result()
            lines.append(f"Сдача окончена: у вас {points(r['scores'][YOU])}, у соперника "
                         f"{points(r['scores'][OPP])}.")
        elif d.stage == "declare" and d.to_act == YOU:
            lines.append("Вы взяли взятку: можно объявить комбинацию (кнопки выше).")
        elif d.to_act == YOU:
            lines.append("Ваш ход: нажмите на карту." if not d.trick else
                         "Ответьте на ход соперника: нажмите на карту.")
        lines.append(f"Очки за объявления: у вас {d.declared[YOU]}, у соперника {d.declared[OPP]}.")
        return "<br>".join(lines)

    def comparison_html(self) -> str:
        last = self.deal.last_trick()
        if last is None:
            return "Взяток ещё не было."
        winner, cards, seats = last.winner, last.cards, last.seats
        names = {YOU: "вы", OPP: "соперник"}
        played = [names[s] for s in seats]
        rows = []
        for t, w, reason in trump_comparison(cards):
            label = "козыря нет" if t is None else f"козырь — {SUIT_NAME_RU[t]}"
            now = t == self.deal.trump
            cells = [label, f"берёт {'ходивший' if w == 0 else 'ответивший'} ({played[w]})",
                     html.escape(reason)]
            if now:
                cells = [f"<b>{c}</b>" for c in cells]
                cells[0] += " (как сейчас)"
            rows.append(cells)
        head = f"Последняя взятка: {cards[0].ru} ({played[0]}) и {cards[1].ru} ({played[1]})."
        out = (head + " Кто бы её взял при разных козырях:"
               + html_table(rows, ["Козырь", "Кто берёт", "Почему"], numbers_right=True))
        changed = self.changed_tricks()
        if changed:
            suit = SUIT_NAME_RU[self.deal.trump]

            def took(seat, maybe=""):
                who = names[seat]
                return f"взял{'и' if who == 'вы' else ''}{maybe} {who}"
            items = [f"взятка {n}: {c[0].ru} ({names[s[0]]}) и {c[1].ru} ({names[s[1]]}) — "
                     f"{took(s[winning_index(c, None)])}, а будь {suit} козырями, "
                     f"{took(s[winning_index(c, self.deal.trump)], ' бы')}"
                     for n, c, s in changed[-3:]]
            out += ("Взятки до назначения козыря, которые теперь решились бы иначе: "
                    + "; ".join(items) + ".")
        return out

    def changed_tricks(self) -> list[tuple[int, tuple, tuple]]:
        """Tricks played before trumps were fixed whose winner the fixed trump would change:
        (trick number, cards, seats)."""
        d = self.deal
        if d.trump is None:
            return []
        out, n = [], 0
        for e in d.log:
            if type(e) is TrumpFixedEvent:
                break
            if type(e) is TrickEvent:
                n += 1
                if winning_index(e.cards, None) != winning_index(e.cards, d.trump):
                    out.append((n, e.cards, e.seats))
        return out


def fixing_story(demo: NoTrumpDemo) -> str:
    """What the demo's table shows once the first marriage has fixed trumps, told from the
    deal's log: the trick that gave the right to declare, the marriage, the card led now, and
    who would have taken that trick with the new trump."""
    d = demo.deal
    fixing = demo.fixing()
    if fixing is None:
        return f"Картинка ниже — сдача № {demo.seed.value}: козырь ещё не назначен."
    who = {YOU: "вы", OPP: "соперник"}
    n, trick = 0, None
    for e in d.log:
        if type(e) is TrickEvent:
            n, trick = n + 1, e
        if type(e) is TrumpFixedEvent:
            break
    seat, suit = fixing
    (s1, c1), (s2, c2) = trick.plays
    took = "взяли вы" if trick.winner == YOU else "взял соперник"
    now = winning_index(trick.cards, suit)
    text = (f"Картинка ниже — сдача № {demo.seed.value}. В {n}-й взятке "
            f"{who[s1]} пош{'ли' if s1 == YOU else 'ёл'} {c1.ru}, "
            f"{who[s2]} ответил{'и' if s2 == YOU else ''} {c2.ru}, и взятку {took}: козыря "
            f"ещё не было. Сразу после неё {'вы объявили' if seat == YOU else 'соперник объявил'} "
            f"марьяж {SUIT_GENITIVE_RU[suit]}, и {SUIT_NAME_RU[suit]} стали козырями.")
    if now != winning_index(trick.cards, None):
        other = "вы" if trick.seats[now] == YOU else "соперник"
        text += f" Будь {SUIT_NAME_RU[suit]} козырями уже тогда, эту взятку взял{'и' if other == 'вы' else ''} бы {other}."
    if d.trick and d.trick_seats[0] == OPP:
        text += (f" Теперь идёт {d.tricks_done + 1}-я взятка: соперник пошёл {d.trick[0].ru}, "
                 f"ваш ответ.")
    return text


class Declarable:
    """A hand on cards and the declarations the engine allows with it (after a won trick), as
    one notebook output: `Declarable("К♥ Д♥ …", trump=None, rules="no_trump")`."""

    def __init__(self, hand, trump: str | None, rules: str | RuleSet = "no_trump",
                 scored=(), caption: str | None = None):
        self.hand = parse_cards(hand) if isinstance(hand, str) else list(hand)
        self.rules = RuleSet.from_spec(rules)
        self.trump = trump
        self.state = MeldState()
        for meld, cards in scored:                    # e.g. the marriage that fixed trumps
            cs = parse_cards(cards) if isinstance(cards, str) else list(cards)
            self.state.record(make_declaration(meld, cs, 0), None if meld == NO_TRUMP_MARRIAGE else trump)
        self.caption = caption

    def declarations(self):
        ctx = MeldContext.for_hand(rules=self.rules, trump=self.trump,
                                   seven_exchanged=self.trump is None)
        return enumerate_declarations(self.hand, self.state, ctx)

    def refusal(self, meld: str, cards) -> str:
        """The engine's reason why `meld` with `cards` may not be declared now."""
        cs = parse_cards(cards) if isinstance(cards, str) else list(cards)
        ctx = MeldContext.for_hand(rules=self.rules, trump=self.trump,
                                   seven_exchanged=self.trump is None)
        return explain_illegal(meld, tuple(sort_cards(cs)), set(self.hand), self.state, ctx).message

    def _repr_html_(self) -> str:
        lay = layout_hand(self.hand, scale=0.75, caption=self.caption, title="Карты")
        pic = picture_html(lay, lay.description, 1)
        decls = self.declarations()
        if decls:
            lines = []                         # identical copies of a card: one line
            for d in decls:
                text = describe_declaration(d.meld, d.cards, d.points)
                if text not in lines:
                    lines.append(text)
            items = "".join(f"<li>{html.escape(t)}</li>" for t in lines)
            text = f"Можно объявить:<ul style='margin:2px 0'>{items}</ul>"
        else:
            text = "Объявить нечего."
        return f"<div style='margin:4px 0'>{pic}<div style='line-height:1.5'>{text}</div></div>"


def trick_picture_nt(lead: str | Card, reply: str | Card, trump: str | None = None,
                     names=("Ход", "Ответ")):
    """A two-card trick with no trump (or with one): the winner outlined, the engine's reason."""
    from ..render.canvas import Picture
    cards = [c if isinstance(c, Card) else parse_cards(c)[0] for c in (lead, reply)]
    if cards[1] is cards[0]:
        cards[1] = Card(cards[0].rank, cards[0].suit, 2)
    w = winning_index(cards, trump)
    head = "Козыря нет" if trump is None else f"Козырь — {SUIT_NAME_RU[trump]}"
    reason = winner_reason(cards, trump)
    lay = layout_trick(list(zip(names, cards)), winner=w, caption=f"{head}. {reason}")
    return Picture(lay, f"{head}. {names[0]}: {cards[0].name_ru}; {names[1][:1].lower() + names[1][1:]}: "
                        f"{cards[1].name_ru}. {reason}")
