"""Random play under every multi-pack preset (RULES-multipack.md §15): cards are conserved at
every step, each deal ends after 64 / 96 / 128 tricks, declarations are legal when replayed,
and the settlement follows from the scores by 15.11 (checked against an independent reading)."""

import random
from collections import Counter

import pytest

from bezique import Deal, RuleSet
from bezique.deal import STAGE_DECLARE
from bezique.packs import pack_for
from bezique.rules import MULTIPACK_PRESETS


def _cards_now(d):
    return Counter([c for h in d.hands for c in h] + list(d.stock) + list(d.trick)
                   + [c for w in d.won for t in w for c in t])


def _h(x):
    return x - x % 100


def expected_settlement(scores, brisques, r):
    """15.11 written out case by case (Laws 57–61), canonical brisques_decide only."""
    a, b = scores
    counts = r.brisque_role == "tiebreak_rubicon"
    fa, fb = (a + brisques[0], b + brisques[1]) if counts else (a, b)
    if a == b and (not counts or fa == fb):
        return {"winner": None, "value": 0, "rubiconed": False}
    w = 0 if (a > b or (a == b and fa > fb)) else 1
    l = 1 - w
    tie = a == b
    sw, sl = scores[w], scores[l]
    full_w, full_l = (fa, fb) if w == 0 else (fb, fa)
    if sl < r.rubicon_threshold and not (counts and full_l >= r.rubicon_threshold):
        return {"winner": w, "rubiconed": True,
                "value": _h(sw) + max(_h(sl), 100) + r.rubicon_bonus}
    if tie or (counts and sl < r.rubicon_threshold):
        sw, sl = full_w, full_l
    return {"winner": w, "rubiconed": False, "value": max(_h(sw) - _h(sl), 100) + r.game_bonus}


@pytest.mark.parametrize("preset", sorted(MULTIPACK_PRESETS))
def test_random_deals_conserve_cards_end_and_settle_by_15_11(preset):
    rules = RuleSet.preset(preset)
    pack = Counter(pack_for(rules))
    deals = 2 if rules.packs == 8 else 3
    for i in range(deals):
        rng = random.Random(f"{preset}:{i}")
        d = Deal.new(rules, i % 2, rng=rng)
        steps = 0
        while not d.is_over:
            assert _cards_now(d) == pack
            acts = d.legal_actions()
            # declare more often than at random, so the ladders and re-declarations occur
            decls = [a for a in acts if type(a).__name__ == "Declaration"]
            d.apply(rng.choice(decls) if decls and rng.random() < 0.8 else rng.choice(acts))
            steps += 1
            assert steps < 5000
        assert _cards_now(d) == pack and len(d.tricks()) == rules.total_tricks
        res = d.result()
        assert res["scores"] == [x + y - 0 for x, y in zip(res["declared"], res["last_trick"])]
        assert sum(res["last_trick"]) == rules.last_trick_points
        if rules.brisque_role == "none":
            assert res["brisques"] == [0, 0]
        else:
            assert sum(res["brisques"]) == 320
        assert res["settlement"] == expected_settlement(res["scores"], res["brisques"], rules)
        assert d.replayed().result() == res


@pytest.mark.parametrize("scores", [(1510, 1240), (990, 1000), (1200, 1200), (60, 40),
                                    (3000, 2999), (5040, 6120), (0, 0)])
@pytest.mark.parametrize("brisques", [(0, 0), (160, 160), (10, 310), (300, 20)])
@pytest.mark.parametrize("preset", ["rubicon", "six_pack", "eight_pack", "rubicon_bicycle"])
def test_the_settlement_table(preset, scores, brisques):
    from bezique.variants.multipack import settle
    rules = RuleSet.preset(preset)
    assert settle(list(scores), list(brisques), rules) == \
        expected_settlement(list(scores), list(brisques), rules)


def test_a_fifteen_card_hand_enumerates_fast():
    """Per-family enumeration: the worst eight-pack hands stay far below a subset search."""
    import time
    from bezique.cards import Card
    from bezique.melds import MeldContext
    from bezique.variants.multipack.melds import MultipackMelds, multipack_declarations
    rules = RuleSet.preset("eight_pack")
    hand = ([Card("Q", "S", k) for k in range(1, 6)] + [Card("J", "D", k) for k in range(1, 6)]
            + [Card("A", "H", k) for k in range(1, 6)])
    t = time.perf_counter()
    out = multipack_declarations(hand, MultipackMelds(), MeldContext.for_hand(rules=rules, trump="H"))
    assert time.perf_counter() - t < 0.5
    assert len({d.key for d in out}) == len(out) > 250



def test_the_registry_hooks_answer_for_the_multipack_games():
    """The engine's own entry points (used by the coach, the bots, positions) give the
    multi-pack answers: enumeration, shape and points."""
    from bezique.cards import Card
    from bezique.melds import MeldContext, enumerate_declarations, meld_points, shape_problem
    from bezique.variants.multipack.melds import MultipackMelds
    rules = RuleSet.preset("rubicon")
    qs = [Card("Q", s, 1) for s in "SHDC"] + [Card("Q", "H", 2)]
    state = MultipackMelds()
    out = enumerate_declarations(qs[:4], state, MeldContext.for_hand(rules=rules, trump="C"))
    assert [(d.meld, d.points) for d in out] == [("four_queens", 60)]
    state.record(out[0], "C")
    again = enumerate_declarations(qs[1:], state, MeldContext.for_hand(rules=rules, trump="C"))
    assert [(d.meld, d.points) for d in again] == [("four_queens", 60)]      # QS#1 played
    # nothing played: the fifth queen cannot renew the four (S-R06 (a))
    assert enumerate_declarations(qs, state, MeldContext.for_hand(rules=rules, trump="C")) == []
    assert shape_problem("quadruple_bezique", tuple(qs[:2]), rules, "C")
    assert meld_points("plain_sequence", rules, "C") == 150
