//! `solve --resume REPORT`: a run that stopped goes on from its report, taking the noisy
//! estimates it holds and giving the report an unstopped run writes; another run's report is
//! refused.

use crate::common::*;
use serde_json::Value;

/// A report without the wall-clock times (`seconds`, at any depth).
fn without_seconds(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| *k != "seconds")
                .map(|(k, v)| (k.clone(), without_seconds(v)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(without_seconds).collect()),
        v => v.clone(),
    }
}

/// `report` as a run stopped at depth `stop` writes it: the depths before, `stopped` naming it.
fn stopped_at(report: &Value, stop: usize) -> Value {
    let mut r = report.clone();
    r["depths"] = Value::Array(r["depths"].as_array().unwrap()[..stop - 1].to_vec());
    r["stopped"] = serde_json::json!({"depth": stop, "reason": "interrupted before it finished"});
    r
}

#[test]
fn a_stopped_run_resumed_gives_the_report_of_the_whole_run() {
    let dir = Scratch::new("resume");
    // The full space under gate-by-gate noise, and the weight sectors of a block space.
    let cases: [(&str, &[&str]); 2] = [
        ("tests/data/tiny-tango-4x4.txt", &["--space", "full", "--mixer", "x"]),
        (
            "tests/data/queens-4x4-handmade.txt",
            &["--reduce", "none", "--space", "rows", "--mixer", "xy-ring"],
        ),
    ];
    for (i, (file, space)) in cases.iter().enumerate() {
        let mut args = vec!["solve", file, "--depths", "1..3", "--max-iters", "10", "--json"];
        args.extend(*space);
        args.extend([
            "--noise",
            "aria",
            "--noise",
            "heron",
            "--trajectories",
            "40",
            "--truncate",
            "exact",
        ]);
        let whole = ok_json(&args);
        let stored = dir.join(format!("stopped-{i}.json"));
        std::fs::write(&stored, stopped_at(&whole, 3).to_string()).unwrap();
        let mut resumed_args = args.clone();
        resumed_args.extend(["--resume", stored.to_str().unwrap()]);
        let resumed = ok_json(&resumed_args);
        assert_eq!(without_seconds(&resumed), without_seconds(&whole), "{file}");
        // The stored estimates are taken, not run again: a stored value is what comes out.
        let mut marked = stopped_at(&whole, 3);
        marked["depths"][1]["noisy"][0]["p_valid"] = serde_json::json!(0.125);
        std::fs::write(&stored, marked.to_string()).unwrap();
        let taken = ok_json(&resumed_args);
        assert_eq!(taken["depths"][1]["noisy"][0]["p_valid"], 0.125, "{file}");
        assert_eq!(
            without_seconds(&taken["depths"][2]),
            without_seconds(&resumed["depths"][2]),
            "{file}"
        );
        // Other draws (here the trajectories) are run again, not taken.
        let mut other = resumed_args.clone();
        let t = other.iter().position(|a| *a == "40").unwrap();
        other[t] = "30";
        let rerun = ok_json(&other);
        assert_eq!(rerun["depths"][1]["noisy"][0]["trajectories"], 30, "{file}");
        assert_ne!(rerun["depths"][1]["noisy"][0]["p_valid"], 0.125, "{file}");
    }
}

#[test]
fn another_runs_report_is_refused() {
    let dir = Scratch::new("resume-other");
    let file = "tests/data/tiny-tango-4x4.txt";
    let args = [
        "solve",
        file,
        "--depths",
        "1..2",
        "--max-iters",
        "10",
        "--json",
        "--noise",
        "aria",
        "--trajectories",
        "20",
    ];
    let report = ok_json(&args);
    let stored = dir.join("report.json");
    std::fs::write(&stored, report.to_string()).unwrap();
    let mut other = args.to_vec();
    // Fewer optimiser iterations: other angles.
    let m = other.iter().position(|a| *a == "10").unwrap();
    other[m] = "2";
    other.extend(["--resume", stored.to_str().unwrap()]);
    let e = usage_error(&other);
    assert!(
        e.contains("report.json: its depth p = 1 has other angles than this run's"),
        "{e}"
    );
    // A file that is not a report names itself and what is wrong.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"depths\": 3}").unwrap();
    let mut args_bad = args.to_vec();
    args_bad.extend(["--resume", bad.to_str().unwrap()]);
    let e = usage_error(&args_bad);
    assert!(
        e.contains("bad.json") && e.contains("not a solve report (its JSON)"),
        "{e}"
    );
    let mut missing = args.to_vec();
    missing.extend(["--resume", "/nonexistent/report.json"]);
    let out = quzzle(&missing);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("/nonexistent/report.json"), "{}", stderr(&out));
}

