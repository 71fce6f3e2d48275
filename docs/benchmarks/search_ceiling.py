"""How much is there to gain from Мастер's search, and how much of it does it get?

(Мастер's one-step search as it was before issue 31: every player here has `lookahead=None`.)

Мастер is a one-step improvement of the Любитель: it compares a few candidate actions by playing
sampled deals out with the Любитель's policy. On positions from real Мастер-vs-Любитель deals this
script values every candidate with a large budget (the "oracle": 400 samples, no pruning, no
preference for the Любитель's choice) and reports, per decision, in points of the deal margin:

* gain: how much the oracle's best candidate beats the Любитель's own choice — the most a
  one-step search over Любитель playouts can add to the Любитель;
* regret of a budget: how much the oracle's best beats the choice Мастер makes with that budget
  (4 seeds per position) — what noise and the budget cost.

Both are measured against a noisy oracle, so both are slightly too high (the maximum of noisy
values is biased upward). Usage (about 15 minutes of one core):

    .venv/bin/python docs/benchmarks/search_ceiling.py [positions] [oracle_samples]
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

import bezique.players.search as search
from bezique.deal import Deal
from bezique.players.determinize import action_key
from bezique.players.heuristic import HeuristicPlayer, decide
from bezique.players.observation import Obs
from bezique.players.search import SearchPlayer
from bezique.rules import RuleSet

BUDGETS = {
    "24 samples (base budget, no extension)": {"extra_samples": 0},
    "48 samples": {"samples": 48, "extra_samples": 0},
    "24 + up to 24 for close choices (default)": {},
    "24, no preference for the Любитель's choice": {"extra_samples": 0, "prior_z": None},
    "24, weaker preference (prior_z 0.5)": {"extra_samples": 0, "prior_z": 0.5},
}


def collect(count: int, first_seed: int = 7000, deals: int = 6, shuffle_seed: int = 1,
            with_hidden: bool = False) -> list:
    """Views (with the player's remembered history) where Мастер searched by rollouts; with
    `with_hidden`, also the opponent's true hidden cards (for experiments only)."""
    out = []
    for i in range(deals):
        deal = Deal.new(RuleSet(), i % 2, seed=first_seed + i)
        players = [SearchPlayer(seed=i, time_limit=None, extra_samples=0, lookahead=None),
                   HeuristicPlayer(2)]
        while not deal.is_over:
            seat = deal.to_act
            view = deal.view(seat)
            act = players[seat].choose(view)
            last = players[0].last
            if seat == 0 and last is not None and last.method == "rollouts":
                item = (view, list(players[0]._history))
                if with_hidden:
                    item += ([c for c in deal.hands[1] if c not in view.known[1]],)
                out.append(item)
            deal.apply(act, seat)
    random.Random(shuffle_seed).shuffle(out)
    return out[:count]


def oracle(positions, samples: int) -> list[dict]:
    saved = search.PRUNE_AFTER
    search.PRUNE_AFTER = 10 ** 9                      # value every candidate on every sample
    try:
        values = []
        for view, history in positions:
            p = SearchPlayer(seed=99, samples=samples, time_limit=None, extra_samples=0,
                             prior_z=None, lookahead=None)
            p._history = list(history)
            values.append({action_key(v.action): v.value for v in p.analyse(view).ranked})
        return values
    finally:
        search.PRUNE_AFTER = saved


def value_of(values: dict, act) -> float:
    key = action_key(act)
    if key not in values and key[0] == "play":         # an identical copy of a candidate card
        key = next((k for k in values if k[0] == "play" and k[1].face == act.card.face), key)
    return values.get(key, min(values.values()))


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 70
    samples = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    positions = collect(count)
    values = oracle(positions, samples)
    gain = [max(v.values()) - value_of(v, decide(Obs.from_view(view)))
            for (view, _), v in zip(positions, values)]
    report = {"positions": len(positions), "oracle_samples": samples,
              "gain_over_lyubitel_mean": round(statistics.mean(gain), 2),
              "gain_over_lyubitel_median": round(statistics.median(gain), 2), "regret": {}}
    for name, opts in BUDGETS.items():
        regret, cpu = [], 0.0
        for (view, history), v in zip(positions, values):
            for seed in range(4):
                p = SearchPlayer(seed=1000 + seed, time_limit=None, lookahead=None, **opts)
                p._history = list(history)
                t = time.thread_time()
                best = p.analyse(view).best
                cpu += time.thread_time() - t
                regret.append(max(v.values()) - value_of(v, best))
        report["regret"][name] = {"mean": round(statistics.mean(regret), 2),
                                  "cpu_ms_per_decision": round(1000 * cpu / len(regret))}
        print(name, report["regret"][name], flush=True)
    print(json.dumps(report, ensure_ascii=False))


if __name__ == "__main__":
    main()
