"""The ruleset protocol: what every game answers, and what most of them share.

A ruleset is one small class per game (``games/whist.py``, ``games/bismarck.py``, …)
deriving from :class:`Ruleset`. The checker, the views and the commands ask it rather
than assuming three seats, sixteen tricks or Bismarck's contracts:

- the table: :attr:`~Ruleset.seats`, :attr:`~Ruleset.partnership` and :meth:`~Ruleset.sides`,
  the deck, the hand, kitty and trick counts (:meth:`~Ruleset.sizes`);
- the auction, in the games that have one (:meth:`~Ruleset.check_auction`): each call
  judged, and the contract, declarer and trump it yields;
- a deal before play (:meth:`~Ruleset.setup`): the holdings checked, the trump found
  (from the contract, a turned card, or named), the exchange checked, and each seat's
  cards when play starts; the seat to lead trick 1;
- the play: :meth:`~Ruleset.trick_rules` (follow suit, trump wins, winner leads, written
  once in :mod:`bismarck_pbn.games.tricks`, with each game's twists);
- the result: the tricks each seat or side must take (:meth:`~Ruleset.tricks_needed`),
  :meth:`~Ruleset.score`;
- the session: rotation, schedule, length, game end (:class:`SessionRules`).

Rulesets know nothing of text: they read a deal's typed values and answer with values
and :class:`Finding` objects (a code, a message in a player's words, and the *name* of
the tag at fault); the checker turns findings into diagnostics with a line and column.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from bismarck_pbn.games.tricks import TrickRules, left_of
from bismarck_pbn.model.cards import DECK, sort_cards
from bismarck_pbn.model.games import GAMES, GameWords

if TYPE_CHECKING:
    from bismarck_pbn.model.deal import Deal

Hand = tuple[str, ...]
_NOTHING: frozenset[str] = frozenset()


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
    excluded: list[set[str]]
    """Cards each seat surely does not hold (consulted where its hand is unknown)."""
    leader: int | None
    """The seat that leads trick 1 by the rules (None when it cannot be known)."""


def seat_list(seats: Sequence[int]) -> str:
    """``1``, ``1 and 3``, ``1, 2 and 3``."""
    names = [str(s) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class Ruleset:
    """The rules of one game. Subclasses set the class attributes and override what
    their game does differently; the defaults are the plain whist-family game."""

    name: ClassVar[str] = ""
    seats: ClassVar[int] = 4
    deck: ClassVar[tuple[str, ...]] = DECK
    hand_size: ClassVar[int] = 13
    kitty_size: ClassVar[int] = 0
    tricks: ClassVar[int] = 13
    contract_required: ClassVar[bool] = False
    has_auction: ClassVar[bool] = False
    """Whether the game is decided by an auction (an ``Auction`` section is allowed)."""
    calls: ClassVar[tuple[str, ...]] = ()
    """Every word of the game's auction, Pass first and then low to high (what ``bpn
    record`` offers; :func:`~bismarck_pbn.games.auction.legal_calls` keeps the legal ones)."""
    turns: ClassVar[str | None] = None
    """Where the card turned up for trump comes from when the cards are dealt: ``"dealer"``
    (the dealer's last card), ``"stock"`` (the top card of the stock), or None (none is turned)."""
    ordered_stock: ClassVar[bool] = False
    """Whether the cards left over are a stock whose order matters, kept top first (German
    Whist); else they are a holding."""
    zero_sum: ClassVar[bool] = False
    """Whether a deal's scores always add up to 0."""

    def __init__(self, variant=None) -> None:
        from bismarck_pbn.model.variant import Variant

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

    # ---- who deals and leads -------------------------------------------------------

    def rotating_seat(self, deal: Deal) -> int | None:
        """The seat whose place moves one seat clockwise each board (the dealer)."""
        return deal.dealer

    def rotating_tag(self) -> str:
        return "Dealer"

    def opening_leader(self, deal: Deal) -> int | None:
        """The seat that leads trick 1: the dealer's left."""
        return self.left_of(deal.dealer) if deal.dealer is not None else None

    def leader_rule(self) -> str:
        """How the rules choose the opening leader, for messages."""
        return "the seat to the dealer's left leads"

    def rotation_message(self, seat: int, previous: int, expected: int) -> str:
        """BPN701's words: ``seat`` holds the rotating place after ``previous``."""
        return f"seat {seat} deals, but after seat {previous} the deal passes to seat {expected}"

    # ---- before play ----------------------------------------------------------------

    def required(self, deal: Deal) -> list[Finding]:
        """BPN101 for the tags this game needs and the deal lacks."""
        out = []
        if deal.dealer is None and deal.tag("Dealer") is None:
            out.append(Finding("BPN101", f"the [Dealer] tag is missing; {self.name} records who dealt "
                               f"(1 to {self.seats})"))
        if (self.contract_required and deal.contract is None and deal.tag("Contract") is None
                and deal.auction is None):
            out.append(Finding("BPN101", "the [Contract] tag is missing"))
        return out

    def check_auction(self, deal: Deal) -> AuctionResult | None:
        """Judge the deal's auction call by call; None when the deal has none. The
        checker reports the findings and then :meth:`auction_agreement`; a ruleset's
        :meth:`setup` may call this again to use the result (it is cheap: one pass over
        the calls). The default is a game without an auction: an auction section is one
        BPN801 at its first call."""
        auction = deal.auction
        if auction is None:
            return None
        where = {"call": 0} if auction.calls else {"at": "Auction"}
        return AuctionResult([Finding("BPN801", f"{self.name} has no auction: the contract is not bid for",
                                      **where)], None, None, None, False)

    def auction_agreement(self, deal: Deal, result: AuctionResult) -> list[Finding]:
        """BPN802 where the Contract, Declarer or Trump tag says other than the auction
        (checked only when the auction reached its end)."""
        if not result.complete or result.contract is None:
            return []
        out = []
        if deal.tag("Contract") is not None and deal.contract is not None and deal.contract != result.contract:
            out.append(Finding("BPN802", f"the auction ends in {result.contract}, not {deal.contract}", "Contract"))
        if deal.tag("Declarer") is not None and deal.declarer is not None and deal.declarer != result.declarer:
            won = f"seat {result.declarer} won the auction" if result.declarer else "nobody won the auction"
            out.append(Finding("BPN802", f"{won}, so the declarer is not seat {deal.declarer}", "Declarer"))
        if (deal.tag("Trump") is not None and deal.trump is not None and result.trump is not None
                and deal.trump != result.trump):
            out.append(Finding("BPN802", f"the auction makes {result.trump} trump, not {deal.trump}", "Trump"))
        return out

    def contract_of(self, deal: Deal) -> tuple[str | None, int | None]:
        """The contract and declarer: the tags' where given, else what a complete
        auction ends in (a record may leave them to the auction)."""
        contract, declarer = deal.contract, deal.declarer
        if (contract is None or declarer is None) and deal.auction is not None:
            result = self.check_auction(deal)
            if result is not None and result.complete:
                contract = contract if contract is not None else result.contract
                declarer = declarer if declarer is not None else result.declarer
        return contract, declarer

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

    def kitty_name(self) -> str:
        return "kitty" if self.kitty_size else "stock"

    def asks(self) -> Asks:
        """What a deal of this game records before its play (for ``bpn record``); the
        default: a contract where the game requires one, nothing else."""
        return Asks(contract=self.contract_required)

    def bids_fault(self, contract: str | None, declarer: int | None,
                   bids: Sequence[int | None]) -> str | None:
        """What is wrong with the contract bids by seat after the auction (None for a seat
        yet to bid), in the words of BPN803; None when nothing is (or the game has no
        such bids: the default)."""
        return None

    def declarer_names(self, contract: str | None) -> tuple[str, ...]:
        """The tags whose value the declarer chooses once the auction has given it the
        ``contract`` (a trump suit named, Bid Whist's ``Direction``): the validator
        requires them, ``bpn record`` asks for them. Default: none."""
        return ()

    def setup(self, deal: Deal, out: list[Finding]) -> Setup:
        """Check what comes before the play and settle what it is replayed with. The
        default: holdings checked, trump from :meth:`find_trump`, no exchange."""
        hands = self.dealt_hands(deal)
        kitty = deal.kitty
        if not self.check_holdings(deal, hands, kitty, out):
            hands = [None] * self.seats
            kitty = None
        trump = self.find_trump(deal, hands, kitty, out)
        play_hands = [set(h) if h is not None else None for h in hands]
        return self.finish_setup(deal, trump, hands, kitty, None, None, play_hands, [True] * self.seats,
                                 set(kitty or ()))

    def dealt_hands(self, deal: Deal) -> list[Hand | None]:
        hands = list(deal.hands) if deal.hands is not None else []
        return (hands + [None] * self.seats)[: self.seats]

    def finish_setup(self, deal: Deal, trump: str | None, hands, kitty, discard, exchange, play_hands,
                     exact, out_of_play: set[str]) -> Setup:
        """Build the :class:`Setup`: trick rules for the trump, and for seats whose hand is
        unknown the cards they surely do not hold."""
        rules = None if trump is None else self.trick_rules(deal, None if trump == "NT" else trump)
        excluded: list = [_NOTHING] * self.seats
        if None in play_hands:
            for s in self.seat_range():
                others = set(out_of_play)
                for t in self.seat_range():
                    if t != s and hands[t - 1] is not None:
                        others |= set(hands[t - 1])
                excluded[s - 1] = others
        return Setup(trump, rules, hands, kitty, discard, exchange, play_hands, exact, excluded,
                     self.opening_leader(deal))

    def find_trump(self, deal: Deal, hands: list[Hand | None], kitty: Hand | None,
                   out: list[Finding]) -> str | None:
        """The trump suit (or NT) of the deal, reporting what contradicts it."""
        return deal.trump

    def trick_rules(self, deal: Deal, trump: str | None) -> TrickRules:
        """How this deal's tricks are played, once the trump is known."""
        return TrickRules(self.seats, self.tricks, trump)

    def implied_trump(self, deal: Deal) -> str | None:
        """The trump a writer writes when the record gives none (None: write nothing)."""
        return None

    # ---- the result ---------------------------------------------------------------

    def tricks_needed(self, deal: Deal) -> tuple[int, ...] | None:
        """The tricks each seat must take (Bismarck's quotas), or None where the game
        has no per-seat quota."""
        return None

    def counts_per_side(self) -> bool:
        """Whether Tricks, Score and Total give one number per side (else per seat)."""
        return self.partnership

    def tricks_alone(self, contract: str | None) -> bool:
        """Whether a deal in ``contract`` writes its Tricks per seat even where the game
        counts by side: a seat plays it alone and its own tricks decide (Swedish
        Whist's misère). Default False."""
        return False

    def counted_tricks(self, deal: Deal, tricks: Sequence[int],
                       winners: Sequence[int] | None) -> tuple[int, ...] | None:
        """The tricks that score, from the final ``tricks`` of each seat and the winner
        of each trick played (in order; None without a play): by default all of them;
        German Whist counts only its endgame. None when they cannot be known."""
        return tuple(tricks)

    needs_taken: ClassVar[bool] = False
    """Whether :meth:`score` needs the cards each seat took, not only the trick counts."""

    def score(self, deal: Deal, tricks: Sequence[int],
              taken: Sequence[Sequence[str]] | None = None) -> tuple[int, ...] | None:
        """The deal's score (per side or per seat) for the tricks each seat took that
        count (:meth:`counted_tricks`) (and, where :attr:`needs_taken`, the cards each
        took, by seat − 1, when the whole play is known); None when it cannot be computed."""
        return None

    def score_explained(self, deal: Deal, tricks: Sequence[int]) -> str:
        """Why the score is what it is, for the BPN602 message."""
        return f"for {'/'.join(map(str, tricks))} tricks"

    def score_basis(self, deal: Deal, tricks: Sequence[int]) -> tuple | None:
        """For a game whose score depends on the standing before the deal (Whist's
        honours): what the session needs to score the deal (a small picklable tuple),
        when :meth:`score` returned None because the standing decides. The session
        scores it with :meth:`SessionRules.rescore`. Default None: :meth:`score` says it all."""
        return None

    def session_rules(self) -> SessionRules:
        return SessionRules(self)


class SessionRules:
    """What a session of a game checks beyond rotation, board order and totals: the
    schedule of contracts, the session's length and its tie-breaks, the end of a game.
    The defaults: any contract, no fixed length, no game end."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.points: tuple[int, ...] | None = None
        """Individual points by seat of the deal :meth:`rescore` scored last, where the
        game has them (Swedish Whist's ``Points``); None elsewhere."""

    def start(self) -> None:
        """A new session begins."""

    def deal(self, deal: Deal, totals: tuple[int, ...] | None) -> list[Finding]:
        """Check a deal against the session so far (schedule, length) and count it."""
        return []

    def rescore(self, deal: Deal, score: tuple[int, ...] | None,
                basis: tuple) -> tuple[tuple[int, ...] | None, list[Finding]]:
        """Score a deal whose score depends on the standing before it (called only when
        :meth:`Ruleset.score_basis` gave a ``basis``; ``score`` is the Score tag's value):
        the score the running totals take, and BPN602 when the written one is not it."""
        return score, []

    def after(self, deal: Deal, totals: tuple[int, ...] | None) -> tuple[list[Finding], bool]:
        """After a deal's totals are known: findings (BPN707 a game ends), and whether the
        running totals restart from zero."""
        return [], False

    def finish(self, last: Deal, board: int | None, totals: tuple[int, ...] | None) -> list[Finding]:
        """At the session's end (BPN704 a tie left unbroken)."""
        return []

    # ---- for standings: what a session still holds (no state: asked with the deals so far)

    def length(self) -> int | None:
        """How many regular deals a session has; None when it has no fixed number (it
        is played to a game's end, or for as long as the table likes)."""
        return None

    def deals_left(self, played: Sequence[Played]) -> dict[int, int] | None:
        """The regular deals each seat still has in the rotating place (forehand or
        dealer), from the rotation of the deals so far (``played`` in order); None when
        the session has no fixed length or no deal names its rotating seat. O(deals)."""
        length = self.length()
        known = [p for p in played if p.seat is not None]
        if length is None or not known:
            return None
        last = max(p.board for p in played)
        ref = known[-1]
        left = dict.fromkeys(self.ruleset.seat_range(), 0)
        for board in range(last + 1, length + 1):
            seat = ref.seat
            for _ in range((board - ref.board) % self.ruleset.seats):
                seat = self.ruleset.left_of(seat)
            left[seat] += 1
        return left

    def remaining(self, played: Sequence[Played]) -> dict[int, list[str]] | None:
        """The contracts each seat still has to play in the rotating place, given the
        deals so far; under key 0 those the session still has to play whoever holds the
        place; None when the game has no schedule of contracts (the default)."""
        return None

    def schedule_text(self) -> str:
        """The schedule in a few words for a heading (``each contract exactly once``)."""
        return ""

    def tie_break(self) -> str | None:
        """What breaks a tie at the top after the regular deals (``a Valfri deal``); None
        when the game has no tie-break (the default)."""
        return None


class Played(NamedTuple):
    """A deal of a session as the session hooks see it: board, the seat in the rotating
    place (None when not recorded), contract."""

    board: int
    seat: int | None
    contract: str | None
