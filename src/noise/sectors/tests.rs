use super::run::refused_after;
use super::*;

/// A trajectory refused after others ran says which, how many ran and their estimate.
#[test]
fn a_refused_trajectory_reports_what_ran() {
    let refusal = Error::TooMuchMemory {
        what: Quantity::SectorAmplitudes,
        count: 1 << 40,
        log2_bytes: 44.0,
        available: 1 << 30,
    };
    // Trajectories 0 and 2 ran (2 drew no error: the noiseless value), 1 is refused, 3 waits.
    let ran = [Some(Some((0.5, 2.0))), None, Some(None), None];
    let e = refused_after(refusal, 1, 4, &ran, (0.25, 4.0), std::time::Instant::now()).to_string();
    assert!(e.contains("trajectory 2 of 4 was refused after 2 of them ran"), "{e}");
    assert!(e.contains("P(valid) 0.375000 ± 0.125000"), "{e}");
    assert!(e.contains("energy 3.000000 ± 1.000000"), "{e}");
    assert!(e.starts_with("amplitudes of one noisy trajectory"), "{e}");
}
