"""What a replay shows of a deal, apart from how it is drawn: its positions, and at each
card its notes and the faults of the record there, in the validator's words.

:class:`DealView` serves both the printed replay (``bpn replay`` when the output is not
a terminal) and the interactive one (:mod:`bismarck_pbn.views.tui`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from bismarck_pbn.check.wording import FAULT_CODES, fault_diagnostic
from bismarck_pbn.games import Ruleset, ruleset_of
from bismarck_pbn.games.tricks import Fault
from bismarck_pbn.diagnostics import Diagnostic
from bismarck_pbn.model.deal import Deal, PlayedCard
from bismarck_pbn.format.writer import comment_text
from bismarck_pbn.check.position import Position, auction_lines, positions
from bismarck_pbn.format.reader import parse
from bismarck_pbn.check.validate import DealResult, check_deal
from bismarck_pbn.format.values import signed_text
from bismarck_pbn.sources import Source, read_source, syntax_problems

CARD_CODES = frozenset(FAULT_CODES.values())


def trick_and_card(index: int, seats: int = 3) -> tuple[int, int]:
    """Trick (from 1) and card in the trick (1 to ``seats``) of the card at ``index``
    (from 0), in a game of ``seats`` cards a trick."""
    return index // seats + 1, index % seats + 1


def seats_text(rules: Ruleset, per_side: bool) -> str:
    """``seats 1 2 3`` or, counted by side, ``sides 1–3 2–4``."""
    if per_side:
        return "sides " + " ".join("–".join(map(str, side)) for side in rules.sides())
    return "seats " + " ".join(map(str, rules.seat_range()))


class ReplayInput(NamedTuple):
    """A file read for replaying: its text, raw bytes and deals (comment blocks left out)."""

    text: str
    data: bytes
    deals: list[Deal]
    problems: list[Diagnostic]
    """Syntax problems anywhere in the file."""
    warning: Diagnostic | None = None
    """How the file was decoded, when that is worth a word (BPN004: read as UTF-16)."""


def load(source: Source) -> ReplayInput:
    """Read and parse a source; raises :class:`ReadFailure`."""
    text, data, warning = read_source(source, "utf-8")
    all_deals = parse(text)
    return ReplayInput(text, data, [d for d in all_deals if d.number > 0], syntax_problems(all_deals), warning)


Settled = Callable[[], tuple[int, ...] | None]
"""Gives the score a deal's session settles for it (see
:func:`bismarck_pbn.session.settled.settled_score`), asked only when the rules cannot
score the deal on its own."""


class DealView:
    """One deal as ``replay`` shows it: positions 0 (before the first lead) to n.
    ``settled``: the score the deal's session settles, for a deal the rules cannot
    score alone (Swedish Whist)."""

    def __init__(self, deal: Deal, settled: Settled | None = None):
        self.deal = deal
        self._settled = settled
        self._asked = False
        self._settled_value: tuple[int, ...] | None = None
        self.headers = deal.headers
        self.error: str | None = None
        self.positions: list[Position] = []
        self.diagnostics: list[Diagnostic] = []
        self.rules = ruleset_of(deal)
        self.result: DealResult | None = None
        cards = deal.play.cards if deal.play is not None else ()
        self.cards: tuple[PlayedCard, ...] = cards
        if not deal.syntax_ok:
            self.error = "this deal does not read (syntax errors): it cannot be replayed"
            self.diagnostics = [p for p in deal.problems]
            return
        try:
            self.positions = positions(deal)
            if self.positions and self.positions[0].rules is not None:
                self.rules = self.positions[0].rules
            checked = check_deal(deal)
            self.diagnostics = list(checked.diagnostics)
            self.result = checked.result
        except Exception as exc:  # a record the replay cannot cope with: say so, do not crash
            self.error = f"this deal cannot be replayed: {type(exc).__name__}: {exc}"
            self.positions = []
        index_of = {(c.pos.line, c.pos.column): i for i, c in enumerate(cards)}
        self._card_diags: dict[int, list[Diagnostic]] = {}
        self.deal_diagnostics: list[Diagnostic] = []
        for d in self.diagnostics:
            i = index_of.get((d.line, d.column)) if d.code in CARD_CODES else None
            if i is None:
                self.deal_diagnostics.append(d)
            else:
                self._card_diags.setdefault(i, []).append(d)

    # -- what there is ------------------------------------------------------------------

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def last(self) -> int:
        """Index of the last position (the number of cards replayed)."""
        return max(len(self.positions) - 1, 0)

    @property
    def seats(self) -> int:
        """Cards a trick: the game's seats."""
        return self.rules.seats

    def trick_and_card(self, index: int) -> tuple[int, int]:
        """Trick and card in the trick of the card at ``index`` (from 0)."""
        return trick_and_card(index, self.seats)

    @property
    def unreplayed(self) -> range:
        """Indexes of cards in the record that the replay did not reach (past the game's
        last trick, or after trick 1 when the trump is not known)."""
        return range(self.last, len(self.cards)) if self.positions else range(0)

    def unreplayed_reason(self, index: int) -> str:
        if index >= self.rules.tricks * self.seats:
            return f"a deal has {self.rules.tricks} tricks"
        return "the trump is not known" if self.positions and self.positions[0].trump is None \
            else "the replay stops before it"

    def seat_name(self, seat: int | None) -> str:
        if seat is None:
            return "seat ?"
        name = self.headers.get(f"Player{seat}")
        return f"seat {seat} ({name})" if name else f"seat {seat}"

    def title(self, of: int | None = None) -> str:
        """One line about the deal: number (``of`` deals), board, game, contract or
        trump, forehand or dealer, declarer, leader."""
        deal = self.deal
        rules = self.rules
        parts = [f"deal {deal.number}" + (f" of {of}" if of else "")]
        if deal.board is not None:
            parts.append(f"board {deal.board}")
        if rules.name != "Bismarck":
            parts.append(rules.name)
        implied = rules.implied_trump(deal)
        if deal.contract:
            trump = deal.trump or implied or "?"
            parts.append(deal.contract + (f" (trump {trump})" if implied is None else ""))
        elif deal.trump or implied or deal.turned:
            trump = deal.trump or implied or "?"
            parts.append(f"trump {trump}" + (f" (turned {deal.turned})" if deal.turned else ""))
        if deal.forehand is not None:
            parts.append(f"forehand {self.seat_name(deal.forehand)}")
        elif deal.dealer is not None:
            parts.append(f"dealer {self.seat_name(deal.dealer)}")
        if deal.declarer is not None:
            parts.append(f"declarer {self.seat_name(deal.declarer)}")
        if self.positions and self.positions[0].to_play is not None:
            parts.append(f"{self.seat_name(self.positions[0].to_play)} leads")
        return ", ".join(parts)

    # -- at a card ----------------------------------------------------------------------

    def marks(self, card: PlayedCard) -> list[str]:
        """``^R``, the suffix and the NAGs of a card, as written."""
        out = ["^R"] if card.revoke else []
        if card.suffix:
            out.append(card.suffix)
        out.extend(f"${n}" for n in card.nags)
        return out

    def faults_at(self, index: int) -> list[Diagnostic]:
        """The faults of the record at the card ``index`` (from 0): those of
        :attr:`Position.faults` at that card, worded as the validator words them, then any
        other card problem the validator puts there."""
        card = self.cards[index] if index < len(self.cards) else None
        here = list(self._card_diags.get(index, ()))
        out: list[Diagnostic] = []
        if index + 1 < len(self.positions):
            for fault in self.positions[index + 1].faults:
                if fault.index != index:
                    continue
                code = FAULT_CODES.get(fault.kind, "BPN502")
                match = next((d for d in here if d.code == code), None)
                if match is not None:
                    here.remove(match)
                    out.append(match)
                else:
                    out.append(self._fault_diagnostic(fault, card))
        return out + here

    def _fault_diagnostic(self, fault: Fault, card: PlayedCard | None) -> Diagnostic:
        line, column = (card.pos.line, card.pos.column) if card is not None else (0, 0)
        return fault_diagnostic(self.deal, fault, self.seats, self.rules.tricks, card is not None and card.revoke,
                                line, column)

    # -- at the end ---------------------------------------------------------------------

    def final_tricks(self) -> tuple[tuple[int, ...] | None, str]:
        """The final trick count and where it comes from (``play``: per seat, or ``Tricks
        tag``: per seat or per side, as the tag gives it)."""
        if self.positions:
            end = self.positions[-1]
            if end.played >= self.rules.tricks * self.seats:
                return end.won, "play"
        if self.deal.tricks is not None:
            return self.deal.tricks, "Tricks tag"
        return None, ""

    def computed_score(self) -> tuple[int, ...] | None:
        """The score the rules give for the deal's final tricks (as the validator finds
        them), None when they cannot be known or scored."""
        result = self.result
        if result is None or result.tricks is None:
            return None
        rules, tricks = self.rules, result.tricks
        counted = getattr(rules, "counted_tricks", None)
        if counted is not None:
            winners = result.replay.winners if result.replay is not None else None
            tricks = counted(self.deal, tricks, winners)
            if tricks is None:
                return None
        return rules.score(self.deal, tricks)

    def settled(self) -> tuple[int, ...] | None:
        """The score the deal's session settles for it, where the rules cannot score the
        deal alone (Swedish Whist); None otherwise. Worked out once, when first asked."""
        if self._settled is None or self.computed_score() is not None:
            return None
        if not self._asked:
            self._asked, self._settled_value = True, self._settled()
        return self._settled_value

    def summary(self) -> list[str]:
        """The closing lines: tricks won, the final count, the score."""
        deal = self.deal
        rules = self.rules
        lines = []
        end = self.positions[-1] if self.positions else None
        if not self.cards:
            lines.append("no play recorded")
        elif end is not None:
            line = f"tricks won in the play: {' '.join(map(str, end.won))} ({seats_text(rules, False)})"
            if rules.partnership:
                line += f"; by side {' '.join(map(str, rules.per_side(end.won)))} ({seats_text(rules, True)})"
            lines.append(line)
        final, source = self.final_tricks()
        if final is not None and source == "Tricks tag":
            lines.append(f"final tricks (from the Tricks tag): {' '.join(map(str, final))}")
        score = self.computed_score()
        settled = self.settled() if score is None else None
        if score is not None:
            per_side = len(score) != rules.seats
            lines.append(f"score: {signed_text(score)} ({seats_text(rules, per_side)})")
        elif settled is not None:
            per_side = len(settled) != rules.seats
            written = deal.score
            lines.append(f"score: {signed_text(settled)} ({seats_text(rules, per_side)}), as the session "
                         "settles it" + (f"; the Score tag says {signed_text(written)}"
                                         if written is not None and tuple(written) != tuple(settled) else ""))
        elif deal.score is not None:
            lines.append(f"score (from the Score tag): {signed_text(deal.score)}")
        else:
            lines.append("score: not known")
        return lines


