"""The questions ``bpn record`` asks before the play, for any game: the board, the
session tags of a new session (the game among them), the seat that deals (Bismarck's
forehand), the hands, the kitty or stock, the turned card, and what the game's ruleset
says it records (:meth:`~bismarck_pbn.games.base.Ruleset.asks`): a contract, a named
trump, the declarer, the discard. Bismarck's contract schedule, Valfri trumps and
exchange are asked by :mod:`~bismarck_pbn.session.bismarck_questions`; the auction
games' calls, Frisches and bids by :mod:`~bismarck_pbn.session.auction_questions`; the
kinds of question all share by :class:`~bismarck_pbn.session.dialogue.Dialogue`.

Each answer is checked as it is typed; then the deal so far is read back as the
validator will read it, and anything it still finds wrong sends the dialogue back to
the question at fault (:meth:`Questions.check_setup`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from bismarck_pbn.check.validate import located, prepare
from bismarck_pbn.format import values
from bismarck_pbn.games import RULESETS
from bismarck_pbn.games.base import seat_list
from bismarck_pbn.model.cards import holding_text, sort_cards
from bismarck_pbn.model.games import BISMARCK, contract_word, game_name
from bismarck_pbn.model.variant import STANDARD, Variant
from bismarck_pbn.session import auction_questions as auction
from bismarck_pbn.session import bismarck_questions as bismarck
from bismarck_pbn.session import layout_questions
from bismarck_pbn.session.dialogue import BACK, Aborted, Ask, Dialogue, Say, TakeBack
from bismarck_pbn.session.entry import cards_word, parse_cards
from bismarck_pbn.session.learn import SESSION_TAGS, tags_of

__all__ = ["Aborted", "Ask", "Questions", "Say"]


class Questions(Dialogue):
    """The dialogue up to the play; :class:`~bismarck_pbn.session.recorder.Recorder`
    goes on with the play."""

    def _game_of(self, tags: dict[str, str]) -> tuple[str, Variant]:
        game = game_name(tags.get("Game", "")) or BISMARCK
        try:
            return game, values.variant(tags.get("Variant", "Standard"), game)
        except values.BadValue:
            return game, STANDARD

    # -- the questions
    def ask_board(self) -> None:
        s = self.session
        default = s.next_board
        if s.in_session and not s.finished:
            of = f" of {s.length} ({s.variant})" if s.length is not None else ""
            written = s.written_total
            differs = written is not None and s.total is not None and tuple(written) != tuple(s.total)
            self.say(f"The file ends at board {s.board}{of}; "
                     f"running total {values.signed_text(s.total) if s.total else 'unknown'}"
                     + (f" (its Total tag says {values.signed_text(written)}: bpn validate shows why)"
                        if differs and written is not None else "") + ".")
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
            self.use_game(*self._game_of(tags))
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
                continue  # a seat this game does not have: no tag, and the reader does not carry one over
            if name == f"Player{tags.get('Dummy')}":
                continue  # the träkarl's seat: no player
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
            if name == "Variant" and "Trakarl" in answer.split():
                tags["Dummy"] = self.ask_dummy(before.get("Dummy") or "")
            elif name in previous and not answer:
                # Left out, it would be inherited from the deal before: write it empty.
                tags[name] = "????.??.??" if name == "Date" else ""
        if self.game != BISMARCK or "Game" in previous:
            tags["Game"] = self.game
        self.use_game(*self._game_of(tags))
        self.rec.session_tags = tags

    def ask_dummy(self, default: str) -> str:
        return layout_questions.ask_dummy(self, default)

    def ask_game(self, before: dict[str, str]) -> None:
        """The game of the new session: the one before, or Bismarck."""
        default = self._game_of(before)[0]
        names = sorted(RULESETS, key=lambda n: (n != BISMARCK, n))
        while True:
            answer = self.ask(f"Game ({', '.join(names)})", default, names)
            game = game_name(answer)
            if game is None or game not in RULESETS:
                self.say(f"{answer!r} is not a game bpn can record: {', '.join(names)}"
                         if game is None else f"bpn does not know the rules of {game} yet", "red")
                continue
            self.use_game(game, STANDARD if game == BISMARCK else values.variant("Standard", game))
            return

    def ask_seat(self) -> None:
        """The forehand (Bismarck) or the dealer."""
        if self.is_bismarck:
            return bismarck.ask_forehand(self)
        rules = self.rules
        prompt = f"Dealer (seat {seat_list(rules.seat_range()).replace(' and ', ' or ')})"
        seat = self.rec.seat = self.ask_rotating_seat(prompt, self.session.seat, "the deal passes")
        if rules.has_auction:
            self.say(f"Dealer: {self.name(seat)}; {self.name(rules.left_of(seat))} calls first.")
            return
        leader = rules.opening_leader(self.probe())
        self.rec.leader = leader if leader is not None else rules.left_of(seat)
        self.say(f"Dealer: {self.name(seat)}; {self.name(self.rec.leader)} leads.")

    def ask_hands(self) -> None:
        rec, rules = self.rec, self.rules
        order = [rec.seat]
        while len(order) < rules.seats:
            order.append(rules.left_of(order[-1]))
        jokers = ", jokers in a fifth field (.B, .L, .BL)" if "JB" in rules.deck_set else ""
        for seat in order:
            role = f", the {rules.rotating_tag().lower()}," if seat == rec.seat else ""
            while True:
                answer = self.ask(f"Hand of {self.name(seat)}{role} as dealt, S.H.D.C like "
                                  f"AK2.QJT.5.9876{jokers} (- or Enter if not known)", "-")
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

    def ask_layouts(self) -> None:
        layout_questions.ask_layouts(self)

    def _check_hand(self, cards: tuple[str, ...], seat: int) -> tuple[str, ...]:
        elsewhere = {c: f"{self.name(s)}'s hand" for s in self.rules.seat_range() if s != seat
                     for c in (self.rec.hands[s - 1] or ())}
        self.check_cards(cards, elsewhere)
        size = self.rules.sizes()[0]
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
                self.check_cards(cards, {c: "a hand" for c in known})
            except values.BadValue as exc:
                self.say(exc.message.replace("already in a hand", "in a hand already"), "red")
                continue
            if len(cards) != size:
                self.say(f"that is {cards_word(len(cards))}; the {name} has {size}", "red")
                continue
            rec.kitty = cards if ordered else sort_cards(cards)
            return

    def ask_contract(self) -> None:
        if self.is_bismarck:
            return bismarck.ask_contract(self)
        if self.rules.has_auction:  # the auction gives the contract: take back its last call
            auction.undo_call(self)
            return self.ask_contract_and_after()
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
        allowed = ("S", "H", "D", "C") if "Trump" in self.rules.declarer_names(self.rec.contract) else (
            "S", "H", "D", "C", "NT")
        who = "named by the declarer " if len(allowed) == 4 else ""
        self.rec.trump = self.ask_trump_from(f"Trump {who}({', '.join(allowed)})", allowed,
                                             refuse=f"in {self.rec.contract} the declarer names a trump suit, "
                                             "never no trump")

    def ask_declarer(self) -> None:
        while True:
            try:
                self.rec.declarer = values.seat(self.ask("Declarer (seat)", None,
                                                         [str(s) for s in self.rules.seat_range()]), self.rules.seats)
                return
            except values.BadValue as exc:
                self.say(exc.message, "red")

    def ask_discard(self) -> None:
        if self.is_bismarck:
            return bismarck.ask_discard(self)
        size = self.asks.discard
        cards = self.ask_cards(f"Discard: the {size} cards put away, ? if not recorded", size,
                               f"{size} are put away")
        self.rec.exchange, self.rec.discard = (None, None) if cards is None else (True, cards)  # type: ignore[assignment]

    def ask_declarers_word(self) -> None:
        """What the declarer chooses once it has the contract: the trump suit, or Bid
        Whist's Direction (:meth:`~bismarck_pbn.games.base.Ruleset.declarer_names`)."""
        named = self.rules.declarer_names(self.rec.contract)
        if "Trump" in named:
            self.ask_trump()
        if "Direction" in named:
            with self.backing(("undo",) if self.back_words else ()):  # u is Uptown here
                self.rec.direction = self.ask_word(
                    "Direction named by the declarer (Uptown or Downtown"
                    + ("; undo takes back the last call)" if self.back_words else ")"),
                    ("Uptown", "Downtown"), what="direction")

    def ask_before_play(self) -> None:
        """Every question before the play, then :meth:`check_setup`."""
        self.ask_board()
        self.ask_seat()
        self.ask_hands()
        if self.asks.layouts:
            self.ask_layouts()
        self.ask_kitty()
        if self.asks.turned:
            self.ask_turned()
        self.ask_contract_and_after()

    def ask_contract_and_after(self) -> None:
        """The contract (in the auction games, the auction call by call and what it
        leaves open), the trump, declarer and discard; then :meth:`check_setup`."""
        if self.rules.has_auction:
            return self._auction_and_after()
        if self.asks.contract:
            self.ask_contract()
        if self.is_bismarck or prepare(self.probe())[1].trump is None:
            self.ask_trump()
        if self.asks.declarer and self.rec.declarer is None:
            self.ask_declarer()
        if self.asks.discard:
            self.ask_discard()
        if self.asks.passed:
            auction.ask_frisches(self)
        if self.asks.bids:
            auction.ask_bids(self)
        self.check_setup()

    def _auction_and_after(self) -> None:
        """The auction, then what it leaves open; ``u`` or ``undo`` at any question after
        it (``undo`` alone where ``u`` is an answer too) takes back the last call and goes
        on with the auction."""
        while True:
            with self.backing(()):  # the auction reads its own u
                auction.ask_auction(self)
            self.rec.direction = None  # asked again if the contract still wants it
            try:
                with self.backing(BACK):
                    if not self.thrown_in and self._asks_after_auction():
                        self.say("  (u or undo at the questions that follow takes back the last call)")
                    if not self.thrown_in:
                        self.ask_declarers_word()
                        if self.asks.discard:
                            self.ask_discard()
                    if self.asks.passed:  # a thrown-in deal too: the cards passed in its Frisches
                        auction.ask_frisches(self)
                    if self.asks.bids and not self.thrown_in:
                        auction.ask_bids(self)
                    self.check_setup()
                return
            except TakeBack:
                auction.undo_call(self)

    def _asks_after_auction(self) -> bool:
        """Whether any question follows the auction (the Frisches' cards aside)."""
        return bool(self.rules.declarer_names(self.rec.contract) or self.asks.discard or self.asks.bids)

    def check_setup(self) -> None:
        """Read the deal so far as the validator will, and go back to the question at
        fault while it finds an error there."""
        again: dict[str, Callable[[], object]] = {
            "Deal": self.ask_hands, "Kitty": self.ask_kitty, "Turned": self.ask_turned,
            "Contract": self.ask_contract, "Trump": self.ask_trump, "Declarer": self.ask_declarer,
            "Discard": self.ask_discard, "Direction": self.ask_declarers_word,
            "Bids": lambda: auction.ask_bids(self), "Layout1": self.ask_layouts, "Layout2": self.ask_layouts}
        for k in range(1, len(self.rec.frisch) + 1):
            again[f"Frisch{k}"] = functools.partial(auction.ask_frisch, self, k)
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
