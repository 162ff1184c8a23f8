"""Typing in a deal just played at the table: the dialogue behind ``bpn record``.

The dialogue talks through two functions, so that it runs the same in a terminal, with
piped input and in tests:

- ``ask(prompt) -> str`` gives the next answer, without its line end, and raises
  :class:`EOFError` when the input ends;
- ``say(text, style=None)`` shows one line; ``style`` is a rich style (``"red"``,
  ``"bold"``…) that a plain caller may ignore.

:func:`learn_session` reads what a file already holds (session tags, the next board
and forehand, the running total, the contracts each forehand has left);
:class:`Recorder` asks for the deal and plays it card by card through
:class:`~bismarck_pbn.games.bismarck.DealState`, refusing a card with the validator's own
words; :func:`record` does the whole command: read, ask, check the new deal in the
context of the whole file, and append it atomically, or refuse.

Nothing is written unless the validator accepts the new deal where it will stand.
When a deal is refused (or the file changed meanwhile) the record is still given to
``emit``, so nothing typed at the table is lost.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bismarck_pbn.games import bismarck as engine
from bismarck_pbn.format import values
from bismarck_pbn.model.cards import DECK, RANKS, SUITS, holding_text, sort_cards
from bismarck_pbn.diagnostics import Diagnostic
from bismarck_pbn.model.deal import Deal, PlayedCard, Pos
from bismarck_pbn.model.games import session_tags
from bismarck_pbn.format.reader import parse
from bismarck_pbn.safewrite import ChangedOnDisk, Fingerprint, atomic_write
from bismarck_pbn.check.validate import check_deal, prepare, validate_deals, validate_text
from bismarck_pbn.model.variant import STANDARD, Variant
from bismarck_pbn.format.writer import HEADER, escape, write_deal

SESSION_TAGS = tuple(name for name in session_tags(3) if name != "Game")
"""The session tags a Bismarck record asks for."""

Ask = Callable[[str], str]
Say = Callable[..., None]

PLAY_CODES = ("BPN502", "BPN503", "BPN504")
"""The validator's codes for a card that may not be played."""

HELP = ("type a card (SA, s a, H10, ht), or: u / undo to take back the last card, "
        "? to show the hand and the legal cards, claim to end the play and give the "
        "final tricks, quit to abandon the deal")


class Aborted(Exception):
    """The deal was abandoned (end of input, or the user quit): nothing is written."""


# ---- reading answers ---------------------------------------------------------------------

def parse_card(text: str) -> str:
    """A card typed at the table: ``SA``, ``s a``, ``H10``, ``ht``; also rank first
    (``AS``, ``10h``), which cannot be confused with anything. Raises BadValue."""
    t = re.sub(r"\s+", "", text).upper().replace("10", "T")
    if len(t) == 2:
        if t[0] in SUITS and t[1] in RANKS:
            return t
        if t[1] in SUITS and t[0] in RANKS:
            return t[1] + t[0]
    raise values.BadValue(f"{text.strip()!r} is not a card: write the suit, then the rank "
                          "(SA, HT or H10, D2)")


def parse_cards(text: str) -> tuple[str, ...]:
    """Cards typed as a holding (``AK2.QJT.5.9876``, suits S.H.D.C) or as a list
    (``SQ H9 D4 C9``). Duplicates are kept, for the caller to report. Raises BadValue."""
    t = text.strip()
    if "." in t:
        compact = re.sub(r"\s+", "", t).upper()
        return values.holding(compact)
    words = [w for w in re.split(r"[\s,]+", t) if w]
    return tuple(parse_card(w) for w in words)


def parse_tricks(text: str) -> tuple[int, int, int]:
    """Three trick counts for seats 1, 2, 3: ``7 3 6``, ``7/3/6`` or ``7,3,6``."""
    parts = [p for p in re.split(r"[\s,/]+", text.strip()) if p]
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise values.BadValue("give three trick counts, for seats 1, 2 and 3: 7 3 6")
    return int(parts[0]), int(parts[1]), int(parts[2])


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


# ---- what the file tells ---------------------------------------------------------------------