# ---- the plain-text replay ---------------------------------------------------------------

def _layout_lines(piles):
    """Turnover Bridge: each seat's layout as the record writes it (``UP/DOWN``, ``-`` a
    card beneath not recorded), before the first lead."""
    for seat, mine in enumerate(piles or (), 1):
        if mine is not None:
            yield f"  seat {seat}'s layout: " + " ".join(f"{up}/{down or '-'}" for _, up, down in mine)


def _from_layout(before: Position, after: Position, seat: int, card: str) -> str:
    """Turnover Bridge: where the card came from when not from the hand, and what
    playing it turned up; "" from the hand and in every other game."""
    old = before.piles[seat - 1] if before.piles is not None else None
    new = after.piles[seat - 1] if after.piles is not None else None
    for (was, top, _), (now, beneath, _) in zip(old or (), new or ()):
        if was == "up" and top == card and now == "turned":
            return f" from the layout, turning up {beneath or 'a card the record does not give'}"
        if was == "up" and top == card:
            return " from the layout"
        if was == "turned" and now == "gone" and top in (card, None):
            return " from the layout (the card turned up)"
    return ""


def plain_lines(view: DealView, name: str):
    """The steps of a deal as lines of plain text."""
    deal = view.deal
    yield f"{name}: {view.title()}"
    if not view.ok:
        yield f"  {view.error}"
        for d in view.diagnostics:
            yield f"  line {d.line}: {d.code} {d.severity}: {d.message}"
        return
    for d in view.deal_diagnostics:
        yield f"  {d.code} {d.severity}: {d.message}"
    for c in deal.comments:
        yield _indent(comment_text(c), "  ")
    for line in auction_lines(deal):
        yield "  " + line
    yield from _layout_lines(view.positions[0].piles)
    if deal.play is not None:
        for c in deal.play.comments:
            yield _indent(comment_text(c), "  ")
    before = view.positions[0]
    for pos in view.positions[1:]:
        i = pos.played - 1
        trick, nth = view.trick_and_card(i)
        card = view.cards[i]  # the card that made this position (its pos.card)
        seat = pos.table[-1][0]
        line = f"trick {trick} card {nth}: seat {seat} plays {card.card}{_from_layout(before, pos, seat, card.card)}"
        before = pos
        marks = view.marks(card)
        if marks:
            line += " " + " ".join(marks)
        yield line
        for c in card.comments:
            yield _indent(comment_text(c), "    ")
        for d in view.faults_at(i):
            yield f"    {d.code} {d.severity}: {d.message}"
        if pos.table_winner is not None:
            yield f"  seat {pos.table_winner} wins trick {trick}"
    for i in view.unreplayed:
        trick, nth = view.trick_and_card(i)
        card = view.cards[i]
        line = f"trick {trick} card {nth}: {card.card}"
        marks = view.marks(card)
        if marks:
            line += " " + " ".join(marks)
        yield f"{line} (not replayed: {view.unreplayed_reason(i)})"
        for c in card.comments:
            yield _indent(comment_text(c), "    ")
        for d in view.faults_at(i):
            yield f"    {d.code} {d.severity}: {d.message}"
    if deal.play is not None:
        for c in deal.play.trailing:
            yield _indent(comment_text(c), "  ")
    yield from view.summary()


def _indent(text: str, prefix: str) -> str:
    """``text`` with ``prefix`` before each of its lines (a comment may span lines)."""
    return "\n".join(prefix + line.rstrip("\r") for line in text.split("\n"))
