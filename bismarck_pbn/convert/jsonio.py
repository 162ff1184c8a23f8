"""Deals as JSON: export for analysts, import back to the model, checked by the schema.

A document is ``{"format": "bpn-json", "version": 2, "deals": [...]}``; JSON Lines
holds one deal object per line, for archives too big to load at once. A deal's
``tags`` and ``play`` are the record; its other fields are what the reader and the
engine make of it (readOnly in the schema, ignored on import). Import builds the same
model items the text parser builds and hands them to the same reader step, so
BPN → JSON → BPN gives exactly the canonical text, in every game.

Every game has one layout: seats 1 to N (``seats``), the sides that score (``sides``:
the partnerships, or each seat alone), one trick per N cards. What depends on the game
comes from its ruleset (:func:`bismarck_pbn.games.ruleset_of`); a game the package has
no ruleset for yet is laid out from its words (:mod:`bismarck_pbn.model.games`) and not
replayed. Version 1 documents (Bismarck only) are read as they always were. The schema
and the safe decoding of JSON text are :mod:`bismarck_pbn.convert.schema` (their names
stay importable from here).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import replace
from functools import lru_cache
from typing import Any

from bismarck_pbn.model.deal import NOWHERE, Auction, Call, Comment, Deal, Play, PlayedCard, Tag
from bismarck_pbn.diagnostics import diag
from bismarck_pbn.format.reader import DealReader
from bismarck_pbn.format.split import Chunk
from bismarck_pbn.convert.schema import (FORMAT, VERSION, SchemaError, UnreadableJSON, check, decode, schema,
                                         validator)
from bismarck_pbn.check.validate import Checked, check_deal, validate_deals
from bismarck_pbn.format.writer import canonical_tags, canonical_value, check_writable
from bismarck_pbn.games import Ruleset, ruleset_of
from bismarck_pbn.model.games import sides

_validator = validator  # its old name here (``bpn check-json`` used it)
__all__ = ["FORMAT", "VERSION", "SchemaError", "UnreadableJSON", "check", "deal_from_dict", "deal_to_dict",
           "derived_disagreements", "dumps", "iter_dicts", "iter_jsonl", "iter_jsonl_deals", "loads", "schema"]

# ---- export -------------------------------------------------------------------------

def _comments(comments: Iterable[Comment]) -> list[dict]:
    return [{"kind": c.kind, "text": c.text} for c in comments]


def _card(card: PlayedCard, seat: int | None) -> dict:
    out: dict[str, Any] = {"card": card.card}
    if seat is not None:
        out["seat"] = seat
    out["suffix"] = card.suffix
    out["nags"] = list(card.nags)
    out["comments"] = _comments(card.comments)
    out["revoke"] = card.revoke
    return out


def _auction(auction: Auction, game: str, seats: int) -> dict:
    """The auction section: the first seat, each call with its seat and notes."""
    value = canonical_value("Auction", auction.tag.value, game)
    first = int(value) if value.isdigit() and 1 <= int(value) <= seats else value
    calls = []
    seat = first if isinstance(first, int) else None
    for call in auction.calls:
        item: dict[str, Any] = {"call": call.call}
        if call.call == "Frisch" and isinstance(first, int):
            seat = first  # a new round begins from the first seat; the word itself is no one's
        elif seat is not None:
            item["seat"] = seat
            seat = seat % seats + 1
        item.update(suffix=call.suffix, nags=list(call.nags), comments=_comments(call.comments))
        calls.append(item)
    return {"first": first, "comments": _comments(auction.comments), "calls": calls,
            "trailing": _comments(auction.trailing)}


def _auction_from(obj: dict) -> Auction:
    calls = tuple(Call(c["call"], NOWHERE, c.get("suffix"), tuple(c.get("nags") or ()),
                       _from_comments(c.get("comments"))) for c in obj.get("calls", ()))
    tag = Tag("Auction", str(obj["first"]), NOWHERE)
    return Auction(tag, None, calls, _from_comments(obj.get("comments")), bool(obj.get("trailing")),
                   _from_comments(obj.get("trailing")))


def _table(deal: Deal) -> tuple[Ruleset | None, tuple[tuple[int, ...], ...]]:
    """The deal's ruleset (None when its game has none yet: then nothing is replayed)
    and the sides that score, from the game's words when there is no ruleset."""
    rules = ruleset_of(deal)
    if rules.name == deal.game and rules.seats == deal.seats:
        return rules, rules.sides()
    return None, sides(deal.game)


