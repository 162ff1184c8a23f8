"""The deal being recorded: the answers ``bpn record`` collects, and the BPN text they
make, written by the writer (so it is canonical and reads back as typed)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bismarck_pbn.format import values
from bismarck_pbn.format.reader import parse
from bismarck_pbn.format.syntax import escape
from bismarck_pbn.format.writer import write_deal
from bismarck_pbn.games import Ruleset, ruleset
from bismarck_pbn.model.cards import holding_text
from bismarck_pbn.model.games import BISMARCK
from bismarck_pbn.session.learn import SESSION_TAGS

__all__ = ["Record"]


@dataclass
class Record:
    """The answers: everything the new deal's tags and play section are made of."""

    session_tags: dict[str, str] = field(default_factory=dict)
    game: str = BISMARCK
    rules: Ruleset = field(default_factory=ruleset)
    board: int | None = None
    seat: int = 1
    """The seat that deals (in Bismarck: the forehand)."""
    hands: list = field(default_factory=lambda: [None, None, None])
    """Hands as dealt by seat − 1 (sorted tuples), None where not known."""
    layouts: list = field(default_factory=lambda: [None, None])
    """Turnover Bridge's layouts by seat − 1: piles (up, down or None), None where not known."""
    kitty: tuple[str, ...] | None = None
    stock_in_order: bool = False
    """The kitty is a stock in order, top first (written as a list of cards)."""
    turned: str | None = None
    contract: str | None = "Spel"
    trump: str | None = "NT"
    """The Trump tag to write (None: none; the writer writes the one the rules imply)."""
    declarer: int | None = None
    calls: list[str] = field(default_factory=list)
    """The auction's calls in order (the auction games), from the dealer's left."""
    bids: tuple[int, ...] | None = None
    """Contract bids by seat (Israeli Whist's ``Bids``)."""
    frisch: list = field(default_factory=lambda: [None, None, None])
    """The cards each seat passed in Frisch 1, 2, 3 (by seat − 1), None where not recorded."""
    direction: str | None = None
    """Bid Whist's ``Direction`` in no trump."""
    points: tuple[int, ...] | None = None
    """Individual points by seat (Swedish Whist's ``Points``)."""
    exchange: bool | None = None
    """True exchanged (discard known), False declined, None: exchanged, discard not recorded."""
    discard: tuple[str, ...] | None = None
    cards: list[str] = field(default_factory=list)
    tricks: tuple[int, ...] | None = None
    """The final tricks by seat."""
    score: tuple[int, ...] | None = None
    total: tuple[int, ...] | None = None
    claimed: bool = False
    leader: int = 2
    """The seat that leads trick 1."""

    @property
    def forehand(self) -> int:
        return self.seat

    def written_tricks(self) -> tuple[int, ...] | None:
        """The Tricks tag's numbers: per side where the game counts by side."""
        if self.tricks is None:
            return None
        rules = self.rules
        if rules.counts_per_side() and not rules.tricks_alone(self.contract):
            return rules.per_side(self.tricks)
        return self.tricks

    def tag_values(self, *, play: bool = True) -> list[tuple[str, str]]:
        rules = self.rules
        out = [(name, self.session_tags[name]) for name in SESSION_TAGS if name in self.session_tags]
        if self.board is not None:
            out.append(("Board", str(self.board)))
        out.append((rules.rotating_tag(), str(self.seat)))
        if any(h is not None for h in self.hands):
            order = [self.seat]
            while len(order) < rules.seats:
                order.append(rules.left_of(order[-1]))
            words = ["-" if self.hands[s - 1] is None else holding_text(self.hands[s - 1]) for s in order]
            out.append(("Deal", f"{self.seat}:{' '.join(words)}"))
        for s, piles in enumerate(self.layouts, 1):
            if piles is not None:
                out.append((f"Layout{s}", " ".join(f"{up}/{down or '-'}" for up, down in piles)))
        if self.kitty is not None:
            out.append(("Kitty", " ".join(self.kitty) if self.stock_in_order else holding_text(self.kitty)))
        if self.turned is not None:
            out.append(("Turned", self.turned))
        if self.calls:
            out.append(("Auction", str(rules.left_of(self.seat))))
        if self.contract is not None:
            out.append(("Contract", self.contract))
        if self.trump is not None:
            out.append(("Trump", self.trump))
        if self.declarer is not None:
            out.append(("Declarer", str(self.declarer)))
        if self.bids is not None:
            out.append(("Bids", " ".join(map(str, self.bids))))
        for k, passed in enumerate(self.frisch, 1):
            if passed is not None:
                out.append((f"Frisch{k}", " ".join(holding_text(h) for h in passed)))
        if self.direction is not None:
            out.append(("Direction", self.direction))
        if self.exchange is False:
            out.append(("Discard", "-"))
        elif self.discard is not None:
            out.append(("Discard", holding_text(self.discard)))
        if play:
            tricks = self.written_tricks()
            if tricks is not None:
                out.append(("Tricks", " ".join(map(str, tricks))))
            if self.score is not None:
                out.append(("Score", values.signed_text(self.score)))
            if self.total is not None:
                out.append(("Total", values.signed_text(self.total)))
            if self.points is not None:
                out.append(("Points", values.signed_text(self.points)))
        return out

    def raw_text(self, *, play: bool = True) -> str:
        lines = []
        n = self.rules.seats
        for name, value in self.tag_values(play=play):
            lines.append(f'[{name} "{escape(value)}"]')
            if name == "Auction":
                lines += [" ".join(self.calls[i:i + n]) for i in range(0, len(self.calls), n)]
        if not play:
            lines += [f'[Play "{self.leader}"]', "*"]
        elif self.cards:
            lines.append(f'[Play "{self.leader}"]')
            lines += [" ".join(self.cards[i:i + n]) for i in range(0, len(self.cards), n)]
            lines.append("*")
        return "\n".join(lines) + "\n"

    def text(self) -> str:
        """The deal in canonical form (no ``% BPN`` header), written by the writer."""
        deals = parse(self.raw_text())
        if len(deals) != 1 or deals[0].problems:
            problems = "; ".join(p.message for d in deals for p in d.problems)
            raise ValueError(f"the recorded deal does not read back cleanly: {problems}")
        return write_deal(deals[0])
