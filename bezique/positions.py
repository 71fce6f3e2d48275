"""Position files (formats.md): load and validate, solve, check an answer.

A position is one question about a deal (two, three or four players; docs/positions.md) from
the side of the player to act. The
solver only asks the engine (melds.py, tricks.py, deal.py); nothing here decides a rule.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

from .cards import Card, MAX_COPIES, sort_cards
from .errors import FormatError, RulesError
from .position_cards import Resolver
from . import position_multipack as multipack
from .position_seats import (load_partnership, load_players, load_trick, load_you,
                             seat_name, trick_json)
from .jsonio import read_json
from .melds import (Declaration, MeldContext, MeldState, enumerate_declarations, meld_ids,
                    meld_points, reuse_problem, shape_problem)
from .rules import RuleSet
from .ru import plural
from .variants import find_variant
from .tally import deal_tally, last_trick_points, trick_points
from .tricks import beats, legal_plays, legal_reason, winner_reason, winning_index

# A sanity bound on a point figure in an answer (far above any real deal's score).
MAX_POINTS = 1_000_000
KINDS = ("declarations", "trick_winner", "legal_plays", "deal_score")
DATA_FIELDS = {"declarations": ("declarations",), "trick_winner": ("winner",),
               "legal_plays": ("legal",),
               "deal_score": ("scores", "brisques", "declared", "last_trick")}


@dataclass
class Position:
    id: str
    kind: str
    rules: RuleSet
    trump: str | None
    phase: int = 1
    hand: list[Card] = field(default_factory=list)
    table: list[Card] = field(default_factory=list)
    scored: list[Declaration] = field(default_factory=list)
    won_trick: bool = False
    seven_exchanged: bool = False
    turn_up: Card | None = None
    last_stock_trick: bool = False
    tricks_won: int | None = None
    lead: Card | None = None
    follow: Card | None = None
    tricks: list[list[Card]] = field(default_factory=list)
    scored_by_player: list[list[Declaration]] = field(default_factory=list)
    last_trick: int | None = None
    turned_up_seven: int | None = None
    players: int = 2
    you: int = 0
    partnership: tuple[tuple[int, int], ...] | None = None
    trick: list[tuple[int, Card]] = field(default_factory=list)   # (seat, card), play order
    prompt: str | None = None
    answer: dict | None = None
    explain: str | None = None
    raw: dict = field(default_factory=dict)
    path: str | None = None

    def played(self) -> list[Card]:
        """The cards on the trick in play order (`trick`, or `lead` and `follow`)."""
        if self.trick:
            return [c for _, c in self.trick]
        return [c for c in (self.lead, self.follow) if c is not None]

    def seat_name(self, seat: int) -> str:
        return seat_name(seat, self.you, self.players)


def _int(value: Any, lo: int, hi: int) -> bool:
    """An integer in lo..hi: not a bool (true is not 1), not a float (1.0 is not 1)."""
    return type(value) is int and lo <= value <= hi


def _bool(data: dict, key: str, path, default=False) -> bool:
    v = data.get(key, default)
    if not isinstance(v, bool):
        raise FormatError("ожидалось true или false", path, key)
    return v


def _history(entries: Any, fld: str, res: Resolver, held: list[Card], rules: RuleSet,
             trump: str | None, path) -> tuple[list[Declaration], MeldState]:
    """Validate a scored history in order, through the engine's re-use rules."""
    if not isinstance(entries, list):
        raise FormatError("ожидался список [{\"meld\": …, \"cards\": […]}, …]", path, fld)
    state = MeldState()
    out = []
    for i, e in enumerate(entries):
        f = f"{fld}[{i}]"
        if not isinstance(e, dict) or "meld" not in e or "cards" not in e:
            raise FormatError("ожидался объект {\"meld\": \"marriage\", \"cards\": [\"KH\", \"QH\"]}", path, f)
        meld = e["meld"]
        if meld not in meld_ids(rules):
            raise FormatError(f"неизвестная комбинация {meld!r}; пример: \"royal_marriage\"", path, f + ".meld")
        cards = tuple(sort_cards(res.history(e["cards"], f + ".cards", held)))
        if multipack.is_multipack(rules) and cards:
            problem = (shape_problem(meld, cards, rules, trump) if meld != "carte_blanche"
                       else None) or multipack.history_problem(
                meld, cards, out, set(held) if held else None, rules, trump)
            if problem:
                raise FormatError(f"такое объявление невозможно: {problem}", path, f)
            decl = Declaration(meld, cards, meld_points(meld, rules, trump, cards))
            state.record(decl, trump)
            out.append(decl)
            continue
        if meld == "no_trump_marriage":
            # The marriage that fixed trumps was declared before there were any.
            problem = shape_problem(meld, cards, rules, None) or (
                None if trump in (None, cards[0].suit) else "козырь назначает первый марьяж, "
                "значит его масть и есть козырь позиции")
        else:
            problem = shape_problem(meld, cards, rules, trump)
        # R4.7: right after both trump sevens are scored together, one of them may still be
        # exchanged for the turn-up, for nothing more (the deal offers that 0-point exchange).
        after_two_sevens = (meld == "seven_exchange" and out and out[-1].meld == "two_trump_sevens"
                            and set(cards) <= set(out[-1].cards))
        if not after_two_sevens:
            problem = problem or reuse_problem(meld, cards, state)
        if problem:
            raise FormatError(f"такое объявление невозможно: {problem}", path, f)
        decl = Declaration(meld, cards,
                           0 if after_two_sevens else meld_points(meld, rules, trump, cards))
        state.record(decl, trump)
        out.append(decl)
    return out, state


