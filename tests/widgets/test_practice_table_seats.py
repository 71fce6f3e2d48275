"""The practice table with three and four at the table, and many-pack bezique, through its
Python interface: a whole deal played by clicks (a seeded Любитель chooses the learner's
moves), every other seat on the picture, scores per player or per side, undo, save and load,
refused clicks that change nothing, the honest notes where Мастер and the review cannot play
the variant, and the rules menu offering every preset."""

import json

import pytest

from bezique.actions import Play
from bezique.players.match import make_player
from bezique.record import deal_to_record
from bezique.rules import MULTIPACK_GAMES, MULTIPACK_PRESETS, PRESETS, TABLE_PRESETS
from bezique.widgets.practice.scene import PRESET_CHOICES, disabled_cards
from bezique.widgets.practice.table import COACH_AS_AMATEUR, PracticeTable, no_review_text
from bezique.widgets.render.drawing import card_size
from bezique.widgets.render.play_table import HAND_FLOOR, WIDTH, face_up_boxes

FAST = dict(hint_options={"samples": 4, "time_limit": None},
            review_options={"samples": 2, "time_limit": None})
VARIANTS = ["three_handed", "four_handed", "many_pack_infusorka"]


def snapshot(table) -> str:
    return json.dumps(deal_to_record(table.session.deal), ensure_ascii=False)


def step(table, me) -> None:
    """One learner action through the widget, as the mouse would do it."""
    s = table.session
    action = me.choose(s.view())
    if type(action) is Play:
        assert table.click_card(action.card) is not None
    else:
        assert table.press(action), (action, table.choices())
    assert table.message_kind != "error", table.message_text


def overlapping(boxes) -> bool:
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h:
                return True
    return False


def check_picture(table) -> None:
    """Every other seat is drawn with its count of cards, the trick with who played what;
    no face-up card covers another and the picture keeps the two-handed table's width."""
    s = table.session
    deal = s.deal
    lay = table.canvas.layout_result
    text = lay.description
    assert lay.size[0] <= WIDTH + 20
    # no face-up card covers another, the many-pack hand of eighteen cards included
    assert not overlapping(face_up_boxes(lay))
    hand = set(deal.concealed(s.human))
    mine = [b for b in face_up_boxes(lay) if b.card in hand]
    assert all(b.w >= HAND_FLOOR * card_size(1)[0] - 1 for b in mine)   # readable
    names = s.seat_names()
    if s.n > 2:
        for seat in range(s.n):
            if seat != s.human:
                count = len(deal.concealed(seat))
                assert f"{names[seat]}: " in text
                assert (f"{names[seat]}: {count} " in text or count == 0
                        or f"{names[seat]}: {count} карт" in text), text
    shown = {b.card for b in lay.boxes if b.card is not None}
    assert set(deal.hands[s.human]) <= shown
    for seat in range(s.n):
        assert set(deal.exposed[seat]) <= shown                # everybody's declared cards
    assert set(deal.trick) <= shown
    assert table.canvas.disabled == frozenset(disabled_cards(deal, s.human))


@pytest.mark.parametrize("rules", VARIANTS)
def test_whole_deal_by_clicks(rules):
    table = PracticeTable(opponent="heuristic", rules=rules, seed=3, **FAST)
    s = table.session
    me = make_player("heuristic", seed=11)
    assert s.rules.to_spec() == rules and table.rules_dd.value == rules
    steps = 0
    while not s.deal.is_over:
        step(table, me)
        steps += 1
        if steps % 7 == 0:
            check_picture(table)
        assert steps < 400
    result = s.deal.result()["scores"]
    totals = [bd["всего"] for bd in s.side_breakdowns()]
    assert totals == [result[i] for i in s.side_order()]
    score = table.score_panel.html.value
    for name, total in zip(s.side_names(), totals):
        assert f">{name}<" in score and f">{total}<" in score
    assert "Сдача окончена" in table.message_text
    assert s.statistics()["deals"] == 1
    assert s.game_totals() == result                          # the first deal of the game
    if s.rules.partnerships:
        assert len(result) == 2 and s.side_names() == ["Мы", "Они"]
        assert "мы — " in table.message_text and "они — " in table.message_text
        assert f"мы {result[s.side(s.human)]}, они {result[1 - s.side(s.human)]}" \
            in table.status.value
    # the game tab: a row and a chart line per player (per side), yours first
    from bezique.widgets.practice.table import TAB_TITLES
    table.tabs.selected_index = TAB_TITLES.index("Партия")
    game = table.game_panel.html.value + table.game_panel.chart.value
    for name, total in zip(s.side_names(), totals):
        assert f"{name} всего" in game and f">{total}<" in game
    lower = [x if x.startswith("Игрок") else x.lower() for x in s.side_names()]
    assert "после сдачи 1: " + ", ".join(f"{x} {v}" for x, v in zip(lower, totals)) in game
    # the review: Мастер's own review where he plays the variant (three and four seats),
    # else the coach says honestly that it cannot judge it yet (many-pack)
    found = table.review(wait=True)
    if no_review_text(s.rules) is None:
        assert found is not None
        assert all(m.text.startswith(f"Взятка {m.trick}:") for m in found)
    else:
        assert found is None and table.message_text == no_review_text(s.rules)
    # the replay walks the deal from its start, naming every seat
    table.replay_to(0)
    table.replay_panel.go(len(s.deal.actions))
    assert table.replay_panel.step_text(1).startswith("Ход 1 из ")


