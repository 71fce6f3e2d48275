"""Мастер in whole games (issue 31, part 3): `python -m bezique match --games`, with Мастер as
he was before issue 31 available as a second player.

    .venv/bin/python docs/benchmarks/games_master.py A B GAMES SEED [JOBS] [OUT.jsonl] [FIRST]
    .venv/bin/python docs/benchmarks/games_master.py pool RECORDS.jsonl [RECORDS.jsonl ...]
    .venv/bin/python docs/benchmarks/games_master.py paired X.jsonl Y.jsonl

A and B: `search` (Мастер as the course now plays him: `search.SearchPlayer()`), `search_before`
(Мастер before issue 31: one step of search over the engine's Любитель playouts, 24 samples or
0.25 s of CPU a decision, a close choice extended by as much again — the settings of
docs/benchmarks/games.md and strength.md), `heuristic` (Любитель), `random` (Новичок). Games
to 1000 under the canonical rules, each game played twice with the seats exchanged on the same
shuffles (`games_match.run_games`); FIRST numbers the games from there (game i's shuffles come
from SEED and i), so that a match stopped after k games goes on with FIRST = k. Prints the
summary JSON line of `match --games --json`.

`pool` rebuilds the games from the deal records that runs wrote (OUT.jsonl: every deal replayed
and added up as `Game` does; a game whose deals are not all in the file is left out) and prints
the summary of them all — the decision times are not in the records and are left out.

`paired` compares two matches played on the same shuffles (the same SEED and game numbers)
by two players against the same opponent, e.g. `search` and `search_before` against
`heuristic`: the difference of the first player's share of won games (and of won deals) game by
game, with a 95 % interval over the games both matches played.
"""

from __future__ import annotations

import json
import sys
import time
from statistics import mean

from bezique.game import Game
from bezique.players import match
from bezique.players.games_match import GamesResult, a_side, run_games
from bezique.players.match import a_outcome, ci95
from bezique.record import parse_record, replay
from bezique.players.search import SearchPlayer
from bezique.rules import RuleSet


def before_issue_31(seed=None):
    """Мастер of docs/benchmarks/games.md (main b1cb730): engine playouts, no lookahead."""
    return SearchPlayer(seed, samples=24, time_limit=0.25, extra_samples=24, extra_time=0.25,
                        simulate=False, lookahead=None)


before_issue_31.title = "Мастер (до задачи 31)"
match.PLAYERS["search_before"] = before_issue_31
match.TITLES["search_before"] = before_issue_31.title


def pooled(paths: list[str]) -> GamesResult:
    """The games of the records in `paths` (see the module doc)."""
    groups: dict = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                rec = json.loads(line)
                g = rec["game"]
                groups.setdefault(g["index"], {}).setdefault(g["arrangement"], {})[g["deal"]] = rec
    first = next(iter(next(iter(groups.values())).values()))[0]
    res = None
    for index in sorted(groups):
        played = []
        for arrangement, deals in sorted(groups[index].items()):
            recs = [deals[j] for j in sorted(deals)]
            if res is None:
                a, b = first["players"][0], first["players"][1]
                if recs[0]["players"][0] != a:
                    a, b = b, a
                parsed = parse_record(first)
                res = GamesResult(a, b, parsed.rules)
            game = Game(res.rules, first_dealer=recs[0]["dealer"])
            sides = ["A" if p == res.a else "B" for p in recs[0]["players"]]
            mine = a_side(res.rules, sides)
            deal_wins = []
            for j, rec in enumerate(recs):
                outcome = replay(parse_record(rec))
                if rec["game"]["deal"] != j or rec["game"]["totals_before"] != game.totals \
                        or not outcome.ok:
                    raise SystemExit(f"game {index}, arrangement {arrangement}, deal {j}: "
                                     f"the records do not add up ({outcome.error})")
                game.start_deal(outcome.deal)
                game.finish_deal()
                deal_wins.append(a_outcome(rec["result"]["scores"], sides)[0])
            if not game.is_over:
                break                                    # a game cut off: not in the file whole
            played.append({"index": index, "arrangement": arrangement,
                           "seat_a": sides.index("A"), "win": float(game.winner == mine),
                           "deals": len(game.history), "deal_wins": deal_wins,
                           "totals": list(game.totals), "winner": game.winner,
                           "capped": False})
        if len(played) == 2:
            res.games.extend(played)
            res.groups += 1
    return res


def paired(x_path: str, y_path: str) -> dict:
    """See the module doc."""
    x, y = pooled([x_path]), pooled([y_path])
    if x.b != y.b or x.rules != y.rules:
        raise SystemExit("the two matches are not against the same opponent under the same rules")
    out = {"x": x.a, "y": y.a, "opponent": x.b}
    for key in ("win", "deal_wins"):
        gx, gy = x.per_game(key), y.per_game(key)
        both = sorted(set(gx) & set(gy))
        diff = [gx[i] - gy[i] for i in both]
        name = "games" if key == "win" else "deals"
        out[f"{name}_x"] = round(mean(gx[i] for i in both), 4)
        out[f"{name}_y"] = round(mean(gy[i] for i in both), 4)
        out[f"{name}_difference"] = round(mean(diff), 4)
        out[f"{name}_difference_ci95"] = [round(v, 4) for v in ci95(diff)]
    out["games"] = len(both)
    return out


def main(argv: list[str]) -> None:
    if argv[0] == "paired":
        print(json.dumps(paired(argv[1], argv[2]), ensure_ascii=False), flush=True)
        return
    if argv[0] == "pool":
        s = pooled(argv[1:]).summary()
        for k in ("decision_ms", "decision_ms_nontrivial", "decision_cpu_ms"):
            s.pop(k)
        print(json.dumps(s, ensure_ascii=False), flush=True)
        return
    a, b, games, seed = argv[0], argv[1], int(argv[2]), int(argv[3])
    jobs = int(argv[4]) if len(argv) > 4 else 2
    out = open(argv[5], "w", encoding="utf-8") if len(argv) > 5 else None
    first = int(argv[6]) if len(argv) > 6 else 0
    t0 = time.time()

    def progress(done, res):
        s = res.summary()
        print(f"{done} games: A {s['game_win_rate_a']:.3f} {s['game_ci95']} deals "
              f"{s['deal_win_rate_a']:.3f} ({time.time() - t0:.0f} s)", file=sys.stderr, flush=True)

    res = run_games(a, b, games, seed, RuleSet(), out, {}, progress, jobs=jobs, first=first)
    if out is not None:
        out.close()
    print(json.dumps(res.summary(), ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
