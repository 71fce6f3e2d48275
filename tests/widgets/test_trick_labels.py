"""The labels under the cards of a trick agree with the name in person (issue 28.5/9: a picture
said «вы — берёт»): «Вы — берёте», «Соперник — берёт», for every seat name the practice table
and the demos use, whether the picture is the practice table (two, three, four seats) or a
demo's trick or scene."""

import re

import pytest

from bezique.deal import Deal
from bezique.narrate import seat_names
from bezique.players.heuristic import heuristic_action
from bezique.rules import RuleSet
from bezique.widgets.practice.scene import scene_kwargs, trick_name
from bezique.widgets.render.layout import layout_scene, layout_trick, trick_note
from bezique.widgets.render.play_table import layout_play_table
from bezique.widgets.render.scene import deal_scene

# A winner's label: «Вы — берёте», or a capitalised third-person name and «— берёт».
GOOD_WINNER = re.compile(r"^(Вы — берёте|Ваша карта — берёт|(?!Вы )[А-ЯЁ][^—]* — берёт)$")
# The names the demos give the cards of a trick (besides the seats' names).
DEMO_NAMES = ["вы", "соперник", "Ход", "Ответ", "Первый (ходит)", "Второй", "Третий", "Юг",
              "Запад", "Север", "Восток", "Анна", "Борис", "Ваша", "Ход соперника"]


def seat_labels() -> list[str]:
    return sorted({name for n in (2, 3, 4) for viewer in range(n) for name in seat_names(viewer, n)})


@pytest.mark.parametrize("name", seat_labels() + DEMO_NAMES)
def test_the_winner_label_agrees_with_every_name(name):
    note = trick_note(name, won=True)
    assert GOOD_WINNER.match(note), note
    assert note.endswith("берёте") == (name.lower() == "вы")
    plain = trick_note(name)
    assert plain[:1].isupper() and "берёт" not in plain


def test_the_exact_labels():
    assert trick_note("Вы", True) == "Вы — берёте"
    assert trick_note("вы", True) == "Вы — берёте"
    assert trick_note("соперник", True) == "Соперник — берёт"
    assert trick_note("Игрок 3", True) == "Игрок 3 — берёт"
    assert trick_note("Ваша", True) == "Ваша карта — берёт"
    assert trick_note("", True) == "Берёт"
    assert trick_note("", False) == ""


def texts(lay) -> list[str]:
    return [op.text for op in lay.ops if op.kind == "text"]


def winner_labels(lay) -> list[str]:
    return [t for t in texts(lay) if "берёт" in t and "взятк" not in t]


def test_a_demo_trick_with_lowercase_names_says_you_take():
    """Chapter 07's scripted deal names the trick's cards «вы» and «соперник»."""
    hands = Deal.new(RuleSet.preset("canonical"), 0, seed=1).hands
    lay = layout_trick([("вы", hands[0][0]), ("соперник", hands[1][0])], winner=0)
    assert winner_labels(lay) == ["Вы — берёте"]
    assert "Соперник" in texts(lay)
    assert "Взятка: вы — " in lay.description          # inside a sentence, as the demo wrote it


def played_deals(preset: str, tricks: int):
    """A few seeded deals of `preset` (heuristic play), each time a trick has just been taken
    (before the next card is played): (deal, that trick), `tricks` of them per deal."""
    rules = RuleSet.preset(preset)
    for seed in (1, 2):
        deal = Deal.new(rules, dealer=0, seed=seed)
        seen = []
        while not deal.is_over and len(seen) < tricks:
            deal.apply(heuristic_action(deal))
            last = deal.last_trick()
            if last is not None and not deal.trick and all(last is not t for t in seen):
                seen.append(last)
                yield deal, last


@pytest.mark.parametrize("preset", ["canonical", "three_handed", "four_handed"])
def test_the_practice_table_labels_agree_for_every_seat(preset):
    """At every seat the learner may take, after tricks won by every player: the winner's
    label under the last trick (two players) agrees with the name, and no picture says
    «Ваша» alone or «вы — берёт»."""
    winners = set()
    for deal, last in played_deals(preset, 12):
        for human in range(deal.n):
            lay = layout_play_table(**scene_kwargs(deal, human))
            for t in winner_labels(lay):
                assert GOOD_WINNER.match(t), t
            assert "Ваша" not in texts(lay)
            names = [trick_name(s, human, deal.n) for s, _ in last.plays]
            if deal.n == 2:
                want = ("Вы — берёте" if last.winner == human else "Соперник — берёт")
                assert want in winner_labels(lay), (want, texts(lay))
            else:
                head = next(t for t in texts(lay) if t.startswith("Последн"))
                assert head == ("Последняя взятка — ваша" if last.winner == human else
                                f"Последнюю взял {names[last.winner_index].lower()}"
                                if not names[last.winner_index].startswith("Игрок") else
                                f"Последнюю взял {names[last.winner_index]}"), head
            winners.add(last.winner == human)
    assert winners == {True, False}


def test_a_demo_scene_with_lowercase_trick_names():
    """`render.scene.deal_scene` with the names of chapter 07 («вы», «соперник»)."""
    deal = Deal.new(RuleSet.preset("canonical"), dealer=0, seed=5)
    seen = set()
    while not deal.is_over and len(seen) < 2:
        deal.apply(heuristic_action(deal))
        last = deal.last_trick()
        if last is None or deal.trick:
            continue
        lay = layout_scene(**deal_scene(deal, 1, trick_names=("вы", "соперник")))
        labels = winner_labels(lay)
        assert labels == ["Вы — берёте" if last.winner == 1 else "Соперник — берёт"], labels
        seen.add(last.winner)
    assert seen == {0, 1}
