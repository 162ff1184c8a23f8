"""Building a deal in code: :func:`build` (also :meth:`Deal.build <bismarck_pbn.model.deal.Deal.build>`).

::

    from bismarck_pbn.model.build import build

    deal = build(event="Club night", players=("Anna", "Bertil", "Cecilia"), board=1,
                 forehand=1, contract="Spel", hands=(north, east, west),
                 play=["C3", "CJ", "CT"], leader=2)
    text = bismarck_pbn.dumps([deal])

Values are given as Python values, not tag text: seats and boards as ints, cards as
``"SA"`` (any case, ``"H10"`` for ``"HT"``), holdings as iterables of cards, scores as
tuples. They are checked and put in canonical form here; one the format cannot hold
raises ``ValueError`` (a tag value with a line break, a card that is not one, a seat
out of range, a contract the game does not have). The result is an ordinary immutable
:class:`~bismarck_pbn.model.deal.Deal`: change it with ``dataclasses.replace`` (checked
the same way) and write it with :func:`bismarck_pbn.format.writer.dumps`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bismarck_pbn.model.deal import Deal
from bismarck_pbn.model.games import BISMARCK
from bismarck_pbn.model.making import Cards, deal_fields
from bismarck_pbn.model.variant import Variant

__all__ = ["Cards", "build"]


def build(*, game: str = BISMARCK, variant: Variant | str | None = None, event: str | None = None,
          site: str | None = None, date: str | None = None, players: Iterable[str] = (),
          board: int | None = None, dealer: int | None = None, forehand: int | None = None,
          hands: Iterable[Cards | None] | None = None, deal_first: int | None = None,
          kitty: Cards | None = None, turned: str | None = None, contract: str | None = None,
          trump: str | None = None, declarer: int | None = None, discard: Cards | None = None,
          exchange: bool | None = None, tricks: Iterable[int] | None = None,
          score: Iterable[int] | None = None, total: Iterable[int] | None = None,
          points: Iterable[int] | None = None, play: Iterable[str] | None = None, leader: int | None = None,
          tags: Mapping[str, str] | Iterable[tuple[str, str]] = (), comments: Iterable[str] = ()) -> Deal:
    """A deal from Python values, checked (``ValueError`` names the first bad one).

    ``players`` are the players of seats 1, 2, 3 …; ``hands`` the holdings of seats 1,
    2, 3 … (None for a hand not known), written starting with seat ``deal_first`` (1 by
    default); a ``kitty`` given as a string or list keeps its order when ``game`` deals a
    stock in order (German Whist), else it is sorted. ``discard`` implies
    ``exchange=True``; ``exchange=False`` records a declined exchange. ``play`` is the
    cards in the order played, led by ``leader`` (the forehand when not given).
    ``tags`` are further tags as text (unknown ones, or known ones with no typed field
    such as ``Direction``); ``comments`` go before the first tag, as ``{…}``. O(size)."""
    return Deal(**deal_fields(**locals()))  # the keywords above, as they came
