"""Matches counted in whole games (`python -m bezique match A B --games N`, issue 18).

A game (партия) is played by `bezique.game.Game`: deals to the preset's target score, the
dealer alternating, the totals carried over and the game decided by the engine (RULES.md §8).
Game i has its own sequence of shuffles (deal j of game i is shuffled from one seed, whoever
plays it) and is played once for each arrangement of the seats (`match.arrangements`: twice
with the seats exchanged in the two-handed and the partnership game, three times with A in
each seat in the three-handed game), so that the luck of the cards cancels out as far as it
can. The games of one arrangement group share their cards and are not independent: the
confidence intervals are over the N groups (mean ± 1.96 standard errors of the group means),
for the game wins and for the deal wins alike.

A game that has not ended after `max_deals` deals is stopped: it is counted by the higher
total (a tie for the highest counts half) and reported as stopped (`capped`).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Callable, TextIO

from ..deal import Deal
from ..game import Game
from ..rules import RuleSet
from ..ru import decimal, plural
from .clock import thinking_time
from .match import (TITLES, TIMES_WORDS, Recorder, ci95, mean, rules_name, a_outcome,
                    arrangements, deal_seed, in_processes, labels, make_player, play_deal,
                    quantiles, seats_lines, seats_summary)

MAX_DEALS_PER_GAME = 60


@dataclass
class GamesResult:
    a: str
    b: str
    rules: RuleSet
    max_deals: int = MAX_DEALS_PER_GAME
    groups: int = 0                                  # N: games played in every arrangement
    games: list = field(default_factory=list)        # dicts, see `_play_group`
    times: dict = field(default_factory=dict)        # label -> decision times (ms)
    nontrivial: dict = field(default_factory=dict)   # label -> times of real choices (ms)
    cpu: dict = field(default_factory=dict)          # label -> CPU time of each decision (ms)

    def per_game(self, key: str) -> dict[int, float]:
        """Game index -> A's mean of `key` over the arrangements ("win": of the games,
        "deal_wins": of their deals)."""
        acc: dict = {}
        for g in self.games:
            acc.setdefault(g["index"], []).extend(g[key] if isinstance(g[key], list)
                                                  else [g[key]])
        return {i: mean(v) for i, v in acc.items()}

    def summary(self) -> dict:
        gw = list(self.per_game("win").values())
        dw = list(self.per_game("deal_wins").values())
        deals = [g["deals"] for g in self.games]
        return {
            "a": self.a, "b": self.b, "rules": self.rules.to_spec(),
            "target_score": self.rules.target_score, "games": self.groups,
            "games_played": len(self.games), "arrangements": len(arrangements(self.rules)),
            "game_win_rate_a": round(mean(gw), 4),
            "game_ci95": [round(x, 4) for x in share_ci(gw)],
            "deal_win_rate_a": round(mean(dw), 4),
            "deal_ci95": [round(x, 4) for x in share_ci(dw)],
            "deals": sum(deals), "deals_per_game": round(mean(deals), 2),
            "max_deals_per_game": self.max_deals,
            "capped": sum(1 for g in self.games if g["capped"]),
            "decision_ms": {k: quantiles(v) for k, v in self.times.items()},
            "decision_ms_nontrivial": {k: quantiles(v) for k, v in self.nontrivial.items()},
            "decision_cpu_ms": {k: quantiles(v) for k, v in self.cpu.items()},
            **seats_summary(self.rules, gw),
        }


def share_ci(xs: list[float]) -> list[float]:
    """95 % interval of a mean share over groups: mean ± 1.96 standard errors, or, when every
    group won (or lost) everything and that interval would have no width, the «rule of three»
    bound (no loss in n groups: the loss rate is below 3/n with 95 % confidence)."""
    n = len(xs)
    if n and all(x == 1.0 for x in xs):
        return [max(0.0, 1.0 - 3.0 / n), 1.0]
    if n and all(x == 0.0 for x in xs):
        return [0.0, min(1.0, 3.0 / n)]
    return ci95(xs, 0.0, 1.0)


def run_games(a: str, b: str, games: int, seed: int = 0, rules: RuleSet | None = None,
              out: TextIO | None = None, options: dict | None = None,
              progress: Callable[[int, GamesResult], None] | None = None, jobs: int = 1,
              max_deals: int = MAX_DEALS_PER_GAME, first: int = 0) -> GamesResult:
    """Play `games` games of A against B (numbered from `first`: game i's shuffles come from
    `seed` and i), each once for every arrangement of the seats (the same shuffles). `out` receives every deal as a bezique-deal/1 record a line, with the
    extra fields "players" (the bot in each seat) and "game" (which game, arrangement and deal;
    the totals before the deal). With `jobs` > 1 the games are shared among processes; the
    results are the same as with one as long as Мастер's budget is in samples."""
    rules = rules or RuleSet()
    options = options or {}
    res = GamesResult(a, b, rules, max_deals)
    la, lb = labels(a, b)
    res.times = {la: [], lb: []}
    res.nontrivial = {la: [], lb: []}
    res.cpu = {la: [], lb: []}
    args = [(a, b, i, seed, rules, options, max_deals) for i in range(first, first + games)]
    for group in in_processes(_play_group, args, jobs):
        res.games.extend(group["games"])
        for label in (la, lb):
            res.times[label].extend(group["times"][label])
            res.nontrivial[label].extend(group["nontrivial"][label])
            res.cpu[label].extend(group["cpu"][label])
        if out is not None:
            for rec in group["records"]:
                out.write(json.dumps(rec, ensure_ascii=False) + "\n")
            out.flush()
        res.groups += 1
        if progress is not None:
            progress(res.groups, res)
    return res


