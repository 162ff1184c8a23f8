"""``bpn analyse``: per-card double-dummy analysis of the samples, its JSON shape, the
--annotate round trip, and the pure-Python fallback."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bismarck_pbn.analysis.analyse import analyse_deal, problem_at
from bismarck_pbn.analysis.solver import Solver
from bismarck_pbn.format.reader import parse
from bismarck_pbn.views.position import positions
from ddref import reference_values

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
runner = CliRunner()
# Deal 2 of the club night is quick to solve; deal 6 stops after 11 tricks.
FAST = ["--deal", "2", "--no-contracts"]


def _app():
    from bismarck_pbn.cli import app

    return app


def _deals(name="club-night.bpn"):
    return [d for d in parse((SAMPLES / name).read_text(encoding="utf-8")) if d.tags]


def test_values_at_the_end_of_a_deal_match_the_minimax():
    deal = _deals()[1]
    for pos in positions(deal)[-9:-1]:
        p = problem_at(pos)
        assert Solver().solve_moves(p) == reference_values(p)


def test_marks_follow_from_the_values():
    a = analyse_deal(_deals()[1], Solver(), contracts=False)
    assert a.error is None and len(a.plays) == 48
    assert a.dd_tricks == 0 and a.actual_tricks == 4
    for p in a.plays:
        assert p.card in p.values
        best = max(p.values.values())  # Valfri: every side wants tricks
        assert p.cost == best - p.values[p.card]
        assert p.mark == ("" if p.cost == 0 else "?" if p.cost == 1 else "??")
        assert all(p.values[c] == best for c in p.better)
    # every trick lost by one side is won by the other: the costs add up to the
    # difference between what happened and the double-dummy result
    gifts = sum(p.cost for p in a.plays if p.seat != 3) - sum(p.cost for p in a.plays if p.seat == 3)
    assert gifts == a.actual_tricks - a.dd_tricks


def test_json_shape():
    result = runner.invoke(_app(), ["analyse", str(SAMPLES / "club-night.bpn"), *FAST, "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, list) and len(data) == 1
    plays = data[0]["plays"]
    assert len(plays) == 48
    first = plays[0]
    assert {"trick", "position", "seat", "card", "values"} <= set(first)
    assert (first["trick"], first["position"], first["seat"]) == (1, 1, 1)
    assert plays[4]["trick"] == 2 and plays[4]["position"] == 2
    assert first["card"] in first["values"]
    assert all(isinstance(v, int) and 0 <= v <= 16 for v in first["values"].values())
    # the last card: one legal card, the trick it wins or loses
    assert len(plays[-1]["values"]) == 1


def test_text_output_marks_costly_cards():
    result = runner.invoke(_app(), ["analyse", str(SAMPLES / "club-night.bpn"), *FAST])
    assert result.exit_code == 0, result.output
    assert "double dummy 0 tricks, took 4" in result.stdout
    assert "??" in result.stdout


def test_contract_table():
    result = runner.invoke(_app(), ["analyse", str(SAMPLES / "club-night.bpn"), "--deal", "2",
                                    "--format", "json", "--limit", "300000"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)[0]["contracts"]
    assert [r["contract"] for r in rows] == ["Spel", "Spader", "Valfri", "Valfri", "Valfri", "Valfri", "Pass"]
    valfri_c = rows[5]
    assert valfri_c["trump"] == "C" and valfri_c["tricks"] == 0 and valfri_c["score"] == -8


@pytest.mark.slow
def test_annotate_round_trip_and_rerun(tmp_path):
    path = tmp_path / "night.bpn"
    shutil.copy(SAMPLES / "club-night.bpn", path)
    before = path.read_text(encoding="utf-8")
    result = runner.invoke(_app(), ["analyse", str(path), *FAST, "--annotate"])
    assert result.exit_code == 0, result.output
    once = path.read_text(encoding="utf-8")
    assert once != before
    deal = [d for d in parse(once) if d.tags][1]
    ours = [c for c in deal.play.cards if any(x.text.startswith("dd:") for x in c.comments)]
    assert ours and all(c.suffix in ("?", "??") for c in ours)
    assert any(x.text.startswith("dd: double dummy") for x in deal.tag("Contract").comments)
    # the other deals read exactly as before
    old_deals, new_deals = [d for d in parse(before) if d.tags], [d for d in parse(once) if d.tags]
    def words(d):
        return [(t.name, t.value, [c.text for c in t.comments]) for t in d.tags], \
            [(c.card, c.suffix, [x.text for x in c.comments]) for c in (d.play.cards if d.play else ())]

    assert [words(d) for d in old_deals if d.number != 2] == [words(d) for d in new_deals if d.number != 2]
    # a re-run replaces its own marks: the same file again
    result = runner.invoke(_app(), ["analyse", str(path), *FAST, "--annotate"])
    assert result.exit_code == 0, result.output
    assert path.read_text(encoding="utf-8") == once
    # the user's own notes survive, and a stale mark of ours goes
    user = once.replace("[Play \"1\"]", "[Play \"1\"] {my own note}", 1)
    user = user.replace("dd: double dummy", "dd: stale text; double dummy", 1)
    path.write_text(user, encoding="utf-8")
    runner.invoke(_app(), ["analyse", str(path), *FAST, "--annotate"])
    again = path.read_text(encoding="utf-8")
    assert "{my own note}" in again and "stale text" not in again


@pytest.mark.slow
def test_user_suffix_is_kept(tmp_path):
    from bismarck_pbn.analysis.marks import write_marks

    text = (SAMPLES / "club-night.bpn").read_text(encoding="utf-8")
    deal = _deals()[1]
    a = analyse_deal(deal, Solver(), contracts=False)
    costly = next(p for p in a.plays if p.cost)
    from bismarck_pbn.format.edit import Target, edit_text

    text = edit_text(text, Target(2, trick=costly.trick, card=costly.position), suffix="!").text
    marked = write_marks(text, a)
    card = [d for d in parse(marked) if d.tags][1].play.cards[(costly.trick - 1) * 3 + costly.position - 1]
    assert card.suffix == "!"
    assert any(c.text.startswith("dd: costs") for c in card.comments)
    # taking our marks back leaves the user's suffix
    from bismarck_pbn.analysis.marks import strip_marks

    assert strip_marks(marked, 2) == text


def test_fallback_path(monkeypatch):
    monkeypatch.setenv("BPN_SOLVER", "python")
    result = runner.invoke(_app(), ["analyse", "--version", "x"])
    assert "pure-Python" in result.stdout
    deal = _deals()[1]
    pos = positions(deal)[39]
    assert Solver().core == "python"
    assert Solver().solve_moves(problem_at(pos)) == reference_values(problem_at(pos))


def test_unanalysable_deal(tmp_path):
    path = tmp_path / "x.bpn"
    path.write_text('[Forehand "1"]\n[Contract "Spel"]\n[Deal "1:- - -"]\n', encoding="utf-8")
    result = runner.invoke(_app(), ["analyse", str(path)])
    assert result.exit_code == 1
    assert "not analysed" in result.stderr


def test_missing_file():
    result = runner.invoke(_app(), ["analyse", "/nonexistent.bpn"])
    assert result.exit_code == 2


@pytest.mark.slow
def test_exchange_says_how_many_discards_were_not_solved():
    """With --exchange the best discard is the best of those solved: every discard that
    hit the node limit is counted (a limit of 1 node solves none), the progress still
    reaches the end, and the table marks the contract's best with * and says why."""
    from bismarck_pbn.analysis.analyse import DealAnalysis
    from bismarck_pbn.analysis.contracts import contract_table
    from bismarck_pbn.views.analysis import render_analysis
    from rich.console import Console

    deal = _deals()[1]
    start = problem_at(positions(deal)[0])
    seen = []
    rows = contract_table(start, deal, Solver(node_limit=1), exchange=True,
                          progress=lambda done, total: seen.append((done, total)))
    assert rows and all(r["discards"] > 100 and r["discards_unsolved"] == r["discards"] for r in rows)
    assert all("best_discard" not in r for r in rows)
    assert seen[-1][0] == seen[-1][1] == sum(r["discards"] for r in rows)
    rows[0].update(best_discard="S2 S3 H2 C4", best_tricks=5, best_score=-3)
    console = Console(width=100, record=True)
    console.print(render_analysis(DealAnalysis(deal, contracts=rows)))
    text = console.export_text()
    assert "S2 S3 H2 C4*" in text and "not solved within the node limit" in text
    assert text.count("not solved") == len(rows)  # the other contracts: none of their discards
