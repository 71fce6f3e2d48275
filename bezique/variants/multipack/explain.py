"""What a player is told, in Russian, about a Rubicon, six-pack or eight-pack deal (at the
practice table and in the terminal game; RULES-multipack.md §15): who fixed trumps, the carte
blanche chain, the heap or the pile of played cards as the rules make them public, the score
without brisques, and at the end the settlement explained.

No rule lives here: the trump and who fixed it, the chain, the open cards, the scores and the
settlement come from the engine (`MultipackDeal`, `view.open_tricks`, `result()["settlement"]`,
`settle.hundreds`); the rule set's numbers (the rubicon, the bonuses) are read, never written.
"""

from __future__ import annotations

from ...cards import SUIT_NAME_RU, cards_ru, sort_cards
from ...events import AnnounceEvent, DeclareEvent, TrumpFixedEvent
from ...melds import CARTE_BLANCHE
from ...ru import meld_name, plural, points
from .melds import multipack_meld_points
from .settle import hundreds
from ...view import heap_taken_up, open_tricks

OPEN_SHOWN = 12          # the heap's cards listed on the table's line (the rest: «и ещё …»)


def is_multipack(deal) -> bool:
    return bool(getattr(deal.rules, "multipack", False))


def scores(deal) -> list[int]:
    """Every point but brisques, per seat (R15.10: brisques only break a tie or save the
    rubicon) — the engine's tally, during the deal and at its end."""
    return list(deal.result()["scores"])


# ------------------------------------------------------------------ trumps

def trump_fixing(deal):
    """(seat, declaration) that fixed trumps, or None (R15.3)."""
    log = deal.log
    for i, e in enumerate(log):
        if type(e) is TrumpFixedEvent:
            for f in log[i + 1:]:
                if type(f) in (DeclareEvent, AnnounceEvent) and f.seat == e.seat:
                    return e.seat, f.declaration
            return e.seat, None
    return None


def trump_phrase(deal, human: int, short: bool = False) -> str:
    """«козырь — черви: назначил ваш марьяж К♥ Д♥» or «козырь ещё не назначен: его назначит
    первый записанный марьяж или секвенция»; `short` for the status line («козырь — черви
    (назначил ваш марьяж)»)."""
    if deal.trump is None:
        return "козырь ещё не назначен" if short else (
            "козырь ещё не назначен: его назначит первый записанный марьяж или секвенция")
    suit = SUIT_NAME_RU[deal.trump]
    found = trump_fixing(deal)
    if found is None:
        return f"козырь — {suit}"
    seat, decl = found
    what = meld_name(decl.meld, decl.cards).split(",")[0].split()[-1] if decl else "марьяж"
    feminine = what.endswith("я")                   # «секвенция»; «марьяж» is masculine
    verb = "назначила" if feminine else "назначил"
    if seat == human:
        owner = "ваша" if feminine else "ваш"
        whose = f"{owner} {what}"
    else:
        whose = f"{what} соперника"
    cards = f" {cards_ru(decl.cards)}" if decl and not short else ""
    return f"козырь — {suit} ({verb} {whose}{cards})" if short else \
        f"козырь — {suit}: {verb} {whose}{cards}"


# ------------------------------------------------------------------ carte blanche

def chain_phrase(deal, human: int) -> str:
    """The carte blanche chain (15.8), when somebody scored carte blanche in this deal:
    «карт-бланш: у вас 100 очков, цепочка продолжается: …»; empty when nobody did."""
    got = [sum(d.points for d in deal.melds[s].scored if d.meld == CARTE_BLANCHE)
           for s in range(deal.n)]
    if not any(got):
        return ""
    one = multipack_meld_points(CARTE_BLANCHE, deal.rules)
    parts = []
    for seat in (human, 1 - human):
        if not got[seat]:
            continue
        who = "у вас" if seat == human else "у соперника"
        running = bool(getattr(deal, "chain", [False, False])[seat]) and not deal.is_over \
            and deal.stock_count > 0
        tail = ("цепочка продолжается: каждая карта без фигуры, взятая из талона, приносит "
                f"ещё {one}" if running else "цепочка кончилась")
        parts.append(f"{who} {points(got[seat])}, {tail}")
    return "карт-бланш: " + "; ".join(parts)


# ------------------------------------------------------------------ the heap or the pile

def open_phrase(deal, where: str = " (все — на вкладке «Ход сдачи»)") -> str:
    """The played cards lying face up, as R15.4.5 makes them public: Rubicon's heap until a
    brisque is won, the six- and eight-pack pile."""
    mode = deal.rules.trick_display
    cards = open_tricks(deal)
    if mode == "heap_until_brisque":
        if not cards:
            if heap_taken_up(deal):
                return "куча взяток на столе пуста: в последней взятке был бриск, и взявший забрал кучу"
            return "куча взяток на столе пока пуста"
        shown = " ".join(c.ru for c in cards[-OPEN_SHOWN:])
        more = f"… (и ещё {plural(len(cards) - OPEN_SHOWN, 'карта')}) " if len(cards) > OPEN_SHOWN else ""
        return (f"куча взяток открыта до первого бриска: {more}{shown} "
                f"({plural(len(cards), 'карта')})")
    if mode == "face_up_pile":
        if not cards:
            return "сыгранные карты будут лежать открытой стопкой: смотреть их может каждый"
        return f"сыгранные карты лежат открытой стопкой: {plural(len(cards), 'карта')}{where}"
    return ""


