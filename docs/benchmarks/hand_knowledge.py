"""What would knowing the opponent's hand be worth to Мастер's search?

On 40 positions from Мастер-vs-Любитель deals, every candidate action is valued twice with 200
sampled deals (no pruning, no preference for the Любитель's choice): by the honest search (the
opponent's hidden cards sampled from Мастер's view, with its opponent model) and by a search
that is given the opponent's true hidden cards (only the stock order left random). Printed,
in points of the deal margin per decision: how much each oracle's best candidate beats the
Любитель's own choice, and how much the honest best loses when valued by the informed oracle.
An experiment, not a player: the true cards are put in by replacing `Template.deal` and
`Draws.split` for the run. Usage (a few minutes of one core):

    .venv/bin/python docs/benchmarks/hand_knowledge.py
"""

from __future__ import annotations

import statistics

import bezique.players.search as search
from bezique.players.determinize import Template, action_key
from bezique.players.heuristic import Obs, decide
from bezique.players.search import Draws, SearchPlayer
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
                     opponent_model=hidden is None)
    p._history = list(history)
    return {action_key(v.action): v.value for v in p.analyse(view).ranked}


def _key(vals: dict, act):
    key = action_key(act)
    if key in vals:
        return key
    return next((k for k in vals if k[0] == "play" and key[0] == "play"
                 and k[1].face == act.card.face), None)


def main() -> None:
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
