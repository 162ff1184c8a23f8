"""The splices of :mod:`bismarck_pbn.format.edit`: each edit (a comment, NAG or suffix
added, notes cleared) as one slice of the text replaced, and what the target must read
as afterwards. Each returns ``(start, end, replacement, expected part, notice)``;
``edit`` makes the splice and checks that the text reads back as expected.

Every function is O(length of the text) at most; the text around the slice is never
rebuilt.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from bismarck_pbn.model.deal import Call, Comment, Deal, PlayedCard

__all__ = ["AnnotateError", "Spot", "add_comment", "add_nag", "card_part", "clear", "comments_part", "part",
           "set_suffix"]

_LINE_BREAK = re.compile(r"\r?\n")

Comments = tuple[tuple[str, str], ...]
"""The comments a target carries, as (text, kind) pairs."""
CardPart = tuple[str | None, tuple[int, ...], Comments]
"""What a card or call carries: (suffix, NAGs, comments)."""
Part = Any
"""A target's part: :data:`CardPart` for a card or call, :data:`Comments` otherwise
(the kind of the :class:`Spot` says which), None for a target that is not there."""
Splice = tuple[int, int, str, Part, str | None]
"""(start, end, replacement, expected part, notice)."""


class AnnotateError(ValueError):
    """The target does not exist or the edit cannot be made; the message says why."""


class Spot(NamedTuple):
    """The target found in the parsed text."""

    kind: str  # "deal", "tag", "play" (the Play tag), "auction" (the Auction tag), "card" or "call"
    deal: Deal
    index: int = -1  # type: ignore[assignment]  # (a field named like tuple.index) in deal.tags, deal.play.cards or deal.auction.calls
    anchor: int = -1  # offset just past the tag or card the notes follow
    notes: tuple[tuple[str, int, int], ...] = ()
    what: str = ""


# ---- the edits: each returns (start, end, replacement, expected part, notice) ------------

def _newline(body: str, at: int) -> str:
    """The line end of the line holding offset ``at`` (else of the line before, else LF)."""
    end = body.find("\n", at)
    if end >= 0:
        return "\r\n" if end > 0 and body[end - 1] == "\r" else "\n"
    end = body.rfind("\n", 0, at)
    if end >= 0:
        return "\r\n" if end > 0 and body[end - 1] == "\r" else "\n"
    return "\n"


def _brace_text(text: str, nl: str) -> str:
    if "}" in text:
        raise AnnotateError("the comment contains '}', which would end a {…} comment early: "
                            "leave it out, or write a ; comment (--line-comment)")
    return _LINE_BREAK.sub(lambda _: nl, text)


def _line_text(text: str) -> str:
    if "\n" in text or "\r" in text:
        raise AnnotateError("a ; comment runs to the end of its line, so its text cannot hold a "
                            "line break: write a {…} comment instead")
    return ";" + (" " + text if text else "")


def part(deal: Deal, spot: Spot) -> Part:
    """What the target carries, in the form :func:`_verify` compares; None where the
    target is not there (a section or an index the deal does not have)."""
    play, auction = deal.play, deal.auction
    try:
        if spot.kind == "deal":
            return comments_part(deal.comments)
        if spot.kind == "tag":
            return comments_part(deal.tags[spot.index].comments)
        if spot.kind in ("auction", "call"):
            if auction is None:
                return None
            return comments_part(auction.comments) if spot.kind == "auction" else card_part(auction.calls[spot.index])
        if play is None:
            return None
        return comments_part(play.comments) if spot.kind == "play" else card_part(play.cards[spot.index])
    except IndexError:
        return None


def _insert_comment_into(old: Part, spot: Spot, at: int, comment: tuple[str, str]) -> Part:
    """The expected part after inserting ``comment`` at offset ``at`` among the notes."""
    before = sum(1 for k, s, _ in spot.notes if k in ("{", ";") and s < at)
    if spot.kind in ("card", "call"):
        suffix, nags, comments = old
        return suffix, nags, comments[:before] + (comment,) + comments[before:]
    return old[:before] + (comment,) + old[before:]


def add_comment(body: str, spot: Spot, text: str, kind: str) -> Splice:
    old = part(spot.deal, spot)
    if spot.kind == "deal":
        first = spot.deal.pos.offset
        at = body.rfind("\n", 0, first) + 1  # the start of the deal's first line
        nl = _newline(body, at)
        if kind == "{":
            inserted, expected = "{" + _brace_text(text, nl) + "}", (_brace_text(text, nl), "{")
        else:
            inserted = _line_text(text)
            expected = (inserted[1:], ";")
        return at, at, inserted + nl, (expected,) + old, None

    notes = spot.notes
    last = notes[-1][2] if notes else spot.anchor
    ends_in_line_comment = bool(notes) and notes[-1][0] == ";"
    notice = None
    if kind == ";":
        line_end = body.find("\n", last)
        line_end = len(body) if line_end < 0 else line_end
        rest = body[last:line_end]
        if ends_in_line_comment:
            notice = (f"{spot.what} already ends its line with a ; comment, so the new comment "
                      "was written as {…} before it")
        elif rest.strip(" \t\f\r"):
            notice = (f"more follows {spot.what} on its line, so a ; comment would take it in: "
                      "the new comment was written as {…}")
        else:
            at = last + len(rest.rstrip("\r"))
            line = _line_text(text)
            inserted = line if at > last else " " + line
            return at, at, inserted, _insert_comment_into(old, spot, at, (line[1:], ";")), None
    nl = _newline(body, last)
    braced = _brace_text(text, nl)
    if ends_in_line_comment:
        # A ; comment runs to the end of its line: anything after it would be swallowed.
        at = notes[-1][1]
        inserted = "{" + braced + "} "
    else:
        at = last
        inserted = _spaced(body, at, " {" + braced + "}")
    return at, at, inserted, _insert_comment_into(old, spot, at, (braced, "{")), notice


def _spaced(body: str, at: int, inserted: str) -> str:
    """``inserted`` with a space after it when something other than white space follows
    (``CJ{x}`` gets ``CJ $1 {x}``, not ``CJ $1{x}``)."""
    return inserted + " " if at < len(body) and not body[at].isspace() else inserted


def add_nag(body: str, spot: Spot, nag: int) -> Splice:
    suffix, nags, comments = part(spot.deal, spot)
    if nag in nags:
        return spot.anchor, spot.anchor, "", None, f"{spot.what} already has ${nag}"
    at = spot.anchor
    before = 0
    for kind, _, end in spot.notes:
        if kind not in ("suffix", "nag"):
            break
        at = end
        before += kind == "nag"
    expected = (suffix, nags[:before] + (nag,) + nags[before:], comments)
    return at, at, _spaced(body, at, f" ${nag}"), expected, None


def set_suffix(body: str, spot: Spot, suffix: str) -> Splice:
    old_suffix, nags, comments = part(spot.deal, spot)
    expected = (suffix, nags, comments)
    anchor = spot.anchor
    if old_suffix == suffix:
        return anchor, anchor, "", expected, f"{spot.what} already has the suffix {suffix}"
    found = [(s, e) for k, s, e in spot.notes if k == "suffix"]
    if not found:
        return anchor, anchor, suffix, expected, None
    start, end = found[0]
    if start == anchor:  # written against the card: replace it in place
        return start, end, suffix, expected, None
    # Written apart (`S5 $1 !`): take it out with its white space, put the new one on the card.
    spans = [(s, e) for _, s, e in spot.notes]
    new_body, lo, hi = _remove(body, spans, anchor, {spans.index((start, end))})
    new_body = new_body[:anchor] + suffix + new_body[anchor:]
    return _as_slice(body, new_body, min(lo, anchor), hi) + (expected, None)


def clear(body: str, spot: Spot) -> Splice:
    expected = (None, (), ()) if spot.kind in ("card", "call") else ()
    if spot.kind == "deal":
        if not spot.deal.comments:
            return 0, 0, "", expected, f"{spot.what} has no comments before its first tag: nothing to clear"
        return _clear_deal(body, spot.deal) + (expected, None)
    if not spot.notes:
        what = "notes" if spot.kind in ("card", "call") else "comments"
        return 0, 0, "", expected, f"{spot.what} has no {what}: nothing to clear"
    new_body, lo, hi = _remove(body, [(s, e) for _, s, e in spot.notes], spot.anchor)
    return _as_slice(body, new_body, lo, hi) + (expected, None)


def remove_some(body: str, spot: Spot, drop: set[int]) -> str:
    """``body`` without the notes of ``spot`` whose indexes (in ``spot.notes``) are in
    ``drop``, each with the white space before it (see :func:`_remove`)."""
    return _remove(body, [(s, e) for _, s, e in spot.notes], spot.anchor, drop)[0]


def _as_slice(old: str, new: str, lo: int, hi: int) -> tuple[int, int, str]:
    """``old[lo:hi]`` became this slice of ``new``; everything outside it is the same."""
    tail = len(old) - hi
    if old[:lo] != new[:lo] or old[hi:] != new[len(new) - tail :]:  # pragma: no cover - a bug
        raise AnnotateError("internal error: the edit touched more than it should; nothing was changed")
    return lo, hi, new[lo : len(new) - tail]


_TO_LINE_END = re.compile(r"[ \t\f]*(?=\r?\n|\Z)")


def _remove(body: str, spans: list[tuple[int, int]], anchor: int,
            drop: set[int] | None = None) -> tuple[str, int, int]:
    """``body`` with notes taken out, each with the white space before it. ``spans`` are
    all the notes of the target in source order, after the token that ends at ``anchor``
    (nothing but white space and escape lines between them); ``drop`` the indexes of the
    ones to take out (all by default). Escape lines are kept, no line is left empty and
    no trailing white space is made. Returns the new text and the slice ``lo:hi`` of the
    old text that changed."""
    lo, hi = len(body), -1
    prev_ends = [anchor] + [e for _, e in spans[:-1]]
    # The last note first, so that the offsets of the earlier ones stay good.
    for i in reversed(range(len(spans))):
        if drop is not None and i not in drop:
            continue
        (start, end), prev = spans[i], prev_ends[i]
        gap = body[prev:start]
        to_line_end = _TO_LINE_END.match(body, end)
        if "\n%" in gap:
            # An escape line stands before the note: keep it and its line end; take out the
            # note, and its whole line if nothing else is on it.
            last_break = prev + gap.rfind("\n")
            if to_line_end:
                cut = last_break - (1 if body[last_break - 1] == "\r" else 0)
                end = to_line_end.end()
            else:
                cut = last_break + 1
        else:
            cut = prev
            if to_line_end and "\n" in gap:
                end = to_line_end.end()  # the note's line goes: its trailing blanks too
        if hi < 0:
            hi = end  # nothing after the last note changes
        body = body[:cut] + body[end:]
        lo = min(lo, cut)
        # Never join two tokens (`C3 {x}DK` must not become `C3DK`).
        if 0 < cut < len(body) and not body[cut - 1].isspace() and not body[cut].isspace():
            body = body[:cut] + " " + body[cut:]
    return body, lo, hi


def _clear_deal(body: str, deal: Deal) -> tuple[int, int, str]:
    """Take out the deal's leading comments with the lines they leave empty; escape lines
    among them and the indentation of the first tag stay."""
    first_tag = deal.tags[0].pos.offset
    start = body.rfind("\n", 0, deal.comments[0].pos.offset) + 1
    spans = [(c.pos.offset, c.end) for c in deal.comments]
    kept: list[str] = []
    pos = start
    for line in _split_lines(body[start:first_tag]):
        in_comment = any(s <= pos < e for s, e in spans)
        if line.startswith("%") and line.endswith("\n") and not in_comment:
            kept.append(line)  # an escape line
        pos += len(line)
    tag_line = body.rfind("\n", 0, first_tag) + 1
    if tag_line > start and not body[tag_line:first_tag].strip(" \t\f"):
        kept.append(body[tag_line:first_tag])  # the first tag starts its line: keep its indentation
    return start, first_tag, "".join(kept)


def _split_lines(text: str) -> list[str]:
    """Lines split at LF only, ends kept (a last line without an end included)."""
    return re.findall(r"[^\n]*\n|[^\n]+\Z", text)


# ---- checking the result -----------------------------------------------------------------

def comments_part(comments: tuple[Comment, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((c.text, c.kind) for c in comments)


def card_part(card: PlayedCard | Call) -> CardPart:
    return card.suffix, card.nags, comments_part(card.comments)
