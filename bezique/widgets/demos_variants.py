"""Demos of chapters 10 «Бескозырный безик» and 11 «Безик втроём, вчетвером и многоколодный».

* `NoTrumpDemo` — a no-trump deal (`RuleSet.preset("no_trump")`) against the computer, until
  the first marriage fixes trumps; the last trick is judged by `tricks.winner_reason` with no
  trump and with each suit as trump;
* `ThreeHandedTrick` — three cards chosen by clicks, the engine's winner (`winning_index`);
* `FourHandedDeal` — a four-handed partnership deal played by four bots, with the side scores;
* `ManyPackOpening` — the first declarations of a many-pack deal with infusorki (experimental),
  `infusorka_score_table` and `gaps_table_html` (the engine's `GAPS`);
* `table_sizes_html` — pack, hands, stock and tricks for two, three and four players.

No rule is decided here: every winner, legal play, declaration and score is the engine's.
"""

from __future__ import annotations

import html
import io

import ipywidgets as W
from PIL import Image, ImageDraw

from ..actions import PASS, play
from ..cards import JOKER, SUIT_NAME_RU, SUIT_SYMBOL, Card, cards_ru, make_pack, parse_cards, sort_cards
from ..deal import Deal, pack_for
from ..errors import IllegalAction
from ..melds import (NO_TRUMP_MARRIAGE, MeldContext, MeldState, enumerate_declarations,
                     explain_illegal, make_declaration)
from ..narrate import deal_log
from ..players.match import make_player
from ..ru import describe_declaration, meld_name, plural, points
from ..rules import RuleSet
from ..tally import trick_points
from ..tricks import legal_plays, legal_reason, winner_reason, winning_index
from .canvas import CardCanvas, img_html
from .drawing import card_image, card_size, get_font
from .layout import layout_hand, layout_table, layout_trick

_WIDE = {"description_width": "initial"}
SUIT_OPTIONS = [(f"{SUIT_SYMBOL[s]} {SUIT_NAME_RU[s]}", s) for s in "SHDC"]


def _html(text: str) -> str:
    return f'<div style="line-height:1.5">{text}</div>'


def _table(rows, head=None) -> str:
    style = 'style="border:1px solid #ccc;padding:2px 10px;text-align:{}"'
    out = ['<table style="border-collapse:collapse;margin:6px 0">']
    if head:
        out.append("<tr>" + "".join(f"<th {style.format('center')}>{h}</th>" for h in head) + "</tr>")
    for row in rows:
        out.append("<tr>" + "".join(f"<td {style.format('right' if isinstance(c, int) else 'left')}>"
                                    f"{c}</td>" for c in row) + "</tr>")
    return "".join(out) + "</table>"


def _png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=1)
    return buf.getvalue()


# ====================================================================== no-trump bezique

YOU, OPP = 1, 0           # you lead (the opponent deals)


def trump_comparison(cards, names=("Ход", "Ответ")) -> list[tuple[str | None, int, str]]:
    """(trump, winner index, the engine's reason) for one trick with no trump and with each
    suit as trump."""
    return [(t, winning_index(cards, t), winner_reason(cards, t)) for t in (None, *"SHDC")]