def open_by_suit(deal) -> list[tuple[str, str]]:
    """The open cards grouped by suit for the log tab: [(«пики», «Т Т 10 К …»), …]."""
    cards = sort_cards(open_tricks(deal))
    out = []
    for suit in ("S", "H", "D", "C"):
        mine = [c for c in cards if c.suit == suit]
        if mine:
            out.append((SUIT_NAME_RU[suit], " ".join(c.ru for c in mine)))
    return out


def table_notes(deal, human: int) -> list[str]:
    """The lines over the picture: trumps and who fixed them, the open cards, the chain."""
    notes = [trump_phrase(deal, human), open_phrase(deal), chain_phrase(deal, human)]
    return [n[:1].upper() + n[1:] for n in notes if n]


# ------------------------------------------------------------------ the settlement

def _names(seat: int, human: int) -> dict:
    if seat == human:
        return dict(at="у вас", gets="вы получаете", own="свои очки", of="ваши очки",
                    subj="вы", has="у вас")
    return dict(at="у соперника", gets="соперник получает", own="свои очки", of="очки соперника",
                subj="соперник", has="у соперника")


def settlement_text(deal, human: int) -> str:
    """The end of a multi-pack game in Russian (R15.11): the scores without brisques, who won,
    whether the loser crossed the rubicon, and how the value follows — every number from the
    engine's result and the rule set."""
    r = deal.result()
    st = r.get("settlement")
    sc, br = r["scores"], r["brisques"]
    rules = deal.rules
    counts = rules.brisque_role == "tiebreak_rubicon"
    opp = 1 - human
    head = f"Партия окончена: у вас {points(sc[human])}, у соперника {points(sc[opp])}"
    if counts:
        head += (f" (бриски: у вас {br[human]}, у соперника {br[opp]} — в счёт они идут, только "
                 "если очки равны или чтобы спасти рубикон)")
    head += "."
    if st is None:
        return head
    w = st["winner"]
    if w is None:
        tie = "Очки равны" + (" и бриски тоже" if counts else "")
        return f"{head} {tie} — партия аннулируется: её сдают заново."
    l = 1 - w
    W, L = _names(w, human), _names(l, human)
    lead = (f"Вы выиграли партию: +{points(st['value'])}." if w == human else
            f"Партию выиграл соперник: он получает {points(st['value'])}.")
    lines = [head, lead]
    full = [sc[i] + (br[i] if counts else 0) for i in (0, 1)]
    with_brisques = False
    if sc[w] == sc[l]:
        lines.append(f"Очки равны, поэтому решили бриски: {L['at']} их меньше "
                     f"({br[l]} против {br[w]}).")
        with_brisques = True
    elif sc[w] < sc[l]:
        with_brisques = True                       # an option: brisques re-decided the winner
        lines.append("С брисками счёт другой — по этим правилам решают бриски.")
    thr = rules.rubicon_threshold
    H = lambda x: hundreds(x, rules)               # noqa: E731 — the engine's rounding
    if st["rubiconed"]:
        low = max(H(sc[l]), rules.settle_rubiconed_min)
        why = f"Рубикон не перейдён: {L['at']} {points(sc[l])} — меньше {thr}."
        parts = f"{H(sc[w])} + {low}"
        if H(sc[w]) + low + rules.rubicon_bonus == st["value"]:
            small = (f"; меньше {rules.settle_rubiconed_min} очков считают за "
                     f"{rules.settle_rubiconed_min}" if H(sc[l]) < rules.settle_rubiconed_min else "")
            why += (f" Поэтому {W['gets']} {W['own']} и {L['of']} (доли сотни не считаются: "
                    f"{parts}{small}) и премию {rules.rubicon_bonus} — всего {st['value']}.")
        lines.append(why)
        return " ".join(lines)
    if counts and sc[l] < thr <= full[l]:
        with_brisques = True
        lines.append(f"Рубикон спасён брисками: {L['at']} {points(sc[l])}, а с брисками "
                     f"{full[l]} — не меньше {thr}; поэтому бриски считают оба.")
    else:
        lines.append(f"Рубикон перейдён: {L['at']} {points(sc[l])} — не меньше {thr}.")
    ws, ls = (full[w], full[l]) if with_brisques else (sc[w], sc[l])
    diff = H(ws) - H(ls)
    if max(diff, rules.settle_min_difference) + rules.game_bonus == st["value"]:
        if diff < rules.settle_min_difference:
            how = (f"разница меньше сотни ({H(ws)} − {H(ls)}), за неё считают "
                   f"{rules.settle_min_difference}")
        else:
            how = f"разницу в сотнях: {H(ws)} − {H(ls)} = {diff}"
        lines.append(f"{W['gets'][:1].upper()}{W['gets'][1:]} {how} (доли сотни не считаются) "
                     f"и премию за партию {rules.game_bonus} — всего {st['value']}.")
    return " ".join(lines)


def played_games(session) -> list[tuple[str, int]]:
    """The multi-pack games finished at this table, oldest first: («you» / «opponent» / «void»,
    the value the engine's settlement gives the winner)."""
    out = []
    for r in session.results:
        deal = r["deal"]
        if not is_multipack(deal) or not deal.is_over:
            continue
        st = deal.result()["settlement"]
        who = "void" if st["winner"] is None else \
            "you" if st["winner"] == deal.rules.side(session.human) else "opponent"
        out.append((who, st["value"]))
    return out
