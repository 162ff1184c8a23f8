"""The trick-play rules and bounds of the pure-Python solver core (see ``_pysolver.py``):
the position's state, legal moves and their order, playing and taking back a card, and
the quick-trick and sure-trump bounds, each with the cards its answer rests on.

Cards are bits ``16·suit + slot`` of an int, as in :mod:`bismarck_pbn.analysis.problem`.
"""

from __future__ import annotations

_SUIT_MASKS = tuple(0xFFFF << (16 * s) for s in range(4))
_REL: dict[tuple[int, int], int] = {}


def pext(x: int, m: int) -> int:
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


def suit(mask: int, s: int) -> int:
    return (mask >> (16 * s)) & 0xFFFF


def beats(x: int, best: int, trump: int) -> bool:
    xs, bs = x >> 4, best >> 4
    return x > best if xs == bs else xs == trump


def top_cards(present: int, d: int) -> int:
    """The ``d`` highest bits of ``present``."""
    drop = present.bit_count() - d
    while drop > 0:
        present &= present - 1
        drop -= 1
    return present


def run_of(card: int, legal: int, present: int) -> int:
    """The cards (a suit's 16 bits) of the run of touching legal cards topped by ``card``."""
    s, b = card >> 4, card & 15
    m, pr = suit(legal, s), suit(present, s)
    run = 1 << b
    for x in range(b - 1, -1, -1):
        if not pr >> x & 1:
            continue
        if not m >> x & 1:
            break
        run |= 1 << x
    return run


