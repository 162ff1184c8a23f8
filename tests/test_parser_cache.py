"""The parser's tables kept between runs (format/parser_cache.py), and the rulesets
loaded on first use (games.RULESETS): what a short run does not have to do again."""

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from lark import Lark

from bismarck_pbn.format import parser_cache, syntax
from bismarck_pbn.format.builder import Builder
from bismarck_pbn.resources import grammar_text

ROOT = Path(__file__).resolve().parent.parent
TINY = 'start: WORD+\n%import common.WORD\n%ignore " "\n'


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_saved_once_then_loaded_without_building(tmp_path, monkeypatch):
    monkeypatch.setenv("BPN_CACHE_DIR", str(tmp_path))
    first = parser_cache.cached_lark(TINY, parser="lalr")
    saved = _files(tmp_path)
    assert len(saved) == 1 and saved[0].startswith("parser-")

    def no_building(self):
        raise AssertionError("the parser was built although its tables were saved")

    monkeypatch.setattr(Lark, "_build_parser", no_building)
    second = parser_cache.cached_lark(TINY, parser="lalr")
    assert second.parse("a b c") == first.parse("a b c")
    assert _files(tmp_path) == saved


def test_another_grammar_or_options_get_a_file_of_their_own(tmp_path, monkeypatch):
    monkeypatch.setenv("BPN_CACHE_DIR", str(tmp_path))
    parser_cache.cached_lark(TINY, parser="lalr")
    parser_cache.cached_lark(TINY.replace("WORD+", "WORD*"), parser="lalr")
    parser_cache.cached_lark(TINY, parser="lalr", maybe_placeholders=False)
    assert len(_files(tmp_path)) == 3


def test_a_damaged_file_is_built_again_and_replaced(tmp_path, monkeypatch):
    monkeypatch.setenv("BPN_CACHE_DIR", str(tmp_path))
    parser_cache.cached_lark(TINY, parser="lalr")
    (saved,) = tmp_path.iterdir()
    saved.write_bytes(b"not a parser\n\x80\x04garbage")
    assert parser_cache.cached_lark(TINY, parser="lalr").parse("x y").children[1] == "y"
    monkeypatch.setattr(Lark, "_build_parser", lambda self: pytest.fail("built again"))
    assert parser_cache.cached_lark(TINY, parser="lalr").parse("x y").children[0] == "x"


def test_the_cache_can_be_turned_off(tmp_path, monkeypatch):
    monkeypatch.setenv("BPN_CACHE_DIR", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert parser_cache.cache_dir() is None
    assert parser_cache.cached_lark(TINY, parser="lalr").parse("a").children == ["a"]
    assert _files(tmp_path) == []


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="ownership and modes are POSIX")
def test_a_directory_others_may_write_is_not_used(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    monkeypatch.setenv("BPN_CACHE_DIR", str(shared))
    assert parser_cache.cache_dir() is None
    parser_cache.cached_lark(TINY, parser="lalr")
    assert _files(shared) == []
    monkeypatch.setenv("BPN_CACHE_DIR", str(tmp_path / "own" / "cache"))
    made = parser_cache.cache_dir()
    assert made is not None and stat.S_IMODE(made.stat().st_mode) & 0o077 == 0


def test_the_deal_parser_from_the_cache_builds_the_same_deals(tmp_path, monkeypatch):
    monkeypatch.setenv("BPN_CACHE_DIR", str(tmp_path))
    text = (ROOT / "samples" / "club-night.bpn").read_text(encoding="utf-8")
    chunk = text[text.index("[Event"):text.index("*") + 1]
    options = dict(parser="lalr", lexer="contextual", maybe_placeholders=False)
    results = []
    for _ in range(2):  # built and saved, then loaded
        builder = Builder()
        builder.line0, builder.offset0, builder.problems, builder.lower = 0, 0, [], []
        parser = parser_cache.cached_lark(syntax.grammar(grammar_text()), transformer=builder, **options)
        results.append(parser.parse(chunk))
    builder = Builder()
    builder.line0, builder.offset0, builder.problems, builder.lower = 0, 0, [], []
    fresh = Lark(syntax.grammar(grammar_text()), transformer=builder, **options).parse(chunk)
    assert results[0] == results[1] == fresh
    assert any(type(item).__name__ == "Play" and len(item.cards) == 48 for item in fresh)


@pytest.mark.slow
def test_reading_bismarck_loads_no_other_game(tmp_path):
    """The rulesets are imported on first use: validating a Bismarck record loads the
    Bismarck rules only, and asking for another game loads it then."""
    probe = (
        "import sys, bismarck_pbn as b\n"
        "b.validate_file(sys.argv[1])\n"
        "games = sorted(m for m in sys.modules if m.startswith('bismarck_pbn.games.'))\n"
        "print(' '.join(games))\n"
        "from bismarck_pbn.games import RULESETS, ruleset\n"
        "print(ruleset('Whist').name, 'bismarck_pbn.games.whist' in sys.modules, len(RULESETS))\n"
    )
    env = dict(os.environ, BPN_CACHE_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", probe, str(ROOT / "samples" / "club-night.bpn")], env=env,
                         capture_output=True, text=True, timeout=120, check=True).stdout.splitlines()
    loaded = set(out[0].split())
    assert "bismarck_pbn.games.bismarck" in loaded
    assert not loaded & {"bismarck_pbn.games.whist", "bismarck_pbn.games.german", "bismarck_pbn.games.solo",
                         "bismarck_pbn.games.bidwhist", "bismarck_pbn.games.israeli",
                         "bismarck_pbn.games.swedish", "bismarck_pbn.games.ruff", "bismarck_pbn.games.turnover"}
    assert out[1] == "Whist True 10"


def test_the_registry_is_a_mapping_of_classes(monkeypatch):
    from bismarck_pbn.games import RULESETS, VARIANTS, Ruleset, ruleset

    assert "Bismarck" in RULESETS and "Nonsense" not in RULESETS
    assert RULESETS.get("Nonsense") is None
    assert all(issubclass(cls, Ruleset) and cls.name == name for name, cls in RULESETS.items())
    assert VARIANTS[("Bismarck", "Finnish")].__name__ == "Finnish"

    class Toy(Ruleset):
        name = "Whist"

    monkeypatch.setitem(RULESETS, "Whist", Toy)
    ruleset.cache_clear()
    try:
        assert type(ruleset("Whist")) is Toy
    finally:
        ruleset.cache_clear()


@pytest.mark.slow
def test_the_registry_adds_no_import_cycle():
    """The registry imports the games' modules by name, which the import-graph test
    cannot see in the source: with those edges added the graph still has no cycle."""
    from test_import_graph import cycles, package_graph

    from bismarck_pbn.games import RULESETS, VARIANTS

    graph = package_graph()
    named = RULESETS.modules() | VARIANTS.modules()
    assert "bismarck_pbn.games.bismarck" in named and named <= set(graph)
    graph["bismarck_pbn.games"] |= named
    assert cycles(graph) == []
