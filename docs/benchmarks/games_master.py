"""Мастер in whole games (issue 31, part 3): `python -m bezique match --games`, with Мастер as
he was before issue 31 available as a second player.

    .venv/bin/python docs/benchmarks/games_master.py A B GAMES SEED [JOBS] [OUT.jsonl]

A and B: `search` (Мастер as the course now plays him: `search.SearchPlayer()`), `search_before`
(Мастер before issue 31: one step of search over the engine's Любитель playouts, 24 samples or
0.25 s of CPU a decision, a close choice extended by as much again — the settings of
docs/benchmarks/games.md and strength.md), `heuristic` (Любитель), `random` (Новичок). Games
to 1000 under the canonical rules, each game played twice with the seats exchanged on the same
shuffles (`games_match.run_games`). Prints the summary JSON line of `match --games --json`.
"""

from __future__ import annotations

import json
import sys
import time

from bezique.players import match
from bezique.players.games_match import run_games
from bezique.players.search import SearchPlayer
from bezique.rules import RuleSet


def before_issue_31(seed=None):
    """Мастер of docs/benchmarks/games.md (main b1cb730): engine playouts, no lookahead."""
    return SearchPlayer(seed, samples=24, time_limit=0.25, extra_samples=24, extra_time=0.25,
                        simulate=False, lookahead=None)


before_issue_31.title = "Мастер (до задачи 31)"
match.PLAYERS["search_before"] = before_issue_31
match.TITLES["search_before"] = before_issue_31.title


def main(argv: list[str]) -> None:
    a, b, games, seed = argv[0], argv[1], int(argv[2]), int(argv[3])
    jobs = int(argv[4]) if len(argv) > 4 else 2
    out = open(argv[5], "w", encoding="utf-8") if len(argv) > 5 else None
    t0 = time.time()

    def progress(done, res):
        s = res.summary()
        print(f"{done} games: A {s['game_win_rate_a']:.3f} {s['game_ci95']} deals "
              f"{s['deal_win_rate_a']:.3f} ({time.time() - t0:.0f} s)", file=sys.stderr, flush=True)

    res = run_games(a, b, games, seed, RuleSet(), out, {}, progress, jobs=jobs)
    if out is not None:
        out.close()
    print(json.dumps(res.summary(), ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