def _by_side(per_seat, sides) -> list[int]:
    return [sum(per_seat[s - 1] for s in side) for side in sides]


def _list(values) -> list | None:
    return list(values) if values is not None else None


def deal_to_dict(checked: Checked | Deal, *, with_replay: bool = False) -> dict:
    """One deal as a JSON-ready dict (see the schema), for any game: N seats, sides in
    partnership games, an ordered stock kept in its order. O(n)."""
    if isinstance(checked, Deal):
        checked = check_deal(checked)
    deal = checked.deal
    check_writable(deal)
    out: dict[str, Any] = {"bpn_version": deal.version} if deal.version in ("1.1", "1.2") else {}
    out |= {"number": deal.number, "comments": _comments(deal.comments)}
    if not deal.tags:
        out["tags"] = []
        return out
    tags = canonical_tags(deal)
    out["tags"] = [{"name": t.name, "value": t.value, "comments": _comments(t.comments)} for t in tags]
    headers = {t.name: t.value for t in tags}
    n = deal.seats
    seat_range = range(1, n + 1)
    rules, sides = _table(deal)
    partnership = len(sides) < n
    out["event"] = headers.get("Event")
    out["site"] = headers.get("Site")
    out["date"] = headers.get("Date")
    out["game"] = deal.game
    out["seats"] = n
    out["sides"] = [list(side) for side in sides]
    out["variant"] = str(deal.variant)
    out["players"] = [headers.get(f"Player{s}") for s in seat_range]
    out["board"] = deal.board
    out["dealer"] = deal.dealer
    out["forehand"] = deal.forehand
    out["contract"] = deal.contract
    trump = headers.get("Trump")
    out["trump"] = trump if trump in ("S", "H", "D", "C", "NT") else None
    out["turned"] = deal.turned
    out["declarer"] = deal.declarer
    out["hands"] = ({str(s): _list(h) for s, h in zip(seat_range, deal.hands)}
                    if deal.hands is not None else None)
    out["kitty"] = _list(deal.kitty)
    out["exchange"] = deal.exchange
    out["discard"] = _list(deal.discard)
    out["tricks"] = _list(deal.tricks)
    out["score"] = _list(deal.score)
    out["total"] = _list(deal.total)
    out["points"] = _list(deal.points)
    if deal.layouts and deal.game == "TurnoverBridge":  # (BPN 1.2: only where a Layout tag reads)
        out["layouts"] = {str(s): None if piles is None else [{"up": up, "down": down} for up, down in piles]
                          for s, piles in zip(seat_range, (*deal.layouts, None, None))}
    if deal.dummy is not None:
        out["dummy"] = deal.dummy
    replay = checked.result.replay if rules is not None else None
    out["auction"] = _auction(deal.auction, deal.game, deal.seats) if deal.auction is not None else None
    play = deal.play
    if play is None:
        out["play"] = None
    else:
        seats = replay.seats if replay is not None else []
        leader_value = canonical_value("Play", play.tag.value, deal.game)
        tricks = []
        won = [0] * n
        for i in range(0, len(play.cards), n):
            group = play.cards[i : i + n]
            trick: dict[str, Any] = {}
            if i < len(seats):
                trick["leader"] = seats[i]
            trick["cards"] = [_card(c, seats[i + k] if i + k < len(seats) else None) for k, c in enumerate(group)]
            number = i // n
            if with_replay and replay is not None and number < len(replay.winners):
                winner = replay.winners[number]
                won[winner - 1] += 1
                trick["winner"] = winner
                trick["won"] = list(won)
                if partnership:
                    trick["side_won"] = _by_side(won, sides)
            tricks.append(trick)
        out["play"] = {
            "leader": int(leader_value) if leader_value in [str(s) for s in seat_range] else leader_value,
            "comments": _comments(play.comments),
            "tricks": tricks,
            "trailing": _comments(play.trailing),
        }
    if with_replay:
        result = checked.result
        taken = result.tricks if rules is not None else None
        complete = (replay is not None and rules is not None and not replay.stopped
                    and rules.finished(replay.won))
        per_seat = (list(replay.won) if complete and replay is not None
                    else (list(taken) if taken is not None and len(taken) == n else None))
        out["result"] = {"tricks": per_seat}
        if partnership:
            out["result"]["side_tricks"] = (_by_side(per_seat, sides) if per_seat is not None
                                            else _list(taken))
        out["result"] |= {
            "score": _list(result.score) if rules is not None else None,
            "total": _list(checked.total) if rules is not None else None,
            "tricks_played": replay.tricks if replay is not None else 0,
            "errors": sum(1 for d in checked.diagnostics if d.is_error),
        }
    return out


