"""`python -m bezique bench`: speed figures for this machine, medians of several runs.

Benchmarks, not tests: the machines here are shared and noisy, so targets are read from
these figures and never asserted by a timed test.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from typing import Callable


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    import os
    return f"{cpu}, {os.cpu_count()} ядр., Python {platform.python_version()}"


def _median_runs(fn: Callable[[], dict], repeats: int) -> dict:
    runs = [fn() for _ in range(repeats)]
    return {k: statistics.median(r[k] for r in runs) for k in runs[0]}


def bench_engine(repeats: int, deals: int) -> dict:
    """Random self-play: card moves (plays) per second and deals per second."""
    from .rules import RuleSet
    from .actions import Play
    from .selfplay import play_random_deal
    rules = RuleSet()
    seeds = iter(range(10_000))

    def run():
        rng = random.Random(next(seeds))
        t = time.process_time()          # CPU time: steadier than wall time on a shared machine
        plays = 0
        for i in range(deals):
            d = play_random_deal(rules, i % 2, rng)
            plays += sum(1 for _, a in d.actions if type(a) is Play)
        el = time.process_time() - t
        return {"moves_per_s": plays / el, "deals_per_s": deals / el}
    return _median_runs(run, repeats)


SOLVER_POSITION = {
    "id": "bench", "kind": "declarations", "trump": "S", "won_trick": True,
    "hand": ["AS", "TS", "JS", "QS#2", "JD#2", "KH", "7S"],
    "table": ["KS#1", "QS#1", "JD#1"],
    "scored": [{"meld": "royal_marriage", "cards": ["KS#1", "QS#1"]},
               {"meld": "bezique", "cards": ["QS#1", "JD#1"]}],
}


def bench_solver(repeats: int, count: int) -> dict:
    """Declarations positions solved per second (load + solve), and ms per position."""
    from .positions import load_position, solve

    def run():
        t = time.process_time()
        for _ in range(count):
            solve(load_position(SOLVER_POSITION))
        el = time.process_time() - t
        return {"positions_per_s": count / el, "ms_per_position": 1000 * el / count}
    return _median_runs(run, repeats)


def bench_master(deals: int, seed: int = 0) -> dict:
    """Мастер's decision times at its default budget, in deals against the Любитель: wall and
    CPU milliseconds (median, 95th percentile) over the decisions with more than one legal
    action. One run, not a median of runs: the decisions themselves are the sample."""
    from .deal import Deal
    from .players.heuristic import HeuristicPlayer
    from .players.match import quantiles
    from .players.clock import thinking_time
    from .players.search import SearchPlayer
    from .rules import RuleSet
    wall, cpu = [], []
    for i in range(deals):
        deal = Deal.new(RuleSet(), i % 2, seed=seed + i)
        me = i % 2
        players = {me: SearchPlayer(seed + i), 1 - me: HeuristicPlayer(seed + i)}
        while not deal.is_over:
            seat = deal.to_act
            view = deal.view(seat)
            t, c = time.perf_counter(), thinking_time()
            act = players[seat].choose(view)
            if seat == me and len(view.legal_actions) > 1:
                wall.append(1000 * (time.perf_counter() - t))
                cpu.append(1000 * (thinking_time() - c))
            deal.apply(act, seat)
    w, c = quantiles(wall), quantiles(cpu)          # the same percentiles as `match` reports
    return {"decisions": len(wall), "median_ms": w["median"], "p95_ms": w["p95"],
            "median_cpu_ms": c["median"], "p95_cpu_ms": c["p95"]}


def run_bench(what: list[str], repeats: int = 5, quick: bool = False) -> dict:
    what = what or ["engine", "solver", "widgets", "master"]
    report: dict = {"machine": machine(), "repeats": repeats}
    print(f"Машина: {report['machine']}; медиана из {repeats} прогонов (процессорное время).")
    if "engine" in what:
        r = bench_engine(repeats, 50 if quick else 300)
        report["engine"] = r
        print(f"Случайная самоигра: {r['moves_per_s']:,.0f} ходов картой/с, "
              f"{r['deals_per_s']:,.0f} сдач/с".replace(",", " "))
    if "solver" in what:
        r = bench_solver(repeats, 200 if quick else 2000)
        report["solver"] = r
        print(f"Решатель (объявления): {r['positions_per_s']:,.0f} позиций/с, "
              f"{r['ms_per_position']:.3f} мс на позицию".replace(",", " "))
    if "widgets" in what:
        try:
            from .widgets.render.bench import bench as bench_draw
        except ImportError:
            print("Картинки карт: пропущено (нет bezique.widgets или Pillow).")
        else:
            r = bench_draw(n=10 if quick else 50)
            report["widgets"] = r
            print("Картинки карт: " + ", ".join(f"{k} {v:.1f}" for k, v in r.items()))
    if "master" in what:
        r = bench_master(1 if quick else 6)
        report["master"] = r
        print(f"Мастер (бюджет по умолчанию, {r['decisions']} решений против Любителя): "
              f"медиана {r['median_ms']:.0f} мс, 95-й процентиль {r['p95_ms']:.0f} мс; "
              f"процессорное время: {r['median_cpu_ms']:.0f} / {r['p95_cpu_ms']:.0f} мс")
    return report
