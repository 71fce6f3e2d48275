"""Мастер: determinized search over the seat's own view.

Phase 1 (the stock is not empty). For each of `samples` random deals consistent with the view
(`determinize.Template`: the unseen cards spread at random between the opponent's concealed
hand and the stock), every candidate action is played and the deal is played out to its end by
the Любитель's policy for both seats (or at random). The candidate with the best average score
margin is chosen. On request (`lookahead`, off by default), two-handed, the searcher's own next
`lookahead[1]` stock-phase plays in each sampled deal branch over the Любитель's
`lookahead[0]` best choices and the best branch counts; measured in whole games it gained
nothing (below), so Мастер does not use it. Two-handed, the
sampled deals are played in the search simulator (`sim_rollouts.SimSampler`: the same deals and
the same Любитель, decision for decision, about three times faster); other rules, and
`simulate=False`, play them on the engine (`EngineSampler`, no lookahead). Four things make a
small budget go far:

* common random numbers: all candidates are tried on the same sampled deals;
* coupled draws (`Draws`): each seat receives the same stock cards whoever wins the tricks (from
  the seat's knowledge the stock order is random, so this changes no probability), so that the
  difference between two candidates is not drowned by who happened to draw which card;
* candidates: the `max_candidates` plays the Любитель values most, and a candidate clearly worse
  than the best after a few samples is dropped (paired differences);
* the Любитель's own choice is kept unless another candidate beats it by `prior_z` standard
  errors of the paired difference (plus `prior_margin` points): with few samples, chasing a
  noisy maximum costs more than it gains.

Phase 2 (the stock is gone): the seat knows the opponent's hand by elimination, and
`endgame.Endgame` solves the rest of the deal exactly.

Three and four seats: the unseen cards are spread over every other seat's concealed hand (each
keeps the cards it is known to hold and its hand size) and the stock; every seat of a playout,
the partner's included, plays as the Любитель, and the coupled draws give each seat its own
stream. The value is the score margin of the seat's side (four-handed: the partnership's joint
score, the partner's points counted) over the other side, or, three-handed, over the mean of
the other two players. The last eight are sampled too (the cards a seat has not seen may be in
either of the other hands), the exact solver being for two. Of the multi-pack games Rubicon is
searched (engine playouts, the exact solver for its last nine tricks); the six- and eight-pack
games and the many-pack game with infusorkas are played as the Любитель (`strongest_level`).

Budget: `samples` (sampled deals per decision) and `time_limit` (seconds of the thread's CPU
time, checked after each sample; None: no limit). CPU time rather than wall-clock time, so that
the strength does not depend on what else a shared machine is doing; in the browser, which has
no CPU clock, the kernel's own wall time (`clock.thinking_time`). When the base budget is
spent and the choice is still open — the best candidate and its closest rival are not separated
and their paired difference is still noisy (`EXTEND_SE`) — the search goes on for up to
`extra_samples` more samples and `extra_time` more seconds (by default as many again as the
base budget). The CPU budget does not bound the wait on a busy machine (a decision of 0.8 CPU
seconds took 11.5 s of wall time while other processes shared the two cores), so `wall_limit`
(seconds of wall time, None: none) is a hard deadline on top: checked after each sample, at
every move of a playout and every 1024 nodes of the endgame solver. A search the deadline
stops is marked `Analysis.cut_short`; with no sample done by then, its choice is the
Любитель's (an unfinished endgame: the sampled search of the last eight instead).

Measured against a 400-sample oracle, neither the extension nor twice the samples changes the
quality of the choices much (docs/benchmarks/strength.md): one step of search over the
Любитель's playouts is near its ceiling at this budget, and more samples in the simulator's
time do not help either. The lookahead raised the margin on paired deals (+13 points, inside
the interval) but gained nothing in whole games: 65.0 % of games against the Любитель (100
pairs), 51.5 % (43.2–59.8) against Мастер without it (67 pairs) — docs/benchmarks/games.md;
so it is off (`DEFAULT_LOOKAHEAD`), and the search plays as before issue 31, in a third of the
time. With
`time_limit=None` a decision depends only on the view and the seed, so seeded runs are
reproducible; when the time limit cuts a search short, the result depends on the speed of the
machine.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Callable

from ..actions import PASS, Announce, Pass, Play
from ..deal import Deal
from ..melds import Declaration
from .clock import thinking_time
from .determinize import Template, action_key
from .endgame import Endgame, hands_from_view
from .heuristic import decide, play_scores
from .observation import Obs
from .infer import LastMoveFilter, PreviousMoveFilter
from .random_player import random_action
from .sim import supports as sim_supports
from .sim.playout import arrange_pair
from .sim_rollouts import SimSampler
from ..tricks import winning_index

DEFAULT_SAMPLES = 24
DEFAULT_TIME_LIMIT = 0.25
# No lookahead inside the sampled deals: (3, 2) — the searcher's next two stock-phase plays
# over the Любитель's three best choices, `sim_rollouts.lookahead_value` — showed no gain in
# whole games (docs/benchmarks/games.md); it stays an option for experiments.
DEFAULT_LOOKAHEAD = None
EXTEND_SE = 6.0            # points: an open choice gets more samples while its standard error exceeds this
FILTER_TRIES = 30          # samples tried for one that fits the opponent's last move
PRUNE_AFTER = 4            # samples before a candidate may be dropped
PRUNE_MARGIN = 10.0        # points: drop when worse than the best by this plus PRUNE_Z standard errors
PRUNE_Z = 2.0


def wall_clock() -> float:
    """The wall clock of the `wall_limit` deadline (seconds; tests may replace it)."""
    return time.perf_counter()


class OutOfTime(Exception):
    """The search's wall-clock deadline has passed (raised inside a playout or the endgame
    solver, caught by `SearchPlayer.analyse`)."""


def deadline_check(stop_at: float | None, think_until: float | None = None
                   ) -> Callable[[], None] | None:
    """A function that raises `OutOfTime` once `wall_clock()` reaches `stop_at`, or
    `thinking_time()` reaches `think_until` (None: no such deadline; neither: no function)."""
    if stop_at is None and think_until is None:
        return None

    def check() -> None:
        if ((stop_at is not None and wall_clock() >= stop_at)
                or (think_until is not None and thinking_time() >= think_until)):
            raise OutOfTime
    return check


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
    cut_short: bool = False          # the wall-clock deadline stopped it before its budget

    @property
    def best(self):
        return self.ranked[0].action

    def value_of(self, action) -> ActionValue | None:
        return self.values.get(action_key(action))


def margin(deal: Deal, seat: int) -> float:
    """The seat's score less its opponent's: with three players, less the mean of the other
    two; four-handed, its side's score (the partner's points included) less the other side's."""
    s = deal.result()["scores"]
    if deal.n == 2:
        return s[seat] - s[1 - seat]
    side = deal.rules.side(seat)
    others = [x for i, x in enumerate(s) if i != side]
    return s[side] - sum(others) / len(others)


