"""`RuleSet`: every option of RULES.md §14, with the presets of §14.2.

The canonical game is `RuleSet()`. A preset is a name plus the options it overrides, so a
record or a position file can name it (`"seed_001"`) or extend it
(`{"preset": "canonical", "phase2_must_head": false}`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace, asdict
from typing import Any, Mapping

from .errors import RulesError
from .variants import find_variant

# Packs of the standard game (R1.1.1, R1.1.3): two for two players, three for three or four;
# a registered variant checks its own (`Variant.check_rules`).
STANDARD_PACK_COUNTS = (2, 3)
# The largest value of an integer option: points, bonuses, the target (a file's sanity bound).
MAX_OPTION_VALUE = 100_000

# Allowed values of the enumerated options (RULES.md §14).
CHOICES: dict[str, tuple] = {
    "players": (2, 3, 4),
    "game_mode": ("target", "single_deal", "rubicon"),
    "both_reach_rule": ("higher_score", "last_trick"),
    "cut_for_deal": ("high", "low", "random", "high_chooses"),
    "deal_pattern": ("3-2-3", "1x8", "3-3-2", "6-1-1", "1s", "3s"),
    "deal_first_to": ("dealer", "non_dealer"),
    "deal_bonus_seven_opponent_malus": (0, 5),
    "bezique_pair": ("fixed", "trump_dependent"),
    "carte_blanche_after_deal": ("holder_tiebreak_non_dealer", "non_dealer_only"),
    "seven_rule": ("declare_or_exchange", "exchange_only", "played", "win_trick", "none"),
    "trick_scoring": ("brisques", "per_trick_000C"),
    "brisque_count": ("per_card", "per_trick"),
    "penalty_mode": ("prevent", "apply"),
    "variant": ("standard", "no_trump", "many_pack_infusorka", "rubicon", "six_pack", "eight_pack"),
    "four_hand_last_trick": ("side", "split_sides"),
    # multi-pack bezique (RULES-multipack.md §15.16)
    "trump_rule": ("turn_up", "first_marriage_or_sequence"),
    "trump_fixed_on": ("scored", "declared"),
    "redeclare_rule": ("classic", "after_play", "new_set"),
    "multipack_bezique_pair": ("fixed", "trump_opposite"),
    "brisque_role": ("always", "tiebreak_rubicon", "none"),
    "brisques_decide": ("tie_only", "when_decisive"),
    "phase2_revoke": ("penalty", "replay"),
    "trick_display": ("face_down", "heap_until_brisque", "face_up_pile"),
}

# The multi-pack games of RULES-multipack.md §15 (variants/multipack): their variant values, and
# the options only they read (a standard game refuses them, so that none is silently ignored).
MULTIPACK_VARIANTS = ("rubicon", "six_pack", "eight_pack")
# Options holding a tuple of points (JSON: a list of integers).
TUPLE_OPTIONS = ("bezique_values", "trump_quartets", "trump_quintets")


@dataclass(frozen=True)
class RuleSet:
    """The rules of one game. Field comments give the conflict ID of RULES.md §11."""

    # --- table / game ---
    players: int = 2
    packs: int = 2
    target_score: int = 1000                      # C-24
    game_mode: str = "target"                     # C-27
    both_reach_rule: str = "higher_score"         # C-25
    # --- dealing ---
    cut_for_deal: str = "high"                    # C-01
    deal_pattern: str = "3-2-3"                   # C-02 / C-30
    deal_first_to: str = "dealer"                 # C-03
    deal_bonus_seven: int = 10
    deal_bonus_seven_opponent_malus: int = 0      # C-05
    deal_bonus_trump_ace: bool = False            # C-04
    deal_bonus_repeat_suit: bool = False          # C-04
    show_stock_count: bool = True
    # --- phase 1 ---
    phase1_must_follow_suit: bool = False         # C-06
    # --- declarations ---
    bezique_pair: str = "fixed"                   # C-12
    allow_pending_declarations: bool = True       # C-09
    require_card_from_hand: bool = False          # C-12b
    min_tricks_before_declaring: int = 0          # C-10
    last_stock_trick_declaration: bool = True     # C-18
    four_of_kind_distinct_suits: bool = False     # C-34
    meld_double_marriage: bool = False            # C-13
    meld_plain_quint: bool = False                # C-13
    meld_two_trump_sevens: bool = False           # C-13
    meld_carte_blanche: bool = False              # C-13
    carte_blanche_after_deal: str = "holder_tiebreak_non_dealer"
    # --- seven of trumps ---
    seven_rule: str = "declare_or_exchange"       # C-16
    seven_exchange_points: int = 10               # C-17
    seven_counts_as_declaration: bool = True      # C-16
    # --- phase 2 and counting ---
    phase2_must_head: bool = True                 # C-20
    trick_scoring: str = "brisques"               # C-08
    brisque_count: str = "per_card"               # C-22
    last_trick_points: int = 10                   # C-23
    # --- penalties ---
    penalty_mode: str = "prevent"
    penalty_extra_card: int = 50                  # C-28
    # --- variants ---
    variant: str = "standard"
    no_trump_double_marriage_points: int = 80     # C-32
    no_trump_sequence_points: int = 300           # C-33
    triple_bezique_points: int = 1500
    triple_bezique_immediate_win: bool = False
    four_hand_last_trick: str = "side"            # C-31
    infusorka_max_per_meld: int = 1
    # --- multi-pack variants (RULES-multipack.md §15.16; read only by variants/multipack) ---
    trump_rule: str = "turn_up"                   # no turn-up: first marriage or sequence scored
    trump_fixed_on: str = "scored"                # C-R6
    redeclare_rule: str = "classic"               # C-R4 ("classic": RULES §4.5)
    sequence_after_marriage: bool = True          # C-R3
    bezique_singles_unite: bool = False           # C-14 / Law 38
    meld_plain_sequence: int = 0                  # the back-door sequence, 150
    bezique_values: tuple = (40, 500)             # single, double, triple, quadruple, quintuple
    trump_quartets: tuple = ()                    # four trump A, T, K, Q, J (0: none)  C-R7/C-R8
    trump_quintets: tuple = ()                    # five trump A, T, K, Q, J (eight-pack)
    meld_four_tens: int = 0                       # C-R13
    multipack_bezique_pair: str = "fixed"         # C-R9
    carte_blanche_points: int = 250
    carte_blanche_repeat: bool = False            # C-R2
    brisque_role: str = "always"
    brisques_decide: str = "tie_only"             # C-R5
    game_bonus: int = 0
    rubicon_threshold: int = 0
    rubicon_bonus: int = 0                        # C-R1 / C-R10
    settle_round_down_100: bool = True
    settle_min_difference: int = 100              # C-R14
    settle_rubiconed_min: int = 100               # Law 59
    dealer_cut_target: int = 0                    # the six-pack dealer's lift (R15.2.6)
    dealer_cut_bonus: int = 0
    cut_guess_bonus: int = 0
    phase2_revoke: str = "penalty"                # C-R16
    too_many_cards_cap: int = 900                 # Law 17
    trick_display: str = "face_down"
    brisque_peek_stock_limit: int = 12            # Law 27 (a view's business)

    def __post_init__(self):
        for name in TUPLE_OPTIONS:
            value = getattr(self, name)
            if (not isinstance(value, (list, tuple)) or len(value) > 5 or any(
                    isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_OPTION_VALUE
                    for v in value)):
                raise RulesError(f"Правило «{name}» — список до пяти целых чисел (очки), "
                                 f"а не {value!r}. Пример: [1000, 900, 800, 600, 400].")
            object.__setattr__(self, name, tuple(value))     # a JSON list read as a tuple
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                shown = ", ".join(repr(a) for a in allowed)
                raise RulesError(f"Недопустимое значение правила «{name}»: {value!r}. "
                                 f"Возможные значения: {shown}.")
        for f in fields(self):
            value = getattr(self, f.name)
            expected = type(f.default)
            if expected is bool and not isinstance(value, bool):
                raise RulesError(f"Правило «{f.name}» принимает true или false, а не {value!r}.")
            if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
                raise RulesError(f"Правило «{f.name}» принимает целое число, а не {value!r}.")
            if expected is int and not 0 <= value <= MAX_OPTION_VALUE:
                raise RulesError(f"Правило «{f.name}» принимает целое число от 0 до "
                                 f"{MAX_OPTION_VALUE}, а не {value}.")
        if self.target_score < 1:
            raise RulesError("Правило «target_score» — сколько очков нужно для победы, "
                             "не меньше 1. Пример: {\"preset\": \"canonical\", \"target_score\": 1500}.")
        if self.variant not in MULTIPACK_VARIANTS:
            changed = [k for k in MULTIPACK_OPTIONS if getattr(self, k) != _DEFAULTS[k]]
            if changed or self.seven_rule == "none" or self.game_mode == "rubicon" \
                    or self.deal_pattern in ("1s", "3s") or self.cut_for_deal == "high_chooses":
                shown = changed[0] if changed else "seven_rule/game_mode/deal_pattern/cut_for_deal"
                raise RulesError(f"Правило «{shown}» действует только в рубиконе, китайском безике "
                                 "и безике с восемью колодами. Пример: "
                                 "{\"preset\": \"rubicon\", \"rubicon_bonus\": 1320}.")
        variant = find_variant(self)
        if variant is not None and variant.check_rules is not None:
            variant.check_rules(self)                # its own pack counts and tables
        elif variant is None and self.packs not in STANDARD_PACK_COUNTS:
            raise RulesError(f"В безик играют двумя колодами (вдвоём) или тремя (втроём и "
                             f"вчетвером), а не {self.packs} (R1.1). Пример: "
                             "{\"preset\": \"canonical\", \"packs\": 2}.")
        if self.pack_size < self.players * self.hand_size + 2:
            raise RulesError("Слишком мало карт для такого числа игроков.")

    # ---------------------------------------------------------------- derived values
    @property
    def many_pack(self) -> bool:
        return self.variant == "many_pack_infusorka"

    @property
    def pack_size(self) -> int:
        if self.many_pack:            # 10.5.1: packs of A K Q J 10, twelve nines, two infusorki
            return self.packs * 20 + 12 + 2
        return self.packs * 32

    @property
    def multipack(self) -> bool:
        """Rubicon, six-pack or eight-pack bezique (RULES-multipack.md §15)."""
        return self.variant in MULTIPACK_VARIANTS

    @property
    def hand_size(self) -> int:
        """8; 18 in many-pack bezique; 9 / 12 / 15 in the multi-pack games (R15.2.3)."""
        if self.multipack:
            return MULTIPACK_HAND[self.variant]
        return 18 if self.many_pack else 8

    @property
    def trump_sevens_score(self) -> bool:
        """No-trump bezique: trump sevens have no value, not even played (R10.3.8); nor in the
        multi-pack games (R15.3.6)."""
        return self.variant != "no_trump" and self.seven_rule != "none"

    @property
    def has_turn_up(self) -> bool:
        return self.variant != "no_trump" and self.trump_rule == "turn_up"

    @property
    def phase1_tricks(self) -> int:
        """24 with 2 or 3 players, 16 with 4 (R2.4.3, 10.1, 10.2)."""
        return (self.pack_size - self.hand_size * self.players) // self.players

    @property
    def last_declaration_trick(self) -> int:
        """The last stock trick whose winner may declare: the last one (R4.2.3), or the one
        before it where the winner of the last stock trick may not (C-18)."""
        return self.phase1_tricks - (0 if self.last_stock_trick_declaration else 1)

    @property
    def total_tricks(self) -> int:
        return self.phase1_tricks + self.hand_size

    @property
    def partnerships(self) -> bool:
        return self.players == 4

    def side(self, seat: int) -> int:
        """The index of `seat`'s entry in a deal's scores: its partnership (seats k and k + 2
        sit opposite each other, R10.2) or, without partnerships, the seat itself."""
        return seat % 2 if self.partnerships else seat

    def partner(self, seat: int) -> int | None:
        """The seat opposite `seat` in the four-handed game (R10.2); None without partners."""
        return (seat + 2) % self.players if self.partnerships else None

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The seats playing against `seat`, in playing order after it."""
        n = self.players
        return tuple(s for s in ((seat + k) % n for k in range(1, n))
                     if self.side(s) != self.side(seat))

    # ---------------------------------------------------------------- construction
    @classmethod
    def canonical(cls) -> "RuleSet":
        return cls()

    @classmethod
    def preset(cls, name: str) -> "RuleSet":
        if name not in PRESETS:
            raise RulesError(f"Неизвестный набор правил «{name}». Есть: {', '.join(PRESETS)}.")
        return cls(**PRESETS[name])

    def with_options(self, **options: Any) -> "RuleSet":
        unknown = [k for k in options if k not in _FIELD_NAMES]
        if unknown:
            raise RulesError(f"Неизвестное правило «{unknown[0]}». Пример: "
                             "{\"preset\": \"canonical\", \"phase2_must_head\": false}.")
        return replace(self, **options)

    @classmethod
    def from_spec(cls, spec: str | Mapping[str, Any] | "RuleSet" | None) -> "RuleSet":
        """A preset name, an object {"preset": name, option: value, …}, or None (canonical)."""
        if spec is None:
            return cls()
        if isinstance(spec, RuleSet):
            return spec
        if isinstance(spec, str):
            return cls.preset(spec)
        if isinstance(spec, Mapping):
            options = dict(spec)
            base = options.pop("preset", "canonical")
            if not isinstance(base, str):
                raise RulesError("«preset» должен быть названием набора правил, например \"canonical\".")
            return cls.preset(base).with_options(**options)
        raise RulesError("Правила задаются названием (\"canonical\") или объектом "
                         "{\"preset\": \"canonical\", …}.")

    def to_spec(self) -> str | dict[str, Any]:
        """The shortest description: a preset name if one matches, else preset + overrides."""
        mine = asdict(self)
        best_name, best_diff = "canonical", None
        for name, overrides in PRESETS.items():
            base = asdict(RuleSet(**overrides))
            diff = {k: v for k, v in mine.items() if base[k] != v}
            if best_diff is None or len(diff) < len(best_diff):
                best_name, best_diff = name, diff
            if not diff:
                return name
        return {"preset": best_name, **(best_diff or {})}

    def differences(self, other: "RuleSet | None" = None) -> dict[str, Any]:
        """Options that differ from `other` (canonical by default)."""
        base = asdict(other or RuleSet())
        return {k: v for k, v in asdict(self).items() if base[k] != v}


