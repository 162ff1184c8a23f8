"""What ``bpn validate`` does, without typer: check records card by card and report
every problem with its place.

:func:`check_paths` takes the command's values and returns its exit status. The typer
command (cli/validate.py: its parameters and help) and a plain invocation read without
typer (cli/direct.py) both call it, so that both run the same code.
"""

from __future__ import annotations

import json

from bismarck_pbn.diagnostics import ERROR, INFO, WARNING, Diagnostic
from bismarck_pbn.check.validate import validate_deals
from bismarck_pbn.format.reader import read_deals
from bismarck_pbn.parallel import Unavailable
from bismarck_pbn.cli.common import Format, collect, open_executor
from bismarck_pbn.cli.lines import line_console, say

_STYLE = {ERROR: "bold red", WARNING: "yellow", INFO: "cyan"}


def check_paths(paths: list[str], format: Format = Format.text, strict: bool = False, quiet: bool = False,
                encoding: str = "utf-8", jobs: int | None = None, scheduler: str | None = None) -> int:
    """Check ``paths`` and print every problem (and the summary unless ``quiet``); the
    exit status: 0 no errors, 1 errors (or warnings when ``strict``), 2 a path could
    not be read or the work could not be run where asked."""
    out = line_console()
    err = line_console(stderr=True)
    sources, unreadable = collect(paths, err)
    if not sources and not unreadable:
        err.print(f"bpn: no BPN file found in {' '.join(paths)}: nothing was checked", style="red")
        return 2
    try:
        from bismarck_pbn.format.encoding import codec_name
        codec_name(encoding)
    except LookupError:
        err.print(f"bpn: unknown encoding {encoding!r}", style="red")
        return 2
    shared = [s.path for s in sources if s.path is not None and _kind(s, None)[0] == "bpn" and s.path.is_file()]
    from bismarck_pbn.parallel import worth_it

    executor = open_executor(jobs, scheduler, worth_it(shared))
    farmed = None
    if not executor.in_process:
        farmed = _farmed(executor, shared, encoding)
    counts = {ERROR: 0, WARNING: 0, INFO: 0}
    deals = 0
    first_json = True
    if format is Format.json:
        out.file.write("[")
    progress = None
    task = None
    if len(sources) > 1 and err.is_terminal and format is Format.text:
        from rich.progress import Progress
        progress = Progress(console=err, transient=True)
        progress.start()
        task = progress.add_task("checking", total=len(sources))
    def emit(d: Diagnostic) -> None:
        nonlocal first_json
        counts[d.severity] += 1
        if format is Format.json:
            out.file.write(("\n  " if first_json else ",\n  ") + json.dumps(d.as_dict(), ensure_ascii=False))
            first_json = False
        else:
            _print(out, d)

    try:
        for source in sources:
            try:
                fp = source.open()
            except OSError as exc:
                err.print(f"bpn: {source.name}: cannot read: {exc.strerror or exc}", style="red")
                unreadable = True
                continue
            try:
                kind, fp = _kind(source, fp)
                if farmed is not None and source.path in farmed.paths:
                    for d in farmed.diagnostics(source.path):
                        emit(d._replace(path=source.name))
                    deals += farmed.counts[str(source.path)]
                elif kind == "bpn":
                    for checked in validate_deals(read_deals(fp, encoding=encoding)):
                        if checked.deal.tags:
                            deals += 1
                        for d in checked.diagnostics:
                            emit(d._replace(path=source.name))
                else:
                    deals += _check_json(fp, kind, source.name, emit)
            except BrokenPipeError:  # our reader went away, not the file (see cli.group.Group)
                raise
            except OSError as exc:
                err.print(f"bpn: {source.name}: cannot read: {exc.strerror or exc}", style="red")
                unreadable = True
            finally:
                if source.path is not None:
                    fp.close()
            if progress is not None and task is not None:
                progress.advance(task)
    except Unavailable as exc:
        err.print(f"bpn: {exc}", style="red", highlight=False)
        return 2
    finally:
        if progress is not None:
            progress.stop()
        executor.close()
    if format is Format.json:
        out.file.write("\n]\n" if not first_json else "]\n")
        out.file.flush()
    if not quiet:
        _summary(err, len(sources), deals, counts, unreadable)
    if unreadable:
        return 2
    if counts[ERROR] or (strict and counts[WARNING]):
        return 1
    return 0


