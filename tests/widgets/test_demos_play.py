"""The demos of chapters 02–05 without a browser: clicks, lists and buttons drive the widgets,
and every answer they show must be the engine's."""


import pytest

from ci_support import require_import

require_import("ipywidgets")
require_import("ipycanvas")

from bezique.cards import Card, parse_card
from bezique.deal import Deal
from bezique.rules import RuleSet
from bezique.tricks import winner_reason
from bezique.widgets.demos.cards import CompareCards, higher_of, pack_picture, rank_order_ru
from bezique.widgets.demos.deal import CutForDeal, DealStepper
from bezique.widgets.demos.seven import SevenDemo, seven_position
from bezique.widgets.demos.tricks import TrickWinner


def card(text):
    return parse_card(text)


# ---------------------------------------------------------------- rank order

def test_rank_order_comes_from_the_engine():
    for suit in "SHDC":
        assert rank_order_ru(suit) == "Т 10 К Д В 9 8 7"


def test_ten_is_above_the_king_and_identical_cards_are_equal():
    assert higher_of(card("К♥"), card("10♥")) is card("10♥")
    assert higher_of(card("8♣"), card("9♣")) is card("9♣")
    assert higher_of(Card("T", "H", 1), Card("T", "H", 2)) is None


def test_pack_picture_shows_all_64_cards():
    pic = pack_picture()
    assert pic.png.startswith(b"\x89PNG")
    assert pic.alt.count("туз пик") == 2
    assert sum(pic.alt.count(f"{r} ") for r in ("туз", "десятка", "король", "дама", "валет",
                                                "девятка", "восьмёрка", "семёрка")) == 64
    assert pic.alt.startswith("Колода безика, 64 карты, по две каждой.")


def test_pack_picture_takes_its_size_from_the_engine(monkeypatch):
    from bezique.rules import RuleSet
    from bezique.widgets.demos import cards as demo
    monkeypatch.setattr(demo, "RuleSet", lambda: RuleSet(packs=3))
    pic = demo.pack_picture()
    assert pic.alt.startswith("Колода безика, 96 карт, по три каждой.")
    assert pic.alt.count("туз пик") == 3


# ---------------------------------------------------------------- compare two cards

def test_compare_starts_with_king_and_ten():
    w = CompareCards()
    assert w.picks == [card("К♥"), card("10♥")]
    assert "10♥ (десятка червей) старше, чем К♥" in w.result.value
    assert "Т 10 К Д В 9 8 7" in w.result.value
    assert w.canvas.canvas.image_data            # the picture is in the widget state


def test_compare_clicks_pick_two_then_start_again():
    w = CompareCards(picks=())
    nine, seven = Card("9", "H", 1), Card("7", "H", 2)
    w.canvas.click_card(nine)
    assert w.picks == [nine]
    assert "Выберите ещё одну карту" in w.result.value
    w.canvas.click_card(seven)
    assert "9♥ (девятка червей) старше, чем 7♥" in w.result.value
    assert "очков не приносят" in w.result.value
    assert w.first.value == ("9", "H") and w.second.value == ("7", "H")
    assert w.canvas.selected == {nine, seven}
    w.canvas.click_card(Card("A", "H", 1))       # a third card starts a new pair
    assert w.picks == [Card("A", "H", 1)]
    w.canvas.click_card(Card("A", "H", 1))       # clicking it again drops it
    assert w.picks == []


def test_compare_lists_and_identical_cards():
    w = CompareCards(picks=())
    w.first.value = ("T", "H")
    w.second.value = ("T", "H")
    assert w.picks == [Card("T", "H", 1), Card("T", "H", 2)]
    assert "одинаковые карты" in w.result.value


def test_compare_suit_change_and_sorting():
    w = CompareCards()
    w.suit.value = "S"
    assert w.picks == []
    assert {c.suit for c in w.cards()} == {"S"} and len(w.cards()) == 16
    w.sorted.value = True
    labels = [b.card for b in w.canvas.layout_result.boxes]
    assert [c.rank for c in labels] == [r for r in "ATKQJ987" for _ in (1, 2)]


# ---------------------------------------------------------------- cutting for the deal

def test_cut_high_and_low_give_the_deal_to_different_players():
    w = CutForDeal(seed=3)
    assert "первым сдаёт Анна" in w.result.value           # Т♠ against 9♣
    w.rule.value = "low"
    assert "первым сдаёт Борис" in w.result.value


def test_cut_tie_is_cut_again():
    w = CutForDeal(seed=8)
    assert "жребий тянут снова" in w.result.value
    w.recut()
    assert w.count == 1


# ---------------------------------------------------------------- the deal

@pytest.mark.parametrize("pattern, packets", [("3-2-3", 6), ("1x8", 16), ("3-3-2", 6),
                                              ("6-1-1", 6)])