_FIELD_NAMES = {f.name for f in fields(RuleSet)}
_DEFAULTS = {f.name: f.default for f in fields(RuleSet)}
MULTIPACK_HAND = {"rubicon": 9, "six_pack": 12, "eight_pack": 15}      # R15.2.3
_ORDER = [f.name for f in fields(RuleSet)]
MULTIPACK_OPTIONS = tuple(_ORDER[_ORDER.index("trump_rule"):])   # the fields of §15.16

# RULES.md §14.2. Each preset changes only what its seed states explicitly.
PRESETS: dict[str, dict[str, Any]] = {
    "canonical": {},
    "seed_001": dict(cut_for_deal="low", target_score=1500, both_reach_rule="higher_score",
                     last_stock_trick_declaration=False),
    "seed_002": dict(seven_rule="played", seven_exchange_points=0, phase2_must_head=False),
    "seed_003": dict(phase1_must_follow_suit=True, seven_rule="exchange_only",
                     allow_pending_declarations=False, meld_double_marriage=True,
                     phase2_must_head=False),
    "seed_004": dict(seven_rule="exchange_only", allow_pending_declarations=False,
                     phase2_must_head=False),
    "seed_000A": dict(bezique_pair="trump_dependent", seven_rule="win_trick",
                      phase2_must_head=False, penalty_extra_card=60),
    "seed_000C": dict(cut_for_deal="high", deal_pattern="1x8", deal_bonus_trump_ace=True,
                      deal_bonus_repeat_suit=True, deal_bonus_seven_opponent_malus=5,
                      meld_carte_blanche=True, trick_scoring="per_trick_000C",
                      brisque_count="per_trick", last_trick_points=250, seven_rule="win_trick",
                      both_reach_rule="last_trick"),
    "seed_000E": dict(deal_pattern="1x8", meld_double_marriage=True, meld_plain_quint=True,
                      meld_two_trump_sevens=True, min_tricks_before_declaring=4,
                      seven_exchange_points=20, phase2_must_head=False,
                      allow_pending_declarations=False, both_reach_rule="last_trick"),
    "three_handed": dict(players=3, packs=3, target_score=1500),
    "four_handed": dict(players=4, packs=3, target_score=1500),
    "no_trump": dict(variant="no_trump"),
    # 10.5: experimental reconstruction of a garbled text (000-D); 8 packs for 2 players.
    "many_pack_infusorka": dict(variant="many_pack_infusorka", packs=8),
}

