// The ring kernel's inner loop written plainly: XY-ring gates on 8 rows `stride` amplitudes
// apart, four amplitudes of each row in one 512-bit register, the rotation
// (x, y) <- (c x - i s y, c y - i s x) as the Rust kernels compute it (a shuffle, a multiply
// and a fused multiply-add per output register), on one unit of 2^15 amplitudes (512 KiB, in
// L2) or on 8 KiB (in L1), one thread; then with cos taken out of the rotation, then with
// the buffer off a cache line. Nanoseconds per amplitude per ring factor, to set
// beside `RAYON_NUM_THREADS=1 cargo run --release --example block_layer_passes -- 8 5`.
//
//   gcc -O3 -march=native ring_kernel.c -o ring_kernel && ./ring_kernel
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static __m512d C, W;

static int folded;

// With `folded`, cos taken out of the rotation (x - i tan * y, as the X kernel does): no
// multiply, what that would save with the same loads and stores.
static inline void rot(__m512d *a, __m512d *b) {
    __m512d x = *a, y = *b;
    if (folded) {
        *a = _mm512_fmadd_pd(_mm512_shuffle_pd(y, y, 0x55), W, x);
        *b = _mm512_fmadd_pd(_mm512_shuffle_pd(x, x, 0x55), W, y);
    } else {
        *a = _mm512_fmadd_pd(_mm512_shuffle_pd(y, y, 0x55), W, _mm512_mul_pd(x, C));
        *b = _mm512_fmadd_pd(_mm512_shuffle_pd(x, x, 0x55), W, _mm512_mul_pd(y, C));
    }
}

static void sweep(double *x, long amps, long stride) {
    long s = 2 * stride;
    for (long blk = 0; blk < amps; blk += 8 * stride) {
        for (long lo = 0; lo < stride; lo += 4) {
            double *p = x + 2 * (blk + lo);
            __m512d q0 = _mm512_loadu_pd(p), q1 = _mm512_loadu_pd(p + s), q2 = _mm512_loadu_pd(p + 2 * s),
                    q3 = _mm512_loadu_pd(p + 3 * s), q4 = _mm512_loadu_pd(p + 4 * s),
                    q5 = _mm512_loadu_pd(p + 5 * s), q6 = _mm512_loadu_pd(p + 6 * s),
                    q7 = _mm512_loadu_pd(p + 7 * s);
            rot(&q0, &q1); rot(&q2, &q3); rot(&q4, &q5); rot(&q6, &q7);
            rot(&q1, &q2); rot(&q3, &q4); rot(&q5, &q6); rot(&q0, &q7);
            _mm512_storeu_pd(p, q0); _mm512_storeu_pd(p + s, q1); _mm512_storeu_pd(p + 2 * s, q2);
            _mm512_storeu_pd(p + 3 * s, q3); _mm512_storeu_pd(p + 4 * s, q4);
            _mm512_storeu_pd(p + 5 * s, q5); _mm512_storeu_pd(p + 6 * s, q6);
            _mm512_storeu_pd(p + 7 * s, q7);
        }
    }
}

int main(void) {
    double c = 0.9553364891256060, w = 0.2955202066613396; // cos 0.3, sin 0.3
    C = _mm512_set1_pd(c);
    W = _mm512_set_pd(-w, w, -w, w, -w, w, -w, w);
    long cases[][2] = {{512, 64}, {32768, 64}, {32768, 512}, {32768, 4096}};
    for (int k = 0; k < 12; k++) {
        folded = k >= 4 && k < 8;
        // The last four: the buffer 16 bytes into a cache line, where the allocator puts a
        // large block (so three of four 64-byte loads and stores straddle two lines).
        long off = k >= 8 ? 2 : 0;
        long amps = cases[k % 4][0], stride = cases[k % 4][1];
        double *x0 = aligned_alloc(4096, amps * 16 + 64), *x = x0 + off;
        for (long i = 0; i < 2 * amps; i++) x[i] = 1.0 / 181.0;
        long reps = (1L << 28) / amps;
        double best = 1e9;
        for (int r = 0; r < 6; r++) {
            double t = now();
            for (long rep = 0; rep < reps; rep++) sweep(x, amps, stride);
            t = (now() - t) / reps / amps * 1e9;
            if (r > 0 && t < best) best = t;
        }
        printf("%s %6ld amplitudes (%4ld KiB), rows %4ld apart: %.3f ns per amplitude\n",
               off ? "16 bytes into a line:" : folded ? "cos folded out:" : "as the kernels:", amps, amps * 16 / 1024,
               stride, best);
        free(x0);
    }
    return 0;
}