class NoTrumpDemo(W.VBox):
    """A no-trump deal against the computer (Любитель). Click a card to play it; after a won
    trick the engine's legal declarations become buttons. The last trick is shown with its
    winner under every possible trump, so the change made by the first marriage is visible."""

    def __init__(self, seed: int = 4, until_trump: bool = False):
        self.seed = W.BoundedIntText(value=seed, min=1, max=99999, description="Номер сдачи:",
                                     style=_WIDE, layout=W.Layout(width="13em"))
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
        super().__init__([W.HBox([self.seed, self.new]), self.canvas, self.decls,
                          W.HBox([self.auto, self.fast]), self.status, self.compare])
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
        while not d.is_over and d.trump is None and d.phase == 1:
            seat = d.to_act
            player = self.helper if seat == YOU else self.bot
            d.apply(player.choose(d.view(seat)), seat)
        self._run_bot()
        self.message = ""
        self.render()

    # ---------------------------------------------------------------- showing
    def last_trick(self):
        for e in reversed(self.deal.log):
            if e[0] == "trick":
                return e
        return None

    def fixing(self):
        """(seat, suit) of the marriage that fixed trumps, or None."""
        for e in self.deal.log:
            if e[0] == "trump_fixed":
                return e[1], e[2]
        return None

    def render(self) -> None:
        d = self.deal
        names = {YOU: "Вы", OPP: "Соперник"}
        if d.trick:
            trick = [(names[s], c) for s, c in zip(d.trick_seats, d.trick)]
            winner = None
        else:
            last = self.last_trick()
            trick = [(names[s], c) for s, c in zip(last[3], last[2])] if last else []
            winner = last[3].index(last[1]) if last else None
        ex = d.exposed[YOU]
        legal = set(d.legal_plays(YOU)) if d.stage == "play" and d.to_act == YOU else set(d.hands[YOU])
        fixed = self.fixing()
        if d.trump is None:
            caption = "Козыря пока нет: его назначит первый объявленный марьяж"
        else:
            whose = "ваш марьяж" if fixed and fixed[0] == YOU else "марьяж соперника"
            caption = (f"Козырь — {SUIT_NAME_RU[d.trump]}: их назначил первый объявленный "
                       f"марьяж — {whose}")
        self.canvas.show_scene([c for c in d.hands[YOU] if c not in ex], table=sorted(ex),
                               opponent=len(d.hands[OPP]), opponent_table=sorted(d.exposed[OPP]),
                               stock=d.stock_count, turn_up=None, trick=trick, winner=winner,
                               disabled=set(d.hands[YOU]) - legal, caption=caption,
                               highlighted={c for c in d.hands[YOU] if c.suit == d.trump})
        buttons = []
        if d.stage == "declare" and d.to_act == YOU:
            for decl in d.legal_declarations(YOU):
                b = W.Button(description=f"{meld_name(decl.meld).capitalize()} "
                                         f"{cards_ru(decl.cards)}: +{points(decl.points)}",
                             button_style="success", layout=W.Layout(width="auto"))
                b.on_click(lambda _, decl=decl: self.act(decl))
                buttons.append(b)
            b = W.Button(description="Ничего не объявлять", layout=W.Layout(width="auto"))
            b.on_click(lambda _: self.act(PASS))
            buttons.append(b)
        self.decls.children = buttons
        self.auto.disabled = d.is_over or d.to_act != YOU
        self.fast.disabled = d.is_over or d.trump is not None or d.phase != 1
        self.status.value = _html(self.describe())
        self.compare.value = _html(self.comparison_html())

    def describe(self) -> str:
        d = self.deal
        lines = [html.escape(x) for x in deal_log(d, YOU)[-5:]]
        if self.message:
            lines.append(f"<b>{html.escape(self.message)}</b>")
        if d.is_over:
            r = d.result()
            lines.append(f"Сдача окончена: у вас {points(r['scores'][YOU])}, у соперника "
                         f"{points(r['scores'][OPP])}.")
        elif d.stage == "declare" and d.to_act == YOU:
            lines.append("Вы взяли взятку: можно объявить комбинацию (кнопки выше).")
        elif d.to_act == YOU:
            lines.append("Ваш ход: щёлкните по карте." if not d.trick else
                         "Ответьте на ход соперника: щёлкните по карте.")
        lines.append(f"Очки за объявления: у вас {d.declared[YOU]}, у соперника {d.declared[OPP]}.")
        return "<br>".join(lines)

    def comparison_html(self) -> str:
        last = self.last_trick()
        if last is None:
            return "Взяток ещё не было."
        _, winner, cards, seats = last
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
                cells[0] += " — так сейчас"
            rows.append(cells)
        head = f"Последняя взятка: {cards[0].ru} ({played[0]}) и {cards[1].ru} ({played[1]})."
        out = (head + " Кто бы её взял при разных козырях (отвечает движок):"
               + _table(rows, ["Козырь", "Кто берёт", "Почему"]))
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
            if e[0] == "trump_fixed":
                break
            if e[0] == "trick":
                n += 1
                if winning_index(e[2], None) != winning_index(e[2], d.trump):
                    out.append((n, e[2], e[3]))
        return out


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
        ctx = MeldContext(self.rules, self.trump, None, self.trump is None)
        return enumerate_declarations(self.hand, self.state, ctx)

    def refusal(self, meld: str, cards) -> str:
        """The engine's reason why `meld` with `cards` may not be declared now."""
        cs = parse_cards(cards) if isinstance(cards, str) else list(cards)
        ctx = MeldContext(self.rules, self.trump, None, self.trump is None)
        return explain_illegal(meld, tuple(sort_cards(cs)), set(self.hand), self.state, ctx).message

    def _repr_html_(self) -> str:
        lay = layout_hand(self.hand, scale=0.75, caption=self.caption, title="Карты")
        pic = img_html(lay.png(), lay.description, lay.size)
        decls = self.declarations()
        if decls:
            lines = []                         # identical copies of a card: one line
            for d in decls:
                text = describe_declaration(d.meld, d.cards, d.points)
                if text not in lines:
                    lines.append(text)
            items = "".join(f"<li>{html.escape(t)}</li>" for t in lines)
            text = f"Можно объявить (по мнению движка):<ul style='margin:2px 0'>{items}</ul>"
        else:
            text = "Объявить нечего."
        return f"<div style='margin:4px 0'>{pic}<div style='line-height:1.5'>{text}</div></div>"


