"""One whole deal from the first card to the tally (chapter «Сдача от начала до конца»).

* `whole_deal` — a real deal of the main rules: the cards of RULES.md S-108 (the hands, the
  turn-up 9♥ and the top of the stock), the first four tricks played and declared as S-108
  scripts them, and the rest played to the end by two «Любитель» bots (`match.play_deal`).
* `deal_steps` — the deal cut into steps, one a trick (step 0 is the deal itself): the table
  after the step, the engine's Russian lines for it (`narrate.describe_event`; the opponent's
  cards are open here, so his draws are named too) and, in the last eight tricks, the
  follower's hand with the cards the engine allowed (`Deal.legal_plays`).
* pictures of the steps for the static page (`step_scene`, `trick_picture`,
  `follow_picture`), the tally in the shape of S-76 (`tally_rows`), and `typical_numbers`:
  deal scores and deals a game measured over games between bots.
* `WholeDealStepper` — the live demo: «Назад» / «Дальше» through the steps, with the
  narration under the table.

Nothing here decides a rule: the points, the legal cards and the tally are the engine's.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

import ipywidgets as W

from ...actions import PASS, Play, declare, play
from ...cards import SUIT_NAME_RU, Card, parse_card, parse_cards, sort_cards
from ...deal import Deal
from ...events import DeclareEvent, DrawEvent, TrickEvent
from ...game import Game
from ...narrate import describe_event, score_breakdown
from ...players.match import bots, play_deal
from ...ru import plural, points
from ...rules import RuleSet
from ...setup import deal_from_cards
from ...tricks import legal_reason
from ..page import OnPage
from ..render.canvas import CardCanvas, Picture
from ..render.compose import beside, with_caption
from ..render.layout import layout_hand, layout_scene, layout_trick, table_groups
from ..render.scene import deal_scene
from .common import esc, html_block

NAMES = ("Вы", "Соперник")
YOU, OPPONENT = 0, 1              # you are P1 of S-108 (the non-dealer); the opponent deals

# RULES.md S-108: the opening hands, the turn-up and the top of the face-down stock.
S108_HANDS = ("QS#1 JD#1 KC QC 7H#1 8S TD AC", "AS KH QH 9C 8D JS TH 7C")
S108_TURN_UP = "9H"
S108_STOCK_TOP = ("AD", "KS", "QS#2", "7D", "JD#2", "8C")
# S-108's four tricks: (leader, card led, answer, the winner's declaration or None).
S108_TRICKS = (
    (YOU, "8S", "AS", ("royal_marriage", "KH QH")),
    (OPPONENT, "7C", "AC", ("bezique", "QS#1 JD#1")),
    (YOU, "TD", "AD", None),
    (OPPONENT, "7D", "7H#1", ("marriage", "KC QC")),
)
DEAL_NUMBER = 9        # how the cards S-108 leaves unnamed are shuffled (the chapter's deal)
BOTS_SEED = 0


def _finish_turn(deal: Deal) -> None:
    if deal.stage == "declare":
        deal.apply(PASS, deal.to_act)


def s108_opening(number: int = DEAL_NUMBER, rules: RuleSet | None = None) -> Deal:
    """S-108's cards dealt (the unnamed cards shuffled by `number`) and its four tricks played
    and declared as S-108 scripts them."""
    deal = deal_from_cards(list(S108_HANDS), S108_TURN_UP, list(S108_STOCK_TOP),
                           rules=rules, dealer=OPPONENT, seed=number)
    for leader, led, answer, meld in S108_TRICKS:
        deal.apply(play(parse_card(led)), leader)
        deal.apply(play(parse_card(answer)), 1 - leader)
        if meld is not None:
            deal.apply(declare(meld[0], parse_cards(meld[1])), deal.to_act)
        _finish_turn(deal)
    return deal


def whole_deal(number: int = DEAL_NUMBER, rules: RuleSet | None = None) -> Deal:
    """The chapter's deal: S-108's opening, then two «Любитель» bots to the end."""
    return play_deal(s108_opening(number, rules), bots("heuristic", 2, seed=BOTS_SEED))


# ====================================================================== the steps

@dataclass
class Follow:
    """A trick of the last eight as the follower met it: the card led, his hand, the legal
    cards (the engine's) and what he played."""

    seat: int
    lead: Card
    hand: list[Card]
    legal: list[Card]
    played: Card


@dataclass
class Step:
    """One step of the deal: step 0 is the deal itself, step n the n-th trick with what
    followed it (the declaration, the draws)."""

    number: int
    deal: Deal                      # the table after this step
    lines: list[str]
    trick: TrickEvent | None = None
    declarations: list = field(default_factory=list)     # DeclareEvent of this step
    follow: Follow | None = None
    offered: list = field(default_factory=list)          # the winner's legal declarations
    phase: int = 1
    at_win: Deal | None = None      # the table when the trick was won, before declaring
    before_last: Deal | None = None   # the table before the trick's last card was played

    @property
    def title(self) -> str:
        if self.trick is None:
            return "Сдача"
        return f"Взятка {self.number} из {self.deal.rules.phase1_tricks + self.deal.rules.hand_size}"


def _line(event) -> str | None:
    if type(event) is DrawEvent:            # both hands are open here: name both draws
        return f"{NAMES[event.seat]} {'берёте' if event.seat == YOU else 'берёт'} из талона {event.card.ru}."
    return describe_event(event, YOU, NAMES)


def deal_steps(deal: Deal) -> list[Step]:
    """The finished `deal` cut into steps (replayed from its actions by the engine)."""
    fresh = deal.replayed(upto=0)
    steps = [Step(0, fresh.clone(), _opening_lines(fresh))]
    start, done = len(fresh.log), 0
    follow = offered = at_win = before_last = None
    for seat, act in deal.actions:
        if type(act) is Play and fresh.phase == 2 and len(fresh.trick) == 1:
            follow = Follow(seat, fresh.trick[0], sort_cards(fresh.hands[seat]),
                            sort_cards(fresh.legal_plays(seat)), act.card)
        if type(act) is Play and len(fresh.trick) == fresh.n - 1:
            before_last = fresh.clone()
        fresh.apply(act, seat)
        if fresh.tricks_done > done and fresh.stage == "declare" and offered is None:
            offered = fresh.legal_declarations(fresh.to_act)
            at_win = fresh.clone()
        if fresh.tricks_done > done and fresh.stage != "declare":
            events = fresh.log[start:]
            trick = next(e for e in events if type(e) is TrickEvent)
            steps.append(Step(fresh.tricks_done, fresh.clone(),
                              [x for x in (_line(e) for e in events) if x], trick,
                              [e for e in events if type(e) is DeclareEvent], follow,
                              offered or [], 2 if follow is not None else 1, at_win,
                              before_last))
            start, done = len(fresh.log), fresh.tricks_done
            follow = offered = at_win = before_last = None
    return steps


def _opening_lines(deal: Deal) -> list[str]:
    up = deal.turn_up
    return [f"Сдаёт соперник. Открытый козырь — {up.ru}: {SUIT_NAME_RU[up.suit]} козыри.",
            f"У каждого по {plural(deal.rules.hand_size, 'карта')}, в талоне "
            f"{plural(deal.stock_count, 'карта')} рубашкой вверх. Первым ходите вы."]


# ====================================================================== pictures

def step_scene(step: Step, scale: float = 0.7, caption: str | None = None,
               at_win: bool = False) -> Picture:
    """The table after `step` (or, `at_win`, when its trick was just won: before the
    declaration and the draws), both hands open: a demonstration, not a real game."""
    if at_win and step.at_win is None and step.before_last is not None and step.trick:
        return Picture(layout_scene(**_won_scene(step, scale, caption)))
    d = step.at_win if at_win and step.at_win is not None else step.deal
    kw = deal_scene(d, YOU, declared="group", scale=scale, names=NAMES,
                    opponent=sort_cards(d.concealed(OPPONENT)), opponent_face_up=True,
                    caption=caption, **declared_groups(d))
    return Picture(layout_scene(**kw))


def declared_groups(d: Deal, exposed=None) -> dict:
    """Both players' declared cards grouped by combination (`table`, `opponent_table`), so
    that a sequence and a marriage lie apart; `exposed` replaces the deal's cards."""
    exposed = exposed or d.exposed
    return {"table": table_groups(exposed[YOU], d.melds[YOU].scored + d.pending[YOU]),
            "opponent_table": table_groups(exposed[OPPONENT],
                                           d.melds[OPPONENT].scored + d.pending[OPPONENT])}


def won_caption(step: Step) -> str:
    """The caption of `step_scene(step, at_win=True)`: what comes next at that moment."""
    e = step.trick
    who = "вы" if e.winner == YOU else "соперник"
    if step.offered:
        return (f"{step.number}-я взятка взята, её взял{'и' if e.winner == YOU else ''} {who}: "
                f"ещё до объявления и добора.")
    return (f"{step.number}-я взятка взята, её взял{'и' if e.winner == YOU else ''} {who}: "
            f"объявить нечего, дальше сразу добор.")


def _won_scene(step: Step, scale: float, caption: str | None) -> dict:
    """The table the moment the step's trick was won, when the winner had nothing to declare
    (the engine went straight on to the draws): the table before the trick's last card, that
    card moved from its player's cards into the trick, the trick's winner marked (the
    engine's `TrickEvent`). The stock is still as it was: nobody has drawn yet."""
    d, e = step.before_last, step.trick
    last_seat, last_card = e.plays[-1]

    def cards_of(side: int, cards) -> list[Card]:
        cards = list(cards)
        if side == last_seat and last_card in cards:
            cards.remove(last_card)
        return sort_cards(cards)

    exposed = [cards_of(YOU, d.exposed[YOU]), cards_of(OPPONENT, d.exposed[OPPONENT])]
    kw = dict(hand=cards_of(YOU, d.concealed(YOU)),
              opponent=cards_of(OPPONENT, d.concealed(OPPONENT)), **declared_groups(d, exposed))
    base = deal_scene(d, YOU, declared="group", scale=scale, names=NAMES,
                      opponent_face_up=True, caption=caption)
    base.update(kw)
    base["trick"] = [(NAMES[s], c) for s, c in e.plays]
    base["winner"] = e.winner_index
    return base


def trick_picture(step: Step, scale: float = 0.6, caption: str | None = None) -> Picture:
    """The cards of the step's trick, the winner's card marked."""
    e = step.trick
    return Picture(layout_trick([(NAMES[s], c) for s, c in e.plays], winner=e.winner_index,
                                scale=scale, caption=caption or f"{step.number}-я взятка"))


def follow_picture(step: Step, scale: float = 0.7) -> Picture:
    """A trick of the last eight: the card led and the follower's hand, the cards the engine
    did not allow greyed out, with the legal cards and (for you) the engine's reason."""
    f, d = step.follow, step.deal
    bad = [c for c in f.hand if c not in f.legal]
    who = NAMES[f.seat]
    t = layout_trick([(NAMES[1 - f.seat], f.lead)], slots=1, scale=scale)
    h = layout_hand(f.hand, disabled=bad, scale=scale,
                    title="Ваши карты" if f.seat == YOU else "Карты соперника")
    can = " ".join(c.ru for c in f.legal)
    reason = legal_reason(f.hand, [f.lead], d.trump, 2, d.rules) if f.seat == YOU else ""
    text = (f"{step.number}-я взятка. Ход: {f.lead.ru}. {who}: можно {can}; сыграно "
            f"{f.played.ru}. {reason}").strip()
    return Picture(with_caption(beside(t, h), text, description=text), text)


# ====================================================================== the tally

def tally_rows(deal: Deal) -> list[list]:
    """S-76's tally from the engine: declarations, brisques, last trick, total, per seat."""
    you, opp = score_breakdown(deal, YOU), score_breakdown(deal, OPPONENT)
    return [[name.capitalize(), you[key], opp[key]]
            for key, name in (("объявления", "объявления"), ("бриски", "бриски"),
                              ("последняя взятка", "последняя взятка"), ("всего", "всего"))]


def typical_numbers(games: int = 40, rules: RuleSet | None = None) -> dict:
    """Whole games to the target between two «Любитель» bots (game g seeded g): the deal
    scores of one player (10th, 50th and 90th percentile) and the deals a game took."""
    rules = rules or RuleSet()
    scores, lengths = [], []
    for g in range(games):
        game = Game(rules, seed=g)
        players = bots("heuristic", rules.players, seed=g)
        while not game.is_over:
            d = game.start_deal()
            play_deal(d, players)
            scores += d.result()["scores"]
            game.finish_deal()
        lengths.append(len(game.history))
    s = sorted(scores)
    pct = lambda p: s[min(len(s) - 1, int(p * len(s)))]                   # noqa: E731
    return {"games": games, "deals": len(scores) // rules.players, "low": pct(0.1),
            "median": int(statistics.median(s)), "high": pct(0.9),
            "mean_deals": statistics.mean(lengths), "min_deals": min(lengths),
            "max_deals": max(lengths), "target": rules.target_score}


# ====================================================================== the live demo

class WholeDealStepper(OnPage, W.VBox):
    """«Назад» / «Дальше» through the chapter's deal, one trick a step, with the narration."""

    static_hint = ("Здесь можно пройти всю сдачу взятка за взяткой кнопками «Назад» и "
                   "«Дальше»: стол, объявления, добор и счёт после каждой.")

    def __init__(self, number: int = DEAL_NUMBER):
        self.deal = whole_deal(number)
        self.steps = deal_steps(self.deal)
        self.index = 0
        self.table = CardCanvas(name="Стол", scale=0.8)
        # The opponent's cards, open here for the replay, in a row of their own: inside the
        # table picture they would be small and overlapping past reading.
        self.opponent_cards = CardCanvas(name="Карты соперника", scale=0.6)
        self.where = W.HTML()
        self.story = W.HTML()
        self.back_button = W.Button(description="Назад", icon="arrow-left",
                                    tooltip="Предыдущая взятка")
        self.next_button = W.Button(description="Дальше", icon="arrow-right",
                                    button_style="primary", tooltip="Следующая взятка")
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.forward())
        super().__init__([W.HBox([self.back_button, self.next_button, self.where],
                                 layout=W.Layout(flex_flow="row wrap")),
                          self.opponent_cards, self.table, self.story])
        self.show()

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    def forward(self) -> None:
        self.go(self.index + 1)

    def back(self) -> None:
        self.go(self.index - 1)

    def go(self, index: int) -> None:
        self.index = max(0, min(len(self.steps) - 1, index))
        self.show()

    def show(self) -> None:
        step, d = self.step, self.step.deal
        kw = deal_scene(d, YOU, declared="group", names=NAMES, **declared_groups(d))
        self.table.show_scene(kw.pop("hand"), **kw)
        hidden = sort_cards(d.concealed(OPPONENT))
        self.opponent_cards.show_hand(
            hidden, caption=("Карты соперника (открыты для разбора): "
                             + (plural(len(hidden), "карта") if hidden else "ни одной")))
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.steps) - 1
        self.where.value = html_block(f"<b>{esc(step.title)}</b>")
        lines = list(step.lines)
        if d.is_over:             # the score is said once, in the «Счёт» line below
            lines = ["Сдача окончена." if x.startswith("Сдача окончена") else x for x in lines]
        if step.follow is not None:
            f = step.follow
            lines.insert(1, f"{NAMES[f.seat]}: можно было сыграть "
                            f"{' '.join(c.ru for c in f.legal)} (правила последних восьми взяток).")
        score = d.result() if d.is_over else {"scores": d.declared}
        lines.append(f"Счёт: вы — {points(score['scores'][YOU])}, соперник — "
                     f"{points(score['scores'][OPPONENT])}"
                     + ("." if d.is_over else " (объявления; бриски считают в конце)."))
        self.story.value = html_block("<br>".join(esc(x) for x in lines))


