"""The practice table through its Python interface: a complete deal with every kind of action
(cards, declarations, a pending «…очков за мной», the seven exchange, «Без объявления»),
refused clicks that change nothing and explain, hint, undo, save, load, replay, swap, the
review, the settings and a whole game with its chart."""

import datetime
import json
import random

import pytest

from bezique.actions import Announce, Pass, Play
from bezique.cards import make_pack, parse_cards
from bezique.deal import Deal
from bezique.record import deal_to_record
from bezique.rules import RuleSet
from bezique.ru import plural, preset_title
from bezique.widgets.practice.scene import declaration_buttons, disabled_cards
from bezique.widgets.practice.table import PracticeTable, opponent_options

FAST_COACH = dict(hint_options={"samples": 4, "time_limit": None},
                  review_options={"samples": 2, "time_limit": None})


def crafted_record() -> str:
    """A deal where the learner (seat 0, leading) wins the first trick with Т♠ (spades are
    trumps) and may then declare a royal marriage, a bezique, a marriage or the seven."""
    mine = parse_cards("Т♠ К♠ Д♠ 7♠ К♥ Д♥ В♦ 8♣")
    rest = [c for c in make_pack(2) if c not in set(mine)]
    random.Random(5).shuffle(rest)
    turn_up = next(c for c in rest if c.suit == "S" and c.rank == "9")
    rest.remove(turn_up)
    deal = Deal(RuleSet(), 1, [mine, rest[:8]], turn_up, rest[8:])
    return json.dumps(deal_to_record(deal), ensure_ascii=False)


def snapshot(table):
    return json.dumps(deal_to_record(table.session.deal), ensure_ascii=False)


def check_table(table):
    """What the table shows agrees with the session after every step."""
    s = table.session
    deal = s.deal
    lay = table.canvas.layout_result
    assert f"Соперник: {plural(len(deal.concealed(s.bot)), 'карта')} рубашкой вверх" in lay.description
    if deal.stock_count:
        assert f"в талоне {deal.stock_count} " in table.status.value
    else:
        assert "талон кончился" in table.status.value
    assert table.canvas.disabled == frozenset(disabled_cards(deal, s.human))
    assert table.choices() == declaration_buttons(deal, s.human)
    shown = {b.card for b in lay.boxes if b.card is not None}
    assert set(deal.hands[s.human]) <= shown                  # the whole hand, table included
    score = table.score_panel.html.value
    assert f">{s.breakdown()['Вы']['всего']}<" in score


def play_step(table, rng, prefer=None):
    """One learner action through the widget, as a click would do it."""
    s = table.session
    choices = table.choices()
    if choices:
        pick = next((a for _, a in choices if prefer and prefer(a)), None)
        if pick is None:
            pick = choices[rng.randrange(len(choices))][1]
        assert table.press(pick)
        return pick
    legal = [a.card for a in s.legal_actions()]
    card = legal[rng.randrange(len(legal))]
    table.click_card(card)
    return Play(card)


def test_initial_table_shows_a_numbered_deal():
    t = PracticeTable(opponent="heuristic", seed=3, deal_number=42)
    s = t.session
    assert s.deal_number == 42 and t.number.value == ""
    assert "сдача № 42" in t.header.value and "Любитель" in t.header.value
    assert "правила: основные правила курса;" in t.header.value
    assert t.message_kind == "info" and "Добро пожаловать" in t.message_text
    assert len(s.deal.concealed(s.human)) == 8 and s.my_turn
    check_table(t)
    assert t.tabs.titles == ("Счёт", "Ход сдачи", "Тренер", "Повтор", "Запись", "Партия", "Настройки")
    assert t.canvas.canvas.image_data                        # the picture for a static page
    assert "Ваш ход" in t.prompt.value                     # what to do, above the picture


