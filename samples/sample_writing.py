"""What the sample scripts of the auction games share: cutting generated sessions into
deals, annotating them through the package's own annotate API, planting one fault, and
writing the samples and their ``.expected`` files.

Used by ``make_auction_samples.py`` and ``make_solobid_samples.py`` (run from anywhere:
each puts ``tests/`` and the checkout on ``sys.path`` before importing this).
"""

from __future__ import annotations

from pathlib import Path

from bismarck_pbn.format.edit import Target, annotate_text
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.writer import dumps

HERE = Path(__file__).resolve().parent
HEADER = "% BPN 1.1\n"
Notes = list[tuple[Target, dict]]


def annotate(text: str, notes: Notes) -> str:
    """``text`` with each (target, edit) applied in turn, then in canonical form."""
    for target, edit in notes:
        text = annotate_text(text, target, **edit)
    return dumps(parse(text))


def first_deals(text: str, n: int) -> str:
    """The first ``n`` deals of a session."""
    deals = text[len(HEADER):].split("\n\n")
    return HEADER + "\n\n".join(deals[:n]).rstrip("\n") + "\n"


def one_deal(text: str, number: int) -> str:
    """Deal ``number`` alone, without Board and Total (checked on its own)."""
    deal = text[len(HEADER):].split("\n\n")[number - 1]
    lines = [ln for ln in deal.splitlines() if not ln.startswith(("[Board", "[Total"))]
    return HEADER + "\n".join(lines) + "\n"


def plant(text: str, old: str, new: str, column_of: str | None = None) -> tuple[str, int, int]:
    """Replace the first ``old`` by ``new``; the line and column of the fault."""
    at = text.index(old)
    line = text.count("\n", 0, at) + 1
    column = at - text.rfind("\n", 0, at)
    if column_of is not None:
        column += new.index(column_of)
    return text.replace(old, new, 1), line, column


def write_samples(sessions: list[tuple[str, str, str]], invalid: dict[str, tuple[str, list[str]]], *,
                  say: bool = False) -> None:
    """Write each (folder, file name, text) of ``sessions`` and each invalid sample with
    its ``.expected`` lines into ``samples/``; ``say`` prints the invalid samples' names."""
    for folder, name, text in sessions:
        (HERE / folder).mkdir(exist_ok=True)
        (HERE / folder / name).write_text(text, encoding="utf-8")
    for name, (text, expected) in invalid.items():
        (HERE / "invalid" / f"{name}.bpn").write_text(text, encoding="utf-8")
        (HERE / "invalid" / f"{name}.expected").write_text("\n".join(expected) + "\n", encoding="utf-8")
        if say:
            print(name)
