//! `quzzle plan`: every row is the number `solve --noise --device` gives for the same circuit,
//! the best depth is the fewest device seconds, the files are written, and the refusals and
//! the budget's stop say what they should.

use crate::common::{data, ok_json, quzzle, s, stdout_of, Scratch};
use serde_json::Value;

const PUZZLE: &str = "takuzu-4x4-qasm.txt";

fn plan_json(extra: &[&str]) -> Value {
    let file = data(PUZZLE);
    let mut args = vec![
        "plan",
        s(&file),
        "--device",
        "heron",
        "--depths",
        "1..2",
        "--trajectories",
        "60",
        "--anneal-reads",
        "50",
        "--json",
    ];
    args.extend(extra);
    ok_json(&args)
}

#[test]
fn every_row_is_what_solve_gives_for_that_circuit() {
    let plan = plan_json(&[]);
    let candidates = plan["candidates"].as_array().unwrap();
    let names: Vec<String> = candidates
        .iter()
        .map(|c| format!("{} {}", c["space"].as_str().unwrap(), c["mixer"].as_str().unwrap()))
        .collect();
    for want in ["full x", "rows xy-ring", "cols xy-complete", "rows grover"] {
        assert!(names.iter().any(|n| n == want), "{want} missing from {names:?}");
    }
    // A space and mixer without a circuit is listed with why, not dropped.
    let skipped = plan["skipped"].as_array().unwrap();
    assert!(skipped.iter().all(|k| !k["reason"].as_str().unwrap().is_empty()));
    let file = data(PUZZLE);
    for c in candidates
        .iter()
        .filter(|c| c["mixer"] == "xy-ring" || c["mixer"] == "x")
    {
        let solved = ok_json(&[
            "solve",
            s(&file),
            "--space",
            c["space"].as_str().unwrap(),
            "--mixer",
            c["mixer"].as_str().unwrap(),
            "--depths",
            "1..2",
            "--noise",
            "heron",
            "--device",
            "heron",
            "--trajectories",
            "60",
            "--truncate",
            "exact",
            "--json",
        ]);
        let depths = c["depths"].as_array().unwrap();
        assert_eq!(depths.len(), 2);
        for (d, sd) in depths.iter().zip(solved["depths"].as_array().unwrap()) {
            assert_eq!(d["p"], sd["p"]);
            assert_eq!(d["p_valid"], sd["success_probability"], "{}", c["space"]);
            assert_eq!(d["noisy_p_valid"], sd["noisy"][0]["p_valid"]);
            assert_eq!(d["noisy_p_valid_se"], sd["noisy"][0]["p_valid_se"]);
            assert_eq!(d["shot_seconds"], sd["devices"][0]["shot_seconds"]);
            assert_eq!(d["cx"], sd["gates"]["cx"]);
            // Device seconds: the shots for 99 % at the noisy P(valid) times one shot.
            let p = d["noisy_p_valid"].as_f64().unwrap();
            let shots = (0.01f64).ln() / (-p).ln_1p();
            let seconds = d["device_seconds_99"].as_f64().unwrap();
            assert!((seconds - shots.max(1.0) * d["shot_seconds"].as_f64().unwrap()).abs() <= 1e-12 * seconds);
            let noisy_tts = sd["devices"][0]["noisy_tts99_seconds"][0].as_f64().unwrap();
            assert!(
                (seconds - noisy_tts).abs() <= 1e-12 * seconds,
                "{seconds} vs {noisy_tts}"
            );
        }
    }
    // Each best depth is the fewest device seconds; the plan's best is the fewest of all.
    let mut fewest = f64::INFINITY;
    for c in candidates {
        let depths = c["depths"].as_array().unwrap();
        let min = depths
            .iter()
            .filter_map(|d| d["device_seconds_99"].as_f64())
            .fold(f64::INFINITY, f64::min);
        let best = depths.iter().find(|d| d["p"] == c["best_p"]).unwrap();
        assert_eq!(best["device_seconds_99"].as_f64().unwrap(), min);
        fewest = fewest.min(min);
    }
    assert_eq!(plan["best"]["device_seconds_99"].as_f64().unwrap(), fewest);
    assert_eq!(plan["anneal"]["reads"], 50);
    assert!(plan["stopped"].is_null());
}

