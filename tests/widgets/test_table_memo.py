"""«Памятка за столом» (book/chapters/16_table_memo.md): every number and every rule the memo
states is asked of the engine — the situation is played on the engine (a deal, the re-use
bookkeeping, the game's end), and the memo's sentence is checked against the engine's answer."""

import re
from pathlib import Path

import pytest

from ci_support import require_import

require_import("ipywidgets")
require_import("ipycanvas")

from bezique.actions import PASS, Announce, Play
from bezique.cards import parse_cards
from bezique.deal import Deal
from bezique.game import Game
from bezique.melds import Declaration, MeldState, make_declaration, meld_points, reuse_problem
from bezique.rules import RuleSet
from bezique.widgets.demos.table_memo import (MELD_CARDS, agreements, block_names, block_reuse,
                                              block_stock_end, both_reach_text, both_reach_winner,
                                              fill, first_leader, legal_after, meld_rows,
                                              reuse_facts, said, score_sheet, stock_end_facts)
from bezique.widgets.demos.whole_deal import OPPONENT, YOU, rule_numbers, whole_deal

ROOT = Path(__file__).resolve().parents[2]
MEMO = ROOT / "book" / "chapters" / "16_table_memo.md"


@pytest.fixture(scope="module")
def deal():
    return whole_deal()


@pytest.fixture(scope="module")
def page():
    return re.sub(r"\s+", " ", MEMO.read_text(encoding="utf-8"))


def pts(meld):
    return meld_points(meld, RuleSet(), "S")


# ---------------------------------------------------------------- the page and its blocks

def test_memo_page_blocks_are_the_engines():
    """Every number of the memo stands in a block the engine wrote; a stale block (a rule
    value changed, the chapter's deal changed) fails here. Rewrite them with
    `python -m bezique.widgets.demos.table_memo book/chapters/16_table_memo.md`."""
    text = MEMO.read_text(encoding="utf-8")
    assert block_names(text) == ["deal", "melds", "reuse", "stock_end", "tally", "sheet",
                                 "agreements"]
    assert fill(text) == text
    # The blocks do follow the rules: other values give another page.
    assert fill(text, RuleSet().with_options(last_trick_points=250)) != text


def test_memo_numbers_outside_the_blocks_are_meld_values():
    """The prose outside the generated blocks names only meld values («40 за мной») and the
    paper size; «марьяж, двадцать» is the engine's marriage value said aloud."""
    text = MEMO.read_text(encoding="utf-8")
    prose = re.sub(r"<!-- memo:(\w+) -->.*?<!-- /memo:\1 -->", "", text, flags=re.S)
    prose = re.sub(r"\{doc\}`[^`]*`|\(table-memo\)=|A4|\(000-A\)|\d+\.\s", "", prose)
    values = {meld_points(m, RuleSet(), "H") for m, _ in MELD_CARDS}
    numbers = {int(n) for n in re.findall(r"\d+", prose)}
    assert numbers and numbers <= values, numbers - values
    assert f"«марьяж, {said(meld_points('marriage', RuleSet()))}»" in prose


def test_memo_names_its_sources_and_no_program():
    text = MEMO.read_text(encoding="utf-8")
    assert "Первый текст сборника (000-A)" in text
    assert not re.search(r"(?<!\()\b000-[A-E]\b(?!\))", text)          # a code only in brackets
    assert "программа" not in text


# ---------------------------------------------------------------- the deal and trick 1

def test_the_first_lead_is_the_dealers_opponent(page):
    for dealer in (0, 1):
        for seed in range(5):
            d = Deal.new(RuleSet(), dealer=dealer, seed=seed)
            assert d.to_act == 1 - dealer
            assert len(d.hands[0]) == len(d.hands[1]) == rule_numbers()["hand"]
    assert first_leader() == "соперник сдатчика"
    assert "Первую взятку начинает соперник сдатчика." in page


# ---------------------------------------------------------------- the melds

def test_memo_meld_values_are_the_engines():
    rules = RuleSet()
    rows = meld_rows(rules)
    assert [r[2] for r in rows] == [meld_points(m, rules, "H") for m, _ in MELD_CARDS]
    assert "«марьяж, двадцать»" in [r[3] for r in rows]
    changed = meld_rows(rules.with_options(seven_exchange_points=20))
    assert changed[[m for m, _ in MELD_CARDS].index("seven_exchange")][2] == 20


# ---------------------------------------------------------------- re-use, as played

def state_after(*scored, trump="S"):
    decls = []
    for meld, cards in scored:
        cs = parse_cards(cards)
        decls.append(make_declaration(meld, cs, meld_points(meld, RuleSet(), trump, cs)))
    return MeldState.from_scored(decls, trump, RuleSet())


