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
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 4
typedef uint64_t u64;

#if defined(_WIN32)
#define EXPORT __declspec(dllexport)
#else
#define EXPORT __attribute__((visibility("default")))
#endif

typedef struct {
    int n;              /* seats: 2, 3 or 4 */
    u64 hands[MAXN];    /* cards each seat holds (not those on the table) */
    int trump;          /* 0..3, or -1 for no trump */
    int must_trump;     /* a seat that cannot follow must trump if it can */
    int maxmask;        /* bit s set: seat s wants the counted tricks to be many */
    int countmask;      /* bit s set: the tricks of seat s are counted */
    int to_play;        /* the seat to play */
    int ntable;         /* cards on the table in the current trick */
    int table[MAXN];    /* those cards, in the order played */
} bpn_problem;

typedef struct {
    u64 k0, k1, k2;
    uint8_t lo, hi, best, depth;
    uint16_t epoch;     /* the entry is in use when this is the table's epoch */
    uint16_t gen;       /* the solve that last touched it (for replacement) */
} Entry;

#define BUCKET 4

typedef struct {
    Entry *tt;
    u64 buckets;        /* a power of two */
    uint16_t gen, epoch;
    u64 used, nodes;
    u64 limit;          /* give up after this many nodes in one call (0: never) */
    u64 stop_at;
    int aborted;
    int sig_n, sig_trump, sig_must, sig_max, sig_count, sig_valid;
    /* the position being searched */
    int n, trump, must_trump, maxmask, countmask, to_play, ntable;
    u64 hands[MAXN];
    int tseat[MAXN], tcard[MAXN];
    int hist[MAXN][64];
} Ctx;

static uint8_t PEXT8[256][256];
static int pext_ready = 0;

static void init_pext(void) {
    for (int m = 0; m < 256; m++)
        for (int x = 0; x < 256; x++) {
            int out = 0, k = 0;
            for (int b = 0; b < 8; b++)
                if (m >> b & 1) { if (x >> b & 1) out |= 1 << k; k++; }
            PEXT8[m][x] = (uint8_t)out;
        }
    pext_ready = 1;
}

static inline int popc(u64 x) { return __builtin_popcountll(x); }
static inline unsigned suit_bits(u64 m, int s) { return (unsigned)(m >> (16 * s)) & 0xFFFFu; }

/* The bits of x (a subset of m) packed down to the positions of m's bits. */
static inline unsigned pext16(unsigned x, unsigned m) {
    unsigned lo = PEXT8[m & 0xFF][x & 0xFF];
    unsigned hi = PEXT8[m >> 8][(x >> 8) & 0xFF];
    return lo | hi << __builtin_popcount(m & 0xFF);
}

/* ---- the table -------------------------------------------------------------------- */

EXPORT void *bpn_dds_new(int table_bits) {
    if (!pext_ready) init_pext();
    if (table_bits < 4) table_bits = 4;
    if (table_bits > 28) table_bits = 28;
    Ctx *c = calloc(1, sizeof(Ctx));
    if (!c) return NULL;
    c->buckets = (u64)1 << (table_bits - 2);  /* BUCKET entries each */
    c->tt = calloc(c->buckets * BUCKET, sizeof(Entry));
    if (!c->tt) { free(c); return NULL; }
    c->epoch = 1;
    return c;
}

EXPORT void bpn_dds_free(void *p) {
    Ctx *c = p;
    if (c) { free(c->tt); free(c); }
}

/* Empty the table in O(1): entries of an older epoch count as empty. */
EXPORT void bpn_dds_clear(void *p) {
    Ctx *c = p;
    if (++c->epoch == 0) {
        memset(c->tt, 0, c->buckets * BUCKET * sizeof(Entry));
        c->epoch = 1;
    }
    memset(c->hist, 0, sizeof c->hist);
    c->used = 0;
}

