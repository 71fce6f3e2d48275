"""The demos of chapter 09 without a browser: buttons and lists drive the widgets, and every
number they show must be the engine's."""

import pytest

from ci_support import require_import

require_import("ipywidgets")
require_import("matplotlib")

from bezique.deal import Deal
from bezique.game import Game
from bezique.narrate import score_breakdown
from bezique.rules import RuleSet
from bezique.widgets.demos.game import WhoWins, bot_game, decide_game, game_chart, game_table_html
from bezique.widgets.demos.penalty import GAME_BEFORE, OFFENCES, PenaltyDemo
from bezique.events import DeclareEvent
from bezique.players.match import bots, play_deal
from bezique.widgets.demos.tally import (TALLY_KEYS, DealTally, brisques_won, count_label,
                                         count_numbers, replay_under, scoring_events, tally_rules)


def bot_deal(seed: int) -> Deal:
    """Deal number `seed` played to its end by two Любители (as the tally demo plays it)."""
    return play_deal(Deal.new(RuleSet(), 0, seed=seed), bots("heuristic", 2, seed))


# ---------------------------------------------------------------- the tally of one deal

def test_bot_deal_is_reproducible_and_finished():
    a, b = bot_deal(3), bot_deal(3)
    assert a.is_over and b.is_over
    assert a.actions == b.actions
    assert a.result() == b.result()


def test_tally_shows_the_engine_breakdown():
    w = DealTally(seed=2)
    d = w.deal
    r = d.result()
    assert sum(r["brisques"]) == 160
    for seat in range(2):
        assert w.breakdown()[seat] == score_breakdown(d, seat)
        assert f"<b>{r['scores'][seat]}</b>" in w.summary.value
    assert "160" in w.summary.value
    assert w.pictures[0].value.startswith("<div>") or "<img" in w.pictures[0].value
    assert "data:image/png;base64," in w.pictures[1].value
    assert "<img" in w.trick.value                        # visible in the static book
    assert "32-я взятка" in w.trick.value


def test_new_deal_button_plays_the_next_numbered_deal():
    w = DealTally(seed=2)
    w.new.click()
    assert w.seed.value == 3
    assert w.deal.actions == bot_deal(3).actions


def test_000C_count_replays_the_same_play():
    w = DealTally(seed=4)
    base = w.deal.result()
    w.count.value = "club"
    club = w.counted().result()
    assert club["declared"] == base["declared"]
    assert max(club["last_trick"]) == 250
    assert club == replay_under(w.deal, tally_rules("club")).result()
    tricks = [len(w.deal.won[s]) for s in range(2)]
    assert club["brisques"][0] >= 10 * tricks[0]          # 10 a trick at least
    assert "250" in w.summary.value
    w.count.value = "per_trick"
    assert w.counted().rules.brisque_count == "per_trick"


def test_scoring_events_name_every_declaration():
    d = bot_deal(2)
    lines = scoring_events(d)
    declared = sum(1 for e in d.log if type(e) is DeclareEvent)
    assert len([x for x in lines if "+" in x]) >= declared
    assert all("объявляет козырная" not in x for x in lines)


def test_brisques_won_counts_aces_and_tens():
    d = bot_deal(5)
    assert len(brisques_won(d, 0)) + len(brisques_won(d, 1)) == 16


# ---------------------------------------------------------------- a whole game

def test_bot_game_reaches_the_target_and_the_chart_is_deterministic():
    g = bot_game(4)
    assert g.is_over and max(g.totals) >= 1000
    c1, c2 = game_chart(g), game_chart(bot_game(4))
    assert c1.png == c2.png and c1.png.startswith(b"\x89PNG")
    assert "Партию выиграл" in c1.alt
    html = game_table_html(g)
    assert html.count("<tr>") == len(g.history) + 1


def test_equal_totals_are_decided_by_the_last_trick():
    g = bot_game(5)
    assert g.totals[0] == g.totals[1]
    assert g.winner == g.history[-1].last_trick_winner
    assert "за последнюю взятку" in game_chart(g).alt


# ---------------------------------------------------------------- who won?

@pytest.mark.parametrize("before,gain,last,rules,winner", [
    ((980, 900), (30, 50), 1, {}, 0),                                    # S-77
    ((820, 700), (240, 370), 0, {}, 1),                                  # S-78
    ((820, 700), (240, 370), 0, {"both_reach_rule": "last_trick"}, 0),   # S-78 option
    ((800, 700), (240, 340), 1, {}, 1),                                  # S-79
    ((1000, 1100), (210, 390), 0, {"target_score": 1500}, None),         # S-81
    ((0, 0), (430, 380), 1, {"game_mode": "single_deal"}, 0),            # S-82
])
def test_decide_game_is_the_engines(before, gain, last, rules, winner):
    assert decide_game(before, gain, last, RuleSet().with_options(**rules))[0] == winner


def test_who_wins_widget_follows_its_controls():
    w = WhoWins(example=1)
    assert "Партию выиграл Борис" in w.result.value
    w.rule.value = "last_trick"
    assert "Партию выиграла Анна" in w.result.value
    w.gain[0].value = 100                      # 920: Anna has not reached 1000
    assert "Партию выиграл Борис" in w.result.value
    w.target.value = 1500
    assert "Партия продолжается" in w.result.value
    w.examples[4].click()
    assert w.mode.value == "single_deal"
    assert "Анна 430" in w.result.value


