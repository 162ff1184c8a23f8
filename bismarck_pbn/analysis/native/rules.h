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

/* Each suit's 16 bits filled from its highest set bit down. */
static inline u64 smear_down(u64 x) {
    x |= (x >> 1) & 0x7FFF7FFF7FFF7FFFull;
    x |= (x >> 2) & 0x3FFF3FFF3FFF3FFFull;
    x |= (x >> 4) & 0x0FFF0FFF0FFF0FFFull;
    return x | ((x >> 8) & 0x00FF00FF00FF00FFull);
}

/* The cards of `mine` above every other card of their suit still out (`all`): its
   runs of winners from the top, every suit at once. */
static inline u64 top_runs(u64 mine, u64 all) { return mine & ~smear_down(all & ~mine); }

/* Long cards: once the leader's run of top cards in a suit has been cashed, a suit that
   no other seat holds more cards of than that run has nobody else left in it, and the
   leader's other cards of it win too (DDS's quick tricks count them so). Only where
   nobody else can ruff: no trump suit, or every other trump drawn by the leader's top
   trumps first (the trump suit's own long cards count the same way). The run's top
   cards are all it rests on (the lengths are the table's key). -DNO_LONG: without. */
static inline void long_cards(const Ctx *c, int L, int run[4]) {
#ifndef NO_LONG
    for (int s = 0; s < 4; s++) {
        int own = popc32(suit_bits(c->hands[L], s));
        if (!run[s] || own == run[s]) continue;
        int most = 0;
        for (int t = 0; t < c->n; t++)
            if (t != L) { int len = popc32(suit_bits(c->hands[t], s)); if (len > most) most = len; }
        if (most <= run[s]) run[s] = own;
    }
#else
    (void)c; (void)L; (void)run;
#endif
}

/* Tricks the leader surely takes by cashing winners from the top. A lower bound.
   With trumps out in other hands, the leader still cashes its side-suit runs first, each
   for as many rounds as every other seat holding a trump can follow (the shortest such
   seat's length in the suit: nobody can ruff before then, and those seats only follow
   suit, so their other lengths stay), and then its top-trump run (nobody has played a
   trump yet, so those trumps are still the highest). When its top-trump run is at least
   as long as every other seat's trumps, it draws them first and then cashes every run.
   *rel: the leader's top cards that make at least `want` of them, the longest runs
   first and of the last run only the top cards that make up the rest (a position where
   the leader holds at least those, with the same lengths -- the table's key -- has at
   least as many quick tricks); when the top trumps draw the others', as many of them as
   that takes (or as `want`, if fewer and the trumps make it). O(seats x suits).
   -DNO_PARTIAL: the whole of every run used; -DNO_DRAW_PARTIAL: the whole trump run. */
static int quick_tricks(const Ctx *c, int L, int want, u64 *rel) {
    u64 all = 0;
    for (int s = 0; s < c->n; s++) all |= c->hands[s];
    u64 won = top_runs(c->hands[L], all);
    int run[4];
    unsigned tops[4];
    for (int s = 0; s < 4; s++) { tops[s] = suit_bits(won, s); run[s] = popc32(tops[s]); }
    int got = 0, used = 0, T = c->trump, most = 0, holders = 0;
    if (T >= 0)
        for (int s = 0; s < c->n; s++) {
            if (s == L) continue;
            int t = popc32(suit_bits(c->hands[s], T));
            if (t) holders |= 1 << s;
            if (t > most) most = t;
        }
    int draw = T < 0 || most <= run[T];     /* nobody else ruffs once the top trumps are out */
    if (draw) long_cards(c, L, run);
    /* every line below cashes at most all the runs: short of `want`, the caller cuts
       nothing, whatever else is counted (and *rel is not read) */
    int all_runs = run[0] + run[1] + run[2] + run[3];
    *rel = 0;
    if (all_runs < want) return all_runs;
    if (!draw) {
        for (int x = 0; x < 4; x++) {
            if (x == T || !run[x]) continue;
            int shortest = run[x];
            for (int s = 0; s < c->n; s++)
                if (holders >> s & 1) { int len = popc32(suit_bits(c->hands[s], x)); if (len < shortest) shortest = len; }
            if (shortest < run[x]) {
                all_runs -= run[x] - shortest;
                run[x] = shortest; tops[x] = top_cards(tops[x], shortest);
            }
        }
    } else if (T >= 0) {
        unsigned t = tops[T];
#ifndef NO_DRAW_PARTIAL
        /* the top trumps that draw the others' (`most` rounds: then the leader's other
           trumps are the only ones left), or that make `want` before that */
        t = top_cards(t, run[T] >= want && want < most ? want : most);
#endif
        *rel = (u64)t << (16 * T);
        got = run[T]; used = 1 << T;
    }
    while (got < want) {
        int best = -1;
        for (int s = 0; s < 4; s++)
            if (!(used >> s & 1) && run[s] && (best < 0 || run[s] > run[best])) best = s;
        if (best < 0) break;
        unsigned t = tops[best];
#ifndef NO_PARTIAL
        /* the last run: only the top cards that make up the rest, when that many are
           winners by rank (not long cards) */
        if (want - got <= popc32(t)) t = top_cards(t, want - got);
#endif
        used |= 1 << best; got += run[best]; *rel |= (u64)t << (16 * best);
    }
    return all_runs;
}

/* Tricks a team surely takes with trumps: each trump of one of its seats above every
   trump of the other team wins the trick it is played to (or a teammate's trump does).
   Returns the most of them one seat of `team` holds; *rel, when that is at least `want`:
   the trumps from a seat's want-th highest up (the seat where that is highest), which
   are then all the team's (none when the other team has no trump: then only the lengths
   count). -DNO_SURE_PARTIAL: the trumps from the other team's highest up. */
static int sure_trump_tricks(const Ctx *c, int team, int want, u64 *rel) {
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
    u64 kth = 0;    /* the highest want-th highest sure trump of a seat that has `want` */
    for (int s = 0; s < c->n; s++)
        if (team >> s & 1) {
            u64 m = c->hands[s] & tm & above;
            int k = popc(m);
            if (k > most) most = k;
            if (k < want || want < 1 || !theirs) continue;   /* as the Python twin's 0 < want */
            for (int i = 1; i < want; i++) m &= ~((u64)1 << (63 - __builtin_clzll(m)));
            u64 b = (u64)1 << (63 - __builtin_clzll(m));
            if (b > kth) kth = b;
        }
#ifndef NO_SURE_PARTIAL
    if (kth) *rel = all & tm & ~(kth - 1);
#endif
    return most;
}


#endif
