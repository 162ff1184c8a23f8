"""The values a ruleset answers with: findings, the auction's result, what ``bpn record``
asks, the setup a deal's play is replayed with, a deal as the session hooks see it.

Plain immutable tuples, so the checker, the views and the commands can use them without
knowing any game (:mod:`bismarck_pbn.games.base` holds the protocol that returns them).
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import Any, NamedTuple

from bismarck_pbn.games.tricks import TrickRules

Hand = tuple[str, ...]

Basis = tuple[Any, ...]
"""What a session scores a deal from where the standing before it decides (Whist's
honours, Swedish Whist's exits): a small picklable tuple whose shape is the game's own."""


class Finding(NamedTuple):
    """A fault a ruleset found in a deal: a code, a message, and where it belongs: the
    name of a tag (``"Trump"``), a call of the auction (``call``, its index from 0,
    which wins over ``at``), or None for the deal as a whole."""

    code: str
    message: str
    at: str | None = None
    severity: str | None = None
    call: int | None = None


class AuctionResult(NamedTuple):
    """What a deal's auction says, judged call by call (:meth:`Ruleset.check_auction`).

    A call that is not allowed where it stands is one finding (BPN801 at the call) and
    counts as ``Pass`` for the rest of the auction, so one fault gives one diagnostic."""

    findings: list[Finding]
    contract: str | None
    """The contract the auction ends in (``"None"`` for a deal thrown in); None when the
    auction does not reach its end."""
    declarer: int | None
    """The seat that won the auction; None when nobody did."""
    trump: str | None
    """The trump (S, H, D, C or NT) the contract plays in, when the auction settles it."""
    complete: bool = True
    """Whether the auction reached its end (else the tags are taken as given)."""
    partner: int | None = None
    """The declarer's partner chosen in the auction (Solo Whist's ``Accept``)."""
    restarts: int = 0
    """How many times the auction began again (Israeli Whist's Frisches)."""
    to_call: int | None = None
    """The seat whose call comes next, while the auction has not ended."""


class Asks(NamedTuple):
    """What ``bpn record`` asks of a deal of a game before its play, beyond the
    rotating seat and the hands (:meth:`Ruleset.asks`)."""

    contract: bool = False
    """A Contract, in the game's words."""
    turned: bool = False
    """The card turned up for trump (``Turned``)."""
    stock_in_order: bool = False
    """The kitty or stock is typed card by card, top first (its order decides draws)."""
    discard: int = 0
    """Cards the exchanging seat puts away (0: the game has no exchange)."""
    declarer: bool = False
    """The seat that holds the contract or makes the exchange (``Declarer``)."""
    bids: bool = False
    """Each seat's contract bid after the auction (Israeli Whist's ``Bids``)."""
    passed: int = 0
    """Cards each seat passes to its left when the auction begins again (Israeli
    Whist's Frisch, ``Frisch1``..``3``); 0: the game has no such passing."""
    layouts: bool = False
    """Each seat's layout of piles (Turnover Bridge's ``Layout1``, ``Layout2``)."""


class Setup(NamedTuple):
    """What a deal's play is replayed with, once the tags before it are checked."""

    trump: str | None
    """The trump as named or implied (S, H, D, C, NT), None when unknown."""
    rules: TrickRules | None
    """How the tricks are played; None when the trump is unknown (only trick 1 can be placed)."""
    hands: list[Hand | None]
    """The hands as dealt, by seat − 1; None where unknown or not to be trusted."""
    kitty: Hand | None
    discard: Hand | None
    exchange: bool | None
    play_hands: list[set[str] | None]
    """Each seat's cards when play starts (after any exchange), None where unknown."""
    exact: list[bool]
    """Whether ``play_hands[s-1]`` is exactly seat s's cards (else a superset)."""
    excluded: list[AbstractSet[str]]
    """Cards each seat surely does not hold (consulted where its hand is unknown)."""
    leader: int | None
    """The seat that leads trick 1 by the rules (None when it cannot be known)."""


def seat_list(seats: Sequence[int | str]) -> str:
    """``1``, ``1 and 3``, ``1, 2 and 3`` (seats; cards read the same way)."""
    names = [str(s) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class Played(NamedTuple):
    """A deal of a session as the session hooks see it: board, the seat in the rotating
    place (None when not recorded), contract."""

    board: int
    seat: int | None
    contract: str | None
