"""The validator: every check of BPN 1.0 §4 on deals read by the reader.

``check_deal`` checks one deal (tags, cards, exchange, contract, play, tricks, score)
by handing typed values to the rules engine and turning its faults into diagnostics
at the token at fault. ``SessionChecker`` follows deals with a ``Board`` tag through
their session (rotation, board order, schedules, totals, tie-breaks).
``validate_deals`` streams both over a file, one deal at a time.

One fault gives one diagnostic where it can: a Trump tag that contradicts the
contract is reported and the play is replayed with the contract's trump; a wrong
opening leader is reported and the replay goes on with the right one; holdings that
do not add up are reported once and the play is then checked against what each seat
is seen to play, not against the broken holdings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO, NamedTuple, TextIO

from bismarck_pbn.games import bismarck as engine
from bismarck_pbn.model.cards import DECK, DECK_SET, rest_of_deck, sort_cards
from bismarck_pbn.diagnostics import WARNING, Diagnostic, diag
from bismarck_pbn.model.deal import NOWHERE, Deal, Tag
from bismarck_pbn.format.reader import parse, read_deals
from bismarck_pbn.format.values import signed_text

SEAT_NAMES = {1: "seat 1", 2: "seat 2", 3: "seat 3"}


class DealResult(NamedTuple):
    """What the validator learned of a deal, for session checks and for callers."""

    tricks: tuple[int, int, int] | None
    """Final tricks by seat: from the play when complete, else from the Tricks tag."""
    score: tuple[int, int, int] | None
    """Score by seat: computed when the tricks are known, else the Score tag."""
    replay: engine.Replay | None


class Checked(NamedTuple):
    """A deal with its diagnostics (the reader's and the validator's) and its result."""

    deal: Deal
    diagnostics: list[Diagnostic]
    result: DealResult
    total: tuple[int, int, int] | None = None
    """The session's running total after this deal, as far as it is known."""

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)


def _at(tag: Tag | None, deal: Deal) -> tuple[int, int]:
    pos = tag.pos if tag is not None and tag.pos is not NOWHERE else deal.pos
    return pos.line, pos.column


def _cards_text(cards: Iterable[str]) -> str:
    return " ".join(sort_cards(cards))


def _add(a, b):
    return None if a is None or b is None else tuple(x + y for x, y in zip(a, b))


def _tie_at_top(totals: tuple[int, ...]) -> bool:
    return list(totals).count(max(totals)) > 1


# ---- one deal ----------------------------------------------------------------------------

