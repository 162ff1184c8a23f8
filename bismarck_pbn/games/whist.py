"""Whist and Whisk: four seats in two partnerships, trump turned, Short Whist scoring.

The dealer's last card is turned (``Turned``, part of the dealer's hand in ``Deal``)
and its suit is trump; the seat to the dealer's left leads. Each side scores a point
per trick over six (its *book*), and honours: the side that held A K Q J of trumps
between them scores 4, three of them 2. A game is 5 points (10 under ``Long``); a side
standing one short of the target scores no honours, and trick points score before
honours, so a side's tricks that take it to the target void the other side's honours.
The deal that ends a game reports its winner (BPN707) and the next deal starts from 0.

Because honours depend on the standing before the deal, a deal in a session is scored
by the session (:meth:`Whist.score_basis`, :class:`WhistSession`); a deal on its own is
scored as a game's first deal. Whisk is Whist with 48 cards (no 2s), twelve each.

>>> Whist().points((3, 0), (0, 4), (0, 0))
(3, 4)
>>> Whist().points((3, 0), (0, 4), (2, 3))
(3, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bismarck_pbn.games.base import Asks, Basis, Finding, Hand, Ruleset, SessionRules, Setup
from bismarck_pbn.games.tricks import SUIT_NAMES
from bismarck_pbn.model.cards import DECK

if TYPE_CHECKING:
    from bismarck_pbn.model.deal import Deal

HONOURS = "AKQJ"
HONOUR_POINTS = {3: 2, 4: 4}
"""Points for honours held by one side: three of A K Q J of trumps 2, all four 4."""

Counts = tuple[int, int]


def honours_held(trump: str, hands: Sequence[set[str] | Hand | None], exact: Sequence[bool] = (True,) * 4,
                 gone: set[str] | frozenset[str] = frozenset()) -> Counts | None:
    """The honour points of each side (1–3, 2–4) for ``hands`` by seat − 1; ``gone``
    are cards out of play (held by nobody). None when an honour cannot be placed: it is
    in a hand known only as a superset, or outside every known hand with more than one
    hand unknown. O(4·seats)."""
    unknown = [i for i, h in enumerate(hands) if h is None]
    held = [0, 0]
    for rank in HONOURS:
        card = trump + rank
        if card in gone:
            continue
        owner = None
        for i, hand in enumerate(hands):
            if hand is not None and card in hand:
                if not exact[i]:
                    return None  # it may have been discarded
                owner = i
                break
        if owner is None:
            if len(unknown) != 1 or not all(exact):
                return None
            owner = unknown[0]
        held[owner % 2] += 1
    return HONOUR_POINTS.get(held[0], 0), HONOUR_POINTS.get(held[1], 0)


def side_text(side: int) -> str:
    return f"side {side + 1} (seats {side + 1} and {side + 3})"


class Whist(Ruleset):
    """Whist (BPN 1.1 §2), options ``Long`` (game 10) and ``NoHonours``."""

    name = "Whist"
    seats = 4
    hand_size = 13
    tricks = 13
    turns = "dealer"
    book = 6
    """Tricks a side must take before it scores: the book."""

    def asks(self) -> Asks:
        """The turned card (the dealer's last); no contract, no exchange."""
        return Asks(turned=True)

    # ---- the game

    @property
    def target(self) -> int:
        """Points that win a game: 5, or 10 under Long."""
        return 10 if "Long" in self.variant.options else 5

    @property
    def honours_count(self) -> bool:
        return "NoHonours" not in self.variant.options

    def points(self, trick_points: Counts, honours: Counts, standing: Sequence[int]) -> Counts:
        """The deal's score per side from its trick points, the honours held and the
        standing before the deal. Honours count unless the side stood one short of the
        target, or the other side's trick points took it to the target (tricks score
        first). Points past the target are kept."""
        target = self.target
        by_tricks = any(s + t >= target for s, t in zip(standing, trick_points))
        out = list(trick_points)
        for i in (0, 1):
            if not honours[i] or standing[i] >= target - 1:
                continue
            if by_tricks and standing[i] + trick_points[i] < target:
                continue  # the other side went out on tricks before honours were counted
            out[i] += honours[i]
        return out[0], out[1]

    # ---- before play

    def required(self, deal: Deal) -> list[Finding]:
        out = super().required(deal)
        if deal.tag("Turned") is None and deal.tag("Trump") is None:
            out.append(Finding("BPN101", f"the [Turned] tag is missing; in {self.name} the turned card "
                               "shows the trump"))
        return out

    def setup(self, deal: Deal, out: list[Finding]) -> Setup:
        setup = super().setup(deal, out)
        return self.exclude_off_deck(setup)

    def exclude_off_deck(self, setup: Setup) -> Setup:
        """Cards outside the game's deck (Whisk's 2s) are held by no seat: a seat whose
        hand is unknown that plays one is caught."""
        if len(self.deck) == len(DECK):
            return setup
        off = set(DECK) - self.deck_set
        return setup._replace(excluded=[e | off for e in setup.excluded])

    def turned_place(self, deal: Deal, hands: list[Hand | None], kitty: Hand | None) -> str | None:
        """Why the turned card is not where the game puts it (the dealer's hand), or None."""
        turned, dealer = deal.turned, deal.dealer
        if dealer is not None and hands[dealer - 1] is not None:
            if turned in hands[dealer - 1]:  # type: ignore[operator]
                return None
            return f"the turned card {turned} is not in the dealer's hand (seat {dealer}){self._where(turned, hands)}"
        other = self._owner(turned, hands)
        if other is not None and other != dealer:
            return f"the turned card {turned} was dealt to seat {other}, not to the dealer"
        return None

    @staticmethod
    def _owner(card: str | None, hands: Sequence[Hand | None]) -> int | None:
        return next((s for s, h in enumerate(hands, 1) if h is not None and card in h), None)

    def _where(self, card: str | None, hands: Sequence[Hand | None]) -> str:
        owner = self._owner(card, hands)
        return f": it was dealt to seat {owner}" if owner is not None else ""

    def find_trump(self, deal: Deal, hands: list[Hand | None], kitty: Hand | None,
                   out: list[Finding]) -> str | None:
        """The turned card's suit (BPN205 where the card or the Trump tag disagree).
        A turned card out of place gives way to a Trump tag; otherwise the card rules."""
        turned, trump = deal.turned, deal.trump
        if turned is None:
            return trump
        if turned not in self.deck_set:
            if not any(h is not None and turned in h for h in self.dealt_hands(deal)):
                out.append(Finding("BPN204", f"the turned card {turned} is not in the deck of {self.name}",
                                   "Turned"))
            return trump
        suit = turned[0]
        misplaced = self.turned_place(deal, hands, kitty)
        if misplaced is not None:
            if trump is not None and trump != suit:
                misplaced += f", and the [Trump] tag says {trump}"
            out.append(Finding("BPN205", misplaced, "Turned"))
            return trump if trump is not None else suit
        if trump is not None and trump != suit:
            out.append(Finding("BPN205", f"the turned card {turned} makes {SUIT_NAMES[suit]} trump, but the "
                               f"[Trump] tag says {trump}", "Turned"))
        return suit

    def implied_trump(self, deal: Deal) -> str | None:
        return deal.turned[0] if deal.turned is not None and deal.turned in self.deck_set else None

    # ---- the result

    def honours(self, deal: Deal) -> Counts | None:
        """The honour points each side held as dealt (None when unknown)."""
        if not self.honours_count:
            return (0, 0)
        setup = self.setup(deal, [])
        if setup.trump in (None, "NT"):
            return None
        return honours_held(setup.trump, setup.hands)

    def trick_points(self, tricks: Sequence[int]) -> Counts:
        """A point per trick over the book, per side (tricks by seat or by side)."""
        by_side = tricks if len(tricks) == 2 else self.per_side(tricks)
        return max(0, by_side[0] - self.book), max(0, by_side[1] - self.book)

    def _parts(self, deal: Deal, tricks: Sequence[int]) -> tuple[Counts, Counts] | None:
        honours = self.honours(deal)
        return None if honours is None else (self.trick_points(tricks), honours)

    def score(self, deal: Deal, tricks: Sequence[int],
              taken: Sequence[Sequence[str]] | None = None) -> tuple[int, ...] | None:
        """Trick points and honours per side. None where the standing decides (honours
        held in a deal of a session: the session scores it) or honours are unknown."""
        parts = self._parts(deal, tricks)
        if parts is None or (deal.board is not None and any(parts[1])):
            return None
        return self.points(*parts, (0, 0))

    def score_basis(self, deal: Deal, tricks: Sequence[int]) -> Basis | None:
        parts = self._parts(deal, tricks)
        return parts if parts is not None and deal.board is not None and any(parts[1]) else None

    def score_explained(self, deal: Deal, tricks: Sequence[int]) -> str:
        tp = self.trick_points(tricks)
        by_side = tricks if len(tricks) == 2 else self.per_side(tricks)
        text = f"for {by_side[0]}/{by_side[1]} tricks by sides 1/2 ({tp[0]}/{tp[1]} over the book)"
        honours = self.honours(deal) if deal.board is None else None
        if honours and any(honours):
            side = 0 if honours[0] else 1
            text += f" and honours {honours[side]} to side {side + 1}"
        return text

    def session_rules(self) -> SessionRules:
        return WhistSession(self)


WHISK_DECK = tuple(c for c in DECK if c[1] != "2")


class Whisk(Whist):
    """Whisk: Whist with 48 cards (no 2s), twelve each, twelve tricks."""

    name = "Whisk"
    deck = WHISK_DECK
    hand_size = 12
    tricks = 12


class WhistSession(SessionRules):
    """Scores the deals whose honours depend on the standing, reports each game's end
    (BPN707) and starts the totals again from 0 after it."""

    ruleset: Whist

    def start(self) -> None:
        self.standing: tuple[int, ...] | None = (0, 0)

    def rescore(self, deal: Deal, score: tuple[int, ...] | None,
                basis: Basis) -> tuple[tuple[int, ...] | None, list[Finding]]:
        if self.standing is None:
            return score, []
        trick_points, honours = basis
        right = self.ruleset.points(trick_points, honours, self.standing)
        if score is None or tuple(score) == right:
            return right, []
        return right, [Finding("BPN602", f"the score is {_signed(right)}, not {_signed(score)}: "
                               f"{self.why(trick_points, honours, right)}", "Score")]

    def why(self, trick_points: Counts, honours: Counts, right: Counts) -> str:
        """The scoring of one deal in words, for BPN602."""
        target = self.ruleset.target
        standing = self.standing or (0, 0)
        parts = [f"{trick_points[0]}/{trick_points[1]} over the book"]
        for i in (0, 1):
            if not honours[i]:
                continue
            if right[i] > trick_points[i]:
                parts.append(f"honours {honours[i]} to side {i + 1}")
            elif standing[i] >= target - 1:
                parts.append(f"side {i + 1} held honours but stood at {standing[i]}, where honours do not count")
            else:
                parts.append(f"side {i + 1}'s honours do not count: side {2 - i} reached {target} on tricks")
        return "; ".join(parts) + f" (standing {standing[0]}-{standing[1]} before the deal)"

    def after(self, deal: Deal, totals: tuple[int, ...] | None) -> tuple[list[Finding], bool]:
        target = self.ruleset.target
        if totals is None or len(totals) != 2:
            self.standing = None
            return [], False
        if max(totals) < target:
            self.standing = tuple(totals)
            return [], False
        self.standing = (0, 0)
        side = 0 if totals[0] >= totals[1] else 1
        return [Finding("BPN707", f"{side_text(side)} wins the game {totals[side]} to {totals[1 - side]}; "
                        "the next deal starts a new game from 0", "Total")], True


def _signed(values: Sequence[int]) -> str:
    return " ".join(f"+{v}" if v > 0 else str(v) for v in values)
