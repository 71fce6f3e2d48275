"""One direction of play everywhere (issue 28, point 3; RULES.md §10.1): the player on the
dealer's right leads, then the cutter on the dealer's left, then the dealer — play goes to the
right, so a question names the player after you «справа» and the one before you «слева»."""

from __future__ import annotations

import pytest

from bezique.deal import Deal
from bezique.position_seats import seat_name
from bezique.rules import RuleSet


@pytest.mark.parametrize(("preset", "right", "left"), [
    ("three_handed", "игрок справа", "игрок слева"),
    ("four_handed", "соперник справа", "соперник слева"),
])
def test_the_first_leader_sits_on_the_dealers_right(preset, right, left):
    for dealer in range(RuleSet.preset(preset).players):
        deal = Deal.new(RuleSet.preset(preset), dealer=dealer, seed=1)
        n = deal.n
        assert seat_name(deal.leader, dealer, n) == right        # leads first
        cutter = (dealer - 1) % n                               # last before the dealer
        assert seat_name(cutter, dealer, n) == left
        # after the leader, in the order of play, comes the cutter, then (three) the dealer
        order = [(deal.leader + k) % n for k in range(n)]
        assert order[-1] == dealer and order[-2] == cutter
        assert seat_name(order[1], order[0], n) == right


def test_four_handed_partner_sits_opposite():
    assert seat_name(2, 0, 4) == "ваш партнёр"
