"""The differential check of the simulator against `Deal`: play a deal in both, action by
action, and compare everything the simulator keeps (`bridge.differences`: the legal actions as
multisets, scores, hands, stock, trick, phase, stage, seat to act, tables, known cards, scored
and pending declarations, the re-use bookkeeping, the declaration turn) before every action.

The deals are biased towards the rare rules: besides uniform shuffles, "meldy" shuffles put the
court cards, aces, tens and sevens near the top (so that hands meet sequences, double
beziques, fours, both trump sevens and pending announcements), "plain" ones push the court
cards down (carte blanche); and the choices mix the Любитель, random play, and a collector that
keeps its court cards and declares or announces whatever it can.

Used by tests/players/test_sim_differential.py (a few thousand positions) and by
docs/benchmarks/sim_bench.py (`check` mode: hundreds of thousands). `compare_deal` checks the
Любитель in the simulator (`amateur`) decision by decision the same way
(tests/players/test_sim_amateur.py, `sim_bench.py amateur-check`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ...actions import Announce, Play
from ...deal import Deal, create_deal, deal_cards
from ...melds import Declaration
from ...rules import RuleSet
from ..heuristic import heuristic_action
from ..random_player import random_action
from .amateur import amateur_action
from .bridge import differences, encode_engine, encode_sim, find, from_deal, SimTemplate
from .cards import CARD
from .state import DECLARE, Sim

MODES = ("uniform", "meldy", "plain")
POLICIES = ("random", "heuristic", "collector")
# The collector declares the rarest meld it can first.
RARE = {"two_trump_sevens": 5, "plain_quint": 4, "double_marriage": 3, "double_bezique": 3,
        "sequence": 2}
MELDY = {"K": 0.3, "Q": 0.3, "J": 0.3, "7": 0.25, "A": 0.6, "T": 0.6}


class _BiasedShuffle:
    """A stand-in for `random.Random` in `deal.deal_cards`: its `shuffle` orders the pack by
    random keys, scaled down (towards the top) for the faces the mode favours."""

    def __init__(self, rng: random.Random, mode: str):
        self.rng, self.mode = rng, mode

    def shuffle(self, pack: list) -> None:
        rnd = self.rng.random
        if self.mode == "uniform":
            self.rng.shuffle(pack)
            return
        if self.mode == "meldy":
            keys = {c: rnd() * MELDY.get(c.rank, 1.0) for c in pack}
        else:                                          # plain: court cards at the bottom
            keys = {c: rnd() + (0.8 if c.is_court else 0.0) for c in pack}
        pack.sort(key=keys.__getitem__)


def new_deal(rules: RuleSet, seed: int, mode: str) -> Deal:
    """A deal of `rules` shuffled by `mode` (dealer: seed parity)."""
    rng = random.Random(seed)
    dealer = seed % 2
    hands, turn_up, stock = deal_cards(rules, dealer, _BiasedShuffle(rng, mode))
    return create_deal(rules, dealer, hands, turn_up, stock)


def choose(deal: Deal, policy: str, rng: random.Random):
    """An engine action for the seat to act."""
    acts = deal.legal_actions()
    if policy == "random" or len(acts) == 1:
        return random_action(acts, rng)
    if policy == "heuristic":
        return heuristic_action(deal)
    # collector: declare the rarest or most valuable (or hoard), announce when it can,
    # keep court cards
    decls = [a for a in acts if type(a) is Declaration]
    anns = [a for a in acts if type(a) is Announce]
    if anns and rng.random() < 0.7:
        return rng.choice(anns)
    if decls:
        if rng.random() < 0.15:
            return rng.choice(decls)
        best = max(decls, key=lambda d: (RARE.get(d.meld, 0), d.points, rng.random()))
        if not RARE.get(best.meld) and rng.random() < 0.5:
            return acts[-1]                            # pass: hoard for a rarer meld
        return best
    plays = [a for a in acts if type(a) is Play]
    if not plays:
        return acts[-1]
    low = [a for a in plays if a.card.rank in "98"]
    plain = [a for a in plays if not a.card.is_court and a.card.rank != "7"]
    return rng.choice(low or plain or plays)


@dataclass
class Report:
    positions: int = 0
    deals: int = 0
    from_views: int = 0
    failures: list = field(default_factory=list)
    kinds: dict = field(default_factory=dict)

    def add(self, other: "Report") -> None:
        self.positions += other.positions
        self.deals += other.deals
        self.from_views += other.from_views
        self.failures += other.failures
        for k, v in other.kinds.items():
            self.kinds[k] = self.kinds.get(k, 0) + v


def check_deal(rules: RuleSet, seed: int, mode: str, policy: str, view_every: int = 0) -> Report:
    """Play one deal in the engine and in the simulator side by side and compare them before
    every action. Every `view_every` actions (0: never) a `Sim` is also built from the seat's
    view (`SimTemplate`) with the true hidden cards and compared with the deal."""
    rep = Report(deals=1)
    rng = random.Random(seed * 7919 + 13)
    d = new_deal(rules, seed, mode)
    s: Sim = from_deal(d)
    step = 0
    while True:
        diff = differences(d, s)
        rep.positions += 1
        if diff:
            rep.failures.append((rules.to_spec(), seed, mode, policy, step, diff[:4]))
            return rep
        if view_every and step % view_every == view_every - 1 and not d.is_over:
            problem = _check_view(d)
            rep.from_views += 1
            if problem:
                rep.failures.append((rules.to_spec(), seed, mode, policy, step, problem))
                return rep
        if d.is_over:
            for e in d.log:                  # the automatic scores seen
                name = type(e).__name__
                if name in ("CarteBlancheEvent", "SevenPlayedEvent", "SevenTurnedEvent"):
                    rep.kinds[name] = rep.kinds.get(name, 0) + 1
            return rep
        a = choose(d, policy, rng)
        e = encode_engine(a)
        k = e[0] if len(e) < 3 else f"{e[0]}:{e[1]}"
        rep.kinds[k] = rep.kinds.get(k, 0) + 1
        s.apply(find(s, a))
        d.apply(a)
        step += 1


def _check_view(d: Deal) -> list[str]:
    """A `Sim` from the view of the seat to act, with the true hidden cards and stock order,
    equals the simulator's copy of `Deal.from_view` of the same cards."""
    seat = d.to_act
    view = d.view(seat)
    opp = 1 - seat
    hidden = [c for c in d.hands[opp] if c not in d.known[opp]]
    stock = list(reversed(d.stock))
    tmpl = SimTemplate(view)
    s = tmpl.sim(hidden, stock)
    ref = tmpl.template.deal(hidden, stock)
    return differences(ref, s)


