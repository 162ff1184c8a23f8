"""The auction games' questions for ``bpn record`` (Solo, Bid, Israeli and Swedish
Whist): the calls in turn from the seat the rules say, each judged as it is typed by
the ruleset's own :meth:`~bismarck_pbn.games.base.Ruleset.check_auction` (through
:mod:`bismarck_pbn.games.auction`), so that a call is refused with the validator's
words; ``undo`` takes back the last call. When the auction ends, the contract,
declarer and trump are what it says; then Israeli Whist's Frisches and contract bids.

Each function takes the :class:`~bismarck_pbn.session.dialogue.Dialogue` it asks
through. A call that is the only legal one (the ``Frisch`` after four passes) is made
for the user, and taken back with the call before it.
"""

from __future__ import annotations

from bismarck_pbn.games.auction import PASS, judge, legal_calls, refusal
from bismarck_pbn.model.games import call_word
from bismarck_pbn.session.dialogue import Aborted, Dialogue, match_word

__all__ = ["AUCTION_HELP", "ask_auction", "ask_bids", "ask_frisch", "ask_frisches", "undo_call"]

AUCTION_HELP = ("type the call (Tab completes it), or: u / undo to take back the last call, "
                "? to list the legal calls, quit to abandon the deal")
_COUNTS_AS_PASS = "; it counts as Pass"
_SHOWN = 10
"""Legal calls listed after a refusal (``?`` lists them all)."""


def _forced(q: Dialogue, calls: list[str]) -> str | None:
    """The call made for the user after ``calls``: the only legal one, when it is not Pass."""
    legal = legal_calls(q.rules, q.probe(), calls)
    return legal[0] if len(legal) == 1 and legal[0] != PASS else None


def ask_auction(q: Dialogue) -> None:
    """The calls until the auction ends; then the contract, declarer, trump and leader
    it gives (``q.thrown_in`` when it ends with no contract)."""
    rules, rec = q.rules, q.rec
    rec.contract = rec.declarer = rec.trump = None
    q.thrown_in = False
    if not rec.calls:
        q.say(f"The auction, call by call ({AUCTION_HELP}).")
    while True:
        base = q.probe()
        result = judge(rules, base, rec.calls)
        if result.complete:
            break
        legal = legal_calls(rules, base, rec.calls)
        if len(legal) == 1 and legal[0] != PASS:  # the only call there is (a Frisch): made for the user
            rec.calls.append(legal[0])
            q.say(f"  {legal[0]}: the auction begins again, {q.name(rules.left_of(rec.seat))} first")
            continue
        answer = q.ask(f"{q.name(result.to_call or rules.left_of(rec.seat))} calls", None, legal)
        command = answer.lower()
        if command in ("u", "undo"):
            undo_call(q)
        elif command == "?":
            q.say("may call: " + " ".join(legal))
        elif command in ("h", "help"):
            q.say(AUCTION_HELP)
        elif command in ("q", "quit", "abort"):
            if q.confirm("Abandon this deal? Nothing will be written"):
                raise Aborted("abandoned")
        elif not answer:
            q.say(AUCTION_HELP, "yellow")
        else:
            # the legal calls first (after a Propose, p can only be Pass), said when others begin so too
            found = match_word(answer, legal) or match_word(answer, rules.calls)
            if len(found) == 1 and len(match_word(answer, rules.calls)) > 1:
                q.say(f"  {answer!r}: {found[0]}, the only legal call it begins")
            if len(found) > 1:
                q.say(f"{answer!r} could be {' or '.join(found)}", "red")
                continue
            word = found[0] if found else call_word(answer)
            why = refusal(rules, base, rec.calls, word)
            if why is not None:
                shown = " ".join(legal[:_SHOWN]) + (" … (? lists them all)" if len(legal) > _SHOWN else "")
                q.say(f"refused: {why.message.removesuffix(_COUNTS_AS_PASS)} ({why.code}); may call: {shown}",
                      "red")
                continue
            rec.calls.append(word)
    _settle(q, result)


