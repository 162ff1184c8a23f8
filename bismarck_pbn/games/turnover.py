"""Turnover Bridge: two seats, each with a hand and a layout of piles on the table.

The rules of BPN 1.2 §1 behind the ruleset protocol (rulings in
``docs/games/turnover-bridge.md``). Each seat has a hand (8 cards; 2 under ``Pagat``)
and a layout of piles (9; 12 under ``Pagat``), each pile a face-up card on a face-down
one. A seat plays from its hand or a face-up card of its layout; when a face-up card is
played, the card beneath is turned up and may be played from the next trick on. The
turning is :class:`TurnoverTricks`' ``after_trick``: the replay, the positions and the
recorder see the seat's playable cards grow as the piles are uncovered.

Spades are always trumps. The non-dealer leads. The deal ends as soon as a seat has won
14 tricks: that seat wins the deal (``Score "1 0"`` or ``"0 1"``); 13 each is a draw.

>>> turnover_score((14, 9))
(1, 0)
>>> turnover_score((13, 13))
(0, 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bismarck_pbn.games.base import Asks, Finding, Hand, Ruleset, Setup, seat_list
from bismarck_pbn.games.tricks import TrickRules
from bismarck_pbn.model.cards import DECK, sort_cards

if TYPE_CHECKING:
    from bismarck_pbn.games.tricks import DealState
    from bismarck_pbn.model.deal import Deal
    from bismarck_pbn.model.pieces import Pile

__all__ = ["TO_WIN", "TURNOVER_DECLINED", "TurnoverBridge", "TurnoverTricks", "pile_states", "turnover_score"]

TO_WIN = 14
"""Tricks that win the deal (more than half of 26)."""

TURNOVER_DECLINED = ("Turnover Bridge is not analysed: its face-down cards are unknown to both players while "
                     "the play goes on, so a double-dummy value would mislead")
"""Why ``bpn analyse`` (and the double-dummy views) decline the game (BPN 1.2 §1)."""


def turnover_score(tricks: Sequence[int]) -> tuple[int, int]:
    """The deal won: ``(1, 0)`` or ``(0, 1)`` to the seat with 14 tricks or more, ``(0, 0)``
    for 13 each."""
    a, b = tricks
    if a == b:
        return 0, 0
    return (1, 0) if a > b else (0, 1)


Layouts = tuple[tuple["Pile", ...], tuple["Pile", ...]]

PileState = tuple[str, "str | None", "str | None"]
"""How a pile lies: ``("up", UP, DOWN)`` the face-up card on the face-down one (DOWN None
when not recorded), ``("turned", DOWN, None)`` the card beneath turned up (None: a card
not recorded, drawn face down), ``("gone", None, None)`` both played."""


def pile_states(piles: Sequence[Pile], played: set[str], unknown_played: int = 0) -> tuple[PileState, ...]:
    """Each pile of a layout once the cards ``played`` are gone; ``unknown_played`` of
    the seat's cards came from beneath piles written ``-`` (the first such piles
    uncovered are taken as theirs). O(piles)."""
    out: list[PileState] = []
    for up, down in piles:
        if up not in played:
            out.append(("up", up, down))
        elif down is None:
            if unknown_played:
                unknown_played -= 1
                out.append(("gone", None, None))
            else:
                out.append(("turned", None, None))
        else:
            out.append(("gone", None, None) if down in played else ("turned", down, None))
    return tuple(out)


@dataclass(frozen=True)
class TurnoverTricks(TrickRules):
    """Tricks for two seats with spades trumps, each seat's face-down cards turned up
    as the cards on them are played, and an end at 14 tricks won.

    ``layouts`` are the two seats' piles; ``unknown`` the cards that may lie beneath a
    pile written ``-`` (the deck less every card the record places). A seat that has
    uncovered k such piles may play k of those cards (which ones the record shows).
    What turning up changed is kept in ``state.extra["turned"]``, one entry a trick,
    so that :meth:`undo_after_trick` puts it back."""

    seats: int = 2
    tricks: int = 26
    trump: str | None = "S"
    layouts: Layouts = ((), ())
    unknown: frozenset[str] = frozenset()
    known: bool = True
    """Whether the cards are known; when not (no layouts, or faulty ones), a seat may
    have had any card uncovered, so no revoke can be told."""

    def revoke(self, card: str, trick: Sequence[tuple[int, str]], held: Iterable[str]) -> str | None:
        return super().revoke(card, trick, held) if self.known else None

    @property
    def arriving(self) -> frozenset[str]:
        downs = {down for piles in self.layouts for _, down in piles if down is not None}
        return frozenset(downs) | self.unknown

    def beneath(self, seat: int, card: str) -> tuple[bool, str | None]:
        """Whether ``card`` is a face-up card of ``seat``'s layout, and the card under it."""
        for up, down in self.layouts[seat - 1]:
            if up == card:
                return True, down
        return False, None

    def pile_above(self, seat: int, card: str) -> str | None:
        """The face-up card on ``card`` in ``seat``'s layout (None: not beneath a pile)."""
        for up, down in self.layouts[seat - 1]:
            if down == card:
                return up
        return None

    def after_trick(self, state: DealState, winner: int) -> None:
        extra = state.extra
        log = extra.setdefault("turned", [])
        allow = extra.setdefault("allow", [0, 0])
        used = extra.setdefault("used", [0, 0])
        saved = (tuple(None if h is None else frozenset(h) for h in state.hands),
                 tuple(frozenset(f) for f in state.follow),
                 tuple(f is h for f, h in zip(state.follow, state.hands)),
                 tuple(state.excluded), tuple(allow), tuple(used), state.tricks)
        log.append(saved)
        for seat, card in state.last_trick:
            i = seat - 1
            hand = state.hands[i]
            if card in self.unknown:
                used[i] += 1
            up, down = self.beneath(seat, card)
            if not up:
                continue
            if down is None:
                allow[i] += 1
                if hand is not None:
                    if state.follow[i] is hand:  # the follow-suit set stays the cards surely held
                        state.follow[i] = set(hand)
                    hand.update(self.unknown - state.played)
            elif down not in state.played or down in state.bogus:  # (bogus: played by a seat without it)
                if hand is not None:
                    hand.add(down)
                state.follow[i].add(down)
                if down in state.excluded[i]:
                    state.excluded[i] = state.excluded[i] - {down}
        for i in range(2):
            hand = state.hands[i]
            if hand is not None and used[i] >= allow[i] and self.unknown:
                hand.difference_update(self.unknown)
        if max(state.won) >= TO_WIN:
            state.tricks = len(state.winners)

    def undo_after_trick(self, state: DealState, winner: int) -> None:
        log = state.extra.get("turned")
        if not log:
            return
        hands, follow, same, excluded, allow, used, tricks = log.pop()
        for i in range(2):
            hand = state.hands[i]
            if hand is not None and hands[i] is not None:
                hand.clear()
                hand.update(hands[i])
            if same[i] and hand is not None:
                state.follow[i] = hand
            else:
                state.follow[i] = set(follow[i])
        state.excluded = list(excluded)
        state.extra["allow"] = list(allow)
        state.extra["used"] = list(used)
        state.tricks = tricks

    def absent(self, state: DealState, seat: int, card: str) -> str:
        up = self.pile_above(seat, card)
        if up is not None:
            return ("face_down_now:" if any(c == up for _, c in state.trick) else "face_down:") + up
        if card in self.unknown and any(down is None and u not in state.played
                                        for u, down in self.layouts[seat - 1]):
            return "face_down:-"
        return "absent"


