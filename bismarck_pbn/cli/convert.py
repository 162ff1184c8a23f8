"""``bpn convert``: BPN to JSON or JSON Lines and back."""

from __future__ import annotations

import io
import json
import os
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

from bismarck_pbn.convert.jsonio import (FORMAT, VERSION, SchemaError, UnreadableJSON, iter_dicts,
                                         iter_jsonl, iter_jsonl_deals, loads)
from bismarck_pbn.convert.jsoncheck import document_faults, jsonl_faults, line_faults
from bismarck_pbn.format.encoding import SNIFF, byte_place, codec_name, sniff
from bismarck_pbn.convert.version import wanted_version
from bismarck_pbn.sources import ReadFailure, is_stream, readable, text_deals
from bismarck_pbn.format.reader import read_deals
from bismarck_pbn.safewrite import atomic_write
from bismarck_pbn.format.writer import iter_text, newest
from bismarck_pbn.model.deal import Deal
from bismarck_pbn.parallel import Unavailable
from bismarck_pbn.cli.common import JOBS_HELP, SCHEDULER_HELP, STDIN_TWICE, UNWRITABLE, err_console
from bismarck_pbn.cli.convert_jobs import InputFault, SyntaxStop, executor_for, farmed_dicts


class Kind(str, Enum):
    json = "json"
    jsonl = "jsonl"
    bpn = "bpn"
    parquet = "parquet"


_EXTENSIONS = {".bpn": Kind.bpn, ".pbn": Kind.bpn, ".json": Kind.json, ".jsonl": Kind.jsonl,
               ".ndjson": Kind.jsonl}


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
    """The input's kind, a binary stream over it, and whether the caller is to close it;
    files and stdin both stream (``buffered``: standard input or a named pipe already
    read, for a second pass; read from its start). Its kind is told by the file's
    extension, else from its content."""
    kind = _EXTENSIONS.get(Path(path).suffix.lower()) if path != "-" else None
    stdin: BinaryIO
    if buffered is not None:
        buffered.seek(0)
        stdin, owned = buffered, False
    elif path != "-":
        stdin, owned = open(path, "rb"), True  # noqa: SIM115 - the caller closes it after streaming
    else:
        stdin, owned = sys.stdin.buffer, False
    if kind is not None:
        return kind, stdin, owned
    head = b""
    while True:
        line = stdin.readline()
        head += line
        if not line or line.strip():
            break
    return _sniff(head), io.BufferedReader(_Chained(head, stdin)), owned


def _clean(deals, name: str):
    """Pass deals through, stopping at the first that cannot be converted faithfully."""
    for deal in deals:
        bad = [p for p in deal.problems if p.code in UNWRITABLE]
        if bad:
            raise SyntaxStop("\n".join(str(p.at(name)) for p in bad))
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
    """The deals of one input, read lazily; faults come out as :class:`InputFault`
    (``warn``: say where a derived JSON field was edited)."""
    name = "<stdin>" if path == "-" else path
    try:
        kind, raw, owned = _open_input(path, buffered)
    except OSError as exc:
        raise InputFault(f"bpn: {path}: cannot read: {exc.strerror or exc}", 2) from None
    text = None
    lines: list = []
    try:
        if kind is Kind.bpn:
            yield from _clean(text_deals(read_deals(raw, encoding=encoding), name), name)
        elif kind is Kind.json:
            text = _json_text(raw.read(), name)
            yield from _derived_warnings(loads(text), name, warn)
        else:
            lines = [_remembered(_json_lines(raw, name))]
            yield from _derived_warnings(iter_jsonl_deals(lines[0]), name, warn)
    except ReadFailure as exc:
        raise InputFault(f"bpn: {exc}", exc.code) from None
    except (SchemaError, UnreadableJSON) as exc:
        # every fault, as bpn validate reports them (the rest of JSON Lines read on for its own)
        if text is not None:
            faults = document_faults(text.lstrip("\ufeff"))[1]
        else:
            rest = lines[0]
            faults = [*line_faults(rest.last, exc.line or 1)[1], *jsonl_faults(rest, (exc.line or 1) + 1)]
        found = "\n".join(f"bpn: {d._replace(path=name)}" for d in faults) or f"bpn: {name}: {exc}"
        raise InputFault(found, 1) from None
    finally:
        if owned:
            raw.close()


