"""The games: one ruleset per game behind one protocol (:mod:`bismarck_pbn.games.base`).

:func:`ruleset` gives the rules of a game and variant; the checker, the views and the
commands ask it instead of assuming Bismarck. The trick play most games share is in
:mod:`bismarck_pbn.games.tricks`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from bismarck_pbn.model.games import GAMES
from bismarck_pbn.games.base import Asks, AuctionResult, Finding, Played, Ruleset, SessionRules, Setup
from bismarck_pbn.games.bismarck import Bismarck
from bismarck_pbn.games.bismarck_variants import Estonian, Finnish
from bismarck_pbn.games.german import GermanWhist
from bismarck_pbn.games.ruff import RuffAndHonours
from bismarck_pbn.games.whist import Whisk, Whist
from bismarck_pbn.games.israeli import IsraeliWhist
from bismarck_pbn.games.swedish import SwedishWhist

if TYPE_CHECKING:
    from bismarck_pbn.model.deal import Deal
    from bismarck_pbn.model.variant import Variant

RULESETS: dict[str, type[Ruleset]] = {cls.name: cls for cls in (
    Bismarck, GermanWhist,
    Whist, Whisk, RuffAndHonours,
    IsraeliWhist, SwedishWhist,
)}
"""Every game's ruleset class, by the game's canonical name."""

VARIANTS: dict[tuple[str, str], type[Ruleset]] = {("Bismarck", "Estonian"): Estonian,
                                                  ("Bismarck", "Finnish"): Finnish}
"""Variant bases played by rules of their own, by (game, base)."""

__all__ = ["RULESETS", "Asks", "AuctionResult", "Finding", "Played", "Ruleset", "SessionRules", "Setup", "ruleset", "ruleset_of"]


@lru_cache(maxsize=256)
def ruleset(game: str | None = None, variant: Variant | None = None) -> Ruleset:
    """The rules of ``game`` (Bismarck when None or unknown) under ``variant``. Cached:
    rulesets hold no state of their own."""
    name = game or "Bismarck"
    cls = RULESETS.get(name, Bismarck)
    if variant is not None and variant.base not in GAMES[cls.name].bases:
        variant = None  # a Bismarck variant carried into another game: that game's default
    if variant is not None:
        cls = VARIANTS.get((cls.name, variant.base), cls)
    return cls(variant)


def ruleset_of(deal: Deal) -> Ruleset:
    """The rules a deal is played by (its Game and Variant, inherited ones included)."""
    return ruleset(deal.game, deal.variant)
