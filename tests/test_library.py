"""The library a programmer builds on: one truth in the model, reading like python-chess,
one voice, clean layers. The three checks of issue 15 come first."""

from __future__ import annotations

import ast
import dataclasses
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

import bismarck_pbn as bpn
from bismarck_pbn.format.reader import parse, read_deal, read_deals
from bismarck_pbn.format.visitor import SKIP, HeadersOnly, ReadVisitor
from bismarck_pbn.format.writer import dump, dumps
from bismarck_pbn.model.deal import Comment, Deal, Pos, Tag
from bismarck_pbn.model.variant import Variant

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "bismarck_pbn"
SAMPLES = sorted(p for p in (ROOT / "samples").rglob("*.bpn") if "invalid" not in p.parts)

# A Short session whose second and third deals leave the session tags out.
SHORT = """% BPN 1.0
[Event "Kitchen table"]
[Variant "Short"]
[Player1 "Anna"]
[Player2 "Bertil"]
[Player3 "Cecilia"]
[Board "1"]
[Forehand "1"]
[Contract "Spel"]

[Board "2"]
[Forehand "2"]
[Contract "Pass"]

[Board "3"]
[Forehand "3"]
[Contract "spel"]
"""


def first_deal(path: Path = ROOT / "samples" / "club-night.bpn") -> Deal:
    return next(d for d in parse(path.read_text(encoding="utf-8")) if d.tags)


# ---- the three checks of the issue ------------------------------------------------------------

def test_replace_then_write_writes_the_field():
    deal = first_deal()
    assert deal.contract == "Valfri"
    text = dumps([dataclasses.replace(deal, contract="Pass")])
    assert re.findall(r'\[Contract "[^"]*"\]', text) == ['[Contract "Pass"]']
    again = next(d for d in parse(text) if d.tags)
    assert again.contract == "Pass" and again.problems == ()
    # the tag keeps its place and its comments
    assert [t.name for t in again.tags] == [t.name for t in deal.tags]


def test_a_deal_made_with_the_constructor_writes_a_valid_deal():
    text = dumps([Deal(board=1, forehand=1, contract="Spel")])
    assert text == '% BPN 1.0\n[Board "1"]\n[Forehand "1"]\n[Contract "Spel"]\n[Trump "NT"]\n'
    (deal,) = parse(text)
    assert (deal.board, deal.forehand, deal.contract, deal.problems) == (1, 1, "Spel", ())


@pytest.mark.parametrize("value", ["two\nlines", "carriage\rreturn", "crlf\r\n"])
def test_a_line_break_in_a_tag_value_is_refused(value):
    with pytest.raises(ValueError, match="line break"):
        Deal.build(event=value)
    with pytest.raises(ValueError, match="line break"):
        first_deal().with_tag("Event", value)
    with pytest.raises(ValueError, match="line break"):
        dataclasses.replace(first_deal(), tags=(Tag("Site", value),))
    with pytest.raises(ValueError, match="line break"):
        Deal.build(tags={"Annotator": value})


@pytest.mark.parametrize("value", ["two\nlines", "carriage\rreturn"])
def test_a_read_tag_given_a_line_break_is_refused_naming_the_tag(value):
    """A tag as read keeps its place in the text; given a new value with ``_replace``
    (or a session tag inherited with one), the deal is refused when made."""
    deal = first_deal()
    event = [t._replace(value=value) if t.name == "Event" else t for t in deal.tags]
    with pytest.raises(ValueError, match=r"the value of \[Event\] has a line break"):
        dataclasses.replace(deal, tags=tuple(event))
    with pytest.raises(ValueError, match=r"the value of \[Site\] has a line break"):
        dataclasses.replace(deal, tags=tuple(t for t in deal.tags if t.name != "Site"), inherited={"Site": value})


