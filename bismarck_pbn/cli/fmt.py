"""``bpn fmt``: write records in the canonical form, losing no comment, NAG or suffix."""

from __future__ import annotations

import difflib
from typing import Annotated

import typer

from bismarck_pbn.format.reader import parse
from bismarck_pbn.safewrite import ChangedOnDisk, Fingerprint, atomic_write
from bismarck_pbn.format.writer import dumps
from bismarck_pbn.cli.common import ReadFailure, collect, err_console, out_console, syntax_problems
from bismarck_pbn.sources import read_source


def fmt_command(
    paths: Annotated[list[str], typer.Argument(
        help="BPN files, directories (every .bpn file below them), or - for standard input.",
        metavar="PATH...", show_default=False)],
    check: Annotated[bool, typer.Option(
        "--check", help="Write nothing; name each file that is not canonical and exit 1 if any.")] = False,
    diff: Annotated[bool, typer.Option(
        "--diff", help="Print a unified diff from each file to its canonical form.")] = False,
    in_place: Annotated[bool, typer.Option(
        "--in-place", "-i", help="Rewrite the files (atomically: a temporary file, then a rename).")] = False,
    encoding: Annotated[str, typer.Option("--encoding", "-e", metavar="NAME", show_default=False,
                                          help="Text encoding of the input (default utf-8).")] = "utf-8",
) -> None:
    """Print records in the canonical BPN form: tags in the spec's order with session
    tags repeated, one trick per line, holdings high to low, one empty line between
    deals. Every comment, NAG, suffix and ^R stays attached to what it belongs to.

    A file that does not read cleanly (syntax errors, invalid bytes) is never
    rewritten: fix what **bpn validate** reports first.

    Exit status: 0 done (or already canonical), 1 --check found files to reformat or a
    file could not be formatted, 2 a path could not be read or no BPN file was found.

    Examples:

        bpn fmt club-night.bpn > tidy.bpn
        bpn fmt --check records/
        bpn fmt --in-place club-night.bpn
    """
    out = out_console()
    err = err_console()
    if in_place and check:
        err.print("bpn: --in-place rewrites files and --check only reports them: give one of the two",
                  style="red")
        raise typer.Exit(2)
    if in_place and "-" in paths:
        err.print("bpn: --in-place cannot rewrite standard input", style="red")
        raise typer.Exit(2)
    sources, unreadable = collect(paths, err, streams=not in_place)  # (a pipe is read, not rewritten)
    if not sources and not unreadable:  # (as bpn validate: a check of nothing must not pass)
        err.print(f"bpn: no BPN file found in {' '.join(paths)}: nothing was formatted", style="red")
        raise typer.Exit(2)
    failed = False
    for source in sources:
        try:
            text, data, warning = read_source(source, encoding)
        except ReadFailure as exc:
            err.print(f"bpn: {exc}", style="red", markup=False)
            failed |= exc.code == 1
            unreadable |= exc.code == 2
            continue
        if warning is not None:
            err.print(str(warning), markup=False)
        deals = parse(text)
        problems = syntax_problems(deals)
        if problems:
            for p in problems:
                err.print(str(p.at(source.name)))
            err.print(f"bpn: {source.name}: not formatted: it has {len(problems)} "
                      f"problem{'s' if len(problems) != 1 else ''} that writing it back would lose "
                      "text over (see above)", style="red")
            failed = True
            continue
        canonical = dumps(deals)
        # (a file read as UTF-16/32 is rewritten as UTF-8 even when its text is canonical)
        changed = canonical != text or data.startswith(b"\xef\xbb\xbf") or warning is not None
        if diff and changed:
            if canonical == text.replace("\r\n", "\n").lstrip("\ufeff"):
                what = "CRLF line ends become LF" if "\r\n" in text else "the byte-order mark is dropped"
                out.print(f"{source.name}: only the line ends change: {what}" if "\r\n" in text
                          else f"{source.name}: only {what}", highlight=False, markup=False)
            else:
                out.file.write("".join(difflib.unified_diff(
                    text.splitlines(keepends=True), canonical.splitlines(keepends=True),
                    fromfile=source.name, tofile=f"{source.name} (canonical)")))
        if check:
            if changed:
                out.print(f"{source.name}: not canonical")
                failed = True
        elif in_place:
            assert source.path is not None  # --in-place refuses standard input (above)
            if changed:
                try:
                    atomic_write(source.path, canonical, expect=Fingerprint.of_bytes(source.path, data))
                except ChangedOnDisk as exc:
                    err.print(f"bpn: {exc}", style="red")
                    failed = True
                    continue
                except OSError as exc:
                    err.print(f"bpn: {source.name}: cannot write: {exc.strerror or exc}", style="red")
                    unreadable = True
                    continue
                err.print(f"reformatted {source.name}")
        elif not diff:
            out.file.write(canonical)
    out.file.flush()
    if unreadable:
        raise typer.Exit(2)
    if failed:
        raise typer.Exit(1)
