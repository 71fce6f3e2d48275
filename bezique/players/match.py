"""Matches between computer opponents (`python -m bezique match A B --deals N --seed S`).

Each of the N deals is played twice with the same shuffle and the same dealer, the bots
changing seats, so that the luck of the cards cancels out as far as it can. A deal is won by
the higher deal score (a tie counts half). Confidence intervals are computed over the N pairs
(the two games of a pair share their cards, so they are not independent): mean ± 1.96
standard errors of the pair averages.

With three players A sits in one seat and B in the other two, and each deal is played three
times so that A sits once in every seat; A wins a game with the highest score (a tie for the
highest counts half), and A's margin is its score less the mean of the B seats' scores. With
four players in partnerships A holds one partnership and B the other, the two swapping sides
(two games a deal, as in the two-handed game). The "pairs" are then these groups of games.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, TextIO

from ..deal import Deal
from ..rules import RuleSet
from ..ru import decimal, plural
from .heuristic import HeuristicPlayer
from .random_player import RandomPlayer
from .search import SearchPlayer

PLAYERS = {"random": RandomPlayer, "heuristic": HeuristicPlayer, "search": SearchPlayer}
TITLES = {k: v.title for k, v in PLAYERS.items()}


def make_player(name: str, seed: int | None = None, **options):
    """A computer opponent by name: "random" (Новичок), "heuristic" (Любитель) or "search"
    (Мастер). `options` go to the constructor (e.g. samples=…, time_limit=… for "search")."""
    try:
        cls = PLAYERS[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r}; choose from {', '.join(PLAYERS)}") from None
    return cls(seed, **options)


def bots(name: str, seats: int, seed: int = 0, **options) -> list:
    """One computer opponent of kind `name` for each of `seats` seats, seat s seeded with
    `seed * 10 + s` (so that a deal numbered `seed` is played the same way every time)."""
    return [make_player(name, seed=seed * 10 + s, **options) for s in range(seats)]


def play_deal(deal: Deal, players, until: Callable[[Deal], bool] | None = None) -> Deal:
    """Play a deal to its end, or until `until(deal)` holds; `players[seat]` chooses from its
    own seat's view only."""
    while not deal.is_over and not (until is not None and until(deal)):
        seat = deal.to_act
        deal.apply(players[seat].choose(deal.view(seat)), seat)
    return deal


def arrangements(rules: RuleSet) -> list[list[str]]:
    """Which bot ("A" or "B") sits in each seat, for each game of a deal (see module doc)."""
    n = rules.players
    if rules.partnerships:
        return [["A" if rules.side(s) == k else "B" for s in range(n)] for k in (0, 1)]
    return [["A" if s == k else "B" for s in range(n)] for k in range(n)]


def a_outcome(scores: list[int], sides: list[str]) -> tuple[float, float]:
    """(A's win share, A's margin) of one game: `scores` per seat, or per partnership when
    there are fewer scores than seats (partnership k holds seats k, k + 2)."""
    if len(scores) < len(sides):
        sides = sides[:len(scores)]
    mine = [x for x, side in zip(scores, sides) if side == "A"][0]
    others = [x for x, side in zip(scores, sides) if side == "B"]
    best = max(others)
    win = 1.0 if mine > best else 0.5 if mine == best else 0.0
    return win, mine - others[0] if len(others) == 1 else mine - sum(others) / len(others)


def deal_seed(seed: int, i: int) -> int:
    return (seed * 1_000_003 + i * 7919) % (2 ** 63)


