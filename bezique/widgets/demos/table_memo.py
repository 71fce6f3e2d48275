"""The tables of «Памятка за столом» (book/chapters/16_table_memo.md): every number the engine's.

The page is MyST Markdown; its numbers stand in generated blocks (`fill`, `BLOCKS`) that
`python -m bezique.widgets.demos.table_memo book/chapters/16_table_memo.md` rewrites, and a
test fails when a block differs from what the engine gives now.

* `meld_rows` — the meld values of the main rules (`melds.meld_points`) with what to say aloud;
* `score_sheet` — a paper score sheet filled in with the deal of «Сдача от начала до конца»
  (`whole_deal`): each declaration where it was scored, the running totals, then the brisques
  counted from each pile, the last trick and the deal's total (`Deal.result`);
* `agreements` — the five disputes to settle before playing (RULES.md C-16, C-18, C-20, C-24,
  C-09), each one line with the course's default, the values read from `RuleSet`.
"""

from __future__ import annotations

import re

from ...cards import cards_ru
from ...events import DeclareEvent, TrickEvent
from ...melds import (BEZIQUE, DOUBLE_BEZIQUE, FOUR_OF, MARRIAGE, ROYAL_MARRIAGE, SEQUENCE,
                      SEVEN_EXCHANGE, SEVEN_TURNED, TRUMP_SEVEN, meld_points)
from ...ru import capitalize, meld_name, plural, points
from ...rules import RuleSet
from .common import esc, html_table
from .whole_deal import NAMES, OPPONENT, YOU, rule_numbers, whole_deal

# How people say a number at the table («марьяж, двадцать»); a value not listed is said in digits.
SAID = {10: "десять", 20: "двадцать", 40: "сорок", 60: "шестьдесят", 80: "восемьдесят",
        100: "сто", 250: "двести пятьдесят", 500: "пятьсот"}

MELD_CARDS = [
    (MARRIAGE, "король и дама одной масти, не козыри"),
    (ROYAL_MARRIAGE, "король и дама козырей"),
    (BEZIQUE, "дама пик и валет бубен"),
    (DOUBLE_BEZIQUE, "обе дамы пик и оба валета бубен"),
    (FOUR_OF["A"], "четыре туза любых мастей"),
    (FOUR_OF["K"], "четыре короля любых мастей"),
    (FOUR_OF["Q"], "четыре дамы любых мастей"),
    (FOUR_OF["J"], "четыре валета любых мастей"),
    (SEQUENCE, "туз, десятка, король, дама, валет козырей"),
    (SEVEN_EXCHANGE, "семёрка козырей — вместо открытого козыря"),
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
        rows.append([capitalize(meld_name(meld)), cards, pts, f"«{say}, {said(pts)}»"])
    return rows


def meld_table(rules: RuleSet | None = None) -> str:
    rows = [[esc(a), esc(b), c, esc(d)] for a, b, c, d in meld_rows(rules)]
    return html_table(rows, head=["Комбинация", "Карты", "Очки", "Вслух"], numbers_right=True)


def turned_seven_points(rules: RuleSet | None = None, trump: str = "H") -> int:
    return meld_points(SEVEN_TURNED, rules or RuleSet(), trump)


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
    """(dispute, question, the course's default) for C-16, C-18, C-20, C-24, C-09."""
    rules = rules or RuleSet()
    seven = points(meld_points(TRUMP_SEVEN, rules, "H"))
    other = RuleSet.preset("seed_001")
    return [
        ("C-16", "Как считается козырная семёрка?",
         f"После своей взятки её меняют на открытый козырь или просто показывают: {seven}; "
         "это и есть объявление этой взятки."
         if rules.seven_rule == "declare_or_exchange" else "По выбранным правилам."),
        ("C-18", "Можно ли объявлять после 24-й взятки?",
         "Да: взявший её может сделать последнее объявление, потом берёт последнюю карту талона."
         if rules.last_stock_trick_declaration else "Нет."),
        ("C-20", "В последних восьми взятках обязательно перебивать?",
         "Да: в масть и старше, если можете; нет масти — козырем."
         if rules.phase2_must_head else "Нет: только в масть, без масти — козырем."),
        ("C-24", "До скольких очков играть?",
         f"До {rules.target_score}; бывает до {other.target_score}. Победителя определяют "
         "только после конца сдачи."),
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
            f"сдатчик сразу записывает себе {points(turned_seven_points(rules))}.")


def block_melds(rules: RuleSet | None = None) -> str:
    return _md_table(["Комбинация", "Карты", "Очки", "Вслух"], meld_rows(rules), right={2})


def block_tally(rules: RuleSet | None = None) -> str:
    num = rule_numbers(rules)
    return (f"**Очки за сдачу = объявления + бриски + последняя взятка.** Бриск — каждый туз и "
            f"каждая десятка в ваших взятках, по {points(num['brisque'])} (все бриски колоды "
            f"вместе — {points(num['brisques_total'])}); последняя взятка — "
            f"{points(num['last_trick'])}. Партия — до {num['target']} очков; кто выиграл, "
            f"смотрят только после конца сдачи.")


def block_sheet(rules: RuleSet | None = None) -> str:
    sheet = score_sheet(whole_deal(rules=rules))
    rows = [r for r in sheet["rows"]] + [[f"**{a}**", b, c, "", ""] for a, b, c in sheet["end"]]
    table = _md_table(["Взятка", NAMES[YOU], NAMES[OPPONENT], "Сумма: вы", "Сумма: соперник"],
                      rows, right={3, 4})
    return (table + "\n\nВ конце сдачи переверните свою стопку взяток и отложите все тузы и "
            "десятки. " + pile_line(sheet=sheet) + " Число карт, умноженное на цену бриска, — "
            "это ваши бриски.")


def block_agreements(rules: RuleSet | None = None) -> str:
    return "\n".join(f"- **{q}** {a}" for _, q, a in agreements(rules))


BLOCKS = {"deal": block_deal, "melds": block_melds, "tally": block_tally, "sheet": block_sheet,
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