# ---------------------------------------------------------------- penalties

@pytest.mark.parametrize("offence", [o for _, o in OFFENCES])
def test_prevent_mode_never_changes_the_score(offence):
    w = PenaltyDemo(offence=offence, mode="prevent")
    before = list(w.deal.declared), list(w.deal.penalties)
    outcome = w.commit()
    assert outcome in ("refused", "impossible")
    assert (list(w.deal.declared), list(w.deal.penalties)) == before
    assert "Очки не изменились" in w.result.value
    assert w.go.disabled


def test_revoke_is_refused_with_the_engines_reason():
    w = PenaltyDemo(offence="revoke", mode="prevent")
    w.commit()
    # the engine's reason, in Russian, and no rule number a learner cannot look up
    assert "Ход не принят" in w.result.value and "Так играть нельзя" in w.result.value
    assert "R7.1" not in w.result.value


@pytest.mark.parametrize("offence,amount", [("declare_before_trick", 10), ("revoke", 20),
                                            ("play_before_draw", 30), ("extra_card", 50),
                                            ("nine_cards", 120)])
def test_apply_mode_fines_the_offender(offence, amount):
    w = PenaltyDemo(offence=offence, mode="apply")
    seat = w.offender
    assert w.commit() == "fined"
    assert w.deal.is_over and w.deal.penalties[seat] == amount
    assert f"−{amount}" in w.result.value


def test_000A_extra_card_costs_60():
    w = PenaltyDemo(offence="extra_card", mode="apply", source="seed_000A")
    w.commit()
    assert w.deal.penalties[w.offender] == 60


def test_false_declaration_costs_all_points():
    w = PenaltyDemo(offence="false_declaration", mode="apply")
    seat = w.offender
    w.commit()
    assert w.deal.zeroed[seat]
    assert str(GAME_BEFORE[seat]) in w.result.value and "сгорели" in w.result.value


def test_start_again_after_an_offence():
    w = PenaltyDemo(offence="revoke", mode="apply")
    assert w.again.disabled
    w.commit()
    assert w.go.disabled and not w.again.disabled
    w.again.click()
    assert not w.done and not w.go.disabled and not any(w.deal.penalties)


def test_tally_exercise_is_solved_by_the_engine():
    from bezique.positions import load_position, solve
    from bezique.widgets.demos.tally import tally_exercise
    ex = tally_exercise(3)
    assert solve(load_position(ex)) == bot_deal(3).result()
    assert "игрок" not in ex["prompt"]        # names, not numbers (issue 13)
    from bezique.widgets.exercises.answers import player_names
    assert player_names(load_position(ex)) == ["Анна", "Борис"]


def test_scene_shows_the_offenders_cards():
    w = PenaltyDemo(offence="revoke")
    assert w.canvas.canvas.image_data
    assert "стол перед нарушением" in w.canvas.text.value


@pytest.mark.parametrize("key", TALLY_KEYS)
def test_the_counting_labels_say_the_engine_numbers(key):
    """Each way of counting, as its label says it, gives the engine's tally of a real deal."""
    w = DealTally(seed=4)
    w.count.value = key
    d = w.counted()
    n = count_numbers(key)
    for seat in range(2):
        tricks = d.won[seat]
        with_b = sum(1 for t in tricks if any(c.is_brisque for c in t))
        cards_b = sum(1 for t in tricks for c in t if c.is_brisque)
        by_label = {"canonical": n["brisque"] * cards_b,
                    "per_trick": n["two"] * with_b,
                    "club": n["plain"] * len(tricks) + (n["brisque"] - n["plain"]) * with_b}[key]
        assert d.result()["brisques"][seat] == by_label
    assert max(d.result()["last_trick"]) == n["last"]
    label = dict((v, k) for k, v in w.count.options)[key]
    assert label == count_label(key) and str(n["last"] if key != "per_trick" else n["two"]) in label


# ---------------------------------------------------------------- issue 28

def test_the_tally_counts_by_the_course_and_hides_the_club_count_in_a_collapsed_block():
    w = DealTally(seed=2)
    assert w.count.value == "canonical" and w.count not in w.children
    assert w.other in w.children and w.other.selected_index is None
    assert w.count in w.other.children[0].children
    assert all("(000-C)" in label and "Клубный текст" in label
               for label, key in w.count.options if key != "canonical")


def test_who_wins_shows_the_sources_switches_only_in_the_collapsed_block():
    w = WhoWins(example=1)
    flat = [c for box in w.children for c in getattr(box, "children", [box])]
    for switch in (w.target, w.rule, w.mode):
        assert switch not in flat and switch in w.other.children[0].children
    assert w.other.selected_index is None
    w.load(4)                                   # «Одна сдача — партия»: a source's rule
    assert w.mode.value == "single_deal" and w.other.selected_index == 0


@pytest.mark.parametrize("n,want", [(1, "взяла 1 взятку"), (3, "взяла 3 взятки"),
                                    (12, "взяла 12 взяток"), (0, "не взяла ни одной взятки")])
def test_tricks_taken_by_anna_in_the_accusative(n, want):
    from bezique.widgets.demos.tally import took
    assert took(n, "а") == want