/// A run stopped inside a depth's noise estimates keeps the models finished there (`stopped`
/// holds the depth's angles and their estimates), and a resume takes them: the second model
/// is stopped (its first trajectory's progress sets the stop request), the first is kept, and
/// the resumed report is the whole run's, the kept estimate taken, not run again.
#[test]
fn the_models_finished_at_the_stopped_depth_are_kept_and_taken() {
    use quzzle::budget::{Budget, Cancel};
    use quzzle::encoding::{self, EncodingKind};
    use quzzle::experiment::resume::Earlier;
    use quzzle::experiment::solve::{self, SolveSettings};
    use quzzle::noise::{NoiseModel, NoiseSettings};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    let dir = Scratch::new("resume-partial");
    let enc = encoding::load(
        &data("tiny-tango-4x4.txt"),
        EncodingKind::Onehot,
        quzzle::model::Level::None,
    )
    .unwrap();
    let models: Vec<NoiseModel> = ["aria", "heron"]
        .iter()
        .map(|m| NoiseModel::preset(m).unwrap())
        .collect();
    let mut settings = SolveSettings {
        depths: quzzle::checked::Depths::up_to(2).unwrap(),
        ..SolveSettings::default()
    };
    settings.config.max_iters = 10;
    settings.noise = NoiseSettings {
        models,
        trajectories: quzzle::checked::Trajectories::new(40).unwrap(),
        ..NoiseSettings::default()
    };
    let whole = solve::solve(enc.as_ref(), &settings).unwrap();

    // Stop at p = 2 once heron's trajectories have begun: aria's estimate there is done.
    let flag = Arc::new(AtomicBool::new(false));
    let setter = flag.clone();
    let cancel = Cancel::new(flag.clone()).with_progress(
        std::time::Duration::ZERO,
        Box::new(move |progress| {
            if progress.detail.starts_with("p = 2") && progress.detail.contains("under heron") {
                setter.store(true, Ordering::Relaxed);
            }
        }),
    );
    let mut stopping = settings.clone();
    stopping.config.cancel = cancel.clone();
    stopping.noise.cancel = cancel.clone();
    let budget = Budget::unlimited().with_cancel(cancel);
    let (report, stop) = solve::solve_keeping_within(enc.as_ref(), &stopping, &budget).unwrap();
    let stop = stop.expect("stopped at p = 2");
    assert!(flag.load(Ordering::Relaxed));
    assert_eq!(stop.depth, 2);
    assert!(
        matches!(stop.error, quzzle::Error::Interrupted { .. }),
        "{}",
        stop.error
    );
    assert_eq!(report.depths.len(), 1);
    let stopped = report.stopped.as_ref().unwrap();
    assert_eq!(stopped.noisy.len(), 1, "aria finished, heron did not");
    assert_eq!(stopped.noisy[0].model.name, "aria");
    assert_eq!(stopped.gammas, whole.depths[1].gammas);
    assert_eq!(stopped.betas, whole.depths[1].betas);
    assert_eq!(stopped.noisy[0].p_valid, whole.depths[1].noisy[0].p_valid);

    // Resumed: the whole run's report; aria's p = 2 taken from the stopped report.
    let mut json: Value = serde_json::to_value(&report).unwrap();
    json["stopped"]["noisy"][0]["p_valid"] = serde_json::json!(0.125);
    let file = dir.join("stopped.json");
    std::fs::write(&file, json.to_string()).unwrap();
    let resumed = solve::solve(
        enc.as_ref(),
        &SolveSettings {
            earlier: Some(Earlier::read(&file).unwrap()),
            ..settings.clone()
        },
    )
    .unwrap();
    assert_eq!(resumed.depths[1].noisy[0].p_valid, 0.125, "taken, not run again");
    let mut got = serde_json::to_value(&resumed).unwrap();
    got["depths"][1]["noisy"][0]["p_valid"] = serde_json::to_value(whole.depths[1].noisy[0].p_valid).unwrap();
    assert_eq!(
        without_seconds(&got),
        without_seconds(&serde_json::to_value(&whole).unwrap())
    );
}

