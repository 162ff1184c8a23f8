/* Bounds for four seats in two partnerships (bridge, whist), from DDS: its "later
 * tricks" at a trick's lead (the leader's side cannot take every trick, or every trick
 * but one, that it would need, because the other side holds a card that must win one)
 * and its quick tricks of the second hand (that side wins the trick in play and cashes
 * on). Each reports the cards whose rank it relied on, for the partition table. C core
 * only: the Python core searches these positions (the same values, more positions).
 * Part of solver.c's one translation unit (after rules.h). */
#ifndef BPN_LATER_H
#define BPN_LATER_H
#include "core.h"

/* Four seats, partners opposite, each side counting its own tricks and wanting many
   (not misère), no must-trump rule: the only games the arguments below are made for. */
static inline int later_applies(const Ctx *c) {
    return c->n == 4 && !c->must_trump && c->maxmask == c->countmask
           && (c->maxmask == 5 || c->maxmask == 10);
}

static inline int seat_of(const Ctx *c, int card) {
    for (int s = 0; s < 4; s++)
        if (c->hands[s] >> card & 1) return s;
    return -1;
}

/* The k-th highest card still out of suit bits p (k from 1), or -1. */
static inline int kth_top(unsigned p, int k) {
    while (--k > 0 && p) p &= ~(1u << (31 - __builtin_clz(p)));
    return p ? 31 - __builtin_clz(p) : -1;
}

/* The leader's side needs `k` of the R tricks left. Returns 1 when it surely fails,
   with *rel the cards that proof rests on; 0 when this says nothing.
   - No trump suit (or no trump left): the leader's side can take all R only if, over
     the suits whose top card it holds, the longer of its two holdings adds up to R
     (DDS's LaterTricks: a suit whose top card the other side holds yields the leader's
     side no trick before that card is gone, which it cannot force when it needs them
     all). Rests on the other side's top cards, of those only the ones the sum needs
     (-DNO_LATER_PARTIAL: every one).
   - The other side holds the top two trumps in its two hands, one of them with another
     trump: they win two tricks (k >= R - 1 fails; with both in one hand, or the side
     without trumps, sure_trump_tricks already says so).
   - The leader's side holds the top trump, the other side the second in a hand of two
     or more trumps: when the top trump sits right before it in the play, or the third
     trump is on the other side too, a trump trick is theirs (k = R fails). */
static int later_fails(const Ctx *c, int k, int R, u64 *rel) {
    int L = c->to_play, mine = (c->maxmask >> L & 1) ? c->maxmask : 15 & ~c->maxmask;
    int T = c->trump;
    unsigned tp = T >= 0 ? suit_bits(c->out, T) : 0;
    *rel = 0;
    if (k < R - 1) return 0;
    if (!tp) {
        if (k < R) return 0;
        int sum = 0, w[4], theirs[4], nt = 0;
        u64 r = 0;
        for (int s = 0; s < 4; s++) {
            unsigned p = suit_bits(c->out, s);
            if (!p) continue;
            int top = 16 * s + 31 - __builtin_clz(p);
            int h = seat_of(c, top);
            int a = popc32(suit_bits(c->hands[L], s)), b = popc32(suit_bits(c->hands[L ^ 2], s));
            if (mine >> h & 1) {
                sum += a > b ? a : b;
            } else if (p & (p - 1)) {
                r |= (u64)1 << top;
                theirs[nt] = s; w[nt++] = a > b ? a : b;
            }
        }
        if (sum >= R) return 0;
#ifndef NO_LATER_PARTIAL
        /* the other side's top cards the proof needs: a suit whose top card were the
           leader's side's would add the longer of its holdings; leave out those, the
           shortest first, while the sum stays below R */
        for (int left = R - 1 - sum; nt > 0;) {
            int j = 0;
            for (int i = 1; i < nt; i++) if (w[i] < w[j]) j = i;
            if (w[j] > left) break;
            left -= w[j];
            r &= ~suit_mask(theirs[j]);
            theirs[j] = theirs[nt - 1]; w[j] = w[--nt];
        }
#endif
        *rel = r;
        return 1;
    }
    int t1 = kth_top(tp, 1), t2 = kth_top(tp, 2), t3 = kth_top(tp, 3);
    int h1 = seat_of(c, 16 * T + t1);
    u64 tm = suit_mask(T);
    if (!(mine >> h1 & 1)) {
        /* (a side without trumps, and the top trump alone: sure_trump_tricks says so) */
        if (k < R - 1 || t2 < 0 || !((c->hands[L] | c->hands[L ^ 2]) & tm)) return 0;
        int h2 = seat_of(c, 16 * T + t2);
        if ((mine >> h2 & 1) || h2 == h1) return 0;      /* both in one hand: the same */
        if (popc(c->hands[h2] & tm) > 1 || popc(c->hands[h1] & tm) > 1) {
            *rel = tm & ~(((u64)1 << (16 * T + t2)) - 1) & c->out;
            return 1;
        }
        return 0;
    }
    if (k < R || t2 < 0) return 0;
    int h2 = seat_of(c, 16 * T + t2);
    if ((mine >> h2 & 1) || popc(c->hands[h2] & tm) <= 1) return 0;
    if (h1 == ((h2 + 3) & 3)) {     /* the top trump plays right before the second */
        *rel = tm & ~(((u64)1 << (16 * T + t2)) - 1) & c->out;
        return 1;
    }
    if (t3 < 0) return 0;
    int h3 = seat_of(c, 16 * T + t3);
    if (mine >> h3 & 1) return 0;
    *rel = tm & ~(((u64)1 << (16 * T + t3)) - 1) & c->out;
    return 1;
}

