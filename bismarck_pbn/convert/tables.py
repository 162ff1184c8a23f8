"""Deals and cards as rows of two tables, for data frames and Parquet
(``bpn convert --to parquet``, :mod:`bismarck_pbn.dask`). Neither Dask nor pyarrow is
needed here: rows are plain dicts, the columns and their types are listed in
:data:`DEAL_COLUMNS` and :data:`CARD_COLUMNS` (and in docs/library.md).

The unit of work is a batch of deals of one file with the session tags in force at its
start (:func:`batches`): a small file is one batch; a large one is cut into batches of
about :data:`BATCH` deals, each cut made just before a ``[Board "1"]`` so that a session
stays whole within a batch and its running totals and session checks are those of the
whole file. A deal is keyed by its file and the line of its first tag (``file``,
``line``); a session by the line of its first deal (``session``).

Double-dummy values (``dd=True``) come from
:func:`~bismarck_pbn.analysis.worker.analyse_one`, seconds a deal: left out (null) otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from bismarck_pbn.check.results import Checked
from bismarck_pbn.check.validate import validate_deals
from bismarck_pbn.diagnostics import ERROR, WARNING
from bismarck_pbn.format.reader import DealReader, iter_lines
from bismarck_pbn.format.split import Chunk, split_lines
from bismarck_pbn.model.deal import Deal

BATCH = 2000
"""Deals per batch at least (a batch ends at the next session's first deal)."""
LONGEST = 8 * BATCH
"""A batch is cut here even inside a session (a file with no Board tags)."""
WHOLE = 4 << 20
"""Files up to this size (bytes) are one batch."""

DEAL_COLUMNS: list[tuple[str, str, str]] = [
    ("file", "string", "the file the deal was read from, as named"),
    ("line", "int32", "the line of the deal's first tag; with file, the deal's key"),
    ("session", "int32", "the line of the first deal of the deal's session (null: a deal outside a session)"),
    ("game", "string", "Bismarck, Whist, ..."),
    ("variant", "string", "the variant, e.g. Standard"),
    ("event", "string", "the Event tag"),
    ("date", "string", "the Date tag, as written"),
    ("board", "int32", "the Board tag"),
    ("dealer", "int8", "the dealer's seat"),
    ("forehand", "int8", "the forehand's seat (Bismarck)"),
    ("contract", "string", "the contract"),
    ("declarer", "int8", "the declarer's seat (auction games)"),
    ("trump", "string", "S, H, D, C or NT"),
    ("tricks", "list<int16>", "tricks taken by each seat (by side in partnership games), as checked"),
    ("score", "list<int32>", "the deal's score by seat (by side)"),
    ("total", "list<int32>", "the session's running total after the deal"),
    ("cards_played", "int16", "cards in the play section"),
    ("errors", "int32", "errors bpn validate reports in the deal"),
    ("warnings", "int32", "warnings bpn validate reports in the deal"),
    ("dd_tricks", "int16", "double dummy: the side's tricks from the first analysed lead (null: not analysed)"),
    ("dd_side", "list<int8>", "double dummy: the seats dd_tricks counts"),
    ("actual_tricks", "int16", "the tricks that side took from that lead"),
    ("dd_error", "string", "why the deal was not analysed (dd only)"),
]
"""One row per deal: (column, type, meaning). Types are Arrow's; every column may be null."""

CARD_COLUMNS: list[tuple[str, str, str]] = [
    ("file", "string", "the deal's file"),
    ("line", "int32", "the deal's line (see the deals table)"),
    ("trick", "int16", "the trick, from 1"),
    ("position", "int8", "the card's place in the trick, from 1 (1: the lead)"),
    ("seat", "int8", "the seat that played it (null: the replay could not tell)"),
    ("card", "string", "the card, e.g. SA"),
    ("won", "bool", "whether the card won its trick (null: the trick is not complete)"),
    ("cost", "int8", "double dummy: the tricks the card cost its side (null: not analysed)"),
]
"""One row per card played: (column, type, meaning)."""

_BOARD_ONE = re.compile(r'^\[[ \t]*Board[ \t]*"[ \t]*1[ \t]*"', re.M)


def batches(path: Path | str, encoding: str = "utf-8", size: int | None = None
            ) -> Iterator[tuple[list[Chunk], dict[str, str]]]:
    """The batches of one file: lists of deal chunks with the session tags guessed to
    be in force at their start (see :mod:`bismarck_pbn.check.parallel`)."""
    from bismarck_pbn.check.parallel import _context_after

    size = size or BATCH
    whole = Path(path).stat().st_size <= WHOLE
    context: dict[str, str] = {}
    with open(path, "rb") as fp:
        batch: list[Chunk] = []
        for chunk in split_lines(iter_lines(fp, encoding)):
            if not whole and batch and (len(batch) >= size and _BOARD_ONE.search(chunk.text)
                                        or len(batch) >= LONGEST):
                yield batch, context
                context = _context_after(batch, context)
                batch = []
            batch.append(chunk)
        if batch:
            yield batch, context


def read_batch(chunks: list[Chunk], context: dict[str, str]) -> list[Deal]:
    """The deals of a batch (comment blocks between deals included)."""
    reader = DealReader()
    reader.session = dict(context)
    return [deal for chunk in chunks if (deal := reader.read_chunk(chunk)) is not None]


def _list(values: Iterable[int] | None) -> list[int] | None:
    return list(values) if values is not None else None


def rows(deals: Iterable[Deal], file: str | None, dd: bool = False, limit: int | None = None
         ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The deal rows and the card rows of deals read in file order (a batch: its
    sessions are checked as a whole). ``dd``: analyse each deal double dummy
    (``limit``: the solver's node limit)."""
    deal_rows: list[dict[str, Any]] = []
    card_rows: list[dict[str, Any]] = []
    session: int | None = None
    key = None
    for checked in validate_deals(deals):
        deal = checked.deal
        if not deal.tags:
            continue
        line = deal.tags[0].pos.line
        if deal.board is None:
            here = None
        else:
            if session is None or deal.opens_session(key):
                session, key = line, deal.session_key()
            here = session
        analysis = _analyse(deal, limit) if dd else None
        deal_rows.append(_deal_row(checked, file, line, here, analysis))
        card_rows.extend(_card_rows(checked, file, line, analysis))
    return deal_rows, card_rows


def _analyse(deal: Deal, limit: int | None):
    from bismarck_pbn.analysis.problem import DEFAULT_LIMIT
    from bismarck_pbn.analysis.worker import analyse_one

    return analyse_one(deal, DEFAULT_LIMIT if limit is None else limit)


def _deal_row(checked: Checked, file: str | None, line: int, session: int | None, analysis) -> dict[str, Any]:
    deal = checked.deal
    headers = deal.headers
    trump = headers.get("Trump")
    diagnostics = checked.diagnostics
    row: dict[str, Any] = {
        "file": file, "line": line, "session": session, "game": deal.game, "variant": str(deal.variant),
        "event": headers.get("Event"), "date": headers.get("Date"), "board": deal.board,
        "dealer": deal.dealer, "forehand": deal.forehand, "contract": deal.contract, "declarer": deal.declarer,
        "trump": trump if trump in ("S", "H", "D", "C", "NT") else None,
        "tricks": _list(checked.result.tricks), "score": _list(checked.settled or checked.result.score),
        "total": _list(checked.total), "cards_played": len(deal.play.cards) if deal.play is not None else 0,
        "errors": sum(1 for d in diagnostics if d.severity == ERROR),
        "warnings": sum(1 for d in diagnostics if d.severity == WARNING),
        "dd_tricks": None, "dd_side": None, "actual_tricks": None, "dd_error": None,
    }
    if analysis is not None:
        row |= {"dd_tricks": analysis.dd_tricks, "dd_side": list(analysis.dd_side) or None,
                "actual_tricks": analysis.actual_tricks, "dd_error": analysis.error}
    return row


def _card_rows(checked: Checked, file: str | None, line: int, analysis) -> list[dict[str, Any]]:
    deal = checked.deal
    if deal.play is None:
        return []
    replay = checked.result.replay
    seats = replay.seats if replay is not None else []
    winners = replay.winners if replay is not None else []
    n = deal.seats
    costs = {}
    if analysis is not None:
        costs = {(p.trick, p.position): p.cost for p in analysis.plays if p.values is not None}
    out = []
    for i, played in enumerate(deal.play.cards):
        trick, position = i // n + 1, i % n + 1
        seat = seats[i] if i < len(seats) else None
        won = (winners[trick - 1] == seat) if trick - 1 < len(winners) and seat is not None else None
        out.append({"file": file, "line": line, "trick": trick, "position": position, "seat": seat,
                    "card": played.card, "won": won, "cost": costs.get((trick, position))})
    return out


def batch_rows(chunks: list[Chunk], context: dict[str, str], file: str | None, dd: bool = False,
               limit: int | None = None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Worker: the rows of one batch (see :func:`rows`)."""
    return rows(read_batch(chunks, context), file, dd, limit)
