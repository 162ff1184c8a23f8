"""``bpn replay``: the Textual step-through (driven by Pilot) and the printed replay."""

from __future__ import annotations

import asyncio
import difflib
import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import bismarck_pbn as bpn
from bismarck_pbn.cli import app as cli_app
from bismarck_pbn.views.position import positions

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
CLUB = SAMPLES / "club-night.bpn"
INVALID = SAMPLES / "invalid"


def _deals(path: Path) -> list[bpn.Deal]:
    return [d for d in bpn.parse(path.read_text(encoding="utf-8")) if d.number]


def _run(app, keys, size=(100, 40), check=None):
    """Start the app headless, press ``keys``, then call ``check(app)`` inside."""
    async def go():
        async with app.run_test(size=size) as pilot:
            await pilot.press(*keys)
            await pilot.pause()
            if check is not None:
                check(app)
    asyncio.run(go())


def _recording_app(path, **kw):
    from bismarck_pbn.views.tui import ReplayApp

    class Recording(ReplayApp):
        def __init__(self, *a, **k):
            super().__init__(*a, **k)
            self.messages: list[tuple[str, str]] = []

        def notify(self, message, *, severity="information", **rest):
            self.messages.append((severity, str(message)))
            super().notify(message, severity=severity, **rest)

    return Recording(path, **kw)


def _screen_text(app) -> str:
    """The text of the drawing and the notes, as a terminal would show it."""
    console = Console(width=120, record=True, file=io.StringIO())
    for selector in ("#title", "#board", "#notes"):
        console.print(app.query_one(selector).content)
    return console.export_text()


# ---- the interactive view -------------------------------------------------------------------

@pytest.mark.slow
def test_step_card_by_card_forward_and_back():
    deal = _deals(CLUB)[0]
    seen = {}

    def check(app):
        seen["index"] = app.index
        seen["card"] = app.position.card.card
        seen["text"] = _screen_text(app)

    _run(_recording_app(CLUB), ["right"] * 5 + ["left"], check=check)
    assert seen["index"] == 4
    assert seen["card"] == deal.play.cards[3].card
    assert "trick 2, card 1" in seen["text"]


@pytest.mark.slow
def test_trick_keys_start_end_and_jump():
    trail = []

    def snap(app):
        trail.append(app.index)

    async def go():
        app = _recording_app(CLUB)
        async with app.run_test(size=(100, 40)) as pilot:
            for keys in (["down"], ["n"], ["right"], ["up"], ["p"], ["p"], ["g", "1", "2", "enter"],
                         ["5", "enter"], ["end"], ["down"], ["home"], ["left"], ["g", "9", "9", "enter"],
                         ["g", "x", "enter"], ["g", "escape"]):
                await pilot.press(*keys)
                snap(app)
            assert any("not a trick number" in m for _, m in app.messages)
    asyncio.run(go())
    assert trail == [3, 6, 7, 6, 3, 0, 36, 15, 48, 48, 0, 0, 48, 48, 48]


@pytest.mark.slow
def test_next_and_previous_deal():
    deals = _deals(CLUB)
    trail = []

    async def go():
        app = _recording_app(CLUB, start_deal=11)
        async with app.run_test(size=(100, 40)) as pilot:
            trail.append(app.deal_index)
            await pilot.press("right", "right")
            await pilot.press("pagedown")
            trail.append((app.deal_index, app.index))
            await pilot.press("pagedown")  # past the last deal: stays, says so
            trail.append(app.deal_index)
            assert any("last deal" in m for _, m in app.messages)
            await pilot.press("left_square_bracket", "pageup", "right_square_bracket")
            trail.append(app.deal_index)
            assert app.position.deal is app.deals[app.deal_index]
            assert f"deal {app.deal_index + 1} of {len(deals)}" in _screen_text(app)
    asyncio.run(go())
    assert trail == [10, (11, 0), 11, 10]


