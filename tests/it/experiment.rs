//! A hardware experiment across depths: `qasm --depths` writes one circuit and manifest per
//! depth and experiment.json; `score DIR` scores every depth whose counts are there against
//! its manifest and the noiseless and noisy predictions.

use crate::common::{argv, data, ok, ok_json, s, scratch_and_data, usage_error, Scratch};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The tiny Tango's experiment at depths 1..3 (optimised, then `flags`) exported to `job` in a
/// scratch folder `name`: the folder, the puzzle, `job` and its experiment.json.
fn export_tango_depths(name: &str, flags: &str) -> (Scratch, PathBuf, PathBuf, Value) {
    let (dir, f, job) = scratch_and_data(name, "tiny-tango-4x4.txt", "job");
    let line = format!("qasm {{}} --depths 1..3 --optimize {flags} -o {{}}");
    ok(&argv(&line, &[s(&f), s(&job)]));
    let index = json(&job.join("experiment.json"));
    (dir, f, job, index)
}

#[test]
fn depths_export_equals_one_depth_at_a_time() {
    let (dir, f, job, index) = export_tango_depths("exp-equal", "--flavor ibm");
    assert_eq!(index["experiment"], "quzzle-experiment");
    assert_eq!(index["qubits"], 11);
    let depths = index["depths"].as_array().unwrap();
    assert_eq!(depths.len(), 3);
    for (i, d) in depths.iter().enumerate() {
        let p = i + 1;
        assert_eq!(d["qasm"], format!("p{p:02}.qasm").as_str());
        assert_eq!(d["counts"], format!("p{p:02}.counts.json").as_str());
        // The same circuit as `qasm --depth P --optimize`, byte for byte but its file name.
        let one = dir.join(format!("one{p}.qasm"));
        ok(&argv(
            "qasm {} --depth {} --optimize --flavor ibm -o {}",
            &[s(&f), &p.to_string(), s(&one)],
        ));
        let batch_text = std::fs::read_to_string(job.join(format!("p{p:02}.qasm"))).unwrap();
        assert_eq!(batch_text, std::fs::read_to_string(&one).unwrap());
        let manifest = json(&job.join(format!("p{p:02}.json")));
        assert_eq!(manifest["gammas"], json(&one.with_extension("json"))["gammas"]);
        assert_eq!(d["success_probability"], manifest["success_probability"]);
        assert_eq!(d["gammas"], manifest["gammas"]);
    }
    // A report's angles give the same job.
    let report = dir.join("solve.json");
    std::fs::write(
        &report,
        ok(&[
            "solve",
            s(&f),
            "--space",
            "full",
            "--mixer",
            "x",
            "--depths",
            "1..3",
            "--json",
        ]),
    )
    .unwrap();
    let again = dir.join("again");
    ok(&argv(
        "qasm {} --depths 2..3 --angles {} --flavor ibm -o {}",
        &[s(&f), s(&report), s(&again)],
    ));
    for p in [2, 3] {
        let name = format!("p{p:02}.qasm");
        assert_eq!(
            std::fs::read_to_string(again.join(&name)).unwrap(),
            std::fs::read_to_string(job.join(&name)).unwrap()
        );
    }
}

