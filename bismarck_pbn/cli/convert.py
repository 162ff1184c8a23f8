"""``bpn convert``: BPN to JSON or JSON Lines and back."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from itertools import chain
from enum import Enum
from pathlib import Path
from typing import Annotated, BinaryIO, cast

import typer

from bismarck_pbn.convert.jsonio import (FORMAT, VERSION, SchemaError, UnreadableJSON, deal_from_dict, iter_dicts,
                                         iter_jsonl, iter_jsonl_deals, loads)
from bismarck_pbn.convert.schema import decode
from bismarck_pbn.format.encoding import SNIFF, byte_place, codec_name, sniff
from bismarck_pbn.sources import ReadFailure, text_deals
from bismarck_pbn.format.reader import DealReader, read_deals
from bismarck_pbn.format.visitor import HeadersOnly
from bismarck_pbn.safewrite import atomic_write
from bismarck_pbn.format.writer import is_comment_block, iter_text, needed_version, newest
from bismarck_pbn.model.deal import TAGS_1_1, TAGS_1_2, Deal
from bismarck_pbn.cli.common import STDIN_TWICE, UNWRITABLE, err_console


class Kind(str, Enum):
    json = "json"
    jsonl = "jsonl"
    bpn = "bpn"


_EXTENSIONS = {".bpn": Kind.bpn, ".pbn": Kind.bpn, ".json": Kind.json, ".jsonl": Kind.jsonl,
               ".ndjson": Kind.jsonl}


class _SyntaxStop(Exception):
    pass


def _sniff(first: bytes) -> Kind:
    """JSON, JSON Lines or BPN, from the first non-empty line (for standard input)."""
    stripped = first.decode("utf-8", "replace").lstrip("\ufeff \t\r\n")
    if not stripped.startswith("{"):
        return Kind.bpn
    try:
        obj = json.loads(stripped)
    except json.JSONDecodeError:
        return Kind.json
    return Kind.json if isinstance(obj, dict) and "deals" in obj else Kind.jsonl


class _Chained(io.RawIOBase):
    """Some bytes already read, then the rest of a stream: lets stdin be sniffed and
    still be read as a stream."""

    def __init__(self, head: bytes, rest) -> None:
        self.head = head
        self.rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self.head:
            n = min(len(buffer), len(self.head))
            buffer[:n] = self.head[:n]
            self.head = self.head[n:]
            return n
        data = self.rest.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def _open_input(path: str, buffered: BinaryIO | None = None):
    """The input's kind and a binary stream over it; files and stdin both stream
    (``buffered``: standard input already read, for a second pass; read from its start)."""
    stdin: BinaryIO
    if path != "-":
        kind = _EXTENSIONS.get(Path(path).suffix.lower())
        fp = open(path, "rb")  # noqa: SIM115 - the caller closes it after streaming
        if kind is not None:
            return kind, fp
        stdin = fp
    elif buffered is not None:
        buffered.seek(0)
        stdin = buffered
    else:
        stdin = sys.stdin.buffer
    head = b""
    while True:
        line = stdin.readline()
        head += line
        if not line or line.strip():
            break
    return _sniff(head), io.BufferedReader(_Chained(head, stdin))


def _clean(deals, name: str):
    """Pass deals through, stopping at the first that cannot be converted faithfully."""
    for deal in deals:
        bad = [p for p in deal.problems if p.code in UNWRITABLE]
        if bad:
            raise _SyntaxStop("\n".join(str(p.at(name)) for p in bad))
        yield deal


def _first_read(deals: Iterator) -> Iterator:
    """The same deals, the first one read now, before anything is written: a fault at
    the start of the input (not text, not UTF-8, nested too deeply) then leaves
    standard output empty rather than holding a half-written JSON header."""
    deals = iter(deals)
    for first in deals:
        return chain([first], deals)
    return iter(())


def _json_document(dicts) -> Iterator[str]:
    yield f'{{"format": "{FORMAT}", "version": {VERSION}, "deals": ['
    first = True
    for d in dicts:
        yield ("\n" if first else ",\n") + json.dumps(d, ensure_ascii=False)
        first = False
    yield "\n]}\n"


def _deals(path: str, encoding: str, buffered: BinaryIO | None = None, warn: bool = True):
    """The deals of one input, read lazily; faults come out as :class:`_InputFault`
    (``warn``: say where a derived JSON field was edited)."""
    name = "<stdin>" if path == "-" else path
    try:
        kind, raw = _open_input(path, buffered)
    except OSError as exc:
        raise _InputFault(f"bpn: {path}: cannot read: {exc.strerror or exc}", 2) from None
    try:
        if kind is Kind.bpn:
            yield from _clean(text_deals(read_deals(raw, encoding=encoding), name), name)
        elif kind is Kind.json:
            yield from _derived_warnings(loads(_json_text(raw.read(), name)), name, warn)
        else:
            yield from _derived_warnings(iter_jsonl_deals(_json_lines(raw, name)), name, warn)
    except ReadFailure as exc:
        raise _InputFault(f"bpn: {exc}", exc.code) from None
    except UnreadableJSON as exc:
        raise _InputFault(f"bpn: {name}:{exc.line}:{exc.column}: BPN001 error: {str(exc).split(': ', 1)[1]}",
                          2) from None
    except SchemaError as exc:
        raise _InputFault(f"bpn: {exc.at(name)}", 1) from None
    finally:
        if path != "-":
            raw.close()


def _derived_warnings(deals, name: str, warn: bool = True):
    """Pass deals through, saying on standard error where a derived JSON field was
    edited by hand (BPN106: ignored on import, so the user knows)."""
    err = err_console()
    for deal in deals:
        for p in deal.problems:
            if p.code == "BPN106" and warn:
                err.print(str(p.at(name)), markup=False, highlight=False)
        yield deal


def _json_text(data: bytes, name: str) -> str:
    """A JSON document's text: UTF-8 (a byte-order mark allowed), else ReadFailure (exit 2)
    with the place of the first bad byte; a file that is not text says so once (exit 1)."""
    found = sniff(data[: SNIFF + 4])
    if found.problem is not None and not found.is_text:
        raise ReadFailure(str(found.problem.at(name)), 1)  # (not text: 1, as a .bpn that is not)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line, column = byte_place(data, e.start)
        raise ReadFailure(f"{name}:{line}:{column}: BPN003 error: not valid UTF-8 at byte offset {e.start} "
                          f"(byte 0x{data[e.start]:02x}): JSON is read as UTF-8", 2) from None


def _json_lines(raw, name: str) -> Iterator[str]:
    """JSON Lines decoded one line at a time (so memory stays flat), each strictly as
    UTF-8; the first bad byte is a ReadFailure (exit 2) naming its line and offset."""
    offset = 0
    for number, line in enumerate(raw, 1):
        if number == 1:
            found = sniff(line + raw.peek(SNIFF)[:SNIFF] if hasattr(raw, "peek") else line)
            if found.problem is not None and not found.is_text:
                raise ReadFailure(str(found.problem.at(name)), 1)
        try:
            yield line.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError as e:
            column = byte_place(line, e.start)[1]
            raise ReadFailure(f"{name}:{number}:{column}: BPN003 error: not valid UTF-8 at byte offset {offset + e.start} "
                              f"(byte 0x{line[e.start]:02x}): JSON Lines are read as UTF-8", 2) from None
        offset += len(line)


# Every way a deal can need BPN 1.1 (writer.needs_1_1), or a file declare it, shows in
# its bytes as one of these words: a tag of 1.1, a 1.1 variant, the version line, the
# declared version in JSON. A file without any of them is written as 1.0.
# (1.2: its tags, Turnover Bridge and the träkarl, which also need a Game tag of 1.1)
_MAY_NEED_1_1 = re.compile(b"|".join([re.escape(name.encode()) for name in sorted(TAGS_1_1 | TAGS_1_2)]
                                     + [b"Estonian", b"Finnish", rb"BPN 1\.[12]", b"bpn_version"]))
_CHUNK = 1 << 20


def _buffer_stdin() -> BinaryIO:
    """Standard input read whole (into memory, or a temporary file past 64 MB), so
    that BPN output can look at every deal before its version line is written."""
    spool = tempfile.SpooledTemporaryFile(max_size=64 << 20)  # noqa: SIM115 - lives as long as the command
    shutil.copyfileobj(sys.stdin.buffer, spool)
    return cast(BinaryIO, spool)


def _mentions_1_1(fp: BinaryIO) -> bool:
    """Whether the bytes of ``fp`` hold a word of :data:`_MAY_NEED_1_1` (or are UTF-16
    or UTF-32, where a bytes search sees nothing). O(size), a regex over 1 MB chunks."""
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


def _wants_version(path: str, encoding: str, buffered: BinaryIO | None) -> str:
    """The newest version of BPN the input at ``path`` declares or has a deal that needs
    (BPN 1.1 §1; ``"1.0"`` for none), so that BPN written from it starts with that
    version line. A quick pass over the
    bytes first (~10 ms a MB); only an input that mentions a 1.1 word is read as deals
    (BPN its tags only), up to the first deal that needs 1.2. A fault ends the look
    (the conversion then reports it)."""
    try:
        if path == "-":
            assert buffered is not None
            buffered.seek(0)
            if not _mentions_1_1(buffered):
                return "1.0"
        else:
            with open(path, "rb") as fp:
                if not _mentions_1_1(fp):
                    return "1.0"
        kind, raw = _open_input(path, buffered)
        try:
            # BPN: the tags only (the play is not parsed); JSON Lines: the records only
            # (no schema check, no replay for derived fields: ~2x faster); a JSON document: imported
            deals = (read_deals(raw, encoding=encoding, visitor=HeadersOnly()) if kind is Kind.bpn
                     else _jsonl_records(raw, path) if kind is Kind.jsonl
                     else _deals(path, encoding, buffered, warn=False))
            found = "1.0"
            for deal in deals:
                found = newest((found, deal.version, "1.0" if is_comment_block(deal) else needed_version(deal)))
                if found == "1.2":
                    break
            return found
        finally:
            if path != "-":
                raw.close()
    except (_InputFault, _SyntaxStop, ReadFailure, OSError, ValueError, LookupError, TypeError, AttributeError):
        return "1.0"  # (JSON Lines that do not fit the schema: the conversion says where)


def _jsonl_records(raw, name: str) -> Iterator[Deal]:
    """The deals of JSON Lines as their records give them, not checked against the
    schema (a line that does not fit may raise any of the errors caught above)."""
    reader = DealReader()
    for number, line in enumerate(_json_lines(raw, name), 1):
        if line.strip():
            deal = deal_from_dict(decode(line, number), reader, derived=False)
            if deal is not None:
                yield deal


def _as_version(deals: Iterator[Deal], version: str) -> Iterator[Deal]:
    """The deals, the first marked as declaring ``version`` (the writer then says so)."""
    for first in deals:
        yield replace(first, version=version)
        break
    yield from deals


class _InputFault(Exception):
    """An input that cannot be converted: the message and the exit status."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


