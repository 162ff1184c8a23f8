"""Start-up without typer (issue 25): a plain `bpn validate` read by cli/direct.py and a
`bpn --help` written from cli/helpcache.py give what typer gives, value for value and
byte for byte; whatever they do not take is typer's.

The time itself is measured by benchmarks/bench_startup.py, not here."""

from __future__ import annotations

import functools
import inspect
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
import typer.main
from typer.testing import CliRunner

from bismarck_pbn.cli import app
from bismarck_pbn.cli import direct, helpcache, validate, validating

ROOT = Path(__file__).resolve().parent.parent
SHORT = str(ROOT / "samples" / "short.bpn")
BAD = str(ROOT / "samples" / "invalid" / "BPN001-syntax-card.bpn")
runner = CliRunner()

ARGVS = [
    [SHORT], [SHORT, BAD], ["-f", "json", BAD], ["--format=json", BAD], ["--format", "text", SHORT],
    ["--strict", SHORT], ["-q", SHORT], ["--quiet", "--quiet", SHORT], [SHORT, "-q", "--strict"],
    ["-e", "latin-1", SHORT], ["--encoding=utf-8", SHORT], ["--encoding=", SHORT], ["--jobs", "0", SHORT],
    ["-j", "1", SHORT], ["--jobs=2", SHORT], ["--scheduler", "tcp://h:1", SHORT], ["--scheduler=", SHORT],
    ["-f", "json", "-f", "text", SHORT], ["--", SHORT], ["--", "-q"], ["-"], ["-", "--", "-"], [SHORT, "--", "--strict"],
    ["-e", "nope", SHORT],
    # typer's to read: each of these is refused, converted or spelt in a way the plain reader leaves alone
    [], ["--help"], ["-h"], ["-f", "JSON", SHORT], ["-f", "xml", SHORT], ["-fjson", SHORT], ["-qf", "json", SHORT],
    ["--jobs", "-1", SHORT], ["--jobs", "x", SHORT], ["--jobs=007", SHORT], ["-j1", SHORT], ["--format"],
    [SHORT, "--format"], ["--strict=yes", SHORT], ["--bogus", SHORT], ["-x", SHORT], ["--format", "--strict", SHORT],
    ["--format=", SHORT], ["-f=json", SHORT], ["--version", SHORT], ["--no-strict", SHORT], ["-1"],
]


def _typers_values(argv: list[str]) -> dict | None:
    """What typer hands the command for ``bpn validate ARGV``, or None when it refuses it."""
    seen: list[dict] = []

    def spy(*args, **kwargs):
        bound = inspect.signature(validating.check_paths).bind(*args, **kwargs)
        bound.apply_defaults()
        seen.append(dict(bound.arguments))
        return 0

    command = _VALIDATE()
    try:
        with command.make_context("validate", list(argv)) as ctx:
            saved, validate.check_paths = validate.check_paths, spy
            try:
                ctx.invoke(command.callback, **ctx.params)
            finally:
                validate.check_paths = saved
    except click.exceptions.Exit as exc:  # --help, --version
        assert exc.exit_code == 0
        return None
    except click.ClickException:
        return None
    return seen[0]


def _validate_command():
    group = typer.main.get_command(app)
    with group.make_context("bpn", ["validate"]) as ctx:
        return group.get_command(ctx, "validate")


_VALIDATE = functools.cache(_validate_command)


def _plain_values(argv: list[str]) -> dict | None:
    params = direct.read(argv)
    if params is None:
        return None
    bound = inspect.signature(validating.check_paths).bind(**params)
    bound.apply_defaults()
    return dict(bound.arguments)


def test_the_plain_reader_takes_what_typer_takes_as_typer_takes_it():
    taken = 0
    for argv in ARGVS:
        plain = _plain_values(argv)
        if plain is None:
            continue
        taken += 1
        typers = _typers_values(argv)
        assert typers is not None, f"read without typer, refused by typer: {argv}"
        assert plain == typers, argv
        assert [type(v) for v in plain.values()] == [type(v) for v in typers.values()], argv
    assert taken == ARGVS.index([]) and taken > 20  # every plain form above the line, none below


