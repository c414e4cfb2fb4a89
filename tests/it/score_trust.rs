//! What `score` reads back from an experiment folder and a counts file, checked before it is
//! trusted (issue 79): circuits under their digest, counts that are files of the folder of a
//! bounded size in the bit order they state, IonQ's averaged results, and verdicts that carry
//! the noisy prediction's own standard error.

use crate::common::{argv, data, ok, ok_json, s, scratch_and_data, usage_error, Scratch};
use serde_json::Value;
use std::path::Path;

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The tiny Tango exported at depths 1..2 into `job` of a scratch folder `name`, each depth's
/// counts drawn from its circuit (`format`).
fn scored_folder(name: &str, format: &str) -> (Scratch, std::path::PathBuf) {
    let (dir, f, job) = scratch_and_data(name, "tiny-tango-4x4.txt", "job");
    ok(&argv("qasm {} --depths 1..2 --optimize -o {}", &[s(&f), s(&job)]));
    for p in [1, 2] {
        ok(&argv(
            "sample {} --shots 2000 --seed {} --format {} -o {}",
            &[
                s(&job.join(format!("p{p:02}.json"))),
                &p.to_string(),
                format,
                s(&job.join(format!("p{p:02}.counts.json"))),
            ],
        ));
    }
    (dir, job)
}

fn copy_folder(from: &Path, to: &Path) {
    let _ = std::fs::remove_dir_all(to);
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
    }
}