def check_deal(deal: Deal) -> Checked:
    """Check one deal on its own (no session checks). O(cards·hand size)."""
    out = list(deal.problems)
    if not deal.tags:
        return Checked(deal, out, DealResult(None, None, None))
    if not deal.syntax_ok:
        # The deal did not parse; its tags were found by a scan. Carry its numbers for
        # the session checks but do not check it further: everything would cascade.
        out.sort(key=lambda d: (d.line, d.column))
        return Checked(deal, out, DealResult(deal.tricks, deal.score, None))
    tag = deal.tag
    forehand = deal.forehand
    contract = deal.contract
    if forehand is None and tag("Forehand") is None:
        out.append(diag("BPN101", "the [Forehand] tag is missing; it says which seat (1, 2 or 3) "
                        "is forehand", *_at(None, deal)))
    if contract is None and tag("Contract") is None:
        out.append(diag("BPN101", "the [Contract] tag is missing; it is Spel, Spader, Valfri or Pass",
                        *_at(None, deal)))

    prep = _prepare(deal, out)
    hands, kitty, discard, exchange = prep.hands, prep.kitty, prep.discard, prep.exchange
    play_trump, unknown_trump = prep.play_trump, prep.unknown_trump

    # -- play
    replay = None
    play = deal.play
    if play is not None:
        expected_leader = engine.leader(forehand) if forehand is not None else None
        leader = play.leader
        if leader is not None and expected_leader is not None and leader != expected_leader:
            out.append(diag("BPN501", f"seat {leader} leads trick 1, but the seat to the forehand's "
                            f"left leads: seat {expected_leader}", *_at(play.tag, deal)))
        leader = expected_leader or leader
        if leader is not None:
            play_hands, exact, excluded = hands_in_play(forehand, hands, kitty, discard, exchange)
            replay = engine.replay([c.card for c in play.cards], hands=play_hands, trump=play_trump,
                                   leader=leader, excluded=excluded, unknown_trump=unknown_trump,
                                   exact=exact)
            _report_faults(deal, replay, out)

    # -- tricks and score
    tricks = _check_tricks(deal, replay, out)
    score = None
    if tricks is not None and forehand is not None and contract is not None:
        score = engine.scores(contract, forehand, tricks)
        if deal.score is not None and deal.score != score:
            out.append(diag("BPN602", f"the score is {signed_text(score)} for {_tricks_text(tricks)} tricks in "
                            f"{contract} with seat {forehand} as forehand, not {signed_text(deal.score)}",
                            *_at(tag("Score"), deal)))
    elif deal.score is not None:
        score = deal.score
        if sum(score) != 0:
            out.append(diag("BPN602", f"the scores {signed_text(score)} add up to {sum(score):+d}; a deal's "
                            "scores always add up to 0", *_at(tag("Score"), deal)))
    out.sort(key=lambda d: (d.line, d.column))
    return Checked(deal, out, DealResult(tricks, score, replay))


class Prepared(NamedTuple):
    """What the play is replayed with, once the tags before it are checked."""

    trump: str | None
    play_trump: str | None
    unknown_trump: bool
    hands: list
    kitty: tuple | None
    discard: tuple | None
    exchange: bool | None


