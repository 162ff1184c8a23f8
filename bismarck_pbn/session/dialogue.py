"""What every question ``bpn record`` asks has in common, for any game: asking and
showing through two functions, the deal as answered so far, and the few kinds of
question the games share: a seat in the rotating place, a word from a list, a trump,
a card, cards put away. :class:`~bismarck_pbn.session.questions.Questions` asks a
deal's questions with them; :mod:`~bismarck_pbn.session.bismarck_questions` and
:mod:`~bismarck_pbn.session.auction_questions` add the questions of Bismarck and of
the auction games. This module imports neither, so the three stay free of cycles.

The dialogue talks through ``ask(prompt) -> str`` (raising :class:`EOFError` at the
end of the input) and ``say(text, style=None)``, so that it runs the same in a
terminal, with piped input and in tests. Where an answer is one of a few words (a
call, a card), the dialogue tells its :class:`Completer` which, for Tab.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Literal

from bismarck_pbn.format import values
from bismarck_pbn.format.reader import parse
from bismarck_pbn.games import Asks, ruleset
from bismarck_pbn.games.bismarck import Bismarck
from bismarck_pbn.model.cards import sort_cards
from bismarck_pbn.model.deal import Deal
from bismarck_pbn.model.variant import Variant
from bismarck_pbn.session.completion import Completer
from bismarck_pbn.session.draft import Record
from bismarck_pbn.session.entry import cards_word, parse_card, parse_cards
from bismarck_pbn.session.learn import Session

__all__ = ["BACK", "Aborted", "Ask", "Dialogue", "Say", "TakeBack", "match_word"]

Ask = Callable[[str], str]
Say = Callable[..., None]


class Aborted(Exception):
    """The deal was abandoned (end of input, or the user quit): nothing is written."""


class TakeBack(Exception):
    """An answer asked to go back (``u`` or ``undo`` where :attr:`Dialogue.back_words`
    allow it): the questions after the auction raise it, and the last call is taken back."""


BACK = ("u", "undo")
"""The answers that go back a step (``undo`` alone where ``u`` is also an answer)."""


def match_word(answer: str, words: Sequence[str]) -> list[str]:
    """The words ``answer`` names, without regard to case: the one it spells out, else
    every word it begins (``ab`` → Abundance, AbundanceTrump). O(words)."""
    low = answer.strip().lower()
    if not low:
        return []
    exact = [w for w in words if w.lower() == low]
    return exact or [w for w in words if w.lower().startswith(low)]


class Dialogue:
    """The plumbing and the shared questions; the deal's answers are in :attr:`rec`."""

    def __init__(self, ask: Ask, say: Say, session: Session | None = None, *,
                 today: datetime.date | None = None, completer: Completer | None = None) -> None:
        self._ask = ask
        self._say = say
        self.completer = completer or Completer()
        self.session = session or Session()
        self.today = today or datetime.date.today()
        self.rec = Record()
        self.variant = self.session.variant
        self.new_session = True
        self.remaining: list[str] = []
        """The contracts the forehand has left (Bismarck)."""
        self.thrown_in = False
        """The auction ended with no contract: the deal has no play."""
        self.back_words: tuple[str, ...] = ()
        """Answers that raise :class:`TakeBack` at any question (see :meth:`backing`)."""
        self.use_game(self.session.game, self.variant)

    # -- plumbing
    @contextmanager
    def backing(self, words: tuple[str, ...]) -> Iterator[None]:
        """While inside, an answer among ``words`` (any case) raises :class:`TakeBack`;
        ``()`` lets every answer through (the auction reads its own ``undo``)."""
        saved, self.back_words = self.back_words, words
        try:
            yield
        finally:
            self.back_words = saved

    def say(self, text: str, style: str | None = None) -> None:
        self._say(text, style)

    def ask(self, prompt: str, default: str | None = None, options: Iterable[str] = ()) -> str:
        """The answer to ``prompt`` (``default`` for an empty one); ``options`` are what
        Tab offers while it is typed."""
        shown = f"{prompt} [{default}]: " if default not in (None, "") else f"{prompt}: "
        self.completer.options = tuple(options)
        try:
            answer = self._ask(shown)
        except EOFError:
            raise Aborted("the input ended in the middle of the deal") from None
        finally:
            self.completer.options = ()
        answer = answer.strip()
        if answer.lower() in self.back_words:
            raise TakeBack(answer)
        if answer == "" and default is not None:
            return default
        return answer

    def confirm(self, prompt: str, default: bool = False) -> bool:
        while True:
            answer = self.ask(f"{prompt} (y/n)", "y" if default else "n", ("y", "n")).lower()
            if answer in ("y", "yes", "j", "ja"):
                return True
            if answer in ("n", "no", "nej"):
                return False
            self.say("answer y or n", "red")

    def name(self, seat: int) -> str:
        player = self.rec.session_tags.get(f"Player{seat}", "")
        return f"seat {seat} ({player})" if player else f"seat {seat}"

    def probe(self) -> Deal:
        """The deal as answered so far, read back as the validator reads it."""
        return parse(self.rec.raw_text(play=False))[0]

    # -- the game
    def use_game(self, game: str, variant: Variant) -> None:
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

    # -- the shared kinds of question
    def ask_rotating_seat(self, prompt: str, previous: int | None, moves: str) -> int:
        """The seat in the rotating place (dealer, forehand): by default the one after
        ``previous``; another is kept only when confirmed (BPN701). ``moves`` names the
        move in the warning (``the deal passes``)."""
        rules = self.rules
        expected = None
        if not self.new_session and self.rec.board is not None and previous is not None:
            expected = rules.left_of(previous)
        role = rules.rotating_tag().lower()
        while True:
            answer = self.ask(prompt, str(expected or 1), [str(s) for s in rules.seat_range()])
            try:
                seat = values.seat(answer, rules.seats)
            except values.BadValue as exc:
                self.say(exc.message, "red")
                continue
            if expected is not None and seat != expected:
                self.say(f"after seat {previous} {moves} to seat {expected} (BPN701)", "yellow")
                if not self.confirm(f"Keep seat {seat} as {role}?"):
                    continue
            return seat

    def ask_word(self, prompt: str, words: Sequence[str], default: str | None = None,
                 what: str = "answer") -> str:
        """One of ``words``, typed in any case or begun (Tab completes it)."""
        while True:
            answer = self.ask(prompt, default, words)
            found = match_word(answer, words)
            if len(found) == 1:
                return found[0]
            self.say(f"the {what} is {', '.join(words[:-1])} or {words[-1]}" if not found else
                     f"{answer!r} could be {' or '.join(found)}", "red")

    def ask_trump_from(self, prompt: str, allowed: Sequence[str], default: str | None = None,
                       refuse: str = "{trump} is not allowed here") -> str:
        """A trump (S, H, D, C or NT) among ``allowed``; ``refuse`` says why another is
        not (``{trump}`` stands for it)."""
        while True:
            answer = self.ask(prompt, default, allowed)
            try:
                trump = values.trump(answer)
            except values.BadValue:  # offer only what is allowed here (not NT where no trump is not)
                self.say(f"the trump must be {', '.join(allowed[:-1])} or {allowed[-1]}, not {answer!r}"
                         if len(allowed) > 1 else f"the trump must be {allowed[0]}, not {answer!r}", "red")
                continue
            if trump not in allowed:
                self.say(refuse.format(trump=trump), "red")
                continue
            return trump

    def ask_turned(self) -> str:
        """The card turned up for trump, checked, kept as :attr:`Record.turned` and returned."""
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
            return card

    def check_cards(self, cards: tuple[str, ...], elsewhere: dict[str, str]) -> None:
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

    def ask_cards(self, prompt: str, size: int, rule: str, *, decline: str | None = None,
                  check: Callable[[tuple[str, ...]], None] | None = None) -> tuple[str, ...] | None | Literal[False]:
        """``size`` cards put away (a holding or a list), sorted; None for ``?`` (not
        recorded); False for ``-`` where ``decline`` is "" (an exchange declined; when it
        is a sentence, it says why it may not be). ``rule`` ends the message for a wrong
        count; ``check`` raises BadValue for cards that cannot be."""
        while True:
            answer = self.ask(prompt)
            if answer == "?":
                return None
            if answer == "-" and decline is not None:
                if decline:
                    self.say(decline, "red")
                    continue
                return False
            if not answer:
                self.say(f"give the {size} cards put away" + (", or - if the exchange was declined"
                                                              if decline == "" else ""), "red")
                continue
            try:
                cards = parse_cards(answer)
                self.check_cards(cards, {})
                if len(cards) != size:
                    raise values.BadValue(f"that is {cards_word(len(cards))}; {rule}")
                if check is not None:
                    check(cards)
            except values.BadValue as exc:
                self.say(exc.message, "red")
                continue
            return sort_cards(cards)
