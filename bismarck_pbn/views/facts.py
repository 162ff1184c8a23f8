"""What a position shows, apart from how it is drawn: the facts around a
:class:`~bismarck_pbn.check.position.Position` for any game (players, sides, the kitty or
stock, the faults at the card, the score at the end, the notes) and the whole position
as JSON-ready data (:func:`position_dict`, ``bpn show --format json``).

O(n) for a deal of n cards, apart from the cards still to come of an unknown hand
(O(n²)) and the score at the end, which the validator computes (O(n)).
"""

from __future__ import annotations

from bismarck_pbn.check.wording import fault_diagnostics as fault_words
from bismarck_pbn.diagnostics import Diagnostic
from bismarck_pbn.games import Ruleset, ruleset_of
from bismarck_pbn.games.tricks import Fault
from bismarck_pbn.model.cards import holding_text, sort_cards
from bismarck_pbn.check.position import Position, positions

__all__ = ["fault_diagnostics", "notes", "position_dict", "player", "result", "rules_of", "side_label"]


# ---- what the record knows around a position ------------------------------------------------

def rules_of(pos: Position) -> Ruleset:
    return pos.rules if pos.rules is not None else ruleset_of(pos.deal)


def seats(pos: Position) -> range:
    return range(1, pos.seats + 1)


def side_label(side: tuple[int, ...]) -> str:
    """``side 1–3`` for a partnership, ``seat 2`` for a seat alone."""
    return "side " + "–".join(map(str, side)) if len(side) > 1 else f"seat {side[0]}"


def player(pos: Position, seat: int) -> str | None:
    name = pos.deal.headers.get(f"Player{seat}")
    return name if name and name.strip("?") else None


def short_label(pos: Position, seat: int) -> str:
    name = player(pos, seat)
    return f"{seat} {name}" if name else f"seat {seat}"


def ordered_stock(pos: Position) -> bool:
    """Whether the Kitty tag lists the stock card by card, in order (German Whist)."""
    tag = pos.deal.tag("Kitty")
    return tag is not None and "." not in tag.value and pos.deal.kitty is not None


def kitty(pos: Position) -> tuple[str, ...] | None:
    """The kitty or stock as dealt: the Kitty tag, or the cards of the game's deck no
    recorded hand holds (in games that deal one)."""
    deal = pos.deal
    if deal.kitty is not None:
        return deal.kitty
    rules = rules_of(pos)
    hands = deal.hands
    if rules.kitty_size and hands is not None and len(hands) == pos.seats and all(h is not None for h in hands):
        held = {c for h in hands for c in h}  # type: ignore[union-attr]
        return sort_cards(c for c in rules.deck if c not in held)
    return None


def kitty_text(pos: Position, cards: tuple[str, ...]) -> str:
    return " ".join(cards) if ordered_stock(pos) else holding_text(cards)


def has_exchange(pos: Position) -> bool:
    deal = pos.deal
    return rules_of(pos).asks().discard > 0 or deal.exchange is not None or deal.discard is not None


def current_index(pos: Position) -> int | None:
    """Index in the play of the card just played, None before the first lead."""
    return pos.played - 1 if pos.played else None


def faults_here(pos: Position) -> list[Fault]:
    index = current_index(pos)
    return [f for f in pos.faults if f.index == index]


def fault_diagnostics(pos: Position) -> list[Diagnostic]:
    """The faults of the card just played as the validator words them (BPN502–504). O(f)."""
    faults = faults_here(pos)
    if not faults:
        return []
    rules = rules_of(pos)
    return fault_words(pos.deal, faults, pos.seats, rules.tricks)


def still_to_play(pos: Position) -> dict[int, list[str]]:
    """For each seat, the cards the record shows it playing after this position."""
    later: dict[int, list[str]] = {s: [] for s in seats(pos)}
    for after in positions(pos.deal)[pos.played + 1 :]:
        seat, card = after.table[-1]
        later[seat].append(card)
    return later


def complete(pos: Position) -> bool:
    """Whether every trick of the deal has been played at this position."""
    return pos.played >= rules_of(pos).tricks * pos.seats