def _prepare(deal: Deal, out: list[Diagnostic]) -> Prepared:
    """Check contract, trump, holdings and exchange (reporting into ``out``) and settle
    what the replay starts from: a Trump tag contradicting the contract gives way to the
    contract's trump, holdings that do not add up are not trusted, a declined exchange
    where it is mandatory counts as unknown. The validator and ``position`` both start
    from here, so they always agree."""
    tag = deal.tag
    forehand = deal.forehand
    contract = deal.contract
    variant = deal.variant
    # -- contract and trump
    trump = deal.trump
    unknown_trump = False
    if contract is not None:
        implied = engine.implied_trump(contract)
        tie_break = deal.board is not None and deal.board > variant.deals and contract == "Valfri"
        if contract not in variant.contracts and not tie_break:
            out.append(diag("BPN403", f"{contract} is not played in the {variant.base} variant "
                            f"(its contracts: {', '.join(variant.contracts)})", *_at(tag("Contract"), deal)))
        if implied is not None:
            if trump is not None and trump != implied:
                out.append(diag("BPN401", f"the trump in {contract} is {implied}, not {trump}",
                                *_at(tag("Trump"), deal)))
            trump = implied
        elif trump is None:
            if tag("Trump") is None:
                out.append(diag("BPN101", "the [Trump] tag is missing; Valfri needs the trump the "
                                "forehand named (S, H, D or C)", *_at(tag("Contract"), deal)))
            unknown_trump = True
        elif trump not in variant.valfri_trumps():
            allowed = "only at no trump" if variant.valfri_trumps() == ("NT",) else \
                ("in a suit or at no trump" if "NT" in variant.valfri_trumps() else "only in a suit (S, H, D, C)")
            out.append(diag("BPN402", f"Valfri at {trump} is not allowed: in {variant} Valfri is "
                            f"played {allowed}", *_at(tag("Trump"), deal)))
    elif trump is None:
        unknown_trump = True
    play_trump = None if trump in (None, "NT") else trump

    # -- holdings
    hands = list(deal.hands) if deal.hands is not None else [None, None, None]
    kitty = deal.kitty
    reliable = _check_holdings(deal, hands, kitty, out)
    if not reliable:
        hands = [None, None, None]
        kitty = None
    if kitty is None and all(h is not None for h in hands):
        kitty = rest_of_deck(hands)  # the four cards left

    # -- exchange
    discard = deal.discard
    exchange = deal.exchange
    if discard is not None and len(set(discard)) != len(discard):
        twice = sorted({c for c in discard if discard.count(c) > 1}, key=DECK.index)
        out.append(diag("BPN202", f"the discard lists {' '.join(twice)} more than once",
                        *_at(tag("Discard"), deal)))
        discard = tuple(dict.fromkeys(discard))
    elif discard is not None and len(discard) != 4:
        out.append(diag("BPN201", f"the discard has {len(discard)} cards; it must have 4",
                        *_at(tag("Discard"), deal)))
    if exchange is False and contract is not None and variant.exchange_mandatory(contract):
        why = "in Valfri" if contract == "Valfri" else "under FixedKitty"
        out.append(diag("BPN302", f"the exchange is mandatory {why}, but the discard is '-' (declined)",
                        *_at(tag("Discard"), deal)))
        exchange = None  # the forehand must have exchanged: which cards went out is unknown
    if discard and forehand is not None:
        fh_hand = hands[forehand - 1]
        if fh_hand is not None and kitty is not None:
            possible = set(fh_hand) | set(kitty)
        else:
            possible = set(DECK_SET)
            for s in engine.SEATS:
                if s != forehand and hands[s - 1] is not None:
                    possible -= set(hands[s - 1])
        bad = [c for c in discard if c not in possible]
        if bad:
            owners = []
            for c in bad:
                owner = next((s for s in engine.SEATS if s != forehand and hands[s - 1] and c in hands[s - 1]), None)
                owners.append(f"{c} (in {SEAT_NAMES[owner]}'s hand)" if owner else c)
            out.append(diag("BPN301", f"the forehand discards {', '.join(owners)}, not in the forehand's "
                            "hand or the kitty", *_at(tag("Discard"), deal)))

    return Prepared(trump, play_trump, unknown_trump, hands, kitty, discard, exchange)


def replay_inputs(deal: Deal):
    """(hands, exact, excluded, leader, play_trump, unknown_trump, trump) for replaying
    ``deal`` exactly as the validator does."""
    prep = _prepare(deal, [])
    play_hands, exact, excluded = hands_in_play(deal.forehand, prep.hands, prep.kitty, prep.discard,
                                                prep.exchange)
    leader = engine.leader(deal.forehand) if deal.forehand is not None else (
        deal.play.leader if deal.play is not None else None)
    return play_hands, exact, excluded, leader, prep.play_trump, prep.unknown_trump, prep.trump


def _tricks_text(values: Iterable[int]) -> str:
    return "/".join(str(v) for v in values)


