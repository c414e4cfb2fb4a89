//! Noise-aware expectations through the binary and the sweep: the report's keys, the same
//! bytes on any thread count, clear errors for every bad option, and a sweep that refuses to
//! resume under another noise setting.

use crate::common::{argv, data, small_sweep_plan, traj, Scratch};
use quzzle::experiment::sweep::{self, SweepPlan};
use quzzle::noise::{NoiseModel, NoiseSettings};
use serde_json::Value;

use crate::common::{ok_on as ok, quzzle_on as quzzle};

/// The JSON without wall times.
fn without_seconds(text: &str) -> String {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(m) => {
                m.retain(|k, _| !k.contains("seconds"));
                m.values_mut().for_each(strip);
            }
            Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v: Value = serde_json::from_str(text).expect("JSON");
    strip(&mut v);
    v.to_string()
}

#[test]
fn noisy_solve_reports_and_is_the_same_on_any_thread_count() {
    // 16 qubits: the parallel kernels (from 2^14 amplitudes) run.
    let f = data("nqueens-4.txt");
    let args = argv("solve {} --space full --mixer x --depths 1..2 --max-iters 8 --noise aria --noise p1=2e-3,p2=2e-2,readout=1e-2 --trajectories 12 --json", &[f.to_str().unwrap()]);
    let one = ok("1", &args);
    assert_eq!(
        without_seconds(&one),
        without_seconds(&ok("2", &args)),
        "1 vs 2 threads"
    );
    let v: Value = serde_json::from_str(&one).unwrap();
    for d in v["depths"].as_array().unwrap() {
        // Old keys stay; new ones are added.
        assert!(d["success_probability"].is_number() && d["energy"].is_number());
        let p = d["p"].as_u64().unwrap() as usize;
        assert_eq!(d["gates"]["h"], 16);
        assert_eq!(d["gates"]["rx"].as_u64().unwrap() as usize, 16 * p);
        let noisy = d["noisy"].as_array().unwrap();
        assert_eq!(noisy.len(), 2);
        assert_eq!(noisy[0]["model"]["name"], "aria");
        assert!(noisy[0]["model"]["source"]
            .as_str()
            .unwrap()
            .contains("not a calibration"));
        for e in noisy {
            assert_eq!(e["trajectories"], 12);
            let (pv, se) = (e["p_valid"].as_f64().unwrap(), e["p_valid_se"].as_f64().unwrap());
            assert!((0.0..=1.0).contains(&pv) && se >= 0.0);
            assert!(e["energy_se"].as_f64().unwrap() >= 0.0);
        }
        // Heavy custom rates lose to the noiseless circuit.
        assert!(noisy[1]["p_valid"].as_f64().unwrap() < d["success_probability"].as_f64().unwrap());
    }
    // The text report names the models and their source.
    let text = ok("2", &args[..args.len() - 1]);
    assert!(
        text.contains("under noise") && text.contains("learn.microsoft.com"),
        "{text}"
    );
    // depths.csv carries the same noisy values as the JSON, one per model in model order.
    let dir = Scratch::new("noisy-solve-csv");
    let mut with_out: Vec<&str> = args[..args.len() - 1].to_vec();
    with_out.extend(["--out", dir.to_str().unwrap()]);
    ok("2", &with_out);
    let csv = std::fs::read_to_string(dir.join("depths.csv")).unwrap();
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let mut reader = ::csv::Reader::from_reader(csv.as_bytes());
    for (row, d) in reader.records().zip(v["depths"].as_array().unwrap()) {
        let row = row.unwrap();
        let field = |name: &str| row.get(header.iter().position(|h| *h == name).unwrap()).unwrap();
        assert_eq!(field("noise"), "aria p1=2e-3,p2=2e-2,readout=1e-2");
        assert_eq!(field("noise_trajectories"), "12");
        assert_eq!(field("gates_h"), "16");
        let values: Vec<f64> = field("noise_p_valid").split(' ').map(|x| x.parse().unwrap()).collect();
        for (x, e) in values.iter().zip(d["noisy"].as_array().unwrap()) {
            assert!((x - e["p_valid"].as_f64().unwrap()).abs() < 1e-15, "{x}");
        }
        assert_eq!(values.len(), 2);
    }
}

