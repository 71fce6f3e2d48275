"""`play` in the terminal for Rubicon, six-pack and eight-pack bezique: a whole game by typed
cards and numbers, who fixed trumps on the table, the heap or the pile, and at the end the
scores without brisques and the settlement of R15.11 with the engine's numbers."""

import random

import pytest

from bezique.actions import Play
from bezique.players.play import TerminalGame
from bezique.rules import RuleSet
from bezique.variants.multipack.explain import settlement_text


@pytest.mark.parametrize("game", ["rubicon", "six_pack", "eight_pack"])
def test_a_whole_game_in_the_terminal(game):
    g = TerminalGame("heuristic", seed=2, rules=RuleSet.from_spec(game), review=True)
    out = g.start()
    assert any("козырь ещё не назначен: его назначит первый" in x for x in out)
    assert any(x.startswith(("Куча взяток", "Сыгранные карты")) for x in out)
    rng = random.Random(1)
    seen_fixed = False
    for _ in range(800):
        if g.finished:
            break
        d = g.deal
        if d.stage == "declare":
            line = str(rng.randrange(len(g._choices()) + 1))
        else:
            acts = [a for a in d.legal_actions(g.me) if type(a) is Play]
            line = acts[rng.randrange(len(acts))].card.code
        out = g.handle(line)
        if d.trump is not None and not d.is_over and not seen_fixed:
            seen_fixed = any("назначил" in x for x in g.table())
    assert g.finished and (seen_fixed or g.deal.trump is None)     # R15.3.7: maybe never
    r = g.deal.result()
    assert settlement_text(g.deal, g.me) in out
    assert any(x.split() == ["всего", str(r["scores"][0]), str(r["scores"][1])] for x in out)
    st = r["settlement"]
    if st["winner"] is not None:
        assert g.totals[st["winner"]] == st["value"] and g.totals[1 - st["winner"]] == 0
    assert any("Разбор сдачи тренер пока не делает" in x for x in out)
