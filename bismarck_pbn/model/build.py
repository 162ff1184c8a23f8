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

import inspect
from collections.abc import Callable
from typing import Any, ParamSpec

from bismarck_pbn.model.deal import Deal
from bismarck_pbn.model.making import Cards, deal_fields

__all__ = ["Cards", "build"]

P = ParamSpec("P")


def _making(fields: Callable[P, dict[str, Any]]) -> Callable[P, Deal]:
    """A function with the keywords of ``fields`` (a deal's fields from Python values)
    that makes the :class:`Deal`: the keyword list is written once, on
    :func:`~bismarck_pbn.model.making.deal_fields`, and type checkers, ``help()`` and
    ``inspect.signature`` see it on :func:`build` as well."""

    def build(*args: P.args, **kwargs: P.kwargs) -> Deal:
        return Deal(**fields(*args, **kwargs))

    build.__qualname__ = "build"
    build.__signature__ = inspect.signature(fields).replace(return_annotation="Deal")  # type: ignore[attr-defined]
    details = (fields.__doc__ or "").partition("\n\n")[2]
    build.__doc__ = "A deal from Python values, checked (``ValueError`` names the first bad one).\n\n" + details
    return build


build = _making(deal_fields)
"""A deal from Python values, checked: the keywords of
:func:`~bismarck_pbn.model.making.deal_fields` (``help(build)`` lists them)."""
