"""Double-dummy values in the views: ``show --dd`` (text and JSON), the replay's ``d``
key (solved off the UI thread), and ``bpn html --dd`` (the data, and the page in a
real browser)."""

from __future__ import annotations

import asyncio
import io
import json

from rich.console import Console

from bismarck_pbn.analysis.sides import problem_at
from bismarck_pbn.analysis.solver import Solver
from bismarck_pbn.analysis.values import make_solver, values_at
from bismarck_pbn.views.position import position_at, positions

from ddviews_common import CLUB, SAMPLES, club as _club, page_data as _page_data, runner
from ddviews_common import app as _app
import pytest

# ---- the one function every view uses --------------------------------------------------------

def test_values_at_agree_with_the_solver_and_count_the_tricks_taken():
    pos = position_at(_club(2), 13, 1)  # trick 13, one card on the table
    pv = values_at(pos, make_solver())
    expected = Solver().solve_moves(problem_at(pos))
    assert pv.values == expected
    assert pv.seat == pos.to_play and pv.reason is None
    card = next(iter(pv.values))
    side = problem_at(pos).side
    on_side = pv.seat - 1 in side
    assert pv.total(card) == sum(w for s, w in enumerate(pos.won) if (s in side) == on_side) + pv.values[card]
    assert pv.cost(card) == abs(pv.values[card] - pv.best)


def test_values_at_never_raises():
    over = positions(_club(2))[-1]
    assert values_at(over, make_solver()).reason == "the play is over"
    start = positions(_club(2))[0]
    limited = values_at(start, make_solver(100))
    assert limited.values is None and "node limit" in limited.reason


# ---- show --dd -------------------------------------------------------------------------------

def test_show_dd_text():
    result = runner.invoke(_app(), ["show", str(CLUB), "--deal", "2", "--trick", "13", "--card", "1", "--dd"])
    assert result.exit_code == 0, result.output
    pv = values_at(position_at(_club(2), 13, 1), make_solver())
    assert f"double dummy, seat {pv.seat} to play" in result.stdout
    for card, value in pv.values.items():
        assert f"{card} {value}" in result.stdout


def test_show_dd_json():
    result = runner.invoke(_app(), ["show", str(CLUB), "-d", "2", "-t", "12", "--dd", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    dd = data["double_dummy"]
    pos = position_at(_club(2), 12)
    assert dd["seat"] == pos.to_play
    assert dd["values"] == Solver().solve_moves(problem_at(pos))
    assert dd["best"] == max(dd["values"].values())


def test_show_dd_not_analysed_is_said_not_an_error():
    result = runner.invoke(_app(), ["show", str(SAMPLES / "german-whist/kitchen-table.bpn"), "-t", "2", "--dd"])
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())
    assert "not analysed: German Whist is analysed from trick 14" in words


def test_show_without_dd_has_no_values():
    result = runner.invoke(_app(), ["show", str(CLUB), "-d", "2", "-t", "12", "--format", "json"])
    assert "double_dummy" not in json.loads(result.stdout)


# ---- the replay's d key ------------------------------------------------------------------------

def _dd_text(app) -> str:
    console = Console(width=160, record=True, file=io.StringIO())
    console.print(app.query_one("#dd").content)
    return console.export_text()


@pytest.mark.slow
def test_replay_d_toggles_the_values_computed_off_the_ui_thread():
    from bismarck_pbn.views.keys import key_help
    from bismarck_pbn.views.tui import ReplayApp

    app = ReplayApp(CLUB, start_deal=2)
    seen: dict[str, str] = {}
    pos = positions(_club(2))[40]
    expected = Solver().solve_moves(problem_at(pos))

    async def go():
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.press("1", "3", "enter", "right")  # trick 13 done, then a card: 40 played
            await pilot.pause()
            assert app.index == 40
            assert _dd_text(app).strip() == ""
            await pilot.press("d")
            await app.workers.wait_for_complete()
            await pilot.pause()
            seen["on"] = _dd_text(app)
            await pilot.press("right")  # the next position is solved in turn
            await app.workers.wait_for_complete()
            await pilot.pause()
            seen["next"] = _dd_text(app)
            await pilot.press("d")
            await pilot.pause()
            seen["off"] = _dd_text(app)

    asyncio.run(go())
    assert f"seat {pos.to_play} to play" in seen["on"]
    assert all(f"{c} {v}" in seen["on"] for c, v in expected.items())
    assert "double dummy" in seen["next"] and seen["next"] != seen["on"]
    assert seen["off"].strip() == ""
    assert any(keys == "d" and "double-dummy" in what for keys, what in key_help(ReplayApp.BINDINGS))


# ---- bpn html --dd ---------------------------------------------------------------------------

def test_html_dd_embeds_the_values_before_each_card(tmp_path):
    out = tmp_path / "dd.html"
    result = runner.invoke(_app(), ["html", str(CLUB), "--deal", "2", "--dd", "--limit", "200", "-o", str(out)])
    assert result.exit_code == 0, result.output
    [deal] = _page_data(out.read_text(encoding="utf-8"))["deals"]
    dd = deal["dd"]
    assert len(dd) == len(deal["play"]) == 48
    every = positions(_club(2))
    for k in (40, 44, 47):
        assert dd[k]["seat"] == deal["play"][k]["seat"]
        assert dict(dd[k]["values"]) == Solver().solve_moves(problem_at(every[k]))
    assert any(entry["values"] is None and entry["why"] for entry in dd[:3])  # the limit: not solved


def test_html_without_dd_has_no_values():
    result = runner.invoke(_app(), ["html", str(CLUB), "--deal", "2"])
    assert "dd" not in _page_data(result.stdout)["deals"][0]


def test_the_whole_deal_line_says_one_trick_and_two_tricks():
    from bismarck_pbn.analysis.values import PositionValues
    from bismarck_pbn.views.analysis import render_values

    def line(values, taken):
        out = io.StringIO()
        Console(file=out, width=120, color_system=None).print(render_values(PositionValues(3, values, taken=taken)))
        return out.getvalue()

    assert "seat 3 1 trick in the deal" in line({"SA": 1, "S2": 0}, 0)
    assert "seat 3 2 tricks in the deal" in line({"SA": 1, "S2": 0}, 1)


@pytest.mark.slow
def test_replay_drops_values_solved_before_the_file_was_read_again():
    from bismarck_pbn.views.tui import ReplayApp

    app = ReplayApp(CLUB, start_deal=2)
    kept: dict[str, bool] = {}

    async def go():
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.pause()
            key = (app.deal_index, app.index)
            before = app._dd_generation
            assert app.reload()  # the file read again while a solve was under way
            app._dd_solved(key, "values of the old reading", before)
            kept["old"] = key in app._dd_cache

    asyncio.run(go())
    assert kept["old"] is False
