"""RULES-multipack.md §15.14, the settlement scenarios (15.11, Laws 57–61; 15.12 Law 17):
S-R15, S-R16, S-R17, S-R18, S-R20 (Laws 17 and 19)."""

import pytest

from bezique import RuleSet
from bezique.variants.multipack import settle, settle_too_many_cards

A, B = 0, 1


def _s(preset, a, b, ba=0, bb=0, **options):
    rules = RuleSet.preset(preset).with_options(**options) if options else RuleSet.preset(preset)
    return settle([a, b], [ba, bb], rules)


def won(winner, value, rubiconed=False):
    return {"winner": winner, "value": value, "rubiconed": rubiconed}


@pytest.mark.parametrize("a, b, value", [(1510, 1240, 800), (1550, 1520, 600), (2370, 1090, 1800)])
def test_S_R15_rubicon_loser_not_rubiconed(a, b, value):
    assert _s("rubicon", a, b, 90, 230) == won(A, value)        # brisques not counted


def test_S_R16_rubicon_loser_rubiconed():
    assert _s("rubicon", 1320, 620, 0, 150) == won(A, 3200, True)
    assert _s("rubicon_bicycle", 1320, 620, 0, 150) == won(A, 3220, True)
    assert _s("rubicon_parlett", 1320, 620, 0, 150) == won(A, 2900, True)
    assert _s("rubicon", 940, 610, 0, 320) == won(A, 2800, True)     # A below 1000 too
    assert _s("rubicon", 1240, 60) == won(A, 2600, True)             # Law 59


def test_S_R17_brisques_save_the_rubicon_and_break_ties():
    assert _s("rubicon", 1480, 930, 140, 180) == won(A, 1000)                      # (a)
    assert _s("rubicon", 1480, 930, 260, 60) == won(A, 3600, True)                 # (b)
    assert _s("rubicon", 1050, 990, 60, 260) == won(A, 600)                        # (c)
    assert _s("rubicon", 1050, 990, 60, 260, brisques_decide="when_decisive") == won(B, 600)
    assert _s("rubicon", 1200, 1200, 170, 150) == won(A, 600)                      # (d)
    assert _s("rubicon", 1200, 1200, 160, 160) == won(None, 0)                     # void
    assert _s("rubicon", 1210, 1200, 100, 220) == won(A, 600)                      # (e)
    assert _s("rubicon", 1210, 1200, 100, 220, brisques_decide="when_decisive") == won(B, 600)


def test_S_R18_six_and_eight_pack_settlement():
    assert _s("six_pack", 4330, 3170) == won(A, 2200)
    assert _s("six_pack", 4330, 2970) == won(A, 8700, True)
    assert _s("six_pack_cm6", 4330, 2970) == won(A, 9200, True)
    assert _s("six_pack", 3550, 3510) == won(A, 1100)
    assert _s("six_pack", 3500, 3500, 200, 100) == won(None, 0)     # no brisques to break it
    assert _s("eight_pack", 6120, 4980) == won(A, 12500, True)
    assert _s("eight_pack", 6120, 5040) == won(A, 2100)


def test_the_winner_is_either_seat():
    assert _s("rubicon", 1240, 1510) == won(B, 800)


def test_S_R20_law_17_too_many_cards():
    rules = RuleSet.preset("rubicon")
    assert settle_too_many_cards(B, [1800, 2460], rules) == won(A, 4000, True)
    assert settle_too_many_cards(A, [50, 300], rules) == won(B, 300 + 100 + 1300, True)
