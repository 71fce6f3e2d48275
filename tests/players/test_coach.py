"""The coach: legality with the engine's reasons, hints with reasons, the after-deal review."""

from __future__ import annotations

import random

import pytest

from bezique.actions import PASS, Play
from bezique.cards import Card
from bezique.deal import Deal
from bezique.melds import Declaration
from bezique.players import coach, coach_reasons
from bezique.players.determinize import action_key
from bezique.players.heuristic import HeuristicPlayer
from bezique.players.match import play_deal
from bezique.players.search import SearchPlayer
from bezique.rules import RuleSet
from bezique.tricks import legal_reason, play_problem

from bezique.players.coach_memory import Memory, decision_key

from .helpers import advance, deal_from, swap_hidden


@pytest.fixture(autouse=True)
def _forget_hints():
    """Each test starts with a coach that has given no hints yet."""
    coach.MEMORY.clear()
    yield
    coach.MEMORY.clear()


def _royal_marriage_position(stock_first=""):
    """Seat 1 (trumps ♠, turn-up 8♠) wins the first trick holding K♠ Д♠; A♠ 10♠ В♠ unseen."""
    d = deal_from("7C 8C 9H KD QH JC TD 9S", "KS QS 9C 7H 8H 8D 9D 7C", "8S",
                  stock_first=stock_first)
    d.apply(Play(Card("9", "C", 1)), 1)
    d.apply(Play(Card("7", "C", 1)), 0)
    return d


def test_hint_royal_marriage_early_with_reason():
    d = _royal_marriage_position()
    view = d.view(1)
    assert view.stage == "declare"
    h = coach.hint(view, samples=4)
    assert type(h.action) is Declaration and h.action.meld == "royal_marriage"
    assert "козырный марьяж" in h.text
    assert "секвенц" in h.reason and "250" in h.reason


def test_hint_royal_marriage_before_sequence_when_both_are_legal():
    d = deal_from("7C 8C 9H KD QH JC TD 9D", "KS QS AS TS JS 9C 8H 7C", "8S")
    d.apply(Play(Card("9", "C", 1)), 1)
    d.apply(Play(Card("7", "C", 1)), 0)
    view = d.view(1)
    melds = {a.meld for a in view.legal_actions if type(a) is Declaration}
    assert {"royal_marriage", "sequence"} <= melds
    h = coach.hint(view, samples=6)
    assert h.action.meld == "royal_marriage"
    assert "секвенц" in h.reason


def test_hint_does_not_depend_on_unseen_cards():
    a = _royal_marriage_position()
    b = _royal_marriage_position(stock_first="AS TS JS")     # the sequence cards on top now
    assert a.view(1).unseen() == b.view(1).unseen()
    assert sorted(a.stock) != sorted(b.stock) or a.stock != b.stock
    ha = coach.hint(a.view(1), samples=4, memory=None)
    hb = coach.hint(b.view(1), samples=4, memory=None)
    assert action_key(ha.action) == action_key(hb.action) and ha.reason == hb.reason


def test_hint_permutation_of_unseen_cards_in_random_positions():
    rng = random.Random(21)
    done = 0
    i = 0
    while done < 4:
        i += 1
        deal = advance(Deal.new(RuleSet(), i % 2, seed=700 + i), rng.randrange(4, 50), rng)
        if deal.is_over or deal.phase != 1:
            continue
        seat = deal.to_act
        other = swap_hidden(deal, seat, rng)
        if other is None:
            continue
        ha = coach.hint(deal.view(seat), samples=3, seed=5, memory=None)
        hb = coach.hint(other.view(seat), samples=3, seed=5, memory=None)
        assert action_key(ha.action) == action_key(hb.action)
        assert ha.text == hb.text and ha.reason == hb.reason
        done += 1


def test_legality_phase2_quotes_the_engine():
    rng = random.Random(2)
    for i in range(40):
        deal = Deal.new(RuleSet(), 0, seed=300 + i)
        while not deal.is_over and not (deal.phase == 2 and deal.trick):
            advance(deal, 1, rng, mix=1.0)
        if deal.is_over:
            continue
        seat = deal.to_act
        view = deal.view(seat)
        lg = coach.legality(view)
        hand, trick = list(view.hand), [c for _, c in view.trick]
        assert lg.rule == legal_reason(hand, trick, view.trump, 2, view.rules)
        forbidden_cards = [f for f in lg.forbidden if type(f.action) is Play]
        for f in forbidden_cards:
            assert f.reason == play_problem(f.action.card, hand, trick, view.trump, 2, view.rules)
        assert len(lg.allowed) + len(forbidden_cards) == len(hand)
        # Declarations in phase 2: the engine's own message.
        for f in lg.forbidden:
            if type(f.action) is Declaration:
                assert "восьми взятках" in f.reason
        return
    raise AssertionError("no phase-2 position found")


