"""Property checks shared by the Whist, Whisk and Ruff and Honours tests: sessions made
by the independent reference (:mod:`genwhist`) validate clean, write back byte for byte,
and each single mutation is caught with exactly the right code on the right line."""

from __future__ import annotations

import copy
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import genwhist as g  # noqa: E402

from bismarck_pbn.check.validate import validate_text  # noqa: E402
from bismarck_pbn.format.reader import parse  # noqa: E402
from bismarck_pbn.format.writer import dumps  # noqa: E402

INFO_EXPECTED = {"BPN707", "BPN506"}


def game_ends(deals: list[dict]) -> list[int]:
    """The indices of the deals that end a game, by the reference rules."""
    return [k for k, d in enumerate(deals) if d["game_over"]]


def check_clean(game: str, seed: int, n: int = 8, variant: str = "Standard") -> None:
    """A random session validates with no error or warning; its infos are exactly the
    game ends the reference finds (BPN707 at the deal's Total) and the claims; the
    canonical text writes back unchanged."""
    deals = g.session(seed, game, n, variant, notes=seed % 2 == 0, claims=seed % 3 == 0)
    text, where = g.render(deals)
    found = validate_text(text)
    assert [d for d in found if d.code not in INFO_EXPECTED] == [], text
    ends = [d.line for d in found if d.code == "BPN707"]
    assert ends == [where[(k, "Total")] for k in game_ends(deals)]
    claims = [d.line for d in found if d.code == "BPN506"]
    assert claims == [where[(k, "Tricks")] for k, d in enumerate(deals) if d["shown"] < len(d["cards"])]
    assert dumps(parse(text)) == text


def check_mutation(game: str, name: str, seed: int, variant: str = "Standard") -> bool:
    """Plant one fault; exactly one new diagnostic, with the planted code, on the planted
    line; the infos stay as they were. False when the session has no place for it."""
    deals = g.session(seed, game, 6, variant, notes=seed % 2 == 0, claims=seed % 3 == 0)
    before = sorted((d.code, d.line) for d in validate_text(g.render(deals)[0]))
    mutated = copy.deepcopy(deals)
    planted = g.MUTATIONS[name](random.Random(seed), mutated)
    if planted is None:
        return False
    k, code, key = planted
    text, where = g.render(mutated)
    found = validate_text(text)
    assert [(d.code, d.line) for d in found if d.severity != "info"] == [(code, where[(k, key)])], \
        [str(d) for d in found]
    assert sorted((d.code, d.line) for d in found if d.severity == "info") == before
    return True


def by_suit(ranks: str = g.RANKS, swaps: tuple[tuple[str, str], ...] = ()) -> dict[int, set[str]]:
    """Seat 1 holds the spades, 2 the hearts, 3 the diamonds, 4 the clubs (``ranks`` of
    each); each swap exchanges two cards between their holders."""
    hands = {s: {suit + r for r in ranks} for s, suit in zip((1, 2, 3, 4), g.SUITS)}
    for a, b in swaps:
        sa = next(s for s, h in hands.items() if a in h)
        sb = next(s for s, h in hands.items() if b in h)
        hands[sa] = (hands[sa] - {a}) | {b}
        hands[sb] = (hands[sb] - {b}) | {a}
    return hands


def record(deals: list[dict], game: str = "Whist", variant: str = "Standard") -> str:
    """BPN text for hand-made deals without play: each dict gives hands, dealer,
    turned, tricks (per side), score, and optionally total, board, kitty, declarer,
    discard, trump."""
    out = ["% BPN 1.1"]
    for d in deals:
        out += ["", f'[Game "{game}"]', f'[Variant "{variant}"]']
        if "board" in d:
            out.append(f'[Board "{d["board"]}"]')
        out.append(f'[Dealer "{d["dealer"]}"]')
        out.append('[Deal "1:' + " ".join(g.holding(d["hands"][s]) for s in (1, 2, 3, 4)) + '"]')
        if "kitty" in d:
            out.append(f'[Kitty "{g.holding(d["kitty"])}"]')
        out.append(f'[Turned "{d["turned"]}"]')
        if "trump" in d:
            out.append(f'[Trump "{d["trump"]}"]')
        if "declarer" in d:
            out.append(f'[Declarer "{d["declarer"]}"]')
        if "discard" in d:
            out.append(f'[Discard "{g.holding(d["discard"])}"]')
        out.append(f'[Tricks "{d["tricks"][0]} {d["tricks"][1]}"]')
        out.append(f'[Score "{g.signed(d["score"])}"]')
        if "total" in d:
            out.append(f'[Total "{g.signed(d["total"])}"]')
    return "\n".join(out) + "\n"


def codes(text: str) -> list[tuple[str, int]]:
    return [(d.code, d.line) for d in validate_text(text)]


SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def check_samples(folder: str, game: str) -> None:
    """The annotated sessions in ``samples/<folder>/``: of ``game``, clean (game ends
    and claims are infos), and already in the canonical form."""
    paths = sorted((SAMPLES / folder).glob("*.bpn"))
    assert paths
    for path in paths:
        text = path.read_text(encoding="utf-8")
        deals = [d for d in parse(text) if d.tags]
        assert {d.game for d in deals} == {game}
        assert [d.board for d in deals] == list(range(1, len(deals) + 1))
        found = validate_text(text)
        assert [d for d in found if d.code not in INFO_EXPECTED] == [], path.name
        assert any(d.code == "BPN707" for d in found), "a game ends in every sample session"
        assert any(p.comments for d in deals if d.play for p in d.play.cards), "the play is annotated"
        assert dumps(parse(text)) == text


def check_json_round_trip(folder: str) -> None:
    """BPN → JSON → BPN gives back the sample byte for byte."""
    from bismarck_pbn.convert import jsonio

    for path in sorted((SAMPLES / folder).glob("*.bpn")):
        text = path.read_text(encoding="utf-8")
        assert dumps(jsonio.loads(jsonio.dumps(parse(text)))) == text