def test_the_writer_never_writes_what_does_not_read_back():
    """The last guard, for what changed after the deal was made (its inherited mapping
    is a plain dict): nothing is written, and the message names the tag or comment."""
    first = first_deal()
    deal = dataclasses.replace(first, tags=tuple(t for t in first.tags if t.name != "Site"), inherited={})
    deal.inherited["Site"] = "two\nlines"  # type: ignore[index]
    with pytest.raises(ValueError, match=r"the value of \[Site\] has a line break"):
        dumps([deal])
    renamed = dataclasses.replace(first, tags=tuple(t._replace(name="Bad name") if t.name == "Event" else t
                                                    for t in first.tags))
    with pytest.raises(ValueError, match="'Bad name' is not a tag name"):
        dumps([renamed])
    braces = dataclasses.replace(first_deal(), comments=(Comment("a } b", "{", Pos(1, 1, 0)),))
    with pytest.raises(ValueError, match="cannot hold '}'"):
        dumps([braces])


@pytest.mark.parametrize("binary", [True, False])
def test_read_deal_twice_goes_on_with_numbering_and_session_tags(binary):
    handle = io.BytesIO(SHORT.encode()) if binary else io.StringIO(SHORT)
    first, second, third = read_deal(handle), read_deal(handle), read_deal(handle)
    assert read_deal(handle) is None
    assert [d.number for d in (first, second, third)] == [1, 2, 3]
    assert second.variant == Variant("Short") and second.inherited["Event"] == "Kitchen table"
    assert [(d.number, d.variant, d.headers) for d in (first, second, third)] == [
        (d.number, d.variant, d.headers) for d in parse(SHORT)]


def test_read_deal_then_read_deals_go_on_from_the_same_place(tmp_path):
    path = tmp_path / "short.bpn"
    path.write_text(SHORT, encoding="utf-8")
    with open(path, "rb") as fp:
        assert read_deal(fp).number == 1
        assert [d.number for d in read_deals(fp)] == [2, 3]
    with open(path, encoding="utf-8") as fp:
        read_deal(fp)
        read_deal(fp)
        fp.seek(0)  # moved: a fresh read from where the handle stands
        again = read_deal(fp)
        assert again.number == 1 and again.board == 1


def test_the_handle_stands_after_the_deal_read():
    handle = io.StringIO(SHORT)
    read_deal(handle)
    assert handle.readline().startswith("[Board \"2\"]")


# ---- one truth -------------------------------------------------------------------------------

def test_every_sample_round_trips_byte_for_byte():
    assert SAMPLES
    for path in SAMPLES:
        text = path.read_bytes().decode("utf-8")
        assert dumps(parse(text)) == text, path


def test_typed_fields_are_written_and_read_back():
    deal = first_deal()
    changed = dataclasses.replace(deal, board=7, score=(1, 2, -3), variant=Variant("Grand", frozenset({"ValfriNT"})),
                                  trump="H", discard=("C2", "SA", "HK"))
    again = next(d for d in parse(dumps([changed])) if d.tags)
    assert (again.board, again.score, again.variant, again.trump, again.discard) == (
        7, (1, 2, -3), Variant("Grand", frozenset({"ValfriNT"})), "H", ("SA", "HK", "C2"))
    assert again.headers["Score"] == "+1 +2 -3" and changed.headers["Board"] == "7"


def test_a_malformed_value_is_never_lost():
    text = ('% BPN 1.0\n[Variant "Gran"]\n[Board "x"]\n[Forehand "1"]\n[Contract "Spel"]\n'
            '[Score "a b c"]\n')
    (deal,) = parse(text)
    assert deal.board is None and deal.unread >= {"Variant", "Board", "Score"}
    out = dumps([dataclasses.replace(deal, contract="Pass")])
    for kept in ('[Variant "Gran"]', '[Board "x"]', '[Score "a b c"]', '[Contract "Pass"]'):
        assert kept in out


def test_values_are_checked_when_set():
    deal = first_deal()
    for bad in ({"board": 0}, {"forehand": 4}, {"contract": "Grand Slam"}, {"trump": "X"},
                {"turned": "Z9"}, {"hands": (("SA",), None)}, {"score": (1, 2)}, {"exchange": False}):
        with pytest.raises(ValueError):
            dataclasses.replace(deal, **bad)
    with pytest.raises(ValueError, match="'Spel'"):
        Deal(contract="spel")
    with pytest.raises(ValueError, match="closing|'}'"):
        dataclasses.replace(deal, comments=(Comment("a } b", "{"),))
    with pytest.raises(ValueError, match="tag name"):
        deal.with_tag("Two words", "x")