@dataclass
class Session:
    """What a file already holds, for the defaults of the next deal."""

    deals: int = 0
    """Deals in the file (comment blocks not counted)."""
    errors: int = 0
    """Errors the validator finds in the file as it is."""
    last_headers: dict[str, str] = field(default_factory=dict)
    """Tag values of the file's last deal, inherited session tags included."""
    tags: dict[str, str] = field(default_factory=dict)
    """Session tags of the session the file ends in (or of its last deal)."""
    board: int | None = None
    """The last board of that session; None when the file has no session."""
    forehand: int | None = None
    total: tuple[int, int, int] | None = None
    """The running total after that board, as far as it is known."""
    variant: Variant = STANDARD
    counts: Counter = field(default_factory=Counter)
    """(forehand, contract) -> times played in the session's regular deals."""

    @property
    def in_session(self) -> bool:
        return self.board is not None

    @property
    def finished(self) -> bool:
        """The session has all its regular deals and no tie at the top to break (or its
        total is not known, so no tie-break can be told)."""
        if self.board is None or self.board < self.variant.deals:
            return False
        return self.total is None or list(self.total).count(max(self.total)) == 1

    @property
    def next_board(self) -> int | None:
        """The board that follows, 1 when a new session starts, None without a session
        in a file that has deals (they stand alone)."""
        if self.board is None:
            return None if self.deals else 1
        return 1 if self.finished else self.board + 1

    def remaining(self, forehand: int, board: int | None, variant: Variant) -> list[str]:
        """The contracts ``forehand`` may still play at ``board``: a tie-break is Valfri."""
        if board is not None and board > variant.deals:
            return ["Valfri"]
        if board is None or board == 1 or not self.in_session:
            return list(variant.contracts)
        return [c for c in variant.contracts if self.counts[(forehand, c)] < variant.per_contract]


def learn_session(deals: Iterable[Deal]) -> Session:
    """Follow a file's deals as the validator does and keep what the next deal needs."""
    s = Session()
    key = None
    for checked in validate_deals(deals):
        deal = checked.deal
        if not deal.tags:
            continue
        s.deals += 1
        s.errors += sum(1 for d in checked.diagnostics if d.is_error)
        s.last_headers = deal.headers
        if deal.board is None:
            continue
        if s.board is None or deal.board == 1 or deal.session_key() != key:
            key = deal.session_key()
            s.variant = deal.variant
            s.counts = Counter()
        if (deal.board <= s.variant.deals and deal.forehand is not None
                and deal.contract in s.variant.contracts):
            s.counts[(deal.forehand, deal.contract)] += 1
        s.board = deal.board
        s.forehand = deal.forehand if deal.forehand is not None else (
            engine.left_of(s.forehand) if s.forehand is not None else None)
        s.total = checked.total
        headers = deal.headers
        s.tags = {name: headers[name] for name in SESSION_TAGS if name in headers}
    if s.board is None:
        s.tags = {name: s.last_headers[name] for name in SESSION_TAGS if name in s.last_headers}
    return s


# ---- the deal being recorded -------------------------------------------------------------------

@dataclass
class Record:
    """The answers: everything the new deal's tags and play section are made of."""

    session_tags: dict[str, str] = field(default_factory=dict)
    board: int | None = None
    forehand: int = 1
    hands: list = field(default_factory=lambda: [None, None, None])
    """Hands as dealt by seat − 1 (sorted tuples), None where not known."""
    kitty: tuple[str, ...] | None = None
    contract: str = "Spel"
    trump: str = "NT"
    exchange: bool | None = None
    """True exchanged (discard known), False declined, None: exchanged, discard not recorded."""
    discard: tuple[str, ...] | None = None
    cards: list[str] = field(default_factory=list)
    tricks: tuple[int, int, int] | None = None
    score: tuple[int, int, int] | None = None
    total: tuple[int, int, int] | None = None
    claimed: bool = False

    @property
    def leader(self) -> int:
        return engine.leader(self.forehand)

    def tag_values(self, *, play: bool = True) -> list[tuple[str, str]]:
        out = [(name, self.session_tags[name]) for name in SESSION_TAGS if name in self.session_tags]
        if self.board is not None:
            out.append(("Board", str(self.board)))
        out.append(("Forehand", str(self.forehand)))
        if any(h is not None for h in self.hands):
            order = [self.forehand, engine.left_of(self.forehand), engine.left_of(engine.left_of(self.forehand))]
            words = ["-" if self.hands[s - 1] is None else holding_text(self.hands[s - 1]) for s in order]
            out.append(("Deal", f"{self.forehand}:{' '.join(words)}"))
        if self.kitty is not None:
            out.append(("Kitty", holding_text(self.kitty)))
        out.append(("Contract", self.contract))
        out.append(("Trump", self.trump))
        if self.exchange is False:
            out.append(("Discard", "-"))
        elif self.discard is not None:
            out.append(("Discard", holding_text(self.discard)))
        if play:
            if self.tricks is not None:
                out.append(("Tricks", " ".join(map(str, self.tricks))))
            if self.score is not None:
                out.append(("Score", values.signed_text(self.score)))
            if self.total is not None:
                out.append(("Total", values.signed_text(self.total)))
        return out

    def raw_text(self, *, play: bool = True) -> str:
        lines = [f'[{name} "{escape(value)}"]' for name, value in self.tag_values(play=play)]
        if not play:
            lines += [f'[Play "{self.leader}"]', "*"]
        elif self.cards:
            lines.append(f'[Play "{self.leader}"]')
            lines += [" ".join(self.cards[i:i + 3]) for i in range(0, len(self.cards), 3)]
            lines.append("*")
        return "\n".join(lines) + "\n"

    def text(self) -> str:
        """The deal in canonical form (no ``% BPN`` header), written by the writer."""
        deals = parse(self.raw_text())
        if len(deals) != 1 or deals[0].problems:
            problems = "; ".join(p.message for d in deals for p in d.problems)
            raise ValueError(f"the recorded deal does not read back cleanly: {problems}")
        return write_deal(deals[0])


