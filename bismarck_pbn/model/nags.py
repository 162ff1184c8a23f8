"""What NAGs and suffixes mean: one table for every view (show, replay, the web page).

BPN takes its NAGs (``$1`` … ``$255``) from PGN, whose standard gives the first ones
a meaning about the move (here: the card played); the ones after ``$9`` describe
chess positions and have no meaning for cards, so they are shown by number only.
"""

from __future__ import annotations

NAG_MEANINGS: dict[int, str] = {
    0: "null annotation",
    1: "good move",
    2: "poor move",
    3: "very good move",
    4: "very poor move",
    5: "speculative move",
    6: "questionable move",
    7: "forced move",
    8: "singular move",
    9: "worst move",
}
"""PGN's standard meanings of $0–$9."""

SUFFIX_NAGS: dict[str, int] = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
"""The NAG each suffix stands for (``!`` is ``$1``)."""


def nag_meaning(nag: int) -> str | None:
    """The meaning of ``$nag``, or None when the standard gives it none for a card."""
    return NAG_MEANINGS.get(nag)