/// The memory plan made before the optimisation leaves out the estimates a resumed report
/// holds (the run takes them and never runs their trajectories; Queens 052's plan of every
/// depth took four minutes): resumed from a report of p = 1, a run of p = 1..2 plans p = 2
/// only, tells its time left from p = 2's pace alone, and gives the whole run's report.
#[test]
fn a_resumed_run_plans_only_the_estimates_it_runs() {
    use quzzle::budget::{Budget, Cancel};
    use quzzle::encoding::{self, space::SpaceChoice, EncodingKind};
    use quzzle::experiment::resume::Earlier;
    use quzzle::experiment::solve::{self, SolveSettings};
    use quzzle::mixer::MixerKind;
    use quzzle::noise::{NoiseModel, NoiseSettings};
    use std::sync::{Arc, Mutex};

    let dir = Scratch::new("resume-plan");
    let enc = encoding::load(
        &data("queens-4x4-handmade.txt"),
        EncodingKind::Onehot,
        quzzle::model::Level::None,
    )
    .unwrap();
    let mut settings = SolveSettings {
        depths: quzzle::checked::Depths::up_to(2).unwrap(),
        ..SolveSettings::default()
    };
    settings.space.space = SpaceChoice::Rows;
    settings.space.mixer = MixerKind::XyRing;
    settings.config.max_iters = 10;
    settings.noise = NoiseSettings {
        models: vec![NoiseModel::preset("heron").unwrap()],
        trajectories: quzzle::checked::Trajectories::new(40).unwrap(),
        ..NoiseSettings::default()
    };
    // The plans' progress lines (a report due at every tick), by depth, and the most of the
    // fraction told as passed without work (the estimates taken).
    let planned = |settings: &SolveSettings| {
        let lines = Arc::new(Mutex::new(Vec::<String>::new()));
        let skipped = Arc::new(Mutex::new(0.0f64));
        let (seen, most) = (lines.clone(), skipped.clone());
        let cancel = Cancel::never().with_progress(
            std::time::Duration::ZERO,
            Box::new(move |p| {
                if p.task == "planning noisy trajectories" {
                    seen.lock().unwrap().push(p.detail.to_string());
                }
                let mut most = most.lock().unwrap();
                *most = most.max(p.skipped);
            }),
        );
        let mut telling = settings.clone();
        telling.config.cancel = cancel.clone();
        telling.noise.cancel = cancel.clone();
        let budget = Budget::unlimited().with_cancel(cancel);
        let (report, stop) = solve::solve_keeping_within(enc.as_ref(), &telling, &budget).unwrap();
        assert!(stop.is_none());
        let lines = lines.lock().unwrap().clone();
        let at = |p: usize| lines.iter().any(|l| l.starts_with(&format!("p = {p}: ")));
        let skipped = *skipped.lock().unwrap();
        (report, at(1), at(2), skipped)
    };
    let (whole, one, two, skipped) = planned(&settings);
    assert!(one && two, "a fresh run plans both depths");
    assert_eq!(skipped, 0.0, "a fresh run takes nothing");
    assert!(whole
        .depths
        .iter()
        .all(|d| d.noisy[0].route == quzzle::simulation::mixers::NoiseRoute::Sectors));

    let first = SolveSettings {
        depths: quzzle::checked::Depths::up_to(1).unwrap(),
        ..settings.clone()
    };
    let file = dir.join("p1.json");
    std::fs::write(
        &file,
        serde_json::to_string(&solve::solve(enc.as_ref(), &first).unwrap()).unwrap(),
    )
    .unwrap();
    let resumed = SolveSettings {
        earlier: Some(Earlier::read(&file).unwrap()),
        ..settings.clone()
    };
    let (report, one, two, skipped) = planned(&resumed);
    assert!(!one, "p = 1 is taken from the report, not planned");
    assert!(two);
    // p = 1's part of the run (depths weighed by p: 1 of 3) is passed over by the pace.
    assert!((skipped - 1.0 / 3.0).abs() < 1e-12, "{skipped}");
    assert_eq!(
        without_seconds(&serde_json::to_value(&report).unwrap()),
        without_seconds(&serde_json::to_value(&whole).unwrap())
    );
}
