/* The solver's types and bit helpers: the problem as the caller passes it, the
 * transposition table's entries (partition search, explained below) and the search
 * context. Part of solver.c's one translation unit (included once, so the compiler can
 * inline across the parts); not a public header. */
#ifndef BPN_CORE_H
#define BPN_CORE_H
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE     /* madvise() under -std=c99 (table.h: the table on huge pages) */
#endif
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
 * holds in each suit) in lists of entries (one per set of suits whose top card the
 * entries constrain and those cards' owners: see list_tag()). An entry holds, per suit s, the
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
 * allocated once (at the default size, 44.7 MB of 256-byte chunks holding 1.75 M entries
 * and 2^18 slots of 64 bytes holding two entries each: 58.7 MiB in all); when either is
 * full, everything is forgotten in O(1) (an epoch counter) and the search goes on. */

typedef struct {
    u64 ow[2];          /* owners of the top d_s cards of suit s, 2 bits each, 32 bits a
                           suit (suits 0, 1 in ow[0], 2, 3 in ow[1]); see position_key() */
    uint32_t low;       /* at byte s, 2 (k_s - d_s) for the k_s cards of s still out: the
                           low bits of suit s's 32 in ow that the entry leaves free (k_s is
                           the key's, so the owners' bits follow: see matches() in table.h) */
    uint8_t lo, hi, best;
} Entry;                /* 24 bytes */

/* A key's entries sit in chunks of CHUNK, newest chunk first: a lookup reads them
   in a row instead of chasing a pointer (a cache miss) per entry. A chunk also knows
   the chunks two and three back, so that a walk loads the chunks ahead of it at once
   (its misses overlap) instead of one after the other. */
#define CHUNK 10
typedef struct {
    uint32_t next;      /* the next (older) chunk of the same list, or NONE */
    uint32_t count;     /* first, with the first entry: in the cache line read first */
    uint32_t next2, next3;   /* the chunks two and three back, or NONE */
    Entry e[CHUNK];     /* 256 bytes, 4 cache lines (the arena is 64-aligned) */
} Chunk;

/* A list's slot holds its two newest entries (where a decisive entry is moved): a lookup
   that hits there reads the one cache line the slot is, prefetched when the key is made,
   and a list of two entries or fewer has no chunk. A place not yet filled holds an entry
   that bounds nothing (lo 0, hi 0xFF: see is_free() in table.h). */
#define FRONT 2
typedef struct {
    u64 key;            /* 4 bits per (seat, suit) length */
    uint32_t head : 24; /* the newest chunk of the list's older entries, or NONE */
    uint32_t epoch : 8; /* the slot is empty unless this is the table's epoch */
    uint16_t tag;       /* the seat to lead, + 4 × the set S of suits whose top card the
                           list's entries constrain, + 64 × those top cards' owners */
    uint16_t subsets;   /* in the list of S empty (tag: the seat to lead), bit S set for
                           each set S that has a list under this key */
    Entry e[FRONT];     /* the list's newest entries: e[0] the last decisive one */
} Slot;                 /* 64 bytes: one cache line (the slots are 64-aligned) */
#define NONE 0xFFFFFFu     /* no chunk: 24 bits (the largest arena, at table_bits 26, has 11 M) */

typedef struct {
    Chunk *arena;
    void *arena_block;  /* what malloc gave: arena, aligned to 64 bytes, is inside */
    Slot *slots;
    void *slots_block;  /* what malloc gave: slots, aligned to 64 bytes, is inside */
    uint32_t arena_size, arena_top;
    u64 nslots, slots_used;   /* nslots a power of two */
    uint8_t epoch;      /* 1 to 255 (8 bits: the slots are wiped when it wraps) */
    u64 nodes, clears;
    u64 limit;          /* give up after this many nodes in one call (0: never) */
    u64 stop_at;
    int aborted;
    int sig_n, sig_trump, sig_must, sig_max, sig_count, sig_valid;
    /* the position being searched */
    int n, trump, must_trump, maxmask, countmask, to_play, ntable;
    u64 hands[MAXN];
    u64 out;            /* the cards still out: in the hands and on the table (kept as the
                           tricks are played, rather than gathered at every node) */
    u64 lengths;        /* each seat's count of each suit, 4 bits at 16 × seat + 4 × suit:
                           the table's key (kept by play() and take_back(), one subtraction
                           a card, rather than counted at every lookup) */
    int tseat[MAXN], tcard[MAXN];
    int hist[MAXN][64];
    int8_t killer[65];  /* per tricks left: the lead that last cut off at a trick's lead (-1: none) */
    int keyrest;        /* search() at a trick's lead set this when its *rel is already cut to
                           what the key does not fix (solver.c, rest_on_key) */
} Ctx;

/* Bit counts: the popcnt instruction where the build may use it (__POPCNT__: the
   build for CPUs that have it, see _native.py; every ARM64), else inline arithmetic (the builtin
   becomes a library call without -mpopcnt, which a portable build cannot assume). */
#if defined(__POPCNT__) || defined(__aarch64__)
static inline int popc(u64 x) { return __builtin_popcountll(x); }   /* ARM64: cnt + addv */
#else
static inline int popc(u64 x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}
#endif
static inline int popc32(unsigned x) { return popc(x); }
static inline unsigned suit_bits(u64 m, int s) { return (unsigned)(m >> (16 * s)) & 0xFFFFu; }
static inline u64 suit_mask(int s) { return (u64)0xFFFF << (16 * s); }

/* Bit s set for each suit s that m has a card of (without a branch per suit). */
static inline unsigned suits_of(u64 m) {
    return (unsigned)((m & 0xFFFF) != 0) | (unsigned)((m >> 16 & 0xFFFF) != 0) << 1
           | (unsigned)((m >> 32 & 0xFFFF) != 0) << 2 | (unsigned)((m >> 48) != 0) << 3;
}

/* The run of touching cards that card b of m (a seat's cards of one suit) tops: the cards
   of m from b down, passing over those gone (not in p, the suit's cards still out), to
   the first card still out that is not in m. A few instructions instead of a loop. */
static inline unsigned run_below(unsigned m, unsigned p, int b) {
    unsigned others = p & ~m & ((1u << b) - 1);
    /* every bit up to the highest of others (none when others is 0): one count of leading
       zeros, of others above a 1 that stands for "none" (no branch, no special case) */
    unsigned floor = (unsigned)(0xFFFFFFFFull >> __builtin_clzll((u64)others << 32 | 0x80000000u));
    return m & ((2u << b) - 1) & ~floor;
}


#endif
