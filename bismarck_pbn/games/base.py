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

Where things are: the table and the cards (seats, sides, dealing, checking holdings) are
:class:`~bismarck_pbn.games.table.Table`, which :class:`Ruleset` derives from; the values
a ruleset answers with (:class:`Finding`, :class:`Setup`, …) are in
:mod:`bismarck_pbn.games.answers`; this module keeps their names importable.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, ClassVar

from bismarck_pbn.games.answers import Asks, AuctionResult, Basis, Finding, Hand, Played, Setup, seat_list
from bismarck_pbn.games.table import Table
from bismarck_pbn.games.tricks import TrickRules

if TYPE_CHECKING:
    from bismarck_pbn.model.deal import Deal

__all__ = ["Asks", "AuctionResult", "Basis", "Finding", "Hand", "Played", "Ruleset", "SessionRules", "Setup", "Table",
           "seat_list"]

_NOTHING: frozenset[str] = frozenset()

GAME_TAGS = frozenset(("Forehand", "Declarer", "Bids", "Direction", "Discard", "Points", "Layout1", "Layout2",
                       "Dummy"))
"""Tags BPN defines for some games only (besides those the reader and the checks judge
already: Kitty, Turned, Auction, Contract, Frisch1..3): see :attr:`Ruleset.own_tags`."""


class Ruleset(Table):
    """The rules of one game. Subclasses set the class attributes and override what
    their game does differently; the defaults are the plain whist-family game."""

    contract_required: ClassVar[bool] = False
    has_auction: ClassVar[bool] = False
    """Whether the game is decided by an auction (an ``Auction`` section is allowed)."""
    calls: ClassVar[tuple[str, ...]] = ()
    """Every word of the game's auction, Pass first and then low to high (what ``bpn
    record`` offers; :func:`~bismarck_pbn.games.auction.legal_calls` keeps the legal ones)."""
    zero_sum: ClassVar[bool] = False
    """Whether a deal's scores always add up to 0."""
    own_tags: ClassVar[frozenset[str]] = frozenset()
    """Of :data:`GAME_TAGS`, the ones this game records; the others mean nothing in it
    (BPN104, kept as they are)."""

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

    _read: tuple[Deal, AuctionResult | None] | None = None

    def auction_of(self, deal: Deal) -> AuctionResult | None:
        """:meth:`check_auction` of ``deal``, read once: the checker, :meth:`contract_of`
        and a ruleset's :meth:`setup` all ask, so the last deal's result is kept (by the
        deal's identity; one tuple swapped whole, safe across threads). O(calls) once."""
        read = self._read
        if read is not None and read[0] is deal:
            return read[1]
        result = self.check_auction(deal)
        self._read = (deal, result)
        return result

    def check_auction(self, deal: Deal) -> AuctionResult | None:
        """Judge the deal's auction call by call; None when the deal has none. The
        checker reports the findings and then :meth:`auction_agreement`; a ruleset's
        :meth:`setup` uses the result through :meth:`auction_of`, which reads the auction
        once a deal. The default is a game without an auction: an auction section is one
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
            result = self.auction_of(deal)
            if result is not None and result.complete:
                contract = contract if contract is not None else result.contract
                declarer = declarer if declarer is not None else result.declarer
        return contract, declarer


    def turns_card(self, deal: Deal) -> bool:
        """Whether a card is turned up for trump in this deal, so that a ``Turned`` tag
        has a place in it (BPN 1.1 §1); the default: where the game records one
        (:meth:`asks`)."""
        return self.asks().turned

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

    def names_trump(self, contract: str | None) -> bool:
        """Whether the trump of ``contract`` is the declarer's choice rather than the
        contract's or a turned card's (Bismarck's Valfri, Solo's Abundance): a heading
        then names the trump beside the contract. Default: when :meth:`declarer_names`
        has ``Trump``."""
        return "Trump" in self.declarer_names(contract)

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

    def finish_setup(self, deal: Deal, trump: str | None, hands: list[Hand | None], kitty: Hand | None,
                     discard: Hand | None, exchange: bool | None, play_hands: list[set[str] | None],
                     exact: list[bool], out_of_play: set[str]) -> Setup:
        """Build the :class:`Setup`: trick rules for the trump, and for seats whose hand is
        unknown the cards they surely do not hold."""
        rules = None if trump is None else self.trick_rules(deal, None if trump == "NT" else trump)
        excluded: list[AbstractSet[str]] = [_NOTHING] * self.seats
        if None in play_hands:
            for s in self.seat_range():
                others = set(out_of_play)
                for t in self.seat_range():
                    hand = hands[t - 1]
                    if t != s and hand is not None:
                        others |= set(hand)
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

    def finished(self, won: Sequence[int]) -> bool:
        """Whether a play in which each seat won ``won`` tricks (by seat − 1) is over:
        by default when all :attr:`tricks` are played (Turnover Bridge ends at 14 won)."""
        return sum(won) == self.tricks

    def tricks_fault(self, given: Sequence[int]) -> str | None:
        """What is wrong with ``given`` as a deal's final tricks (per seat or side), in
        the words of BPN604 after "the tricks 7/6": by default that they do not add up
        to :attr:`tricks`; None when nothing is."""
        return None if sum(given) == self.tricks else f"add up to {sum(given)}, not {self.tricks}"

    def claim_fault(self, given: Sequence[int], won: Sequence[int]) -> str | None:
        """Why ``given`` cannot be the final tricks of a play that stopped with ``won``
        taken (each seat's count reachable, as BPN505 checks first), in the words of
        BPN505 after "the claim"; None when it can. By default nothing more is known."""
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

    def score_basis(self, deal: Deal, tricks: Sequence[int]) -> Basis | None:
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

    def start(self) -> None:
        """A new session begins."""

    def deal(self, deal: Deal, totals: tuple[int, ...] | None) -> list[Finding]:
        """Check a deal against the session so far (schedule, length) and count it."""
        return []

    def rescore(self, deal: Deal, score: tuple[int, ...] | None,
                basis: Basis) -> tuple[tuple[int, ...] | None, list[Finding]]:
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

    # ---- for standings: what the deal just followed (asked after rescore, before after)

    def individual(self) -> tuple[int, ...] | None:
        """Each seat's individual points in the deal just followed, in a game that keeps
        them beside the sides' score (Swedish Whist's ``Points``); None (the default)
        in the others, or when they are not known."""
        return None

    def marks(self) -> tuple[tuple[str, int], ...]:
        """What the deal just followed reached in the session, as (what, side index from
        0) pairs in a few words (Swedish Whist's ``("first exit", 1)``); none by default."""
        return ()

    def unit(self) -> str:
        """What a game that ends inside a session is called (``game``; Swedish Whist's
        ``round``), for headings and messages."""
        return "game"

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
        known = [(p.board, p.seat) for p in played if p.seat is not None]
        if length is None or not known:
            return None
        last = max(p.board for p in played)
        ref_board, ref_seat = known[-1]
        left = dict.fromkeys(self.ruleset.seat_range(), 0)
        for board in range(last + 1, length + 1):
            seat = ref_seat
            for _ in range((board - ref_board) % self.ruleset.seats):
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
