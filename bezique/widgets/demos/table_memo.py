"""The tables of «Памятка за столом» (book/chapters/16_table_memo.md): every number the engine's.

The page is MyST Markdown; its numbers and its rules stand in generated blocks (`fill`, `BLOCKS`)
that `python -m bezique.widgets.demos.table_memo book/chapters/16_table_memo.md` rewrites, and a
test fails when a block differs from what the engine gives now.

* `block_deal` — the deal and who leads trick 1 (`Deal.new`);
* `meld_rows` — the meld values of the main rules (`melds.meld_points`) with what to say aloud;
* `reuse_facts` / `block_reuse` — the re-use rules as played (RULES.md §4.5): each line is a
  situation played on the engine's re-use bookkeeping (`MeldState`, `enumerate_declarations`),
  and the line says what the engine answered;
* `stock_end_facts` / `block_stock_end` — trick 24 of the chapter's deal replayed (§6): who
  declares, who takes the last card and the turn-up, the declared cards back in hand, who leads;
* `both_reach_winner` / `block_tally` — the tally, and who wins when both reach the target
  (`Game.decide`, §8);
* `score_sheet` — a paper score sheet filled in with the deal of «Сдача от начала до конца»
  (`whole_deal`): each declaration where it was scored, the running totals, then the brisques
  counted from each pile, the last trick and the deal's total (`Deal.result`);
* `agreements` — the disputes to settle before playing (RULES.md C-16, C-20, C-24, C-09), each
  one line with the course's default, the values read from `RuleSet`.
"""

from __future__ import annotations

import re

from ...cards import cards_ru, parse_cards
from ...deal import Deal
from ...events import DeclareEvent, PhaseTwoEvent, TrickEvent, TurnUpTakenEvent
from ...game import DealSummary, Game
from ...melds import (BEZIQUE, DOUBLE_BEZIQUE, FOUR_OF, MARRIAGE, ROYAL_MARRIAGE, SEQUENCE,
                      SEVEN_EXCHANGE, SEVEN_TURNED, TRUMP_SEVEN, Declaration, MeldContext,
                      MeldState, enumerate_declarations, make_declaration, meld_points)
from ...ru import capitalize, meld_name, plural, points
from ...rules import RuleSet
from .common import esc, html_table
from .whole_deal import NAMES, OPPONENT, YOU, rule_numbers, whole_deal

# How people say a number at the table («марьяж, двадцать»); a value not listed is said in digits.
SAID = {10: "десять", 20: "двадцать", 40: "сорок", 60: "шестьдесят", 80: "восемьдесят",
        100: "сто", 250: "двести пятьдесят", 500: "пятьсот"}

MELD_CARDS = [
    (MARRIAGE, "король и дама некозырной масти"),
    (ROYAL_MARRIAGE, "король и дама козырей"),
    (BEZIQUE, "дама пик и валет бубен"),
    (DOUBLE_BEZIQUE, "обе дамы пик и оба валета бубен"),
    (FOUR_OF["A"], "четыре туза любых мастей"),
    (FOUR_OF["K"], "четыре короля любых мастей"),
    (FOUR_OF["Q"], "четыре дамы любых мастей"),
    (FOUR_OF["J"], "четыре валета любых мастей"),
    (SEQUENCE, "туз, десятка, король, дама, валет козырей"),
    (SEVEN_EXCHANGE, "семёрку козырей кладут вместо открытого козыря"),
    (TRUMP_SEVEN, "семёрку козырей просто показывают"),
]


def said(n: int) -> str:
    return SAID.get(n, str(n))


def meld_rows(rules: RuleSet | None = None, trump: str = "H") -> list[list]:
    """[name, cards, points, what to say] for each meld of the main rules."""
    rules = rules or RuleSet()
    rows = []
    for meld, cards in MELD_CARDS:
        pts = meld_points(meld, rules, trump)
        say = "меняю семёрку" if meld == SEVEN_EXCHANGE else meld_name(meld)
        name = "обмен козырной семёрки" if meld == SEVEN_EXCHANGE else meld_name(meld)
        rows.append([capitalize(name), cards, pts, f"«{say}, {said(pts)}»"])
    return rows


