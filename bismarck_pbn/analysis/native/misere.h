/* Bounds at a trick's lead for misère (one counted seat that wants few tricks, the
 * others wanting it to take many), for the two ends of the null-window tests that a
 * misère search spends most of its positions on: the counted seat must take every
 * trick left (need == R), or must take at least one (need == 1). Each is a strategy
 * of one side that settles the test whatever the other side does, read from a suit's
 * cards alone; each reports the one card whose rank it rests on. In the middle of the
 * tests, counts over several suits: the tricks M surely loses (misere_loses, before the
 * table) and the tricks the others surely force on it (misere_forced, after the table's
 * lookup). The Python core has the same bounds (_pymisere.py). Part of solver.c's one translation unit (after
 * core.h and rules.h). */
#ifndef BPN_MISERE_H
#define BPN_MISERE_H
#include "core.h"
#include "rules.h"

/* Does the counted seat M (the only one) surely lose a trick, whoever leads now?
   - M leads: a card x of a suit s below every card of s that another seat t holds
     (t holds some): t must follow suit above x.
   - Another seat leads: M holds two cards of s or more, one of them (x) below every
     card of s that t holds, and t holds two or more. M keeps x through this trick (it
     has another card of s to follow with, and discards something else), t keeps a card
     of s above it; M either loses this trick or wins it and leads x to the next.
   Either way a position with the same owners of the cards of s from x up, and the same
   lengths (the table's key), allows the same, so *rel = x. */
static int misere_loses_one(const Ctx *c, int M, u64 *rel) {
    int lead = c->to_play == M, need2 = !lead;
    for (int s = 0; s < 4; s++) {
        unsigned m = suit_bits(c->hands[M], s);
        if (!m || popc32(m) <= need2) continue;
        for (int t = 0; t < c->n; t++) {
            if (t == M) continue;
            unsigned ts = suit_bits(c->hands[t], s);
            if (popc32(ts) <= need2) continue;
            unsigned below = m & ((1u << __builtin_ctz(ts)) - 1);   /* M's cards under all of t's */
            if (below) {
                *rel = (u64)1 << (16 * s + 31 - __builtin_clz(below));
                return 1;
            }
        }
    }
    return 0;
}

/* Does the leader (not M) surely make M take this trick? A card y of a suit s where
   M's every card of s is above y, and every other seat either holds a card of s below
   all of M's (it plays that) or none and a card it may discard (not a trump, nor when it
   must trump and can).
   *rel = y, the leader's highest such card: the owners of the cards of s from y up
   and the lengths fix all of this. */
static int misere_forces_one(const Ctx *c, int M, u64 *rel) {
    int L = c->to_play;
    for (int s = 0; s < 4; s++) {
        unsigned m = suit_bits(c->hands[M], s), l = suit_bits(c->hands[L], s);
        if (!m || !l) continue;
        unsigned under = (1u << __builtin_ctz(m)) - 1;
        if (!(l & under)) continue;
        int ok = 1;
        for (int u = 0; u < c->n && ok; u++) {
            if (u == M || u == L) continue;
            unsigned us = suit_bits(c->hands[u], s);
            if (us) ok = (us & under) != 0;
            else if (c->trump >= 0 && s != c->trump && suit_bits(c->hands[u], c->trump))
                ok = !c->must_trump && (c->hands[u] & ~suit_mask(c->trump)) != 0;   /* it can discard */
        }
        if (ok) {
            *rel = (u64)1 << (16 * s + 31 - __builtin_clz(l & under));
            return 1;
        }
    }
    return 0;
}

/* Does M lose this trick whatever the leader (not M) leads? Each suit the leader holds
   is one M is void in and may discard in (no trump it must play), or one where M holds a
   card under all of the cards of it of some seat that holds it (that seat's card, led
   or following, is above it). *rel: that card of each such suit (the lengths fix the
   voids). */