def playout(deal: Deal, policy: str = "heuristic", rng: random.Random | None = None,
            draws: "Draws | None" = None, check: Callable[[], None] | None = None) -> Deal:
    """Play `deal` to its end, both seats by the given policy ("heuristic" or "random").
    With `draws`, each seat's future stock cards come from its own stream (see `Draws`);
    `check` is called before every move (`deadline_check`: it raises `OutOfTime`)."""
    while deal.stage != "over":
        if check is not None:
            check()
        seat = deal.to_act
        if policy == "random":
            act = random_action(deal.legal_actions(), rng or random.Random(0))
        else:
            act = decide(Obs.from_deal(deal, seat))
        step(deal, act, seat, draws)
    return deal


class Draws:
    """Couples the stock between candidate actions: each seat receives the same sequence of
    stock cards whoever wins the tricks (the last face-down card goes to the winner of the last
    stock trick, as the rules say). From the searching seat's knowledge the stock is in random
    order, so dealing each seat's draws from its own random stream gives every candidate exactly
    the right chances; but the candidates are compared on the same future cards, which removes
    most of the luck from their differences."""

    __slots__ = ("streams", "pos")

    def __init__(self, streams: dict, pos: list | None = None):
        self.streams = streams
        self.pos = pos if pos is not None else [0, 0]

    @classmethod
    def split(cls, stock_cards: list, me: int, n: int = 2) -> "Draws":
        """Each of the `n` seats' streams of equal length; the face-down cards left over (one
        fewer than the seats: the turn-up lies beside them) go to the last stock trick's draws
        as they lie."""
        m = len(stock_cards) // n
        if n == 2:
            return cls({me: stock_cards[:m], 1 - me: stock_cards[m:2 * m]})
        seats = [(me + k) % n for k in range(n)]
        return cls({s: stock_cards[i * m:(i + 1) * m] for i, s in enumerate(seats)}, [0] * n)

    def copy(self) -> "Draws":
        return Draws(self.streams, list(self.pos))

    def arrange(self, deal: Deal, winner: int) -> None:
        """Put the winner's and the loser's next cards on top of the stock before they draw."""
        if deal.n > 2:
            self._arrange_table(deal, winner)
        else:
            arrange_pair(deal.stock, self.streams, self.pos, winner)

    def _arrange_table(self, deal: Deal, winner: int) -> None:
        """Three or four seats: the winner draws first, then the others in playing order."""
        stock, seats = deal.stock, deal.n
        k = len(stock)
        if k < seats:
            return
        pos = self.pos
        for j in range(seats):
            s = (winner + j) % seats
            card = self.streams[s][pos[s]]
            pos[s] += 1
            i = stock.index(card)
            stock[i], stock[k - 1 - j] = stock[k - 1 - j], stock[i]