def meld_table(rules: RuleSet | None = None) -> str:
    rows = [[esc(a), esc(b), c, esc(d)] for a, b, c, d in meld_rows(rules)]
    return html_table(rows, head=["Комбинация", "Карты", "Очки", "Вслух"], numbers_right=True)


def turned_seven_points(rules: RuleSet | None = None, trump: str = "H") -> int:
    return meld_points(SEVEN_TURNED, rules or RuleSet(), trump)


def first_leader(rules: RuleSet | None = None) -> str:
    """Who leads trick 1, asked of fresh deals with either dealer: «соперник сдатчика»."""
    rules = rules or RuleSet()
    leaders = {Deal.new(rules, dealer=d, seed=d).to_act - d for d in range(rules.players)}
    if leaders == {1 - rules.players, 1}:                 # the seat after the dealer, each time
        return "соперник сдатчика" if rules.players == 2 else "сосед сдатчика"
    raise ValueError(f"the first lead is not the dealer's next seat: {leaders}")


# ====================================================================== re-use, as played (§4.5)

def legal_after(scored: list[tuple[str, str]], held: str, trump: str = "H",
                rules: RuleSet | None = None) -> list[Declaration]:
    """What the cards `held` («QS#1 JD#1 …», on the table and in hand) may declare once the
    declarations `scored` [(meld, cards), …] are scored: the engine's re-use rules."""
    rules = rules or RuleSet()
    done = []
    for meld, cards in scored:
        cs = parse_cards(cards)
        done.append(make_declaration(meld, cs, meld_points(meld, rules, trump, cs)))
    state = MeldState.from_scored(done, trump, rules)
    ctx = MeldContext.for_hand(rules=rules, trump=trump)
    return enumerate_declarations(parse_cards(held), state, ctx)


def _points_of(meld: str, cards: str, decls: list[Declaration]) -> int | None:
    """The points of `meld` with exactly these cards if it is among `decls`, else None."""
    want = set(parse_cards(cards))
    return next((d.points for d in decls if d.meld == meld and set(d.cards) == want), None)


def reuse_facts(rules: RuleSet | None = None) -> dict:
    """The re-use situations of the memo played on the engine (None: not legal)."""
    rules = rules or RuleSet()
    pts = {m: meld_points(m, rules, "S") for m in (ROYAL_MARRIAGE, SEQUENCE, BEZIQUE,
                                                    DOUBLE_BEZIQUE, FOUR_OF["Q"])}
    seq, royal = "AS TS KS QS JS", "KS QS"
    singles = ("QS#1 JD#1", "QS#2 JD#2")
    four = "QS#1 QS#2 JD#1 JD#2"
    queens1, queens2 = "QS#1 QH#1 QD#1 QC#1", "QS#2 QH#2 QD#2 QC#2"
    queen_kinds = []                      # one queen of spades in a marriage, a bezique, four queens
    scored: list[tuple[str, str]] = []
    for meld, cards in ((MARRIAGE, "KS QS"), (BEZIQUE, "QS JD"), (FOUR_OF["Q"], "QS QH QD QC")):
        ok = _points_of(meld, cards, legal_after(scored, "KS QS JD QH QD QC", "H", rules))
        queen_kinds.append(ok)
        scored.append((meld, cards))
    return {
        "points": pts,
        "queen_kinds": queen_kinds,
        "married_again": _points_of(MARRIAGE, "KH#1 QH#2",
                                    legal_after([(MARRIAGE, "KH#1 QH#1")], "KH#1 KH#2 QH#2", "S",
                                                rules)),
        "marriage_then_sequence": _points_of(SEQUENCE, seq,
                                             legal_after([(ROYAL_MARRIAGE, royal)], seq, "S", rules)),
        "sequence_then_marriage": _points_of(ROYAL_MARRIAGE, royal,
                                             legal_after([(SEQUENCE, seq)], seq, "S", rules)),
        "single_then_double": _points_of(DOUBLE_BEZIQUE, four,
                                         legal_after([(BEZIQUE, singles[0])], four, "H", rules)),
        "double_then_single": _points_of(BEZIQUE, singles[0],
                                         legal_after([(DOUBLE_BEZIQUE, four)], four, "H", rules)),
        "two_singles_double": _points_of(DOUBLE_BEZIQUE, four,
                                         legal_after([(BEZIQUE, s) for s in singles], four, "H",
                                                     rules)),
        # four queens scored, the queen of hearts played, the second one added from the hand
        "four_topped_up": _points_of(FOUR_OF["Q"], "QS#1 QH#2 QD#1 QC#1",
                                     legal_after([(FOUR_OF["Q"], queens1)],
                                                 "QS#1 QD#1 QC#1 " + queens2, "C", rules)),
        "new_four": _points_of(FOUR_OF["Q"], queens2,
                               legal_after([(FOUR_OF["Q"], queens1)], "QS#1 QD#1 QC#1 " + queens2,
                                           "C", rules)),
    }