def trick_picture_nt(lead: str | Card, reply: str | Card, trump: str | None = None,
                     names=("Ход", "Ответ")):
    """A two-card trick with no trump (or with one): the winner outlined, the engine's reason."""
    from .canvas import Picture
    cards = [c if isinstance(c, Card) else parse_cards(c)[0] for c in (lead, reply)]
    if cards[1] is cards[0]:
        cards[1] = Card(cards[0].rank, cards[0].suit, 2)
    w = winning_index(cards, trump)
    head = "Козыря нет" if trump is None else f"Козырь — {SUIT_NAME_RU[trump]}"
    reason = winner_reason(cards, trump)
    lay = layout_trick(list(zip(names, cards)), winner=w, caption=f"{head}. {reason}")
    return Picture(lay, f"{head}. {names[0]}: {cards[0].name_ru}, {names[1]}: "
                        f"{cards[1].name_ru}. {reason}")


# ====================================================================== three cards in a trick

THREE_EXAMPLES = [
    ("Козырь в чужой масти", "S", "К♣ 10♣ 7♠"),
    ("Три одинаковых туза", "S", "Т♦ Т♦ Т♦"),
    ("Чужая масть не бьёт", "S", "9♥ В♥ 7♣"),
]
THREE_NAMES = ("Первый (ходит)", "Второй", "Третий")


