"""The demos of chapter 11b (Rubicon, six-pack, eight-pack) without a browser: what they show is
the engine's (legal declarations, trumps, carte blanche, the settlement), every scripted step is
legal, bad input is named in Russian and changes nothing."""

import itertools
import random
import re

import pytest

from ci_support import require_import

require_import("ipywidgets")

from bezique.rules import MULTIPACK_GAMES, RuleSet
from bezique.variants.multipack.settle import settle
from bezique.widgets.demos.multipack import (SETTLE_GAMES, MeldBench, SettlementCalc, card,
                                             carte_blanche_story, carte_blanche_totals,
                                             games_table, ladder_bench, ladder_sentence,
                                             legal_after, queens_bench, settlement_lines,
                                             settlement_sentence, stage_two_sentence,
                                             trump_story)
from learner_words import learner_code_words


def _buttons(bench: MeldBench) -> list[str]:
    return [b.description for b in bench.buttons.children if hasattr(b, "on_click")]


# ---------------------------------------------------------------- the table of the games

def test_games_table_numbers_are_the_rules():
    text = games_table().text
    for p in MULTIPACK_GAMES:
        r = RuleSet.preset(p)
        assert str(r.hand_size) in text and str(r.rubicon_threshold) in text
    assert "110" in text and "168" in text and "226" in text      # stock after the deal
    assert "55 + 9" in text and "84 + 12" in text and "113 + 15" in text
    assert not learner_code_words(text)


# ---------------------------------------------------------------- trumps (S-R04)

def test_trump_story_every_step_is_legal_and_the_pending_marriage_waits():
    story = trump_story()
    seen = []
    for i in range(len(story.steps) + 1):
        story.go(i)
        seen.append((story.deal.trump, [x.points for x in story.deal.pending[0]]))
    assert seen[2] == (None, [40])                 # laid out «to score»: no trump yet
    assert seen[3] == ("H", [20])                  # the opponent's marriage scored first
    assert story.deal.declared == [140, 40]
    assert "назначил соперник" in story.status.value
    assert story.next.disabled and not story.back.disabled


def test_trump_story_back_returns_to_the_start():
    story = trump_story()
    story.next.click()
    story.back.click()
    assert story.index == 0 and story.deal.trump is None and story.back.disabled


# ---------------------------------------------------------------- the ladder (S-R08)

def test_ladder_bench_climbs_to_the_quadruple():
    bench = ladder_bench()
    single = next(d for d in bench.legal() if d.meld == "bezique")
    assert bench.declare(single)
    second = next(d for d in bench.legal() if d.meld == "bezique")
    assert bench.declare(second)
    double = next(d for d in bench.legal() if d.meld == "double_bezique")
    assert bench.declare(double)
    assert not [d for d in bench.legal() if d.meld == "bezique"]     # never down the ladder
    assert any("Безик" in w and "нельзя" in w for w in bench.refusals())
    bench.draw()                                   # one card a draw, as after a trick
    assert not [d for d in bench.legal() if d.meld == "triple_bezique"]
    bench.draw()
    assert bench.declare(next(d for d in bench.legal() if d.meld == "triple_bezique"))
    bench.draw(), bench.draw()
    assert bench.declare(next(d for d in bench.legal() if d.meld == "quadruple_bezique"))
    assert bench.total == 40 + 40 + 500 + 1500 + 4500            # S-R08: 6580
    assert not bench.draw() and "Больше карт" in bench.status.value


def test_eight_pack_ladder_reaches_the_quintuple():
    bench = ladder_bench("eight_pack")
    for _ in range(6):
        bench.draw()
    assert any(d.meld == "quintuple_bezique" and d.points == 9000 for d in bench.legal())


def test_an_illegal_declaration_changes_nothing():
    bench = ladder_bench()
    double = next(d for d in bench.legal() if d.meld == "double_bezique")
    bench.declare(double)
    before = (bench.total, list(bench.scored_log))
    assert not bench.declare(double)
    assert (bench.total, bench.scored_log) == before
    assert "нельзя" in bench.status.value


# ---------------------------------------------------------------- four queens (S-R06)

def test_four_queens_again_only_after_one_is_played():
    bench = queens_bench()
    assert not bench.legal()
    assert any("не сыграна" in w for w in bench.refusals())
    assert bench.play(card("QH#1"))
    legal = bench.legal()
    assert [(d.meld, d.points) for d in legal] == [("four_queens", 60)]
    assert card("QH#2") in legal[0].cards


def test_four_queens_by_hoffmanns_commentary_needs_no_play():
    bench = queens_bench()
    bench.rules_pick.value = "rubicon_hoffmann_commentary"
    assert any(d.meld == "four_queens" for d in bench.legal())