def _sum(a: int, b: int) -> str:
    return f"{a} + {b} = {a + b}"


def block_reuse(rules: RuleSet | None = None) -> str:
    """The re-use rules as the engine plays them; a line whose situation the engine answers
    otherwise than the memo's wording raises (the page must be rewritten, not silently wrong)."""
    f = reuse_facts(rules)
    p = f["points"]
    expected = {"queen_kinds": all(f["queen_kinds"]), "married_again": f["married_again"] is None,
                "marriage_then_sequence": f["marriage_then_sequence"] == p[SEQUENCE],
                "sequence_then_marriage": f["sequence_then_marriage"] is None,
                "single_then_double": f["single_then_double"] == p[DOUBLE_BEZIQUE],
                "double_then_single": f["double_then_single"] is None,
                "two_singles_double": f["two_singles_double"] is None,
                "four_topped_up": f["four_topped_up"] is None,
                "new_four": f["new_four"] == p[FOUR_OF["Q"]]}
    wrong = [k for k, ok in expected.items() if not ok]
    if wrong:
        raise ValueError(f"the engine's re-use rules differ from the memo's text: {wrong}")
    return "\n".join([
        "Объявленные карты лежат на столе лицом вверх, и ими можно ходить. Одна карта может "
        "войти в комбинации разного рода (дама пик — в марьяж, безик и четыре дамы), но не "
        "дважды в один род. Роды: **марьяжи** (король и дама секвенции — тоже), **секвенция**, "
        "**безики** (простой и двойной — один род), **четыре туза**, **четыре короля**, "
        "**четыре дамы**, **четыре валета**. Повторить комбинацию можно только из новых карт.",
        "",
        f"- **Козырный марьяж → секвенция: можно.** К тем же королю и даме — туз, десятка и "
        f"валет козырей: {_sum(p[ROYAL_MARRIAGE], p[SEQUENCE])}.",
        f"- **Секвенция → марьяж: нельзя.** Секвенция сразу — только {p[SEQUENCE]}, её король и "
        "дама марьяжем уже не объявляются.",
        f"- **Безик → двойной безик: можно.** К засчитанному безику — вторые дама пик и валет "
        f"бубен: {_sum(p[BEZIQUE], p[DOUBLE_BEZIQUE])}.",
        f"- **Двойной безик сразу** — только {p[DOUBLE_BEZIQUE]}; простой безик из его карт уже "
        "не объявить.",
        "- **Два простых безика, засчитанные порознь, двойного не дают.**",
        "- **Четвёрку не пополнить.** Сыграли одну из четырёх дам — новая дама к трём на столе "
        "очков не даст; нужны четыре новые дамы.",
        "- **Женатого короля не женят снова**; сыгранная карта ни в какую комбинацию не идёт, а "
        "очки за неё остаются.",
    ])


# ====================================================================== the end of the stock (§6)

