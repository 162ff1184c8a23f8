"""The fields of a deal made in code: Python values checked and put in canonical form.

:func:`deal_fields` does the work of :func:`bismarck_pbn.model.build.build` and
:meth:`Deal.build <bismarck_pbn.model.deal.Deal.build>` short of making the deal: it
returns the keywords of :class:`~bismarck_pbn.model.deal.Deal`. It lives below the
deal so that both can use it without importing each other. Its keyword list is the one
written out: :func:`~bismarck_pbn.model.build.build` is made from it and takes the same
keywords (for type checkers and ``help()`` too).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bismarck_pbn.model.cards import intern, sort_cards
from bismarck_pbn.model.fields import FIELD_TAGS
from bismarck_pbn.model.games import BISMARCK, contract_word, game_name, words
from bismarck_pbn.model.pieces import Comment, Play, PlayedCard, Tag
from bismarck_pbn.model.variant import STANDARD, Variant

Cards = Iterable[str] | str


def _card(text: str) -> str:
    try:
        return intern(text.strip().upper())
    except (KeyError, IndexError):
        raise ValueError(f"{text!r} is not a card: a suit S, H, D or C and a rank A K Q J T 9 … 2") from None


def _cards(cards: Cards | None, *, keep_order: bool = False) -> tuple[str, ...] | None:
    """Cards from an iterable of card strings or one string of cards separated by spaces."""
    if cards is None:
        return None
    read = [_card(c) for c in (cards.split() if isinstance(cards, str) else cards)]
    return tuple(read) if keep_order else sort_cards(read)


def _variant(value: Variant | str | None, game: str) -> Variant:
    if value is None:
        return STANDARD
    if isinstance(value, Variant):
        return value
    names = value.split()
    if game == BISMARCK:
        return Variant(names[0] if names else "", frozenset(names[1:]))
    return Variant("Standard", frozenset(n for n in names if n != "Standard"))


def _numbers(values: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if values is None else tuple(int(v) for v in values)


def deal_fields(*, game: str = BISMARCK, variant: Variant | str | None = None, event: str | None = None,
          site: str | None = None, date: str | None = None, players: Iterable[str] = (),
          board: int | None = None, dealer: int | None = None, forehand: int | None = None,
          hands: Iterable[Cards | None] | None = None, deal_first: int | None = None,
          kitty: Cards | None = None, turned: str | None = None, contract: str | None = None,
          trump: str | None = None, declarer: int | None = None, discard: Cards | None = None,
          exchange: bool | None = None, tricks: Iterable[int] | None = None,
          score: Iterable[int] | None = None, total: Iterable[int] | None = None,
          points: Iterable[int] | None = None, play: Iterable[str] | None = None, leader: int | None = None,
          tags: Mapping[str, str] | Iterable[tuple[str, str]] = (), comments: Iterable[str] = ()) -> dict[str, Any]:
    """The fields of a deal (the keywords of :class:`~bismarck_pbn.model.deal.Deal`) from
    Python values, checked (``ValueError`` names the first bad one).

    ``players`` are the players of seats 1, 2, 3 …; ``hands`` the holdings of seats 1,
    2, 3 … (None for a hand not known), written starting with seat ``deal_first`` (1 by
    default); a ``kitty`` given as a string or list keeps its order when ``game`` deals a
    stock in order (German Whist), else it is sorted. ``discard`` implies
    ``exchange=True``; ``exchange=False`` records a declined exchange. ``play`` is the
    cards in the order played, led by ``leader`` (the forehand when not given).
    ``tags`` are further tags as text (unknown ones, or known ones with no typed field
    such as ``Direction``); ``comments`` go before the first tag, as ``{…}``. O(size)."""
    canonical_game = game_name(game)
    if canonical_game is None:
        raise ValueError(f"unknown game {game!r}")
    g = words(canonical_game)
    text: list[Tag] = [Tag(name, value) for name, value in (("Event", event), ("Site", site), ("Date", date))
                       if value is not None]
    if canonical_game != BISMARCK:
        text.append(Tag("Game", canonical_game))
    names = tuple(players)
    if len(names) > g.seats:
        raise ValueError(f"{len(names)} players for {canonical_game}, which has {g.seats} seats")
    text += [Tag(f"Player{seat}", name) for seat, name in enumerate(names, 1)]
    for name, value in (tags.items() if isinstance(tags, Mapping) else tags):
        if name in FIELD_TAGS or name == "Play":
            raise ValueError(f"[{name}] has a typed field: give it as {name.lower()}=… instead of in tags")
        text.append(Tag(name, value))
    if contract is not None:
        word = contract_word(canonical_game, contract)
        if word is None:
            raise ValueError(f"{contract!r} is not a contract of {canonical_game}")
        contract = word
    read_hands = None
    if hands is not None:
        read_hands = tuple(None if h is None else _cards(h) for h in hands)
    kitty_cards = _cards(kitty, keep_order=canonical_game == "GermanWhist")
    discard_cards = _cards(discard)
    if discard_cards is not None and exchange is None:
        exchange = True
    cards = None
    if play is not None:
        lead = leader if leader is not None else forehand
        if lead is None:
            raise ValueError("give leader= (the seat that leads trick 1) with the play")
        cards = Play(Tag("Play", str(lead)), lead, tuple(PlayedCard(_card(c)) for c in play), closed=True)
    made = tuple(text) + ((cards.tag,) if cards is not None else ())
    return dict(
        tags=made, comments=tuple(Comment(c, "{") for c in comments), play=cards, game=canonical_game,
        variant=_variant(variant, canonical_game), board=board, dealer=dealer, forehand=forehand,
        deal_first=(deal_first or 1) if read_hands is not None else deal_first, hands=read_hands,
        kitty=kitty_cards, turned=_card(turned) if turned is not None else None, contract=contract,
        trump=trump.strip().upper() if trump is not None else None, declarer=declarer, discard=discard_cards,
        exchange=exchange, tricks=_numbers(tricks), score=_numbers(score), total=_numbers(total),
        points=_numbers(points))
