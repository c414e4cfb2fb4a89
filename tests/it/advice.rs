//! Advice (src/simulation/advice.rs): `solve` names a space at least 100x smaller than the one
//! it is about to run, with the flags that run it, by the rule `info` recommends by, on the 5x5
//! Queens the repository ships (data/queens-5x5-seed1.txt).

use crate::common::*;
use quzzle::encoding::space::SpaceChoice;
use quzzle::encoding::{self, EncodingKind};
use quzzle::mixer::MixerKind;
use quzzle::model::Level;
use quzzle::simulation::advice::{smaller_space, ADVICE_RATIO};
use quzzle::simulation::SpaceSettings;
use std::path::PathBuf;

fn queens5() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/queens-5x5-seed1.txt")
}

fn settings(space: SpaceChoice, mixer: MixerKind) -> SpaceSettings {
    SpaceSettings {
        space,
        mixer,
        ..Default::default()
    }
}

#[test]
fn a_far_smaller_space_is_advised_with_a_mixer_that_keeps_it() {
    let none = encoding::load(&queens5(), EncodingKind::Onehot, Level::None).unwrap();
    assert_eq!(none.num_qubits(), 25);
    // 2^25 states on the full space; rows+cols (the 5! permutations) 120, the smallest space a
    // local mixer runs (the regions' 5 one-hot blocks: 540).
    let a = smaller_space(none.as_ref(), &settings(SpaceChoice::Full, MixerKind::X)).expect("advice");
    assert_eq!(
        (a.chosen, a.space, a.mixer),
        (SpaceChoice::Full, SpaceChoice::RowsCols, MixerKind::SwitchComplete)
    );
    assert_eq!(a.chosen_log2, 25.0);
    assert!((a.log2_dimension.exp2() - 120.0).abs() < 1e-6, "{a:?}");
    assert!(a.ratio() > 2.7e5, "{a:?}");
    // The chosen mixer is kept where it runs the space.
    let a = smaller_space(none.as_ref(), &settings(SpaceChoice::Full, MixerKind::Grover)).expect("advice");
    assert_eq!((a.space, a.mixer), (SpaceChoice::RowsCols, MixerKind::Grover));
    // Among the spaces 100x smaller only: from rows (3125), none is (rows+cols has 120).
    assert!(smaller_space(none.as_ref(), &settings(SpaceChoice::Cols, MixerKind::XyRing)).is_none());
    assert!(smaller_space(none.as_ref(), &settings(SpaceChoice::Regions, MixerKind::XyComplete)).is_none());
    assert!(smaller_space(none.as_ref(), &settings(SpaceChoice::Auto, MixerKind::XyRing)).is_none());

    // At paper: 14 qubits (16384 states); rows+cols has 12, cols 128. The reduction leaves the
    // grids of rows+cols with fixed cells, where a circuit starts from one basis state, but a
    // simulation (what solve runs) starts uniform on every grid: rows+cols is advised.
    let paper = encoding::load(&queens5(), EncodingKind::Onehot, Level::Paper).unwrap();
    let a = smaller_space(paper.as_ref(), &settings(SpaceChoice::Full, MixerKind::X)).expect("advice");
    assert_eq!((a.space, a.mixer), (SpaceChoice::RowsCols, MixerKind::SwitchComplete));
    assert!(
        a.ratio() >= ADVICE_RATIO && (a.ratio() - 16384.0 / 12.0).abs() < 1e-6,
        "{a:?}"
    );
    // From rows+cols itself nothing is 100x smaller.
    assert!(smaller_space(paper.as_ref(), &settings(SpaceChoice::RowsCols, MixerKind::SwitchRing)).is_none());
    // Settings the run refuses get no advice (the run says why).
    assert!(smaller_space(paper.as_ref(), &settings(SpaceChoice::Full, MixerKind::XyRing)).is_none());
}

#[test]
fn solve_prints_the_advice_with_its_flags_before_the_run() {
    let file = queens5();
    let out = quzzle(&["solve", s(&file), "--depths", "1", "--max-iters", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.starts_with("note: space full has 16384 basis states; space rows+cols, which the switch-complete mixer keeps, has 12 (1365x fewer): `--space rows+cols --mixer switch-complete` runs it"),
        "{err}"
    );
    // The advised flags run, and give no advice of their own.
    let out = quzzle(&argv(
        "solve {} --depths 1 --max-iters 2 --space rows+cols --mixer switch-complete",
        &[s(&file)],
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stderr(&out).contains("note: space"), "{}", stderr(&out));
    // The report on stdout is the same with or without the note: it goes to stderr.
    let json = ok(&["solve", s(&file), "--depths", "1", "--max-iters", "2", "--json"]);
    assert!(json.trim_start().starts_with('{'), "{json}");
}

/// `info` and `solve` advise by one rule: where the space `info` recommends is at least 100x
/// smaller than the full space, `solve` on the full space names that space and mixer; where it
/// is not, `solve` names nothing or a space of a worse rank that is (never a smaller one).
#[test]
fn info_recommends_what_solve_advises() {
    use quzzle::experiment::info;
    let mut files: Vec<PathBuf> = ["data", "tests/data"]
        .iter()
        .flat_map(|d| std::fs::read_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(d)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt") && !p.to_string_lossy().contains("unsat"))
        .collect();
    files.sort();
    let mut agreed = 0;
    for file in &files {
        for level in [Level::None, Level::Paper] {
            let Ok(enc) = encoding::load(file, EncodingKind::Onehot, level) else {
                continue;
            };
            if enc.num_qubits() == 0 || enc.num_qubits() > 120 {
                continue;
            }
            let report = info::info(enc.as_ref(), SpaceChoice::Full).unwrap();
            let advice = smaller_space(enc.as_ref(), &settings(SpaceChoice::Full, MixerKind::X));
            let n = enc.num_qubits() as f64;
            match (&report.recommended, &advice) {
                (Some(r), _) if r.log2_dimension <= n - ADVICE_RATIO.log2() + 1e-9 => {
                    let a = advice
                        .as_ref()
                        .unwrap_or_else(|| panic!("{}: no advice", file.display()));
                    assert_eq!((a.space, a.mixer), (r.space, r.mixer), "{} at {level}", file.display());
                    agreed += 1;
                }
                (Some(r), Some(a)) => {
                    assert!(
                        a.log2_dimension >= r.log2_dimension,
                        "{} at {level}: {a:?}",
                        file.display()
                    )
                }
                _ => {}
            }
        }
    }
    assert!(agreed >= 10, "only {agreed} boards compared");
}
