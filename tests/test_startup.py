"""Start-up (issue 25): a command imports what it needs and no more, and loading the
commands when called changes nothing anyone sees (help, completion, values).

The time itself is measured by benchmarks/bench_startup.py, not here."""

from __future__ import annotations

import inspect
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from bismarck_pbn.cli import COMMANDS, app
from bismarck_pbn.cli.group import load_command
from bismarck_pbn.cli.quick import _NO, quick_value

ROOT = Path(__file__).resolve().parent.parent
SHORT = ROOT / "samples" / "short.bpn"
runner = CliRunner()

# What `bpn validate` of a BPN file, written to a pipe, has no use for (rich only where
# colour can show: see cli/lines.py). A prefix stands for the package and everything below it.
NOT_FOR_VALIDATE = (
    "bismarck_pbn.analysis", "bismarck_pbn.views", "bismarck_pbn.session", "bismarck_pbn.serve",
    "bismarck_pbn.convert.schema", "bismarck_pbn.check.parallel",
    *(f"bismarck_pbn.cli.{m}" for m in ("analyse", "annotate", "convert", "deal", "fmt", "html", "record",
                                        "replay", "show", "standings", "standings_text", "reference")),
    "textual", "starlette", "uvicorn", "dask", "distributed", "pyarrow", "jsonschema", "fastjsonschema",
    "pydantic", "markdown_it", "pygments", "rich",
    # a plain `bpn validate FILE` is read without typer (cli/direct.py)
    "typer", "click", "bismarck_pbn.cli.root", "bismarck_pbn.cli.group", "bismarck_pbn.cli.validate",
)


def _modules_after(*args: str, cwd: Path = ROOT, env: dict[str, str] | None = None) -> tuple[int, set[str], str]:
    """Run ``bpn ARGS`` in a fresh interpreter: its exit status, the modules it had
    imported when it ended, and what it printed."""
    code = ("import sys\nsys.argv = ['bpn', *sys.argv[1:]]\nfrom bismarck_pbn.cli import main\n"
            "try:\n    main()\nexcept SystemExit as exc:\n    status = exc.code\n"
            "sys.stdout.flush()\nsys.stderr.write('\\n@@' + repr((status, sorted(sys.modules))))\n")
    run_env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    run_env["COLUMNS"] = "80"
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=cwd,
                          env={**run_env, **(env or {})}, timeout=120)
    head, _, tail = done.stderr.rpartition("\n@@")
    status, modules = eval(tail)  # noqa: S307 - our own repr of a tuple of an int and strings
    return status, set(modules), done.stdout + head


def _offending(modules: set[str], banned: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == b or m.startswith(b + ".") for b in banned))


@pytest.mark.slow
def test_validate_imports_nothing_it_does_not_use(tmp_path):
    one = tmp_path / "one.bpn"
    text = SHORT.read_text(encoding="utf-8")
    one.write_text(text[: text.index("\n*\n") + 3], encoding="utf-8")
    status, modules, out = _modules_after("validate", str(one))
    assert status in (0, None), out
    assert "1 deal checked: 0 errors" in out
    assert _offending(modules, NOT_FOR_VALIDATE) == []
    assert "bismarck_pbn.cli.validating" in modules and "bismarck_pbn.check.validate" in modules


@pytest.mark.slow
def test_schema_prints_the_schema_without_loading_the_conversion():
    status, modules, out = _modules_after("schema")
    assert status in (0, None) and json.loads(out)["$schema"].endswith("/draft/2020-12/schema")
    assert _offending(modules, ("bismarck_pbn.cli.convert", "bismarck_pbn.convert", "bismarck_pbn.format",
                                "bismarck_pbn.model", "lark")) == []


