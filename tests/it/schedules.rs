//! Schedules: the two-parameter linear ramp (optimised and fixed), transferred angles
//! (leave-one-out) and the shipped fixed tables.

use crate::common::{argv, data, ok, ok_json, quzzle, s, shared_files, stderr};
use quzzle::encoding::onehot::OneHot;
use quzzle::model::Level;
use quzzle::qaoa::schedule::{self, project_onto_ramp};
use quzzle::qaoa::{Objective, QaoaSimulator};
use serde_json::Value;

fn floats(v: &Value) -> Vec<f64> {
    v.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect()
}

#[test]
fn projected_gradient_is_the_derivative_along_the_ramp() {
    let p = OneHot::load(&data("tiny-takuzu-4x4.txt"), Level::Paper).unwrap();
    let sim = QaoaSimulator::new(&p.ising).unwrap();
    let (dg, db, h) = (0.7, 0.45, 1e-5);
    let at = |g: f64, b: f64| {
        sim.objective(&schedule::ramp(3, g, b).unwrap(), &Objective::Energy)
            .unwrap()
    };
    let (_, full) = sim
        .gradient(&schedule::ramp(3, dg, db).unwrap(), &Objective::Energy)
        .unwrap();
    let [gg, gb] = project_onto_ramp(&full);
    let fd_g = (at(dg + h, db) - at(dg - h, db)) / (2.0 * h);
    let fd_b = (at(dg, db + h) - at(dg, db - h)) / (2.0 * h);
    assert!((gg - fd_g).abs() < 1e-6, "{gg} vs {fd_g}");
    assert!((gb - fd_b).abs() < 1e-6, "{gb} vs {fd_b}");
}

#[test]
fn a_fixed_ramp_is_evaluated_as_written() {
    let f = data("tiny-tango-4x4.txt");
    let v = ok_json(&argv(
        "solve {} --depths 1..2,7 --schedule lr:0.5,-0.25 --json",
        &[s(&f)],
    ));
    assert_eq!(v["schedule"], "lr:0.5,-0.25");
    assert_eq!(v["init"], "lr");
    let depths = v["depths"].as_array().unwrap();
    assert_eq!(
        depths.iter().map(|d| d["p"].as_u64().unwrap()).collect::<Vec<_>>(),
        [1, 2, 7]
    );
    for d in depths {
        let p = d["p"].as_u64().unwrap() as usize;
        let want = schedule::ramp(p, 0.5, -0.25).unwrap();
        assert_eq!(floats(&d["gammas"]), want.gammas);
        assert_eq!(floats(&d["betas"]), want.betas);
        assert_eq!(d["evaluations"], 1);
        assert_eq!(d["gradients"], 0);
    }
    // A depth's result does not depend on the other depths of the list.
    let alone = ok_json(&["solve", s(&f), "--depths", "7", "--schedule", "lr:0.5,-0.25", "--json"]);
    assert_eq!(
        alone["depths"][0]["success_probability"],
        depths[2]["success_probability"]
    );
}

#[test]
fn lr_stays_on_the_ramp_and_beats_its_grid_start() {
    let f = data("tiny-takuzu-4x4.txt");
    let v = ok_json(&["solve", s(&f), "--depths", "4", "--init", "lr", "--json"]);
    let d = &v["depths"][0];
    let (g, b) = (floats(&d["gammas"]), floats(&d["betas"]));
    // The scales from the sums (Σ f_l = Σ (1 − f_l) = p/2), so that every layer is a check.
    let (dg, db) = (g.iter().sum::<f64>() / 2.0, -b.iter().sum::<f64>() / 2.0);
    let ramp = schedule::ramp(4, dg, db).unwrap();
    for l in 0..4 {
        assert!((g[l] - ramp.gammas[l]).abs() < 1e-12 && (b[l] - ramp.betas[l]).abs() < 1e-12);
    }
    assert!(d["gradients"].as_u64().unwrap() > 0);
    // No worse than the ramp grid's best start (the ramp init's first point).
    let p = OneHot::load(&f, Level::Paper).unwrap();
    let sim = QaoaSimulator::new(&p.ising).unwrap();
    let start = quzzle::qaoa::optimize::ramp_start(&sim, &Objective::Energy, 4).unwrap();
    let e0 = sim.objective(&start, &Objective::Energy).unwrap();
    assert!(d["energy"].as_f64().unwrap() < e0 - 1e-6, "{} vs {e0}", d["energy"]);
}

