"""The validator's judgement in corner cases: a revoke next to a lead out of turn, a
discard naming a card twice, session boundaries, and output that does not depend on
the hash seed."""

import os
import random
import subprocess
import sys

import pytest

import genbpn
from bismarck_pbn import validate_text
from conftest import EXAMPLE, ROOT


def codes(text):
    return sorted({d.code for d in validate_text(text) if d.severity != "info"})


def test_a_revoke_does_not_excuse_a_lead_out_of_turn():
    # Trick 2 is H3 (seat 3), H5 (seat 1), HK (seat 2): seat 2 wins. Seat 1 revokes with
    # C7 instead (marked ^R), and trick 3 is led by seat 1 (D5) out of turn. A revoke
    # cannot change who won trick 2, so the out-of-turn lead is reported at D5.
    text = EXAMPLE.replace("H3 H5 HK\nD7 DK D5", "H3 ^R C7 HK\nD5 D7 DK")
    found = [(d.code, d.line, d.column) for d in validate_text(text)]
    assert ("BPN503", 21, 7) in found  # at the card, after its ^R
    assert ("BPN502", 22, 1) in found


def test_a_discard_repeating_a_card_is_reported():
    assert codes(EXAMPLE.replace('[Discard ".4.32.4"]', '[Discard ".44.32."]')) == ["BPN202"]


def test_session_boundaries_compare_values():
    deals = genbpn.random_session(random.Random(2), "Standard", tie_break=False)[:4]
    text = genbpn.to_bpn(deals)
    blocks = text.split("\n\n")
    blocks[0] = blocks[0].replace('[Variant "Standard"]\n', "")
    blocks[1] = blocks[1].replace('[Variant "Standard"]', '[Variant "standard"]')
    assert codes("\n\n".join(blocks)) == []


@pytest.mark.slow
def test_the_diagnostics_are_the_same_whatever_the_hash_seed(tmp_path):
    text = EXAMPLE.replace("D4 D8 DQ", "D4 D8 D2").replace("C9 C2 H6", "C9 C2 DQ")
    f = tmp_path / "x.bpn"
    f.write_text(text)
    runs = [subprocess.Popen([sys.executable, "-m", "bismarck_pbn", "validate", "-q", str(f)],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT,
                             env=dict(os.environ, PYTHONHASHSEED=seed))
            for seed in ("1", "2", "3", "4")]
    outs = {run.communicate(timeout=120)[0] for run in runs}
    assert len(outs) == 1 and next(iter(outs))
