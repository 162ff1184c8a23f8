"""``bpn convert``: BPN to JSON or JSON Lines and back."""

from __future__ import annotations

import io
from collections.abc import Iterator
import json
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from bismarck_pbn.convert.jsonio import SchemaError, iter_dicts, iter_jsonl, iter_jsonl_deals, loads, FORMAT, VERSION
from bismarck_pbn.format.reader import read_deals
from bismarck_pbn.safewrite import atomic_write
from bismarck_pbn.format.writer import iter_text
from bismarck_pbn.cli.common import UNWRITABLE, err_console


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


def _open_input(path: str):
    """The input's kind and a binary stream over it; files and stdin both stream."""
    if path != "-":
        kind = _EXTENSIONS.get(Path(path).suffix.lower())
        fp = open(path, "rb")  # noqa: SIM115 - the caller closes it after streaming
        if kind is not None:
            return kind, fp
        stdin = fp
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


def _json_document(dicts) -> Iterator[str]:
    yield f'{{"format": "{FORMAT}", "version": {VERSION}, "deals": ['
    first = True
    for d in dicts:
        yield ("\n" if first else ",\n") + json.dumps(d, ensure_ascii=False)
        first = False
    yield "\n]}\n"


def _deals(path: str, encoding: str):
    """The deals of one input, read lazily; faults come out as :class:`_InputFault`."""
    name = "<stdin>" if path == "-" else path
    try:
        kind, raw = _open_input(path)
    except OSError as exc:
        raise _InputFault(f"bpn: {path}: cannot read: {exc.strerror or exc}", 2) from None
    try:
        if kind is Kind.bpn:
            yield from _clean(read_deals(raw, encoding=encoding), name)
        elif kind is Kind.json:
            yield from loads(raw.read().decode("utf-8-sig"))
        else:
            yield from iter_jsonl_deals(io.TextIOWrapper(raw, encoding="utf-8-sig"))
    except (SchemaError, UnicodeDecodeError) as exc:
        raise _InputFault(f"bpn: {name}: {exc}", 1) from None
    finally:
        if path != "-":
            raw.close()


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

    Exit status: 0 converted, 1 an input has a syntax error or does not fit the
    schema (nothing is written to a file), 2 unreadable input or wrong usage.

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
        err.print("bpn: - (standard input) can be given only once", style="red")
        raise typer.Exit(2)
    deals = (deal for path in paths for deal in _deals(path, encoding))
    if to is Kind.bpn:
        pieces = iter_text(deals)
    elif to is Kind.json:
        pieces = _json_document(iter_dicts(deals, with_replay=with_replay))
    else:
        pieces = iter_jsonl(deals, with_replay=with_replay)
    nothing = "; nothing was written" + (" to " + output if output != "-" else "")
    try:
        if output == "-":
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