#[test]
fn score_folder_judges_every_depth_with_counts() {
    let (_dir, _, job, index) = export_tango_depths("exp-score", "--noise heron --trajectories 50");
    assert_eq!(index["noise_models"][0]["name"], "heron");
    for d in index["depths"].as_array().unwrap() {
        let noisy = &d["noisy"][0];
        assert_eq!(noisy["model"], "heron");
        assert!(noisy["p_valid"].as_f64().unwrap() < d["success_probability"].as_f64().unwrap());
    }
    // Counts for depths 1 and 2 only, drawn exactly from each circuit.
    for p in [1, 2] {
        let manifest = job.join(format!("p{p:02}.json"));
        let counts = job.join(format!("p{p:02}.counts.json"));
        ok(&argv(
            "sample {} --shots 5000 --seed {} --format sampler -o {}",
            &[s(&manifest), &p.to_string(), s(&counts)],
        ));
    }
    let scored: Value = ok_json(&["score", s(&job), "--confidence", "0.999", "--json"]);
    assert_eq!(scored["missing"], serde_json::json!([3]));
    let depths = scored["depths"].as_array().unwrap();
    assert_eq!(depths.len(), 2);
    for d in depths {
        assert_eq!(d["shots"], 5000);
        assert_eq!(
            d["inside"], true,
            "noiseless shots against the noiseless prediction: {d}"
        );
        let verdict = &d["noisy"][0];
        assert_eq!(verdict["model"], "heron");
        assert!(verdict["z"].as_f64().unwrap().is_finite());
    }
    for name in [
        "hardware.json",
        "hardware.csv",
        "hardware_vs_depth.svg",
        "hardware_vs_depth.png",
    ] {
        assert!(job.join(name).metadata().unwrap().len() > 0, "{name}");
    }
    let csv = std::fs::read_to_string(job.join("hardware.csv")).unwrap();
    assert!(csv.starts_with("p,counts,shots,valid_shots,p_valid,interval_low,interval_high,confidence,simulated_p_valid,inside,heron_predicted,heron_predicted_se,heron_inside,heron_z\n"), "{csv}");
    assert_eq!(csv.lines().count(), 3);
    // A model asked for at scoring time is predicted then.
    let scored: Value = ok_json(&argv("score {} --noise aria --trajectories 20 --json", &[s(&job)]));
    let models: Vec<&str> = scored["depths"][0]["noisy"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["model"].as_str().unwrap())
        .collect();
    assert_eq!(models, ["heron", "aria"]);
}

