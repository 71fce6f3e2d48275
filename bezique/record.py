"""Deal records (`bezique-deal/1`, formats.md): write, read, validate and replay.

A record holds the deal (dealer, hands, turn-up, stock top first), every action and the
result. Draws follow from the stock. A pass is implied by the play that follows it; a pass
that no play follows (a deal saved right after «Без объявления», or a pass before a penalty
entry) is kept in the extension field `passes` (docs/deal-records.md). Records of 3- and 4-handed deals
have 3 or 4 hands and players 0..n-1 (see docs/deal-records.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable

from .actions import PASS, Announce, Pass, Penalty, Play
from .cards import Card, parse_card_face
from .deal import Deal, STAGE_DECLARE, create_deal
from .errors import BeziqueError, CardParseError, FormatError, IllegalAction, RulesError
from .melds import Declaration, make_declaration, meld_ids
from .packs import card_problem, pack_set
from .rules import RuleSet
from .ru import plural

FORMAT = "bezique-deal/1"
RESULT_KEYS = ("scores", "brisques", "declared", "last_trick")
RESULT_NAMES_RU = {"scores": "очки за сдачу", "brisques": "бриски", "declared": "объявления",
                   "last_trick": "последняя взятка", "settlement": "расчёт партии"}
SETTLEMENT_EXAMPLE = '{"winner": 0, "value": 1800, "rubiconed": false}'



# --------------------------------------------------------------------------- writing

def action_to_json(seat: int, action) -> dict | None:
    kind = type(action)
    if kind is Play:
        return {"player": seat, "play": action.card.code}
    if kind is Declaration:
        out = {"player": seat, "declare": action.meld, "cards": [c.code for c in action.cards]}
        if action.points >= 0:              # a false declaration (penalty mode) is worth nothing
            out["points"] = action.points
        return out
    if kind is Announce:
        return {"player": seat, "announce": action.meld, "cards": [c.code for c in action.cards]}
    if kind is Penalty:
        return {"player": seat, "penalty": action.offence}
    return None                                   # a pass is not written


def _written_actions(deal: Deal) -> tuple[list[dict], list[int]]:
    """The record's `actions` and its `passes`: the indices n of `actions` before which a
    pass stands that the play actions[n] does not imply (n = len(actions): after the last)."""
    written: list[dict] = []
    passes: list[int] = []
    waiting = False                              # a pass not yet followed by anything
    for seat, act in deal.actions:
        if type(act) is Pass:
            waiting = True
            continue
        if waiting and type(act) is not Play:
            passes.append(len(written))
        waiting = False
        written.append(action_to_json(seat, act))
    if waiting:
        passes.append(len(written))
    return written, passes


def deal_to_record(deal: Deal) -> dict[str, Any]:
    hands, turn_up, stock = deal.initial
    actions, passes = _written_actions(deal)
    rec: dict[str, Any] = {
        "format": FORMAT,
        "rules": deal.rules.to_spec(),
        "dealer": deal.dealer,
        "hands": [[c.code for c in h] for h in hands],
        "turn_up": turn_up.code if turn_up is not None else None,
        "stock": [c.code for c in stock],
        "actions": actions,
    }
    if passes:
        rec["passes"] = passes
    lift = getattr(deal, "lift", None)
    if lift is not None:                          # the six-pack dealer's lift (R15.2.6)
        rec["lift"] = {"packet": lift[0], "estimate": lift[1]}
    if deal.is_over:
        rec["result"] = deal.result()
    return rec


def dumps_record(deal: Deal) -> str:
    return json.dumps(deal_to_record(deal), ensure_ascii=False)


# --------------------------------------------------------------------------- reading

def _int(value: Any, lo: int, hi: int | None = None) -> bool:
    """An integer (not a bool, not 1.0) in lo..hi."""
    return (isinstance(value, int) and not isinstance(value, bool) and value >= lo
            and (hi is None or value <= hi))


def _card(value: Any, field: str, path: str | None, rules: RuleSet) -> Card:
    """One card of the record: a string with its copy number, of the rules' pack."""
    if not isinstance(value, str):
        raise FormatError(f"ожидалась карта строкой, например \"QS#1\", а не {_shown(value)}",
                          path, field)
    try:
        rank, suit, copy = parse_card_face(value)
    except CardParseError as e:
        raise FormatError(e.message, path, field) from None
    if copy is None:
        raise FormatError(f"в записи сдачи у каждой карты должен быть номер экземпляра: "
                          f"«{value}#1» или «{value}#2»", path, field)
    try:
        card = Card(rank, suit, copy)
    except CardParseError as e:                       # a copy number no pack has (XX#17)
        raise FormatError(e.message, path, field) from None
    problem = card_problem(card, rules)
    if problem:
        raise FormatError(problem, path, field)
    return card


