/* Move ordering: the legal cards of the seat to play, one per run of touching cards,
 * best first by card-play rules. Only the order of the search rests on it, never a
 * value. Part of solver.c's one translation unit (after core.h and rules.h). */
#ifndef BPN_MOVES_H
#define BPN_MOVES_H
#include "core.h"
#include "rules.h"

#ifndef NO_SECOND4
#define NO_SECOND4 0    /* 1: without the second hand's order for four seats (to measure) */
#endif

/* Does `card` (on the table, or about to be played to a trick led in suit `led`) stay
   above every card seat `nx` can play to the trick? */
static inline int sure_vs(const Ctx *c, int nx, int led, int card) {
    int s = card >> 4, b = card & 15;
    unsigned nl = suit_bits(c->hands[nx], led), cs = suit_bits(c->hands[nx], s);
    if (nl) return s != led || 31 - __builtin_clz(nl) < b;
    if (c->trump >= 0 && led != c->trump && suit_bits(c->hands[nx], c->trump))
        return s == c->trump && (!cs || 31 - __builtin_clz(cs) < b);
    return 1;
}

#ifndef NO_MSHED
#define NO_MSHED 0      /* 1: without the misère maximisers' shedding of high cards (to measure) */
#endif
#ifndef NO_MSHORT
#define NO_MSHORT 0     /* 1: without the misère counted seat's sure losers from its shortest suit first */
#endif

#ifndef NO_MLOWSHORT
#define NO_MLOWSHORT 0  /* 1: without the misère counted seat's low leads from its shortest suit first */
#endif
#ifndef NO_MLATE
#define NO_MLATE 0      /* 1: without the misère maximisers' overtaken leads after their low ones */
#endif
#ifndef NO_MOVER
#define NO_MOVER 0      /* 1: without the misère maximiser's shedding when the last seat must overtake */
#endif

/* Must seat `nx` play above `card` (of the suit led, winning so far)? It holds the suit
   led, every card of it above `card`. */
static inline int sure_over(const Ctx *c, int nx, int led, int card) {
    unsigned nl = suit_bits(c->hands[nx], led);
    return nl && __builtin_ctz(nl) > (card & 15) && card >> 4 == led;
}

/* Representatives of the legal cards (one per run of touching cards), best first.
   The table's best lead first, then the lead that last cut off with as many tricks
   left (a killer move: 17 % fewer nodes on bridge deals), then card-play rules
   (only the order of the moves rests on them, never a value):
   - at the lead, the table's best lead first; a seat that wants tricks then cashes its
     top cards (longest suit first, unless an opponent ruffs it), leads low for a
     teammate's ruff, leads low towards a teammate's top card, then low from length
     (not away from the second card of a suit whose top an opponent holds);
     a seat that wants few tricks (misère: either side) leads the highest card the other
     side must overtake, else low, a suit the other side is void in last (a maximiser
     first sheds its highest card over the counted side's, and leads a card the
     counted seat must overtake after its low cards when a teammate must overtake it
     too; the counted seat leads from its shortest suit first, its sure losers and then
     its other low cards); a maximiser following the counted seat's winning card sheds
     its highest card first when the last seat, a maximiser, must overtake it;
   - following, a seat that wants tricks wins as cheaply as it surely can: with the
     last seat to play an opponent, the lowest card that stays above all of the last
     seat's; second of four seats (bridge), it ducks when its teammate, last, surely
     beats the card led and the third hand, else plays its lowest card that beats
     both, else its lowest card that beats the lead (DDS's weights for the second
     hand: one solve 26 % fewer nodes); with a teammate last it ducks if the teammate
     can win, else wins as cheaply as it can; behind a teammate's winning card it plays
     low, or covers when the last seat would beat the teammate; last to play, the
     cheapest winning card, or low behind a teammate; of four seats, a discard comes
     from the longest suit first (DDS's weights too: one solve 3 % fewer nodes). */
