"""Fresh practice positions from random deals, so a learner never runs out of exercises.

Every generated position is a position file (formats.md) with a Russian prompt, the answer
solved by the engine and an explanation written from the engine's own reasons. Reproducible
by seed; `generate(level, count, seed)` never returns two positions with the same content.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Callable, Iterator

from .actions import PASS, Play
from .cards import SUIT_GENITIVE_RU, SUIT_NAME_RU, cards_ru, make_pack, sort_cards
from .deal import STAGE_DECLARE, Deal
from .melds import MeldContext, explain_illegal, reuse_problem, shape_problem
from .players.random_player import random_action
from .positions import load_position, solve
from .ru import capitalize, describe_declaration, meld_name, meld_with_cards, plural, points
from .rules import RuleSet
from .tricks import legal_reason, winner_reason
from . import generator_multipack as multipack

LEVELS = {
    "m1_single": "Одна комбинация на руке",
    "m2_several": "Несколько комбинаций сразу",
    "m3_reuse": "Карты, которые уже участвовали в комбинациях",
    "m5_seven": "Козырная семёрка",
    "t1_trick_winner": "Кто возьмёт взятку",
    "l1_legal_plays": "Какими картами можно ходить в последних восьми взятках",
    "s1_deal_score": "Подсчёт очков за сдачу",
    **multipack.LEVELS,
}


def _codes(cards) -> list[str]:
    return [c.code for c in sort_cards(cards)]


# --------------------------------------------------------------------------- declarations

def _declaration_windows(rng: random.Random, rules: RuleSet) -> Iterator[tuple[Deal, int]]:
    """One random deal, stopped at each of its declaration turns in phase 1."""
    deal = Deal.new(rules, rng.randrange(2), rng=rng)
    while not deal.is_over:
        if deal.stage == STAGE_DECLARE:
            yield deal, deal.to_act
        deal.apply(random_action(deal.legal_actions(), rng, pass_rate=0.1))


def _declarations_position(deal: Deal, seat: int) -> dict:
    concealed = [c for c in deal.hands[seat] if c not in deal.exposed[seat]]
    scored = [{"meld": d.meld, "cards": _codes(d.cards)} for d in deal.melds[seat].scored
              if d.meld != "carte_blanche"]
    pos = {
        "kind": "declarations", "rules": "canonical", "trump": deal.trump, "phase": 1,
        "hand": _codes(concealed), "table": _codes(deal.exposed[seat]), "scored": scored,
        "won_trick": True, "seven_exchanged": deal.seven_exchanged,
        "turn_up": deal.turn_up.code if deal.turn_up is not None else None,
    }
    if deal.tricks_done == deal.rules.phase1_tricks:
        pos["last_stock_trick"] = True
    return pos


def explain_declarations(pos_dict: dict) -> str:
    """A Russian explanation of a declarations answer, from the engine's reasons: what may be
    declared and for how much, and why the tempting combinations that are not listed fail."""
    pos = load_position(pos_dict)
    answer = solve(pos)
    decls = answer["declarations"]
    lines = []
    if not decls:
        lines.append(answer.get("reason", "Объявить нечего."))
    else:
        groups = _grouped(decls)
        if len(groups) == 1:
            g = groups[0]
            lines.append(f"Можно объявить только одно: {meld_name(g['meld'])} — {points(g['points'])}.")
        else:
            best = groups[0]
            lines.append("Можно объявить: " + "; ".join(
                f"{meld_name(d['meld'])} ({points(d['points'])})" for d in groups) + ".")
            lines.append(f"За одну взятку засчитывается только одно объявление; больше всего "
                         f"сейчас даёт {meld_name(best['meld'])} — {points(best['points'])}.")
    traps = _traps(pos)
    if traps:
        lines.append("Нельзя. " + " ".join(traps))
    return " ".join(lines)


def _grouped(decls: list[dict]) -> list[dict]:
    """One entry per (meld, points): copies of the same card make separate engine entries."""
    seen, out = set(), []
    for d in decls:
        key = (d["meld"], d["points"])
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


def _traps(pos) -> list[str]:
    """Shapes present in the cards that the re-use rules forbid, with the engine's reason."""
    from .melds import MeldState, enumerate_declarations
    state = MeldState.from_scored(pos.scored, pos.trump, pos.rules)
    held = pos.hand + pos.table
    legal = {d.key for d in enumerate_declarations(held, state, MeldContext.of(pos))}
    every = enumerate_declarations(held, MeldState(), MeldContext.for_hand(
        rules=pos.rules, trump=pos.trump, turn_up=pos.turn_up))
    out, said = [], set()
    for d in every:
        if d.key in legal or d.meld in ("seven_exchange",):
            continue
        reason = reuse_problem(d.meld, d.cards, state)
        if reason and (d.meld, reason) not in said:
            said.add((d.meld, reason))
            out.append(f"{capitalize(meld_with_cards(d.meld, d.cards))}: {reason}.")
    return out[:3]


def _fits(level: str, deal: Deal, seat: int) -> bool:
    decls = deal.legal_declarations(seat)
    kinds = {d.meld for d in decls}
    sevens = kinds & {"trump_seven", "seven_exchange"}
    if level == "m1_single":
        return len({(d.meld, d.points) for d in decls}) == 1
    if level == "m2_several":
        return len(kinds - sevens) >= 2
    if level == "m3_reuse":
        return bool(deal.melds[seat].scored) and bool(_traps(load_position(
            {"id": "probe", **_declarations_position(deal, seat)})))
    if level == "m5_seven":
        return bool(sevens)
    return False