def test_marriage_then_sequence_scores_40_plus_250(page):
    assert reuse_problem("sequence", tuple(parse_cards("AS TS KS QS JS")),
                         state_after(("royal_marriage", "KS QS"))) is None
    assert reuse_facts()["marriage_then_sequence"] == pts("sequence")
    a, b = pts("royal_marriage"), pts("sequence")
    assert f"**Козырный марьяж → секвенция: можно.**" in page
    assert f"{a} + {b} = {a + b}" in page


def test_sequence_then_marriage_is_refused(page):
    problem = reuse_problem("royal_marriage", tuple(parse_cards("KS QS")),
                            state_after(("sequence", "AS TS KS QS JS")))
    assert problem and "уже был в марьяже" in problem
    assert "**Секвенция → марьяж: нельзя.**" in page
    assert f"Секвенция сразу — только {pts('sequence')}" in page


def test_single_then_double_scores_40_plus_500_and_the_double_is_a_bezique(page):
    four = "QS#1 QS#2 JD#1 JD#2"
    after_single = legal_after([("bezique", "QS#1 JD#1")], four, "H")
    assert any(d.meld == "double_bezique" and d.points == pts("double_bezique")
               for d in after_single)
    a, b = pts("bezique"), pts("double_bezique")
    assert f"{a} + {b} = {a + b}" in page
    # the double belongs to the bezique kind: no single from its cards afterwards
    after_double = legal_after([("double_bezique", four)], four, "H")
    assert not [d for d in after_double if d.meld == "bezique"]
    assert f"**Двойной безик сразу** — только {b}; простой безик из его карт уже не объявить" in page
    assert "**безики** (простой и двойной — один род)" in page


def test_two_scored_singles_do_not_make_a_double(page):
    four = "QS#1 QS#2 JD#1 JD#2"
    legal = legal_after([("bezique", "QS#1 JD#1"), ("bezique", "QS#2 JD#2")], four, "H")
    assert legal == []
    assert "Два простых безика, засчитанные порознь, двойного не дают" in page


def test_a_four_is_not_topped_up_but_four_new_cards_score(page):
    held = "QS#1 QD#1 QC#1 QS#2 QH#2 QD#2 QC#2"             # QH#1 was played
    legal = legal_after([("four_queens", "QS#1 QH#1 QD#1 QC#1")], held, "C")
    fours = [set(d.cards) for d in legal if d.meld == "four_queens"]
    assert fours == [set(parse_cards("QS#2 QH#2 QD#2 QC#2"))]
    assert "**Четвёрку не пополнить.**" in page and "нужны четыре новые дамы" in page


def test_one_queen_in_three_kinds_but_a_married_king_not_again(page):
    assert reuse_facts()["queen_kinds"] == [20, 40, 60]
    assert "дама пик — в марьяж, безик и четыре дамы" in page
    assert reuse_facts()["married_again"] is None
    assert "**Женатого короля не женят снова**" in page


def test_a_played_card_is_gone_but_its_points_stay(deal, page):
    """In the chapter's deal: declared points never go down when their cards are played, and
    no later declaration of that player uses a card he played."""
    fresh = deal.replayed(upto=0)
    played = [set(), set()]
    for seat, act in deal.actions:
        before = list(fresh.declared)
        fresh.apply(act, seat)
        if type(act) is Play:
            played[seat].add(act.card)
            assert fresh.declared[seat] >= before[seat]
        for p in (0, 1):
            assert not any(set(d.cards) & played[p] for d in fresh.legal_declarations(p))
    assert played[YOU] & {c for e in deal.log if type(e).__name__ == "DeclareEvent"
                          and e.seat == YOU for c in e.declaration.cards}
    assert "сыгранная карта ни в какую комбинацию не идёт, а очки за неё остаются" in page


def test_block_reuse_refuses_to_state_what_the_engine_does_not_play(monkeypatch):
    import bezique.widgets.demos.table_memo as memo
    facts = memo.reuse_facts()
    monkeypatch.setattr(memo, "reuse_facts", lambda rules=None: {**facts,
                                                                  "two_singles_double": 500})
    with pytest.raises(ValueError, match="two_singles_double"):
        block_reuse()


# ---------------------------------------------------------------- the end of the stock

def test_trick_24_as_the_engine_plays_it(deal, page):
    f = stock_end_facts(deal)
    n = RuleSet().phase1_tricks
    assert f["trick"] == n == 24
    assert f["any_card"]                                   # still no obligation to follow
    assert f["declared"]                                   # the winner declared after it
    assert f["turn_up_to"] == f["loser"] != f["winner"]
    assert f["stock_left"] == 0
    assert any(f["on_table_before"]) and f["on_table_after"] == [0, 0]
    assert f["hands_after"] == [rule_numbers()["hand"]] * 2
    assert f["leader"] == f["to_act"] == f["winner"]
    assert (f"{n}-ю взятку играют так же, как прежде: отвечать можно любой картой, и взявший её "
            "может сделать последнее объявление") in page
    assert "проигравший — открытый козырь" in page
    assert f"Первым в {n + 1}-й взятке ходит взявший {n}-ю." in page