class Rules:
    """The position being searched and the rules of trick play on it."""

    n: int
    trump: int
    must_trump: bool
    maxmask: int
    countmask: int
    hands: list[int]
    to_play: int
    ntable: int
    tcard: list[int]
    tseat: list[int]
    trick_stack: list[tuple]
    hist: list[list[int]]
    killer: list[int]

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
            if beats(self.tcard[i], bc, self.trump):
                best, bc = i, self.tcard[i]
        return best

    def _play(self, card: int) -> tuple[int, int]:
        """Play ``card`` for the seat to play. Returns (1, the winning card's bit when it
        beat a card of its own suit, else 0) when the card completes a trick, else (0, 0)."""
        seat = self.to_play
        self.hands[seat] &= ~(1 << card)
        del self.tseat[self.ntable:], self.tcard[self.ntable:]
        self.tseat.append(seat)
        self.tcard.append(card)
        self.ntable += 1
        if self.ntable == self.n:
            wi = self._winning()
            wc = self.tcard[wi]
            rel = (1 << wc) if any(i != wi and c >> 4 == wc >> 4 for i, c in enumerate(self.tcard)) else 0
            self.trick_stack.append((self.tseat, self.tcard))
            self.to_play = self.tseat[wi]
            self.tseat, self.tcard = [], []
            self.ntable = 0
            return 1, rel
        self.to_play = (seat + 1) % self.n
        return 0, 0

    def _unplay(self, card: int, seat: int) -> None:
        if self.ntable == 0:
            self.tseat, self.tcard = self.trick_stack.pop()
            self.ntable = self.n
        self.ntable -= 1
        del self.tseat[self.ntable:], self.tcard[self.ntable:]
        self.to_play = seat
        self.hands[seat] |= 1 << card

    def _last_trick(self) -> tuple[int, int]:
        """The last trick, every seat holding one card: (counted or not, the relevant cards)."""
        lead, bc, bseat = self.to_play, -1, self.to_play
        cards = []
        for i in range(self.n):
            seat = (lead + i) % self.n
            h = self.hands[seat]
            card = (h & -h).bit_length() - 1
            cards.append(card)
            if bc < 0 or beats(card, bc, self.trump):
                bc, bseat = card, seat
        rel = (1 << bc) if sum(c >> 4 == bc >> 4 for c in cards) > 1 else 0
        return self.countmask >> bseat & 1, rel

    def _quick_tricks(self, L: int) -> tuple[int, int]:
        """Tricks the leader surely takes by cashing winners from the top, and the cards
        they rest on (the leader's top cards counted). With trumps out in other hands the
        side-suit runs are cashed first, each for as many rounds as every other seat
        holding a trump can follow, then the top-trump run; where nobody else can ruff, a
        suit nobody else holds more cards of than the leader's run adds the leader's
        other cards of it (long cards; see rules.h)."""
        hands = self.hands
        all_ = 0
        for h in hands:
            all_ |= h
        run, tops = [], []
        for s in range(4):
            p, m = suit(all_, s), suit(hands[L], s)
            k = t = 0
            while p:
                hb = p.bit_length() - 1
                if not m >> hb & 1:
                    break
                k += 1
                p &= ~(1 << hb)
                t |= 1 << hb
            run.append(k)
            tops.append(t)
        T = self.trump
        holders = [hands[s] for s in range(self.n) if s != L and hands[s] & _SUIT_MASKS[T]] if T >= 0 else []
        if T >= 0 and max((suit(h, T).bit_count() for h in holders), default=0) > run[T]:
            for x in range(4):
                if x != T:
                    short = min(suit(h, x).bit_count() for h in holders)
                    if run[x] > short:
                        run[x], tops[x] = short, top_cards(tops[x], short)
        else:
            # nobody else ruffs once the top trumps are out: long cards (rules.h)
            for s in range(4):
                own = suit(hands[L], s).bit_count()
                others = max(suit(hands[t], s).bit_count() for t in range(self.n) if t != L)
                if run[s] and own > run[s] and others <= run[s]:
                    run[s] = own
        return sum(run), tops[0] | tops[1] << 16 | tops[2] << 32 | tops[3] << 48

    def _sure_trump_tricks(self, team: int, want: int) -> tuple[int, int]:
        """Tricks ``team`` surely takes with trumps above all the other team's trumps (the
        most of them one of its seats holds), and the cards that rests on when that is at
        least ``want``: the trumps from a seat's want-th highest such trump up, the seat
        where that is highest (all the team's: rules.h), else from the other team's
        highest up."""
        tm = _SUIT_MASKS[self.trump]
        theirs = all_ = 0
        for s in range(self.n):
            all_ |= self.hands[s]
            if not team >> s & 1:
                theirs |= self.hands[s] & tm
        above, rel = -1, 0
        if theirs:
            topbit = 1 << (theirs.bit_length() - 1)
            above = ~((topbit << 1) - 1)
            rel = all_ & tm & ~(topbit - 1)
        most = kth = 0      # kth: the highest want-th highest sure trump of a seat
        for s in range(self.n):
            if team >> s & 1:
                sure = self.hands[s] & tm & above
                most = max(most, sure.bit_count())
                if theirs and 0 < want <= sure.bit_count():
                    for _ in range(want - 1):
                        sure &= ~(1 << (sure.bit_length() - 1))
                    kth = max(kth, 1 << (sure.bit_length() - 1))
        if kth:
            rel = all_ & tm & ~(kth - 1)
        return most, rel

    def _sure_vs(self, nx: int, led: int, card: int) -> bool:
        """Does ``card`` (on the table, or about to be played to a trick led in ``led``)
        stay above every card seat ``nx`` can play to the trick?"""
        s, b = card >> 4, card & 15
        h = self.hands[nx]
        nl = suit(h, led)
        if nl:
            return s != led or nl.bit_length() - 1 < b
        if self.trump >= 0 and led != self.trump and suit(h, self.trump):
            cs = suit(h, s)
            return s == self.trump and (not cs or cs.bit_length() - 1 < b)
        return True

    def _sure_over(self, nx: int, led: int, card: int) -> bool:
        """Must seat ``nx`` play above ``card`` (of the suit led)? It holds the suit led,
        every card of it above ``card``."""
        nl = suit(self.hands[nx], led)
        return nl != 0 and (nl & -nl).bit_length() - 1 > (card & 15) and card >> 4 == led

    def _moves(self, best_lead: int) -> list[int]:
        """Representatives of the legal cards, one per run of touching cards, best first
        (the card-play rules of ``gen_moves()`` in ``native/solver.c``)."""
        lg, all_ = self._legal(), self._present()
        seat, n, hands, maxmask = self.to_play, self.n, self.hands, self.maxmask
        mine_max = maxmask >> seat & 1
        wants = mine_max == (self.countmask >> seat & 1)  # this seat wants to win tricks
        ntable, trump, hist = self.ntable, self.trump, self.hist[seat]
        killer = -1 if ntable or not wants else self.killer[hands[seat].bit_count()]  # none in misère
        nx, led, before_last = (seat + 1) % n, -1, False
        nx_foe = (maxmask >> nx & 1) != mine_max
        if ntable:
            wi = self._winning()
            wcard = self.tcard[wi]
            partner_wins = (maxmask >> self.tseat[wi] & 1) == mine_max
            last = ntable == n - 1
            led = self.tcard[0] >> 4
            before_last = ntable == n - 2
            w_sure = before_last and self._sure_vs(nx, led, wcard)
        scored = []
        for s in range(4):
            m = suit(lg, s)
            if not m:
                continue
            p = suit(all_, s)
            top = p.bit_length() - 1
            length = suit(hands[seat], s).bit_count()
            mate_top = ruff = pruff = False
            opplen = 0
            if not ntable and wants:
                for t in range(n):
                    ts = suit(hands[t], s)
                    tr = not ts and trump >= 0 and s != trump and suit(hands[t], trump) != 0
                    if (maxmask >> t & 1) == mine_max:
                        pruff = pruff or (t != seat and tr)
                        mate_top = mate_top or bool(ts >> top & 1)
                    else:
                        opplen += ts.bit_count()
                        ruff = ruff or tr
            while m:
                b = m.bit_length() - 1
                m &= ~(1 << b)
                run = 1 << b
                for x in range(b - 1, -1, -1):
                    if not p >> x & 1:
                        continue
                    if not m >> x & 1:
                        break
                    m &= ~(1 << x)
                    run |= 1 << x
                card = 16 * s + b
                if not ntable:
                    rel = (p & ((1 << b) - 1)).bit_count()
                    if best_lead >= 0 and best_lead == (s << 4 | rel):
                        sc = 100000
                    elif not wants:  # misère: the highest card the other side must overtake,
                        sc = 1000 - 4 * rel  # else low, a suit the other side is void in last
                        held = above = two = sure = False
                        for t in range(n):
                            if (maxmask >> t & 1) == mine_max:
                                continue
                            ts = suit(hands[t], s)
                            held = held or ts != 0
                            if ts and (ts & -ts).bit_length() - 1 > b:
                                sc = 1400 + 4 * rel  # the counted seat: from its shortest suit first
                                sc -= 8 * length if self.countmask >> seat & 1 else 0
                                sure = True
                                if not self.countmask >> seat & 1:  # after the low leads where a teammate
                                    under = (ts & -ts) - 1  # must overtake it too (no card under)
                                    for u in range(n):
                                        us = suit(hands[u], s)
                                        if u != seat and (maxmask >> u & 1) == mine_max and us and not us & under:
                                            sc = 900 + rel
                                break
                            above = above or ts >> b != 0
                            two = two or ts.bit_count() >= 2
                        if not sure and held and self.countmask >> seat & 1:
                            sc -= 40 * length  # its other low leads from its shortest suit first too
                        if not held:
                            sc -= 200
                        elif (not sure and not above and two and not self.countmask >> seat & 1
                              and not suit(hands[seat], s) >> (b + 1)):
                            sc = 2000  # a maximiser sheds its highest card over the counted side's
                    elif b == top:
                        sc = 3000 + length * 8 - (1500 if ruff else 0)
                    elif pruff and not ruff and opplen:
                        sc = 2500 - b
                    elif mate_top:
                        sc = 2000 - b - (1000 if ruff else 0)
                    else:  # low from length, not away from the second card under an opponent's top
                        sc = 1000 + length * 4 - 4 * rel
                        q = p & ~(1 << top)
                        if q and suit(hands[seat], s) >> (q.bit_length() - 1) & 1:
                            sc -= 300
                else:
                    w = beats(card, wcard, trump)
                    if not wants:
                        sc = 2000 + b if not w else 1000 + b if last else 500 - b
                        if w and not self.countmask >> seat & 1 and self.countmask >> self.tseat[wi] & 1:
                            sc = 500 + b  # a maximiser overtakes the counted side with its highest
                        if (before_last and s == led and not nx_foe and not self.countmask >> seat & 1
                                and self.countmask >> self.tseat[wi] & 1 and self._sure_over(nx, led, wcard)):
                            sc = 2500 + b  # the last seat must overtake the counted seat: shed the highest
                    elif partner_wins:
                        sc = -100 - b if w and last else 500 - b - (50 if w else 0)
                        if w and before_last and nx_foe and not w_sure and self._sure_vs(nx, led, card):
                            sc = 1800 - b
                    elif w:
                        sc = 2000 - b if last else 1500 + b
                        if before_last and nx_foe and self._sure_vs(nx, led, card):
                            sc = 1800 - b
                        elif before_last and not nx_foe:
                            sc = 1500 - b if w_sure else 450 - b
                    else:
                        sc = 500 - b - (200 if s == trump else 0)
                if killer >> 4 == s and run >> (killer & 15) & 1 and sc < 100000:
                    sc += 5000  # the lead that last cut off with as many tricks left
                scored.append((sc * 64 + min(hist[card], 63), card))
        scored.sort(key=lambda t: -t[0])
        return [c for _, c in scored]
