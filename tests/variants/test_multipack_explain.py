"""The one Russian explanation of a multi-pack settlement (R15.11) says the engine's terms: for
many random score pairs of each game, the sum it prints is `settle_steps`'s (the numbers the
value is made of, from the same code path as the value), every number it prints is one of the
game's numbers, and the result is `settle`'s and an independent reading's."""

import random
import re

import pytest

from bezique import RuleSet
from bezique.rules import MULTIPACK_PRESETS
from bezique.variants.multipack import settle, settle_steps
from bezique.variants.multipack.explain import (OPPONENT, YOU, people, player,
                                                settlement_headline, settlement_lines)

from test_multipack_properties import expected_settlement

GAMES = sorted(MULTIPACK_PRESETS) + ["rubicon/when_decisive"]      # and C-R5's option
NUMBER = re.compile(r"−?\d+")


def _random_case(rng, rules):
    thr = rules.rubicon_threshold
    def score():
        return rng.choice((rng.randrange(0, 2 * thr // 10) * 10,
                           thr + rng.randrange(-30, 30) * 10,
                           rng.randrange(0, thr // 10) * 10))
    a = score()
    b = a if rng.random() < 0.15 else score()
    b0 = rng.randrange(0, 33) * 10
    brisques = (b0, rng.randrange(0, 33 - b0 // 10) * 10)
    return [max(a, 0), max(b, 0)], list(brisques)


def _cases(preset, n=300):
    name, _, decide = preset.partition("/")
    rules = RuleSet.preset(name)
    if decide:
        rules = rules.with_options(brisques_decide=decide)
    rng = random.Random(preset)
    for _ in range(n):
        scores, brisques = _random_case(rng, rules)
        if rules.brisque_role == "none":
            brisques = [0, 0]
        yield rules, scores, brisques


@pytest.mark.parametrize("preset", GAMES)
def test_the_steps_are_the_settlement(preset):
    for rules, scores, brisques in _cases(preset):
        st = settle_steps(scores, brisques, rules)
        assert st.result() == settle(scores, brisques, rules)
        if rules.brisques_decide == "tie_only":           # the independent reading's case
            assert st.result() == expected_settlement(scores, brisques, rules), (scores, brisques)
        if st.winner is None:
            assert st.value == 0 and st.terms == ()
            continue
        assert st.value == sum(st.terms) and st.terms[-1] == st.bonus
        assert st.bonus == (rules.rubicon_bonus if st.rubiconed else rules.game_bonus)


@pytest.mark.parametrize("preset", GAMES)
@pytest.mark.parametrize("human", [0, 1])
def test_the_explanation_prints_the_engine_terms(preset, human):
    for rules, scores, brisques in _cases(preset):
        st, lines = settlement_lines(scores, brisques, rules, people(human), human)
        text = " ".join(lines).replace("\xa0", " ")
        where = (preset, scores, brisques, text)
        assert st == settle_steps(scores, brisques, rules)
        # every number printed is one of the game's: no number is made up outside the engine
        full = [s + b for s, b in zip(scores, brisques)]
        allowed = {*scores, *brisques, *full, *st.totals, *st.rounded, *st.terms, st.value,
                   st.difference, st.threshold, st.minimum, st.bonus}
        for n in NUMBER.findall(text):
            assert int(n.replace("−", "-")) in allowed, (n, where)
        if st.winner is None:
            assert "аннулируется" in text and "+" not in text, where
            continue
        me = st.winner == human
        assert lines[1] == (f"Вы выиграли партию: +{st.value} очков." if me else
                            f"Партию выиграл соперник: он получает {st.value} очков."), where
        assert ("Рубикон не перейдён" in text) == st.rubiconed, where
        assert ("Рубикон спасён брисками" in text) == st.saved, where
        assert ("Очки равны, поэтому решили бриски" in text) == st.tie, where
        assert ("С брисками счёт другой" in text) == st.option, where
        last = lines[-1]
        if st.rubiconed:
            assert f"{st.terms[0]} + {st.terms[1]}" in last, where
            assert last.endswith(f"и премию {st.bonus} — всего {st.value}."), where
            assert ("считают за" in last) == st.minimum_applied, where
        else:
            diff = str(st.difference).replace("-", "−")
            assert f"{st.rounded[0]} − {st.rounded[1]} = {diff}" in last, where
            assert last.endswith(f"премию за партию {st.bonus} — всего {st.value}."), where
            assert (f"за разницу {st.terms[0]}:" in last) == st.minimum_applied, where
            if st.brisques_added:
                assert f"{st.totals[0]}" in text and f"{st.totals[1]}" in text, where
        assert settlement_headline(st, people(human)).endswith(f"+{st.value} очков")


def test_the_brisques_option_is_explained():
    """C-R5: with `brisques_decide = "when_decisive"` brisques may re-decide the winner."""
    rules = RuleSet.preset("rubicon").with_options(brisques_decide="when_decisive")
    st, lines = settlement_lines([1050, 990], [60, 260], rules, [YOU, OPPONENT])
    assert st.option and st.winner == 1 and st.value == 600
    text = " ".join(lines)
    assert "С брисками счёт другой: у соперника 1250, у вас 1110" in text
    assert "1200 − 1100 = 100" in text and text.endswith("всего 600.")


def test_players_by_name():
    names = [player("Анна", "Анны"), player("Борис", "Бориса")]
    st, lines = settlement_lines([1320, 620], [0, 0], RuleSet.preset("rubicon"), names)
    assert lines[0].startswith("У Анны 1320 очков, у Бориса 620 очков")
    assert lines[1] == "Победитель — Анна: +3200 очков."
    assert "Анна получает свои очки и очки Бориса" in lines[-1]
    assert settlement_headline(st, names) == "победитель — Анна, +3200 очков"
