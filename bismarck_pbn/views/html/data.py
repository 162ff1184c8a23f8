"""The data a web page shows: one JSON-ready dict per deal, and the index of sessions.

:func:`deal_data` is the one place that turns a deal into what the page's viewer
draws; another game plugs in by giving the same fields (``seats``, ``sides``,
``auction``, ``start`` hands and ``play`` with each card's seat). The viewer takes the
number of seats, the trick size and the partnerships from the data, never from
Bismarck's rules. Everything is O(n) in the cards of a deal, apart from
:func:`~bismarck_pbn.check.position.positions` (O(n²), n ≤ 48).
"""

from __future__ import annotations

from collections.abc import Iterable

from bismarck_pbn.check.validate import Checked
from bismarck_pbn.diagnostics import Diagnostic
from bismarck_pbn.games import bismarck as engine
from bismarck_pbn.model.cards import rest_of_deck
from bismarck_pbn.model.deal import Comment, Deal
from bismarck_pbn.model.games import GAMES
from bismarck_pbn.session.standings import BoardRow, Session, standings_of_checked
from bismarck_pbn.check.position import positions
from bismarck_pbn.model.nags import NAG_MEANINGS



def _auction(deal: Deal) -> list[dict]:
    """The calls laid out for the viewer's table: one call a seat in turn from the first
    caller, so that rows of ``seats`` calls line up; a Frisch (Israeli Whist) closes its
    row, stands on a row of its own, and the next round starts again at the first seat."""
    auction = deal.auction
    if auction is None or not auction.calls:
        return []
    n, first = deal.seats, auction.first or 1
    out: list[dict] = []

    def pad() -> None:
        while len(out) % n:
            out.append({"seat": (first - 1 + len(out) % n) % n + 1, "call": ""})

    for call in auction.calls:
        if call.call == "Frisch":
            pad()
            out.append({"seat": first, "call": "Frisch"})
            pad()
            continue
        out.append({"seat": (first - 1 + len(out) % n) % n + 1, "call": call.call + (call.suffix or "")})
    return out


def _sides(deal: Deal) -> list[list[int]]:
    """The partnerships of the deal's game (seats 1 and 3 against 2 and 4), or none."""
    words = GAMES.get(deal.game)
    return [[1, 3], [2, 4]] if words is not None and words.partnership else []


def _list(values) -> list | None:
    return list(values) if values is not None else None


def _comments(comments: Iterable[Comment]) -> list[str]:
    return [c.text.replace("\r\n", "\n").strip() for c in comments]


def _diagnostic(d: Diagnostic) -> dict:
    return {"code": d.code, "severity": d.severity, "message": d.message, "line": d.line}


def _player(headers: dict[str, str], seat: int) -> str | None:
    name = headers.get(f"Player{seat}")
    return name.strip() if name and name.strip("? ") else None


def _kitty(deal: Deal) -> tuple[str, ...] | None:
    if deal.kitty is not None:
        return deal.kitty
    if deal.hands is not None and all(h is not None for h in deal.hands):
        return rest_of_deck(deal.hands)
    return None


def dd_data(analysis) -> list[dict]:
    """A deal's double-dummy analysis (:class:`~bismarck_pbn.analysis.analyse.DealAnalysis`)
    as the viewer takes it: for each card played, at the moment before it, the seat to
    play and each legal card's value ``[card, tricks]`` in canonical order (tricks of
    its side from that trick on), the best value and whether the side wants few; or
    ``values`` null and ``why``. With the sides known, ``side``: the seats whose tricks
    the values count, and ``for``: the sides analysed, in words (``--side``)."""
    out = []
    sides = analysis.sides
    n = analysis.deal.seats
    for p in analysis.plays:
        if p.values is None:
            entry = {"seat": p.seat, "values": None, "why": p.reason or "not solved"}
        else:
            entry = {"seat": p.seat, "values": [[c, v] for c, v in p.values.items()], "best": p.best,
                     "few": p.wants_few}
        if sides is not None and p.seat:
            entry["side"] = list(sides.seats_with(p.seat, n))
            entry["for"] = sides.label
        out.append(entry)
    return out


