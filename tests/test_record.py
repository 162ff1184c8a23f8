"""bpn record: typing in a deal with piped answers, through typer's test runner (and
the library's dialogue directly where the file system has to change mid-dialogue)."""

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import genbpn
from bismarck_pbn import parse, validate_file, validate_text
from bismarck_pbn.cli import app
from bismarck_pbn.session.record import parse_card, parse_cards, record
from bismarck_pbn.format.writer import dumps
from conftest import ROOT

runner = CliRunner()
SAMPLE = ROOT / "samples" / "club-night.bpn"
NAMES = ("Anna", "Bertil", "Cecilia")


@pytest.fixture
def session(tmp_path) -> Path:
    """The first six boards of the club-night sample: board 7 is next, Bertil (seat 2)
    is forehand and has Spel and Spader left; the total is +1 +6 -7."""
    text = SAMPLE.read_text(encoding="utf-8")
    cut = parse(text)[6].pos.offset
    path = tmp_path / "night.bpn"
    path.write_bytes((text[:cut].rstrip("\n") + "\n").encode("utf-8"))
    return path


def setup_answers(d, *, board="", forehand="", hidden=(), kitty=""):
    """Answers up to the play for genbpn deal ``d``: Enter for the board and forehand
    defaults, the hands from the forehand round, the kitty default, contract, trump,
    discard."""
    f = d["forehand"]
    order = [f, genbpn.left(f), genbpn.left(genbpn.left(f))]
    lines = [board, forehand]
    lines += ["-" if s in hidden else genbpn.holding(d["hands"][s]) for s in order]
    lines += [kitty, d["contract"].lower()]
    if d["contract"] == "Valfri":
        lines.append(d["trump"])
    lines.append("-" if d["discard"] is None else " ".join(d["discard"]))
    return lines


def played(d):
    return [c for trick in d["play"] for _, c in trick]


def feed(lines) -> str:
    return "\n".join(lines) + "\n"


def run(args, lines):
    return runner.invoke(app, ["record", *args], input=feed(lines))


def errors(path):
    return [d for d in validate_file(path) if d.is_error or d.severity == "warning"]


def last_deal(path):
    return [d for d in parse(Path(path).read_text(encoding="utf-8")) if d.tags][-1]


# ---- a whole deal --------------------------------------------------------------------------

def test_a_full_deal_is_appended_to_the_session(session):
    before = session.read_bytes()
    d = genbpn.random_deal(random.Random(7), forehand=2, contract="Spader")
    result = run([str(session)], setup_answers(d) + played(d) + [""])
    assert result.exit_code == 0, result.output
    after = session.read_bytes()
    assert after.startswith(before) and after[len(before):len(before) + 2] == b"\n["
    assert errors(session) == []
    text = after.decode("utf-8")
    assert dumps(parse(text)) == text  # still canonical
    deal = last_deal(session)
    assert deal.board == 7 and deal.forehand == 2 and deal.contract == "Spader"
    assert list(deal.tricks) == d["tricks"] and list(deal.score) == d["score"]
    assert deal.total == tuple(a + b for a, b in zip((1, 6, -7), d["score"]))
    assert deal.headers["Player2"] == "Bertil" and deal.tag("Event").value == "Club night"
    assert [c.card for c in deal.play.cards] == played(d)
    # the defaults were offered and the prompts name the seat and the legal cards
    assert "Board (1 starts a new session, - for a deal outside any session) [7]:" in result.stderr
    assert "Forehand (seat 1, 2 or 3) [2]:" in result.stderr
    assert "Contracts left for this forehand: Spel, Spader." in result.stderr
    assert "Trick 1, seat 3 (Cecilia) to lead; may play:" in result.stderr
    assert "board 7 written to" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("seed", range(6))
def test_every_contract_and_variant_records_clean(tmp_path, seed):
    rng = random.Random(seed)
    variant = ["Standard", "Grand FixedKitty", "Short", "Standard ValfriNT", "Standard NoTrumpValfri",
               "Grand"][seed]
    contract = rng.choice(genbpn.BASES[variant.split()[0]][1])
    trump = rng.choice(genbpn.valfri_trumps(variant)) if contract == "Valfri" else None
    d = genbpn.random_deal(rng, forehand=rng.randint(1, 3), contract=contract, trump=trump, variant=variant)
    path = tmp_path / "new.bpn"
    tags = ["Club", "Home", "2026.03.04", "", variant, "Anna", "Bertil", "Cecilia"]
    lines = setup_answers(d, forehand=str(d["forehand"]))
    lines = lines[:1] + tags + lines[1:]
    if contract == "Valfri" and genbpn.valfri_trumps(variant) == ["NT"]:
        lines.remove("NT")  # the only trump allowed is the default
        lines.insert(lines.index("valfri") + 1, "")
    result = run([str(path)], lines + played(d) + [""])
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert text.startswith("% BPN 1.0\n[Event \"Club\"]\n")
    assert errors(path) == []
    assert dumps(parse(text)) == text
    deal = last_deal(path)
    assert deal.board == 1 and str(deal.variant) == str(parse(f'[Variant "{variant}"]\n[Forehand "1"]')[0].variant)
    assert deal.total == deal.score == tuple(d["score"])


