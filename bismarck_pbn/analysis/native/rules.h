/* The rules of trick play the search needs (legal cards, the winner of a trick) and
 * the quick bounds at a trick's lead (quick tricks, sure trump tricks), each reporting
 * the cards whose rank it relied on. Part of solver.c's one translation unit. */
#ifndef BPN_RULES_H
#define BPN_RULES_H
#include "core.h"

/* ---- rules ------------------------------------------------------------------------- */

static u64 legal(const Ctx *c) {
    u64 h = c->hands[c->to_play];
    if (c->ntable == 0) return h;
    u64 f = h & suit_mask(c->tcard[0] >> 4);
    if (f) return f;
    if (c->must_trump && c->trump >= 0 && (h & suit_mask(c->trump))) return h & suit_mask(c->trump);
    return h;
}

/* Index in the table of the card winning so far. */
static int winning(const Ctx *c) {
    int best = 0, bc = c->tcard[0];
    for (int i = 1; i < c->ntable; i++) {
        int x = c->tcard[i];
        int xs = x >> 4, bs = bc >> 4;
        if (xs == bs ? x > bc : xs == c->trump) { best = i; bc = x; }
    }
    return best;
}

static inline int beats(int x, int bc, int trump) {
    int xs = x >> 4, bs = bc >> 4;
    return xs == bs ? x > bc : xs == trump;
}

/* Tricks the leader surely takes by cashing winners from the top. A lower bound.
   With trumps out in other hands, the leader still cashes its side-suit runs first, each
   for as many rounds as every other seat holding a trump can follow (the shortest such
   seat's length in the suit: nobody can ruff before then, and those seats only follow
   suit, so their other lengths stay), and then its top-trump run (nobody has played a
   trump yet, so those trumps are still the highest). When its top-trump run is at least
   as long as every other seat's trumps, it draws them first and then cashes every run.
   *rel: the leader's top cards that make at least `want` of them, the longest runs
   first (a position where the leader holds at least those, with the same lengths -- the
   table's key -- has at least as many quick tricks); the top trumps always when drawing
   them is what frees the side suits. `hands`: the position's (or one after a trick).
   O(seats x suits). */
static int quick_tricks(const Ctx *c, const u64 *hands, int L, int want, u64 *rel) {
    u64 all = 0;
    for (int s = 0; s < c->n; s++) all |= hands[s];
    int run[4];
    unsigned tops[4];
    for (int s = 0; s < 4; s++) {
        unsigned p = suit_bits(all, s), m = suit_bits(hands[L], s), t = 0;
        int k = 0;
        while (p) {
            int hb = 31 - __builtin_clz(p);
            if (!(m >> hb & 1)) break;
            k++; p &= ~(1u << hb); t |= 1u << hb;
        }
        run[s] = k;
        tops[s] = t;
    }
    int got = 0, used = 0, T = c->trump;
    *rel = 0;
    if (T >= 0) {
        int most = 0, shortest[4] = {16, 16, 16, 16};
        for (int s = 0; s < c->n; s++) {
            if (s == L) continue;
            int t = popc(hands[s] & suit_mask(T));
            if (!t) continue;
            if (t > most) most = t;
            for (int x = 0; x < 4; x++) {
                int len = popc32(suit_bits(hands[s], x));
                if (len < shortest[x]) shortest[x] = len;
            }
        }
        if (most > run[T]) {
            for (int x = 0; x < 4; x++)
                if (x != T && run[x] > shortest[x]) { run[x] = shortest[x]; tops[x] = top_cards(tops[x], run[x]); }
        } else {
            *rel = (u64)tops[T] << (16 * T);
            got = run[T]; used = 1 << T;
        }
    }
    while (got < want) {
        int best = -1;
        for (int s = 0; s < 4; s++)
            if (!(used >> s & 1) && run[s] && (best < 0 || run[s] > run[best])) best = s;
        if (best < 0) break;
        used |= 1 << best; got += run[best]; *rel |= (u64)tops[best] << (16 * best);
    }
    return run[0] + run[1] + run[2] + run[3];
}

/* Tricks the leader's side surely takes by crossing to a teammate: the leader leads
   its lowest card of a suit whose top card a teammate P holds, while every other seat
   either follows that suit or cannot ruff (no trumps, or the suit is trumps); P wins
   that trick and cashes its own quick tricks. A lower bound: the best such suit.
   The position after the trick is taken as: the leader and every other seat holding the
   suit one card of it shorter (their lowest: if a seat plays a higher one, the cards
   left over it are fewer, so P's runs are no shorter), P without its top card, and a
   seat that cannot follow keeping all its cards (it holds no trump, so its lengths do
   not matter for ruffs, and a discard only lengthens P's runs). *rel: P's top card of
   the suit and the cards P's quick tricks after the trick rest on; in a position that
   matches them (and the key's lengths) the same removals leave the same owners of
   those cards, so the same line works there. O(teammates x suits x seats x suits). */
