"""RULES.md §12.2: trick resolution in phase 1 (S-09 … S-19)."""

import pytest

from bezique import RuleSet, play
from bezique.tricks import winning_index
from bezique.events import DrawEvent

from .helpers import (C, P1, P2, assert_illegal, assert_position, build_deal, codes, held, lead,
                      legal, then, trick, decl, D)

TRICKS = [  # scenario, lead (P1), follow (P2), winner
    ("s009_higher_club", "9C", "KC", P2),
    ("s010_ten_ranks_above_king", "KC", "TC", P2),
    ("s011_identical_tens_first_played_wins", "TC#1", "TC#2", P1),
    ("s012_trump_beats_plain_card", "AS", "7H", P2),
    ("s013_plain_card_cannot_beat_trump", "7H", "AS", P1),
    ("s014_different_plain_suit_leader_wins", "QD", "AC", P1),
    ("s015_higher_trump", "8H", "9H", P2),
    ("s016_identical_trump_aces", "AH#1", "AH#2", P1),
]


@pytest.mark.parametrize("stem,led,follow,winner", TRICKS, ids=[t[0] for t in TRICKS])
def test_s009_to_s016_trick_winner_in_phase_1(stem, led, follow, winner):
    assert_position(stem)
    assert winning_index((C(led), C(follow)), "H") == (0 if winner == P1 else 1)
    # The same trick in a real deal (trump hearts): the winner's pile gets both cards, the
    # winner draws first and leads next.
    deal = build_deal([led], [follow], turn_up="JH#2")
    top = deal.stock[-1]
    assert lead(deal, led, follow) == winner
    then(deal)
    assert deal.won[winner] == [(C(led), C(follow))] and deal.won[1 - winner] == []
    assert top in deal.hands[winner]
    assert deal.to_act == winner and deal.stage == "play"


def test_s017_no_obligation_in_phase_1():
    assert_position("s017_no_obligation_in_phase_1")
    p2 = "JH 8H AS KC 7D 9S QC TD"
    deal = build_deal(["9H"], p2, turn_up="KH#2")
    deal.apply(play(C("9H")), P1)
    assert sorted(a.card for a in deal.legal_actions()) == sorted(deal.hands[P2])
    assert len(deal.legal_actions()) == 8
    deal.apply(play(C("AS")), P2)
    assert deal.leader == P1                                     # AS cannot beat a trump lead

    strict = build_deal(["9H"], p2, turn_up="KH#2",
                        rules=RuleSet().with_options(phase1_must_follow_suit=True))
    strict.apply(play(C("9H")), P1)
    assert codes(a.card for a in strict.legal_actions()) == ["JH#1", "8H#1"]
    assert_illegal(strict, play(C("AS")), P2)
    # seed_003 has the same obligation
    s3 = build_deal(["9H"], p2, turn_up="KH#2", rules=RuleSet.preset("seed_003"))
    s3.apply(play(C("9H")), P1)
    assert codes(a.card for a in s3.legal_actions()) == ["JH#1", "8H#1"]


def test_s018_playing_an_exposed_card():
    assert_position("s018_playing_an_exposed_card")
    deal = build_deal("KH#1 QH#1 QH#2 AC KS KD KC", (), turn_up="9S#2")
    assert lead(deal, "AC") == P1
    then(deal, decl(deal, P1, "marriage", "KH#1 QH#1"))
    assert deal.exposed[P1] == {C("KH#1"), C("QH#1")}
    assert len(deal.hands[P1]) == 8 and len(deal.concealed(P1)) == 6
    assert play(C("QH#1")) in deal.legal_actions()                # lead from the table
    assert lead(deal, "QH#1") == P1
    assert deal.exposed[P1] == {C("KH#1")}                        # KH stays exposed
    # KH#1 is used in MARRIAGE: never again married (not even to QH#2), still good for 4 kings.
    assert legal(deal) == [D("four_kings", "KS KH#1 KD KC", 80)]
    assert_illegal(deal, decl(deal, P1, "marriage", "KH#1 QH#2"), match="марьяже")
    then(deal, decl(deal, P1, "four_kings", "KS KH#1 KD KC"))
    assert deal.declared[P1] == 100


def test_s019_draw_order_and_stock_count():
    # P1 leads and wins tricks 1-4; P2 heads P1's lead in trick 5.
    deal = build_deal("9S 8S 9D 8D 9C", "7S#2 7D#2 AC", turn_up="KH#2")
    for card in ("9S", "8S", "9D", "8D"):
        trick(deal, card)
    assert deal.tricks_done == 4 and deal.stock_count == 39
    top, second = deal.stock[-1], deal.stock[-2]                  # the stock's top is last
    assert lead(deal, "9C", follow="AC") == P2
    then(deal)                                                     # (optional declaration: none)
    draws = [e for e in deal.log if type(e) is DrawEvent][-2:]
    assert draws == [DrawEvent(P2, top), DrawEvent(P1, second)]     # winner first
    assert deal.stock_count == 37 == 47 - 2 * 5
    assert deal.to_act == P2 and deal.stage == "play"            # P2 leads trick 6
    assert [len(h) for h in deal.hands] == [8, 8]


def test_show_stock_count_false_hides_the_count_from_people():
    """R2.4.4: counting the stock is forbidden at the table; `show_stock_count=false` hides the
    number from what a person is shown (the view's `shown_stock_count`, the practice table), while
    programs keep the deducible `stock_count`."""
    from bezique.widgets.practice.scene import scene_kwargs, status_text
    from bezique.widgets.render.play_table import layout_play_table
    shown = build_deal()
    hidden = build_deal(rules=RuleSet().with_options(show_stock_count=False))
    assert shown.view(P1).shown_stock_count == shown.view(P1).stock_count == 47
    assert hidden.view(P1).shown_stock_count is None and hidden.view(P1).stock_count == 47
    assert "47" in status_text(shown, P1) and "47" not in status_text(hidden, P1)
    assert "47" in layout_play_table(**scene_kwargs(shown, P1)).description
    picture = layout_play_table(**scene_kwargs(hidden, P1))
    assert "47" not in picture.description and "Талон не пуст" in picture.description
    assert not any("47" in (b.label or "") for b in picture.boxes)