def stock_end_facts(deal: Deal | None = None) -> dict:
    """The last trick of the stock in a played deal (default: the chapter's deal), replayed:
    its winner and loser, whether the follower could answer with any card, the declaration
    made, who took the last face-down card and the turn-up, the cards on the table before and
    after, the hands after, and who leads the next trick."""
    deal = deal or whole_deal()
    last = deal.rules.phase1_tricks
    fresh = deal.replayed(upto=0)
    any_card = None
    on_table_before = None
    for seat, act in deal.actions:
        if fresh.tricks_done == last - 1 and len(fresh.trick) == 1 and any_card is None:
            follower = fresh.to_act                    # trick 24 led, the answer to come
            any_card = len(fresh.legal_actions()) == len(fresh.hands[follower])
            on_table_before = [len(e) for e in fresh.exposed]
        fresh.apply(act, seat)
        if fresh.phase == 2:
            break
    log = fresh.log
    trick = [e for e in log if type(e) is TrickEvent][last - 1]
    winner = trick.winner
    after = log[log.index(trick) + 1:]
    declared = [e.declaration for e in after if type(e) is DeclareEvent and e.seat == winner]
    taken = next(e for e in after if type(e) is TurnUpTakenEvent)
    phase_two = next(e for e in after if type(e) is PhaseTwoEvent)
    return {"trick": last, "winner": winner, "loser": 1 - winner, "any_card": any_card,
            "declared": declared, "turn_up_to": taken.seat, "turn_up": taken.card,
            "stock_left": fresh.stock_count, "on_table_before": on_table_before,
            "on_table_after": [len(e) for e in fresh.exposed],
            "hands_after": [len(h) for h in fresh.hands], "leader": phase_two.leader,
            "to_act": fresh.to_act, "phase": fresh.phase}


def block_stock_end(rules: RuleSet | None = None) -> str:
    f = stock_end_facts(whole_deal(rules=rules))
    n, hand = f["trick"], set(f["hands_after"])
    ok = (f["any_card"] and f["turn_up_to"] == f["loser"] and f["stock_left"] == 0
          and f["on_table_after"] == [0, 0] and any(f["on_table_before"]) and len(hand) == 1
          and f["leader"] == f["to_act"] == f["winner"] and f["phase"] == 2)
    if not ok:
        raise ValueError(f"the end of the stock differs from the memo's text: {f}")
    declare = ("и взявший её может сделать последнее объявление"
               if (rules or RuleSet()).last_stock_trick_declaration else
               "но взявший её уже не объявляет")
    return (f"{n}-ю взятку играют так же, как прежде: отвечать можно любой картой, {declare}. Потом "
            "взявший берёт последнюю закрытую карту талона, проигравший — открытый козырь. Оба "
            "забирают объявленные карты со стола в руку, отложенные комбинации пропадают; у "
            f"каждого снова {plural(hand.pop(), 'карта')}. Первым в {n + 1}-й взятке ходит взявший {n}-ю.")


# ====================================================================== the end of the game (§8)

def both_reach_winner(totals: list[int], last_trick: int, rules: RuleSet | None = None) -> int | None:
    """Who wins (the engine's `Game.decide`) when a deal ends with these totals and `last_trick`
    won by that seat."""
    game = Game(rules or RuleSet(), seed=0, first_dealer=0)
    game.totals = list(totals)
    return game.decide(DealSummary(0, "H", {"scores": [0, 0]}, [0, 0], list(totals), last_trick))