#[test]
fn family_wise_verdicts_forgive_one_chance_miss_among_depths() {
    use quzzle::experiment::interval::binomial_p_value;
    let dir = Scratch::new("exp-family");
    let job = dir.join("job");
    ok(&argv(
        "qasm {} --depths 1..2 --optimize --noise heron --trajectories 20 -o {}",
        &[s(&data("tiny-tango-4x4.txt")), s(&job)],
    ));
    // Hand-made counts: depth 1 on its prediction; depth 2 just outside its 95 % interval
    // (a p-value in [0.025, 0.05)), as one depth in twenty is by chance.
    let shots = 4000u64;
    let mut p_values = Vec::new();
    for p in [1, 2] {
        let manifest = json(&job.join(format!("p{p:02}.json")));
        let predicted = manifest["success_probability"].as_f64().unwrap();
        let valid = manifest["valid_bitstrings"][0].as_str().unwrap().to_string();
        let invalid = "0".repeat(valid.len());
        let centre = (predicted * shots as f64).round() as u64;
        let valid_shots = if p == 1 {
            centre
        } else {
            (centre..=shots)
                .find(|&k| binomial_p_value(k, shots, predicted).unwrap() < 0.05)
                .unwrap()
        };
        p_values.push(binomial_p_value(valid_shots, shots, predicted).unwrap());
        let counts = format!(r#"{{"{valid}": {valid_shots}, "{invalid}": {}}}"#, shots - valid_shots);
        std::fs::write(job.join(format!("p{p:02}.counts.json")), counts).unwrap();
    }
    assert!(p_values[1] >= 0.025 && p_values[0] > 0.5, "{p_values:?}");
    let scored: Value = ok_json(&["score", s(&job), "--format", "quzzle", "--json"]);
    let depths = scored["depths"].as_array().unwrap();
    assert_eq!(depths[0]["inside"], true);
    assert_eq!(depths[1]["inside"], false, "per depth, p = 2 misses");
    let family = &scored["family_wise"];
    assert_eq!(family[0]["prediction"], "noiseless");
    assert_eq!(family[1]["prediction"], "heron");
    let noiseless = &family[0]["depths"];
    for (i, want) in p_values.iter().enumerate() {
        let got = noiseless[i]["p_value"].as_f64().unwrap();
        assert!((got - want).abs() < 1e-15, "{got} vs {want}");
    }
    // Holm over two depths: twice the smaller p-value, at least 0.05 here: consistent.
    let adjusted = noiseless[1]["holm_p_value"].as_f64().unwrap();
    assert!((adjusted - 2.0 * p_values[1]).abs() < 1e-15, "{adjusted}");
    assert!((noiseless[0]["holm_p_value"].as_f64().unwrap() - p_values[0]).abs() < 1e-15);
    assert_eq!(family[0]["consistent"], true, "{family}");
    let text = ok(&["score", s(&job), "--format", "quzzle"]);
    assert!(text.contains("every depth at once (Holm, 95 % family-wise):"), "{text}");
    assert!(text.contains("noiseless: consistent at all 2 depths"), "{text}");
}

#[test]
fn experiment_errors_name_the_problem() {
    let (dir, f, job) = scratch_and_data("exp-errors", "tiny-tango-4x4.txt", "job");
    std::fs::create_dir_all(&job).unwrap();
    std::fs::write(job.join("notes.txt"), "mine").unwrap();
    let e = usage_error(&["qasm", s(&f), "--depths", "1..2", "--optimize", "-o", s(&job)]);
    assert!(e.contains("not empty") && e.contains("--overwrite"), "{e}");
    ok(&argv(
        "qasm {} --depths 1..2 --optimize --overwrite -o {}",
        &[s(&f), s(&job)],
    ));
    // The old folder, notes and all, is set aside whole; the new one holds only the export.
    assert!(!job.join("notes.txt").exists());
    let aside: Vec<_> = std::fs::read_dir(&*dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("job.replaced-"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(std::fs::read_to_string(aside[0].join("notes.txt")).unwrap(), "mine");
    let e = usage_error(&argv(
        "qasm {} --depths 1..2 --gammas 0.1 --betas 0.2 -o {}",
        &[s(&f), s(&job)],
    ));
    assert!(e.contains("given angles are one depth's"), "{e}");
    let e = usage_error(&argv(
        "qasm {} --depth 2 --optimize --noise heron -o {}",
        &[s(&f), s(&dir.join("a.qasm"))],
    ));
    assert!(e.contains("noise predictions go into an experiment's index"), "{e}");
    let e = usage_error(&["qasm", s(&f), "--depths", "3..1", "--optimize", "-o", s(&dir.join("x"))]);
    assert!(e.contains("3..1"), "{e}");
    // score DIR: no counts yet; a manifest given beside a folder; a folder with no index.
    let e = usage_error(&["score", s(&job)]);
    assert!(
        e.contains("no depth has its counts") && e.contains("p01.counts.json"),
        "{e}"
    );
    let e = usage_error(&["score", s(&job), "--manifest", s(&job.join("p01.json"))]);
    assert!(e.contains("drop --manifest"), "{e}");
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let e = usage_error(&["score", s(&empty)]);
    assert!(e.contains("experiment.json"), "{e}");
    // A counts file with no manifest.
    let counts = dir.join("c.json");
    std::fs::write(&counts, "{\"c\": {\"0\": 1}}").unwrap();
    let e = usage_error(&["score", s(&counts)]);
    assert!(e.contains("--manifest"), "{e}");
}

/// Counts drawn exactly from depth `p`'s circuit of the folder `job`.
fn sample_depth(job: &Path, p: usize) {
    let manifest = job.join(format!("p{p:02}.json"));
    let counts = job.join(format!("p{p:02}.counts.json"));
    ok(&argv(
        "sample {} --shots 2000 --seed {} --format sampler -o {}",
        &[s(&manifest), &p.to_string(), s(&counts)],
    ));
}

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
    }
}

/// The index `edit`ed, and its digest made to match again: what a user who knows the digest
/// rule could write. The checks against the manifests must still refuse it.
fn edit_index(job: &Path, redigest: bool, edit: impl FnOnce(&mut Value)) {
    let path = job.join("experiment.json");
    let mut index = json(&path);
    edit(&mut index);
    if redigest {
        let digest = quzzle::export::json::digest_of(&index);
        index["digest"] = Value::from(digest);
    }
    std::fs::write(&path, serde_json::to_string_pretty(&index).unwrap()).unwrap();
}

#[test]
fn tampered_and_mixed_experiment_folders_are_refused() {
    let (dir, f, job) = scratch_and_data("exp-tamper", "tiny-tango-4x4.txt", "job");
    let export = |seed: &str, depths: &str, extra: &[&str]| {
        let mut args = argv(
            "qasm {} --depths {} --optimize --seed {} -o {}",
            &[s(&f), depths, seed, s(&job)],
        );
        args.extend_from_slice(extra);
        ok(&args);
    };
    export("0", "1..3", &[]);
    let index = json(&job.join("experiment.json"));
    assert_eq!(index["digest"].as_str().unwrap().len(), 64);
    for p in 1..=3 {
        sample_depth(&job, p);
    }
    let good: Value = ok_json(&["score", s(&job), "--json"]);
    assert_eq!(good["depths"].as_array().unwrap().len(), 3);
    let pristine = dir.join("pristine");
    copy_folder(&job, &pristine);

    // Each tampering on a fresh copy: (what, change, a word the refusal must hold).
    type Tamper = Box<dyn Fn(&Path)>;
    let cases: Vec<(&str, Tamper, &str)> = vec![
        (
            "swapped manifests",
            Box::new(|d: &Path| {
                std::fs::rename(d.join("p02.json"), d.join("tmp.json")).unwrap();
                std::fs::rename(d.join("p03.json"), d.join("p02.json")).unwrap();
                std::fs::rename(d.join("tmp.json"), d.join("p03.json")).unwrap();
            }),
            "p02.json",
        ),
        (
            "depth relabelled",
            Box::new(|d: &Path| edit_index(d, false, |i| i["depths"][2]["p"] = Value::from(9))),
            "edited",
        ),
        (
            "depth relabelled, digest redone",
            Box::new(|d: &Path| edit_index(d, true, |i| i["depths"][2]["p"] = Value::from(9))),
            "depth 9",
        ),
        (
            "a prediction that is no probability",
            Box::new(|d: &Path| edit_index(d, true, |i| i["depths"][0]["success_probability"] = Value::from(7.0))),
            "not a probability",
        ),
        (
            "a manifest outside the folder",
            Box::new(|d: &Path| {
                edit_index(d, true, |i| {
                    i["depths"][2]["manifest"] = Value::from("../other/p03.json")
                })
            }),
            "../other/p03.json",
        ),
        (
            "a depth twice",
            Box::new(|d: &Path| {
                edit_index(d, true, |i| {
                    let first = i["depths"][0].clone();
                    i["depths"].as_array_mut().unwrap().insert(0, first);
                })
            }),
            "distinct depths",
        ),
        (
            "another uniform baseline",
            Box::new(|d: &Path| edit_index(d, true, |i| i["uniform_baseline"] = Value::from(0.5))),
            "uniform baseline",
        ),
        (
            "other angles in the index",
            Box::new(|d: &Path| edit_index(d, true, |i| i["depths"][1]["gammas"][0] = Value::from(0.123))),
            "angles",
        ),
        (
            "no digest",
            Box::new(|d: &Path| {
                edit_index(d, false, |i| {
                    i.as_object_mut().unwrap().remove("digest");
                })
            }),
            "older quzzle",
        ),
    ];
    for (i, (what, tamper, word)) in cases.iter().enumerate() {
        let copy = dir.join(format!("case{i}"));
        copy_folder(&pristine, &copy);
        tamper(&copy);
        let e = usage_error(&["score", s(&copy)]);
        assert!(e.contains(word), "{what}: {e}");
    }

    // A manifest of another export of the same depth (a killed overwrite, a hand copy).
    let other = dir.join("other");
    ok(&argv(
        "qasm {} --depths 1..3 --optimize --seed 0 --reduce none -o {}",
        &[s(&f), s(&other)],
    ));
    let mixed = dir.join("mixed");
    copy_folder(&pristine, &mixed);
    std::fs::copy(other.join("p02.json"), mixed.join("p02.json")).unwrap();
    let e = usage_error(&["score", s(&mixed)]);
    assert!(e.contains("p02.json") && e.contains("another export"), "{e}");

    // --overwrite with other depths: the old counts leave with the old circuits.
    export("0", "1..2", &["--overwrite"]);
    for p in 1..=3 {
        assert!(!job.join(format!("p{p:02}.counts.json")).exists(), "p{p}");
    }
    assert!(!job.join("p03.json").exists());
    let e = usage_error(&["score", s(&job)]);
    assert!(e.contains("no depth has its counts"), "{e}");
}

#[test]
fn score_folder_mitigates_readout_beside_the_raw_score() {
    let dir = Scratch::new("exp-mitigate");
    let f = data("tiny-tango-4x4.txt");
    let job = dir.join("job");
    ok(&argv("qasm {} --depths 1..2 --optimize -o {}", &[s(&f), s(&job)]));
    for p in [1, 2] {
        let manifest = job.join(format!("p{p:02}.json"));
        let counts = job.join(format!("p{p:02}.counts.json"));
        ok(&argv(
            "sample {} --shots 3000 --seed {} --format sampler -o {}",
            &[s(&manifest), &p.to_string(), s(&counts)],
        ));
    }
    // Without --mitigate: no mitigated field, no mitigated columns.
    let plain: Value = ok_json(&["score", s(&job), "--json"]);
    assert!(plain["depths"][0].get("mitigated").is_none());
    let csv = std::fs::read_to_string(job.join("hardware.csv")).unwrap();
    assert!(!csv.contains("mitigated"), "{csv}");

    // No readout errors anywhere: the index has no model and none is given.
    let err = usage_error(&["score", s(&job), "--mitigate", "readout"]);
    assert!(err.contains("no readout errors to correct with"), "{err}");
    let err = usage_error(&[
        "score",
        s(&job),
        "--mitigate",
        "readout",
        "--noise",
        "p1=1e-3",
        "--trajectories",
        "2",
    ]);
    assert!(err.contains("has no readout error"), "{err}");
    let err = usage_error(&[
        "score",
        s(&job),
        "--mitigate",
        "readout",
        "--noise",
        "readout=0.47",
        "--trajectories",
        "2",
    ]);
    assert!(err.contains("ill-conditioned"), "{err}");
    let err = usage_error(&["score", s(&job), "--mitigate", "parity"]);
    assert!(err.contains("readout"), "{err}");
    let err = usage_error(&[
        "score",
        s(&job.join("p01.counts.json")),
        "--manifest",
        s(&job.join("p01.json")),
        "--mitigate",
        "readout",
    ]);
    assert!(err.contains("experiment folder"), "{err}");

    let args = [
        "score",
        s(&job),
        "--mitigate",
        "readout",
        "--noise",
        "readout=0.02",
        "--trajectories",
        "3",
    ];
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let scored: Value = ok_json(&with_json);
    let first = std::fs::read(job.join("hardware.json")).unwrap();
    for d in scored["depths"].as_array().unwrap() {
        let m = &d["mitigated"];
        assert_eq!(m["method"], "readout");
        assert_eq!(m["readout_model"], "readout=0.02");
        assert_eq!(m["distance"], 3);
        let (p, low, high) = (
            m["p_valid"].as_f64().unwrap(),
            m["interval"][0].as_f64().unwrap(),
            m["interval"][1].as_f64().unwrap(),
        );
        let raw = (d["interval"][0].as_f64().unwrap(), d["interval"][1].as_f64().unwrap());
        assert!(low <= p && p <= high, "{m}");
        // Never narrower than the raw interval.
        assert!(high - low >= raw.1 - raw.0 - 1e-12, "{m} against {raw:?}");
        assert!(m["standard_error"].as_f64().unwrap() > 0.0);
    }
    let csv = std::fs::read_to_string(job.join("hardware.csv")).unwrap();
    assert!(csv.lines().next().unwrap().ends_with(
        "mitigated_p_valid,mitigated_standard_error,mitigated_interval_low,mitigated_interval_high,mitigated_inside"
    ));
    let text = ok(&args);
    assert!(
        text.contains("readout-mitigated (readout=0.02, readout 2.0e-2): P(valid)"),
        "{text}"
    );
    // The same bytes on one thread as on many.
    let one = crate::common::quzzle_on("1", &with_json);
    assert!(one.status.success());
    assert_eq!(std::fs::read(job.join("hardware.json")).unwrap(), first);
}

/// An IBM calibration of `qubits` device qubits whose readout errors are `errors(q)`.
fn calibration(path: &Path, qubits: usize, errors: impl Fn(usize) -> Option<[f64; 2]>) {
    let qubit_list: Vec<Value> = (0..qubits)
        .map(|q| match errors(q) {
            Some([p10, p01]) => serde_json::json!([
                {"name": "prob_meas1_prep0", "value": p10},
                {"name": "prob_meas0_prep1", "value": p01},
                {"name": "readout_error", "value": (p10 + p01) / 2.0}
            ]),
            None => serde_json::json!([{"name": "readout_error", "value": 1.0}]),
        })
        .collect();
    let doc = serde_json::json!({
        "backend_name": "ibm_test",
        "qubits": qubit_list,
        "gates": [
            {"gate": "sx", "qubits": [0], "parameters": [{"name": "gate_error", "value": 2e-4}]},
            {"gate": "cz", "qubits": [0, 1], "parameters": [{"name": "gate_error", "value": 4e-3}]}
        ]
    });
    std::fs::write(path, doc.to_string()).unwrap();
}

/// Depth 1's sampled counts rewritten as quzzle counts whose run names `layout` (the device
/// qubit of each bit), or no layout.
fn counts_with_layout(job: &Path, sampled: &Value, layout: Option<&[usize]>) {
    let counts: serde_json::Map<String, Value> = sampled
        .as_object()
        .unwrap()
        .values()
        .next()
        .unwrap()
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.chars().rev().collect(), v.clone()))
        .collect();
    let mut doc = serde_json::json!({"format": "quzzle-counts", "counts": counts, "run": {"provider": "ibm"}});
    if let Some(layout) = layout {
        doc["run"]["measured_qubits"] = serde_json::json!(layout);
    }
    std::fs::write(job.join("p01.counts.json"), doc.to_string()).unwrap();
}

