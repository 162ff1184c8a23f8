"""The validator: every check of BPN 1.0 §4 and BPN 1.1 §3 on deals read by the reader.

``check_deal`` checks one deal (tags, cards, exchange, contract, play, tricks, score) by
asking the deal's ruleset (:mod:`bismarck_pbn.games`) and turning its findings and the
replay's faults into diagnostics at the token at fault. The session checks (rotation,
board order, schedules, totals, tie-breaks, game ends) are in
:mod:`bismarck_pbn.check.session`. ``validate_deals`` streams both over a file, one deal
at a time.

One fault gives one diagnostic where it can: a Trump tag that contradicts the contract
is reported and the play is replayed with the contract's trump; a wrong opening leader
is reported and the replay goes on with the right one; holdings that do not add up are
reported once and the play is then checked against what each seat is seen to play.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO, TextIO

from bismarck_pbn.check.replay import Replay, replay
from bismarck_pbn.check.results import Checked, DealResult
from bismarck_pbn.check.session import SessionChecker, SessionFacts
from bismarck_pbn.check.wording import fault_diagnostics, leader_message
from bismarck_pbn.diagnostics import INFO, WARNING, Diagnostic, diag
from bismarck_pbn.format.reader import parse, read_deals
from bismarck_pbn.format.values import signed_text
from bismarck_pbn.games import Finding, Ruleset, Setup, ruleset_of
from bismarck_pbn.games.base import GAME_TAGS
from bismarck_pbn.games.tricks import TrickRules
from bismarck_pbn.model.deal import NOWHERE, Deal, Tag

__all__ = ["Checked", "DealResult", "SessionChecker", "SessionFacts", "check_deal", "located",
           "prepare", "validate_deals", "validate_file", "validate_stream", "validate_text"]


def _at(tag: Tag | None, deal: Deal) -> tuple[int, int]:
    pos = tag.pos if tag is not None and tag.pos is not NOWHERE else deal.pos
    return pos.line, pos.column


def located(finding: Finding, deal: Deal) -> Diagnostic:
    """A ruleset's finding as a diagnostic at the call or tag it names (or the deal's start)."""
    auction = deal.auction
    if finding.call is not None and auction is not None and 0 <= finding.call < len(auction.calls):
        pos = auction.calls[finding.call].pos
        if pos is not NOWHERE:
            return diag(finding.code, finding.message, pos.line, pos.column, finding.severity)
        return diag(finding.code, finding.message, *_at(auction.tag, deal), finding.severity)
    tag = deal.tag(finding.at) if finding.at else None
    return diag(finding.code, finding.message, *_at(tag, deal), finding.severity)


def _counts(values: Iterable[int]) -> str:
    return "/".join(str(v) for v in values)


# ---- one deal ----------------------------------------------------------------------------

def prepare(deal: Deal, out: list[Diagnostic] | None = None, rules: Ruleset | None = None) -> tuple[Ruleset, Setup]:
    """The deal's ruleset and what its play is replayed with, reporting into ``out``
    what the auction and the tags before the play get wrong. The validator, ``show``,
    ``replay`` and ``record`` all start from here, so they always agree."""
    rules = rules or ruleset_of(deal)
    findings: list[Finding] = []
    if deal.auction is not None and out is not None:
        auction = rules.auction_of(deal)
        if auction is not None:
            findings.extend(auction.findings)
            findings.extend(rules.auction_agreement(deal, auction))
    setup = rules.setup(deal, findings)
    if out is not None and findings:
        out.extend([located(f, deal) for f in findings])
    return rules, setup


def replay_deal(deal: Deal, rules: Ruleset, setup: Setup) -> Replay | None:
    """Replay the deal's play from ``setup`` as the validator does (None: nothing to replay).

    A wrong opening leader is one fault (BPN501, reported by the caller): when the
    record's leader is not the one the rules want, the play is replayed both ways and
    the way the record reads with fewer faults is kept — usually the record's own, so
    the rest of the deal is still checked card by card."""
    play = deal.play
    if play is None:
        return None
    leader = setup.leader if setup.leader is not None else play.leader
    if leader is None:
        return None
    trick_rules = setup.rules or TrickRules(rules.seats, rules.tricks, None)
    cards = [c.card for c in play.cards]
    result = replay(cards, hands=setup.play_hands, rules=trick_rules, leader=leader, excluded=setup.excluded,
                    unknown_trump=setup.rules is None, exact=setup.exact)
    if play.leader is not None and play.leader != leader and result.faults:
        written = replay(cards, hands=setup.play_hands, rules=trick_rules, leader=play.leader,
                         excluded=setup.excluded, unknown_trump=setup.rules is None, exact=setup.exact)
        if len(written.faults) <= len(result.faults):
            return written
    return result


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
    rules = ruleset_of(deal)
    required = rules.required(deal)
    for name in sorted(GAME_TAGS - rules.own_tags):  # (diagnostics are sorted by place below)
        if name in deal.tag_map and name not in deal.unread:
            required.append(Finding("BPN104", f"[{name}] is not a tag of {rules.name}, kept as it is",
                                    name, WARNING))
    if deal.tag("Turned") is not None and not rules.turns_card(deal):
        required.append(Finding("BPN205", f"no card is turned up for trump in {_game_text(rules, deal)}: the "
                                "[Turned] tag has no place here", "Turned"))
    if required:
        out.extend([located(f, deal) for f in required])
    rules, setup = prepare(deal, out, rules)

    # -- play
    result = None
    play = deal.play
    thrown_in = play is not None and _is_thrown_in(deal, rules)
    if play is not None and thrown_in:  # one fault at the Play tag; nothing to replay
        n = len(play.cards)
        holds = f"its {n} card{'s are' if n != 1 else ' is'} not checked" if n else "it holds no cards"
        out.append(diag("BPN504", 'the deal was thrown in ([Contract "None"]): nobody plays it, so it has no '
                        f"tricks and no play section (BPN 1.1 §1); {holds}", *_at(play.tag, deal)))
    elif play is not None:
        expected = setup.leader
        if play.leader is not None and expected is not None and play.leader != expected:
            out.append(diag("BPN501", leader_message(play.leader, expected, rules.leader_rule()),
                            *_at(play.tag, deal)))
        result = replay_deal(deal, rules, setup)
        if result is not None and result.faults:
            out.extend(_off_deck(rules, fault, d) for fault, d in
                       zip(result.faults, fault_diagnostics(deal, result.faults, rules.seats, rules.tricks)))

    # -- tricks and score
    tricks = None if thrown_in else _check_tricks(deal, rules, result, out)
    score = None
    taken = cards_taken(deal, rules, result) if rules.needs_taken else None
    counted = None
    if tricks is not None:
        counted = rules.counted_tricks(deal, tricks, result.winners if result is not None else None)
    computed = rules.score(deal, counted, taken) if counted is not None else None
    if computed is not None and counted is not None:  # (computed only from counted)
        score = computed
        if deal.score is not None and tuple(deal.score) != tuple(score):
            out.append(diag("BPN602", f"the score is {signed_text(score)} {rules.score_explained(deal, counted)}, "
                            f"not {signed_text(deal.score)}", *_at(deal.tag("Score"), deal)))
    elif (zeros := _thrown_in_score(deal, rules, tricks)) is not None:
        score = zeros  # BPN 1.1 §4: a deal thrown in scores 0 for every seat (side), Score tag or not
        if deal.score is not None and tuple(deal.score) != zeros:
            out.append(diag("BPN602", f"the deal was thrown in (Contract None), so the score is "
                            f"{signed_text(zeros)}, not {signed_text(deal.score)}", *_at(deal.tag("Score"), deal)))
    elif deal.score is not None:
        score = deal.score
        if rules.zero_sum and sum(score) != 0:
            out.append(diag("BPN602", f"the scores {signed_text(score)} add up to {sum(score):+d}; a deal's "
                            "scores always add up to 0", *_at(deal.tag("Score"), deal)))
    basis = None
    if tricks is not None and computed is None:
        basis = rules.score_basis(deal, _by_seat(rules, tricks, result))
    out.sort(key=lambda d: (d.line, d.column))
    return Checked(deal, out, DealResult(tricks, score, result, basis))


def _by_seat(rules: Ruleset, tricks: tuple[int, ...], result: Replay | None) -> tuple[int, ...]:
    """The final tricks by seat where the whole play shows them and Tricks, given per
    side, agrees with it: a Swedish Whist misère's Points need the declarer's own."""
    if (len(tricks) != rules.seats and result is not None and not result.stopped
            and result.tricks == rules.tricks and rules.per_side(result.won) == tuple(tricks)):
        return tuple(result.won)
    return tricks


def _game_text(rules: Ruleset, deal: Deal) -> str:
    """The game (and for Bismarck the variant, and the contract where it decides) in words."""
    if rules.name != "Bismarck":
        return rules.name
    text = f"Bismarck {deal.variant.base}"
    return text + (f" {deal.contract}" if deal.variant.base == "Finnish" and deal.contract else "")


def _thrown_in_score(deal: Deal, rules: Ruleset, tricks) -> tuple[int, ...] | None:
    """The zeros a deal thrown in scores (``Contract "None"``, no tricks; a play section
    it should not have is reported on its own), in the shape of the deal's Score (per
    seat or per side); None for any other deal."""
    if tricks is not None or rules.contract_of(deal)[0] != "None":
        return None
    zeros = rules.score(deal, (0,) * rules.seats, None)
    return tuple(zeros) if zeros is not None and not any(zeros) else None


def _is_thrown_in(deal: Deal, rules: Ruleset) -> bool:
    """Whether the deal was thrown in (``Contract "None"`` in a game that redeals, BPN
    1.1 §1): such a deal has no play."""
    return _thrown_in_score(deal, rules, None) is not None


def _off_deck(rules: Ruleset, fault, d: Diagnostic) -> Diagnostic:
    """A card played that is not in the game's deck (a 2 in Whisk) is BPN204, not BPN502."""
    if fault.kind != "not_held" or fault.card in rules.deck_set:
        return d
    return diag("BPN204", f"seat {fault.seat} plays {fault.card} in trick {fault.index // rules.seats + 1}, "
                f"a card not in the deck of {rules.name}", d.line, d.column)