@dataclass
class MatchResult:
    a: str
    b: str
    rules: RuleSet
    deals: int = 0
    games: list = field(default_factory=list)     # (deal index, seat of A, margin of A, win share)
    times: dict = field(default_factory=dict)     # label -> decision times (ms)
    nontrivial: dict = field(default_factory=dict)  # label -> times of real choices (ms)

    def pair_scores(self) -> tuple[list[float], list[float]]:
        wins, margins = {}, {}
        for g in self.games:
            wins.setdefault(g[0], []).append(_win_share(g))
            margins.setdefault(g[0], []).append(float(g[2]))
        w = [sum(v) / len(v) for v in wins.values()]
        m = [sum(v) / len(v) for v in margins.values()]
        return w, m

    def summary(self) -> dict:
        w, m = self.pair_scores()
        return {
            "a": self.a, "b": self.b, "deals": self.deals,
            "win_rate_a": round(mean(w), 4), "ci95": [round(x, 4) for x in ci95(w, 0.0, 1.0)],
            "margin_mean_a": round(mean(m), 2), "margin_ci95": [round(x, 2) for x in ci95(m)],
            "decision_ms": {k: quantiles(v) for k, v in self.times.items()},
            **seats_summary(self.rules, w),
        }


def seats_summary(rules: RuleSet, wins: list[float]) -> dict:
    """For three or four at the table (nothing for two): who sits where, the share A would win
    at equal strength, and (three-handed) the win share of each single B player with its
    interval, from the per-group win shares `wins` of A."""
    if rules.players == 2:
        return {}
    if rules.partnerships:
        return {"seats": rules.players, "partners": [[0, 2], [1, 3]], "fair_win_rate_a": 0.5}
    each = [(1.0 - x) / (rules.players - 1) for x in wins]
    return {"seats": rules.players, "fair_win_rate_a": round(1 / rules.players, 4),
            "win_rate_each_b": round(mean(each), 4),
            "each_b_ci95": [round(x, 4) for x in ci95(each, 0.0, 1.0)]}


def seats_lines(rules: RuleSet, summary: dict, ta: str, tb: str, unit: str = "игр") -> list[str]:
    """The Russian lines that say how three or four sit and what a fair share is."""
    if rules.players == 2:
        return []
    if rules.partnerships:
        return [f"За столом двое на двое: пара «{ta}» против пары «{tb}» (партнёры сидят "
                "напротив), пары меняются местами; счёт и доли — по парам."]
    lo, hi = summary["each_b_ci95"]
    return [f"За столом один «{ta}» против {rules.players - 1} игроков «{tb}» и садится на "
            f"каждое место по очереди; при равной силе доля выигранных {unit} каждого — "
            f"{decimal(100 * summary['fair_win_rate_a'])} %. Во втором столбце — все «{tb}» вместе; "
            f"доля побед одного «{tb}»: {decimal(100 * summary['win_rate_each_b'])} % "
            f"(95 % ДИ {decimal(100 * lo)}–{decimal(100 * hi)} %)."]


def mean(xs):
    """The mean of `xs` (0 for none)."""
    return sum(xs) / len(xs) if xs else 0.0


def ci95(xs, lo=None, hi=None):
    """A normal 95 % interval of the mean of `xs` (mean ± 1.96 standard errors), clipped to
    [lo, hi] where given."""
    n = len(xs)
    if n == 0:
        return [0.0, 0.0]
    mu = mean(xs)
    se = statistics.stdev(xs) / math.sqrt(n) if n > 1 else 0.0
    a, b = mu - 1.96 * se, mu + 1.96 * se
    if lo is not None:
        a = max(lo, a)
    if hi is not None:
        b = min(hi, b)
    return [a, b]


def quantiles(xs) -> dict:
    """Median and 95th percentile (the nearest-rank value) of decision times, in ms."""
    if not xs:
        return {"median": 0.0, "p95": 0.0}
    s = sorted(xs)
    p95 = s[min(len(s) - 1, int(math.ceil(0.95 * len(s))) - 1)]
    return {"median": round(statistics.median(s), 2), "p95": round(p95, 2)}


