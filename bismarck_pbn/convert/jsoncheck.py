"""Validating JSON and JSON Lines records (``bpn validate x.json``): each fault with
its place in the JSON text.

A file that is not JSON gives one BPN001 at the line and column where the JSON decoder
stopped. JSON that does not fit the schema gives one BPN001 per fault, naming its JSON
path (``$.deals[3].tags[0].value``) and placed at the start of that value in the text.
JSON that fits is imported as ``bpn convert`` imports it (:mod:`bismarck_pbn.convert.jsonio`)
and its deals are checked by the validator, session checks included; a deal's
diagnostics are placed at the start of its object (the deals came from no BPN text, so
there is no finer place), and their messages name the deal.

JSON Lines are checked one line at a time, in constant memory; a line that is not JSON
or does not fit the schema is reported and skipped, and the other lines are checked.
Time O(size of the text) for locating places, plus the validator's O(deals).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

from bismarck_pbn.check.validate import validate_deals
from bismarck_pbn.convert import jsonio, schema
from bismarck_pbn.convert.jsonplace import Places, locate, skip_ws, where
from bismarck_pbn.diagnostics import ERROR, Diagnostic
from bismarck_pbn.format.reader import DealReader

_DECODER = json.JSONDecoder()
JSON_START = re.compile(r'\A\ufeff?[ \t\r\n]*(\[[ \t\r\n]*([\[\]{"0-9-]|(true|false|null)\b)'
                        r'|\{[ \t\r\n]*["}])')
"""How JSON begins: an array's first value, or an object's first key. A BPN file that
starts with a ``{comment}`` does not begin so, nor one that starts with a tag pair
(``[Event "…"]``: a name, where JSON has a value)."""


def looks_like_json(head: str) -> bool:
    """Whether text that begins with ``head`` is JSON (a document or JSON Lines)."""
    return JSON_START.match(head) is not None


def _starts(text: str, path: Iterable[str | int]) -> list[int]:
    """The offset of each element of the array at ``path``. O(len(text))."""
    i = locate(text, path)
    out: list[int] = []
    if i >= len(text) or text[i] != "[":
        return out
    j = skip_ws(text, i + 1)
    while j < len(text) and text[j] != "]":
        out.append(j)
        _, j = _DECODER.raw_decode(text, j)
        j = skip_ws(text, j)
        if j < len(text) and text[j] == ",":
            j = skip_ws(text, j + 1)
    return out


def _fault(message: str, line: int, column: int) -> Diagnostic:
    return Diagnostic("BPN001", ERROR, message, line, column)


def _schema_faults(obj: Any, part: str) -> list:
    """Every place where ``obj`` breaks the schema, first in order of their path; a fault
    inside a choice of schemas (a card, a call or a trick) is named at its deepest place,
    as :func:`bismarck_pbn.convert.schema.check` names the first."""
    from jsonschema.exceptions import best_match

    validator = schema.validator(part)
    faults = [best_match([error]) for error in validator.iter_errors(obj)]
    return sorted(faults, key=lambda e: [str(p) for p in e.absolute_path])


def _not_json(exc: json.JSONDecodeError | schema.UnreadableJSON) -> str:
    if isinstance(exc, schema.UnreadableJSON):
        return str(exc).split(": ", 1)[1]  # (the words bpn convert gives too; the place is the diagnostic's)
    return f"not JSON: {exc.msg}"


class JsonChecker:
    """Checks JSON or JSON Lines input; ``deals`` counts the deals checked so far."""

    def __init__(self) -> None:
        self.deals = 0

    def document(self, text: str) -> Iterator[Diagnostic]:
        """Diagnostics for a JSON document, in order."""
        return validate_json_text(text, self)

    def lines(self, lines: Iterable[str]) -> Iterator[Diagnostic]:
        """Diagnostics for JSON Lines, in line order."""
        return validate_jsonl_lines(lines, self)


def document_faults(text: str) -> tuple[Any, list[Diagnostic]]:
    """A JSON document decoded, and every way it is not BPN JSON (not JSON, nested too
    deeply, each place it breaks the schema) as BPN001 diagnostics; the object is None
    when there is any. What ``bpn validate`` and ``bpn convert`` both report."""
    try:
        obj = schema.decode(text)
    except json.JSONDecodeError as exc:
        return None, [_fault(_not_json(exc), exc.lineno, exc.colno)]
    except schema.UnreadableJSON as exc:  # (placed where the nesting goes too deep)
        return None, [_fault(_not_json(exc), exc.line, exc.column)]
    faults = _schema_faults(obj, "document")
    if not faults:
        return obj, []
    place = Places(text)
    return None, [_fault(f"{error.json_path}: {error.message}", *place(where(text, error.absolute_path)))
                  for error in faults]


def line_faults(line: str, number: int) -> tuple[Any, list[Diagnostic]]:
    """One line of JSON Lines decoded, and every way it is not a BPN JSON deal (as
    :func:`document_faults`); the object is None when there is any."""
    try:
        obj = schema.decode(line, number)
    except json.JSONDecodeError as exc:
        return None, [_fault(_not_json(exc), number, exc.colno)]
    except schema.UnreadableJSON as exc:
        return None, [_fault(_not_json(exc), exc.line, exc.column)]
    faults = _schema_faults(obj, "deal")
    if not faults:
        return obj, []
    return None, [_fault(f"{e.json_path}: {e.message}", number, where(line, e.absolute_path) + 1) for e in faults]


def jsonl_faults(lines: Iterable[str], first: int = 1) -> Iterator[Diagnostic]:
    """Every line's faults (:func:`line_faults`), numbering the lines from ``first``."""
    for number, line in enumerate(lines, first):
        if line.strip():
            yield from line_faults(line.lstrip("\ufeff") if number == 1 else line, number)[1]


