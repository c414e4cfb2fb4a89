//! The one seeded random generator of quzzle. Every random draw (random angles, restarts,
//! random benchmark models, puzzle generation, annealing) takes a `seed: u64` and builds a
//! [`SeededRng`]. It is ChaCha8 from `rand_chacha`, whose stream is fixed by its algorithm, so
//! "same seed, same bytes" holds across versions of `rand` (its `StdRng` makes no such promise).

use rand::SeedableRng;

/// The seeded generator of every random draw.
pub type SeededRng = rand_chacha::ChaCha8Rng;

/// A generator seeded with `seed`.
pub fn seeded(seed: u64) -> SeededRng {
    SeededRng::seed_from_u64(seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn the_stream_is_pinned() {
        // ChaCha8 with the seed expanded by `seed_from_u64` (PCG32): these draws must never
        // change, or every published seed-dependent number changes with them.
        let mut rng = seeded(0);
        let draws: Vec<u32> = (0..3).map(|_| rng.random()).collect();
        assert_eq!(draws, PINNED);
    }

    const PINNED: [u32; 3] = [2811902828, 3045455719, 3134767159];
}