static int misere_every_lead_loses(const Ctx *c, int M, u64 *rel) {
    int L = c->to_play;
    u64 cards = 0;
    int ruffs = c->trump >= 0 && suit_bits(c->hands[M], c->trump)    /* void, M may have to trump */
                && (c->must_trump || !(c->hands[M] & ~suit_mask(c->trump)));
    for (int s = 0; s < 4; s++) {
        if (!suit_bits(c->hands[L], s)) continue;
        unsigned m = suit_bits(c->hands[M], s), low = 0;
        if (!m) { if (ruffs && s != c->trump) return 0; continue; }
        for (int t = 0; t < c->n; t++) {
            unsigned ts = suit_bits(c->hands[t], s);
            if (t != M && ts) low |= m & ((1u << __builtin_ctz(ts)) - 1);
        }
        if (!low) return 0;
        cards |= (u64)1 << (16 * s + 31 - __builtin_clz(low));
    }
    *rel = cards;
    return 1;
}

/* No trump: the least length of another seat t in the suits M holds (0 when t is void
   in one of them). While it is 1 or more, a trick M wins costs C nothing: it is led in
   a suit M holds (a discard never wins), t holds that suit and follows, and it is no
   counted suit (there M would play its low card and lose). See misere_summed();
   -DNO_MISERE_FOLLOWS builds without it (Y taken as 0). */
static inline int misere_follows(const Ctx *c, int M, int t) {
    int Y = 16;
    for (int s = 0; s < 4; s++) {
        if (!suit_bits(c->hands[M], s)) continue;
        int k = popc32(suit_bits(c->hands[t], s));
        if (k < Y) Y = k;
    }
    return Y;
}

/* The tricks M surely loses of the r left, from the sum C of one other seat t's counted
   suits (see misere_loses, below), Y (misere_follows; 0 with a trump) and Z, t's least
   spare in the counted suits (k_s - b_s, or 0: its cards of s beyond M's under them;
   a card of t from a suit with spare costs C nothing, as c_s = min(b_s, k_s) holds
   while k_s > b_s, and M's own lead takes one card of each, leaving the spare). The
   least, over the others' play, of the game where M's lead loses and costs C one; a
   trick M wins costs C one when Y and Z are 0, else Y or Z one (t plays one card a
   trick, and M's suits only go); a trick M loses costs C at most one, or Z one and C
   nothing, and one more only when C == r (when M holds the suit led, M's card and t's
   touch that one suit's c_s, or t is void in it and M's card is of a suit not counted;
   when M is void, it discards a card C does not need, which it holds while C < r). The
   game's value only grows with C, Y, Z and r, so the worst case of each trick is the
   bound. It equals that of the game without Z at Y + 2 Z, the closed form below
   (checked against the recursion of both games in tests/test_solver_misere.py);
   with Y == Z == 0 it is ceil(C / 2) from M's lead, floor(C / 2) from another seat's. */
static inline int misere_summed(int C, int Y, int r, int lead) {
#ifdef NO_MISERE_FOLLOWS
    Y = 0;
#endif
    if (C > r) C = r;
    if (Y > 2 * (r - C)) Y = 2 * (r - C);
    if (C <= 0) return 0;
    int v = lead ? (C + 1) / 2 + (Y + (C % 2 ? 0 : 2)) / 4 : C / 2 + (Y + (C % 2 ? 3 : 1)) / 4;
    return v < C ? v : C;
}

