"""The misère bounds of the pure-Python solver core, the twin of ``native/misere.h``
(see there for why each holds): at a trick's lead, with one counted seat M that wants
few tricks, "must M take every trick left?" fails when M surely loses one, and "must M
take one?" holds when the leader surely makes M take this trick. Each answer rests on
one card (returned for the table). In the middle of the tests, "must M take `need`?"
fails when M surely loses more than R - need tricks (losses), and holds when the others
surely force `need` tricks on M (forced, asked after the table's lookup); "must M take
every trick but one?" fails, M to lead in no trump, when M's lead surely hands the lead
to a seat whose every lead M loses too (handoff)."""

from __future__ import annotations

from bismarck_pbn.analysis._pyrules import suit


def _low(x: int) -> int:
    return (x & -x).bit_length() - 1


def _high(x: int) -> int:
    return x.bit_length() - 1


def loses_one(hands: list[int], n: int, M: int, to_play: int) -> int:
    """The card (as a one-bit mask) by which M surely loses a trick, or 0."""
    need2 = to_play != M
    for s in range(4):
        m = suit(hands[M], s)
        if not m or m.bit_count() <= need2:
            continue
        for t in range(n):
            ts = suit(hands[t], s)
            if t == M or ts.bit_count() <= need2:
                continue
            below = m & ((1 << _low(ts)) - 1)
            if below:
                return 1 << (16 * s + _high(below))
    return 0


def forces_one(hands: list[int], n: int, M: int, L: int, trump: int, must_trump: bool) -> int:
    """The leader's card (a one-bit mask) that surely makes M take this trick, or 0."""
    for s in range(4):
        m, lead = suit(hands[M], s), suit(hands[L], s)
        if not m or not lead:
            continue
        under = (1 << _low(m)) - 1
        if not lead & under:
            continue
        ok = True
        for u in range(n):
            if not ok or u in (M, L):
                continue
            us = suit(hands[u], s)
            if us:
                ok = bool(us & under)
            elif trump >= 0 and s != trump and suit(hands[u], trump):
                ok = not must_trump and bool(hands[u] & ~(0xFFFF << (16 * trump)))
        if ok:
            return 1 << (16 * s + _high(lead & under))
    return 0


def every_lead_loses(hands: list[int], n: int, M: int, L: int, trump: int, must_trump: bool) -> int | None:
    """The cards (a mask, maybe 0) on which "M loses this trick whatever L (not M) leads"
    rests, or None: each suit L holds is one M is void in and may discard in, or one where M holds
    a card under all of some seat's cards of it (see misere.h)."""
    ruffs = trump >= 0 and bool(suit(hands[M], trump)) and (must_trump or not hands[M] & ~(0xFFFF << (16 * trump)))
    cards = 0
    for s in range(4):
        if not suit(hands[L], s):
            continue
        m = suit(hands[M], s)
        if not m:
            if ruffs and s != trump:
                return None
            continue
        low = 0
        for t in range(n):
            ts = suit(hands[t], s)
            if t != M and ts:
                low |= m & ((1 << _low(ts)) - 1)
        if not low:
            return None
        cards |= 1 << (16 * s + _high(low))
    return cards


def loses(hands: list[int], n: int, M: int, to_play: int, trump: int, must_trump: bool, x: int) -> int:
    """The card (a one-bit mask) on which "M surely loses `x` tricks or more" rests, or 0:
    per suit but trumps and other seat t holding k cards of it, M's cards under all of
    t's, min(their number, ceil(k / 2)) from M's lead or when M surely loses this trick,
    floor(k / 2) from another seat's (see misere.h)."""
    lead, asked, every = to_play == M, False, None  # every_lead_loses(), once asked
    for s in range(4):
        m = suit(hands[M], s)
        if m.bit_count() < x or s == trump:
            continue
        for t in range(n):
            ts = suit(hands[t], s)
            if t == M or ts.bit_count() + 1 < 2 * x:
                continue
            below = m & ((1 << _low(ts)) - 1)
            if below.bit_count() < x:
                continue
            extra = 0
            if not lead and ts.bit_count() < 2 * x:  # as from M's lead if this trick is lost
                if not asked:
                    asked, every = True, every_lead_loses(hands, n, M, to_play, trump, must_trump)
                if every is None:
                    continue
                extra = every
            return 1 << (16 * s + _high(below)) | extra
    return summed(hands, n, M, to_play, trump, must_trump, x)


def summed_losses(C: int, Y: int, r: int, lead: bool) -> int:
    """The tricks M surely loses of the r left, from the sum C over one other seat's
    suits and that seat's least length Y in the suits M holds (0 with a trump): the closed
    form of the game in misere.h's misere_summed()."""
    C = min(C, r)
    Y = min(Y, 2 * (r - C))
    if C <= 0:
        return 0
    v = (C + 1) // 2 + (Y + (0 if C % 2 else 2)) // 4 if lead else C // 2 + (Y + (3 if C % 2 else 1)) // 4
    return min(v, C)