def test_build_makes_a_deal_that_reads_back_the_same():
    hands = ("AKQJT98765432...", None, ".AKQJT98765432..")
    deal = bpn.build(event="Club night", date="2026.11.20", players=("Anna", "Bertil", "Cecilia"), board=3,
                     forehand=2, contract="spel", hands=[[f"S{r}" for r in "AKQJT98765432"], None,
                                                           "ha hk hq hj h10 h9 h8 h7 h6 h5 h4 h3 h2"],
                     play=["c3", "CJ", "C10"], tags={"Annotator": "Me"}, comments=["built in code"])
    assert deal.contract == "Spel" and deal.play.leader == 2 and deal.play.cards[2].card == "CT"
    text = dumps([deal])
    again = next(d for d in parse(text) if d.tags)
    assert f'[Deal "1:{hands[0]} - {hands[2]}"]' in text and "{built in code}" in text
    assert (again.hands, again.contract, again.headers["Annotator"]) == (deal.hands, "Spel", "Me")
    assert dumps([again]) == text
    with pytest.raises(ValueError):
        bpn.build(play=["SA"])  # no leader and no forehand
    with pytest.raises(ValueError):
        bpn.build(contract="Spel", tags={"Contract": "Pass"})


def test_build_and_deal_fields_share_one_keyword_list():
    import inspect

    from bismarck_pbn.model.build import build
    from bismarck_pbn.model.making import deal_fields

    made, fields = inspect.signature(build), inspect.signature(deal_fields)
    assert list(made.parameters) == list(fields.parameters) and len(made.parameters) == 26
    assert all(p.kind is p.KEYWORD_ONLY for p in made.parameters.values())
    assert made.parameters["game"].default == "Bismarck" and made.return_annotation == "Deal"
    assert build.__name__ == "build" and "``players`` are the players of seats" in (build.__doc__ or "")
    assert bpn.build is build and isinstance(build(board=2), Deal)
    assert Deal.build(board=2) == build(board=2) and Deal(**deal_fields(board=2)) == build(board=2)
    with pytest.raises(TypeError):
        build(bogus=1)
    with pytest.raises(TypeError):
        build("Bismarck")  # keywords only


def test_with_tag_sets_and_removes_text_tags():
    deal = first_deal().with_tag("Event", "Another night").with_tag("Site", None)
    text = dumps([deal])
    assert '[Event "Another night"] {the monthly Bismarck evening}' in text and "[Site" not in text
    assert "[Contract" not in dumps([first_deal().with_tag("Contract", None)])


# ---- reading steered by a visitor ----------------------------------------------------------------

def test_headers_only_gives_the_tags_without_the_play():
    text = (ROOT / "samples" / "club-night.bpn").read_text(encoding="utf-8")
    full = [d for d in parse(text) if d.tags]
    quick = [d for d in parse(text, visitor=HeadersOnly()) if d.tags]
    assert [d.number for d in quick] == [d.number for d in full]
    assert all(d.headers_only and d.play is None for d in quick)
    assert [(d.contract, d.score, d.hands) for d in quick] == [(d.contract, d.score, d.hands) for d in full]
    with pytest.raises(ValueError, match="headers only"):
        dumps(quick)


def test_a_skipped_deal_still_passes_on_its_session_tags():
    class SkipOdd(ReadVisitor):
        def __init__(self):
            self.seen = []

        def begin_deal(self, number, line):
            self.seen.append((number, line))
            return SKIP if number % 2 else None

        def end_deal(self, deal):
            self.seen.append(deal.number)

    visitor = SkipOdd()
    deals = list(read_deals(io.StringIO(SHORT), visitor=visitor))
    assert [d.number for d in deals] == [2]
    assert deals[0].variant == Variant("Short") and deals[0].inherited["Player1"] == "Anna"
    assert visitor.seen == [(1, 2), (2, 11), 2, (3, 15)]