/* How many tricks does M surely lose, whoever leads? Per suit s (not trumps) and other
   seat t holding k cards of s: M's b cards of s below all of t's. While t holds a card
   of s, such a card x of M loses whenever M plays it (t follows above it, or led above
   it, or M discards it), and it cannot win; so M keeps to this: on lead, lead x; when s
   is led, play x. A trick M wins costs M no such card and t at most one card of s, and
   gives M the lead: it leads x and loses. A trick it loses costs each side at most one.
   So, by induction on the tricks, M loses at least min(b, ceil(k / 2)) tricks from its
   lead, min(b, floor(k / 2)) from another seat's (k counts down by one a trick at most,
   and a win and the lead it brings take two of t's cards for one of M's losses).
   Asked whether M loses x or more: *rel = M's highest card of s under all of t's: a
   position with the same owners of the cards of s from it up and the same lengths has
   t's cards of s all above it and M's b lowest below them (M's cards below it are as
   many). The highest of the b rather than the x-th lowest: it fixes fewer cards, so the
   table's entries match more positions (12-trick misère solves 0.3 % fewer nodes).
   Another seat to lead, when M surely loses this trick (misere_every_lead_loses) it
   counts as from M's lead: the trick lost, then min(b - 1, floor((k - 1) / 2)) more
   from another seat's lead, min(b, ceil(k / 2)) in all; it then rests on that one's
   cards too. Trumps are left out: a seat that must
   trump may have to win with x.
   Failing that, the sum over the suits of one other seat t (-DNO_MISERE_SUM builds
   without it): t plays one card a trick, so its cards of several suits run out together
   no faster than one a trick. C = the sum over the suits s but trumps of
   c_s = min(b_s, k_s) (M's b_s cards of s under all of t's k_s). M keeps to this: on
   lead, lead such a card x of a suit with c_s >= 1 (t follows above it: a trick lost, C
   down by exactly one); when s is led, play x. A trick M wins costs C at most one (t's
   card: M's is no such x, which cannot win while t holds its suit) and gives M the lead;
   a trick M loses costs at most two (its card and t's). So, by induction on the tricks,
   M loses at least ceil(C / 2) from its lead, floor(C / 2) from another seat's (C is at
   most t's cards, the tricks left); more in no trump while t holds every suit M holds
   (misere_summed, above). *rel: M's highest card under all of t's in each suit counted:
   a position with the same owners of the cards of s from it up and the same lengths
   has M's b_s lowest cards of s under all of t's, and the game played with those b_s
   alone (the proof needs no more of them) has the same C, Y and Z. */
static int misere_loses(const Ctx *c, int M, int x, u64 *rel) {
    int lead = c->to_play == M, every = -1;   /* misere_every_lead_loses(), once asked */
    u64 erel = 0;
    for (int s = 0; s < 4; s++) {
        unsigned m = suit_bits(c->hands[M], s);
        if (popc32(m) < x || s == c->trump) continue;
        for (int t = 0; t < c->n; t++) {
            unsigned ts = suit_bits(c->hands[t], s);
            if (t == M || popc32(ts) + 1 < 2 * x) continue;
            unsigned below = m & ((1u << __builtin_ctz(ts)) - 1);
            if (popc32(below) < x) continue;
            u64 extra = 0;
            if (!lead && popc32(ts) < 2 * x) {   /* as from M's lead if this trick is lost */
                if (every < 0) every = misere_every_lead_loses(c, M, &erel);
                if (!every) continue;
                extra = erel;
            }
            *rel = (u64)1 << (16 * s + 31 - __builtin_clz(below)) | extra;
            return 1;
        }
    }
#ifndef NO_MISERE_SUM
    for (int t = 0; t < c->n; t++) {
        if (t == M) continue;
        int C = 0, Z = 16;
        u64 cards = 0;
        for (int s = 0; s < 4; s++) {
            unsigned ts = suit_bits(c->hands[t], s);
            if (!ts || s == c->trump) continue;
            unsigned below = suit_bits(c->hands[M], s) & ((1u << __builtin_ctz(ts)) - 1);
            if (!below) continue;
            int b = popc32(below), k = popc32(ts);
            C += b < k ? b : k;
            if (k - b < Z) Z = b < k ? k - b : 0;   /* the least spare (-DNO_MISERE_SPARE: 0) */
            cards |= (u64)1 << (16 * s + 31 - __builtin_clz(below));
        }
        if (C < x) continue;   /* the game's value, and its lost branches', are at most C */
        int Y = c->trump < 0 ? misere_follows(c, M, t) : 0;
#ifndef NO_MISERE_SPARE
        Y += 2 * Z;
#endif
        int r = popc(c->hands[M]);
        if (misere_summed(C, Y, r, lead) >= x) {
            *rel = cards;
            return 1;
        }
#ifndef NO_MISERE_LOST
        /* another seat to lead and M surely loses this trick (misere_every_lead_loses):
           the game's lost branches alone, one trick on (Y here is Y + 2 Z: the branch
           with Y and Z down one each takes 3 from it, Y down one alone 1) */
        if (!lead && C >= 1) {
            int ya = Y - 1 < 0 ? 0 : Y - 1;
            int yb = Y - 3 < 0 ? 0 : Y - 3;
            int la = misere_summed(C - 1, ya, r - 1, 0), lb = la;
            if (1 + la >= x)   /* else the least of the two fails already */
                lb = Z >= 1 ? misere_summed(C - (C == r), yb, r - 1, 0) : misere_summed(C - 1 - (C == r), ya, r - 1, 0);
            if (1 + (la < lb ? la : lb) >= x) {
                if (every < 0) every = misere_every_lead_loses(c, M, &erel);
                if (every) { *rel = cards | erel; return 1; }
            }
        }
#endif
    }
#endif
    return 0;
}