def score_sheet(deal=None) -> dict:
    """The paper score sheet of one deal: `rows` [trick, your entry, opponent's entry, your
    running total, his running total] for each declaration, then the end-of-deal lines; and
    the brisque cards each side counted from its pile."""
    deal = deal or whole_deal()
    run = [0, 0]
    rows = []
    trick = 0
    for e in deal.log:
        if type(e) is TrickEvent:
            trick += 1
        elif type(e) is DeclareEvent:
            d = e.declaration
            run[e.seat] += d.points
            name = "обмен семёрки" if d.meld == SEVEN_EXCHANGE else meld_name(d.meld)
            entry = f"+{d.points} {name}"
            rows.append([str(trick), entry if e.seat == YOU else "", entry if e.seat == OPPONENT else "",
                         run[YOU], run[OPPONENT]])
    r = deal.result()
    piles = [[c for t in deal.won[s] for c in t if c.is_brisque] for s in (YOU, OPPONENT)]
    num = rule_numbers(deal.rules)
    end = [["бриски", f"{len(piles[YOU])} × {num['brisque']} = {r['brisques'][YOU]}",
            f"{len(piles[OPPONENT])} × {num['brisque']} = {r['brisques'][OPPONENT]}"],
           ["последняя взятка", f"{r['last_trick'][YOU]}", f"{r['last_trick'][OPPONENT]}"],
           ["итог сдачи", f"{r['declared'][YOU]} + {r['brisques'][YOU]} + {r['last_trick'][YOU]} = "
                          f"{r['scores'][YOU]}",
            f"{r['declared'][OPPONENT]} + {r['brisques'][OPPONENT]} + "
            f"{r['last_trick'][OPPONENT]} = {r['scores'][OPPONENT]}"]]
    return {"rows": rows, "end": end, "piles": piles, "result": r}


def score_sheet_html(deal=None) -> str:
    sheet = score_sheet(deal)
    rows = [[esc(a), esc(b), esc(c), d, e] for a, b, c, d, e in sheet["rows"]]
    rows += [[f"<b>{esc(a)}</b>", esc(b), esc(c), "", ""] for a, b, c in sheet["end"]]
    return html_table(rows, head=["Взятка", NAMES[YOU], NAMES[OPPONENT], "Сумма: вы",
                                  "Сумма: соперник"], numbers_right=True)


def pile_line(deal=None, sheet: dict | None = None) -> str:
    """«Бриски в ваших взятках: Т♠ Т♦ 10♣ … — 6 карт» for both piles."""
    sheet = sheet or score_sheet(deal)
    you, opp = sheet["piles"]
    return (f"Бриски в ваших взятках: {cards_ru(you)} — {plural(len(you), 'карта')}; "
            f"у соперника: {cards_ru(opp)} — {plural(len(opp), 'карта')}.")


def agreements(rules: RuleSet | None = None) -> list[tuple[str, str, str]]:
    """(dispute, question, the course's default) for C-16, C-20, C-24, C-09 (C-18 and C-25
    are the memo's «Конец талона» and «Счёт сдачи и конец партии»)."""
    rules = rules or RuleSet()
    seven = points(meld_points(TRUMP_SEVEN, rules, "H"))
    other = RuleSet.preset("seed_001")
    return [
        ("C-16", "Как считается козырная семёрка?",
         f"После своей взятки её меняют на открытый козырь или просто показывают: {seven}; "
         "это и есть объявление этой взятки."
         if rules.seven_rule == "declare_or_exchange" else "По выбранным правилам."),
        ("C-20", "В последних восьми взятках обязательно перебивать?",
         "Да: в масть и старше, если можете; нет масти — козырем."
         if rules.phase2_must_head else "Нет: только в масть, без масти — козырем."),
        ("C-24", "До скольких очков играть?",
         f"До {rules.target_score}; бывает до {other.target_score}."),
        ("C-09", "Две комбинации сразу?",
         "Засчитывают одну; вторую можно выложить и сказать «…очков за мной» — её засчитают "
         "после одной из следующих своих взяток."
         if rules.allow_pending_declarations else "Только одна комбинация за раз."),
    ]


# ====================================================================== the page's generated blocks

def _md_table(head: list[str], rows: list[list], right: set[int] = frozenset()) -> str:
    cell = lambda x: str(x).replace("|", "\\|")                       # noqa: E731
    lines = ["| " + " | ".join(head) + " |",
             "|" + "|".join("---:" if i in right else ":---" for i in range(len(head))) + "|"]
    lines += ["| " + " | ".join(cell(x) for x in row) + " |" for row in rows]
    return "\n".join(lines)


