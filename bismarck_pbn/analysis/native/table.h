/* The transposition table of partition search: filing a position under its key and
 * finding an entry whose relevant top cards have the same owners. Part of solver.c's
 * one translation unit (after core.h). */
#ifndef BPN_TABLE_H
#define BPN_TABLE_H
#include "core.h"
#if defined(__BMI2__)
#include <immintrin.h>
#endif

typedef char slot_is_one_cache_line[sizeof(Slot) == 64 ? 1 : -1];

/* A place of a slot's front not yet filled: an entry that bounds nothing (no stored
   entry has lo 0 and hi 0xFF: store() is given lo >= 1 or hi < 16, and only tightens). */
static const Entry FREE_ENTRY = {{0, 0}, 0, 0, 0xFF, 0xFF};
static inline int is_free(const Entry *e) { return e->lo == 0 && e->hi == 0xFF; }

static void init_pext(void);
static void init_lanes(void);

/* The table is read at random: on 4 KiB pages nearly every lookup also misses the TLB.
   Where the system gives huge pages on request (Linux's transparent huge pages), the
   table asks for them, aligned to 2 MiB; elsewhere it is aligned to a cache line. */
#if defined(__linux__)
#include <sys/mman.h>
#endif
#if defined(__linux__) && defined(MADV_HUGEPAGE)
#define PAGE_ALIGN ((size_t)2 << 20)
static void huge_pages(void *p, size_t n) { madvise(p, n, MADV_HUGEPAGE); }
#else
#define PAGE_ALIGN ((size_t)64)
static void huge_pages(void *p, size_t n) { (void)p; (void)n; }
#endif
static void *align_up(void *p) {
    return (void *)(((uintptr_t)p + PAGE_ALIGN - 1) & ~(uintptr_t)(PAGE_ALIGN - 1));
}

EXPORT void *bpn_dds_new(int table_bits) {
    init_pext();
    init_lanes();
    if (table_bits < 6) table_bits = 6;
    if (table_bits > 26) table_bits = 26;
    Ctx *c = calloc(1, sizeof(Ctx));
    if (!c) return NULL;
    c->arena_size = ((uint32_t)1 << table_bits) / 6;   /* 256-byte chunks (of 6 entries before
                                                           they shrank to 24 bytes) */
    c->nslots = (u64)1 << (table_bits - 2);
    size_t arena_bytes = (size_t)c->arena_size * sizeof(Chunk), slot_bytes = c->nslots * sizeof(Slot);
    c->arena_block = malloc(arena_bytes + PAGE_ALIGN);
    c->arena = c->arena_block ? (Chunk *)align_up(c->arena_block) : NULL;
    c->slots_block = calloc(slot_bytes + PAGE_ALIGN, 1);
    c->slots = c->slots_block ? (Slot *)align_up(c->slots_block) : NULL;
    if (!c->arena || !c->slots) { free(c->arena_block); free(c->slots_block); free(c); return NULL; }
    huge_pages(c->arena, arena_bytes);
    huge_pages(c->slots, slot_bytes);
    c->epoch = 1;
    return c;
}

EXPORT void bpn_dds_free(void *p) {
    Ctx *c = p;
    if (c) { free(c->arena_block); free(c->slots_block); free(c); }
}

