"""The reference part of docs/cli.md, generated from the ``bpn`` app itself.

    python -m bismarck_pbn.cli.reference            # rewrite docs/cli.md between the markers
    python -m bismarck_pbn.cli.reference --check    # exit 1 if docs/cli.md is not current

Everything between ``<!-- reference: begin -->`` and ``<!-- reference: end -->`` is
replaced; the hand-written parts of the page around it are kept. For each command: its
usage line, its help text and a table of its arguments and options, as ``--help``
gives them.
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

import typer.main
from typer.core import TyperGroup

from bismarck_pbn.cli import app

BEGIN = "<!-- reference: begin -->"
END = "<!-- reference: end -->"
DOC = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _row(param, ctx) -> str:
    if param.param_type_name == "argument":
        name = f"`{param.metavar or param.name.upper()}`"
    else:
        names = sorted(param.opts + param.secondary_opts, key=lambda o: (not o.startswith("--"), o))
        metavar = "" if getattr(param, "is_flag", False) else f" {param.metavar or param.name.upper()}"
        name = ", ".join(f"`{n}{metavar}`" for n in names).replace("|", "\\|")
    help_text = getattr(param, "help", None) or ""
    extra = []
    if param.param_type_name == "option" and param.required:
        extra.append("required")
    descriptor = getattr(param, "type_descriptor", None) or getattr(param, "type", None)
    choices = getattr(descriptor, "choices", None)
    choices = [getattr(c, "value", c) for c in choices or ()]
    if choices and not (param.metavar and "|" in param.metavar):
        extra.append("one of " + ", ".join(f"`{c}`" for c in choices))
    if extra:
        help_text += f" ({'; '.join(extra)})"
    return f"| {name} | {_cell(help_text)} |"


def _help(command) -> str:
    text = inspect.cleandoc(command.help or "")
    return text.replace("\b\n", "")


def reference() -> str:
    """The generated markdown, between (not including) the markers."""
    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)  # the app has several commands
    out = ["", "## Reference", "",
           "Generated from the commands themselves by `python -m bismarck_pbn.cli.reference`;",
           "the same text as `bpn COMMAND --help`.", ""]
    with group.context_class(group, info_name="bpn", help_option_names=["-h", "--help"]) as root:
        for name in group.list_commands(root):
            command = group.get_command(root, name)
            assert command is not None  # a name list_commands gave
            with command.context_class(command, info_name=name, parent=root) as ctx:
                usage = " ".join(["bpn", name, *command.collect_usage_pieces(ctx)])
                out += [f"### bpn {name}", "", "```", usage, "```", "", _help(command), ""]
                params = [p for p in command.get_params(ctx) if not getattr(p, "hidden", False)]
                out += ["| argument or option | meaning |", "|---|---|"]
                out += [_row(p, ctx) for p in params]
                out.append("")
    return "\n".join(out)


def updated(page: str) -> str:
    """``page`` with its reference part regenerated."""
    head, rest = page.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{reference()}\n{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    page = DOC.read_text(encoding="utf-8")
    new = updated(page)
    if "--check" in argv:
        if new != page:
            print(f"{DOC} is not current: run python -m bismarck_pbn.cli.reference", file=sys.stderr)
            return 1
        return 0
    if new != page:
        DOC.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