#[test]
fn transfer_takes_the_median_of_the_others_and_never_the_own() {
    let dir = tempfile_dir("transfer");
    let files = ["tiny-tango-4x4.txt", "tango-4x4-qasm.txt"].map(data);
    let reports: Vec<std::path::PathBuf> = files
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let out = ok(&["solve", s(f), "--depths", "1..2", "--json"]);
            let path = dir.join(format!("r{i}.json"));
            std::fs::write(&path, out).unwrap();
            path
        })
        .collect();
    // Solving the first with both reports: only the second lends angles.
    let v = ok_json(&argv(
        "solve {} --depths 1..3 --schedule transfer --angles-from {} {} --json",
        &[s(&files[0]), s(&reports[0]), s(&reports[1])],
    ));
    let other: Value = serde_json::from_str(&std::fs::read_to_string(&reports[1]).unwrap()).unwrap();
    for p in 0..2 {
        assert_eq!(v["depths"][p]["gammas"], other["depths"][p]["gammas"]);
        assert_eq!(v["depths"][p]["betas"], other["depths"][p]["betas"]);
    }
    // Depth 3 is resampled from depth 2: its first and last layers are depth 2's.
    let (g2, g3) = (floats(&other["depths"][1]["gammas"]), floats(&v["depths"][2]["gammas"]));
    assert_eq!((g3[0], g3[2]), (g2[0], g2[1]));
    assert!((g3[1] - 0.5 * (g2[0] + g2[1])).abs() < 1e-15);
    // Its own report alone lends nothing: a clear error.
    let out = quzzle(&argv(
        "solve {} --schedule transfer --angles-from {}",
        &[s(&files[0]), s(&reports[0])],
    ));
    assert_ne!(out.status.code(), Some(0));
    assert!(
        stderr(&out).contains("no angles of another tango instance"),
        "{}",
        stderr(&out)
    );
    // Transfer without files, and files without transfer, are refused.
    for args in [
        vec!["solve", s(&files[0]), "--init", "transfer"],
        vec!["solve", s(&files[0]), "--angles-from", s(&reports[1])],
    ] {
        let out = quzzle(&args);
        assert_ne!(out.status.code(), Some(0));
        assert!(stderr(&out).contains("--angles-from"), "{}", stderr(&out));
    }
    // `--init transfer` optimises from the transferred point: no worse than it.
    let opt = ok_json(&argv(
        "solve {} --depths 2 --init transfer --angles-from {} --json",
        &[s(&files[0]), s(&reports[1])],
    ));
    assert!(opt["depths"][0]["energy"].as_f64().unwrap() <= v["depths"][1]["energy"].as_f64().unwrap() + 1e-12);
    assert!(opt.get("schedule").is_none());
}