def result(pos: Position, settled: tuple[int, ...] | None = None
           ) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]] | None:
    """At the end of the play: the score and the sides (or seats) it is given to, as
    the validator computes it (from the play, or the Tricks and Score tags of a claimed
    deal), or as ``settled`` gives it: the score the deal's session settles where the
    deal alone does not decide it (Swedish Whist's exits). None before the end, or when
    it cannot be known."""
    if not pos.finished or not pos.played:
        return None
    from bismarck_pbn.check.validate import check_deal

    rules = rules_of(pos)
    score = settled if settled is not None else check_deal(pos.deal).result.score
    if score is None:
        return None
    sides = rules.sides() if rules.counts_per_side() else tuple((s,) for s in seats(pos))
    return (tuple(score), sides) if len(score) == len(sides) else None


def notes(pos: Position) -> dict:
    """Suffix, NAGs, ^R and comments at the card just played; before the first lead,
    the comments that open the play section."""
    card = pos.card
    if card is None:
        play = pos.deal.play
        comments = play.comments if play is not None else ()
        return {"suffix": None, "nags": [], "revoke_marked": False,
                "comments": [{"kind": c.kind, "text": c.text} for c in comments]}
    return {"suffix": card.suffix, "nags": list(card.nags), "revoke_marked": card.revoke,
            "comments": [{"kind": c.kind, "text": c.text} for c in card.comments]}


# ---- JSON ------------------------------------------------------------------------------------

def position_dict(pos: Position, settled: tuple[int, ...] | None = None) -> dict:
    """The position as plain JSON data. Seats are keys ``"1"``–``"N"`` in ``hands``;
    a hand is null when the record does not give it. ``card`` is the card's place in
    its trick (1–N, 0 before the first lead) and ``played`` the cards played so far.
    ``sides`` are the partnerships (null when each seat plays for itself), ``stock`` what
    is left of an ordered stock, ``score`` the deal's score once the play is over (per
    side or seat; ``settled`` where its session decides it, see :func:`result`). ``notes`` are those of the card just played
    (before the first lead: the comments opening the play section); ``faults`` those
    found at that card. O(n)."""
    deal = pos.deal
    rules = rules_of(pos)
    all_seats = seats(pos)
    dealt_aside = kitty(pos)
    faults = faults_here(pos)
    messages = fault_diagnostics(pos)
    score = result(pos, settled)
    stock = getattr(pos, "stock", None)
    return {
        "deal": deal.number,
        "board": deal.board,
        "game": rules.name,
        "trick": pos.trick,
        "card": (pos.played - 1) % pos.seats + 1 if pos.played else 0,
        "played": pos.played,
        "total_cards": pos.total_cards,
        "finished": pos.finished,
        "players": {str(s): player(pos, s) for s in all_seats},
        "sides": [list(side) for side in rules.sides()] if rules.partnership else None,
        "dealer": deal.dealer,
        "forehand": deal.forehand,
        "declarer": deal.declarer,
        "hands": {str(s): list(h) if h is not None else None for s, h in zip(all_seats, pos.hands)},
        "kitty": list(dealt_aside) if dealt_aside is not None else None,
        "stock": list(stock) if stock is not None else None,
        **({"layouts": {str(s): None if piles is None else
                        [{"state": kind, "card": card, "under": under} for kind, card, under in piles]
                        for s, piles in zip(all_seats, pos.piles)}} if pos.piles is not None else {}),
        "turned": deal.turned,
        "exchange": deal.exchange,
        "discard": list(deal.discard) if deal.discard is not None else None,
        "contract": deal.contract,
        "trump": pos.trump,
        "table": [{"seat": seat, "card": card} for seat, card in pos.table],
        "leader": pos.table_leader,
        "winner": pos.table_winner,
        "to_play": pos.to_play,
        "won": list(pos.won),
        "quotas": list(pos.quotas) if pos.quotas is not None else None,
        "score": list(score[0]) if score is not None else None,
        "notes": notes(pos),
        "faults": [{"kind": f.kind, "seat": f.seat, "card": f.card, "detail": f.detail,
                    "code": d.code, "severity": d.severity, "message": d.message}
                   for f, d in zip(faults, messages)],
    }