static int entry_tricks(const Ctx *c, int L, int want, u64 *rel) {
    u64 all = 0;
    for (int s = 0; s < c->n; s++) all |= c->hands[s];
    int lmax = c->maxmask >> L & 1, lcount = c->countmask >> L & 1, best = 0, T = c->trump;
    *rel = 0;
    for (int P = 0; P < c->n; P++) {
        if (P == L || (c->maxmask >> P & 1) != lmax || (c->countmask >> P & 1) != lcount) continue;
        for (int s = 0; s < 4; s++) {
            unsigned ls = suit_bits(c->hands[L], s), p = suit_bits(all, s);
            if (!ls) continue;
            int top = 31 - __builtin_clz(p);
            if (!(suit_bits(c->hands[P], s) >> top & 1)) continue;
            u64 h[MAXN];
            int ok = 1;
            for (int x = 0; x < c->n; x++) {
                h[x] = c->hands[x];
                if (x == L || x == P) continue;
                unsigned xs = suit_bits(h[x], s);
                if (xs) h[x] &= ~((u64)(xs & -xs) << (16 * s));
                else if (T >= 0 && s != T && (h[x] & suit_mask(T))) { ok = 0; break; }
            }
            if (!ok) continue;
            h[L] &= ~((u64)(ls & -ls) << (16 * s));
            h[P] &= ~((u64)1 << (16 * s + top));
            /* first the leader cashes its side-suit runs, each for as many rounds as P
               and every seat holding a trump (before the crossing trick) follow: P then
               discards nothing and nobody ruffs; those seats play their lowest cards */
            int cashed = 0;
            u64 cash = 0;
            for (int x = 0; x < 4; x++) {
                if (x == s || x == T) continue;
                unsigned lx = suit_bits(c->hands[L], x), px = suit_bits(all, x), run = 0;
                while (px && (lx >> (31 - __builtin_clz(px)) & 1)) {
                    unsigned b = 1u << (31 - __builtin_clz(px));
                    run |= b; px &= ~b;
                }
                int k = popc32(run), pl = popc32(suit_bits(h[P], x));
                if (pl < k) k = pl;
                for (int y = 0; y < c->n && k; y++)
                    if (y != L && y != P && T >= 0 && (c->hands[y] & suit_mask(T))) {
                        int yl = popc32(suit_bits(h[y], x));
                        if (yl < k) k = yl;
                    }
                if (!k) continue;
                run = top_cards(run, k);
                h[L] &= ~((u64)run << (16 * x));
                cash |= (u64)run << (16 * x);
                cashed += k;
                for (int y = 0; y < c->n; y++)
                    if (y == P || (y != L && T >= 0 && (c->hands[y] & suit_mask(T))))
                        for (int i = 0; i < k; i++) {
                            unsigned yx = suit_bits(h[y], x);
                            h[y] &= ~((u64)(yx & -yx) << (16 * x));
                        }
            }
            u64 r;
            int q = cashed + 1 + quick_tricks(c, h, P, want - 1 - cashed, &r);
            if (q > best) {
                best = q; *rel = r | cash | (u64)1 << (16 * s + top);
                if (best >= want) return best;
            }
        }
    }
    return best;
}

/* Tricks a team surely takes with trumps: each trump of one of its seats above every
   trump of the other team wins the trick it is played to (or a teammate's trump does).
   Returns the most of them one seat of `team` holds; *rel: the trumps from the other
   team's highest up (none when it has no trump: then only the lengths count). */
static int sure_trump_tricks(const Ctx *c, int team, u64 *rel) {
    u64 tm = suit_mask(c->trump), theirs = 0, all = 0;
    for (int s = 0; s < c->n; s++) {
        all |= c->hands[s];
        if (!(team >> s & 1)) theirs |= c->hands[s] & tm;
    }
    u64 above = ~(u64)0;
    *rel = 0;
    if (theirs) {
        u64 topbit = (u64)1 << (63 - __builtin_clzll(theirs));
        above = ~((topbit << 1) - 1);
        *rel = all & tm & ~(topbit - 1);
    }
    int most = 0;
    for (int s = 0; s < c->n; s++)
        if (team >> s & 1) { int k = popc(c->hands[s] & tm & above); if (k > most) most = k; }
    return most;
}


#endif
