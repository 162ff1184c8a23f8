/* Double-dummy solver core for trick-taking games of 2, 3 or 4 seats.
 *
 * Plain C99, no CPython headers: compiled into a shared library and loaded with
 * ctypes by bismarck_pbn.analysis._native. The pure-Python core
 * (bismarck_pbn/analysis/_pysolver.py) is the same algorithm and gives the same answers.
 *
 * Cards are bits of a 64-bit mask: bit (16 * suit + slot), slot 0 the weakest rank of
 * its suit. The caller maps ranks to slots (so any rank order, "downtown" included).
 *
 * Two teams: the seats that want the counted tricks (those of `countmask`) to be many,
 * and the others. Normally the counted team maximises; in misère its opponents do.
 * The search answers one question at a time: will at least `need` of the remaining
 * tricks be counted?  (a null-window alpha-beta, MTD(f) style).  A
 * transposition table keyed on the cards left, with ranks made relative to the cards
 * already gone, and on the seat to lead, keeps lower and upper bounds at trick
 * boundaries. Touching cards (no card of another hand or on the table between them)
 * are searched once; quick tricks of the leader give early bounds; moves are ordered
 * by simple card-play rules, the table's best lead and a history heuristic.
 *
 * One translation unit in seven readable parts: core.h (types, bit helpers),
 * table.h (the partition-search table), rules.h (trick rules and quick bounds),
 * moves.h (move ordering), later.h (bounds for bridge's four seats, C only), misere.h
 * (bounds for one counted seat in misère) and this file (the search and the exported
 * driver). The build compiles this file alone.
 */
#include "core.h"
#include "table.h"
#include "rules.h"
#include "moves.h"
#include "later.h"
#include "misere.h"

/* ---- the search -------------------------------------------------------------------- */

/* The cards on the table. */
static inline u64 trick_cards(const Ctx *c) {
    u64 t = 0;
    for (int i = 0; i < c->ntable; i++) t |= (u64)1 << c->tcard[i];
    return t;
}

/* The winner of the trick just completed on the table, and (in *rel) its card when it
   won by rank over a card of its own suit: the only card a trick's result rests on. */
static int trick_winner(const Ctx *c, u64 *rel) {
    /* winning() and, in the same pass, whether another card of the winner's suit was
       played: one that the winner beat, or that lost to it later (a card that takes
       the lead by trumping is the first trump: none of its suit came before) */
    int wi = 0, wc = c->tcard[0], beat = 0;
    for (int i = 1; i < c->n; i++) {
        int x = c->tcard[i];
        if (x >> 4 == wc >> 4) { beat = 1; if (x > wc) { wi = i; wc = x; } }
        else if (x >> 4 == c->trump) { beat = 0; wi = i; wc = x; }
    }
    *rel = beat ? (u64)1 << wc : 0;
    return c->tseat[wi];
}

/* Playing a card and taking it back, for search() and the driver alike. When the card
   completes the trick, the trick is put aside in `sv` (with the cards still out before
   it), its winner leads the next and `*won` says whether its trick is counted; the
   winner's seat is returned (-1 mid-trick), and `*wrel` gets the winning card when it
   beat one of its own suit (see trick_winner). */
typedef struct { int ts[MAXN], tc[MAXN]; u64 out; } Trick;

static inline int play(Ctx *c, int card, Trick *sv, u64 *wrel) {
    int seat = c->to_play;
    c->hands[seat] &= ~((u64)1 << card);
    c->lengths -= (u64)1 << (16 * seat + 4 * (card >> 4));
    c->tseat[c->ntable] = seat; c->tcard[c->ntable] = card; c->ntable++;
    if (c->ntable < c->n) {
        c->to_play = seat + 1 == c->n ? 0 : seat + 1;     /* no division */
        return -1;
    }
    int w = trick_winner(c, wrel);
    memcpy(sv->ts, c->tseat, sizeof sv->ts); memcpy(sv->tc, c->tcard, sizeof sv->tc);
    sv->out = c->out;
    c->out = c->hands[0] | c->hands[1] | c->hands[2] | c->hands[3];   /* 0 beyond n */
    c->ntable = 0; c->to_play = w;
    return w;
}