/* stats: nodes searched, entries used, entries in all, bytes of the table */
EXPORT void bpn_dds_stats(void *p, u64 *out) {
    Ctx *c = p;
    u64 used = 0;
    for (u64 i = 0; i < c->buckets * BUCKET; i++) used += c->tt[i].epoch == c->epoch;
    out[0] = c->nodes; out[1] = used; out[2] = c->buckets * BUCKET;
    out[3] = c->buckets * BUCKET * sizeof(Entry);
}

static void make_key(const Ctx *c, u64 *k) {
    unsigned present[4], counts = 0;
    u64 all = 0;
    for (int s = 0; s < c->n; s++) all |= c->hands[s];
    for (int s = 0; s < 4; s++) {
        present[s] = suit_bits(all, s);
        counts |= (unsigned)__builtin_popcount(present[s]) << (4 * s);
    }
    u64 rel[3] = {0, 0, 0};
    for (int seat = 0; seat < c->n - 1; seat++)
        for (int s = 0; s < 4; s++)
            rel[seat] |= (u64)pext16(suit_bits(c->hands[seat], s), present[s]) << (13 * s);
    k[0] = rel[0] | (u64)(counts & 0xFFF) << 52;
    k[1] = rel[1] | (u64)(counts >> 12) << 52 | (u64)c->to_play << 56;
    k[2] = rel[2];
}

