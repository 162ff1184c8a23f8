"""The command line as a new user meets it: one option vocabulary, help that reads as
prose, shell completion, and the small things of issue 9 (fmt, annotate, show)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from bismarck_pbn.cli import app

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "samples" / "club-night.bpn"
runner = CliRunner()
COMMANDS = sorted(typer.main.get_command(app).commands)


def _options() -> dict[str, dict[str, frozenset[str]]]:
    """command -> {short letter: its long names}."""
    out: dict[str, dict[str, str]] = {}
    group = typer.main.get_command(app)
    for name, command in group.commands.items():
        for param in command.params:
            opts = [o for o in param.opts if o.startswith("-")]
            shorts = [o for o in opts if not o.startswith("--")]
            longs = [o for o in opts if o.startswith("--")]
            for short in shorts:
                out.setdefault(name, {})[short] = frozenset(longs)
    return out


def test_a_letter_means_the_same_everywhere():
    meaning: dict[str, frozenset[str]] = {}
    for options in _options().values():
        for short, longs in options.items():
            meaning[short] = meaning.get(short, longs) & longs
            assert meaning[short], f"{short} means {sorted(longs)} here and something else elsewhere"
    assert meaning["-t"] == {"--trick"} and meaning["-c"] == {"--card"} and meaning["-f"] == {"--format"}
    assert meaning["-d"] == {"--deal"} and meaning["-e"] == {"--encoding"} and meaning["-o"] == {"--output"}


def test_the_vocabulary_is_documented():
    doc = (ROOT / "docs" / "cli.md").read_text()
    for options in _options().values():
        for short, longs in options.items():
            assert any(re.search(rf"^\| `{short}` \| `{long}[ `]", doc, re.M) for long in longs), (short, longs)


def test_the_vocabulary_table_names_every_command_that_takes_each_letter():
    doc = (ROOT / "docs" / "cli.md").read_text()
    listed = {m[1]: {c.strip() for c in m[2].split(",")}
              for m in re.finditer(r"^\| `(-\w)` \| [^|]+\|[^|]+\| ([^|]+) \|$", doc, re.M)}
    for command, options in _options().items():
        for short in options:
            assert command in listed[short] or "all" in listed[short], (short, command)


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_reads_as_prose_at_80_columns(command):
    args = [command, "--help"] if command else ["--help"]
    result = runner.invoke(app, args, terminal_width=80, env={"COLUMNS": "80"})
    assert result.exit_code == 0
    text = result.stdout
    assert not re.search(r"<(bool|int|str|list|text|int range|float)[^>]*>", text), text
    assert "[bold]" not in text and "range [" not in text and "{" not in text.split("\n", 3)[1]
    assert max(len(line) for line in text.splitlines()) <= 80


def test_usage_names_arguments_by_their_metavar():
    text = runner.invoke(app, ["validate", "--help"], terminal_width=80).stdout
    assert "Usage: bpn validate [OPTIONS] PATH..." in text


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts_for_three_shells(shell):
    env = {**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    result = subprocess.run([sys.executable, "-m", "bismarck_pbn", "--show-completion", shell],  # as bpn
                            capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    assert "_BPN_COMPLETE=complete_" + shell in result.stdout and "python" not in result.stdout


def _complete(words: str) -> list[str]:
    env = {**os.environ, "_BPN_COMPLETE": "complete_bash", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))}
    result = subprocess.run([sys.executable, "-c", "import sys; sys.argv[0] = 'bpn'; "
                             "from bismarck_pbn.cli import main; main()"],
                            capture_output=True, text=True, env=env)
    return result.stdout.split()


@pytest.mark.slow
def test_completion_of_commands_choices_and_files():
    assert "validate" in _complete("bpn val")
    assert _complete("bpn validate --format ") == ["text", "json"]
    assert _complete("bpn convert x.bpn --to ") == ["json", "jsonl", "bpn", "parquet"]
    # a file argument completes nothing itself, so the shell offers files (complete -o default)
    assert _complete("bpn validate sam") == []


# ---- the small things ----------------------------------------------------------------------

def test_fmt_in_place_and_check_together_is_a_usage_error(tmp_path):
    f = tmp_path / "a.bpn"
    f.write_text("[Contract \"spel\"]\n")
    result = runner.invoke(app, ["fmt", "--in-place", "--check", str(f)])
    assert result.exit_code == 2 and "give one of the two" in result.stderr
    assert f.read_text() == "[Contract \"spel\"]\n"


def test_fmt_diff_says_when_only_line_ends_change(tmp_path):
    f = tmp_path / "crlf.bpn"
    f.write_bytes(CLUB.read_bytes().replace(b"\n", b"\r\n"))
    result = runner.invoke(app, ["fmt", "--diff", str(f)])
    assert result.stdout.strip() == f"{f}: only the line ends change: CRLF line ends become LF"


def test_annotate_with_an_empty_comment_is_an_error(tmp_path):
    f = tmp_path / "c.bpn"
    f.write_bytes(CLUB.read_bytes())
    result = runner.invoke(app, ["annotate", str(f), "-d", "1", "-t", "2", "-c", "3", "--comment", ""])
    assert result.exit_code == 2 and "needs some text" in result.stderr
    assert f.read_bytes() == CLUB.read_bytes()


def test_show_says_tricks_and_quota_in_words():
    result = runner.invoke(app, ["show", str(CLUB), "-t", "4", "-c", "1"], terminal_width=100)
    assert "1 trick, quota 8" in result.stdout and "2 tricks, quota 4" in result.stdout
    assert " of 8 " not in result.stdout


def test_docs_speak_of_the_project_alone():
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text()
        assert "shared/" not in text and "the brief" not in text and "beside this repository" not in text, path
    assert "(docs/format.md)" in (ROOT / "README.md").read_text()


def test_the_cli_reference_in_docs_is_current():
    from bismarck_pbn.cli import reference

    page = reference.DOC.read_text(encoding="utf-8")
    assert page.count(reference.BEGIN) == 1 and "### bpn validate" in page
    assert reference.updated(page) == page, "run: python -m bismarck_pbn.cli.reference"
    assert reference.main(["--check"]) == 0
