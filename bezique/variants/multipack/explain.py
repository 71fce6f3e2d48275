"""What a player is told, in Russian, about a Rubicon, six-pack or eight-pack deal (at the
practice table and in the terminal game; RULES-multipack.md §15): who fixed trumps, the carte
blanche chain, the heap or the pile of played cards as the rules make them public, the score
without brisques, and at the end the settlement explained.

No rule lives here: the trump and who fixed it, the chain, the open cards, the scores and the
settlement come from the engine (`MultipackDeal`, `view.open_tricks`, `settle.settle_steps`:
the terms of the settlement's sum); the rule set's numbers are read, never written. The
settlement is explained here once, for the practice table, the terminal game and chapter 11b's
calculator (`settlement_lines`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...cards import SUIT_NAME_RU, cards_ru, sort_cards
from ...events import AnnounceEvent, DeclareEvent, TrumpFixedEvent
from ...melds import CARTE_BLANCHE
from ...ru import meld_name, plural, points
from .melds import multipack_meld_points
from .settle import SettlementSteps, settle_steps
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

@dataclass(frozen=True)
class Person:
    """How the settlement names a player: «у вас» / «у соперника» (`at`), «вы получаете» /
    «соперник получает» (`gets`), «ваши очки» / «очки соперника» (`of`), the verdict with the
    value (`won`, a pattern with {value}) and the short verdict for a headline (`short`)."""

    at: str
    gets: str
    of: str
    won: str
    short: str


YOU = Person(at="у вас", gets="вы получаете", of="ваши очки",
             won="Вы выиграли партию: +{value}.", short="вы выиграли")
OPPONENT = Person(at="у соперника", gets="соперник получает", of="очки соперника",
                  won="Партию выиграл соперник: он получает {value}.", short="выиграл соперник")


def player(name: str, genitive: str) -> Person:
    """A player called by name: player(«Анна», «Анны»)."""
    return Person(at=f"у {genitive}", gets=f"{name} получает", of=f"очки {genitive}",
                  won=f"Победитель — {name}: +{{value}}.", short=f"победитель — {name}")


def people(human: int) -> list[Person]:
    """The two seats as the learner at seat `human` reads them."""
    return [YOU, OPPONENT] if human == 0 else [OPPONENT, YOU]


def _minus(n: int) -> str:
    return str(n).replace("-", "−")


def settlement_lines(scores: Sequence[int], brisques: Sequence[int], rules,
                     names: Sequence[Person], first: int = 0,
                     ) -> tuple[SettlementSteps, list[str]]:
    """The settlement of a multi-pack game (R15.11) and its explanation in Russian sentences:
    the scores (seat `first` named first), the verdict (or the void game), then why — every
    number is a term of the engine's settlement (`settle_steps`), nothing is computed here.
    `names[seat]` says how each seat is called (`people(human)`, `player(…)`)."""
    st = settle_steps(scores, brisques, rules)
    sc, br = st.scores, st.brisques
    a, b = first, 1 - first
    lead = f"{names[a].at[:1].upper()}{names[a].at[1:]} {points(sc[a])}, {names[b].at} {points(sc[b])}"
    if st.brisques_count:
        when = ("только если очки равны, если с ними меняется победитель или чтобы спасти рубикон"
                if rules.brisques_decide == "when_decisive" else
                "только если очки равны или чтобы спасти рубикон")
        lead += (f" (бриски: {names[a].at} {br[a]}, {names[b].at} {br[b]} — в счёт они идут, "
                 f"{when})")
    lines = [lead + "."]
    if st.winner is None:
        tie = "Очки равны" + (" и бриски тоже" if st.brisques_count else "")
        lines.append(f"{tie} — партия аннулируется: её сдают заново, никто ничего не получает.")
        return st, lines
    w, l = st.winner, st.loser
    W, L = names[w], names[l]
    lines.append(W.won.format(value=points(st.value)))
    if st.tie:
        lines.append(f"Очки равны, поэтому решили бриски: {L.at} их меньше "
                     f"({br[l]} против {br[w]}).")
    elif st.option:
        lines.append(f"С брисками счёт другой: {W.at} {sc[w] + br[w]}, {L.at} {sc[l] + br[l]} — "
                     "по этим правилам тогда решают бриски.")
    thr = st.threshold
    frac = " (доли сотни не считаются)" if st.round_down else ""
    if st.rubiconed:
        even = (f", и даже с брисками только {sc[l] + br[l]}"
                if st.brisques_count and br[l] else "")
        lines.append(f"Рубикон не перейдён: {L.at} {points(sc[l])} — меньше {thr}{even}.")
        if st.tie:
            lines.append("Бриски только решили ничью — к очкам их не прибавляют.")
        hw, hl, bonus = st.terms
        small = (f"; меньше {st.minimum} очков считают за {st.minimum}"
                 if st.minimum_applied else "")
        how = "доли сотни не считаются: " if st.round_down else ""
        lines.append(f"Поэтому {W.gets} свои очки и {L.of} ({how}{hw} + {hl}{small}) и премию "
                     f"{bonus} — всего {st.value}.")
        return st, lines
    (tw, tl), (hw, hl) = st.totals, st.rounded
    if st.saved:
        lines.append(f"Рубикон спасён брисками: {L.at} {points(sc[l])}, а с брисками {tl} — "
                     f"не меньше {thr}; поэтому бриски считают оба: {W.at} {tw}, {L.at} {tl}.")
    else:
        lines.append(f"Рубикон перейдён: {L.at} {points(sc[l])} — не меньше {thr}.")
        if st.brisques_added:
            lines.append(f"Бриски при этом прибавляют оба: {W.at} {tw}, {L.at} {tl}.")
    diff, bonus = st.terms
    sub = f"{hw} − {hl} = {_minus(st.difference)}"
    if st.minimum_applied:
        less = "сотни" if st.minimum == 100 else str(st.minimum)
        lines.append(f"{W.gets[:1].upper()}{W.gets[1:]} за разницу {diff}: {sub}{frac}, а если "
                     f"разница меньше {less}, за неё считают {st.minimum}; и премию за партию "
                     f"{bonus} — всего {st.value}.")
    else:
        what = "разницу в сотнях" if st.round_down else "разницу"
        lines.append(f"{W.gets[:1].upper()}{W.gets[1:]} {what}: {sub}{frac} и премию за партию "
                     f"{bonus} — всего {st.value}.")
    return st, lines


def settlement_headline(st: SettlementSteps, names: Sequence[Person]) -> str:
    """The verdict alone: «вы выиграли, +3600 очков», «партия аннулируется»."""
    if st.winner is None:
        return "очки равны — партия аннулируется"
    return f"{names[st.winner].short}, +{points(st.value)}"


def _deal_steps(deal, human: int):
    r = deal.result()
    return r, settlement_lines(r["scores"], r["brisques"], deal.rules, people(human), human)


def settlement_text(deal, human: int) -> str:
    """The end of a multi-pack game in Russian (R15.11), for the message and the tabs; before
    the end, only the scores."""
    r, (_, lines) = _deal_steps(deal, human)
    first = f"Партия окончена: {lines[0][:1].lower()}{lines[0][1:]}"
    if r.get("settlement") is None:
        return first
    return " ".join([first, *lines[1:]])


def settlement_prompt(deal, human: int) -> str:
    """The headline over the practice table at the end of a multi-pack game."""
    _, (st, _) = _deal_steps(deal, human)
    return (f"Партия окончена: {settlement_headline(st, people(human))} — подробный расчёт "
            "в сообщении.")


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