def _check_holdings(deal: Deal, hands: list, kitty, out: list[Diagnostic]) -> bool:
    """Counts, duplicates and the deck (BPN201–203). Returns whether the holdings can be
    trusted for checking the play."""
    deal_tag = deal.tag("Deal")
    kitty_tag = deal.tag("Kitty")
    counter: Counter[str] = Counter()
    for hand in hands:
        if hand is not None:
            counter.update(hand)
    if kitty is not None:
        counter.update(kitty)
    dups = sorted((c for c, n in counter.items() if n > 1), key=DECK.index)
    ok = True
    if dups:
        for card in dups:
            holders = []
            for s in engine.SEATS:
                if hands[s - 1] is not None:
                    holders += [f"seat {s}'s hand"] * hands[s - 1].count(card)
            if kitty is not None:
                holders += ["the kitty"] * kitty.count(card)
            places = list(dict.fromkeys(holders))
            where = " and ".join(f"twice in {p}" if holders.count(p) > 1 else f"in {p}" for p in places)
            at = deal_tag if deal_tag is not None else kitty_tag
            out.append(diag("BPN202", f"{card} appears more than once ({where})", *_at(at, deal)))
        return False
    missing: list[str] = []
    if all(h is not None for h in hands) and kitty is not None:
        missing = [c for c in DECK if c not in counter]
    # Wrong counts are one fault however many holdings it touches (a card in the wrong
    # place makes one too long and another too short): one diagnostic. When cards are
    # missing from the deck, BPN203 says which, and only holdings too long are counts.
    wrong = []
    for s in engine.SEATS:
        hand = hands[s - 1]
        if hand is not None and len(hand) != 16 and (not missing or len(hand) > 16):
            wrong.append((f"seat {s}'s hand has {len(hand)} cards", deal_tag))
    if kitty is not None and len(kitty) != 4 and (not missing or len(kitty) > 4):
        wrong.append((f"the kitty has {len(kitty)} cards", kitty_tag))
    if wrong:
        rule = "a hand has 16 cards and the kitty 4"
        out.append(diag("BPN201", f"{' and '.join(w for w, _ in wrong)}; {rule}",
                        *_at(wrong[0][1] or deal_tag or kitty_tag, deal)))
        ok = False
    if missing:
        out.append(diag("BPN203", f"the deal and kitty do not make up the deck: {_cards_text(missing)} "
                        f"{'is' if len(missing) == 1 else 'are'} missing", *_at(deal_tag or kitty_tag, deal)))
        ok = False
    return ok


def hands_in_play(forehand, hands, kitty, discard, exchange):
    """Each seat's cards when play starts (after the exchange), whether that is exact,
    and for each seat the cards it surely does not hold (used where a hand is unknown)."""
    play_hands = [set(h) if h is not None else None for h in hands]
    exact = [True, True, True]
    out_of_play = set(discard) if exchange and discard else set()
    if forehand is None:
        if exchange is not False:
            # Some seat may have taken the kitty, and we do not know which: check the
            # play against what each seat is seen to play.
            return [None, None, None], exact, [out_of_play] * 3
        if kitty is not None:
            out_of_play |= set(kitty)
    else:
        i = forehand - 1
        dealt = play_hands[i]
        if exchange is False:
            if kitty is not None:
                out_of_play |= set(kitty)
        elif exchange is True and discard is not None:
            if dealt is not None:
                play_hands[i] = (dealt | set(kitty)) - set(discard) if kitty is not None else None
        elif dealt is not None:
            if kitty is not None:
                play_hands[i] = dealt | set(kitty)
                exact[i] = False  # we do not know which four went out
            else:
                play_hands[i] = None
    if all(h is not None for h in play_hands):
        return play_hands, exact, [set(), set(), set()]  # only unknown hands consult these
    excluded = []
    for s in engine.SEATS:
        others = set(out_of_play)
        for t in engine.SEATS:
            if t != s and hands[t - 1] is not None:
                others |= set(hands[t - 1])
        if kitty is not None and s != forehand:
            others |= set(kitty)  # only the forehand can have taken the kitty
        excluded.append(others)
    return play_hands, exact, excluded


def _report_faults(deal: Deal, replay: engine.Replay, out: list[Diagnostic]) -> None:
    cards = deal.play.cards  # type: ignore[union-attr]
    for fault in replay.faults:
        played = cards[fault.index]
        line, column = played.pos.line, played.pos.column
        trick = fault.index // 3 + 1
        if fault.kind == "too_many":
            out.append(diag("BPN504", f"{fault.card} would start trick {trick}: a deal has 16 tricks "
                            "(48 cards)", line, column))
        elif fault.kind == "not_held":
            if fault.detail.startswith("leader:"):
                other = fault.detail.split(":")[1]
                out.append(diag("BPN502", f"seat {fault.seat} won trick {trick - 1} and leads trick {trick}, "
                                f"but the record has {fault.card}, seat {other}'s card: seat {other} leads "
                                "out of turn", line, column))
                continue
            why = "it was already played" if fault.detail == "played" else _whereabouts(deal, fault)
            out.append(diag("BPN502", f"seat {fault.seat} plays {fault.card} in trick {trick}, a card it "
                            f"does not hold: {why}", line, column))
        else:
            suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[fault.detail]
            if played.revoke:
                out.append(diag("BPN503", f"revoke (marked ^R): seat {fault.seat} plays {fault.card} in "
                                f"trick {trick} while holding {suit}", line, column, WARNING))
            else:
                out.append(diag("BPN503", f"revoke: seat {fault.seat} plays {fault.card} in trick {trick} "
                                f"while still holding {suit}, the suit led", line, column))


