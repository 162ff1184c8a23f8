"""``bpn validate`` in its plain forms, run without typer.

Importing typer and click costs several times the interpreter's own start, more than
checking a small file. An editor that validates on save, or a shell loop over files,
calls ``bpn validate FILE...`` in its plain forms only: the command's own options
spelt out (``--format json``, ``--format=json``, ``-f json``, ``-q``), files, ``-``
for standard input, and ``--`` before files that look like options. :func:`read`
takes exactly those, with values typer would accept as they are; anything else (an
unknown or malformed option, ``--help``, a value typer would refuse or convert, no
file) is handed to typer unchanged, so help and every error message stay typer's,
word for word. tests/test_startup.py runs a table of command lines both ways and
compares the values, the output and the exit status.

The command itself is :func:`bismarck_pbn.cli.validating.check_paths`, which the typer
command calls too.
"""

from __future__ import annotations

import re
import sys
from typing import Any

_WHOLE = re.compile(r"[1-9][0-9]{0,17}|0")

FLAGS = {"--strict": "strict", "--quiet": "quiet", "-q": "quiet"}
"""Each flag of ``bpn validate``, by its spellings, and the parameter it sets."""

VALUES = {"--format": "format", "-f": "format", "--encoding": "encoding", "-e": "encoding",
          "--jobs": "jobs", "-j": "jobs", "--scheduler": "scheduler"}
"""Each option of ``bpn validate`` that takes a value, by its spellings, and its parameter.
tests/test_startup.py holds these two tables to the typer command's parameters."""


def _value(name: str, text: str) -> Any:
    """The value of parameter ``name`` given as ``text``, as typer gives it; None where
    typer must decide (a choice not offered, a number typer would refuse or convert)."""
    if name == "format":
        from bismarck_pbn.cli.common import Format

        return Format(text) if text in ("text", "json") else None
    if name == "jobs":
        return int(text) if _WHOLE.fullmatch(text) else None  # min=0: no sign, no leading zero
    return text  # encoding, scheduler: text as it is


def read(argv: list[str]) -> dict[str, Any] | None:
    """The parameters of ``bpn validate ARGV`` (those given, and ``paths``), or None when
    ``argv`` is not one of the plain forms: typer reads it then."""
    params: dict[str, Any] = {}
    paths: list[str] = []
    options = True
    at = 0
    while at < len(argv):
        arg = argv[at]
        at += 1
        if not options or arg == "-" or not arg.startswith("-"):
            paths.append(arg)
            continue
        if arg == "--":
            options = False
            continue
        if arg in FLAGS:
            params[FLAGS[arg]] = True
            continue
        if arg in VALUES:
            if at == len(argv) or argv[at].startswith("-"):
                return None  # no value, or one that looks like an option: typer says what it makes of it
            text = argv[at]
            at += 1
        else:
            spelt, equals, text = arg.partition("=")
            if not (equals and spelt.startswith("--") and spelt in VALUES):
                return None  # unknown, --help, a flag given a value, -qf json, -fjson ...
            arg = spelt
        value = _value(VALUES[arg], text)
        if value is None:
            return None
        params[VALUES[arg]] = value  # the last of an option given twice, as click takes it
    if not paths:
        return None  # typer's "Missing argument"
    params["paths"] = paths
    return params


def run_validate(argv: list[str]) -> None:
    """Run ``bpn validate ARGV`` and end with its exit status, when ``argv`` is plain;
    otherwise return, for typer to run it. Ends as typer would: interrupted with status
    130, a reader gone away as cli.group.Group does (BrokenPipeError, for cli.main)."""
    params = read(argv)
    if params is None:
        return
    from bismarck_pbn.cli.validating import check_paths

    try:
        status = check_paths(**params)
    except KeyboardInterrupt:
        raise SystemExit(130) from None  # typer's Exit(130), without a word
    except EOFError:
        _aborted()
    raise SystemExit(status)


def _aborted() -> None:
    """What typer prints and the status it ends with when the command meets an EOFError."""
    import click
    import typer.rich_utils

    click.echo(file=sys.stderr)
    typer.rich_utils.rich_abort_error()
    raise SystemExit(1)
