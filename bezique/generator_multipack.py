"""Fresh exercises of the multi-pack games (Rubicon, six-pack, eight-pack; RULES-multipack.md
§15) from random deals played by the engine: declarations that test re-declaration and what
fixes trumps (level `r1_multipack`), and finished deals to settle (level `r2_settlement`).

Every position is verified before it is offered: the position solver (`positions.solve`) must
give exactly what the deal itself allows — the same legal declarations as the deal's own list,
the same scores and settlement as the deal's result. `generator.generate` wraps these as it
wraps the standard levels (ids, answers, explanations).
"""

from __future__ import annotations

import random

from .cards import SUIT_NAME_RU, sort_cards
from .deal import STAGE_DECLARE
from .positions import load_position, solve
from .ru import meld_with_cards, points
from .rules import RuleSet
from .variants.multipack.deal import MultipackDeal, lift_points
from .variants.multipack.melds import candidates, reuse_problem
from .players.random_player import random_action

GAMES = ("rubicon", "six_pack", "eight_pack")
GAME_RU = {"rubicon": "Рубикон", "six_pack": "Китайский безик",
           "eight_pack": "Безик с восемью колодами"}
NAMES = ("Анна", "Борис")


def _codes(cards) -> list[str]:
    return [c.code for c in sort_cards(cards)]


def _history(decls, carte_blanche: bool = True) -> list[dict]:
    return [{"meld": d.meld, "cards": _codes(d.cards)} for d in decls
            if carte_blanche or d.meld != "carte_blanche"]


# --------------------------------------------------------------------------- declarations

def _interesting(deal: MultipackDeal, seat: int) -> bool:
    """A declaration turn worth asking about: trumps not yet fixed with a combination in hand,
    or a combination that the re-declaration rules allow or forbid because of a scored one."""
    held = set(deal.hands[seat])
    scored = deal.melds[seat].instances()
    cands = candidates(held, deal.rules, deal.trump)
    if not cands:
        return False
    if deal.trump is None:
        return any(m in ("royal_marriage", "sequence") for m, _ in cands)
    used = {c for d in scored for c in d.cards}
    return any(set(cards) & used for _, cards in cands) and any(
        reuse_problem(m, cards, scored, held, deal.rules) is None for m, cards in cands)


def _declaration_turn(rng: random.Random, game: str):
    """A random deal stopped at an interesting declaration turn, or None."""
    rules = RuleSet.from_spec(game)
    deal = MultipackDeal.new(rules, rng.randrange(2), rng=rng)
    steps = 0
    while not deal.is_over and steps < 4000:
        steps += 1
        if (deal.stage == STAGE_DECLARE and not deal.window.combination
                and _interesting(deal, deal.to_act) and rng.random() < 0.5):
            return deal, deal.to_act
        deal.apply(random_action(deal.legal_actions(), rng, pass_rate=0.1, announce_rate=0.2))
    return None


def declarations_position(rng: random.Random) -> dict | None:
    game = rng.choice(GAMES)
    found = _declaration_turn(rng, game)
    if found is None:
        return None
    deal, seat = found
    exposed = deal.exposed[seat]
    trump = deal.trump
    pos = {"kind": "declarations", "rules": game, "trump": trump, "phase": 1,
           "hand": _codes(c for c in deal.hands[seat] if c not in exposed),
           "table": _codes(exposed), "scored": _history(deal.melds[seat].scored, False),
           "won_trick": True}
    if deal.tricks_done == deal.rules.phase1_tricks:
        pos["last_stock_trick"] = True
    # Verified by the engine: the position allows exactly what the deal allows.
    mine = {(d["meld"], tuple(d["cards"]), d["points"])
            for d in solve(load_position({"id": "check", **pos}))["declarations"]}
    theirs = {(d.meld, tuple(_codes(d.cards)), d.points) for d in deal._declarations(seat)}
    if mine != theirs or len(mine) > 6:        # a list too long to answer is no exercise
        return None
    what = ("Козырь ещё не назначен: никто пока не записал ни марьяжа, ни секвенции."
            if trump is None else f"Козырь — {SUIT_NAME_RU[trump]}.")
    done = ("Вы уже записали: " + "; ".join(meld_with_cards(d.meld, d.cards)
                                            for d in deal.melds[seat].instances()) + "."
            if deal.melds[seat].instances() else "")
    pos["prompt"] = " ".join(x for x in (f"{GAME_RU[game]}.", what, done,
                                         "Вы взяли взятку. Что можно объявить и за сколько?") if x)
    return pos