def _whereabouts(deal: Deal, fault: engine.Fault) -> str:
    """Where a card a seat did not hold really was, as far as the record tells."""
    card = fault.card
    if deal.discard and card in deal.discard:
        return "the forehand discarded it"
    for s in engine.SEATS:
        hand = deal.hands[s - 1] if deal.hands else None
        if s != fault.seat and hand and card in hand:
            kept = s == deal.forehand and deal.discard is not None and card not in deal.discard
            return f"it was dealt to seat {s}" if not kept or s != fault.seat else "it was discarded"
    if deal.kitty and card in deal.kitty:
        if deal.exchange is False:
            return "it stayed in the kitty (the exchange was declined)"
        if fault.seat != deal.forehand:
            return "it was in the kitty, which only the forehand takes"
    return f"it is not in seat {fault.seat}'s hand"


def _check_tricks(deal: Deal, replay: engine.Replay | None, out: list[Diagnostic]):
    tag = deal.tag("Tricks")
    given = deal.tricks
    complete = replay is not None and not replay.stopped and replay.tricks == engine.TRICKS_PER_DEAL
    incomplete = deal.play is not None and not complete and not (replay is not None and replay.stopped)
    if given is not None:
        if sum(given) != engine.TRICKS_PER_DEAL:
            out.append(diag("BPN604", f"the tricks {_tricks_text(given)} add up to {sum(given)}, not 16",
                            *_at(tag, deal)))
            return replay.won if complete else None
        if complete and tuple(given) != tuple(replay.won):
            out.append(diag("BPN601", f"the play gives {_tricks_text(replay.won)} tricks to seats 1/2/3, "
                            f"not {_tricks_text(given)}", *_at(tag, deal)))
            return replay.won
        if incomplete and replay is not None:
            short = [s for s in engine.SEATS if given[s - 1] < replay.won[s - 1]]
            if short:
                s = short[0]
                out.append(diag("BPN505", f"seat {s} already has {replay.won[s - 1]} tricks after "
                                f"{replay.tricks} played, so it cannot end with {given[s - 1]}", *_at(tag, deal)))
                return None  # the final count is unknown: no score to check against
        return given
    if complete:
        return replay.won
    if incomplete and deal.play is not None and tag is None:
        played = replay.tricks if replay is not None else 0
        out.append(diag("BPN101", f"the play stops after {played} tricks, so the [Tricks] tag must give "
                        "the final count", *_at(deal.play.tag, deal)))
    return None


# ---- sessions --------------------------------------------------------------------------------

_SESSION_POSITIONS = ("Board", "Forehand", "Contract", "Total")


class SessionFacts(NamedTuple):
    """What the session checks read of a deal: small and picklable, so that deals can
    be checked in worker processes and their sessions followed in the main one. It
    answers the same questions as :class:`Deal` (``session_key()``, ``tag(name)``)."""

    board: int | None
    key: tuple
    variant: object
    forehand: int | None
    contract: str | None
    total: tuple[int, int, int] | None
    pos: object
    tags: dict

    @classmethod
    def of(cls, deal: Deal) -> SessionFacts:
        tags = {name: deal.tag_map[name] for name in _SESSION_POSITIONS if name in deal.tag_map}
        tags = {name: Tag(name, t.value, t.pos) for name, t in tags.items()}
        return cls(deal.board, deal.session_key(), deal.variant, deal.forehand, deal.contract,
                   deal.total, deal.pos, tags)

    def session_key(self) -> tuple:
        return self.key

    def tag(self, name: str) -> Tag | None:
        return self.tags.get(name)


