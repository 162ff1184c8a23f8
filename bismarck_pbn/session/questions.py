"""The questions ``bpn record`` asks before the play, for any game: the board, the
session tags of a new session (the game among them), the seat that deals (Bismarck's
forehand), the hands, the kitty or stock, the turned card, and what the game's ruleset
says it records (:meth:`~bismarck_pbn.games.base.Ruleset.asks`): a contract, a named
trump, the declarer, the discard. Bismarck's contract schedule, Valfri trumps and
exchange are asked by :mod:`bismarck_pbn.session.bismarck_questions`.

Each answer is checked as it is typed; then the deal so far is read back as the
validator will read it, and anything it still finds wrong sends the dialogue back to
the question at fault (:meth:`Questions.check_setup`).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

from bismarck_pbn.check.validate import located, prepare
from bismarck_pbn.format import values
from bismarck_pbn.format.reader import parse
from bismarck_pbn.games import RULESETS, Asks, ruleset
from bismarck_pbn.games.base import seat_list
from bismarck_pbn.games.bismarck import Bismarck
from bismarck_pbn.model.cards import holding_text, sort_cards
from bismarck_pbn.model.deal import Deal
from bismarck_pbn.model.games import BISMARCK, contract_word, game_name
from bismarck_pbn.model.variant import STANDARD, Variant
from bismarck_pbn.session import bismarck_questions as bismarck
from bismarck_pbn.session.draft import Record
from bismarck_pbn.session.entry import cards_word, parse_card, parse_cards
from bismarck_pbn.session.learn import SESSION_TAGS, Session, tags_of

Ask = Callable[[str], str]
Say = Callable[..., None]


class Aborted(Exception):
    """The deal was abandoned (end of input, or the user quit): nothing is written."""


class Questions:
    """The dialogue up to the play; :class:`~bismarck_pbn.session.recorder.Recorder`
    goes on with the play."""

    def __init__(self, ask: Ask, say: Say, session: Session | None = None, *,
                 today: datetime.date | None = None) -> None:
        self._ask = ask
        self._say = say
        self.session = session or Session()
        self.today = today or datetime.date.today()
        self.rec = Record()
        self.variant = self.session.variant
        self._use_game(self.session.game, self.variant)

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

    # -- the game
    def _use_game(self, game: str, variant: Variant) -> None:
        self.game = game
        self.variant = variant
        self.rules = ruleset(game, variant)
        self.asks: Asks = self.rules.asks()
        self.is_bismarck = isinstance(self.rules, Bismarck)
        self.rec.game, self.rec.rules = game, self.rules
        self.rec.hands = [None] * self.rules.seats
        if not self.is_bismarck:
            self.rec.contract = self.rec.trump = None
        self.rec.stock_in_order = self.asks.stock_in_order

    def _game_of(self, tags: dict[str, str]) -> tuple[str, Variant]:
        game = game_name(tags.get("Game", "")) or BISMARCK
        try:
            return game, values.variant(tags.get("Variant", "Standard"), game)
        except values.BadValue:
            return game, STANDARD

    def probe(self) -> Deal:
        """The deal as answered so far, read back as the validator reads it."""
        return parse(self.rec.raw_text(play=False))[0]

    # -- the questions
    def ask_board(self) -> None:
        s = self.session
        default = s.next_board
        if s.in_session and not s.finished:
            of = f" of {s.length} ({s.variant})" if s.length is not None else ""
            self.say(f"The file ends at board {s.board}{of}; "
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
            tags = dict(s.tags if board is not None else
                        {k: v for k, v in s.last_headers.items() if k in SESSION_TAGS})
            self._use_game(*self._game_of(tags))
            self.rec.session_tags = {k: v for k, v in tags.items() if k in tags_of(self.game, self.rules.seats)
                                     or k == "Game"}
            shown = ", ".join(f"{k} {v}" for k, v in self.rec.session_tags.items() if v)
            if shown:
                self.say(f"Session: {shown}")

    def ask_session_tags(self) -> None:
        before = self.session.tags or {k: v for k, v in self.session.last_headers.items() if k in SESSION_TAGS}
        previous = self.session.last_headers
        tags: dict[str, str] = {}
        self.say("New session: Enter keeps the value in brackets, - leaves a tag empty.")
        for name in ("Event", "Site", "Date", "Game", "Variant", *(f"Player{s}" for s in range(1, 5))):
            if name == "Game":
                self.ask_game(before)
                continue
            if name.startswith("Player") and int(name[-1]) > self.rules.seats:
                break
            if name == "Date":
                default = self.today.strftime("%Y.%m.%d")
            elif name == "Variant":
                default = (before.get("Variant") if self._game_of(before)[0] == self.game else None) or "Standard"
            else:
                default = before.get(name) or ""
            if name == "Variant" and self.is_bismarck:
                prompt = "Variant (Standard, Grand or Short, and options ValfriNT, NoTrumpValfri, FixedKitty)"
            elif name == "Variant":
                options = self.rules.words.options
                prompt = "Variant (Standard" + (f", or options {', '.join(options)}" if options else "") + ")"
            else:
                prompt = {"Event": "Event", "Site": "Site", "Date": "Date (YYYY.MM.DD, ?? for unknown parts)",
                          }.get(name, f"Player in seat {name[-1]}")
            while True:
                answer = self.ask(prompt, default)
                if answer == "-":
                    answer = ""
                try:
                    if name == "Date" and answer:
                        answer = values.date(answer)
                    elif name == "Variant":
                        answer = values.variant_text(answer or "Standard", self.game)
                except values.BadValue as exc:
                    self.say(exc.message, "red")
                    continue
                break
            if answer:
                tags[name] = answer
            elif name in previous:
                # Left out, it would be inherited from the deal before: write it empty.
                tags[name] = "????.??.??" if name == "Date" else ""
        if self.game != BISMARCK or "Game" in previous:
            tags["Game"] = self.game
        self._use_game(*self._game_of(tags))
        self.rec.session_tags = tags

    def ask_game(self, before: dict[str, str]) -> None:
        """The game of the new session: the one before, or Bismarck."""
        default = self._game_of(before)[0]
        names = sorted(RULESETS, key=lambda n: (n != BISMARCK, n))
        while True:
            answer = self.ask(f"Game ({', '.join(names)})", default)
            game = game_name(answer)
            if game is None or game not in RULESETS:
                self.say(f"{answer!r} is not a game bpn can record: {', '.join(names)}"
                         if game is None else f"bpn does not know the rules of {game} yet", "red")
                continue
            self._use_game(game, STANDARD if game == BISMARCK else values.variant("Standard", game))
            return

    def ask_seat(self) -> None:
        """The forehand (Bismarck) or the dealer."""
        if self.is_bismarck:
            return bismarck.ask_forehand(self)
        s, rules = self.session, self.rules
        expected = None
        if not self.new_session and self.rec.board is not None and s.seat is not None:
            expected = rules.left_of(s.seat)
        seats = range(1, rules.seats + 1)
        while True:
            answer = self.ask(f"Dealer (seat {seat_list(seats).replace(' and ', ' or ')})", str(expected or 1))
            try:
                seat = values.seat(answer, rules.seats)
            except values.BadValue as exc:
                self.say(exc.message, "red")
                continue
            if expected is not None and seat != expected:
                self.say(f"after seat {s.seat} the deal passes to seat {expected} (BPN701)", "yellow")
                if not self.confirm(f"Keep seat {seat} as dealer?"):
                    continue
            break
        self.rec.seat = seat
        leader = rules.opening_leader(self.probe())
        self.rec.leader = leader if leader is not None else rules.left_of(seat)
        self.say(f"Dealer: {self.name(seat)}; {self.name(self.rec.leader)} leads.")

    def ask_hands(self) -> None:
        rec, rules = self.rec, self.rules
        order = [rec.seat]
        while len(order) < rules.seats:
            order.append(rules.left_of(order[-1]))
        for seat in order:
            role = f", the {rules.rotating_tag().lower()}," if seat == rec.seat else ""
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
            rec.hands[seat - 1] = hand

    def _check_cards(self, cards: tuple[str, ...], elsewhere: dict[str, str]) -> None:
        """Cards written twice, not in the game's deck, or already ``elsewhere``."""
        twice = sort_cards({c for c in cards if cards.count(c) > 1})
        if twice:
            raise values.BadValue(f"{' '.join(twice)} {'is' if len(twice) == 1 else 'are'} written twice")
        foreign = [c for c in cards if c not in self.rules.deck_set]
        if foreign:
            raise values.BadValue(f"{' '.join(foreign)} {'is' if len(foreign) == 1 else 'are'} not in the deck "
                                  f"of {self.rules.name}")
        for card in cards:
            if card in elsewhere:
                clash = [c for c in cards if elsewhere.get(c) == elsewhere[card]]
                raise values.BadValue(f"{' '.join(clash)} {'is' if len(clash) == 1 else 'are'} already in "
                                      f"{elsewhere[card]}")

    def _check_hand(self, cards: tuple[str, ...], seat: int) -> tuple[str, ...]:
        elsewhere = {c: f"{self.name(s)}'s hand" for s in self.rules.seat_range() if s != seat
                     for c in (self.rec.hands[s - 1] or ())}
        self._check_cards(cards, elsewhere)
        size = self.rules.hand_size
        if len(cards) != size:
            raise values.BadValue(f"that is {cards_word(len(cards))}; a hand has {size}")
        return sort_cards(cards)

    def ask_kitty(self) -> None:
        rules, rec = self.rules, self.rec
        size = rules.kitty_size
        if not size:
            return
        known = {c for h in rec.hands if h is not None for c in h}
        left = sort_cards(c for c in rules.deck if c not in known)
        ordered = self.asks.stock_in_order
        default = holding_text(left) if all(h is not None for h in rec.hands) and not ordered else "-"
        name = rules.kitty_name()
        how = f"the {size} cards in order, top first (SQ H9 …)" if ordered else f"the {size} cards as dealt"
        while True:
            answer = self.ask(f"{name.capitalize()}, {how} (- if not known)", default)
            if answer == "-" and default == "-":
                rec.kitty = None
                return
            try:
                cards = parse_cards(holding_text(left) if answer == "-" else answer)
                if ordered and "." in answer:
                    raise values.BadValue(f"give the {name} as a list of cards in order, top first: a holding "
                                          "does not say the order")
                self._check_cards(cards, {c: "a hand" for c in known})
            except values.BadValue as exc:
                self.say(exc.message.replace("already in a hand", "in a hand already"), "red")
                continue
            if len(cards) != size:
                self.say(f"that is {cards_word(len(cards))}; the {name} has {size}", "red")
                continue
            rec.kitty = cards if ordered else sort_cards(cards)
            return

    def ask_turned(self) -> None:
        rec = self.rec
        default = rec.kitty[0] if rec.kitty and self.asks.stock_in_order else None
        while True:
            answer = self.ask("Turned card (the card turned up for trump)", default)
            try:
                card = parse_card(answer)
            except values.BadValue as exc:
                self.say(exc.message, "red")
                continue
            if card not in self.rules.deck_set:
                self.say(f"{card} is not in the deck of {self.rules.name}", "red")
                continue
            rec.turned = card
            return

    def ask_contract(self) -> None:
        if self.is_bismarck:
            return bismarck.ask_contract(self)
        words = self.rules.words
        while True:
            answer = self.ask(f"Contract ({', '.join(words.contracts)})")
            contract = contract_word(self.game, answer)
            if contract is None:
                self.say(f"{answer!r} is not a contract of {self.game}", "red")
                continue
            self.rec.contract = contract
            return

    def ask_trump(self) -> None:
        if self.is_bismarck:
            return bismarck.ask_trump(self)
        while True:
            try:
                self.rec.trump = values.trump(self.ask("Trump (S, H, D, C or NT)"))
                return
            except values.BadValue as exc:
                self.say(exc.message, "red")

    def ask_declarer(self) -> None:
        while True:
            try:
                self.rec.declarer = values.seat(self.ask("Declarer (seat)"), self.rules.seats)
                return
            except values.BadValue as exc:
                self.say(exc.message, "red")

    def ask_discard(self) -> None:
        if self.is_bismarck:
            return bismarck.ask_discard(self)
        size = self.asks.discard
        while True:
            answer = self.ask(f"Discard: the {size} cards put away, ? if not recorded")
            if answer == "?":
                self.rec.exchange, self.rec.discard = None, None
                return
            try:
                cards = parse_cards(answer)
                self._check_cards(cards, {})
            except values.BadValue as exc:
                self.say(exc.message, "red")
                continue
            if len(cards) != size:
                self.say(f"that is {cards_word(len(cards))}; {size} are put away", "red")
                continue
            self.rec.exchange, self.rec.discard = True, sort_cards(cards)
            return

    def ask_before_play(self) -> None:
        """Every question before the play, then :meth:`check_setup`."""
        self.ask_board()
        self.ask_seat()
        self.ask_hands()
        self.ask_kitty()
        if self.asks.turned:
            self.ask_turned()
        if self.asks.contract:
            self.ask_contract()
        if self.is_bismarck or (not self.asks.turned and prepare(self.probe())[1].trump is None):
            self.ask_trump()
        if self.asks.declarer:
            self.ask_declarer()
        if self.asks.discard:
            self.ask_discard()
        self.check_setup()

    def check_setup(self) -> None:
        """Read the deal so far as the validator will, and go back to the question at
        fault while it finds an error there."""
        again = {"Deal": self.ask_hands, "Kitty": self.ask_kitty, "Turned": self.ask_turned,
                 "Contract": self.ask_contract, "Trump": self.ask_trump, "Declarer": self.ask_declarer,
                 "Discard": self.ask_discard}
        while True:
            deal = self.probe()
            findings = [*self.rules.required(deal)]
            self.rules.setup(deal, findings)
            errors = [f for f in findings if located(f, deal).is_error and f.code != "BPN101"]
            if not errors:
                return
            for f in errors:
                self.say(f"{f.message} ({f.code})", "red")
            again.get(errors[0].at or "Deal", self.ask_hands)()