def explain_declarations(pos: dict) -> str:
    """Russian: what may be declared (the engine's list) and why the tempting combinations of
    the same cards may not (the engine's reasons)."""
    loaded = load_position({"id": "x", **pos})
    answer = solve(loaded)
    held = set(loaded.hand) | set(loaded.table)
    lines = []
    if answer["declarations"]:
        best = answer["declarations"][0]
        lines.append(f"Вариантов — {len(answer['declarations'])}; выгоднее всего "
                     f"{meld_with_cards(best['meld'], loaded_cards(loaded, best['cards']))}, "
                     f"{points(best['points'])}." if len(answer["declarations"]) > 1 else
                     f"Можно объявить одно: "
                     f"{meld_with_cards(best['meld'], loaded_cards(loaded, best['cards']))}, "
                     f"{points(best['points'])}.")
        if loaded.trump is None:
            lines.append("Первый записанный марьяж или секвенция назначит козырь: его масть "
                         "станет козырной до конца сдачи.")
    else:
        lines.append(answer.get("reason", "Объявить нечего."))
    said = set()
    for meld, cards in candidates(held, loaded.rules, loaded.trump):
        why = reuse_problem(meld, cards, [d for d in loaded.scored if d.meld != "carte_blanche"],
                            held, loaded.rules)
        if why and meld not in said:
            said.add(meld)
            lines.append(f"Нельзя: {meld_with_cards(meld, cards)} — {why}.")
        if len(said) >= 2:
            break
    return " ".join(lines)


def loaded_cards(pos, codes):
    by_code = {c.code: c for c in (*pos.hand, *pos.table)}
    return [by_code[c] for c in codes if c in by_code]


# --------------------------------------------------------------------------- settlement

SUITS = "SHDC"
_WORD = {"A": "aces", "T": "tens", "K": "kings", "Q": "queens", "J": "jacks"}
_ANY = {"A": 100, "K": 80, "Q": 60, "J": 40}
_LADDER = ("bezique", "double_bezique", "triple_bezique", "quadruple_bezique",
           "quintuple_bezique")


def _items(rules, trump: str, copies: list[int]) -> list[tuple[int, int, dict]]:
    """(points, order, history entry) a player with these copies of every card may have
    scored; `order` puts an inferior combination before a superior one of its class."""
    out = []
    for s in SUITS:
        royal = s == trump
        for k in copies:
            for q in copies:
                out.append((40 if royal else 20, 0, {"meld": "royal_marriage" if royal else "marriage",
                                                     "cards": [f"K{s}#{k}", f"Q{s}#{q}"]}))
        out.append((250 if royal else rules.meld_plain_sequence, 1,
                    {"meld": "sequence" if royal else "plain_sequence",
                     "cards": [f"{r}{s}#{copies[0]}" for r in "ATKQJ"]}))
    for c in copies:
        out.append((rules.bezique_values[0], 0, {"meld": "bezique", "cards": [f"QS#{c}", f"JD#{c}"]}))
    k = min(len(copies), len(rules.bezique_values))
    if k >= 2:
        out.append((rules.bezique_values[k - 1], 1, {"meld": _LADDER[k - 1], "cards":
                    [f"QS#{c}" for c in copies[:k]] + [f"JD#{c}" for c in copies[:k]]}))
    for r in "AKQJ":
        for shift in range(len(copies)):
            combo = [copies[(i + shift) % len(copies)] for i in range(4)]
            out.append((_ANY[r], 0, {"meld": f"four_{_WORD[r]}",
                                     "cards": [f"{r}{s}#{c}" for s, c in zip(SUITS, combo)]}))
        i = "ATKQJ".index(r)
        for size, table, word in ((4, rules.trump_quartets, "four_trump"),
                                  (5, rules.trump_quintets, "five_trump")):
            if table and len(copies) >= size and i < len(table):
                out.append((table[i], size - 2, {"meld": f"{word}_{_WORD[r]}",
                                                 "cards": [f"{r}{trump}#{c}" for c in copies[:size]]}))
    return out


def compose(rules, trump: str, copies: list[int], target: int) -> list[dict] | None:
    """A scored history worth exactly `target` with the fewest entries (None if none), inferior
    combinations of a class before superior ones."""
    items = _items(rules, trump, copies)
    best: dict[int, list[int]] = {0: []}
    for idx, (v, _, _) in enumerate(items):
        for total, chosen in sorted(best.items(), reverse=True):
            t = total + v
            if t <= target and (t not in best or len(best[t]) > len(chosen) + 1):
                best[t] = chosen + [idx]
    if target not in best:
        return None
    return [items[i][2] for i in sorted(best[target], key=lambda i: items[i][1])]