class SessionChecker:
    """Follows deals with a Board tag through their sessions. Feed deals in file order;
    call :meth:`finish` at the end. O(1) memory per session."""

    def __init__(self) -> None:
        self.active = False
        self.last: Deal | None = None

    def _start(self, deal: Deal) -> None:
        self.active = True
        self.key = deal.session_key()
        self.variant = deal.variant
        self.board = None
        self.position = 0
        self.forehand = None
        self.counts: Counter[tuple[int, str]] = Counter()
        self.totals: tuple[int, int, int] | None = (0, 0, 0)
        self.true: tuple[int, int, int] | None = (0, 0, 0)
        self.written: tuple[int, int, int] | None = (0, 0, 0)
        self.last = None

    def feed(self, deal: Deal, result: DealResult) -> tuple[list[Diagnostic], list[Diagnostic]]:
        """Check ``deal``; returns (diagnostics for this deal, diagnostics for the previous
        deal that only this one revealed, i.e. BPN704 at the end of a session)."""
        out: list[Diagnostic] = []
        before: list[Diagnostic] = []
        if deal.board is None:
            return out, before
        tag = deal.tag
        if not self.active or deal.board == 1 or deal.session_key() != self.key:
            before = self.finish()
            self._start(deal)
            if deal.board != 1:
                out.append(diag("BPN702", f"this session starts at board {deal.board}; a session starts "
                                "at board 1", *_at(tag("Board"), deal)))
        elif self.board is not None and deal.board not in (self.board + 1, self.position + 1):
            out.append(diag("BPN702", f"board {deal.board} follows board {self.board}; expected board "
                            f"{self.board + 1}", *_at(tag("Board"), deal)))
        # A gap in the numbers is a slip in numbering (the forehand moves one seat) or a
        # deal really missing (it moves one seat per board): either is one fault, already
        # reported as BPN702, and the rotation is checked against both.
        gap = deal.board - self.board if self.board is not None and deal.board > self.board else 1
        missing = False
        if deal.forehand is not None and self.forehand is not None:
            expected = engine.left_of(self.forehand)
            jumped = (self.forehand - 1 + gap) % 3 + 1  # the forehand moved one seat per board
            missing = gap > 1 and deal.forehand == jumped and jumped != expected
            if deal.forehand not in (expected, jumped):
                out.append(diag("BPN701", f"seat {deal.forehand} is forehand, but after seat {self.forehand} "
                                f"the forehand moves to seat {expected}", *_at(tag("Forehand"), deal)))
        if missing:
            self.true = self.written = None  # the missing deals' scores are unknown
        variant = self.variant
        contract = deal.contract
        if deal.board > variant.deals:
            tie = self.totals is not None and _tie_at_top(self.totals)
            if not tie or contract != "Valfri":
                why = ("there is no tie at the top to break" if not tie else
                       f"a tie-break deal is Valfri, not {contract}")
                out.append(diag("BPN705", f"board {deal.board} is beyond the {variant.deals} deals of "
                                f"{variant.base} and is not a tie-break: {why}", *_at(tag("Board"), deal)))
        elif deal.forehand is not None and contract in variant.contracts:
            key = (deal.forehand, contract)
            self.counts[key] += 1
            if self.counts[key] > variant.per_contract:
                times = "once" if variant.per_contract == 1 else f"{variant.per_contract} times"
                out.append(diag("BPN703", f"seat {deal.forehand} has already played {contract} as forehand "
                                f"{times}, as often as {variant.base} allows", *_at(tag("Contract"), deal)))
        # running total: a Total is right if it is the true running sum of the scores,
        # or the previous written Total plus this score (an earlier slip carried on):
        # either way one slip gives one diagnostic.
        score = result.score
        if score is not None:
            true = _add(self.true, score)
            carried = _add(self.written, score)
            if deal.total is not None and (true or carried) and tuple(deal.total) not in (true, carried):
                expected = true or carried
                out.append(diag("BPN603", f"the running total after this deal is {signed_text(expected)} "
                                f"(the scores so far add up to it), not {signed_text(deal.total)}",
                                *_at(tag("Total"), deal)))
            self.true = true if true is not None else (tuple(deal.total) if deal.total is not None else None)
        else:
            self.true = tuple(deal.total) if deal.total is not None else None
        self.written = tuple(deal.total) if deal.total is not None else self.true
        self.totals = self.true if self.true is not None else self.written
        self.board = deal.board
        self.position = self.position + 1 if self.position else deal.board
        self.forehand = deal.forehand if deal.forehand is not None else (
            engine.left_of(self.forehand) if self.forehand is not None else None)
        self.last = deal
        return out, before

    def finish(self) -> list[Diagnostic]:
        """End the current session: BPN704 if its regular deals are done and the top is
        tied with no tie-break after it."""
        if not self.active or self.last is None:
            return []
        self.active = False
        last = self.last
        if self.board is None or self.board < self.variant.deals or self.totals is None:
            return []
        if _tie_at_top(self.totals):
            top = max(self.totals)
            tied = [str(s) for s in engine.SEATS if self.totals[s - 1] == top]
            seats = ", ".join(tied[:-1]) + " and " + tied[-1] if len(tied) > 2 else " and ".join(tied)
            top_text = f"{top:+d}" if top else "0"
            at = last.tag("Total") or last.tag("Board")
            if self.board > self.variant.deals:
                why = "the tie-break deals so far leave the tie unbroken: another Valfri deal may follow"
            else:
                why = "no tie-break follows: a shared win, unless a Valfri tie-break is played"
            return [diag("BPN704", f"the session ends with seats {seats} tied at the top on "
                         f"{top_text}; {why}", *_at(at, last))]
        return []