def load_position(data: Any, path: str | None = None) -> Position:
    """Validate a position object; FormatError names the file, the field and what was expected."""
    if not isinstance(data, dict):
        raise FormatError("позиция должна быть JSON-объектом {…}", path)
    pid = data.get("id")
    if not isinstance(pid, str) or not pid:
        raise FormatError("нужен непустой строковый идентификатор, например \"meld-001\"", path, "id")
    kind = data.get("kind")
    if kind not in KINDS:
        raise FormatError(f"ожидался один из видов: {', '.join(KINDS)}", path, "kind")
    try:
        rules = RuleSet.from_spec(data.get("rules", "canonical"))
    except RulesError as e:
        raise FormatError(e.message, path, "rules") from None
    variant = find_variant(rules)
    if variant is not None and variant.declarations is None:    # its own state machine
        raise FormatError("позиции этого варианта движок пока не решает: его комбинации и "
                          "взятки устроены по-своему. Пример: \"rules\": \"canonical\"",
                          path, "rules")
    if "trump" not in data:
        raise FormatError("укажите козырь: \"S\", \"H\", \"D\", \"C\" или null", path, "trump")
    trump = data["trump"]
    if trump is not None and trump not in ("S", "H", "D", "C"):
        raise FormatError("козырь — \"S\", \"H\", \"D\", \"C\" или null", path, "trump")
    if trump is None and rules.variant != "no_trump" and kind != "trick_winner" \
            and not rules.multipack:
        raise FormatError("козырь null бывает только в бескозырном безике (\"rules\": \"no_trump\") "
                          "и в играх на нескольких колодах до первого марьяжа (\"rules\": "
                          "\"rubicon\")", path, "trump")
    if rules.multipack:
        multipack.check_fields(data, rules, path)
    phase = data.get("phase", 1)
    if not _int(phase, 1, 2):
        raise FormatError(f"фаза — 1 (талон не кончился) или 2 ({multipack.last_tricks(rules, 'nom')})",
                          path, "phase")
    pos = Position(pid, kind, rules, trump, phase, raw=data, path=path)
    pos.players = load_players(data, rules.players, path)
    pos.you = load_you(data, pos.players, path)
    pos.partnership = load_partnership(data, pos.players, path)
    for key in ("prompt", "explain"):
        if data.get(key) is not None and not isinstance(data[key], str):
            raise FormatError("ожидался текст по-русски (строка) или null", path, key)
    pos.prompt, pos.explain = data.get("prompt"), data.get("explain")
    res = Resolver(rules, path)
    pos.hand = res.own(data.get("hand", []), "hand")
    pos.table = res.own(data.get("table", []), "table")
    for key in ("won_trick", "seven_exchanged", "last_stock_trick"):
        setattr(pos, key, _bool(data, key, path))
    if data.get("turn_up") is not None:
        tu = res.one(data["turn_up"], "turn_up")
        if trump is not None and tu.suit != trump:
            raise FormatError(f"открытый козырь {tu.code} не козырной масти ({trump})", path, "turn_up")
        if phase == 2:
            raise FormatError(f"в фазе 2 (последние восемь взяток) талона уже нет, и открытый "
                              f"козырь {tu.code} взят в руку: уберите «turn_up» или укажите "
                              f"\"phase\": 1, например \"phase\": 1, \"turn_up\": \"{tu.code}\"",
                              path, "turn_up")
        pos.turn_up = tu
    if "tricks_won" in data:
        tw = data["tricks_won"]
        if not _int(tw, 0, rules.total_tricks):
            raise FormatError(f"число выигранных взяток — целое от 0 до {rules.total_tricks}",
                              path, "tricks_won")
        pos.tricks_won = tw
    held = pos.hand + pos.table
    _check_hand_size(pos, kind, path)
    if kind == "deal_score":
        _load_deal_score(pos, data, res, path)
    else:
        pos.scored, _ = _history(data.get("scored", []), "scored", res, held, rules, trump, path)
        _check_one_exchange([pos.scored], "scored", path)
        if any(d.meld == "seven_exchange" for d in pos.scored) and not pos.seven_exchanged:
            raise FormatError("в «scored» есть обмен семёрки, значит нужно \"seven_exchanged\": true",
                              path, "seven_exchanged")
    _load_trick(pos, data, res, path)
    if kind == "legal_plays" and not held:
        raise FormatError("укажите карты игрока в «hand» (и «table»)", path, "hand")
    ans = data.get("answer")
    if ans is not None and not isinstance(ans, dict):
        raise FormatError("ответ — объект в форме вывода solve", path, "answer")
    pos.answer = ans
    return pos


