"""The search simulator (issue 31, `bezique.players.sim`): is it equal to `Deal`, and how fast?

    .venv/bin/python docs/benchmarks/sim_bench.py check [seeds]      # differential check
    .venv/bin/python docs/benchmarks/sim_bench.py amateur-check [seeds]  # the Любитель's port
    .venv/bin/python docs/benchmarks/sim_bench.py speed [positions] [runs] [samples]

`check`: for every preset the simulator serves (canonical, the seven seed presets, no-trump),
`seeds` deals (default 60) in each of the three shuffle modes and three choosers of
`sim.check` — every position compared with the engine before every action, and every fifth
position also rebuilt from the seat's view (`SimTemplate`); one JSON line.

`amateur-check`: the same deals (every served preset, `seeds` deals in each shuffle mode and
chooser, default 60), and at every decision of the seat to act the simulator's Любитель
(`sim.amateur.amateur_action`) against the engine's (`heuristic.heuristic_action`); every
fifth decision also from the seat's view with random hidden cards (`SimTemplate` against
`Template.deal`); one JSON line with the decisions by kind and the mismatches.

`speed`: positions where the Любитель is to choose in Любитель-vs-Любитель deals of the
canonical game (a random moment of each deal, both phases); from each, the seat's view, as the
search sees it. Timed in CPU seconds (`time.process_time`), `runs` times over the same positions
and shuffles; medians with the smallest and largest run:

* "sample": what one sample of `search.SearchPlayer._rollouts` costs — the unseen cards dealt
  into a state (`Template.deal` → `Deal.from_view`, or `SimTemplate.sim_ids`) and played out;
* "playout": a playout alone from a prepared state (clone + play to the end);

for the same random policy (the Новичок's: `search.playout(deal, "random")` against
`sim.playout.random_playout`), and for what the search plays today (the Любитель with the
search's face count, `playout(deal, "heuristic")`) against the simulator's greedy policy — a
different, simpler policy, so that ratio is the gain in playouts, not in equal playouts; and,
like for like, the engine's Любитель against the simulator's (`sim.amateur.amateur_playout`:
the same policy, decision for decision — `amateur-check`).
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

from bezique.bench import machine
from bezique.deal import Deal
from bezique.players.determinize import Template
from bezique.players.heuristic import heuristic_action
from bezique.players.search import playout
from bezique.players.sim import SimTemplate
from bezique.players.sim.amateur import amateur_playout
from bezique.players.sim.check import compare_deal
from bezique.players.sim.cards import cid
from bezique.players.sim.check import MODES, POLICIES, run
from bezique.players.sim.playout import greedy_playout, random_playout
from bezique.rules import STANDARD_PRESETS, RuleSet

SERVED = (*STANDARD_PRESETS, "no_trump")


def check(seeds: int) -> dict:
    t0 = time.process_time()
    rep = run(SERVED, range(seeds), view_every=5)
    return {"presets": list(SERVED), "seeds": seeds, "deals": rep.deals,
            "positions": rep.positions, "from_views": rep.from_views,
            "failures": rep.failures[:5], "n_failures": len(rep.failures),
            "kinds": dict(sorted(rep.kinds.items())),
            "cpu_s": round(time.process_time() - t0, 1)}


def amateur_check(seeds: int, view_every: int = 5) -> dict:
    t0 = time.process_time()
    decisions = views = 0
    kinds: dict = {}
    bad: list = []
    deals = 0
    for name in SERVED:
        rules = RuleSet.from_spec(name)
        for seed in range(seeds):
            for mode in MODES:
                for policy in POLICIES:
                    r = compare_deal(rules, seed, mode, policy, view_every)
                    deals += 1
                    decisions += r["decisions"]
                    views += r["views"]
                    bad += r["mismatches"]
                    for k, v in r["kinds"].items():
                        kinds[k] = kinds.get(k, 0) + v
    return {"presets": list(SERVED), "seeds": seeds, "deals": deals, "decisions": decisions,
            "kinds": dict(sorted(kinds.items())), "from_views": views,
            "mismatches": bad[:10], "n_mismatches": len(bad),
            "cpu_s": round(time.process_time() - t0, 1)}


def positions(n: int, seed: int = 2026) -> list:
    """(view, played faces) at a random decision of the seat to act, `n` deals."""
    rules = RuleSet()
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        d = Deal.new(rules, len(out) % 2, seed=rng.getrandbits(32))
        stop = rng.randrange(0, 70)
        for _ in range(stop):
            if d.is_over:
                break
            d.apply(heuristic_action(d))
        if d.is_over or d.stage != "play" or len(d.legal_actions()) < 2:
            continue
        view = d.view(d.to_act)
        played: dict = {}
        for c in view.played:
            played[c.face] = played.get(c.face, 0) + 1
        out.append((view, played))
    return out


def speed(npos: int, runs: int, samples: int) -> dict:
    pos = positions(npos)
    prepared = []
    for i, (view, played) in enumerate(pos):
        tmpl, stmpl = Template(view), SimTemplate(view)
        rng = random.Random(i)
        shuffles = []
        for _ in range(samples):
            cards = list(tmpl.unseen)
            rng.shuffle(cards)
            h = tmpl.hidden_count
            shuffles.append((cards[:h], cards[h:], [cid(c) for c in cards[:h]],
                             [cid(c) for c in cards[h:]]))
        base = tmpl.deal(shuffles[0][0], shuffles[0][1])
        prepared.append((tmpl, stmpl, played, shuffles, base, stmpl.sim(shuffles[0][0],
                                                                          shuffles[0][1])))
    total = npos * samples

    def engine_sample(policy):
        for tmpl, _, played, shuffles, _, _ in prepared:
            for k, (hid, stock, _, _) in enumerate(shuffles):
                d = tmpl.deal(hid, stock)
                d._played_faces = dict(played)
                playout(d, policy, random.Random(k))

    def sim_sample(policy):
        for _, stmpl, _, shuffles, _, _ in prepared:
            for k, (_, _, hid, stock) in enumerate(shuffles):
                s = stmpl.sim_ids(hid, stock)
                if policy == "random":
                    random_playout(s, random.Random(k))
                elif policy == "amateur":
                    amateur_playout(s)
                else:
                    greedy_playout(s)

    def engine_playout(policy):
        for _, _, played, shuffles, base, _ in prepared:
            for k in range(len(shuffles)):
                d = base.clone()
                d._played_faces = dict(played)
                playout(d, policy, random.Random(k))

    def sim_playout(policy):
        for _, _, _, shuffles, _, s0 in prepared:
            for k in range(len(shuffles)):
                if policy == "random":
                    random_playout(s0.clone(), random.Random(k))
                elif policy == "amateur":
                    amateur_playout(s0.clone())
                else:
                    greedy_playout(s0.clone())

    cases = {
        "sample, random policy: engine": lambda: engine_sample("random"),
        "sample, random policy: simulator": lambda: sim_sample("random"),
        "playout, random policy: engine": lambda: engine_playout("random"),
        "playout, random policy: simulator": lambda: sim_playout("random"),
        "sample, engine Любитель (today's search)": lambda: engine_sample("heuristic"),
        "sample, simulator greedy": lambda: sim_sample("greedy"),
        "playout, engine Любитель (today's search)": lambda: engine_playout("heuristic"),
        "playout, simulator greedy": lambda: sim_playout("greedy"),
        "sample, simulator Любитель (amateur)": lambda: sim_sample("amateur"),
        "playout, simulator Любитель (amateur)": lambda: sim_playout("amateur"),
    }
    rates: dict = {k: [] for k in cases}
    for _ in range(runs):
        for name, fn in cases.items():            # interleaved: load changes hit all alike
            t = time.process_time()
            fn()
            rates[name].append(total / (time.process_time() - t))
    out = {"machine": machine(), "positions": npos, "samples": samples,
           "runs": runs, "playouts_per_s": {}}
    for name, r in rates.items():
        out["playouts_per_s"][name] = {"median": round(statistics.median(r)),
                                       "min": round(min(r)), "max": round(max(r))}
    med = {k: statistics.median(v) for k, v in rates.items()}
    out["ratios"] = {
        "sample, random": round(med["sample, random policy: simulator"]
                                / med["sample, random policy: engine"], 2),
        "playout, random": round(med["playout, random policy: simulator"]
                                 / med["playout, random policy: engine"], 2),
        "sample, greedy sim / Любитель engine": round(
            med["sample, simulator greedy"] / med["sample, engine Любитель (today's search)"], 2),
        "playout, greedy sim / Любитель engine": round(
            med["playout, simulator greedy"] / med["playout, engine Любитель (today's search)"],
            2),
        "sample, amateur sim / Любитель engine": round(
            med["sample, simulator Любитель (amateur)"]
            / med["sample, engine Любитель (today's search)"], 2),
        "playout, amateur sim / Любитель engine": round(
            med["playout, simulator Любитель (amateur)"]
            / med["playout, engine Любитель (today's search)"], 2),
    }
    return out


def main(argv: list[str]) -> None:
    mode = argv[0] if argv else "speed"
    if mode == "check":
        print(json.dumps(check(int(argv[1]) if len(argv) > 1 else 60), ensure_ascii=False,
                         default=str))
    elif mode == "amateur-check":
        print(json.dumps(amateur_check(int(argv[1]) if len(argv) > 1 else 60),
                         ensure_ascii=False, default=str))
    elif mode == "speed":
        npos = int(argv[1]) if len(argv) > 1 else 40
        runs = int(argv[2]) if len(argv) > 2 else 5
        samples = int(argv[3]) if len(argv) > 3 else 8
        print(json.dumps(speed(npos, runs, samples), ensure_ascii=False, indent=1))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
