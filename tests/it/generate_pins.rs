//! Same seed, same puzzle, across versions: `quzzle generate` with the first seeds of
//! results/generate writes, byte for byte, the files stored in tests/data/generated/. A change
//! that draws other puzzles for the same seeds fails here; when that is meant, rerun
//! results/generate/run.sh and store the new files in the same commit.

use crate::common::{data, Scratch};
use std::fs;
use std::process::Command;

/// Kind and size, as results/generate/run.sh runs them, and the seeds pinned for each.
const PINNED: [(&str, &str); 4] = [("queens", "6"), ("starbattle", "5"), ("tango", "6"), ("sudoku4", "4")];
const SEEDS: [u64; 3] = [1, 2, 3];

#[test]
fn the_seeds_of_results_generate_give_the_stored_puzzles_byte_for_byte() {
    let scratch = Scratch::new("generate-pins");
    for (kind, size) in PINNED {
        for seed in SEEDS {
            let name = format!("{kind}-{size}x{size}-seed{seed}.txt");
            let out = scratch.join(&name);
            let seed = seed.to_string();
            let o = Command::new(env!("CARGO_BIN_EXE_quzzle"))
                .args(["generate", kind, "--size", size, "--seed", &seed, "-o"])
                .arg(&out)
                .output()
                .expect("the binary runs");
            assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
            let stored = data(&format!("generated/{name}"));
            let want = fs::read_to_string(&stored).unwrap_or_else(|e| panic!("{}: {e}", stored.display()));
            let got = fs::read_to_string(&out).unwrap();
            assert!(
                got == want,
                "{kind} --size {size} --seed {seed} no longer gives {}; it gives:\n{got}",
                stored.display()
            );
        }
    }
}
