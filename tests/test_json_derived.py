"""Derived JSON fields (readOnly in the schema) edited by hand: ignored on import, as
before, but no longer silently: a BPN106 warning names the field and both values."""

import json

from typer.testing import CliRunner

from bismarck_pbn import parse
from bismarck_pbn.cli import app
from bismarck_pbn.convert import jsonio
from bismarck_pbn.format.writer import dumps
from conftest import EXAMPLE

runner = CliRunner()


def exported(**kw):
    return json.loads(jsonio.dumps(parse(EXAMPLE), **kw))


def warnings(deals):
    return [p for d in deals for p in d.problems if p.code == "BPN106"]


def test_json_as_written_imports_without_a_warning():
    for with_replay in (False, True):
        assert warnings(jsonio.loads(json.dumps(exported(with_replay=with_replay)))) == []


def test_each_edited_derived_field_is_named_with_both_values():
    doc = exported(with_replay=True)
    deal = doc["deals"][0]
    deal["score"] = [9, 9, -18]
    deal["contract"] = "Spel"
    deal["play"]["tricks"][0]["winner"] = deal["play"]["tricks"][0]["winner"] % 3 + 1
    card = deal["play"]["tricks"][2]["cards"][1]
    card["seat"] = card["seat"] % 3 + 1
    deal["result"]["tricks"] = [6, 5, 5]
    deals = jsonio.loads(json.dumps(doc))
    found = {p.message.split(" is ")[0]: p for p in warnings(deals)}
    assert sorted(found) == ["$.deals[0].contract", "$.deals[0].play.tricks[0].winner",
                             "$.deals[0].play.tricks[2].cards[1].seat", "$.deals[0].result.tricks",
                             "$.deals[0].score"]
    assert "[9, 9, -18], but the record gives [-4, -2, 6]" in found["$.deals[0].score"].message
    assert all(p.severity == "warning" for p in found.values())
    assert dumps(deals) == EXAMPLE  # still ignored: the record is the tags and the play


def test_convert_says_so_on_standard_error_with_the_line(tmp_path):
    rows = [json.loads(line) for line in jsonio.iter_jsonl(parse(EXAMPLE))]
    rows[0]["tricks"] = [5, 5, 6]
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    result = runner.invoke(app, ["convert", str(path), "--to", "bpn"])
    assert result.exit_code == 0 and result.stdout == EXAMPLE
    assert result.stderr.startswith(f"{path}:1:1: BPN106 warning: $.tricks is [5, 5, 6], but the record "
                                    "gives [4, 2, 10]")
