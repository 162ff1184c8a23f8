"""The games: one ruleset per game behind one protocol (:mod:`bismarck_pbn.games.base`).

:func:`ruleset` gives the rules of a game and variant; the checker, the views and the
commands ask it instead of assuming Bismarck. The trick play most games share is in
:mod:`bismarck_pbn.games.tricks`.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from functools import lru_cache
from importlib import import_module
from typing import TYPE_CHECKING, Generic, TypeVar

from bismarck_pbn.model.games import GAMES
from bismarck_pbn.games.base import Asks, AuctionResult, Finding, Played, Ruleset, SessionRules, Setup

if TYPE_CHECKING:
    from bismarck_pbn.model.deal import Deal
    from bismarck_pbn.model.variant import Variant

K = TypeVar("K")


class Registry(MutableMapping[K, "type[Ruleset]"], Generic[K]):
    """Ruleset classes by key, each module imported when its class is first asked for:
    a program that reads Bismarck records never loads the other games' rules. Keys are
    listed without importing anything; a class set by hand (a test's, a plug-in's)
    is used as it is. O(1) a look-up after the first."""

    def __init__(self, where: dict[K, str]) -> None:
        self._where: dict[K, str | None] = dict(where)
        """key -> "module:Class" (None for a class set by hand)"""
        self._loaded: dict[K, type[Ruleset]] = {}

    def __getitem__(self, key: K) -> type[Ruleset]:
        cls = self._loaded.get(key)
        if cls is None:
            where = self._where[key]  # KeyError for a key not registered
            if where is None:
                raise KeyError(key)
            module, name = where.split(":")
            cls = self._loaded[key] = getattr(import_module(module), name)
        return cls

    def __setitem__(self, key: K, cls: type[Ruleset]) -> None:
        self._where.setdefault(key, None)
        self._loaded[key] = cls

    def __delitem__(self, key: K) -> None:
        del self._where[key]
        self._loaded.pop(key, None)

    def modules(self) -> set[str]:
        """The modules the registry imports by name (edges of the import graph that no
        import statement shows)."""
        return {where.split(":")[0] for where in self._where.values() if where is not None}

    def __iter__(self) -> Iterator[K]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


RULESETS: Registry[str] = Registry({
    "Bismarck": "bismarck_pbn.games.bismarck:Bismarck",
    "GermanWhist": "bismarck_pbn.games.german:GermanWhist",
    "Whist": "bismarck_pbn.games.whist:Whist",
    "Whisk": "bismarck_pbn.games.whist:Whisk",
    "RuffAndHonours": "bismarck_pbn.games.ruff:RuffAndHonours",
    "IsraeliWhist": "bismarck_pbn.games.israeli:IsraeliWhist",
    "SwedishWhist": "bismarck_pbn.games.swedish:SwedishWhist",
    "SoloWhist": "bismarck_pbn.games.solo:SoloWhist",
    "BidWhist": "bismarck_pbn.games.bidwhist:BidWhist",
    "TurnoverBridge": "bismarck_pbn.games.turnover:TurnoverBridge",
})
"""Every game's ruleset class, by the game's canonical name ("module:Class", loaded on
first use: :class:`Registry`)."""

VARIANTS: Registry[tuple[str, str]] = Registry({
    ("Bismarck", "Estonian"): "bismarck_pbn.games.bismarck_variants:Estonian",
    ("Bismarck", "Finnish"): "bismarck_pbn.games.bismarck_variants:Finnish",
})
"""Variant bases played by rules of their own, by (game, base)."""

__all__ = ["RULESETS", "VARIANTS", "Registry", "Asks", "AuctionResult", "Finding", "Played", "Ruleset", "SessionRules", "Setup", "ruleset", "ruleset_of"]


@lru_cache(maxsize=256)
def ruleset(game: str | None = None, variant: Variant | None = None) -> Ruleset:
    """The rules of ``game`` (Bismarck when None or unknown) under ``variant``. Cached:
    rulesets hold no state of their own (but the last deal's auction as read,
    :meth:`Ruleset.auction_of`, kept by the deal's identity)."""
    name = game or "Bismarck"
    cls = RULESETS.get(name) or RULESETS["Bismarck"]
    if variant is not None and variant.base not in GAMES[cls.name].bases:
        variant = None  # a Bismarck variant carried into another game: that game's default
    if variant is not None:
        cls = VARIANTS.get((cls.name, variant.base), cls)
    return cls(variant)


def ruleset_of(deal: Deal) -> Ruleset:
    """The rules a deal is played by (its Game and Variant, inherited ones included)."""
    return ruleset(deal.game, deal.variant)