/* No trump, M to lead: does M surely lose this trick and the next? M leads x, its lowest
   card of a suit s, below every card of s another seat holds (each seat holding s
   follows above it, the others discard, which wins nothing in no trump); the trick's
   winner is then one seat t, whose every card of s is above every card of s of the
   others but M, so t wins it whatever they play. t leads the next trick, and each suit
   t still holds is one M is void in (M discards) or holds a card under all of t's cards
   of (M follows under t's lead): for s itself, M's next card of s under all of t's, or
   none left. M loses both. *rel: x, and M's highest card under all of t's in each suit
   t holds that M holds: a position with the same owners of the cards of s from x up and
   the same lengths has the same cards of s (no seat holds one under x), and M's card
   still under all of t's in each other suit (the lengths fix the voids). The 12-trick
   misère solves 1.2 % fewer nodes. -DNO_MISERE_HANDOFF builds without it. */
static int misere_handoff(const Ctx *c, int M, u64 *rel) {
    if (c->trump >= 0) return 0;
    for (int s = 0; s < 4; s++) {
        unsigned m = suit_bits(c->hands[M], s), others = 0;
        if (!m) continue;
        for (int u = 0; u < c->n; u++) if (u != M) others |= suit_bits(c->hands[u], s);
        if (!others || __builtin_ctz(others) < __builtin_ctz(m)) continue;   /* x under all of them */
        int t = -1;
        for (int u = 0; u < c->n; u++) {
            unsigned us = suit_bits(c->hands[u], s);
            if (u == M || !us) continue;
            unsigned rest = others & ~us;
            if (!rest || 31 - __builtin_clz(rest) < __builtin_ctz(us)) { t = u; break; }
        }
        if (t < 0) continue;
        u64 cards = (u64)1 << (16 * s + __builtin_ctz(m));
        int ok = 1;
        for (int s2 = 0; s2 < 4 && ok; s2++) {
            unsigned t2 = suit_bits(c->hands[t], s2), m2 = suit_bits(c->hands[M], s2);
            if (s2 == s) { if (popc32(t2) < 2) continue; m2 &= m2 - 1; }   /* M's cards after x */
            if (!t2 || !m2) continue;
            unsigned low = m2 & ((1u << __builtin_ctz(t2)) - 1);
            if (!low) ok = 0;
            else cards |= (u64)1 << (16 * s2 + 31 - __builtin_clz(low));
        }
        if (ok) { *rel = cards; return 1; }
    }
    return 0;
}

