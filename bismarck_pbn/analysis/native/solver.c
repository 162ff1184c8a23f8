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

/* ---- the table: partition search ---------------------------------------------------
 *
 * Ginsberg's partition search (DDS's "winning ranks"). Each search call returns, beside
 * its answer, the *relevant* cards: those whose rank mattered to it. A position at a
 * trick boundary is filed under its key (the seat to lead and how many cards each seat
 * holds in each suit) in a short list of entries. An entry holds, per suit s, the
 * number d_s of top cards that mattered (the cards of s ranked at or above the lowest
 * relevant card of s) and the owners of the top d_s cards still out (2 bits each,
 * ranks relative to the cards gone), with a lower and an upper bound
 * and the best lead. A position matches an entry when, in every suit, its top d_s cards
 * have the same owners: then the entry's bounds hold for it, because a one-to-one map of
 * the cards (the matched top cards to themselves, each seat's other cards of a suit to
 * the other position's, in order) carries the proof over. Every trick of the proof won
 * by rank over a card of its own suit was won by a relevant card, so the maps keep who
 * wins each such trick; the other cards of a suit are never compared in a way that
 * decides a trick.
 *
 * Memory: a fixed arena of entries and a fixed open-addressed table of keys, both
 * allocated once; when either is full, everything is forgotten in O(1) (an epoch
 * counter) and the search goes on. */

typedef struct {
    u64 ow[2];          /* owners of the top d_s cards of suit s, 2 bits each, 32 bits a
                           suit (suits 0, 1 in ow[0], 2, 3 in ow[1]); see position_key() */
    u64 mask[2];        /* the 2·d_s bits of each suit's 32 that hold them */
    uint8_t lo, hi, best;
} Entry;

/* A key's entries sit in chunks of CHUNK, newest chunk first: a lookup reads them
   in a row instead of chasing a pointer (a cache miss) per entry. */
#define CHUNK 6
typedef struct {
    Entry e[CHUNK];
    uint32_t next;      /* the next (older) chunk of the same key, or NONE */
    uint32_t count;
} Chunk;

typedef struct {
    u64 key;            /* 4 bits per (seat, suit) length */
    uint16_t epoch;
    uint16_t tag;       /* the seat to lead; for the lists of entries that constrain the top
                           card of every suit still out, 4 + 8 × those top cards' owners */
    uint32_t head;
} Slot;

#define NONE 0xFFFFFFFFu

