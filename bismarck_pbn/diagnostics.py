"""Diagnostics: what the reader and the validator report, with a code and a place.

Every diagnostic carries the line and column (both from 1) of the token at fault, a
code from BPN 1.0 §4, a severity and a message a player understands. The table below
is the single source of the codes, their severities and their one-line titles; the
CLI, the docs and the tests read it from here.
"""

from __future__ import annotations

from typing import NamedTuple

ERROR = "error"
WARNING = "warning"
INFO = "info"

#: code -> (severity, title). Titles are the spec's wording, for docs and listings.
CODES: dict[str, tuple[str, str]] = {
    "BPN001": (ERROR, "syntax: unexpected character or token"),
    "BPN002": (ERROR, "unterminated string or comment"),
    "BPN003": (ERROR, "the file is not valid UTF-8"),
    # BPN004-006: this toolkit's own warnings, for input it reads all the same where the
    # spec is silent (docs/format.md, "Decisions where the spec is silent").
    "BPN004": (WARNING, "the file is UTF-16 or UTF-32 (with a byte-order mark), not UTF-8"),
    "BPN005": (WARNING, "a new deal starts without the empty line before it"),
    "BPN006": (WARNING, "a card or holding written in lower case"),
    "BPN101": (ERROR, "a required tag is missing"),
    "BPN102": (ERROR, "the same tag twice in one deal"),
    "BPN103": (ERROR, "a tag value is malformed"),
    "BPN104": (WARNING, "unknown tag (kept as it is)"),
    "BPN105": (ERROR, "unknown Game, or an option that game does not have"),
    # this toolkit's own: JSON import (docs/format.md)
    "BPN106": (WARNING, "a derived JSON field disagrees with the record (ignored on import)"),
    "BPN201": (ERROR, "wrong number of cards"),
    "BPN202": (ERROR, "a card appears more than once in the deal and kitty"),
    "BPN203": (ERROR, "the deal and kitty do not make up the 52-card deck"),
    "BPN204": (ERROR, "a card that is not in this game's deck"),
    "BPN205": (ERROR, "the Turned card is not where the game puts it, or disagrees with the Trump"),
    "BPN301": (ERROR, "a discarded card was not in the forehand's hand or the kitty"),
    "BPN302": (ERROR, "the exchange was declined where it is mandatory"),
    "BPN303": (ERROR, "the wrong seat exchanges, or the wrong number of cards is passed (Frisch)"),
    "BPN401": (ERROR, "the trump does not match the contract"),
    "BPN402": (ERROR, "the trump is not allowed in Valfri under this variant"),
    "BPN403": (ERROR, "the contract is not played in this variant"),
    "BPN501": (ERROR, "the wrong seat leads trick 1"),
    "BPN502": (ERROR, "a seat plays a card it does not hold"),
    "BPN503": (ERROR, "revoke: a seat did not follow suit while holding the suit led"),
    "BPN504": (ERROR, "more than 16 tricks"),
    "BPN505": (ERROR, "the Tricks tag cannot be reached from the tricks already played"),
    "BPN506": (INFO, "a claim: the play stops early and the Tricks tag gives the final count"),
    "BPN507": (ERROR, "a card is missing from the play, or one too many: the record re-aligns without it"),
    "BPN508": (ERROR, "a card played while still face down in the seat's layout (Turnover Bridge)"),
    "BPN601": (ERROR, "the Tricks tag disagrees with the play"),
    "BPN602": (ERROR, "the Score tag disagrees with the computed score"),
    "BPN603": (ERROR, "the Total tag disagrees with the running total"),
    "BPN604": (ERROR, "the Tricks tag does not add up to 16"),
    "BPN701": (ERROR, "the forehand is out of rotation"),
    "BPN702": (ERROR, "a board number is out of sequence"),
    "BPN703": (ERROR, "this forehand has already played this contract as often as allowed"),
    "BPN704": (INFO, "the session ends in a tie at the top and no tie-break follows"),
    "BPN705": (ERROR, "a deal beyond the variant's length that is not a tie-break"),
    "BPN707": (INFO, "a game, rubber or round ends here (who won it)"),
    "BPN801": (ERROR, "a call that is not allowed there (not higher, out of turn, after the end)"),
    "BPN802": (ERROR, "the Contract, Declarer or Trump does not follow from the auction"),
    "BPN803": (ERROR, "the contract bids break a rule (sum 13 for the last bidder, below the trump bid, out of range)"),
}


class Diagnostic(NamedTuple):
    """One problem at one place. ``path`` is filled in by whoever knows the file."""

    code: str
    severity: str
    message: str
    line: int
    column: int
    path: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def at(self, path: str) -> Diagnostic:
        """The same diagnostic, located in ``path``."""
        return self._replace(path=path)

    def as_dict(self) -> dict:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
        }

    def __str__(self) -> str:
        where = f"{self.path or '<string>'}:{self.line}:{self.column}"
        return f"{where}: {self.code} {self.severity}: {self.message}"


def diag(code: str, message: str, line: int, column: int, severity: str | None = None) -> Diagnostic:
    """Make a diagnostic with the severity the table gives ``code`` (or the one given)."""
    return Diagnostic(code, severity or CODES[code][0], message, line, column)