class TurnoverBridge(Ruleset):
    """Turnover Bridge (BPN 1.2 §1): option ``Pagat`` (12 piles and 2 cards in hand)."""

    name = "TurnoverBridge"
    seats = 2
    hand_size = 8
    kitty_size = 0
    tricks = 26
    own_tags = frozenset(("Layout1", "Layout2"))
    fixed_trump = "S"

    @property
    def pagat(self) -> bool:
        return "Pagat" in self.variant.options

    @property
    def piles(self) -> int:
        """Piles in a seat's layout: 9 (an upper row of 5, a lower row of 4), or 12 under Pagat."""
        return 12 if self.pagat else 9

    @property
    def rows(self) -> tuple[int, ...]:
        """The piles of each row of a layout, upper row first (as the views draw them)."""
        return (6, 6) if self.pagat else (5, 4)

    def sizes(self) -> tuple[int, int]:
        return (2 if self.pagat else 8), 0

    def leader_rule(self) -> str:
        return "the non-dealer leads"

    def opening_leader(self, deal: Deal) -> int | None:
        return 3 - deal.dealer if deal.dealer is not None else None

    def asks(self) -> Asks:
        """Both layouts, pile by pile, after the hands."""
        return Asks(layouts=True)

    # ---- dealing (bpn deal)

    def dealt_cards(self, cards: Sequence[str], dealer: int) -> list[list[str]]:
        """Each seat's 26 cards in the order they are dealt: one at a time, the non-dealer
        first, so a seat's k-th card is card 2k (non-dealer) or 2k + 1 (dealer) of the pack."""
        first = 3 - dealer
        out: list[list[str]] = [[], []]
        for i, card in enumerate(cards[:52]):
            out[(first - 1 + i) % 2].append(card)
        return out

    def deal_cards(self, cards: Sequence[str], dealer: int) -> tuple[list[Hand], Hand, str | None]:
        """The hands: each seat's last cards dealt (ruling: the piles are laid first, a
        face-down row and then the face-up cards on it, then the hand)."""
        size, _ = self.sizes()
        return [sort_cards(dealt[-size:]) for dealt in self.dealt_cards(cards, dealer)], (), None

    def dealt_tags(self, cards: Sequence[str], dealer: int) -> list[tuple[str, str]]:
        """``Layout1`` and ``Layout2``: each seat's first cards face down, pile by pile,
        its next ones face up on them."""
        n = self.piles
        out = []
        for s, dealt in enumerate(self.dealt_cards(cards, dealer), 1):
            downs, ups = dealt[:n], dealt[n:2 * n]
            out.append((f"Layout{s}", " ".join(f"{up}/{down}" for up, down in zip(ups, downs))))
        return out

    # ---- before play

    def required(self, deal: Deal) -> list[Finding]:
        out = super().required(deal)
        if deal.tag("Deal") is not None or deal.play is not None:
            for s in self.seat_range():
                if deal.tag(f"Layout{s}") is None:
                    out.append(Finding("BPN101", f"the [Layout{s}] tag is missing; seat {s}'s piles are part of "
                                       "its cards (UP/DOWN for each pile, - for a face-down card not known)"))
        return out

    def layouts(self, deal: Deal) -> list[tuple[Pile, ...] | None]:
        """Each seat's piles as the record gives them (None: not given or malformed)."""
        given = list(deal.layouts) + [None] * self.seats
        return given[: self.seats]

    def find_trump(self, deal: Deal, hands: list[Hand | None], kitty: Hand | None,
                   out: list[Finding]) -> str | None:
        """Spades, always; a Trump tag other than S is BPN205."""
        if deal.trump is not None and deal.trump != self.fixed_trump:
            out.append(Finding("BPN205", f"spades are always trumps in Turnover Bridge, not {deal.trump}", "Trump"))
        return "S"

    def check_cards(self, deal: Deal, hands: list[Hand | None], layouts: list[tuple[Pile, ...] | None],
                    out: list[Finding]) -> bool:
        """Sizes (BPN201), cards not in the deck (BPN204), a card twice (BPN202), the deck
        made up with the unknowns (BPN203): the first of these found, once. Returns
        whether the cards can be trusted for the play."""
        hand_size, _ = self.sizes()
        deal_at = "Deal" if deal.tag("Deal") is not None else "Layout1"
        for s in self.seat_range():
            piles = layouts[s - 1]
            if piles is not None and len(piles) != self.piles:
                out.append(Finding("BPN201", f"seat {s}'s layout has {len(piles)} piles; a layout has {self.piles}"
                                   f"{' under Pagat' if self.pagat else ''}, each a face-up card on a face-down one",
                                   f"Layout{s}"))
                return False
        for s in self.seat_range():
            hand = hands[s - 1]
            if hand is not None and len(hand) != hand_size:
                out.append(Finding("BPN201", f"seat {s}'s hand has {len(hand)} cards; a hand has {hand_size}"
                                   f"{' under Pagat' if self.pagat else ''}", deal_at))
                return False
        places: list[tuple[str, str, str]] = []  # (card, where in words, tag)
        for s in self.seat_range():
            for card in hands[s - 1] or ():
                places.append((card, f"seat {s}'s hand", deal_at))
            for up, down in layouts[s - 1] or ():
                places.append((up, f"seat {s}'s layout", f"Layout{s}"))
                if down is not None:
                    places.append((down, f"seat {s}'s layout", f"Layout{s}"))
        foreign = [(c, tag) for c, _, tag in places if c not in self.deck_set]
        if foreign:
            cards = " ".join(dict.fromkeys(c for c, _ in foreign))
            out.append(Finding("BPN204", f"{cards} {'is' if len(foreign) == 1 else 'are'} not in the deck of "
                               "Turnover Bridge", foreign[0][1]))
            return False
        counts = Counter(c for c, _, _ in places)
        dups = [c for c, n in counts.items() if n > 1]
        if dups:
            card = sort_cards(dups)[0]
            where = [(w, tag) for c, w, tag in places if c == card]
            more = f" (and {seat_list(sort_cards(dups[1:]))} too)" if len(dups) > 1 else ""
            out.append(Finding("BPN202", f"{card} appears more than once (in {where[0][0]} and in {where[1][0]})"
                               f"{more}", where[1][1]))
            return False
        if None in hands or None in layouts:
            return True
        unknowns = sum(1 for piles in layouts for _, down in piles or () if down is None)
        missing = [c for c in DECK if c not in counts]
        if len(missing) != unknowns:  # (cannot happen when the sizes are right; kept for safety)
            out.append(Finding("BPN203", f"the hands and layouts do not make up the deck: {len(missing)} cards are "
                               f"not placed and {unknowns} piles have a face-down card not known", deal_at))
            return False
        return True

    def setup(self, deal: Deal, out: list[Finding]) -> Setup:
        """The cards checked; each seat plays from its hand and its face-up cards, and
        the cards beneath join as they are turned up."""
        hands = self.dealt_hands(deal)
        layouts = self.layouts(deal)
        trusted = self.check_cards(deal, hands, layouts, out)
        trump = self.find_trump(deal, hands, None, out)
        if not trusted:
            hands = [None] * self.seats
            layouts = [None] * self.seats
        rules = self.tricks_for(layouts, hands)
        play_hands: list[set[str] | None] = []
        known: list[set[str]] = []
        for s in self.seat_range():
            hand, piles = hands[s - 1], layouts[s - 1]
            cards = set(hand or ()) | {c for pile in piles or () for c in pile if c is not None}
            known.append(cards)
            play_hands.append(None if hand is None or piles is None else set(hand) | {up for up, _ in piles})
        excluded: list[AbstractSet[str]] = [known[1], known[0]]
        return Setup(trump, rules, hands, None, None, None, play_hands, [True] * self.seats, excluded,
                     self.opening_leader(deal))

    def tricks_for(self, layouts: Sequence[tuple[Pile, ...] | None],
                   hands: Sequence[Hand | None] = ()) -> TurnoverTricks:
        """The trick rules for these layouts (an unknown one: no piles)."""
        placed = {c for hand in hands for c in hand or ()}
        placed |= {c for piles in layouts for pile in piles or () for c in pile if c is not None}
        any_unknown = any(down is None for piles in layouts for _, down in piles or ())
        unknown = frozenset(c for c in DECK if c not in placed) if any_unknown and None not in hands else frozenset()
        return TurnoverTricks(layouts=(layouts[0] or (), layouts[1] or ()), unknown=unknown,
                              known=None not in layouts)

    def trick_rules(self, deal: Deal, trump: str | None) -> TrickRules:
        return self.tricks_for(self.layouts(deal), self.dealt_hands(deal))

    # ---- the result

    def finished(self, won: Sequence[int]) -> bool:
        return max(won) >= TO_WIN or sum(won) == self.tricks

    def tricks_fault(self, given: Sequence[int]) -> str | None:
        if len(given) == 2 and (tuple(given) == (13, 13) or (max(given) == TO_WIN and sum(given) <= self.tricks)):
            return None
        return ("are no final count: the deal ends when a seat has won 14 tricks (the other then has 12 or "
                "fewer), or with 13 each")

    def claim_fault(self, given: Sequence[int], won: Sequence[int]) -> str | None:
        # Ruling: a play that stops is a concession of the deal: the other seat takes
        # the tricks it still needs, and the conceding seat keeps those it won.
        if len(given) != 2 or len(won) != 2 or TO_WIN not in given:
            return None
        loser = 1 if given[0] == TO_WIN else 0
        if given[loser] == won[loser]:
            return None
        return (f"gives seat {loser + 1} {given[loser]} tricks, but a play that stops is a concession: "
                f"seat {loser + 1} keeps the {won[loser]} it won and seat {2 - loser} takes the rest it needs")

    def score(self, deal: Deal, tricks: Sequence[int],
              taken: Sequence[Sequence[str]] | None = None) -> tuple[int, ...] | None:
        if len(tricks) != 2:
            return None
        return turnover_score(tricks)

    def score_explained(self, deal: Deal, tricks: Sequence[int]) -> str:
        return f"for {'/'.join(map(str, tricks))} tricks (1 to the seat that won 14, the deal won)"
