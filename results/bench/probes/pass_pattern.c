// The memory pattern of the 8^8 layer's 512-row pass (three ring factors of 8 on rows 32768
// amplitudes apart) with one add per register instead of the rotations, against one
// sequential read-modify-write pass over the same 2^24 amplitudes: what that pass's loads and
// stores cost whatever its arithmetic. The walk is the kernel's (src/sim/kernels/axis.rs,
// forward_rows): 16 column parts of 2048 columns shared by the threads, windows of `W`
// columns, and in each window every factor's blocks of 8 rows, four amplitudes (one 512-bit
// register) per row at a time.
//
//   gcc -O3 -march=native -fopenmp pass_pattern.c -o pass_pattern && ./pass_pattern
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define ROWS 512L
#define COLS 32768L
#define PARTS 16L

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

// Lanes (two per amplitude) of row r from column c.
static inline double *at(double *x, long r, long c) { return x + 2 * (r * COLS + c); }

static void pattern(double *x, long window, int factors) {
    const __m512d d = _mm512_set1_pd(1e-9);
#pragma omp parallel for schedule(dynamic, 1)
    for (long part = 0; part < PARTS; part++) {
        long c_end = (part + 1) * (COLS / PARTS);
        for (long c0 = part * (COLS / PARTS); c0 < c_end; c0 += window) {
            long inner = 1;
            for (int f = 0; f < factors; f++, inner *= 8) {
                for (long hi = 0; hi < ROWS; hi += 8 * inner) {
                    for (long lo = 0; lo < inner; lo++) {
                        for (long c = c0; c < c0 + window; c += 4) {
#pragma GCC unroll 8
                            for (long k = 0; k < 8; k++) {
                                double *p = at(x, hi + lo + k * inner, c);
                                _mm512_storeu_pd(p, _mm512_add_pd(_mm512_loadu_pd(p), d));
                            }
                        }
                    }
                }
            }
        }
    }
}

static void sequential(double *x) {
    const __m512d d = _mm512_set1_pd(1e-9);
#pragma omp parallel for schedule(static)
    for (long i = 0; i < 2 * ROWS * COLS; i += 8) {
        _mm512_storeu_pd(x + i, _mm512_add_pd(_mm512_loadu_pd(x + i), d));
    }
}

int main(void) {
    double *x = aligned_alloc(4096, 2 * ROWS * COLS * sizeof(double));
    for (long i = 0; i < 2 * ROWS * COLS; i++) x[i] = 1e-3;
    double best = 1e9;
    for (int rep = 0; rep < 7; rep++) {
        double t = now();
        sequential(x);
        t = now() - t;
        if (rep > 0 && t < best) best = t;
    }
    printf("sequential read-modify-write of 2^24 amplitudes: %.2f ms\n", best * 1e3);
    long windows[] = {64, 128, 256, 512};
    for (int factors = 1; factors <= 3; factors++) {
        for (int w = 0; w < 4; w++) {
            best = 1e9;
            for (int rep = 0; rep < 7; rep++) {
                double t = now();
                pattern(x, windows[w], factors);
                t = now() - t;
                if (rep > 0 && t < best) best = t;
            }
            printf("512 rows, %d factor(s), windows of %ld columns: %.2f ms\n", factors, windows[w], best * 1e3);
        }
    }
    return 0;
}
