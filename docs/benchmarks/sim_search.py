"""Мастер with simulator playouts against the Любитель (issue 31, part 2, first probe).

    .venv/bin/python docs/benchmarks/sim_search.py DEALS KIND [KIND ...]

KIND is `search` (Мастер of 24 samples on the engine's playouts, as before issue 31) or
`sim:<rollout>:<samples>[:z<prior_z>]` (`SearchPlayer` on the simulator's playouts without a
lookahead, rollout "heuristic", "greedy" or "random"; prior_z, default 1, how many standard
errors another candidate must beat the Любитель's choice by) or `la:<width>:<depth>:<samples>`
(the simulator's Любитель playouts with a lookahead, as Мастер now plays with 3:2:24), all
with a fixed budget in samples (no time limit, no extension), so
that a run is reproducible. Deal i is the deal of `python -m bezique match search heuristic
--seed 2024` (`match.deal_seed`), played twice, the searcher in seat 0 then in seat 1, with the
searcher's seed derived as there — the same deals as docs/benchmarks/hand_knowledge.py `match`
(the honest Мастер: 58.8 % of 100 pairs). Prints, per KIND, the win rate and mean margin over
the pairs, the CPU time per decision, and the paired difference to the first KIND.
Two processes (the machine's two cores).
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bezique.deal import Deal
from bezique.players.heuristic import HeuristicPlayer
from bezique.players.match import deal_seed
from bezique.players.search import SearchPlayer
from bezique.rules import RuleSet

SEED = 2024


def make(kind: str, seed: int):
    if kind == "search":
        return SearchPlayer(seed=seed, time_limit=None, extra_samples=0, simulate=False)
    if kind.startswith("la:"):                         # "la:3:1:24": lookahead 3 wide, 1 deep
        _, branch, depth, samples = kind.split(":")
        return SearchPlayer(seed=seed, samples=int(samples), time_limit=None, extra_samples=0,
                            lookahead=(int(branch), int(depth)))
    _, rollout, samples, *rest = kind.split(":")
    z = float(rest[0][1:]) if rest else 1.0            # "z2": prior_z 2 (default 1)
    return SearchPlayer(seed=seed, rollout=rollout, samples=int(samples), time_limit=None,
                        extra_samples=0, prior_z=z, lookahead=None)


def pair(i: int, kind: str) -> tuple[list[float], list[float], float, int]:
    """Deal i twice: the searcher's win shares and margins, its CPU time and decisions."""
    s = deal_seed(SEED, i)
    wins, margins, cpu, decisions = [], [], 0.0, 0
    for seat in (0, 1):
        deal = Deal.new(RuleSet(), i % 2, seed=s)
        bot = make(kind, random.Random(f"{s}:{seat}:A").getrandbits(32))
        lyubitel = HeuristicPlayer(0)
        while not deal.is_over:
            who = deal.to_act
            view = deal.view(who)
            if who == seat:
                t = time.process_time()
                act = bot.choose(view)
                if len(view.legal_actions) > 1:
                    cpu += time.process_time() - t
                    decisions += 1
            else:
                act = lyubitel.choose(view)
            deal.apply(act, who)
        sc = deal.result()["scores"]
        m = sc[seat] - sc[1 - seat]
        margins.append(m)
        wins.append(1.0 if m > 0 else 0.5 if m == 0 else 0.0)
    return wins, margins, cpu, decisions


def ci(xs: list[float]) -> str:
    mu = statistics.mean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return f"{mu:+.3f} ({mu - h:+.3f}…{mu + h:+.3f})"


def main(argv: list[str]) -> None:
    deals = int(argv[0])
    kinds = argv[1:] or ["search", "sim:greedy:24"]
    jobs = [(i, k) for k in kinds for i in range(deals)]
    with ProcessPoolExecutor(2) as pool:
        got = list(pool.map(pair, *zip(*jobs)))
    per = {k: got[n * deals:(n + 1) * deals] for n, k in enumerate(kinds)}
    first = None
    for k, rows in per.items():
        w = [statistics.mean(r[0]) for r in rows]
        m = [statistics.mean(r[1]) for r in rows]
        cpu = sum(r[2] for r in rows) / max(1, sum(r[3] for r in rows))
        line = (f"{k:18s} win rate {ci(w)}  margin {ci(m)}  CPU {1000 * cpu:.0f} ms/decision "
                f"({sum(r[3] for r in rows)} decisions)")
        if first is None:
            first = (w, m)
        else:
            line += (f"  minus {kinds[0]}: win {ci([b - a for a, b in zip(first[0], w)])}, "
                     f"margin {ci([b - a for a, b in zip(first[1], m)])}")
        print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
