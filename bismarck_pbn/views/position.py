"""Positions, where the views have always found them: :mod:`bismarck_pbn.check.position`
is their home now, below both ``analysis/`` and ``views/`` (``analysis`` used to import
them from here, the one arrow that ran back up the layers)."""

from bismarck_pbn.check.position import Cards, Position, auction_lines, position_at, positions

__all__ = ["Cards", "Position", "auction_lines", "position_at", "positions"]
