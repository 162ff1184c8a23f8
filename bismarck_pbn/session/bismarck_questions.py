"""Bismarck's questions before the play, for :class:`~bismarck_pbn.session.questions.Questions`:
the forehand and the contracts it has left in the session, the contract (kept to the
variant's schedule), Valfri's trump and the exchange. Each answer is checked as it is
typed, with the validator's words and codes; the kinds of question all games share
come from :class:`~bismarck_pbn.session.dialogue.Dialogue`."""

from __future__ import annotations

from bismarck_pbn.format import values
from bismarck_pbn.games.bismarck import implied_trump
from bismarck_pbn.model.cards import DECK, holding_text
from bismarck_pbn.session.dialogue import Dialogue, match_word

__all__ = ["ask_contract", "ask_discard", "ask_forehand", "ask_trump"]


def ask_forehand(q: Dialogue) -> None:
    s = q.session
    seat = q.ask_rotating_seat("Forehand (seat 1, 2 or 3)", s.forehand, "the forehand moves")
    q.rec.seat = seat
    q.rec.leader = q.rules.opening_leader(q.probe()) or q.rules.left_of(seat)
    left = q.remaining = s.remaining(seat, 1 if q.new_session else q.rec.board, q.variant)
    q.say(f"Forehand: {q.name(seat)}; {q.name(q.rec.leader)} leads. "
          f"Contracts left for this forehand: {', '.join(left) if left else 'none'}.")


def ask_contract(q: Dialogue) -> None:
    variant = q.variant
    board = q.rec.board
    left = q.remaining
    tie_break = board is not None and board > variant.deals
    offered = variant.contracts if not tie_break else ("Valfri",)
    default = left[0] if len(left) == 1 else None
    while True:
        answer = q.ask(f"Contract ({', '.join(offered)})", default, offered)
        found = match_word(answer, q.rules.words.contracts)
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


def ask_trump(q: Dialogue) -> None:
    contract = q.rec.contract
    if contract == "Trump":  # Finnish: a kitty card is turned, its suit is trump
        q.rec.trump = q.ask_turned()[0]
        return
    if contract != "Valfri":
        fixed = implied_trump(contract) if contract is not None else None
        q.rec.trump = q.rules.implied_trump(q.probe()) or fixed or "NT"
        return
    allowed = q.variant.valfri_trumps()
    q.rec.trump = q.ask_trump_from(f"Trump named by the forehand ({', '.join(allowed)})", allowed,
                                   allowed[0] if len(allowed) == 1 else None,
                                   f"Valfri at {{trump}} is not allowed in {q.variant}")


def ask_discard(q: Dialogue) -> None:
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
        q.say(f"{q.name(f)} holds {holding_text(hand)}; the kitty is {holding_text(rec.kitty)}.")
    else:
        possible = set(DECK) - elsewhere

    def check(cards: tuple[str, ...]) -> None:
        where = []
        for c in (c for c in cards if c not in possible):
            owner = next((s for s in q.rules.seat_range() if s != f and rec.hands[s - 1] and c in rec.hands[s - 1]),
                         None)
            where.append(f"{c} (in {q.name(owner)}'s hand)" if owner else c)
        if where:
            raise values.BadValue(f"the forehand discards {', '.join(where)}, not in the forehand's hand or "
                                  "the kitty")

    why = "in Valfri" if rec.contract == "Valfri" else "under FixedKitty"
    prompt = ("Discard: the 4 cards the forehand put away (SQ H9 D4 C9 or Q.9.4.9)"
              + ("" if mandatory else ", - if the exchange was declined") + ", ? if not recorded")
    decline = (f"the exchange is mandatory {why}: give the 4 cards put away (or ? if they were not recorded)"
               if mandatory else "")
    cards = q.ask_cards(prompt, 4, "the forehand puts away 4", decline=decline, check=check)
    if cards is False:
        rec.exchange, rec.discard = False, None
    elif cards is None:
        rec.exchange, rec.discard = None, None
    else:
        rec.exchange, rec.discard = True, cards