def test_legality_explains_a_declaration_out_of_turn_and_a_reused_card():
    d = _royal_marriage_position()
    view = d.view(1)
    lg = coach.legality(view)
    assert any(o.action == PASS for o in lg.allowed)
    assert any("Сначала закончите объявление" in f.reason for f in lg.forbidden)
    d.apply(next(a for a in view.legal_actions if type(a) is Declaration), 1)
    # Seat 1 leads now: its marriage cards are on the table and cannot be married again.
    lg = coach.legality(d.view(1))
    texts = [f.reason for f in lg.forbidden]
    assert any("после выигранной взятки" in t for t in texts)


def test_review_lists_costly_decisions():
    from bezique.players.random_player import RandomPlayer
    deal = Deal.new(RuleSet(), 0, seed=12)
    players = [RandomPlayer(1), HeuristicPlayer(1)]
    play_deal(deal, players, until=lambda d: len(d.actions) >= 24)   # a deal in progress can be reviewed too
    mistakes = coach.review(deal, 0, top=3, samples=4)
    assert 1 <= len(mistakes) <= 3
    assert all(m.loss > 0 for m in mistakes)
    assert [m.loss for m in mistakes] == sorted((m.loss for m in mistakes), reverse=True)
    for m in mistakes:
        assert m.text.startswith("Взятка") and "лучше было" in m.text


def test_describe_action_in_russian():
    assert coach_reasons.describe_action(Play(Card("Q", "S", 1))) == "сыграть Д♠ (дама пик)"
    assert coach_reasons.describe_action(PASS).startswith("не объявлять")
    # the meld is the object of «объявить»: accusative, never «объявить козырная семёрка»
    seven = Declaration("trump_seven", (Card("7", "H"),), 10)
    assert coach_reasons.describe_action(seven) == "объявить козырную семёрку 7♥ — 10 очков"
    marriage = Declaration("royal_marriage", (Card("K", "H"), Card("Q", "H")), 40)
    assert coach_reasons.describe_action(marriage) == "объявить козырный марьяж К♥ Д♥ — 40 очков"


def test_words_agree_with_the_card():
    for rank, word in [("A", "он"), ("K", "он"), ("J", "он"), ("Q", "она"), ("T", "она"),
                       ("9", "она"), ("8", "она"), ("7", "она")]:
        assert coach_reasons.gendered(Card(rank, "H"), "он", "она") == word


# ------------------------------------------------------------------ hint and review agree

def _follow_hints(deal_seed: int, memory: Memory, samples: int = 6):
    """Seat 0 plays every hint (`coach.hint`) against the Любитель; returns the deal and
    {action index: hint} for the decisions seat 0 had a choice in."""
    deal = Deal.new(RuleSet(), deal_seed % 2, seed=deal_seed)
    opp = HeuristicPlayer(deal_seed)
    hints = {}
    while not deal.is_over:
        seat = deal.to_act
        view = deal.view(seat)
        if seat == 0 and len(view.legal_actions) > 1:
            h = coach.hint(view, samples=samples, seed=len(deal.actions), memory=memory)
            hints[len(deal.actions)] = h
            act = next((a for a in view.legal_actions if action_key(a) == action_key(h.action)),
                       h.action)
        elif seat == 0:
            act = view.legal_actions[0]
        else:
            act = opp.choose(view)
        deal.apply(act, seat)
    return deal, hints


def test_review_never_blames_a_followed_hint():
    """Several deals in which the learner follows every hint: the review lists no hinted move
    as a mistake; a deeper look that disagrees is a note that says so."""
    for deal_seed in (401, 402):
        memory = Memory()
        deal, hints = _follow_hints(deal_seed, memory, samples=4)
        assert len(hints) > 20
        found = coach.review(deal, 0, top=10, samples=3, seed=deal_seed, min_loss=1.0,
                             memory=memory)
        assert [m for m in found if m.index in hints] == []
        for note in found.notes:
            assert note.hinted and note.index in hints
            assert action_key(note.chosen) == action_key(hints[note.index].action)
            assert "подсказка предлагала этот ход; более точный расчёт после сдачи показывает" \
                in note.text
    # Without the hints remembered, the same review does blame hinted moves.
    blamed = coach.review(deal, 0, top=10, samples=3, seed=deal_seed, min_loss=1.0, memory=None)
    assert [m for m in blamed if m.index in hints]


