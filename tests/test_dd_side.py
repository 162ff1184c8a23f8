"""``--side SEAT`` on every view of the double-dummy values: ``show --dd``, ``html
--dd`` and the replay's ``d`` key, validated as ``analyse --side`` is."""

from __future__ import annotations

import asyncio
import io
import json

from rich.console import Console

from bismarck_pbn.analysis.values import make_solver, values_at
from bismarck_pbn.views.position import position_at, positions

from ddviews_common import CLUB, SAMPLES, club as _club, page_data as _page_data, runner
from ddviews_common import app as _app
import pytest

# Deal 2 (Valfri, forehand 3), 40 cards played: seat 3 to play. For the forehand its cards
# take no more tricks; for seat 1's side (seats 2 and 3 against seat 1) they take 3.
POS = position_at(_club(2), 14, 1)
OWN = values_at(POS, make_solver())
FOR_1 = values_at(POS, make_solver(), side_seat=1)


def test_the_position_chosen_tells_the_sides_apart():
    assert OWN.values and FOR_1.values and OWN.values != FOR_1.values


def test_show_dd_side_gives_that_seats_values():
    base = ["show", str(CLUB), "-d", "2", "-t", "14", "-c", "1", "--dd", "--format", "json"]
    own = json.loads(runner.invoke(_app(), base).stdout)["double_dummy"]
    result = runner.invoke(_app(), [*base, "--side", "1"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["double_dummy"]["values"] == FOR_1.values != own["values"]


def test_show_side_a_seat_the_deal_lacks_is_one_message_and_exit_2():
    result = runner.invoke(_app(), ["show", str(CLUB), "-d", "2", "-t", "14", "--dd", "--side", "4"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.strip() == "bpn: --side 4: the deal has seats 1 to 3"


def test_show_side_without_dd_is_a_usage_error():
    result = runner.invoke(_app(), ["show", str(CLUB), "-d", "2", "--side", "1"])
    assert result.exit_code == 2
    assert "--side needs --dd" in result.stderr


def test_html_dd_side_embeds_that_seats_values(tmp_path):
    out = tmp_path / "dd.html"
    result = runner.invoke(_app(), ["html", str(CLUB), "--deal", "2", "--dd", "--side", "1", "--limit", "20000",
                                    "-o", str(out)])
    assert result.exit_code == 0, result.output
    [deal] = _page_data(out.read_text(encoding="utf-8"))["deals"]
    assert dict(deal["dd"][40]["values"]) == FOR_1.values


def test_html_side_validated_as_analyse_validates_it(tmp_path):
    out = tmp_path / "x.html"
    wrong = runner.invoke(_app(), ["html", str(CLUB), "--dd", "--side", "4", "-o", str(out)])
    assert wrong.exit_code == 2 and not out.exists()
    assert wrong.stderr.strip() == "bpn: --side 4: the deals here have seats 1 to 3"
    analyse = runner.invoke(_app(), ["analyse", str(CLUB), "--side", "4", "--no-contracts"])
    assert analyse.exit_code == 2 and "--side 4: the deals here have seats 1 to 3" in analyse.stderr
    no_dd = runner.invoke(_app(), ["html", str(CLUB), "--side", "1", "-o", str(out)])
    assert no_dd.exit_code == 2 and "--side needs --dd" in no_dd.stderr


def test_replay_side_a_seat_no_deal_has_is_exit_2():
    result = runner.invoke(_app(), ["replay", str(CLUB), "--plain", "--side", "4"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "bpn: --side 4: the deals here have seats 1 to 3"


@pytest.mark.slow
def test_replay_d_key_gives_the_values_of_the_side_asked_for():
    from bismarck_pbn.views.tui import ReplayApp

    app = ReplayApp(CLUB, start_deal=2, side=1)
    seen: dict[str, str] = {}

    async def go():
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.press("1", "3", "enter", "right")  # 40 cards played
            await pilot.pause()
            assert positions(_club(2))[app.index].to_play == POS.to_play
            await pilot.press("d")
            await app.workers.wait_for_complete()
            await pilot.pause()
            console = Console(width=160, record=True, file=io.StringIO())
            console.print(app.query_one("#dd").content)
            seen["on"] = console.export_text()

    asyncio.run(go())
    assert all(f"{c} {v}" in seen["on"] for c, v in FOR_1.values.items())
    words = " ".join(seen["on"].split())
    assert "for seat 1, against the other two (tricks of seats 2 and 3 from this one on)" in words


# ---- every view names the side whose tricks the values count ---------------------------------

def test_values_name_the_seats_they_count_and_the_sides_analysed():
    # seat 3 (the forehand) to play: by default its own tricks; with --side 1 those of 2 and 3
    assert (OWN.side, OWN.side_label) == ((3,), "the forehand, seat 3, against the other two")
    assert (FOR_1.side, FOR_1.side_label) == ((2, 3), "seat 1, against the other two")


def test_seats_with_is_the_seat_to_plays_side_or_the_seat_alone():
    from bismarck_pbn.analysis.sides import Sides

    whist = Sides(frozenset({1, 3}), False, "seats 1 and 3")
    assert whist.seats_with(3, 4) == (1, 3) and whist.seats_with(2, 4) == (2, 4)
    israeli = Sides(frozenset(), False, "each seat for itself, against the other three")
    assert israeli.seats_with(4, 4) == (4,)


def test_show_dd_json_names_the_side_beside_the_values():
    base = ["show", str(CLUB), "-d", "2", "-t", "14", "-c", "1", "--dd", "--format", "json"]
    own = json.loads(runner.invoke(_app(), base).stdout)["double_dummy"]
    for_1 = json.loads(runner.invoke(_app(), [*base, "--side", "1"]).stdout)["double_dummy"]
    assert {"seat", "values", "best", "wants_few"} <= own.keys()  # the keys that were there stay
    assert (own["side"], own["side_label"]) == ([3], OWN.side_label)
    assert (for_1["side"], for_1["side_label"]) == ([2, 3], FOR_1.side_label)


def test_show_dd_json_not_analysed_still_names_the_sides():
    result = runner.invoke(_app(), ["show", str(SAMPLES / "german-whist/kitchen-table.bpn"), "-t", "2", "--dd",
                                    "--side", "2", "--format", "json"])
    dd = json.loads(result.stdout)["double_dummy"]
    assert dd["values"] is None and "trick 14" in dd["unsolved"]
    assert (dd["seat"], dd["side"], dd["side_label"]) == (2, [2], "seat 2, against seat 1")


def test_show_dd_text_names_the_side_chosen():
    base = ["show", str(CLUB), "-d", "2", "-t", "14", "-c", "1", "--dd"]
    own = " ".join(runner.invoke(_app(), base).stdout.split())
    for_1 = " ".join(runner.invoke(_app(), [*base, "--side", "1"]).stdout.split())
    assert "for the forehand, seat 3, against the other two (tricks of seat 3 from this one on)" in own
    assert "for seat 1, against the other two (tricks of seats 2 and 3 from this one on)" in for_1
    assert "best play gives seats 2 and 3 " in for_1


def test_html_dd_entries_name_the_side(tmp_path):
    out = tmp_path / "dd.html"
    runner.invoke(_app(), ["html", str(CLUB), "--deal", "2", "--dd", "--side", "1", "--limit", "20000",
                           "-o", str(out)])
    [deal] = _page_data(out.read_text(encoding="utf-8"))["deals"]
    at = deal["dd"][40]
    assert (at["seat"], at["side"], at["for"]) == (3, [2, 3], "seat 1, against the other two")
    assert all(e["side"] == ([1] if e["seat"] == 1 else [2, 3]) for e in deal["dd"])