def _load_trick(pos: Position, data: dict, res: Resolver, path) -> None:
    """The trick of a question about tricks: `lead`/`follow` with two players, `trick` with
    seats for any number (the only way with three or four)."""
    kind, n = pos.kind, pos.players
    if "trick" in data:
        for key in ("lead", "follow"):
            if data.get(key) is not None:
                raise FormatError(f"взятка уже записана в «trick»: уберите «{key}»", path, key)
        pos.trick = load_trick(data, res, n, kind, pos.you, path)
        return
    if n > 2 and kind in ("trick_winner", "legal_plays") and (
            kind == "trick_winner" or data.get("lead") is not None):
        raise FormatError(f"при {n} игроках взятку записывают в «trick» с местами игроков, "
                          f"например \"trick\": [{{\"player\": {(pos.you - 1) % n}, "
                          f"\"card\": \"9C\"}}]", path, "lead")
    if kind in ("trick_winner", "legal_plays") and data.get("lead") is not None:
        pos.lead = res.one(data["lead"], "lead")
    if kind == "legal_plays" and data.get("follow") is not None:
        raise FormatError("до вашего хода во взятке одна карта — «lead»; «follow» (вторая "
                          "карта) значит, что взятка уже закончена, её спрашивают в вопросе "
                          "«кто возьмёт взятку» (\"kind\": \"trick_winner\"). Пример: "
                          "\"kind\": \"legal_plays\", \"lead\": \"9C\"", path, "follow")
    if kind == "trick_winner":
        if pos.lead is None or data.get("follow") is None:
            raise FormatError("для вопроса «кто возьмёт взятку» нужны «lead» и «follow»", path,
                              "lead" if pos.lead is None else "follow")
        pos.follow = res.one(data["follow"], "follow")


def _check_hand_size(pos: Position, kind: str, path) -> None:
    """A hand (concealed and on the table) holds at most the rules' hand size (R2.3.1)."""
    if kind in ("deal_score", "trick_winner"):
        return
    size = pos.rules.hand_size
    held = len(pos.hand) + len(pos.table)
    if held > size:
        raise FormatError(f"в руке и на столе у игрока самое большее {plural(size, 'карта')}, "
                          f"а здесь {held}", path, "hand")


def _check_one_exchange(histories: list[list[Declaration]], fld: str, path) -> None:
    """The turn-up is exchanged for a trump seven at most once a deal (R5.2.2)."""
    exchanges = sum(1 for h in histories for d in h if d.meld == "seven_exchange")
    if exchanges > 1:
        raise FormatError(f"обмен семёрки на открытый козырь бывает за сдачу только один раз, "
                          f"а здесь их {exchanges}", path, fld)