class ThreeHandedTrick(W.VBox):
    """«Взятка втроём»: click three cards (the lead first); the engine says who takes it."""

    def __init__(self, trump: str = "S", cards: str | None = "К♣ 10♣ 7♠"):
        self.plays: list[Card] = []
        self.trump = W.ToggleButtons(options=SUIT_OPTIONS, value=trump, description="Козырь:",
                                     style={"button_width": "6.5em"})
        self.deck = CardCanvas(name="Все карты", scale=0.8)
        self.trick = CardCanvas(name="Взятка")
        self.examples = [W.Button(description=n, layout=W.Layout(width="auto"))
                         for n, *_ in THREE_EXAMPLES]
        self.clear = W.Button(description="Очистить взятку", icon="undo")
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
            return (f"Щёлкните по карте: {('первая карта — ход', 'вторая карта', 'третья карта')[n]}."
                    if n < 3 else "")
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
        self.result.value = _html(self.verdict())


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
        pics = "".join(f"<div style='margin:0 1.2em 0.4em 0'>{img_html(x.png(), x.description, x.size)}</div>"
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
    return _table(rows, ["", "вдвоём", "втроём", "вчетвером"])


# ====================================================================== four-handed

FOUR_NAMES = ("Юг", "Запад", "Север", "Восток")
SIDES = ("Юг и Север", "Запад и Восток")


def bots_deal(rules: RuleSet, seed: int, dealer: int = 0) -> Deal:
    deal = Deal.new(rules, dealer, seed=seed)
    players = [make_player("heuristic", seed=seed * 10 + s) for s in range(rules.players)]
    while not deal.is_over:
        seat = deal.to_act
        deal.apply(players[seat].choose(deal.view(seat)), seat)
    return deal


def melds_picture(groups, scale: float = 0.55, caption: str | None = None, title: str = "Объявлено") -> str:
    """Declared cards (a list of melds) as an <img> with alt text (infusorki drawn here)."""
    if any(c.is_joker for g in groups for c in g):
        return meld_row_html(groups, scale, caption)
    lay = layout_table(groups, scale=scale, caption=caption, title=title)
    return img_html(lay.png(), lay.description, lay.size)


class FourHandedDeal(W.VBox):
    """A four-handed partnership deal (Юг–Север against Запад–Восток) played by four bots:
    what each player declared (from their own cards) and the side scores."""

    def __init__(self, seed: int = 3):
        self.seed = W.BoundedIntText(value=seed, min=1, max=99999, description="Номер сдачи:",
                                     style=_WIDE, layout=W.Layout(width="13em"))
        self.new = W.Button(description="Новая сдача", icon="refresh", button_style="primary")
        self.players = W.HTML()
        self.summary = W.HTML()
        self._ready: dict[int, Deal] = {}
        self.new.on_click(lambda _: setattr(self.seed, "value", self.seed.value % 99999 + 1))
        self.seed.observe(lambda _: self.play(), names="value")
        super().__init__([W.HBox([self.seed, self.new]), self.players, self.summary])
        self.play()

    def play(self) -> None:
        """Play the numbered deal; the next one is played right after this one is shown."""
        seed = self.seed.value
        self.deal = self._ready.pop(seed, None) or bots_deal(RuleSet.preset("four_handed"), seed)
        self.render()
        nxt = seed % 99999 + 1
        if nxt not in self._ready:
            self._ready = {nxt: bots_deal(RuleSet.preset("four_handed"), nxt)}

    def render(self) -> None:
        d = self.deal
        cells = []
        for seat in range(4):
            scored = d.melds[seat].scored
            side = SIDES[seat % 2]
            head = (f"<b>{FOUR_NAMES[seat]}</b> ({side}{', сдаёт' if seat == d.dealer else ''}): "
                    f"объявления на {points(sum(x.points for x in scored))}")
            if scored:
                pic = melds_picture([list(x.cards) for x in scored],
                                    title=f"Объявлено: {FOUR_NAMES[seat]}")
                what = "; ".join(f"{meld_name(x.meld)} ({x.points})" for x in scored)
                cells.append(f"<div style='margin:4px 0'>{head}<br>{pic}<br>{html.escape(what)}</div>")
            else:
                cells.append(f"<div style='margin:4px 0'>{head}<br>ничего не объявлял(а)</div>")
        self.players.value = "".join(cells)
        self.summary.value = _html(self.summary_html())

    def summary_html(self) -> str:
        d = self.deal
        r = d.result()
        rows = [["объявления", *r["declared"]], ["бриски", *r["brisques"]],
                ["последняя взятка", *r["last_trick"]],
                ["<b>итого за сдачу</b>", *[f"<b>{x}</b>" for x in r["scores"]]]]
        up = d.initial[1]
        lines = [f"Козырь — {SUIT_NAME_RU[up.suit]} (открыта {up.ru}, 33-я карта). "
                 f"Последнюю, {d.tricks_done}-ю взятку взял {FOUR_NAMES[d.last_trick_winner]}: "
                 f"10 очков пары «{SIDES[d.last_trick_winner % 2]}».",
                 _table(rows, ["", *SIDES])]
        return "<br>".join(lines)


# ====================================================================== many-pack bezique

def joker_image(scale: float = 1.0) -> Image.Image:
    """The infusorka (it has no suit and no rank), as the card pictures draw it."""
    return card_image(Card(JOKER, JOKER, 1), scale)


def meld_row_image(groups, scale: float = 0.55) -> Image.Image:
    """Declared cards, each meld a group of overlapping cards (infusorki included)."""
    w, h = card_size(scale)
    step, gap = round(0.55 * w), round(0.25 * w)
    width = 0
    for g in groups:
        width += (len(g) - 1) * step + w + gap
    img = Image.new("RGBA", (max(1, width - gap) + 4, h + 4), (255, 255, 255, 0))
    x = 2
    for g in groups:
        for i, c in enumerate(g):
            face = joker_image(scale) if c.is_joker else card_image(c, scale)
            img.alpha_composite(face.convert("RGBA"), (x, 2))
            x += step if i < len(g) - 1 else w + gap
    return img


def meld_row_html(groups, scale: float = 0.55, caption: str | None = None) -> str:
    img = meld_row_image(groups, scale)
    alt = "; ".join(", ".join(c.name_ru for c in g) for g in groups)
    return img_html(_png(img), ("Объявлено: " + alt) if not caption else f"{caption}: {alt}",
                    img.size)


MANY_NAMES = ("Анна", "Борис")


def _infusorka_module():
    from ..variants import infusorka
    return infusorka


class ManyPackOpening(W.VBox):
    """The first declarations of a many-pack deal with infusorki, played by two bots
    (experimental reconstruction, RULES.md §10.5)."""

    def __init__(self, seed: int = 2, count: int = 5):
        self.count = count
        self.seed = W.BoundedIntText(value=seed, min=1, max=99999, description="Номер сдачи:",
                                     style=_WIDE, layout=W.Layout(width="13em"))
        self.new = W.Button(description="Новая сдача", icon="refresh", button_style="primary")
        self.head = W.HTML()
        self.items = W.HTML()
        self._ready: dict = {}
        self.new.on_click(lambda _: setattr(self.seed, "value", self.seed.value % 99999 + 1))
        self.seed.observe(lambda _: self.play(), names="value")
        super().__init__([W.HBox([self.seed, self.new]), self.head, self.items])
        self.play()

    def play(self) -> None:
        """Play until `count` declarations have been scored (or the deal ends); the next
        numbered deal is played right after this one is shown."""
        seed = self.seed.value
        self.deal, self.start, self.declared = self._ready.pop(seed, None) or self.opening(seed)
        self.render()
        nxt = seed % 99999 + 1
        if nxt not in self._ready:
            self._ready = {nxt: self.opening(nxt)}

    def opening(self, seed: int):
        """(deal, (turn-up, hand sizes, stock), [(trick number, seat, declaration)…])."""
        rules = RuleSet.preset("many_pack_infusorka")
        d = Deal.new(rules, 0, seed=seed)
        start = (d.initial[1], [len(h) for h in d.hands], d.stock_count)
        players = [make_player("heuristic", seed=seed * 10 + s) for s in range(2)]
        declared: list[tuple[int, int, object]] = []
        while not d.is_over and len(declared) < self.count:
            seat = d.to_act
            before = len(d.log)
            d.apply(players[seat].choose(d.view(seat)), seat)
            for e in d.log[before:]:
                if e[0] == "declare":
                    declared.append((d.tricks_done, e[1], e[2]))
        return d, start, declared

    def render(self) -> None:
        up, sizes, stock = self.start
        self.head.value = _html(
            f"Колода: {plural(self.deal.rules.pack_size, 'карта')} (восемь колод без семёрок и "
            f"восьмёрок, двенадцать девяток и две инфузорки). Каждому сдано по "
            f"{plural(sizes[0], 'карта')}, козырь — {SUIT_NAME_RU[up.suit]} (открыта {up.ru}, "
            f"37-я карта), в колоде осталось {plural(stock, 'карта')}.")
        rows = []
        for n, seat, decl in self.declared:
            pic = meld_row_html([list(decl.cards)], 0.7)
            rows.append(f"<div style='margin:6px 0'>Ход {n}, {MANY_NAMES[seat]}: "
                        f"<b>{html.escape(meld_name(decl.meld))}</b> — "
                        f"{points(decl.points)}<br>{pic}</div>")
        if not rows:
            rows.append("За эту сдачу никто ничего не объявил.")
        self.items.value = "".join(rows)


def series_points(meld: str, n: int, trump: str = "S") -> int:
    """Points of the n-th declaration of a doubling series (trump marriage, bezique, quint) or
    of the n-th plain four, as the engine scores it."""
    inf = _infusorka_module()
    st = inf.InfusorkaMelds()
    st.counts[meld] = n - 1
    bj = inf.BEZIQUE_JACK_SUIT[trump]
    hand = {"royal_marriage": [("K", trump), ("Q", trump)],
            "bezique": [("Q", trump), ("J", bj)],
            "trump_quint": [(r, trump) for r in "ATKQJ"],
            "four_aces": [("A", s) for s in "SHDC"], "four_kings": [("K", s) for s in "SHDC"],
            "four_queens": [("Q", s) for s in "SHDC"], "four_jacks": [("J", s) for s in "SHDC"]}[meld]
    cards = [Card(r, s) for r, s in hand]
    ctx = MeldContext(RuleSet.preset("many_pack_infusorka"), trump, None, True)
    return next(d.points for d in inf.infusorka_declarations(cards, st, ctx) if d.meld == meld)


def infusorka_score_table() -> str:
    """The reconstructed score table of §10.5.5, every number asked from the engine."""
    inf = _infusorka_module()
    series = [("козырный марьяж", "royal_marriage"), ("безик (козырная дама и безиковый валет)",
                                                      "bezique"),
              ("козырный квинт (Т 10 К Д В)", "trump_quint")]
    rows1 = [[name, *[series_points(m, n) for n in range(1, 5)]] for name, m in series]
    rows1.append(["простой марьяж", "—", "—", "—", "—"])
    plain = [("четыре туза разных мастей", "four_aces"), ("четыре короля", "four_kings"),
             ("четыре дамы", "four_queens"), ("четыре валета", "four_jacks")]
    rows2 = [[name, *[series_points(m, n) for n in (1, 2, 3)]] for name, m in plain]
    fam_names = {"trump_queens": "козырные дамы", "bezique_jacks": "безиковые валеты",
                 "trump_aces": "козырные тузы", "trump_kings": "козырные короли",
                 "trump_tens": "козырные десятки", "trump_jacks": "козырные валеты"}
    rows3 = []
    for key, name in fam_names.items():
        fam = inf.FAMILIES[key]
        inc = [fam.increment(k) for k in range(5, 9)]
        rows3.append([name, fam.base, *[f"+{x}" for x in inc], fam.base + sum(inc)])
    return ("<b>Серии: каждое следующее объявление вдвое дороже</b>"
            + _table(rows1, ["", "первый", "второй", "третий", "четвёртый"])
            + "<b>Четыре карты разных мастей «на одной руке»: k-е такое объявление — в k раз</b>"
            + _table(rows2, ["", "первое", "второе", "третье"])
            + "<b>Козырные четвёрки и каждая следующая карта к ним</b>"
            + _table(rows3, ["четыре…", "четыре", "5-я", "6-я", "7-я", "8-я", "все восемь"]))


def gaps_table_html() -> str:
    """What the old text does not say and how the engine fills it (`infusorka.GAPS`)."""
    inf = _infusorka_module()
    style = 'style="border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top"'
    out = ['<table style="border-collapse:collapse;margin:6px 0">',
           f"<tr><th {style}>Чего нет в тексте</th><th {style}>Как решает программа</th></tr>"]
    for g in inf.GAPS:
        out.append(f"<tr><td {style}>{html.escape(g.topic)}</td>"
                   f"<td {style}>{html.escape(g.decision)}</td></tr>")
    return "".join(out) + "</table>"


def experimental_note_html() -> str:
    return _html(f"<b>Реконструкция.</b> {html.escape(_infusorka_module().EXPERIMENTAL_NOTE_RU)}")