def iter_dicts(deals: Iterable[Deal], *, with_replay: bool = False) -> Iterator[dict]:
    """Deals as dicts, checked on the way (for seats, winners and running totals)."""
    for checked in validate_deals(deals):
        yield deal_to_dict(checked, with_replay=with_replay)


def dumps(deals: Iterable[Deal], *, with_replay: bool = False, indent: int | None = 1) -> str:
    """A whole JSON document."""
    doc = {"format": FORMAT, "version": VERSION, "deals": list(iter_dicts(deals, with_replay=with_replay))}
    return json.dumps(doc, ensure_ascii=False, indent=indent) + "\n"


def iter_jsonl(deals: Iterable[Deal], *, with_replay: bool = False) -> Iterator[str]:
    """JSON Lines: one compact deal object per line. O(1) memory per deal."""
    for d in iter_dicts(deals, with_replay=with_replay):
        yield json.dumps(d, ensure_ascii=False, separators=(",", ":")) + "\n"


# ---- import ----------------------------------------------------------------------------

_EMPTY_CHUNK = Chunk("", 0, 0, ())


def _from_comments(items: Iterable[dict] | None) -> tuple[Comment, ...]:
    return tuple(Comment(c["text"], c["kind"], NOWHERE) for c in items or ())


def deal_from_dict(obj: dict, reader: DealReader, where: str = "$", line: int | None = None, *,
                   derived: bool = True) -> Deal | None:
    """Build a deal from a (schema-checked) dict with the reader's own last step, so the
    result is what reading the same record as text gives. ``reader`` carries session
    tags from one deal to the next. Derived (readOnly) fields that disagree with what the record gives are ignored, with
    a BPN106 warning each in ``Deal.problems`` (at ``line``, naming ``where``); ``derived=False``
    skips that comparison (a replay of the deal) for a quick look at the record."""
    deal = _deal_from_dict(obj, reader)
    if deal is not None and obj.get("bpn_version") is not None:
        deal = replace(deal, version=obj["bpn_version"])
    if deal is None or not deal.tags or not derived:
        return deal
    warnings = tuple(diag("BPN106", f"{where}.{path} is {_short(given)}, but the record gives {_short(fresh)}: "
                          "derived fields are ignored on import (change the tags or the play instead)", line or 1, 1)
                     for path, given, fresh in derived_disagreements(obj, deal))
    return replace(deal, problems=deal.problems + warnings) if warnings else deal


# Derived fields not compared: the position in the file changes when deals are cut or
# joined, which is no hand edit.
_NOT_COMPARED = frozenset({"number"})


