"""Demos of chapter 11 «Безик втроём, вчетвером и многоколодный»: three and four players.

* `ThreeHandedTrick` — three cards chosen by clicks, the engine's winner (`winning_index`);
* `LegalPlays` — a hand in phase 2 with the cards the engine does not allow greyed out;
* `table_sizes_html` — pack, hands, stock and tricks for two, three and four players;
* `FourHandedDeal` — a four-handed partnership deal played by four bots, with the side scores.

No rule is decided here: every winner, legal play, declaration and score is the engine's.
"""

from __future__ import annotations

import html

import ipywidgets as W

from ...cards import SUIT_NAME_RU, Card, make_pack, parse_cards, sort_cards
from ...deal import Deal
from ...packs import pack_for
from ...players.match import bots, play_deal
from ...ru import meld_name, plural, points
from ...rules import RuleSet
from ...tally import trick_points
from ...tricks import legal_plays, legal_reason, winner_reason, winning_index
from ..page import OnPage
from ..render.canvas import CardCanvas
from ..render.display import picture_html
from ..render.layout import layout_hand, layout_table, layout_trick
from .common import SUIT_OPTIONS, WIDE, html_block, html_table
from .many_pack import meld_row_html


# ====================================================================== three cards in a trick

THREE_EXAMPLES = [
    ("Козырь в чужой масти", "S", "К♣ 10♣ 7♠"),
    ("Три одинаковых туза", "S", "Т♦ Т♦ Т♦"),
    ("Чужая масть не бьёт", "S", "9♥ В♥ 7♣"),
]
THREE_NAMES = ("Первый (ходит)", "Второй", "Третий")


class ThreeHandedTrick(OnPage, W.VBox):
    """«Взятка втроём»: click three cards (the lead first); the engine says who takes it."""

    static_hint = ("Здесь можно выбрать козырь и нажать на три карты — и узнать, кто из "
                   "трёх игроков возьмёт взятку.")

    def __init__(self, trump: str = "S", cards: str | None = "К♣ 10♣ 7♠"):
        self.plays: list[Card] = []
        self.trump = W.ToggleButtons(options=SUIT_OPTIONS, value=trump, description="Козырь:",
                                     style={"button_width": "6.5em"})
        self.deck = CardCanvas(name="Все карты", scale=0.8)
        self.trick = CardCanvas(name="Взятка")
        self.examples = [W.Button(description=n, layout=W.Layout(width="auto"))
                         for n, *_ in THREE_EXAMPLES]
        self.clear = W.Button(description="Очистить взятку", icon="undo",
                              layout=W.Layout(width="max-content"))
        self.result = W.HTML()
        self.deck.on_card_click(self.click)
        self.trump.observe(lambda _: self.render(), names="value")
        self.clear.on_click(lambda _: self.set_trick([]))
        for b, (_, t, cs) in zip(self.examples, THREE_EXAMPLES):
            b.on_click(lambda _, t=t, cs=cs: self.set_trick(parse_cards(cs, copies=3), t))
        super().__init__([self.trump, self.deck, self.trick, self.result, W.HTML("Примеры:"),
                          W.HBox(self.examples + [self.clear], layout=W.Layout(flex_flow="row wrap"))])
        self.set_trick(parse_cards(cards, copies=3) if cards else [])

    def set_trick(self, cards, trump: str | None = None) -> None:
        """Take the cards as played in this order; identical cards get copies 1, 2, 3."""
        plays: list[Card] = []
        for c in list(cards)[:3]:
            copy = 1 + sum(1 for p in plays if p.face == c.face)
            plays.append(Card(c.rank, c.suit, copy))
        self.plays = plays
        if trump is not None:
            self.trump.value = trump
        self.render()

    def click(self, card: Card) -> None:
        self.set_trick([card] if len(self.plays) >= 3 else self.plays + [card])

    def winner(self) -> int | None:
        return winning_index(self.plays, self.trump.value) if len(self.plays) == 3 else None

    def verdict(self) -> str:
        n = len(self.plays)
        if n < 3:
            which = ("первая карта — ход", "вторая карта", "третья карта")[n]
            return f"Нажмите на карту: {which}."
        w = self.winner()
        win = self.plays[w]
        lines = [f"<b>Взятку берёт {THREE_NAMES[w].split(' ')[0].lower()} игрок: {win.ru}.</b>",
                 html.escape(winner_reason(self.plays, self.trump.value))]
        if sum(1 for c in self.plays if c.face == win.face) > 1:
            lines.append("Одинаковых карт несколько: из них берёт сыгранная раньше.")
        return "<br>".join(lines)

    def render(self) -> None:
        trump = self.trump.value
        pack = make_pack(1)
        if getattr(self.deck, "_key", None) != trump:
            self.deck._key = trump
            self.deck.show_hand(pack, highlighted={c for c in pack if c.suit == trump},
                                max_width=780, caption=f"Козырь — {SUIT_NAME_RU[trump]}: козыри обведены")
        self.trick.show_trick(list(zip(THREE_NAMES, self.plays)), winner=self.winner(), slots=3)
        self.result.value = html_block(self.verdict())


