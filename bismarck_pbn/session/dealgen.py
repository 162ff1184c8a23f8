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

:func:`next_deal` does the same for the deal that follows a session's file (``bpn deal
--append``): the board after the file's last one, the forehand one seat on, the
session's own tags instead of placeholders, and a contract the variant's schedule still
allows that forehand (or the one asked for, refused with :class:`NotAllowed` when the
schedule does not allow it). :func:`append_deal` gives the whole new file text: the deal
after one empty line, in the file's own line ends, and no second ``% BPN`` line.

O(52) per deal; :func:`next_deal` also reads the file once, O(n) in its deals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bismarck_pbn.games import bismarck as engine
from bismarck_pbn.format import values
from bismarck_pbn.model.cards import DECK, holding_text, sort_cards
from bismarck_pbn.model.deal import SESSION_TAGS
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.writer import dumps, escape, write_deal
from bismarck_pbn.session.record import Session, appended, learn_session

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


PLACEHOLDERS = (('Event', '?'), ('Site', '?'), ('Date', '????.??.??'), ('Variant', 'Standard'),
                ('Player1', '?'), ('Player2', '?'), ('Player3', '?'))
"""The session tags of a template that belongs to no file yet."""


class NotAllowed(ValueError):
    """The contract asked for is one the variant's schedule does not allow here."""


def _deal_text(seed: int, *, forehand: int, board: int, contract: str | None,
               tags: tuple[tuple[str, str], ...], note: str = "") -> str:
    """The template's tag lines, canonical, without the ``% BPN`` line."""
    if forehand not in engine.SEATS:
        raise values.BadValue(f"a seat must be 1, 2 or 3, not {forehand!r}")
    if board < 1:
        raise values.BadValue(f"a board number must be a whole number from 1, not {board!r}")
    hands, kitty = random_deal(seed)
    order = [forehand, engine.left_of(forehand), engine.left_of(engine.left_of(forehand))]
    deal_text = f"{forehand}:" + " ".join(holding_text(hands[s - 1]) for s in order)
    todo = ["the contract (and the trump in Valfri)"] if contract is None else (
        ["the trump"] if contract == "Valfri" else [])
    todo += ["the discard", f'the play ([Play "{engine.leader(forehand)}"] and the cards)',
             "the tricks, the score and the running total"]
    lines = [f"{{Dealt by bpn deal --seed {seed}.{note}\nStill to record: {', '.join(todo)}.}}"]
    lines += [f'[{name} "{escape(value)}"]' for name, value in tags]
    lines += [f'[Board "{board}"]', f'[Forehand "{forehand}"]', f'[Deal "{deal_text}"]',
              f'[Kitty "{holding_text(kitty)}"]']
    if contract is not None:
        lines.append(f'[Contract "{contract}"]')
    (deal,) = [d for d in parse("\n".join(lines) + "\n") if d.tags]
    return write_deal(deal)


def deal_template(seed: int, *, forehand: int = 1, board: int = 1, contract: str | None = None) -> str:
    """The deal of ``seed`` as a canonical BPN template (see the module's notes).
    Raises ``values.BadValue`` for a contract that is not Spel, Spader, Valfri or Pass."""
    contract = values.contract(contract) if contract is not None else None
    return dumps(parse(_deal_text(seed, forehand=forehand, board=board, contract=contract,
                                  tags=PLACEHOLDERS)))


@dataclass(frozen=True)
class NextDeal:
    """The deal that follows a file, and where it comes from."""

    text: str
    """The deal's canonical text (no ``% BPN`` line)."""
    board: int
    forehand: int
    contract: str
    allowed: tuple[str, ...]
    """The contracts the schedule still allows this forehand at this board."""
    new_session: bool
    """Whether the deal starts a session (an empty file, or the last session is over)."""


def next_deal(session: Session, seed: int, contract: str | None = None) -> NextDeal:
    """The deal after the file ``session`` was learnt from (see the module's notes).
    Raises ``values.BadValue`` for an unknown contract and :class:`NotAllowed` for one
    the schedule does not allow this forehand here."""
    board = session.next_board or 1
    forehand = engine.left_of(session.forehand) if session.forehand is not None else 1
    new_session = board == 1
    variant = session.variant
    allowed = tuple(session.remaining(forehand, board, variant))
    if contract is not None:
        contract = values.contract(contract)
        if contract not in allowed:
            why = _why_not(session, forehand, board, variant, contract)
            raise NotAllowed(f"board {board} cannot be {contract}: {why}")
    elif allowed:
        contract = allowed[0]
    else:  # a file out of order: nothing is left, but a deal is still dealt
        contract = variant.contracts[0]
    tags = tuple((name, session.tags[name]) for name in SESSION_TAGS if name in session.tags) or PLACEHOLDERS
    note = (f" Board {board}, seat {forehand} forehand; the schedule allows "
            f"{_list(allowed)}, and {contract} is written: change it if another is played.")
    if len(allowed) == 1:
        note = f" Board {board}, seat {forehand} forehand: {contract} is the contract left."
    text = _deal_text(seed, forehand=forehand, board=board, contract=contract, tags=tags, note=note)
    return NextDeal(text, board, forehand, contract, allowed, new_session)


def _list(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _why_not(session: Session, forehand: int, board: int, variant, contract: str) -> str:
    if board > variant.deals:
        return "it is a tie-break deal, and a tie-break is Valfri"
    if contract not in variant.contracts:
        return f"the {variant} variant does not play {contract}"
    played = session.counts[(forehand, contract)]
    left = [c for c in variant.contracts if session.counts[(forehand, c)] < variant.per_contract]
    return (f"seat {forehand} (the forehand) has played it {_times(played)} already, as often as "
            f"the {variant} schedule allows; it has {_list(left) if left else 'nothing'} left")


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def append_deal(text: str, seed: int, contract: str | None = None) -> tuple[str, NextDeal]:
    """The file's new text with the next deal appended after one empty line (in the
    file's line ends; an empty file gets the ``% BPN 1.0`` line first), and the deal."""
    deal = next_deal(learn_session(parse(text)) if text else Session(), seed, contract)
    new_text, _ = appended(text, deal.text)
    return new_text, deal