/* The second hand's side surely takes `k` tricks (1: yes, with *rel the cards that
   proof rests on; 0: this says nothing). DDS's quick tricks of the second hand: it wins
   the trick in play when one of its two hands can ruff the suit led and the third hand
   cannot overruff (a trump suit, the lead not a trump), or its highest card of the suit
   is above the card led and every card of the third hand, which cannot ruff. In no
   trump its hand winning the trick then leads on and cashes: its second card of the
   suit when it holds the top two, every card of a suit nobody else holds, the top card
   of each other suit. */
static int second_hand_wins(const Ctx *c, int k, u64 *rel) {
    *rel = 0;
    if (k > 1 && c->trump >= 0) return 0;
    int H = c->to_play, P = H ^ 2, X = (H + 1) & 3;    /* X: the third hand */
    int ss = c->tcard[0] >> 4, T = c->trump;
    unsigned h = suit_bits(c->hands[H], ss), pa = suit_bits(c->hands[P], ss), x = suit_bits(c->hands[X], ss);
    int x_ruffs = T >= 0 && ss != T && !x && suit_bits(c->hands[X], T);
    if (x_ruffs) return 0;
    if (T >= 0 && ss != T && ((!h && suit_bits(c->hands[H], T)) || (!pa && suit_bits(c->hands[P], T)))) {
        /* a ruff the third hand cannot beat: lengths only */
        if (k <= 1) return 1;
        return 0;
    }
    unsigned mine = h | pa;
    if (!mine) return 0;
    int top = 31 - __builtin_clz(mine);
    int above = 31 - __builtin_clz(x | 1u << (c->tcard[0] & 15));
    if (top <= above) return 0;
    u64 r = (u64)(suit_bits(c->out, ss) & ~((1u << top) - 1)) << (16 * ss);
    if (k <= 1) { *rel = r; return 1; }
    int hh = h >> top & 1 ? H : P;
    int q = 1;
    /* (no trump from here: k > 1 returned above in a trump contract) */
    unsigned rest = suit_bits(c->out, ss) & ~(1u << top) & ~(1u << (c->tcard[0] & 15));
    if (rest) {
        int second = 31 - __builtin_clz(rest);
        if (suit_bits(c->hands[hh], ss) >> second & 1) {
            q++;
            r |= (u64)1 << (16 * ss + second);
        }
    }
    for (int s = 0; s < 4 && q < k; s++) {
        unsigned m = suit_bits(c->hands[hh], s), p = suit_bits(c->out, s);
        if (s == ss || !m) continue;
        if (m == p) q += popc32(m);
        else if (m >> (31 - __builtin_clz(p)) & 1) { q++; r |= (u64)1 << (16 * s + 31 - __builtin_clz(p)); }
    }
    if (q < k) return 0;
    *rel = r;
    return 1;
}

