"""Random deals of any game, written as a BPN template to fill in at the table.

:func:`random_deal` shuffles the game's pack with ``random.Random(seed)`` and lets the
game's ruleset deal it (:meth:`~bismarck_pbn.games.Ruleset.deal_cards`): in order, a
hand's worth to seat 1, the next to seat 2, and so on, the rest to the kitty or stock.
The seats get the same cards whoever deals, so one seed is one deal (in Bismarck: 16
cards to each seat, the last 4 to the kitty). The same seed gives the same deal on every
machine and Python version that keeps ``random.shuffle`` stable (CPython has since 3.2).
Where the game turns a card for trump it is turned as the game says (Whist: the
dealer's last card; German Whist: the top card of the stock, which is kept in order).

:func:`deal_template` writes the deal as canonical BPN (through ``writer.py``):

- ``% BPN 1.0`` (``% BPN 1.1`` for the other games) and a comment naming the seed, so
  the deal can be dealt again;
- the session tags with placeholders: ``Event``, ``Site`` and the players ``"?"``
  (the PGN convention for "not known"), ``Date "????.??.??"``, ``Game`` (other games),
  ``Variant "Standard"``;
- ``Board``, the seat in the rotating place (``Forehand`` in Bismarck, ``Dealer`` in the
  others), ``Deal`` (starting with that seat's hand), ``Kitty`` where the game leaves
  cards over, ``Turned`` where it turns one;
- ``Contract`` only when it is given, and then ``Trump`` when the contract implies it
  (in the games without contracts, when the turned card does).

Everything decided at the table is left out rather than written as ``"?"``, because
``bpn validate`` then says plainly what is missing: no ``Contract`` is BPN101 ("the
[Contract] tag is missing"), Valfri without ``Trump`` is BPN101 too, and a ``Play``
section stopped early without ``Tricks`` is BPN101 at the ``[Play]`` tag. ``Discard``,
``Tricks``, ``Score`` and ``Total`` may stay absent until the deal is played; a
``"?"`` in them would only be reported as malformed. A template for a board other than
1, checked on its own, is also told that a session starts at board 1 (BPN702): it is
meant to be added to its session's file.

Each game's session tags get placeholders of their own (four players in Whist).

:func:`next_deal` does the same for the deal that follows a session's file (``bpn deal
--append``): the board after the file's last one, the forehand one seat on, the
session's own tags instead of placeholders, and a contract the variant's schedule still
allows that forehand (or the one asked for, refused with :class:`NotAllowed` when the
schedule does not allow it). :func:`append_deal` gives the whole new file text: the deal
after one empty line, in the file's own line ends, and no second ``% BPN`` line. It
follows Bismarck sessions (the other games' sessions are refused, as ``record`` learns
only Bismarck's so far).

O(deck) per deal; :func:`next_deal` also reads the file once, O(n) in its deals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bismarck_pbn.format import values
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.syntax import escape
from bismarck_pbn.format.writer import dumps, write_deal
from bismarck_pbn.games import Ruleset, ruleset
from bismarck_pbn.games import bismarck as engine
from bismarck_pbn.model.cards import holding_text
from bismarck_pbn.model.deal import SESSION_TAGS
from bismarck_pbn.model.games import BISMARCK, game_name, words
from bismarck_pbn.session.record import Session, appended, learn_session

Hand = tuple[str, ...]


def new_seed() -> int:
    """A fresh seed from the operating system's randomness, at most 10 digits to type."""
    return random.SystemRandom().randrange(10**10)


def game_rules(game: str = BISMARCK, variant: str | None = None) -> Ruleset:
    """The rules a deal of ``game`` (any case) is dealt by, under ``variant`` (a Variant
    tag's value, any case; None: Standard). Raises ``values.BadValue`` for an unknown
    game or variant, or a game whose rules this package does not have yet."""
    name = values.game(game)
    rules = ruleset(name, values.variant(variant, name) if variant is not None else None)
    if rules.name != name:
        raise values.BadValue(f"bpn does not know the rules of {name} yet, so it cannot deal it")
    return rules