# RULES-multipack.md §15.16: Rubicon (Portland Club 1887 via Hoffmann), six-pack («китайский
# безик») and eight-pack bezique, and the option presets of their conflicts. Each changes only
# what its source states; everything else comes from the preset above it.
_RUBICON = dict(
    variant="rubicon", packs=4, game_mode="rubicon", trump_rule="first_marriage_or_sequence",
    trump_fixed_on="scored", seven_rule="none", seven_exchange_points=0, deal_bonus_seven=0,
    cut_for_deal="high_chooses", deal_first_to="non_dealer", deal_pattern="1s",
    redeclare_rule="after_play", sequence_after_marriage=True, bezique_singles_unite=True,
    meld_plain_sequence=150, bezique_values=(40, 500, 1500, 4500), meld_carte_blanche=True,
    carte_blanche_points=50, carte_blanche_repeat=True, last_trick_points=50,
    brisque_role="tiebreak_rubicon", game_bonus=500, rubicon_threshold=1000, rubicon_bonus=1300,
    phase2_must_head=True, phase2_revoke="replay", trick_display="heap_until_brisque",
    allow_pending_declarations=True, require_card_from_hand=False,
    last_stock_trick_declaration=True, show_stock_count=True)
_SIX_PACK = dict(
    _RUBICON, variant="six_pack", packs=6, trump_quartets=(1000, 900, 800, 600, 400),
    carte_blanche_points=250, last_trick_points=250, brisque_role="none", game_bonus=1000,
    rubicon_threshold=3000, rubicon_bonus=1500, dealer_cut_target=24, dealer_cut_bonus=250,
    cut_guess_bonus=150, trick_display="face_up_pile")