# ---- the dialogue -------------------------------------------------------------------------------

class Recorder:
    """Asks for one deal and plays it through. :meth:`run` returns the :class:`Record`;
    it raises :class:`Aborted` at the end of input or when the user quits."""

    def __init__(self, ask: Ask, say: Say, session: Session | None = None, *,
                 today: datetime.date | None = None) -> None:
        self._ask = ask
        self._say = say
        self.session = session or Session()
        self.today = today or datetime.date.today()
        self.rec = Record()
        self.variant = self.session.variant

    # -- plumbing
    def say(self, text: str, style: str | None = None) -> None:
        self._say(text, style)

    def ask(self, prompt: str, default: str | None = None) -> str:
        shown = f"{prompt} [{default}]: " if default not in (None, "") else f"{prompt}: "
        try:
            answer = self._ask(shown)
        except EOFError:
            raise Aborted("the input ended in the middle of the deal") from None
        answer = answer.strip()
        if answer == "" and default is not None:
            return default
        return answer

    def confirm(self, prompt: str, default: bool = False) -> bool:
        while True:
            answer = self.ask(f"{prompt} (y/n)", "y" if default else "n").lower()
            if answer in ("y", "yes", "j", "ja"):
                return True
            if answer in ("n", "no", "nej"):
                return False
            self.say("answer y or n", "red")

    def name(self, seat: int) -> str:
        player = self.rec.session_tags.get(f"Player{seat}", "")
        return f"seat {seat} ({player})" if player else f"seat {seat}"

    # -- the questions
    def run(self) -> Record:
        self.ask_board()
        self.ask_forehand()
        self.ask_hands()
        self.ask_kitty()
        self.ask_contract()
        self.ask_trump()
        self.ask_discard()
        while True:
            self.play()
            self.finish()
            while True:
                choice = self.ask("All right? y: record it, u: take back the last card, n: abandon",
                                  "y").lower()
                if choice in ("y", "yes", "j", "ja"):
                    return self.rec
                if choice in ("n", "no", "nej", "q", "quit"):
                    raise Aborted("abandoned")
                if choice in ("u", "undo"):
                    break
                self.say("answer y, u or n", "red")
            if self.rec.claimed:
                self.rec.claimed = False
                self.rec.tricks = None
                self.say("the claim is taken back; go on with the play")
            else:
                self._undo()

    def ask_board(self) -> None:
        s = self.session
        default = s.next_board
        if s.in_session and not s.finished:
            self.say(f"The file ends at board {s.board} of {s.variant.deals} ({s.variant}); "
                     f"running total {values.signed_text(s.total) if s.total else 'unknown'}.")
        elif s.finished:
            self.say(f"The session in the file is complete (board {s.board}); board 1 starts a new one.")
        while True:
            answer = self.ask("Board (1 starts a new session, - for a deal outside any session)",
                              "-" if default is None else str(default))
            if answer == "-":
                board = None
                break
            try:
                board = values.board(answer)
            except values.BadValue as exc:
                self.say(exc.message, "red")
                continue
            if board != 1 and default not in (None, board):
                self.say(f"board {board} does not follow board {s.board}: expected board {default} "
                         "(BPN702)", "yellow")
                if not self.confirm(f"Record it as board {board} anyway?"):
                    continue
            elif board != 1 and not s.in_session:
                self.say("the file has no session to continue: a session starts at board 1 (BPN702)", "yellow")
                if not self.confirm(f"Record it as board {board} anyway?"):
                    continue
            break
        self.rec.board = board
        self.new_session = board == 1 or not s.deals
        if self.new_session:
            self.ask_session_tags()
        else:
            self.rec.session_tags = dict(s.tags if board is not None else
                                         {k: v for k, v in s.last_headers.items() if k in SESSION_TAGS})
            self.variant = self._variant_of(self.rec.session_tags)
            shown = ", ".join(f"{k} {v}" for k, v in self.rec.session_tags.items() if v)
            if shown:
                self.say(f"Session: {shown}")

    @staticmethod
    def _variant_of(tags: dict[str, str]) -> Variant:
        try:
            return values.variant(tags.get("Variant", "Standard"))
        except values.BadValue:
            return STANDARD

    def ask_session_tags(self) -> None:
        before = self.session.tags or {k: v for k, v in self.session.last_headers.items() if k in SESSION_TAGS}
        previous = self.session.last_headers
        tags: dict[str, str] = {}
        self.say("New session: Enter keeps the value in brackets, - leaves a tag empty.")
        for name in SESSION_TAGS:
            if name == "Date":
                default = self.today.strftime("%Y.%m.%d")
            elif name == "Variant":
                default = before.get("Variant") or "Standard"
            else:
                default = before.get(name) or ""
            prompt = {"Event": "Event", "Site": "Site", "Date": "Date (YYYY.MM.DD, ?? for unknown parts)",
                      "Variant": "Variant (Standard, Grand or Short, and options ValfriNT, "
                                 "NoTrumpValfri, FixedKitty)",
                      }.get(name, f"Player in seat {name[-1]}")
            while True:
                answer = self.ask(prompt, default)
                if answer == "-":
                    answer = ""
                try:
                    if name == "Date" and answer:
                        answer = values.date(answer)
                    elif name == "Variant":
                        answer = values.variant_text(answer or "Standard")
                except values.BadValue as exc:
                    self.say(exc.message, "red")
                    continue
                break
            if answer:
                tags[name] = answer
            elif name in previous:
                # Left out, it would be inherited from the deal before: write it empty.
                tags[name] = "????.??.??" if name == "Date" else ""
        self.rec.session_tags = tags
        self.variant = self._variant_of(tags)

    def ask_forehand(self) -> None:
        s = self.session
        expected = None
        if not self.new_session and self.rec.board is not None and s.forehand is not None:
            expected = engine.left_of(s.forehand)
        default = str(expected or 1)
        while True:
            answer = self.ask("Forehand (seat 1, 2 or 3)", default)
            try:
                seat = values.seat(answer)
            except values.BadValue as exc:
                self.say(exc.message, "red")
                continue
            if expected is not None and seat != expected:
                self.say(f"after seat {s.forehand} the forehand moves to seat {expected} (BPN701)", "yellow")
                if not self.confirm(f"Keep seat {seat} as forehand?"):
                    continue
            break
        self.rec.forehand = seat
        left = self.remaining = s.remaining(seat, 1 if self.new_session else self.rec.board, self.variant)
        self.say(f"Forehand: {self.name(seat)}; {self.name(engine.leader(seat))} leads. "
                 f"Contracts left for this forehand: {', '.join(left) if left else 'none'}.")

    def ask_hands(self) -> None:
        f = self.rec.forehand
        order = [f, engine.left_of(f), engine.left_of(engine.left_of(f))]
        for seat in order:
            role = ", the forehand," if seat == f else ""
            while True:
                answer = self.ask(f"Hand of {self.name(seat)}{role} as dealt, S.H.D.C like "
                                  "AK2.QJT.5.9876 (- or Enter if not known)", "-")
                if answer == "-":
                    hand = None
                    break
                try:
                    hand = self._check_hand(parse_cards(answer), seat)
                except values.BadValue as exc:
                    self.say(exc.message, "red")
                    continue
                break
            self.rec.hands[seat - 1] = hand

    def _check_hand(self, cards: tuple[str, ...], seat: int) -> tuple[str, ...]:
        twice = sorted({c for c in cards if cards.count(c) > 1}, key=DECK.index)
        if twice:
            raise values.BadValue(f"{' '.join(twice)} {'is' if len(twice) == 1 else 'are'} written twice")
        for other in engine.SEATS:
            hand = self.rec.hands[other - 1]
            if other != seat and hand is not None:
                clash = [c for c in cards if c in hand]
                if clash:
                    raise values.BadValue(f"{' '.join(clash)} {'is' if len(clash) == 1 else 'are'} "
                                          f"already in {self.name(other)}'s hand")
        if len(cards) != 16:
            raise values.BadValue(f"that is {_cards(len(cards))}; a hand has 16")
        return sort_cards(cards)

    def ask_kitty(self) -> None:
        hands = self.rec.hands
        known = set().union(*(h for h in hands if h is not None))
        left = sort_cards(c for c in DECK if c not in known)
        if all(h is not None for h in hands):
            default = holding_text(left)
        else:
            default = "-"
        while True:
            answer = self.ask("Kitty, the 4 cards as dealt (- if not known)", default)
            if answer == "-" and default == "-":
                self.rec.kitty = None
                return
            try:
                cards = parse_cards(holding_text(left) if answer == "-" else answer)
            except values.BadValue as exc:
                self.say(exc.message, "red")
                continue
            twice = sorted({c for c in cards if cards.count(c) > 1}, key=DECK.index)
            clash = [c for c in cards if c in known]
            if twice:
                self.say(f"{' '.join(twice)} written twice", "red")
            elif clash:
                self.say(f"{' '.join(clash)} {'is' if len(clash) == 1 else 'are'} in a hand already", "red")
            elif len(cards) != 4:
                self.say(f"that is {_cards(len(cards))}; the kitty has 4", "red")
            else:
                self.rec.kitty = sort_cards(cards)
                return

    def ask_contract(self) -> None:
        variant = self.variant
        board = self.rec.board
        left = self.remaining
        tie_break = board is not None and board > variant.deals
        names = {c.lower(): c for c in engine.CONTRACTS}
        default = left[0] if len(left) == 1 else None
        while True:
            answer = self.ask(f"Contract ({', '.join(variant.contracts if not tie_break else ['Valfri'])})",
                              default).lower()
            found = [c for low, c in names.items() if low.startswith(answer)] if answer else []
            if answer in names:
                found = [names[answer]]
            if len(found) != 1:
                self.say("the contract is Spel, Spader, Valfri or Pass" if not found else
                         f"{answer!r} could be {' or '.join(found)}", "red")
                continue
            contract = found[0]
            if contract not in variant.contracts and not (tie_break and contract == "Valfri"):
                self.say(f"{contract} is not played in the {variant.base} variant (its contracts: "
                         f"{', '.join(variant.contracts)})", "red")
                continue
            if tie_break and contract != "Valfri":
                self.say(f"board {board} is beyond the {variant.deals} deals of {variant.base}: a tie-break "
                         f"deal is Valfri, not {contract} (BPN705)", "yellow")
                if not self.confirm(f"Keep {contract}?"):
                    continue
            elif board is not None and contract not in left:
                times = "once" if variant.per_contract == 1 else f"{variant.per_contract} times"
                self.say(f"{self.name(self.rec.forehand)} has already played {contract} as forehand {times}, "
                         f"as often as {variant.base} allows (BPN703)", "yellow")
                if not self.confirm(f"Keep {contract}?"):
                    continue
            self.rec.contract = contract
            return

    def ask_trump(self) -> None:
        contract = self.rec.contract
        if contract != "Valfri":
            self.rec.trump = engine.implied_trump(contract) or "NT"
            return
        allowed = self.variant.valfri_trumps()
        default = allowed[0] if len(allowed) == 1 else None
        while True:
            answer = self.ask(f"Trump named by the forehand ({', '.join(allowed)})", default)
            try:
                trump = values.trump(answer)
            except values.BadValue as exc:
                self.say(exc.message, "red")
                continue
            if trump not in allowed:
                self.say(f"Valfri at {trump} is not allowed in {self.variant}", "red")
                continue
            self.rec.trump = trump
            return

    def ask_discard(self) -> None:
        rec = self.rec
        f = rec.forehand
        mandatory = self.variant.exchange_mandatory(rec.contract)
        hand = rec.hands[f - 1]
        elsewhere: set[str] = set()
        for s in engine.SEATS:
            if s != f and rec.hands[s - 1] is not None:
                elsewhere |= set(rec.hands[s - 1])
        if hand is not None and rec.kitty is not None:
            possible = set(hand) | set(rec.kitty)
        else:
            possible = set(DECK) - elsewhere
        if hand is not None and rec.kitty is not None:
            self.say(f"{self.name(f)} holds {holding_text(hand)}; the kitty is {holding_text(rec.kitty)}.")
        why = "in Valfri" if rec.contract == "Valfri" else "under FixedKitty"
        prompt = ("Discard: the 4 cards the forehand put away (SQ H9 D4 C9 or Q.9.4.9)"
                  + ("" if mandatory else ", - if the exchange was declined")
                  + ", ? if not recorded")
        while True:
            answer = self.ask(prompt)
            if answer == "-":
                if mandatory:
                    self.say(f"the exchange is mandatory {why}: give the 4 cards put away "
                             "(or ? if they were not recorded)", "red")
                    continue
                rec.exchange, rec.discard = False, None
                return
            if answer == "?":
                rec.exchange, rec.discard = None, None
                return
            if not answer:
                self.say("give the 4 cards put away" + ("" if mandatory else ", or - if the exchange was declined"),
                         "red")
                continue
            try:
                cards = parse_cards(answer)
            except values.BadValue as exc:
                self.say(exc.message, "red")
                continue
            twice = sorted({c for c in cards if cards.count(c) > 1}, key=DECK.index)
            bad = [c for c in cards if c not in possible]
            if twice:
                self.say(f"{' '.join(twice)} written twice", "red")
            elif len(cards) != 4:
                self.say(f"that is {_cards(len(cards))}; the forehand puts away 4", "red")
            elif bad:
                where = []
                for c in bad:
                    owner = next((s for s in engine.SEATS if s != f and rec.hands[s - 1] and c in rec.hands[s - 1]),
                                 None)
                    where.append(f"{c} (in {self.name(owner)}'s hand)" if owner else c)
                self.say(f"the forehand discards {', '.join(where)}, not in the forehand's hand or the kitty",
                         "red")
            else:
                rec.exchange, rec.discard = True, sort_cards(cards)
                return

    # -- the play
    def _setup(self) -> None:
        """The deal without its play, read back as the validator will read it; and the
        engine's state for whose turn it is and the legal cards."""
        rec = self.rec
        deals = parse(rec.raw_text(play=False))
        self.base = deals[0]
        _, setup = prepare(self.base)
        rules = setup.rules or engine.trick_rules(rec.trump)
        self.state = engine.DealState([h if e else None for h, e in zip(setup.play_hands, setup.exact)], rules,
                                      rec.leader, excluded=[set(x) for x in setup.excluded])
        for card in rec.cards:
            self.state.play(card)

    def faults(self, cards: Sequence[str]) -> list[Diagnostic]:
        """The validator's diagnostics for the play ``cards`` (card i at line i + 1)."""
        play = self.base.play._replace(cards=tuple(PlayedCard(c, Pos(i + 1, 1, -1)) for i, c in enumerate(cards)))
        deal = dataclasses.replace(self.base, play=play)
        return [d for d in check_deal(deal).diagnostics if d.code in PLAY_CODES]

    def _legal(self) -> list[str] | None:
        legal = self.state.legal_cards()
        return list(sort_cards(legal)) if legal is not None else None

    def _prompt(self) -> str:
        st = self.state
        seat = st.to_play
        number = st.tricks_played + 1
        parts = [f"Trick {number}, {self.name(seat)} to {'play' if st.trick else 'lead'}"]
        if st.trick:
            parts.append("on the table: " + " ".join(c for _, c in st.trick))
        legal = self._legal()
        if legal is not None:
            parts.append("may play: " + " ".join(legal))
        return "; ".join(parts)

    def play(self) -> None:
        rec = self.rec
        self._setup()
        if not rec.cards:
            self.say(f"The play: one card at a time ({HELP}).")
        while not self.state.finished and not rec.claimed:
            answer = self.ask(self._prompt())
            command = answer.lower()
            if command in ("u", "undo"):
                self._undo()
            elif command == "?":
                self._show()
            elif command in ("h", "help"):
                self.say(HELP)
            elif command in ("q", "quit", "abort"):
                if self.confirm("Abandon this deal? Nothing will be written"):
                    raise Aborted("abandoned")
            elif command.startswith("claim"):
                self._claim(answer[5:].strip())
            elif not answer:
                self.say(f"type the card {self.name(self.state.to_play)} played (? shows the legal cards, "
                         "help lists the commands)", "yellow")
            else:
                try:
                    card = parse_card(answer)
                except values.BadValue as exc:
                    self.say(exc.message, "red")
                    continue
                self._play(card)

    def _play(self, card: str) -> None:
        st = self.state
        cards = self.rec.cards
        trial = self.faults([*cards, card])
        if trial:
            legal = self._legal()
            for d in trial:
                if d.line - 1 == len(cards):
                    extra = f" (may play: {' '.join(legal)})" if legal is not None and d.code == "BPN503" else ""
                    self.say(f"refused: {d.message}{extra}", "red")
                else:
                    self.say(f"refused: with {card}, an earlier card becomes a fault: {d.message}. "
                             f"If that card was mistyped, take it back with undo.", "red")
            return
        cards.append(card)
        winner = st.play(card)
        if winner is not None:
            trick = st.tricks_played
            self.say(f"  trick {trick} to {self.name(winner)}; tricks so far {'/'.join(map(str, st.won))}")

    def _undo(self) -> None:
        if not self.rec.cards:
            self.say("nothing to take back: no card has been played", "yellow")
            return
        card = self.state.undo()
        self.rec.cards.pop()
        seat = self.state.to_play
        self.say(f"took back {card} ({self.name(seat)}, trick {self.state.tricks_played + 1})")

    def _show(self) -> None:
        st = self.state
        seat = st.to_play
        held = st.held(seat)
        if held is None:
            self.say(f"{self.name(seat)}'s hand is not known")
        else:
            by_suit = {s: "".join(c[1] for c in sort_cards(held) if c[0] == s) or "-" for s in SUITS}
            self.say(f"{self.name(seat)} holds " + "  ".join(f"{s} {by_suit[s]}" for s in SUITS))
        legal = self._legal()
        if legal is not None:
            self.say("may play: " + " ".join(legal))
        self.say("tricks so far: " + ", ".join(f"{self.name(s)} {st.won[s - 1]}" for s in engine.SEATS))

    def _claim(self, given: str) -> None:
        st = self.state
        won = tuple(st.won)
        to_go = engine.TRICKS_PER_DEAL - st.tricks_played
        if st.trick:
            self.say(f"the unfinished trick ({' '.join(c for _, c in st.trick)}) stays in the record; "
                     "the final tricks count it too, like every trick not played out")
        while True:
            answer = given or self.ask(f"Final tricks for seats 1, 2, 3 (they have {' '.join(map(str, won))}, "
                                       f"{to_go} to go; - to go on playing)")
            given = ""
            if answer.lower() in ("-", "u", "undo"):
                return
            try:
                tricks = parse_tricks(answer)
            except values.BadValue as exc:
                self.say(exc.message, "red")
                continue
            if sum(tricks) != engine.TRICKS_PER_DEAL:
                self.say(f"the tricks {'/'.join(map(str, tricks))} add up to {sum(tricks)}, not 16", "red")
                continue
            short = [s for s in engine.SEATS if tricks[s - 1] < won[s - 1]]
            if short:
                s = short[0]
                self.say(f"seat {s} already has {won[s - 1]} tricks after {st.tricks_played} played, so it "
                         f"cannot end with {tricks[s - 1]}", "red")
                continue
            self.rec.claimed = True
            self.rec.tricks = tricks
            return

    def finish(self) -> None:
        """Tricks, score and running total, and the summary."""
        rec = self.rec
        if not rec.claimed:
            rec.tricks = tuple(self.state.won)
        rec.score = engine.scores(rec.contract, rec.forehand, rec.tricks)
        rec.total = None
        if rec.board is not None:
            if self.new_session or rec.board == 1:
                rec.total = rec.score
            elif self.session.total is not None:
                rec.total = tuple(a + b for a, b in zip(self.session.total, rec.score))
        quotas = engine.quotas(rec.contract, rec.forehand)
        trump = "" if rec.contract != "Valfri" else f" at {rec.trump}"
        board = f"Board {rec.board}" if rec.board is not None else "The deal"
        self.say(f"{board}: {self.name(rec.forehand)} forehand, {rec.contract}{trump}"
                 + (" (claimed)" if rec.claimed else ""), "bold")
        for s in engine.SEATS:
            line = (f"  {self.name(s):<24} tricks {rec.tricks[s - 1]:>2} (quota {quotas[s - 1]})  "
                    f"score {values.signed_text([rec.score[s - 1]]):>3}")
            if rec.total is not None:
                line += f"  total {values.signed_text([rec.total[s - 1]]):>3}"
            self.say(line)


