//! Time to solution: device times from gate counts, cost-layer applications, and the
//! annealing baseline of a sweep.

use crate::common::{argv, data, ok, s, scratch_and_data, usage_error, Scratch};
use quzzle::experiment::sweep;
use quzzle::noise::timing::timing;
use quzzle::noise::GateCounts;

#[test]
fn sweep_rows_carry_applications_and_device_times() {
    let (_dir, f, out) = scratch_and_data("tts-sweep", "queens-4x4-handmade.txt", "out");
    ok(&argv(
        "sweep {} --depths 1..2 --space rows --mixer xy-ring --device heron --device aria --no-instance-plots --out {}",
        &[s(&f), s(&out)],
    ));
    let rows = sweep::read_csv(&out.join("sweep.csv")).unwrap();
    assert_eq!(rows.len(), 2);
    for r in &rows {
        assert_eq!(r.applications_99.to_bits(), (r.shots_99 * r.p as f64).to_bits());
        assert_eq!(r.devices, "heron aria");
        // The shot's time is the timing's sum over the row's own gate counts.
        let gates = GateCounts {
            h: r.gates_h.unwrap(),
            rz: r.gates_rz.unwrap(),
            rx: r.gates_rx.unwrap(),
            cx: r.gates_cx.unwrap(),
            ry: 0,
            x: 0,
        };
        assert!(gates.cx > 0);
        for (i, name) in ["heron", "aria"].iter().enumerate() {
            let t = timing(name).unwrap();
            // Dicke preparation gates (ry, x) are not in the CSV's columns: at least the rest.
            assert!(r.shot_seconds[i] >= t.shot_seconds(&gates) - 1e-15, "{name}");
            assert_eq!(r.tts99_seconds[i].to_bits(), (r.shots_99 * r.shot_seconds[i]).to_bits());
        }
        // Aria's gates are thousands of times slower than Heron's.
        assert!(r.shot_seconds[1] > 100.0 * r.shot_seconds[0]);
    }
    let settings = std::fs::read_to_string(out.join("sweep.settings.json")).unwrap();
    assert!(settings.contains("device times heron, aria"), "{settings}");
    // Resuming with other devices is refused: the rows' device columns would disagree.
    let err = usage_error(&argv(
        "sweep {} --depths 1..2 --space rows --mixer xy-ring --device heron --no-instance-plots --out {}",
        &[s(&data("queens-4x4-handmade.txt")), s(&out)],
    ));
    assert!(err.contains("noise"), "{err}");
}

#[test]
fn devices_without_published_times_are_refused() {
    let f = data("tiny-tango-4x4.txt");
    let err = usage_error(&["solve", s(&f), "--depths", "1", "--device", "forte"]);
    assert!(
        err.contains("no published gate and readout times") && err.contains("heron, eagle, aria"),
        "{err}"
    );
    let err = usage_error(&["solve", s(&f), "--depths", "1", "--device", "ibm"]);
    assert!(err.contains("is not a device"), "{err}");
}

#[test]
fn the_annealing_baseline_covers_both_spaces_and_is_the_same_on_any_thread_count() {
    let dir = Scratch::new("tts-baseline");
    let run = |threads: &str, out: &str| {
        let out = dir.join(out);
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_quzzle"))
            .args(argv("sweep {} {} --depths 1 --space rows --mixer xy-ring --baseline anneal --baseline-reads 200 --baseline-sweeps 300 --no-instance-plots --out {}", &[s(&data("queens-4x4-handmade.txt")), s(&data("nqueens-4.txt")), s(&out)]))
            .env("RAYON_NUM_THREADS", threads)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
        assert!(summary.contains("## QAOA against simulated annealing"), "{summary}");
        sweep::baseline::read_anneal_csv(&out.join("anneal.csv")).unwrap()
    };
    let one = run("1", "t1");
    let two = run("2", "t2");
    // Two files, each on the full space and on its rows.
    assert_eq!(one.len(), 4);
    assert_eq!(
        one.iter().map(|r| r.space.to_string()).collect::<Vec<_>>(),
        ["full", "rows", "full", "rows"]
    );
    for (a, b) in one.iter().zip(&two) {
        let strip = |r: &sweep::baseline::AnnealRow| {
            let mut r = r.clone();
            (r.seconds_per_read, r.tts99_seconds, r.seconds, r.wall_seconds_per_read) = (0.0, 0.0, 0.0, 0.0);
            r
        };
        assert_eq!(strip(a), strip(b));
        assert_eq!(a.reads, 200);
        assert_eq!(a.tts99_sweeps.to_bits(), (a.reads_99 * 300.0).to_bits());
    }
    // A rerun keeps the stored rows (the timings too) instead of annealing again.
    let again = run("2", "t1");
    assert_eq!(again, one);
}
