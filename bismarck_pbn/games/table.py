"""A game's table and cards: seats, sides, the deck, dealing, and checking the holdings.

:class:`Table` is the part of a ruleset that knows who sits where and what cards there
are, but not how the game is bid, played or scored; :class:`~bismarck_pbn.games.base.Ruleset`
derives from it. Its class attributes are what each game sets: :attr:`Table.seats`,
:attr:`Table.deck`, :attr:`Table.hand_size`, :attr:`Table.kitty_size`, :attr:`Table.tricks`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from bismarck_pbn.games.answers import Finding, Hand, seat_list
from bismarck_pbn.games.tricks import left_of
from bismarck_pbn.model.cards import DECK, sort_cards
from bismarck_pbn.model.games import GAMES, GameWords
from bismarck_pbn.model.variant import Variant

if TYPE_CHECKING:
    from bismarck_pbn.model.deal import Deal


class Table:
    """The table and the cards of one game (the defaults: four seats, 52 cards, 13 each)."""

    name: ClassVar[str] = ""
    seats: ClassVar[int] = 4
    deck: ClassVar[tuple[str, ...]] = DECK
    hand_size: ClassVar[int] = 13
    kitty_size: ClassVar[int] = 0
    tricks: ClassVar[int] = 13
    turns: ClassVar[str | None] = None
    """Where the card turned up for trump comes from when the cards are dealt: ``"dealer"``
    (the dealer's last card), ``"stock"`` (the top card of the stock), or None (none is turned)."""
    fixed_trump: ClassVar[str | None] = None
    """The trump of every deal where the game has one trump always (Turnover Bridge: S)."""
    ordered_stock: ClassVar[bool] = False
    """Whether the cards left over are a stock whose order matters, kept top first (German
    Whist); else they are a holding."""

    def __init__(self, variant: Variant | None = None) -> None:
        self.variant = variant if variant is not None else Variant(self.words.bases[0])
        self.deck_set = frozenset(self.deck)

    # ---- the table ---------------------------------------------------------------

    @property
    def words(self) -> GameWords:
        return GAMES[self.name]

    @property
    def partnership(self) -> bool:
        return self.words.partnership

    def left_of(self, seat: int) -> int:
        """The next seat clockwise."""
        return left_of(seat, self.seats)

    def seat_range(self) -> range:
        return range(1, self.seats + 1)

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The sides that score: the partnerships (1–3 against 2–4), or each seat alone."""
        if self.partnership:
            return (1, 3), (2, 4)
        return tuple((s,) for s in self.seat_range())

    def side_of(self, seat: int) -> int:
        """The index (from 0) of the side ``seat`` plays on."""
        return (seat - 1) % 2 if self.partnership else seat - 1

    def per_side(self, per_seat: Sequence[int]) -> tuple[int, ...]:
        """Per-seat counts added up by side."""
        return tuple(sum(per_seat[s - 1] for s in side) for side in self.sides())

    def sizes(self) -> tuple[int, int]:
        """(cards in a hand, cards left over in the kitty or stock)."""
        return self.hand_size, self.kitty_size

    # ---- the cards ------------------------------------------------------------------

    def check_holdings(self, deal: Deal, hands: list[Hand | None], kitty: Hand | None,
                       out: list[Finding]) -> bool:
        """Counts, duplicates, foreign cards and the deck (BPN201–204). Returns whether
        the holdings can be trusted for checking the play."""
        hand_size, kitty_size = self.sizes()
        at = "Deal" if deal.tag("Deal") is not None else "Kitty"
        counter: Counter[str] = Counter()
        cards = 0
        for hand in hands:
            if hand is not None:
                counter.update(hand)
                cards += len(hand)
        if kitty is not None:
            counter.update(kitty)
            cards += len(kitty)
        if not self.deck_set.issuperset(counter):
            foreign = [c for c in counter if c not in self.deck_set]
            shown = " ".join(sort_cards(foreign)) if all(c in DECK for c in foreign) else " ".join(foreign)
            out.append(Finding("BPN204", f"{shown} {'is' if len(foreign) == 1 else 'are'} not in the "
                               f"deck of {self.name}", at))
            return False
        dups = [c for c, n in counter.items() if n > 1] if len(counter) < cards else []
        if dups:
            for card in sort_cards(dups):
                holders = []
                for s in self.seat_range():
                    hand = hands[s - 1]
                    if hand is not None:
                        holders += [f"seat {s}'s hand"] * hand.count(card)
                if kitty is not None:
                    holders += [f"the {self.kitty_name()}"] * kitty.count(card)
                places = list(dict.fromkeys(holders))
                where = " and ".join(f"twice in {p}" if holders.count(p) > 1 else f"in {p}" for p in places)
                out.append(Finding("BPN202", f"{card} appears more than once ({where})", at))
            return False
        complete = None not in hands and (kitty is not None or kitty_size == 0)
        missing = [c for c in self.deck if c not in counter] if complete and len(counter) < len(self.deck) else []
        wrong: list[tuple[str, str, int]] = []  # (what, tag, cards too many (+) or too few (-))
        for s in self.seat_range():
            hand = hands[s - 1]
            if hand is not None and len(hand) != hand_size:
                wrong.append((f"seat {s}'s hand has {len(hand)} cards", "Deal", len(hand) - hand_size))
        if kitty is not None and len(kitty) != kitty_size:
            wrong.append((f"the {self.kitty_name()} has {len(kitty)} cards", "Kitty", len(kitty) - kitty_size))
        if not wrong and not missing:
            return True
        what = " and ".join(w for w, _, _ in wrong)
        if len(wrong) > 1 and missing and all(d < 0 for _, _, d in wrong):
            # several holdings short: cards are missing from the deal, not misplaced
            out.append(Finding("BPN203", f"the deal and {self.kitty_name()} do not make up the deck: "
                               f"{seat_list(missing)} {'is' if len(missing) == 1 else 'are'} missing ({what})", at))
            return False
        if wrong:
            rule = f"a hand has {hand_size} cards" + (f" and the {self.kitty_name()} {kitty_size}"
                                                      if kitty_size else "")
            whole = f"; {' '.join(missing)} would make the deck whole" if missing else ""
            where = wrong[0][1] if deal.tag(wrong[0][1]) is not None else at
            out.append(Finding("BPN201", f"{what}; {rule}{whole}", where))
            return False
        if missing:
            out.append(Finding("BPN203", f"the deal and {self.kitty_name()} do not make up the deck: "
                               f"{' '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing", at))
            return False
        return True

    def deal_cards(self, cards: Sequence[str], dealer: int) -> tuple[list[Hand], Hand, str | None]:
        """Deal a shuffled pack (``bpn deal``): :attr:`hand_size` cards to seat 1, the next
        to seat 2, and so on, whoever deals (so one shuffle is one deal), the rest to the
        kitty or stock. Returns the hands by seat − 1 in canonical order, the cards left
        over (in canonical order, or as they lie, top first, where :attr:`ordered_stock`)
        and the card turned for trump (None where :attr:`turns` is None). O(deck)."""
        size = self.hand_size
        dealt = [list(cards[i * size:(i + 1) * size]) for i in range(self.seats)]
        rest = tuple(cards[self.seats * size:])
        turned = None
        if self.turns == "dealer":
            turned = dealt[dealer - 1][-1]
        elif self.turns == "stock" and rest:
            turned = rest[0]
        return [sort_cards(hand) for hand in dealt], rest if self.ordered_stock else sort_cards(rest), turned

    def dealt_tags(self, cards: Sequence[str], dealer: int) -> list[tuple[str, str]]:
        """Tags a deal of this shuffled pack has beyond the hands, the kitty and the
        turned card, as (name, value) pairs (``bpn deal``): none by default; Turnover
        Bridge's layouts."""
        return []

    def kitty_name(self) -> str:
        return "kitty" if self.kitty_size else "stock"
