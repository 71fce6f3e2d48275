"""How long the coach's hint and the after-deal review take (issue 31, part 4), with the coach's
search as the course now runs it (`coach._coach_player`: the simulator, no lookahead) and
as it was before issue 31 (engine playouts, no lookahead).

    .venv/bin/python docs/benchmarks/coach_time.py DEALS

For DEALS Любитель-vs-Любитель deals of the canonical game (seeds 0…DEALS-1): every stock-phase
decision of seat 0 with a choice gets a hint with the practice table's settings
(`coach.HINT_SAMPLES`, `HINT_TIME`, `HINT_WALL`), and each whole deal a review with the table's
settings (`coach.INTERACTIVE_REVIEW`), once by each Мастер, interleaved. Prints the median and
95th percentile of the thread's CPU time and of the wall time, the samples of a hint, and how
often the two Мастера's hints agree.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from bezique.deal import Deal
from bezique.players import coach
from bezique.players.clock import thinking_time
from bezique.players.heuristic import HeuristicPlayer
from bezique.players.search import SearchPlayer
from bezique.rules import RuleSet

NOW = coach._coach_player


def before(samples, time_limit, seed, wall_limit=None):
    return SearchPlayer(seed=seed, samples=samples, time_limit=time_limit, extra_samples=0,
                        wall_limit=wall_limit, simulate=False, lookahead=None)


def q(xs):
    xs = sorted(xs)
    return {"median": round(statistics.median(xs), 1), "p95": round(xs[int(0.95 * (len(xs) - 1))], 1)}


def timed(fn):
    c, w = thinking_time(), time.perf_counter()
    out = fn()
    return out, 1000 * (thinking_time() - c), 1000 * (time.perf_counter() - w)


def main(deals: int) -> None:
    res = {k: {"hint_cpu": [], "hint_wall": [], "samples": [], "review_cpu": [], "review_wall": []}
           for k in ("now", "before")}
    agree = total = 0
    for seed in range(deals):
        deal = Deal.new(RuleSet(), seed % 2, seed=seed)
        bots = [HeuristicPlayer(0), HeuristicPlayer(1)]
        while not deal.is_over:
            who = deal.to_act
            view = deal.view(who)
            if who == 0 and deal.phase == 1 and len(view.legal_actions) > 1:
                acts = {}
                for k, make in (("now", NOW), ("before", before)):
                    coach._coach_player = make
                    h, c, w = timed(lambda: coach.hint(
                        view, samples=coach.HINT_SAMPLES, time_limit=coach.HINT_TIME,
                        wall_limit=coach.HINT_WALL, seed=len(deal.actions), memory=None))
                    res[k]["hint_cpu"].append(c)
                    res[k]["hint_wall"].append(w)
                    res[k]["samples"].append(h.analysis.samples)
                    acts[k] = h.action
                total += 1
                agree += coach.position_key(view, acts["now"]) == coach.position_key(view, acts["before"])
            deal.apply(bots[who].choose(view), who)
        for k, make in (("now", NOW), ("before", before)):
            coach._coach_player = make
            _, c, w = timed(lambda: coach.review(deal, 0, top=3, seed=seed, memory=None,
                                                 **coach.INTERACTIVE_REVIEW))
            res[k]["review_cpu"].append(c)
            res[k]["review_wall"].append(w)
    coach._coach_player = NOW
    out = {k: {m: q(v) for m, v in r.items()} for k, r in res.items()}
    out["hints"] = total
    out["hints_agree"] = agree
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main(int(sys.argv[1]))