def test_the_reader_knows_every_option_of_the_command():
    """An option added to `bpn validate` must be added to cli/direct.py's tables (until
    then typer would run every invocation that used it, but check_paths must take it)."""
    command = _VALIDATE()
    with command.make_context("validate", [SHORT]) as ctx:
        params = [p for p in command.get_params(ctx) if p.name != "help"]
    assert {o for p in params if p.param_type_name == "option" and p.is_flag for o in p.opts} == set(direct.FLAGS)
    assert {o for p in params if p.param_type_name == "option" and not p.is_flag for o in p.opts} == set(direct.VALUES)
    for spelling, name in {**direct.FLAGS, **direct.VALUES}.items():
        assert spelling in next(p for p in params if p.name == name).opts
    names = list(inspect.signature(validating.check_paths).parameters)
    assert names == list(inspect.signature(validate.validate_command).parameters)
    assert names == [p.name for p in params]


def _plain_run(argv: list[str], stdin: str | None) -> tuple[str, str, int]:
    with runner.isolation(input=stdin) as (out, err, _):
        try:
            direct.run_validate(argv)
            raise AssertionError(f"not run without typer: {argv}")
        except SystemExit as exc:
            code = exc.code
        return out.getvalue().decode(), err.getvalue().decode(), code


@pytest.mark.parametrize("argv", [["-f", "json", BAD], ["-q", "--strict", BAD, "/no/such/file.bpn"],
                                  *(pytest.param(a, marks=pytest.mark.slow) for a in (
                                      [SHORT], [BAD, SHORT], ["-"], ["-e", "nope", SHORT], ["-", "-"]))])
def test_a_plain_validate_writes_what_typers_writes(argv, monkeypatch):
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    stdin = Path(SHORT).read_text(encoding="utf-8") if "-" in argv else None
    typers = runner.invoke(app, ["validate", *argv], input=stdin)
    assert _plain_run(argv, stdin) == (typers.stdout, typers.stderr, typers.exit_code)


def test_what_the_reader_leaves_is_typers():
    assert direct.run_validate(["--help"]) is None and direct.run_validate([]) is None


# ---- bpn --help from the cache ----------------------------------------------------------


def test_the_key_holds_every_cli_source_and_what_the_terminal_is(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    line = helpcache.key(["--help"])
    for path in (ROOT / "bismarck_pbn" / "cli").glob("*.py"):
        assert repr((str(path), os.stat(path).st_mtime_ns, os.stat(path).st_size, os.stat(path).st_ino)) in line
    for name in ("typer", "click", "rich"):
        assert os.path.dirname(__import__(name).__file__) in line
    monkeypatch.setenv("COLUMNS", "81")
    assert helpcache.key(["--help"]) != line
    monkeypatch.setenv("NO_COLOR", "1")
    assert helpcache.key(["--help"]) != line != helpcache.key(["-h"])
    games = ROOT / "bismarck_pbn" / "games" / "__init__.py"  # a command's help: every source of the package
    assert repr(str(games)) in helpcache.key(["show", "--help"]) and repr(str(games)) not in line


def test_the_cache_keeps_a_text_under_its_whole_key(tmp_path, monkeypatch):
    monkeypatch.setenv("BPN_CACHE_DIR", str(tmp_path))
    helpcache.store("key one", "text\n")
    assert helpcache.cached("key one") == "text\n"
    assert helpcache.cached("key two") is None
    entry = next(tmp_path.glob("help-*"))
    entry.write_text("key two\ntext\n", encoding="utf-8")  # another key that hashed the same
    assert helpcache.cached("key one") is None
    assert [p.name for p in tmp_path.iterdir()] == [entry.name]  # no temporary file left


def test_the_cache_keeps_the_entries_written_last(tmp_path, monkeypatch):
    monkeypatch.setenv("BPN_CACHE_DIR", str(tmp_path))
    for n in range(helpcache.KEPT + 3):
        helpcache.store(f"key {n}", "text")
        entry = max(tmp_path.glob("help-*"), key=lambda p: p.stat().st_mtime_ns)
        os.utime(entry, ns=(n * 10**9, n * 10**9))  # written in this order, whatever the clock's grain
    assert len(list(tmp_path.glob("help-*"))) == helpcache.KEPT
    assert helpcache.cached("key 0") is None and helpcache.cached("key 2") is None
    assert helpcache.cached("key 3") == helpcache.cached(f"key {helpcache.KEPT + 2}") == "text"


def test_an_unwritable_cache_is_no_error(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("BPN_CACHE_DIR", str(blocked / "below"))
    helpcache.store("key", "text")
    assert helpcache.cached("key") is None
    monkeypatch.setenv("BPN_CACHE_DIR", "")  # the cache turned off
    helpcache.store("key", "text")
    assert helpcache.cached("key") is None


def _env(env: dict[str, str]) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items()
            if k not in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "COLUMNS", "TERM", "_BPN_COMPLETE")}
    return {**base, **env}


