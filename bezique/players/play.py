"""`python -m bezique play`: a simple terminal game against a computer opponent, in Russian.

Type a card in Russian or Latin notation («Д♠», «дп», «QS», «10♦»), a number to choose a
declaration (0 — no declaration), or a command: «подсказка» (hint), «отмена» (undo),
«помощь» (help), «выход» (quit). After the deal: the score breakdown and, unless switched off,
the coach's review of your costliest decisions.

`TerminalGame` holds the state and answers one line at a time (`handle(line) -> list[str]`),
so that the game can be driven by a test or another front end; `run(game)` is the console loop.
"""

from __future__ import annotations

import random
from typing import Callable

from ..actions import PASS, Pass, Play
from ..cards import SUIT_NAME_RU, SUIT_SYMBOL, cards_ru, parse_card_face, pick
from ..deal import Deal
from ..errors import BeziqueError, CardParseError
from ..narrate import gain
from ..events import DeclareEvent, DrawEvent, PhaseTwoEvent, TrickEvent, TurnUpTakenEvent
from ..record import dumps_record
from ..rules import RuleSet
from ..ru import capitalize, plural
from . import coach, coach_reasons
from .match import TITLES, make_player
from ..variants.multipack import explain as mp    # Russian texts of a multi-pack deal (R15.3, R15.11)

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
                 rules: RuleSet | None = None, me: int = 0, hint_samples: int = coach.HINT_SAMPLES,
                 hint_time: float | None = coach.HINT_TIME, review: bool = True, deals: int = 1):
        self.rules = rules or RuleSet()
        self.seed = seed if seed is not None else random.randrange(10 ** 6)
        self.rng = random.Random(self.seed)
        self.opponent_name = opponent
        self.n = self.rules.players
        self.me, self.opp = me, (me + 1) % self.n
        self.hint_samples, self.hint_time = hint_samples, hint_time
        self.do_review = review
        self.deals_left = deals
        self.totals = [0] * (2 if self.rules.partnerships else self.n)
        self.finished = False
        self.finished_records: list[str] = []
        self.deal_no = 0
        self._new_deal()

    # -------------------------------------------------------------- deal flow
    def _new_deal(self):
        # The seat before yours deals first: you lead the first trick.
        dealer = (self.me - 1 + self.deal_no) % self.n
        self.deal = Deal.new(self.rules, dealer, seed=self.rng.getrandbits(32))
        seed = self.rng.getrandbits(32)
        self.bots = {s: make_player(self.opponent_name, seed + k)
                     for k, s in enumerate(self.seats()[1:])}
        self.deal_no += 1
        self.deals_left -= 1

    def start(self) -> list[str]:
        title = TITLES.get(self.opponent_name, self.opponent_name)
        whom = (f"соперника «{title}»" if self.n == 2 else
                f"соперников «{title}», ваш партнёр — тоже «{title}»" if self.rules.partnerships
                else f"соперников «{title}»")
        out = [f"Безик: вы против {whom} "
               f"(сдача №{self.deal_no}, номер раздачи {self.seed}). «помощь» — список команд."]
        if self.n > 2:
            d = self.deal
            order = ", ".join(self.who(s) for s in self.seats())
            out.append(f"За столом по порядку хода: {order}. Сдаёт: {self.who(d.dealer)}; "
                       f"первый ход: {self.who((d.dealer + 1) % self.n)}.")
        out += self._advance()
        return out

    def _advance(self) -> list[str]:
        """Let the opponent act until it is the learner's turn; describe what happened."""
        out: list[str] = []
        d = self.deal
        while not d.is_over and d.to_act != self.me:
            seat = d.to_act
            before = len(d.log)
            act = self.bots[seat].choose(d.view(seat))
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
                shown = ", ".join(f"{self.who(s)} — {c.ru}" for s, c in ev.plays)
                taker = ("берёте вы" if ev.winner == self.me else f"берёт {self.who(ev.winner)}")
                out.append(f"Взятка: {shown}; {taker}.")
            elif type(ev) is DeclareEvent:
                d = ev.declaration
                me = ev.seat == self.me
                who = capitalize(self.who(ev.seat))
                if d.meld == "seven_exchange":
                    out.append(f"{who} {'обменяли' if me else 'обменял'} козырную семёрку "
                               f"{d.cards[0].ru} на открытый козырь: {gain(d.points)}.")
                else:
                    out.append(f"{who} {'объявили' if me else 'объявил'} "
                               f"{coach_reasons.declaration_acc(d)}.")
            elif type(ev) is DrawEvent and ev.seat == self.me:
                out.append(f"Вы берёте из талона {ev.card.ru}.")
            elif type(ev) is TurnUpTakenEvent:
                who = capitalize(self.who(ev.seat))
                verb = "берёте" if ev.seat == self.me else "берёт"
                out.append(f"{who} {verb} открытый козырь {ev.card.ru}.")
            elif type(ev) is PhaseTwoEvent:
                out.append("Талон кончился: последние восемь взяток, нужно ходить в масть и "
                           "бить, если можете.")
        return out

    def table(self) -> list[str]:
        d = self.deal
        v = d.view(self.me)
        trump = (f"козыри — {SUIT_NAME_RU[v.trump]} {SUIT_SYMBOL[v.trump]}" if v.trump
                 else "козырь ещё не назначен")
        if d.rules.multipack:              # who fixed trumps (R15.3); the open cards, the chain
            trump = mp.trump_phrase(d, self.me)
        up = f", открытый козырь {v.turn_up.ru}" if v.turn_up is not None else ""
        lines = [
            "",
            f"— Взятка {min(v.tricks_done + 1, d.rules.total_tricks)} из {d.rules.total_tricks}; "
            f"{trump}{up}; в талоне {plural(v.stock_count, 'карта')}.",
            self._declared_line(v),
            capitalize("; ".join(f"{self.table_of(s)}: {cards_ru(v.tables[s]) or '—'}"
                                 for s in self.seats()[1:] + [self.me]) + "."),
            f"Ваша рука: {cards_ru(v.hand)}.",
        ]
        if d.rules.multipack:
            lines[3:3] = [capitalize(x) + "." for x in (mp.open_phrase(d, ""), mp.chain_phrase(d, self.me))
                          if x]
        if v.stage == "declare":
            lines.append("Вы взяли взятку. Можно объявить:")
            for i, a in enumerate(self._choices(), 1):
                lines.append(f"  {i}) {coach_reasons.describe_action(a)}")
            lines.append("  0) не объявлять")
        elif v.trick and self.n == 2:
            lines.append(f"Соперник пошёл {v.trick[0][1].ru}. Ваш ответ:")
        elif v.trick:
            played = ", ".join(f"{self.who(s)} — {c.ru}" for s, c in v.trick)
            lines.append(f"Во взятке: {played}. Ваш ответ:")
        else:
            lines.append("Ваш ход:")
        return lines

    def _declared_line(self, v) -> str:
        if self.n == 2:
            return f"Объявлено: вы {v.declared[self.me]}, соперник {v.declared[self.opp]}."
        return "Объявлено очков — " + ", ".join(f"{self.who(s)}: {v.declared[s]}"
                                                for s in self.seats()) + "."

    def seats(self) -> list[int]:
        """Your seat, then the others in the order of play."""
        return [(self.me + k) % self.n for k in range(self.n)]

    def who(self, seat: int) -> str:
        """«вы», «соперник» (two-handed), «партнёр», «соперник 1», «соперник 2» …"""
        if seat == self.me:
            return "вы"
        if self.n == 2:
            return "соперник"
        if seat == self.rules.partner(self.me):
            return "партнёр"
        others = [s for s in self.seats()[1:] if s != self.rules.partner(self.me)]
        return f"соперник {others.index(seat) + 1}"

    def table_of(self, seat: int) -> str:
        if seat == self.me:
            return "ваш стол"
        return {"соперник": "стол соперника", "партнёр": "стол партнёра"}.get(
            self.who(seat), f"стол соперника {self.who(seat).split()[-1]}")

    def sides(self) -> list[str]:
        """Who each entry of the deal's scores belongs to, in their order (partnerships: seats
        0 and 2, then 1 and 3)."""
        if self.rules.partnerships:
            mine = self.rules.side(self.me)
            return ["вы с партнёром" if k == mine else "соперники" for k in (0, 1)]
        return [self.who(s) for s in range(self.n)]

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
            try:
                h = coach.hint(self.deal.view(self.me), samples=self.hint_samples,
                               time_limit=self.hint_time, seed=self.deal_no,
                               wall_limit=coach.HINT_WALL if self.hint_time is not None else None)
            except Exception as e:                  # the game goes on; say what failed
                return [coach.failure_text(coach.HINT_FAILED, e, coach.HINT_FAILED_ADVICE)]
            return [h.text, h.reason] + ([h.cut_note] if h.cut_note else [])
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
        self.finished_records.append(self.record())
        mine = self.rules.side(self.me)
        if self.rules.multipack:           # one deal is a game, worth its settlement (R15.11)
            if r["settlement"]["winner"] is not None:
                self.totals[r["settlement"]["winner"]] += r["settlement"]["value"]
        else:
            for k in range(len(self.totals)):
                self.totals[k] += r["scores"][k]
        names = self.sides()
        order = [mine] + [k for k in range(len(names)) if k != mine]
        head = "".join(f"{names[k]:>16}" for k in order)
        out = ["", "Сдача окончена. Итог:", f"{'':16}{head}"]
        rows = (("declared", "объявления"), ("brisques", "бриски"),
                ("last_trick", "последняя взятка"), ("scores", "всего"))
        if self.rules.multipack:           # brisques apart (R15.10); the game settled (R15.11)
            rows = (("declared", "объявления"), ("last_trick", "последняя взятка"),
                    ("scores", "всего")) + ((("brisques", "бриски"),)
                                            if self.rules.brisque_role != "none" else ())
        for key, title in rows:
            out.append(f"{title:16}" + "".join(f"{r[key][k]:>16}" for k in order))
        if self.rules.multipack:
            out.append(mp.settlement_text(d, self.me))
            return self._after_game(out, d)
        best = max(r["scores"])
        leaders = [k for k in order if r["scores"][k] == best]
        if leaders == [mine]:
            out.append("Вы выиграли сдачу!")
        elif len(leaders) > 1:
            out.append("Ничья." if mine in leaders else "Ничья между: " + ", ".join(
                names[k] for k in leaders) + ".")
        else:
            out.append(f"Сдачу {'выиграли' if self.rules.partnerships else 'выиграл'} "
                       f"{names[leaders[0]]}.")
        return self._after_game(out, d, names, order)

    def _after_game(self, out: list[str], d, names=None, order=None) -> list[str]:
        """The review (where Мастер counts the game), then the next deal or the end."""
        names = names or self.sides()
        mine = self.rules.side(self.me)
        order = order or [mine] + [k for k in range(len(names)) if k != mine]
        if self.do_review and coach.no_review(self.rules):
            out.append("Разбор сдачи тренер пока не делает для этой игры: "
                       f"{coach.no_review(self.rules)}.")
        elif self.do_review:
            budget = dict(coach.INTERACTIVE_REVIEW)
            if self.hint_time is None:                 # reproducible: samples only
                budget = {"samples": max(8, self.hint_samples // 2), "time_limit": None}
            mistakes = coach.review(d, self.me, top=3, **budget)
            if mistakes:
                out.append("Самые дорогие решения:")
                out += [f"  • {m.text}" for m in mistakes]
            else:
                out.append("Тренер не нашёл у вас заметных ошибок.")
            if mistakes.notes:
                out.append("О подсказках:")
                out += [f"  • {m.text}" for m in mistakes.notes]
        if self.deals_left > 0:
            out.append("Счёт партии: " + ", ".join(f"{names[k]} {self.totals[k]}"
                                                   for k in order) + ".")
            self._new_deal()
            out += self.start()
        else:
            self.finished = True
        return out

    def record(self) -> str:
        """The current deal as a bezique-deal/1 record (one JSON line)."""
        return dumps_record(self.deal)

    def records(self) -> list[str]:
        """Every deal of this game so far, finished or not, one bezique-deal/1 line each."""
        return self.finished_records + ([] if self.deal.is_over else [self.record()])


def run(game: TerminalGame, input_fn: Callable[[str], str] | None = None,
        print_fn: Callable[[str], None] | None = None) -> None:
    """The console loop: until the learner quits, the deals end, the input ends (or cannot be
    read) or Ctrl-C is pressed; the game so far stays in `game` for saving."""
    input_fn = input_fn or input
    print_fn = print_fn or print
    try:
        for line in game.start():
            print_fn(line)
        while not game.finished:
            try:
                text = input_fn("> ")
            except (EOFError, OSError):
                break
            for line in game.handle(text):
                print_fn(line)
    except KeyboardInterrupt:                     # Ctrl-C: stop here, the caller still saves
        print_fn("")
        print_fn("Игра прервана.")
