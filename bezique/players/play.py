"""`python -m bezique play`: a simple terminal game against a computer opponent, in Russian.

Type a card in Russian or Latin notation («Д♠», «дп», «QS», «10♦»), a number to choose a
declaration (0 — no declaration), or a command: «подсказка» (hint), «отмена» (undo),
«помощь» (help), «выход» (quit). After the deal: the score breakdown and, unless switched off,
the coach's review of your costliest decisions.

`TerminalGame` holds the state and answers one line at a time (`handle(line) -> list[str]`),
so that the game can be driven by a test or another front end; `run()` is the console loop.
"""

from __future__ import annotations

import random
from typing import Callable

from ..actions import PASS, Pass, Play
from ..cards import SUIT_NAME_RU, SUIT_SYMBOL, cards_ru, parse_card_face, pick
from ..deal import Deal
from ..errors import BeziqueError, CardParseError
from ..events import DeclareEvent, DrawEvent, PhaseTwoEvent, TrickEvent, TurnUpTakenEvent
from ..record import dumps_record
from ..rules import RuleSet
from ..ru import describe_declaration, plural, points
from . import coach
from .match import TITLES, make_player

HELP = """Как играть:
  • карта — её обозначение по-русски или латиницей: Д♠, дп, QS, 10♦, Т♣ (туз), 7ч;
  • номер — выбрать объявление из списка; 0 или «пас» — не объявлять;
  • подсказка (hint, ?) — что сделал бы Мастер и почему;
  • можно (legal) — что разрешено сейчас и почему нельзя остальное;
  • отмена (undo) — вернуться к вашему предыдущему решению;
  • стол — показать стол ещё раз;  выход (quit) — закончить игру."""

COMMANDS = {
    "hint": "hint", "подсказка": "hint", "?": "hint", "совет": "hint",
    "undo": "undo", "отмена": "undo", "назад": "undo",
    "help": "help", "помощь": "help", "справка": "help",
    "quit": "quit", "exit": "quit", "выход": "quit", "q": "quit",
    "стол": "show", "show": "show",
    "legal": "legal", "можно": "legal",
    "пас": "pass", "pass": "pass", "нет": "pass",
}