def test_stepper_deals_the_engines_deal(pattern, packets):
    w = DealStepper(seed=12, pattern=pattern)
    assert w.total_steps == packets + 1
    assert "Нажмите «Следующий шаг»" in w.status.value
    w.advance()
    first = w.steps[0]
    assert first[0] == 0                               # the dealer receives first
    assert len(first[1]) == int(pattern[0])
    w.finish()
    assert w.next.disabled
    ref = Deal.new(RuleSet().with_options(deal_pattern=pattern), 0, 12)
    assert w.turn_up is ref.turn_up
    assert sorted(w.deal.hands[0]) == sorted(ref.hands[0])
    assert "47 карт рубашкой вверх" in w.status.value
    assert "Первым ходит соперник сдатчика" in w.status.value
    assert "талон: 47" in w.middle.text.value.lower()


def test_stepper_counts_cards_left_in_the_pack():
    w = DealStepper(seed=1)
    w.advance()
    assert "в колоде 61 карта" in w.status.value
    # the picture's text names the same pile as the status: the pack, not yet the stock
    assert "Колода: 61 карта." in w.middle.text.value and "Талон" not in w.middle.text.value
    w.advance()
    assert "в колоде 58 карт" in w.status.value


def test_stepper_turned_up_seven_and_club_bonuses():
    w = DealStepper(seed=39)                          # the turn-up is 7♣
    w.finish()
    assert w.turn_up.rank == "7"
    assert "сдатчик сразу записывает себе 10 очков" in w.status.value
    w.club.value = True                               # 000-C: and the opponent −5
    w.finish()
    assert "вычитают 5 очков" in w.status.value
    assert w.deal.declared == [10, -5]
    w.seed.value = 4                                  # Т♠ turned up: +20 with the club rules
    w.finish()
    assert w.deal.declared[0] == 20 and "+20 очков" in w.status.value


def test_stepper_new_deal_changes_the_seed():
    w = DealStepper(seed=5)
    w.finish()
    w.new.click()
    assert w.seed.value == 6 and w.step == 0


# ---------------------------------------------------------------- who takes the trick

def test_trick_default_trump_seven_beats_ace():
    w = TrickWinner()
    assert w.winner() == 1
    assert "козырь бьёт любую некозырную карту" in w.result.value
    assert w.trick.canvas.image_data and all(d.canvas.image_data for d in w.decks)


@pytest.mark.parametrize("index", range(5))
def test_trick_examples_match_the_engine(index):
    w = TrickWinner()
    w.examples[index].click()
    reason = winner_reason([w.lead, w.reply], w.trump.value)
    assert reason.split(":")[0] in w.result.value.replace("&quot;", '"')


def click_deck(w, card):
    """Click a card in the row of its suits (♠♥ above, ♣♦ below)."""
    w.decks[0 if card.suit in "SH" else 1].click_card(card)


def test_trick_clicks_lead_then_reply_and_identical_copies():
    w = TrickWinner(lead=None, reply=None)
    assert "Нажмите на карту" in w.result.value
    click_deck(w, Card("T", "C"))
    assert w.lead is Card("T", "C") and w.reply is None
    click_deck(w, Card("T", "C"))
    assert w.reply is Card("T", "C", 2)                 # the other copy
    assert "сыгранная первой" in w.result.value
    click_deck(w, Card("8", "D"))                       # a third click starts a new trick
    assert w.lead is Card("8", "D") and w.reply is None
    click_deck(w, Card("K", "H"))
    assert w.winner() == 1 and "козырь" in w.result.value


def test_trick_off_suit_never_wins_and_trump_choice_matters():
    w = TrickWinner(trump="S", lead="8♣", reply="Т♦")
    assert w.winner() == 0 and "ходивший" in w.result.value
    w.trump.value = "D"
    assert w.winner() == 1
    w.reply_list.value = None
    assert w.reply is None
    w.trick.click_card(w.lead)                          # clicking the trick clears it
    assert w.lead is None


# ---------------------------------------------------------------- the trump seven

def labels(w):
    return [b.description for b in w.actions.children]


def test_seven_canonical_exchange_or_declare():
    w = SevenDemo()
    assert labels(w) == ["Обменять 7♥ на открытый К♥: +10 очков", "Показать 7♥: +10 очков",
                         "Ничего не объявлять"]
    assert "Взятка: вы — Т♣, соперник — 7♣. Вы берёте взятку" in w.status.value
    w.actions.children[0].click()
    d = w.deal
    assert d.turn_up is Card("7", "H", 1) and Card("K", "H") in d.hands[1]
    assert d.declared[1] == 10 and d.seven_exchanged
    assert labels(w) == []
    assert "Открытый козырь теперь — 7♥" in w.status.value
    assert "Вы меняете козырную семёрку" in w.status.value


