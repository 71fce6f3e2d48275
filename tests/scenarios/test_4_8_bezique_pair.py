"""RULES.md §4.8 (issue 29): which queen and jack make bezique when two options meet — the
trump-dependent pair (R4.8.2: Q♣ J♥ with spades or diamonds as trumps) and the no-trump game
(R4.8: always Q♠ J♦, even with the trump-dependent option)."""

import pytest

from bezique import RuleSet
from bezique.melds import MeldContext, bezique_faces, enumerate_declarations

from .helpers import D, cards_of, decl_strings, lead, then

NO_TRUMP_DEPENDENT = RuleSet.preset("no_trump").with_options(bezique_pair="trump_dependent")
TRUMP_DEPENDENT = RuleSet().with_options(bezique_pair="trump_dependent")
BOTH_PAIRS = "QS JD QC JH 9S 9H 8D 8C"


def beziques(rules, trump, held=BOTH_PAIRS):
    from bezique.melds import MeldState
    ctx = MeldContext.for_hand(rules=rules, trump=trump)
    found = enumerate_declarations(cards_of(held), MeldState.for_rules(rules), ctx)
    return [s for s in decl_strings(found) if s.startswith("bezique ")]


@pytest.mark.parametrize("trump", ["S", "H", "D", "C"])
def test_r4_8_no_trump_game_keeps_the_fixed_pair(trump):
    """no_trump + bezique_pair="trump_dependent", trumps fixed in any suit: Q♠ J♦."""
    assert bezique_faces(NO_TRUMP_DEPENDENT, trump) == (("Q", "S"), ("J", "D"))
    assert beziques(NO_TRUMP_DEPENDENT, trump) == [D("bezique", "QS JD", 40)]


def test_r4_8_no_trump_game_after_a_spade_marriage_fixed_trumps():
    """In a real no-trump deal: a spade marriage fixes spades; the bezique is still Q♠ J♦."""
    from bezique.setup import deal_from_cards
    deal = deal_from_cards(["AS KS QS#2 QS JD QC JH AH", "9D 9C 8D 8C 7D 7C 9D#2 9C#2"], None,
                           rules=NO_TRUMP_DEPENDENT,
                           dealer=1)
    assert lead(deal, "AS") == 0
    then(deal, next(d for d in deal.legal_declarations(0) if d.meld == "no_trump_marriage"))
    assert deal.trump == "S"
    lead(deal, "AH")
    found = [d for d in deal.legal_declarations(0) if d.meld == "bezique"]
    assert {frozenset(c.code[:2] for c in d.cards) for d in found} == {frozenset({"QS", "JD"})}


@pytest.mark.parametrize("trump,pair", [("S", ("QC", "JH")), ("D", ("QC", "JH")),
                                        ("H", ("QS", "JD")), ("C", ("QS", "JD"))])
def test_r4_8_2_trump_dependent_pair(trump, pair):
    """000-A: with spades or diamonds as trumps the bezique is Q♣ J♥, else Q♠ J♦."""
    (q, j) = bezique_faces(TRUMP_DEPENDENT, trump)
    assert (q[0] + q[1], j[0] + j[1]) == pair
    assert beziques(TRUMP_DEPENDENT, trump) == [D("bezique", " ".join(pair), 40)]
    assert beziques(RuleSet.preset("seed_000A"), trump) == [D("bezique", " ".join(pair), 40)]


def test_r4_8_2_diamonds_double_bezique_is_two_queens_of_clubs_and_two_jacks_of_hearts():
    held = "QC#1 QC#2 JH#1 JH#2 QS#1 QS#2 JD#1 JD#2"
    from bezique.melds import MeldState
    ctx = MeldContext.for_hand(rules=TRUMP_DEPENDENT, trump="D")
    found = decl_strings(enumerate_declarations(cards_of(held), MeldState.for_rules(TRUMP_DEPENDENT), ctx))
    doubles = [s for s in found if s.startswith("double_bezique")]
    assert doubles == [D("double_bezique", "QC#1 QC#2 JH#1 JH#2", 500)]