# ---- the command ----------------------------------------------------------------------------------

def _separator(text: str) -> str:
    """What goes between a file's text and an appended deal: one empty line."""
    nl = "\r\n" if "\r\n" in text else "\n"
    if text.endswith(nl + nl) or text.endswith("\n\n"):
        return ""
    if text.endswith("\n"):
        return nl
    return nl + nl


def _has_content(text: str) -> bool:
    return any(line.strip() and not line.startswith("%") for line in text.lstrip("\ufeff").splitlines())


def appended(text: str, deal_text: str) -> tuple[str, int]:
    """The file's text with the deal appended after one empty line (in the file's own
    line ends), and the line the deal starts on. An empty file gets the header first."""
    nl = "\r\n" if "\r\n" in text else "\n"
    deal_text = deal_text.replace("\n", nl)
    if text in ("", "\ufeff"):
        prefix = text + HEADER
    elif not _has_content(text):
        prefix = text if text.endswith("\n") else text + nl
    else:
        prefix = text + _separator(text)
    return prefix + deal_text, prefix.count("\n") + 1


def check_in_context(text: str, deal_text: str, path: str | None = None) -> tuple[str, list[Diagnostic], str | None]:
    """The new file text, the diagnostics the validator gives the appended deal, and a
    reason the append cannot be trusted (None when it reads back as written)."""
    new_text, start = appended(text, deal_text)
    diagnostics = [d for d in validate_text(new_text, path) if d.line >= start]
    deals = [d for d in parse(new_text) if d.tags]
    problem = None
    if not deals or write_deal(deals[-1]).replace("\r\n", "\n") != deal_text.replace("\r\n", "\n"):
        problem = ("the end of the file does not let a deal be appended cleanly (an unclosed "
                   "comment or tag before it?): run bpn validate on it")
    return new_text, diagnostics, problem