#[test]
fn plan_out_writes_the_report_the_table_and_the_figure() {
    let dir = Scratch::new("plan-out");
    let out = dir.join("plan");
    let plan = plan_json(&["--space", "rows", "--out", s(&out)]);
    let written: Value = serde_json::from_str(&std::fs::read_to_string(out.join("plan.json")).unwrap()).unwrap();
    assert_eq!(written["candidates"], plan["candidates"]);
    assert!(plan["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["space"] == "rows"));
    let csv = std::fs::read_to_string(out.join("plan.csv")).unwrap();
    let rows: usize = plan["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["depths"].as_array().unwrap().len())
        .sum();
    assert_eq!(csv.lines().count(), 1 + rows);
    assert!(csv.starts_with("space,mixer,qubits,p,cx,p_valid,noisy_p_valid,"));
    for figure in ["plan.svg", "plan.png"] {
        assert!(std::fs::metadata(out.join(figure)).unwrap().len() > 1000, "{figure}");
    }
}

#[test]
fn a_device_without_gate_times_is_refused_before_any_work() {
    let file = data(PUZZLE);
    let out = quzzle(&["plan", s(&file), "--device", "p1=0.001,p2=0.01,readout=0.02"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("carry no gate times") && err.contains("heron, eagle, aria"),
        "{err}"
    );
    // With the timing named, the same rates plan.
    let plan = ok_json(&[
        "plan",
        s(&file),
        "--device",
        "p1=0.001,p2=0.01,readout=0.02",
        "--timing",
        "aria",
        "--depths",
        "1",
        "--trajectories",
        "10",
        "--space",
        "rows",
        "--mixer",
        "xy-ring",
        "--anneal-reads",
        "0",
        "--json",
    ]);
    assert_eq!(plan["timing"]["name"], "aria");
    assert!(plan["anneal"].is_null());
    let out = quzzle(&["plan", s(&file), "--device", "forte"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("forte"));
}

/// `plan` with more depths than `--max-seconds` allows, annealing `anneal_reads` reads.
fn budgeted(anneal_reads: &str) -> (Option<i32>, Value) {
    let file = data(PUZZLE);
    let out = quzzle(&[
        "plan",
        s(&file),
        "--device",
        "heron",
        "--depths",
        "1..256",
        "--trajectories",
        "50",
        "--anneal-reads",
        anneal_reads,
        "--anneal-sweeps",
        "20",
        "--max-seconds",
        "4",
        "--json",
    ]);
    let plan = serde_json::from_str(&stdout_of(&out))
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code(), plan)
}

/// The reasons of the circuits a share of the budget stopped, kept or skipped.
fn share_stops(plan: &Value) -> usize {
    let kept = plan["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["stopped"]["reason"].as_str());
    let skipped = plan["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["reason"].as_str());
    kept.chain(skipped)
        .filter(|r| r.contains("its share of the plan's time") && r.contains("time budget"))
        .count()
}

#[test]
fn a_budget_is_shared_so_one_circuit_cannot_starve_the_rest() {
    // 256 depths each: every circuit runs out of its share, keeps the depths it finished, and
    // the plan goes on to the next and to annealing, within the budget.
    let (code, plan) = budgeted("20");
    assert_eq!(code, Some(0), "{plan}");
    assert!(plan["stopped"].is_null(), "{}", plan["stopped"]);
    assert_eq!(plan["anneal"]["reads"], 20);
    let candidates = plan["candidates"].as_array().unwrap();
    assert!(candidates.len() >= 4, "{candidates:?}");
    assert!(candidates.iter().all(|c| !c["depths"].as_array().unwrap().is_empty()));
    assert!(share_stops(&plan) >= 4, "{plan}");
    let last = candidates.last().unwrap();
    assert!(
        last["stopped"]["reason"].as_str().unwrap().contains("its share"),
        "{last}"
    );
}

#[test]
fn a_plan_stopped_by_its_budget_keeps_what_is_done() {
    // Without annealing the last circuit's share is all the time left: its stop is the plan's
    // (exit 1, `stopped`), and the circuits before keep what they did.
    let (code, plan) = budgeted("0");
    assert_eq!(code, Some(1), "{plan}");
    assert!(
        plan["stopped"].as_str().unwrap().contains("p = "),
        "{}",
        plan["stopped"]
    );
    let done = plan["candidates"][0]["depths"].as_array().unwrap();
    assert!(!done.is_empty(), "no depth kept");
    assert!(share_stops(&plan) >= 3, "{plan}");
    assert!(plan["anneal"].is_null());
}