def step(deal: Deal, act, seat: int, draws: Draws | None) -> None:
    """Apply an action; with `draws`, arrange the stock first when this play ends a trick.
    Keeps the count of played faces (`_played_faces`, public knowledge) that the heuristic
    reads instead of recounting the tricks."""
    if type(act) is Play:
        if draws is not None and deal.phase == 1 and len(deal.trick) == deal.n - 1:
            if deal.n == 2:
                lead = deal.trick[0]
                w = seat if winning_index((lead, act.card), deal.trump) == 1 else deal.trick_seats[0]
            else:
                i = winning_index(deal.trick + [act.card], deal.trump)
                w = seat if i == len(deal.trick) else deal.trick_seats[i]
            draws.arrange(deal, w)
        deal.apply(act, seat)
        pf = deal.__dict__.get("_played_faces")
        if pf is not None:
            f = act.card.face
            pf[f] = pf.get(f, 0) + 1
    else:
        deal.apply(act, seat)


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
    seen, out = set(), []
    for a in sorted(legal, key=action_key):
        k = position_key(view, a)
        if k not in seen:
            seen.add(k)
            out.append(a)
    return out


def supported(rules) -> bool:
    """The search plays the standard and the no-trump game at two, three or four seats (the
    last eight solved exactly with two, sampled with more), and Rubicon (measured: 85 % of 80
    games against the Любитель, docs/benchmarks/multipack.md). The six- and eight-pack games and
    the many-pack game with infusorkas it plays as the Любитель: not measured yet (a deal of
    96–128 tricks of Мастер's decisions takes minutes)."""
    return rules.variant in ("standard", "no_trump", "rubicon")


def strongest_level(rules) -> str:
    """The name of the strongest opponent for these rules: "search" (Мастер) where the search
    plays them, else "heuristic" (the Любитель, which Мастер plays as there)."""
    return "search" if supported(rules) else "heuristic"


