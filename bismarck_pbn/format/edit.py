"""Adding and removing commentary in a BPN file without touching any other byte.

An annotation is a splice into the text as the user wrote it, never a re-serialisation:
the reader keeps the source offsets of every tag, card and note, and the edit replaces
one slice of the text (a comment, NAG or suffix inserted, or the notes of one thing
removed). Line ends (LF or CRLF), tabs, odd spacing, escape lines and every other
comment stay exactly as they were.

What can be annotated (a :class:`Target`):

- a **deal**: its leading comments (before its first tag). A new one goes on a line of
  its own just before the deal's first line, with the line end that line has;
- a **tag**, by name (the first of that name): the comments after the tag pair. For
  ``Play`` these are the comments of the play section before its first card;
- a **card**, by trick and card: its suffix, NAGs and comments.

After every edit the new text is read again and compared with the old: the target must
carry the new note (or none, after clearing) and everything else must read the same,
or :class:`AnnotateError` is raised and nothing is written.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import NamedTuple

from bismarck_pbn.model.deal import Comment, Deal, PlayedCard
from bismarck_pbn.format.reader import parse
from bismarck_pbn.safewrite import ChangedOnDisk, Fingerprint, atomic_write

SUFFIXES = ("!", "?", "!!", "??", "!?", "?!")
"""The suffix annotations BPN allows."""

_BOM = "\ufeff"
_LINE_BREAK = re.compile(r"\r?\n")


class AnnotateError(ValueError):
    """The target does not exist or the edit cannot be made; the message says why."""


class NotUTF8(AnnotateError):
    """The file is not valid UTF-8: it is not edited (writing it back could lose bytes)."""


class Target(NamedTuple):
    """What to annotate: a deal (numbered from 1 among the deals of the file), and within
    it a tag by name, or a card by trick (from 1) and card (1–3), or neither (the deal)."""

    deal: int
    tag: str | None = None
    trick: int | None = None
    card: int | None = None

    def describe(self) -> str:
        """``deal 2``, ``deal 2, tag Site`` or ``deal 2, trick 4, card 1``."""
        if self.tag is not None:
            return f"deal {self.deal}, tag {self.tag}"
        if self.trick is not None or self.card is not None:
            return f"deal {self.deal}, trick {self.trick}, card {self.card}"
        return f"deal {self.deal}"


class Edit(NamedTuple):
    """The result of an edit: the new text and the one slice of the old text it replaced
    (``old[start:end]`` became ``replacement``; offsets count characters)."""

    text: str
    start: int
    end: int
    replacement: str
    changed: bool
    notice: str | None = None
    """Something the user should know: the comment was written as ``{…}`` because a
    ``;`` comment could not stand there, or there was nothing to change."""
    what: str = ""
    """The target in words, with the card or tag (``deal 1, trick 4, card 1 (C3)``)."""


class _Spot(NamedTuple):
    """The target found in the parsed text."""

    kind: str  # "deal", "tag", "play" (the Play tag) or "card"
    deal: Deal
    index: int = -1  # index in deal.tags or deal.play.cards
    anchor: int = -1  # offset just past the tag or card the notes follow
    notes: tuple[tuple[str, int, int], ...] = ()
    what: str = ""


# ---- public API ------------------------------------------------------------------------

def annotate_text(text: str, target: Target, *, comment: str | None = None, kind: str = "{",
                  nag: int | None = None, suffix: str | None = None, clear: bool = False) -> str:
    """Return ``text`` with the edit made at ``target``; every other byte unchanged.

    Exactly one of ``comment`` (with ``kind`` ``"{"`` or ``";"``), ``nag`` (0–255, cards
    only), ``suffix`` (``! ? !! ?? !? ?!``, cards only) or ``clear`` must be given.
    Raises :class:`AnnotateError` when the target does not exist, its deal has a syntax
    error, or the edit cannot be made."""
    return edit_text(text, target, comment=comment, kind=kind, nag=nag, suffix=suffix,
                     clear=clear).text


def annotate_file(path: str | Path, target: Target, **edit) -> tuple[str, str]:
    """Edit the file at ``path`` atomically; return (old text, new text). Raises
    :class:`AnnotateError` for a bad target and ``safewrite.ChangedOnDisk`` when the
    file changed on disk while being edited."""
    old, result = edit_file(path, target, **edit)
    return old, result.text


def edit_file(path: str | Path, target: Target, *, write: bool = True, **edit) -> tuple[str, Edit]:
    """Like :func:`annotate_file`, but return the old text and the full :class:`Edit`
    (with its notice); with ``write=False`` nothing is written (a dry run). A file that
    is not valid UTF-8 is refused (:class:`AnnotateError`); ``OSError`` when it cannot
    be read or written."""
    text, data, fingerprint = read_source(path)
    result = edit_text(text, target, **edit)
    if write and result.changed:
        atomic_write(path, result.text, expect=fingerprint)
    return text, result


def read_source(path: str | Path) -> tuple[str, bytes, Fingerprint]:
    """The text of the file (decoded strictly as UTF-8, line ends as they are), its
    bytes, and a fingerprint that lets :func:`atomic_write` notice a change on disk."""
    before = os.stat(path)
    with open(path, "rb") as fp:
        data = fp.read()
    fingerprint = Fingerprint.of_bytes(path, data)
    if (fingerprint.size, fingerprint.mtime_ns) != (len(data), before.st_mtime_ns):
        raise ChangedOnDisk(f"{path} changed on disk while it was being read; try again")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise NotUTF8(f"{path} is not valid UTF-8 (byte 0x{data[e.start]:02x} at byte offset "
                            f"{e.start}, line {line}); nothing was written. Convert the file to "
                            "UTF-8 first: bpn validate --encoding ENC shows how it reads") from None
    return text, data, fingerprint


def edit_text(text: str, target: Target, *, comment: str | None = None, kind: str = "{",
              nag: int | None = None, suffix: str | None = None, clear: bool = False) -> Edit:
    """The edit :func:`annotate_text` makes, with the slice it replaced and any notice."""
    _check_request(target, comment, kind, nag, suffix, clear)
    bom = _BOM if text.startswith(_BOM) else ""
    body = text[len(bom):]  # parse() drops a BOM, so its offsets are offsets into body
    deals = parse(body)
    spot = _find(deals, target)

    if clear:
        plan = _clear(body, spot)
    elif comment is not None:
        plan = _add_comment(body, spot, comment, kind)
    elif nag is not None:
        plan = _add_nag(body, spot, nag)
    else:
        plan = _set_suffix(body, spot, suffix)
    start, end, replacement, expected, notice = plan

    if body[start:end] == replacement:
        return Edit(text, start + len(bom), end + len(bom), replacement, False,
                    notice or f"nothing to change at {spot.what}", spot.what)
    new_body = body[:start] + replacement + body[end:]
    _verify(deals, new_body, spot, expected)
    return Edit(bom + new_body, start + len(bom), end + len(bom), replacement, True, notice, spot.what)


def remove_notes(text: str, target: Target, *, comments=None, suffix: str | None = None) -> str:
    """Return ``text`` without some notes of a card or tag: the comments whose text
    ``comments(text)`` accepts, and, for a card, its suffix when it equals ``suffix``.
    Every other byte stays; the result is read back and checked like any edit. Lets a
    tool take back its own notes and leave the user's. Unchanged text when nothing
    matches. Raises :class:`AnnotateError` as :func:`edit_text` does."""
    bom = _BOM if text.startswith(_BOM) else ""
    body = text[len(bom):]
    deals = parse(body)
    spot = _find(deals, target)
    if spot.kind not in ("card", "tag", "play"):
        raise AnnotateError("notes are removed from a card or a tag")
    old = _part(spot.deal, spot)
    old_comments = old[2] if spot.kind == "card" else old
    drop: set[int] = set()
    kept_comments = []
    ci = 0
    for i, (kind, start, end) in enumerate(spot.notes):
        if kind in ("{", ";"):
            if comments is not None and comments(old_comments[ci][0]):
                drop.add(i)
            else:
                kept_comments.append(old_comments[ci])
            ci += 1
        elif kind == "suffix" and suffix is not None and spot.kind == "card" and old[0] == suffix:
            drop.add(i)
    if not drop:
        return text
    if spot.kind == "card":
        expected = (None if any(spot.notes[i][0] == "suffix" for i in drop) else old[0], old[1],
                    tuple(kept_comments))
    else:
        expected = tuple(kept_comments)
    new_body, lo, hi = _remove(body, [(st, en) for _, st, en in spot.notes], spot.anchor, drop)
    _verify(deals, new_body, spot, expected)
    return bom + new_body


# ---- checking the request and finding the target ---------------------------------------

def _check_request(target, comment, kind, nag, suffix, clear) -> None:
    given = [name for name, value in (("a comment", comment), ("a NAG", nag), ("a suffix", suffix))
             if value is not None] + (["clear"] if clear else [])
    if len(given) != 1:
        raise AnnotateError("give exactly one edit: a comment, a NAG, a suffix or clear"
                            + (f" (got {', '.join(given)})" if given else ""))
    if kind not in ("{", ";"):
        raise AnnotateError(f"a comment is of kind '{{' or ';', not {kind!r}")
    if not isinstance(target.deal, int) or target.deal < 1:
        raise AnnotateError(f"deals are numbered from 1, not {target.deal!r}")
    is_card = target.trick is not None or target.card is not None
    if target.tag is not None and is_card:
        raise AnnotateError("give a tag or a card (trick and card), not both")
    if is_card and (target.trick is None or target.card is None):
        raise AnnotateError("a card is given by its trick and its card in the trick: both are needed")
    if is_card:
        if not isinstance(target.trick, int) or target.trick < 1:
            raise AnnotateError(f"tricks are numbered from 1, not {target.trick!r}")
        if target.card not in (1, 2, 3) or isinstance(target.card, bool):
            raise AnnotateError(f"the card in a trick is 1, 2 or 3, not {target.card!r}")
    if (nag is not None or suffix is not None) and not is_card:
        raise AnnotateError(f"{'NAGs' if nag is not None else 'suffixes'} go with a card: "
                            "give the trick and the card")
    if nag is not None and (not isinstance(nag, int) or isinstance(nag, bool) or not 0 <= nag <= 255):
        raise AnnotateError(f"a NAG is a number from 0 to 255, not {nag!r}")
    if suffix is not None and suffix not in SUFFIXES:
        raise AnnotateError(f"a suffix is one of {' '.join(SUFFIXES)}, not {suffix!r}")
    if comment is not None and not isinstance(comment, str):
        raise AnnotateError("the comment must be text")


def _find(deals: list[Deal], target: Target) -> _Spot:
    numbered = [d for d in deals if d.number > 0]
    deal = next((d for d in numbered if d.number == target.deal), None)
    if deal is None:
        n = len(numbered)
        raise AnnotateError(f"there is no deal {target.deal}: the file has {n} deal{'s' if n != 1 else ''}")
    if not deal.syntax_ok:
        p = next(p for p in deal.problems if p.code in ("BPN001", "BPN002"))
        raise AnnotateError(f"deal {deal.number} has a syntax error at line {p.line}, column {p.column} "
                            f"({p.message}); fix it before annotating this deal")
    if target.tag is not None:
        return _find_tag(deal, target.tag)
    if target.trick is not None:
        return _find_card(deal, target.trick, target.card)
    return _Spot("deal", deal, what=f"deal {deal.number}")


def _find_tag(deal: Deal, name: str) -> _Spot:
    what = f"deal {deal.number}, tag {name}"
    if name == "Play" and deal.play is not None:
        play = deal.play
        notes = tuple((c.kind, c.pos.offset, c.end) for c in play.comments)
        return _Spot("play", deal, deal.tags.index(play.tag), play.tag.end, notes, what)
    for i, tag in enumerate(deal.tags):
        if tag.name == name:
            notes = tuple((c.kind, c.pos.offset, c.end) for c in tag.comments)
            return _Spot("tag", deal, i, tag.end, notes, what)
    names = list(dict.fromkeys(t.name for t in deal.tags))
    hint = next((n for n in names if n.lower() == name.lower()), None)
    extra = f"; did you mean {hint}? Tag names are case-sensitive" if hint else ""
    raise AnnotateError(f"deal {deal.number} has no [{name}] tag{extra} (its tags: {', '.join(names)})")


def _find_card(deal: Deal, trick: int, card: int) -> _Spot:
    if deal.play is None:
        raise AnnotateError(f"deal {deal.number} has no play section, so no trick {trick}")
    cards = deal.play.cards
    index = (trick - 1) * 3 + (card - 1)
    if index >= len(cards):
        full, rest = divmod(len(cards), 3)
        played = f"{full} trick{'s' if full != 1 else ''}" + (
            f" and {rest} card{'s' if rest != 1 else ''} of trick {full + 1}" if rest else "")
        raise AnnotateError(f"deal {deal.number} has no trick {trick}, card {card}: its play section "
                            f"holds {len(cards)} card{'s' if len(cards) != 1 else ''} ({played})")
    played_card = cards[index]
    return _Spot("card", deal, index, played_card.card_end, played_card.notes,
                 f"deal {deal.number}, trick {trick}, card {card} ({played_card.card})")


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


def _part(deal: Deal, spot: _Spot):
    """What the target carries, in the form :func:`_verify` compares."""
    try:
        if spot.kind == "deal":
            return _comments(deal.comments)
        if spot.kind == "tag":
            return _comments(deal.tags[spot.index].comments)
        if spot.kind == "play":
            return _comments(deal.play.comments)
        return _card_part(deal.play.cards[spot.index])
    except (AttributeError, IndexError):
        return None


def _insert_comment_into(old, spot: _Spot, at: int, comment: tuple[str, str]):
    """The expected part after inserting ``comment`` at offset ``at`` among the notes."""
    before = sum(1 for k, s, _ in spot.notes if k in ("{", ";") and s < at)
    if spot.kind == "card":
        suffix, nags, comments = old
        return suffix, nags, comments[:before] + (comment,) + comments[before:]
    return old[:before] + (comment,) + old[before:]


def _add_comment(body: str, spot: _Spot, text: str, kind: str):
    old = _part(spot.deal, spot)
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


def _add_nag(body: str, spot: _Spot, nag: int):
    suffix, nags, comments = _part(spot.deal, spot)
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


def _set_suffix(body: str, spot: _Spot, suffix: str):
    old_suffix, nags, comments = _part(spot.deal, spot)
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


def _clear(body: str, spot: _Spot):
    expected = (None, (), ()) if spot.kind == "card" else ()
    if spot.kind == "deal":
        if not spot.deal.comments:
            return 0, 0, "", expected, f"{spot.what} has no comments before its first tag: nothing to clear"
        return _clear_deal(body, spot.deal) + (expected, None)
    if not spot.notes:
        what = "notes" if spot.kind == "card" else "comments"
        return 0, 0, "", expected, f"{spot.what} has no {what}: nothing to clear"
    new_body, lo, hi = _remove(body, [(s, e) for _, s, e in spot.notes], spot.anchor)
    return _as_slice(body, new_body, lo, hi) + (expected, None)


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

def _comments(comments: tuple[Comment, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((c.text, c.kind) for c in comments)


def _card_part(card: PlayedCard):
    return card.suffix, card.nags, _comments(card.comments)


def _deal_signature(deal: Deal, spot: _Spot | None = None):
    """Everything a deal reads as, except the target's notes when ``spot`` is given."""
    kind = spot.kind if spot is not None else None
    tags = tuple((t.name, t.value, None if kind == "tag" and i == spot.index else _comments(t.comments))
                 for i, t in enumerate(deal.tags))
    play = None
    if deal.play is not None:
        p = deal.play
        cards = tuple((c.card, c.revoke) + ((None, None) if kind == "card" and i == spot.index
                                           else (_card_part(c), tuple(k for k, _, _ in c.notes)))
                      for i, c in enumerate(p.cards))
        play = (p.tag.name, p.tag.value, p.leader, cards, None if kind == "play" else _comments(p.comments),
                p.closed, _comments(p.trailing))
    return (deal.number, None if kind == "deal" else _comments(deal.comments), tags, play,
            tuple(p.code for p in deal.problems), tuple(sorted(deal.inherited.items())))


def _verify(old_deals: list[Deal], new_body: str, spot: _Spot, expected) -> None:
    new_deals = parse(new_body)
    target = next((d for d in new_deals if d.number == spot.deal.number), None)
    if target is None or not target.syntax_ok or _part(target, spot) != expected:
        raise AnnotateError(f"the edit would not read back as intended at {spot.what} (the text "
                            "around it is unusual); nothing was changed")
    if len(new_deals) != len(old_deals):
        raise AnnotateError(f"the edit at {spot.what} would change how the file splits into deals; "
                            "nothing was changed")
    for old, new in zip(old_deals, new_deals):
        mine = old.number == spot.deal.number and old.number > 0
        if _deal_signature(old, spot if mine else None) != _deal_signature(new, spot if mine else None):
            where = f"deal {old.number}" if old.number else "a comment block between deals"
            raise AnnotateError(f"the edit at {spot.what} would change how {where} reads; "
                                "nothing was changed")
