"""The Arrow schemas of the deals and cards tables (:mod:`bismarck_pbn.convert.tables`):
what ``bpn convert --to parquet`` writes and :mod:`bismarck_pbn.dask` gives. Needs pyarrow
(``pip install 'bismarck-pbn[dask]'``); imports nothing of Dask or pandas."""

from __future__ import annotations

import pyarrow as pa

from bismarck_pbn.convert.tables import CARD_COLUMNS, DEAL_COLUMNS

__all__ = ["CARD_SCHEMA", "DEAL_SCHEMA", "arrow_schema"]

_TYPES = {"string": pa.string(), "int8": pa.int8(), "int16": pa.int16(), "int32": pa.int32(), "bool": pa.bool_(),
          "list<int8>": pa.list_(pa.int8()), "list<int16>": pa.list_(pa.int16()),
          "list<int32>": pa.list_(pa.int32())}


def arrow_schema(columns: list[tuple[str, str, str]]) -> pa.Schema:
    """The Arrow schema of :data:`DEAL_COLUMNS` or :data:`CARD_COLUMNS`, each column's
    meaning kept as its field's ``doc`` metadata."""
    return pa.schema([pa.field(name, _TYPES[kind], nullable=True, metadata={"doc": doc})
                      for name, kind, doc in columns])


DEAL_SCHEMA = arrow_schema(DEAL_COLUMNS)
CARD_SCHEMA = arrow_schema(CARD_COLUMNS)
