"""Validating with several processes: ``bpn validate --jobs N``.

Files are independent and go to workers whole. A large file is one stream of deals
whose sessions must be followed in order, so the main process splits it into deals
(the cheap part), sends batches of deals to the workers to read and check (the
expensive part), and follows the sessions itself over the small
:class:`~bismarck_pbn.validate.SessionFacts` the workers send back.

A deal takes the session tags it leaves out from the deal before it, and those (the
variant above all) change what is legal, so each batch must start with the session
tags in force. The main process guesses them with a plain scan of each deal's tag
pairs; each worker reports the session tags it read, and a batch whose guess turns out
wrong (a tag pair written inside a comment, say) is checked again in the main process.
Results come out in file order. Memory: a bounded number of batches in flight.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from .diagnostics import Diagnostic
from .model import SESSION_TAGS
from .reader import _TAG_SCAN, DealReader, _unescape, iter_lines
from .split import Chunk, split_lines
from .validate import SessionChecker, SessionFacts, check_deal

BATCH = 400
"""Deals per batch sent to a worker."""
BIG_FILE = 4 << 20
"""Files larger than this (bytes) are split into batches; smaller ones go whole."""


def _own_session_tags(chunk: Chunk) -> dict[str, str]:
    found: dict[str, str] = {}
    if "[" not in chunk.text:
        return found
    for m in _TAG_SCAN.finditer(chunk.text):
        name = m.group(1)
        if name in SESSION_TAGS and name not in found:
            found[name] = _unescape(m.group(2))
    return found


def _check_batch(chunks: list[Chunk], context: dict[str, str]):
    """Worker: read and check a batch of deals. Returns, per deal that has tags or
    problems, (diagnostics, session facts or None, score), and each deal's own session
    tags (to confirm the guessed context)."""
    reader = DealReader()
    reader.session = dict(context)
    out = []
    own = []
    for chunk in chunks:
        deal = reader.read_chunk(chunk)
        if deal is None:
            own.append({})
            continue
        own.append({name: tag.value for name, tag in deal.tag_map.items() if name in SESSION_TAGS})
        checked = check_deal(deal)
        facts = SessionFacts.of(deal) if deal.tags else None
        out.append((checked.diagnostics, facts, checked.result))
    return out, own


def _check_file(path: str, encoding: str) -> tuple[list[Diagnostic], int]:
    from .reader import read_deals
    from .validate import validate_deals

    out: list[Diagnostic] = []
    deals = 0
    with open(path, "rb") as fp:
        for checked in validate_deals(read_deals(fp, encoding=encoding)):
            deals += bool(checked.deal.tags)
            out.extend(d._replace(path=path) for d in checked.diagnostics)
    return out, deals


def _batches(path: Path, encoding: str) -> Iterator[tuple[list[Chunk], dict[str, str], list[dict]]]:
    context: dict[str, str] = {}
    with open(path, "rb") as fp:
        batch: list[Chunk] = []
        start_context = dict(context)
        guesses: list[dict] = []
        for chunk in split_lines(iter_lines(fp, encoding)):
            if not batch:
                start_context = dict(context)
            batch.append(chunk)
            tags = _own_session_tags(chunk)
            guesses.append(tags)
            context.update(tags)
            if len(batch) >= BATCH:
                yield batch, start_context, guesses
                batch, guesses = [], []
        if batch:
            yield batch, start_context, guesses


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
        future, chunks, guessed, _ = item
        results, own = future.result()
        if guessed != known:
            results, own = _check_batch(chunks, known)  # the guess was wrong: redo here
        for tags in own:
            known = {**known, **tags}
        return results

    for chunks, guessed, guesses in _batches(path, encoding):
        in_flight.append((pool.submit(_check_batch, chunks, guessed), chunks, guessed, guesses))
        if len(in_flight) > 2 * jobs:
            yield from drain(in_flight.pop(0))
    while in_flight:
        yield from drain(in_flight.pop(0))