def _load_deal_score(pos: Position, data: dict, res: Resolver, path):
    tricks = data.get("tricks")
    n = pos.rules.players
    if not isinstance(tricks, list) or len(tricks) != n:
        raise FormatError(f"ожидался список из {n} списков взятых карт", path, "tricks")
    pos.tricks = [res.own(t, f"tricks[{i}]") for i, t in enumerate(tricks)]
    for i, t in enumerate(pos.tricks):
        if len(t) % n:
            raise FormatError(f"в каждой взятке {plural(n, 'карта')}, поэтому число взятых карт "
                              f"делится на {n}, а здесь {len(t)}", path, f"tricks[{i}]")
    scored = data.get("scored", [[] for _ in range(n)])
    if not isinstance(scored, list) or len(scored) != n:
        raise FormatError(f"ожидался список объявлений для каждого из {n} игроков", path, "scored")
    pos.scored_by_player = []
    owner: dict[Card, int] = {}
    for p in range(n):
        sub = Resolver(pos.rules, path)
        decls, _ = _history(scored[p], f"scored[{p}]", sub, [], pos.rules, pos.trump, path)
        for d in decls:                 # a physical card is declared by one player only
            for c in d.cards:
                if owner.setdefault(c, p) != p:
                    raise FormatError(f"карту {c.code} объявили оба игрока: физическая карта "
                                      f"бывает в руке только одного", path, f"scored[{p}]")
        pos.scored_by_player.append(decls)
    _check_one_exchange(pos.scored_by_player, "scored", path)
    lt = data.get("last_trick")
    if not _int(lt, 0, n - 1):
        raise FormatError(f"кто взял последнюю взятку: номер игрока от 0 до {n - 1}", path, "last_trick")
    pos.last_trick = lt
    tus = data.get("turned_up_seven")
    if tus is not None and not _int(tus, 0, n - 1):
        raise FormatError(f"turned_up_seven — номер сдатчика, целое от 0 до {n - 1}", path,
                          "turned_up_seven")
    pos.turned_up_seven = tus
    if tus is not None:
        _check_turned_up_seven(pos, path)


def _check_turned_up_seven(pos: Position, path) -> None:
    """A turned-up seven stays beside the stock until the last stock trick (R2.5, R5.2): it is
    never exchanged for and never declared, so one trump seven fewer can be declared."""
    trump = pos.trump
    other = 1 if pos.turn_up is not None and pos.turn_up.copy == 2 else 2
    example = ('"scored": [[{"meld": "trump_seven", "cards": ["7%s#%d"]}], []], '
               '"turned_up_seven": 1' % (trump or "S", other))
    for p, decls in enumerate(pos.scored_by_player):
        for d in decls:
            if d.meld == "seven_exchange":
                raise FormatError(f"открытый козырь — семёрка (\"turned_up_seven\": "
                                  f"{pos.turned_up_seven}), а на семёрку семёрку не меняют: "
                                  f"обмена {d.cards[0].code} быть не могло. Пример: {example}",
                                  path, f"scored[{p}]")
    sevens = sorted({c for decls in pos.scored_by_player for d in decls for c in d.cards
                     if c.rank == "7" and c.suit == trump}, key=lambda c: c.copy)
    shown = ", ".join(c.code for c in sevens)
    if pos.turn_up is not None and pos.turn_up in sevens:
        raise FormatError(f"открытый козырь — семёрка {pos.turn_up.code} (\"turned_up_seven\": "
                          f"{pos.turned_up_seven}): она лежит у талона, пока в нём есть карты, "
                          f"и объявить её нельзя. Пример: {example}", path, "scored")
    if len(sevens) > pos.rules.packs - 1:
        others = "другую" if pos.rules.packs == 2 else "две другие"
        raise FormatError(f"открытый козырь — козырная семёрка (\"turned_up_seven\": "
                          f"{pos.turned_up_seven}), поэтому объявить можно только {others}, а "
                          f"объявлены все: {shown}. Пример: {example}", path, "scored")