/* Undo play(c, card, sv, ...) by `seat`; `w` is what play() returned. */
static inline void take_back(Ctx *c, int seat, int card, const Trick *sv, int w) {
    if (w >= 0) {
        c->out = sv->out;
        memcpy(c->tseat, sv->ts, sizeof sv->ts); memcpy(c->tcard, sv->tc, sizeof sv->tc);
        c->ntable = c->n;
    }
    c->ntable--; c->to_play = seat; c->hands[seat] |= (u64)1 << card;
    c->lengths += (u64)1 << (16 * seat + 4 * (card >> 4));
}

static int last_trick(Ctx *c, u64 *rel) {
    int lead = c->to_play;
    for (int i = 0, seat = lead; i < c->n; i++, seat = seat + 1 == c->n ? 0 : seat + 1) {
        c->tseat[i] = seat;
        c->tcard[i] = __builtin_ctzll(c->hands[seat]);
    }
    c->ntable = c->n;
    int w = trick_winner(c, rel);
    c->ntable = 0;
    return c->countmask >> w & 1;
}

/* At a trick's lead: the relevant cards `rel` less those whose owners the table's key
   already fixes. In a suit where every card still out below the lowest relevant one is
   one seat's, that seat's count of the suit (the key) and the owners of the cards above
   say who holds them; and the relevant cards' own bottom run of that seat's cards (the
   cards of the suit above them not that seat's) is fixed the same way: every position
   with the same key and the same owners of the cards above is the same position there.
   So the proof rests on the cards from the first one above that seat's bottom run up
   (on none of the suit when the seat holds every card of it still out). */
static inline u64 rest_on_key(const Ctx *c, u64 rel) {
#ifdef NO_KEYREST
    (void)c;
    return rel;
#else
    for (int s = 0; s < 4; s++) {
        unsigned p = suit_bits(c->out, s), r = suit_bits(rel, s) & p;
        if (!r) continue;
        unsigned bottom = p & (0u - p);             /* the suit's lowest card still out */
        int h = 0;
        while (!(suit_bits(c->hands[h], s) & bottom)) h++;
        unsigned mine = suit_bits(c->hands[h], s);
        unsigned low = r & (0u - r), below = p & (low - 1);
        if (below & ~mine) continue;                /* below the relevant cards: two seats' */
        unsigned rest = p & ~mine & ~(low - 1);     /* above the seat's bottom run */
        unsigned keep = rest ? rest & (0u - rest) : 0;
        rel &= ~suit_mask(s);
        rel |= (u64)((r & ~(keep - 1)) | keep) << (16 * s);
    }
    return rel;
#endif
}

/* Will at least `need` of the remaining tricks be counted? *rel gets the cards whose
   rank the answer rests on (see the table's comment). Touching cards: a run of one
   hand's cards with no card still out between them is searched once, by its top card.
   That stays sound under partition search: the positions after playing two cards of
   a run differ only by swapping those two cards, so their relevant cards differ by
   the same swap; when a searched card's answer leaves the whole run out of its
   relevant cards the swap changes nothing, and otherwise the whole run is made
   relevant (below, at nodes where every move had to be tried). The same argument
   goes further (DDS's "lowest winning rank"): once a card of a suit has failed, and
   every card of that suit its answer rests on is above it, a later card of the same
   suit below all of those is the same card as far as the proof goes (swapping the two
   changes no card that answer rests on, and the answers of other cards play no part
   in it), so it is not searched; each such failure may raise that line. At a trick's
   lead the relevant cards are cut to those the key does not fix (rest_on_key), and both
   arguments still hold: a swap of two cards of one seat changes no seat's suit lengths,
   and the two cards swapped are below the cut set's lowest card `keep` and in one seat,
   so the swapped position still has every card below `keep` in that seat (the cut's
   condition) and the same owners from `keep` up. The cut may raise a suit's lowest
   relevant card, so the skip now reaches further than before the cut; that is sound for
   the same reason, and because the trick's winning card (`wrel`) is added after the cut
   (a card that won by rank still blocks the skip). The run and skip tests read the
   relevant cards by their lowest card of each suit, as store() does. */
/* -DSEARCH_TRACE (benchmarks only, with solve_problems.c's `tests` mode): counts per
   tricks left R and place in the trick: positions entered at a trick's lead and how
   each left (table, a bound, searched), positions searched at each place, the cards
   tried there, and whether a node's first card cut, a later one did, or none did. */