def test_the_review_replays_to_the_very_decisions_the_hints_were_given_for():
    memory = Memory()
    deal, hints = _follow_hints(404, memory, samples=2)
    hands, turn_up, stock = deal.initial
    fresh = Deal(deal.rules, deal.dealer, hands, turn_up, stock)
    hit = 0
    for idx, (s, act) in enumerate(deal.actions):
        if idx in hints:
            assert memory.get(fresh.view(s)) is hints[idx]
            hit += 1
        fresh.apply(act, s)
    assert hit == len(hints)


def test_decision_key_ignores_the_order_of_the_legal_actions():
    import dataclasses
    d = Deal.new(RuleSet(), 0, seed=1)
    v = d.view(d.to_act)
    w = dataclasses.replace(v, legal_actions=tuple(reversed(v.legal_actions)))
    assert decision_key(v) == decision_key(w)
    other = dataclasses.replace(v, legal_actions=v.legal_actions[1:])
    assert decision_key(v) != decision_key(other)


def test_same_decision_same_hint_even_with_another_seed():
    d = Deal.new(RuleSet(), 0, seed=31)
    view = d.view(d.to_act)
    memory = Memory()
    first = coach.hint(view, samples=4, seed=1, memory=memory)
    assert coach.hint(view, samples=8, seed=2, memory=memory) is first
    assert len(memory) == 1


def test_same_deal_same_seed_same_hints_and_review():
    runs = []
    for _ in range(2):
        memory = Memory()
        deal, hints = _follow_hints(405, memory, samples=3)
        found = coach.review(deal, 0, top=5, samples=3, seed=7, min_loss=1.0, memory=memory)
        runs.append(([(i, h.text, h.reason) for i, h in sorted(hints.items())],
                     [m.text for m in found], [m.text for m in found.notes]))
    assert runs[0] == runs[1]
    assert runs[0][0]


def _gap(view, act, samples, seed):
    an = coach.analyse(view, samples=samples, seed=seed, include=(act,))
    return an.ranked[0].value - an.value_of(act).value if an.value_of(act) else 0.0


def _bad_move(seed):
    """A phase-1 decision and a move that Мастер values clearly lower than its choice both at
    the review's quick look (16 samples, seed = the decision's index) and at the deeper look
    at a hint given with 16 samples and seed 0 (32 samples)."""
    rng = random.Random(seed)
    for i in range(40):
        deal = advance(Deal.new(RuleSet(), 0, seed=900 + i + seed), 6, rng, mix=1.0)
        view = deal.view(deal.to_act)
        if deal.phase != 1 or view.stage != "play" or len(view.legal_actions) < 4:
            continue
        an = coach.analyse(view, samples=16, seed=0)
        for av in sorted(an.ranked[1:], key=lambda av: av.value):
            if _gap(view, av.action, 16, len(deal.actions)) > 10 and _gap(view, av.action, 32, 0) > 10:
                return deal, view, an, av.action
    raise AssertionError("no position with a clearly bad move found")


def test_a_followed_hint_that_a_deeper_look_rejects_is_a_note_not_a_mistake():
    deal, view, an, bad = _bad_move(1)
    memory = Memory()
    h = coach.Hint(bad, "Совет.", "", [], an.method, an, 0)     # as a very noisy hint might
    memory.put(view, h)
    idx = len(deal.actions)
    deal.apply(next(a for a in view.legal_actions if action_key(a) == action_key(h.action)),
               view.seat)
    found = coach.review(deal, view.seat, top=3, samples=16, seed=0, memory=memory)
    assert all(m.index != idx for m in found)
    note = next(m for m in found.notes if m.index == idx)
    assert note.hinted and action_key(note.chosen) == action_key(h.action)
    assert action_key(note.best) != action_key(h.action)
    n = int(round(note.loss))
    assert n >= 5 and f"лучше на {coach.plural(n, 'очко')}." in note.text
    assert "подсказка предлагала этот ход; более точный расчёт после сдачи показывает, что " \
        f"{coach_reasons.describe_action(note.best)} лучше" in note.text
    # Without the remembered hint the same move is one of the learner's mistakes.
    plain = coach.review(deal, view.seat, top=3, samples=16, seed=0, memory=None)
    assert any(m.index == idx and not m.hinted for m in plain) and not plain.notes