def _settle(q: Dialogue, result) -> None:
    """The contract, declarer and trump the finished auction gives, and who leads."""
    rules, rec = q.rules, q.rec
    rec.contract, rec.declarer, rec.trump = result.contract, result.declarer, result.trump
    if result.contract == "None":
        q.thrown_in = True
        q.say("The auction ends with no contract: the deal is thrown in (no play).")
        return
    leader = rules.opening_leader(q.probe())
    rec.leader = leader if leader is not None else rules.left_of(rec.seat)
    if rec.declarer is None:
        who = "nobody won the bidding"
    else:
        who = f"declarer {q.name(rec.declarer)}" + (
            f" with {q.name(result.partner)}" if result.partner is not None else "")
    q.say(f"The auction ends: {rec.contract}, {who}; {q.name(rec.leader)} leads.")


def undo_call(q: Dialogue) -> None:
    """Take back the last call (and a call made for the user after it)."""
    calls = q.rec.calls
    if not calls:
        q.say("nothing to take back: no call has been made", "yellow")
        return
    while len(calls) > 1 and _forced(q, calls[:-1]) == calls[-1]:
        calls.pop()
    word = calls.pop()
    q.say(f"took back {word}")


def ask_frisches(q: Dialogue) -> None:
    """The cards each seat passed in each Frisch the auction had (? if not recorded)."""
    restarts = judge(q.rules, q.probe(), q.rec.calls).restarts
    for k in range(1, len(q.rec.frisch) + 1):
        if k > restarts:
            q.rec.frisch[k - 1] = None
        else:
            ask_frisch(q, k)


def ask_frisch(q: Dialogue, k: int) -> None:
    """Frisch ``k``: the cards each seat passed to its left (checked against the hands
    by the validator's BPN303 afterwards)."""
    n = q.asks.passed
    passed = []
    for seat in q.rules.seat_range():
        cards = q.ask_cards(f"Frisch {k}: the {n} cards {q.name(seat)} passed to the left (? if not recorded)",
                            n, f"each seat passes {n}")
        if cards is None:
            q.rec.frisch[k - 1] = None
            return
        passed.append(cards)
    q.rec.frisch[k - 1] = tuple(passed)


def ask_bids(q: Dialogue) -> None:
    """Each seat's contract bid, from the declarer clockwise, each checked as it is made
    by the ruleset's :meth:`~bismarck_pbn.games.base.Ruleset.bids_fault` (the
    validator's BPN803): the declarer's bid, the last bidder's sum."""
    rules, rec = q.rules, q.rec
    if rec.declarer is None:
        return
    bids: list[int | None] = [None] * rules.seats
    seat = rec.declarer
    q.say(f"Contract bids, from the declarer clockwise (0 to {rules.tricks}).")
    for turn in range(rules.seats):
        note = ""
        if turn == 0:
            note = f", at least {''.join(ch for ch in rec.contract or '' if ch.isdigit())}"
        elif turn == rules.seats - 1:
            rest = rules.tricks - sum(b for b in bids if b is not None)
            note = f", not {rest}: the bids may not add up to {rules.tricks}" if 0 <= rest <= rules.tricks else ""
        while True:
            answer = q.ask(f"Contract bid of {q.name(seat)} (0 to {rules.tricks}{note})")
            if not (answer.isdigit() and int(answer) <= rules.tricks):
                q.say(f"a contract bid is a number of tricks, 0 to {rules.tricks}", "red")
                continue
            bids[seat - 1] = int(answer)
            fault = rules.bids_fault(rec.contract, rec.declarer, bids)
            if fault is None:
                break
            q.say(f"refused: {fault} (BPN803)", "red")
            bids[seat - 1] = None
        seat = rules.left_of(seat)
    rec.bids = tuple(b or 0 for b in bids)
