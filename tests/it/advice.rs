//! Advice before a run (src/simulation/advice.rs): `solve` names a space at least 100x smaller
//! than the one it is about to run, with the flags that run it, on the 5x5 Queens the
//! repository ships (data/queens-5x5-seed1.txt).

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
    SpaceSettings { space, mixer }
}

#[test]
fn a_far_smaller_space_is_advised_with_a_mixer_that_keeps_it() {
    let none = encoding::load(&queens5(), EncodingKind::Onehot, Level::None).unwrap();
    assert_eq!(none.num_qubits(), 25);
    // 2^25 states on the full space; the regions' (5 one-hot blocks) 540, the smallest family.
    let a = smaller_space(none.as_ref(), &settings(SpaceChoice::Full, MixerKind::X)).expect("advice");
    assert_eq!(
        (a.chosen, a.space, a.mixer),
        (SpaceChoice::Full, SpaceChoice::Regions, MixerKind::XyRing)
    );
    assert_eq!(a.chosen_log2, 25.0);
    assert!((a.log2_dimension.exp2() - 540.0).abs() < 1e-6, "{a:?}");
    assert!(a.ratio() > 6.0e4, "{a:?}");
    // The chosen mixer is kept where it keeps the space.
    let a = smaller_space(none.as_ref(), &settings(SpaceChoice::Full, MixerKind::Grover)).expect("advice");
    assert_eq!((a.space, a.mixer), (SpaceChoice::Regions, MixerKind::Grover));
    // Rows (3125 states) is not 100x smaller than cols (3125), nor than regions (540).
    assert!(smaller_space(none.as_ref(), &settings(SpaceChoice::Cols, MixerKind::XyRing)).is_none());
    assert!(smaller_space(none.as_ref(), &settings(SpaceChoice::Regions, MixerKind::XyComplete)).is_none());
    assert!(smaller_space(none.as_ref(), &settings(SpaceChoice::Auto, MixerKind::XyRing)).is_none());

    // At paper: 14 qubits (16384 states); cols has 128, exactly 128x fewer.
    let paper = encoding::load(&queens5(), EncodingKind::Onehot, Level::Paper).unwrap();
    let a = smaller_space(paper.as_ref(), &settings(SpaceChoice::Full, MixerKind::X)).expect("advice");
    assert_eq!((a.space, a.mixer), (SpaceChoice::Cols, MixerKind::XyRing));
    assert!(a.ratio() >= ADVICE_RATIO && (a.ratio() - 128.0).abs() < 1e-9, "{a:?}");
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
        err.starts_with("note: space full has 16384 basis states; space cols, which the xy-ring mixer keeps, has 128 (128x fewer): `--space cols --mixer xy-ring` runs it"),
        "{err}"
    );
    // The advised flags run, and give no advice of their own.
    let out = quzzle(&argv(
        "solve {} --depths 1 --max-iters 2 --space cols --mixer xy-ring",
        &[s(&file)],
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stderr(&out).contains("note: space"), "{}", stderr(&out));
    // The report on stdout is the same with or without the note: it goes to stderr.
    let json = ok(&["solve", s(&file), "--depths", "1", "--max-iters", "2", "--json"]);
    assert!(json.trim_start().starts_with('{'), "{json}");
}
