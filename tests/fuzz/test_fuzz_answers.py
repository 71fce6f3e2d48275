"""Fuzz: the typed-answer parser and the exercise box. Random unicode and card-like tokens
(both alphabets, look-alike letters, emoji suits, odd copy numbers and separators): never an
exception other than CardParseError, every refusal in Russian, nothing changed on refusal."""

from hypothesis import HealthCheck, given, settings, strategies as st

from ci_support import require_import
require_import("ipywidgets")
require_import("ipycanvas")

from bezique.cards import parse_card_face, parse_cards, split_tokens
from bezique.errors import CardParseError
from bezique.widgets.exercises.exercise import ExerciseWidget

from .tally import counter_fixture, russian

TALLY, _report = counter_fixture("typed answers")

RANKS = ["10", "Т", "т", "А", "A", "a", "T", "t", "K", "К", "к", "Д", "д", "Q", "q", "В", "в", "J",
         "B", "9", "8", "7", "1", "0", "X", "Ё", ""]
SUITS = ["♠", "♥", "♦", "♣", "♠️", "♥\ufe0e", "♤", "п", "ч", "б", "т", "S", "H", "D", "C", "s",
         "с", "н", "x", "", "♠♠"]
COPIES = ["", "", "#1", "#2", "#3", "#0", "#17", "#" + "9" * 5000, "#x", "#", "#１", "##2"]
SEPS = [" ", ", ", ";", "  ", "", "\t", " \u00a0", "\n"]

card_token = st.builds(lambda r, sp, s, c: r + sp + s + c, st.sampled_from(RANKS),
                       st.sampled_from(["", "", "", " "]), st.sampled_from(SUITS),
                       st.sampled_from(COPIES))
HELD_TOKENS = ["К♠", "KS", "кп", "Д♠", "Д♠️", "QS", "QS#1", "QS#2", "дп#2", "В♦", "JD", "вб",
               "К♥", "Кч", "KH", "Д♥", "дч", "QH", "10♣", "10 ♣", "TC", "10т", "T♣", "Т♣"]
typed = st.one_of(
    st.text(max_size=30),
    st.lists(st.tuples(st.sampled_from(HELD_TOKENS), st.sampled_from(SEPS)), min_size=1,
             max_size=3).map(lambda parts: "".join(t + s for t, s in parts)),
    st.lists(st.tuples(card_token, st.sampled_from(SEPS)), max_size=6).map(
        lambda parts: "".join(t + s for t, s in parts)),
    st.lists(st.one_of(card_token, st.text(max_size=4)), max_size=5).map(" ".join),
)

POSITION = {"id": "fz", "kind": "declarations", "trump": "S", "won_trick": True,
            "hand": ["KS", "QS#1", "QS#2", "JD", "KH", "QH", "TC"]}
WIDGET = ExerciseWidget(POSITION)
HELD = set(WIDGET.part.judge.held)


@settings(max_examples=400, deadline=None)
@given(typed)
def test_parser_reads_or_refuses_in_russian(text):
    TALLY["parser tried"] += 1
    try:
        cards = parse_cards(text, copies=2)
        for tok in split_tokens(text):
            parse_card_face(tok)
    except CardParseError as e:
        own = e.message                   # without the typed text it quotes (it may say «Error»)
        for tok in sorted(split_tokens(text) + [text], key=len, reverse=True):
            own = own.replace(tok, "") if tok else own
        assert russian(own) and ("Пример" in e.message), e.message
        assert len(e.message) < 600
        TALLY["parser refused cleanly"] += 1
        return
    assert len(cards) == len(split_tokens(text)) and len(set(cards)) == len(cards)
    TALLY["parser accepted"] += 1


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(typed)
def test_exercise_box_selects_or_explains_and_changes_nothing(text):
    w = WIDGET
    w.clear_answer()
    w.select_cards(["KH"])
    before = (list(w.part.entries), w.selection)
    TALLY["box tried"] += 1
    ok = w.type_cards(text)
    if not ok:
        assert russian(w.last_message), repr(w.last_message)
        assert (list(w.part.entries), w.selection) == before
        TALLY["box refused cleanly"] += 1
    else:
        assert w.selection and set(w.selection) <= HELD
        TALLY["box accepted"] += 1
    w.add_declaration()                   # never raises: adds, or says why not in Russian
    assert w.last_message == "" or russian(w.last_message)
