"""What would knowing the opponent's hand be worth to Мастер's search?

(Мастер's one-step search as it was before issue 31: every player here has `lookahead=None`.)

On 40 positions from Мастер-vs-Любитель deals, every candidate action is valued twice with 200
sampled deals (no pruning, no preference for the Любитель's choice): by the honest search (the
opponent's hidden cards sampled from Мастер's view, with its opponent model) and by a search
that is given the opponent's true hidden cards (only the stock order left random). Printed,
in points of the deal margin per decision: how much each oracle's best candidate beats the
Любитель's own choice, and how much the honest best loses when valued by the informed oracle.

With `match N`, the same question in games: N deals, each played twice with the seats exchanged,
by the honest Мастер against the Любитель and by an informed Мастер (shown the opponent's hidden
cards at every decision, nothing else) against the Любитель — both with the same fixed budget
(24 samples, no time limit, no extension), the same shuffles and the same seeds, on two
processes. It prints both win rates and their paired difference: an upper bound on what any
reading of the opponent's hand could add to this search.

An experiment, not a player: the true cards are put in by replacing `Template.deal` and
`Draws.split` for the run. Usage (a few minutes of one core; `match 100`: about half an hour
of two cores):

    .venv/bin/python docs/benchmarks/hand_knowledge.py [match N]
"""

from __future__ import annotations

import math
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor

import bezique.players.search as search
from bezique.deal import Deal
from bezique.players.determinize import Template, action_key
from bezique.players.heuristic import HeuristicPlayer, decide
from bezique.players.observation import Obs
from bezique.players.match import MatchResult, deal_seed
from bezique.players.search import Draws, SearchPlayer
from bezique.rules import RuleSet
from search_ceiling import collect            # the same directory: docs/benchmarks/

TRUE: dict = {}                       # "hidden": the opponent's true hidden cards, when given
_deal, _split = Template.deal, Draws.split.__func__


def _informed_deal(self, hidden, stock):
    if "hidden" not in TRUE:
        return _deal(self, hidden, stock)
    true = set(TRUE["hidden"])
    TRUE["stock"] = [c for c in list(hidden) + list(stock) if c not in true]
    return _deal(self, TRUE["hidden"], TRUE["stock"])


def _informed_split(cls, cards, me):
    return _split(cls, TRUE["stock"] if "hidden" in TRUE else cards, me)


def values(view, history, hidden=None) -> dict:
    TRUE.clear()
    if hidden is not None:
        TRUE["hidden"] = hidden
    p = SearchPlayer(seed=5, samples=200, time_limit=None, extra_samples=0, prior_z=None,
                     opponent_model=hidden is None, lookahead=None)
    p._history = list(history)
    return {action_key(v.action): v.value for v in p.analyse(view).ranked}


def _key(vals: dict, act):
    key = action_key(act)
    if key in vals:
        return key
    return next((k for k in vals if k[0] == "play" and key[0] == "play"
                 and k[1].face == act.card.face), None)


def _hidden(deal, seat: int) -> list:
    """The opponent's cards the seat does not know of (what the informed Мастер is shown)."""
    opp = 1 - seat
    return [c for c in deal.hands[opp] if c not in deal.known[opp]]


def _pair(i: int, informed: bool, seed: int = 2024) -> list[int]:
    """Deal `i` played twice (Мастер in seat 0, then 1) against the Любитель: Мастер's margins.
    The shuffle and Мастер's seed are derived as in `match._play_pair`, so the deals are those of
    `python -m bezique match search heuristic --seed 2024`."""
    Template.deal, Draws.split = _informed_deal, classmethod(_informed_split)
    s = deal_seed(seed, i)
    margins = []
    for seat in (0, 1):
        deal = Deal.new(RuleSet(), i % 2, seed=s)
        master = SearchPlayer(seed=random.Random(f"{s}:{seat}:A").getrandbits(32),
                              time_limit=None, extra_samples=0, opponent_model=not informed,
                              lookahead=None)
        lyubitel = HeuristicPlayer(0)
        while not deal.is_over:
            who = deal.to_act
            view = deal.view(who)
            TRUE.clear()
            if who == seat and informed:
                TRUE["hidden"] = _hidden(deal, seat)
            act = master.choose(view) if who == seat else lyubitel.choose(view)
            deal.apply(act, who)
        sc = deal.result()["scores"]
        margins.append(sc[seat] - sc[1 - seat])
    return margins


def _mean_ci(xs: list[float]) -> str:
    mu = statistics.mean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return f"{mu:+.3f} (95 % CI {mu - h:+.3f}…{mu + h:+.3f})"


def match(deals: int) -> None:
    jobs = [(i, informed) for i in range(deals) for informed in (False, True)]
    with ProcessPoolExecutor(2) as pool:
        got = list(pool.map(_pair, *zip(*jobs)))
    results = {}
    for name, pairs in (("honest", got[0::2]), ("informed", got[1::2])):
        res = MatchResult("search", "heuristic", RuleSet(), deals)
        res.games = [(i, seat, m) for i, pair in enumerate(pairs) for seat, m in enumerate(pair)]
        results[name] = res.pair_scores()             # per deal: (win shares, margins)
    print(f"{deals} paired deals against the Любитель, 24 samples a decision:")
    for name, (w, m) in results.items():
        print(f"  {name} Мастер: win rate {statistics.mean(w):.3f}, margin {statistics.mean(m):+.1f}")
    (wh, mh), (wi, mi) = results["honest"], results["informed"]
    print(f"  informed minus honest: win rate {_mean_ci([b - a for a, b in zip(wh, wi)])}, "
          f"margin {_mean_ci([b - a for a, b in zip(mh, mi)])}")


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "match":
        match(int(sys.argv[2]))
        return
    Template.deal, Draws.split = _informed_deal, classmethod(_informed_split)
    search.PRUNE_AFTER = 10 ** 9
    gain_honest, gain_informed, lost = [], [], []
    for view, history, hidden in collect(40, first_seed=8000, deals=4, shuffle_seed=2,
                                         with_hidden=True):
        honest, informed = values(view, history), values(view, history, hidden)
        lyubitel = decide(Obs.from_view(view))
        k1, k2 = _key(honest, lyubitel), _key(informed, lyubitel)
        if k1 is None or k2 is None:
            continue
        gain_honest.append(max(honest.values()) - honest[k1])
        gain_informed.append(max(informed.values()) - informed[k2])
        lost.append(max(informed.values()) - informed[max(honest, key=honest.get)])
    print(f"positions {len(lost)}; best over the Любитель's choice: honest "
          f"{statistics.mean(gain_honest):.2f}, knowing the hand {statistics.mean(gain_informed):.2f}; "
          f"the honest choice loses {statistics.mean(lost):.2f} by the informed values")


if __name__ == "__main__":
    main()
