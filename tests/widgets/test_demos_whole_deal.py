"""The chapter «Сдача от начала до конца» without a browser (the memo: test_table_memo.py): the deal
is S-108's and the engine's, every legal set and number shown is the engine's, and the
step-through widget walks the deal."""

import json
import re
from pathlib import Path

import pytest

from ci_support import require_import
require_import("ipywidgets")
require_import("ipycanvas")

from bezique.actions import Play
from bezique.cards import parse_cards
from bezique.events import DeclareEvent
from bezique.rules import RuleSet
from bezique.tricks import legal_plays
from bezique.widgets.demos.whole_deal import (OPPONENT, YOU, WholeDealStepper, deal_steps,
                                              follow_picture, rule_numbers, s74_tricks,
                                              s108_opening, step_scene, tally_rows, whole_deal)

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = ROOT / "book" / "chapters"


def text(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


@pytest.fixture(scope="module")
def deal():
    return whole_deal()


@pytest.fixture(scope="module")
def steps(deal):
    return deal_steps(deal)


def test_the_opening_is_s108(steps):
    """RULES.md S-108: after four tricks P1 (you) 60, P2 40, 39 cards in the stock; after trick
    2 the engine offered the bezique, two marriages and both seven actions."""
    d4 = steps[4].deal
    assert d4.declared == [60, 40] and d4.stock_count == 39
    assert {x.meld for x in steps[2].offered} == {"bezique", "marriage", "seven_exchange",
                                                  "trump_seven"}
    assert [e.declaration.meld for e in steps[2].declarations] == ["bezique"]
    assert steps[3].offered == [] and steps[3].declarations == []
    assert steps[0].deal.turn_up == parse_cards("9H")[0] and steps[0].deal.dealer == OPPONENT


def test_the_deal_is_played_to_its_end_by_the_engine(deal, steps):
    assert deal.is_over and len(steps) == 1 + deal.rules.phase1_tricks + deal.rules.hand_size
    assert [s.number for s in steps] == list(range(len(steps)))
    assert deal.replayed().result() == deal.result()             # a real, replayable deal
    declared = sum((s.declarations for s in steps), [])
    assert declared == [e for e in deal.log if type(e) is DeclareEvent]
    # The chapter shows a seven exchange and a declaration on trick 24.
    assert any(e.declaration.meld == "seven_exchange" for e in declared)
    assert steps[24].declarations and steps[24].at_win.stock_count == 1


def test_last_eight_tricks_show_the_engines_legal_cards(deal, steps):
    fresh = deal.replayed(upto=0)
    seen = 0
    for seat, act in deal.actions:
        if type(act) is Play and fresh.phase == 2 and len(fresh.trick) == 1:
            step = steps[fresh.tricks_done + 1]
            expected = legal_plays(fresh.hands[seat], fresh.trick, fresh.trump, 2, fresh.rules)
            assert set(step.follow.legal) == set(expected)
            assert step.follow.played == act.card and step.follow.seat == seat
            picture = follow_picture(step)
            assert all(c.ru in picture.alt for c in expected)
            seen += 1
        fresh.apply(act, seat)
    assert seen == deal.rules.hand_size
    assert all(s.follow is None for s in steps[:25])


def test_tally_is_the_engines(deal):
    rows = {r[0]: r[1:] for r in tally_rows(deal)}
    r = deal.result()
    assert rows["Всего"] == [r["scores"][YOU], r["scores"][OPPONENT]]
    assert rows["Бриски"] == [r["brisques"][YOU], r["brisques"][OPPONENT]]
    assert [a + b + c for a, b, c in zip(rows["Объявления"], rows["Бриски"],
                                         rows["Последняя взятка"])] == rows["Всего"]


def test_stepper_walks_the_deal(steps):
    w = WholeDealStepper()
    assert w.index == 0 and w.back_button.disabled and not w.next_button.disabled
    w.back()
    assert w.index == 0                                         # nothing before the deal
    w.forward()
    assert w.index == 1 and "Взятка 1 из 32" in text(w.where.value)
    assert all(line in text(w.story.value) for line in steps[1].lines)
    assert w.table.canvas.image_data
    w.go(26)
    assert "можно было сыграть" in text(w.story.value)
    w.go(999)
    d = w.deal
    assert w.index == len(w.steps) - 1 and w.next_button.disabled
    r = d.result()
    assert f"вы — {r['scores'][YOU]} очков" in text(w.story.value)
    w.back()
    assert w.index == len(w.steps) - 2 and not w.next_button.disabled


def test_s74_worked_example():
    """RULES.md S-74: the follower's legal sets of the eight tricks, and 50 / 30 points."""
    worked, pts = s74_tricks()
    legal = [{c.code[:2] for c in t.legal} for t in worked]
    assert legal == [{"KD", "8D"}, {"AC", "TC"}, {"TS", "KS"}, {"TS"}, {"AC"}, {"7D"},
                     {"AH", "QH"}, {"TH"}]
    assert [t.winner for t in worked] == [0, 1, 1, 0, 1, 1, 0, 0] and pts == [50, 30]


def test_numbers_follow_the_rules():
    assert rule_numbers()["last_trick"] == RuleSet().last_trick_points
    other = rule_numbers(RuleSet().with_options(last_trick_points=250, target_score=1500))
    assert other["last_trick"] == 250 and other["target"] == 1500
    assert rule_numbers()["brisques_total"] == 16 * rule_numbers()["brisque"]


def _html_outputs(name: str) -> str:
    nb = json.loads((CHAPTERS / name).read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        for o in cell.get("outputs", []):
            for key in ("text/html", "text/markdown"):
                v = o.get("data", {}).get(key)
                if v:
                    out.append(v if isinstance(v, str) else "".join(v))
    return "\n".join(out)


def test_chapter_shows_at_least_twenty_card_pictures():
    assert _html_outputs("09b_whole_deal.ipynb").count("<img") >= 20


# ---------------------------------------------------------------- issue 28: pictures agree with captions

def _stock_in(picture) -> int:
    m = re.search(r"Талон: (\d+) карт", picture.alt)
    return int(m.group(1))


def test_a_won_trick_is_shown_before_the_draw_whether_or_not_the_winner_declares():
    """«N-я взятка взята»: the stock still holds what it held before the trick (nobody has
    drawn), the trick's cards are on the table and in nobody's hand (09b's trick 3, where the
    winner had nothing to declare, showed the table after the draw)."""
    from bezique.widgets.demos.whole_deal import won_caption
    steps = deal_steps(whole_deal())
    for prev, step in zip(steps, steps[1:24]):
        pic = step_scene(step, at_win=True, caption=won_caption(step))
        assert _stock_in(pic) == prev.deal.stock_count, step.number
        for seat, card in step.trick.plays:
            assert card.name_ru in pic.alt.split("Взятка:")[1].split(".")[0]
        assert ("до объявления" in won_caption(step)) == bool(step.offered)
    three = steps[3]
    assert not three.offered and "объявить нечего" in won_caption(three)


def test_the_replay_shows_the_opponents_cards_in_a_row_of_their_own():
    w = WholeDealStepper()
    w.go(19)
    hidden = w.step.deal.concealed(OPPONENT)
    assert "Карты соперника (открыты для разбора)" in w.opponent_cards.text.value
    assert all(c.name_ru in w.opponent_cards.text.value for c in hidden)
    assert "рубашкой вверх" in w.table.text.value          # the table itself: a real table