def deal_data(deal: Deal, checked: Checked, dd: list[dict] | None = None) -> dict:
    """What the page needs of one deal, as JSON-ready data.

    ``start`` holds each seat's cards when the play begins (after the exchange; null
    where the record does not give them); ``play`` each card replayed with its seat,
    its notes, the faults the validator finds at it, and, on the last card of a trick,
    the trick's winner. The viewer derives every position from these. ``problems``
    are the diagnostics that belong to no card. ``sides`` (partnerships, e.g.
    ``[[1, 3], [2, 4]]``) and ``auction`` (``[{"seat", "call"}]``, rows of one call a
    seat from the first caller; a Frisch on a row of its own) are empty for Bismarck.
    ``score`` is the deal's score as its session settles it (Swedish Whist's exits
    included, as the score sheet has it), per seat or per side; ``points`` each seat's
    individual points where the game keeps them, else null. O(n²) for n cards (the
    positions), n ≤ 48.
    """
    headers = deal.headers
    data: dict = {
        "number": deal.number, "board": deal.board, "game": deal.game,
        "event": headers.get("Event"), "date": headers.get("Date"),
        "variant": str(deal.variant), "forehand": deal.forehand,
        "contract": deal.contract, "trump": None, "declarer": deal.forehand,
        "sides": _sides(deal), "auction": _auction(deal),
        "kitty": _list(_kitty(deal)), "exchange": deal.exchange, "discard": _list(deal.discard),
        "dealt": [_list(h) for h in deal.hands] if deal.hands is not None else None,
        "tricks": _list(checked.result.tricks),
        "score": _list(checked.settled if checked.settled is not None else checked.result.score),
        "total": _list(checked.total), "points": _list(checked.points if checked.points is not None else deal.points),
        "comments": _comments(deal.comments),
        "tag_notes": [[t.name, text] for t in deal.tags for text in _comments(t.comments)],
        "play_comments": _comments(deal.play.comments) if deal.play is not None else [],
        "trailing": _comments(deal.play.trailing) if deal.play is not None else [],
        "start": None, "quotas": None, "leader": None, "play": [], "unreplayed": [],
        "problems": [], "error": None,
    }
    cards = deal.play.cards if deal.play is not None else ()
    at_card = {(c.pos.line, c.pos.column): i for i, c in enumerate(cards)}
    card_diags: dict[int, list[dict]] = {}
    for d in checked.diagnostics:
        i = at_card.get((d.line, d.column))
        if i is None:
            data["problems"].append(_diagnostic(d))
        else:
            card_diags.setdefault(i, []).append(_diagnostic(d))
    try:
        moments = positions(deal) if deal.syntax_ok else []
    except Exception as exc:  # a record the replay cannot follow: say so, draw what is known
        moments = []
        data["error"] = f"this deal cannot be replayed: {exc}"
    if not deal.syntax_ok:
        data["error"] = "this deal does not read (syntax errors): it cannot be replayed"
    seats = len(deal.hands) if deal.hands is not None else deal.seats
    data["seats"] = seats
    data["players"] = [_player(headers, s) for s in range(1, seats + 1)]
    if moments:
        first = moments[0]
        data["trump"] = first.trump
        data["start"] = [_list(h) for h in first.hands]
        data["quotas"] = _list(first.quotas)
        data["leader"] = first.to_play
        data["seats"] = len(first.hands)
        if first.piles is not None:  # Turnover Bridge: each seat's piles, drawn as they lie
            data["layouts"] = [None if piles is None else [[up, down] for up, down in piles]
                               for piles in (list(deal.layouts) + [None] * seats)[:seats]]
            data["rows"] = list(getattr(first.rules, "rows", ()))
    if data["trump"] is None and deal.contract is not None:
        data["trump"] = deal.trump or engine.implied_trump(deal.contract)
    for pos in moments[1:]:
        i = pos.played - 1
        card = cards[i]
        entry: dict = {"seat": pos.table[-1][0], "card": card.card}
        if pos.table_winner is not None:
            entry["winner"] = pos.table_winner
        if card.suffix:
            entry["suffix"] = card.suffix
        if card.nags:
            entry["nags"] = [[n, NAG_MEANINGS.get(n, f"NAG {n}")] for n in card.nags]
        if card.revoke:
            entry["revoke"] = True
        if card.comments:
            entry["comments"] = _comments(card.comments)
        if i in card_diags:
            entry["faults"] = card_diags.pop(i)
        data["play"].append(entry)
    if dd is not None:
        data["dd"] = dd[: len(data["play"])]
    done = len(data["play"])
    for i in range(done, len(cards)):
        data["unreplayed"].append(cards[i].card)
        data["problems"].extend(card_diags.pop(i, ()))
    return data


def _row(row: BoardRow) -> dict:
    return {"deal": row.number, "board": row.board, "forehand": row.forehand,
            "contract": row.contract, "trump": row.trump, "tricks": _list(row.tricks),
            "score": _list(row.score), "total": _list(row.total), "errors": row.errors}


def _session(session: Session) -> dict:
    """A session's score sheet: what ``bpn standings --format json`` gives for it
    (:meth:`Session.as_dict`: sides, rows with points and marks, games won, rounds,
    the zero-sum check, what is left to play), each row with its deal's number (for the
    link) and its errors; with a schedule, ``to_play_grid``: the columns and heading of
    the grid of what is left to play, as ``bpn standings`` draws it."""
    data = session.as_dict()
    for row, out in zip(session.boards, data["boards"]):
        out["deal"] = row.number
        out["errors"] = row.errors
    to_play = session.to_play()
    if to_play is not None:
        data["to_play_grid"] = {"contracts": session.to_play_columns(to_play), "schedule": session.schedule_words()}
    return data


def page_data(deals: Iterable[Deal], *, title: str | None = None, deal: int | None = None,
              dd: dict[int, list[dict]] | None = None) -> dict:
    """The whole page's data: the index (sessions and standalone deals) and the deals.
    With ``deal``, only that deal (counting from 1) and no index; ``dd``: by deal
    number, :func:`dd_data` of its analysis. O(n) deals, each as
    :func:`deal_data`. Raises LookupError when there is no deal ``deal``."""
    from bismarck_pbn.check.validate import validate_deals

    checked = [c for c in validate_deals(deals) if c.deal.tags]
    index: list[dict] = []
    for item in standings_of_checked(iter(checked)):
        if isinstance(item, Session):
            index.append({"kind": "session", **_session(item)})
        else:
            index.append({"kind": "deal", **_row(item)})
    if deal is not None:
        checked = [c for c in checked if c.deal.number == deal]
        if not checked:
            raise LookupError(f"there is no deal {deal}")
        index = []
    first = checked[0].deal.headers if checked else {}
    if title is None:
        parts = [first.get("Event"), first.get("Date")]
        title = " · ".join(p for p in parts if p and p.strip("? ")) or "Bismarck hand records"
        if deal is not None:
            title = f"Deal {deal} · {title}"
    return {"title": title, "index": index, "deals": [deal_data(c.deal, c, (dd or {}).get(c.deal.number)) for c in checked],
            "single": deal is not None}
