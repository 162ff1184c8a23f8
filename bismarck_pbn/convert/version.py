"""Which version BPN converted from an input is written as: the newest version the input
declares or has a deal that needs (BPN 1.1 §1: another game, Bismarck's 1.1 variants, a
tag 1.0 does not have; BPN 1.2: Turnover Bridge, the träkarl, their tags), else 1.0. The
writer needs to know before its first line, so ``bpn convert --to bpn`` looks ahead with
:func:`wanted_version`.

>>> import io
>>> wants_1_1(io.BytesIO(b'[Board "1"]\\n[Forehand "1"]\\n'), "bpn")
False
>>> wants_1_1(io.BytesIO(b'[Game "Whist"]\\n[Board "1"]\\n'), "bpn")
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from bismarck_pbn.convert.jsonio import deal_from_dict, loads
from bismarck_pbn.convert.schema import decode
from bismarck_pbn.format.encoding import SNIFF, sniff
from bismarck_pbn.format.reader import DealReader, read_deals
from bismarck_pbn.format.visitor import HeadersOnly
from bismarck_pbn.format.writer import is_comment_block, needed_version, newest
from bismarck_pbn.model.deal import TAGS_1_1, TAGS_1_2, Deal

__all__ = ["jsonl_records", "mentions_1_1", "wanted_version", "wants_1_1"]

# Every way a deal can need BPN 1.1 (writer.needs_1_1), or a file declare it, shows in
# its bytes as one of these words: a tag of 1.1, a 1.1 variant, the version line, the
# declared version in JSON. A file without any of them is written as 1.0. (1.2: its
# tags; Turnover Bridge and the träkarl also need a Game tag of 1.1.)
_MAY_NEED_1_1 = re.compile(b"|".join([re.escape(name.encode()) for name in sorted(TAGS_1_1 | TAGS_1_2)]
                                     + [b"Estonian", b"Finnish", rb"BPN 1\.[12]", b"bpn_version"]))
_CHUNK = 1 << 20


def mentions_1_1(fp: BinaryIO) -> bool:
    """Whether the bytes of ``fp`` hold a word that may make BPN 1.1 (or are UTF-16 or
    UTF-32, where a bytes search sees nothing). O(size), a regex over 1 MB chunks."""
    tail = b""
    first = True
    while chunk := fp.read(_CHUNK):
        if first and sniff(chunk[: SNIFF + 4]).wide:
            return True
        first = False
        if _MAY_NEED_1_1.search(tail + chunk):
            return True
        tail = chunk[-16:]
    return False


def jsonl_records(lines: Iterable[str]) -> Iterator[Deal]:
    """The deals of JSON Lines as their records give them, not checked against the
    schema (a line that does not fit may raise ValueError, TypeError, LookupError or
    AttributeError) and with no replay for derived fields: about twice as fast."""
    reader = DealReader()
    for number, line in enumerate(lines, 1):
        if line.strip():
            deal = deal_from_dict(decode(line, number), reader, derived=False)
            if deal is not None:
                yield deal


def wants_1_1(stream: BinaryIO, kind: str, encoding: str = "utf-8") -> bool:
    """Whether the input in ``stream`` needs more than BPN 1.0 (:func:`wanted_version`)."""
    return wanted_version(stream, kind, encoding) != "1.0"


def wanted_version(stream: BinaryIO, kind: str, encoding: str = "utf-8") -> str:
    """The newest version of BPN that the input in ``stream`` (binary, seekable, at its
    start; ``kind`` is ``bpn``, ``json`` or ``jsonl``) declares or has a deal that needs:
    ``"1.0"``, ``"1.1"`` or ``"1.2"``. A quick pass over the bytes first (~10 ms a MB);
    only an input that mentions a 1.1 or 1.2 word is read as deals (BPN its tags only),
    up to the first deal that needs 1.2. A fault ends the look with what was found so
    far: the conversion reads the input again and reports it."""
    start = stream.tell()
    if not mentions_1_1(stream):
        return "1.0"
    stream.seek(start)
    found = "1.0"
    try:
        if kind == "bpn":
            deals: Iterable[Deal] = read_deals(stream, encoding=encoding, visitor=HeadersOnly())
        elif kind == "jsonl":
            deals = jsonl_records(line.decode("utf-8-sig" if i == 0 else "utf-8") for i, line in enumerate(stream))
        else:
            deals = loads(stream.read().decode("utf-8-sig"))
        for deal in deals:
            found = newest((found, deal.version, "1.0" if is_comment_block(deal) else needed_version(deal)))
            if found == "1.2":
                break
    except (ValueError, LookupError, TypeError, AttributeError):  # (UnicodeDecodeError, SchemaError are ValueErrors)
        pass
    return found
