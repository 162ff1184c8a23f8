"""Random deals, written as a BPN template to fill in at the table.

:func:`random_deal` shuffles the 52 cards with ``random.Random(seed)`` and deals them
in order: the first 16 to seat 1, the next 16 to seat 2, the next 16 to seat 3, the
last 4 to the kitty. The seats get the same cards whoever is forehand, so one seed is
one deal. The same seed gives the same deal on every machine and Python version that
keeps ``random.shuffle`` stable (CPython has since 3.2).

:func:`deal_template` writes the deal as canonical BPN (through ``writer.py``):

- ``% BPN 1.0`` and a comment naming the seed, so the deal can be dealt again;
- the session tags with placeholders: ``Event``, ``Site`` and the players ``"?"``
  (the PGN convention for "not known"), ``Date "????.??.??"``, ``Variant "Standard"``;
- ``Board``, ``Forehand``, ``Deal`` (starting with the forehand's hand) and ``Kitty``;
- ``Contract`` only when it is given, and then ``Trump`` when the contract implies it.

Everything decided at the table is left out rather than written as ``"?"``, because
``bpn validate`` then says plainly what is missing: no ``Contract`` is BPN101 ("the
[Contract] tag is missing"), Valfri without ``Trump`` is BPN101 too, and a ``Play``
section stopped early without ``Tricks`` is BPN101 at the ``[Play]`` tag. ``Discard``,
``Tricks``, ``Score`` and ``Total`` may stay absent until the deal is played; a
``"?"`` in them would only be reported as malformed. A template for a board other than
1, checked on its own, is also told that a session starts at board 1 (BPN702): it is
meant to be added to its session's file.

O(52) per deal.
"""

from __future__ import annotations

import random

from bismarck_pbn.games import bismarck as engine
from bismarck_pbn.format import values
from bismarck_pbn.model.cards import DECK, holding_text, sort_cards
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.writer import dumps

Hand = tuple[str, ...]


def new_seed() -> int:
    """A fresh seed from the operating system's randomness, at most 10 digits to type."""
    return random.SystemRandom().randrange(10**10)


def random_deal(seed: int) -> tuple[tuple[Hand, Hand, Hand], Hand]:
    """The hands of seats 1, 2, 3 and the kitty, each in canonical order. O(52)."""
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    hands = (sort_cards(cards[0:16]), sort_cards(cards[16:32]), sort_cards(cards[32:48]))
    return hands, sort_cards(cards[48:])


def deal_template(seed: int, *, forehand: int = 1, board: int = 1, contract: str | None = None) -> str:
    """The deal of ``seed`` as a canonical BPN template (see the module's notes).
    Raises ``values.BadValue`` for a contract that is not Spel, Spader, Valfri or Pass."""
    if forehand not in engine.SEATS:
        raise values.BadValue(f"a seat must be 1, 2 or 3, not {forehand!r}")
    if board < 1:
        raise values.BadValue(f"a board number must be a whole number from 1, not {board!r}")
    hands, kitty = random_deal(seed)
    order = [forehand, engine.left_of(forehand), engine.left_of(engine.left_of(forehand))]
    deal_text = f"{forehand}:" + " ".join(holding_text(hands[s - 1]) for s in order)
    contract = values.contract(contract) if contract is not None else None
    todo = ["the contract (and the trump in Valfri)"] if contract is None else (
        ["the trump"] if contract == "Valfri" else [])
    todo += ["the discard", f'the play ([Play "{engine.leader(forehand)}"] and the cards)',
             "the tricks, the score and the running total"]
    lines = [
        f"{{Dealt by bpn deal --seed {seed}.\nStill to record: {', '.join(todo)}.}}",
        '[Event "?"]', '[Site "?"]', '[Date "????.??.??"]', '[Variant "Standard"]',
        '[Player1 "?"]', '[Player2 "?"]', '[Player3 "?"]',
        f'[Board "{board}"]', f'[Forehand "{forehand}"]', f'[Deal "{deal_text}"]',
        f'[Kitty "{holding_text(kitty)}"]',
    ]
    if contract is not None:
        lines.append(f'[Contract "{contract}"]')
    return dumps(parse("\n".join(lines) + "\n"))