RECORD_EXAMPLE = ('{"format": "bezique-deal/1", "rules": "canonical", "dealer": 1, '
                  '"hands": […], "turn_up": "KH#2", "stock": […], "actions": […]}')


def _json_kind(value: Any) -> str:
    """What a JSON value that should have been an object is, in Russian, with its text."""
    kind = ("список" if isinstance(value, list) else "строка" if isinstance(value, str)
            else "true или false" if isinstance(value, bool) else "число"
            if isinstance(value, (int, float)) else "null" if value is None else "значение")
    return kind if kind in ("null", "true или false") else f"{kind} {_shown(value)}"


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, (set, bytes)) else repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


def _cards(value: Any, field: str, path: str | None, rules: RuleSet,
           size: int | None = None, distinct: bool = True) -> list[Card]:
    if not isinstance(value, list):
        raise FormatError("ожидался список карт, например [\"QS#1\", \"JD#2\"]", path, field)
    if size is not None and len(value) != size:
        raise FormatError(f"по этим правилам здесь {plural(size, 'карта')}, а не {len(value)}",
                          path, field)
    cards = [_card(v, f"{field}[{i}]", path, rules) for i, v in enumerate(value)]
    if distinct:
        seen: set[Card] = set()
        for i, c in enumerate(cards):
            if c in seen:
                raise FormatError(f"карта {c.code} названа дважды: каждая физическая карта "
                                  "существует в одном экземпляре", path, f"{field}[{i}]")
            seen.add(c)
    return cards


@dataclass
class RecordedDeal:
    """A parsed record: the starting position, the actions and the expected result."""

    rules: RuleSet
    dealer: int
    hands: list[list[Card]]
    turn_up: Card | None
    stock: list[Card]
    actions: list[tuple[int, Any]]
    result: dict | None
    passes: tuple[int, ...] = ()        # explicit passes: before actions[n] (n = len: at the end)
    lift: tuple[int, int] | None = None  # six-pack: (packet, estimate), R15.2.6

    def start(self) -> Deal:
        extra = {"lift": self.lift} if self.lift is not None else {}
        return create_deal(self.rules, self.dealer, self.hands, self.turn_up, self.stock, **extra)


