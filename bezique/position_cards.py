"""Card tokens of a position file turned into physical cards of the rules' pack (formats.md:
a bare token takes the lowest free copy; a copy the pack does not have is refused)."""

from __future__ import annotations

from typing import Any

from .cards import Card, parse_card_face, pick
from .errors import CardParseError, FormatError
from .packs import card_problem, copies_of
from .rules import RuleSet


class Resolver:
    """Turns card tokens into physical cards of the rules' pack. Bare tokens take the lowest
    free copy (formats.md); in histories, a bare token prefers a card of that face you still
    hold. A copy the pack does not have (`QS#3` in a two-pack game) is refused."""

    def __init__(self, rules: RuleSet, path: str | None):
        self.rules, self.path = rules, path
        self.taken: set[Card] = set()

    def physical(self, r: str, s: str, c: int, fld: str) -> Card:
        """The card `r s #c`, if the pack has it."""
        try:
            card = Card(r, s, c)
        except CardParseError as e:                   # a copy number no pack has (XX#17)
            raise FormatError(e.message, self.path, fld) from None
        problem = card_problem(card, self.rules)
        if problem:
            raise FormatError(problem, self.path, fld)
        return card

    def copies(self, r: str, s: str, fld: str) -> list[Card]:
        """Every copy of a face in the pack (FormatError if the pack has none)."""
        found = copies_of(r, s, self.rules)
        if not found:
            self.physical(r, s, 1, fld)          # raises, naming the card
        return found

    def face(self, value: Any, fld: str) -> tuple[str, str, int | None]:
        if not isinstance(value, str):
            raise FormatError(f"ожидалась карта строкой, например \"QS\" или \"Д♠\", а не {value!r}",
                              self.path, fld)
        try:
            return parse_card_face(value)
        except CardParseError as e:
            raise FormatError(e.message, self.path, fld) from None

    def own(self, values: Any, fld: str) -> list[Card]:
        """Distinct physical cards you hold (hand, table)."""
        if not isinstance(values, list):
            raise FormatError("ожидался список карт, например [\"KH\", \"QH\"]", self.path, fld)
        faces = [(i, self.face(v, f"{fld}[{i}]")) for i, v in enumerate(values)]
        out: list[Card | None] = [None] * len(faces)
        for i, (r, s, c) in faces:
            if c is not None:
                card = self.physical(r, s, c, f"{fld}[{i}]")
                if card in self.taken:
                    raise FormatError(f"карта {card.code} названа дважды", self.path, f"{fld}[{i}]")
                self.taken.add(card)
                out[i] = card
        for i, (r, s, c) in faces:
            if c is None:
                out[i] = self._lowest_free(r, s, f"{fld}[{i}]")
        return out  # type: ignore[return-value]

    def one(self, value: Any, fld: str) -> Card:
        """One card you hold or that is on the table (turn-up, lead, follow)."""
        try:
            return self.own([value], fld)[0]
        except FormatError as e:
            raise FormatError(e.detail, self.path, fld) from None

    def _lowest_free(self, r: str, s: str, fld: str) -> Card:
        copies = self.copies(r, s, fld)
        for card in copies:
            if card not in self.taken:
                self.taken.add(card)
                return card
        raise FormatError(f"слишком много карт {r}{s}: в колоде их {len(copies)} "
                          f"({', '.join(c.code for c in copies)})", self.path, fld)

    def history(self, values: Any, fld: str, held: list[Card]) -> list[Card]:
        """Cards of a past declaration: a bare token means a held card of that face if any."""
        if not isinstance(values, list):
            raise FormatError("ожидался список карт", self.path, fld)
        out: list[Card] = []
        for i, v in enumerate(values):
            r, s, c = self.face(v, f"{fld}[{i}]")
            if c is None:
                mine = pick((r, s), held, besides=out)
                if mine:
                    card = mine[0]
                else:
                    card = next((k for k in self.copies(r, s, f"{fld}[{i}]")
                                 if k not in self.taken and k not in out), None)
                    if card is None:
                        raise FormatError(f"слишком много карт {r}{s}", self.path, f"{fld}[{i}]")
            else:
                card = self.physical(r, s, c, f"{fld}[{i}]")
            if card in out:
                raise FormatError(f"карта {card.code} названа в объявлении дважды", self.path, f"{fld}[{i}]")
            out.append(card)
        return out
