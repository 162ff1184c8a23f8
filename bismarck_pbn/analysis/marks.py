"""Writing an analysis into the record: ``?``/``??`` on the cards that cost tricks, a
short comment with the cards that would have kept them, and a line on the contract.

Every comment written here starts with ``dd:``; a suffix written here is recorded in
its comment (``{dd:? …}``), so that a re-run first takes back exactly its own notes
(:func:`~bismarck_pbn.format.edit.remove_notes`) and never touches the user's. A card
that already carries the user's suffix gets the comment only. All edits go through
the lossless editor: every other byte of the file stays as it was.
"""

from __future__ import annotations

import re

from bismarck_pbn.analysis.analyse import DealAnalysis
from bismarck_pbn.format.edit import Target, edit_text, remove_notes
from bismarck_pbn.format.reader import parse
from bismarck_pbn.games import ruleset_of

PREFIX = "dd:"
_OURS = re.compile(r"^dd:(\?\??)?(\s|$)")


def is_ours(comment: str) -> bool:
    return _OURS.match(comment) is not None


def _trick_word(n: int) -> str:
    return f"{n} trick{'s' if n != 1 else ''}"


def strip_marks(text: str, deal_number: int) -> str:
    """``text`` without the notes an earlier analysis wrote into deal ``deal_number``."""
    deal = next(d for d in parse(text) if d.number == deal_number)
    n = ruleset_of(deal).seats
    if deal.play is not None:
        for i, card in enumerate(deal.play.cards):
            ours = [c.text for c in card.comments if is_ours(c.text)]
            if not ours:
                continue
            mark = _OURS.match(ours[0]).group(1)
            text = remove_notes(text, Target(deal_number, trick=i // n + 1, card=i % n + 1),
                                comments=is_ours, suffix=mark)
    for tag in ("Contract", "Play"):
        t = deal.tag(tag)
        if t is not None and any(is_ours(c.text) for c in t.comments):
            text = remove_notes(text, Target(deal_number, tag=tag), comments=is_ours)
    return text


def write_marks(text: str, analysis: DealAnalysis) -> str:
    """``text`` with deal ``analysis.deal.number``'s old marks replaced by new ones."""
    n = analysis.deal.number
    text = strip_marks(text, n)
    deal = next(d for d in parse(text) if d.number == n)
    cards = deal.play.cards if deal.play is not None else ()
    seats = ruleset_of(deal).seats
    for play in analysis.plays:
        if not play.cost:
            continue
        index = (play.trick - 1) * seats + play.position - 1
        target = Target(n, trick=play.trick, card=play.position)
        better = ", ".join(play.better)
        words = f"costs {_trick_word(play.cost)}; {better} would have kept {'it' if play.cost == 1 else 'them'}"
        if cards[index].suffix is None:
            text = edit_text(text, target, suffix=play.mark).text
            text = edit_text(text, target, comment=f"{PREFIX}{play.mark} {words}").text
        else:
            text = edit_text(text, target, comment=f"{PREFIX} {words}").text
    tag = "Contract" if deal.tag("Contract") is not None else "Play" if deal.tag("Play") is not None else None
    if analysis.dd_tricks is not None and tag is not None:
        since = f" from trick {analysis.from_trick} on" if analysis.from_trick > 1 else ""
        line = f"{PREFIX} double dummy {analysis.dd_who} {_trick_word(analysis.dd_tricks)}{since}"
        if analysis.actual_tricks is not None:
            line += f" (took {analysis.actual_tricks})"
        text = edit_text(text, Target(n, tag=tag), comment=line).text
    return text
