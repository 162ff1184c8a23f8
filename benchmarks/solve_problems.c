/* The C solver core alone, on problems written by dump_problems.py: for instruction
 * counts (valgrind --tool=callgrind), which load does not move, and quick node counts.
 *
 *     cc -O3 -std=gnu99 -mpopcnt -mbmi -mbmi2 -I bismarck_pbn/analysis/native \
 *        -o solve_problems benchmarks/solve_problems.c
 *     ./solve_problems whist.txt solve 8     # one solve from the opening lead, 8 deals
 *     ./solve_problems whist.txt lead 20     # every opening card
 *     ./solve_problems whist.txt play 20     # every card at each position of the play
 *
 * (The flags are those of native/cflags.txt; a build for another tree points -I at its
 * native/.) Prints the nodes in all and a checksum of the values, which two builds that
 * search alike must share; V=1 prints each deal's nodes and CPU ms.
 *
 * Built with -DSEARCH_TRACE, a fourth mode counts the tree per trick and place in the
 * trick (see trace_tests below and search()'s counters in solver.c):
 *     ./solve_problems whist.txt tests 60    # the two tests that settle each opening lead */
#include "solver.c"
#include <stdio.h>
#include <time.h>

#define MAXDEALS 200

static bpn_problem P[MAXDEALS][52];
static int npos[MAXDEALS];

#ifdef SEARCH_TRACE
/* Built with -DSEARCH_TRACE: the counts of search() (see solver.c) for the searches of
   `tests`, per tricks left R: at a trick's lead the positions entered, those past the
   table, the exits by bound and those searched; then per place in the trick the
   positions searched, the cards tried a position, and how many positions' first card
   cut, a later one, or none (every card tried). */
static int trace_tests(void *c, int nd) {
    unsigned long long total = 0;
    for (int d = 0; d < nd && npos[d]; d++) {
        bpn_dds_clear(c);
        __typeof__(TR) keep = TR;       /* the solve that finds the value is not counted */
        int v = bpn_dds_solve(c, &P[d][0], -1), R = popc(P[d][0].hands[P[d][0].to_play]);
        TR = keep;
        for (int t = v; t <= v + 1 && t <= R; t++) {
            if (t <= 0) continue;
            bpn_dds_clear(c);
            Ctx *x = c;
            load(x, &P[d][0]);
            u64 rel, n0 = x->nodes;
            search(x, t, &rel);
            total += x->nodes - n0;
        }
    }
    printf("tests, %d deals: %llu nodes\n", nd, total);
    printf("R entered past-table crossruff suretrump quick sideq later searched | second-hand-exit\n");
    for (int R = 13; R >= 2; R--)
        printf("L %d %llu %llu %llu %llu %llu %llu %llu %llu | %llu\n", R, TR.lead[R][7], TR.lead[R][1], TR.lead[R][2],
               TR.lead[R][3], TR.lead[R][4], TR.lead[R][5], TR.lead[R][6], TR.node[R][0], TR.second[R]);
    printf("R place nodes moves first-cut late-cut all\n");
    for (int R = 13; R >= 1; R--)
        for (int p = 0; p < 4; p++)
            printf("M %d %d %llu %llu %llu %llu %llu\n", R, p, TR.node[R][p], TR.move[R][p], TR.cut[R][p][0],
                   TR.cut[R][p][1], TR.cut[R][p][2]);
    return 0;
}
#endif

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: %s FILE solve|lead|play DEALS\n", argv[0]); return 2; }
    FILE *f = fopen(argv[1], "r");
    if (!f) { perror(argv[1]); return 2; }
    const char *mode = argv[2];
    int nd = atoi(argv[3]), deal, k, n, tr, mt, mx, cm, tp, nt, t[4];
    unsigned long long h[4];
    while (fscanf(f, "%d %d %d %llu %llu %llu %llu %d %d %d %d %d %d %d %d %d %d", &deal, &k, &n, &h[0], &h[1],
                  &h[2], &h[3], &tr, &mt, &mx, &cm, &tp, &nt, &t[0], &t[1], &t[2], &t[3]) == 17) {
        if (deal < 0 || deal >= MAXDEALS || k < 0 || k >= 52) continue;
        bpn_problem *p = &P[deal][k];
        p->n = n; p->trump = tr; p->must_trump = mt; p->maxmask = mx; p->countmask = cm;
        p->to_play = tp; p->ntable = nt;
        for (int i = 0; i < 4; i++) { p->hands[i] = h[i]; p->table[i] = t[i]; }
        if (k + 1 > npos[deal]) npos[deal] = k + 1;
    }
    fclose(f);
    if (nd > MAXDEALS) nd = MAXDEALS;
    void *c = bpn_dds_new(20);
    int8_t out[64];
    unsigned long long total = 0, sum = 0;
#ifdef SEARCH_TRACE
    /* tests: the two null-window searches at the opening lead that settle its value
       (at the value and the value plus one), a fresh table each, counted by search() */
    if (!strcmp(mode, "tests")) return trace_tests(c, nd);
#endif
    for (int d = 0; d < nd && npos[d]; d++) {
        bpn_dds_clear(c);
        u64 before = ((Ctx *)c)->nodes;
        clock_t t0 = clock();
        int last = !strcmp(mode, "play") ? npos[d] : 1;
        for (int q = 0; q < last; q++) {
            if (!strcmp(mode, "solve")) { sum = sum * 31 + (unsigned)bpn_dds_solve(c, &P[d][q], -1); continue; }
            bpn_dds_solve_moves(c, &P[d][q], out, -1);
            for (int i = 0; i < 64; i++) sum = sum * 31 + (unsigned)(out[i] + 1);
        }
        u64 nodes = ((Ctx *)c)->nodes - before;
        total += nodes;
        if (getenv("V")) printf("deal %d: %llu nodes, %.1f ms\n", d + 1, (unsigned long long)nodes,
                                (clock() - t0) * 1000.0 / CLOCKS_PER_SEC);
    }
    printf("%s, %d deals: %llu nodes, checksum %llx\n", mode, nd, total, sum);
    bpn_dds_free(c);
    return 0;
}