static inline u64 bucket_of(const Ctx *c, const u64 *k) {
    u64 h = k[0] * 0x9E3779B97F4A7C15ull ^ (k[1] + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full
            ^ k[2] * 0x165667B19E3779F9ull;
    h ^= h >> 29;
    return h & (c->buckets - 1);
}

static Entry *probe(Ctx *c, const u64 *k) {
    Entry *b = c->tt + bucket_of(c, k) * BUCKET;
    for (int i = 0; i < BUCKET; i++)
        if (b[i].epoch == c->epoch && b[i].k0 == k[0] && b[i].k1 == k[1] && b[i].k2 == k[2]) return &b[i];
    return NULL;
}

static void store(Ctx *c, const u64 *k, int depth, int lo, int hi, int best) {
    if (c->aborted) return;
    Entry *b = c->tt + bucket_of(c, k) * BUCKET, *e = NULL;
    for (int i = 0; i < BUCKET; i++)
        if (b[i].epoch == c->epoch && b[i].k0 == k[0] && b[i].k1 == k[1] && b[i].k2 == k[2]) { e = &b[i]; break; }
    if (e) {
        if (lo > e->lo) e->lo = (uint8_t)lo;
        if (hi < e->hi) e->hi = (uint8_t)hi;
        if (best >= 0) e->best = (uint8_t)best;
        e->gen = c->gen;
        return;
    }
    int worst = 1 << 30;
    for (int i = 0; i < BUCKET; i++) {
        if (b[i].epoch != c->epoch) { e = &b[i]; c->used++; break; }
        int score = b[i].depth + (b[i].gen == c->gen ? 64 : 0);
        if (score < worst) { worst = score; e = &b[i]; }
    }
    e->k0 = k[0]; e->k1 = k[1]; e->k2 = k[2];
    e->lo = (uint8_t)lo; e->hi = (uint8_t)hi; e->depth = (uint8_t)depth;
    e->best = (uint8_t)(best >= 0 ? best : 0xFF);
    e->gen = c->gen;
    e->epoch = c->epoch;
}

/* ---- rules ------------------------------------------------------------------------- */

static inline u64 suit_mask(int s) { return (u64)0xFFFF << (16 * s); }

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

/* Tricks the leader surely takes by cashing winners from the top. A lower bound. */
static int quick_tricks(const Ctx *c, int L) {
    u64 others = 0, all = 0;
    for (int s = 0; s < c->n; s++) { all |= c->hands[s]; if (s != L) others |= c->hands[s]; }
    int run[4];
    for (int s = 0; s < 4; s++) {
        unsigned p = suit_bits(all, s), m = suit_bits(c->hands[L], s);
        int k = 0;
        while (p) {
            int hb = 31 - __builtin_clz(p);
            if (!(m >> hb & 1)) break;
            k++; p &= ~(1u << hb);
        }
        run[s] = k;
    }
    if (c->trump < 0) return run[0] + run[1] + run[2] + run[3];
    int most = 0;
    for (int s = 0; s < c->n; s++)
        if (s != L) { int t = popc(c->hands[s] & suit_mask(c->trump)); if (t > most) most = t; }
    if (most > run[c->trump]) return run[c->trump];
    return run[0] + run[1] + run[2] + run[3];
}

/* Tricks a team surely takes with trumps: each trump of one of its seats above every
   trump of the other team wins the trick it is played to (or a teammate's trump does).
   Returns the most of them one seat of `team` holds. */
static int sure_trump_tricks(const Ctx *c, int team) {
    u64 tm = suit_mask(c->trump), theirs = 0;
    for (int s = 0; s < c->n; s++) if (!(team >> s & 1)) theirs |= c->hands[s] & tm;
    u64 above = theirs ? ~(((u64)2 << (63 - __builtin_clzll(theirs))) - 1) : ~(u64)0;
    int most = 0;
    for (int s = 0; s < c->n; s++)
        if (team >> s & 1) { int k = popc(c->hands[s] & tm & above); if (k > most) most = k; }
    return most;
}

/* ---- the search -------------------------------------------------------------------- */

/* Representatives of the legal cards (one per run of touching cards), best first. */
static int gen_moves(const Ctx *c, int *moves, int best_lead) {
    u64 lg = legal(c), all = 0;
    for (int s = 0; s < c->n; s++) all |= c->hands[s];
    for (int i = 0; i < c->ntable; i++) all |= (u64)1 << c->tcard[i];
    int seat = c->to_play, mine_max = c->maxmask >> seat & 1;
    int wants = mine_max == (c->countmask >> seat & 1);   /* this seat wants to win tricks */
    int nm = 0, score[16 * 4];
    int wi = c->ntable ? winning(c) : -1;
    int wcard = wi >= 0 ? c->tcard[wi] : -1;
    int partner_wins = wi >= 0 && ((c->maxmask >> c->tseat[wi] & 1) == mine_max);
    int last = c->ntable == c->n - 1;
    for (int s = 0; s < 4; s++) {
        unsigned m = suit_bits(lg, s);
        if (!m) continue;
        unsigned p = suit_bits(all, s);
        int top = 31 - __builtin_clz(p);
        int len = __builtin_popcount(suit_bits(c->hands[seat], s));
        while (m) {
            int b = 31 - __builtin_clz(m);
            /* b is the top of a run; skip the rest of the run */
            m &= ~(1u << b);
            for (int x = b - 1; x >= 0; x--) {
                if (!(p >> x & 1)) continue;          /* gone: does not separate */
                if (!(m >> x & 1)) break;             /* another seat's card */
                m &= ~(1u << x);
            }
            int card = 16 * s + b, sc;
            if (c->ntable == 0) {
                unsigned below = p & ((1u << b) - 1);
                int rel = __builtin_popcount(below);
                if (best_lead >= 0 && best_lead == (s << 4 | rel)) sc = 100000;
                else if (!wants) sc = 1000 - 4 * rel;
                else if (b == top) sc = 3000 + len * 8;
                else {
                    /* a low card towards a teammate holding the top */
                    int holder = -1;
                    for (int t = 0; t < c->n; t++) if (suit_bits(c->hands[t], s) >> top & 1) holder = t;
                    if (holder >= 0 && (c->maxmask >> holder & 1) == mine_max) sc = 2000 - b;
                    else sc = 1000 + len * 4 - b;
                }
            } else {
                int w = beats(card, wcard, c->trump);
                if (!wants) sc = !w ? 2000 + b : last ? 1000 + b : 500 - b;
                else if (partner_wins) sc = w && last ? -100 - b : 500 - b - (w ? 50 : 0);
                else if (w) sc = last ? 2000 - b : 1500 + b;
                else sc = 500 - b - (s == c->trump ? 200 : 0);
            }
            sc = sc * 64 + (c->hist[seat][card] > 63 ? 63 : c->hist[seat][card]);
            /* insertion by score */
            int j = nm++;
            while (j > 0 && score[j - 1] < sc) { moves[j] = moves[j - 1]; score[j] = score[j - 1]; j--; }
            moves[j] = card; score[j] = sc;
        }
    }
    return nm;
}

static int last_trick(const Ctx *c) {
    int lead = c->to_play, bc = -1, bseat = lead;
    for (int i = 0; i < c->n; i++) {
        int seat = (lead + i) % c->n;
        int card = __builtin_ctzll(c->hands[seat]);
        if (bc < 0 || beats(card, bc, c->trump)) { bc = card; bseat = seat; }
    }
    return c->countmask >> bseat & 1;
}

#ifdef STATS
#include <stdio.h>
static long st_bound, st_probe, st_hit, st_cut, st_q, st_store;
EXPORT void bpn_dds_dump(void) {
    fprintf(stderr, "boundary %ld probe-found %ld decisive %ld quick %ld\n", st_bound, st_probe, st_hit, st_q);
}
#define STAT(x) x
#else
#define STAT(x)
#endif
static int search(Ctx *c, int need) {
    if (++c->nodes > c->stop_at) { c->aborted = 1; return 0; }
    int R = popc(c->hands[c->to_play]);
    if (need <= 0) return 1;
    if (need > R) return 0;
    int boundary = c->ntable == 0, best_lead = -1, lo = 0, hi = R;
    u64 key[3];
    if (boundary) {
        if (R == 1) return last_trick(c) >= need;
        make_key(c, key);
        STAT(st_bound++);
        Entry *e = probe(c, key);
        if (e) {
            STAT(st_probe++);
            lo = e->lo; hi = e->hi;
            STAT(if (lo >= need || hi < need) st_hit++);
            if (lo >= need) return 1;
            if (hi < need) return 0;
            if (e->best != 0xFF) best_lead = e->best;
        }
        if (c->trump >= 0) {
            int mine = sure_trump_tricks(c, c->countmask);
            if (mine >= need) { store(c, key, R, mine, hi, -1); return 1; }
            int theirs = sure_trump_tricks(c, ((1 << c->n) - 1) & ~c->countmask);
            if (R - theirs < need) { store(c, key, R, lo, R - theirs, -1); return 0; }
        }
        int L = c->to_play, lmax = c->maxmask >> L & 1;
        if (lmax == (c->countmask >> L & 1)) {   /* the leader wants tricks: cash them */
            int q = quick_tricks(c, L);
            if (lmax) {
                if (q >= need) { STAT(st_q++); store(c, key, R, q, hi, -1); return 1; }
            } else if (R - q < need) {
                store(c, key, R, lo, R - q, -1); return 0;
            }
        }
    }
    int moves[64];
    int nm = gen_moves(c, moves, best_lead);
    int seat = c->to_play, is_max = c->maxmask >> seat & 1;
    int result = !is_max, cut = -1;
    for (int i = 0; i < nm; i++) {
        int card = moves[i], r;
        c->hands[seat] &= ~((u64)1 << card);
        c->tseat[c->ntable] = seat; c->tcard[c->ntable] = card; c->ntable++;
        if (c->ntable == c->n) {
            int w = c->tseat[winning(c)];
            int ts[MAXN], tc[MAXN];
            memcpy(ts, c->tseat, sizeof ts); memcpy(tc, c->tcard, sizeof tc);
            c->ntable = 0; c->to_play = w;
            r = search(c, need - (c->countmask >> w & 1));
            memcpy(c->tseat, ts, sizeof ts); memcpy(c->tcard, tc, sizeof tc);
            c->ntable = c->n;
        } else {
            c->to_play = (seat + 1) % c->n;
            r = search(c, need);
        }
        c->ntable--; c->to_play = seat; c->hands[seat] |= (u64)1 << card;
        if (r == is_max) { result = r; cut = card; c->hist[seat][card] += R; break; }
    }
    if (boundary && !c->aborted) {
        int best = -1;
        if (cut >= 0) {
            unsigned p = 0;
            for (int s = 0; s < c->n; s++) p |= suit_bits(c->hands[s], cut >> 4);
            best = (cut >> 4) << 4 | __builtin_popcount(p & ((1u << (cut & 15)) - 1));
        }
        if (result) store(c, key, R, need, hi, best);
        else store(c, key, R, lo, need - 1, best);
    }
    return result;
}

/* ---- the driver -------------------------------------------------------------------- */

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
    for (int s = 0; s < MAXN; s++) c->hands[s] = s < p->n ? p->hands[s] : 0;
    for (int i = 0; i < p->ntable; i++) {
        c->tcard[i] = p->table[i];
        c->tseat[i] = ((p->to_play - p->ntable + i) % p->n + p->n) % p->n;
    }
    c->gen++;
    c->aborted = 0;
    c->stop_at = c->limit ? c->nodes + c->limit : ~(u64)0;
    return 0;
}