class LegalPlays:
    """A trick in progress and a hand in phase 2: the cards the engine allows stay bright, the
    others are greyed, and the engine's reason is written under them."""

    def __init__(self, hand, trick, trump: str, rules: str | RuleSet = "three_handed",
                 names=("Первый", "Второй")):
        self.rules = RuleSet.from_spec(rules)
        self.trick = parse_cards(trick, copies=3) if isinstance(trick, str) else list(trick)
        taken = set(self.trick)
        self.hand = parse_cards(hand, copies=3, taken=taken) if isinstance(hand, str) else list(hand)
        self.trump, self.names = trump, names

    def legal(self) -> list[Card]:
        return legal_plays(self.hand, self.trick, self.trump, 2, self.rules)

    def reason(self) -> str:
        return legal_reason(self.hand, self.trick, self.trump, 2, self.rules)

    def _repr_html_(self) -> str:
        legal = set(self.legal())
        w = winning_index(self.trick, self.trump)
        t = layout_trick(list(zip(self.names, self.trick)), winner=w, slots=len(self.trick) + 1,
                         caption=f"Козырь — {SUIT_NAME_RU[self.trump]}; сейчас взятку берёт "
                                 f"{self.trick[w].ru}")
        h = layout_hand(self.hand, disabled=set(self.hand) - legal, scale=0.8,
                        title="Карты третьего игрока", caption="Карты третьего игрока")
        pics = "".join(f"<div style='margin:0 1.2em 0.4em 0'>{picture_html(x, x.description, 1)}</div>"
                       for x in (t, h))
        ok = ", ".join(c.ru for c in sort_cards(legal))
        return (f"<div style='display:flex;flex-wrap:wrap;align-items:flex-end'>{pics}</div>"
                f"<div style='line-height:1.5'>Можно сыграть: <b>{ok}</b>. "
                f"{html.escape(self.reason())}</div>")


# ====================================================================== tables for 2, 3, 4

def table_sizes(rules: RuleSet) -> dict:
    """Pack, hands, turn-up, stock and tricks of a table, from the engine's rules and pack."""
    deal = Deal.new(rules, 0, seed=1)
    pack = pack_for(rules)
    return {"players": rules.players, "pack": rules.pack_size, "hand": rules.hand_size,
            "turn_up": rules.players * rules.hand_size + 1, "stock": deal.stock_count,
            "phase1": rules.phase1_tricks, "phase2": rules.hand_size,
            "brisques": trick_points([pack], rules), "target": rules.target_score}


def table_sizes_html() -> str:
    cols = [table_sizes(RuleSet.preset(p)) for p in ("canonical", "three_handed", "four_handed")]
    rows = [["колода", *[plural(c["pack"], "карта") for c in cols]],
            ["сдают каждому", *[plural(c["hand"], "карта") for c in cols]],
            ["козырь — карта номер", *[str(c["turn_up"]) for c in cols]],
            ["в талоне рубашкой вверх", *[plural(c["stock"], "карта") for c in cols]],
            ["взяток, пока есть талон", *[str(c["phase1"]) for c in cols]],
            ["взяток «на выход»", *[str(c["phase2"]) for c in cols]],
            ["все бриски колоды", *[points(c["brisques"]) for c in cols]],
            ["партия до", *[points(c["target"]) for c in cols]]]
    return html_table(rows, ["", "вдвоём", "втроём", "вчетвером"], numbers_right=True)


