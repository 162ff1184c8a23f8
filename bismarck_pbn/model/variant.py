"""Variants: how long a session is, which contracts it has, and what options change.

Rules only; reading the ``Variant`` tag's text is the reader's job (``values.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

BASES: dict[str, tuple[int, tuple[str, ...], int]] = {
    # base: (regular deals, contracts, times each forehand may play each contract)
    "Standard": (12, ("Spel", "Spader", "Valfri", "Pass"), 1),
    "Grand": (24, ("Spel", "Spader", "Valfri", "Pass"), 2),
    "Short": (8, ("Spel", "Pass"), 2),
    # BPN 1.1: the schedules of these two are not per forehand (games/bismarck_variants.py)
    "Estonian": (8, ("Spel", "Spader", "Valfri", "Pass", "NoHearts", "NoQueen"), 1),
    "Finnish": (12, ("Trump", "Spel", "Pass", "Valfri"), 3),
}
OPTIONS = ("ValfriNT", "NoTrumpValfri", "FixedKitty")


@dataclass(frozen=True, slots=True)
class Variant:
    """A base (``Standard``, ``Grand``, ``Short``) and a set of options."""

    base: str = "Standard"
    options: frozenset[str] = frozenset()

    @property
    def deals(self) -> int:
        """Number of regular deals in a session."""
        return BASES[self.base][0]

    @property
    def contracts(self) -> tuple[str, ...]:
        """Contracts this variant plays."""
        return BASES[self.base][1]

    @property
    def per_contract(self) -> int:
        """How often each forehand may play each contract in the regular deals."""
        return BASES[self.base][2]

    @property
    def exact_schedule(self) -> bool:
        """Whether each forehand must play each contract exactly ``per_contract`` times."""
        return self.base in ("Standard", "Grand")

    def valfri_trumps(self) -> tuple[str, ...]:
        """Trumps Valfri may be played in: suits, NT, or both."""
        if self.base == "Finnish":
            return ("S", "H", "D", "C")
        if "NoTrumpValfri" in self.options:
            return ("NT",)
        if "ValfriNT" in self.options:
            return ("S", "H", "D", "C", "NT")
        return ("S", "H", "D", "C")

    def exchange_mandatory(self, contract: str | None) -> bool:
        """The forehand must exchange in Valfri, and in every contract under FixedKitty
        (and in Finnish); ``contract`` None: not known yet."""
        return contract == "Valfri" or "FixedKitty" in self.options or self.base == "Finnish"

    def __str__(self) -> str:
        # Bismarck's options in their order; another game's after them, by name
        return " ".join([self.base, *sorted(self.options, key=lambda o: (OPTIONS.index(o) if o in OPTIONS
                                                                        else len(OPTIONS), o))])


STANDARD = Variant()
