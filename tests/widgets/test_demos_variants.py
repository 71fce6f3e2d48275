"""The demos of chapters 10 and 11 without a browser: clicks and buttons drive the widgets, and
every winner, declaration and score they show must be the engine's."""

import pytest

from ci_support import require_import

require_import("ipywidgets")

from bezique.actions import PASS
from bezique.cards import Card, parse_cards
from bezique.rules import RuleSet
from bezique.tricks import winner_reason, winning_index
from bezique.variants import infusorka
from bezique.widgets.demos.many_pack import (ManyPackOpening, gaps_table_html,
                                             infusorka_score_table, joker_layout, meld_row_html,
                                             series_points)
from bezique.widgets.demos.no_trump import NoTrumpDemo, YOU, OPP, trump_comparison
from bezique.widgets.demos.tables import SIDES, FourHandedDeal, ThreeHandedTrick, table_sizes
from bezique.events import DeclareEvent


# ---------------------------------------------------------------- no-trump bezique

def test_no_trump_deal_starts_without_a_trump():
    w = NoTrumpDemo(seed=10)
    d = w.deal
    assert d.rules.variant == "no_trump" and d.trump is None and d.turn_up is None
    assert "Козыря пока нет" in w.canvas.text.value
    assert w.canvas.canvas.image_data


def test_until_trump_stops_at_the_first_marriage():
    w = NoTrumpDemo(seed=10, until_trump=True)
    d = w.deal
    assert d.trump == "H"
    seat, suit = w.fixing()
    assert suit == "H"
    first = next(e.declaration for e in d.log if type(e) is DeclareEvent)
    assert first.meld == "no_trump_marriage" and first.points == 40
    assert "марьяж соперника" in w.canvas.text.value
    assert w.fast.disabled


def test_comparison_table_is_the_engines_answer():
    w = NoTrumpDemo(seed=10, until_trump=True)
    cards = w.deal.last_trick().cards
    for trump, win, reason in trump_comparison(cards):
        assert win == winning_index(cards, trump)
        assert reason == winner_reason(cards, trump)
        assert reason.split(":")[0] in w.compare.value
    assert "(как сейчас)" in w.compare.value
    changed = w.changed_tricks()
    assert changed and "взяли бы вы" in w.compare.value


def test_playing_by_clicks_and_declaration_buttons():
    w = NoTrumpDemo(seed=7)               # here you get to declare the first marriage
    pressed = False
    for _ in range(80):
        d = w.deal
        if d.is_over or d.trump is not None:
            break
        if d.stage == "declare" and d.to_act == YOU:
            assert w.decls.children                   # the engine's declarations as buttons
            labels = [b.description for b in w.decls.children]
            assert labels[-1] == "Ничего не объявлять"
            legal = d.legal_declarations(YOU)
            assert len(labels) == len(legal) + 1
            fixing = [i for i, x in enumerate(legal) if x.meld == "no_trump_marriage"]
            w.decls.children[fixing[0] if fixing else -1].click()
            pressed = pressed or bool(fixing)
        else:
            card = w.helper.choose(d.view(YOU)).card       # click what the helper would play
            n = d.tricks_done
            w.canvas.click_card(card)
            assert w.deal.tricks_done > n or len(w.deal.trick) == 1
    assert pressed and w.deal.trump is not None and w.fixing()[0] == YOU
    assert "ваш марьяж" in w.canvas.text.value


def test_a_click_while_declaring_is_explained():
    w = NoTrumpDemo(seed=3)
    for _ in range(80):
        d = w.deal
        if d.stage == "declare" and d.to_act == YOU:
            break
        w.step()
    d = w.deal
    assert d.stage == "declare" and d.to_act == YOU
    w.canvas.click_card(sorted(c for c in d.hands[YOU] if c not in d.exposed[YOU])[0])
    assert "Сначала объявите" in w.status.value
    w.new.click()
    assert w.seed.value == 4 and w.deal.tricks_done == 0


def test_helper_plays_for_you():
    w = NoTrumpDemo(seed=6)
    before = len(w.deal.actions)
    w.auto.click()
    assert len(w.deal.actions) > before


# ---------------------------------------------------------------- three in a trick

