"""Мастер: determinized search over the seat's own view.

Phase 1 (the stock is not empty): for each of `samples` random deals consistent with the view
(`determinize.Template.sample`: the unseen cards spread between the opponent's concealed hand
and the stock), every candidate action is played and the deal is played out to its end by the
Любитель's policy for both seats (or at random). The candidate with the best average score
margin wins. All candidates are tried on the same sampled deals (common random numbers), and a
candidate that is clearly worse than the best after a few samples is dropped (successive
pruning), so the budget goes to the close calls.

Phase 2 (the stock is gone): the seat knows the opponent's hand by elimination, and
`endgame.Endgame` solves the rest of the deal exactly.

Budget: `samples` (the number of sampled deals) and `time_limit` (seconds, checked after each
sample; None: no limit). Reproducible with a seed when the time limit does not cut the search
(with `time_limit=None` the result depends only on the view and the seed).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from ..actions import PASS, Announce, Pass, Play
from ..deal import Deal
from ..melds import Declaration
from .determinize import Template, action_key
from .endgame import Endgame, hands_from_view
from .heuristic import Obs, decide, heuristic_action
from .random_player import random_action

DEFAULT_SAMPLES = 64
DEFAULT_TIME_LIMIT = 0.25
PRUNE_AFTER = 4            # samples before a candidate may be dropped
PRUNE_MARGIN = 25.0        # points: drop when worse than the best by this plus 2.5 standard errors


@dataclass
class ActionValue:
    """One candidate action with its estimated value (average score margin for the seat over
    the rest of the deal, relative to the whole deal's margin) and the number of samples."""

    action: object
    value: float
    samples: int
    exact: bool = False


@dataclass
class Analysis:
    """The result of a search: candidates best first, how they were valued, and the cost."""

    ranked: list[ActionValue]
    method: str                      # "forced" | "endgame" | "rollouts"
    samples: int = 0
    elapsed: float = 0.0
    values: dict = field(default_factory=dict)    # action_key -> ActionValue

    @property
    def best(self):
        return self.ranked[0].action

    def value_of(self, action) -> ActionValue | None:
        return self.values.get(action_key(action))


def margin(deal: Deal, seat: int) -> int:
    s = deal.result()["scores"]
    return s[seat] - s[1 - seat]


def playout(deal: Deal, policy: str = "heuristic", rng: random.Random | None = None) -> Deal:
    """Play `deal` to its end, both seats by the given policy."""
    apply = deal.apply
    if policy == "random":
        rng = rng or random.Random(0)
        while deal.stage != "over":
            apply(random_action(deal.legal_actions(), rng))
    else:
        while deal.stage != "over":
            apply(decide(Obs.from_deal(deal, deal.to_act)))
    return deal


def candidates(view) -> list:
    """The actions worth comparing: identical plays once, announcements only when they change
    what may be declared later (`require_card_from_hand`), no pass when a declaration scores."""
    legal = list(view.legal_actions)
    if view.stage == "declare":
        decls = [a for a in legal if type(a) is Declaration]
        out = decls[:]
        if view.rules.require_card_from_hand:
            out += [a for a in legal if type(a) is Announce]
        if not decls:
            out.append(next((a for a in legal if type(a) is Pass), PASS))
        return sorted(out, key=action_key)
    table = view.tables[view.seat]
    scored = view.scored[view.seat]
    seen, out = set(), []
    for a in sorted(legal, key=action_key):
        c = a.card
        k = (c.face, c in table, frozenset(i for i, d in enumerate(scored) if c in d.cards))
        if k not in seen:
            seen.add(k)
            out.append(a)
    return out


class SearchPlayer:
    """Мастер. `samples` and `time_limit` bound each decision; `rollout` is "heuristic" or
    "random"; `endgame=False` plays phase 2 by rollouts too (for comparison)."""

    name = "search"
    title = "Мастер"

    def __init__(self, seed: int | None = None, samples: int = DEFAULT_SAMPLES,
                 time_limit: float | None = DEFAULT_TIME_LIMIT, rollout: str = "heuristic",
                 endgame: bool = True):
        self.seed = seed
        self.rng = random.Random(seed)
        self.samples = samples
        self.time_limit = time_limit
        self.rollout = rollout
        self.endgame = endgame
        self._solver: Endgame | None = None
        self._solver_key = None
        self.last: Analysis | None = None

    def choose(self, view):
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        analysis = self.analyse(view)
        self.last = analysis
        best = analysis.best
        want = action_key(best)
        for a in legal:
            if action_key(a) == want:
                return a
        return best

    # -------------------------------------------------------------- analysis
    def analyse(self, view, samples: int | None = None, time_limit: float | None | str = "default",
                rng: random.Random | None = None) -> Analysis:
        """Value every candidate action of the view's seat (the seat must be to act)."""
        t0 = time.perf_counter()
        cands = candidates(view)
        if len(cands) == 1:
            av = ActionValue(cands[0], 0.0, 0, True)
            return Analysis([av], "forced", 0, time.perf_counter() - t0, {action_key(cands[0]): av})
        if view.phase == 2 and self.endgame and view.stage == "play" and view.rules.players == 2:
            return self._endgame(view, cands, t0)
        samples = self.samples if samples is None else samples
        limit = self.time_limit if time_limit == "default" else time_limit
        rng = rng or random.Random(self.rng.getrandbits(64))
        return self._rollouts(view, cands, samples, limit, rng, t0)

    def _endgame(self, view, cands, t0) -> Analysis:
        key = (view.rules, view.trump, view.dealer)
        if self._solver is None or self._solver_key != key or len(self._solver.tt) > 400_000:
            self._solver = Endgame(view.rules, view.trump)
            self._solver_key = key
        mine, theirs = hands_from_view(view)
        lead = view.trick[0][1] if view.trick else None
        by_face = {c.face: v for c, v in self._solver.move_values(mine, theirs, lead).items()}
        vals = [ActionValue(a, float(by_face[a.card.face]), 0, True) for a in cands]
        vals.sort(key=lambda av: (-av.value, action_key(av.action)))
        return Analysis(vals, "endgame", 0, time.perf_counter() - t0,
                        {action_key(av.action): av for av in vals})

    def _rollouts(self, view, cands, samples, limit, rng, t0) -> Analysis:
        me = view.seat
        tmpl = Template(view)
        rows: list[dict] = []                         # per sample: candidate index -> margin
        alive = list(range(len(cands)))
        policy = self.rollout
        n = 0
        while n < samples and len(alive) > 1:
            base = tmpl.sample(rng)
            seed = rng.getrandbits(32)
            row = {}
            for i in alive:
                d = base.clone()
                d.apply(cands[i], me)
                playout(d, policy, random.Random(seed) if policy == "random" else None)
                row[i] = margin(d, me)
            rows.append(row)
            n += 1
            if n >= PRUNE_AFTER:
                alive = _prune(alive, rows)
            if limit is not None and time.perf_counter() - t0 >= limit:
                break
        vals = []
        for i, a in enumerate(cands):
            got = [r[i] for r in rows if i in r]
            vals.append(ActionValue(a, sum(got) / len(got) if got else float("-inf"), len(got)))
        # Survivors first (they have the most samples), then by value.
        vals.sort(key=lambda av: (-(av.samples == n), -av.value, action_key(av.action)))
        return Analysis(vals, "rollouts", n, time.perf_counter() - t0,
                        {action_key(av.action): av for av in vals})


def _prune(alive: list[int], rows: list[dict]) -> list[int]:
    """Drop candidates clearly worse than the current best, judged on paired differences
    (the same sampled deals), so that luck common to all candidates cancels out."""
    live_rows = [r for r in rows if all(i in r for i in alive)]
    n = len(live_rows)
    if n < PRUNE_AFTER:
        return alive
    means = {i: sum(r[i] for r in live_rows) / n for i in alive}
    best = max(alive, key=lambda i: (means[i], -i))
    keep = []
    for i in alive:
        if i == best:
            keep.append(i)
            continue
        diffs = [r[best] - r[i] for r in live_rows]
        md = sum(diffs) / n
        var = sum((x - md) ** 2 for x in diffs) / max(1, n - 1)
        se = math.sqrt(var / n)
        if md <= PRUNE_MARGIN + 2.5 * se:
            keep.append(i)
    return keep
