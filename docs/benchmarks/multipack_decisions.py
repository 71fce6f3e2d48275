"""The Любитель's decision times in the multi-pack games (issue 30): CPU time of each choose()
in whole deals against the Новичок; medians, p95 and max per game. Run from the repository root:
`.venv/bin/python docs/benchmarks/multipack_decisions.py [deals]`."""
import random, statistics, sys, time
from bezique.deal import Deal
from bezique.rules import RuleSet
from bezique.players.heuristic import HeuristicPlayer
from bezique.players.random_player import RandomPlayer

deals = int(sys.argv[1]) if len(sys.argv) > 1 else 6
for preset in ("canonical", "rubicon", "six_pack", "eight_pack"):
    times = []
    for i in range(deals):
        d = Deal.new(RuleSet.preset(preset), dealer=i % 2, seed=100 + i)
        players = [HeuristicPlayer(seed=i), RandomPlayer(i)]
        while not d.is_over:
            seat = d.to_act
            view = d.view(seat)
            t0 = time.process_time()
            a = players[seat].choose(view)
            dt = time.process_time() - t0
            if seat == 0:
                times.append(dt * 1000)
            d.apply(a)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"{preset:12s} decisions {len(times):5d}  median {statistics.median(times):6.2f} ms"
          f"  p95 {p95:6.2f} ms  max {times[-1]:7.2f} ms")