# ---- streams and files -------------------------------------------------------------------------

def validate_deals(deals: Iterable[Deal]) -> Iterator[Checked]:
    """Check deals in file order, session checks included. Each deal comes out once the
    next one has been read (a session's end is only known then). O(1) memory."""
    session = SessionChecker()
    pending: Checked | None = None
    for deal in deals:
        checked = check_deal(deal)
        if deal.tags:
            now, before = session.feed(deal, checked.result)
            checked.diagnostics.extend(now)
            if before and pending is not None:
                pending.diagnostics.extend(before)
            if deal.board is not None:
                checked = checked._replace(total=session.totals)
        if pending is not None:
            yield pending
        pending = checked
    end = session.finish()
    if pending is not None:
        pending.diagnostics.extend(end)
        yield pending


def validate_text(text: str, path: str | None = None) -> list[Diagnostic]:
    """All diagnostics for the BPN ``text``, in file order."""
    out = []
    for checked in validate_deals(parse(text)):
        out.extend(d._replace(path=path) for d in checked.diagnostics)
    return out


def validate_stream(source: BinaryIO | TextIO, path: str | None = None, *,
                    encoding: str = "utf-8") -> Iterator[Diagnostic]:
    """Diagnostics for a file object, streamed deal by deal."""
    for checked in validate_deals(read_deals(source, encoding=encoding)):
        for d in checked.diagnostics:
            yield d._replace(path=path)


def validate_file(path: str | Path, *, encoding: str = "utf-8") -> list[Diagnostic]:
    """All diagnostics for the file at ``path`` (raises OSError if it cannot be read)."""
    with open(path, "rb") as fp:
        return list(validate_stream(fp, str(path), encoding=encoding))