def random_deal(seed: int, game: str = BISMARCK, dealer: int = 1) -> tuple[tuple[Hand, ...], Hand]:
    """The hands of seats 1 to N and the kitty or stock (empty where the game leaves no
    cards over), each in canonical order but a stock kept in order. O(deck)."""
    hands, kitty, _ = deal_cards(seed, game_rules(game), dealer)
    return tuple(hands), kitty


def deal_cards(seed: int, rules: Ruleset, dealer: int = 1) -> tuple[list[Hand], Hand, str | None]:
    """The deal of ``seed`` in ``rules``' game: the hands, the cards left over and the
    turned card (see :meth:`~bismarck_pbn.games.Ruleset.deal_cards`)."""
    cards = list(rules.deck)
    random.Random(seed).shuffle(cards)
    return rules.deal_cards(cards, dealer)


def dealt_tags(seed: int, rules: Ruleset, dealer: int = 1) -> list[tuple[str, str]]:
    """Tags of the deal of ``seed`` beyond the hands, the kitty and the turned card
    (Turnover Bridge's layouts: :meth:`~bismarck_pbn.games.Ruleset.dealt_tags`)."""
    cards = list(rules.deck)
    random.Random(seed).shuffle(cards)
    return rules.dealt_tags(cards, dealer)


PLACEHOLDERS = (('Event', '?'), ('Site', '?'), ('Date', '????.??.??'), ('Variant', 'Standard'),
                ('Player1', '?'), ('Player2', '?'), ('Player3', '?'))
"""The session tags of a Bismarck template that belongs to no file yet."""


def placeholders(rules: Ruleset, variant: str = "Standard") -> tuple[tuple[str, str], ...]:
    """The session tags of a template of ``rules``' game that belongs to no file yet,
    its Variant ``variant`` (as the tag writes it)."""
    if rules.name == BISMARCK:
        return tuple((name, variant if name == "Variant" else value) for name, value in PLACEHOLDERS)
    return (('Event', '?'), ('Site', '?'), ('Date', '????.??.??'), ('Game', rules.name), ('Variant', variant),
            *((f'Player{s}', '?') for s in rules.seat_range()))


class NotAllowed(ValueError):
    """The deal cannot be appended: the contract asked for is one the variant's schedule
    does not allow here, or the file does not end so that a deal can follow."""


class Unsupported(ValueError):
    """A file whose session :func:`next_deal` cannot follow yet (another game's)."""


def _kitty_text(rules: Ruleset, kitty: Hand) -> str:
    return " ".join(kitty) if rules.ordered_stock else holding_text(kitty)


def _deal_text(seed: int, *, forehand: int, board: int, contract: str | None,
               tags: tuple[tuple[str, str], ...], note: str = "", rules: Ruleset | None = None,
               variant: str | None = None) -> str:
    """The template's tag lines, canonical, without the ``% BPN`` line. ``forehand`` is
    the seat in the rotating place: the forehand in Bismarck, the dealer elsewhere;
    ``variant`` the --variant the first comment repeats (None: none given)."""
    rules = rules if rules is not None else ruleset(BISMARCK)
    seats = rules.seats
    if not 1 <= forehand <= seats:
        names = ", ".join(str(s) for s in range(1, seats)) + f" or {seats}"
        raise values.BadValue(f"a seat must be {names}, not {forehand!r}")
    if board < 1:
        raise values.BadValue(f"a board number must be a whole number from 1, not {board!r}")
    hands, kitty, turned = deal_cards(seed, rules, forehand)
    order = [forehand]
    while len(order) < seats:
        order.append(rules.left_of(order[-1]))
    deal_text = f"{forehand}:" + " ".join(holding_text(hands[s - 1]) for s in order)
    pairs = [('Board', str(board)), (rules.rotating_tag(), str(forehand)), ('Deal', deal_text)]
    pairs += dealt_tags(seed, rules, forehand)
    pairs += [('Kitty', _kitty_text(rules, kitty))] if kitty else []
    pairs += [('Turned', turned)] if turned is not None else []
    pairs += [('Contract', contract)] if contract is not None else []
    lines = [f'[{name} "{escape(value)}"]' for name, value in (*tags, *pairs)]
    (deal,) = [d for d in parse("\n".join(lines) + "\n") if d.tags]
    game = f" --game {rules.name}" if rules.name != BISMARCK else ""
    if variant is not None:
        game += f" --variant {variant}" if " " not in variant else f" --variant '{variant}'"
    comment = (f"{{Dealt by bpn deal --seed {seed}{game}.{note}\n"
               f"Still to record: {', '.join(_still_to_record(rules, deal))}.}}")
    (deal,) = [d for d in parse("\n".join([comment, *lines]) + "\n") if d.tags]
    return write_deal(deal)