#[test]
fn sweep_transfer_is_leave_one_out() {
    let files = shared_files("sudoku4");
    if files.len() < 3 {
        eprintln!("skipped: ../shared/instances is absent");
        return;
    }
    let files = &files[..3];
    let dir = tempfile_dir("sweep-transfer");
    let own = dir.join("own");
    let space = ["--space", "rows", "--mixer", "xy-ring"];
    let mut args = vec!["sweep", "--reduce", "clues", "--depths", "1..2", "--out", s(&own)];
    args.extend(space);
    args.extend(files.iter().map(|f| s(f)));
    ok(&args);
    let table = own.join("sweep.csv");
    let lent = dir.join("lent");
    let mut args = argv(
        "sweep --reduce clues --depths 1..2 --schedule transfer --angles-from {} --out {}",
        &[s(&table), s(&lent)],
    );
    args.extend(space);
    args.extend(files.iter().map(|f| s(f)));
    ok(&args);
    let rows = |path: &std::path::Path| -> Vec<csv::StringRecord> {
        csv::Reader::from_path(path)
            .unwrap()
            .records()
            .map(|r| r.unwrap())
            .collect()
    };
    let (mine, theirs) = (rows(&table), rows(&lent.join("sweep.csv")));
    let header = csv::Reader::from_path(&table).unwrap().headers().unwrap().clone();
    let col = |n: &str| header.iter().position(|h| h == n).unwrap();
    let nums = |t: &str| {
        t.split_whitespace()
            .map(|x| x.parse::<f64>().unwrap())
            .collect::<Vec<_>>()
    };
    for r in &theirs {
        assert_eq!(&r[col("init")], "transfer");
        let others: Vec<&csv::StringRecord> = mine
            .iter()
            .filter(|m| m[col("file")] != r[col("file")] && m[col("p")] == r[col("p")])
            .collect();
        assert_eq!(others.len(), 2);
        let g = nums(&r[col("gammas")]);
        let (a, b) = (nums(&others[0][col("gammas")]), nums(&others[1][col("gammas")]));
        for l in 0..g.len() {
            assert!(
                (g[l] - 0.5 * (a[l] + b[l])).abs() < 1e-15,
                "{} layer {l}",
                &r[col("file")]
            );
        }
    }
    // Resuming after the lent table changed is refused: its SHA-256 is in the settings.
    let mut text = std::fs::read_to_string(&table).unwrap();
    text.push('\n');
    std::fs::write(&table, text).unwrap();
    let mut again = argv("sweep --reduce clues --depths 1..3 --schedule transfer", &[]);
    again.extend(["--angles-from", s(&table), "--out", s(&lent)]);
    again.extend(space);
    again.extend(files.iter().map(|f| s(f)));
    let out = quzzle(&again);
    assert_ne!(out.status.code(), Some(0));
    assert!(stderr(&out).contains("transfer from"), "{}", stderr(&out));
}

#[test]
fn fixed_tables_are_the_shipped_medians() {
    let files = shared_files("sudoku4");
    let Some(f) = files.first() else {
        eprintln!("skipped: ../shared/instances is absent");
        return;
    };
    let v = ok_json(&argv(
        "solve {} --reduce clues --space full --mixer x --depths 3,8 --schedule fixed --json",
        &[s(f)],
    ));
    let table = schedule::fixed_table(
        "sudoku4",
        quzzle::encoding::space::SpaceChoice::Full,
        quzzle::mixer::MixerKind::X,
    )
    .unwrap();
    for (i, p) in [3, 8].into_iter().enumerate() {
        let want = table.at(p).unwrap();
        assert_eq!(floats(&v["depths"][i]["gammas"]), want.gammas);
        assert_eq!(floats(&v["depths"][i]["betas"]), want.betas);
    }
    // A kind without a table says which tables there are.
    let out = quzzle(&["solve", s(&data("tiny-takuzu-4x4.txt")), "--init", "fixed"]);
    assert_ne!(out.status.code(), Some(0));
    assert!(
        stderr(&out).contains("no fixed angle table for takuzu"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bad_schedules_and_depths_are_refused_clearly() {
    let f = data("tiny-tango-4x4.txt");
    for (sched, needle) in [("lr:1", "lr:DG,DB"), ("ramp", "unknown schedule"), ("lr:x,1", "finite")] {
        let out = quzzle(&["solve", s(&f), "--schedule", sched]);
        assert_ne!(out.status.code(), Some(0));
        assert!(stderr(&out).contains(needle), "{sched}: {}", stderr(&out));
    }
    let out = quzzle(&["solve", s(&f), "--depths", "1..300"]);
    assert_ne!(out.status.code(), Some(0));
    assert!(stderr(&out).contains("1..=256"), "{}", stderr(&out));
    // Both --init and --schedule: a usage error.
    let out = quzzle(&["solve", s(&f), "--init", "lr", "--schedule", "fixed"]);
    assert_eq!(out.status.code(), Some(2));
}

fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("quzzle-schedules-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A ramp whose scales are finite but whose angles times a cost overflow is refused, not
/// reported as energy NaN and probability −1.
#[test]
fn ramps_too_large_to_carry_a_phase_are_refused() {
    let f = crate::common::data("tiny-tango-4x4.txt");
    for schedule in ["lr:1e308,1e308", "lr:0.5,1e300", "lr:-1e7,0.5"] {
        let e = crate::common::usage_error(&["solve", crate::common::s(&f), "--depths", "2", "--schedule", schedule]);
        assert!(e.contains("within ±1e6"), "{schedule}: {e}");
    }
}