class TerminalGame:
    """One deal (or several) against a computer opponent; the learner sits at `me`."""

    def __init__(self, opponent: str = "heuristic", seed: int | None = None,
                 rules: RuleSet | None = None, me: int = 0, hint_samples: int = 32,
                 review: bool = True, deals: int = 1):
        self.rules = rules or RuleSet()
        self.seed = seed if seed is not None else random.randrange(10 ** 6)
        self.rng = random.Random(self.seed)
        self.opponent_name = opponent
        self.me, self.opp = me, 1 - me
        self.hint_samples = hint_samples
        self.do_review = review
        self.deals_left = deals
        self.totals = [0, 0]
        self.finished = False
        self.deal_no = 0
        self._new_deal()

    # -------------------------------------------------------------- deal flow
    def _new_deal(self):
        dealer = (self.opp + self.deal_no) % 2           # the opponent deals first: you lead
        self.deal = Deal.new(self.rules, dealer, seed=self.rng.getrandbits(32))
        self.bot = make_player(self.opponent_name, self.rng.getrandbits(32))
        self.deal_no += 1
        self.deals_left -= 1

    def start(self) -> list[str]:
        out = [f"Безик: вы против соперника «{TITLES.get(self.opponent_name, self.opponent_name)}» "
               f"(сдача №{self.deal_no}, номер раздачи {self.seed}). «помощь» — список команд."]
        out += self._advance()
        return out

    def _advance(self) -> list[str]:
        """Let the opponent act until it is the learner's turn; describe what happened."""
        out: list[str] = []
        d = self.deal
        while not d.is_over and d.to_act != self.me:
            seat = d.to_act
            before = len(d.log)
            act = self.bot.choose(d.view(seat))
            d.apply(act, seat)
            out += self._narrate(d.log[before:])
        if d.is_over:
            out += self._finish()
        else:
            out += self.table()
        return out

    def _narrate(self, events) -> list[str]:
        out = []
        for ev in events:
            if type(ev) is TrickEvent:
                shown = ", ".join(f"{'вы' if s == self.me else 'соперник'} — {c.ru}"
                                  for s, c in ev.plays)
                out.append(f"Взятка: {shown}; берёт {'вы' if ev.winner == self.me else 'соперник'}.")
            elif type(ev) is DeclareEvent:
                d = ev.declaration
                me = ev.seat == self.me
                who = "Вы" if me else "Соперник"
                if d.meld == "seven_exchange":
                    out.append(f"{who} {'обменяли' if me else 'обменял'} козырную семёрку "
                               f"{d.cards[0].ru} на открытый козырь: +{points(d.points)}.")
                else:
                    out.append(f"{who} {'объявили' if me else 'объявил'} "
                               f"{describe_declaration(d.meld, d.cards, d.points)}.")
            elif type(ev) is DrawEvent and ev.seat == self.me:
                out.append(f"Вы берёте из талона {ev.card.ru}.")
            elif type(ev) is TurnUpTakenEvent:
                who = "Вы" if ev.seat == self.me else "Соперник"
                out.append(f"{who} берёт открытый козырь {ev.card.ru}.")
            elif type(ev) is PhaseTwoEvent:
                out.append("Талон кончился: последние восемь взяток, нужно ходить в масть и "
                           "бить, если можете.")
        return out

    def table(self) -> list[str]:
        d = self.deal
        v = d.view(self.me)
        trump = (f"козыри — {SUIT_NAME_RU[v.trump]} {SUIT_SYMBOL[v.trump]}" if v.trump
                 else "козырь ещё не назначен")
        up = f", открытый козырь {v.turn_up.ru}" if v.turn_up is not None else ""
        lines = [
            "",
            f"— Взятка {min(v.tricks_done + 1, d.rules.total_tricks)} из {d.rules.total_tricks}; "
            f"{trump}{up}; в талоне {plural(v.stock_count, 'карта')}.",
            f"Объявлено: вы {v.declared[self.me]}, соперник {v.declared[self.opp]}.",
            f"Стол соперника: {cards_ru(v.tables[self.opp]) or '—'}; ваш стол: "
            f"{cards_ru(v.tables[self.me]) or '—'}.",
            f"Ваша рука: {cards_ru(v.hand)}.",
        ]
        if v.stage == "declare":
            lines.append("Вы взяли взятку. Можно объявить:")
            for i, a in enumerate(self._choices(), 1):
                lines.append(f"  {i}) {coach.describe_action(a)}")
            lines.append("  0) не объявлять")
        elif v.trick:
            lines.append(f"Соперник пошёл {v.trick[0][1].ru}. Ваш ответ:")
        else:
            lines.append("Ваш ход:")
        return lines

    def _choices(self) -> list:
        v = self.deal.view(self.me)
        return [a for a in v.legal_actions if type(a) is not Pass]

    # -------------------------------------------------------------- input
    def handle(self, line: str) -> list[str]:
        """Answer one line of input: a card, a number, or a command."""
        text = line.strip()
        if self.finished:
            return ["Игра окончена."]
        if not text:
            return self.table()
        cmd = COMMANDS.get(text.lower())
        if cmd == "quit":
            self.finished = True
            return ["До встречи!"]
        if cmd == "help":
            return HELP.splitlines()
        if cmd == "show":
            return self.table()
        if cmd == "hint":
            h = coach.hint(self.deal.view(self.me), samples=self.hint_samples, seed=self.deal_no)
            return [h.text, h.reason]
        if cmd == "legal":
            lg = coach.legality(self.deal.view(self.me))
            out = [lg.rule, "Можно: " + "; ".join(o.text for o in lg.allowed)]
            out += [f"Нельзя {f.text}: {f.reason}" for f in lg.forbidden]
            return out
        if cmd == "undo":
            return self._undo()
        d = self.deal
        if d.stage == "declare":
            if cmd == "pass" or text == "0":
                return self._act(PASS)
            if text.isdigit():
                ch = self._choices()
                k = int(text)
                if 1 <= k <= len(ch):
                    return self._act(ch[k - 1])
                return [f"Нет варианта с номером {k}: выберите от 0 до {len(ch)}."]
        try:
            rank, suit, copy = parse_card_face(text)
        except CardParseError as e:
            return [e.message, "Команды: «помощь»."]
        hand = d.hands[self.me]
        same = pick((rank, suit, copy), hand)
        if not same:
            return [f"Такой карты у вас нет. Ваша рука: {cards_ru(hand)}."]
        legal = {a.card for a in d.legal_actions(self.me) if type(a) is Play}
        ok = [c for c in same if c in legal]
        # Of two copies, play the one on the table (it has scored already) first.
        card = sorted(ok or same, key=lambda c: c not in d.exposed[self.me])[0]
        return self._act(Play(card))

    def _act(self, action) -> list[str]:
        d = self.deal
        before = len(d.log)
        try:
            d.apply(action, self.me)
        except BeziqueError as e:
            return [f"Так нельзя: {e.message}"]
        out = self._narrate(d.log[before:])
        return out + self._advance()

    def _undo(self) -> list[str]:
        d = self.deal
        mine = [i for i, (s, _) in enumerate(d.actions) if s == self.me]
        if not mine:
            return ["Отменять нечего: вы ещё не ходили в этой сдаче."]
        steps = len(d.actions) - mine[-1]
        self.deal = d.undo(steps)
        # The opponent may have acted before your previous decision: that stays.
        return ["Ход отменён."] + self.table()

    # -------------------------------------------------------------- the end
    def _finish(self) -> list[str]:
        d = self.deal
        r = d.result()
        me, opp = self.me, self.opp
        for s in (0, 1):
            self.totals[s] += r["scores"][s]
        out = ["", "Сдача окончена. Итог:",
               f"{'':16}{'вы':>8}{'соперник':>10}",
               f"{'объявления':16}{r['declared'][me]:>8}{r['declared'][opp]:>10}",
               f"{'бриски':16}{r['brisques'][me]:>8}{r['brisques'][opp]:>10}",
               f"{'последняя взятка':16}{r['last_trick'][me]:>8}{r['last_trick'][opp]:>10}",
               f"{'всего':16}{r['scores'][me]:>8}{r['scores'][opp]:>10}"]
        diff = r["scores"][me] - r["scores"][opp]
        out.append("Вы выиграли сдачу!" if diff > 0 else "Сдачу выиграл соперник." if diff < 0
                   else "Ничья.")
        if self.do_review:
            mistakes = coach.review(d, me, top=3, samples=max(8, self.hint_samples // 2))
            if mistakes:
                out.append("Самые дорогие решения:")
                out += [f"  • {m.text}" for m in mistakes]
            else:
                out.append("Тренер не нашёл у вас заметных ошибок.")
            if mistakes.notes:
                out.append("О подсказках:")
                out += [f"  • {m.text}" for m in mistakes.notes]
        if self.deals_left > 0:
            out.append(f"Счёт партии: вы {self.totals[me]}, соперник {self.totals[opp]}.")
            self._new_deal()
            out += self.start()
        else:
            self.finished = True
        return out

    def record(self) -> str:
        """The current deal as a bezique-deal/1 record (one JSON line)."""
        return dumps_record(self.deal)


def run(opponent: str = "heuristic", seed: int | None = None, rules: RuleSet | None = None,
        input_fn: Callable[[str], str] = input, print_fn: Callable[[str], None] = print,
        review: bool = True, deals: int = 1, save: str | None = None) -> int:
    game = TerminalGame(opponent, seed, rules, review=review, deals=deals)
    for line in game.start():
        print_fn(line)
    while not game.finished:
        try:
            text = input_fn("> ")
        except EOFError:
            break
        for line in game.handle(text):
            print_fn(line)
    if save:
        with open(save, "w", encoding="utf-8") as fh:
            fh.write(game.record() + "\n")
        print_fn(f"Запись сдачи сохранена: {save}")
    return 0


def main_play(args) -> int:
    """The `play` subcommand (see bezique/__main__.py)."""
    rules = RuleSet.from_spec(args.rules)
    return run(args.opponent, args.seed, rules, review=not args.no_review, deals=args.deals,
               save=args.save)
