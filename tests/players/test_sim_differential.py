"""The search simulator agrees with `Deal` (issue 31): every served preset, position by position
(legal actions as multisets, scores, hands, stock, trick, phase, seat to act, tables, known
cards, declarations, the re-use bookkeeping), and it refuses the rules it does not play."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from bezique.deal import Deal
from bezique.players.random_player import random_action
from bezique.players.sim import SimTemplate, differences, find, from_deal, refusal, supports
from bezique.players.sim import melds as sim_melds
from bezique.players.sim.check import MODES, POLICIES, check_deal, run
from bezique.players.sim.playout import greedy_playout, random_playout
from bezique.players.sim.state import Sim
from bezique.rules import STANDARD_PRESETS, RuleSet

SERVED = (*STANDARD_PRESETS, "no_trump")     # canonical, the seven seed presets, no-trump


@pytest.mark.parametrize("preset", SERVED)
def test_simulator_equals_the_engine(preset):
    rep = run([preset], range(4), view_every=5)
    assert rep.failures == []
    assert rep.positions > 1500 and rep.from_views > 200
    assert rep.kinds.get("play", 0) > 1000


def test_the_check_meets_the_rare_rules():
    """The biased deals reach what random play rarely does: announcements, sequences, double
    beziques, fours, the trump seven's exchange, carte blanche, automatic sevens."""
    rep = run(["canonical", "seed_000C", "seed_002"], range(4))
    for kind in ("announce:marriage", "declare:sequence", "declare:double_bezique",
                 "declare:four_kings", "declare:seven_exchange", "declare:trump_seven",
                 "CarteBlancheEvent", "SevenPlayedEvent"):
        assert rep.kinds.get(kind, 0) > 0, kind
    e = run(["seed_000E", "seed_003"], range(12), modes=("meldy",), policies=("collector",))
    assert e.failures == []
    assert e.kinds.get("declare:double_marriage", 0) > 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(SERVED), seed=st.integers(0, 10**6),
       mode=st.sampled_from(MODES), policy=st.sampled_from(POLICIES))
def test_any_deal_any_preset(preset, seed, mode, policy):
    rep = check_deal(RuleSet.from_spec(preset), seed, mode, policy, view_every=9)
    assert rep.failures == []


def test_the_check_can_fail(monkeypatch):
    """A simulator with one rule wrong is caught: the last eight without the duty to head."""
    rules = RuleSet()
    for trump in "SHDC":
        monkeypatch.setattr(sim_melds.table_for(rules, trump), "must_head", False)
    rep = run(["canonical"], range(6), modes=("uniform",), policies=("random",))
    assert rep.failures
    assert all(any(line.startswith("legal") for line in f[5]) for f in rep.failures)


def test_a_wrong_meld_rule_is_caught(monkeypatch):
    """… and a declaration the engine allows but the simulator does not list (four kings)."""
    real = sim_melds.enumerate_declarations

    def no_kings(*args):
        return [d for d in real(*args) if d[0] != "four_kings"]
    monkeypatch.setattr("bezique.players.sim.state.enumerate_declarations", no_kings)
    rep = run(["canonical"], range(10), modes=("meldy",), policies=("collector",))
    assert rep.failures and any("legal" in line for f in rep.failures for line in f[5])


@pytest.mark.parametrize("preset", ["three_handed", "four_handed", "many_pack_infusorka",
                                    {"preset": "canonical", "penalty_mode": "apply"},
                                    {"preset": "canonical", "require_card_from_hand": True},
                                    {"preset": "canonical",
                                     "seven_counts_as_declaration": False}])
def test_refuses_what_it_does_not_play(preset):
    rules = RuleSet.from_spec(preset)
    assert not supports(rules) and refusal(rules)
    deal = Deal.new(rules, 0, seed=1)
    with pytest.raises(ValueError):
        from_deal(deal)
    with pytest.raises(ValueError):
        SimTemplate(deal.view(deal.to_act))


def test_every_other_preset_is_refused():
    """A preset the differential tests do not cover is not served: a new two-handed preset the
    simulator would play must join SERVED (and so the tests) first."""
    from bezique.rules import PRESETS
    assert [p for p in PRESETS if p not in SERVED and supports(RuleSet.preset(p))] == []


@pytest.mark.parametrize("preset", SERVED)
def test_serves_the_presets(preset):
    assert supports(RuleSet.from_spec(preset)) and refusal(RuleSet.from_spec(preset)) is None


def _recording(monkeypatch) -> list:
    """Record every action a playout applies through the Sim's methods."""
    log: list = []
    for name, wrap in (("play", lambda c: c), ("score", lambda a: a),
                       ("announce", lambda a: a)):
        real = getattr(Sim, name)

        def patched(self, a, _real=real, _wrap=wrap):
            log.append(_wrap(a))
            _real(self, a)
        monkeypatch.setattr(Sim, name, patched)
    real_pass = Sim.pass_turn

    def pass_turn(self, _real=real_pass):
        log.append(-1)
        _real(self)
    monkeypatch.setattr(Sim, "pass_turn", pass_turn)
    return log


@pytest.mark.parametrize("kind", ["random", "greedy"])
@pytest.mark.parametrize("preset", ["canonical", "seed_000C", "seed_000E", "seed_003",
                                    "no_trump"])
def test_playouts_are_legal_games(monkeypatch, kind, preset):
    """A playout's actions, replayed in the engine from the same position, are legal and end
    with the same state and scores."""
    rules = RuleSet.from_spec(preset)
    for seed in range(6):
        deal = Deal.new(rules, seed % 2, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(60)):
            deal.apply(random_action(deal.legal_actions(), rng))
        sim = from_deal(deal)
        log = _recording(monkeypatch)
        out = random_playout(sim.clone(), random.Random(seed)) if kind == "random" \
            else greedy_playout(sim.clone())
        monkeypatch.undo()
        assert out.is_over and out.tricks_done == rules.total_tricks
        replay = from_deal(deal)
        for a in log:
            engine_action = find_engine(deal, a)
            deal.apply(engine_action)
            replay.apply_checked(a)
        assert deal.is_over
        assert differences(deal, out) == []
        assert out.scores() == deal.result()["scores"]


def find_engine(deal, a):
    """The engine's legal action equal to simulator action `a` (through the canonical
    encoding), failing the test if the engine does not allow it."""
    from bezique.players.sim import encode_engine, encode_sim
    want = encode_sim(a)
    for x in deal.legal_actions():
        if encode_engine(x) == want:
            return x
    raise AssertionError(f"the engine does not allow {want}")


def test_find_and_apply_checked_refuse_illegal_actions():
    deal = Deal.new(RuleSet(), 0, seed=3)
    sim = from_deal(deal)
    other = 1 - deal.to_act
    with pytest.raises(KeyError):
        find(sim, random_action([*map(_play, deal.hands[other])], random.Random(1)))
    with pytest.raises(ValueError):
        sim.apply_checked(-1)                   # no declaration turn to pass


def _play(card):
    from bezique.actions import Play
    return Play(card)