def validate_json_text(text: str, counter: JsonChecker | None = None) -> Iterator[Diagnostic]:
    """Diagnostics for a JSON document (``{"format": "bpn-json", ...}``), in order."""
    text = text.lstrip("\ufeff")
    obj, faults = document_faults(text)
    if faults:
        yield from faults
        return
    place = Places(text)
    starts = _starts(text, ["deals"])
    reader = DealReader()
    built = [(jsonio.deal_from_dict(x, reader), i) for i, x in enumerate(obj["deals"])]
    yield from _checked([(deal, place(starts[i]) if i < len(starts) else (1, 1))
                         for deal, i in built if deal is not None], counter)


def validate_jsonl_lines(lines: Iterable[str], counter: JsonChecker | None = None) -> Iterator[Diagnostic]:
    """Diagnostics for JSON Lines (one deal object a line), in line order."""
    reader = DealReader()

    def deals() -> Iterator[tuple[Any, tuple[int, int]]]:
        for number, line in enumerate(lines, 1):
            line = line.lstrip("\ufeff") if number == 1 else line
            if not line.strip():
                continue
            obj, faults = line_faults(line, number)
            if faults:
                pending.extend(faults)
                continue
            deal = jsonio.deal_from_dict(obj, reader)
            if deal is not None:
                yield deal, (number, skip_ws(line, 0) + 1)

    pending: list[Diagnostic] = []
    for diagnostic in _checked(deals(), counter):
        while pending and (pending[0].line, pending[0].column) < (diagnostic.line, diagnostic.column):
            yield pending.pop(0)
        yield diagnostic
    yield from pending


def _checked(items: Iterable[tuple[Any, tuple[int, int]]], counter: JsonChecker | None) -> Iterator[Diagnostic]:
    """The validator's diagnostics on each deal, placed at its object."""
    places: dict[int, tuple[tuple[int, int], int]] = {}
    number = 0

    def feed() -> Iterator:
        nonlocal number
        for deal, at in items:
            if deal.tags:
                number += 1
                if counter is not None:
                    counter.deals += 1
            places[id(deal)] = (at, number)
            yield deal

    for checked in validate_deals(feed()):
        (line, column), number = places.pop(id(checked.deal))
        for d in checked.diagnostics:
            yield d._replace(line=line, column=column, message=f"deal {number}: {d.message}")