def position_to_json(pos: Position) -> dict:
    """A loaded position written back in the file format, every card with its copy number
    (`load_position(position_to_json(p))` is the same position). Extra fields of the file
    (`rules_drilled`, `level`…) are kept."""
    codes = lambda cards: [c.code for c in cards]           # noqa: E731
    hist = lambda decls: [{"meld": d.meld, "cards": codes(d.cards)} for d in decls]   # noqa: E731
    known = {"id", "kind", "rules", "trump", "phase", "hand", "table", "scored", "won_trick",
             "seven_exchanged", "turn_up", "last_stock_trick", "tricks_won", "lead", "follow",
             "tricks", "last_trick", "turned_up_seven", "prompt", "answer", "explain",
             "players", "you", "partnership", "trick"}
    out: dict[str, Any] = {k: v for k, v in pos.raw.items() if k not in known}
    out.update({"id": pos.id, "kind": pos.kind, "rules": pos.rules.to_spec(), "trump": pos.trump,
                "phase": pos.phase, "hand": codes(pos.hand), "table": codes(pos.table)})
    for key in ("won_trick", "seven_exchanged", "last_stock_trick"):
        if getattr(pos, key):
            out[key] = True
    if pos.turn_up is not None:
        out["turn_up"] = pos.turn_up.code
    if pos.tricks_won is not None:
        out["tricks_won"] = pos.tricks_won
    if pos.kind == "deal_score":
        out["tricks"] = [codes(t) for t in pos.tricks]
        out["scored"] = [hist(h) for h in pos.scored_by_player]
        out["last_trick"] = pos.last_trick
        if pos.turned_up_seven is not None:
            out["turned_up_seven"] = pos.turned_up_seven
    else:
        out["scored"] = hist(pos.scored)
    for key in ("lead", "follow"):
        if getattr(pos, key) is not None:
            out[key] = getattr(pos, key).code
    if pos.players != 2 or "players" in pos.raw:
        out["players"] = pos.players
    if pos.you or "you" in pos.raw:
        out["you"] = pos.you
    if pos.partnership is not None:
        out["partnership"] = [list(s) for s in pos.partnership]
    if pos.trick:
        out["trick"] = trick_json(pos.trick)
    for key in ("prompt", "explain", "answer"):
        if getattr(pos, key) is not None:
            out[key] = getattr(pos, key)
    return out


# --------------------------------------------------------------------------- solving

def _decl_json(d: Declaration) -> dict:
    return {"meld": d.meld, "cards": [c.code for c in d.cards], "points": d.points}


def solve(pos: Position) -> dict:
    """The answer in the shape of formats.md (solver output)."""
    return {"declarations": _solve_declarations, "trick_winner": _solve_trick_winner,
            "legal_plays": _solve_legal_plays, "deal_score": _solve_deal_score}[pos.kind](pos)


def assumed_turn_up(pos: Position) -> Card | None:
    """The turn-up as a position's declarations are enumerated: the named one, or, where the
    position does not name it, a stand-in ace of trumps of no real copy. An unnamed turn-up lies
    beside the stock all through phase 1 and is not a seven (a turned-up seven must be named),
    so an exchange is possible."""
    if pos.turn_up is None and pos.trump is not None and not pos.rules.multipack:
        return Card("A", pos.trump, MAX_COPIES)
    return pos.turn_up


def meld_context(pos: Position) -> MeldContext:
    """The context in which `solve` enumerates a position's declarations."""
    return MeldContext.for_hand(rules=pos.rules, trump=pos.trump, turn_up=assumed_turn_up(pos),
                                seven_exchanged=pos.seven_exchanged)