def position_key(view, a) -> tuple:
    """Actions that lead to the same position get the same key (identical copies of a card)."""
    if type(a) is Play:
        c = a.card
        scored = view.scored[view.seat]
        return ("play", c.face, c in view.tables[view.seat],
                frozenset(i for i, d in enumerate(scored) if c in d.cards))
    return action_key(a)


class EngineSampler:
    """Values the candidates of one decision on sampled deals played out by the engine
    (`Template` deals, `playout` with coupled `Draws`). `row(cards, alive, seed)`: sample
    `cards` (the other seats' concealed cards, then the stock from the top) played for the
    candidates `alive`, {index: margin}. The simulator's twin is `sim_rollouts.SimSampler`."""

    def __init__(self, view, cands: list, policy: str, coupled: bool,
                 check: Callable[[], None] | None = None):
        self.tmpl = tmpl = Template(view)
        self.unseen, self.hidden_count = tmpl.unseen, tmpl.hidden_count
        self.known_opp = tmpl.known_opp
        self.view, self.cands, self.policy = view, cands, policy
        self.coupled, self.check = coupled, check
        self.declare_pending = view.stage == "declare"
        played: dict = {}
        for c in view.played:
            played[c.face] = played.get(c.face, 0) + 1
        self.played = played

    def row(self, cards: list, alive: list[int], seed: int) -> dict:
        view, me, h = self.view, self.view.seat, self.hidden_count
        base = self.tmpl.deal(cards[:h], cards[h:])
        draws = Draws.split(cards[h:], me, view.rules.players) if self.coupled else None
        if draws is not None and self.declare_pending:
            draws.arrange(base, me)               # the draw after this declaration turn
        row = {}
        for i in alive:
            d = base.clone()
            d._played_faces = dict(self.played)
            dr = draws.copy() if draws is not None else None
            prng = random.Random(seed) if self.policy == "random" else None
            step(d, self.cands[i], me, dr)
            playout(d, "random" if prng else "heuristic", prng, dr, self.check)
            row[i] = margin(d, me)
        return row