def record(path: str | None, ask: Ask, say: Say, *, emit: Callable[[str], None], dry_run: bool = False,
           today: datetime.date | None = None) -> int:
    """The whole ``bpn record``: returns the exit status (0 written or printed, 1
    abandoned or refused, 2 the file cannot be used). ``emit`` receives BPN text for
    standard output: the new deal without PATH or with ``dry_run``, and the deal that
    was not written when it is refused."""
    text = ""
    fingerprint = None
    target = Path(path) if path is not None else None
    if target is not None:
        if target.exists():
            if not target.is_file():
                say(f"bpn: {path}: not a regular file", "red")
                return 2
            try:
                data = target.read_bytes()
                fingerprint = Fingerprint.of_bytes(target, data)
            except OSError as exc:
                say(f"bpn: {path}: cannot read: {exc.strerror or exc}", "red")
                return 2
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as e:
                say(f"bpn: {path}: not valid UTF-8 at byte offset {e.start}; record appends only to "
                    "UTF-8 files (convert it with bpn convert or iconv first)", "red")
                return 2
        elif not (target.parent if str(target.parent) else Path(".")).is_dir():
            say(f"bpn: {path}: the directory {target.parent} does not exist", "red")
            return 2
    session = learn_session(parse(text)) if text else Session()
    if target is not None:
        if session.deals:
            say(f"{path}: {session.deals} deal{'s' if session.deals != 1 else ''}"
                + (f"; it already has {session.errors} error{'s' if session.errors != 1 else ''} "
                   "(bpn validate shows them; they do not stop recording)" if session.errors else ""), None)
        elif not target.exists():
            say(f"{path}: a new file", None)
    recorder = Recorder(ask, say, session, today=today)
    try:
        rec = recorder.run()
    except Aborted as exc:
        say(f"aborted ({exc}): nothing written", "red")
        return 1
    deal_text = rec.text()
    if target is None:
        new_text, diagnostics, problem = check_in_context("", deal_text, "<new deal>")
    else:
        new_text, diagnostics, problem = check_in_context(text, deal_text, path)
    errors = [d for d in diagnostics if d.is_error]
    for d in diagnostics:
        say(str(d), "red" if d.is_error else "yellow")
    if problem or errors:
        say(f"refused: {problem or 'the validator rejects this deal (see above)'}; nothing written. "
            "The record follows, to keep:", "red")
        emit(deal_text)
        return 1
    if target is None:
        emit(HEADER + deal_text)
        return 0
    if dry_run:
        emit(deal_text)
        say(f"dry run: nothing written to {path}", None)
        return 0
    try:
        atomic_write(target, new_text, expect=fingerprint, create=fingerprint is None)
    except ChangedOnDisk as exc:
        say(f"bpn: {exc}. The record follows, to add by hand:", "red")
        emit(deal_text)
        return 1
    except OSError as exc:
        say(f"bpn: {path}: cannot write: {exc.strerror or exc}. The record follows:", "red")
        emit(deal_text)
        return 2
    where = f"board {rec.board}" if rec.board is not None else "the deal"
    say(f"{where} written to {path}", "green")
    return 0