def _still_to_record(rules: Ruleset, deal) -> list[str]:
    """What the table still has to fill in, in the order it happens."""
    todo = []
    has_contracts = bool(words(rules.name).contracts or words(rules.name).pattern)
    if rules.name == BISMARCK:
        todo += ["the contract (and the trump in Valfri)"] if deal.contract is None else (
            ["the trump"] if rules.implied_trump(deal) is None else [])
    elif has_contracts and deal.contract is None:
        todo += ["the contract"]
    elif rules.implied_trump(deal) is None and deal.trump is None and rules.fixed_trump is None:
        todo += ["the trump"]
    if rules.kitty_size and not rules.ordered_stock:
        todo += ["the discard"]
    leader = rules.opening_leader(deal)
    todo += [f'the play ([Play "{leader}"] and the cards)' if leader is not None else "the play"]
    todo += ["the tricks, the score and the running total"]
    return todo


def deal_template(seed: int, *, forehand: int = 1, board: int = 1, contract: str | None = None,
                  game: str = BISMARCK, variant: str | None = None) -> str:
    """The deal of ``seed`` as a canonical BPN template (see the module's notes).
    ``forehand`` is the seat in the rotating place: the forehand in Bismarck, the dealer
    in the other games; ``variant`` a Variant value (any case; None: Standard), which
    may change the deal itself (Turnover Bridge's Pagat: 12 piles and 2 cards in hand).
    Raises ``values.BadValue`` for an unknown game or variant, a seat the game does not
    have, or a contract that is not one of the game's."""
    rules = game_rules(game, variant)
    contract = values.contract(contract, rules.name) if contract is not None else None
    written = values.variant_text(variant, rules.name) if variant is not None else None
    return dumps(parse(_deal_text(seed, forehand=forehand, board=board, contract=contract,
                                  tags=placeholders(rules, written or "Standard"), rules=rules, variant=written)))


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
    the schedule does not allow this forehand here, :class:`Unsupported` for a session of
    a game other than Bismarck."""
    game = session.tags.get("Game")
    if game is not None and game_name(game) not in (None, BISMARCK):
        raise Unsupported(f"--append follows Bismarck sessions only so far, and this file's session is "
                          f"{game.strip()}: deal with --game and add the deal yourself")
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
    file's line ends; an empty file gets the ``% BPN 1.0`` line first), and the deal.
    :class:`NotAllowed` too when the new text would not read as one more deal (the
    file ends inside an unclosed comment, say)."""
    before = parse(text) if text else []
    deal = next_deal(learn_session(before) if text else Session(), seed, contract)
    new_text, _ = appended(text, deal.text)
    if sum(1 for d in parse(new_text) if d.tags) != sum(1 for d in before if d.tags) + 1:
        raise NotAllowed("the end of the file does not let a deal be appended cleanly (an unclosed "
                         "comment or tag before it?): nothing was written; run bpn validate on it")
    return new_text, deal