def _brisque_tricks(n0: int, n1: int) -> list[list[str]]:
    """Tricks of two cards, each with one brisque (ace or ten) and one small card."""
    br = [f"{r}{s}#{c}" for c in (1, 2, 3, 4) for s in SUITS for r in "AT"]
    small = [f"{r}{s}#{c}" for c in (1, 2, 3, 4) for s in SUITS for r in "987"]
    return [[x for i in range(n0) for x in (br[i], small[i])],
            [x for i in range(n0, n0 + n1) for x in (br[i], small[i])]]


def composed_settlement(rng: random.Random) -> dict | None:
    """Scores near the rubicon (a tie now and then), made of real combinations."""
    game = rng.choice(GAMES)
    rules = RuleSet.from_spec(game)
    trump = rng.choice(SUITS)
    rub, n = rules.rubicon_threshold, rules.packs
    loser = rub + 10 * rng.randint(-40, 30)
    winner = loser if rng.random() < 0.12 else loser + 10 * rng.randint(1, 150)
    scores = [winner, loser] if rng.random() < 0.5 else [loser, winner]
    last = rng.randrange(2)
    lt = rules.last_trick_points
    halves = [list(range(1, n // 2 + 1)), list(range(n // 2 + 1, n + 1))]   # disjoint copies
    scored = []
    for p in range(2):
        hist = compose(rules, trump, halves[p], scores[p] - (lt if p == last else 0))
        if hist is None:
            return None
        scored.append(hist)
    counts = rules.brisque_role != "none"
    nb = [rng.randint(3, 17), rng.randint(3, 15)] if counts else [0, 0]
    pos = {"kind": "deal_score", "rules": game, "trump": trump,
           "tricks": _brisque_tricks(*nb), "scored": scored, "last_trick": last}
    return _settlement_prompt(pos, rules)


def _settlement_prompt(pos: dict, rules) -> dict | None:
    ans = solve(load_position({"id": "check", **pos}))
    sc, br = ans["scores"], ans["brisques"]
    bris = f" Бриски: у Анны {br[0]}, у Бориса {br[1]}." if rules.brisque_role != "none" else ""
    pos["prompt"] = (f"{GAME_RU[pos['rules']]}. Играли Анна и Борис. Сдача окончена: у Анны "
                     f"{points(sc[0])}, у Бориса {sc[1]} (без брисков).{bris} Кто выиграл "
                     "партию, сколько она стоит и перешёл ли проигравший рубикон?")
    return pos


def settlement_position(rng: random.Random) -> dict | None:
    """Mostly composed scores near the rubicon; now and then a whole random deal."""
    if rng.random() < 0.75:
        return composed_settlement(rng)
    return played_settlement(rng)


def played_settlement(rng: random.Random) -> dict | None:
    game = rng.choice(GAMES)
    rules = RuleSet.from_spec(game)
    deal = MultipackDeal.new(rules, rng.randrange(2), rng=rng)
    if any(lift_points(rules, deal.lift)):              # the lift is not a position field
        return None
    while not deal.is_over:
        deal.apply(random_action(deal.legal_actions(), rng, pass_rate=0.05))
    result = deal.result()
    counts = rules.brisque_role != "none"
    # keep whole tricks that hold a brisque (what the brisques are counted from)
    tricks = [[c for t in deal.won[p] if counts and any(x.is_brisque for x in t) for c in t]
              for p in range(2)]
    pos = {"kind": "deal_score", "rules": game, "trump": deal.trump,
           "tricks": [_codes(t) for t in tricks],
           "scored": [_history(deal.melds[p].scored) for p in range(2)],
           "last_trick": deal.last_trick_winner}
    ans = solve(load_position({"id": "check", **pos}))
    if (ans["scores"] != result["scores"] or ans["settlement"] != result["settlement"]
            or ans["brisques"] != result["brisques"]):
        return None                                     # not expressible: do not offer it
    return _settlement_prompt(pos, rules)


def explain_settlement(pos: dict) -> str:
    from .position_multipack import settlement_reason
    loaded = load_position({"id": "x", **pos})
    ans = solve(loaded)
    return settlement_reason(ans["scores"], ans["brisques"], loaded.rules, NAMES)


GENERATORS = {"r1_multipack": declarations_position, "r2_settlement": settlement_position}
EXPLAIN = {"r1_multipack": explain_declarations, "r2_settlement": explain_settlement}
LEVELS = {"r1_multipack": "Рубикон, китайский безик, восемь колод: объявления и козырь",
          "r2_settlement": "Рубикон, китайский безик, восемь колод: итог партии"}

__all__ = ["GENERATORS", "EXPLAIN", "LEVELS"]
