"""Steering the reader, as python-chess's visitors steer ``read_game``.

Pass a :class:`ReadVisitor` to :func:`~bismarck_pbn.format.reader.read_deal`,
:func:`~bismarck_pbn.format.reader.read_deals`, :func:`~bismarck_pbn.format.reader.parse`
or :class:`~bismarck_pbn.format.reader.Reader`. For each deal the reader first finds its
tag pairs by a plain scan (no parser), then asks the visitor:

- :meth:`ReadVisitor.begin_deal` returns :data:`SKIP`: the deal is passed over (it does
  not come out), though its session tags still carry to the deals after it;
- :meth:`ReadVisitor.begin_headers` returns :data:`SKIP`: the deal comes out with its tags
  only (``deal.headers_only`` is True, ``deal.play`` is None): its play section is not
  parsed, which is what makes a scan of a big archive fast. Such a deal cannot be written
  back (it would lose its play);
- otherwise the deal is read whole, and :meth:`ReadVisitor.end_deal` sees it.

Comment blocks between deals come out as usual and are not shown to the visitor.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from bismarck_pbn.model.deal import Deal


class _Skip:
    def __repr__(self) -> str:
        return "SKIP"


SKIP: Final = _Skip()
"""What a visitor returns to skip a deal (from ``begin_deal``) or its play (from ``begin_headers``)."""


class ReadVisitor:
    """A visitor that reads everything; override what you need."""

    def begin_deal(self, number: int, line: int) -> _Skip | None:
        """Deal ``number`` (from 1), whose first tag pair is on ``line``; return :data:`SKIP` to pass it over."""
        return None

    def begin_headers(self, headers: Mapping[str, str]) -> _Skip | None:
        """The deal's tag values as written (session tags it inherits included), before its
        play is read; return :data:`SKIP` to read no further than the tags."""
        return None

    def end_deal(self, deal: Deal) -> None:
        """The deal as read (whole, or headers only)."""


class HeadersOnly(ReadVisitor):
    """Read every deal's tags and not its play: the fast scan of a big archive."""

    def begin_headers(self, headers: Mapping[str, str]) -> _Skip | None:
        return SKIP