def test_begin_headers_sees_inherited_tags_and_may_choose():
    class OnlyPass(ReadVisitor):
        def begin_headers(self, headers):
            assert headers["Event"] == "Kitchen table"
            return None if headers["Contract"] == "Pass" else SKIP

    deals = parse(SHORT, visitor=OnlyPass())
    assert [d.headers_only for d in deals] == [True, False, True]


def test_dump_and_load(tmp_path):
    deals = parse(SHORT)
    for mode in ("w", "wb"):
        path = tmp_path / f"out-{mode}.bpn"
        with open(path, mode) as fp:
            dump(deals, fp)
        with open(path, "rb") as fp:
            assert dumps(bpn.load(fp)) == dumps(deals)


# ---- one voice, clean layers -----------------------------------------------------------------------

@pytest.mark.slow
def test_importing_the_library_does_not_load_typer_or_the_commands():
    code = ("import sys, bismarck_pbn, bismarck_pbn.views.tui, bismarck_pbn.session.record; "
            "print(sorted(m for m in sys.modules if m == 'typer' or m.startswith('bismarck_pbn.cli')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


def _imports(path: Path, top_level_only: bool) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    found = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@pytest.mark.slow
def test_library_modules_never_import_the_command_line():
    for path in PACKAGE.rglob("*.py"):
        if "cli" in path.relative_to(PACKAGE).parts or path.name == "__main__.py":
            continue
        bad = {m for m in _imports(path, False) if m == "typer" or m.startswith("bismarck_pbn.cli")}
        assert not bad, (path, bad)


@pytest.mark.slow
def test_no_import_cycle_between_modules():
    graph = {}
    for path in PACKAGE.rglob("*.py"):
        name = _module(path)
        graph[name] = {m for m in _imports(path, True) if m.startswith("bismarck_pbn")}
    state: dict[str, int] = {}

    def visit(node, trail):
        state[node] = 1
        for nxt in graph.get(node, ()):
            if state.get(nxt) == 1:
                raise AssertionError("import cycle: " + " -> ".join([*trail, node, nxt]))
            if nxt not in state:
                visit(nxt, [*trail, node])
        state[node] = 2

    for node in graph:
        if node not in state:
            visit(node, [])


def test_the_tag_syntax_is_written_once():
    fragment = "[A-Za-z][A-Za-z0-9_]*"
    holders = sorted(str(p.relative_to(ROOT)) for p in [*PACKAGE.rglob("*.py"), *ROOT.glob("grammars/*")]
                     if fragment in p.read_text(encoding="utf-8"))
    assert holders == ["bismarck_pbn/format/syntax.py"]


def test_one_nag_table_and_one_comment_text():
    from bismarck_pbn.format import writer
    from bismarck_pbn.model import nags
    from bismarck_pbn.views import panes, render, replay
    from bismarck_pbn.views.html import data

    assert render.NAG_MEANINGS is nags.NAG_MEANINGS is panes.NAG_MEANINGS is data.NAG_MEANINGS
    assert replay.comment_text is writer.comment_text is panes.comment_text
    assert [nags.NAG_MEANINGS[n] for n in nags.SUFFIX_NAGS.values()] == [
        "good move", "poor move", "very good move", "very poor move", "speculative move", "questionable move"]


def test_a_bare_carriage_return_inside_a_read_tag_value_is_a_diagnostic_not_an_exception():
    """The fuzz harness's find: a CR without LF inside a tag value, in a file, is the
    reader's BPN001 (a line ends there); the deal is still made, as any deal with a
    syntax error is, and nothing raises."""
    import bismarck_pbn as bpn

    found = bpn.validate_text('[Event "a\rb"]\n[Board "1"]\n[Forehand "1"]\n')
    assert [d.code for d in found][:1] == ["BPN001"] and "bare carriage return" in found[0].message
