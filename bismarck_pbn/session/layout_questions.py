"""The BPN 1.2 questions of ``bpn record``: Turnover Bridge's layouts, pile by pile, and
the träkarl's seat in Swedish Whist. Each takes the dialogue of
:mod:`bismarck_pbn.session.questions` and fills in its record."""

from __future__ import annotations

from bismarck_pbn.format import values
from bismarck_pbn.session.dialogue import Dialogue


def ask_layouts(q: Dialogue) -> None:
    """Each seat's layout, from the dealer round (Turnover Bridge): ``UP/DOWN`` a pile,
    ``-`` for a face-down card not known; Enter (or ``-``) for a layout not known. A wrong
    number of piles, or a card already in a hand or the other layout, is asked again."""
    rec, rules = q.rec, q.rules
    piles = getattr(rules, "piles", 0)
    order = [rec.seat]
    while len(order) < rules.seats:
        order.append(rules.left_of(order[-1]))
    for seat in order:
        rec.layouts[seat - 1] = None
        while True:
            answer = q.ask(f"Layout of {q.name(seat)}: the {piles} piles, upper row left to right, then the lower "
                           "row, each UP/DOWN like SA/H3 (DOWN - if not known; - or Enter if the layout is not "
                           "known)", "-")
            if answer.strip() == "-":
                break
            try:
                layout = values.layout(answer.upper())
                if len(layout) != piles:
                    raise values.BadValue(f"that is {len(layout)} piles; a layout has {piles}")
                cards = tuple(c for pile in layout for c in pile if c is not None)
                elsewhere = {c: f"{q.name(s)}'s hand" for s in rules.seat_range() for c in (rec.hands[s - 1] or ())}
                elsewhere |= {c: f"{q.name(s)}'s layout" for s in rules.seat_range() if s != seat
                              for pile in (rec.layouts[s - 1] or ()) for c in pile if c is not None}
                q.check_cards(cards, elsewhere)
            except values.BadValue as exc:
                q.say(exc.message, "red")
                continue
            rec.layouts[seat - 1] = layout
            break


def ask_dummy(q: Dialogue, default: str) -> str:
    """The träkarl's seat (Swedish Whist with a träkarl, BPN 1.2 §2), asked until it is one."""
    while True:
        answer = q.ask("Seat of the träkarl, the dummy hand its partner calls and plays for (1 to 4)", default)
        try:
            return str(values.seat(answer, 4))
        except values.BadValue as exc:
            q.say(exc.message, "red")
