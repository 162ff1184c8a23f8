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
- a **card**, by trick and card: its suffix, NAGs and comments;
- a **call** of the auction, by its number (from 1): its suffix, NAGs and comments.
  The ``Auction`` tag, like ``Play``, stands for the comments before the first call.

After every edit the new text is read again and compared with the old: the target must
carry the new note (or none, after clearing) and everything else must read the same,
or :class:`AnnotateError` is raised and nothing is written.
"""

from __future__ import annotations

import os
from pathlib import Path
from collections.abc import Callable
from typing import Any, NamedTuple

from bismarck_pbn.model.deal import Deal
from bismarck_pbn.format.encoding import SNIFF, byte_place, sniff
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.splice import AnnotateError as AnnotateError, Spot as _Spot
from bismarck_pbn.format.splice import add_comment as _add_comment, add_nag as _add_nag, card_part as _card_part
from bismarck_pbn.format.splice import Part, clear as _clear, comments_part as _comments, part as _part
from bismarck_pbn.format.splice import remove_some as _remove_some, set_suffix as _set_suffix
from bismarck_pbn.games import ruleset_of
from bismarck_pbn.safewrite import ChangedOnDisk, Fingerprint, atomic_write

SUFFIXES = ("!", "?", "!!", "??", "!?", "?!")
"""The suffix annotations BPN allows."""

_BOM = "\ufeff"


class NotUTF8(AnnotateError):
    """The file is not valid UTF-8: it is not edited (writing it back could lose bytes)."""


class NoSuchDeal(AnnotateError):
    """The file has no deal of the number asked for (the command line takes it for a
    usage error, exit 2, as show, replay, html and analyse do)."""


class Target(NamedTuple):
    """What to annotate: a deal (numbered from 1 among the deals of the file), and within
    it a tag by name, a card by trick (from 1) and card (from 1 to the cards a trick of
    the deal's game: 2, 3 or 4), a call of the auction by its number (from 1), or none
    of them (the deal)."""

    deal: int
    tag: str | None = None
    trick: int | None = None
    card: int | None = None
    call: int | None = None

    def describe(self) -> str:
        """``deal 2``, ``deal 2, tag Site``, ``deal 2, trick 4, card 1`` or ``deal 2, call 5``."""
        if self.call is not None:
            return f"deal {self.deal}, call {self.call}"
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


def annotate_file(path: str | Path, target: Target, **edit: Any) -> tuple[str, str]:
    """Edit the file at ``path`` atomically; return (old text, new text). Raises
    :class:`AnnotateError` for a bad target and ``safewrite.ChangedOnDisk`` when the
    file changed on disk while being edited."""
    old, result = edit_file(path, target, **edit)
    return old, result.text


def edit_file(path: str | Path, target: Target, *, write: bool = True, **edit: Any) -> tuple[str, Edit]:
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
    found = sniff(data[: SNIFF + 4])
    if found.problem is not None and not found.is_text:
        raise NotUTF8(str(found.problem.at(str(path))) + "; nothing was written")
    if found.wide:
        raise NotUTF8(f"{path} is {found.encoding.upper()}, not UTF-8: annotate edits UTF-8 files in place; "
                      f"nothing was written. bpn fmt --in-place {path} rewrites it as UTF-8")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line, column = byte_place(data, e.start)
        raise NotUTF8(f"{path}:{line}:{column}: BPN003 error: not valid UTF-8 at byte offset {e.start} "
                      f"(byte 0x{data[e.start]:02x}); nothing was written. Convert the file to "
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
        assert suffix is not None  # _check_request: exactly one edit is given
        plan = _set_suffix(body, spot, suffix)
    start, end, replacement, expected, notice = plan

    if body[start:end] == replacement:
        return Edit(text, start + len(bom), end + len(bom), replacement, False,
                    notice or f"nothing to change at {spot.what}", spot.what)
    new_body = body[:start] + replacement + body[end:]
    _verify(deals, new_body, spot, expected)
    return Edit(bom + new_body, start + len(bom), end + len(bom), replacement, True, notice, spot.what)


def remove_notes(text: str, target: Target, *, comments: Callable[[str], object] | None = None,
                 suffix: str | None = None) -> str:
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
    for i, (kind, _start, _end) in enumerate(spot.notes):
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
    new_body = _remove_some(body, spot, drop)
    _verify(deals, new_body, spot, expected)
    return bom + new_body


# ---- checking the request and finding the target ---------------------------------------

def _check_request(target: Target, comment: str | None, kind: str, nag: int | None, suffix: str | None,
                   clear: bool) -> None:
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
    if sum((target.tag is not None, is_card, target.call is not None)) > 1:
        raise AnnotateError("give one of a tag, a card (trick and card) or a call, not several")
    if target.call is not None and (not isinstance(target.call, int) or isinstance(target.call, bool)
                                    or target.call < 1):
        raise AnnotateError(f"calls are numbered from 1, not {target.call!r}")
    if is_card and (target.trick is None or target.card is None):
        raise AnnotateError("a card is given by its trick and its card in the trick: both are needed")
    if is_card:
        if not isinstance(target.trick, int) or target.trick < 1:
            raise AnnotateError(f"tricks are numbered from 1, not {target.trick!r}")
        if not isinstance(target.card, int) or isinstance(target.card, bool) or target.card < 1:
            raise AnnotateError(f"cards in a trick are numbered from 1, not {target.card!r}")
    if (nag is not None or suffix is not None) and not is_card and target.call is None:
        raise AnnotateError(f"{'NAGs' if nag is not None else 'suffixes'} go with a card or a call: "
                            "give the trick and the card, or the call")
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
        raise NoSuchDeal(f"there is no deal {target.deal}: the file has {n} deal{'s' if n != 1 else ''}")
    if not deal.syntax_ok:
        p = next(p for p in deal.problems if p.code in ("BPN001", "BPN002"))
        raise AnnotateError(f"deal {deal.number} has a syntax error at line {p.line}, column {p.column} "
                            f"({p.message}); fix it before annotating this deal")
    if target.tag is not None:
        return _find_tag(deal, target.tag)
    if target.trick is not None and target.card is not None:  # (_check_request: both or neither)
        return _find_card(deal, target.trick, target.card)
    if target.call is not None:
        return _find_call(deal, target.call)
    return _Spot("deal", deal, what=f"deal {deal.number}")


def _find_tag(deal: Deal, name: str) -> _Spot:
    what = f"deal {deal.number}, tag {name}"
    if name == "Auction" and deal.auction is not None:
        auction = deal.auction
        notes = tuple((c.kind, c.pos.offset, c.end) for c in auction.comments)
        return _Spot("auction", deal, deal.tags.index(auction.tag), auction.tag.end, notes, what)
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
    n = ruleset_of(deal).seats
    if card > n:
        raise AnnotateError(f"a trick of {ruleset_of(deal).name} has {n} cards: the card in a trick is "
                            f"1 to {n}, not {card}")
    index = (trick - 1) * n + (card - 1)
    if index >= len(cards):
        full, rest = divmod(len(cards), n)
        played = f"{full} trick{'s' if full != 1 else ''}" + (
            f" and {rest} card{'s' if rest != 1 else ''} of trick {full + 1}" if rest else "")
        raise AnnotateError(f"deal {deal.number} has no trick {trick}, card {card}: its play section "
                            f"holds {len(cards)} card{'s' if len(cards) != 1 else ''} ({played})")
    played_card = cards[index]
    return _Spot("card", deal, index, played_card.card_end, played_card.notes,
                 f"deal {deal.number}, trick {trick}, card {card} ({played_card.card})")


def _find_call(deal: Deal, number: int) -> _Spot:
    if deal.auction is None:
        raise AnnotateError(f"deal {deal.number} has no auction section, so no call {number}")
    calls = deal.auction.calls
    if number > len(calls):
        raise AnnotateError(f"deal {deal.number} has no call {number}: its auction holds "
                            f"{len(calls)} call{'s' if len(calls) != 1 else ''}")
    call = calls[number - 1]
    return _Spot("call", deal, number - 1, call.call_end, call.notes,
                 f"deal {deal.number}, call {number} ({call.call})")


# ---- checking the result -----------------------------------------------------------------

def _deal_signature(deal: Deal, spot: _Spot | None = None) -> tuple[object, ...]:
    """Everything a deal reads as, except the target's notes when ``spot`` is given."""
    kind, index = (spot.kind, spot.index) if spot is not None else (None, -1)
    tags = tuple((t.name, t.value, None if kind == "tag" and i == index else _comments(t.comments))
                 for i, t in enumerate(deal.tags))
    play = None
    if deal.play is not None:
        p = deal.play
        cards = tuple((c.card, c.revoke) + ((None, None) if kind == "card" and i == index
                                           else (_card_part(c), tuple(k for k, _, _ in c.notes)))
                      for i, c in enumerate(p.cards))
        play = (p.tag.name, p.tag.value, p.leader, cards, None if kind == "play" else _comments(p.comments),
                p.closed, _comments(p.trailing))
    auction = None
    if deal.auction is not None:
        a = deal.auction
        calls = tuple((c.call,) + ((None, None) if kind == "call" and i == index
                                   else (_card_part(c), tuple(k for k, _, _ in c.notes)))
                      for i, c in enumerate(a.calls))
        auction = (a.tag.value, a.first, calls, None if kind == "auction" else _comments(a.comments),
                   a.closed, _comments(a.trailing))
    return (deal.number, None if kind == "deal" else _comments(deal.comments), tags, play, auction,
            tuple(p.code for p in deal.problems), tuple(sorted(deal.inherited.items())))


def _verify(old_deals: list[Deal], new_body: str, spot: _Spot, expected: Part) -> None:
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