typedef struct {
    Chunk *arena;
    Slot *slots;
    uint32_t arena_size, arena_top;
    u64 nslots, slots_used;   /* nslots a power of two */
    uint16_t epoch;
    u64 nodes, clears;
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

/* Bit counts inline (the builtin becomes a library call without -mpopcnt, which a
   portable build cannot assume). */
static inline int popc(u64 x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}
static inline int popc32(unsigned x) { return popc(x); }
static inline unsigned suit_bits(u64 m, int s) { return (unsigned)(m >> (16 * s)) & 0xFFFFu; }
static inline u64 suit_mask(int s) { return (u64)0xFFFF << (16 * s); }

static void init_pext(void);

EXPORT void *bpn_dds_new(int table_bits) {
    init_pext();
    if (table_bits < 6) table_bits = 6;
    if (table_bits > 26) table_bits = 26;
    Ctx *c = calloc(1, sizeof(Ctx));
    if (!c) return NULL;
    c->arena_size = ((uint32_t)1 << table_bits) / CHUNK;
    c->nslots = (u64)1 << (table_bits - 2);
    c->arena = malloc((size_t)c->arena_size * sizeof(Chunk));
    c->slots = calloc(c->nslots, sizeof(Slot));
    if (!c->arena || !c->slots) { free(c->arena); free(c->slots); free(c); return NULL; }
    c->epoch = 1;
    return c;
}

EXPORT void bpn_dds_free(void *p) {
    Ctx *c = p;
    if (c) { free(c->arena); free(c->slots); free(c); }
}

static void forget(Ctx *c) {
    if (++c->epoch == 0) {
        memset(c->slots, 0, c->nslots * sizeof(Slot));
        c->epoch = 1;
    }
    c->arena_top = 0;
    c->slots_used = 0;
}

/* Empty the table in O(1): slots of an older epoch count as empty. */
EXPORT void bpn_dds_clear(void *p) {
    Ctx *c = p;
    forget(c);
    memset(c->hist, 0, sizeof c->hist);
}

/* stats: nodes searched, entries used, entries in all, bytes of the table, times the
   table filled up and was emptied */
EXPORT void bpn_dds_stats(void *p, u64 *out) {
    Ctx *c = p;
    u64 used = 0;
    for (u64 i = 0; i < c->nslots; i++)
        if (c->slots[i].epoch == c->epoch)
            for (uint32_t k = c->slots[i].head; k != NONE; k = c->arena[k].next) used += c->arena[k].count;
    out[0] = c->nodes; out[1] = used; out[2] = (u64)c->arena_size * CHUNK;
    out[3] = (u64)c->arena_size * sizeof(Chunk) + c->nslots * sizeof(Slot);
    out[4] = c->clears;
}

/* The position's key, its cards still out per suit, and per suit the owners of those
   cards from the top (2 bits each). */
static uint8_t PEXT8[256][256];
static int pext_ready = 0;

static void init_pext(void) {
    if (pext_ready) return;
    for (int m = 0; m < 256; m++)
        for (int x = 0; x < 256; x++) {
            int out = 0, k = 0;
            for (int b = 0; b < 8; b++)
                if (m >> b & 1) { if (x >> b & 1) out |= 1 << k; k++; }
            PEXT8[m][x] = (uint8_t)out;
        }
    pext_ready = 1;
}

/* The bits of x (a subset of m) packed down to the positions of m's bits. */
static inline unsigned pext16(unsigned x, unsigned m) {
    return PEXT8[m & 0xFF][x & 0xFF] | (unsigned)PEXT8[m >> 8][(x >> 8) & 0xFF] << popc32(m & 0xFF);
}

/* Bit i of x to bit 2i. */
static inline uint32_t spread16(uint32_t x) {
    x = (x | x << 8) & 0x00FF00FFu;
    x = (x | x << 4) & 0x0F0F0F0Fu;
    x = (x | x << 2) & 0x33333333u;
    return (x | x << 1) & 0x55555555u;
}

/* The position's key, its cards still out per suit, and per suit the owners of those
   cards (2 bits each, from the lowest card still out up: the top d cards of a suit of
   k cards are bits 2(k-d) to 2k-1, the same bits in every position of the same key). */
static u64 position_key(const Ctx *c, unsigned present[4], uint32_t ow[4]) {
    u64 key = 0, all = 0;
    for (int seat = 0; seat < c->n; seat++) {
        all |= c->hands[seat];
        for (int s = 0; s < 4; s++)
            key |= (u64)popc32(suit_bits(c->hands[seat], s)) << (4 * (4 * seat + s));
    }
    for (int s = 0; s < 4; s++) {
        unsigned p = present[s] = suit_bits(all, s), lo = 0, hi = 0;
        for (int seat = 1; seat < c->n; seat++) {
            unsigned r = pext16(suit_bits(c->hands[seat], s), p);
            if (seat & 1) lo |= r;
            if (seat & 2) hi |= r;
        }
        ow[s] = spread16(lo) | spread16(hi) << 1;
    }
    return key;
}

static inline uint32_t owner_mask(int d) { return d >= 16 ? 0xFFFFFFFFu : (1u << (2 * d)) - 1; }

/* The top d cards of a suit's cards still out. */
static inline unsigned top_cards(unsigned present, int d) {
    int drop = popc32(present) - d;
    while (drop-- > 0) present &= present - 1;
    return present;
}

static u64 entry_cards(const Entry *e, const unsigned present[4]) {
    u64 rel = 0;
    for (int s = 0; s < 4; s++)
        rel |= (u64)top_cards(present[s], popc(e->mask[s >> 1] >> (32 * (s & 1)) & 0xFFFFFFFFu) / 2)
               << (16 * s);
    return rel;
}

static inline int matches(const Entry *e, const u64 *pw) {
    return (((pw[0] & e->mask[0]) ^ e->ow[0]) | ((pw[1] & e->mask[1]) ^ e->ow[1])) == 0;
}

static Slot *find_slot(Ctx *c, u64 key, int tag, int make) {
    u64 h = (key ^ (u64)(tag + 1) * 0x9E3779B97F4A7C15ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 31;
    for (u64 i = h & (c->nslots - 1);; i = (i + 1) & (c->nslots - 1)) {
        Slot *sl = c->slots + i;
        if (sl->epoch != c->epoch) {
            if (!make) return NULL;
            if (c->slots_used * 4 >= c->nslots * 3) return NULL;  /* full: the caller forgets */
            sl->epoch = c->epoch; sl->key = key; sl->tag = (uint16_t)tag; sl->head = NONE;
            c->slots_used++;
            return sl;
        }
        if (sl->key == key && sl->tag == tag) return sl;
    }
}

/* The tag of the list for entries that constrain the owner of every suit's top card:
   such entries are filed apart, by those owners, which keeps the lists short. */
static inline int tops_tag(const Ctx *c, const u64 *pw, const unsigned present[4]) {
    int t = 0;
    for (int s = 0; s < 4; s++) {
        int k = popc32(present[s]);
        if (k) t |= (int)(pw[s >> 1] >> (32 * (s & 1) + 2 * (k - 1)) & 3) << (2 * s);
    }
    return c->to_play | 4 | t << 3;
}

/* Record lo <= value <= hi for the positions whose top cards, per the relevant cards
   `rel`, are owned as in this one. */
static void store(Ctx *c, u64 key, const unsigned present[4], const u64 *pw, u64 rel,
                  int lo, int hi, int best) {
    if (c->aborted) return;
    u64 mask[2] = {0, 0}, w[2];
    int all_tops = 1;
    for (int s = 0; s < 4; s++) {
        unsigned r = suit_bits(rel, s) & present[s];
        int d = r ? popc32(present[s] >> __builtin_ctz(r)) : 0;
        if (present[s] && !d) all_tops = 0;
        int k = popc32(present[s]);
        mask[s >> 1] |= (u64)(owner_mask(k) & ~owner_mask(k - d)) << (32 * (s & 1));
    }
    w[0] = pw[0] & mask[0]; w[1] = pw[1] & mask[1];
    int tag = all_tops ? tops_tag(c, pw, present) : c->to_play;
    Slot *sl = find_slot(c, key, tag, 1);
    if (sl) {
        for (uint32_t i = sl->head; i != NONE; i = c->arena[i].next)
            for (uint32_t j = 0; j < c->arena[i].count; j++) {
                Entry *e = c->arena[i].e + j;
                if (e->mask[0] != mask[0] || e->mask[1] != mask[1] || e->ow[0] != w[0] || e->ow[1] != w[1])
                    continue;
                if (lo > e->lo) e->lo = (uint8_t)lo;
                if (hi < e->hi) e->hi = (uint8_t)hi;
                if (best >= 0) e->best = (uint8_t)best;
                return;
            }
    }
    if (!sl || (c->arena_top >= c->arena_size && (sl->head == NONE || c->arena[sl->head].count == CHUNK))) {
        forget(c); c->clears++;
        sl = find_slot(c, key, tag, 1);
    }
    if (sl->head == NONE || c->arena[sl->head].count == CHUNK) {
        uint32_t i = c->arena_top++;
        c->arena[i].next = sl->head; c->arena[i].count = 0;
        sl->head = i;
    }
    Chunk *ch = c->arena + sl->head;
    Entry *e = ch->e + ch->count++;
    e->mask[0] = mask[0]; e->mask[1] = mask[1]; e->ow[0] = w[0]; e->ow[1] = w[1];
    e->lo = (uint8_t)lo; e->hi = (uint8_t)hi; e->best = (uint8_t)(best >= 0 ? best : 0xFF);
}

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
        int len = popc32(suit_bits(c->hands[seat], s));
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
                int rel = popc32(below);
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

/* The winner of the trick just completed on the table, and (in *rel) its card when it
   won by rank over a card of its own suit: the only card a trick's result rests on. */
static int trick_winner(const Ctx *c, u64 *rel) {
    int wi = winning(c), wc = c->tcard[wi], beat = 0;
    for (int i = 0; i < c->n; i++)
        if (i != wi && c->tcard[i] >> 4 == wc >> 4) beat = 1;
    *rel = beat ? (u64)1 << wc : 0;
    return c->tseat[wi];
}

static int last_trick(Ctx *c, u64 *rel) {
    int lead = c->to_play;
    for (int i = 0; i < c->n; i++) {
        int seat = (lead + i) % c->n;
        c->tseat[i] = seat;
        c->tcard[i] = __builtin_ctzll(c->hands[seat]);
    }
    c->ntable = c->n;
    int w = trick_winner(c, rel);
    c->ntable = 0;
    return c->countmask >> w & 1;
}

/* Will at least `need` of the remaining tricks be counted? *rel gets the cards whose
   rank the answer rests on (see the table's comment). Touching cards: a run of one
   hand's cards with no card still out between them is searched once, by its top card.
   That stays sound under partition search: the positions after playing two cards of
   a run differ only by swapping those two cards, so their relevant cards differ by
   the same swap; when a searched card's answer leaves the whole run out of its
   relevant cards the swap changes nothing, and otherwise the whole run is made
   relevant (below, at nodes where every move had to be tried). */
#ifndef TT_MIN
#define TT_MIN 2    /* positions of this many tricks or fewer are not filed: cheaper to search */
#endif

static int search(Ctx *c, int need, u64 *rel) {
    *rel = 0;
    if (++c->nodes > c->stop_at) { c->aborted = 1; return 0; }
    int R = popc(c->hands[c->to_play]);
    if (need <= 0) return 1;
    if (need > R) return 0;
    int boundary = c->ntable == 0, best_lead = -1, use_tt = 0;
    u64 key = 0;
    unsigned present[4];
    uint32_t ow[4];
    u64 pw[2];
    if (boundary) {
        if (R == 1) return last_trick(c, rel) >= need;
        use_tt = R > TT_MIN;
        if (use_tt) {
            key = position_key(c, present, ow);
            pw[0] = ow[0] | (u64)ow[1] << 32; pw[1] = ow[2] | (u64)ow[3] << 32;
        }
        for (int pass = 0; use_tt && pass < 2; pass++) {
            Slot *sl = find_slot(c, key, pass ? c->to_play : tops_tag(c, pw, present), 0);
            if (!sl) continue;
            /* a decisive entry moves to the front of its list (hits cluster): it swaps
               places with the first entry of the newest chunk */
            for (uint32_t i = sl->head; i != NONE; i = c->arena[i].next) {
                Chunk *ch = c->arena + i;
                for (uint32_t j = 0; j < ch->count; j++) {
                    Entry *e = ch->e + j;
                    if (!matches(e, pw)) continue;
                    if (e->lo >= need || e->hi < need) {
                        Entry *front = c->arena[sl->head].e;
                        if (e != front) { Entry t = *front; *front = *e; *e = t; e = front; }
                        *rel = entry_cards(e, present);
                        return e->lo >= need;
                    }
                    if (best_lead < 0 && e->best != 0xFF) best_lead = e->best;
                }
            }
        }
        u64 r;
        if (c->trump >= 0) {
            int mine = sure_trump_tricks(c, c->countmask, &r);
            if (mine >= need) { *rel = r; return 1; }
            int theirs = sure_trump_tricks(c, ((1 << c->n) - 1) & ~c->countmask, &r);
            if (R - theirs < need) { *rel = r; return 0; }
        }
        int L = c->to_play, lmax = c->maxmask >> L & 1;
        if (lmax == (c->countmask >> L & 1)) {   /* the leader wants tricks: cash them */
            int q = quick_tricks(c, L, lmax ? need : R - need + 1, &r);
            if (lmax ? q >= need : R - q < need) { *rel = r; return lmax; }
        }
    }
    int moves[64];
    int nm = gen_moves(c, moves, best_lead);
    int seat = c->to_play, is_max = c->maxmask >> seat & 1;
    int result = !is_max, cut = -1;
    u64 all = 0, lg = legal(c), acc = 0;
    for (int s = 0; s < c->n; s++) all |= c->hands[s];
    for (int i = 0; i < c->ntable; i++) all |= (u64)1 << c->tcard[i];
    for (int i = 0; i < nm; i++) {
        int card = moves[i], r;
        u64 crel, wrel = 0;
        c->hands[seat] &= ~((u64)1 << card);
        c->tseat[c->ntable] = seat; c->tcard[c->ntable] = card; c->ntable++;
        if (c->ntable == c->n) {
            int w = trick_winner(c, &wrel);
            int ts[MAXN], tc[MAXN];
            memcpy(ts, c->tseat, sizeof ts); memcpy(tc, c->tcard, sizeof tc);
            c->ntable = 0; c->to_play = w;
            r = search(c, need - (c->countmask >> w & 1), &crel);
            memcpy(c->tseat, ts, sizeof ts); memcpy(c->tcard, tc, sizeof tc);
            c->ntable = c->n;
        } else {
            c->to_play = (seat + 1) % c->n;
            r = search(c, need, &crel);
        }
        c->ntable--; c->to_play = seat; c->hands[seat] |= (u64)1 << card;
        crel |= wrel;
        if (r == is_max) { result = r; cut = card; acc = crel; c->hist[seat][card] += R; break; }
        /* the run of touching cards `card` stands for */
        int s = card >> 4, b = card & 15;
        unsigned m = suit_bits(lg, s), pr = suit_bits(all, s), run = 1u << b;
        for (int x = b - 1; x >= 0; x--) {
            if (!(pr >> x & 1)) continue;
            if (!(m >> x & 1)) break;
            run |= 1u << x;
        }
        if (suit_bits(crel, s) & run) crel |= (u64)run << (16 * s);
        acc |= crel;
    }
    *rel = acc;
    if (use_tt && !c->aborted) {
        int best = -1;
        if (cut >= 0) {
            unsigned p = present[cut >> 4];
            best = (cut >> 4) << 4 | popc32(p & ((1u << (cut & 15)) - 1));
        }
        if (result) store(c, key, present, pw, acc, need, R, best);
        else store(c, key, present, pw, acc, 0, need - 1, best);
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
        u64 rel;
        if (search(c, t, &rel)) { lo = t; g = guess >= 0 ? t + 1 : (lo + hi + 1) / 2; }
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