def test_an_ignored_hint_is_measured_against_the_hinted_move():
    deal, view, _, worst = _bad_move(2)
    memory = Memory()
    h = coach.hint(view, samples=16, seed=0, memory=memory)
    assert action_key(worst) != action_key(h.action)
    idx = len(deal.actions)
    deal.apply(worst, view.seat)
    found = coach.review(deal, view.seat, top=3, samples=4, seed=0, memory=memory)
    m = next(m for m in found if m.index == idx)
    assert action_key(m.best) == action_key(h.action)
    assert m.loss == pytest.approx(h.analysis.value_of(h.action).value
                                   - h.analysis.value_of(worst).value)
    assert "Этот ход предлагала и подсказка." in m.text
    # one figure, the hint's own: the cost; not the hint's comparison with its next best move
    assert f"около {coach.plural(int(round(m.loss)), 'очко', 'gen')}" in m.text
    assert "в среднем на" not in m.text and "лучше, чем" not in m.text


def test_the_coach_never_calls_an_infusorka_useless():
    """Many-pack bezique: the infusorka stands for any card of a combination, so a hint to play
    it never says it «не входит в комбинации» or «не нужна ни для одной комбинации»."""
    from bezique.deal import Deal
    from bezique.players import coach as coaching
    from bezique.players.heuristic import heuristic_action
    from bezique.rules import RuleSet
    rules = RuleSet.preset("many_pack_infusorka")
    seen = 0
    for seed in range(1, 40):
        deal = Deal.new(rules, dealer=1, seed=seed)
        for _ in range(30):
            if deal.is_over:
                break
            view = deal.view(deal.to_act)
            if deal.stage == "play" and any(c.is_joker for c in view.hand):
                for c in view.hand:
                    if c.is_joker:
                        text = coaching.explain_choice(view, next(
                            a for a in view.legal_actions if getattr(a, "card", None) == c))
                        assert "не входит в комбинации" not in text, text
                        assert "не нужна ни для одной" not in text, text
                        assert "не нужен ни для одной" not in text, text
                        seen += 1
            deal.apply(heuristic_action(deal))
        if seen >= 5:
            break
    assert seen >= 5


def test_the_seven_exchange_reason_agrees_with_the_turned_ace():
    """«в руку придёт Т♥ (туз червей) — это бриск, он может войти в секвенцию» (not «она»)."""
    d = deal_from("7♠ 8♣ 9♣ В♣ Д♦ 8♦ 9♦ 10♦", "Т♠ 7♥ 8♠ 9♠ В♠ 8♥ 9♥ 10♣", "Т♥")
    d.apply(Play(Card("A", "S")), 1)
    d.apply(Play(Card("7", "S")), 0)
    view = d.view(1)
    exchange = next(a for a in view.legal_actions if getattr(a, "meld", None) == "seven_exchange")
    text = coach_reasons.explain_choice(view, exchange)
    assert "Т♥ (туз червей) — это бриск, он может войти в секвенцию" in text, text
    assert "она может" not in text


def test_hints_and_reviews_search_as_master_does():
    """Hints and reviews use Мастер's search (no lookahead, as he plays), both the same, in the
    simulator where it serves the rules."""
    player = coach._coach_player(8, 0.3, 0)
    assert player.lookahead == SearchPlayer().lookahead is None
    assert player.simulate


# ------------------------------------------------------------------ true reasons for a play

def _first_lead_position():
    """Seat 1 leads the first trick, trumps ♦ (8♦ turned up), holding two jacks, a plain nine
    and no other part of a combination in sight (the position of a learner's audit)."""
    d = deal_from("7C 8C 9C KC QH 7H 8S 9S", "TS TS KS JS TH JH 9H AD", "8D")
    return d, d.view(1)