def _solve_declarations(pos: Position) -> dict:
    rules = pos.rules
    if pos.phase == 2:
        return {"declarations": [], "reason": f"В {multipack.last_tricks(rules)} (игра «на выход») "
                                               "объявлять комбинации нельзя."}
    if not pos.won_trick:
        return {"declarations": [], "reason": "Объявлять можно только сразу после выигранной "
                                               "взятки, пока вы не взяли карту из талона."}
    if pos.last_stock_trick and not rules.last_stock_trick_declaration:
        return {"declarations": [], "reason": "По этим правилам взявший последнюю карту "
                                               "талона теряет право на объявление."}
    if pos.tricks_won is not None and pos.tricks_won < rules.min_tricks_before_declaring:
        return {"declarations": [], "reason": "По этим правилам объявлять можно, только взяв "
                                               f"{plural(rules.min_tricks_before_declaring, 'взятка', 'acc')}."}
    state = MeldState.from_scored(pos.scored, pos.trump, rules)
    decls = enumerate_declarations(pos.hand + pos.table, state, meld_context(pos))
    if rules.require_card_from_hand:
        hand = set(pos.hand)
        decls = [d for d in decls if any(c in hand for c in d.cards)]
    out = {"declarations": [_decl_json(d) for d in decls]}
    if not decls:
        out["reason"] = "Ни одной комбинации, которую правила позволяют объявить, у вас нет."
    return out


def _solve_trick_winner(pos: Position) -> dict:
    if pos.trick:
        cards = pos.played()
        seat = pos.trick[winning_index(cards, pos.trump)][0]
        who = "Взятку берёте вы." if seat == pos.you else f"Взятку берёт {pos.seat_name(seat)}."
        return {"winner": seat, "reason": winner_reason(cards, pos.trump) + " " + who}
    cards = [pos.lead, pos.follow]
    w = winning_index(cards, pos.trump)
    return {"winner": "lead" if w == 0 else "follow", "reason": winner_reason(cards, pos.trump)}


def _solve_legal_plays(pos: Position) -> dict:
    held = pos.hand + pos.table
    trick = pos.played()
    legal = legal_plays(held, trick, pos.trump, pos.phase, pos.rules)
    reason = legal_reason(held, trick, pos.trump, pos.phase, pos.rules)
    partner = pos.rules.partner(pos.you)
    if pos.trick and pos.phase == 2 and partner is not None:
        taker = pos.trick[winning_index(trick, pos.trump)][0]
        best = trick[winning_index(trick, pos.trump)]
        if taker == partner and set(legal) != set(held) and all(
                beats(c, best, pos.trump) for c in legal):
            reason += (f" То, что {best.ru} — карта вашего партнёра, ничего не меняет: "
                       f"перебивать нужно и партнёра.")
    return {"legal": [c.code for c in sort_cards(legal)], "reason": reason}


def _solve_deal_score(pos: Position) -> dict:
    rules, n = pos.rules, pos.rules.players
    # A player's won cards are read as consecutive tricks of `players` cards (this matters only
    # for per-trick counting, brisque_count="per_trick").
    won = [[tuple(t[i:i + n]) for i in range(0, len(t), n)] for t in pos.tricks]
    brisques = [trick_points(won[p], rules) for p in range(n)]
    declared = [sum(d.points for d in pos.scored_by_player[p]) for p in range(n)]
    if rules.multipack:                  # scores without brisques, and the settlement (15.11)
        out = multipack.deal_score(brisques, declared,
                                   [last_trick_points(p, pos.last_trick, rules) for p in range(n)],
                                   rules)
        out["reason"] = multipack.settlement_reason(out["scores"], brisques, rules)
        return out
    if pos.turned_up_seven is not None:
        declared[pos.turned_up_seven] += rules.deal_bonus_seven
        for p in range(n):
            if p != pos.turned_up_seven:
                declared[p] -= rules.deal_bonus_seven_opponent_malus
    return deal_tally(brisques, declared, pos.last_trick, rules)


# --------------------------------------------------------------------------- checking

def data_fields(pos: Position) -> tuple[str, ...]:
    """The fields `check` compares: formats.md's, and a multi-pack deal's `settlement`."""
    extra = ("settlement",) if pos.kind == "deal_score" and pos.rules.multipack else ()
    return DATA_FIELDS[pos.kind] + extra


def _settlement(value: Any, path) -> dict:
    example = '{"winner": 0, "value": 800, "rubiconed": false}'
    if (not isinstance(value, dict) or set(value) != {"winner", "value", "rubiconed"}
            or not (value["winner"] is None or _int(value["winner"], 0, 1))
            or not _int(value["value"], 0, MAX_POINTS) or not isinstance(value["rubiconed"], bool)):
        raise FormatError(f"«settlement» — кто выиграл партию (0, 1 или null, если она "
                          f"аннулируется), сколько она стоит и не перешёл ли проигравший "
                          f"рубикон, например {example}", path, "answer.settlement")
    return dict(value)


