"""Turnover Bridge (BPN 1.2 §1): the layouts and their turning up, the end at 14 tricks,
BPN508, the version line, and property tests against the independent reference rules
of ``tests/gen_turnover.py``."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from bismarck_pbn.check.validate import validate_text
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.writer import dumps
from bismarck_pbn.games import ruleset
from bismarck_pbn.games.tricks import DealState
from bismarck_pbn.games.turnover import TurnoverBridge, turnover_score

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
import gen_turnover as g  # noqa: E402
from two_props import check_clean, check_mutations, line_of, problems, sessions  # noqa: E402


def messages(text: str) -> list[str]:
    return [f"{d.code} {d.message}" for d in validate_text(text) if d.severity != "info"]


def one_deal(seed: int = 1, variant: str = "Standard", dealer: int = 1) -> tuple[dict, list[str]]:
    d = g.play_deal(random.Random(seed), dealer, variant)
    return d, g.session_text([d]).split("\n")


# ---- the rules, worked ---------------------------------------------------------------------

@pytest.mark.parametrize(("tricks", "expected"), [((14, 9), (1, 0)), ((3, 14), (0, 1)), ((13, 13), (0, 0)),
                                                  ((14, 12), (1, 0))])
def test_the_deal_won_scores_one(tricks, expected) -> None:
    assert turnover_score(tricks) == expected


def test_the_ruleset_is_registered_with_its_table() -> None:
    rules = ruleset("TurnoverBridge")
    assert isinstance(rules, TurnoverBridge)
    assert (rules.seats, rules.piles, rules.sizes()) == (2, 9, (8, 0))
    pagat = ruleset("TurnoverBridge", parse('[Game "TurnoverBridge"]\n[Variant "pagat"]\n')[0].variant)
    assert (pagat.piles, pagat.sizes(), pagat.rows) == (12, (2, 0), (6, 6))


def test_a_face_up_card_uncovers_the_card_beneath_from_the_next_trick() -> None:
    tr = TurnoverBridge().tricks_for([(("HA", "D2"),), (("H3", "C2"),)], [("SA",), ("S2",)])
    state = DealState([{"SA", "HA"}, {"S2", "H3"}], tr, 1)
    assert tr.absent(state, 1, "D2") == "face_down:HA"
    state.play("HA")
    assert tr.absent(state, 1, "D2") == "face_down_now:HA"  # uncovered in this trick: not yet
    state.play("H3")
    assert state.winners == [1] and state.hands[0] == {"SA", "D2"} and state.hands[1] == {"S2", "C2"}
    state.undo()
    assert state.hands[0] == {"SA"} and "D2" not in state.hands[0]


def test_a_card_played_while_face_down_is_bpn508() -> None:
    d, lines = one_deal(3)
    # seat 2 leads trick 1: replace its card by the face-down card of its first pile
    up, down = d["piles"][2][0]
    play = line_of(lines, "[Play ")
    first = lines[play + 1].split()
    lines[play + 1] = f"{down} {first[1]}"
    found = messages("\n".join(lines))
    assert found and found[0].startswith("BPN508 seat 2 plays " + down + " in trick 1 while it is still face down: "
                                         + up)


def test_the_card_beneath_is_not_playable_in_the_same_trick() -> None:
    text = "\n".join(one_deal(5)[1])
    deal = parse(text)[0]
    tr = ruleset("TurnoverBridge").trick_rules(deal, "S")
    up, down = deal.layouts[1][0]
    state = DealState([set(deal.hands[0]), set(deal.hands[1]) | {up}], tr, 2)
    state.play(up)
    fault = tr.absent(state, 2, down)
    assert fault == "face_down_now:" + up


def test_tricks_after_the_fourteenth_are_bpn504() -> None:
    for seed in range(40):
        d, lines = one_deal(seed)
        if max(d["won"]) == 14:
            break
    code, line = g.mutate_extra_trick(random.Random(0), [d], lines)
    found = validate_text("\n".join(lines))
    assert [(x.code, x.line) for x in found] == [(code, line)]
    assert "the deal is over" in found[0].message


def test_a_trump_other_than_spades_is_bpn205() -> None:
    d, lines = one_deal(2)
    at = line_of(lines, "[Tricks ")
    lines.insert(at, '[Trump "H"]')  # (canonical place: after Layout2, before Tricks)
    assert messages("\n".join(lines)) == ["BPN205 spades are always trumps in Turnover Bridge, not H"]
    lines[at] = '[Trump "S"]'
    assert problems("\n".join(lines)) == []


def test_a_missing_layout_is_bpn101() -> None:
    d, lines = one_deal(2)
    del lines[line_of(lines, "[Layout2 ")]
    assert messages("\n".join(lines)) == ["BPN101 the [Layout2] tag is missing; seat 2's piles are part of its "
                                         "cards (UP/DOWN for each pile, - for a face-down card not known)"]


def test_a_concession_stops_the_play_with_the_final_count() -> None:
    """The ruling: a play that stops concedes the deal; the conceding seat keeps the
    tricks it won in the play, so any other count for it is BPN505."""
    d, lines = one_deal(4)
    assert 14 in d["won"]
    winner = d["won"].index(14) + 1
    kept = d["winners"][:3].count(3 - winner)
    play = line_of(lines, "[Play ")
    del lines[play + 4: play + 1 + len(d["tricks"])]
    at = line_of(lines, "[Tricks ")
    for loser_has, codes in ((kept, []), (kept + 1, ["BPN505"])):
        counts = [14, loser_has] if winner == 1 else [loser_has, 14]
        lines[at] = f'[Tricks "{counts[0]} {counts[1]}"]'
        assert [code for code, _ in problems("\n".join(lines))] == codes
    lines[at] = f'[Tricks "{14 if winner == 1 else kept} {kept if winner == 1 else 14}"]'
    assert any(x.code == "BPN506" for x in validate_text("\n".join(lines)))


def test_unknown_face_down_cards_may_be_played_once_uncovered() -> None:
    """Every face-down card written ``-``: the play still validates (the cards beneath
    are any card the record does not place), and one too many of them is caught."""
    for seed in range(15):
        d = g.play_deal(random.Random(seed), 1)
        d["unknown"] = {down for s in (1, 2) for _, down in d["piles"][s]}
        text = g.session_text([d])
        assert problems(text) == [], seed


def test_the_version_line_is_1_2_only_when_needed() -> None:
    text = "\n".join(one_deal(1)[1])
    assert dumps(parse(text)).startswith("% BPN 1.2\n")
    assert dumps(parse(text.replace("% BPN 1.2\n", ""))).startswith("% BPN 1.2\n")
    whist = '% BPN 1.1\n[Game "Whist"]\n[Board "1"]\n'
    assert dumps(parse(whist)).startswith("% BPN 1.1\n")
    assert dumps(parse('[Board "1"]\n[Forehand "1"]\n')).startswith("% BPN 1.0\n")


def test_layouts_are_written_canonically_in_their_place() -> None:
    text = ('[Game "turnoverbridge"]\n[Layout2 "sa/h3  D7/-"]\n[Dealer "1"]\n[Deal "1:- -"]\n'
            '[Layout1 "C2/C3"]\n')
    assert dumps(parse(text)) == ('% BPN 1.2\n[Game "TurnoverBridge"]\n[Dealer "1"]\n[Deal "1:- -"]\n'
                                  '[Layout1 "C2/C3"]\n[Layout2 "SA/H3 D7/-"]\n')


@pytest.mark.parametrize(("value", "column"), [("SA/H3 D7C2", 17), ("SA/X3", 14), ("SA/H3 QQ/C2", 17)])
def test_a_malformed_pile_is_bpn103_at_its_place(value: str, column: int) -> None:
    text = f'[Game "TurnoverBridge"]\n[Layout1 "{value}"]\n'
    found = [(d.code, d.line, d.column) for d in validate_text(text) if d.code == "BPN103"]
    assert found == [("BPN103", 2, column)]


# ---- property tests against the reference ---------------------------------------------------

def test_random_sessions_validate_clean_and_round_trip() -> None:
    check_clean(g, 12)


@pytest.mark.parametrize("name", sorted(g.MUTATIONS))
def test_single_mutation_is_caught_at_its_line(name: str) -> None:
    assert check_mutations(g, [name], 5, 1000) >= 3


@pytest.mark.slow
def test_many_random_sessions() -> None:
    check_mutations(g, list(g.MUTATIONS), 300, 5000, clean=True)


# ---- samples ------------------------------------------------------------------------------

SAMPLES = sorted((ROOT / "samples" / "turnover-bridge").glob("*.bpn"))


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_samples_are_clean_and_canonical(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert problems(text) == []
    assert dumps(parse(text)) == text


def test_the_sample_is_annotated_and_shows_every_ending() -> None:
    deals = [d for d in parse(SAMPLES[0].read_text(encoding="utf-8")) if d.tags]
    assert sum(1 for d in deals for c in d.play.cards if c.comments) >= 4
    assert {d.tricks for d in deals if d.tricks is not None} >= {(13, 13)}  # a drawn deal
    assert any(max(d.tricks) == 14 and len(d.play.cards) < 2 * sum(d.tricks) for d in deals)  # a concession
    assert any(pile[1] is None for d in deals for piles in d.layouts if piles for pile in piles)  # a '-'


def test_the_trakarl_sample_round_is_clean() -> None:
    text = (ROOT / "samples" / "swedish-whist" / "trakarl.bpn").read_text(encoding="utf-8")
    assert problems(text) == [] and dumps(parse(text)) == text
    assert all(d.dummy is not None for d in parse(text) if d.tags)


# ---- views ----------------------------------------------------------------------------------

def test_show_draws_each_layout_as_piles_turned_up_as_the_play_goes() -> None:
    from rich.console import Console

    from bismarck_pbn.views.position import positions
    from bismarck_pbn.views.render import layout_text, render_position

    tr = TurnoverBridge()
    deal = parse('[Game "TurnoverBridge"]\n[Dealer "1"]\n[Deal "1:- -"]\n'
                 '[Layout1 "SA/H3 D7/- C2/C3 HK/D2 H4/D3 H5/D4 H6/D5 H7/D6 H8/D8"]\n'
                 '[Layout2 "SK/HA DK/DA CK/CA SQ/HQ DQ/CQ SJ/HJ DJ/CJ ST/HT DT/CT"]\n'
                 '[Tricks "14 0"]\n[Play "2"]\nSK SA\nH3 HA\nD7 DK\n*\n')[0]
    moments = positions(deal)
    assert moments[0].piles[0][:2] == (("up", "SA", "H3"), ("up", "D7", None))
    after = moments[6].piles[0]
    assert after[:3] == (("gone", None, None), ("turned", None, None), ("up", "C2", "C3"))
    text = layout_text(after, tr.rows).plain
    assert text.split("\n") == ["··  ▒▒  C2▒ HK▒ H4▒", "H5▒ H6▒ H7▒ H8▒"]
    console = Console(width=100, record=True)
    console.print(render_position(moments[2]))
    shown = console.export_text()
    assert "H3  ▒▒" not in shown and "H3  D7▒" in shown  # H3 turned up after trick 1; the - under D7 face down


# ---- commands -------------------------------------------------------------------------------

def test_deal_deals_hands_and_layouts_one_card_at_a_time() -> None:
    from bismarck_pbn.session.dealgen import deal_template

    text = deal_template(3, game="TurnoverBridge", forehand=2)
    (deal,) = [d for d in parse(text) if d.tags]
    assert problems(text) == []
    assert [len(h) for h in deal.hands] == [8, 8] and [len(p) for p in deal.layouts] == [9, 9]
    assert "the trump" not in text  # spades, always: nothing to record
    import random as _random

    cards = list(TurnoverBridge().deck)
    _random.Random(3).shuffle(cards)
    # the non-dealer (seat 1) gets the first card: its first pile's face-down card
    assert deal.layouts[0][0][1] == cards[0] and deal.layouts[1][0][1] == cards[1]


def test_deal_deals_pagat_when_asked() -> None:
    """`bpn deal --variant Pagat`: 12 piles and 2 cards in hand each, the variant written,
    and a template validate finds nothing wrong with."""
    from typer.testing import CliRunner

    from bismarck_pbn.cli import app

    result = CliRunner().invoke(app, ["deal", "--game", "turnoverbridge", "--variant", "pagat", "--seed", "3"])
    assert result.exit_code == 0, result.stderr
    (deal,) = [d for d in parse(result.stdout) if d.tags]
    assert deal.variant.options == {"Pagat"} and "--variant Pagat" in result.stdout
    assert [len(h) for h in deal.hands] == [2, 2] and [len(p) for p in deal.layouts] == [12, 12]
    assert problems(result.stdout) == []


def test_analyse_declines_turnover_bridge_in_one_line() -> None:
    from typer.testing import CliRunner

    from bismarck_pbn.cli import app

    result = CliRunner().invoke(app, ["analyse", str(ROOT / "samples" / "turnover-bridge" / "sunday-afternoons.bpn")])
    assert result.exit_code == 2
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Turnover Bridge is not analysed" in lines[0]


def test_record_asks_for_the_layouts_and_stops_at_fourteen_tricks() -> None:
    from typer.testing import CliRunner

    from bismarck_pbn.cli import app
    from bismarck_pbn.model.cards import holding_text

    d = g.play_deal(random.Random(8), 2)
    bad_layout = " ".join(g.layout_text(d, 2).split()[:-1])  # one pile short: asked again
    lines = ["", "Sunday", "", "", "TurnoverBridge", "", "Greta", "Hugo", "2",
             holding_text(sorted(d["hands"][2])), holding_text(sorted(d["hands"][1])),
             bad_layout, g.layout_text(d, 2), g.layout_text(d, 1),
             *(c for t in d["tricks"] for _, c in t), ""]
    result = CliRunner().invoke(app, ["record"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "that is 8 piles; a layout has 9" in result.output
    text = result.output[result.output.index("% BPN 1.2"):]
    (deal,) = [x for x in parse(text) if x.tags]
    assert problems(text) == []
    assert deal.layouts[1] == tuple(d["piles"][2]) and deal.tricks == tuple(d["won"])
    assert len(deal.play.cards) == 2 * len(d["tricks"])


def test_a_seat_plays_no_more_unknown_cards_than_it_has_uncovered() -> None:
    tr = TurnoverBridge().tricks_for([(("HA", None),), (("H3", None),)], [("SA", "SK"), ("S2", "S3")])
    state = DealState([{"SA", "SK", "HA"}, {"S2", "S3", "H3"}], tr, 1)
    for card in ("HA", "H3"):  # both piles uncovered: one unknown card each
        assert state.check(card) is None
        state.play(card)
    assert state.check("C5") is None  # seat 1 leads the card from beneath its pile
    state.play("C5")
    state.play("S2")  # seat 2 ruffs
    state.play("D9")  # seat 2's own unknown card
    fault = state.check("D7")  # seat 1 has used its one
    assert fault is not None and (fault.kind, fault.detail) == ("not_held", "absent")
    assert state.check("C5", 2) is not None  # already played


@pytest.mark.slow
def test_convert_writes_the_version_line_bpn_needs(tmp_path) -> None:
    from typer.testing import CliRunner

    from bismarck_pbn.cli import app

    sample = ROOT / "samples" / "turnover-bridge" / "sunday-afternoons.bpn"
    out = tmp_path / "t.json"
    runner = CliRunner()
    assert runner.invoke(app, ["convert", str(sample), "--to", "json", "-o", str(out)]).exit_code == 0
    back = tmp_path / "t.bpn"
    result = runner.invoke(app, ["convert", str(out), "--to", "bpn", "-o", str(back)])
    assert result.exit_code == 0, result.output
    assert back.read_text(encoding="utf-8") == sample.read_text(encoding="utf-8")
    undeclared = tmp_path / "u.bpn"
    undeclared.write_text(sample.read_text(encoding="utf-8").replace("% BPN 1.2\n", ""), encoding="utf-8")
    result = runner.invoke(app, ["convert", str(undeclared), "--to", "bpn"])
    assert result.exit_code == 0 and result.output.startswith("% BPN 1.2\n")


# ---- the plain replay ---------------------------------------------------------------------

def test_the_plain_replay_says_which_cards_come_from_the_layout_and_what_they_turn_up() -> None:
    """Piped, `bpn replay` printed steps with no piles: now each layout as the record
    writes it, and each card played from it with the card it turns up."""
    import re

    from bismarck_pbn.views.replay import DealView, plain_lines

    seen = {"known": 0, "unknown": 0, "turned": 0}
    for seed, _, text in sessions(g, 6, 300):
        for deal in parse(text):
            if not deal.tags:
                continue
            lines = list(plain_lines(DealView(deal), "x"))
            layouts = [line for line in lines if "'s layout: " in line]
            assert len(layouts) == 2, seed
            beneath = {}
            for line in layouts:
                for pile in line.split(": ", 1)[1].split():
                    up, down = pile.split("/")
                    beneath[up] = down
            for line in lines:
                m = re.match(r"trick \d+ card \d: seat \d plays (\w\w) from the layout(.*)", line)
                if not m:
                    continue
                card, rest = m.groups()
                if rest.startswith(", turning up "):
                    turned = rest[len(", turning up "):]
                    if beneath[card] == "-":
                        assert turned == "a card the record does not give", (seed, line)
                        seen["unknown"] += 1
                    else:
                        assert turned == beneath[card], (seed, line)
                        seen["known"] += 1
                else:
                    assert rest == " (the card turned up)", line
                    downs = set(beneath.values())
                    assert card in downs or ("-" in downs and card not in beneath), line  # known, or from a -
                    seen["turned"] += 1
    assert seen["known"] and seen["turned"], seen   # the generator turns up no "-" card: below


def test_a_card_turned_up_from_beneath_a_dash_is_one_the_record_does_not_give() -> None:
    from dataclasses import replace

    from bismarck_pbn.check.position import positions
    from bismarck_pbn.views.replay import _from_layout

    deal = next(d for d in parse(SAMPLES[0].read_text(encoding="utf-8")) if d.tags)
    start = positions(deal)[0]
    before = replace(start, piles=((("up", "S9", None),), None))
    turned = replace(start, piles=((("turned", None, None),), None))
    gone = replace(start, piles=((("gone", None, None),), None))
    assert _from_layout(before, turned, 1, "S9") == " from the layout, turning up a card the record does not give"
    assert _from_layout(turned, gone, 1, "H4") == " from the layout (the card turned up)"
    assert _from_layout(before, before, 1, "H4") == ""   # from the hand