def test_a_jack_is_never_said_to_be_in_no_combination():
    """Every jack may make four jacks: the coach that plays one for its low potential says what
    it may still join (the engine's enumeration) and that it is no brisque; a plain nine belongs
    to no combination, and that is what it is told."""
    d, view = _first_lead_position()
    jack = Card("J", "H", 1)
    text = coach_reasons.explain_choice(view, Play(jack))
    assert "не входит" not in text and "не войдёт" not in text and "бесполезн" not in text, text
    assert "В♥ — не бриск и может войти только в четыре валета" in text, text
    nine = coach_reasons.explain_choice(view, Play(Card("9", "H", 1)))
    assert "9♥ — не бриск и не входит ни в одну комбинацию" in nine, nine
    # Nor in random positions: a face that some combination contains is never «не входит».
    rng = random.Random(5)
    said = 0
    for i in range(30):
        deal = advance(Deal.new(RuleSet(), i % 2, seed=1100 + i), rng.randrange(2, 40), rng)
        if deal.is_over or deal.phase != 1 or deal.stage != "play":
            continue
        v = deal.view(deal.to_act)
        for a in v.legal_actions:
            t = coach_reasons.explain_choice(v, a)
            if a.card.rank in "AKQJ":
                assert f"{a.card.ru} не входит" not in t and "не бриск и не входит" not in t, t
            said += "ни в одну комбинацию" in t or "может войти только в" in t
    assert said


def test_a_card_that_scored_in_a_declaration_gets_the_true_reason():
    """К♠ has scored in the trump sequence: leading it, the coach says it has brought points in
    a combination, not that it is useless (it may still make four kings)."""
    d = deal_from("7C 8C 9H KD QH JC TD 9D", "KS QS AS TS JS 9C 8H 7C", "8S")
    d.apply(Play(Card("9", "C", 1)), 1)
    d.apply(Play(Card("7", "C", 1)), 0)
    seq = next(a for a in d.view(1).legal_actions
               if type(a) is Declaration and a.meld == "sequence")
    d.apply(seq, 1)
    while d.to_act == 1 and d.stage == "declare":
        d.apply(PASS, 1)
    view = d.view(1)
    assert view.stage == "play" and view.to_act == 1
    for c in seq.cards:
        if c.rank in "KQJ":                       # not a brisque, not a sure winner
            text = coach_reasons.explain_choice(view, Play(c))
            assert f"Карта {c.ru} уже принесла очки в комбинации" in text, text
            assert "бесполезн" not in text and "не входит" not in text, text


def test_the_cards_kept_for_a_combination_are_all_named_once():
    """Giving up K♥'s trick with 9♥, holding Т♦ 10♦ Д♦ В♦ of the trump sequence: all four are
    named with the combination they are kept for, and the general advice to keep cards for
    combinations is not said again beside them."""
    d = deal_from("9H JC AD TD QD JD 9D 9D", "KH 7C 8C 9C QH 7H 8S 9S", "8D")
    d.apply(Play(Card("K", "H", 1)), 1)
    view = d.view(0)
    text = coach_reasons.explain_choice(view, Play(Card("9", "H", 1)))
    assert "Сохраните Т♦ 10♦ Д♦ В♦ для козырной секвенции" in text, text
    assert "карты для комбинаций лучше сохранить" not in text, text
    assert text.lower().count("сохрани") == 1, text


def test_a_review_item_gives_one_figure_for_its_choice():
    """The review says what the learner's move cost and why the better one is better; the
    hint's own comparison (another figure, from other sampled deals, against the next best
    move) is not pasted into it."""
    from bezique.players.random_player import RandomPlayer
    deal = Deal.new(RuleSet(), 0, seed=12)
    play_deal(deal, [RandomPlayer(1), HeuristicPlayer(1)], until=lambda d: len(d.actions) >= 24)
    found = coach.review(deal, 0, top=5, samples=8, min_loss=1.0, memory=None)
    assert found
    for m in found:
        head, _, why = m.text.partition(". ")
        assert f"около {coach.plural(int(round(m.loss)), 'очко', 'gen')}" in head, m.text
        assert "лучше, чем" not in m.text and "почти так же хорошо" not in m.text, m.text
        assert "в среднем на" not in m.text, m.text


def test_the_cards_are_kept_for_the_combination_nearest_to_complete():
    """Chapter 13's first position: Д♠ and В♦ make a bezique now; the coach keeps them for the
    bezique, not for the double bezique they could grow into (the chapter's own advice is the
    simple bezique first)."""
    from bezique.widgets.demos.advice import CASES, computer_choice
    case = next(c for c in CASES if c.key == "lead_low")
    text = coach_reasons.explain_choice(case.view(), computer_choice(case))
    assert "Сохраните Д♠ В♦ для безика" in text, text
    assert "двойного" not in text, text


