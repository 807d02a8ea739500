/* A plain C reference for benchmarks/engine.py: uniformly random playouts of the
 * standard two-player game (RULES.md section 0) on a rectangle of land, written the
 * obvious way (a height per square, every move-then-build listed, one drawn).
 *
 * Each player places both workers on a uniform unordered pair of free squares, then
 * players alternate move-then-build plies; moving up onto level 3 wins at once, a
 * player with no ply loses. Neighbour lists are made once per map. Its own generator (xorshift64*), so its games are not
 * ours: it is only timed. Built by the benchmark with the system C compiler:
 *     cc -O2 -shared -fPIC playouts.c -o playouts.so
 */
#include <stdint.h>

#define MAX_SQ 64
#define MAX_MOVES 512

static uint64_t rng_state;

static uint64_t next_random(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ULL;
}

static int below(int n) { return (int)(next_random() % (uint64_t)n); }

static int adjacent(int w, int a, int b) {
    int ra = a / w, ca = a % w, rb = b / w, cb = b % w;
    int dr = ra > rb ? ra - rb : rb - ra, dc = ca > cb ? ca - cb : cb - ca;
    return a != b && dr <= 1 && dc <= 1;
}

static int near[MAX_SQ][8], near_count[MAX_SQ];

static void make_neighbours(int w, int h) {
    for (int a = 0; a < w * h; a++) {
        near_count[a] = 0;
        for (int b = 0; b < w * h; b++)
            if (adjacent(w, a, b)) near[a][near_count[a]++] = b;
    }
}

/* One playout; returns the number of plies, the winner in *winner. */
static int play(int w, int h, int *winner) {
    int size = w * h, height[MAX_SQ], worker[4], plies = 0, side = 0;
    int moves[MAX_MOVES][3];
    for (int i = 0; i < size; i++) height[i] = 0;
    for (int i = 0; i < 4; i++) worker[i] = -1;
    for (int p = 0; p < 2; p++) {
        int a = below(size), b;
        while (a == worker[0] || a == worker[1]) a = below(size);
        do b = below(size); while (b == a || b == worker[0] || b == worker[1]);
        worker[2 * p] = a;
        worker[2 * p + 1] = b;
        plies++;
    }
    for (;;) {
        int n = 0;
        for (int k = 2 * side; k < 2 * side + 2; k++) {
            int from = worker[k];
            for (int i = 0; i < near_count[from]; i++) {
                int to = near[from][i];
                if (height[to] == 4) continue;
                if (height[to] > height[from] + 1) continue;
                int taken = 0;
                for (int j = 0; j < 4; j++) taken |= worker[j] == to;
                if (taken) continue;
                if (height[to] == 3 && height[from] == 2) {
                    moves[n][0] = k; moves[n][1] = to; moves[n][2] = -1; n++;
                    continue;
                }
                for (int j = 0; j < near_count[to]; j++) {
                    int b = near[to][j];
                    if (height[b] == 4) continue;
                    int busy = 0;
                    for (int j = 0; j < 4; j++) busy |= j != k && worker[j] == b;
                    if (busy) continue;
                    moves[n][0] = k; moves[n][1] = to; moves[n][2] = b; n++;
                }
            }
        }
        if (n == 0) { *winner = side ^ 1; return plies; }
        int *m = moves[below(n)];
        worker[m[0]] = m[1];
        plies++;
        if (m[2] < 0) { *winner = side; return plies; }
        height[m[2]]++;
        side ^= 1;
    }
}

/* ``games`` playouts from ``seed``; returns the total plies (and wins of player 1). */
long long play_games(int width, int height, int games, unsigned long long seed,
                     long long *first_wins) {
    long long plies = 0, wins = 0;
    rng_state = seed * 0x9E3779B97F4A7C15ULL + 1;
    if (width * height > MAX_SQ) return -1;
    make_neighbours(width, height);
    for (int g = 0; g < games; g++) {
        int winner = 0;
        plies += play(width, height, &winner);
        wins += winner == 0;
    }
    *first_wins = wins;
    return plies;
}
