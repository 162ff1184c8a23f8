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
   *rel: the leader's top cards that make at least `want` of them (a position where the
   leader holds at least those has at least as many quick tricks): the trumps' always
   when they count, then the longest runs first. */
static int quick_tricks(const Ctx *c, int L, int want, u64 *rel) {
    u64 all = 0;
    for (int s = 0; s < c->n; s++) all |= c->hands[s];
    int run[4];
    u64 tops[4];
    for (int s = 0; s < 4; s++) {
        unsigned p = suit_bits(all, s), m = suit_bits(c->hands[L], s), t = 0;
        int k = 0;
        while (p) {
            int hb = 31 - __builtin_clz(p);
            if (!(m >> hb & 1)) break;
            k++; p &= ~(1u << hb); t |= 1u << hb;
        }
        run[s] = k;
        tops[s] = (u64)t << (16 * s);
    }
    int got = 0, used = 0;
    *rel = 0;
    if (c->trump >= 0) {
        int most = 0;
        for (int s = 0; s < c->n; s++)
            if (s != L) { int t = popc(c->hands[s] & suit_mask(c->trump)); if (t > most) most = t; }
        *rel = tops[c->trump];
        if (most > run[c->trump]) return run[c->trump];
        got = run[c->trump]; used = 1 << c->trump;
    }
    while (got < want) {
        int best = -1;
        for (int s = 0; s < 4; s++)
            if (!(used >> s & 1) && run[s] && (best < 0 || run[s] > run[best])) best = s;
        if (best < 0) break;
        used |= 1 << best; got += run[best]; *rel |= tops[best];
    }
    return run[0] + run[1] + run[2] + run[3];
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