# ---- refusing cards, undo, claim -------------------------------------------------------------

def _revoke_chance(d):
    """(index, wrong card, suit led) of the first card that could have been a revoke:
    the seat follows suit but holds another suit too."""
    hands = genbpn.in_play(d)
    for t, trick in enumerate(d["play"]):
        led = trick[0][1][0]
        for i, (seat, card) in enumerate(trick):
            others = sorted(c for c in hands[seat] if c[0] != led)
            if i and card[0] == led and others:
                return 3 * t + i, others[0], led
            hands[seat].discard(card)
        for seat, card in trick:
            hands[seat].discard(card)
    raise AssertionError("no chance to revoke")


def test_an_illegal_card_is_refused_with_the_validators_reason(session):
    d = genbpn.random_deal(random.Random(11), forehand=2, contract="Spel")
    cards = played(d)
    index, wrong, led = _revoke_chance(d)
    seat = d["play"][index // 3][index % 3][0]
    elsewhere = next(c for c in d["hands"][genbpn.left(seat)] if c not in cards[:index])
    lines = setup_answers(d) + cards[:index]
    lines += [wrong.lower()[0] + " " + wrong[1], elsewhere, "XX", cards[index]] + cards[index + 1:] + [""]
    result = run([str(session)], lines)
    assert result.exit_code == 0, result.output
    suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[led]
    trick = index // 3 + 1
    assert (f"refused: revoke: seat {seat} plays {wrong} in trick {trick} while still holding {suit}, "
            "the suit led (may play: ") in result.stderr
    assert f"refused: seat {seat} plays {elsewhere} in trick {trick}, a card it does not hold" in result.stderr
    assert "'XX' is not a card" in result.stderr
    assert errors(session) == []
    assert [c.card for c in last_deal(session).play.cards] == cards


def test_undo_takes_back_cards_across_tricks(session):
    d = genbpn.random_deal(random.Random(12), forehand=2, contract="Spader")
    cards = played(d)
    # a legal card that is not the one played: leader's other card in trick 2
    lines = setup_answers(d) + ["u"] + cards[:3] + ["undo", cards[2], "u", "u", "u"] + cards[:4]
    lines += ["u"] + cards[3:] + ["u", cards[-1], ""]
    result = run([str(session)], lines)
    assert result.exit_code == 0, result.output
    assert "nothing to take back: no card has been played" in result.stderr
    assert f"took back {cards[2]}" in result.stderr and f"took back {cards[0]}" in result.stderr
    leader = d["play"][1][0][0]
    assert f"took back {cards[3]} (seat {leader} ({NAMES[leader - 1]}), trick 2)" in result.stderr
    assert errors(session) == []
    assert [c.card for c in last_deal(session).play.cards] == cards


def test_undo_after_the_last_card_and_abandon(session):
    before = session.read_bytes()
    d = genbpn.random_deal(random.Random(13), forehand=2, contract="Spel")
    cards = played(d)
    result = run([str(session)], setup_answers(d) + cards + ["u", cards[-1], "n"])
    assert result.exit_code == 1
    assert f"took back {cards[-1]}" in result.stderr
    assert "aborted (abandoned): nothing written" in result.stderr
    assert session.read_bytes() == before


def test_claim_ends_the_play_with_checked_final_tricks(session):
    d = genbpn.random_deal(random.Random(14), forehand=2, contract="Spel", play_tricks=5)
    cards = played(d)
    won = [0, 0, 0]
    for w in genbpn.winners(d["play"], d["trump"]):
        won[w - 1] += 1
    short = won.index(max(won))  # this seat is given one trick fewer than it has won
    too_few = [0, 0, 0]
    too_few[short] = won[short] - 1
    too_few[(short + 1) % 3] = won[(short + 1) % 3]
    too_few[(short + 2) % 3] = 16 - sum(too_few)
    tricks = " ".join(map(str, d["tricks"]))
    lines = setup_answers(d) + cards + ["claim", "5 5 5", " ".join(map(str, too_few)), tricks, ""]
    result = run([str(session)], lines)
    assert result.exit_code == 0, result.output
    assert "the tricks 5/5/5 add up to 15, not 16" in result.stderr
    assert f"seat {short + 1} already has {max(won)} tricks after 5 played, so it cannot end with" in result.stderr
    assert "(claimed)" in result.stderr
    assert errors(session) == []
    deal = last_deal(session)
    assert list(deal.tricks) == d["tricks"] and len(deal.play.cards) == 15
    assert list(deal.score) == d["score"]


def test_claim_with_the_counts_on_the_same_line_and_taking_it_back(session):
    d = genbpn.random_deal(random.Random(15), forehand=2, contract="Spel")
    cards = played(d)
    won = [0, 0, 0]
    for w in genbpn.winners(d["play"][:2], d["trump"]):
        won[w - 1] += 1
    won[0] += 14
    lines = setup_answers(d) + cards[:6] + ["claim " + "/".join(map(str, won)), "u"] + cards[6:] + [""]
    result = run([str(session)], lines)
    assert result.exit_code == 0, result.output
    assert "the claim is taken back; go on with the play" in result.stderr
    assert errors(session) == []
    assert len(last_deal(session).play.cards) == 48


# ---- nothing written -------------------------------------------------------------------------

@pytest.mark.parametrize("stop", [0, 1, 4, 9, 30])
def test_end_of_input_in_the_middle_writes_nothing(session, stop):
    before = session.read_bytes()
    d = genbpn.random_deal(random.Random(16), forehand=2, contract="Spader")
    lines = (setup_answers(d) + played(d))[:stop]
    result = runner.invoke(app, ["record", str(session)], input="\n".join(lines))
    assert result.exit_code == 1
    assert "nothing written" in result.stderr and "Traceback" not in result.output
    assert session.read_bytes() == before
    assert result.stdout == ""


def test_a_deal_the_validator_rejects_is_refused_and_printed(session):
    """Bertil has played Pass already (board 4): warned, kept, and refused at the end."""
    before = session.read_bytes()
    d = genbpn.random_deal(random.Random(17), forehand=2, contract="Pass")
    lines = setup_answers(d)
    lines.insert(lines.index("pass") + 1, "y")
    result = run([str(session)], lines + played(d) + [""])
    assert result.exit_code == 1
    assert "has already played Pass as forehand once, as often as Standard allows (BPN703)" in result.stderr
    assert "BPN703 error" in result.stderr and "refused:" in result.stderr
    assert session.read_bytes() == before
    assert result.stdout.startswith('[Event "Club night"]') and '[Contract "Pass"]' in result.stdout


def test_a_file_changed_meanwhile_is_not_overwritten(session):
    d = genbpn.random_deal(random.Random(18), forehand=2, contract="Spel")
    answers = iter(setup_answers(d) + played(d) + [""])
    out, emitted = [], []

    def ask(prompt):
        if prompt.startswith("All right?"):
            with session.open("a", encoding="utf-8") as fp:
                fp.write("\n{someone else was here}\n")
        return next(answers)

    code = record(str(session), ask, lambda text, style=None: out.append(text), emit=emitted.append)
    assert code == 1
    assert session.read_text(encoding="utf-8").endswith("{someone else was here}\n")
    assert any("changed on disk" in line for line in out)
    assert '[Board "7"]' in "".join(emitted)


# ---- unknown hands -----------------------------------------------------------------------

@pytest.mark.slow
def test_unknown_hands(session):
    d = genbpn.random_deal(random.Random(19), forehand=2, contract="Spader", exchange=False)
    cards = played(d)
    known = 1  # only Anna's hand (seat 1) is known
    first_unknown = next(i for i, c in enumerate(cards) if d["play"][i // 3][i % 3][0] != known)
    seat = d["play"][first_unknown // 3][first_unknown % 3][0]
    anna = next(c for c in d["hands"][known] if c not in cards[:first_unknown])
    lines = setup_answers(d, hidden=(2, 3), kitty="-") + cards[:first_unknown] + ["?", anna]
    lines += cards[first_unknown:] + [""]
    result = run([str(session)], lines)
    assert result.exit_code == 0, result.output
    assert f"seat {seat} ({NAMES[seat - 1]})'s hand is not known" in result.stderr
    assert f"refused: seat {seat} plays {anna} in trick" in result.stderr
    assert "it was dealt to seat 1" in result.stderr
    assert errors(session) == []
    deal = last_deal(session)
    assert deal.tag("Deal").value == f"2:- - {genbpn.holding(d['hands'][1])}"
    assert deal.tag("Kitty") is None and list(deal.tricks) == d["tricks"]


def test_an_unknown_hand_that_shows_out_and_then_follows_is_caught():
    lines = ["-", "", "", "", "", "", "", "", "", "1", "", "", "", "", "spel", "?",
             "HA", "C2", "H3", "H5", "H7"]
    result = runner.invoke(app, ["record"], input=feed(lines))
    assert result.exit_code == 1
    assert ("refused: with H7, an earlier card becomes a fault: revoke: seat 3 plays C2 in trick 1 "
            "while still holding hearts, the suit led") in result.stderr


# ---- answers refused at the setup ------------------------------------------------------------

def test_bad_hands_kitty_contract_and_discard_are_asked_again(session):
    d = genbpn.random_deal(random.Random(20), forehand=2, contract="Spel", exchange=True)
    good = setup_answers(d)
    f = genbpn.holding(d["hands"][2])
    short = genbpn.holding(d["hands"][2][:-1])
    dup = " ".join(d["hands"][2][:15] + d["hands"][2][:1])
    second = genbpn.holding(d["hands"][3])
    stolen = " ".join(d["hands"][3][:15] + d["hands"][2][:1])
    foreign = " ".join(d["discard"][:3] + [d["hands"][1][0]])
    lines = ["", "", short, dup, "AK2.QJX.5.9876", f, stolen, second, good[4], "SA SK", "", "Skat", "s", "spel",
             "", "SA", foreign, good[7]]
    result = run([str(session)], lines + played(d) + [""])
    assert result.exit_code == 0, result.output
    err = result.stderr
    assert "that is 15 cards; a hand has 16" in err
    assert f"{d['hands'][2][0]} is written twice" in err
    assert "'X' is not a rank" in err
    assert f"{d['hands'][2][0]} is already in seat 2 (Bertil)'s hand" in err
    assert "SA SK" not in err or "in a hand already" in err or "the kitty has 4" in err
    assert "the contract is Spel, Spader, Valfri or Pass" in err
    assert "'s' could be Spel or Spader" in err
    assert "has already played Spader" not in err  # Spader is still open for Bertil
    assert "give the 4 cards put away" in err and "that is 1 card; the forehand puts away 4" in err
    assert f"the forehand discards {d['hands'][1][0]} (in seat 1 (Anna)'s hand)" in err
    assert errors(session) == []


def test_valfri_asks_for_an_allowed_trump_and_the_exchange_is_mandatory():
    d = genbpn.random_deal(random.Random(21), forehand=2, contract="Valfri", trump="H")
    lines = setup_answers(d, forehand="2")
    lines = lines[:1] + [""] * 8 + lines[1:]  # a new session: Enter for every session tag
    lines.insert(lines.index("H"), "NT")
    lines.insert(len(lines) - 1, "-")
    result = run([], lines + played(d) + [""])
    assert result.exit_code == 0, result.output
    assert "Valfri at NT is not allowed in Standard" in result.stderr
    assert "the exchange is mandatory in Valfri: give the 4 cards put away" in result.stderr
    assert '[Trump "H"]' in result.stdout and f'[Discard "{genbpn.holding(d["discard"])}"]' in result.stdout


# ---- without a file, dry run, bad paths ---------------------------------------------------------

def test_without_a_path_the_deal_goes_to_standard_output():
    d = genbpn.random_deal(random.Random(22), forehand=3, contract="Spel")
    tags = ["Home", "", "2026.02.03", "", "", "Anna", "Bertil", "Cecilia"]
    lines = setup_answers(d, forehand="3")
    result = run([], lines[:1] + tags + lines[1:] + played(d) + [""])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith('% BPN 1.0\n[Event "Home"]\n[Date "2026.02.03"]\n[Variant "Standard"]\n')
    assert [x for x in validate_text(result.stdout) if x.is_error] == []
    assert "Forehand" not in result.stdout.split("[Board")[0]


def test_dry_run_prints_and_writes_nothing(session):
    before = session.read_bytes()
    d = genbpn.random_deal(random.Random(23), forehand=2, contract="Spel")
    result = run(["--dry-run", str(session)], setup_answers(d) + played(d) + [""])
    assert result.exit_code == 0, result.output
    assert session.read_bytes() == before
    assert result.stdout.startswith('[Event "Club night"]') and '[Board "7"]' in result.stdout
    assert "dry run: nothing written" in result.stderr


def test_unusable_paths_exit_2(tmp_path):
    assert runner.invoke(app, ["record", str(tmp_path)], input="").exit_code == 2
    bad = tmp_path / "latin1.bpn"
    bad.write_bytes('[Event "Göteborg"]\n'.encode("latin-1"))
    result = runner.invoke(app, ["record", str(bad)], input="")
    assert result.exit_code == 2 and "not valid UTF-8 at byte offset" in result.stderr
    result = runner.invoke(app, ["record", str(tmp_path / "no" / "such.bpn")], input="")
    assert result.exit_code == 2 and "does not exist" in result.stderr
    assert runner.invoke(app, ["record", "--no-such-option"]).exit_code == 2


def test_crlf_files_keep_their_line_ends(session):
    crlf = session.read_bytes().replace(b"\n", b"\r\n")
    session.write_bytes(crlf)
    d = genbpn.random_deal(random.Random(24), forehand=2, contract="Spel")
    result = run([str(session)], setup_answers(d) + played(d) + [""])
    assert result.exit_code == 0, result.output
    after = session.read_bytes()
    assert after.startswith(crlf) and b"\n" not in after.replace(b"\r\n", b"")
    assert errors(session) == []


def test_a_new_session_after_a_complete_one(tmp_path):
    path = tmp_path / "night.bpn"
    path.write_bytes(SAMPLE.read_bytes())
    d = genbpn.random_deal(random.Random(25), forehand=1, contract="Pass")
    lines = setup_answers(d)
    tags = ["", "", "2026.11.27", "", "", "", "", "Dag"]  # Enter keeps last week's values
    result = run([str(path)], lines[:1] + tags + lines[1:] + played(d) + [""])
    assert result.exit_code == 0, result.output
    assert "The session in the file is complete (board 12)" in result.stderr
    assert errors(path) == []
    deal = last_deal(path)
    assert deal.board == 1 and deal.headers["Player3"] == "Dag" and deal.headers["Event"] == "Club night"
    assert deal.total == deal.score


def test_card_parsing():
    assert parse_card("SA") == parse_card("s a") == parse_card("as") == "SA"
    assert parse_card("H10") == parse_card("ht") == parse_card("10h") == "HT"
    with pytest.raises(ValueError):
        parse_card("S1")
    assert parse_cards("SQ H9, D4 C9") == ("SQ", "H9", "D4", "C9")
    assert parse_cards("q.9.4.9") == ("SQ", "H9", "D4", "C9")


@pytest.mark.slow
def test_a_tied_session_goes_on_with_a_valfri_tie_break(tmp_path):
    rng = random.Random(0)
    while True:
        deals = genbpn.random_session(rng, "Short", tie_break=False)
        if genbpn.tied(deals[-1]["total"]):
            break
    path = tmp_path / "short.bpn"
    path.write_text(genbpn.to_bpn(deals), encoding="utf-8")
    forehand = genbpn.left(deals[-1]["forehand"])
    d = genbpn.random_deal(rng, forehand=forehand, contract="Valfri", trump="D", variant="Short")
    lines = setup_answers(d)
    lines[lines.index("valfri")] = ""  # the only contract a tie-break may have is the default
    result = run([str(path)], lines + played(d) + [""])
    assert result.exit_code == 0, result.output
    assert "Board (1 starts a new session, - for a deal outside any session) [9]:" in result.stderr
    assert "Contracts left for this forehand: Valfri." in result.stderr
    assert "Contract (Valfri) [Valfri]:" in result.stderr
    assert [x for x in validate_file(path) if x.is_error] == []
    assert last_deal(path).board == 9


def test_standard_input_or_a_file_that_is_not_text_is_no_session_file(tmp_path, monkeypatch):
    """bpn record - took '-' for a file name (and created it); a file with a NUL byte,
    which no reader takes for text, was offered to be appended to. Both exit 2, and a
    file that is not UTF-8 is named with its line and column."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["record", "-"], input="")
    assert result.exit_code == 2 and "standard output" in result.stderr
    assert list(tmp_path.iterdir()) == []
    photo = tmp_path / "photo.bpn"
    photo.write_bytes(b"[Event \"x\"]\n\x00\x00\x01\x02")
    result = runner.invoke(app, ["record", str(photo)], input="")
    assert result.exit_code == 2 and f"{photo}:1:1: BPN003 error: not a text file" in result.stderr
    latin = tmp_path / "latin1.bpn"
    latin.write_bytes('[Event "Göteborg"]\n'.encode("latin-1"))
    result = runner.invoke(app, ["record", str(latin)], input="")
    assert result.exit_code == 2 and f"{latin}:1:10: BPN003 error: not valid UTF-8" in result.stderr
