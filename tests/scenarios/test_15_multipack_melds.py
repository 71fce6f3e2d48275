"""RULES-multipack.md §15.14, the scenarios about combinations and re-declaration (15.5, 15.7):
S-R03 (meld part), S-R04 (variant), S-R05, S-R06, S-R07, S-R08, S-R12, S-R13, S-R14."""

import pytest

from bezique import RuleSet
from bezique.melds import meld_points

from .multipack_helpers import key, legal


def test_S_R03_sequence_then_marriages_and_the_sequence_again():
    hand = "AD#1 TD#1 KD#1 QD#1 JD#1"
    before = legal("rubicon", None, hand)
    assert before == {key("sequence", hand): 250, key("royal_marriage", "KD#1 QD#1"): 40}
    seq = [("sequence", hand)]
    after = legal("rubicon", "D", hand + " QD#2", seq)
    assert key("royal_marriage", "KD#1 QD#2") not in after                  # Law 37
    assert legal("rubicon", "D", hand + " KD#2 QD#2", seq)[key("royal_marriage", "KD#2 QD#2")] == 40
    replayed = legal("rubicon", "D", "AD#1 TD#1 KD#1 QD#1 JD#2", seq)        # JD#1 was played
    assert replayed == {key("sequence", "AD#1 TD#1 KD#1 QD#1 JD#2"): 250}
    assert 250 + 40 + 250 == 540


def test_S_R04_variant_a_king_never_married_marries_a_fresh_queen():
    scored = [("four_kings", "KS#1 KH#1 KD#1 KC#1"), ("bezique", "QS#1 JD#1")]
    # QS#1 was played before the pending marriage was scored: KS#1 may marry QS#2.
    got = legal("rubicon", "H", "KS#1 KH#1 KD#1 KC#1 JD#1 QS#2", scored)
    assert got[key("marriage", "KS#1 QS#2")] == 20


def test_S_R05_back_door_sequence_after_a_marriage():
    m = [("marriage", "KS#1 QS#1")]
    seq = "AS#1 TS#1 KS#1 QS#1 JS#1"
    assert legal("rubicon", "H", "KS#1 QS#1", [])[key("marriage", "KS#1 QS#1")] == 20
    assert legal("rubicon", "H", seq, m)[key("plain_sequence", seq)] == 150       # total 170
    after = legal("rubicon", "H", seq + " QS#2", m + [("plain_sequence", seq)])
    assert key("marriage", "KS#1 QS#2") not in after                              # Law 37
    # [WK] (sequence_after_marriage=False): only with a fresh king and queen.
    wk = legal("rubicon_whiteknuckle", "H", seq + " KS#2 QS#2", m)
    assert key("plain_sequence", seq) not in wk
    assert wk[key("plain_sequence", "AS#1 TS#1 KS#2 QS#2 JS#1")] == 150


FOUR_Q = "QS#1 QH#1 QD#1 QC#1"
AGAIN = "QS#1 QH#2 QD#1 QC#1"


def test_S_R06_four_queens_again_only_after_one_is_played():
    scored = [("four_queens", FOUR_Q)]
    intact = legal("rubicon", "C", FOUR_Q + " QH#2", scored)
    assert key("four_queens", AGAIN) not in intact                                 # (a)
    assert legal("rubicon_hoffmann_commentary", "C", FOUR_Q + " QH#2", scored)[
        key("four_queens", AGAIN)] == 60                                          # new_set
    played = legal("rubicon", "C", "QS#1 QD#1 QC#1 QH#2", scored)                   # (b)
    assert played[key("four_queens", AGAIN)] == 60                                  # total 120
    assert legal("rubicon_hoffmann_commentary", "C", "QS#1 QD#1 QC#1 QH#2", scored)[
        key("four_queens", AGAIN)] == 60
    # classic (RULES P3): illegal in both cases
    assert key("four_queens", AGAIN) not in legal("rubicon", "C", FOUR_Q + " QH#2", scored,
                                                  redeclare_rule="classic")
    assert key("four_queens", AGAIN) not in legal("rubicon", "C", "QS#1 QD#1 QC#1 QH#2", scored,
                                                  redeclare_rule="classic")


def test_S_R07_two_marriages_in_one_suit():
    scored = [("marriage", "KH#1 QH#1"), ("marriage", "KH#2 QH#2")]
    both = "KH#1 QH#1 KH#2 QH#2"
    assert legal("rubicon", "S", both, scored) == {}                 # nothing while intact
    after_play = legal("rubicon", "S", "KH#1 KH#2 QH#2", scored)     # QH#1 played
    assert after_play == {key("marriage", "KH#1 QH#2"): 20}          # total 60
    new_set = legal("rubicon_hoffmann_commentary", "S", both, scored)
    assert new_set == {key("marriage", "KH#1 QH#2"): 20, key("marriage", "KH#2 QH#1"): 20}
    third = scored + [("marriage", "KH#1 QH#2")]
    assert legal("rubicon_hoffmann_commentary", "S", both, third) == {
        key("marriage", "KH#2 QH#1"): 20}                            # total 80


