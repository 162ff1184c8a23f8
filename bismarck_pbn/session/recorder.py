"""The dialogue behind ``bpn record``, for any game: after the questions before the play
(:class:`~bismarck_pbn.session.questions.Questions`), the play card by card through the
game's trick rules (:class:`~bismarck_pbn.games.tricks.DealState`), refusing a card
with the validator's own words; ``u`` takes back, ``claim`` ends early; then the tricks,
the score and the running total as the validator computes them in the session so far.

The dialogue talks through two functions, so that it runs the same in a terminal, with
piped input and in tests: ``ask(prompt) -> str`` gives the next answer (raising
:class:`EOFError` at the end of the input) and ``say(text, style=None)`` shows a line.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from bismarck_pbn.check.validate import check_deal, prepare, validate_deals
from bismarck_pbn.diagnostics import Diagnostic
from bismarck_pbn.format import values
from bismarck_pbn.format.reader import parse
from bismarck_pbn.games.base import seat_list
from bismarck_pbn.games.tricks import DealState
from bismarck_pbn.model.cards import JOKER, SUITS, sort_cards
from bismarck_pbn.model.deal import Play, PlayedCard, Pos, Tag
from bismarck_pbn.session.auction_questions import undo_call
from bismarck_pbn.session.draft import Record
from bismarck_pbn.session.entry import parse_card, parse_tricks
from bismarck_pbn.session.questions import Aborted, Questions

__all__ = ["HELP", "PLAY_CODES", "Aborted", "Recorder"]

PLAY_CODES = ("BPN502", "BPN503", "BPN504")
"""The validator's codes for a card that may not be played."""

HELP = ("type a card (SA, s a, H10, ht), or: u / undo to take back the last card, "
        "? to show the hand and the legal cards, claim to end the play and give the "
        "final tricks, quit to abandon the deal")