class _Farmed:
    """The BPN files checked by an executor, their diagnostics taken in order."""

    def __init__(self, executor, paths, encoding: str) -> None:
        from bismarck_pbn.check.parallel import validate_paths

        self.paths = set(paths)
        self.counts: dict[str, int] = {}
        self._stream = validate_paths([(str(p), p) for p in paths], executor, self.counts, encoding)

    def diagnostics(self, path):
        name, found = next(self._stream)
        assert name == str(path)
        return found


def _farmed(executor, paths, encoding: str) -> _Farmed | None:
    return _Farmed(executor, paths, encoding) if paths else None


_JSON_EXTENSIONS = {".json": "json", ".jsonl": "jsonl", ".ndjson": "jsonl"}


def _kind(source, fp):
    """``bpn``, ``json`` or ``jsonl``, and a stream still at its start: from a file's
    extension, or for standard input from how its first line begins."""
    if source.path is not None:
        return _JSON_EXTENSIONS.get(source.path.suffix.lower(), "bpn"), fp
    import io

    from bismarck_pbn.convert.jsoncheck import looks_like_json

    if hasattr(fp, "peek"):
        head = fp.peek(4096)[:4096]
    else:  # a stream that cannot be peeked at (a test runner's stdin): read it now
        fp = io.BytesIO(fp.read())
        head = fp.getvalue()[:4096]
    if not looks_like_json(head.decode("utf-8", "replace")):
        return "bpn", fp
    fp = io.BytesIO(fp.read())  # JSON: its first line decides the kind
    first = fp.getvalue().lstrip(b"\xef\xbb\xbf \t\r\n").split(b"\n", 1)[0]
    try:
        one_line = json.loads(first)
    except (ValueError, RecursionError):
        return "json", fp
    return ("json" if isinstance(one_line, dict) and "deals" in one_line else "jsonl"), fp


def _check_json(fp, kind: str, name: str, emit) -> int:
    """Check a JSON document or JSON Lines through the JSON import; the deals checked."""
    from bismarck_pbn.convert.jsoncheck import JsonChecker
    from bismarck_pbn.format.encoding import byte_place

    checker = JsonChecker()
    if kind == "json":
        data = fp.read()
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line, column = byte_place(data, exc.start)
            emit(Diagnostic("BPN003", ERROR, f"the file is not valid UTF-8 at byte offset {exc.start} "
                            f"(byte 0x{data[exc.start]:02x}); JSON is always UTF-8", line, column, name))
            return 0
        diagnostics = checker.document(text)
    else:
        def lines():
            offset = 0
            for number, raw in enumerate(fp, 1):
                try:
                    yield raw.decode("utf-8-sig" if number == 1 else "utf-8")
                except UnicodeDecodeError as exc:
                    column = byte_place(raw, exc.start)[1]
                    emit(Diagnostic("BPN003", ERROR, f"the file is not valid UTF-8 at byte offset "
                                    f"{offset + exc.start} (byte 0x{raw[exc.start]:02x}); JSON is always UTF-8",
                                    number, column, name))
                    yield ""
                offset += len(raw)
        diagnostics = checker.lines(lines())
    for d in diagnostics:
        emit(d._replace(path=name))
    return checker.deals


def _print(out, d: Diagnostic) -> None:
    say(out, (f"{d.path}:{d.line}:{d.column}:", "bold"), f" {d.code} ", (f"{d.severity}:", _STYLE[d.severity]),
        f" {d.message}")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _summary(err, files: int, deals: int, counts: dict[str, int], unreadable: bool = False) -> None:
    parts = [_plural(counts[ERROR], "error"), _plural(counts[WARNING], "warning")]
    if counts[INFO]:
        parts.append(f"{counts[INFO]} info")
    style = "bold red" if counts[ERROR] else ("yellow" if counts[WARNING] else "green")
    verdict = "" if counts[ERROR] else ("  ✓ valid" if not counts[WARNING] else "  valid, with warnings")
    if unreadable:
        verdict = "  (some paths could not be read)"
    say(err, f"{_plural(files, 'file')}, {_plural(deals, 'deal')} checked: ", (", ".join(parts), style),
        (verdict, "green" if not counts[ERROR] else ""))
