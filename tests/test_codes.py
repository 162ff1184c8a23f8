"""Every diagnostic code of BPN 1.0 §4 against a sample with that one fault planted.

``samples/invalid/*.bpn`` each plant one fault; beside each, ``*.expected`` lists the
diagnostics the spec demands, one per line: ``LINE:COLUMN CODE severity``. The
expected files were worked out from where the fault is planted (see
``samples/make_samples.py`` and ``samples/invalid/README.md``), not from the
validator's output.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bismarck_pbn import validate_file
from bismarck_pbn.diagnostics import CODES

ROOT = Path(__file__).resolve().parent.parent
INVALID = ROOT / "samples" / "invalid"
SAMPLES = sorted(INVALID.glob("*.bpn"))
LINE = re.compile(r"^(\d+):(\d+) (BPN\d{3}) (error|warning|info)$")

def expected(path: Path) -> list[tuple[int, int, str, str]]:
    out = []
    for raw in path.with_suffix(".expected").read_text(encoding="utf-8").splitlines():
        if not raw.strip():
            continue
        m = LINE.match(raw)
        assert m, f"{path.with_suffix('.expected').name}: malformed line {raw!r}"
        out.append((int(m[1]), int(m[2]), m[3], m[4]))
    return sorted(out)


def actual(path: Path) -> list[tuple[int, int, str, str]]:
    return sorted((d.line, d.column, d.code, d.severity) for d in validate_file(path))


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_diagnostics_equal_expected(path: Path) -> None:
    assert actual(path) == expected(path)


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_the_planted_code_is_reported(path: Path) -> None:
    """Weaker than the exact test, so that it holds even where places disagree: the code
    the file is named after is among the codes reported."""
    code = path.stem[:6]
    assert code in {d.code for d in validate_file(path)}


# Codes that only the JSON import gives (no BPN text can carry them), each tested where named.
JSON_ONLY = {"BPN106": "tests/test_json_derived.py"}


def test_every_code_has_an_invalid_sample() -> None:
    covered = {p.stem[:6] for p in SAMPLES}
    assert set(CODES) - set(JSON_ONLY) <= covered, sorted(set(CODES) - set(JSON_ONLY) - covered)
    assert all((ROOT / test).is_file() for test in JSON_ONLY.values())
    spec_1_0 = {"BPN001", "BPN002", "BPN003", *(f"BPN10{i}" for i in range(1, 5)), "BPN201", "BPN202",
                "BPN203", "BPN301", "BPN302", "BPN401", "BPN402", "BPN403", *(f"BPN50{i}" for i in range(1, 6)),
                *(f"BPN60{i}" for i in range(1, 5)), *(f"BPN70{i}" for i in range(1, 6))}
    assert spec_1_0 <= set(CODES)
    # BPN 1.1: the codes the new games report
    assert {"BPN105", "BPN204", "BPN205", "BPN303", "BPN707"} <= set(CODES)


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_sample_is_well_formed(path: Path) -> None:
    """Named after a real code, has an .expected file that plants exactly that code,
    with the code's severity (BPN503 under ^R is the spec's one warning exception)."""
    code = path.stem[:6]
    assert code in CODES
    assert path.with_suffix(".expected").is_file()
    rows = expected(path)
    assert [r[2] for r in rows] == [code]
    severity = rows[0][3]
    if "marked" in path.stem:
        assert (code, severity) == ("BPN503", "warning")
    else:
        assert severity == CODES[code][0]


def test_readme_lists_every_sample() -> None:
    readme = (INVALID / "README.md").read_text(encoding="utf-8")
    for path in SAMPLES:
        assert f"`{path.name}`" in readme


def test_invalid_utf8_reports_the_byte_offset() -> None:
    path = INVALID / "BPN003-latin1-byte.bpn"
    raw = path.read_bytes()
    offset = next(i for i, b in enumerate(raw) if b >= 0x80)
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
    found = [d for d in validate_file(path) if d.code == "BPN003"]
    assert found and str(offset) in found[0].message


def test_crlf_sample_has_crlf_line_ends() -> None:
    raw = (INVALID / "BPN502-discarded-card-crlf.bpn").read_bytes()
    assert raw.count(b"\r\n") == raw.count(b"\n") > 30


def test_format_doc_lists_every_code_with_its_severity() -> None:
    """docs/format.md's table of codes has a row for every code the validator gives,
    with the severity the table in diagnostics.py gives it (BPN503's row adds the ^R
    warning)."""
    doc = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| (BPN\d{3}) \| ([a-z]+)", doc, flags=re.M))
    missing = sorted(set(CODES) - set(rows))
    assert not missing, f"docs/format.md has no row for {missing}"
    assert {code: rows[code] for code in CODES} == {code: sev for code, (sev, _) in CODES.items()}