def test_a_complete_deal_with_every_kind_of_action():
    t = PracticeTable(opponent="random", seed=2, **FAST_COACH)
    assert t.load_text(crafted_record())
    s = t.session
    assert s.my_turn and s.human == 0
    check_table(t)
    ace = next(c for c in s.deal.hands[0] if c.rank == "A" and c.suit == "S")
    t.click_card(ace)
    assert t.message_kind == "ok" and "Взятка" in t.message_text
    assert s.deal.stage == "declare" and s.my_turn
    check_table(t)
    labels = [label for label, _ in t.choices()]
    assert "Без объявления" in labels
    assert any(label.startswith("Козырный марьяж К♠ Д♠ (+40)") for label in labels)
    assert any(label.startswith("Обменять козырную семёрку 7♠ на открытый козырь (+10)")
               for label in labels)

    # a card click during the declaration turn is refused with the rule, nothing changes
    before = snapshot(t)
    t.click_card(next(c for c in s.deal.concealed(0) if c.rank == "8"))
    assert t.message_kind == "error" and "Сначала закончите объявление" in t.message_text
    assert snapshot(t) == before

    royal = next(a for _, a in t.choices() if getattr(a, "meld", "") == "royal_marriage")
    assert t.press(royal)
    assert "объявляете козырный марьяж" in t.message_text
    check_table(t)
    pending = [a for _, a in t.choices() if type(a) is Announce]
    assert pending and any("очков за мной" in label for label, _ in t.choices())
    assert t.press(pending[0])
    assert s.deal.pending[0] and "на потом" in t.message_text
    check_table(t)
    done = [label for label, a in t.choices() if type(a) is Pass]
    if done:
        assert done == ["Больше не объявлять — взять карту"]
        assert t.press(Pass())
    assert s.deal.stage == "play"
    check_table(t)
    table_groups = t.canvas.layout_result.description
    assert "Ваши объявленные карты: " in table_groups and "король пик" in table_groups

    # play on to the end; a greyed card in the last eight tricks is explained, nothing changes
    rng = random.Random(4)
    explained = 0
    while not s.deal.is_over:
        bad = disabled_cards(s.deal, s.human)
        if bad and explained < 3:
            before = snapshot(t)
            card = sorted(bad)[0]
            t.click_card(card)
            assert t.message_kind == "error" and card.ru in t.message_text
            assert "Так играть нельзя" in t.message_text
            assert snapshot(t) == before
            explained += 1
        play_step(t, rng)
        assert t.message_kind == "ok", t.message_text
        check_table(t)
    assert explained
    assert "Сдача окончена" in t.message_text
    assert t.after_box.layout.display == "" and t.review_now.layout.display == ""
    assert t.undo_button.disabled is False                  # training mode: the deal may be reopened
    t.tabs.selected_index = 5
    assert "Статистика за этим столом" in t.game_panel.stats.value
    assert "Доиграно сдач: 1" in t.game_panel.stats.value
    assert "<img" in t.game_panel.chart.value


def test_seven_exchange_button_changes_the_turn_up():
    t = PracticeTable(opponent="random", seed=1)
    t.load_text(crafted_record())
    s = t.session
    old = s.deal.turn_up
    t.click_card(next(c for c in s.deal.hands[0] if c.rank == "A"))
    exchange = next(a for _, a in t.choices() if getattr(a, "meld", "") == "seven_exchange")
    assert t.press(exchange)
    assert s.deal.turn_up.rank == "7" and old in s.deal.hands[0]
    assert "меняете козырную семёрку" in t.message_text
    check_table(t)


def test_hint_highlights_the_advice():
    t = PracticeTable(opponent="heuristic", seed=5, **FAST_COACH)
    h = t.hint()
    assert h is not None and t.message_kind == "hint" and t.message_text.startswith("Совет:")
    assert t.hints_used == 1
    if type(h.action) is Play:
        assert h.action.card in t.canvas.highlighted
    t.coach_box.value = False
    assert t.hint_button.layout.display == "none"
    t.hint()
    assert "включите флажок «Тренер»" in t.message_text


def test_undo_in_training_and_strict_mode():
    t = PracticeTable(opponent="heuristic", seed=7)
    rng = random.Random(7)
    start = snapshot(t)
    play_step(t, rng)
    play_step(t, rng)
    assert t.undo() and t.undo()
    assert snapshot(t) == start and t.undo_button.disabled
    assert not t.undo() and t.message_kind == "error"
    t.training_box.value = False
    assert not t.session.training
    play_step(t, rng)
    play_step(t, rng)
    assert t.undo()
    assert not t.undo() and "только один" in t.message_text


