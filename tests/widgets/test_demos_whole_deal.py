"""The chapter «Сдача от начала до конца» and the «Памятка за столом» without a browser: the deal
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
from bezique.melds import meld_points
from bezique.rules import RuleSet
from bezique.tricks import legal_plays
from bezique.widgets.demos.table_memo import (MELD_CARDS, agreements, block_names, fill,
                                              meld_rows, said, score_sheet)
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


def test_memo_meld_values_are_the_engines():
    rules = RuleSet()
    rows = meld_rows(rules)
    assert [r[2] for r in rows] == [meld_points(m, rules, "H") for m, _ in MELD_CARDS]
    assert "«марьяж, двадцать»" in [r[3] for r in rows]
    changed = meld_rows(rules.with_options(seven_exchange_points=20))
    assert changed[[m for m, _ in MELD_CARDS].index("seven_exchange")][2] == 20


def test_memo_score_sheet_adds_up(deal):
    sheet = score_sheet(deal)
    r = sheet["result"]
    last = sheet["rows"][-1]
    assert [last[3], last[4]] == r["declared"]
    for seat in (YOU, OPPONENT):
        assert len(sheet["piles"][seat]) * rule_numbers()["brisque"] == r["brisques"][seat]
    assert sheet["end"][-1][1].endswith(f"= {r['scores'][YOU]}")


def test_memo_agreements_name_five_disputes_and_follow_the_rules():
    lines = agreements()
    assert [x[0] for x in lines] == ["C-16", "C-18", "C-20", "C-24", "C-09"]
    assert all(x[2] for x in lines)
    c18 = dict((k, a) for k, _, a in agreements(RuleSet.preset("seed_001")))["C-18"]
    assert c18.startswith("Нет")


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


MEMO = CHAPTERS / "16_table_memo.md"


def test_memo_page_blocks_are_the_engines():
    """Every number of the memo stands in a block the engine wrote; a stale block (a rule
    value changed, the chapter's deal changed) fails here. Rewrite them with
    `python -m bezique.widgets.demos.table_memo book/chapters/16_table_memo.md`."""
    page = MEMO.read_text(encoding="utf-8")
    assert block_names(page) == ["deal", "melds", "tally", "sheet", "agreements"]
    assert fill(page) == page
    # The blocks do follow the rules: other values give another page.
    assert fill(page, RuleSet().with_options(last_trick_points=250)) != page


def test_memo_numbers_outside_the_blocks_are_meld_values():
    """The prose outside the generated blocks names only meld values («40 за мной») and the
    paper size; «марьяж, двадцать» is the engine's marriage value said aloud."""
    page = MEMO.read_text(encoding="utf-8")
    prose = re.sub(r"<!-- memo:(\w+) -->.*?<!-- /memo:\1 -->", "", page, flags=re.S)
    prose = re.sub(r"\{doc\}`[^`]*`|\(table-memo\)=|A4|000-A|\d+\.\s", "", prose)
    values = {meld_points(m, RuleSet(), "H") for m, _ in MELD_CARDS}
    numbers = {int(n) for n in re.findall(r"\d+", prose)}
    assert numbers and numbers <= values, numbers - values
    assert f"«марьяж, {said(meld_points('marriage', RuleSet()))}»" in prose