def a_side(rules: RuleSet, sides: list[str]) -> int:
    """The index into `Game.totals` of A's score: A's seat, or A's partnership."""
    seat = sides.index("A")
    return rules.side(seat)


def _play_group(a: str, b: str, i: int, seed: int, rules: RuleSet, options: dict,
                max_deals: int) -> dict:
    """Game `i` played once for each arrangement of the seats, on the same shuffles."""
    from ..record import deal_to_record
    la, lb = labels(a, b)
    out = {"games": [], "records": [], "times": {la: [], lb: []}, "nontrivial": {la: [], lb: []},
           "cpu": {la: [], lb: []}}
    gs = deal_seed(seed, i)
    for k, sides in enumerate(arrangements(rules)):
        game = Game(rules, seed=gs, first_dealer=i % rules.players)
        seats = []
        for seat, side in enumerate(sides):
            name, label = (a, la) if side == "A" else (b, lb)
            bot = make_player(name, random.Random(f"g{gs}:{k}:{side}:{seat}").getrandbits(32),
                              **options.get(name, {}))
            seats.append(_CpuRecorder(bot, out["times"][label], out["nontrivial"][label],
                                      out["cpu"][label]))
        mine = a_side(rules, sides)
        deal_wins = []
        while not game.is_over and len(game.history) < max_deals:
            j = len(game.history)
            before = list(game.totals)
            deal = game.start_deal(Deal.new(rules, game.next_dealer(), seed=deal_seed(gs, j)))
            play_deal(deal, seats)
            game.finish_deal()
            deal_wins.append(a_outcome(deal.result()["scores"], sides)[0])
            rec = deal_to_record(deal)
            rec["players"] = [a if side == "A" else b for side in sides]
            rec["game"] = {"index": i, "arrangement": k, "deal": j, "totals_before": before}
            out["records"].append(rec)
        capped = not game.is_over
        if capped:
            best = max(game.totals)
            top = [s for s, v in enumerate(game.totals) if v == best]
            win = (1.0 / len(top)) if mine in top else 0.0
        else:
            win = 1.0 if game.winner == mine else 0.0
        out["games"].append({"index": i, "arrangement": k, "seat_a": sides.index("A"),
                             "win": win, "deals": len(game.history), "deal_wins": deal_wins,
                             "totals": list(game.totals), "winner": game.winner,
                             "capped": capped})
    return out