def test_save_load_and_corrupt_records():
    t = PracticeTable(opponent="heuristic", seed=11)
    rng = random.Random(11)
    for _ in range(5):
        play_step(t, rng)
    rec = t.save()
    panel = t.record_panel
    assert json.loads(panel.text.value) == rec
    assert 'download="bezique-deal.json"' in panel.link.value and "data:application/json" in panel.link.value
    other = PracticeTable(opponent="random", seed=1)
    panel2 = other.record_panel
    panel2.text.value = panel.text.value
    panel2.load_button.click()
    assert other.message_kind == "ok" and deal_to_record(other.session.deal) == rec
    assert panel2.upload.value == ()                          # ready for the next file
    check_table(other)
    before = snapshot(other)
    broken = json.loads(panel.text.value)
    broken["hands"][0][0] = "XX#1"
    for bad in ("{", '{"format": "bezique-deal/1"}', json.dumps(broken)):
        assert not other.load_text(bad)
        assert other.message_kind == "error" and other.message_text.startswith("Не удалось загрузить сдачу")
        assert snapshot(other) == before
    data = json.dumps(rec).encode("utf-8")
    panel2.upload.value = ({"name": "deal.json", "type": "application/json", "size": len(data),
                            "content": memoryview(data),
                            "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)},)
    assert other.message_kind == "ok" and deal_to_record(other.session.deal) == rec
    assert panel2.upload.value == ()                          # ready for the next file


def test_replay_move_by_move_and_swap():
    t = PracticeTable(opponent="random", seed=3)
    rng = random.Random(3)
    assert t.after_box.layout.display == "none"
    while not t.session.deal.is_over:
        play_step(t, rng)
    n = len(t.session.deal.actions)
    t.replay_now.click()
    rp = t.replay_panel
    assert t.tabs.selected_index == 3 and rp.slider.value == 0 and rp.slider.max == n
    assert "Начало сдачи" in rp.caption.value and "<img" in rp.picture.value
    rp.forward.click()
    assert rp.slider.value == 1 and "Ход 1 из" in rp.caption.value
    rp.last.click()
    assert rp.slider.value == n and "Сдача окончена" in rp.caption.value
    assert "Карты соперника" in rp.picture.value              # face up after the deal
    rp.back.click()
    assert rp.slider.value == n - 1
    initial = t.session.deal.initial
    t.swap_now.click()
    s = t.session
    assert s.human == 1 and s.deal.initial == initial and not s.deal.is_over
    assert "Та же сдача" in t.message_text
    check_table(t)


def test_review_after_the_deal():
    t = PracticeTable(opponent="random", seed=4, **FAST_COACH)
    rng = random.Random(4)
    assert t.review(wait=True) is None and "после сдачи" in t.message_text
    while not t.session.deal.is_over:
        play_step(t, rng)
    found = t.review(wait=True)
    assert isinstance(found, list) and len(found) <= 3
    assert t.tabs.selected_index == 2
    if found:
        assert len(t.coach_panel.mistakes.children) == len(found)
        assert "Взятка" in found[0].text and "<img" in t.coach_panel.mistakes.children[0].children[1].value
        t.coach_panel.mistakes.children[0].children[2].click()
        assert t.tabs.selected_index == 3 and t.replay_panel.slider.value == found[0].index
    else:
        assert "не нашёл" in t.coach_panel.review_note.value
    t.undo()                                                 # the deal reopens: the review goes
    t.tabs.selected_index = 2
    assert not t.coach_panel.mistakes.children and t.coach_panel.review_note.value == ""


def test_settings_numbered_deal_and_rules():
    t = PracticeTable(opponent="heuristic", seed=6)
    t.opponent_dd.value = "search"
    assert t.session.opponent_name == "search" and "Мастер" in t.message_text
    assert not t.budget_dd.disabled
    t.budget_dd.value = 0.25
    play_step(t, random.Random(6))                           # Мастер answers within his budget
    assert t.message_kind == "ok" and (t.session.my_turn or t.session.deal.is_over)
    t.budget_dd.value = 1.0
    assert t.session.opponent.time_limit + t.session.opponent.extra_time == 1.0
    t.opponent_dd.value = "random"
    assert t.budget_dd.disabled
    t.number.value = "сорок"
    assert not t.new_deal() and t.message_kind == "error"
    t.number.value = "42"
    t.new_button.click()
    a = t.session.deal.initial
    assert t.session.deal_number == 42 and "Сдача № 42" in t.message_text
    other = PracticeTable(opponent="heuristic", seed=99, deal_number=42)
    assert other.session.deal.initial == a
    t.rules_dd.value = "seed_003"
    title = preset_title("seed_003")                   # «Короткие правила (003)»
    assert t.session.rules.phase1_must_follow_suit
    # inside the header's sentence the title goes with a small letter
    assert f"правила: {title[:1].lower()}{title[1:]};" in t.header.value
    t.colour_box.value = True
    assert t.canvas.four_colour
    opts = opponent_options("search", 2.0)
    assert opts["time_limit"] + opts["extra_time"] == 2.0 and opponent_options("random", 2.0) == {}
    assert opts["wall_limit"] == 5.0


def test_clicks_on_other_things_explain_and_change_nothing():
    t = PracticeTable(opponent="heuristic", seed=8)
    before = snapshot(t)
    lay = t.canvas.layout_result
    stock = next(b for b in lay.boxes if b.card is None and b.label.startswith("талон"))
    t.canvas.click(stock.x + 5, stock.y + 5)
    assert "Талон" in t.message_text
    back = next(b for b in lay.boxes if b.card is None and "рубашкой" in b.label)
    t.canvas.click(back.x + 3, back.y + 10)
    assert "карты соперника" in t.message_text
    t.click_card(t.session.deal.turn_up)
    assert "открытый козырь" in t.message_text
    assert snapshot(t) == before


@pytest.mark.parametrize("seed", [4])
def test_a_whole_game_with_its_chart(seed):
    t = PracticeTable(opponent="random", rules={"preset": "canonical", "target_score": 250}, seed=seed)
    rng = random.Random(seed)
    deals = 0
    while not t.session.game.is_over:
        while not t.session.deal.is_over:
            play_step(t, rng)
        deals += 1
        if not t.session.game.is_over:
            t.next_button.click()
            assert not t.session.deal.is_over and "Новая сдача" in t.message_text
    assert "партию" in t.message_text.lower()
    assert t.new_button.description == "Новая партия" == t.next_button.description
    t.tabs.selected_index = 5
    gp = t.game_panel
    assert "<img" in gp.chart.value and "График партии до 250 очков" in gp.chart.value
    assert f"Доиграно сдач: {deals}" in gp.stats.value
    assert t.new_deal() and "Новая партия" in t.message_text and not t.session.game.history


# ---------------------------------------------------------------- the table on a laptop screen

def answering_table():
    """A table where the learner has just answered the opponent's lead (and may undo it)."""
    t = PracticeTable(opponent="heuristic", seed=1, deal_number=1, coach=False)
    rng = random.Random(0)
    s = t.session
    for _ in range(200):
        if s.my_turn and s.deal.stage == "play" and s.deal.trick:
            return t
        play_step(t, rng)
    raise AssertionError("the opponent never led in 200 moves")


def test_after_undo_the_message_says_the_learner_answers_a_lead():
    t = answering_table()
    s = t.session
    lead = s.deal.trick[0]
    t.click_card(s.legal_actions()[0].card)
    assert t.undo()
    assert s.my_turn and s.deal.trick == [lead]
    assert f"Ваш ответ: соперник пошёл {lead.ru}" in t.message_text
    assert "Ваш ход" not in t.message_text
    assert "Ваш ответ" in t.prompt.value or "Соперник пошёл" in t.prompt.value


def test_message_box_grows_with_its_text_beside_the_picture():
    """The message is at least three lines high and grows with a longer text (no scrolling box,
    issue 28.10), and it stands in the tabs' column, not in the picture's: growing, it moves
    no card and no button (tests/browser/test_practice_message.py looks at it in a browser)."""
    from bezique.widgets.practice.table import MESSAGE_HEIGHT
    t = PracticeTable(opponent="heuristic", seed=1, deal_number=1, coach=False)
    styles = set()
    for kind, title, lines in (("info", "Коротко.", []),
                               ("error", "Длинно. " * 60, ["Строка."] * 6),
                               ("ok", "", ["Одна строка."])):
        t._say(kind, title, lines)
        style = t.message.value.split('style="', 1)[1].split('"', 1)[0]
        assert f"min-height:{MESSAGE_HEIGHT}" in style and "overflow" not in style.replace(
            "overflow-wrap", "")
        assert ";height:" not in style
        styles.add(style.split("background:")[1].split(";", 1)[1])   # all but the colours
    assert len({s.split("border-left")[1].split(";", 1)[1] for s in styles}) == 1
    left, side = t.children[1].children
    assert t.canvas in left.children and t.message not in left.children
    assert side.children == (t.message, t.tabs)


def overlaps(a, b) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


def test_declared_cards_and_the_trick_never_overlap():
    from bezique.widgets.render.play_table import face_up_boxes, layout_play_table
    pack = make_pack(2)
    mine, theirs = pack[:7], pack[7:19]
    groups = lambda cards, k: [cards[i:i + k] for i in range(0, len(cards), k)]   # noqa: E731
    for n_mine, n_theirs in ((2, 2), (4, 6), (7, 12)):
        lay = layout_play_table(pack[20:28], opponent=8,
                                table=groups(mine[:n_mine], 2),
                                opponent_table=groups(theirs[:n_theirs], 4),
                                trick=[("Соперник", pack[30])],
                                last_trick=[("Ваша", pack[31]), ("Соперник", pack[32])],
                                last_winner=1, stock=20, turn_up=pack[33])
        boxes = face_up_boxes(lay)
        assert len(boxes) == 8 + n_mine + n_theirs + 1 + 2 + 1
        w, h = lay.size
        for i, a in enumerate(boxes):
            assert 0 <= a.x and a.x + a.w <= w and 0 <= a.y and a.y + a.h <= h, a
            for b in boxes[i + 1:]:
                assert not overlaps(a, b), (a.label, b.label)
        assert w <= 720 and h <= 470                  # fits beside the tabs at 1366×768


def test_trick_labels_never_overprint():
    from bezique.widgets.render.layout import _trick_block
    c1, c2 = make_pack(1)[:2]
    for names, winner in ((("Ваша", "Соперник"), 0), (("Ваша", "Соперник"), 1),
                          (("соперник", "сдатчик"), 1), (("Ход", "Ответ"), 0)):
        block = _trick_block(list(zip(names, (c1, c2))), winner=winner)
        h = block.boxes[0].h
        labels = sorted(op.extent()[::2] for op in block.ops if op.kind == "text")
        # a clear gap between the two labels («Ваша — берётСоперник» had 4 pixels)
        assert len(labels) == 2 and labels[1][0] - labels[0][1] >= 6, (names, labels)


def test_the_last_trick_stays_on_the_table():
    t = answering_table()
    s = t.session
    t.click_card(s.legal_actions()[0].card)
    last = s.deal.last_trick()
    assert last is not None
    text = t.canvas.layout_result.description
    line = next(x for x in text.split("\n") if x.startswith("Последняя взятка:"))
    for _, card in last.plays:
        assert card.name_ru in line
    # the verb agrees with the taker: «вы — … (берёте взятку)», «соперник — … (берёт взятку)»
    assert ("(берёте взятку)" if last.winner == s.human else "(берёт взятку)") in line


def test_text_equivalent_is_for_screen_readers_only():
    from bezique.widgets.render.canvas import SR_ONLY_CLASS
    t = PracticeTable(opponent="heuristic", seed=1, deal_number=1, coach=False)
    text = t.canvas.text.value
    assert SR_ONLY_CLASS in text and "clip-path:inset(50%)" in text and "position:absolute" in text
    assert "Ваши карты:" in text                       # still there for a screen reader


def test_review_shows_the_notes_on_followed_hints_apart_from_the_mistakes():
    """A followed hint that the deeper look after the deal values differently is shown under
    «О подсказках», and is not counted among «Самые дорогие решения»."""
    from bezique.players.coach import Mistake, Review
    t = PracticeTable(opponent="random", seed=4, **FAST_COACH)
    rng = random.Random(4)
    while not t.session.deal.is_over:
        play_step(t, rng)
    note = Mistake(3, 2, None, None, 12.0, "Взятка 2: подсказка предлагала этот ход; более точный "
                   "расчёт после сдачи показывает, что В♣ лучше на 12 очков.", hinted=True)
    t.coach_panel.show_review(t, t.session.deal, Review([], [note]))
    html = t.coach_panel.review_note.value
    assert "О подсказках" in html and "подсказка предлагала этот ход" in html
    assert "не нашёл" in html and not t.coach_panel.mistakes.children
    t.coach_panel.show_review(t, t.session.deal, Review([], []))
    assert "О подсказках" not in t.coach_panel.review_note.value


def test_rule_names_inside_a_sentence_start_with_a_small_letter():
    from bezique.widgets.practice.scene import rules_label
    assert rules_label(RuleSet.preset("canonical")) == "основные правила курса"
    assert rules_label(RuleSet.preset("seed_004")) == "страница «Боевой дракон» (004)"
    assert rules_label(RuleSet.preset("canonical").with_options(target_score=1500)) == "свои правила"


def test_the_record_field_says_where_the_record_appears():
    t = PracticeTable(opponent="random", seed=1)
    assert t.record_panel.text.placeholder.startswith("Здесь появится запись сдачи — ")


@pytest.mark.parametrize("preset", ["canonical", "three_handed", "many_pack_infusorka"])
def test_an_empty_row_of_declared_cards_says_whether_anything_was_declared(preset):
    """«Ваши объявления: пока нет» / «Объявлено соперником: ничего» only while that player has
    declared nothing in the deal; once his declared cards have all been played, the row says
    «на столе карт нет» (the audit saw «пока нет» after a sequence of 250 was played out).
    The demos' scene (`render.scene.deal_scene`) says the same."""
    from bezique.players.heuristic import heuristic_action
    from bezique.widgets.practice.scene import scene_kwargs
    from bezique.widgets.render.layout import layout_scene
    from bezique.widgets.render.play_table import layout_play_table
    from bezique.widgets.render.scene import deal_scene

    def texts(lay):
        return " | ".join(op.text for op in lay.ops if op.kind == "text")

    seen = set()
    for seed in (1, 2, 3):
        deal = Deal.new(RuleSet.preset(preset), dealer=0, seed=seed)
        while not deal.is_over:
            deal.apply(heuristic_action(deal))
            for human in range(deal.n):
                declared = [bool(deal.melds[s].scored or deal.pending[s]) for s in range(deal.n)]
                text = texts(layout_play_table(**scene_kwargs(deal, human)))
                if deal.exposed[human]:
                    continue
                if deal.n == 2 and deal.rules.hand_size > 9:       # the heading in lines
                    assert ("на столе | карт нет" in text) == declared[human], text
                    assert ("пока нет" in text) != declared[human], text
                else:
                    mine = "на столе карт нет" if declared[human] else "пока нет"
                    assert f"Ваши объявления: {mine}" in text, text
                if deal.n > 2:                                 # the others' rows
                    others = [s for s in range(deal.n) if s != human and not deal.exposed[s]]
                    said = text.count("объявленных карт на столе нет")
                    assert said == sum(declared[s] for s in others), text
                    assert text.count("объявлений нет") == len(others) - said, text
                if deal.n == 2:
                    bot = 1 - human
                    if not deal.exposed[bot]:
                        theirs = "на столе карт нет" if declared[bot] else "ничего"
                        assert f"Объявлено соперником: {theirs}" in text, text
                    if deal.rules.hand_size == 8:
                        scene = texts(layout_scene(**deal_scene(deal, human)))
                        assert f"Ваши объявления: {mine}" in scene, scene
                seen.add(declared[human])
    assert seen == {True, False}          # both cases met: before and after a declaration