#ifdef SEARCH_TRACE
static struct { unsigned long long lead[16][8], node[16][4], move[16][4], cut[16][4][3], second[16]; } TR;
#define STAT(x) x
#else
#define STAT(x) ((void)0)
#endif

#ifndef TT_MIN
#define TT_MIN 2    /* positions of this many tricks or fewer are not filed: cheaper to search */
#endif

static int search(Ctx *c, int need, u64 *rel) {
    *rel = 0;
    c->keyrest = 0;
    if (++c->nodes > c->stop_at) { c->aborted = 1; return 0; }
    int R = popc(c->hands[c->to_play]);
    STAT(TR.lead[R][7] += c->ntable == 0);
    if (need <= 0) return 1;
    if (need > R) return 0;
    int boundary = c->ntable == 0, best_lead = -1, use_tt = 0;
    u64 key = 0;
    unsigned present[4];
    uint32_t ow[4];
    u64 pw[2];
    int tops = 0;
    if (boundary) {
        if (R == 1) return last_trick(c, rel) >= need;
        STAT(TR.lead[R][0]++);
#ifndef NO_MISERE
        { int mb = misere_bound(c, need, R, rel); if (mb >= 0) return mb; }   /* misere.h */
#endif
        use_tt = R > TT_MIN;
        if (use_tt) {
            key = position_key(c, present, ow);
            pw[0] = ow[0] | (u64)ow[1] << 32; pw[1] = ow[2] | (u64)ow[3] << 32;
            tops = tops_owners(ow, present);
        }
        u64 hash[16];   /* per set S of suits listed: its list's slot_hash() */
        if (use_tt) {
            hash[0] = slot_hash(key, c->to_play);
            prefetch_slot(c, hash[0]);              /* the base list's, read below */
        }
        Slot *base = use_tt ? find_slot_at(c, key, c->to_play, hash[0], 0) : NULL;
        unsigned subs = base ? base->subsets : 0;
        for (unsigned m = subs & ~1u; m; m &= m - 1) {   /* the lists to read: load them at once */
            int S = __builtin_ctz(m);
            prefetch_slot(c, hash[S] = slot_hash(key, list_tag(c, S, tops)));
        }
        while (subs) {   /* S ascending: the base first, lists of fewer suits mostly before
                            those of more (a decisive entry that rests on fewer cards makes
                            the entries filed above it more general) */
            int S = __builtin_ctz(subs);
            subs &= subs - 1;
            Slot *sl = S ? find_slot_at(c, key, list_tag(c, S, tops), hash[S], 0) : base;
            if (!sl) continue;
            /* the slot's front, then the chunks, newest first; a decisive entry moves to
               the front (hits cluster): it swaps places with the slot's first entry */
            uint32_t i = sl->head;
            prefetch_chunk(c, i);
            Entry *e = sl->e, *hit = NULL;
            for (int k = 0; k < FRONT && !hit; k++, e++) {
                if (!matches(e, pw)) continue;
                if (e->lo >= need || e->hi < need) hit = e;
                else if (best_lead < 0 && e->best != 0xFF) best_lead = e->best;
            }
            if (!hit && i != NONE) { prefetch_chunk(c, c->arena[i].next); prefetch_chunk(c, c->arena[i].next2); }
            for (; i != NONE && !hit; i = c->arena[i].next) {
                Chunk *ch = c->arena + i;
                prefetch_chunk(c, ch->next3);       /* three ahead: the two between are on their way */
                for (uint32_t j = 0; j < ch->count; j++) {
                    e = ch->e + j;
                    if (!matches(e, pw)) continue;
                    if (e->lo >= need || e->hi < need) { hit = e; break; }
                    if (best_lead < 0 && e->best != 0xFF) best_lead = e->best;
                }
            }
            if (hit) {
                if (hit != sl->e) { Entry t = sl->e[0]; sl->e[0] = *hit; *hit = t; hit = sl->e; }
                *rel = entry_cards(hit, present);
                return hit->lo >= need;
            }
        }
        u64 r;
        STAT(TR.lead[R][1]++);
        /* the leader, whether it maximises, and the tricks its side wants */
        int L = c->to_play, lmax = c->maxmask >> L & 1, want = lmax ? need : R - need + 1;
#ifndef NO_CROSSRUFF
        if (later_applies(c)) {     /* later.h: before the bounds that rest on ranks */
            if (crossruff(c, L, want)) { STAT(TR.lead[R][2]++); return lmax; }
        }
#endif
#ifndef NO_MISERE
        if (misere_forced_bound(c, need, &r)) { *rel = r; return 1; }   /* misere.h */
#endif
        if (c->trump >= 0) {
            int mine = sure_trump_tricks(c, c->countmask, need, &r);
            if (mine >= need) { *rel = r; STAT(TR.lead[R][3]++); return 1; }
            int theirs = sure_trump_tricks(c, ((1 << c->n) - 1) & ~c->countmask, R - need + 1, &r);
            if (R - theirs < need) { *rel = r; STAT(TR.lead[R][3]++); return 0; }
        }
        if (lmax == (c->countmask >> L & 1)) {   /* the leader wants tricks: cash them */
            int q = quick_tricks(c, L, want, &r);
            if (lmax ? q >= need : R - q < need) { *rel = r; STAT(TR.lead[R][4]++); return lmax; }
#ifndef NO_SIDEQ
            if (later_applies(c)) {     /* later.h: through the partner's hand */
                if (side_quick_nt(c, L, want, &r)) { *rel = r; STAT(TR.lead[R][5]++); return lmax; }
#ifndef NO_SIDEQ_TRUMP
                if (side_quick_trump(c, L, want, &r)) { *rel = r; STAT(TR.lead[R][5]++); return lmax; }
#endif
#ifndef NO_PARTNER_RUFF
                if (want == 1 && partner_ruffs(c, L, &r)) { *rel = r; STAT(TR.lead[R][5]++); return lmax; }
#endif
            }
#endif
        }
#ifndef NO_LATER
        if (later_applies(c) && later_fails(c, want, R, &r)) {
            *rel = r; STAT(TR.lead[R][6]++); return !lmax;
        }
#endif
    }
#ifndef NO_SECOND
    if (c->ntable == 1 && later_applies(c)) {
        int mx = c->maxmask >> c->to_play & 1;
        u64 r;
        if (second_hand_wins(c, mx ? need : R - need + 1, &r)) { *rel = r; STAT(TR.second[R]++); return mx; }
    }
#endif
    int moves[64];
    int nm = gen_moves(c, moves, best_lead);
    int seat = c->to_play, is_max = c->maxmask >> seat & 1;
    int result = !is_max, cut = -1;
    u64 all = c->out, lg = legal(c), acc = 0;
    int low[4] = {0, 0, 0, 0};   /* per suit: cards below this slot stand for one tried */
    STAT(TR.node[R][c->ntable]++);
    STAT(int tried = 0);
    for (int i = 0; i < nm; i++) {
        int card = moves[i];
        if ((card & 15) < low[card >> 4]) continue;
        STAT(TR.move[R][c->ntable]++);
        STAT(tried++);
        u64 crel, wrel = 0;
        Trick sv;
        int w = play(c, card, &sv, &wrel);
        int r = search(c, w >= 0 ? need - (c->countmask >> w & 1) : need, &crel);
        if (w >= 0 && !c->keyrest) crel = rest_on_key(c, crel);    /* the next trick's lead */
        take_back(c, seat, card, &sv, w);
        crel |= wrel;
        if (r == is_max) {
            result = r; cut = card; acc = crel; c->hist[seat][card] += R;
            if (boundary) c->killer[R] = (int8_t)card;
            break;
        }
        /* the run of touching cards `card` stands for */
        int s = card >> 4, b = card & 15;
        unsigned run = run_below(suit_bits(lg, s), suit_bits(all, s), b);
        if (suit_bits(crel, s) & run) crel |= (u64)run << (16 * s);
        acc |= crel;
        /* DDS's lowest winning rank: a card of this suit below every card of the suit
           that this card's answer rests on is as good as this one (see above;
           -DNO_LOWCREL: below every card the answers so far rest on, set once) */
#ifdef NO_LOWCREL
        if (!low[s]) {
            unsigned r = suit_bits(acc, s);
            int lowest = r ? __builtin_ctz(r) : 16;
            if (b < lowest) low[s] = lowest;
        }
#else
        {
            unsigned r = suit_bits(crel, s);
            int lowest = r ? __builtin_ctz(r) : 16;
            if (b < lowest && lowest > low[s]) low[s] = lowest;
        }
#endif
    }
    STAT(TR.cut[R][c->ntable][cut < 0 ? 2 : tried == 1 ? 0 : 1]++);
    if (boundary) { acc = rest_on_key(c, acc); c->keyrest = 1; }
    *rel = acc;
    if (use_tt && !c->aborted) {
        int best = -1;
        if (cut >= 0) {
            unsigned p = present[cut >> 4];
            best = (cut >> 4) << 4 | popc32(p & ((1u << (cut & 15)) - 1));
        }
        if (result) store(c, key, present, pw, tops, acc, need, R, best);
        else store(c, key, present, pw, tops, acc, 0, need - 1, best);
    }
    return result;
}

