"""What the auction games share: the seat that calls first, and a ladder of calls where
each must be higher than the last and three passes after a call end the auction.

Israeli Whist and Swedish Whist judge their auctions with :class:`Ladder`; the
rules of each game give it the rank of a call and say what four opening passes do.
Nothing here knows of text: calls arrive as the reader's canonical words.

An auction being made (``bpn record`` asks for it call by call) is judged by the same
:meth:`~bismarck_pbn.games.base.Ruleset.check_auction` as a finished one: :func:`refusal`
says why a call may not come next, :func:`legal_calls` lists those that may, and
:func:`judge` tells whether the auction has ended and in what. One truth for the
validator and the recorder.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from bismarck_pbn.games.base import AuctionResult, Finding
from bismarck_pbn.model.deal import Auction, Call, Tag

if TYPE_CHECKING:
    from bismarck_pbn.games.base import Ruleset
    from bismarck_pbn.model.deal import Deal

PASS = "Pass"


def first_caller(rules: Ruleset, deal: Deal, out: list[Finding]) -> int:
    """The seat that calls first: the dealer's left. An Auction tag that names another
    seat is BPN801 at the tag, and the calls are read from the right seat."""
    auction = deal.auction
    want = rules.left_of(deal.dealer) if deal.dealer is not None else None
    written = auction.first if auction is not None else None
    if want is not None and written is not None and written != want:
        out.append(Finding("BPN801", f"seat {written} calls first, but the seat to the dealer's left "
                           f"(seat {want}) calls first", "Auction"))
    return want or written or 1


class Ladder:
    """One round of calls from ``first``: each non-pass call must rank higher than the
    highest so far (``rank`` gives a call's rank, or None for a word that is no call of
    the game); three passes after a call end the round, and so do four passes with no
    call. A call that is not allowed is one BPN801 and counts as a pass.

    Feed the calls with :meth:`call`; :attr:`over` says when the round has ended,
    :attr:`high` is (rank, seat, call) of the highest call or None. O(1) a call."""

    def __init__(self, seats: int, first: int, rank: Callable[[str], int | None], words: str,
                 out: list[Finding], minimum: int = 0) -> None:
        self.seats = seats
        self.seat = first
        self.rank = rank
        self.words = words
        self.out = out
        self.minimum = minimum
        self.passes = 0
        self.high: tuple[int, int, str] | None = None
        self.over = False

    def call(self, index: int, word: str) -> None:
        """Judge the call at ``index`` (from 0) made by the seat whose turn it is."""
        seat = self.seat
        self.seat = seat % self.seats + 1
        if word != PASS:
            rank = self.rank(word)
            if rank is None:
                self._wrong(index, f"{word} is not a call of this game ({self.words}); it counts as Pass")
                return
            if rank < self.minimum:
                self._wrong(index, f"{word} is below the lowest bid allowed here; it counts as Pass")
                return
            if self.high is not None and rank <= self.high[0]:
                self._wrong(index, f"seat {seat} calls {word}, which is not higher than {self.high[2]} "
                            f"(seat {self.high[1]}); it counts as Pass")
                return
            self.high = (rank, seat, word)
            self.passes = 0
            return
        self._pass()

    def refuse(self, index: int, message: str) -> None:
        """The call at ``index`` is one the seat to call may not make (a rule of the
        game's own): one BPN801 with ``message``, and it counts as a pass."""
        self.seat = self.seat % self.seats + 1
        self._wrong(index, message)

    def _wrong(self, index: int, message: str) -> None:
        self.out.append(Finding("BPN801", message, call=index))
        self._pass()

    def _pass(self) -> None:
        self.passes += 1
        if self.passes == (self.seats - 1 if self.high is not None else self.seats):
            self.over = True


def after_the_end(out: list[Finding], index: int, word: str, ended: int) -> None:
    """BPN801 for a call after the auction ended (at call ``ended``, from 0)."""
    out.append(Finding("BPN801", f"{word} comes after the end of the auction (it ended with call "
                       f"{ended + 1})", call=index))


# ---- an auction in the making ------------------------------------------------------------

def with_calls(rules: Ruleset, deal: Deal, calls: Sequence[str]) -> Deal:
    """``deal`` with its auction section made of ``calls``, begun by the seat the rules
    say (the dealer's left)."""
    first = rules.left_of(deal.dealer) if deal.dealer is not None else 1
    auction = Auction(Tag("Auction", str(first)), first, tuple(Call(c) for c in calls))
    return dataclasses.replace(deal, auction=auction)


def judge(rules: Ruleset, deal: Deal, calls: Sequence[str]) -> AuctionResult:
    """What the auction ``calls`` says so far (:attr:`AuctionResult.complete` once it has
    ended). O(calls)."""
    result = rules.check_auction(with_calls(rules, deal, calls))
    assert result is not None
    return result


def refusal(rules: Ruleset, deal: Deal, calls: Sequence[str], word: str) -> Finding | None:
    """Why ``word`` may not follow ``calls`` (the validator's BPN801, as it would report
    the call in a file), or None when it may. O(calls)."""
    result = judge(rules, deal, [*calls, word])
    return next((f for f in result.findings if f.call == len(calls)), None)


def legal_calls(rules: Ruleset, deal: Deal, calls: Sequence[str]) -> list[str]:
    """The calls that may follow ``calls``, in the order of :attr:`Ruleset.calls` (Pass
    first, then low to high); empty once the auction has ended. O(words × calls)."""
    if judge(rules, deal, calls).complete:
        return []
    return [word for word in rules.calls if refusal(rules, deal, calls, word) is None]
