"""The files ``bpn serve`` serves: each known by an id from the server's list (never by
a path from a client), read afresh when it changed on disk, and written only under its
own lock, atomically, and only when the version the writer saw is still the current one.

A file's version (its ETag) is the SHA-256 of its bytes, so an outside edit made while
serving (``bpn fmt -i``, an editor) is noticed however it keeps the size or the time.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from bismarck_pbn.check.validate import validate_text
from bismarck_pbn.convert.jsonio import dumps
from bismarck_pbn.diagnostics import Diagnostic
from bismarck_pbn.format import edit
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.writer import write_deal
from bismarck_pbn.model.deal import Deal
from bismarck_pbn.safewrite import ChangedOnDisk, Fingerprint, atomic_write
from bismarck_pbn.session.learn import Session, learn_session
from bismarck_pbn.session.record import check_in_context
from bismarck_pbn.sources import ReadFailure, utf8_text

__all__ = ["Conflict", "Library", "Refused", "Served", "Snapshot"]

MISSING_ETAG = '"new"'
"""The version of a file that does not exist yet (``bpn serve new.bpn``)."""


class Conflict(Exception):
    """The write was based on a version of the file that is no longer current (409)."""


class Refused(Exception):
    """The deal or the edit was not accepted (422): the diagnostics say why."""

    def __init__(self, message: str, diagnostics: list[dict] | None = None, deal: str | None = None):
        super().__init__(message)
        self.diagnostics = diagnostics or []
        self.deal = deal


class Snapshot:
    """One version of a file: its text, its ETag and (read when first asked for) its deals."""

    def __init__(self, text: str, etag: str, fingerprint: Fingerprint | None) -> None:
        self.text = text
        self.etag = etag
        self.fingerprint = fingerprint

    @cached_property
    def deals(self) -> tuple[Deal, ...]:
        return tuple(parse(self.text))

    @property
    def real_deals(self) -> list[Deal]:
        return [d for d in self.deals if d.tags]

    def session(self) -> Session:
        return learn_session(self.deals)


def etag_of(data: bytes) -> str:
    return '"' + hashlib.sha256(data).hexdigest()[:32] + '"'


def diagnostic_dict(d: Diagnostic, first_line: int = 1) -> dict:
    """A diagnostic as ``bpn validate --format json`` gives it, its line counted from
    ``first_line`` (the first line of a posted deal)."""
    return {"line": d.line - first_line + 1, "column": d.column, "code": d.code,
            "severity": d.severity, "message": d.message}


@dataclass
class Served:
    """One served file. :meth:`snapshot` reads it (again only when it changed);
    :meth:`append` and :meth:`annotate` write it under :attr:`lock`."""

    id: str
    path: Path
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _cached: Snapshot | None = field(default=None, repr=False)
    _stat: tuple[int, int, int] | None = field(default=None, repr=False)

    @property
    def name(self) -> str:
        return self.path.name

    def snapshot(self) -> Snapshot:
        """The file as it is now. A file that is not there yet is empty (version
        ``"new"``); one that cannot be read or is not UTF-8 raises :class:`ReadFailure`."""
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return Snapshot("", MISSING_ETAG, None)
        except OSError as exc:
            raise ReadFailure(f"{self.path}: cannot read: {exc.strerror or exc}") from None
        key = (st.st_size, st.st_mtime_ns, st.st_ino)
        cached = self._cached
        if cached is not None and self._stat == key:
            return cached
        try:
            data = self.path.read_bytes()
            fingerprint = Fingerprint.of_bytes(self.path, data)
        except OSError as exc:
            raise ReadFailure(f"{self.path}: cannot read: {exc.strerror or exc}") from None
        text = utf8_text(data, str(self.path))
        snap = Snapshot(text, etag_of(data), fingerprint)
        # the same size, time and inode, yet other bytes (an edit within one tick of the
        # clock) is caught by the ETag check of every write, which reads the bytes again
        self._cached, self._stat = snap, key
        return snap

    def json_deals(self, snap: Snapshot) -> str:
        """The deals as ``bpn convert --to json`` writes them (JSON text)."""
        return dumps(snap.real_deals, indent=None)

    def _current(self, if_match: str | None) -> Snapshot:
        """The file read afresh (bytes compared, not only the time) and checked against
        ``if_match``: :class:`Conflict` when it names another version."""
        self._cached = None
        snap = self.snapshot()
        if if_match is not None and if_match.strip() != "*" and \
                snap.etag not in [t.strip() for t in if_match.split(",")]:
            raise Conflict(f"{self.name} has changed since version {if_match.strip()} was read "
                           f"(it is now {snap.etag}): nothing was written; reload and try again")
        return snap

    def append(self, posted: str, if_match: str | None = None) -> tuple[int | None, str, str]:
        """Append one deal given as BPN text, when the validator finds no error in it as
        the next deal of the file. Returns (its board, its text as written, the new
        ETag). Raises :class:`Conflict` (409) or :class:`Refused` (422)."""
        deals = [d for d in parse(posted) if d.tags or d.problems]
        if len(deals) != 1:
            raise Refused("the body must hold exactly one deal in BPN" if deals else "the body holds no deal")
        deal = deals[0]
        if deal.problems:
            found = validate_text(posted, "<posted deal>")
            raise Refused("the deal does not read as BPN", [diagnostic_dict(d) for d in found if d.is_error])
        deal_text = write_deal(deal)
        with self.lock:
            snap = self._current(if_match)
            new_text, diagnostics, problem = check_in_context(snap.text, deal_text, str(self.path))
            start = new_text.count("\n") - deal_text.count("\n") + 1
            errors = [diagnostic_dict(d, start) for d in diagnostics if d.is_error]
            if problem:
                raise Refused(problem, errors, deal_text)
            if errors:
                raise Refused("the validator finds errors in the deal as the next deal of the file",
                              errors, deal_text)
            after = self._write(snap, new_text)
        return deal.board, deal_text, after.etag

    def annotate(self, target: edit.Target, if_match: str | None = None, **change: object) -> tuple[str, str]:
        """One comment, NAG or suffix added (or the notes cleared) with the lossless
        editor: every other byte of the file unchanged. Returns (what was annotated,
        the new ETag)."""
        with self.lock:
            snap = self._current(if_match)
            try:
                result = edit.edit_text(snap.text, target, **change)  # type: ignore[arg-type]
            except edit.AnnotateError as exc:
                raise Refused(str(exc)) from None
            if result.changed:
                snap = self._write(snap, result.text)
            return result.what or target.describe(), snap.etag

    def _write(self, snap: Snapshot, text: str) -> Snapshot:
        """``text`` written in place of ``snap`` (atomically, and only if the file is still
        ``snap``); the new version."""
        try:
            atomic_write(self.path, text, expect=snap.fingerprint, create=snap.fingerprint is None)
        except ChangedOnDisk as exc:
            raise Conflict(f"{self.name} changed on disk while it was being written: nothing was "
                           "written; reload and try again") from exc
        data = text.encode("utf-8")
        st = os.stat(self.path)
        after = Snapshot(text, etag_of(data), Fingerprint(st.st_size, st.st_mtime_ns, hashlib.sha256(data).hexdigest()))
        self._cached, self._stat = after, (st.st_size, st.st_mtime_ns, st.st_ino)
        return after


def _slug(path: Path) -> str:
    return re.sub(r"[^a-z0-9]+", "-", path.stem.lower()).strip("-") or "file"


class Library:
    """The served files, by id. Directories are searched for ``*.bpn`` again at every
    :meth:`files` (a file created in one appears); ids stay the same while serving."""

    def __init__(self, paths: list[Path]) -> None:
        self.roots = paths
        self._by_id: dict[str, Served] = {}
        self._by_path: dict[Path, Served] = {}
        self.files()

    def _add(self, path: Path) -> None:
        path = path.resolve()
        if path in self._by_path:
            return
        base = _slug(path)
        ident, n = base, 1
        while ident in self._by_id:
            n += 1
            ident = f"{base}-{n}"
        served = Served(ident, path)
        self._by_id[ident] = self._by_path[path] = served

    def files(self) -> list[Served]:
        for root in self.roots:
            if root.is_dir():
                for path in sorted(root.rglob("*.bpn")):
                    if path.is_file() and not any(p.startswith(".") for p in path.relative_to(root).parts):
                        self._add(path)
            else:
                self._add(root)
        return list(self._by_id.values())

    def get(self, ident: str) -> Served | None:
        """The file of that id; the directories are searched again for an id not known."""
        found = self._by_id.get(ident)
        if found is None and any(root.is_dir() for root in self.roots):
            self.files()
            found = self._by_id.get(ident)
        return found