@pytest.mark.slow
def test_help_lists_the_commands_without_importing_one(tmp_path):
    rendered = _modules_after("--help", env={"BPN_CACHE_DIR": ""})  # no cache: typer renders it
    first = _modules_after("--help", env={"BPN_CACHE_DIR": str(tmp_path)})  # typer renders it, and it is kept
    again = _modules_after("--help", env={"BPN_CACHE_DIR": str(tmp_path)})  # written from the cache
    for status, modules, out in (rendered, first, again):
        assert status in (0, None)
        assert "validate" in out and "standings" in out
        commands = {m for m in modules if m.startswith("bismarck_pbn.cli.")}
        assert commands <= {"bismarck_pbn.cli.commands", "bismarck_pbn.cli.root", "bismarck_pbn.cli.group",
                            "bismarck_pbn.cli.quick", "bismarck_pbn.cli.helpcache"}, commands
        assert _offending(modules, ("bismarck_pbn.format", "bismarck_pbn.check", "bismarck_pbn.model", "lark",
                                    "pydantic")) == []
    assert rendered[2] == first[2] == again[2]
    assert "rich" in first[1] and _offending(again[1], ("typer", "click", "rich", "bismarck_pbn.cli.root")) == []


def test_importing_the_library_imports_its_front_only():
    code = ("import sys, bismarck_pbn\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('bismarck_pbn', 'lark', 'rich', 'typer')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split() == ["['bismarck_pbn']"]


def test_every_name_of_the_api_is_there_when_used():
    import bismarck_pbn as bpn

    for name in bpn.__all__:
        assert getattr(bpn, name) is not None, name
        assert name in dir(bpn)
    assert bpn.Deal.__module__ == "bismarck_pbn.model.deal"
    assert bpn.validate_text is __import__("bismarck_pbn.check.validate", fromlist=["x"]).validate_text
    with pytest.raises(AttributeError, match="no attribute 'Dael'"):
        bpn.Dael  # noqa: B018 - the lookup is the test


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_table_says_what_the_command_says(name):
    """`bpn --help` and completion list a command by the table's words: they must be
    the first paragraph of the command's own help, as typer would show it."""
    command = load_command(name, COMMANDS[name][0], "markdown")
    first = inspect.cleandoc(command.help or "").split("\n\n")[0].replace("\n", " ")
    assert COMMANDS[name][1] == first
    assert command.name == name


def _every_command_loaded():
    group = typer.main.get_command(app)
    for name in list(group.commands):
        group.commands[name]  # loaded: listing now shows the commands themselves
    return group


def _listing(group, capsys) -> tuple[str, list[tuple[str, str]], list[tuple[str, str]]]:
    """The group's help as printed, and completion of a command's name from "" and "s"."""
    with group.context_class(group, info_name="bpn", help_option_names=["-h", "--help"]) as ctx:
        print(group.get_help(ctx))
        completions = [[(c.value, c.help) for c in group.shell_complete(ctx, start)] for start in ("", "s")]
    return capsys.readouterr().out, *completions


def test_help_and_completion_read_as_with_every_command_loaded(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    lazy = typer.main.get_command(app)
    first = _listing(lazy, capsys)
    assert not any(lazy.commands.loaded(name) for name in COMMANDS)  # listing loaded none
    assert first == _listing(_every_command_loaded(), capsys)
    assert "validate" in first[0] and ("validate", COMMANDS["validate"][1][:30]) in \
        [(name, text[:30]) for name, text in first[1]]


def test_a_name_not_in_the_table_is_no_command():
    result = runner.invoke(app, ["valdate", "x.bpn"])
    assert result.exit_code == 2
    assert "No such command 'valdate'" in result.output and "validate" in result.output


# ---- values taken without pydantic: the same as typer's own -----------------------------

SAMPLES = ["", "0", "1", "3", "4", "255", "256", "-1", "007", "+3", " 3", "3.0", "x", "text", "json", "JSON",
           "jsonl", "bpn", "utf-8", "-", "a b", "é"]


def _params():
    group = _every_command_loaded()
    for name, command in group.commands.items():
        with command.make_context(name, [], resilient_parsing=True) as ctx:
            for param in command.get_params(ctx):
                if hasattr(param, "type_descriptor") and param.type_descriptor.annotation is not bool:
                    yield name, param, ctx


def _typer_own(param, value, ctx):
    try:
        return ("value", type(param).get_runtime_param(param).coerce(value, param=param, ctx=ctx))
    except Exception as exc:  # noqa: BLE001 - the error is the answer compared
        return ("error", type(exc).__name__, str(exc))


def test_every_value_taken_quickly_is_the_one_typer_would_give():
    if not hasattr(typer.core.TyperArgument, "get_runtime_param"):
        pytest.skip("this typer coerces values without pydantic")
    taken = 0
    for name, param, ctx in _params():
        many = param.multiple or param.nargs == -1
        for sample in SAMPLES:
            value = (sample, "x.bpn") if many else sample
            quick = quick_value(param.type_descriptor, value, ctx)
            if quick is _NO:
                continue
            taken += 1
            mine = ("value", quick)
            assert mine == _typer_own(param, value, ctx), (name, param.name, value)
            assert type(mine[1]) is type(_typer_own(param, value, ctx)[1])
        for default in (param.default,) if param.default is not None else ():
            assert param.get_runtime_param().coerce(default, param=param, ctx=ctx) == \
                _typer_own(param, default, ctx)[1], (name, param.name)
    assert taken > 20  # the quick way is taken, for text, lists, choices and numbers


def _words(text: str) -> str:
    return " ".join(re.sub("[│╭╮╰╯─]", " ", text).split())


def test_values_typer_refuses_get_typers_message():
    result = runner.invoke(app, ["show", "--deal", "0", str(SHORT)])
    assert result.exit_code == 2
    assert "Invalid value for '--deal' / '-d': Input should be greater than or equal to 1" in _words(result.output)
    result = runner.invoke(app, ["validate", "--format", "xml", str(SHORT)])
    assert result.exit_code == 2
    assert "'xml' is not one of 'text', 'json'" in _words(result.output)


def test_json_of_validate_is_unchanged_by_the_quick_values():
    result = runner.invoke(app, ["validate", "-f", "json", str(ROOT / "samples" / "invalid" / "BPN001-syntax-card.bpn")])
    assert result.exit_code == 1
    assert isinstance(json.loads(result.stdout), list) and json.loads(result.stdout)


# ---- bpn validate to a file or a pipe writes without rich: the same bytes ---------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from bismarck_pbn.cli.common import out_console  # noqa: E402
from bismarck_pbn.cli.lines import Lines, say  # noqa: E402

_TRICKY = st.sampled_from([":smile:", ":+1:", "a:b:c", "x\ty", "\r", "\x1b[31m", " ", "[bold]x[/]", "é", "漢字",
                           "\u200b", "path with spaces.bpn:3:4:", "✓", "\\", "\x7f", "\x85"])
_TEXT = st.lists(st.one_of(st.text(max_size=12), _TRICKY), max_size=4).map("".join)
_PART = st.one_of(_TEXT, st.tuples(_TEXT, st.sampled_from(["bold", "red", "bold red", "yellow", "", "green"])))


def _written(write) -> str:
    import io

    saved = sys.stdout
    sys.stdout = io.StringIO()
    try:
        write()
        return sys.stdout.getvalue()
    finally:
        sys.stdout = saved


def _same_as_rich(parts, plain, style):
    assert _written(lambda: say(Lines(), *parts)) == _written(lambda: say(out_console(), *parts))
    assert _written(lambda: Lines().print(plain, style=style)) == \
        _written(lambda: out_console().print(plain, style=style))


_GIVEN = given(parts=st.lists(_PART, max_size=5), plain=_TEXT, style=st.sampled_from([None, "red", "yellow"]))


@pytest.fixture
def no_colour_forced(monkeypatch):
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@_GIVEN
def test_lines_write_what_rich_writes_to_a_file(no_colour_forced, parts, plain, style):
    _same_as_rich(parts, plain, style)


@pytest.mark.slow
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@_GIVEN
def test_lines_write_what_rich_writes_to_a_file_at_length(no_colour_forced, parts, plain, style):
    _same_as_rich(parts, plain, style)


def test_validate_writes_the_same_bytes_with_rich_and_without(monkeypatch):
    """FORCE_COLOR="" sends the report through rich (which writes no colour for it)."""
    bad = str(ROOT / "samples" / "invalid" / "BPN001-syntax-card.bpn")
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    piped = runner.invoke(app, ["validate", bad, str(SHORT)])
    monkeypatch.setenv("FORCE_COLOR", "")
    rich = runner.invoke(app, ["validate", bad, str(SHORT)])
    assert piped.exit_code == rich.exit_code == 1
    assert piped.stdout == rich.stdout and piped.stderr == rich.stderr
    assert "BPN001 error:" in piped.stdout and "2 files, " in piped.stderr
