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

O(deck) per deal.
"""

from __future__ import annotations

import random

from bismarck_pbn.format import values
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.writer import dumps
from bismarck_pbn.games import Ruleset, ruleset
from bismarck_pbn.model.cards import holding_text
from bismarck_pbn.model.games import BISMARCK, words

Hand = tuple[str, ...]


def new_seed() -> int:
    """A fresh seed from the operating system's randomness, at most 10 digits to type."""
    return random.SystemRandom().randrange(10**10)


def game_rules(game: str = BISMARCK) -> Ruleset:
    """The rules a deal of ``game`` (any case) is dealt by. Raises ``values.BadValue``
    for an unknown game, or one whose rules this package does not have yet."""
    name = values.game(game)
    rules = ruleset(name)
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


def _kitty_text(rules: Ruleset, kitty: Hand) -> str:
    return " ".join(kitty) if rules.ordered_stock else holding_text(kitty)


def deal_template(seed: int, *, forehand: int = 1, board: int = 1, contract: str | None = None,
                  game: str = BISMARCK) -> str:
    """The deal of ``seed`` as a canonical BPN template (see the module's notes).
    ``forehand`` is the seat in the rotating place: the forehand in Bismarck, the dealer
    in the other games. Raises ``values.BadValue`` for an unknown game, a seat the game
    does not have, or a contract that is not one of the game's."""
    rules = game_rules(game)
    seats = rules.seats
    if not 1 <= forehand <= seats:
        names = ", ".join(str(s) for s in range(1, seats)) + f" or {seats}"
        raise values.BadValue(f"a seat must be {names}, not {forehand!r}")
    if board < 1:
        raise values.BadValue(f"a board number must be a whole number from 1, not {board!r}")
    contract = values.contract(contract, rules.name) if contract is not None else None
    hands, kitty, turned = deal_cards(seed, rules, forehand)
    order = [forehand]
    while len(order) < seats:
        order.append(rules.left_of(order[-1]))
    deal_text = f"{forehand}:" + " ".join(holding_text(hands[s - 1]) for s in order)
    other = rules.name != BISMARCK
    tags = [('Event', '?'), ('Site', '?'), ('Date', '????.??.??')]
    tags += [('Game', rules.name)] if other else []
    tags += [('Variant', 'Standard')] + [(f'Player{s}', '?') for s in rules.seat_range()]
    tags += [('Board', str(board)), (rules.rotating_tag(), str(forehand)), ('Deal', deal_text)]
    tags += [('Kitty', _kitty_text(rules, kitty))] if kitty else []
    tags += [('Turned', turned)] if turned is not None else []
    tags += [('Contract', contract)] if contract is not None else []
    lines = [f'[{name} "{value}"]' for name, value in tags]
    (deal,) = [d for d in parse("\n".join(lines) + "\n") if d.tags]
    comment = f"{{Dealt by bpn deal --seed {seed}{' --game ' + rules.name if other else ''}.\n" \
              f"Still to record: {', '.join(_still_to_record(rules, deal))}.}}"
    return dumps(parse("\n".join([comment, *lines]) + "\n"))


def _still_to_record(rules: Ruleset, deal) -> list[str]:
    """What the table still has to fill in, in the order it happens."""
    todo = []
    has_contracts = bool(words(rules.name).contracts or words(rules.name).pattern)
    if rules.name == BISMARCK:
        todo += ["the contract (and the trump in Valfri)"] if deal.contract is None else (
            ["the trump"] if rules.implied_trump(deal) is None else [])
    elif has_contracts and deal.contract is None:
        todo += ["the contract"]
    elif rules.implied_trump(deal) is None and deal.trump is None:
        todo += ["the trump"]
    if rules.kitty_size and not rules.ordered_stock:
        todo += ["the discard"]
    leader = rules.opening_leader(deal)
    todo += [f'the play ([Play "{leader}"] and the cards)' if leader is not None else "the play"]
    todo += ["the tricks, the score and the running total"]
    return todo
