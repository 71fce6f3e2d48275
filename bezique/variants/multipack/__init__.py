"""Rubicon (4 packs), six-pack («китайский безик») and eight-pack bezique, RULES-multipack.md §15:
one registered variant per game, all played by `deal.MultipackDeal`.

    melds.py    the combinations, their classes and the re-declaration rules (15.5, 15.7)
    deal.py     the deal: no turn-up, trumps by the first marriage or sequence, carte blanche
                chain, the six-pack lift, the tally (15.2–15.10)
    settle.py   the settlement of the game (15.11), with its terms, and Law 17's (15.12)
    explain.py  what a player is told in Russian: trumps, the open cards, the settlement
"""

from __future__ import annotations

from ...cards import make_pack
from ...errors import RulesError
from .. import Variant, register
from .deal import MultipackDeal
from .melds import (MELD_NAME_ACC_RU, MELD_NAME_RU, MELDS, MultipackMelds, multipack_declarations,
                    multipack_meld_points, shape_problem)
from .settle import SettlementSteps, settle, settle_steps, settle_too_many_cards

PACKS = {"rubicon": 4, "six_pack": 6, "eight_pack": 8}          # R15.1.1


def check_rules(rules) -> None:
    """RulesError (Russian) for a table these games cannot seat."""
    packs = PACKS[rules.variant]
    if rules.players != 2:
        raise RulesError("В рубикон, китайский безик и безик с восемью колодами играют вдвоём "
                         "(R15.1.2). Пример: {\"preset\": \"rubicon\", \"players\": 2}.")
    if rules.packs != packs:
        raise RulesError(f"В эту игру играют {packs} колодами, а не {rules.packs} (R15.1.1). "
                         f"Пример: {{\"preset\": \"{rules.variant}\"}}.")
    if rules.trump_rule != "first_marriage_or_sequence" or rules.deal_pattern not in ("1s", "3s") \
            or rules.game_mode != "rubicon":
        raise RulesError("В этих играх козырь назначает первый марьяж или секвенция, карты сдают "
                         "по одной или по три, партия — одна сдача. Начните с набора правил: "
                         "{\"preset\": \"rubicon\"}.")


def _pack(rules) -> list:
    check_rules(rules)
    return make_pack(rules.packs)


def _brisques(tricks, rules) -> int:
    """Rubicon: 10 per ace or ten won (they count only as 15.10 says); six/eight-pack: none."""
    if rules.brisque_role == "none":
        return 0
    return 10 * sum(1 for t in tricks for c in t if c.is_brisque)


for _name in PACKS:
    register(Variant(
        name=_name, deal_class=MultipackDeal, pack=_pack, melds=MELDS,
        meld_state=MultipackMelds,
        meld_names=MELD_NAME_RU, meld_names_acc=MELD_NAME_ACC_RU,
        trick_points=_brisques, check_rules=check_rules, meld_points=multipack_meld_points,
        declarations=multipack_declarations, shape_problem=shape_problem))

__all__ = ["MultipackDeal", "SettlementSteps", "settle", "settle_steps", "settle_too_many_cards",
           "check_rules", "PACKS"]
