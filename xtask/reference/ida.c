/*
 * A plain IDA* for the 15-puzzle with Manhattan distance, in C: the reference that
 * `cargo xtask reference-ida` builds and runs beside `fifteen solve --heuristic manhattan`
 * (docs/BENCHMARKS.md). Written for this repository as the classic program: the board in an
 * array, the blank's cell, Manhattan distance updated per move from a table, the move back
 * left out, one recursive function. It visits the nodes in the order `fifteen` does (the
 * blank's neighbours above, below, left, right) and counts them the same way (every child
 * made, and the root of each iteration), so both print the same node counts.
 *
 * usage: ida FILE [FIRST [LAST]]
 *   FILE: data/instances/korf100.tsv (tab-separated: id, 16 tiles, optimal length;
 *   lines starting with '#' or "id" are skipped); FIRST..LAST: the ids to solve (default all).
 * Prints one line per instance: id, length, nodes, seconds; then the totals.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CELLS 16
#define SIDE 4

static unsigned char board[CELLS];
static int blank;
static int manhattan[CELLS][CELLS]; /* manhattan[tile][cell] */
static int neighbours[CELLS][5];    /* each cell's neighbours: above, below, left, right; -1 ends */
static unsigned long long nodes;
static int bound, next_bound;

static void init_tables(void)
{
	for (int tile = 1; tile < CELLS; tile++)
		for (int cell = 0; cell < CELLS; cell++)
			manhattan[tile][cell] = abs(tile / SIDE - cell / SIDE) + abs(tile % SIDE - cell % SIDE);
	for (int cell = 0; cell < CELLS; cell++) {
		int n = 0;
		if (cell >= SIDE)
			neighbours[cell][n++] = cell - SIDE;
		if (cell < CELLS - SIDE)
			neighbours[cell][n++] = cell + SIDE;
		if (cell % SIDE != 0)
			neighbours[cell][n++] = cell - 1;
		if (cell % SIDE != SIDE - 1)
			neighbours[cell][n++] = cell + 1;
		neighbours[cell][n] = -1;
	}
}

/* Searches below the current board, g moves from the start with estimate h, the blank having
 * come from back; returns 1 when a goal is found. */
static int search(int g, int h, int back)
{
	if (h == 0)
		return 1;
	for (const int *n = neighbours[blank]; *n >= 0; n++) {
		int from = *n;
		if (from == back)
			continue;
		nodes++;
		int tile = board[from];
		int child_h = h - manhattan[tile][from] + manhattan[tile][blank];
		int f = g + 1 + child_h;
		if (f > bound) {
			if (f < next_bound)
				next_bound = f;
			continue;
		}
		int to = blank;
		board[to] = tile;
		board[from] = 0;
		blank = from;
		int found = search(g + 1, child_h, to);
		blank = to;
		board[from] = tile;
		board[to] = 0;
		if (found)
			return 1;
	}
	return 0;
}

/* Solves the board in `board`; returns the length and adds the nodes to `nodes`. */
static int solve(void)
{
	int h = 0;
	for (int cell = 0; cell < CELLS; cell++) {
		if (board[cell] == 0)
			blank = cell;
		else
			h += manhattan[board[cell]][cell];
	}
	for (bound = h;; bound = next_bound) {
		next_bound = 1 << 30;
		nodes++; /* the root */
		if (search(0, h, -1))
			return bound;
	}
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE [FIRST [LAST]]\n", argv[0]);
		return 2;
	}
	FILE *in = fopen(argv[1], "r");
	if (in == NULL) {
		perror(argv[1]);
		return 2;
	}
	int first = argc > 2 ? atoi(argv[2]) : 1;
	int last = argc > 3 ? atoi(argv[3]) : 1 << 30;
	init_tables();
	char line[1024];
	unsigned long long all_nodes = 0;
	long all_moves = 0;
	double all_seconds = 0;
	while (fgets(line, sizeof line, in) != NULL) {
		if (line[0] == '#' || strncmp(line, "id", 2) == 0)
			continue;
		int id, tiles[CELLS], optimal;
		char *p = line;
		int used;
		if (sscanf(p, "%d%n", &id, &used) != 1)
			continue;
		p += used;
		for (int i = 0; i < CELLS; i++) {
			if (sscanf(p, "%d%n", &tiles[i], &used) != 1) {
				fprintf(stderr, "instance %d: too few tiles\n", id);
				return 2;
			}
			p += used;
		}
		if (sscanf(p, "%d", &optimal) != 1)
			optimal = -1;
		if (id < first || id > last)
			continue;
		for (int i = 0; i < CELLS; i++)
			board[i] = (unsigned char)tiles[i];
		nodes = 0;
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		int length = solve();
		clock_gettime(CLOCK_MONOTONIC, &t1);
		double seconds = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
		printf("%d\t%d\t%llu\t%.3f\n", id, length, nodes, seconds);
		if (optimal >= 0 && length != optimal) {
			fprintf(stderr, "instance %d: %d moves, the optimum is %d\n", id, length, optimal);
			return 1;
		}
		all_nodes += nodes;
		all_moves += length;
		all_seconds += seconds;
	}
	printf("all\t%ld\t%llu\t%.3f\n", all_moves, all_nodes, all_seconds);
	return 0;
}