# ====================================================================== four-handed

FOUR_NAMES = ("Юг", "Запад", "Север", "Восток")
SIDES = ("Юг и Север", "Запад и Восток")


def melds_picture(groups, scale: float = 0.55, caption: str | None = None, title: str = "Объявлено") -> str:
    """Declared cards (a list of melds) as an <img> with alt text (infusorki drawn here)."""
    if any(c.is_joker for g in groups for c in g):
        return meld_row_html(groups, scale, caption)
    lay = layout_table(groups, scale=scale, caption=caption, title=title)
    return picture_html(lay, lay.description, 1)


class FourHandedDeal(OnPage, W.VBox):
    """A four-handed partnership deal (Юг–Север against Запад–Восток) played by four bots:
    what each player declared (from their own cards) and the side scores."""

    static_hint = ("Здесь можно выбрать номер сдачи — четыре компьютерных игрока сыграют её, и "
                   "под картинкой появятся очки обеих пар.")

    def __init__(self, seed: int = 3):
        self.seed = W.BoundedIntText(value=seed, min=1, max=99999, description="Номер сдачи:",
                                     style=WIDE, layout=W.Layout(width="13em"))
        self.new = W.Button(description="Новая сдача", icon="refresh", button_style="primary")
        self.players = W.HTML()
        self.summary = W.HTML()
        self._ready: dict[int, Deal] = {}
        self.new.on_click(lambda _: setattr(self.seed, "value", self.seed.value % 99999 + 1))
        self.seed.observe(lambda _: self.play(), names="value")
        super().__init__([W.HBox([self.seed, self.new], layout=W.Layout(flex_flow="row wrap")),
                          self.players, self.summary])
        self.play()

    def play(self) -> None:
        """Play the numbered deal; the next one is played right after this one is shown."""
        seed = self.seed.value
        self.deal = self._ready.pop(seed, None) or self.played(seed)
        self.render()
        nxt = seed % 99999 + 1
        if nxt not in self._ready:
            self._ready = {nxt: self.played(nxt)}

    @staticmethod
    def played(seed: int) -> Deal:
        """Deal number `seed` of the four-handed game, played to its end by four Любители."""
        rules = RuleSet.preset("four_handed")
        return play_deal(Deal.new(rules, 0, seed=seed), bots("heuristic", rules.players, seed))

    def render(self) -> None:
        d = self.deal
        cells = []
        for seat in range(4):
            scored = d.melds[seat].scored
            side = SIDES[d.rules.side(seat)]
            head = f"<b>{FOUR_NAMES[seat]}</b> ({side}{', сдаёт' if seat == d.dealer else ''})"
            if scored:
                head += f": объявления на {points(sum(x.points for x in scored))}"
            if scored:
                pic = melds_picture([list(x.cards) for x in scored],
                                    title=f"Объявлено: {FOUR_NAMES[seat]}")
                what = "; ".join(f"{meld_name(x.meld)} ({x.points})" for x in scored)
                cells.append(f"<div style='margin:4px 0'>{head}<br>{pic}<br>{html.escape(what)}</div>")
            else:
                cells.append(f"<div style='margin:4px 0'>{head}: ничего не объявлял</div>")
        self.players.value = "".join(cells)
        self.summary.value = html_block(self.summary_html())

    def summary_html(self) -> str:
        d = self.deal
        r = d.result()
        rows = [["объявления", *r["declared"]], ["бриски", *r["brisques"]],
                ["последняя взятка", *r["last_trick"]],
                ["<b>итого за сдачу</b>", *[f"<b>{x}</b>" for x in r["scores"]]]]
        up = d.initial[1]
        side = d.rules.side(d.last_trick_winner)
        last = r["last_trick"]
        bonus = (f"по {points(last[0])} каждой паре" if last[0] == last[1] else
                 f"{points(last[side])} пары «{SIDES[side]}»")
        lines = [f"Козырь — {SUIT_NAME_RU[up.suit]} (открыта 33-я карта — {up.ru}). "
                 f"Последнюю, {d.tricks_done}-ю, взятку взял {FOUR_NAMES[d.last_trick_winner]}: "
                 f"{bonus}.",
                 html_table(rows, ["", *SIDES], numbers_right=True)]
        return "<br>".join(lines)