def summed(hands: list[int], n: int, M: int, to_play: int, trump: int, must_trump: bool, x: int) -> int:
    """The cards (a mask) on which "M surely loses `x` tricks or more" rests by the sum over
    the suits of one other seat t, or 0: C, the sum of min(M's cards under all of t's, t's
    length) over the suits but trumps, (no trump) t's least length in the suits M holds,
    and t's least spare in those suits (its cards beyond M's under them; see misere.h)."""
    r, lead, asked, every = hands[M].bit_count(), to_play == M, False, None
    for t in range(n):
        if t == M:
            continue
        total, spare, cards = 0, 16, 0
        for s in range(4):
            ts = suit(hands[t], s)
            if not ts or s == trump:
                continue
            below = suit(hands[M], s) & ((1 << _low(ts)) - 1)
            if below:
                b, k = below.bit_count(), ts.bit_count()
                total += min(b, k)
                spare = min(spare, max(k - b, 0))
                cards |= 1 << (16 * s + _high(below))
        if total < x:  # the game's value, and its lost branches', are at most the sum
            continue
        follows = min((suit(hands[t], s).bit_count() for s in range(4) if suit(hands[M], s)), default=16)
        y = (follows if trump < 0 else 0) + 2 * spare
        if summed_losses(total, y, r, lead) >= x:
            return cards
        if not lead and total >= 1:  # M surely loses this trick: the game's lost branches alone
            a = summed_losses(total - 1, max(y - 1, 0), r - 1, False)
            extra = 1 if total == r else 0
            b = (summed_losses(total - extra, max(y - 3, 0), r - 1, False) if spare
                 else summed_losses(total - 1 - extra, max(y - 1, 0), r - 1, False))
            if 1 + min(a, b) >= x:
                if not asked:
                    asked, every = True, every_lead_loses(hands, n, M, to_play, trump, must_trump)
                if every is not None:
                    return cards | every
    return 0


def forced(hands: list[int], n: int, M: int, trump: int, need: int) -> int:
    """The cards (a mask) on which "the others surely make M take `need` tricks or more"
    rests, or 0: per suit but trumps that M holds, where every other seat holds cards of
    it under all of M's, min(M's length, each other seat's cards under M's lowest) tricks,
    summed over the suits (see misere.h's misere_forced)."""
    total, cards = 0, 0
    for s in range(4):
        m = suit(hands[M], s)
        if not m or s == trump:
            continue
        under, f = (1 << _low(m)) - 1, m.bit_count()
        for t in range(n):
            if t != M and f:
                f = min(f, (suit(hands[t], s) & under).bit_count())
        if f:
            total += f
            cards |= 1 << (16 * s + _low(m))
            if total >= need:
                return cards
    return 0


def handoff(hands: list[int], n: int, M: int, trump: int) -> int:
    """No trump, M to lead: the cards (a mask) on which "M surely loses this trick and the
    next" rests, or 0: M's lowest card x of a suit under every other seat's cards of it,
    one seat t whose every card of that suit is above the others' (it wins the trick
    whatever is played), and each suit t then holds one M is void in or holds a card
    under all of t's cards of (see misere.h)."""
    if trump >= 0:
        return 0
    for s in range(4):
        m = suit(hands[M], s)
        if not m:
            continue
        others = 0
        for u in range(n):
            if u != M:
                others |= suit(hands[u], s)
        if not others or _low(others) < _low(m):
            continue
        t = -1
        for u in range(n):
            us = suit(hands[u], s)
            if u == M or not us:
                continue
            rest = others & ~us
            if not rest or _high(rest) < _low(us):
                t = u
                break
        if t < 0:
            continue
        cards = 1 << (16 * s + _low(m))
        ok = True
        for s2 in range(4):
            t2, m2 = suit(hands[t], s2), suit(hands[M], s2)
            if s2 == s:
                if t2.bit_count() < 2:
                    continue
                m2 &= m2 - 1  # M's cards after x
            if not t2 or not m2:
                continue
            low = m2 & ((1 << _low(t2)) - 1)
            if not low:
                ok = False
                break
            cards |= 1 << (16 * s2 + _high(low))
        if ok:
            return cards
    return 0


def misere_bound(hands: list[int], n: int, trump: int, must_trump: bool, maxmask: int, countmask: int,
                 to_play: int, need: int, R: int) -> tuple[int, int]:
    """(-1, 0) when no bound applies, else (0 or 1, the card it rests on)."""
    if countmask & (countmask - 1) or countmask & maxmask:
        return -1, 0
    M = _low(countmask)
    if need == R:
        card = loses_one(hands, n, M, to_play)
        if card:
            return 0, card
    if need > 1 and 2 * (R - need + 1) <= R + 1:
        card = loses(hands, n, M, to_play, trump, must_trump, R - need + 1)
        if card:
            return 0, card
    if need == R - 1 and R >= 2 and to_play == M:
        card = handoff(hands, n, M, trump)
        if card:
            return 0, card
    if need == 1 and to_play != M and (maxmask | countmask) == (1 << n) - 1:
        card = forces_one(hands, n, M, to_play, trump, must_trump)
        if card:
            return 1, card
    return -1, 0


def forced_bound(hands: list[int], n: int, trump: int, maxmask: int, countmask: int, to_play: int, need: int) -> int:
    """After the table's lookup: the cards on which "M takes `need` tricks or more" rests
    by forced(), or 0 (one counted seat M, every other seat maximising; need 3 or less,
    and 2 or more with another seat to lead, as in misere.h)."""
    if need > 3 or (need == 1 and to_play != _low(countmask)):
        return 0
    if countmask & (countmask - 1) or countmask & maxmask or (maxmask | countmask) != (1 << n) - 1:
        return 0
    return forced(hands, n, _low(countmask), trump, need)
