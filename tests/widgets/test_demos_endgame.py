"""The demo of chapter 08 without a browser: clicks play the last eight tricks of a real deal,
and every legal set and reason shown must be the engine's."""

import re

import pytest

from ci_support import require_import

require_import("ipywidgets")
require_import("ipycanvas")

from bezique.cards import parse_card, parse_cards
from bezique.rules import RuleSet
from bezique.tricks import legal_plays, play_problem
from bezique.widgets.demos.endgame import (EndgameClicker, legal_picture, play_to_phase2,
                                           stock_end_story)


def text(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_play_to_phase2_is_a_real_deterministic_deal():
    a, b = play_to_phase2(RuleSet(), 7), play_to_phase2(RuleSet(), 7)
    assert a.phase == 2 and a.tricks_done == 24 and a.stock_count == 0 and a.turn_up is None
    assert a.actions == b.actions
    assert all(len(h) == 8 for h in a.hands) and not any(a.exposed)


def test_clicker_greys_exactly_the_engines_illegal_cards():
    w = EndgameClicker()
    d = w.deal
    assert d.phase == 2 and d.to_act == w.you and len(d.trick) == 1   # the opponent led
    legal = legal_plays(d.hands[w.you], d.trick, d.trump, 2, d.rules)
    assert set(w.legal) == set(legal)
    assert w.table.disabled == frozenset(c for c in d.hands[w.you] if c not in legal)
    assert w.table.canvas.image_data


def test_default_position_shows_the_heading_rule():
    w = EndgameClicker()            # seed 104: trump ♠, В♥ led, you hold К♥ 9♥ 8♥ and spades
    strict = set(w.legal)
    w.head.value = False
    assert strict <= set(w.legal)
    assert "позиция та же" in text(w.message.value)
    if w.deal.trick == [parse_card("В♥#2")]:      # the Любитель's lead, as when written
        assert strict == {parse_card("К♥#2")}
        assert set(w.legal) == set(parse_cards("К♥#2 9♥ 8♥#2"))
    w.head.value = True
    assert set(w.legal) == strict


def test_a_click_on_a_grey_card_says_why():
    w = EndgameClicker()
    d = w.deal
    bad = w.illegal[0]
    w.table.click_card(bad)
    assert d.hands[w.you].count(bad) == 1                          # nothing was played
    problem = play_problem(bad, d.hands[w.you], d.trick, d.trump, 2, d.rules)
    assert problem.split(". ", 1)[1] in text(w.message.value)
    assert "Так играть нельзя" in text(w.message.value)


def test_a_legal_click_plays_and_the_opponent_answers_to_the_end():
    w = EndgameClicker()
    card = w.legal[0]
    w.table.click_card(card)
    assert card not in w.deal.hands[w.you]
    assert "Можно: К♥" in text(w.message.value)
    assert w.last_trick is not None and card in w.last_trick.cards
    while not w.deal.is_over:
        assert w.deal.to_act == w.you
        w.click(w.legal[0])
    assert "Сдача окончена" in text(w.status.value)
    assert w.deal.tricks_done == 32
    w.click(w.hand[0] if w.hand else parse_card("7♠"))
    assert "Сдача окончена" in text(w.message.value)


def test_new_deal_and_restart():
    w = EndgameClicker()
    w.click(w.legal[0])
    w.again.click()
    assert w.deal.tricks_done == 24
    w.new.click()
    assert w.seed.value == 105 and w.deal.phase == 2 and w.deal.to_act == w.you


def test_legal_pictures_of_the_rules_examples():
    p = legal_picture("9♥", "Т♥ 7♠ 8♣", "S")                     # 000-C's example
    assert "Можно сыграть: Т♥." in p.alt and p.png.startswith(b"\x89PNG")
    p = legal_picture("9♣", "Т♣ 7♣ К♥ 8♠", "H")                   # S-64
    assert "Можно сыграть: Т♣." in p.alt
    p = legal_picture("9♣", "Т♣ 7♣ К♥ 8♠", "H", RuleSet.preset("seed_003"))   # S-72
    assert "Можно сыграть: Т♣, 7♣." in p.alt
    p = legal_picture("К♠", "7♥ 10♥ В♦ 9♣", "H")                  # S-67
    assert "Можно сыграть: 10♥, 7♥." in p.alt


def test_stock_end_story_last_cards_and_last_declaration():
    st = stock_end_story(61)
    assert st["turn_up"].face == ("7", "H")
    assert {d.meld for d in st["declarations"]} == {"royal_marriage"}   # two copies of Д♥
    ev = " ".join(st["events"])
    assert "Вы объявляете козырный марьяж К♥ Д♥: +40 очков." in ev
    assert "Вы берёте последнюю карту талона" in ev
    assert "Соперник забирает открытый козырь 7♥." in ev
    assert len(st["hand_after"]) == 8
    st = stock_end_story(61, RuleSet().with_options(last_stock_trick_declaration=False))
    assert st["declarations"] == [] and "объявляете" not in " ".join(st["events"])


def test_every_canvas_has_a_picture_from_the_start():
    w = EndgameClicker()
    assert w.table.canvas.image_data and w.last.canvas.image_data


# ---------------------------------------------------------------- issue 28

def test_the_demo_plays_the_course_rule_and_hides_the_others_in_a_collapsed_block():
    from bezique.widgets.demos.common import OTHER_SOURCES
    w = EndgameClicker()
    assert w.head.value is True and w.deal.rules.phase2_must_head
    assert w.head not in w.children                    # not on the main path
    assert w.other in w.children and w.other.selected_index is None
    assert w.other.titles == (OTHER_SOURCES,)
    body = w.other.children[0]
    assert w.head in body.children
    note = text(body.children[0].value)
    assert "справочник (001)" in note and "страница «Боевой дракон» (004)" in note


@pytest.mark.parametrize("yours,theirs,want", [
    (1, 0, "Вы взяли 1 взятку, соперник не взял ни одной."),
    (0, 2, "Вы не взяли ни одной взятки, соперник — 2 взятки."),
    (5, 3, "Вы взяли 5 взяток, соперник — 3 взятки."),
    (0, 0, ""),
])
def test_tricks_taken_in_the_right_case(yours, theirs, want):
    from bezique.widgets.demos.endgame import took_tricks
    assert took_tricks(yours, theirs) == want
