"""Validating with several processes: ``bpn validate --jobs N``.

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
Results come out in file order. Memory: a bounded number of batches in flight.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bismarck_pbn.diagnostics import Diagnostic
from bismarck_pbn.model.deal import SESSION_TAGS
from bismarck_pbn.format.reader import DealReader, iter_lines
from bismarck_pbn.format.syntax import session_pattern, unescape
from bismarck_pbn.format.split import Chunk, split_lines
from bismarck_pbn.check.validate import SessionChecker, SessionFacts, check_deal

BATCH = 1000
"""Deals per batch sent to a worker."""
BIG_FILE = 4 << 20
"""Files larger than this (bytes) are split into batches; smaller ones go whole."""


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


def _check_batch(chunks: list[Chunk], context: dict[str, str]):
    """Worker: read and check a batch of deals. Returns, per deal that has tags or
    problems, (diagnostics, session facts or None, score), and each deal's own session
    tags (to confirm the guessed context)."""
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
        out.append((checked.diagnostics, facts, checked.result._replace(replay=None)))
    return out, own


def _check_file(path: str, encoding: str) -> tuple[list[Diagnostic], int]:
    from bismarck_pbn.format.reader import read_deals
    from bismarck_pbn.check.validate import validate_deals

    out: list[Diagnostic] = []
    deals = 0
    with open(path, "rb") as fp:
        for checked in validate_deals(read_deals(fp, encoding=encoding)):
            deals += bool(checked.deal.tags)
            out.extend(d._replace(path=path) for d in checked.diagnostics)
    return out, deals


def _batches(path: Path, encoding: str) -> Iterator[tuple[list[Chunk], dict[str, str]]]:
    """Batches of deals with the session tags guessed to be in force at their start."""
    context: dict[str, str] = {}
    with open(path, "rb") as fp:
        batch: list[Chunk] = []
        for chunk in split_lines(iter_lines(fp, encoding)):
            batch.append(chunk)
            if len(batch) >= BATCH:
                yield batch, context
                context = _context_after(batch, context)
                batch = []
        if batch:
            yield batch, context


def _follow(results, path: str, counts: dict[str, int]) -> Iterator[Diagnostic]:
    """Session checks over the workers' results, in file order (one-deal lag for the
    end-of-session diagnostic, as in ``validate_deals``)."""
    session = SessionChecker()
    pending: list[Diagnostic] | None = None
    counts[path] = 0
    for diagnostics, facts, result in results:
        diagnostics = list(diagnostics)
        if facts is not None:
            counts[path] += 1
            now, before = session.feed(facts, result)
            diagnostics.extend(now)
            if before and pending is not None:
                pending.extend(before)
        if pending is not None:
            yield from (d._replace(path=path) for d in pending)
        pending = diagnostics
    end = session.finish()
    if pending is not None:
        pending.extend(end)
        yield from (d._replace(path=path) for d in pending)


def validate_paths(paths: list[tuple[str, Path]], jobs: int, counts: dict[str, int],
                   encoding: str = "utf-8") -> Iterator[tuple[str, Iterator[Diagnostic]]]:
    """(name, diagnostics) for each file, in order, checked by ``jobs`` processes (0: one
    per core). ``counts[name]`` holds the file's number of deals once its diagnostics
    have been read. Raises OSError for a file that cannot be read."""
    jobs = jobs or os.cpu_count() or 1
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        small = {name: pool.submit(_check_file, str(path), encoding)
                 for name, path in paths if path.stat().st_size <= BIG_FILE}
        for name, path in paths:
            if name in small:
                diagnostics, counts[name] = small[name].result()
                yield name, iter([d._replace(path=name) for d in diagnostics])
                continue
            yield name, _follow(_big_file(pool, path, encoding, jobs), name, counts)


def _big_file(pool, path: Path, encoding: str, jobs: int):
    in_flight = []
    known: dict[str, str] = {}

    def drain(item):
        nonlocal known
        future, chunks, guessed = item
        results, own = future.result()
        if guessed != known:
            results, own = _check_batch(chunks, known)  # the guess was wrong: redo here
        for tags in own:
            known = {**known, **tags}
        return results

    for chunks, guessed in _batches(path, encoding):
        in_flight.append((pool.submit(_check_batch, chunks, guessed), chunks, guessed))
        if len(in_flight) > 2 * jobs:
            yield from drain(in_flight.pop(0))
    while in_flight:
        yield from drain(in_flight.pop(0))