class SearchPlayer:
    """Мастер. `samples` and `time_limit` (CPU seconds) bound each decision, and
    `extra_samples` / `extra_time` its extension for a close choice; `wall_limit` (seconds of
    wall time) is a hard deadline on top (module doc); `rollout` is "heuristic" (the
    Любитель), "random", or "greedy" (the simulator's cheap policy; on the engine the
    Любитель's); `lookahead` (width, depth; None: none) branches the searcher's own next plays
    inside each sample (with the Любитель's playouts in the simulator); `simulate=False` plays
    the samples on the engine even where the simulator serves the rules, and `endgame=False`
    phase 2 by rollouts too (both for comparison)."""

    name = "search"
    title = "Мастер"

    def __init__(self, seed: int | None = None, samples: int = DEFAULT_SAMPLES,
                 time_limit: float | None = DEFAULT_TIME_LIMIT, rollout: str = "heuristic",
                 endgame: bool = True, coupled: bool = True, prior_z: float | None = 1.0,
                 prior_margin: float = 0.0, max_candidates: int | None = 4,
                 opponent_model: bool = True, extra_samples: int | None = None,
                 extra_time: float | None = None, wall_limit: float | None = None,
                 simulate: bool = True, lookahead: tuple | None = DEFAULT_LOOKAHEAD):
        self.seed = seed
        self.rng = random.Random(seed)
        self.samples = samples
        self.time_limit = time_limit
        self.rollout = rollout
        self.endgame = endgame
        self.coupled = coupled
        self.prior_z = prior_z
        self.prior_margin = prior_margin
        self.max_candidates = max_candidates
        self.opponent_model = opponent_model
        self.extra_samples = extra_samples if extra_samples is not None else samples
        self.extra_time = extra_time if extra_time is not None else (time_limit or 0.0)
        self.wall_limit = wall_limit
        self.simulate = simulate
        self.lookahead = lookahead
        self._history: list = []
        self._solver: Endgame | None = None
        self._solver_key = None
        self.last: Analysis | None = None

    def _remember(self, view) -> None:
        """Keep this deal's earlier views of the seat (for reading the opponent's moves)."""
        h = self._history
        if h:
            last = h[-1]
            if (view.seat != last.seat or view.dealer != last.dealer or view.trump != last.trump
                    or view.tricks_done < last.tricks_done or view.phase < last.phase
                    or view.stock_count > last.stock_count
                    or tuple(view.tricks[:len(last.tricks)]) != tuple(last.tricks)):
                h.clear()
        h.append(view)
        if len(h) > 12:
            del h[0]

    def choose(self, view):
        legal = view.legal_actions
        self._remember(view)
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
                rng: random.Random | None = None, include=()) -> Analysis:
        """Value every candidate action of the view's seat (the seat must be to act). Actions in
        `include` are valued too even if they would not be candidates (e.g. a pass). The
        search stops at `wall_limit` seconds of wall time from now (`Analysis.cut_short`)."""
        t0 = time.perf_counter()
        stop_at = wall_clock() + self.wall_limit if self.wall_limit is not None else None
        if not supported(view.rules):
            act = decide(Obs.from_view(view))
            av = ActionValue(act, 0.0, 0, False)
            return Analysis([av], "heuristic", 0, time.perf_counter() - t0, {action_key(act): av})
        cands = candidates(view)
        if include:
            keys = {position_key(view, a) for a in cands}
            for a in include:
                if position_key(view, a) not in keys:
                    cands.append(a)
                    keys.add(position_key(view, a))
        if len(cands) == 1:
            av = ActionValue(cands[0], 0.0, 0, True)
            return Analysis([av], "forced", 0, time.perf_counter() - t0, {action_key(cands[0]): av})
        late = False
        limit = self.time_limit if time_limit == "default" else time_limit
        if view.phase == 2 and self.endgame and view.stage == "play" and view.rules.players == 2:
            # The exact solver gets the whole budget (base and extension) of thinking time:
            # the long hands of the many-pack games (15, 18 cards) may need more.
            think_until = (thinking_time() + limit + self.extra_time) if limit is not None else None
            try:
                return self._endgame(view, cands, t0, deadline_check(stop_at, think_until))
            except OutOfTime:
                late = True                # not solved in time: sampled deals, a budget of their own
        if self.max_candidates and view.stage == "play" and len(cands) > self.max_candidates:
            cands = self._preselect(view, cands, include)
        samples = self.samples if samples is None else samples
        rng = rng or random.Random(self.rng.getrandbits(64))
        an = self._rollouts(view, cands, samples, limit, rng, t0, stop_at)
        an.cut_short = an.cut_short or late
        return an

    def _endgame(self, view, cands, t0, check=None) -> Analysis:
        key = (view.rules, view.trump, view.dealer)
        if self._solver is None or self._solver_key != key or len(self._solver.tt) > 400_000:
            self._solver = Endgame(view.rules, view.trump)
            self._solver_key = key
        mine, theirs = hands_from_view(view)
        lead = view.trick[0][1] if view.trick else None
        by_face = {c.face: v for c, v in
                   self._solver.move_values(mine, theirs, lead, check=check).items()}
        vals = [ActionValue(a, float(by_face[a.card.face]), 0, True) for a in cands]
        vals.sort(key=lambda av: (-av.value, action_key(av.action)))
        return Analysis(vals, "endgame", 0, time.perf_counter() - t0,
                        {action_key(av.action): av for av in vals})

    def _sampler(self, view, cands, check):
        """Who plays the sampled deals out: the simulator where it serves the rules (the same
        margins, several times faster: `sim_rollouts`), else the engine."""
        if self.simulate and sim_supports(view.rules):
            return SimSampler(view, cands, self.rollout, self.coupled, check, self.lookahead)
        return EngineSampler(view, cands, self.rollout, self.coupled, check)

    def _rollouts(self, view, cands, samples, limit, rng, t0, stop_at=None) -> Analysis:
        cpu0 = thinking_time()
        check = deadline_check(stop_at)
        cut = False
        sampler = self._sampler(view, cands, check)
        rows: list[dict] = []                         # per sample: candidate index -> margin
        alive = list(range(len(cands)))
        default = self._default_index(view, cands)
        n = 0
        deal_cards = self._dealer(view, sampler.unseen, sampler.hidden_count, sampler.known_opp,
                                  rng)
        while len(alive) > 1:
            if n >= samples or (limit is not None and thinking_time() - cpu0 >= limit):
                if not self._extend(n, samples, limit, cpu0, alive, rows, default):
                    break
            if stop_at is not None and wall_clock() >= stop_at:
                cut = True
                break
            cards = deal_cards()
            try:
                row = sampler.row(cards, alive, rng.getrandbits(32))
            except OutOfTime:               # the sample is left unfinished: not counted
                cut = True
                break
            rows.append(row)
            n += 1
            if n >= PRUNE_AFTER:
                alive = _prune(alive, rows, keep=default)
        return self._analysis(view, cands, rows, alive, default, t0, cut, "rollouts")

    def _dealer(self, view, unseen, hidden_count: int, known_opp, rng):
        """A function that deals the unseen cards anew for each sample (hidden hands first,
        then the stock), as the opponent model (`infer`) finds them likely while it fits."""
        filt = filt2 = None
        if self.opponent_model:
            filt = LastMoveFilter.from_view(view)
            filt2 = PreviousMoveFilter.from_views(view, self._history) if self._history else None

        def fits(hidden) -> bool:
            return ((filt is None or filt.accepts(hidden))
                    and (filt2 is None or filt2.accepts(known_opp, hidden, rng)))

        def deal_cards() -> list:
            nonlocal filt, filt2
            cards = list(unseen)
            rng.shuffle(cards)
            if filt is not None or filt2 is not None:
                for _ in range(FILTER_TRIES):
                    if fits(cards[:hidden_count]):
                        break
                    rng.shuffle(cards)
                else:
                    filt = filt2 = None               # the model does not fit: stop filtering
            return cards
        return deal_cards

    def _analysis(self, view, cands, rows, alive, default, t0, cut, method: str) -> Analysis:
        """The candidates ranked by their mean margin over the samples (`rows`: per sample,
        candidate index -> margin); with not one sample in time, the Любитель's choice."""
        n = len(rows)
        if not rows and len(alive) > 1:
            # not one sample in time: the Любитель's choice (the first candidate without one)
            act = cands[default] if default is not None else decide(Obs.from_view(view))
            av = ActionValue(act, 0.0, 0, False)
            return Analysis([av], "heuristic", 0, time.perf_counter() - t0,
                            {action_key(act): av}, cut_short=True)
        vals = []
        for i, a in enumerate(cands):
            got = [r[i] for r in rows if i in r]
            vals.append(ActionValue(a, sum(got) / len(got) if got else float("-inf"), len(got)))
        choice = self._select(alive, rows, default)
        order = sorted(range(len(cands)),
                       key=lambda i: (i != choice, -(vals[i].samples == n), -vals[i].value,
                                      action_key(cands[i])))
        ranked = [vals[i] for i in order]
        return Analysis(ranked, method, n, time.perf_counter() - t0,
                        {action_key(av.action): av for av in ranked}, cut_short=cut)

    def _extend(self, n, samples, limit, cpu0, alive, rows, default) -> bool:
        """The base budget is spent: is the choice still open and the extra budget not?"""
        if n >= samples + self.extra_samples:
            return False
        if limit is not None and thinking_time() - cpu0 >= limit + self.extra_time:
            return False
        return _open_choice(alive, rows, default)

    def _preselect(self, view, cands, include=()) -> list:
        """Keep the `max_candidates` plays the Любитель values most (and any forced in)."""
        sc = play_scores(Obs.from_view(view))
        by_equiv = {}
        for c, v in sc.items():
            k = position_key(view, Play(c))
            by_equiv[k] = max(v, by_equiv.get(k, -1e18))
        ranked = sorted(cands, key=lambda a: (-by_equiv.get(position_key(view, a), -1e18), action_key(a)))
        keep = ranked[:self.max_candidates]
        want = {position_key(view, a) for a in include}
        keep += [a for a in ranked[self.max_candidates:] if position_key(view, a) in want]
        return keep

    def _default_index(self, view, cands) -> int | None:
        """The Любитель's choice among the candidates (kept unless clearly beaten)."""
        if self.prior_z is None:
            return None
        act = decide(Obs.from_view(view))
        keys = [action_key(c) for c in cands]
        k = action_key(act)
        if k in keys:
            return keys.index(k)
        if type(act) is Play:                        # an identical copy of a candidate card
            for i, c in enumerate(cands):
                if type(c) is Play and c.card.face == act.card.face \
                        and (c.card in view.tables[view.seat]) == (act.card in view.tables[view.seat]):
                    return i
        return None

    def _select(self, alive, rows, default) -> int:
        """The best survivor; the default (the heuristic's choice) stays unless the best beats
        it by `prior_margin` points plus `prior_z` standard errors of the paired difference."""
        full = [r for r in rows if all(i in r for i in alive)]
        n = len(full)
        best = max(alive, key=lambda i: (sum(r[i] for r in full) / max(1, n), -i))
        if default is None or best == default or default not in alive or n < 2:
            return best
        md, se = _paired(full, best, default)
        if md > self.prior_margin + self.prior_z * se:
            return best
        return default


