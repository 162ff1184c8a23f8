"""Writing back: canonical form, no annotation lost, JSON both ways, the schema."""

import json

import pytest
from jsonschema import Draft202012Validator

from bismarck_pbn import parse

from bismarck_pbn.convert import jsonio
from bismarck_pbn.format.writer import dumps, write_deal

MESSY = """\
{ before the deal }
   [Forehand  "2"] ; forehand note
[Contract "spel"]
[Deal "2:2KA.QJ10.5.9876 - -"]
[Mood "good"] {unknown tags keep their comments}
[Event "Say \\"hi\\""]
[Play "3"] {play comment}
C3 CJ! $4 ;to the end of the line
^R CT ?? {two
lines}
H2
 H3 H4 *  {after}
"""


def test_canonical_text_is_returned_byte_for_byte(example):
    assert dumps(parse(example)) == example


def test_messy_deal_is_written_canonically():
    out = dumps(parse(MESSY))
    assert out == """\
% BPN 1.0
{ before the deal }
[Event "Say \\"hi\\""]
[Forehand "2"] ; forehand note
[Deal "2:AK2.QJT.5.9876 - -"]
[Contract "Spel"]
[Trump "NT"]
[Mood "good"] {unknown tags keep their comments}
[Play "3"] {play comment}
C3 CJ! $4 ;to the end of the line
^R CT?? {two
lines}
H2 H3 H4
* {after}
"""


def test_fmt_is_idempotent():
    once = dumps(parse(MESSY))
    assert dumps(parse(once)) == once


def test_everything_comes_back_attached_to_the_same_thing():
    before = parse(MESSY)[0]
    after = parse(dumps([before]))[0]
    assert [c.text for c in after.comments] == [c.text for c in before.comments]
    for name in ("Forehand", "Mood"):
        assert [(c.kind, c.text) for c in after.tag(name).comments] == \
            [(c.kind, c.text) for c in before.tag(name).comments]
    def strip(cards):
        return [(c.card, c.revoke, c.suffix, c.nags, [(x.kind, x.text) for x in c.comments]) for c in cards]

    assert strip(after.play.cards) == strip(before.play.cards)
    assert [c.text for c in after.play.trailing] == ["after"]


def test_session_tags_are_repeated_in_every_deal():
    text = '[Event "E"]\n[Forehand "1"]\n[Contract "Spel"]\n\n[Forehand "2"]\n[Contract "Pass"]\n'
    second = dumps(parse(text)).split("\n\n")[1]
    assert second.startswith('[Event "E"]\n')


def test_a_deal_with_a_syntax_error_is_not_written():
    (deal,) = parse('[Forehand "1"]\n[Play "2"]\nC3 XX\n')
    with pytest.raises(ValueError):
        write_deal(deal)


def test_json_round_trip_and_schema(example):
    text = dumps(parse(MESSY + "\n" + example.split("\n", 1)[1]))
    doc = json.loads(jsonio.dumps(parse(text), with_replay=True))
    Draft202012Validator(jsonio.schema()).validate(doc)
    assert dumps(jsonio.loads(json.dumps(doc))) == text
    lines = list(jsonio.iter_jsonl(parse(text)))
    assert len(lines) == 2
    assert dumps(jsonio.iter_jsonl_deals(lines)) == text


def test_json_is_plain_data(example):
    doc = json.loads(jsonio.dumps(parse(example), with_replay=True))
    deal = doc["deals"][0]
    assert deal["contract"] == "Spader" and deal["forehand"] == 1
    assert deal["hands"]["1"][0] == "SQ"
    first_trick = deal["play"]["tricks"][0]
    assert first_trick["leader"] == 2 and [c["seat"] for c in first_trick["cards"]] == [2, 3, 1]
    assert first_trick["winner"] == 3
    assert deal["result"] == {"tricks": [4, 2, 10], "score": [-4, -2, 6], "total": [-4, -2, 6],
                              "tricks_played": 16, "errors": 0}


def test_bad_json_names_the_path():
    doc = json.loads(jsonio.dumps(parse(MESSY)))
    doc["deals"][0]["tags"][1]["value"] = 5
    with pytest.raises(jsonio.SchemaError) as err:
        jsonio.loads(json.dumps(doc))
    assert err.value.where == "$.deals[0].tags[1].value"


def test_brace_comment_text_may_not_contain_a_closing_brace():
    doc = json.loads(jsonio.dumps(parse(MESSY)))
    doc["deals"][0]["comments"][0]["text"] = "a } b"
    with pytest.raises(jsonio.SchemaError):
        jsonio.loads(json.dumps(doc))
