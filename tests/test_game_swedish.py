"""Swedish Whist: honours, trick points, the auction, exits and individual points, and
property tests against the independent generator (tests/gen_auction.py)."""

from __future__ import annotations

import random

import pytest

from bismarck_pbn.check.validate import validate_text
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.writer import dumps
from bismarck_pbn.games.swedish import honour_points, honours, trick_points
from gen_auction import gen_swedish


def test_honours_three_held_by_a_side_score_20():
    hands = [("HA", "HK"), ("HQ",), ("HJ",), ()]  # side 1 (seats 1 and 3): A K J
    assert honour_points(hands, honours("Hearts")) == (20, 0)
    assert honour_points(hands, honours("Diamonds")) == (0, 0)


def test_honours_all_four_in_one_hand_score_50_and_split_40():
    assert honour_points([(), ("DA", "DK", "DQ", "DJ"), (), ()], honours("Diamonds")) == (0, 50)
    assert honour_points([("SA", "HA"), (), ("DA", "CA"), ()], honours("Spel")) == (40, 0)
    assert honour_points([("S2", "H2", "D2"), (), (), ("C2",)], honours("Nolle")) == (20, 0)
    assert honours("Misere") == ()


@pytest.mark.parametrize(("contract", "sides", "expected"), [
    ("Hearts", (8, 5), (0, 20)), ("Spel", (3, 10), (1, 40)), ("Nolle", (3, 10), (0, 40)),
    ("Nolle", (7, 6), (1, 10)),
])
def test_trick_points(contract, sides, expected):
    assert trick_points(contract, sides) == expected


def errors(text: str) -> list[tuple[int, str]]:
    return [(d.line, d.code) for d in validate_text(text) if d.severity != "info"]


def _line_of(text: str, needle: str, start: int = 0) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if i > start and needle in line)


@pytest.mark.parametrize("seed", range(5))
def test_generated_rounds_validate_clean_and_round_trip(seed):
    text = gen_swedish(40, seed)
    assert errors(text) == []
    assert dumps(parse(text)) == text


def test_the_round_ends_at_second_exit_with_bpn707():
    text = gen_swedish(40, 1)
    ends = [d for d in validate_text(text) if d.code == "BPN707"]
    assert ends and all("second exit" in d.message for d in ends)


def test_a_missing_exit_bonus_is_bpn602_at_score():
    text = gen_swedish(40, 1)
    lines = text.splitlines()
    end = next(d for d in validate_text(text) if d.code == "BPN707")
    at = end.line
    value = lines[at - 1].split('"')[1].split()
    # take the 20 of the second exit away from the side that got it
    i = max(range(2), key=lambda k: int(value[k]))
    value[i] = f"{int(value[i]) - 20:+d}" if int(value[i]) != 20 else "0"
    lines[at - 1] = f'[Score "{" ".join(value)}"]'
    found = errors("\n".join(lines) + "\n")
    assert found[0] == (at, "BPN602")