/* ---- the driver -------------------------------------------------------------------- */

/* -DDRIVER_TRACE (benchmarks only, with solve_problems.c): each position of
   bpn_dds_solve_moves ("P seat is_max"), each null-window test ("T need answer nodes")
   and each card's value ("C card value") on standard error, which
   benchmarks/driver_tests.py sorts by kind of test. */
#ifdef DRIVER_TRACE
#include <stdio.h>
#define TRACE(...) fprintf(stderr, __VA_ARGS__)
#else
#define TRACE(...) ((void)0)
#endif

static int load(Ctx *c, const bpn_problem *p) {
    if (p->n < 2 || p->n > MAXN || p->ntable < 0 || p->ntable >= p->n) return -1;
    if (!c->sig_valid || c->sig_n != p->n || c->sig_trump != p->trump || c->sig_must != p->must_trump
        || c->sig_max != p->maxmask || c->sig_count != p->countmask) {
        bpn_dds_clear(c);
        c->sig_n = p->n; c->sig_trump = p->trump; c->sig_must = p->must_trump; c->sig_max = p->maxmask;
        c->sig_count = p->countmask;
        c->sig_valid = 1;
    }
    c->n = p->n; c->trump = p->trump; c->must_trump = p->must_trump; c->maxmask = p->maxmask;
    c->countmask = p->countmask;
    c->to_play = p->to_play; c->ntable = p->ntable;
    c->out = 0;
    for (int s = 0; s < MAXN; s++) c->out |= c->hands[s] = s < p->n ? p->hands[s] : 0;
    c->lengths = lengths_of(c->hands, c->n);
    for (int i = 0; i < p->ntable; i++) {
        c->tcard[i] = p->table[i];
        c->tseat[i] = ((p->to_play - p->ntable + i) % p->n + p->n) % p->n;
    }
    c->out |= trick_cards(c);
    c->aborted = 0;
    c->stop_at = c->limit ? c->nodes + c->limit : ~(u64)0;
    return 0;
}