def block_deal(rules: RuleSet | None = None) -> str:
    num = rule_numbers(rules)
    return (f"Сдают по {num['hand']} карт; открытый козырь — масть козырей. Если открыта семёрка, "
            f"сдатчик сразу записывает себе {points(turned_seven_points(rules))}. Первую взятку "
            f"начинает {first_leader(rules)}.")


def block_melds(rules: RuleSet | None = None) -> str:
    return _md_table(["Комбинация", "Карты", "Очки", "Вслух"], meld_rows(rules), right={2})


def both_reach_text(rules: RuleSet | None = None) -> str:
    """Who wins when both reach the target, as `Game.decide` answers (higher total; on equal
    totals, the last trick), or under 000-C's rule, the last trick first."""
    rules = rules or RuleSet()
    t = rules.target_score
    higher = both_reach_winner([t + 50, t + 10], 1, rules) == 0
    tie = both_reach_winner([t + 20, t + 20], 1, rules) == 1
    if higher and tie:
        return (f"Если {t} набрали оба, выигрывает тот, у кого больше очков, а поровну — взявший "
                "последнюю взятку.")
    if tie and both_reach_winner([t + 50, t + 10], 1, rules) == 1:
        return f"Если {t} набрали оба, выигрывает взявший последнюю взятку."
    raise ValueError("both reach the target: the engine answers otherwise than the memo says")


def block_tally(rules: RuleSet | None = None) -> str:
    num = rule_numbers(rules)
    return (f"**Очки за сдачу = объявления + бриски + последняя взятка.** Бриск — каждый туз и "
            f"каждая десятка в ваших взятках, по {points(num['brisque'])} (все бриски колоды "
            f"вместе — {points(num['brisques_total'])}); последняя взятка — "
            f"{points(num['last_trick'])}. Партия — до {num['target']} очков; кто выиграл, "
            f"смотрят только после конца сдачи. {both_reach_text(rules)}")


def block_sheet(rules: RuleSet | None = None) -> str:
    sheet = score_sheet(whole_deal(rules=rules))
    rows = [r for r in sheet["rows"]] + [[f"**{a}**", b, c, "", ""] for a, b, c in sheet["end"]]
    table = _md_table(["Взятка", NAMES[YOU], NAMES[OPPONENT], "Сумма: вы", "Сумма: соперник"],
                      rows, right={3, 4})
    return (table + "\n\nВ конце сдачи переверните свою стопку взяток и отложите все тузы и "
            "десятки. " + pile_line(sheet=sheet) + " Число карт, умноженное на цену бриска, — "
            "это ваши очки за бриски.")


def block_agreements(rules: RuleSet | None = None) -> str:
    return "\n".join(f"- **{q}** {a}" for _, q, a in agreements(rules))


BLOCKS = {"deal": block_deal, "melds": block_melds, "reuse": block_reuse,
          "stock_end": block_stock_end, "tally": block_tally, "sheet": block_sheet,
          "agreements": block_agreements}
_BLOCK = re.compile(r"(<!-- memo:(\w+) -->\n)(.*?)(\n<!-- /memo:\2 -->)", re.S)


def fill(page: str, rules: RuleSet | None = None) -> str:
    """The page with every generated block (between `<!-- memo:NAME -->` and
    `<!-- /memo:NAME -->`) written anew from the engine."""
    return _BLOCK.sub(lambda m: m.group(1) + "\n" + BLOCKS[m.group(2)](rules) + "\n" + m.group(4),
                      page)


def block_names(page: str) -> list[str]:
    return [m.group(2) for m in _BLOCK.finditer(page)]


def main(argv: list[str] | None = None) -> int:
    """`python -m bezique.widgets.demos.table_memo book/chapters/16_table_memo.md`: rewrite the
    page's generated blocks (tests/widgets/test_demos_whole_deal.py fails when they are stale)."""
    import sys
    from pathlib import Path

    for name in (argv if argv is not None else sys.argv[1:]):
        path = Path(name)
        path.write_text(fill(path.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