@pytest.mark.parametrize("seed", range(12))
def test_single_mutations_are_caught_with_the_right_code_and_line(seed):
    rng = random.Random(seed)
    text = gen_swedish(30, seed)
    lines = text.splitlines()
    kind = rng.choice(["points", "auction", "declarer", "revoke"])
    if kind == "points":
        at = _line_of(text, "[Points", rng.randrange(len(lines) // 2))
        lines[at - 1] = '[Points "+1 -1 0 0"]'
        assert errors("\n".join(lines) + "\n") == [(at, "BPN602")]
    elif kind == "auction":
        at = _line_of(text, '[Auction "', rng.randrange(len(lines) // 2)) + 1
        calls = lines[at - 1].split()
        lines[at - 1] = " ".join(["Hearts", "Diamonds"] + calls[2:]) if len(calls) >= 2 else lines[at - 1]
        found = errors("\n".join(lines) + "\n")
        if len(calls) >= 2:
            assert found and found[0] == (at, "BPN801")
    elif kind == "declarer":
        at = _line_of(text, "[Declarer", rng.randrange(len(lines) // 2))
        d = int(lines[at - 1].split('"')[1])
        lines[at - 1] = f'[Declarer "{d % 4 + 1}"]'
        assert (at, "BPN802") in errors("\n".join(lines) + "\n")
    else:
        play = _line_of(text, '[Play "', rng.randrange(len(lines) // 2))
        row = lines[play + 11].split()
        row[0], row[1] = row[1], row[0]
        lines[play + 11] = " ".join(row)
        found = errors("\n".join(lines) + "\n")
        assert found and found[0][0] == play + 12 and found[0][1] in ("BPN502", "BPN503")


def test_the_sample_round_validates_clean_and_is_canonical():
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "samples" / "swedish-whist" / "uppsala.bpn"
    text = path.read_text(encoding="utf-8")
    assert [d.code for d in validate_text(text)] == ["BPN707"]
    assert dumps(parse(text)) == text
    assert any(d.contract == "Misere" for d in parse(text))


@pytest.mark.parametrize("seed", range(3))
def test_bpn_json_bpn_is_byte_identical(seed):
    from bismarck_pbn.convert import jsonio

    text = gen_swedish(20, seed)
    assert dumps(jsonio.loads(jsonio.dumps(parse(text)))) == text


# ---- with a träkarl (BPN 1.2 §2) -----------------------------------------------------------

@pytest.mark.parametrize("seed", range(3))
def test_trakarl_rounds_validate_clean_and_round_trip(seed):
    text = gen_swedish(30, seed, trakarl=True)
    assert text.startswith("% BPN 1.2\n")
    assert errors(text) == []
    assert dumps(parse(text)) == text


def _trakarl_deal(seed: int = 0) -> tuple[str, list[str], int]:
    text = gen_swedish(30, seed, trakarl=True)
    lines = text.splitlines()
    dummy = int(next(ln for ln in lines if ln.startswith("[Dummy ")).split('"')[1])
    return text, lines, dummy


def test_the_trakarl_cannot_call_misere_bpn801_at_the_call():
    text, lines, dummy = _trakarl_deal(1)
    at = _line_of(text, '[Auction "')
    first = int(lines[at - 1].split('"')[1])
    k = (dummy - first) % 4  # the träkarl's first call
    calls = lines[at].split()
    calls[k] = "Misere"
    lines[at] = " ".join(calls)
    found = [d for d in validate_text("\n".join(lines) + "\n") if d.code == "BPN801"]
    assert [(d.line, d.column) for d in found] == [(at + 1, 1 + len(" ".join(calls[:k])) + (1 if k else 0))]
    assert "the träkarl (seat" in found[0].message and "cannot call Misere" in found[0].message


def test_the_trakarls_individual_points_are_always_zero():
    text, lines, dummy = _trakarl_deal(2)
    at = _line_of(text, "[Points")
    value = ["0"] * 4
    value[dummy - 1] = "+5"
    value[dummy % 4] = "-5"
    lines[at - 1] = f'[Points "{" ".join(value)}"]'
    assert errors("\n".join(lines) + "\n") == [(at, "BPN602")]


def test_a_trakarl_without_a_dummy_tag_is_bpn101_and_a_dummy_without_one_bpn104():
    text, lines, dummy = _trakarl_deal(0)
    first_deal = "\n".join(lines[: lines.index("") if "" in lines else len(lines)]) + "\n"
    without = first_deal.replace(f'[Dummy "{dummy}"]\n', "")
    assert ("BPN101", "the [Dummy] tag is missing; with a träkarl the record names its seat (1 to 4)") in [
        (d.code, d.message) for d in validate_text(without)]
    plain = first_deal.replace('[Variant "Trakarl"]\n', "")
    assert [(d.code, d.severity) for d in validate_text(plain) if d.code == "BPN104"] == [("BPN104", "warning")]


def test_trakarl_is_read_in_any_case_and_with_its_umlaut():
    for written in ("Träkarl", "TRAKARL", "träKarl"):
        deal = parse(f'[Game "SwedishWhist"]\n[Variant "{written}"]\n[Dummy "2"]\n')[0]
        assert "Trakarl" in deal.variant.options and deal.dummy == 2 and not deal.problems


def test_a_change_of_dummy_starts_a_new_session():
    a, b, c = parse('[Game "SwedishWhist"]\n[Variant "Trakarl"]\n[Dummy "2"]\n[Board "1"]\n\n'
                    '[Board "2"]\n\n[Dummy "4"]\n[Board "3"]\n')
    assert b.dummy == 2 and not b.opens_session(a.session_key())
    assert c.dummy == 4 and c.opens_session(b.session_key())


def test_standings_keep_the_trakarl_out_of_the_players():
    from bismarck_pbn.session.standings import standings
    from bismarck_pbn.session.standings_players import by_player

    text = gen_swedish(12, 3, trakarl=True)
    sessions = standings(parse(text))
    for session in sessions:
        assert session.dummy is not None and session.players[session.dummy - 1] is None
        assert sum(1 for p in session.players if p) == 3
    names = {p.name for p in by_player(sessions)}
    written = {ln.split('"')[1] for ln in text.splitlines() if ln.startswith("[Player")}
    # a Player tag carried into the träkarl's seat from an earlier round names nobody there
    for session in sessions:
        assert all(p in names for p in session.players if p)
    assert names <= written


def test_turnover_standings_count_the_deals_won():
    from pathlib import Path

    from bismarck_pbn.session.standings import standings

    path = Path(__file__).resolve().parent.parent / "samples" / "turnover-bridge" / "sunday-afternoons.bpn"
    (session,) = standings(parse(path.read_text(encoding="utf-8")))
    assert session.totals == (2, 1) and {row.trump for row in session.boards} == {"S"}