/* Returns -2 for a call cut short by the node limit, else `v`. The table stays as it
   is: once the limit is reached no search files anything (store() and its caller check
   c->aborted), so every entry comes from a search that ran to its end and holds; the
   next position of the same play starts from them. */
static int finish(Ctx *c, int v) {
    return c->aborted ? -2 : v;
}

EXPORT void bpn_dds_set_limit(void *p, u64 limit) { ((Ctx *)p)->limit = limit; }

/* Counted tricks, from the current trick to the end, given it takes
   at least `floor_` and at most `ceil_`; `guess` (or -1) starts the null-window
   searches near the answer and steps by one. Without a guess: a binary search whose
   first test is the counted seats' share of the tricks (a third of them for one seat
   of three), the likeliest answer, rather than the middle. */
static int value(Ctx *c, int floor_, int ceil_, int guess) {
    int lo = floor_, hi = ceil_;
    int g = guess >= 0 ? guess : (hi * popc((u64)c->countmask) + c->n - 1) / c->n;
    while (lo < hi && !c->aborted) {
        int t = g;
        if (t <= lo) t = lo + 1;
        if (t > hi) t = hi;
        u64 rel, n0 = c->nodes;
        int r = search(c, t, &rel);
        TRACE("T %d %d %llu\n", t, r, (unsigned long long)(c->nodes - n0));
        (void)n0;
        if (r) { lo = t; g = guess >= 0 ? t + 1 : (lo + hi + 1) / 2; }
        else { hi = t - 1; g = guess >= 0 ? t - 1 : (lo + hi + 1) / 2; }
    }
    return lo;
}