def test_playing_a_card_not_held_is_refused():
    bench = queens_bench()
    held = list(bench.held)
    assert not bench.play(card("QS#4"))
    assert bench.held == held and "Выберите карту" in bench.status.value


# ---------------------------------------------------------------- carte blanche (S-R09)

@pytest.mark.parametrize("preset, total", [("rubicon", 150), ("rubicon_foster", 50),
                                           ("six_pack", 750), ("eight_pack", 0)])
def test_carte_blanche_chain(preset, total):
    story = carte_blanche_story(preset)
    story.go(len(story.steps))
    assert story.deal.declared[story.you] == total


def test_carte_blanche_totals_are_the_deals():
    text = carte_blanche_totals()
    assert "150 очков" in text and "50 очков" in text and "750 очков" in text


# ---------------------------------------------------------------- the settlement (15.11)

@pytest.mark.parametrize("scores, brisques, value, rubiconed", [
    ((1510, 1240), (0, 0), 800, False), ((1550, 1520), (0, 0), 600, False),      # S-R15
    ((1320, 620), (170, 150), 3200, True), ((1240, 60), (0, 0), 2600, True),     # S-R16
    ((1480, 930), (140, 180), 1000, False), ((1480, 930), (260, 60), 3600, True),  # S-R17
    ((1050, 990), (60, 260), 600, False), ((1200, 1200), (170, 150), 600, False)])
def test_the_calculator_is_the_engine(scores, brisques, value, rubiconed):
    w = SettlementCalc(scores=scores, brisques=brisques)
    got = w.compute()
    assert got == settle(list(scores), list(brisques), RuleSet.preset("rubicon"))
    assert (got["value"], got["rubiconed"]) == (value, rubiconed)
    assert f"{value} очков" in w.out.value


def test_a_void_game_is_said():
    w = SettlementCalc(scores=(1200, 1200), brisques=(160, 160))
    assert w.compute()["winner"] is None and "аннулируется" in w.out.value


@pytest.mark.parametrize("field, text, word", [("mine", "abc", "Ваши очки"),
                                               ("theirs", "-5", "Очки соперника"),
                                               ("my_b", "400", "Ваши бриски"),
                                               ("their_b", "300", "Брисков у двоих")])
def test_bad_input_is_named_and_keeps_the_last_result(field, text, word):
    w = SettlementCalc()
    last = w.last
    getattr(w, field).value = text
    assert w.compute() is None
    assert word in w.out.value and "например" in w.out.value.lower()
    assert w.last == last


def test_six_pack_has_no_brisques_in_the_calculator():
    w = SettlementCalc()
    w.game.value = "six_pack"
    w.mine.value, w.theirs.value = "4330", "2970"
    assert w.compute() == {"winner": 0, "value": 8700, "rubiconed": True}         # S-R18
    assert w.my_b.disabled and "не считаются" in w.out.value


def test_the_explanation_adds_up_to_the_engine_value():
    """On a grid of scores, for every game: the arithmetic the explanation prints ends with the
    engine's value (the explanation never decides anything itself; its terms: test_multipack_explain)."""
    rng = random.Random(5)
    for preset in SETTLE_GAMES:
        for _ in range(120):
            scores = (rng.randrange(0, 80) * 10 + rng.choice((0, 1000, 3000)),
                      rng.randrange(0, 80) * 10 + rng.choice((0, 1000, 3000)))
            b0 = rng.randrange(0, 33) * 10
            brisques = (b0, rng.randrange(0, 33 - b0 // 10) * 10)
            got, lines = settlement_lines(preset, scores, brisques)
            if got["winner"] is not None:
                assert lines[-1].endswith(f"всего {got['value']}."), (preset, scores, brisques, lines)
            for line in lines:
                assert not learner_code_words(line)


# ---------------------------------------------------------------- the chapter's sentences

def test_chapter_sentences_take_their_numbers_from_the_rules():
    assert "4500" in ladder_sentence() and "9000" in ladder_sentence()
    table = settlement_sentence()
    for p in MULTIPACK_GAMES:
        assert str(RuleSet.preset(p).rubicon_bonus) in table
    assert "1320" in table and "2000" in table
    assert "9 взяток" in stage_two_sentence() and "15 взяток" in stage_two_sentence()


def test_legal_after_answers_the_chapter_questions():
    assert legal_after("rubicon", None, "KC#1 QC#1 KH#1 QH#1")[("royal_marriage", "К♣ Д♣")] == 40
    after = legal_after("rubicon", "C", "KC#1 QC#1 KH#1 QH#1", [("royal_marriage", "KC#1 QC#1")])
    assert after == {("marriage", "К♥ Д♥"): 20}