#[test]
fn noisy_samples_are_the_same_on_any_thread_count() {
    let f = data("nqueens-4.txt");
    let args = argv(
        "sample {} --depth 1 --gammas 0.3 --betas -0.4 --shots 300 --noise heron --trajectories 7 --seed 3",
        &[f.to_str().unwrap()],
    );
    let one = ok("1", &args);
    assert_eq!(one, ok("2", &args));
    let v: Value = serde_json::from_str(&one).unwrap();
    let total: u64 = v["counts"]
        .as_object()
        .unwrap()
        .values()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(total, 300, "{one}");
}

#[test]
fn every_bad_noise_option_is_a_clear_usage_error() {
    let f = data("tiny-tango-4x4.txt");
    let f = f.to_str().unwrap();
    for (args, says) in [
        (
            vec!["solve", f, "--noise", "falcon"],
            "not a preset (heron, eagle, aria, forte)",
        ),
        (vec!["solve", f, "--noise", "p1=1e-3;p2=2e-2"], "is not a number"),
        (vec!["solve", f, "--noise", "p1=1e-3,p2"], "`p2` is not KEY=VALUE"),
        (vec!["solve", f, "--noise", "q=0.1"], "unknown rate `q`"),
        (
            vec!["solve", f, "--noise", "p1=0.9"],
            "p1 = 0.9 is out of range [0, 0.75]",
        ),
        (
            vec!["solve", f, "--noise", "p2=0.95"],
            "p2 = 0.95 is out of range [0, 0.9375]",
        ),
        (
            vec!["solve", f, "--noise", "readout=0.7"],
            "readout = 0.7 is out of range [0, 0.5]",
        ),
        (
            vec!["solve", f, "--noise", "heron", "--trajectories", "0"],
            "--trajectories 0: must be 1..=1000000",
        ),
        (
            vec!["solve", f, "--noise", "heron", "--trajectories", "many"],
            "invalid value 'many' for '--trajectories <T>'",
        ),
        (vec!["solve", f, "--trajectories", "5"], "--noise"),
        (
            argv(
                "sample {} --depth 1 --optimize --shots 5 --noise aria --noise heron",
                &[f],
            ),
            "2 noise models: shots are drawn under one",
        ),
    ] {
        let o = quzzle("1", &args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_sweep_resumes_only_under_the_same_noise() {
    let files = vec![data("tiny-tango-4x4.txt")];
    let mut plan = SweepPlan {
        noise: NoiseSettings {
            models: vec![
                NoiseModel::parse("aria").unwrap(),
                NoiseModel::parse("p2=0.05").unwrap(),
            ],
            trajectories: traj(16),
            devices: Vec::new(),
            cancel: Default::default(),
            truncation: Default::default(),
        },
        ..small_sweep_plan(files, 30, 4)
    };
    let dir = Scratch::new("noise-sweep");
    let csv = dir.join("sweep.csv");
    let first = sweep::run_sweep(&plan, &csv, &mut |_| {}).unwrap();
    assert_eq!(first.computed, 2);
    for r in &first.rows {
        assert_eq!(r.noise, "aria p2=0.05");
        assert_eq!((r.noise_p_valid.len(), r.noise_p_valid_se.len()), (2, 2));
        assert_eq!(r.noise_trajectories, Some(16));
        assert!(r.gates_cx.unwrap() > 0 && r.gates_h == Some(r.qubits));
    }
    // Read back: the same rows.
    let back = sweep::read_csv(&csv).unwrap();
    assert_eq!(back.len(), 2);
    assert_eq!(back[1].noise_p_valid, first.rows[1].noise_p_valid);
    // Same settings: everything resumes.
    assert_eq!(sweep::run_sweep(&plan, &csv, &mut |_| {}).unwrap().resumed, 2);
    // Other noise: refused, naming the setting.
    plan.noise.trajectories = traj(17);
    let e = sweep::run_sweep(&plan, &csv, &mut |_| {}).unwrap_err().to_string();
    assert!(e.contains("noise") && e.contains("17 trajectories"), "{e}");
    plan.noise = NoiseSettings::default();
    let e = sweep::run_sweep(&plan, &csv, &mut |_| {}).unwrap_err().to_string();
    assert!(e.contains("rows computed with noise aria"), "{e}");
}
