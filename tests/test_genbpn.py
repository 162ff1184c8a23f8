"""Tests of the reference generator ``genbpn`` itself (not of bismarck_pbn)."""
import random
import re
from collections import Counter

import pytest

import genbpn as g

SPEC_EXAMPLE = g.SPEC_EXAMPLE


def cards(h):
    """Holding string -> list of cards."""
    return [s + r for s, part in zip("SHDC", h.split(".")) for r in part]


def spec_deal():
    hands = dict(zip((1, 2, 3), map(cards, ["Q953.Q854.J532.T742", "J42.K9762.A876.AK63", "AK87.AJT3.KQT9.QJ98"])))
    body = SPEC_EXAMPLE.split('[Play "2"]\n')[1].replace("{Cecilia wins it with the king}", "")
    flat = [c.rstrip("!") for c in re.sub(r"\{[^}]*\}|\$\d+|\*", " ", body).split()]
    play = g.seat_play(2, "S", flat)
    wins = g.winners(play, "S")
    tricks = [wins.count(s) for s in (1, 2, 3)]
    tags = dict(Event="Club night", Site="Stockholm", Date="2026.11.20",
                Player1="Anna", Player2="Bertil", Player3="Cecilia")
    return g.build_deal(forehand=1, contract="Spader", trump=None, hands=hands, kitty=cards("T6..4.5"),
                        discard=cards(".4.32.4"), play=play, tricks=tricks, board=1, session_tags=tags,
                        total=g.scores("Spader", 1, tricks),
                        annotations={(2, 2): {"braces": ["Cecilia wins it with the king"]},
                                     (7, 2): {"suffix": "!", "nags": [1], "braces": ["Anna ruffs low"]}})


def test_worked_examples():
    assert g.scores("Spel", 1, [10, 4, 2]) == [2, 0, -2]
    # Pass, forehand seat 3 takes 3; B (seat 1) 5, C (seat 2) 8
    assert g.scores("Pass", 3, [5, 8, 3]) == [1, -2, 1]


def test_spec_example_round_trip():
    deal = spec_deal()
    assert g.play_faults(deal) == []
    assert deal["tricks"] == [4, 2, 10]
    assert g.to_bpn([deal]) == SPEC_EXAMPLE


@pytest.mark.parametrize("seed", range(40))
def test_random_deal_is_legal(seed):
    rng = random.Random(seed)
    contract = rng.choice(g.CONTRACTS)
    variant = rng.choice(["Standard", "Grand FixedKitty", "Standard ValfriNT"])
    d = g.random_deal(rng, forehand=rng.randint(1, 3), contract=contract, trump=rng.choice(g.valfri_trumps(variant)),
                      variant=variant, play_tricks=rng.choice([0, 5, 16]), annotate=0.3)
    dealt = d["hands"][1] + d["hands"][2] + d["hands"][3] + d["kitty"]
    assert len(dealt) == len(set(dealt)) == 52 and all(len(d["hands"][s]) == 16 for s in (1, 2, 3))
    if d["discard"] is None:
        assert not g.exchange_mandatory(contract, variant)
    else:
        assert len(d["discard"]) == 4 and set(d["discard"]) <= set(d["hands"][d["forehand"]] + d["kitty"])
    assert g.play_faults(d) == []
    assert sum(d["tricks"]) == 16 and sum(d["score"]) == 0
    played = [g.winners(d["play"], d["trump"]).count(s) for s in (1, 2, 3)]
    assert all(t >= p for t, p in zip(d["tricks"], played))
    if d["play"]:
        assert d["leader"] == g.left(d["forehand"])


def test_annotations_written_in_order():
    rng = random.Random(7)
    deals = g.random_session(rng, annotate=0.5)
    text = g.to_bpn(deals)
    assert text.startswith("% BPN 1.0\n") and text.endswith("*\n") and "\r" not in text
    assert "\n\n\n" not in text and not g.to_bpn(deals, header=False).startswith("%")
    card = r"[SHDC][2-9TJQKA](!!|\?\?|!\?|\?!|!|\?)?( \$\d{1,3})*( \{[^{}\n]*\})*"
    tricks = 0
    for line in text.splitlines():
        assert line == "" or line[0] in "%[{*SHDC"
        if line[:1] in ("S", "H", "D", "C"):  # a trick line: three annotated cards, then maybe "; ..."
            assert re.fullmatch(rf"{card} {card} {card}( ; [^\n]*)?", line), line
            tricks += 1
    assert tricks == sum(len(d["play"]) for d in deals)
    assert any(" ; " in line and line[0] in "SHDC" for line in text.splitlines())


@pytest.mark.parametrize("variant", ["Standard", "Grand", "Short", "Standard FixedKitty ValfriNT", "Grand NoTrumpValfri"])
@pytest.mark.parametrize("seed", range(5))
def test_session_follows_schedule(variant, seed):
    rng = random.Random(seed)
    deals = g.random_session(rng, variant, claim=0.2)
    n, contracts, times = g.BASES[variant.split()[0]]
    regular, extra = deals[:n], deals[n:]
    assert [d["board"] for d in deals] == list(range(1, len(deals) + 1))
    for a, b in zip(deals, deals[1:]):
        assert b["forehand"] == g.left(a["forehand"])
    per = Counter((d["forehand"], d["contract"]) for d in regular)
    if variant.startswith("Short"):
        assert sorted(Counter(d["forehand"] for d in regular).values()) == [2, 3, 3]
        assert set(c for _, c in per) <= {"Spel", "Pass"} and max(per.values()) <= 2
    else:
        assert per == Counter({(s, c): times for s in (1, 2, 3) for c in contracts})
    run = [0, 0, 0]
    for d in deals:
        assert sum(d["score"]) == 0
        run = [a + b for a, b in zip(run, d["score"])]
        assert d["total"] == run
        if d["contract"] == "Valfri":
            assert d["trump"] in g.valfri_trumps(variant) and d["discard"] is not None
    assert all(d["contract"] == "Valfri" for d in extra) and len(extra) <= 10
    assert g.ties_ok(deals) or len(extra) == 10
    text = g.to_bpn(deals)
    assert text.count("[Board ") == len(deals) and text.count("\n\n") == len(deals) - 1


def test_partial_session_and_escapes():
    rng = random.Random(3)
    tags = {"Event": 'He said "hi" \\o/', "Site": "x"}
    deals = g.random_session(rng, deals=5, session_tags=tags)
    assert len(deals) == 5
    assert '[Event "He said \\"hi\\" \\\\o/"]' in g.to_bpn(deals)


def test_hidden_hands():
    rng = random.Random(11)
    d = g.random_deal(rng, forehand=2, contract="Spel", trump="NT", hide_hands=True)
    value = dict((n, v) for n, v, _ in d["tags"])["Deal"]
    assert value.startswith("2:") and "-" in value.split(":")[1].split()


@pytest.mark.slow
def test_mutations_apply():
    seen = Counter()
    for seed in range(12):
        rng = random.Random(seed)
        variant = ["Standard", "Short", "Grand FixedKitty"][seed % 3]
        base = g.random_session(rng, variant, annotate=0.1)
        text = g.to_bpn(base)
        for mut in g.MUTATIONS:
            res = mut(random.Random(seed), base)
            if res is None:
                continue
            deals, code = res
            assert re.fullmatch(r"BPN\d{3}", code), mut.__name__
            assert g.to_bpn(deals) != text, mut.__name__
            assert g.to_bpn(base) == text, f"{mut.__name__} changed its input"
            seen[mut.__name__] += 1
    assert set(seen) == {m.__name__ for m in g.MUTATIONS}
