"""The search simulator (issue 31): one two-handed deal as a compact state of small ints and
bit masks, with its own legal actions, `apply` and fast playouts, for searches that need many
more playouts than `bezique.deal.Deal` gives in the same time.

`Deal` stays the authority: `bridge.from_deal` copies a deal's state into a `Sim`, and the
differential tests keep the two equal action by action (tests/players/test_sim*.py). The
simulator plays two-handed bezique — the canonical game, every seed preset and no-trump
bezique — and refuses other rules (`supports`, `refusal`): three and four seats, many-pack,
penalties, `require_card_from_hand`, `seven_counts_as_declaration=false`.

`amateur.amateur_action` / `amateur_playout`: the Любитель's policy (`heuristic.py`) on a `Sim`,
decision for decision equal to the engine's (tests/players/test_sim_amateur.py).
"""

from .amateur import amateur_action, amateur_playout
from .bridge import (SimTemplate, differences, encode_engine, encode_sim, find, from_deal,
                     refusal, supports, to_engine)
from .state import ANNOUNCE, PASS, Sim

__all__ = ["Sim", "SimTemplate", "supports", "refusal", "from_deal", "to_engine", "find",
           "encode_engine", "encode_sim", "differences", "PASS", "ANNOUNCE", "amateur_action",
           "amateur_playout"]