@pytest.mark.slow
def test_fault_is_shown_at_its_card_in_red():
    from bismarck_pbn.views import tui

    path = INVALID / "BPN503-revoke.bpn"
    deal = _deals(path)[0]
    bad = next(f for f in positions(deal)[-1].faults if f.kind == "revoke")
    texts = {}

    def at_card(app):
        texts["at"] = _screen_text(app)

    _run(_recording_app(path), ["right"] * (bad.index + 1), check=at_card)
    assert "BPN503 error: revoke" in texts["at"] and bad.card in texts["at"]

    def before(app):
        texts["before"] = _screen_text(app)

    _run(_recording_app(path), ["right"] * bad.index, check=before)
    assert "BPN503 error" not in texts["before"]

    # The view's own drawing (used when render.py cannot draw) shows it in red too.
    original = tui._render_position
    tui._render_position = lambda pos, settled=None: None
    try:
        def own(app):
            notes = app.query_one("#notes").content
            red = [notes.plain[s.start:s.end] for s in notes.spans if "red" in str(s.style)]
            texts["own"] = red
        _run(_recording_app(path), ["right"] * (bad.index + 1), check=own)
    finally:
        tui._render_position = original
    assert any("BPN503 error: revoke" in r for r in texts["own"])


@pytest.mark.slow
def test_deal_that_does_not_read_is_shown_not_crashed():
    def check(app):
        text = _screen_text(app)
        assert "does not read" in text and "BPN001" in text

    _run(_recording_app(INVALID / "BPN001-syntax-card.bpn"), ["right", "down", "end", "c", "g"], check=check)


@pytest.mark.slow
def test_annotate_a_card_saves_it_and_stays_there(tmp_path):
    path = tmp_path / "club-night.bpn"
    shutil.copyfile(CLUB, path)
    before = path.read_bytes()
    state = {}

    async def go():
        app = _recording_app(path, start_deal=2)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("5", "enter", "left")  # trick 5, card 2
            assert app.index == 14
            await pilot.press("c", *"a good duck", "enter")
            state["after_comment"] = (app.deal_index, app.index, list(app.messages))
            state["card"] = app.position.card
            await pilot.press("dollar_sign", "3", "enter")
            state["after_nag"] = (app.deal_index, app.index, app.position.card)
            await pilot.press("dollar_sign", "9", "9", "9", "enter")  # refused, no crash
            state["messages"] = list(app.messages)
    asyncio.run(go())

    assert state["after_comment"][:2] == (1, 14)
    assert ("information", "saved") in state["after_comment"][2]
    assert [c.text for c in state["card"].comments] == ["a good duck"]  # read back into the view
    deal_index, index, card = state["after_nag"]
    assert (deal_index, index) == (1, 14) and 3 in card.nags
    assert any(s == "error" and "not a NAG" in m for s, m in state["messages"])

    deals = _deals(path)
    played = deals[1].play.cards[13]
    assert [c.text for c in played.comments] == ["a good duck"]
    assert played.nags == (3,)
    others = [c for i, d in enumerate(deals) for j, c in enumerate(d.play.cards) if (i, j) != (1, 13)]
    assert not any("good duck" in c.text for card in others for c in card.comments)
    # Every other byte unchanged: the file is the old one with insertions only.
    after = path.read_bytes()
    ops = difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes()
    changes = [(tag, after[j1:j2]) for tag, i1, i2, j1, j2 in ops if tag != "equal"]
    assert all(tag == "insert" for tag, _ in changes), changes
    inserted = b"".join(text for _, text in changes)
    assert b"{a good duck}" in inserted and b"$3" in inserted
    assert len(inserted) <= len(b" {a good duck} $3  ")


@pytest.mark.slow
def test_annotate_refuses_a_file_changed_on_disk(tmp_path):
    path = tmp_path / "club-night.bpn"
    shutil.copyfile(CLUB, path)
    messages = []

    async def go():
        app = _recording_app(path)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("c", "escape")  # before the first lead: nothing to annotate
            path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
            await pilot.press("right", "c", *"late", "enter")
            messages.extend(app.messages)
            assert app.index == 1
    asyncio.run(go())
    assert any(s == "warning" and "go to a card first" in m for s, m in messages)
    assert any(s == "error" and "changed on disk" in m for s, m in messages)
    assert b"late" not in path.read_bytes()


# ---- the printed replay ---------------------------------------------------------------------

runner = CliRunner()


