"""How fast the practice table answers a click, measured in the kernel (no browser).

`bench(n)` plays `n` legal clicks (a card, or a declaration button, as a learner would) and
times each with `perf_counter` from the click to the redrawn table, the opponent's thinking
time measured apart; it also times refused clicks (a card during the declaration turn, a
greyed card). `python -m bezique.widgets.practice.bench` prints the numbers.
"""

from __future__ import annotations

import statistics
import time

from .scene import disabled_cards
from .table import PracticeTable


def bench(n: int = 40, opponent: str = "heuristic", seed: int = 1) -> dict:
    """Click-to-answer times of the table, in the kernel (no browser): `n` legal clicks (a
    card or a declaration button, as the learner would), each timed with `perf_counter`
    from the click to the redrawn table, with the opponent's thinking time measured apart;
    and refused clicks (a card during the declaration turn, a greyed card). Medians and 95th
    percentiles in milliseconds; `table_*` is the table's own share (click minus opponent)."""
    import random
    rng = random.Random(seed)
    table = PracticeTable(opponent=opponent, seed=seed, coach=False)
    bot_time = [0.0, 0.0]                      # wall, CPU

    def timed(choose):
        def wrapper(view):
            t, c = time.perf_counter(), time.process_time()
            try:
                return choose(view)
            finally:
                bot_time[0] += time.perf_counter() - t
                bot_time[1] += time.process_time() - c
        return wrapper

    clicks, bots, cpu, bot_cpu, refused, refused_cpu = [], [], [], [], [], []
    while len(clicks) < n:
        s = table.session
        if s.deal.is_over:
            table.new_deal()
            continue
        if s.opponent.choose.__name__ != "wrapper":
            s.opponent.choose = timed(s.opponent.choose)
        deal = s.deal
        bad = disabled_cards(deal, s.human)
        wrong = (deal.concealed(s.human)[0] if deal.stage == "declare" and deal.concealed(s.human)
                 else sorted(bad)[0] if bad else None)
        if wrong is not None:
            t, c = time.perf_counter(), time.process_time()
            table.click_card(wrong)
            refused.append((time.perf_counter() - t) * 1000)
            refused_cpu.append((time.process_time() - c) * 1000)
        bot_time[0] = bot_time[1] = 0.0
        w0, c0 = time.perf_counter(), time.process_time()
        if table._decl_buttons:
            button, _ = table._decl_buttons[rng.randrange(len(table._decl_buttons))]
            button.click()
        else:
            legal = [a.card for a in s.legal_actions()]
            table.click_card(legal[rng.randrange(len(legal))])
        clicks.append((time.perf_counter() - w0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        bots.append(bot_time[0] * 1000)
        bot_cpu.append(bot_time[1] * 1000)

    def q(xs, p):
        xs = sorted(xs)
        return round(xs[min(len(xs) - 1, round(p * (len(xs) - 1)))], 2) if xs else 0.0
    own = [c - b for c, b in zip(clicks, bots)]
    out = {"clicks": len(clicks), "click_median_ms": round(statistics.median(clicks), 2),
           "click_p95_ms": q(clicks, 0.95), "opponent_median_ms": round(statistics.median(bots), 2),
           "table_median_ms": round(statistics.median(own), 2), "table_p95_ms": q(own, 0.95),
           "click_cpu_median_ms": round(statistics.median(cpu), 2),
           "table_cpu_median_ms": round(statistics.median([c - b for c, b in zip(cpu, bot_cpu)]), 2),
           "table_cpu_p95_ms": q([c - b for c, b in zip(cpu, bot_cpu)], 0.95)}
    if refused:
        out.update({"refused": len(refused), "refused_median_ms": round(statistics.median(refused), 2),
                    "refused_p95_ms": q(refused, 0.95),
                    "refused_cpu_median_ms": round(statistics.median(refused_cpu), 2)})
    return out


def main() -> None:
    import json

    from ..render.bench import machine
    print(machine())
    for opponent, n in (("random", 40), ("heuristic", 40), ("search", 12)):
        print(opponent, json.dumps(bench(n, opponent), ensure_ascii=False))


if __name__ == "__main__":
    main()