/* Do the others (all maximising) surely make M take `need` tricks or more? Per suit s but
   trumps that M holds (m_s cards), where every other seat t holds a_ts cards of s under
   M's lowest card of s: f_s = min(m_s, the least a_ts) tricks, summed over the suits
   (F = the sum of f_s). The others keep to this: whoever of them leads, leads a low card
   of a suit s with rounds left (M still holds s: M's cards of s go only to tricks of s,
   as M follows s whenever it is led, and discards only when void in the suit led, which
   the others never lead), each other seat follows under M's card with a low card of s,
   and M wins the trick (M's every card of s is above every low card). M then leads: a
   card of s wins again (each other seat ducks with a low card: a round too); another
   card either wins or is overtaken by another seat, which leads the next round. In such
   a trick (M's exit) each other seat plays a card outside the f_s lowest of each suit it
   keeps for the rounds: it follows the suit led (no counted suit), or is void and
   discards (or trumps: trumps are no counted suit) such a card; it holds one, as its
   cards outside them, r - F, are at least the tricks M can exit in (M's cards outside
   the rounds, r - F, too). So M takes at least F tricks, whoever leads now.
   *rel: M's lowest card of each counted suit: a position with the same owners of the
   cards of s from it up and the same lengths has M's cards of s all there and each
   other seat's cards of s under it as many. -DNO_MISERE_FORCED builds without it. */
static int misere_forced(const Ctx *c, int M, int need, u64 *rel) {
    int F = 0;
    u64 cards = 0;
    for (int s = 0; s < 4; s++) {
        unsigned m = suit_bits(c->hands[M], s);
        if (!m || s == c->trump) continue;
        int x = __builtin_ctz(m), f = popc32(m);
        unsigned under = (1u << x) - 1;
        for (int t = 0; t < c->n && f; t++) {
            if (t == M) continue;
            int a = popc32(suit_bits(c->hands[t], s) & under);
            if (a < f) f = a;
        }
        if (!f) continue;
        F += f;
        cards |= (u64)1 << (16 * s + x);
        if (F >= need) { *rel = cards; return 1; }
    }
    return 0;
}

/* After the table's lookup, at a trick's lead: does misere_forced settle "at least
   `need`" as true? One counted seat, every other seat maximising. Asked only where the
   table did not answer, and only for need <= 3 (with another seat to lead, need 2 or 3:
   misere_forces_one settles need 1 there first): on the benchmark's Pass leads and
   random misère deals it settled 2 of the 3.4 M tests beyond those, and each call costs a
   loop over the suits and seats. */
static inline int misere_forced_bound(const Ctx *c, int need, u64 *rel) {
#ifdef NO_MISERE_FORCED
    (void)c; (void)need; (void)rel;
    return 0;
#else
    int cm = c->countmask, M = __builtin_ctz((unsigned)cm);
    if (need > 3 || (need == 1 && c->to_play != M)) return 0;
    if (cm & (cm - 1) || (c->maxmask | cm) != (1 << c->n) - 1 || cm & c->maxmask) return 0;
    return misere_forced(c, M, need, rel);
#endif
}

/* At a trick's lead with R tricks left: 0 or 1 when a misère bound settles the test
   "at least `need` counted", else -1. Only for one counted seat that minimises
   (countmask a single seat outside maxmask); the need == 1 bound also wants every other
   seat maximising. */
static int misere_bound(const Ctx *c, int need, int R, u64 *rel) {
    int cm = c->countmask;
    if (cm & (cm - 1) || cm & c->maxmask) return -1;
    int M = __builtin_ctz((unsigned)cm);
    if (need == R && misere_loses_one(c, M, rel)) return 0;
#ifndef NO_MISERE_LOSSES
    if (need > 1 && 2 * (R - need + 1) <= R + 1 && misere_loses(c, M, R - need + 1, rel)) return 0;
#endif
#ifndef NO_MISERE_HANDOFF
    if (need == R - 1 && R >= 2 && c->to_play == M && misere_handoff(c, M, rel)) return 0;
#endif
    if (need == 1 && c->to_play != M && (c->maxmask | cm) == (1 << c->n) - 1
        && misere_forces_one(c, M, rel)) return 1;
    return -1;
}

#endif