def _help(env: dict[str, str], *argv: str) -> tuple[bytes, bytes, int]:
    done = subprocess.run([sys.executable, "-c", "from bismarck_pbn.cli import main; main()", *(argv or ["--help"])],
                          capture_output=True, env=_env(env), timeout=120)
    return done.stdout, done.stderr, done.returncode


@pytest.mark.slow
@pytest.mark.parametrize("env", [{"COLUMNS": "80"}, {"COLUMNS": "200", "FORCE_COLOR": "1"},
                                 {"COLUMNS": "100", "FORCE_COLOR": "1", "NO_COLOR": "1"}, {"TERMINAL_WIDTH": "70"}])
def test_help_from_the_cache_is_typers_byte_for_byte(tmp_path, env):
    typers = _help({**env, "BPN_CACHE_DIR": ""})
    first = _help({**env, "BPN_CACHE_DIR": str(tmp_path)})
    assert [p.name.startswith("help-") for p in tmp_path.iterdir()] == [True]
    again = _help({**env, "BPN_CACHE_DIR": str(tmp_path)})
    short = _help({**env, "BPN_CACHE_DIR": str(tmp_path)}, "-h")
    assert typers == first == again == short and typers[2] == 0 and b"validate" in typers[0]
    assert len(list(tmp_path.iterdir())) == 2
    for argv in (["validate", "--help"], ["show", "-h"]):
        typers = _help({**env, "BPN_CACHE_DIR": ""}, *argv)
        assert _help({**env, "BPN_CACHE_DIR": str(tmp_path)}, *argv) == typers  # rendered, and kept
        assert _help({**env, "BPN_CACHE_DIR": str(tmp_path)}, *argv) == typers  # from the cache
        assert typers[2] == 0 and b"Usage" in typers[0] and argv[0].encode() in typers[0]
    assert len(list(tmp_path.iterdir())) == 4


@pytest.mark.slow
def test_help_with_an_unwritable_cache_is_typers(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    typers = _help({"COLUMNS": "80", "BPN_CACHE_DIR": ""})
    assert _help({"COLUMNS": "80", "BPN_CACHE_DIR": str(blocked)}) == typers
    assert typers[2] == 0 and b"Commands" in typers[0]


@pytest.mark.slow
def test_help_to_a_reader_gone_away_ends_as_typers(tmp_path):
    """Typer's help goes through rich, which ends with status 1 on a broken pipe."""
    def status(cache: str) -> int:
        read, write = os.pipe()
        os.close(read)
        try:
            done = subprocess.run([sys.executable, "-c", "from bismarck_pbn.cli import main; main()", "--help"],
                                  stdout=write, stderr=subprocess.PIPE, env=_env({"BPN_CACHE_DIR": cache}),
                                  timeout=120)
        finally:
            os.close(write)
        return done.returncode

    assert _help({"BPN_CACHE_DIR": str(tmp_path)})[2] == 0  # kept in the cache, for a stream that is no terminal
    assert status("") == status(str(tmp_path)) == 1