def normalize_answer(pos: Position, answer: dict) -> dict:
    """The data fields of an answer with every card resolved to a physical card id."""
    out: dict[str, Any] = {}
    held = pos.hand + pos.table
    res = Resolver(pos.rules, pos.path)
    for key in data_fields(pos):
        if key not in answer:
            raise FormatError(f"в ответе нет поля «{key}»", pos.path, "answer")
        value = answer[key]
        if key == "declarations":
            if not isinstance(value, list):
                raise FormatError("ожидался список объявлений", pos.path, "answer.declarations")
            entries = []
            for i, e in enumerate(value):
                f = f"answer.declarations[{i}]"
                if not isinstance(e, dict) or not {"meld", "cards", "points"} <= set(e):
                    raise FormatError("объявление — {\"meld\", \"cards\", \"points\"}", pos.path, f)
                if not isinstance(e["meld"], str):
                    raise FormatError("«meld» — название комбинации строкой, например "
                                      "\"royal_marriage\"", pos.path, f + ".meld")
                if not _int(e["points"], 0, MAX_POINTS):
                    raise FormatError("«points» — целое неотрицательное число очков, например 40",
                                      pos.path, f + ".points")
                cards = res.history(e["cards"], f"answer.declarations[{i}].cards", held)
                entries.append({"meld": e["meld"], "cards": [c.code for c in sort_cards(cards)],
                                "points": e["points"]})
            out[key] = entries
        elif key == "legal":
            cards = res.history(value, "answer.legal", held)
            out[key] = [c.code for c in sort_cards(cards)]
        elif key == "winner" and pos.trick:
            seats = [s for s, _ in pos.trick]
            if type(value) is not int or value not in seats:
                raise FormatError(f"«winner» — место игрока, взявшего взятку, одно из "
                                  f"{seats}, например {seats[0]}", pos.path, "answer.winner")
            out[key] = value
        elif key == "settlement":
            out[key] = _settlement(value, pos.path)
        elif key == "winner":
            if value not in ("lead", "follow"):
                raise FormatError("«winner» — \"lead\" (первая карта) или \"follow\" (вторая)",
                                  pos.path, "answer.winner")
            out[key] = value
        else:                                            # the four tallies of deal_score
            n = pos.rules.players
            if not isinstance(value, list) or len(value) != n or not all(
                    _int(x, -MAX_POINTS, MAX_POINTS) for x in value):
                raise FormatError(f"ожидался список из {n} целых чисел, например [120, 80]",
                                  pos.path, f"answer.{key}")
            out[key] = value
    return out


def compare(pos: Position) -> list[str]:
    """Differences between the file's answer and the engine's, in Russian (empty if none)."""
    if pos.answer is None:
        return []
    mine = solve(pos)
    theirs = normalize_answer(pos, pos.answer)
    diffs = []
    for key in data_fields(pos):
        if key == "declarations":
            a = {(e["meld"], tuple(e["cards"]), e["points"]) for e in theirs[key]}
            b = {(e["meld"], tuple(e["cards"]), e["points"]) for e in mine[key]}
            for e in sorted(a - b):
                diffs.append(f"в ответе лишнее: {e[0]} {' '.join(e[1])} = {e[2]}")
            for e in sorted(b - a):
                diffs.append(f"в ответе не хватает: {e[0]} {' '.join(e[1])} = {e[2]}")
        elif theirs[key] != mine[key]:
            diffs.append(f"«{key}»: в ответе {json.dumps(theirs[key], ensure_ascii=False)}, "
                         f"движок: {json.dumps(mine[key], ensure_ascii=False)}")
    return diffs


def iter_position_files(paths: list[str]) -> list[str]:
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in sorted(os.walk(p)):
                out.extend(os.path.join(root, f) for f in sorted(files) if f.endswith(".json"))
        else:
            out.append(p)
    return out


def load_file(path: str) -> list[Position]:
    """A file may hold one position object or a list of them."""
    data = read_json(path)
    items = data if isinstance(data, list) else [data]
    if not items:
        raise FormatError("в файле пустой список: ожидалась позиция {…} или список позиций "
                          "[{…}, …]", path)
    return [load_position(item, path) for item in items]
