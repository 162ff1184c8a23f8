"""The pure-Python solver core: the same search as ``native/solver.c``, line for line
where it can be, for machines without a C compiler (and ``BPN_SOLVER=python``).

It takes an :class:`~bismarck_pbn.analysis.problem.Encoded` problem (bit masks, see
:mod:`bismarck_pbn.analysis.problem`) and answers in *counted* tricks: those of the
seats in ``countmask``, which the seats in ``maxmask`` want many of and the others few
(the same seats normally; in misère the counted side's opponents). The search is a
null-window alpha-beta ("will at least *need* tricks be counted?"),
driven MTD(f)-style; a transposition table keyed on the cards left with ranks made
relative to the cards gone, and on the seat to lead, holds lower and upper bounds at
trick boundaries; touching cards are searched once; the leader's quick tricks give
early bounds. The table holds at most ``max_entries`` positions and is cleared when
full. Exponential in the worst case, like any exact solver; the table makes a full
three-hand deal feasible, though some hundred times slower than the C core.
"""

from __future__ import annotations

from bismarck_pbn.analysis.problem import Encoded


class SolverLimit(RuntimeError):
    """The search reached its node limit before it had the answer."""

_SUIT_MASKS = tuple(0xFFFF << (16 * s) for s in range(4))
_REL: dict[tuple[int, int], int] = {}


def _pext(x: int, m: int) -> int:
    """The bits of ``x`` (a subset of ``m``) packed down to the positions of m's bits."""
    out = _REL.get((x, m))
    if out is None:
        out = k = 0
        b, mm = 0, m
        while mm:
            if mm & 1:
                if x >> b & 1:
                    out |= 1 << k
                k += 1
            mm >>= 1
            b += 1
        _REL[(x, m)] = out
    return out


def _suit(mask: int, s: int) -> int:
    return (mask >> (16 * s)) & 0xFFFF


def _beats(x: int, best: int, trump: int) -> bool:
    xs, bs = x >> 4, best >> 4
    return x > best if xs == bs else xs == trump


