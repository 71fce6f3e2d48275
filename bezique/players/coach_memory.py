"""What the coach has already said: the hint given for each decision, remembered so that the
coach never contradicts itself.

A decision is identified by what the seat knew when it was asked (`decision_key`: the seat's
`PlayerView`, with the legal actions as a set, since their order depends on the order of the
cards in the hand, not on the position). The same decision reached again — the learner asks
twice, undoes a move and comes back, or the after-deal review replays the deal from its start
— finds the evaluation made the first time instead of a second, differently noisy one.

`Memory` is a small thread-safe LRU map (the practice table reviews a deal in a background
thread while the learner may ask for hints); `MEMORY` is the coach's default one.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict

from .determinize import action_key

MEMORY_SIZE = 4096


def decision_key(view) -> tuple:
    """A hashable identity of the decision a seat faces, from its view only. Two views that
    differ only in the order of their legal actions are the same decision."""
    return (dataclasses.replace(view, legal_actions=()),
            frozenset(action_key(a) for a in view.legal_actions))


class Memory:
    """decision key -> the coach's evaluation of it (here: the `Hint` given), least recently
    used forgotten first once `size` decisions are remembered."""

    def __init__(self, size: int = MEMORY_SIZE):
        self.size = size
        self._items: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def get(self, view):
        key = decision_key(view)
        with self._lock:
            hit = self._items.get(key)
            if hit is not None:
                self._items.move_to_end(key)
            return hit

    def put(self, view, value) -> None:
        key = decision_key(view)
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


MEMORY = Memory()