def test_S_R08_the_bezique_ladder():
    s1, s2 = "QS#1 JD#1", "QS#2 JD#2"
    double, triple = s1 + " " + s2, s1 + " " + s2 + " QS#3 JD#3"
    quad = triple + " QS#4 JD#4"
    assert legal("rubicon", "H", s1)[key("bezique", s1)] == 40
    assert legal("rubicon", "H", double, [("bezique", s1)])[key("bezique", s2)] == 40
    ladder = [("bezique", s1), ("bezique", s2)]
    assert legal("rubicon", "H", double, ladder)[key("double_bezique", double)] == 500
    ladder.append(("double_bezique", double))
    assert legal("rubicon", "H", triple, ladder)[key("triple_bezique", triple)] == 1500
    ladder.append(("triple_bezique", triple))
    assert legal("rubicon", "H", quad, ladder)[key("quadruple_bezique", quad)] == 4500
    assert 40 + 40 + 500 + 1500 + 4500 == 6580
    after_double = legal("rubicon", "H", double + " QS#3 JD#3", ladder[:3])
    assert key("bezique", s1) not in after_double and key("bezique", "QS#1 JD#3") not in after_double
    at_once = legal("rubicon", "H", quad)
    assert at_once[key("quadruple_bezique", quad)] == 4500
    after = legal("rubicon", "H", quad, [("quadruple_bezique", quad)])
    assert not any(m.endswith("bezique") for m, _ in after)
    # the classic game: two scored singles make no double (RULES C-14)
    assert key("double_bezique", double) not in legal(
        "rubicon", "H", double, [("bezique", s1), ("bezique", s2)], bezique_singles_unite=False)


def test_S_R12_trump_quartets_and_the_inferior_rule():
    any4 = "AH#1 AH#2 AS#1 AD#1"
    assert legal("six_pack", "H", any4)[key("four_aces", any4)] == 100
    trump4 = "AH#1 AH#2 AH#3 AH#4"
    got = legal("six_pack", "H", any4 + " AH#3 AH#4", [("four_aces", any4)])
    assert got[key("four_trump_aces", trump4)] == 1000                             # total 1100
    then = legal("six_pack", "H", any4 + " AH#3 AH#4 AC#1",
                 [("four_aces", any4), ("four_trump_aces", trump4)])
    assert key("four_aces", "AH#3 AS#1 AD#1 AC#1") not in then
    queens = "QH#1 QH#2 QH#3 QH#4"
    assert legal("six_pack", "H", queens)[key("four_trump_queens", queens)] == 600
    assert legal("six_pack_pw6", "H", queens)[key("four_trump_queens", queens)] == 900
    assert key("four_trump_jacks", "JH#1 JH#2 JH#3 JH#4") not in legal(
        "six_pack_pw6", "H", "JH#1 JH#2 JH#3 JH#4")                                # C-R8
    assert legal("rubicon", "H", trump4) == {key("four_aces", trump4): 100}


def test_S_R13_eight_pack_quintets_and_the_quintuple_bezique():
    four = "AD#1 AD#2 AD#3 AD#4"
    five = four + " AD#5"
    assert legal("eight_pack", "D", four)[key("four_trump_aces", four)] == 1000
    got = legal("eight_pack", "D", five, [("four_trump_aces", four)])
    assert got[key("five_trump_aces", five)] == 2000                               # total 3000
    then = legal("eight_pack", "D", five, [("four_trump_aces", four), ("five_trump_aces", five)])
    assert key("four_trump_aces", "AD#1 AD#2 AD#3 AD#5") not in then
    ten = " ".join(f"QS#{k} JD#{k}" for k in range(1, 6))
    assert legal("eight_pack", "H", ten)[key("quintuple_bezique", ten)] == 9000
    six = legal("six_pack", "H", ten)
    assert max(p for (m, _), p in six.items() if m.endswith("bezique")) == 4500


@pytest.mark.parametrize("trump, pair", [("H", "QH#1 JC#1"), ("C", "QC#1 JH#1"),
                                         ("D", "QD#1 JS#1"), ("S", "QS#1 JD#1")])
def test_S_R14_variable_bezique_pair(trump, pair):
    assert legal("six_pack_variable", trump, pair) == {key("bezique", pair): 40}
    if trump != "S":
        assert legal("six_pack_variable", trump, "QS#1 JD#1") == {}


def test_S_R14_no_variable_bezique_before_trumps_and_the_fixed_pair_always():
    assert legal("six_pack_variable", None, "QS#1 JD#1") == {}
    assert legal("six_pack", None, "QS#1 JD#1") == {key("bezique", "QS#1 JD#1"): 40}
    assert legal("six_pack", "H", "QS#1 JD#1") == {key("bezique", "QS#1 JD#1"): 40}


def test_the_table_of_15_5_is_the_engines():
    r, s, e = (RuleSet.preset(p) for p in ("rubicon", "six_pack", "eight_pack"))
    assert [meld_points(m, r, "H") for m in ("marriage", "royal_marriage", "plain_sequence",
                                              "sequence", "bezique", "double_bezique",
                                              "triple_bezique", "quadruple_bezique")] == \
        [20, 40, 150, 250, 40, 500, 1500, 4500]
    assert [meld_points(m, r) for m in ("four_aces", "four_kings", "four_queens", "four_jacks")] \
        == [100, 80, 60, 40]
    assert meld_points("carte_blanche", r) == 50 and meld_points("carte_blanche", s) == 250
    assert meld_points("carte_blanche", e) == 0 and meld_points("quintuple_bezique", s) == 0
    assert meld_points("quintuple_bezique", e) == 9000
    assert [meld_points(f"four_trump_{w}", s) for w in ("aces", "tens", "kings", "queens", "jacks")] \
        == [1000, 900, 800, 600, 400]
    assert [meld_points(f"five_trump_{w}", e) for w in ("aces", "tens", "kings", "queens", "jacks")] \
        == [2000, 1800, 1600, 1200, 800]
    assert meld_points("trump_seven", r, "H") == 0 and meld_points("four_tens", r) == 0
    assert meld_points("four_tens", RuleSet.preset("rubicon_parlett").with_options(meld_four_tens=90)) == 90