class _remembered:
    """Lines, remembering the last one given (the one a JSON Lines fault is on)."""

    def __init__(self, lines: Iterator[str]) -> None:
        self.lines = lines
        self.last = ""

    def __iter__(self) -> _remembered:
        return self

    def __next__(self) -> str:
        self.last = next(self.lines)
        return self.last


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


def _spool(path: str) -> BinaryIO:
    """Standard input or a named pipe read whole (into memory, or a temporary file past
    64 MB): BPN output looks at every deal before its version line is written, and a
    stream can be read only once."""
    spool = tempfile.SpooledTemporaryFile(max_size=64 << 20)  # noqa: SIM115 - lives as long as the command
    if path == "-":
        shutil.copyfileobj(sys.stdin.buffer, spool)
    else:
        with open(path, "rb") as fp:
            shutil.copyfileobj(fp, spool)
    return cast(BinaryIO, spool)


def _wants_version(path: str, encoding: str, spool: BinaryIO | None) -> str:
    """:func:`bismarck_pbn.convert.version.wanted_version` for one input (a file, or what
    :func:`_spool` kept of a stream): its kind told as the conversion tells it."""
    try:
        kind, raw, owned = _open_input(path, spool)
        if owned:
            raw.close()
        if spool is not None:
            spool.seek(0)
            return wanted_version(spool, kind.value, encoding)
        with open(path, "rb") as fp:
            return wanted_version(fp, kind.value, encoding)
    except OSError:
        return "1.0"  # (the conversion says why)


def _as_version(deals: Iterator[Deal], version: str) -> Iterator[Deal]:
    """The deals, the first marked as declaring ``version`` (the writer then says so)."""
    for first in deals:
        yield replace(first, version=version)
        break
    yield from deals