def parse_record(data: Any, path: str | None = None) -> RecordedDeal:
    """Check the shape of a record and turn it into engine objects (FormatError if malformed).

    The structure is checked against the record's own rules (their pack, hand size, turn-up
    or none, stock size, players), so a record of one variant never replays as another."""
    if not isinstance(data, dict):
        raise FormatError(f"запись сдачи — JSON-объект в фигурных скобках, а здесь "
                          f"{_json_kind(data)}; пример: {RECORD_EXAMPLE}", path)
    if data.get("format") != FORMAT:
        raise FormatError(f"ожидалось \"format\": \"{FORMAT}\"", path, "format")
    try:
        rules = RuleSet.from_spec(data.get("rules", "canonical"))
        pack_size = len(pack_set(rules))
    except RulesError as e:
        raise FormatError(e.message, path, "rules") from None
    n, size = rules.players, rules.hand_size
    dealer = data.get("dealer")
    if not _int(dealer, 0, n - 1):
        raise FormatError(f"номер сдатчика — целое число от 0 до {n - 1}", path, "dealer")
    hands_raw = data.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != n:
        raise FormatError(f"ожидался список из {n} рук по {plural(size, 'карта')}", path, "hands")
    hands = [_cards(h, f"hands[{i}]", path, rules, size) for i, h in enumerate(hands_raw)]
    turn_up = None
    if rules.has_turn_up:
        if data.get("turn_up") is None:
            raise FormatError("в этой игре есть открытый козырь: укажите его, например \"KH#2\"",
                              path, "turn_up")
        turn_up = _card(data["turn_up"], "turn_up", path, rules)
    elif data.get("turn_up") is not None:
        raise FormatError("в бескозырном безике открытого козыря нет: нужно \"turn_up\": null "
                          "(или запись другой игры — проверьте «rules»)", path, "turn_up")
    stock_size = pack_size - n * size - (turn_up is not None)
    stock = _cards(data.get("stock"), "stock", path, rules, stock_size)
    seen: dict[Card, str] = {}
    places = [(f"hands[{i}]", h) for i, h in enumerate(hands)] + [("turn_up", [turn_up] if turn_up else [])]
    for fld, cards in places + [("stock", stock)]:
        for j, c in enumerate(cards):
            if c in seen:
                where = fld if fld == "turn_up" else f"{fld}[{j}]"
                raise FormatError(f"карта {c.code} уже есть в «{seen[c]}»: каждая физическая "
                                  "карта сдаётся один раз", path, where)
            seen[c] = fld
    acts = data.get("actions", [])
    if not isinstance(acts, list):
        raise FormatError("ожидался список действий", path, "actions")
    actions = [_action(a, i, rules, path) for i, a in enumerate(acts)]
    passes = _passes(data.get("passes", []), len(actions), path)
    result = data.get("result")
    if result is not None:
        _check_result(result, 2 if rules.partnerships else n, path)
    lift = _lift(data.get("lift"), rules, path)
    return RecordedDeal(rules, dealer, hands, turn_up, stock, actions, result, passes, lift)


def _lift(value: Any, rules: RuleSet, path: str | None) -> tuple[int, int] | None:
    """The six-pack lift {"packet": n, "estimate": g} (docs/deal-records.md), or None."""
    if value is None:
        return None
    if not rules.dealer_cut_target:
        raise FormatError("поле «lift» (сколько карт снял сдатчик) бывает только в китайском "
                          "безике: уберите его или проверьте «rules»", path, "lift")
    if (not isinstance(value, dict) or set(value) != {"packet", "estimate"}
            or not _int(value["packet"], 1, 100) or not _int(value["estimate"], 1, 100)):
        raise FormatError("ожидался объект {\"packet\": 24, \"estimate\": 22}: сколько карт "
                          "снял сдатчик и сколько назвал противник (целые числа от 1 до 100)",
                          path, "lift")
    return value["packet"], value["estimate"]


def _passes(value: Any, n_actions: int, path: str | None) -> tuple[int, ...]:
    if not isinstance(value, list) or any(
            not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= n_actions for n in value) \
            or list(value) != sorted(set(value)):
        raise FormatError(f"ожидался список номеров действий по возрастанию, от 0 до {n_actions}, "
                          "например [12]", path, "passes")
    return tuple(value)


def _check_result(result: Any, sides: int, path: str | None) -> None:
    example = ("ожидался объект {\"scores\": […], \"brisques\": […], "
               "\"declared\": […], \"last_trick\": […]}")
    if not isinstance(result, dict):
        raise FormatError(example, path, "result")
    for k in RESULT_KEYS + ("penalties",):
        if k == "penalties" and k not in result:
            continue
        v = result.get(k)
        if not isinstance(v, list) or len(v) != sides or not all(_int(x, -10**9, 10**9) for x in v):
            raise FormatError(f"ожидался список из {sides} целых чисел, например [120, 80]",
                              path, f"result.{k}")
    if "settlement" in result:
        st = result["settlement"]
        if (not isinstance(st, dict) or set(st) != {"winner", "value", "rubiconed"}
                or not (st["winner"] is None or _int(st["winner"], 0, sides - 1))
                or not _int(st["value"], 0, 10**9) or not isinstance(st["rubiconed"], bool)):
            raise FormatError(f"ожидался объект {SETTLEMENT_EXAMPLE} (победитель — номер игрока "
                              "или null, если партия не состоялась)", path, "result.settlement")


ACTION_KEYS = ("play", "declare", "announce", "penalty")


