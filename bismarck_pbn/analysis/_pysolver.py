"""The pure-Python solver core: the same search as ``native/solver.c``, for machines
without a C compiler (and ``BPN_SOLVER=python``); the rules and bounds are in
``_pyrules.py``.

It takes an :class:`~bismarck_pbn.analysis.problem.Encoded` problem (bit masks, see
:mod:`bismarck_pbn.analysis.problem`) and answers in *counted* tricks: those of the
seats in ``countmask``, which the seats in ``maxmask`` want many of and the others few
(the same seats normally; in misère the counted side's opponents). The search is a
null-window alpha-beta ("will at least *need* tricks be counted?"), driven MTD(f)-style,
with partition search: each call also returns the cards whose rank its answer rests
on, and the transposition table files a trick-boundary position under the seat to lead
and the suit lengths of every seat, with entries that say which top cards of each suit
mattered and who holds them (see the comment at the table in ``native/solver.c``, and
why collapsing touching cards stays sound). Touching cards are searched once; the
leader's quick tricks and sure trump tricks give early bounds (the C core has more for
four seats in partnerships, ``native/later.h``: the same values, fewer positions searched).
The table holds at most
``max_entries`` entries and is emptied when full. Exponential in the worst case, like
any exact solver; some fifty times slower than the C core per position.
"""

from __future__ import annotations

from bismarck_pbn.analysis._pymisere import forced_bound, misere_bound
from bismarck_pbn.analysis._pyrules import Rules, pext, run_of, suit, top_cards
from bismarck_pbn.analysis.problem import Encoded


TT_MIN = 2
"""Positions of this many tricks or fewer are not filed in the table (as in the C core)."""


class SolverLimit(RuntimeError):
    """The search reached its node limit before it had the answer."""