class _CpuRecorder(Recorder):
    """Also the CPU time of the deciding thread: what Мастер's budget counts, whatever the
    load of the machine (the wall-clock times grow with the load)."""

    def __init__(self, player, times: list, nontrivial: list, cpu: list):
        super().__init__(player, times, nontrivial)
        self.cpu = cpu

    def choose(self, view):
        t = thinking_time()
        act = super().choose(view)
        self.cpu.append((thinking_time() - t) * 1000.0)
        return act


def format_games_table(res: GamesResult) -> str:
    """The Russian report of a match in whole games."""
    s = res.summary()
    la, lb = labels(res.a, res.b)
    ta, tb = TITLES.get(res.a, res.a), TITLES.get(res.b, res.b)
    n_arr = s["arrangements"]
    won_a = sum(1 for g in res.games if g["win"] == 1.0)
    shared = sum(1 for g in res.games if 0.0 < g["win"] < 1.0)
    won_b = len(res.games) - won_a - shared
    glo, ghi = s["game_ci95"]
    dlo, dhi = s["deal_ci95"]
    lines = [
        f"Матч по партиям до {plural(res.rules.target_score, 'очко')}: {ta} ({res.a}) против "
        f"{tb} ({res.b}); {plural(res.groups, 'партия')}, каждая сыграна "
        f"{TIMES_WORDS.get(n_arr, '')} на тех же раскладах с обменом мест "
        f"(всего {plural(len(res.games), 'партия')}, {plural(s['deals'], 'сдача')}); "
        f"правила: {rules_name(res.rules)}",
        "",
        f"{'':30}{ta:>14}{tb:>14}",
        f"{'Выиграно партий':30}{won_a:>14}{won_b:>14}",
        f"{'Доля выигранных партий':30}{decimal(100 * s['game_win_rate_a']) + ' %':>14}"
        f"{decimal(100 * (1 - s['game_win_rate_a'])) + ' %':>14}",
        f"{'Доля выигранных сдач':30}{decimal(100 * s['deal_win_rate_a']) + ' %':>14}"
        f"{decimal(100 * (1 - s['deal_win_rate_a'])) + ' %':>14}",
        f"{'Сдач в партии, в среднем':30}{decimal(s['deals_per_game'], 2):>14}",
    ]
    if shared:
        lines.append(f"Поровну поделено партий (остановлены с равным счётом): {shared}")
    for label, title in ((la, ta), (lb, tb)):
        q = s["decision_ms"][label]
        nt = s["decision_ms_nontrivial"][label]
        c = s["decision_cpu_ms"][label]
        lines.append(f"Время решения ({title}): медиана {decimal(q['median'])} мс, 95-й процентиль "
                     f"{decimal(q['p95'])} мс; при выборе из нескольких ходов: медиана "
                     f"{decimal(nt['median'])} мс, 95-й процентиль {decimal(nt['p95'])} мс; "
                     f"процессорного времени: медиана {decimal(c['median'])} мс, 95-й процентиль "
                     f"{decimal(c['p95'])} мс")
    lines.append(f"95 % доверительный интервал доли побед ({ta}) в партиях: {decimal(100 * glo)}–"
                 f"{decimal(100 * ghi)} %; в сдачах: {decimal(100 * dlo)}–{decimal(100 * dhi)} % "
                 f"(по группам партий на одних раскладах).")
    lines.extend(seats_lines(res.rules, s, ta, tb, "партий"))
    if s["capped"]:
        lines.append(f"Внимание: {plural(s['capped'], 'партия')} не "
                     f"{'закончилась' if s['capped'] == 1 else 'закончились'} за "
                     f"{plural(res.max_deals, 'сдача')} и {'остановлена' if s['capped'] == 1 else 'остановлены'}: "
                     "засчитаны по большему счёту.")
    return "\n".join(lines)