def test_three_handed_trick_examples():
    w = ThreeHandedTrick()
    assert w.winner() == 2 and "7♠" in w.result.value            # S-94 (a)
    w.examples[1].click()
    assert [c.copy for c in w.plays] == [1, 2, 3]
    assert w.winner() == 0 and "сыгранная раньше" in w.result.value   # S-94 (b)
    w.examples[2].click()
    assert w.winner() == 1                                         # S-94 (c)
    assert w.trick.canvas.image_data


def test_three_handed_clicks():
    w = ThreeHandedTrick(trump="H", cards=None)
    a, b, c = parse_cards("9♣ Т♣ 7♥")
    for card in (a, b, c):
        w.deck.click_card(Card(card.rank, card.suit, 1))
    assert w.winner() == winning_index(w.plays, "H") == 2
    w.deck.click_card(Card("8", "S", 1))
    assert len(w.plays) == 1


# ---------------------------------------------------------------- table sizes

def test_table_sizes_from_the_engine():
    three = table_sizes(RuleSet.preset("three_handed"))
    assert (three["pack"], three["turn_up"], three["stock"], three["phase1"]) == (96, 25, 71, 24)
    assert three["brisques"] == 240 and three["target"] == 1500
    four = table_sizes(RuleSet.preset("four_handed"))
    assert (four["turn_up"], four["stock"], four["phase1"]) == (33, 63, 16)


# ---------------------------------------------------------------- four-handed

def test_four_handed_deal_side_scores():
    w = FourHandedDeal(seed=3)
    r = w.deal.result()
    assert len(r["scores"]) == 2
    assert sum(r["brisques"]) == 240
    assert f"<b>{r['scores'][0]}</b>" in w.summary.value
    for seat in range(4):
        for decl in w.deal.melds[seat].scored:
            assert set(decl.cards) <= set(w.deal.initial[0][seat]) | {
                c for t in w.deal.won for tr in t for c in tr} | set(w.deal.initial[2]) | {
                w.deal.initial[1]}
    w.new.click()
    assert w.seed.value == 4


