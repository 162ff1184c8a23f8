"""``bpn record`` as a library: read the session's file, ask for the new deal (any game
the rules know), check it in the context of the whole file, and append it atomically,
or refuse.

The parts: :mod:`~bismarck_pbn.session.learn` (what the file holds),
:mod:`~bismarck_pbn.session.questions` and :mod:`~bismarck_pbn.session.recorder` (the
dialogue, before and during the play), :mod:`~bismarck_pbn.session.entry` (reading typed
answers), :mod:`~bismarck_pbn.session.draft` (the deal's text).

Nothing is written unless the validator accepts the new deal where it will stand.
When a deal is refused (or the file changed meanwhile) the record is still given to
``emit``, so nothing typed at the table is lost.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path

from bismarck_pbn.check.validate import validate_text
from bismarck_pbn.diagnostics import Diagnostic
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.writer import HEADER, header, needed_version, write_deal
from bismarck_pbn.safewrite import ChangedOnDisk, Fingerprint, atomic_write
from bismarck_pbn.session.completion import Completer
from bismarck_pbn.session.dialogue import Ask, Say
from bismarck_pbn.session.draft import Record
from bismarck_pbn.session.entry import parse_card, parse_cards, parse_tricks
from bismarck_pbn.session.learn import SESSION_TAGS, Session, learn_session
from bismarck_pbn.session.recorder import HELP, PLAY_CODES, Aborted, Recorder
from bismarck_pbn.sources import ReadFailure, bpn_only, utf8_text

__all__ = ["HELP", "PLAY_CODES", "SESSION_TAGS", "Aborted", "Record", "Recorder", "Session", "appended",
           "check_in_context", "learn_session", "parse_card", "parse_cards", "parse_tricks", "record"]


# ---- the command ----------------------------------------------------------------------------------

def _separator(text: str) -> str:
    """What goes between a file's text and an appended deal: one empty line."""
    nl = "\r\n" if "\r\n" in text else "\n"
    if text.endswith(nl + nl) or text.endswith("\n\n"):
        return ""
    if text.endswith("\n"):
        return nl
    return nl + nl


def _has_content(text: str) -> bool:
    return any(line.strip() and not line.startswith("%") for line in text.lstrip("\ufeff").splitlines())


def header_for(deal_text: str) -> str:
    """The version line a new file starts with: ``% BPN 1.1`` or ``1.2`` when the deal needs it."""
    deals = [d for d in parse(deal_text) if d.tags]
    return header(needed_version(deals[0])) if deals else HEADER


def appended(text: str, deal_text: str) -> tuple[str, int]:
    """The file's text with the deal appended after one empty line (in the file's own
    line ends), and the line the deal starts on. An empty file gets the header first."""
    nl = "\r\n" if "\r\n" in text else "\n"
    deal_text = deal_text.replace("\n", nl)
    if text in ("", "\ufeff"):
        prefix = text + header_for(deal_text)
    elif not _has_content(text):
        prefix = text if text.endswith("\n") else text + nl
    else:
        prefix = text + _separator(text)
    return prefix + deal_text, prefix.count("\n") + 1


def check_in_context(text: str, deal_text: str, path: str | None = None) -> tuple[str, list[Diagnostic], str | None]:
    """The new file text, the diagnostics the validator gives the appended deal, and a
    reason the append cannot be trusted (None when it reads back as written)."""
    new_text, start = appended(text, deal_text)
    diagnostics = [d for d in validate_text(new_text, path) if d.line >= start]
    deals = [d for d in parse(new_text) if d.tags]
    problem = None
    if not deals or write_deal(deals[-1]).replace("\r\n", "\n") != deal_text.replace("\r\n", "\n"):
        problem = ("the end of the file does not let a deal be appended cleanly (an unclosed "
                   "comment or tag before it?): run bpn validate on it")
    return new_text, diagnostics, problem


def record(path: str | None, ask: Ask, say: Say, *, emit: Callable[[str], None], dry_run: bool = False,
           today: datetime.date | None = None, completer: Completer | None = None) -> int:
    """The whole ``bpn record``: returns the exit status (0 written or printed, 1
    abandoned or refused, 2 the file cannot be used). ``emit`` receives BPN text for
    standard output: the new deal without PATH or with ``dry_run``, and the deal that
    was not written when it is refused. ``completer`` is told the words that fit each
    question (for Tab in a terminal)."""
    text = ""
    fingerprint = None
    target = Path(path) if path is not None else None
    if target is not None:
        try:
            bpn_only(target)
        except ReadFailure as exc:
            say(f"bpn: {exc}", "red")
            return 2
        if target.exists():
            if not target.is_file():
                say(f"bpn: {path}: not a regular file", "red")
                return 2
            try:
                data = target.read_bytes()
                fingerprint = Fingerprint.of_bytes(target, data)
            except OSError as exc:
                say(f"bpn: {path}: cannot read: {exc.strerror or exc}", "red")
                return 2
            try:
                text = utf8_text(data, str(path))
            except ReadFailure as exc:
                say(f"bpn: {exc}; record appends only to UTF-8 text files (convert one in another "
                    "encoding with bpn fmt --encoding ENC FILE > NEW.bpn first)", "red")
                return 2
        elif not (target.parent if str(target.parent) else Path(".")).is_dir():
            say(f"bpn: {path}: the directory {target.parent} does not exist", "red")
            return 2
    session = learn_session(parse(text)) if text else Session()
    if target is not None:
        if session.deals:
            say(f"{path}: {session.deals} deal{'s' if session.deals != 1 else ''}"
                + (f"; it already has {session.errors} error{'s' if session.errors != 1 else ''} "
                   "(bpn validate shows them; they do not stop recording)" if session.errors else ""), None)
        elif not target.exists():
            say(f"{path}: a new file", None)
    recorder = Recorder(ask, say, session, today=today, completer=completer)
    try:
        rec = recorder.run()
    except Aborted as exc:
        say(f"aborted ({exc}): nothing written", "red")
        return 1
    deal_text = rec.text()
    if target is None:
        new_text, diagnostics, problem = check_in_context("", deal_text, "<new deal>")
    else:
        new_text, diagnostics, problem = check_in_context(text, deal_text, path)
    errors = [d for d in diagnostics if d.is_error]
    for d in diagnostics:
        say(str(d), "red" if d.is_error else "yellow")
    if problem or errors:
        say(f"refused: {problem or 'the validator rejects this deal (see above)'}; nothing written. "
            "The record follows, to keep:", "red")
        emit(deal_text)
        return 1
    if target is None:
        emit(header_for(deal_text) + deal_text)
        return 0
    if dry_run:
        emit(deal_text)
        say(f"dry run: nothing written to {path}", None)
        return 0
    try:
        atomic_write(target, new_text, expect=fingerprint, create=fingerprint is None)
    except ChangedOnDisk as exc:
        say(f"bpn: {exc}. The record follows, to add by hand:", "red")
        emit(deal_text)
        return 1
    except OSError as exc:
        say(f"bpn: {path}: cannot write: {exc.strerror or exc}. The record follows:", "red")
        emit(deal_text)
        return 2
    where = f"board {rec.board}" if rec.board is not None else "the deal"
    say(f"{where} written to {path}", "green")
    return 0