def test_four_handed_partner_on_the_picture():
    table = PracticeTable(opponent="heuristic", rules="four_handed", seed=5, **FAST)
    s = table.session
    me = make_player("heuristic", seed=2)
    assert s.partner == 2 and s.seat_names()[2] == "Партнёр"
    seen_partner_cards = False
    while not s.deal.is_over and not seen_partner_cards:
        step(table, me)
        seen_partner_cards = bool(s.deal.exposed[s.partner])
    lay = table.canvas.layout_result
    assert "Объявлено (партнёром): " in lay.description
    boxes = {b.card for b in lay.boxes}
    assert set(s.deal.exposed[s.partner]) <= boxes
    assert "Партнёр" in table.score_panel.html.value            # his declarations listed


@pytest.mark.parametrize("rules", ["three_handed", "four_handed"])
def test_undo_save_load_and_refusals(rules):
    table = PracticeTable(opponent="heuristic", rules=rules, seed=7, **FAST)
    s = table.session
    me = make_player("heuristic", seed=4)
    for _ in range(6):
        step(table, me)
    # undo takes back the learner's last action and the other seats' answers to it
    before = [a for a in s.deal.actions]
    mine = [i for i, (seat, _) in enumerate(before) if seat == s.human]
    assert table.undo()
    assert s.deal.actions == before[:mine[-1]] and s.deal.to_act == s.human
    # save → play on → load: exactly the saved deal again
    saved = table.save()
    text = table.record_panel.text.value
    picture = table.canvas.layout_result.description
    for _ in range(5):
        step(table, me)
    assert table.load_text(text)
    assert deal_to_record(s.deal) == saved and table.canvas.layout_result.description == picture
    assert s.rules.players == (3 if rules == "three_handed" else 4)
    # a corrupt record changes nothing and says what is wrong in Russian
    keep = snapshot(table)
    assert not table.load_text('{"format": "bezique-deal/1"}')
    assert table.message_kind == "error" and table.message_text.startswith("Не удалось загрузить")
    assert snapshot(table) == keep
    # a refused card: during the declaration turn, or a greyed card in the last tricks
    refused = False
    while not s.deal.is_over and not refused:
        if table.choices():
            card = s.deal.concealed(s.human)[0]
        elif disabled_cards(s.deal, s.human):
            card = sorted(disabled_cards(s.deal, s.human), key=lambda c: c.code)[0]
        else:
            step(table, me)
            continue
        keep = snapshot(table)
        table.click_card(card)
        assert table.message_kind == "error" and any(ch in table.message_text for ch in "аеоу")
        assert snapshot(table) == keep
        refused = True
    assert refused


def test_a_record_of_another_table_size_is_loaded():
    """A three-handed record loaded at a two-handed table seats three at it (and back)."""
    three = PracticeTable(opponent="random", rules="three_handed", seed=1, **FAST)
    text = json.dumps(three.save(), ensure_ascii=False)
    table = PracticeTable(opponent="random", seed=1, **FAST)
    assert table.load_text(text)
    assert table.session.n == 3 and table.rules_dd.value == "three_handed"
    assert len(table.session.players) == 3
    check_picture(table)
    two = PracticeTable(opponent="random", seed=2, **FAST)
    assert table.load_text(json.dumps(two.save(), ensure_ascii=False))
    assert table.session.n == 2 and "Соперник: " in table.canvas.layout_result.description


def test_master_is_replaced_honestly_and_the_hint_says_who_advises():
    # Мастер plays three and four seats himself ...
    for rules in ("three_handed", "four_handed"):
        table = PracticeTable(opponent="search", rules=rules, seed=2, **FAST)
        assert table.session.opponent_name == "search" and not table.session.level_note
        assert all(type(b).__name__ == "SearchPlayer" for b in table.session.players)
    # ... but not many-pack: there the Любитель sits, and the table says so
    table = PracticeTable(opponent="search", rules="many_pack_infusorka", seed=2, **FAST)
    s = table.session
    assert s.opponent_name == "heuristic" and table.opponent_dd.value == "heuristic"
    assert "Мастер пока не умеет просчитывать многоколодный безик" in s.level_note
    table.opponent_dd.value = "random"
    table.opponent_dd.value = "search"
    assert table.opponent_dd.value == "heuristic"
    assert "сильнейший соперник — Любитель" in table.message_text
    hint = table.hint()
    assert hint is not None and table.message_kind == "hint"
    assert COACH_AS_AMATEUR in table.message_text
    # back to two: Мастер sits at the table again
    table.rules_dd.value = "canonical"
    table.opponent_dd.value = "search"
    assert table.session.opponent_name == "search" and not table.session.level_note


def test_rules_menu_offers_every_preset():
    # Every preset but the multi-pack option presets (rules.MULTIPACK_PRESETS, each changes
    # one rule of a game): the three games themselves are on the menu
    # (tests/widgets/test_practice_multipack.py plays them).
    assert sorted(k for _, k in PRESET_CHOICES) == sorted(TABLE_PRESETS)
    assert set(PRESETS) - set(TABLE_PRESETS) == set(MULTIPACK_PRESETS) - set(MULTIPACK_GAMES)
    table = PracticeTable(opponent="random", seed=1, **FAST)
    for rules in VARIANTS:
        table.rules_dd.value = rules
        assert table.session.rules.to_spec() == rules
        assert table.message_kind == "ok" and "Новая партия по правилам" in table.message_text
        check_picture(table)


def test_the_same_deal_from_the_next_seat():
    table = PracticeTable(opponent="random", rules="four_handed", seed=4, **FAST)
    s = table.session
    hands = [list(h) for h in s.deal.initial[0]]
    table.swap()
    assert s.human == 1 and s.partner == 3 and s.deal.initial[0][1] == hands[1]
    assert "месте 2" in table.message_text
    assert s.seat_names()[3] == "Партнёр" and s.side_names() == ["Мы", "Они"]
    check_picture(table)