# ====================================================================== S-74, the worked example

# RULES.md S-74: trump ♥, P1 won trick 24 and leads; the hands and the cards played.
S74_TRUMP = "H"
S74_HANDS = ("AH TS KS 9C 8C AD 7D QH", "TH 7H AS JS AC TC KD 8D")
S74_PLAYS = (("AD", "8D"), ("9C", "TC"), ("AS", "KS"), ("JS", "TS"), ("8C", "AC"),
             ("KD", "7D"), ("7H", "QH"), ("AH", "TH"))     # (card led, answer), trick 25 on


@dataclass
class WorkedTrick:
    number: int
    leader: int
    lead: Card
    hand: list[Card]         # the follower's hand before he answers
    legal: list[Card]        # the engine's legal answers
    answer: Card
    winner: int


def s74_tricks(rules: RuleSet | None = None) -> tuple[list[WorkedTrick], list[int]]:
    """S-74 trick by trick: the engine's legal answers and winner of each (an answer S-74
    plays that the engine refuses raises ValueError), and the phase-2 points of P1 and P2
    (brisques and the last trick, `tally`)."""
    from ...tally import last_trick_points, trick_points
    from ...tricks import legal_plays, winning_index

    rules = rules or RuleSet()
    hands = [parse_cards(h) for h in S74_HANDS]
    won: list[list[list[Card]]] = [[], []]
    leader, out = 0, []
    for i, (led, ans) in enumerate(S74_PLAYS):
        follower = 1 - leader
        lead, answer = parse_card(led), parse_card(ans)        # every card of S-74 is a copy 1
        if lead not in hands[leader] or answer not in hands[follower]:
            raise ValueError(f"S-74: {lead.ru} or {answer.ru} is not in the hand that plays it")
        legal = sort_cards(legal_plays(hands[follower], [lead], S74_TRUMP, 2, rules))
        if answer not in legal:
            raise ValueError(f"S-74 plays {answer.ru}, which the engine does not allow")
        trick = [lead, answer]
        winner = (leader, follower)[winning_index(trick, S74_TRUMP)]
        out.append(WorkedTrick(rules.phase1_tricks + 1 + i, leader, lead,
                               sort_cards(hands[follower]), legal, answer, winner))
        hands[leader].remove(lead)
        hands[follower].remove(answer)
        won[winner].append(trick)
        leader = winner
    pts = [trick_points(won[p], rules) + last_trick_points(p, leader, rules) for p in (0, 1)]
    return out, pts


def rule_numbers(rules: RuleSet | None = None, trump: str = "H") -> dict:
    """The few numbers a table memo or a chapter's prose states, asked of the engine: one
    brisque, the last trick, the trumps and brisques in the pack, the hand, the tricks."""
    from ...packs import pack_for
    from ...tally import last_trick_points, trick_points

    rules = rules or RuleSet()
    pack = pack_for(rules)
    ace = next(c for c in pack if c.rank == "A")
    return {"brisque": trick_points([[ace]], rules), "last_trick": last_trick_points(0, 0, rules),
            "trumps": sum(1 for c in pack if c.suit == trump),
            "brisques_total": trick_points([pack], rules), "hand": rules.hand_size,
            "phase1_tricks": rules.phase1_tricks, "tricks": len(pack) // rules.players,
            "target": rules.target_score}
