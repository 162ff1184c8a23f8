"""The words for faults in the play: one place, used by the validator, ``show`` and the
replay, so a fault reads the same wherever it is shown.
"""

from __future__ import annotations

from bismarck_pbn.diagnostics import WARNING, Diagnostic, diag
from bismarck_pbn.games.tricks import SUIT_NAMES, Fault
from bismarck_pbn.model.deal import Deal
from bismarck_pbn.model.games import BISMARCK

FAULT_CODES = {"not_held": "BPN502", "revoke": "BPN503", "too_many": "BPN504", "missing": "BPN507",
               "extra": "BPN507"}
"""The code each kind of fault in the play is reported with."""


def fault_diagnostics(deal: Deal, faults, seats: int, tricks: int) -> list[Diagnostic]:
    """Diagnostics for faults of the replay, each at its card. ``seats`` and ``tricks``
    are the game's (cards per trick, tricks per deal)."""
    cards = deal.play.cards if deal.play is not None else ()
    out = []
    for fault in faults:
        played = cards[fault.index]
        out.append(fault_diagnostic(deal, fault, seats, tricks, played.revoke, played.pos.line, played.pos.column))
    return out


def fault_diagnostic(deal: Deal, fault: Fault, seats: int, tricks: int, marked: bool, line: int,
                     column: int) -> Diagnostic:
    """One fault of the play as a diagnostic at ``line``:``column``."""
    trick = fault.index // seats + 1
    if fault.kind == "missing":
        return diag("BPN507", f"a card seems to be missing before {fault.card}: seat {fault.seat}'s card in "
                    f"this trick is not in the record (the play reads right again when one card is "
                    f"assumed missing here)", line, column)
    if fault.kind == "extra":
        return diag("BPN507", f"{fault.card} seems to be one card too many (the play reads right again "
                    f"without it)", line, column)
    if fault.kind == "too_many" and fault.detail == "over":
        return diag("BPN504", f"{fault.card} would start trick {trick}, but the deal is over: a seat won its "
                    f"14th trick in trick {trick - 1}", line, column)
    if fault.kind == "too_many":
        return diag("BPN504", f"{fault.card} would start trick {trick}: a deal has {tricks} tricks "
                    f"({tricks * seats} cards)", line, column)
    if fault.kind == "not_held":
        if fault.detail.startswith("leader:"):
            other = fault.detail.split(":")[1]
            return diag("BPN502", f"seat {fault.seat} won trick {trick - 1} and leads trick {trick}, but the "
                        f"record has {fault.card}, seat {other}'s card: seat {other} leads out of turn",
                        line, column)
        if fault.detail.startswith("face_down"):
            return face_down(fault, trick, line, column)
        why = "it was already played" if fault.detail == "played" else whereabouts(deal, fault)
        return diag("BPN502", f"seat {fault.seat} plays {fault.card} in trick {trick}, a card it does not "
                    f"hold: {why}", line, column)
    if fault.detail.startswith("trump:"):
        suit = SUIT_NAMES.get(fault.detail[6:], fault.detail[6:])
        what = f"does not trump though it holds {suit}, the trump, and cannot follow suit"
        if marked:
            return diag("BPN503", f"revoke (marked ^R): seat {fault.seat} plays {fault.card} in trick {trick} "
                        f"and {what}", line, column, WARNING)
        return diag("BPN503", f"revoke: seat {fault.seat} plays {fault.card} in trick {trick} and {what}",
                    line, column)
    suit = SUIT_NAMES.get(fault.detail, fault.detail or "the suit led")
    if marked:
        return diag("BPN503", f"revoke (marked ^R): seat {fault.seat} plays {fault.card} in trick {trick} "
                    f"while holding {suit}", line, column, WARNING)
    return diag("BPN503", f"revoke: seat {fault.seat} plays {fault.card} in trick {trick} while still "
                f"holding {suit}, the suit led", line, column)


def face_down(fault: Fault, trick: int, line: int, column: int) -> Diagnostic:
    """BPN508: a card of the seat's layout played while still face down (``detail`` is
    ``face_down:UP`` or, uncovered in this same trick, ``face_down_now:UP``; ``UP`` is
    ``-`` for an unknown card beneath a pile not yet uncovered)."""
    kind, _, up = fault.detail.partition(":")
    head = f"seat {fault.seat} plays {fault.card} in trick {trick} while it is still face down"
    if up == "-":
        return diag("BPN508", f"{head}: seat {fault.seat} has no card of its layout turned up that could be "
                    f"{fault.card} (it can only lie beneath a pile not yet uncovered)", line, column)
    if kind == "face_down_now":
        return diag("BPN508", f"{head}: {up} on it was played in this same trick, and the card beneath may be "
                    "played from the next trick on", line, column)
    return diag("BPN508", f"{head}: {up}, the card on it, has not been played yet", line, column)


def whereabouts(deal: Deal, fault: Fault) -> str:
    """Where a card a seat did not hold really was, as far as the record tells."""
    card = fault.card
    if deal.discard and card in deal.discard:
        return "the forehand discarded it" if deal.forehand is not None else "it was discarded"
    hands = deal.hands or ()
    for s, hand in enumerate(hands, 1):
        if s != fault.seat and hand and card in hand:
            kept = s == deal.forehand and deal.discard is not None and card not in deal.discard
            return f"it was dealt to seat {s}" if not kept or s != fault.seat else "it was discarded"
    for s, piles in enumerate(deal.layouts, 1):
        if s != fault.seat and piles and any(card in pile for pile in piles):
            return f"it lies in seat {s}'s layout"
    if deal.kitty and card in deal.kitty:
        if deal.game != BISMARCK:  # a stock, drawn from or taken during the deal
            return f"it was in the stock and had not come to seat {fault.seat}"
        if deal.exchange is False:
            return "it stayed in the kitty (the exchange was declined)"
        if deal.forehand is not None and fault.seat != deal.forehand:
            return "it was in the kitty, which only the forehand takes"
    return f"it is not in seat {fault.seat}'s hand"


def leader_message(leader: int, expected: int, rule: str) -> str:
    """BPN501's words: ``rule`` says how the game chooses the leader."""
    return f"seat {leader} leads trick 1, but {rule}: seat {expected}"