@pytest.mark.parametrize("mode, bonus", [("side", 10), ("side", 30), ("split_sides", 30)])
def test_four_handed_last_trick_caption_is_the_engine_bonus(mode, bonus):
    """Issue 14: the caption said «10 очков» whatever the rules gave for the last trick."""
    from bezique.deal import Deal
    from bezique.players.match import bots, play_deal
    from bezique.ru import points
    w = FourHandedDeal(seed=3)
    rules = RuleSet.preset("four_handed").with_options(four_hand_last_trick=mode,
                                                         last_trick_points=bonus)
    w.deal = play_deal(Deal.new(rules, 0, seed=3), bots("heuristic", 4, 3))
    last = w.deal.result()["last_trick"]
    text = w.summary_html()
    if mode == "side":
        assert f"{points(bonus)} пары «{SIDES[w.deal.last_trick_winner % 2]}»" in text
    else:
        assert last == [bonus // 2, bonus // 2] and f"по {points(bonus // 2)} каждой паре" in text
    assert bonus == 10 or "10 очков" not in text


# ---------------------------------------------------------------- many-pack

def test_many_pack_first_declarations():
    w = ManyPackOpening(seed=82, count=6)
    assert len(w.declared) == 6
    assert any(any(c.is_joker for c in d.cards) for _, _, d in w.declared)
    assert "174 карты" in w.head.value and "18 карт" in w.head.value
    assert "инфузорка" in w.items.value                     # alt text of the infusorka


def test_score_table_numbers_are_the_engines():
    assert [series_points("bezique", n) for n in (1, 2, 3, 4)] == [25, 50, 100, 200]
    assert [series_points("royal_marriage", n) for n in (1, 2, 3, 4)] == [4, 8, 16, 32]
    assert [series_points("four_queens", n) for n in (1, 2)] == [6, 12]
    table = infusorka_score_table()
    assert "2028" in table and "176" in table and "+1152" in table


def test_gaps_table_lists_every_gap():
    html = gaps_table_html()
    assert html.count("<tr>") == len(infusorka.GAPS) + 1


def test_joker_picture():
    lay = joker_layout(1.0)
    assert lay.size == (70, 100) and lay.image.size == (70, 100)
    assert lay.description == "инфузорка"
    assert "инфузорка" in meld_row_html([[Card("Q", "S"), infusorka.INFUSORKA_CARDS[0]]])


# ---------------------------------------------------------------- chapter pictures

def test_declarable_lists_the_engines_declarations_once_per_face():
    from bezique.widgets.demos.no_trump import Declarable
    d = Declarable("К♥ К♥ Д♥ Д♥ 7♥ 9♠ 8♣", trump=None)
    assert {(x.meld, x.points) for x in d.declarations()} == {("no_trump_marriage", 80),
                                                             ("no_trump_marriage", 40)}
    html = d._repr_html_()
    assert html.count("<li>") == 2 and "<img" in html
    assert "после того, как козырь назначен" in d.refusal("sequence", "Т♦ 10♦ К♦ Д♦ В♦") or \
        Declarable("Т♦ 10♦ К♦ Д♦ В♦ 9♠ 8♣", None).refusal("sequence", "Т♦ 10♦ К♦ Д♦ В♦")
    later = Declarable("Т♦ 10♦ К♦ Д♦ В♦ 9♠ 8♣", "D", scored=[("no_trump_marriage", "К♦ Д♦")])
    assert [(x.meld, x.points) for x in later.declarations()] == [("sequence", 300)]
    seven = Declarable("7♥ 9♠ 8♣ 9♦ 8♦ 10♠ В♣", trump="H")
    assert "семёрка очков не приносит" in seven.refusal("trump_seven", "7♥")


def test_legal_plays_three_handed_generalisation():
    from bezique.widgets.demos.tables import LegalPlays
    assert [c.ru for c in LegalPlays("К♣ 8♠", "9♣ 7♠", "S").legal()] == ["К♣"]        # S-109 a
    assert sorted(c.ru for c in LegalPlays("8♠ 9♠ Т♥", "9♣ 7♠", "S").legal()) == ["8♠", "9♠"]
    assert len(LegalPlays("7♠ Т♥", "9♣ 7♠", "S").legal()) == 2                       # S-109 c
    assert "Можно сыграть" in LegalPlays("Т♥ 8♦", "9♣ 7♠", "S")._repr_html_()


def test_no_trump_trick_picture():
    from bezique.widgets.demos.no_trump import trick_picture_nt
    pic = trick_picture_nt("9♣", "Т♥")
    assert pic.alt.startswith("Козыря нет") and "ходивший" in pic.alt
    assert "Козырь — черви" in trick_picture_nt("9♣", "Т♥", trump="H").alt


# ---------------------------------------------------------------- issue 28

def test_the_story_under_chapter_10s_picture_is_the_deals_own():
    """The chapter's sentence about its picture comes from the deal (it was one trick off)."""
    from bezique.events import TrumpFixedEvent, TrickEvent
    from bezique.widgets.demos.no_trump import fixing_story
    demo = NoTrumpDemo(seed=10, until_trump=True)
    story = fixing_story(demo)
    log = demo.deal.log
    fixed = next(i for i, e in enumerate(log) if type(e) is TrumpFixedEvent)
    trick = [e for e in log[:fixed] if type(e) is TrickEvent][-1]
    n = sum(1 for e in log[:fixed] if type(e) is TrickEvent)
    assert f"В {n}-й взятке" in story
    assert all(c.ru in story for c in trick.cards)
    assert demo.deal.trick and f"пошёл {demo.deal.trick[0].ru}" in story
    assert f"{demo.deal.tricks_done + 1}-я взятка" in story


def test_a_double_trump_fixing_marriage_is_named_double():
    from bezique.widgets.demos.no_trump import Declarable
    html = Declarable("К♥ К♥ Д♥ Д♥ 7♥ 9♠ 8♣", trump=None)._repr_html_()
    # the cards stand next to «марьяж», before the clause (after it they read as the trump)
    assert "двойной марьяж К♥ К♥ Д♥ Д♥, назначающий козырь — 80 очков" in html
    assert "<li>марьяж К♥ Д♥, назначающий козырь — 40 очков" in html
    assert "назначающий козырь К♥" not in html
    assert "по мнению программы" not in html