def test_printed_steps_when_not_a_terminal():
    result = runner.invoke(cli_app, ["replay", str(CLUB), "--deal", "1"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{CLUB}: deal 1, board 1, Valfri")
    deal = _deals(CLUB)[0]
    steps = [line for line in lines if line.startswith("trick ")]
    assert len(steps) == 48
    for pos, line in zip(positions(deal)[1:], steps):
        trick, nth = (pos.played - 1) // 3 + 1, (pos.played - 1) % 3 + 1
        assert line.startswith(f"trick {trick} card {nth}: seat {pos.table[-1][0]} plays {pos.card.card}")
    assert steps[0] == "trick 1 card 1: seat 3 plays C2"
    at = lines.index("trick 4 card 1: seat 1 plays C3 ? $2")
    assert lines[at + 1].strip() == "{Anna should cash the ace of clubs first}"
    assert "  seat 2 wins trick 1" in lines
    assert lines[-2:] == ["tricks won in the play: 7 4 5 (seats 1 2 3)", "score: +3 -4 +1 (seats 1 2 3)"]


def test_printed_faults_at_their_cards():
    result = runner.invoke(cli_app, ["replay", str(INVALID / "BPN503-revoke-marked.bpn")])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    at = lines.index("trick 1 card 3: seat 1 plays HQ ^R")
    assert lines[at + 1].strip().startswith("BPN503 warning: revoke (marked ^R)")

    result = runner.invoke(cli_app, ["replay", str(INVALID / "BPN504-seventeen-tricks.bpn")])
    lines = result.stdout.splitlines()
    at = lines.index("trick 17 card 1: C9 (not replayed: a deal has 16 tricks)")
    assert lines[at + 1].strip().startswith("BPN504 error: C9 would start trick 17")


def test_printed_every_deal_without_deal_option():
    result = runner.invoke(cli_app, ["replay", str(CLUB)])
    assert result.exit_code == 0
    heads = [line for line in result.stdout.splitlines() if line.startswith(f"{CLUB}: deal ")]
    assert len(heads) == 12


@pytest.mark.parametrize("args, code, message", [
    ([str(INVALID / "BPN001-syntax-card.bpn")], 1, "does not read"),
    ([str(INVALID / "BPN001-syntax-card.bpn"), "--deal", "1"], 1, "does not read"),
    ([str(INVALID / "BPN003-latin1-byte.bpn")], 1, "BPN003"),
    ([str(CLUB), "--deal", "13"], 2, "there is no deal 13; the file has 12 deals"),
    ([str(CLUB), "--deal", "0"], 2, "there is no deal 0"),
    ([str(SAMPLES / "nothing-here.bpn")], 2, "no such file"),
    ([str(SAMPLES)], 2, "not a regular file"),
    ([str(CLUB), "--deal", "x"], 2, ""),
])
def test_exit_codes(args, code, message):
    result = runner.invoke(cli_app, ["replay", *args])
    assert result.exit_code == code, result.output
    assert message in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output


def test_empty_file_has_no_deal(tmp_path):
    path = tmp_path / "empty.bpn"
    path.write_text("% BPN 1.0\n", encoding="utf-8")
    result = runner.invoke(cli_app, ["replay", str(path)])
    assert result.exit_code == 2 and "no deals" in result.output


def test_on_a_terminal_the_app_starts_at_the_deal(monkeypatch):
    from bismarck_pbn.views import tui
    from bismarck_pbn.cli import replay

    started = []
    monkeypatch.setattr(replay, "on_terminal", lambda: True)
    monkeypatch.setattr(tui.ReplayApp, "run", lambda self: started.append((self.deal_index, self.index)))
    result = runner.invoke(cli_app, ["replay", str(CLUB), "--deal", "3"])
    assert result.exit_code == 0 and started == [(2, 0)]
    assert result.stdout == ""
    # --plain prints even on a terminal; a broken deal is refused before the app starts.
    assert runner.invoke(cli_app, ["replay", str(CLUB), "--deal", "3", "--plain"]).stdout.startswith(str(CLUB))
    result = runner.invoke(cli_app, ["replay", str(INVALID / "BPN001-syntax-card.bpn"), "--deal", "1"])
    assert result.exit_code == 1 and started == [(2, 0)]


def test_cli_import_does_not_load_textual():
    code = ("import sys, bismarck_pbn.cli, bismarck_pbn.cli.replay; "
            "assert 'textual' not in sys.modules, sorted(m for m in sys.modules if 'textual' in m)")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.slow
def test_question_mark_opens_the_key_list_and_escape_closes_it():
    from bismarck_pbn.views.keys import Help

    state = {}

    async def go():
        app = _recording_app(CLUB)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            state["open"] = isinstance(app.screen, Help)
            console = Console(width=100, record=True, file=io.StringIO())
            console.print(app.screen.query_one("#help-keys").content)
            state["text"] = console.export_text()
            await pilot.press("right")  # keys of the replay do nothing while the list is up
            state["index"] = app.index
            await pilot.press("escape")
            await pilot.pause()
            state["closed"] = not isinstance(app.screen, Help)
            await pilot.press("right")
            state["after"] = app.index
    asyncio.run(go())

    assert state["open"] and state["closed"] and (state["index"], state["after"]) == (0, 1)
    text = state["text"]
    for keys, what in [("→", "next card"), ("↓ or n", "next trick"), ("c", "add a comment"),
                       ("$", "add a NAG"), ("PgDn or ]", "next deal"), ("?", "this list of keys"),
                       ("q", "quit"), ("0 … 9", "go to a trick")]:
        assert any(line.strip().startswith(keys) and what in line for line in text.splitlines()), (keys, text)


def test_every_binding_is_in_the_key_list():
    from bismarck_pbn.views.keys import key_help
    from bismarck_pbn.views.tui import ReplayApp

    rows = key_help(ReplayApp.BINDINGS)
    actions = {b.action for b in ReplayApp.BINDINGS if not b.action.startswith("jump('")}
    assert len(rows) == len(actions) + 1
    assert all(what and keys for keys, what in rows)


def test_a_deal_that_does_not_read_says_so_once():
    def check(app):
        assert _screen_text(app).count("cannot be replayed") == 1

    _run(_recording_app(INVALID / "BPN001-syntax-card.bpn"), [], check=check)


# ---- Swedish Whist: the score the round settles, not the Score tag's ------------------------------

SWEDISH = SAMPLES / "swedish-whist" / "uppsala.bpn"


def _slipped(tmp_path) -> Path:
    """Uppsala with board 3's Score written wrong (the round gives 0 +50: trick points
    and honours, with Dag & Elsa's first exit)."""
    text = SWEDISH.read_text(encoding="utf-8")
    assert text.count('[Score "0 +50"]') == 1
    path = tmp_path / "slip.bpn"
    path.write_text(text.replace('[Score "0 +50"]', '[Score "0 +40"]'), encoding="utf-8")
    return path


def test_printed_replay_gives_the_score_the_round_settles(tmp_path):
    path = _slipped(tmp_path)
    every = runner.invoke(cli_app, ["replay", str(path)]).stdout.splitlines()
    one = runner.invoke(cli_app, ["replay", str(path), "--deal", "3"]).stdout.splitlines()
    said = "score: 0 +50 (sides 1–3 2–4), as the session settles it; the Score tag says 0 +40"
    assert one[-1] == said and every.count(said) == 1
    assert "score: +40 0 (sides 1–3 2–4), as the session settles it" in every  # board 2, as written


def test_settled_score_of_one_deal_reads_its_session_only_up_to_it(tmp_path):
    from bismarck_pbn.session.settled import settled_score, settled_scores

    deals = _deals(_slipped(tmp_path))
    whole = settled_scores(deals)
    assert [settled_score(deals, i) for i in range(len(deals))] == [whole.get(d.number) for d in deals]
    assert whole[deals[2].number] == (0, 50) != deals[2].score


@pytest.mark.slow
def test_interactive_replay_gives_the_score_the_round_settles(tmp_path):
    from bismarck_pbn.views.tui import ReplayApp

    app = ReplayApp(_slipped(tmp_path), start_deal=3)
    seen = {}
    _run(app, ["end"], size=(120, 60), check=lambda a: seen.update(text=_screen_text(a)))
    words = " ".join(seen["text"].split())
    assert "score: 0 +50 (sides 1–3 2–4), as the session settles it; the Score tag says 0 +40" in words


def test_show_gives_the_score_the_round_settles_at_the_end(tmp_path):
    import json

    path = str(_slipped(tmp_path))
    data = json.loads(runner.invoke(cli_app, ["show", path, "-d", "3", "-t", "13", "-f", "json"]).stdout)
    assert data["score"] == [0, 50]
    text = runner.invoke(cli_app, ["show", path, "-d", "3", "-t", "13"], env={"COLUMNS": "140"}).stdout
    assert "score side 1–3 0, side 2–4 +50" in text
    before = json.loads(runner.invoke(cli_app, ["show", path, "-d", "3", "-t", "12", "-f", "json"]).stdout)
    assert before["score"] is None  # not before the end


@pytest.mark.slow
def test_interactive_drawing_gives_the_score_the_round_settles(tmp_path):
    from bismarck_pbn.views.tui import ReplayApp

    app = ReplayApp(_slipped(tmp_path), start_deal=3)
    seen = {}
    _run(app, ["end"], size=(140, 60), check=lambda a: seen.update(text=_screen_text(a)))
    assert "score side 1–3 0, side 2–4 +50" in seen["text"]