/// `score JOB --mitigate readout --noise NOISE --trajectories 2`, then `extra`.
fn readout_score_args<'a>(job: &'a str, noise: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = argv("score {} --mitigate readout --noise {} --trajectories 2", &[job, noise]);
    args.extend_from_slice(extra);
    args
}

#[test]
fn score_folder_mitigates_each_bit_with_its_device_qubits_calibration() {
    let dir = Scratch::new("exp-mitigate-qubits");
    let f = data("tiny-tango-4x4.txt");
    let job = dir.join("job");
    ok(&argv("qasm {} --depths 1 --optimize -o {}", &[s(&f), s(&job)]));
    let manifest = json(&job.join("p01.json"));
    let n = manifest["qubits"].as_u64().unwrap() as usize;
    ok(&argv(
        "sample {} --shots 3000 --seed 5 --format sampler -o {}",
        &[s(&job.join("p01.json")), s(&job.join("p01.counts.json"))],
    ));
    let sampled = json(&job.join("p01.counts.json"));
    let score = |cal: &Path| -> Value {
        let noise = format!("calibration:{}", s(cal));
        ok_json(&readout_score_args(s(&job), &noise, &["--json"]))
    };
    let mitigated = |v: &Value| v["depths"][0]["mitigated"].clone();

    // The same symmetric error on every device qubit: the per-qubit correction is the uniform one.
    let same = dir.join("same.json");
    calibration(&same, n + 7, |_| Some([0.02, 0.02]));
    let layout: Vec<usize> = (0..n).map(|b| n + 6 - b).collect();
    counts_with_layout(&job, &sampled, Some(&layout));
    let per_qubit = mitigated(&score(&same));
    let uniform: Value = ok_json(&readout_score_args(s(&job), "readout=0.02", &["--json"]));
    assert_eq!(per_qubit["p_valid"], mitigated(&uniform)["p_valid"], "{per_qubit}");
    assert_eq!(per_qubit["by_qubit"].as_array().unwrap().len(), n);
    assert_eq!(per_qubit["by_qubit"][0]["qubit"], n + 6);

    // Errors that differ by qubit: each bit takes its own qubit's, and the layout matters.
    let spread = dir.join("spread.json");
    let error_of = |q: usize| [0.005 + 0.004 * q as f64, 0.01 + 0.003 * q as f64];
    calibration(&spread, n + 7, |q| Some(error_of(q)));
    let forward: Vec<usize> = (0..n).map(|b| b + 7).collect();
    counts_with_layout(&job, &sampled, Some(&forward));
    let a = mitigated(&score(&spread));
    for (b, bit) in a["by_qubit"].as_array().unwrap().iter().enumerate() {
        assert_eq!(bit["qubit"], b + 7);
        assert_eq!(
            bit["p1_given_0"].as_f64().unwrap().to_bits(),
            error_of(b + 7)[0].to_bits()
        );
        assert_eq!(
            bit["p0_given_1"].as_f64().unwrap().to_bits(),
            error_of(b + 7)[1].to_bits()
        );
    }
    let reversed: Vec<usize> = forward.iter().rev().copied().collect();
    counts_with_layout(&job, &sampled, Some(&reversed));
    let b = mitigated(&score(&spread));
    assert_ne!(a["p_valid"], b["p_valid"], "the layout is not used: {a} {b}");
    let text = ok(&readout_score_args(
        s(&job),
        &format!("calibration:{}", s(&spread)),
        &[],
    ));
    let says = if n > 8 {
        format!("readout of {n} device qubits, mean ")
    } else {
        format!("readout of device qubits {}, ", n + 6)
    };
    assert!(text.contains(&says), "{text}");

    // No layout in the counts: the calibration's median on every bit, said so by no by_qubit.
    counts_with_layout(&job, &sampled, None);
    let median = mitigated(&score(&spread));
    assert!(median.get("by_qubit").is_none(), "{median}");

    // Layouts that do not fit the calibration are refused, naming the counts file.
    let broken = dir.join("broken.json");
    calibration(&broken, n + 1, |q| (q != 3).then_some([0.01, 0.02]));
    let refused = |cal: &Path, layout: Vec<usize>| {
        counts_with_layout(&job, &sampled, Some(&layout));
        let noise = format!("calibration:{}", s(cal));
        usage_error(&readout_score_args(s(&job), &noise, &[]))
    };
    let e = refused(&broken, (0..n - 1).collect());
    assert!(
        e.contains("p01.counts.json") && e.contains(&format!("names {} device qubits", n - 1)),
        "{e}"
    );
    let mut twice: Vec<usize> = (0..n).collect();
    twice[1] = 0;
    let e = refused(&broken, twice);
    assert!(e.contains("device qubit 0 twice"), "{e}");
    let e = refused(&broken, (0..n).map(|b| if b == 2 { n + 5 } else { b }).collect());
    assert!(e.contains(&format!("calibration has {} qubits", n + 1)), "{e}");
    let e = refused(
        &broken,
        (0..n)
            .map(|b| {
                if b == 0 {
                    3
                } else if b == 3 {
                    0
                } else {
                    b
                }
            })
            .collect(),
    );
    assert!(
        e.contains("device qubit 3, which the calibration gives no readout error for"),
        "{e}"
    );
}
