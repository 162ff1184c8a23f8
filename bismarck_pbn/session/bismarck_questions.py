"""Bismarck's questions before the play, for :class:`~bismarck_pbn.session.questions.Questions`:
the forehand and the contracts it has left in the session, the contract (kept to the
variant's schedule), Valfri's trump and the exchange. Each answer is checked as it is
typed, with the validator's words and codes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bismarck_pbn.format import values
from bismarck_pbn.games.bismarck import implied_trump
from bismarck_pbn.model.cards import DECK, holding_text, sort_cards
from bismarck_pbn.session.entry import cards_word as _cards
from bismarck_pbn.session.entry import parse_cards

if TYPE_CHECKING:
    from bismarck_pbn.session.questions import Questions

__all__ = ["ask_contract", "ask_discard", "ask_forehand", "ask_trump"]


def ask_forehand(q: Questions) -> None:
    s = q.session
    expected = None
    if not q.new_session and q.rec.board is not None and s.forehand is not None:
        expected = q.rules.left_of(s.forehand)
    default = str(expected or 1)
    while True:
        answer = q.ask("Forehand (seat 1, 2 or 3)", default)
        try:
            seat = values.seat(answer)
        except values.BadValue as exc:
            q.say(exc.message, "red")
            continue
        if expected is not None and seat != expected:
            q.say(f"after seat {s.forehand} the forehand moves to seat {expected} (BPN701)", "yellow")
            if not q.confirm(f"Keep seat {seat} as forehand?"):
                continue
        break
    q.rec.seat = seat
    q.rec.leader = q.rules.opening_leader(q.probe()) or q.rules.left_of(seat)
    left = q.remaining = s.remaining(seat, 1 if q.new_session else q.rec.board, q.variant)
    q.say(f"Forehand: {q.name(seat)}; {q.name(q.rec.leader)} leads. "
          f"Contracts left for this forehand: {', '.join(left) if left else 'none'}.")


def ask_contract(q: Questions) -> None:
    variant = q.variant
    board = q.rec.board
    left = q.remaining
    tie_break = board is not None and board > variant.deals
    names = {c.lower(): c for c in q.rules.words.contracts}
    default = left[0] if len(left) == 1 else None
    while True:
        answer = q.ask(f"Contract ({', '.join(variant.contracts if not tie_break else ['Valfri'])})",
                       default).lower()
        found = [c for low, c in names.items() if low.startswith(answer)] if answer else []
        if answer in names:
            found = [names[answer]]
        if len(found) != 1:
            q.say(f"the contract is {', '.join(variant.contracts[:-1])} or {variant.contracts[-1]}" if not found else
                  f"{answer!r} could be {' or '.join(found)}", "red")
            continue
        contract = found[0]
        if contract not in variant.contracts and not (tie_break and contract == "Valfri"):
            q.say(f"{contract} is not played in the {variant.base} variant (its contracts: "
                  f"{', '.join(variant.contracts)})", "red")
            continue
        if tie_break and contract != "Valfri":
            q.say(f"board {board} is beyond the {variant.deals} deals of {variant.base}: a tie-break "
                  f"deal is Valfri, not {contract} (BPN705)", "yellow")
            if not q.confirm(f"Keep {contract}?"):
                continue
        elif board is not None and contract not in left:
            times = "once" if variant.per_contract == 1 else f"{variant.per_contract} times"
            q.say(f"{q.name(q.rec.forehand)} has already played {contract} as forehand {times}, "
                  f"as often as {variant.base} allows (BPN703)", "yellow")
            if not q.confirm(f"Keep {contract}?"):
                continue
        q.rec.contract = contract
        return

def ask_trump(q: Questions) -> None:
    contract = q.rec.contract
    if contract == "Trump":  # Finnish: a kitty card is turned, its suit is trump
        q.ask_turned()
        q.rec.trump = q.rec.turned[0]  # type: ignore[index]
        return
    if contract != "Valfri":
        q.rec.trump = q.rules.implied_trump(q.probe()) or implied_trump(contract) or "NT"
        return
    allowed = q.variant.valfri_trumps()
    default = allowed[0] if len(allowed) == 1 else None
    while True:
        answer = q.ask(f"Trump named by the forehand ({', '.join(allowed)})", default)
        try:
            trump = values.trump(answer)
        except values.BadValue as exc:
            q.say(exc.message, "red")
            continue
        if trump not in allowed:
            q.say(f"Valfri at {trump} is not allowed in {q.variant}", "red")
            continue
        q.rec.trump = trump
        return


def ask_discard(q: Questions) -> None:
    rec = q.rec
    f = rec.forehand
    mandatory = q.variant.exchange_mandatory(rec.contract)
    hand = rec.hands[f - 1]
    elsewhere: set[str] = set()
    for s in q.rules.seat_range():
        if s != f and rec.hands[s - 1] is not None:
            elsewhere |= set(rec.hands[s - 1])
    if hand is not None and rec.kitty is not None:
        possible = set(hand) | set(rec.kitty)
    else:
        possible = set(DECK) - elsewhere
    if hand is not None and rec.kitty is not None:
        q.say(f"{q.name(f)} holds {holding_text(hand)}; the kitty is {holding_text(rec.kitty)}.")
    why = "in Valfri" if rec.contract == "Valfri" else "under FixedKitty"
    prompt = ("Discard: the 4 cards the forehand put away (SQ H9 D4 C9 or Q.9.4.9)"
              + ("" if mandatory else ", - if the exchange was declined")
              + ", ? if not recorded")
    while True:
        answer = q.ask(prompt)
        if answer == "-":
            if mandatory:
                q.say(f"the exchange is mandatory {why}: give the 4 cards put away "
                      "(or ? if they were not recorded)", "red")
                continue
            rec.exchange, rec.discard = False, None
            return
        if answer == "?":
            rec.exchange, rec.discard = None, None
            return
        if not answer:
            q.say("give the 4 cards put away" + ("" if mandatory else ", or - if the exchange was declined"),
                  "red")
            continue
        try:
            cards = parse_cards(answer)
        except values.BadValue as exc:
            q.say(exc.message, "red")
            continue
        twice = sorted({c for c in cards if cards.count(c) > 1}, key=DECK.index)
        bad = [c for c in cards if c not in possible]
        if twice:
            q.say(f"{' '.join(twice)} written twice", "red")
        elif len(cards) != 4:
            q.say(f"that is {_cards(len(cards))}; the forehand puts away 4", "red")
        elif bad:
            where = []
            for c in bad:
                owner = next((s for s in q.rules.seat_range() if s != f and rec.hands[s - 1] and c in rec.hands[s - 1]),
                             None)
                where.append(f"{c} (in {q.name(owner)}'s hand)" if owner else c)
            q.say(f"the forehand discards {', '.join(where)}, not in the forehand's hand or the kitty",
                  "red")
        else:
            rec.exchange, rec.discard = True, sort_cards(cards)
            return
