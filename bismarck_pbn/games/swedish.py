"""Swedish Whist: partnerships, a ladder of calls, team points with honours and penalty,
first and second exit, misère alone, individual points at the round's end.

The rules of BPN 1.1 §2 and §4 (rulings in ``docs/games/swedish-whist.md``) behind the
ruleset protocol. A deal's own points (tricks, penalty, honours) come from
:meth:`SwedishWhist.own_points`; the exits depend on the round so far, so the session adds
them (:class:`SwedishRound`, from :meth:`SwedishWhist.score_basis`) and checks
``Score`` and ``Points`` there.

>>> honour_points([("SA", "SK", "SQ", "SJ"), (), (), ()], ("SA", "SK", "SQ", "SJ"))
(50, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from bismarck_pbn.diagnostics import INFO, WARNING
from bismarck_pbn.games.auction import Ladder, after_the_end, first_caller
from bismarck_pbn.games.base import AuctionResult, Basis, Finding, Hand, Ruleset, SessionRules

if TYPE_CHECKING:
    from bismarck_pbn.model.deal import Deal

CALLS = ("Clubs", "Spades", "Diamonds", "Hearts", "Nolle", "Spel", "Misere")
"""Low to high. Clubs and Spades tell partner something; they are never played."""
INFORMATION = ("Clubs", "Spades")
TRUMPS = {"Diamonds": "D", "Hearts": "H", "Nolle": "NT", "Spel": "NT", "Misere": "NT"}
FIRST_EXIT, SECOND_EXIT = 30, 40
"""Trick points for first exit; more than this many further trick points make the second."""
EXIT_BONUS = (10, 20)
MISERE = (15, 5)
"""Misère made: +15 to the declarer, −5 to each other seat (lost: the reverse)."""


def honours(contract: str | None) -> tuple[str, ...]:
    """The honour cards of a contract: A K Q J of trumps, the four aces in Spel, the four
    2s in Nolle; none in Misère."""
    if contract in ("Diamonds", "Hearts"):
        suit = TRUMPS[contract]
        return tuple(suit + r for r in "AKQJ")
    if contract == "Spel":
        return ("SA", "HA", "DA", "CA")
    if contract == "Nolle":
        return ("S2", "H2", "D2", "C2")
    return ()


def honour_points(hands: Sequence[Sequence[str]], cards: Sequence[str]) -> tuple[int, int]:
    """Honours of sides 1 (seats 1, 3) and 2 (seats 2, 4): 3 held by a side → 20, all 4
    → 40, all 4 in one hand → 50."""
    out = [0, 0]
    for side, seats in enumerate(((1, 3), (2, 4))):
        counts = [sum(1 for c in cards if c in hands[s - 1]) for s in seats]
        held = sum(counts)
        out[side] = 50 if 4 in counts else 40 if held == 4 else 20 if held == 3 else 0
    return out[0], out[1]


def trick_points(contract: str, side_tricks: Sequence[int]) -> tuple[int, int]:
    """(winning side's index, its trick points): in Nolle 10 a trick below seven to the
    side with fewer tricks, else 10 a trick above six to the side with more."""
    low = 0 if side_tricks[0] < side_tricks[1] else 1
    winner = low if contract == "Nolle" else 1 - low
    return winner, 10 * (max(side_tricks) - 6)


class SwedishWhist(Ruleset):
    """Swedish Whist: Clubs < Spades < Diamonds < Hearts < Nolle < Spel < Misere."""

    own_tags = frozenset(("Declarer", "Points", "Dummy"))

    name = "SwedishWhist"
    contract_required = True
    has_auction = True
    calls = ("Pass", *CALLS)

    def check_auction(self, deal: Deal) -> AuctionResult | None:
        """One ladder from the dealer's left; a seat that passed may call again. An
        auction ending on Clubs or Spades, or four passes, plays an unbid Nolle
        (no declarer). O(calls)."""
        auction = deal.auction
        if auction is None:
            return None
        out: list[Finding] = []
        ladder = Ladder(self.seats, first_caller(self, deal, out),
                        lambda w: CALLS.index(w) if w in CALLS else None, "Pass, " + ", ".join(CALLS), out)
        ended = None
        dummy = self.dummy_of(deal)
        for i, call in enumerate(auction.calls):
            if ended is not None:
                after_the_end(out, i, call.call, ended)
                break
            if call.call == "Misere" and dummy is not None and ladder.seat == dummy:
                ladder.refuse(i, f"the träkarl (seat {dummy}) cannot call Misere: a misère is played alone, and "
                              "the träkarl is no player; it counts as Pass")
                continue
            ladder.call(i, call.call)
            if ladder.over:
                ended = i
        if ended is None:
            return AuctionResult(out, None, None, None, False, to_call=ladder.seat)
        if ladder.high is None or ladder.high[2] in INFORMATION:
            return AuctionResult(out, "Nolle", None, "NT", True)
        _, seat, word = ladder.high
        return AuctionResult(out, word, seat, TRUMPS[word], True)

    @property
    def trakarl(self) -> bool:
        """Three players and a träkarl, a dummy hand its partner plays (BPN 1.2 §2)."""
        return "Trakarl" in self.variant.options

    def dummy_of(self, deal: Deal) -> int | None:
        """The träkarl's seat (None without the option, or when not given)."""
        return deal.dummy if self.trakarl else None

    def required(self, deal: Deal) -> list[Finding]:
        out = super().required(deal)
        if self.trakarl and deal.dummy is None and deal.tag("Dummy") is None and "Dummy" not in deal.inherited:
            out.append(Finding("BPN101", "the [Dummy] tag is missing; with a träkarl the record names its seat "
                               "(1 to 4)"))
        if not self.trakarl and deal.tag("Dummy") is not None:
            out.append(Finding("BPN104", "[Dummy] is not a tag of Swedish Whist without a träkarl "
                               '([Variant "Trakarl"]), kept as it is', "Dummy", WARNING))
        contract, declarer = self.contract_of(deal)
        dummy = self.dummy_of(deal)
        if (contract == "Misere" and dummy is not None and declarer == dummy and deal.auction is None
                and deal.tag("Declarer") is not None):
            out.append(Finding("BPN801", f"the träkarl (seat {dummy}) cannot play a misère: a misère is played "
                               "alone, and the träkarl is no player", "Declarer"))
        contract, declarer = self.contract_of(deal)
        if contract == "Misere" and declarer is None:
            out.append(Finding("BPN101", "the [Declarer] tag is missing: a misère is played by its declarer "
                               "alone", "Contract"))
        if deal.points is None and deal.tag("Points") is None:
            out.append(Finding("BPN101", "the [Points] tag is missing; Swedish Whist writes each seat's "
                               "individual points in every deal (0 0 0 0 when none)"))
        return out

    def tricks_alone(self, contract: str | None) -> bool:
        """Misère: the declarer's own tricks decide, so Tricks is written per seat."""
        return contract == "Misere"

    def opening_leader(self, deal: Deal) -> int | None:
        """The dealer's left; in Misère the declarer."""
        contract, declarer = self.contract_of(deal)
        if contract == "Misere":
            return declarer
        return super().opening_leader(deal)

    def leader_rule(self) -> str:
        return "the seat to the dealer's left leads (in Misère the declarer)"

    def implied_trump(self, deal: Deal) -> str | None:
        return TRUMPS.get(self.contract_of(deal)[0] or "")

    def find_trump(self, deal: Deal, hands: list[Hand | None], kitty: Hand | None,
                   out: list[Finding]) -> str | None:
        trump = TRUMPS.get(self.contract_of(deal)[0] or "")
        if deal.trump is not None and trump is not None and deal.trump != trump and deal.auction is None:
            out.append(Finding("BPN401", f"the contract {deal.contract} makes {trump} trump, not {deal.trump}",
                               "Trump"))
        return trump

    def score(self, deal: Deal, tricks: Sequence[int],
              taken: Sequence[Sequence[str]] | None = None) -> tuple[int, ...] | None:
        """None: the exits make a deal's team points depend on the round so far, so the
        session scores every deal (:meth:`score_basis`, :class:`SwedishRound`)."""
        return None

    def own_points(self, deal: Deal, tricks: Sequence[int]) -> tuple[int, int] | None:
        """The deal's own team points (tricks, penalty, honours) by side; 0 0 in Misère;
        None when a hand is not recorded (no honours)."""
        contract, declarer = self.contract_of(deal)
        if contract == "Misere":
            return (0, 0)
        held = [h for h in deal.hands or () if h is not None]
        if contract not in TRUMPS or deal.hands is None or len(held) != len(deal.hands):
            return None
        winner, points = trick_points(contract, self._sides(tricks))
        if declarer is not None and self.side_of(declarer) != winner:
            points *= 2  # penalty: the side that won the bidding lost
        out = list(honour_points(held, honours(contract)))
        out[winner] += points
        return out[0], out[1]

    def _sides(self, tricks: Sequence[int]) -> tuple[int, ...]:
        return self.per_side(tricks) if len(tricks) == self.seats else tuple(tricks)

    def score_basis(self, deal: Deal, tricks: Sequence[int]) -> Basis | None:
        """(contract, declarer, own points, the trick points' side and value, tricks by
        seat or None, the Points tag's values): what the round needs to score the deal."""
        contract, declarer = self.contract_of(deal)
        if contract not in TRUMPS:
            return None
        won = trick_points(contract, self._sides(tricks)) if contract != "Misere" else None
        seat_tricks = tuple(tricks) if len(tricks) == self.seats else None
        return contract, declarer, self.own_points(deal, tricks), won, seat_tricks, deal.points

    def score_explained(self, deal: Deal, tricks: Sequence[int]) -> str:
        return f"for {'/'.join(map(str, tricks))} tricks (trick points, penalty and honours)"

    def session_rules(self) -> SessionRules:
        return SwedishRound(self)


class SwedishRound(SessionRules):
    """A round: trick points toward the exits, the team totals, and at second exit the
    individual points (BPN707 there). Checks each deal's Score (team points with the
    exit bonus) and Points (misère and the round's end), BPN602."""

    def start(self) -> None:
        self.trick_points = [0, 0]
        self.first_exit: list[int | None] = [None, None]
        self.totals = [0, 0]
        self.ended: str | None = None
        self.last_points: tuple[int, ...] | None = None
        self.last_marks: tuple[tuple[str, int], ...] = ()
        self.dummy: int | None = None

    def deal(self, deal: Deal, totals: tuple[int, ...] | None) -> list[Finding]:
        """Forget the last deal's points and exits (a deal the round cannot score has none)."""
        self.last_points = None
        self.last_marks = ()
        return []

    def rescore(self, deal: Deal, score: tuple[int, ...] | None,
                basis: Basis) -> tuple[tuple[int, ...] | None, list[Finding]]:
        """Add the exit bonus to the deal's own points, check Score and Points (BPN602),
        and note a second exit for :meth:`after`."""
        contract, declarer, own, won, seat_tricks, given_points = basis
        self.dummy = deal.dummy if getattr(self.ruleset, "trakarl", False) else None
        findings: list[Finding] = []
        bonus = [0, 0]
        second = False
        if won is not None:
            winner, points = won
            self.trick_points[winner] += points
            reached, at = self.trick_points[winner], self.first_exit[winner]
            if at is None and reached >= FIRST_EXIT:
                self.first_exit[winner] = reached
                bonus[winner] = EXIT_BONUS[0]
                self.last_marks = (("first exit", winner),)
            elif at is not None and reached - at > SECOND_EXIT:
                bonus[winner] = EXIT_BONUS[1]
                second = True
                self.last_marks = (("second exit", winner),)
        expected = None
        if own is not None:
            expected = (own[0] + bonus[0], own[1] + bonus[1])
            if score is not None and tuple(score) != expected:
                why = f" with {'second' if second else 'first'} exit (+{max(bonus)})" if any(bonus) else ""
                findings.append(Finding("BPN602", f"the team points are {signed_text(expected)}{why}, not "
                                        f"{signed_text(score)}", "Score"))
        settled = expected if expected is not None else (tuple(score) if score is not None else None)
        if settled is not None:
            self.totals = [self.totals[0] + settled[0], self.totals[1] + settled[1]]
        points = self._points(contract, declarer, seat_tricks, second)
        if points is not None and given_points is not None and tuple(given_points) != points:
            findings.append(Finding("BPN602", f"the individual points are {signed_text(points)}, not "
                                    f"{signed_text(given_points)}", "Points"))
        self.last_points = points if points is not None else (
            tuple(given_points) if given_points is not None else None)
        if second:
            a, b = self.totals
            lead = "side 1 (seats 1 and 3)" if a > b else "side 2 (seats 2 and 4)" if b > a else "neither side"
            self.ended = f"second exit: the round ends {a}–{b}, {lead} ahead"
        return settled, findings

    def _points(self, contract: str | None, declarer: int | None, won: Sequence[int] | None,
                second: bool) -> tuple[int, ...] | None:
        """Each seat's individual points this deal; None when they cannot be known."""
        seats = self.ruleset.seats
        points = [0] * seats
        if contract == "Misere":
            if won is None or declarer is None:
                return None
            made = won[declarer - 1] == 0
            for s in range(1, seats + 1):
                own, other = MISERE
                value = own if s == declarer else -other
                points[s - 1] = value if made else -value
        if second:
            a, b = self.totals
            unit = abs(a - b) // 10
            for s in range(1, seats + 1):
                side = (s - 1) % 2
                ahead = (a > b) if side == 0 else (b > a)
                points[s - 1] += unit if ahead else -unit if a != b else 0
        if self.dummy is not None:
            points[self.dummy - 1] = 0  # the träkarl is no player: its partner has its own share once
        return tuple(points)

    def individual(self) -> tuple[int, ...] | None:
        """The individual points of the deal just scored: as computed (misère, the
        round's end), else as the ``Points`` tag gives them."""
        return self.last_points

    def marks(self) -> tuple[tuple[str, int], ...]:
        """``("first exit", side)`` or ``("second exit", side)`` for the deal just scored."""
        return self.last_marks

    def unit(self) -> str:
        return "round"

    def after(self, deal: Deal, totals: tuple[int, ...] | None) -> tuple[list[Finding], bool]:
        if self.ended is None:
            return [], False
        message = self.ended
        self.start()
        return [Finding("BPN707", message, "Score", INFO)], True


def signed_text(values: Iterable[int]) -> str:
    """``+20 -20``: points as the Score and Points tags write them."""
    return " ".join(f"{v:+d}" if v else "0" for v in values)