def _declarations_generator(level: str) -> Callable[[random.Random], dict | None]:
    def make(rng: random.Random) -> dict | None:
        fitting = [_declarations_position(d, s) for d, s in _declaration_windows(rng, RuleSet())
                   if _fits(level, d, s)]
        if not fitting:
            return None
        pos = rng.choice(fitting)
        pos["prompt"] = (f"Вы только что взяли взятку и ещё не брали карту из талона. Козырь — "
                         f"{SUIT_NAME_RU[pos['trump']]}. Что и за сколько очков вы можете объявить?")
        return pos
    return make


# --------------------------------------------------------------------------- tricks

def _trick_winner(rng: random.Random) -> dict | None:
    pack = make_pack(2)
    lead, follow = rng.sample(pack, 2)
    if rng.random() < 0.35:                       # make the interesting cases common
        follow = rng.choice([c for c in pack if c.suit == lead.suit and c is not lead])
    trump = rng.choice("SHDC")
    return {"kind": "trick_winner", "trump": trump, "lead": lead.code, "follow": follow.code,
            "prompt": f"Козырь — {SUIT_NAME_RU[trump]}. Соперник пошёл {lead.ru}, вы ответили "
                      f"{follow.ru}. Кто возьмёт взятку?"}


def _legal_plays(rng: random.Random) -> dict | None:
    deal = Deal.new(RuleSet(), rng.randrange(2), rng=rng)
    while not deal.is_over and not (deal.phase == 2 and len(deal.trick) == 1):
        deal.apply(random_action(deal.legal_actions(), rng))
    if deal.is_over:
        return None
    seat = deal.to_act
    lead = deal.trick[0]
    return {"kind": "legal_plays", "trump": deal.trump, "phase": 2,
            "hand": _codes(deal.hands[seat]), "lead": lead.code,
            "prompt": f"Талон кончился, идёт игра «на выход». Козырь — {SUIT_NAME_RU[deal.trump]}. "
                      f"Соперник пошёл {lead.ru}. Какими картами вы можете ответить?"}


def _deal_score(rng: random.Random) -> dict | None:
    deal = Deal.new(RuleSet(), rng.randrange(2), rng=rng)
    while not deal.is_over:
        deal.apply(random_action(deal.legal_actions(), rng))
    up = deal.initial[1]
    pos = {"kind": "deal_score", "trump": up.suit,
           "tricks": [_codes(c for t in deal.won[p] for c in t) for p in range(2)],
           "scored": [[{"meld": d.meld, "cards": _codes(d.cards)} for d in deal.melds[p].scored]
                      for p in range(2)],
           "last_trick": deal.last_trick_winner,
           "prompt": "Сдача окончена. Сосчитайте очки каждого игрока: объявления, бриски и "
                     "последняя взятка."}
    if up.rank == "7":
        pos["turned_up_seven"] = deal.dealer
    return pos


def _explain(pos: dict) -> str:
    loaded = load_position(pos)
    ans = solve(loaded)
    kind = pos["kind"]
    if kind == "declarations":
        return explain_declarations(pos)
    if kind == "trick_winner":
        return ans["reason"]
    if kind == "legal_plays":
        legal = [c for c in ans["legal"]]
        return f"Можно: {cards_ru(load_position({**pos, 'hand': legal, 'id': 'x'}).hand)}. {ans['reason']}"
    parts = []
    for p in range(2):
        parts.append(f"Игрок {p + 1}: объявления {points(ans['declared'][p])}, бриски "
                     f"{points(ans['brisques'][p])}, последняя взятка {points(ans['last_trick'][p])} — "
                     f"всего {points(ans['scores'][p])}.")
    return " ".join(parts)


GENERATORS: dict[str, Callable[[random.Random], dict | None]] = {
    **multipack.GENERATORS,            # Rubicon, six-pack, eight-pack (generator_multipack)
    "m1_single": _declarations_generator("m1_single"),
    "m2_several": _declarations_generator("m2_several"),
    "m3_reuse": _declarations_generator("m3_reuse"),
    "m5_seven": _declarations_generator("m5_seven"),
    "t1_trick_winner": _trick_winner,
    "l1_legal_plays": _legal_plays,
    "s1_deal_score": _deal_score,
}


def content_key(pos: dict) -> str:
    """A fingerprint of what the learner sees and must answer (ids and texts excluded)."""
    core = {k: v for k, v in pos.items() if k not in ("id", "prompt", "explain", "answer")}
    return hashlib.sha1(json.dumps(core, sort_keys=True).encode()).hexdigest()[:12]


def generate(level: str, count: int = 1, seed: int = 0, exclude: set[str] | None = None) -> list[dict]:
    """`count` fresh positions of `level`, each with prompt, answer and explanation."""
    if level not in GENERATORS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(GENERATORS)}")
    rng = random.Random(f"{level}:{seed}")
    seen = set(exclude or ())
    out: list[dict] = []
    attempts = 0
    while len(out) < count:
        attempts += 1
        if attempts > 200 * count + 1000:
            raise RuntimeError(f"could not generate {count} positions of {level}")
        pos = GENERATORS[level](rng)
        if pos is None:
            continue
        key = content_key(pos)
        if key in seen:
            continue
        seen.add(key)
        pos = {"id": f"gen-{level}-{seed}-{key}", **pos}
        answer = solve(load_position(pos))
        answer.pop("reason", None)
        pos["answer"] = answer
        pos["explain"] = (multipack.EXPLAIN[level](pos) if level in multipack.EXPLAIN
                          else _explain(pos))
        out.append(pos)
    return out