class Recorder(Questions):
    """Asks for one deal and plays it through. :meth:`run` returns the :class:`Record`;
    it raises :class:`Aborted` at the end of input or when the user quits."""

    def run(self) -> Record:
        self.ask_before_play()
        while True:
            if not self.thrown_in:
                self.play()
            self.finish()
            last = "call" if self.thrown_in else "card"
            while True:
                choice = self.ask(f"All right? y: record it, u: take back the last {last}, n: abandon",
                                  "y", ("y", "u", "n")).lower()
                if choice in ("y", "yes", "j", "ja"):
                    return self.rec
                if choice in ("n", "no", "nej", "q", "quit"):
                    raise Aborted("abandoned")
                if choice in ("u", "undo"):
                    break
                self.say("answer y, u or n", "red")
            if self.thrown_in:
                undo_call(self)
                self.ask_contract_and_after()
            elif self.rec.claimed:
                self.rec.claimed = False
                self.rec.tricks = None
                self.say("the claim is taken back; go on with the play")
            else:
                self._undo()

    # -- the play
    def _setup(self) -> None:
        """The deal without its play, read back as the validator will read it; and the
        engine's state for whose turn it is and the legal cards."""
        rec = self.rec
        deals = parse(rec.raw_text(play=False))
        self.base = deals[0]
        _, setup = prepare(self.base)
        rules = setup.rules or self.rules.trick_rules(self.base, None)
        self.state = DealState([h if e else None for h, e in zip(setup.play_hands, setup.exact)], rules,
                                      rec.leader, excluded=[set(x) for x in setup.excluded])
        for card in rec.cards:
            self.state.play(card)

    def faults(self, cards: Sequence[str]) -> list[Diagnostic]:
        """The validator's diagnostics for the play ``cards`` (card i at line i + 1)."""
        # the deal read back always has its Play section (raw_text writes one without cards)
        section = self.base.play or Play(Tag("Play", str(self.rec.leader)), self.rec.leader)
        play = section._replace(cards=tuple(PlayedCard(c, Pos(i + 1, 1, -1)) for i, c in enumerate(cards)))
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
            answer = self.ask(self._prompt(), None, self._legal() or ())
            command = answer.lower()
            if command in ("u", "undo") and not rec.cards and rec.calls:
                undo_call(self)  # before the first card: back into the auction
                self.ask_contract_and_after()
                if self.thrown_in:
                    return
                self._setup()
            elif command in ("u", "undo"):
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
            jokers = "".join(c[1] for c in sort_cards(held) if c[0] == JOKER)
            self.say(f"{self.name(seat)} holds " + "  ".join(f"{s} {by_suit[s]}" for s in SUITS)
                     + (f"  J {jokers}" if jokers else ""))
        legal = self._legal()
        if legal is not None:
            self.say("may play: " + " ".join(legal))
        self.say("tricks so far: " + ", ".join(f"{self.name(s)} {st.won[s - 1]}" for s in self.rules.seat_range()))

    def _claim(self, given: str) -> None:
        st = self.state
        won = tuple(st.won)
        rules = self.rules
        to_go = rules.tricks - st.tricks_played
        seats = seat_list(rules.seat_range())
        if st.trick:
            self.say(f"the unfinished trick ({' '.join(c for _, c in st.trick)}) stays in the record; "
                     "the final tricks count it too, like every trick not played out")
        while True:
            answer = given or self.ask(f"Final tricks for seats {seats.replace(' and ', ', ')} (they have "
                                       f"{' '.join(map(str, won))}, {to_go} to go; - to go on playing)")
            given = ""
            if answer.lower() in ("-", "u", "undo"):
                return
            try:
                tricks = parse_tricks(answer, rules.seats)
            except values.BadValue as exc:
                self.say(exc.message, "red")
                continue
            if sum(tricks) != rules.tricks:
                self.say(f"the tricks {'/'.join(map(str, tricks))} add up to {sum(tricks)}, not {rules.tricks}",
                         "red")
                continue
            short = [s for s in rules.seat_range() if tricks[s - 1] < won[s - 1]]
            if short:
                s = short[0]
                self.say(f"seat {s} already has {won[s - 1]} tricks after {st.tricks_played} played, so it "
                         f"cannot end with {tricks[s - 1]}", "red")
                continue
            self.rec.claimed = True
            self.rec.tricks = tricks
            return

    def finish(self) -> None:
        """Tricks, score and running total as the validator computes them (the deal read
        after the session so far), and the summary."""
        rec, rules = self.rec, self.rules
        rec.score = rec.total = rec.points = None
        if self.thrown_in:  # no play: the score is nothing, the total stands
            rec.tricks, rec.cards = None, []
            rec.score = (0,) * len(rules.sides() if rules.counts_per_side() else rules.seat_range())
        elif not rec.claimed:
            rec.tricks = tuple(self.state.won)
        deal = parse(rec.raw_text())[0]
        before = [] if self.new_session or rec.board in (None, 1) else self.session.played
        checked = list(validate_deals([*before, deal]))[-1]
        rec.score = checked.settled if checked.settled is not None else checked.result.score
        rec.points = checked.points
        if rec.points is None and checked.result.basis is not None and rec.board is None:
            # a deal outside any session: scored as the first of a round of its own
            alone = rules.session_rules()
            alone.start()
            rec.score = alone.rescore(deal, checked.result.score, checked.result.basis)[0]
            rec.points = alone.individual()
        known = rec.board is not None and (not before or self.session.total is not None or self.new_session)
        rec.total = checked.total if known else None
        self.say(self._heading(deal), "bold")
        if rec.tricks is None:
            self.say(f"  score {values.signed_text(rec.score or ())}" + (
                f"  total {values.signed_text(rec.total)}" if rec.total is not None else ""))
            return
        quotas = rules.tricks_needed(deal)
        counts = rec.score if rec.score is not None else rec.total
        per_side = len(counts) != rules.seats if counts is not None else rules.counts_per_side()
        rows = rules.sides() if per_side else tuple((s,) for s in rules.seat_range())
        for i, side in enumerate(rows):
            who = " & ".join(self.name(s) for s in side)
            tricks = sum(rec.tricks[s - 1] for s in side)
            line = f"  {who:<24} tricks {tricks:>2}"
            if quotas is not None and not per_side:
                line += f" (quota {quotas[side[0] - 1]})"
            if rec.score is not None:
                line += f"  score {values.signed_text([rec.score[i]]):>3}"
            if rec.total is not None:
                line += f"  total {values.signed_text([rec.total[i]]):>3}"
            self.say(line)
        if rec.points is not None and any(rec.points):
            self.say("  individual points " + ", ".join(f"{self.name(s)} {values.signed_text([p])}"
                                                       for s, p in zip(rules.seat_range(), rec.points)))

    def _heading(self, deal) -> str:
        rec = self.rec
        board = f"Board {rec.board}" if rec.board is not None else "The deal"
        role = self.rules.rotating_tag().lower()
        if self.thrown_in:
            what = "thrown in"
        elif rec.contract is not None:
            what = rec.contract + ("" if rec.contract != "Valfri" else f" at {rec.trump}")
        else:
            trump = prepare(deal)[1].trump
            what = ("no trump" if trump == "NT" else f"trump {trump or '?'}") + (
                f" (turned {rec.turned})" if rec.turned else "")
        return f"{board}: {self.name(rec.seat)} {role}, {what}" + (" (claimed)" if rec.claimed else "")