/* The leader's side's quick tricks in no trump (or with no trump left), for four seats
   in partnerships: the leader L leads a card of a suit whose top card its partner P
   holds and P cashes its runs of top cards, after L has cashed its own (DDS's quick
   tricks through the partner's hand), each with its long cards (rules.h). While L
   cashes, P plays to every trick a card not in the runs it cashes later (it has none in
   L's suits: L holds their top card), so L cashes as many rounds as P has such cards.
   Nobody can ruff: every round is the side's. Returns 1 when that makes `want` tricks,
   with *rel the top cards of the runs it uses (P's entry suit first, then the longest
   runs; of the last, only the top cards that make up the rest), else 0. -DNO_SIDEQ: without it. */
static int side_quick_nt(const Ctx *c, int L, int want, u64 *rel) {
    int P = L ^ 2;
    u64 all = c->hands[0] | c->hands[1] | c->hands[2] | c->hands[3];
    *rel = 0;
    if (c->trump >= 0 && (all & suit_mask(c->trump))) return 0;
    u64 rp = top_runs(c->hands[P], all);
    unsigned entry = suits_of(rp) & suits_of(c->hands[L]);
    if (!entry) return 0;                                   /* no way to P's runs */
    u64 rl = top_runs(c->hands[L], all);
    int run[2][4], got = 0, usedp = 0, np = popc(c->hands[P]);
    for (int s = 0; s < 4; s++) { run[0][s] = popc32(suit_bits(rp, s)); run[1][s] = popc32(suit_bits(rl, s)); }
    long_cards(c, P, run[0]);   /* rules.h: nobody can ruff here (-DNO_LONG: no-ops) */
    long_cards(c, L, run[1]);
    if (run[0][0] + run[0][1] + run[0][2] + run[0][3] + run[1][0] + run[1][1] + run[1][2] + run[1][3] < want)
        return 0;
    u64 r = 0;
    for (int side = 0; side < 2 && got < want; side++) {
        for (;;) {
            int best = -1;
            for (int s = 0; s < 4; s++)
                if (run[side][s] && (side || usedp || entry >> s & 1) && (best < 0 || run[side][s] > run[side][best]))
                    best = s;
            if (best < 0) break;
            int t = run[side][best];
            if (side && t > np - got) t = np - got;   /* P's cards to spare: one to each trick so far */
            if (t <= 0) break;
            unsigned bits = suit_bits(side ? rl : rp, best);
            int k = t;
#ifndef NO_PARTIAL
            /* the last run: only its top cards that make up the rest (as in quick_tricks) */
            if (want - got < k && want - got <= popc32(bits)) k = want - got;
#endif
            got += t; run[side][best] = 0;
            if (!side) usedp += t;
            r |= (u64)top_cards(bits, k) << (16 * best);
            if (got >= want) break;
        }
    }
    if (got < want) return 0;
    *rel = r;
    return 1;
}

/* The leader's side's quick tricks through the partner's hand with trumps out (four
   seats in partnerships): the leader L leads a card of a suit e whose top card its
   partner P holds, where each opponent follows e or holds no trump (so nobody ruffs, or
   e is the trump suit), and P, on lead, cashes what quick_tricks() counts for it from
   this position (rules.h: its side-suit runs as long as every other holder of a trump
   follows, its top trumps, the draw): counting from before the entry trick, the entry
   is the first round of e (every seat plays one card of it, or a trump-less discard) or
   a trick more. Why the count made before the entry trick still holds after it, less
   at most that trick: every holder of a trump follows e (or e is trumps), so no seat
   holding a trump discards and the limits of P's side-suit runs are unchanged; a
   trump-less opponent's discard only lengthens P's runs and long cards; and when e is
   the trump suit, the round of trumps played first leaves P's top trumps the highest
   and makes no new holder of a trump, which is all quick_tricks() assumes of "nobody
   has played a trump yet". Returns 1 when that makes `want` tricks, with *rel P's cards
   that count and its top card of e; else 0. Lengths decide the rest (the table's key).
   C only. -DNO_SIDEQ_TRUMP: without it. */