EXPORT int bpn_dds_solve(void *p, const bpn_problem *prob, int guess) {
    Ctx *c = p;
    if (load(c, prob)) return -1;
    return finish(c, value(c, 0, popc(c->hands[c->to_play]), guess));
}

/* For each legal card of the seat to play, out[card] = the counted tricks
   from the current trick to the end after it is played (-1 for the other cards).
   Returns the number of legal cards, or -1 for a bad problem. */
EXPORT int bpn_dds_solve_moves(void *p, const bpn_problem *prob, int8_t *out, int guess) {
    Ctx *c = p;
    if (load(c, prob)) return -1;
    memset(out, -1, 64);
    int moves[64];
    int nm = gen_moves(c, moves, -1);
    u64 lg = legal(c), all = c->out;
    int seat = c->to_play, R = popc(c->hands[seat]);
    TRACE("P %d %d\n", seat, c->maxmask >> seat & 1);
    for (int i = 0; i < nm; i++) {
        int card = moves[i], v;
        u64 wrel;
        Trick sv;
        int w = play(c, card, &sv, &wrel);
        if (w >= 0) {
            int won = c->countmask >> w & 1;
            v = won + (R > 1 ? value(c, 0, R - 1, guess >= 0 ? guess - won : -1) : 0);
        } else {
            v = value(c, 0, R, guess);
        }
        take_back(c, seat, card, &sv, w);
        TRACE("C %d %d\n", card, v);
        guess = v;
        /* the whole run of touching cards has this value */
        int s = card >> 4, b = card & 15;
        unsigned m = suit_bits(lg, s), pr = suit_bits(all, s);
        unsigned run = run_below(m, pr, b);
        for (int x = 0; x < 16; x++)
            if (run >> x & 1) out[16 * s + x] = (int8_t)v;
    }
    return finish(c, popc(lg));
}

/* ---- the CPU ----------------------------------------------------------------------- */

/* The library is built twice on x86-64 (see _native.py): plain, for any CPU, and with
   popcnt, BMI1 and BMI2 (popc and pext16 become one instruction each). The plain build
   answers whether this CPU should load the other: 1 when it has those instructions and
   is not an AMD before Zen 3 (family 0x19), whose pext is microcoded and slow; else 0
   (and 0 on every other architecture or compiler). Read from cpuid.h alone: the
   compiler's __builtin_cpu_supports needs a runtime-library symbol (__cpu_model) that
   Apple's x86-64 toolchain does not provide, which would cost Intel Macs the C core. */
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <cpuid.h>
EXPORT int bpn_dds_cpu_hw(void) {
    unsigned a, b, cx, d;
    if (!__get_cpuid(0, &a, &b, &cx, &d) || a < 7) return 0;
    int amd = b == 0x68747541u /* "Auth"enticAMD */ || b == 0x6f677948u /* "Hygo"nGenuine */;
    if (!__get_cpuid(1, &a, &b, &cx, &d)) return 0;
    if (!(cx >> 23 & 1)) return 0;                           /* popcnt: leaf 1, ECX bit 23 */
    unsigned family = (a >> 8) & 0xF;
    if (family == 0xF) family += (a >> 20) & 0xFF;
    unsigned a7, b7, c7, d7;
    __cpuid_count(7, 0, a7, b7, c7, d7);                      /* BMI1: EBX bit 3, BMI2: bit 8 */
    if (!(b7 >> 3 & 1) || !(b7 >> 8 & 1)) return 0;
    return !amd || family >= 0x19;
}
#else
EXPORT int bpn_dds_cpu_hw(void) { return 0; }
#endif

/* 1 in the build that uses popcnt and pext (the tests check which one they load). */
EXPORT int bpn_dds_build_hw(void) {
#if defined(__POPCNT__) && defined(__BMI2__)
    return 1;
#else
    return 0;
#endif
}
