"""Checking with several processes or a cluster: the work of ``validate`` and ``convert``
shared out through an :class:`~bismarck_pbn.parallel.Executor`.

Files are independent and go to workers whole. A large file is one stream of deals
whose sessions must be followed in order, so the main process splits it into deals
(the cheap part), sends batches of deals to the workers to read and check (the
expensive part), and follows the sessions itself over the small
:class:`~bismarck_pbn.check.validate.SessionFacts` the workers send back.

A deal takes the session tags it leaves out from the deal before it, and those (the
variant above all) change what is legal, so each batch must start with the session
tags in force. The main process guesses them with a plain scan of the end of the batch
before; each worker reports the session tags it read, and a batch whose guess turns out
wrong (a tag pair written inside a comment, say) is checked again in the main process.
Deals are numbered within their batch and renumbered here. Results come out in file
order, the same as one process gives. Memory: a bounded number of batches in flight.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

from bismarck_pbn.diagnostics import Diagnostic
from bismarck_pbn.model.deal import SESSION_TAGS
from bismarck_pbn.format.reader import DealReader, iter_lines
from bismarck_pbn.format.syntax import session_pattern, unescape
from bismarck_pbn.format.split import Chunk, split_lines
from bismarck_pbn.check.results import Checked
from bismarck_pbn.check.validate import SessionChecker, SessionFacts, check_deal
from bismarck_pbn.parallel import BIG_FILE, Executor

BATCH = 1000
"""Deals per batch sent to a worker."""
Work = Callable[[Checked], Any]
"""What a worker makes of each checked deal besides its diagnostics (convert: its JSON
dict); module-level, or a ``functools.partial`` of one, so that it pickles."""


_SESSION_SCAN = session_pattern(SESSION_TAGS)


def _context_after(chunks: list[Chunk], before: dict[str, str]) -> dict[str, str]:
    """The session tags in force after ``chunks``: for each name its value in the last
    deal that gives it, else the value before them. Scans backwards and stops once every
    name is found, which with writers repeating the session tags is the last deal."""
    found: dict[str, str] = {}
    for chunk in reversed(chunks):
        if "[" not in chunk.text:
            continue
        own: dict[str, str] = {}
        for m in _SESSION_SCAN.finditer(chunk.text):
            own.setdefault(m.group(1), unescape(m.group(2)))
        for name, value in own.items():
            found.setdefault(name, value)
        if len(found) == len(SESSION_TAGS):
            break
    return {**before, **found}


def check_batch(chunks: list[Chunk], context: dict[str, str], work: Work | None = None):
    """Worker: read and check a batch of deals. Returns, per deal (comment blocks
    included), (diagnostics, session facts or None, score, ``work(checked)``); each
    chunk's own session tags (to confirm the guessed context); and how many deal
    numbers the batch used."""
    reader = DealReader()
    reader.session = dict(context)
    out = []
    own: list[dict[str, str]] = []
    for chunk in chunks:
        deal = reader.read_chunk(chunk)
        if deal is None:
            own.append({})
            continue
        own.append({name: tag.value for name, tag in deal.tag_map.items() if name in SESSION_TAGS})
        checked = check_deal(deal)
        facts = SessionFacts.of(deal) if deal.tags else None
        # Only the score crosses back to the main process: pickling the whole replay
        # for every deal cost more than the checking saved.
        out.append((checked.diagnostics, facts, checked.result._replace(replay=None),
                    work(checked) if work is not None else None))
    return out, own, reader.number


def check_file(path: str, encoding: str, data: bytes | None = None,
               failed: tuple[int, str] | None = None) -> tuple[list[Diagnostic] | OSError, int]:
    """Worker: every diagnostic of a whole file (its bytes ``data``, or read from
    ``path``), and its number of deals (or the OSError that stopped it reading, or
    ``failed``: the errno and message of the main process's failed read)."""
    import io

    if failed is not None:
        return OSError(*failed), 0

    from bismarck_pbn.format.reader import read_deals
    from bismarck_pbn.check.validate import validate_deals

    out: list[Diagnostic] = []
    deals = 0
    try:
        with (open(path, "rb") if data is None else io.BytesIO(data)) as fp:
            for checked in validate_deals(read_deals(fp, encoding=encoding)):
                deals += bool(checked.deal.tags)
                out.extend(d._replace(path=path) for d in checked.diagnostics)
    except OSError as exc:  # sent back as a value: the stream of results goes on
        return OSError(exc.errno, exc.strerror or str(exc)), 0
    return out, deals


def batches(path: Path, encoding: str, size: int | None = None) -> Iterator[tuple[list[Chunk], dict[str, str]]]:
    """Batches of deals with the session tags guessed to be in force at their start."""
    size = size or BATCH
    context: dict[str, str] = {}
    with open(path, "rb") as fp:
        batch: list[Chunk] = []
        for chunk in split_lines(iter_lines(fp, encoding)):
            batch.append(chunk)
            if len(batch) >= size:
                yield batch, context
                context = _context_after(batch, context)
                batch = []
        if batch:
            yield batch, context


class Followed(NamedTuple):
    """One deal of a large file, its session followed (see :func:`follow_deals`)."""

    diagnostics: list[Diagnostic]
    """Every diagnostic of the deal, the session's included."""
    made: Any
    """What the worker's ``work`` made of the deal (None without one)."""
    offset: int
    """The deal numbers used before its batch (its own number is within the batch)."""
    total: tuple[int, ...] | None = None
    """The session's running total after the deal (None for a deal without a Board tag)."""
    settled: tuple[int, ...] | None = None
    """The deal's score as its session settles it (see :class:`~bismarck_pbn.check.results.Checked`)."""
    points: tuple[int, ...] | None = None
    marks: tuple[tuple[str, int], ...] = ()


def follow_deals(results: Iterator[tuple[list, int]], path: str, counts: dict[str, int]) -> Iterator[Followed]:
    """Session checks over the workers' results (each batch's list and its first deal
    number less one), in file order, with the one-deal lag of ``validate_deals`` for
    the diagnostics a session's end reveals: each deal with what ``validate_deals``
    gives it (its running total, settled score, individual points and marks). The lag
    is written here as there on purpose: shared as one generator it cost about a
    microsecond a deal in this main process (benchmarks/README.md)."""
    session = SessionChecker()
    pending: Followed | None = None
    counts[path] = 0
    for batch, offset in results:
        for diagnostics, facts, result, made in batch:
            diagnostics = list(diagnostics)
            now = Followed(diagnostics, made, offset)
            if facts is not None:
                counts[path] += 1
                found, before = session.feed(facts, result)
                diagnostics.extend(found)
                if before and pending is not None:
                    pending.diagnostics.extend(before)
                if facts.board is not None:
                    now = Followed(diagnostics, made, offset, session.totals, session.score, session.points,
                                   session.marks)
            if pending is not None:
                yield pending
            pending = now
    end = session.finish()
    if pending is not None:
        pending.diagnostics.extend(end)
        yield pending


def follow(results: Iterator[tuple[list, int]], path: str, counts: dict[str, int]
           ) -> Iterator[tuple[list[Diagnostic], Any, tuple[int, ...] | None, int]]:
    """As :func:`follow_deals`, each deal as (diagnostics, work, total, offset)."""
    for deal in follow_deals(results, path, counts):
        yield deal.diagnostics, deal.made, deal.total, deal.offset


def checked_batches(executor: Executor, path: Path, encoding: str, work: Work | None = None
                    ) -> Iterator[tuple[list, int]]:
    """The workers' results for the batches of one large file, in order, each with the
    number of deals before it; a batch whose guessed session context was wrong is
    checked again here."""
    sent: deque[tuple[list[Chunk], dict[str, str]]] = deque()

    def items():
        for chunks, guessed in batches(path, encoding):
            sent.append((chunks, guessed))
            yield chunks, guessed, work

    known: dict[str, str] = {}
    offset = 0
    for results, own, used in executor.map(check_batch, items()):
        chunks, guessed = sent.popleft()
        if guessed != known:
            results, own, used = check_batch(chunks, known, work)  # the guess was wrong: redo here
        for tags in own:
            known = {**known, **tags}
        yield results, offset
        offset += used


def validate_paths(paths: list[tuple[str, Path]], executor: Executor, counts: dict[str, int],
                   encoding: str = "utf-8") -> Iterator[tuple[str, Iterator[Diagnostic]]]:
    """(name, diagnostics) for each file, in order, checked by ``executor``. Read each
    file's diagnostics before the next file's. ``counts[name]`` holds the file's number
    of deals once its diagnostics have been read. Raises OSError for a file that cannot
    be read (when its turn comes)."""
    def is_small(path: Path) -> bool:
        try:
            return path.stat().st_size <= BIG_FILE
        except OSError:
            return True  # (check_file raises it, in its turn)

    plan = [(name, path, is_small(path)) for name, path in paths]
    def small_items():
        for _, path, whole in plan:
            if not whole:
                continue
            if executor.sees_files:
                yield str(path), encoding
                continue
            try:  # a cluster's workers may not see this machine's files: send the bytes
                yield str(path), encoding, path.read_bytes()
            except OSError as exc:
                yield str(path), encoding, None, (exc.errno, exc.strerror or str(exc))

    small = executor.map(check_file, small_items())
    for name, path, whole in plan:
        if whole:
            diagnostics, counts[name] = next(small)
            if isinstance(diagnostics, OSError):
                yield name, _raise(diagnostics)
            else:
                yield name, iter([d._replace(path=name) for d in diagnostics])
            continue
        followed = follow(checked_batches(executor, path, encoding), name, counts)
        yield name, (d._replace(path=name) for diagnostics, _, _, _ in followed for d in diagnostics)


def _raise(exc: Exception) -> Iterator[Diagnostic]:
    raise exc
    yield  # (a generator: raises when read)