def cards_taken(deal: Deal, rules: Ruleset, result: Replay | None) -> list[list[str]] | None:
    """The cards each seat took in tricks, by seat − 1, when the whole play is known."""
    if result is None or deal.play is None or result.stopped or not rules.finished(result.won):
        return None
    n = rules.seats
    cards = [c.card for c in deal.play.cards]
    taken: list[list[str]] = [[] for _ in range(n)]
    for k, winner in enumerate(result.winners):
        taken[winner - 1].extend(cards[k * n:(k + 1) * n])
    return taken


def _check_tricks(deal: Deal, rules: Ruleset, result: Replay | None, out: list[Diagnostic]):
    """BPN601, 604, 505 and 101 (Tricks after a claim); the deal's final tricks."""
    tag = deal.tag("Tricks")
    given = deal.tricks
    complete = result is not None and not result.stopped and rules.finished(result.won)
    incomplete = deal.play is not None and not complete and not (result is not None and result.stopped)
    by_side = given is not None and len(given) != rules.seats
    won = None
    if result is not None:
        won = rules.per_side(result.won) if by_side else tuple(result.won)
    if given is not None:
        wrong = rules.tricks_fault(given)
        if wrong is not None:
            out.append(diag("BPN604", f"the tricks {_counts(given)} {wrong}", *_at(tag, deal)))
            return result.won if complete and result is not None else None
        if complete and won is not None and tuple(given) != won:
            who = "sides 1/2" if by_side else "seats " + "/".join(str(s) for s in rules.seat_range())
            out.append(diag("BPN601", f"the play gives {_counts(won)} tricks to {who}, not {_counts(given)}",
                            *_at(tag, deal)))
            return result.won  # type: ignore[union-attr]
        if incomplete and result is not None and won is not None:
            short = [i for i in range(len(given)) if given[i] < won[i]]
            if short:
                i = short[0]
                name = f"side {i + 1}" if by_side else f"seat {i + 1}"
                out.append(diag("BPN505", f"{name} already has {won[i]} tricks after {result.tricks} played, "
                                f"so it cannot end with {given[i]}", *_at(tag, deal)))
                return None  # the final count is unknown: no score to check against
            conceded = rules.claim_fault(given, won)
            if conceded is not None:
                out.append(diag("BPN505", f"the claim {conceded}", *_at(tag, deal)))
                return None
            if deal.play is not None and deal.play.cards:
                out.append(diag("BPN506", f"claim after trick {result.tricks}: Tricks {' '.join(map(str, given))}",
                                *_at(tag, deal), INFO))
        return given
    if complete and result is not None:
        return tuple(result.won)
    if incomplete and deal.play is not None and tag is None:
        played = result.tricks if result is not None else 0
        out.append(diag("BPN101", f"the play stops after {played} tricks, so the [Tricks] tag must give "
                        "the final count", *_at(deal.play.tag, deal)))
    return None


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
                checked = checked._replace(total=session.totals, settled=session.score, points=session.points,
                                           marks=session.marks)
        if pending is not None:
            yield pending
        pending = checked
    end = session.finish()
    if pending is not None:
        pending.diagnostics.extend(end)
        yield pending


def validate_text(text: str, path: str | None = None) -> list[Diagnostic]:
    """All diagnostics for the BPN ``text``, in file order."""
    out: list[Diagnostic] = []
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