static void forget(Ctx *c) {
    if (++c->epoch == 0) {              /* every 255th time */
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
    memset(c->killer, -1, sizeof c->killer);
}

/* stats: nodes searched, entries used, entries in all, bytes of the table, times the
   table filled up and was emptied */
EXPORT void bpn_dds_stats(void *p, u64 *out) {
    Ctx *c = p;
    u64 used = 0;
    for (u64 i = 0; i < c->nslots; i++)
        if (c->slots[i].epoch == c->epoch) {
            for (int k = 0; k < FRONT; k++) used += !is_free(c->slots[i].e + k);
            for (uint32_t k = c->slots[i].head; k != NONE; k = c->arena[k].next) used += c->arena[k].count;
        }
    out[0] = c->nodes; out[1] = used; out[2] = (u64)c->arena_size * CHUNK + c->nslots * FRONT;
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

/* The bits of x (a subset of m) packed down to the positions of m's bits: the pext
   instruction where the build may use it (__BMI2__), else two lookups in a table. */
#if defined(__BMI2__)
static inline unsigned pext16(unsigned x, unsigned m) { return _pext_u32(x, m); }
#else
static inline unsigned pext16(unsigned x, unsigned m) {
    return PEXT8[m & 0xFF][x & 0xFF] | (unsigned)PEXT8[m >> 8][(x >> 8) & 0xFF] << popc32(m & 0xFF);
}
#endif

/* Bit i of lo to bit 2i, bit i of hi to bit 2i + 1 (16 bits each). */
#if defined(__BMI2__)
static inline uint32_t interleave16(uint32_t lo, uint32_t hi) {
    return _pdep_u32(lo, 0x55555555u) | _pdep_u32(hi, 0xAAAAAAAAu);
}
#else
static inline uint32_t interleave16(uint32_t lo, uint32_t hi) {
    u64 x = lo | (u64)hi << 32;         /* both spread at once, in the halves of a word */
    x = (x | x << 8) & 0x00FF00FF00FF00FFull;
    x = (x | x << 4) & 0x0F0F0F0F0F0F0F0Full;
    x = (x | x << 2) & 0x3333333333333333ull;
    x = (x | x << 1) & 0x5555555555555555ull;
    return (uint32_t)x | (uint32_t)(x >> 32) << 1;
}
#endif

/* The number of cards of each suit in h, 4 bits a suit (suit s at bit 4s): the counts
   of the four 16-bit lanes at once (a suit has at most 15 cards, as the key assumes). */
static inline unsigned suit_counts(u64 h) {
    h = h - ((h >> 1) & 0x5555555555555555ull);
    h = (h & 0x3333333333333333ull) + ((h >> 2) & 0x3333333333333333ull);
    h = (h + (h >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    h = (h + (h >> 8)) & 0x000F000F000F000Full;     /* lane s: its count, below 16 */
    h |= h >> 12;                                   /* counts of s and s+1 side by side */
    return (unsigned)(h & 0xFF) | (unsigned)(h >> 24 & 0xFF00);
}

/* The key of hands h (seats beyond n hold nothing): each seat's suit lengths, as
   Ctx.lengths keeps them. */
static inline u64 lengths_of(const u64 h[MAXN], int n) {
    u64 key = 0;
    for (int seat = 0; seat < n; seat++) key |= (u64)suit_counts(h[seat]) << (16 * seat);
    return key;
}

/* The position's key (c->lengths), its cards still out per suit, and per suit the owners
   of those cards (2 bits each, from the lowest card still out up: the top d cards of a
   suit of k cards are bits 2(k-d) to 2k-1, the same bits in every position of the same
   key). At a trick's lead, so the cards still out are those in the hands. */
static u64 position_key(const Ctx *c, unsigned present[4], uint32_t ow[4]) {
    u64 key = c->lengths, all = c->out;
    u64 lo_cards = c->hands[1] | c->hands[3], hi_cards = c->hands[2] | c->hands[3];  /* 0 beyond n */
    for (int s = 0; s < 4; s++) {
        unsigned p = present[s] = suit_bits(all, s);
        ow[s] = interleave16(pext16(suit_bits(lo_cards, s), p), pext16(suit_bits(hi_cards, s), p));
    }
    return key;
}

static inline uint32_t owner_mask(int d) { return d >= 16 ? 0xFFFFFFFFu : (1u << (2 * d)) - 1; }

/* The top d cards of a suit's cards still out. */
static inline unsigned top_cards(unsigned present, int d) {
    int drop = popc32(present) - d;
    if (drop <= 0) return present;
#if defined(__BMI2__)
    return present & ~_pdep_u32((1u << drop) - 1, present);   /* less its `drop` lowest */
#else
    unsigned top = 0;
    while (d-- > 0) {                  /* d is mostly the smaller: take the top d */
        unsigned b = 1u << (31 - __builtin_clz(present));
        top |= b; present ^= b;
    }
    return top;
#endif
}

static u64 entry_cards(const Entry *e, const unsigned present[4]) {
    u64 rel = 0;
    for (int s = 0; s < 4; s++) {
        unsigned p = present[s];
        rel |= (u64)top_cards(p, popc32(p) - (int)(e->low >> (8 * s) & 0xFF) / 2) << (16 * s);
    }
    return rel;
}

#if defined(__BMI2__)
static inline uint32_t above(int L) { return (uint32_t)(~0ull << L); }   /* shlx: one instruction */
#else
static uint32_t ABOVE[33];      /* ABOVE[L]: the bits from L up (a shift by a variable count
                                   costs more than a load without BMI2's shlx) */
static inline uint32_t above(int L) { return ABOVE[L]; }
#endif

/* LANE[k][d]: in a suit of k cards still out, the 2·d bits of ow that hold the owners of
   its top d cards (store() masks a new entry's owners with them). */
static uint32_t LANE[17][17];

static void init_lanes(void) {
    for (int k = 0; k <= 16; k++)
        for (int d = 0; d <= k; d++) LANE[k][d] = owner_mask(k) & ~owner_mask(k - d);
#if !defined(__BMI2__)
    for (int L = 0; L <= 32; L++) ABOVE[L] = (uint32_t)(~0ull << L);
#endif
}

/* Whether the position (its owners pw, as ow[] of position_key() two suits a word) has
   the entry's top cards owned as the entry says. A suit's owners take its low 2 k bits
   and the entry's its top 2 d of those, so the bits compared are those from the entry's
   `low` up: the bits above 2 k are 0 in both. */
static inline int matches(const Entry *e, const u64 *pw) {
    uint32_t L = e->low;
    u64 m0 = above(L & 0xFF) | (u64)above(L >> 8 & 0xFF) << 32;
    u64 m1 = above(L >> 16 & 0xFF) | (u64)above(L >> 24) << 32;
    return (((pw[0] & m0) ^ e->ow[0]) | ((pw[1] & m1) ^ e->ow[1])) == 0;
}

/* Where a list's probe starts: every bit of the key and the tag mixed into the low bits
   the table's size keeps. (The lists of one key used to start within 4 slots of each
   other, for the cache line they shared when a slot was 24 bytes; with slots of a line
   each, that only made clusters: 6.6 slots read a probe on bridge, 1.06 now.) */
static inline u64 slot_hash(u64 key, int tag) {
    u64 h = (key ^ (u64)(tag + 1) * 0x9E3779B97F4A7C15ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29; h *= 0xBF58476D1CE4E5B9ull;
    return h ^ h >> 32;
}

/* Start loading the slot a probe from h = slot_hash(key, tag) reads first (the table is
   large: a cache miss), to overlap with other work. */
static inline void prefetch_slot(const Ctx *c, u64 h) {
    __builtin_prefetch(c->slots + (h & (c->nslots - 1)));
}

/* Start loading chunk i (its four cache lines), NONE: nothing. */
static inline void prefetch_chunk(const Ctx *c, uint32_t i) {
    if (i == NONE) return;
    const char *p = (const char *)(c->arena + i);
    __builtin_prefetch(p); __builtin_prefetch(p + 64); __builtin_prefetch(p + 128); __builtin_prefetch(p + 192);
}

/* The slot of list (key, tag), h its slot_hash() (a lookup has it from its prefetch);
   with `make`, a new empty one if there is none (NULL when the table is full). */
static Slot *find_slot_at(Ctx *c, u64 key, int tag, u64 h, int make) {
    for (u64 i = h & (c->nslots - 1);; i = (i + 1) & (c->nslots - 1)) {
        Slot *sl = c->slots + i;
        if (sl->epoch != c->epoch) {
            if (!make) return NULL;
            if (c->slots_used * 4 >= c->nslots * 3) return NULL;  /* full: the caller forgets */
            sl->epoch = c->epoch; sl->key = key; sl->tag = (uint16_t)tag; sl->head = NONE; sl->subsets = 0;
            sl->e[0] = sl->e[1] = FREE_ENTRY;
            c->slots_used++;
            return sl;
        }
        if (sl->key == key && sl->tag == tag) return sl;
    }
}

static inline Slot *find_slot(Ctx *c, u64 key, int tag, int make) {
    return find_slot_at(c, key, tag, slot_hash(key, tag), make);
}

/* The owners of each suit's top card still out, 2 bits a suit (0 for a suit with no card
   out: ow[s] is 0 then, whatever the shift). */
static inline int tops_owners(const uint32_t ow[4], const unsigned present[4]) {
    int t = 0;
    for (int s = 0; s < 4; s++)
        t |= (int)(ow[s] >> ((2 * popc32(present[s]) - 2) & 31) & 3) << (2 * s);
    return t;
}

/* A key's entries are filed in lists by the set S of suits whose top card they constrain
   (d_s > 0) and the owners of those top cards: a lookup reads only the lists whose top
   cards are owned as in its position, which keeps the lists it walks short. SPREAD[S]:
   the bits of tops_owners() for the suits of S. */
static const int SPREAD[16] = {0x00, 0x03, 0x0C, 0x0F, 0x30, 0x33, 0x3C, 0x3F,
                               0xC0, 0xC3, 0xCC, 0xCF, 0xF0, 0xF3, 0xFC, 0xFF};

static inline int list_tag(const Ctx *c, int S, int tops) {
    return c->to_play | S << 2 | (tops & SPREAD[S]) << 6;
}

/* Whether e constrains the same cards (low) to the same owners (w) as a new entry. */
static inline int same_cards(const Entry *e, uint32_t low, const u64 *w) {
    return e->low == low && e->ow[0] == w[0] && e->ow[1] == w[1];
}

/* Whether a new entry of the list sl needs a new chunk: its front is full, and its newest
   chunk too (or it has none). */
static inline int needs_chunk(const Ctx *c, const Slot *sl) {
    return !is_free(sl->e + 1) && (sl->head == NONE || c->arena[sl->head].count == CHUNK);
}

/* Record lo <= value <= hi for the positions whose top cards, per the relevant cards
   `rel`, are owned as in this one (tops: its tops_owners()). The list of S empty (the
   base, always made) keeps in `subsets` which lists the key has. */
static void store(Ctx *c, u64 key, const unsigned present[4], const u64 *pw, int tops, u64 rel,
                  int lo, int hi, int best) {
    if (c->aborted) return;
    u64 mask[2] = {0, 0}, w[2];
    int S = 0;
    uint32_t low = 0;
    for (int s = 0; s < 4; s++) {
        unsigned r = suit_bits(rel, s) & present[s];
        int d = r ? popc32(present[s] >> __builtin_ctz(r)) : 0, k = popc32(present[s]);
        if (d) S |= 1 << s;
        low |= (uint32_t)(2 * (k - d)) << (8 * s);
        mask[s >> 1] |= (u64)LANE[k][d] << (32 * (s & 1));
    }
    w[0] = pw[0] & mask[0]; w[1] = pw[1] & mask[1];
    int tag = list_tag(c, S, tops);
    Slot *sl = find_slot(c, key, tag, 1);
    if (sl) {
        Entry *e = NULL;
        for (int k = 0; k < FRONT && !e; k++)
            if (same_cards(sl->e + k, low, w) && !is_free(sl->e + k)) e = sl->e + k;
        for (uint32_t i = sl->head; i != NONE && !e; i = c->arena[i].next)
            for (uint32_t j = 0; j < c->arena[i].count; j++)
                if (same_cards(c->arena[i].e + j, low, w)) { e = c->arena[i].e + j; break; }
        if (e) {
            if (lo > e->lo) e->lo = (uint8_t)lo;
            if (hi < e->hi) e->hi = (uint8_t)hi;
            if (best >= 0) e->best = (uint8_t)best;
            return;
        }
    }
    Slot *base = sl && S ? find_slot(c, key, c->to_play, 1) : sl;
    if (!sl || !base || (c->arena_top >= c->arena_size && needs_chunk(c, sl))) {
        forget(c); c->clears++;
        sl = find_slot(c, key, tag, 1);
        base = S ? find_slot(c, key, c->to_play, 1) : sl;
    }
    base->subsets |= (uint16_t)(1u << S);
    /* the new entry takes a free place of the slot, else the place of e[1], whose entry
       goes to the list's newest chunk (a new one when that is full) */
    Entry *e = is_free(sl->e) ? sl->e : sl->e + 1;
    if (!is_free(e)) {
        if (needs_chunk(c, sl)) {
            uint32_t i = c->arena_top++;
            Chunk *n = c->arena + i;
            n->next = sl->head; n->count = 0; n->next2 = n->next3 = NONE;
            if (sl->head != NONE) { n->next2 = c->arena[sl->head].next; n->next3 = c->arena[sl->head].next2; }
            sl->head = i;
        }
        Chunk *ch = c->arena + sl->head;
        ch->e[ch->count++] = *e;
    }
    e->low = low; e->ow[0] = w[0]; e->ow[1] = w[1];
    e->lo = (uint8_t)lo; e->hi = (uint8_t)hi; e->best = (uint8_t)(best >= 0 ? best : 0xFF);
}

#endif
