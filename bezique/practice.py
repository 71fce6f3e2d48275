"""A practice session: a learner against computer opponents, deal after deal to the target.

The controller behind the practice table (and testable without Jupyter): it applies the
learner's actions through the engine, lets the computer players answer, and offers undo,
saving and loading deal records, replay of a finished deal, the same deal from another seat,
a whole game with its score history, and the coach's hints.

Every preset can be played: two-handed, three-handed (each for himself) and four-handed (the
learner's partner sits opposite, seat `human + 2`, and plays for the learner's side). The
computer plays every seat but the learner's, all at the same level. Мастер (the search) plays
only the variants `players.search.supported` names; elsewhere the strongest level is the
Любитель, and the session seats it instead, saying so in `level_note`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import PASS
from .deal import Deal, create_deal
from .errors import BeziqueError, FormatError, IllegalAction
from .game import Game
from .jsonio import parse_json
from .narrate import deal_log, score_breakdown, seat_names
from .players.match import TITLES, make_player
from .players.search import supported as master_supported
from .record import deal_to_record, parse_record, replay
from .rules import RuleSet


@dataclass
class Outcome:
    """What one learner action led to: accepted or not, the Russian message, new log lines."""

    ok: bool
    message: str = ""
    rule: str | None = None
    lines: list[str] = field(default_factory=list)


# The multi-pack games as the object of «просчитывать» (RULES-multipack.md §15).
MULTIPACK_WHAT = {"rubicon": "рубикон", "six_pack": "китайский безик",
                  "eight_pack": "безик с восемью колодами"}


def master_note(rules: RuleSet) -> str:
    """Why Мастер does not sit at a table of these rules (empty where he does)."""
    if master_supported(rules):
        return ""
    what = MULTIPACK_WHAT.get(rules.variant) or (
        "многоколодный безик" if rules.many_pack else
        "игру втроём" if rules.players == 3 else "игру вчетвером" if rules.players == 4
        else "этот вариант")
    return (f"Мастер пока не умеет просчитывать {what}: здесь сильнейший соперник — Любитель, "
            "он и играет за компьютер.")


class PracticeSession:
    """One learner (seat `human`) against the computer in every other seat."""

    def __init__(self, opponent: str = "heuristic", rules: str | dict | RuleSet = "canonical",
                 human: int = 0, training: bool = True, seed: int | None = None,
                 opponent_options: dict | None = None):
        self.rules = RuleSet.from_spec(rules)
        if opponent not in TITLES:
            raise IllegalAction(f"Нет такого соперника «{opponent}»: есть "
                                f"{', '.join(TITLES.values())}.")
        if not 0 <= human < self.rules.players:
            raise IllegalAction(f"Нет места № {human + 1}: за столом "
                                f"{self.rules.players} места, например место 1.")
        self.human = human
        self.training = training
        self.seed = seed
        self.level_note = ""
        self._options = dict(opponent_options or {})
        self.opponent_name = opponent
        self._seat_bots(opponent)
        self.game = Game(self.rules, seed=seed)
        self.deal: Deal = self.game.start_deal()
        self.deal_number: int | None = None
        self._undo_used = False
        self.results: list[dict] = []     # deals finished at this table (see `statistics`)
        self._run_opponent()

    # ------------------------------------------------------------------ settings
    @property
    def opponent_title(self) -> str:
        """«Новичок», «Любитель» or «Мастер»."""
        return TITLES[self.opponent_name]

    def set_opponent(self, opponent: str, options: dict | None = None) -> None:
        """Another opponent (or the same with another thinking budget) from its next move on."""
        if opponent not in TITLES:
            raise IllegalAction(f"Нет такого соперника «{opponent}»: есть "
                                f"{', '.join(TITLES.values())}.")
        self._options = dict(options or {})
        self._seat_bots(opponent)

    def _seat_bots(self, name: str) -> None:
        """The computer players, one per seat (in the two-handed game one bot, seeded with the
        session's seed, serves whichever seat the learner does not hold). Мастер where he cannot
        play the rules: the Любитель instead, with `level_note` saying why."""
        self.level_note = ""
        if name == "search" and not master_supported(self.rules):
            self.level_note = master_note(self.rules)
            name = "heuristic"
        self.opponent_name = name
        options = self._options if name == "search" else {}
        n = self.rules.players
        if n == 2:
            bot = make_player(name, seed=self.seed, **options)
            self.players = [bot, bot]
        else:
            self.players = [make_player(name, seed=None if self.seed is None else self.seed * 10 + s,
                                        **options) for s in range(n)]

    # ------------------------------------------------------------------ state
    @property
    def n(self) -> int:
        return self.rules.players

    @property
    def bot(self) -> int:
        """The seat after the learner's (in the two-handed game: the opponent)."""
        return (self.human + 1) % self.n

    @property
    def opponent(self):
        """The computer player of seat `bot`."""
        return self.players[self.bot]

    @property
    def partner(self) -> int | None:
        """The learner's partner (four-handed game), else None."""
        return self.rules.partner(self.human)

    def side(self, seat: int) -> int:
        """The index of the seat's score: its partnership, or the seat itself."""
        return self.game.side(seat)

    def seat_names(self) -> list[str]:
        """«Вы», «Соперник» (two-handed); «Игрок 2», «Партнёр», … — as the deal's log names them."""
        return seat_names(self.human, self.n)

    def actor_name(self) -> str:
        """Who is to act, inside a sentence: «соперник», «партнёр», «Игрок 3»."""
        seat = self.deal.to_act
        if self.n == 2 or seat == self.partner:
            return "соперник" if self.n == 2 else "партнёр"
        return self.seat_names()[seat]

    def side_order(self) -> list[int]:
        """Score indices from the learner's on: [you, opponent], [you, next, the one after] or
        [your side, theirs]."""
        if self.rules.partnerships:
            return [self.side(self.human), 1 - self.side(self.human)]
        return [(self.human + k) % self.n for k in range(self.n)]

    def side_names(self) -> list[str]:
        """The names of the scores in `side_order`: «Вы», «Соперник» / «Игрок 2», … / «Мы», «Они»."""
        if self.rules.partnerships:
            return ["Мы", "Они"]
        names = self.seat_names()
        return [names[s] for s in self.side_order()]

    @property
    def my_turn(self) -> bool:
        return not self.deal.is_over and self.deal.to_act == self.human

    def view(self):
        return self.deal.view(self.human)

    def legal_actions(self) -> list:
        return self.deal.legal_actions(self.human) if self.my_turn else []

    def log(self) -> list[str]:
        return deal_log(self.deal, self.human)

    def breakdown(self) -> dict[str, dict[str, int]]:
        """The deal's score by source for the learner and his opponent (two-handed game)."""
        return {"Вы": score_breakdown(self.deal, self.human),
                TITLES[self.opponent_name]: score_breakdown(self.deal, self.bot)}

    def side_breakdowns(self) -> list[dict[str, int]]:
        """The deal's score by source for each score in `side_order` (a partnership's seats
        summed while the deal is played; once it is over the engine scores the side)."""
        if not self.rules.partnerships:
            return [score_breakdown(self.deal, s) for s in self.side_order()]
        out = []
        for side in self.side_order():
            seats = [s for s in range(self.n) if self.side(s) == side]
            if self.deal.is_over:
                out.append(score_breakdown(self.deal, seats[0]))
            else:
                parts = [score_breakdown(self.deal, s) for s in seats]
                out.append({k: sum(p[k] for p in parts) for k in parts[0]})
        return out

    # ------------------------------------------------------------------ playing
    def act(self, action) -> Outcome:
        """Apply the learner's action; illegal → the engine's Russian reason, nothing changes."""
        if self.deal.is_over:
            return Outcome(False, "Сдача окончена: начните новую.")
        if self.deal.to_act != self.human:
            return Outcome(False, f"Сейчас ходит {self.actor_name()}.")
        before = len(self.log())
        try:
            self.deal.apply(action, self.human)
        except BeziqueError as e:
            return Outcome(False, e.message, getattr(e, "rule", None))
        self._undo_used = False
        self._run_opponent()
        if self.deal.is_over:
            self._record_result()
        return Outcome(True, "", None, self.log()[before:])

    def _run_opponent(self) -> None:
        while not self.deal.is_over and self.deal.to_act != self.human:
            seat = self.deal.to_act
            self.deal.apply(self.players[seat].choose(self.deal.view(seat)), seat)
        if self.deal.is_over and self.game.deal is self.deal:
            self.game.finish_deal()

    def pass_declaration(self) -> Outcome:
        return self.act(PASS)

    # ------------------------------------------------------------------ undo
    def can_undo(self) -> bool:
        mine = [i for i, (s, _) in enumerate(self.deal.actions) if s == self.human]
        if not mine or (self.deal.is_over and self.game.deal is not self.deal):
            return bool(mine) and self.training
        return self.training or not self._undo_used

    def undo(self) -> Outcome:
        """Take back the learner's last action (and the opponent's answers to it). Outside
        training mode only once in a row."""
        actions = self.deal.actions
        mine = [i for i, (s, _) in enumerate(actions) if s == self.human]
        if not mine:
            return Outcome(False, "Отменять нечего: вы ещё не ходили в этой сдаче.")
        if not self.training and self._undo_used:
            return Outcome(False, "Вне режима тренировки можно отменить только один последний ход.")
        if self.deal.is_over and self.game.history and self.game.deal is None:
            self.game.history.pop()                 # the deal is open again: take its tally back
            self.game.totals = list(self.game.history[-1].totals_after) if self.game.history \
                else [0] * len(self.game.totals)
            self.game.winner = None
            self.game.deal = self.deal
        if self.results and self.results[-1]["deal"] is self.deal:
            self.results.pop()                      # the deal is played on: not finished yet
        self.deal = self.deal.undo(len(actions) - mine[-1])
        self.game.deal = self.deal
        self._undo_used = True
        return Outcome(True, "Ход отменён.")

    # ------------------------------------------------------------------ deals
    def new_deal(self, number: int | None = None) -> Deal:
        """The next deal of the game, or a numbered deal («сдача № 42») that is the same for
        everybody who asks for that number (the learner leads; the seat before his deals)."""
        if self.game.deal is not None and not self.deal.is_over:
            self.game.deal = None                   # an abandoned deal does not count
        if self.game.is_over:
            # a new game; with a seed, not the same deals again (in the multi-pack games every
            # deal is a game, so the same seed would deal the same cards every time)
            self.game = Game(self.rules, seed=None if self.seed is None
                             else self.seed + 1009 * len(self.results))
        if number is not None:
            if not isinstance(number, int) or number < 0:
                raise IllegalAction("Номер сдачи — целое неотрицательное число, например 42.")
            deal = Deal.new(self.rules, dealer=(self.human - 1) % self.n, seed=number)
            self.deal = self.game.start_deal(deal)
        else:
            self.deal = self.game.start_deal()
        self.deal_number = number
        self._undo_used = False
        self._run_opponent()
        return self.deal

    def swap_seats(self) -> Deal:
        """«Сыграть эту же сдачу за другую сторону»: the same cards, the learner in the next seat
        (in the four-handed game: on the other side)."""
        hands, turn_up, stock = self.deal.initial
        self.human = (self.human + 1) % self.n
        self.game.deal = None
        self.deal = self.game.start_deal(create_deal(self.rules, self.deal.dealer, hands, turn_up, stock))
        self._undo_used = False
        self._run_opponent()
        return self.deal

    # ------------------------------------------------------------------ records
    def save(self) -> dict[str, Any]:
        return deal_to_record(self.deal)

    def load(self, data: dict | str) -> Outcome:
        """Load a bezique-deal/1 record (a dict or JSON text); a corrupt one changes nothing."""
        try:
            if isinstance(data, str):
                data = parse_json(data)
            rec = parse_record(data)
            outcome = replay(rec)
            if not outcome.ok:
                raise FormatError(f"запись повреждена: {outcome.error}")
        except FormatError as e:
            return Outcome(False, f"Не удалось загрузить сдачу: {e.message}")
        seats_changed = rec.rules.players != self.n
        self.rules = rec.rules
        if self.human >= self.n:
            self.human = 0
        self.game = Game(self.rules, seed=self.seed, first_dealer=rec.dealer)
        wanted = "search" if self.level_note else self.opponent_name
        if seats_changed or wanted == "search":
            self._seat_bots(wanted)
        self.deal = self.game.start_deal(outcome.deal)
        self._undo_used = False
        if self.deal.is_over:
            self.game.finish_deal()
        else:
            self._run_opponent()
        return Outcome(True, "Сдача загружена.")

    def replay_states(self, deal: Deal | None = None) -> list[Deal]:
        """Every state of the current deal (or of `deal`) from the start, one per action (for
        step-by-step replay)."""
        deal = self.deal if deal is None else deal
        hands, turn_up, stock = deal.initial
        d = create_deal(deal.rules, deal.dealer, hands, turn_up, stock)
        states = [d.clone()]
        for seat, act in deal.actions:
            d.apply(act, seat)
            states.append(d.clone())
        return states

    # ------------------------------------------------------------------ statistics
    def _record_result(self) -> None:
        scores = self.deal.result()["scores"]
        mine, *others = [scores[i] for i in self.side_order()]
        self.results.append({"deal": self.deal, "you": mine, "opponent": max(others),
                             "opponent_name": self.opponent_name})

    def statistics(self) -> dict[str, float]:
        """The deals finished at this table: played, won, lost, drawn, the average margin
        (your points — your side's in the four-handed game — minus the best opponent's, per
        deal) and your average score."""
        n = len(self.results)
        margins = [r["you"] - r["opponent"] for r in self.results]
        return {"deals": n, "won": sum(m > 0 for m in margins), "lost": sum(m < 0 for m in margins),
                "drawn": sum(m == 0 for m in margins),
                "average_margin": sum(margins) / n if n else 0.0,
                "average_score": sum(r["you"] for r in self.results) / n if n else 0.0}

    # ------------------------------------------------------------------ the game
    def game_totals(self) -> list[int]:
        return list(self.game.totals)

    def score_history(self) -> list[list[int]]:
        """Totals after each finished deal (for the chart), in `side_order`: [[you, opponent], …]."""
        order = self.side_order()
        return [[h.totals_after[i] for i in order] for h in self.game.history]