def _paired(rows: list[dict], i: int, j: int) -> tuple[float, float]:
    """Mean and standard error of the paired difference value(i) - value(j)."""
    diffs = [r[i] - r[j] for r in rows if i in r and j in r]
    n = len(diffs)
    if n < 2:
        return 0.0, math.inf
    md = sum(diffs) / n
    var = sum((x - md) ** 2 for x in diffs) / (n - 1)
    return md, math.sqrt(var / n)


def _open_choice(alive: list[int], rows: list[dict], default: int | None) -> bool:
    """Whether more samples could change the choice in a way that matters: the best survivor
    and its closest rival (or the default it must beat) are within two standard errors of each
    other, and that standard error is still above `EXTEND_SE` points."""
    full = [r for r in rows if all(i in r for i in alive)]
    if len(full) < 2:
        return True
    means = {i: sum(r[i] for r in full) / len(full) for i in alive}
    best = max(alive, key=lambda i: (means[i], -i))
    rival = default if default is not None and default != best and default in alive else \
        max((i for i in alive if i != best), key=lambda i: (means[i], -i))
    md, se = _paired(full, best, rival)
    return se > EXTEND_SE and md < 2 * se + PRUNE_MARGIN


def _prune(alive: list[int], rows: list[dict], keep: int | None = None) -> list[int]:
    """Drop candidates clearly worse than the current best, judged on paired differences
    (the same sampled deals), so that luck common to all candidates cancels out."""
    live_rows = [r for r in rows if all(i in r for i in alive)]
    n = len(live_rows)
    if n < PRUNE_AFTER:
        return alive
    means = {i: sum(r[i] for r in live_rows) / n for i in alive}
    best = max(alive, key=lambda i: (means[i], -i))
    out = []
    for i in alive:
        if i == best or i == keep:
            out.append(i)
            continue
        md, se = _paired(live_rows, best, i)
        if md <= PRUNE_MARGIN + PRUNE_Z * se:
            out.append(i)
    return out