#[test]
fn circuits_are_under_the_digest() {
    let (dir, job) = scored_folder("trust-circuit", "sampler");
    let index = json(&job.join("experiment.json"));
    for (i, p) in [1, 2].into_iter().enumerate() {
        let text = std::fs::read_to_string(job.join(format!("p{p:02}.qasm"))).unwrap();
        let digest = quzzle::encoding::sha256_hex(&text);
        assert_eq!(index["depths"][i]["qasm_sha256"], digest.as_str());
        assert_eq!(json(&job.join(format!("p{p:02}.json")))["qasm_sha256"], digest.as_str());
    }
    ok(&["score", s(&job), "--json"]);
    let p01 = std::fs::read_to_string(job.join("p01.qasm")).unwrap();
    let p02 = std::fs::read_to_string(job.join("p02.qasm")).unwrap();
    // Angles zeroed (every number in a rotation replaced), replaced by another depth's,
    // emptied, deleted, made a folder.
    let zeroed: String = p01
        .lines()
        .map(|l| match (l.find("rz("), l.find("rx(")) {
            (Some(i), _) | (None, Some(i)) => format!("{}(0){}", &l[..i + 2], &l[l[i..].find(')').unwrap() + i + 1..]),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    assert_ne!(zeroed, p01);
    let copy = dir.join("copy");
    for (what, edit, says) in [
        ("zeroed", Some(zeroed.as_str()), "the circuit differs"),
        ("replaced", Some(p02.as_str()), "the circuit differs"),
        ("emptied", Some(""), "the circuit differs"),
        ("deleted", None, "missing"),
    ] {
        copy_folder(&job, &copy);
        match edit {
            Some(text) => std::fs::write(copy.join("p01.qasm"), text).unwrap(),
            None => std::fs::remove_file(copy.join("p01.qasm")).unwrap(),
        }
        let e = usage_error(&["score", s(&copy)]);
        assert!(e.contains("p01.qasm") && e.contains(says), "{what}: {e}");
    }
    copy_folder(&job, &copy);
    std::fs::remove_file(copy.join("p02.qasm")).unwrap();
    std::fs::create_dir(copy.join("p02.qasm")).unwrap();
    let e = usage_error(&["score", s(&copy)]);
    assert!(e.contains("p02.qasm") && e.contains("not a regular file"), "{e}");
    // The index's digest and the manifest's must agree (a manifest of the circuit edited).
    copy_folder(&job, &copy);
    let path = copy.join("p01.json");
    let mut manifest = json(&path);
    manifest["qasm_sha256"] = Value::from(quzzle::encoding::sha256_hex(&zeroed));
    manifest["digest"] = Value::from(quzzle::export::json::digest_of(&manifest));
    std::fs::write(&path, serde_json::to_string_pretty(&manifest).unwrap()).unwrap();
    let e = usage_error(&["score", s(&copy)]);
    assert!(e.contains("p01.json"), "{e}");
}

#[test]
fn folders_of_older_exports_score_with_a_note_that_the_circuit_was_not_checked() {
    let (dir, job) = scored_folder("trust-old", "sampler");
    let old = dir.join("old");
    copy_folder(&job, &old);
    // As an older quzzle wrote them: no qasm_sha256 in the manifests or the index, digests
    // (and the index's manifest digests) to match. Counts without a `run` name no manifest.
    let index_path = old.join("experiment.json");
    let mut index = json(&index_path);
    for (i, p) in [1, 2].into_iter().enumerate() {
        let path = old.join(format!("p{p:02}.json"));
        let mut manifest = json(&path);
        manifest.as_object_mut().unwrap().remove("qasm_sha256");
        manifest["digest"] = Value::from(quzzle::export::json::digest_of(&manifest));
        std::fs::write(&path, serde_json::to_string_pretty(&manifest).unwrap()).unwrap();
        let entry = index["depths"][i].as_object_mut().unwrap();
        entry.remove("qasm_sha256");
        entry.insert("manifest_digest".into(), manifest["digest"].clone());
    }
    index["digest"] = Value::from(quzzle::export::json::digest_of(&index));
    std::fs::write(&index_path, serde_json::to_string_pretty(&index).unwrap()).unwrap();
    let scored = ok_json(&["score", s(&old), "--json"]);
    for d in scored["depths"].as_array().unwrap() {
        let notes = d["notes"].to_string();
        assert!(notes.contains("was not checked") && notes.contains(".qasm"), "{notes}");
    }
    // The committed folders of results/hardware score as they are.
    for name in ["tango-6x6-seed20", "queens-6x6-seed1"] {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("results/hardware")
            .join(name);
        let out = dir.join(name);
        ok(&["score", s(&folder), "--out", s(&out), "--json"]);
    }
}

#[test]
fn counts_links_devices_and_oversized_files_are_refused() {
    let (dir, job) = scored_folder("trust-links", "sampler");
    let copy = dir.join("copy");
    #[cfg(unix)]
    {
        use std::os::unix::fs::symlink;
        // Depth 2's counts a link to depth 1's: no `run` record says which circuit ran.
        copy_folder(&job, &copy);
        std::fs::remove_file(copy.join("p02.counts.json")).unwrap();
        symlink("p01.counts.json", copy.join("p02.counts.json")).unwrap();
        let e = usage_error(&["score", s(&copy)]);
        assert!(e.contains("p02.counts.json") && e.contains("`p01.counts.json`"), "{e}");
        // ... and depth 1's a link to depth 2's (the link comes first).
        copy_folder(&job, &copy);
        std::fs::remove_file(copy.join("p01.counts.json")).unwrap();
        symlink("p02.counts.json", copy.join("p01.counts.json")).unwrap();
        let e = usage_error(&["score", s(&copy)]);
        assert!(e.contains("p01.counts.json") && e.contains("`p02.counts.json`"), "{e}");
        // A link onto the manifest.
        copy_folder(&job, &copy);
        std::fs::remove_file(copy.join("p01.counts.json")).unwrap();
        symlink("p01.json", copy.join("p01.counts.json")).unwrap();
        let e = usage_error(&["score", s(&copy)]);
        assert!(e.contains("`p01.json`"), "{e}");
        // A link out of the folder, to a copy of the right counts.
        copy_folder(&job, &copy);
        let outside = dir.join("elsewhere.json");
        std::fs::rename(copy.join("p01.counts.json"), &outside).unwrap();
        symlink(&outside, copy.join("p01.counts.json")).unwrap();
        let e = usage_error(&["score", s(&copy)]);
        assert!(e.contains("outside the experiment folder"), "{e}");
        // A link inside the folder, to a file of its own, is read.
        copy_folder(&job, &copy);
        std::fs::create_dir(copy.join("runs")).unwrap();
        std::fs::rename(copy.join("p01.counts.json"), copy.join("runs/p01.json")).unwrap();
        symlink("runs/p01.json", copy.join("p01.counts.json")).unwrap();
        ok(&["score", s(&copy), "--json"]);
        // A link to /dev/zero: refused before a byte is read, in a folder and alone.
        copy_folder(&job, &copy);
        std::fs::remove_file(copy.join("p01.counts.json")).unwrap();
        symlink("/dev/zero", copy.join("p01.counts.json")).unwrap();
        let e = usage_error(&["score", s(&copy)]);
        assert!(e.contains("p01.counts.json"), "{e}");
        let e = usage_error(&["score", "/dev/zero", "--manifest", s(&job.join("p01.json"))]);
        assert!(e.contains("/dev/zero") && e.contains("a regular file"), "{e}");
    }
    // A counts file far larger than an 11-qubit circuit's counts can be (sparse: no disk used).
    copy_folder(&job, &copy);
    let limit = quzzle::export::counts::counts_size_limit(11, None);
    let big = std::fs::OpenOptions::new()
        .write(true)
        .open(copy.join("p01.counts.json"))
        .unwrap();
    big.set_len(limit + 1).unwrap();
    let e = usage_error(&["score", s(&copy)]);
    assert!(
        e.contains("p01.counts.json") && e.contains(&format!("more than the {limit}")),
        "{e}"
    );
    let e = usage_error(&[
        "score",
        s(&copy.join("p01.counts.json")),
        "--manifest",
        s(&job.join("p01.json")),
    ]);
    assert!(e.contains("bytes, more than the"), "{e}");
}

#[test]
fn counts_bit_order_is_read_or_refused() {
    use quzzle::export::counts::{read_counts, CountsFormat};
    // q0 = 1 (index 1) 30 shots; q1 = q2 = 1 (index 6) 10 shots.
    let first = r#"{"format": "quzzle-counts", "bit_order": "qubit 0 first (character i is q[i])", "counts": {"100": 30, "011": 10}}"#;
    let last =
        r#"{"format": "quzzle-counts", "bit_order": "qubit 0 last (Qiskit's keys)", "counts": {"001": 30, "110": 10}}"#;
    let unstated = r#"{"format": "quzzle-counts", "counts": {"100": 30, "011": 10}}"#;
    let a = read_counts(first, "a.json", 3, None, None).unwrap();
    let b = read_counts(last, "b.json", 3, None, None).unwrap();
    let c = read_counts(unstated, "c.json", 3, Some(CountsFormat::Quzzle), None).unwrap();
    assert_eq!(a.counts, b.counts);
    assert_eq!(a.counts, c.counts);
    assert_eq!(a.counts[&quzzle::bits::BasisState::from_index(1)], 30);
    for order in [r#""little-endian""#, "3", r#""qubit 1 first""#] {
        let text = format!(r#"{{"format": "quzzle-counts", "bit_order": {order}, "counts": {{"100": 30}}}}"#);
        let e = read_counts(&text, "d.json", 3, None, None).unwrap_err();
        assert!(e.is_usage());
        let e = e.to_string();
        assert!(
            e.contains("d.json") && e.contains("`bit_order`") && e.contains(order),
            "{e}"
        );
    }
}

#[test]
fn ionq_sharpened_results_are_refused_and_unstated_ones_noted() {
    let (dir, job) = scored_folder("trust-ionq", "quzzle");
    let manifest = job.join("p01.json");
    let counts = json(&job.join("p01.counts.json"));
    let with_run = |run: Value| {
        let mut c = counts.clone();
        c["run"] = run;
        let path = dir.join("run.json");
        std::fs::write(&path, serde_json::to_string(&c).unwrap()).unwrap();
        path
    };
    let sharpened = with_run(serde_json::json!({"provider": "ionq", "backend": "qpu.aria-1", "sharpen": true}));
    let e = usage_error(&["score", s(&sharpened), "--manifest", s(&manifest)]);
    assert!(e.contains("sharpened") && e.contains("sharpen=false"), "{e}");
    let averaged = with_run(serde_json::json!({"provider": "ionq", "backend": "qpu.aria-1", "sharpen": false}));
    let r = ok_json(&["score", s(&averaged), "--manifest", s(&manifest), "--json"]);
    assert!(!r["notes"].to_string().contains("sharpen"), "{r}");
    let unstated = with_run(serde_json::json!({"provider": "ionq", "backend": "qpu.aria-1"}));
    let r = ok_json(&["score", s(&unstated), "--manifest", s(&manifest), "--json"]);
    assert!(r["notes"].to_string().contains("averaged results"), "{r}");
    // IonQ's own results file (2000 shots, from 500 on debiased by default) does not say.
    let ionq = dir.join("ionq.json");
    ok(&argv(
        "sample {} --shots 2000 --seed 3 --format ionq -o {}",
        &[s(&manifest), s(&ionq)],
    ));
    let r = ok_json(&[
        "score",
        s(&ionq),
        "--manifest",
        s(&manifest),
        "--shots",
        "2000",
        "--json",
    ]);
    assert!(r["notes"].to_string().contains("averaged results"), "{r}");
    // Below 500 shots IonQ does not debias: nothing to say.
    ok(&argv(
        "sample {} --shots 400 --seed 3 --format ionq -o {}",
        &[s(&manifest), s(&ionq)],
    ));
    let r = ok_json(&[
        "score",
        s(&ionq),
        "--manifest",
        s(&manifest),
        "--shots",
        "400",
        "--json",
    ]);
    assert!(!r["notes"].to_string().contains("averaged results"), "{r}");
}

#[test]
fn a_missing_folder_is_named_and_stale_staging_folders_are_removed() {
    let (dir, f, job) = scratch_and_data("trust-missing", "tiny-tango-4x4.txt", "job");
    let e = usage_error(&["score", s(&dir.join("NO_SUCH_DIR"))]);
    assert!(e.contains("NO_SUCH_DIR") && e.contains("no such file or folder"), "{e}");
    ok(&argv("qasm {} --depths 1..1 --optimize -o {}", &[s(&f), s(&job)]));
    // What a killed `--overwrite` export leaves: its staging folder, its process gone.
    let stale = dir.join(".job.999999999.tmp");
    std::fs::create_dir_all(&stale).unwrap();
    std::fs::write(stale.join("p01.json"), "half written").unwrap();
    ok(&argv(
        "qasm {} --depths 1..1 --optimize --overwrite -o {}",
        &[s(&f), s(&job)],
    ));
    if Path::new("/proc/self").exists() {
        assert!(!stale.exists());
    }
    let _ = data;
}

/// A depth's score of `valid` in `shots` (the rest of the report as a score fills it).
fn depth_score(p: usize, valid: u64, shots: u64, predicted: f64, se: f64) -> quzzle::export::batch::DepthScore {
    use quzzle::export::batch::{noisy_verdicts, DepthScore, ExperimentDepth, NoisyPrediction};
    let confidence = quzzle::checked::Confidence::default();
    let report = quzzle::export::score::ScoreReport {
        format: "quzzle".into(),
        shots,
        valid_shots: valid,
        p_valid: valid as f64 / shots as f64,
        confidence: confidence.get(),
        interval: quzzle::experiment::interval::clopper_pearson(valid, shots, confidence).unwrap(),
        simulated_p_valid: None,
        inside: None,
        uniform: None,
        distinct: 2,
        top: Vec::new(),
        qubit_marginals: Vec::new(),
        simulated_qubit_marginals: None,
        run: None,
        notes: Vec::new(),
    };
    let entry = ExperimentDepth {
        p,
        qasm: format!("p{p:02}.qasm"),
        qasm_sha256: None,
        manifest: format!("p{p:02}.json"),
        manifest_digest: String::new(),
        counts: format!("p{p:02}.counts.json"),
        gammas: vec![0.1; p],
        betas: vec![0.1; p],
        success_probability: None,
        noisy: vec![NoisyPrediction {
            model: "heron".into(),
            p_valid: predicted,
            p_valid_se: se,
            trajectories: 200,
            energy: None,
            energy_se: None,
            bracket: None,
        }],
    };
    DepthScore {
        p,
        counts: entry.counts.clone(),
        noisy: noisy_verdicts(&entry, &report),
        score: report,
        mitigated: None,
    }
}

#[test]
fn verdicts_carry_the_predictions_standard_error() {
    use quzzle::experiment::interval::{binomial_p_value, binomial_p_value_uncertain};
    use quzzle::export::batch::FamilyVerdict;
    // 492 of 4000 shots valid (0.123; 95 % interval about [0.113, 0.134]).
    let (valid, shots) = (492, 4000);
    // A prediction of 0.105 from 200 trajectories (± 0.01): its point is outside the
    // measured interval (exact p-value 2e-4), but the prediction's own error covers the gap.
    let exact = binomial_p_value(valid, shots, 0.105).unwrap();
    assert!(exact < 0.001, "{exact}");
    let carried = binomial_p_value_uncertain(valid, shots, 0.105, 0.01).unwrap();
    assert!(carried > 0.08, "{carried}");
    // With no error it is the exact test.
    assert_eq!(binomial_p_value_uncertain(valid, shots, 0.105, 0.0), Some(exact));
    assert_eq!(binomial_p_value_uncertain(valid, shots, 0.105, -1.0), None);
    let near = depth_score(3, valid, shots, 0.105, 0.01);
    assert!(near.noisy[0].inside, "{:?}", near.noisy[0]);
    let family = FamilyVerdict::of(std::slice::from_ref(&near), &["heron".into()], 0.95);
    assert_eq!(family.len(), 1);
    assert!(family[0].consistent, "{family:?}");
    assert!((family[0].depths[0].p_value - carried).abs() < 1e-15);
    // 0.08 ± 0.005 stays refuted: the error does not cover five standard deviations.
    let far = depth_score(3, valid, shots, 0.08, 0.005);
    assert!(!far.noisy[0].inside);
    let family = FamilyVerdict::of(&[near, far], &["heron".into()], 0.95);
    assert!(!family[0].consistent, "{family:?}");
    assert!(family[0].depths[1].holm_p_value < 0.001, "{family:?}");
}