def test_a_combination_that_cannot_be_completed_in_time_is_not_named():
    """Chapter 13's «fight»: three cards and the turn-up left, so the seat draws two more and
    can declare only the first of them; the trump sequence, missing two cards besides the
    royal marriage, cannot be made any more and is not what a card is kept for — while with a
    full stock the same enumeration still offers it."""
    from bezique.widgets.demos.advice import CASES, computer_choice
    case = next(c for c in CASES if c.key == "fight")
    view = case.view()
    assert view.stock_count == 3 and view.draws_in_time == 1
    text = coach_reasons.explain_choice(view, computer_choice(case))
    assert "секвенци" not in text, text
    open_now = coach_reasons._open_declarations(view)
    assert open_now and all(
        sum(1 for c in d.cards if c not in set(view.hand)) <= 1 for d in open_now)
    first = Deal.new(RuleSet(), 0, seed=3).view(1)
    assert first.draws_in_time == first.stock_count // 2
    assert any(d.meld == "sequence" for d in coach_reasons._open_declarations(first))


def test_a_reason_is_short_sentences_and_two_copies_are_named_once():
    """A reason is said in sentences, each with a capital and a full stop (not one long line
    joined by semicolons), and both copies of a card kept are «два К♦», not «К♦ К♦» (nor «оба
    К♦ Д♠», read as «both of these»)."""
    from bezique.cards import Card
    assert coach_reasons.card_list([Card("K", "D", 2), Card("Q", "S", 1), Card("K", "D", 1)]) \
        == "Д♠ и два К♦"
    assert coach_reasons.card_list([Card("Q", "S", 1), Card("Q", "S", 2)]) == "две Д♠"
    assert coach_reasons.card_list([Card("A", "D", 1), Card("A", "D", 2), Card("T", "D", 1),
                                    Card("K", "D", 1)]) == "два Т♦, 10♦ и К♦"
    assert coach_reasons.card_list([Card("T", "D", 1), Card("K", "D", 1)]) == "10♦ К♦"
    d, view = _first_lead_position()
    text = coach_reasons.explain_choice(view, Play(Card("J", "H", 1)))
    assert ";" not in text and text.endswith("."), text
    assert all(s[:1].isupper() or not s[:1].isalpha() for s in text.split(". ")), text


def test_a_move_with_no_choice_is_not_given_a_calculated_value():
    """In the last tricks a seat that must follow with its one card, or holds one card, has
    nothing weighed (the analysis is «forced», its value a placeholder 0): the hint says that
    the rules leave no other move, never «по точному расчёту … столько же, сколько соперник»
    (said at the table of deal № 1 while the learner took both last tricks)."""
    from bezique.players.heuristic import heuristic_action
    seen = {"follow": 0, "last": 0}
    for seed in range(1, 40):
        d = Deal.new(RuleSet(), 0, seed=seed)
        while not d.is_over:
            view = d.view(d.to_act)
            if d.phase == 2 and len(view.legal_actions) == 1:
                h = coach.hint(view, samples=4, memory=None)
                assert "расчёт" not in h.reason, h.reason
                if view.trick:
                    assert "Другого хода правила не оставляют." in h.reason, h.reason
                    seen["follow"] += 1
                else:
                    assert h.reason == "Других карт на руке нет.", h.reason
                    seen["last"] += 1
            d.apply(heuristic_action(d, d.to_act), d.to_act)
        if seen["follow"] and seen["last"] > 3:
            break
    assert seen["follow"] and seen["last"], seen


def test_no_more_copies_are_kept_than_the_combination_holds():
    """A trump sequence needs one Т♦: the coach never asks to keep «два Т♦» for it (nor for a
    marriage or a bezique); four aces may hold two Т♠ where the suits need not differ, a double
    bezique two Д♠ (random positions)."""
    import re
    rng = random.Random(8)
    kept = 0
    for seed in range(30):
        d = Deal.new(RuleSet(), seed % 2, seed=seed)
        while d.phase == 1 and not d.is_over:
            view = d.view(d.to_act)
            if view.stage == "play":
                for a in view.legal_actions[:3]:
                    text = coach_reasons.explain_choice(view, a, compare=False)
                    for said, meld in re.findall(r"(?:Сохраните|и) ([^.]*?) для ([а-яё ]+)", text):
                        kept += 1
                        if meld.strip() in ("козырной секвенции", "марьяжа", "козырного марьяжа",
                                            "безика"):        # four aces may take two Т♠
                            assert not re.search(r"\b(два|две) ", said), text
            d.apply(rng.choice(d.legal_actions()), d.to_act)
    assert kept > 100, kept