_EIGHT_PACK = dict(
    _SIX_PACK, variant="eight_pack", packs=8, bezique_values=(40, 500, 1500, 4500, 9000),
    trump_quintets=(2000, 1800, 1600, 1200, 800), meld_carte_blanche=False,
    rubicon_threshold=5000, dealer_cut_target=0, dealer_cut_bonus=0, cut_guess_bonus=0)
MULTIPACK_PRESETS: dict[str, dict[str, Any]] = {
    "rubicon": _RUBICON,
    "rubicon_bicycle": dict(_RUBICON, rubicon_bonus=1320),                        # C-R1
    "rubicon_parlett": dict(_RUBICON, rubicon_bonus=1000),                        # C-R1
    "rubicon_foster": dict(_RUBICON, carte_blanche_repeat=False),                 # C-R2
    "rubicon_whiteknuckle": dict(_RUBICON, sequence_after_marriage=False,         # C-R3, C-R6
                                 trump_fixed_on="declared", deal_pattern="3s"),   # C-R11
    "rubicon_hoffmann_commentary": dict(_RUBICON, redeclare_rule="new_set"),      # C-R4
    "six_pack": _SIX_PACK,
    "six_pack_variable": dict(_SIX_PACK, multipack_bezique_pair="trump_opposite"),  # C-R9
    "six_pack_pw6": dict(_SIX_PACK, trump_quartets=(1000, 900, 800, 900, 0)),     # C-R7, C-R8
    "six_pack_cm6": dict(_SIX_PACK, rubicon_bonus=2000),                          # C-R10
    "eight_pack": _EIGHT_PACK,
}
PRESETS.update(MULTIPACK_PRESETS)
# The three games as a learner picks them (the option presets only change one rule each).
MULTIPACK_GAMES = ("rubicon", "six_pack", "eight_pack")
# The presets the practice table seats (its rules menu; tests/widgets/test_practice_table_seats.py
# compares the two): every preset but the multi-pack option presets — the three games are there.
TABLE_PRESETS = tuple(p for p in PRESETS if p not in MULTIPACK_PRESETS or p in MULTIPACK_GAMES)

STANDARD_PRESETS = ("canonical", "seed_000A", "seed_000C", "seed_000E",
                    "seed_001", "seed_002", "seed_003", "seed_004")