def convert_command(
    paths: Annotated[list[str], typer.Argument(
        help="The inputs: .bpn, .json or .jsonl files, or - for standard input (its kind is then "
        "told from the content). Several inputs are converted into one output, in order.",
        metavar="FILE...", show_default=False)],
    to: Annotated[Kind, typer.Option("--to", "--format", "-f", metavar="json|jsonl|bpn",
                                     help="What to write.", show_default=False)],
    output: Annotated[str, typer.Option("--output", "-o", metavar="FILE", show_default=False,
                                        help="Where to write (- for standard output, the default). "
                                        "A file is written atomically.")] = "-",
    with_replay: Annotated[bool, typer.Option(
        "--with-replay", help="JSON only: add each trick's winner and running count, and each deal's computed "
        "tricks, score and running total.")] = False,
    encoding: Annotated[str, typer.Option("--encoding", "-e", metavar="NAME", show_default=False,
                                          help="Text encoding of BPN input (default utf-8).")] = "utf-8",
) -> None:
    """Convert between BPN, JSON (one document) and JSON Lines (one deal a line, for big
    archives; read and written as a stream).

    JSON written always fits the schema (**bpn schema**); JSON read is checked
    against it first, and a fault is reported with its JSON path. BPN written is the
    canonical form, so BPN -> JSON -> BPN gives back exactly what **bpn fmt** gives.
    Several inputs make one output: their deals one after the other.

    Exit status: 0 converted, 1 an input has a syntax error, is not text or does
    not fit the schema (nothing is written to a file), 2 unreadable input (JSON
    that is not UTF-8 or is nested too deeply), an output that is also an input,
    or wrong usage.

    Examples:

        bpn convert club-night.bpn --to json -o club-night.json
        bpn convert archive.jsonl --to bpn -o archive.bpn
        bpn convert 2026-*.bpn --to jsonl -o season.jsonl
        cat club-night.bpn | bpn convert - --to jsonl --with-replay | jq .result.score
    """
    err = err_console()
    for path in paths:
        if path != "-" and not Path(path).is_file():
            err.print(f"bpn: {path}: no such file", style="red", highlight=False)
            raise typer.Exit(2)
    if paths.count("-") > 1:
        err.print(STDIN_TWICE, style="red")
        raise typer.Exit(2)
    if with_replay and to is Kind.bpn:
        err.print("bpn: --with-replay adds to JSON output; BPN has no place for it (give --to json or jsonl)",
                  style="red", highlight=False)
        raise typer.Exit(2)
    try:
        codec_name(encoding)
    except LookupError:
        err.print(f"bpn: unknown encoding {encoding!r} (--encoding); nothing was read or written",
                  style="red", highlight=False, markup=False)
        raise typer.Exit(2) from None
    if output != "-" and Path(output).exists():
        same = next((p for p in paths if p != "-" and os.path.samefile(p, output)), None)
        if same is not None:
            err.print(f"bpn: {output} is also an input: convert would replace the file it reads; "
                      "write to another file (-o NEW) and rename it; nothing was written",
                      style="red", highlight=False, markup=False)
            raise typer.Exit(2)
    nothing = "; nothing was written" + (" to " + output if output != "-" else "")
    try:
        buffered = _buffer_stdin() if to is Kind.bpn and "-" in paths else None
        # (the look for BPN 1.1 is done before the conversion reads: they share stdin's buffer)
        version = newest(_wants_version(p, encoding, buffered) for p in paths) if to is Kind.bpn else "1.0"
        deals = _first_read(deal for path in paths for deal in _deals(path, encoding, buffered))
        if to is Kind.bpn:
            pieces = iter_text(_as_version(deals, version) if version != "1.0" else deals)
        elif to is Kind.json:
            pieces = _json_document(iter_dicts(deals, with_replay=with_replay))
        else:
            pieces = iter_jsonl(deals, with_replay=with_replay)
        if output == "-":
            if to is Kind.json:  # one document: whole or not at all (a fault in a later deal stops it)
                pieces = iter(list(pieces))
            write = sys.stdout.write
            for piece in pieces:
                write(piece)
            sys.stdout.flush()
        else:
            atomic_write(output, pieces)
    except _SyntaxStop as exc:
        err.print(str(exc), highlight=False, markup=False)
        err.print("bpn: cannot convert a deal with syntax errors or a tag given twice (fix what bpn validate "
                  "reports)" + nothing, style="red", highlight=False)
        raise typer.Exit(1) from None
    except _InputFault as exc:
        err.print(str(exc) + (nothing if exc.code == 1 else ""), style="red", highlight=False, markup=False)
        raise typer.Exit(exc.code) from None
    except BrokenPipeError:
        raise
    except OSError as exc:
        err.print(f"bpn: {output}: cannot write: {exc.strerror or exc}", style="red")
        raise typer.Exit(2) from None


def schema_command() -> None:
    """Print the JSON Schema (draft 2020-12) of the JSON that **bpn convert** writes and reads."""
    from bismarck_pbn.resources import data_path

    sys.stdout.write(data_path("schemas", "bpn.schema.json").read_text(encoding="utf-8"))
