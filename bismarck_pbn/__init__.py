"""bismarck-pbn: read, check, write and replay Bismarck hand records (BPN 1.0).

The public API is small::

    import bismarck_pbn as bpn

    for deal in bpn.read_file("club-night.bpn"):      # Deal objects, one at a time
        print(deal.headers["Board"], deal.contract, deal.forehand)

    for d in bpn.validate_file("club-night.bpn"):     # Diagnostic(code, severity, message, line, column, path)
        print(d)

    text = bpn.dumps(bpn.parse(text))                 # canonical BPN, nothing lost
    deal = bpn.Deal.build(board=1, forehand=1, contract="Spel")   # deals made in code
    text = bpn.dumps([dataclasses.replace(deal, contract="Pass")])
    doc = bpn.to_json(bpn.read_file("club-night.bpn"), with_replay=True)
    deals = bpn.from_json(doc)                         # checked against the JSON Schema

``read_deal(handle)`` goes on where it stopped, as python-chess's ``read_game`` does,
and a :class:`ReadVisitor` steers reading (``HeadersOnly`` for fast scans); ``load`` and
``dump`` read and write file objects. Deals accept a visitor (``deal.accept(visitor)``)
for writing and exporting; the rules live in :mod:`bismarck_pbn.games` and know nothing
of text. See docs/library.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bismarck_pbn.diagnostics import CODES, Diagnostic
    from bismarck_pbn.model.deal import BaseVisitor, Comment, Deal, Play, PlayedCard, Pos, Tag
    from bismarck_pbn.format.reader import Reader, load, parse, read_deal, read_deals, read_file
    from bismarck_pbn.format.visitor import SKIP, HeadersOnly, ReadVisitor
    from bismarck_pbn.check.validate import Checked, check_deal, validate_deals, validate_file, validate_stream, validate_text
    from bismarck_pbn.model.variant import Variant
    from bismarck_pbn.format.writer import dump, dumps, write_deal
    from bismarck_pbn.model.build import build

_HOME = {
    **dict.fromkeys(["CODES", "Diagnostic"], "bismarck_pbn.diagnostics"),
    **dict.fromkeys(["BaseVisitor", "Comment", "Deal", "Play", "PlayedCard", "Pos", "Tag"], "bismarck_pbn.model.deal"),
    **dict.fromkeys(["Reader", "load", "parse", "read_deal", "read_deals", "read_file"], "bismarck_pbn.format.reader"),
    **dict.fromkeys(["SKIP", "HeadersOnly", "ReadVisitor"], "bismarck_pbn.format.visitor"),
    **dict.fromkeys(["Checked", "check_deal", "validate_deals", "validate_file", "validate_stream", "validate_text"],
                    "bismarck_pbn.check.validate"),
    "Variant": "bismarck_pbn.model.variant",
    **dict.fromkeys(["dump", "dumps", "write_deal"], "bismarck_pbn.format.writer"),
    "build": "bismarck_pbn.model.build",
}
"""Where each name of the API lives. ``import bismarck_pbn`` imports none of them: a
name's module is imported when the name is first used (PEP 562), so a program that
only lists the commands, or reads JSON, does not pay for the parser and the rules."""


def __getattr__(name: str) -> object:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # once: the next use is a plain lookup
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})

def to_json(deals, *, with_replay: bool = False, indent: int | None = 1) -> str:
    """Deals as a JSON document (see ``bpn schema``)."""
    from bismarck_pbn.convert.jsonio import dumps as _dumps

    return _dumps(deals, with_replay=with_replay, indent=indent)


def from_json(text: str) -> list[Deal]:
    """Deals from a JSON document, checked against the schema first (raises
    ``bismarck_pbn.convert.jsonio.SchemaError`` naming the JSON path, line and column of a fault)."""
    from bismarck_pbn.convert.jsonio import loads

    return loads(text)


__version__ = "0.1.0"

__all__ = [
    "CODES", "BaseVisitor", "Checked", "Comment", "Deal", "Diagnostic", "Play", "PlayedCard", "Pos",
    "Tag", "Variant", "check_deal", "parse", "read_deal", "read_deals", "read_file", "validate_deals",
    "validate_file", "validate_stream", "validate_text", "dumps", "write_deal", "to_json", "from_json",
    "Reader", "ReadVisitor", "HeadersOnly", "SKIP", "load", "dump", "build",
]
