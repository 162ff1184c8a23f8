"""Hand records as Dask collections, for data people: ``pip install 'bismarck-pbn[dask]'``.

    >>> from bismarck_pbn.dask import read_bpn, deals_frame, cards_frame
    >>> bag = read_bpn(["club/2025/*.bpn", "club/2026/"])     # a dask.bag.Bag of Deal objects
    >>> deals = deals_frame(bag)                              # one row per deal
    >>> deals.groupby("contract").errors.sum().compute()
    >>> cards_frame(bag, dd=True).query("cost > 0").card.value_counts().compute()

A bag's partitions are batches of deals (:func:`bismarck_pbn.convert.tables.batches`):
a file, or for a large file some thousands of deals cut at a session's start, so that
each session is whole within a partition and its running totals and session checks are
those of the whole file. The columns and their types are those of
:data:`~bismarck_pbn.convert.tables.DEAL_COLUMNS` and
:data:`~bismarck_pbn.convert.tables.CARD_COLUMNS` (docs/library.md), as
``pandas.ArrowDtype``: the same as the Parquet files ``bpn convert --to parquet`` writes.
The work runs wherever Dask runs it: on a ``distributed.Client`` when one is made (the
same cluster ``--scheduler`` uses), else on local threads.
"""

from __future__ import annotations

import glob as _glob
from collections.abc import Iterable
from pathlib import Path
from typing import Any

try:
    import dask
    import dask.bag as db
    import dask.dataframe as ddf
    import pandas as pd
    import pyarrow as pa
except ImportError as _exc:  # pragma: no cover - the message is the point
    raise ImportError(f"bismarck_pbn.dask needs Dask: pip install 'bismarck-pbn[dask]' ({_exc})") from None

from bismarck_pbn.convert.arrow import CARD_SCHEMA, DEAL_SCHEMA, arrow_schema
from bismarck_pbn.convert.tables import batches, read_batch, rows

__all__ = ["CARD_SCHEMA", "DEAL_SCHEMA", "arrow_schema", "cards_frame", "deals_frame", "read_bpn"]

def _files(paths: str | Path | Iterable[str | Path]) -> list[Path]:
    """Files named, globs expanded, ``*.bpn`` below directories (sorted)."""
    if isinstance(paths, (str, Path)):
        paths = [paths]
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("*.bpn") if p.is_file()))
        elif any(c in str(raw) for c in "*?[") and not path.exists():
            out.extend(Path(p) for p in sorted(_glob.glob(str(raw), recursive=True)))
        else:
            out.append(path)
    return out


def read_bpn(paths: str | Path | Iterable[str | Path], *, encoding: str = "utf-8") -> db.Bag:
    """A bag of the deals of ``paths`` (files, directories, globs), in file order, one
    partition per batch (sessions whole within it; comment blocks between deals are
    deals with no tags). The files are split here, read by the workers."""
    files: list[str] = []
    parts = []
    for path in _files(paths):
        for chunks, context in batches(path, encoding):
            parts.append(dask.delayed(read_batch, pure=True)(chunks, context))
            files.append(str(path))
    bag = db.from_delayed(parts) if parts else db.from_sequence([], npartitions=1)
    bag.bpn_files = files  # which file each partition is of: the frames' file column
    return bag


def _frame(deals: list, file: str | None, which: int, dd: bool, limit: int | None) -> pd.DataFrame:
    made = rows(deals, file, dd, limit)[which]
    schema = DEAL_SCHEMA if which == 0 else CARD_SCHEMA
    return pa.Table.from_pylist(made, schema=schema).to_pandas(types_mapper=pd.ArrowDtype)


def _frames(bag: db.Bag, which: int, dd: bool, limit: int | None) -> ddf.DataFrame:
    schema = DEAL_SCHEMA if which == 0 else CARD_SCHEMA
    meta = schema.empty_table().to_pandas(types_mapper=pd.ArrowDtype)
    parts = bag.to_delayed()
    files: list[Any] = list(getattr(bag, "bpn_files", None) or [None] * len(parts))
    if len(files) != len(parts):
        files = [None] * len(parts)
    return ddf.from_delayed([dask.delayed(_frame, pure=True)(p, f, which, dd, limit) for p, f in zip(parts, files)],
                            meta=meta, verify_meta=False)


def deals_frame(bag: db.Bag, *, dd: bool = False, limit: int | None = None) -> ddf.DataFrame:
    """One row per deal (:data:`DEAL_COLUMNS`). ``dd``: with the double-dummy result of
    each deal (seconds a deal: a cluster's work); ``limit``: the solver's node limit."""
    return _frames(bag, 0, dd, limit)


def cards_frame(bag: db.Bag, *, dd: bool = False, limit: int | None = None) -> ddf.DataFrame:
    """One row per card played (:data:`CARD_COLUMNS`); ``dd``: with what each card cost."""
    return _frames(bag, 1, dd, limit)