/* After a call cut short by the node limit the table may hold half-proved bounds:
   forget them. Returns -2 then, else `v`. */
static int finish(Ctx *c, int v) {
    if (!c->aborted) return v;
    bpn_dds_clear(c);
    c->sig_valid = 0;
    return -2;
}

EXPORT void bpn_dds_set_limit(void *p, u64 limit) { ((Ctx *)p)->limit = limit; }

/* Counted tricks, from the current trick to the end, given it takes
   at least `floor_` and at most `ceil_`; `guess` (or -1) starts the null-window
   searches near the answer. */
static int value(Ctx *c, int floor_, int ceil_, int guess) {
    int lo = floor_, hi = ceil_;
    int g = guess >= 0 ? guess : (lo + hi + 1) / 2;
    while (lo < hi && !c->aborted) {
        int t = g;
        if (t <= lo) t = lo + 1;
        if (t > hi) t = hi;
        if (search(c, t)) { lo = t; g = guess >= 0 ? t + 1 : (lo + hi + 1) / 2; }
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
    u64 lg = legal(c), all = 0;
    for (int s = 0; s < c->n; s++) all |= c->hands[s];
    for (int i = 0; i < c->ntable; i++) all |= (u64)1 << c->tcard[i];
    int seat = c->to_play, R = popc(c->hands[seat]);
    for (int i = 0; i < nm; i++) {
        int card = moves[i], v, won = 0;
        c->hands[seat] &= ~((u64)1 << card);
        c->tseat[c->ntable] = seat; c->tcard[c->ntable] = card; c->ntable++;
        if (c->ntable == c->n) {
            int w = c->tseat[winning(c)];
            won = c->countmask >> w & 1;
            int ts[MAXN], tc[MAXN];
            memcpy(ts, c->tseat, sizeof ts); memcpy(tc, c->tcard, sizeof tc);
            c->ntable = 0; c->to_play = w;
            v = won + (R > 1 ? value(c, 0, R - 1, guess >= 0 ? guess - won : -1) : 0);
            memcpy(c->tseat, ts, sizeof ts); memcpy(c->tcard, tc, sizeof tc);
            c->ntable = c->n;
        } else {
            c->to_play = (seat + 1) % c->n;
            v = value(c, 0, R, guess);
        }
        c->ntable--; c->to_play = seat; c->hands[seat] |= (u64)1 << card;
        guess = v;
        /* the whole run of touching cards has this value */
        int s = card >> 4, b = card & 15;
        unsigned m = suit_bits(lg, s), pr = suit_bits(all, s);
        out[card] = (int8_t)v;
        for (int x = b - 1; x >= 0; x--) {
            if (!(pr >> x & 1)) continue;
            if (!(m >> x & 1)) break;
            out[16 * s + x] = (int8_t)v;
        }
    }
    return finish(c, popc(lg));
}