static int gen_moves(const Ctx *c, int *moves, int best_lead) {
    u64 lg = legal(c), all = c->out;
    if (c->ntable) {
        /* following with one run of touching cards (a third of the nodes after the
           lead): nothing to order, the same move the loop below would give */
        unsigned one = suits_of(lg);
        if (!(one & (one - 1))) {
            int s = __builtin_ctz(one), b = 31 - __builtin_clz(suit_bits(lg, s));
            if (run_below(suit_bits(lg, s), suit_bits(all, s), b) == suit_bits(lg, s)) {
                moves[0] = 16 * s + b;
                return 1;
            }
        }
    }
    int seat = c->to_play, mine_max = c->maxmask >> seat & 1;
    int wants = mine_max == (c->countmask >> seat & 1);   /* this seat wants to win tricks */
    int nm = 0, score[16 * 4];
    int wi = c->ntable ? winning(c) : -1;
    int wcard = wi >= 0 ? c->tcard[wi] : -1;
    int partner_wins = wi >= 0 && ((c->maxmask >> c->tseat[wi] & 1) == mine_max);
    int last = c->ntable == c->n - 1;
    /* second to last: the last seat to play (nx), and whether the card winning so far
       stays above all of its cards */
    int nx = seat + 1 == c->n ? 0 : seat + 1, led = c->ntable ? c->tcard[0] >> 4 : -1;
    int before_last = c->ntable && c->ntable == c->n - 2;
    int nx_foe = (c->maxmask >> nx & 1) != mine_max;
    int w_sure = before_last && sure_vs(c, nx, led, wcard);
    /* second of four, a foe third and a teammate last (bridge; DDS's weights for the
       second hand): duck when the teammate's top card of the suit beats the card led and
       everything the third hand can play; else the cheapest card that does so itself */
    int second4 = !NO_SECOND4 && c->n == 4 && c->ntable == 1 && wants && nx_foe
                  && (c->maxmask >> (seat ^ 2) & 1) == mine_max;
    int pd_covers = 0;
    if (second4) {
        unsigned pl = suit_bits(c->hands[seat ^ 2], led);
        int pt = pl ? 16 * led + 31 - __builtin_clz(pl) : -1;
        pd_covers = pt > c->tcard[0] && sure_vs(c, nx, led, pt);
    }
    /* no killer in misère (a seat that wants the trick to go to the other side): the
       Pass opening leads 151.7 M -> 130.9 M nodes, see benchmarks/README.md */
    int killer = c->ntable || !wants ? -1 : c->killer[popc(c->hands[seat])];
    for (unsigned suits = suits_of(lg); suits; suits &= suits - 1) {   /* in order, as 0..3 */
        int s = __builtin_ctz(suits);
        unsigned m = suit_bits(lg, s);
        unsigned p = suit_bits(all, s);
        int top = 31 - __builtin_clz(p);
        int len = popc32(suit_bits(c->hands[seat], s));
        /* at the lead: who holds the top card, an opponent who ruffs the suit, a
           teammate who ruffs it, the opponents' cards in it */
        int mate_top = 0, ruff = 0, pruff = 0, opplen = 0;
        if (!c->ntable && wants) {
            for (int t = 0; t < c->n; t++) {
                unsigned ts = suit_bits(c->hands[t], s);
                int tr = !ts && c->trump >= 0 && s != c->trump && suit_bits(c->hands[t], c->trump);
                if ((c->maxmask >> t & 1) == mine_max) {
                    if (t != seat && tr) pruff = 1;
                    if (ts >> top & 1) mate_top = 1;
                } else {
                    opplen += popc32(ts);
                    if (tr) ruff = 1;
                }
            }
        }
        while (m) {
            int b = 31 - __builtin_clz(m);
            /* b is the top of a run; skip the rest of the run */
            unsigned run = run_below(m, p, b);
            m &= ~run;
            int card = 16 * s + b, sc;
            if (c->ntable == 0) {
                unsigned below = p & ((1u << b) - 1);
                int rel = popc32(below);
                if (best_lead >= 0 && best_lead == (s << 4 | rel)) sc = 100000;
                else if (!wants) {
                    /* misère-like: low first; better a card that some seat of the other
                       side must overtake (its lowest card of the suit is higher): for a
                       counted seat that is a trick lost, for the others one the counted
                       seat wins -- the highest such card first (it sheds a danger); last,
                       a suit nobody of the other side holds (the trick is surely ours) */
                    sc = 1000 - 4 * rel;
                    int held = 0, above = 0, two = 0, sure = 0;
                    for (int t = 0; t < c->n; t++) {
                        if ((c->maxmask >> t & 1) == mine_max) continue;
                        unsigned ts = suit_bits(c->hands[t], s);
                        held |= ts != 0;
                        if (ts && __builtin_ctz(ts) > b) {
                            /* the counted seat leads such a card (a trick surely lost)
                               from its shortest suit first, towards a void to discard
                               in (the Pass opening leads -7.1 %) */
                            sc = 1400 + 4 * rel - (!NO_MSHORT && c->countmask >> seat & 1 ? 8 * len : 0);
                            sure = 1;
                            /* a maximiser's such lead goes after its low leads where a
                               teammate holds the suit and no card under that seat's lowest
                               (it must overtake: the trick is not the counted seat's;
                               the Pass opening leads -3.7 %, 14-trick misère -7.1 %) */
                            if (!NO_MLATE && !(c->countmask >> seat & 1)) {
                                unsigned under = (1u << __builtin_ctz(ts)) - 1;
                                for (int u = 0; u < c->n; u++) {
                                    unsigned us = suit_bits(c->hands[u], s);
                                    if (u != seat && (c->maxmask >> u & 1) == mine_max && us && !(us & under))
                                        sc = 900 + rel;
                                }
                            }
                            break;
                        }
                        above |= ts >> b;
                        two |= popc32(ts) >= 2;
                    }
                    /* its other low leads (a card another seat may duck under) from its
                       shortest suit first too, 40 points a card of length (the Pass opening
                       leads -1.4 %, 14-trick misère -3.5 %) */
                    if (!NO_MLOWSHORT && !sure && held && c->countmask >> seat & 1) sc -= 40 * len;
                    if (!held) sc -= 200;
                    /* a seat not counted (a maximiser of a Pass) sheds first its highest
                       card of a suit where the counted side holds only lower cards, two
                       or more in one seat: that seat follows under it now and keeps cards
                       the maximisers can later lead under (the Pass opening leads 63.2 M
                       -> 52.6 M nodes, see benchmarks/README.md) */
                    else if (!NO_MSHED && !sure && !above && two && !(c->countmask >> seat & 1)
                             && !(suit_bits(c->hands[seat], s) >> (b + 1)))
                        sc = 2000;
                }
                else if (b == top) sc = 3000 + len * 8 - (ruff ? 1500 : 0);
                else if (pruff && !ruff && opplen) sc = 2500 - b;
                else if (mate_top) sc = 2000 - b - (ruff ? 1000 : 0);
                else {
                    /* low from length; not away from the second card when an opponent
                       holds the top */
                    unsigned q = p & ~(1u << top);
                    sc = 1000 + len * 4 - 4 * rel;
                    if (q && (suit_bits(c->hands[seat], s) >> (31 - __builtin_clz(q)) & 1)) sc -= 300;
                }
            } else {
                int w = beats(card, wcard, c->trump);
                if (!wants) {
                    sc = !w ? 2000 + b : last ? 1000 + b : 500 - b;
                    /* a seat not counted that overtakes the counted side's card does it
                       with its highest (the trick is the maximisers' whichever card
                       takes it: shed the most dangerous; Pass opening leads -6.8 %) */
                    if (!NO_MSHED && w && !(c->countmask >> seat & 1) && (c->countmask >> c->tseat[wi] & 1))
                        sc = 500 + b;
                    /* the last seat, a maximiser too, must overtake the counted seat's card
                       whatever this one plays: the trick is lost for M, shed the highest */
                    if (!NO_MOVER && before_last && !(c->countmask >> seat & 1) && (c->countmask >> c->tseat[wi] & 1)
                        && !nx_foe && s == led && sure_over(c, nx, led, wcard))
                        sc = 2500 + b;
                }
                else if (partner_wins) {
                    sc = w && last ? -100 - b : 500 - b - (w ? 50 : 0);
                    if (w && before_last && nx_foe && !w_sure && sure_vs(c, nx, led, card)) sc = 1800 - b;
                } else if (w && !pd_covers) {
                    sc = last ? 2000 - b : second4 ? 1500 - b : 1500 + b;
                    if (second4 && sure_vs(c, nx, led, card)) sc = 1800 - b;
                    if (before_last && nx_foe && sure_vs(c, nx, led, card)) sc = 1800 - b;
                    else if (before_last && !nx_foe) sc = w_sure ? 1500 - b : 450 - b;
                }
                else sc = 500 - b - (s == c->trump ? 200 : 0);
                /* four seats: a discard from the longest suit first (DDS's weights) */
                if (c->n == 4 && wants && s != led && s != c->trump) sc += 3 * len;
            }
            /* the lead that last cut off with as many tricks left (DDS's "best move"
               of the depth, a killer move): after the table's best lead, before the rules */
            if (killer >> 4 == s && (run >> (killer & 15) & 1) && sc < 100000) sc += 5000;
            sc = sc * 64 + (c->hist[seat][card] > 63 ? 63 : c->hist[seat][card]);
            /* insertion by score */
            int j = nm++;
            while (j > 0 && score[j - 1] < sc) { moves[j] = moves[j - 1]; score[j] = score[j - 1]; j--; }
            moves[j] = card; score[j] = sc;
        }
    }
    return nm;
}

#endif