static int side_quick_trump(const Ctx *c, int L, int want, u64 *rel) {
    int T = c->trump, P = L ^ 2;
    u64 all = c->hands[0] | c->hands[1] | c->hands[2] | c->hands[3], tm = suit_mask(T);
    *rel = 0;
    if (T < 0 || !(all & tm)) return 0;                    /* no trump: side_quick_nt */
    u64 entry = 0;
    for (int e = 0; e < 4 && !entry; e++) {
        unsigned p = suit_bits(all, e);
        if (!p || !suit_bits(c->hands[L], e)) continue;
        int top = 31 - __builtin_clz(p);
        if (!(suit_bits(c->hands[P], e) >> top & 1)) continue;
        int safe = 1;
        if (e != T)
            for (int o = L ^ 1, k = 0; k < 2; k++, o ^= 2)
                if (!suit_bits(c->hands[o], e) && (c->hands[o] & tm)) safe = 0;
        if (safe) entry = (u64)1 << (16 * e + top);
    }
    if (!entry) return 0;
    u64 r;
    if (quick_tricks(c, P, want, &r) < want) return 0;
    *rel = r | entry;
    return 1;
}

/* One trick by the partner's ruff (DDS's quick tricks count it where one is all the
   side needs): the leader L leads a side suit x that its partner P is void in and holds
   a trump, and every opponent follows x, or holds no trump, or only trumps below P's
   highest (P ruffs with that one, above any ruff of theirs). Returns 1 then, with *rel
   the trumps from P's highest up when an opponent could ruff (the lengths decide the
   rest); else 0. C only. -DNO_PARTNER_RUFF: without it. */
__attribute__((noinline)) static int partner_ruffs(const Ctx *c, int L, u64 *rel) {
    int T = c->trump, P = L ^ 2;
    *rel = 0;
    if (T < 0) return 0;
    u64 tm = suit_mask(T), pt = c->hands[P] & tm;
    if (!pt) return 0;
    u64 ptop = (u64)1 << (63 - __builtin_clzll(pt));
    for (int x = 0; x < 4; x++) {
        if (x == T || !suit_bits(c->hands[L], x) || suit_bits(c->hands[P], x)) continue;
        int ok = 1, ruff = 0;
        for (int o = L ^ 1, k = 0; k < 2; k++, o ^= 2) {
            u64 ot = c->hands[o] & tm;
            if (suit_bits(c->hands[o], x) || !ot) continue;
            ruff = 1;
            if (ot > ptop) ok = 0;       /* (trumps are one suit: the mask orders them) */
        }
        if (!ok) continue;
        if (ruff) *rel = c->out & tm & ~(ptop - 1);
        return 1;
    }
    return 0;
}

/* A crossruff (a trump suit, and what later_applies() checks before any call: four
   seats in two partnerships, no must-trump, no misère): the leader L leads a suit x
   that its partner P is void in and ruffs, P leads a suit y that L is void in and ruffs,
   and so on, each trick the side's whatever the trumps' ranks, as long as every opponent
   holding a trump follows suit (the others cannot ruff). P ruffs at most A times: its
   trumps, and the rounds of L's x suits every opponent with a trump can follow; L at
   most B: its trumps, and the rounds of P's y suits they can follow. Starting with P's
   ruff, that is 2 min(A, B) tricks, one more when A > B. Nobody plays another card than
   those counted (the opponents follow), so the counts hold trick after trick. Rests on
   the lengths alone (the table's key): *rel is none. Returns 1 when that makes `want`
   tricks, else 0. -DNO_CROSSRUFF: without it. */
static int crossruff(const Ctx *c, int L, int want) {
    int T = c->trump, P = L ^ 2;
    if (T < 0) return 0;
    int tp = popc32(suit_bits(c->hands[P], T)), tl = popc32(suit_bits(c->hands[L], T));
    if (!tp) return 0;
    int holders[2], nh = 0;
    for (int o = L ^ 1, k = 0; k < 2; k++, o ^= 2)
        if (suit_bits(c->hands[o], T)) holders[nh++] = o;
    int a = 0, b = 0;
    for (int s = 0; s < 4; s++) {
        if (s == T) continue;
        int ls = popc32(suit_bits(c->hands[L], s)), ps = popc32(suit_bits(c->hands[P], s));
        if (!ls == !ps) continue;                   /* both hold it, or neither */
        int n = ls + ps;                            /* the leads of s: one hand's cards */
        for (int k = 0; k < nh; k++) { int len = popc32(suit_bits(c->hands[holders[k]], s)); if (len < n) n = len; }
        if (ls) a += n; else b += n;
    }
    if (a > tp) a = tp;
    if (b > tl) b = tl;
    int got = a > b ? 2 * b + 1 : 2 * a;
    return got >= want;
}

#endif