def test_trick_24_loser_takes_the_turn_up_in_other_deals():
    """Not only the chapter's deal: random deals played to the end of the stock."""
    for seed in range(4):
        d = Deal.new(RuleSet(), dealer=seed % 2, seed=seed)
        while d.phase == 1:
            acts = d.legal_actions()
            decl = [a for a in acts if type(a) is not Play and getattr(a, "points", 0) > 0]
            d.apply(decl[0] if decl else acts[0])
        f = stock_end_facts(d)
        assert f["turn_up_to"] == f["loser"] and f["leader"] == f["winner"]
        assert f["on_table_after"] == [0, 0] and f["hands_after"] == [8, 8]


def test_without_the_last_declaration_the_memo_says_so():
    text = block_stock_end(RuleSet.preset("seed_001").with_options(
        target_score=1000, cut_for_deal="high"))
    assert "уже не объявляет" in text


# ---------------------------------------------------------------- the end of the game

def test_both_reach_the_target(page):
    t = RuleSet().target_score
    assert both_reach_winner([t + 50, t + 10], 1) == 0           # higher total wins
    assert both_reach_winner([t + 10, t + 50], 0) == 1
    assert both_reach_winner([t + 20, t + 20], 1) == 1           # equal: the last trick
    assert both_reach_winner([t + 20, t + 20], 0) == 0
    assert both_reach_winner([t - 10, t + 20], 0) == 1           # only one reached it
    assert both_reach_winner([t - 10, t - 20], 0) is None        # nobody: next deal
    assert (f"Если {t} набрали оба, выигрывает тот, у кого больше очков, а поровну — взявший "
            "последнюю взятку.") in page
    other = RuleSet().with_options(both_reach_rule="last_trick")
    assert both_reach_winner([t + 50, t + 10], 1, other) == 1
    assert both_reach_text(other) == f"Если {t} набрали оба, выигрывает взявший последнюю взятку."


def test_the_win_is_checked_only_after_the_deal():
    game = Game(RuleSet(), seed=1, first_dealer=0)
    game.totals = [990, 0]
    d = game.start_deal()
    while not d.is_over:
        d.apply(d.legal_actions()[0])
        assert not game.is_over                                 # never in the middle of a deal
    game.finish_deal()
    assert game.is_over == any(t >= RuleSet().target_score for t in game.totals)


def test_memo_score_sheet_adds_up(deal):
    sheet = score_sheet(deal)
    r = sheet["result"]
    last = sheet["rows"][-1]
    assert [last[3], last[4]] == r["declared"]
    for seat in (YOU, OPPONENT):
        assert len(sheet["piles"][seat]) * rule_numbers()["brisque"] == r["brisques"][seat]
    assert sheet["end"][-1][1].endswith(f"= {r['scores'][YOU]}")


def test_memo_agreements_name_four_disputes_and_follow_the_rules(page):
    lines = agreements()
    assert [x[0] for x in lines] == ["C-16", "C-20", "C-24", "C-09"]
    assert all(x[2] for x in lines)
    c20 = dict((k, a) for k, _, a in agreements(RuleSet.preset("seed_002")))["C-20"]
    assert c20.startswith("Нет")
    assert f"До {RuleSet().target_score}; бывает до {RuleSet.preset('seed_001').target_score}." in page


def play_announcing(seed: int) -> tuple[Deal, bool]:
    """A deal played to the end of the stock by a policy that lays a second combination out
    («…очков за мной») whenever it can and keeps its cards: (the deal, whether a pending
    combination was still on the table in trick 24's declaration turn)."""
    d = Deal.new(RuleSet(), dealer=0, seed=seed)
    had = False
    while d.phase == 1:
        acts = d.legal_actions()
        seat = d.to_act
        pend = {x.key for x in d.pending[seat]}
        ann = [a for a in acts if type(a) is Announce]
        dec = [a for a in acts if type(a) is Declaration and a.points > 0 and a.key not in pend]
        plays = [a for a in acts if type(a) is Play and a.card not in d.exposed[seat]]
        if ann:
            act = ann[0]
        elif dec and not d.window.combination:
            act = dec[0]
        elif plays:
            act = plays[0]
        else:
            act = PASS if PASS in acts else acts[0]
        d.apply(act)
        if d.tricks_done == RuleSet().phase1_tricks and d.phase == 1 and any(d.pending):
            had = True
    return d, had


def test_pending_combinations_lapse_at_the_end_of_the_stock(page):
    """«отложенные комбинации пропадают»: pending on the table at trick 24, gone after it."""
    d, had = play_announcing(3)
    assert had
    assert d.phase == 2 and d.pending == [[], []] and d.exposed == [set(), set()]
    assert "отложенные комбинации пропадают" in page