class PySolver:
    """A solver with its own transposition table (kept between calls while the rules,
    trump and teams stay the same). Not thread-safe."""

    name = "python"

    def __init__(self, max_entries: int = 1 << 20, node_limit: int = 0) -> None:
        self.max_entries = max_entries
        self.node_limit = node_limit
        self._stop_at = -1
        self.tt: dict[tuple, list] = {}
        self.hist: list[list[int]] = [[0] * 64 for _ in range(4)]
        self.nodes = 0
        self.clears = 0
        self._sig: tuple | None = None

    # ---- public -------------------------------------------------------------------------

    def clear(self) -> None:
        self.tt.clear()
        self.hist = [[0] * 64 for _ in range(4)]

    def stats(self) -> dict[str, int]:
        """Nodes searched, table entries in use and the cap (entries; the memory per
        entry is some 300 bytes of Python objects)."""
        return {"nodes": self.nodes, "entries": len(self.tt), "capacity": self.max_entries,
                "bytes": len(self.tt) * 300, "clears": self.clears}

    def solve(self, p: Encoded, guess: int = -1) -> int:
        self._load(p)
        try:
            return self._value(0, self._count(self.to_play), guess)
        except SolverLimit:
            self.clear()  # half-proved bounds may be in the table
            self._sig = None
            raise



    def solve_moves(self, p: Encoded, guess: int = -1) -> dict[int, int]:
        """For each legal card (bit number), the counted tricks from the current trick to
        the end after it is played."""
        self._load(p)
        try:
            return self._moves_values(guess)
        except SolverLimit:
            self.clear()
            self._sig = None
            raise

    def _moves_values(self, guess: int) -> dict[int, int]:
        out: dict[int, int] = {}
        lg = self._legal()
        present = self._present()
        seat = self.to_play
        R = self._count(seat)
        for card in self._moves(-1):
            won, v = self._play(card), 0
            if self.ntable == 0:  # the trick was completed
                won = self.countmask >> self.to_play & 1
                v = won + (self._value(0, R - 1, guess - won if guess >= 0 else -1) if R > 1 else 0)
            else:
                v = self._value(0, R, guess)
            self._unplay(card, seat)
            guess = v
            s, b = card >> 4, card & 15
            m, pr = _suit(lg, s), _suit(present, s)
            out[card] = v
            for x in range(b - 1, -1, -1):
                if not pr >> x & 1:
                    continue
                if not m >> x & 1:
                    break
                out[16 * s + x] = v
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
        self.trick_stack: list[tuple] = []
        self._stop_at = self.nodes + self.node_limit if self.node_limit else -1

    def _count(self, seat: int) -> int:
        return self.hands[seat].bit_count()

    def _present(self) -> int:
        all_ = 0
        for h in self.hands:
            all_ |= h
        for c in self.tcard[: self.ntable]:
            all_ |= 1 << c
        return all_

    def _legal(self) -> int:
        h = self.hands[self.to_play]
        if self.ntable == 0:
            return h
        f = h & _SUIT_MASKS[self.tcard[0] >> 4]
        if f:
            return f
        if self.must_trump and self.trump >= 0 and h & _SUIT_MASKS[self.trump]:
            return h & _SUIT_MASKS[self.trump]
        return h

    def _winning(self) -> int:
        best, bc = 0, self.tcard[0]
        for i in range(1, self.ntable):
            if _beats(self.tcard[i], bc, self.trump):
                best, bc = i, self.tcard[i]
        return best

    def _play(self, card: int) -> int:
        """Play ``card`` for the seat to play; returns 1 when it completes a trick."""
        seat = self.to_play
        self.hands[seat] &= ~(1 << card)
        del self.tseat[self.ntable:], self.tcard[self.ntable:]
        self.tseat.append(seat)
        self.tcard.append(card)
        self.ntable += 1
        if self.ntable == self.n:
            w = self.tseat[self._winning()]
            self.trick_stack.append((self.tseat, self.tcard))
            self.tseat, self.tcard = [], []
            self.ntable = 0
            self.to_play = w
            return 1
        self.to_play = (seat + 1) % self.n
        return 0

    def _unplay(self, card: int, seat: int) -> None:
        if self.ntable == 0:
            self.tseat, self.tcard = self.trick_stack.pop()
            self.ntable = self.n
        self.ntable -= 1
        del self.tseat[self.ntable:], self.tcard[self.ntable:]
        self.to_play = seat
        self.hands[seat] |= 1 << card

    # ---- the search -----------------------------------------------------------------------

    def _key(self) -> tuple:
        hands, n = self.hands, self.n
        all_ = 0
        for h in hands:
            all_ |= h
        present = [_suit(all_, s) for s in range(4)]
        return (*(_pext(_suit(hands[seat], s), present[s]) for seat in range(n) for s in range(4)),
                self.to_play)

    def _quick_tricks(self, L: int) -> int:
        hands = self.hands
        all_ = 0
        for h in hands:
            all_ |= h
        run = []
        for s in range(4):
            p, m = _suit(all_, s), _suit(hands[L], s)
            k = 0
            while p:
                hb = p.bit_length() - 1
                if not m >> hb & 1:
                    break
                k += 1
                p &= ~(1 << hb)
            run.append(k)
        if self.trump < 0:
            return sum(run)
        most = max((hands[s] & _SUIT_MASKS[self.trump]).bit_count() for s in range(self.n) if s != L)
        return run[self.trump] if most > run[self.trump] else sum(run)

    def _sure_trump_tricks(self, team: int) -> int:
        """Tricks ``team`` surely takes with trumps above all the other team's trumps:
        the most of them one of its seats holds."""
        tm = _SUIT_MASKS[self.trump]
        theirs = 0
        for s in range(self.n):
            if not team >> s & 1:
                theirs |= self.hands[s] & tm
        above = ~((2 << (theirs.bit_length() - 1)) - 1) if theirs else -1
        return max(((self.hands[s] & tm & above).bit_count() for s in range(self.n) if team >> s & 1),
                   default=0)

    def _moves(self, best_lead: int) -> list[int]:
        """Representatives of the legal cards, one per run of touching cards, best first."""
        lg, all_ = self._legal(), self._present()
        seat = self.to_play
        mine_max = self.maxmask >> seat & 1
        wants = mine_max == (self.countmask >> seat & 1)  # this seat wants to win tricks
        ntable, trump, hist = self.ntable, self.trump, self.hist[seat]
        if ntable:
            wi = self._winning()
            wcard = self.tcard[wi]
            partner_wins = (self.maxmask >> self.tseat[wi] & 1) == mine_max
            last = ntable == self.n - 1
        scored = []
        for s in range(4):
            m = _suit(lg, s)
            if not m:
                continue
            p = _suit(all_, s)
            top = p.bit_length() - 1
            length = _suit(self.hands[seat], s).bit_count()
            while m:
                b = m.bit_length() - 1
                m &= ~(1 << b)
                for x in range(b - 1, -1, -1):
                    if not p >> x & 1:
                        continue
                    if not m >> x & 1:
                        break
                    m &= ~(1 << x)
                card = 16 * s + b
                if not ntable:
                    rel = (p & ((1 << b) - 1)).bit_count()
                    if best_lead >= 0 and best_lead == (s << 4 | rel):
                        sc = 100000
                    elif not wants:
                        sc = 1000 - 4 * rel
                    elif b == top:
                        sc = 3000 + length * 8
                    else:
                        holder = next((t for t in range(self.n) if _suit(self.hands[t], s) >> top & 1), -1)
                        if holder >= 0 and (self.maxmask >> holder & 1) == mine_max:
                            sc = 2000 - b
                        else:
                            sc = 1000 + length * 4 - b
                else:
                    w = _beats(card, wcard, trump)
                    if not wants:
                        sc = 2000 + b if not w else 1000 + b if last else 500 - b
                    elif partner_wins:
                        sc = -100 - b if w and last else 500 - b - (50 if w else 0)
                    elif w:
                        sc = 2000 - b if last else 1500 + b
                    else:
                        sc = 500 - b - (200 if s == trump else 0)
                scored.append((sc * 64 + min(hist[card], 63), card))
        scored.sort(key=lambda t: -t[0])
        return [c for _, c in scored]

    def _last_trick(self) -> int:
        lead, bc, bseat = self.to_play, -1, self.to_play
        for i in range(self.n):
            seat = (lead + i) % self.n
            h = self.hands[seat]
            card = (h & -h).bit_length() - 1
            if bc < 0 or _beats(card, bc, self.trump):
                bc, bseat = card, seat
        return self.countmask >> bseat & 1

    def _search(self, need: int) -> bool:
        self.nodes += 1
        if self._stop_at >= 0 and self.nodes > self._stop_at:
            raise SolverLimit("the node limit was reached")
        seat = self.to_play
        R = self.hands[seat].bit_count()
        if need <= 0:
            return True
        if need > R:
            return False
        boundary = self.ntable == 0
        best_lead, lo, hi = -1, 0, R
        is_max = self.maxmask >> seat & 1
        if boundary:
            if R == 1:
                return self._last_trick() >= need
            key = self._key()
            e = self.tt.get(key)
            if e is not None:
                lo, hi, best_lead = e
                if lo >= need:
                    return True
                if hi < need:
                    return False
            if self.trump >= 0:
                mine = self._sure_trump_tricks(self.countmask)
                if mine >= need:
                    self._store(key, mine, hi, best_lead)
                    return True
                theirs = self._sure_trump_tricks(((1 << self.n) - 1) & ~self.countmask)
                if R - theirs < need:
                    self._store(key, lo, R - theirs, best_lead)
                    return False
            if is_max == (self.countmask >> seat & 1):  # the leader wants tricks: cash them
                q = self._quick_tricks(seat)
                if is_max:
                    if q >= need:
                        self._store(key, q, hi, best_lead)
                        return True
                elif R - q < need:
                    self._store(key, lo, R - q, best_lead)
                    return False
        result, cut = not is_max, -1
        for card in self._moves(best_lead):
            if self._play(card):
                r = self._search(need - (self.countmask >> self.to_play & 1))
            else:
                r = self._search(need)
            self._unplay(card, seat)
            if r == is_max:
                result, cut = r, card
                self.hist[seat][card] += R
                break
        if boundary:
            best = best_lead
            if cut >= 0:
                p = 0
                for h in self.hands:
                    p |= _suit(h, cut >> 4)
                best = (cut >> 4) << 4 | (p & ((1 << (cut & 15)) - 1)).bit_count()
            if result:
                self._store(key, max(lo, need), hi, best)
            else:
                self._store(key, lo, min(hi, need - 1), best)
        return bool(result)

    def _store(self, key: tuple, lo: int, hi: int, best: int) -> None:
        e = self.tt.get(key)
        if e is not None:
            e[0], e[1] = max(e[0], lo), min(e[1], hi)
            if best >= 0:
                e[2] = best
            return
        if len(self.tt) >= self.max_entries:
            self.tt.clear()  # the clear policy: memory stays under the cap
            self.clears += 1
        self.tt[key] = [lo, hi, best]

    def _value(self, floor: int, ceil: int, guess: int) -> int:
        lo, hi = floor, ceil
        g = guess if guess >= 0 else (lo + hi + 1) // 2
        while lo < hi:
            t = min(max(g, lo + 1), hi)
            if self._search(t):
                lo = t
                g = t + 1 if guess >= 0 else (lo + hi + 1) // 2
            else:
                hi = t - 1
                g = t - 1 if guess >= 0 else (lo + hi + 1) // 2
        return lo