def run(presets, seeds, modes=MODES, policies=POLICIES, view_every: int = 0) -> Report:
    """Every combination of preset, seed, shuffle mode and policy."""
    total = Report()
    for name in presets:
        rules = RuleSet.from_spec(name)
        for seed in seeds:
            for mode in modes:
                for policy in policies:
                    total.add(check_deal(rules, seed, mode, policy, view_every))
    return total


# ---------------------------------------------------------------------- the Любитель's decisions

def decision_kind(s: Sim) -> str:
    """What kind of decision the seat to act has: "declare", "lead" / "follow" (stock phase),
    "last8" (the last eight tricks), or "forced" (one legal card)."""
    if s.stage == DECLARE:
        return "declare"
    plays = s._plays()
    if len(plays) == 1:
        return "forced"
    if s.phase == 2:
        return "last8"
    return "follow" if s.lead >= 0 else "lead"


def compare_deal(rules, seed: int, mode: str, policy: str, view_every: int = 0) -> dict:
    """The Любитель in the simulator (`amateur`) against the engine's: play one deal (shuffle `mode`, chooser `policy`) in the engine, and at
    every decision of the seat to act compare `heuristic_action` (found in the simulator's
    legal actions) with `amateur_action` of the simulator's copy of the deal, by the canonical
    encoding (`bridge.encode_sim`). Every `view_every` decisions (0: never) also a `Sim` built
    from the seat's view with a random choice of the hidden cards (`SimTemplate`) against
    the engine's `Template.deal` of the same cards (`views`). Returns {"decisions", "views",
    "kinds" (decisions by `decision_kind`), "mismatches" [(spec, seed, mode, policy, step,
    engine's, simulator's)]}."""
    rng = random.Random(seed * 7919 + 13)
    hidden_rng = random.Random(seed * 104729 + 7)
    d = new_deal(rules, seed, mode)
    s = from_deal(d)
    n, views, bad, kinds, step = 0, 0, [], {}, 0
    while not d.is_over:
        want = encode_sim(find(s, heuristic_action(d)))
        got = encode_sim(amateur_action(s))
        n += 1
        k = decision_kind(s)
        kinds[k] = kinds.get(k, 0) + 1
        if want != got:
            bad.append((rules.to_spec(), seed, mode, policy, step, want, got))
        if view_every and n % view_every == 0:
            tmpl = SimTemplate(d.view(d.to_act))
            ids = list(tmpl.unseen_ids)
            hidden_rng.shuffle(ids)
            h = tmpl.hidden_count
            ref = tmpl.template.deal([CARD[c] for c in ids[:h]], [CARD[c] for c in ids[h:]])
            sv = tmpl.sim_ids(ids[:h], ids[h:])
            want = encode_sim(find(sv, heuristic_action(ref)))
            got = encode_sim(amateur_action(sv))
            views += 1
            if want != got:
                bad.append((rules.to_spec(), seed, mode, policy, step, want, got, "view"))
        a = choose(d, policy, rng)
        s.apply(find(s, a))
        d.apply(a)
        step += 1
    return {"decisions": n, "views": views, "kinds": kinds, "mismatches": bad}
