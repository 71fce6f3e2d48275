"""Reading the opponent's moves: the true hand of a Любитель opponent always fits."""

from __future__ import annotations

from bezique.deal import Deal
from bezique.players.heuristic import HeuristicPlayer
from bezique.players.infer import LastMoveFilter, PreviousMoveFilter
from bezique.rules import RuleSet
from bezique.events import DrawEvent


def test_true_hand_fits_the_last_and_the_previous_move():
    last = prev = 0
    for i in range(15):
        deal = Deal.new(RuleSet(), i % 2, seed=900 + i)
        players = [HeuristicPlayer(0), HeuristicPlayer(1)]
        history = {0: [], 1: []}
        while not deal.is_over:
            seat = deal.to_act
            view = deal.view(seat)
            opp = 1 - seat
            hidden = [c for c in deal.hands[opp] if c not in deal.known[opp]]
            f = LastMoveFilter.from_view(view)
            if f is not None:
                assert f.accepts(hidden)
                last += 1
            g = PreviousMoveFilter.from_views(view, history[seat])
            if g is not None:
                # The card the opponent really drew after that trick.
                draws = [e for e in deal.log if type(e) is DrawEvent and e.seat == opp]
                drawn = draws[-1].card
                held = list(deal.known[opp]) + hidden + g.played_since
                hand = [c for c in held if c != drawn] + [g.check.played]
                assert g.check.accepts_hand(hand)
                prev += 1
            history[seat].append(view)
            deal.apply(players[seat].choose(view), seat)
    assert last > 100 and prev > 100