class PySolver(Rules):
    """A solver with its own transposition table (kept between calls while the rules,
    trump and teams stay the same). Not thread-safe."""

    name = "python"

    def __init__(self, max_entries: int = 1 << 20, node_limit: int = 0) -> None:
        self.max_entries = max_entries
        self.node_limit = node_limit
        self._stop_at = -1
        self.tt: dict[tuple, list[list[int]]] = {}
        self.entries = 0
        self.hist: list[list[int]] = [[0] * 64 for _ in range(4)]
        self.killer: list[int] = [-1] * 65
        self.nodes = 0
        self.clears = 0
        self._sig: tuple | None = None

    # ---- public -------------------------------------------------------------------------

    def clear(self) -> None:
        self.tt.clear()
        self.entries = 0
        self.hist = [[0] * 64 for _ in range(4)]
        self.killer = [-1] * 65

    def stats(self) -> dict[str, int]:
        """Nodes searched, table entries in use and the cap (entries; the memory per
        entry is some 200 bytes of Python objects)."""
        return {"nodes": self.nodes, "entries": self.entries, "capacity": self.max_entries,
                "bytes": self.entries * 200, "clears": self.clears}

    def solve(self, p: Encoded, guess: int = -1) -> int:
        self._load(p)
        # the node limit (SolverLimit) leaves the table as it is: the exception passes
        # every _store() on its way out, so each entry comes from a search that ended
        return self._value(0, self._count(self.to_play), guess)

    def solve_moves(self, p: Encoded, guess: int = -1) -> dict[int, int]:
        """For each legal card (bit number), the counted tricks from the current trick to
        the end after it is played."""
        self._load(p)
        return self._moves_values(guess)

    def _moves_values(self, guess: int) -> dict[int, int]:
        out: dict[int, int] = {}
        lg = self._legal()
        present = self._present()
        seat = self.to_play
        R = self._count(seat)
        for card in self._moves(-1):
            done, _ = self._play(card)
            if done:  # the trick was completed
                won = self.countmask >> self.to_play & 1
                v = won + (self._value(0, R - 1, guess - won if guess >= 0 else -1) if R > 1 else 0)
            else:
                v = self._value(0, R, guess)
            self._unplay(card, seat)
            guess = v
            run = run_of(card, lg, present)
            for x in range(16):
                if run >> x & 1:
                    out[16 * (card >> 4) + x] = v
        return out

    # ---- state ----------------------------------------------------------------------------

    def _load(self, p: Encoded) -> None:
        sig = (p.n, p.trump, p.must_trump, p.maxmask, p.countmask)
        if sig != self._sig:
            self.clear()
            self._sig = sig
        self.n, self.trump, self.must_trump, self.maxmask = p.n, p.trump, p.must_trump, p.maxmask
        self.countmask = p.countmask
        self.hands = list(p.hands)
        self.to_play = p.to_play
        self.ntable = len(p.table)
        self.tcard = list(p.table)
        self.tseat = [(p.to_play - len(p.table) + i) % p.n for i in range(len(p.table))]
        self.trick_stack = []
        self._stop_at = self.nodes + self.node_limit if self.node_limit else -1

    # ---- the table --------------------------------------------------------------------------

    def _position(self) -> tuple[tuple, list[int], int]:
        """The table's key (the suit lengths of every seat and the seat to lead), the
        cards still out per suit, and the hands of all seats but the last with ranks made
        relative to the cards gone (16 bits a suit, 64 a seat)."""
        hands, n = self.hands, self.n
        all_ = 0
        for h in hands:
            all_ |= h
        present = [suit(all_, s) for s in range(4)]
        lengths = tuple(suit(h, s).bit_count() for h in hands for s in range(4))
        rel = 0
        for seat in range(n - 1):
            h = hands[seat]
            for s in range(4):
                rel |= pext(suit(h, s), present[s]) << (64 * seat + 16 * s)
        return (*lengths, self.to_play), present, rel

    def _pattern(self, present: list[int], cards: int) -> int:
        """The relative-rank mask (64 bits a seat, for all seats but the last) of the top
        cards that matter: in each suit, those at or above its lowest relevant card."""
        m = 0
        for s in range(4):
            r = suit(cards, s) & present[s]
            if r:
                p = present[s]
                low = (p & ((r & -r) - 1)).bit_count()  # the relevant card's relative rank
                m |= (((1 << p.bit_count()) - 1) & ~((1 << low) - 1)) << (16 * s)
        return sum(m << (64 * seat) for seat in range(self.n - 1))

    def _entry_cards(self, present: list[int], mask: int) -> int:
        out = 0
        for s in range(4):
            out |= top_cards(present[s], (mask >> (16 * s) & 0xFFFF).bit_count()) << (16 * s)
        return out

    def _store(self, key: tuple, present: list[int], rel: int, cards: int,
               lo: int, hi: int, best: int) -> None:
        mask = self._pattern(present, cards)
        value = rel & mask
        entries = self.tt.get(key)
        if entries is not None:
            for e in entries:
                if e[0] == mask and e[1] == value:
                    e[2], e[3] = max(e[2], lo), min(e[3], hi)
                    if best >= 0:
                        e[4] = best
                    return
        if self.entries >= self.max_entries:
            self.tt.clear()  # the clear policy: memory stays under the cap
            self.entries = 0
            self.clears += 1
            entries = None
        if entries is None:
            entries = self.tt[key] = []
        entries.append([mask, value, lo, hi, best])
        self.entries += 1

    # ---- the search -----------------------------------------------------------------------

    def _search(self, need: int) -> tuple[bool, int]:
        """Will at least ``need`` of the remaining tricks be counted? And the cards whose
        rank that answer rests on."""
        self.nodes += 1
        if self._stop_at >= 0 and self.nodes > self._stop_at:
            raise SolverLimit("the node limit was reached")
        seat = self.to_play
        R = self.hands[seat].bit_count()
        if need <= 0:
            return True, 0
        if need > R:
            return False, 0
        boundary = self.ntable == 0
        best_lead = -1
        filed = boundary and R > TT_MIN
        if boundary:
            if R == 1:
                won, cards = self._last_trick()
                return won >= need, cards
            mb, cards = misere_bound(self.hands, self.n, self.trump, self.must_trump, self.maxmask,
                                     self.countmask, seat, need, R)
            if mb >= 0:
                return bool(mb), cards
            key, present, rel = self._position() if filed else ((), [], 0)
            for e in self.tt.get(key, ()) if filed else ():
                if rel & e[0] != e[1]:
                    continue
                if e[2] >= need:
                    return True, self._entry_cards(present, e[0])
                if e[3] < need:
                    return False, self._entry_cards(present, e[0])
                if best_lead < 0 and e[4] >= 0:
                    best_lead = e[4]
            cards = forced_bound(self.hands, self.n, self.trump, self.maxmask, self.countmask, seat, need)
            if cards:  # _pymisere: the tricks the others surely force on the misère seat
                return True, cards
            if self.trump >= 0:
                mine, cards = self._sure_trump_tricks(self.countmask, need)
                if mine >= need:
                    return True, cards
                theirs, cards = self._sure_trump_tricks(((1 << self.n) - 1) & ~self.countmask, R - need + 1)
                if R - theirs < need:
                    return False, cards
            lmax = self.maxmask >> seat & 1
            if lmax == (self.countmask >> seat & 1):  # the leader wants tricks: cash them
                q, cards = self._quick_tricks(seat)
                if (q >= need) if lmax else (R - q < need):
                    return bool(lmax), cards
        is_max = self.maxmask >> seat & 1
        result, cut, acc = not is_max, -1, 0
        lg, all_ = self._legal(), self._present()
        low = [0, 0, 0, 0]  # per suit: cards below this slot stand for one tried (solver.c)
        for card in self._moves(best_lead):
            if card & 15 < low[card >> 4]:
                continue
            done, wrel = self._play(card)
            if done:
                r, crel = self._search(need - (self.countmask >> self.to_play & 1))
            else:
                r, crel = self._search(need)
            self._unplay(card, seat)
            crel |= wrel
            if r == is_max:
                result, cut, acc = r, card, crel
                self.hist[seat][card] += R
                if boundary:
                    self.killer[R] = card
                break
            # the run of touching cards the card stands for: see solver.c's search()
            run = run_of(card, lg, all_) << (16 * (card >> 4))
            if crel & run:
                crel |= run
            acc |= crel
            s = card >> 4
            if not low[s]:
                ranks = acc >> (16 * s) & 0xFFFF
                lowest = (ranks & -ranks).bit_length() - 1 if ranks else 16
                if card & 15 < lowest:
                    low[s] = lowest
        if filed:
            best = -1
            if cut >= 0:
                best = (cut >> 4) << 4 | (present[cut >> 4] & ((1 << (cut & 15)) - 1)).bit_count()
            if result:
                self._store(key, present, rel, acc, need, R, best)
            else:
                self._store(key, present, rel, acc, 0, need - 1, best)
        return bool(result), acc

    def _value(self, floor: int, ceil: int, guess: int) -> int:
        """Counted tricks between ``floor`` and ``ceil``: null-window searches stepping by
        one from ``guess``, or without one a binary search whose first test is the
        counted seats' share of the tricks (as ``value()`` in ``native/solver.c``)."""
        lo, hi = floor, ceil
        g = guess if guess >= 0 else -(-hi * self.countmask.bit_count() // self.n)
        while lo < hi:
            t = min(max(g, lo + 1), hi)
            if self._search(t)[0]:
                lo = t
                g = t + 1 if guess >= 0 else (lo + hi + 1) // 2
            else:
                hi = t - 1
                g = t - 1 if guess >= 0 else (lo + hi + 1) // 2
        return lo