def convert_command(
    paths: Annotated[list[str], typer.Argument(
        help="The inputs: .bpn, .json or .jsonl files, directories (every .bpn file below them), or - for "
        "standard input (its kind is then told from the content). Several inputs are converted into one "
        "output, in order.",
        metavar="FILE...", show_default=False)],
    to: Annotated[Kind, typer.Option("--to", "--format", "-f", metavar="json|jsonl|bpn|parquet",
                                     help="What to write; parquet: two tables, deals and cards, into the "
                                     "directory -o DIR.", show_default=False)],
    output: Annotated[str, typer.Option("--output", "-o", metavar="FILE", show_default=False,
                                        help="Where to write (- for standard output, the default; a "
                                        "directory for parquet). A file is written atomically.")] = "-",
    with_replay: Annotated[bool, typer.Option(
        "--with-replay", help="JSON only: add each trick's winner and running count, and each deal's computed "
        "tricks, score and running total.")] = False,
    encoding: Annotated[str, typer.Option("--encoding", "-e", metavar="NAME", show_default=False,
                                          help="Text encoding of BPN input (default utf-8).")] = "utf-8",
    dd: Annotated[bool, typer.Option(
        "--dd", help="parquet only: analyse every deal double dummy, for the dd_ columns and each card's "
        "cost (seconds a deal: see --scheduler).")] = False,
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=0, metavar="N", show_default=False,
                                             help="BPN files to JSON, JSON Lines or Parquet: " + JOBS_HELP)] = None,
    scheduler: Annotated[str | None, typer.Option("--scheduler", metavar="ADDRESS", show_default=False,
                                                  help=SCHEDULER_HELP)] = None,
) -> None:
    """Convert between BPN, JSON (one document) and JSON Lines (one deal a line, for big
    archives; read and written as a stream).

    JSON written always fits the schema (**bpn schema**); JSON read is checked
    against it first, and a fault is reported with its JSON path. BPN written is the
    canonical form, so BPN -> JSON -> BPN gives back exactly what **bpn fmt** gives.
    Several inputs make one output: their deals one after the other.

    An input is a file, a named pipe (**<(zcat x.bpn.gz)**) or - for standard input.
    JSON that does not fit the schema has every fault reported, one line each, as
    **bpn validate** gives them.

    Exit status: 0 converted, 1 an input has a syntax error, is not text or is JSON
    that does not fit the schema or is nested too deeply (nothing is written to a
    file), 2 unreadable input (JSON that is not UTF-8), an output that is also an
    input, or wrong usage.

    Examples:

        bpn convert club-night.bpn --to json -o club-night.json
        bpn convert archive.jsonl --to bpn -o archive.bpn
        bpn convert 2026-*.bpn --to jsonl -o season.jsonl
        cat club-night.bpn | bpn convert - --to jsonl --with-replay | jq .result.score
        bpn convert club/ --to parquet -o tables/     # tables/deals.parquet, tables/cards.parquet
    """
    err = err_console()
    named = paths
    paths = [str(p) for raw in paths for p in (sorted(q for q in Path(raw).rglob("*.bpn") if q.is_file())
                                               if raw != "-" and Path(raw).is_dir() else [raw])]
    if not paths:
        err.print(f"bpn: no BPN file found in {' '.join(named)}: nothing was converted", style="red", highlight=False)
        raise typer.Exit(2)
    for path in paths:
        if path != "-" and not readable(Path(path)):
            why = "not a regular file" if Path(path).exists() else "no such file or directory"
            err.print(f"bpn: {path}: {why}", style="red", highlight=False)
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
    if to is Kind.parquet or dd:
        from bismarck_pbn.cli.parquet import parquet_command

        bpn = [p for p in paths if p != "-" and _EXTENSIONS.get(Path(p).suffix.lower(), Kind.bpn) is Kind.bpn]
        parquet_command(paths, bpn, output, encoding, dd, jobs, scheduler, to is Kind.parquet,
                        lambda path: _deals(path, encoding), InputFault)
        return
    nothing = "; nothing was written" + (" to " + output if output != "-" else "")
    farmed = to is not Kind.bpn and all(p != "-" and _EXTENSIONS.get(Path(p).suffix.lower(), Kind.bpn) is Kind.bpn
                                        for p in paths)
    executor = executor_for(paths, farmed, jobs, scheduler)
    try:
        # BPN output looks ahead for its version (version.wanted_version), so a stream is read whole first
        spools = {p: _spool(p) for p in paths if to is Kind.bpn and (p == "-" or is_stream(Path(p)))}
        version = newest(_wants_version(p, encoding, spools.get(p)) for p in paths) if to is Kind.bpn else "1.0"
        deals = _first_read(deal for path in paths for deal in _deals(path, encoding, spools.get(path)))
        if to is Kind.bpn:
            pieces = iter_text(_as_version(deals, version) if version != "1.0" else deals)
        elif farmed and not executor.in_process:  # the same dicts, made by the workers
            made = farmed_dicts(paths, executor, encoding, with_replay)
            pieces = (_json_document(made) if to is Kind.json else
                      (json.dumps(d, ensure_ascii=False, separators=(",", ":")) + "\n" for d in made))
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
    except SyntaxStop as exc:
        err.print(str(exc), highlight=False, markup=False)
        err.print("bpn: cannot convert a deal with syntax errors or a tag given twice (fix what bpn validate "
                  "reports)" + nothing, style="red", highlight=False)
        raise typer.Exit(1) from None
    except InputFault as exc:
        err.print(str(exc) + (nothing if exc.code == 1 else ""), style="red", highlight=False, markup=False)
        raise typer.Exit(exc.code) from None
    except BrokenPipeError:
        raise
    except Unavailable as exc:
        err.print(f"bpn: {exc}", style="red", highlight=False, markup=False)
        raise typer.Exit(2) from None
    except OSError as exc:
        err.print(f"bpn: {output}: cannot write: {exc.strerror or exc}", style="red")
        raise typer.Exit(2) from None
    finally:
        executor.close()