def derived_disagreements(obj: dict, deal: Deal) -> list[tuple[str, Any, Any]]:
    """(path, value in ``obj``, value recomputed) for each derived field (readOnly in the
    schema: a deal's summary fields, each trick's leader, winner and count, each card's
    seat, the replay's result) that ``obj`` gives and that differs from what ``deal``
    gives. Replays the deal once. O(size of the deal)."""
    try:
        fresh = deal_to_dict(deal, with_replay=True)
    except ValueError:
        return []  # not writable: the problems say why
    out = [(key, obj[key], fresh.get(key)) for key in _derived_keys("deal")
           if key in obj and key not in _NOT_COMPARED | {"result"} and obj[key] != fresh.get(key)]
    # The replay's result, field by field; what needs the session around the deal (the
    # running total) is not known from the deal alone and not compared.
    made = fresh.get("result") or {}
    out += [(f"result.{key}", value, made[key]) for key, value in (obj.get("result") or {}).items()
            if made.get(key) is not None and value != made[key]]
    given_tricks = (obj.get("play") or {}).get("tricks") or []
    fresh_tricks = (fresh.get("play") or {}).get("tricks") or []
    for n, (given, made) in enumerate(zip(given_tricks, fresh_tricks)):
        out += [(f"play.tricks[{n}].{key}", given[key], made.get(key)) for key in _derived_keys("trick")
                if key in given and given[key] != made.get(key)]
        for k, (card, fresh_card) in enumerate(zip(given["cards"], made["cards"])):
            out += [(f"play.tricks[{n}].cards[{k}].{key}", card[key], fresh_card.get(key))
                    for key in _derived_keys("played_card") if key in card and card[key] != fresh_card.get(key)]
    return out


@lru_cache(maxsize=None)
def _derived_keys(definition: str) -> tuple[str, ...]:
    """The readOnly properties of a definition of the schema."""
    props = schema()["$defs"][definition].get("properties", {})
    return tuple(k for k, v in props.items() if v.get("readOnly"))


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _deal_from_dict(obj: dict, reader: DealReader) -> Deal | None:
    items: list = list(_from_comments(obj.get("comments")))
    for t in obj.get("tags", ()):
        items.append(Tag(t["name"], t["value"], NOWHERE, _from_comments(t.get("comments"))))
    if obj.get("auction") is not None:
        items.append(_auction_from(obj["auction"]))
    play = obj.get("play")
    if play is not None:
        cards = []
        for trick in play.get("tricks", ()):
            for c in trick["cards"]:
                cards.append(PlayedCard(c["card"], NOWHERE, bool(c.get("revoke")), c.get("suffix"),
                                        tuple(c.get("nags") or ()), _from_comments(c.get("comments"))))
        tag = Tag("Play", str(play["leader"]), NOWHERE)
        items.append(Play(tag, None, tuple(cards), _from_comments(play.get("comments")), True,
                          _from_comments(play.get("trailing"))))
    return reader.build(items, [], _EMPTY_CHUNK)


def loads(text: str) -> list[Deal]:
    """Deals from a JSON document (checked against the schema first: a fault is a
    :class:`SchemaError` at its line and column in ``text``)."""
    try:
        obj = decode(text)
    except json.JSONDecodeError as e:
        raise SchemaError("", f"not JSON: {e.msg}", e.lineno, e.colno) from None
    try:
        check(obj)
    except SchemaError as e:
        raise e.placed(text) from None
    reader = DealReader()
    deals = (deal_from_dict(x, reader, f"$.deals[{i}]") for i, x in enumerate(obj["deals"]))
    return [d for d in deals if d is not None]


def iter_jsonl_deals(lines: Iterable[str]) -> Iterator[Deal]:
    """Deals from JSON Lines, one at a time, each line checked against the schema (a
    fault is a :class:`SchemaError` at its line and column)."""
    reader = DealReader()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = decode(line, number)
        except json.JSONDecodeError as e:
            raise SchemaError("", f"not JSON: {e.msg}", number, e.colno) from None
        try:
            check(obj, part="deal", line=number)
        except SchemaError as e:
            raise e.placed(line, number) from None
        deal = deal_from_dict(obj, reader, "$", number)
        if deal is not None:
            yield deal
