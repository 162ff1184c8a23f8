"""The JSON layout of BPN deals: its schema, and reading JSON text safely.

:func:`schema` is the JSON Schema (draft 2020-12) of a document; :func:`check` raises
:class:`SchemaError` at the first place an object breaks it (fastjsonschema says yes or
no, jsonschema explains a no); :func:`decode` is ``json.loads`` with nesting too deep for
Python's decoder reported as :class:`UnreadableJSON` at its line and column. The export
and import of deals is :mod:`bismarck_pbn.convert.jsonio`.
"""

from __future__ import annotations

import copy
import json
import re
from functools import lru_cache
from typing import Any

from bismarck_pbn.convert.jsonplace import Places, where
from bismarck_pbn.resources import data_path

FORMAT = "bpn-json"
VERSION = 2
"""The layout written; version 1 (Bismarck only, before the whist family) is read too."""


class SchemaError(ValueError):
    """JSON that does not fit the schema (or is not JSON): ``where`` is a JSON path like
    ``$.deals[3].tags`` (empty for text that is not JSON), ``path`` the same as keys and
    indexes, ``line`` and ``column`` (from 1) its place in the text once known (see
    :meth:`placed`). :meth:`at` is the one line ``bpn validate`` gives for the same fault."""

    code = "BPN001"

    def __init__(self, where: str, message: str, line: int | None = None, column: int | None = None,
                 path: tuple[str | int, ...] = ()):
        self.where = where
        self.message = message
        self.line = line
        self.column = column
        self.path = path
        prefix = f"line {line}: " if line is not None and column is None else ""
        prefix = f"{line}:{column}: " if line is not None and column is not None else prefix
        super().__init__(f"{prefix}{self.what}")

    @property
    def what(self) -> str:
        """The fault without its place: ``$.deals[0].tags: 3 is not of type 'array'``."""
        return f"{self.where}: {self.message}" if self.where else self.message

    def placed(self, text: str, line: int | None = None) -> SchemaError:
        """This fault at the line and column in ``text`` where its value begins; ``line``
        given (a JSON Lines row) makes ``text`` that one line. O(len(text))."""
        offset = where(text, self.path)
        at = (line, offset + 1) if line is not None else Places(text)(offset)
        return SchemaError(self.where, self.message, *at, path=self.path)

    def at(self, name: str) -> str:
        """``NAME:LINE:COL: BPN001 error: $.path: message`` (``NAME: ...`` when unplaced)."""
        place = f"{name}:{self.line}:{self.column or 1}" if self.line is not None else name
        return f"{place}: {self.code} error: {self.what}"


class UnreadableJSON(ValueError):
    """JSON nested too deeply for Python's decoder (a RecursionError inside): where the
    nesting first goes deeper than any BPN JSON does, as line and column from 1."""

    def __init__(self, line: int, column: int):
        self.line = line
        self.column = column
        super().__init__(f"line {line}, column {column}: JSON nested more than {_DEEP} levels deep here, "
                         "too deep to read (BPN JSON is never more than 8 levels deep)")


_DEEP = 100
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _too_deep(text: str, line: int = 1) -> UnreadableJSON:
    """The error for ``text`` (which made the decoder recurse too deeply). O(len(text))."""
    depth = 0
    for m in _JSON_TOKEN.finditer(text):
        token = m.group()
        if token in "[{":
            depth += 1
            if depth > _DEEP:
                at = m.start()
                return UnreadableJSON(line + text.count("\n", 0, at), at - text.rfind("\n", 0, at))
        elif token in "]}":
            depth -= 1
    return UnreadableJSON(line, 1)


def decode(text: str, line: int = 1) -> Any:
    """``json.loads``, with nesting too deep for the decoder as :class:`UnreadableJSON`."""
    try:
        return json.loads(text)
    except RecursionError:
        raise _too_deep(text, line) from None


@lru_cache(maxsize=1)
def schema() -> dict:
    """The JSON Schema (draft 2020-12) of a BPN JSON document."""
    return json.loads(data_path("schemas", "bpn.schema.json").read_text(encoding="utf-8"))


def _target(part: str) -> dict:
    """A fresh copy of the schema (fastjsonschema rewrites references in place)."""
    root = copy.deepcopy(schema())
    if part == "deal":
        return {"$schema": root["$schema"], "$ref": "#/$defs/deal", "$defs": root["$defs"]}
    return root


@lru_cache(maxsize=2)
def validator(part: str):
    """The reference validator (jsonschema): precise errors with their JSON path."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(_target(part))


@lru_cache(maxsize=2)
def _fast(part: str):
    """The same schema compiled to Python by fastjsonschema: ~18x faster than
    jsonschema (2,860 against 158 deals/s), which is what makes importing a large JSON
    Lines archive practical. It only says yes or no here; jsonschema explains a no."""
    import fastjsonschema

    return fastjsonschema.compile(_target(part))


def check(obj: Any, *, part: str = "document", line: int | None = None) -> None:
    """Raise :class:`SchemaError` at the first (deepest, then first in order) place where
    ``obj`` breaks the schema. ``part`` is ``"document"`` or ``"deal"`` (a JSON Lines row)."""
    import fastjsonschema

    try:
        _fast(part)(obj)
        return
    except fastjsonschema.JsonSchemaException as fast_error:
        fallback = fast_error
    from jsonschema.exceptions import best_match

    error = best_match(validator(part).iter_errors(obj))
    if error is not None:
        raise SchemaError(error.json_path, error.message, line, path=tuple(error.absolute_path))
    raise SchemaError("$", getattr(fallback, "message", str(fallback)), line)  # pragma: no cover - the two disagree