def labels(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a != b else (f"{a} (A)", f"{b} (B)")


def run_match(a: str, b: str, deals: int, seed: int = 0, rules: RuleSet | None = None,
              out: TextIO | None = None, options: dict | None = None,
              progress: Callable[[int, "MatchResult"], None] | None = None,
              jobs: int = 1) -> MatchResult:
    """Play `deals` deals of A against B, each twice with the seats swapped (same shuffle).
    `options` maps a player name to constructor options; `out` receives one bezique-deal/1
    record a line (with an extra "players" field naming the bot in each seat). With `jobs` > 1
    the deals are shared among that many processes; the results (and the order of the records)
    are the same as with one, as long as Мастер's budget is in samples (no time limit)."""
    rules = rules or RuleSet()
    options = options or {}
    res = MatchResult(a, b, rules)
    la, lb = labels(a, b)
    res.times = {la: [], lb: []}
    res.nontrivial = {la: [], lb: []}
    args = [(a, b, i, seed, rules, options) for i in range(deals)]
    for pair in in_processes(_play_pair, args, jobs):
        res.games.extend(pair["games"])
        for label in (la, lb):
            res.times[label].extend(pair["times"][label])
            res.nontrivial[label].extend(pair["nontrivial"][label])
        if out is not None:
            for rec in pair["records"]:
                out.write(json.dumps(rec, ensure_ascii=False) + "\n")
            out.flush()
        res.deals += 1
        if progress is not None:
            progress(res.deals, res)
    return res


def in_processes(fn, args: list[tuple], jobs: int):
    """fn(*x) for every x of `args`, in order, computed by `jobs` processes (1: in this one);
    the pool is shut down when the caller stops reading. Where no process can start (in the
    browser, Pyodide lacks the semaphores a pool needs) they are computed in this one."""
    if jobs > 1:
        try:
            pool = ProcessPoolExecutor(jobs)
        except (NotImplementedError, OSError, RuntimeError):
            jobs = 1
    if jobs <= 1:
        yield from (fn(*x) for x in args)
        return
    try:
        yield from pool.map(fn, *zip(*args))
    finally:
        pool.shutdown(cancel_futures=True)


def _play_pair(a: str, b: str, i: int, seed: int, rules: RuleSet, options: dict) -> dict:
    """Deal `i` of a match played once for each arrangement of the seats (`arrangements`): the
    margins of A, the records and the decision times."""
    from ..record import deal_to_record
    la, lb = labels(a, b)
    out = {"games": [], "records": [], "times": {la: [], lb: []}, "nontrivial": {la: [], lb: []}}
    s = deal_seed(seed, i)
    dealer = i % rules.players
    for k, sides in enumerate(arrangements(rules)):
        deal = Deal.new(rules, dealer, seed=s)
        seats = []
        for seat, side in enumerate(sides):
            name, label = (a, la) if side == "A" else (b, lb)
            # Seat-independent seeds in the two-handed game (as before: A's seat, then "A"/"B").
            tag = f"{s}:{k}:{side}" if rules.players == 2 else f"{s}:{k}:{side}:{seat}"
            bot = make_player(name, random.Random(tag).getrandbits(32), **options.get(name, {}))
            seats.append(Recorder(bot, out["times"][label], out["nontrivial"][label]))
        play_deal(deal, seats)
        win, margin = a_outcome(deal.result()["scores"], sides)
        out["games"].append((i, sides.index("A"), margin, win))
        rec = deal_to_record(deal)
        rec["players"] = [a if side == "A" else b for side in sides]
        out["records"].append(rec)
    return out


def summarize_records(path: str, a: str, b: str, rules: RuleSet | None = None) -> MatchResult:
    """Rebuild a match's result from the records written with `--out` (each carries
    "players"): for a match stopped before its end. Decision times are not in the records.
    FormatError (Russian) if the file cannot be read."""
    from ..jsonio import read_jsonl
    rules = rules or RuleSet()
    res = MatchResult(a, b, rules)
    per_deal = len(arrangements(rules))
    seen_pairs = {}
    for _, rec in read_jsonl(path):
        if not isinstance(rec, dict):
            continue                                  # a damaged line (or not a record)
        names = rec.get("players")
        if (not isinstance(names, list) or sorted(set(names)) != sorted({a, b})
                or not isinstance(rec.get("result"), dict)):
            continue
        sides = ["A" if x == a else "B" for x in names]
        if a == b:
            sides = ["A"] + ["B"] * (len(names) - 1)
        try:
            key = (tuple(rec["hands"][0]), rec["turn_up"], rec["dealer"])
            win, margin = a_outcome(rec["result"]["scores"], sides)
        except (KeyError, IndexError, TypeError, ValueError):
            continue
        i = seen_pairs.setdefault(key, len(seen_pairs))
        res.games.append((i, sides.index("A"), margin, win))
    complete = {i for i in {g[0] for g in res.games}
                if sum(1 for g in res.games if g[0] == i) == per_deal}
    res.games = [g for g in res.games if g[0] in complete]
    res.deals = len(complete)
    la, lb = labels(a, b)
    res.times = {la: [], lb: []}
    res.nontrivial = {la: [], lb: []}
    return res


class Recorder:
    def __init__(self, player, times: list, nontrivial: list):
        self.player, self.times, self.nontrivial = player, times, nontrivial

    def choose(self, view):
        t = time.perf_counter()
        act = self.player.choose(view)
        ms = (time.perf_counter() - t) * 1000.0
        self.times.append(ms)
        if len(view.legal_actions) > 1:
            self.nontrivial.append(ms)
        return act


def format_table(res: MatchResult) -> str:
    """The Russian report of a match."""
    s = res.summary()
    la, lb = labels(res.a, res.b)
    ta, tb = TITLES.get(res.a, res.a), TITLES.get(res.b, res.b)
    games = len(res.games)
    wins = [_win_share(g) for g in res.games]
    won_a = wins.count(1.0)
    won_b = wins.count(0.0)
    ties = games - won_a - won_b
    lo, hi = s["ci95"]
    mlo, mhi = s["margin_ci95"]
    lines = [
        f"Матч: {ta} ({res.a}) против {tb} ({res.b}); {plural(res.deals, 'сдача')}, каждая "
        f"сыграна {TIMES_WORDS.get(len(arrangements(res.rules)), '')} с обменом мест "
        f"({plural(games, 'игра')}); правила: {rules_name(res.rules)}",
        "",
        f"{'':28}{ta:>14}{tb:>14}",
        f"{'Выиграно игр':28}{won_a:>14}{won_b:>14}",
        f"{'Ничьих':28}{ties:>14}{'':>14}",
        f"{'Доля выигранных игр':28}{decimal(100 * s['win_rate_a']) + ' %':>14}{decimal(100 * (1 - s['win_rate_a'])) + ' %':>14}",
        f"{'Средний перевес, очков':28}{decimal(s['margin_mean_a'], signed=True):>14}{decimal(-s['margin_mean_a'], signed=True):>14}",
    ]
    for label, title in ((la, ta), (lb, tb)):
        q = s["decision_ms"][label]
        nt = quantiles(res.nontrivial.get(label, []))
        lines.append(f"Время решения ({title}): медиана {decimal(q['median'])} мс, 95-й процентиль "
                     f"{decimal(q['p95'])} мс; при выборе из нескольких ходов: медиана "
                     f"{decimal(nt['median'])} мс, 95-й процентиль {decimal(nt['p95'])} мс")
    lines.append(f"95 % доверительный интервал доли побед ({ta}): {decimal(100 * lo)}–{decimal(100 * hi)} %; "
                 f"среднего перевеса в очках: {decimal(mlo, signed=True)}…{decimal(mhi, signed=True)} (по парам сдач).")
    lines.extend(seats_lines(res.rules, s, ta, tb))
    return "\n".join(lines)


TIMES_WORDS = {2: "дважды", 3: "трижды", 4: "четырежды"}


def _win_share(game: tuple) -> float:
    """A's share of one game's win: stored with the game, or read from the margin."""
    i, seat, m, *w = game
    return w[0] if w else 1.0 if m > 0 else 0.5 if m == 0 else 0.0


def rules_name(rules: RuleSet) -> str:
    spec = rules.to_spec()
    return spec if isinstance(spec, str) else json.dumps(spec, ensure_ascii=False)