def _action(a: Any, i: int, rules: RuleSet, path: str | None):
    field = f"actions[{i}]"
    if not isinstance(a, dict):
        raise FormatError("действие — объект, например {\"player\": 0, \"play\": \"QS#1\"}", path, field)
    seat = a.get("player")
    if not _int(seat, 0, rules.players - 1):
        raise FormatError(f"«player» — номер игрока от 0 до {rules.players - 1}", path, field)
    kinds = [k for k in ACTION_KEYS if k in a]
    if len(kinds) > 1:
        raise FormatError(f"у действия одно из полей «play», «declare», «announce», «penalty», "
                          f"а здесь их {len(kinds)}", path, field)
    if "play" in a:
        return seat, Play(_card(a["play"], field + ".play", path, rules))
    if "penalty" in a:
        if not isinstance(a["penalty"], str):
            raise FormatError("«penalty» — название нарушения, например \"extra_card\"", path,
                              field + ".penalty")
        return seat, Penalty(a["penalty"])
    for key in ("declare", "announce"):
        if key in a:
            meld = a[key]
            if not isinstance(meld, str) or meld not in meld_ids(rules):
                raise FormatError(f"неизвестная комбинация {_shown(meld)}; пример: \"royal_marriage\"",
                                  path, f"{field}.{key}")
            cards = _cards(a.get("cards"), field + ".cards", path, rules)
            if not cards:
                raise FormatError("у объявления должны быть карты, например [\"KH#1\", \"QH#2\"]",
                                  path, field + ".cards")
            if key == "announce":
                return seat, Announce(meld, tuple(sorted(cards)))
            pts = a.get("points", -1)
            if "points" in a and not _int(pts, 0):
                raise FormatError(f"«points» — целое неотрицательное число очков, например 40, "
                                  f"а не {_shown(pts)}", path, field + ".points")
            return seat, make_declaration(meld, cards, pts)
    raise FormatError("у действия должно быть поле «play», «declare» или «announce»", path, field)


# --------------------------------------------------------------------------- replay

@dataclass
class ReplayOutcome:
    ok: bool
    deal: Deal | None
    error: str | None = None
    action_index: int | None = None


def replay(rec: RecordedDeal) -> ReplayOutcome:
    """Re-run every action; the first illegal one, or a different result, is a failure."""
    try:
        deal = rec.start()
    except IllegalAction as e:
        return ReplayOutcome(False, None, f"начальная позиция: {e.message}")
    passes = set(rec.passes)
    for i, (seat, act) in enumerate(rec.actions):
        if i in passes:
            try:
                deal.apply(PASS, deal.to_act)
            except BeziqueError as e:
                return ReplayOutcome(False, deal, f"отказ от объявления перед действием №{i + 1} "
                                                  f"(«passes»): {e.message}", i)
        try:
            if deal.stage == STAGE_DECLARE and type(act) is Play:
                deal.apply(PASS, deal.to_act)          # a play implies the pass before it
            deal.apply(act, seat)
        except BeziqueError as e:
            shown = json.dumps(action_to_json(seat, act), ensure_ascii=False)
            return ReplayOutcome(False, deal, f"действие №{i + 1} {shown}: {e.message}", i)
    if len(rec.actions) in passes:
        try:
            deal.apply(PASS, deal.to_act)
        except BeziqueError as e:
            return ReplayOutcome(False, deal, f"отказ от объявления после последнего действия "
                                              f"(«passes»): {e.message}", len(rec.actions))
    if rec.result is not None:
        if not deal.is_over:
            return ReplayOutcome(False, deal, "в записи есть итог, но сдача не доиграна")
        mine = deal.result()
        diff = [k for k in RESULT_KEYS if list(rec.result[k]) != mine[k]]
        if "settlement" in rec.result and rec.result["settlement"] != mine.get("settlement"):
            diff.append("settlement")
        if diff:
            k = diff[0]
            return ReplayOutcome(False, deal, f"итог «{k}» ({RESULT_NAMES_RU[k]}): в записи "
                                              f"{rec.result[k]}, программа насчитала {mine[k]}")
    return ReplayOutcome(True, deal)


def write_jsonl(path: str, deals: Iterable[Deal]) -> int:
    count = 0
    with open(path, "w", encoding="utf-8") as fh:
        for deal in deals:
            fh.write(dumps_record(deal) + "\n")
            count += 1
    return count