@pytest.mark.parametrize("make, switches", [
    (lambda: CutForDeal(seed=3), ("rule",)),
    (lambda: DealStepper(seed=1), ("pattern", "club")),
])
def test_first_demos_keep_other_sources_folded(make, switches):
    """Issue 28.8: the first lessons' demos play the course's rules; the other sources' switches
    sit in a collapsed «В других источниках» block at the end."""
    w = make()
    assert w.children[-1] is w.other and w.other.selected_index is None
    assert w.other.get_title(0) == "В других источниках"
    inside = w.other.children[0].children
    for name in switches:
        assert getattr(w, name) in inside


def test_seven_main_path_plays_the_courses_rules():
    """Issue 28.8: the rule switch sits in a collapsed «В других источниках» block under the
    demo; the demo starts with the course's rules, and no menu option names a source by its
    bare code."""
    w = SevenDemo()
    assert w.preset not in w.children and w.other in w.children
    assert w.other.selected_index is None and w.other.get_title(0) == "В других источниках"
    assert w.preset.value == "canonical" and w.preset.label == "Основные правила курса"
    assert "Журнальная статья (002): 10 очков за семёрку, сыгранную во взятку" in [
        label for label, _ in w.preset.options]


def test_seven_declare_keeps_the_turn_up():
    w = SevenDemo()
    w.actions.children[1].click()
    assert w.deal.turn_up is Card("K", "H") and w.deal.declared[1] == 10


@pytest.mark.parametrize("preset, expected", [
    ("seed_003", ["Обменять 7♥ на открытый К♥: +10 очков"]),
    ("seed_002", ["Обменять 7♥ на открытый К♥: без очков"]),
    ("seed_000A", ["Обменять 7♥ на открытый К♥: +10 очков"]),
    ("seed_000E", ["Обменять 7♥ на открытый К♥: +20 очков", "Показать 7♥: +10 очков"]),
])
def test_seven_sources(preset, expected):
    w = SevenDemo(preset=preset)
    assert w.other.selected_index == 0                # another source's rules: the block is open
    assert labels(w) == expected + ["Ничего не объявлять"]
    assert labels(w)[:-1] == [w.label(d) for d in w.deal.legal_declarations(1)]


def test_seven_turned_up_seven_only_declare_or_nothing():
    w = SevenDemo(position="seven_up")
    assert labels(w) == ["Показать 7♥: +10 очков", "Ничего не объявлять"]
    assert "сдатчику" in w.status.value and w.deal.declared == [10, 0]
    w.preset.value = "seed_003"
    assert labels(w) == []
    assert "сделать нечего" in w.status.value


def test_seven_second_seven_after_exchange():
    w = SevenDemo(position="exchanged")
    assert labels(w) == ["Показать 7♥: +10 очков", "Ничего не объявлять"]
    w.actions.children[0].click()
    assert w.deal.declared[1] == 20


def test_seven_won_with_seven_scores_automatically_in_002():
    w = SevenDemo(preset="seed_002", position="won_with_seven")
    assert w.deal.declared[1] == 10
    assert "козырная семёрка 7♥ в игре" in w.status.value
    w.preset.value = "canonical"
    assert w.deal.declared[1] == 0


def test_seven_table_speaks_russian():
    import re
    from bezique.rules import CHOICES
    from bezique.widgets.demos.seven import SEVEN_MODEL_RU, SevenTable
    page = SevenTable()._repr_html_()
    assert "Как считается семёрка" in page and "<code>" not in page
    text = re.sub(r"<[^>]+>", " ", page)
    assert not re.search(r"[A-Za-z_]{3,}", text), text        # no option names or values
    assert set(SEVEN_MODEL_RU) == set(CHOICES["seven_rule"])      # every model has a label
    labels = {row[1] for row in SevenTable().rows()}       # the sources' rule sets: every model
    assert labels == {v for k, v in SEVEN_MODEL_RU.items() if k != "none"}   # but the multi-pack one


def test_seven_positions_are_legal_for_every_source():
    for preset in ("canonical", "seed_003", "seed_004", "seed_002", "seed_000A", "seed_000C",
                   "seed_000E"):
        for pos in ("plain", "seven_up", "exchanged", "won_with_seven"):
            d = seven_position(RuleSet.preset(preset), pos)
            assert d.to_act == 1 and d.phase == 1
            assert not any(m.meld not in ("seven_exchange", "trump_seven")
                           for m in d.legal_declarations(1))


def test_four_colour_switches_recolour_the_pictures():
    w = CompareCards()
    before = w.canvas.canvas.image_data
    box = w.children[3].children[1]
    assert box.description == "Четыре цвета мастей"
    w.suit.value = "C"
    plain = w.canvas.canvas.image_data
    box.value = True
    assert w.canvas.four_colour and w.canvas.canvas.image_data != plain != before
    t = TrickWinner()
    t.children[-1].value = True
    assert all(d.four_colour for d in t.decks) and t.trick.four_colour


def test_compare_says_the_engine_points_of_a_brisque():
    from bezique.ru import points
    from bezique.tally import trick_points
    w = CompareCards()
    worth = trick_points([[card("10♥")]], RuleSet())
    assert f"10♥ — бриск: {points(worth)} за карту" in w.result.value
