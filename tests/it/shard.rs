//! Sweeps run as shards and merged: the same rows, summary and figures as one unsharded sweep.

use crate::common::{argv, data, quzzle, s, small_sweep_plan, usage_error, Scratch};
use quzzle::error::ShardSetProblem;
use quzzle::experiment::sweep::shard::{merge, select, Shard};
use quzzle::Error;
use std::path::{Path, PathBuf};
use std::process::Command;

const FILES: [&str; 5] = [
    "tiny-tango-4x4.txt",
    "takuzu-4x4-qasm.txt",
    "queens-4x4-handmade.txt",
    "nqueens-4.txt",
    "tango-4x4-qasm.txt",
];

/// A folder of puzzle files to sweep.
fn inputs(dir: &Path) -> PathBuf {
    let input = dir.join("in");
    std::fs::create_dir_all(&input).unwrap();
    for f in FILES {
        std::fs::copy(data(f), input.join(f)).unwrap();
    }
    input
}

fn sweep_args<'a>(input: &'a str, out: &'a str) -> Vec<&'a str> {
    argv(
        "sweep {} --depths 1..2 --init all --max-iters 30 --seed 3 --out {}",
        &[input, out],
    )
}

/// Every file under `dir`, relative to it, sorted.
fn tree(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    out.sort();
    out
}

/// A CSV without its last column (the wall time, which every rerun changes).
fn without_seconds(text: &str) -> String {
    text.lines()
        .map(|l| l.rsplit_once(',').unwrap().0.to_string() + "\n")
        .collect()
}

/// anneal.csv without its timing columns (the last three).
fn without_timings(text: &str) -> String {
    text.lines()
        .map(|l| l.rsplitn(4, ',').last().unwrap().to_string() + "\n")
        .collect()
}

/// summary.md without the command line, the compute-time total and the annealing seconds.
fn summary_body(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("Command: ") && !l.starts_with("Compute time of these rows"))
        .map(|l| {
            let l = if l.contains("| annealing, ") {
                l.rsplitn(3, '|').last().unwrap()
            } else {
                l
            };
            l.to_string() + "\n"
        })
        .collect()
}

#[test]
fn three_shards_in_parallel_merge_to_the_unsharded_sweep() {
    let dir = Scratch::new("shard-merge");
    let input = inputs(&dir);
    let whole = dir.join("whole");
    let out = quzzle(&sweep_args(s(&input), s(&whole)));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // The shards as separate processes at once, each with one thread, as an array job runs them.
    let shard_dirs: Vec<PathBuf> = (0..3).map(|i| dir.join(format!("shard{i}"))).collect();
    let children: Vec<_> = shard_dirs
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let mut args = sweep_args(s(&input), s(d));
            let spec = format!("{i}/3");
            args.extend(["--shard", &spec]);
            Command::new(env!("CARGO_BIN_EXE_quzzle"))
                .args(&args)
                .env("RAYON_NUM_THREADS", "1")
                .output()
                .expect("the binary runs")
        })
        .collect();
    for c in &children {
        assert!(c.status.success(), "{}", String::from_utf8_lossy(&c.stderr));
    }
    // Every instance in exactly one shard.
    let mut sharded: Vec<String> = shard_dirs
        .iter()
        .flat_map(|d| {
            let m: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(d.join("sweep.shard.json")).unwrap()).unwrap();
            m["files"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| f.as_str().unwrap().to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    sharded.sort();
    assert_eq!(sharded.len(), FILES.len());
    sharded.dedup();
    assert_eq!(sharded.len(), FILES.len());

    let merged = dir.join("merged");
    // Shards given in another order merge the same.
    let out = quzzle(&argv(
        "merge {} {} {} --out {}",
        &[s(&shard_dirs[2]), s(&shard_dirs[0]), s(&shard_dirs[1]), s(&merged)],
    ));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    assert_eq!(tree(&whole), tree(&merged));
    for f in tree(&whole) {
        let (a, b) = (
            std::fs::read(whole.join(&f)).unwrap(),
            std::fs::read(merged.join(&f)).unwrap(),
        );
        let name = f.display().to_string();
        match name.as_str() {
            "sweep.csv" => assert_eq!(
                without_seconds(&String::from_utf8(a).unwrap()),
                without_seconds(&String::from_utf8(b).unwrap())
            ),
            "anneal.csv" => assert_eq!(
                without_timings(&String::from_utf8(a).unwrap()),
                without_timings(&String::from_utf8(b).unwrap())
            ),
            "summary.md" => assert_eq!(
                summary_body(&String::from_utf8(a).unwrap()),
                summary_body(&String::from_utf8(b).unwrap())
            ),
            _ => assert!(a == b, "{name} differs between the unsharded and the merged sweep"),
        }
    }
    // The merged folder resumes as a whole sweep: a rerun there computes nothing.
    let out = quzzle(&sweep_args(s(&input), s(&merged)));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("(0 computed"));
}

#[test]
fn shards_depend_on_the_files_not_their_order_or_names() {
    let files: Vec<PathBuf> = FILES.iter().map(|f| data(f)).collect();
    let mut reversed = files.clone();
    reversed.reverse();
    for k in 1..=4 {
        let mut all = Vec::new();
        for i in 0..k {
            let shard = Shard { index: i, count: k };
            let (a, ma) = select(&files, shard).unwrap();
            let (b, mb) = select(&reversed, shard).unwrap();
            let mut b_sorted = b.clone();
            b_sorted.sort();
            let mut a_sorted = a.clone();
            a_sorted.sort();
            assert_eq!(a_sorted, b_sorted);
            assert_eq!(ma.instance_set, mb.instance_set);
            // Balanced: sizes differ by at most one.
            assert!(a.len() == FILES.len() / k || a.len() == FILES.len().div_ceil(k));
            all.extend(a);
        }
        all.sort();
        let mut expected = files.clone();
        expected.sort();
        assert_eq!(all, expected);
    }
}

#[test]
fn bad_shards_and_mismatched_merges_are_refused() {
    let dir = Scratch::new("shard-errors");
    let input = inputs(&dir);
    for bad in ["3/3", "1", "a/2", "0/0", "1/x"] {
        let out = dir.join("x");
        let mut args = sweep_args(s(&input), s(&out));
        args.extend(["--shard", bad]);
        let err = usage_error(&args);
        assert!(err.contains("shard"), "{bad}: {err}");
    }
    let run = |name: &str, spec: &str, seed: &str| {
        let out = dir.join(name);
        let mut args = sweep_args(s(&input), s(&out));
        args.extend(["--shard", spec]);
        let pos = args.iter().position(|a| *a == "--seed").unwrap();
        args[pos + 1] = seed;
        let o = quzzle(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        out
    };
    let a = run("a", "0/2", "3");
    let b = run("b", "1/2", "3");
    let c = run("c", "1/2", "4");
    let m = dir.join("m");
    let err = usage_error(&["merge", s(&a), "--out", s(&m)]);
    assert!(err.contains("shard(s) 1/2 missing"), "{err}");
    let err = usage_error(&["merge", s(&a), s(&a), "--out", s(&m)]);
    assert!(err.contains("both shard 0/2"), "{err}");
    let err = usage_error(&["merge", s(&a), s(&c), "--out", s(&m)]);
    assert!(err.contains("seed is 3 in the first and 4 in the second"), "{err}");
    // The library's errors behind those messages.
    assert!(matches!(
        merge(std::slice::from_ref(&a)),
        Err(Error::ShardSet(ShardSetProblem::Missing { ref missing, count: 2 })) if missing == &[1]
    ));
    assert!(matches!(
        merge(&[a.clone(), a.clone()]),
        Err(Error::ShardSet(ShardSetProblem::Twice { index: 0, count: 2, .. }))
    ));
    assert!(matches!(merge(&[]), Err(Error::ShardSet(ShardSetProblem::NoFolders))));
    assert!(matches!(
        merge(&[a.clone(), c.clone()]),
        Err(Error::ShardMismatch { setting: "seed", .. })
    ));
    for bad in ["3/3", "1", "a/2", "0/0", "1/x"] {
        assert!(
            matches!(Shard::parse(bad), Err(Error::Syntax { what: "shard", .. })),
            "{bad}"
        );
    }
    // A shard of another instance set.
    std::fs::remove_file(input.join(FILES[0])).unwrap();
    let d = run("d", "1/2", "3");
    let err = usage_error(&["merge", s(&a), s(&d), "--out", s(&m)]);
    assert!(err.contains("the instance set is 5 files"), "{err}");
    // Into a shard folder, or over an existing sweep: refused.
    let err = usage_error(&["merge", s(&a), s(&b), "--out", s(&a)]);
    assert!(err.contains("is one of the shard folders"), "{err}");
    let ok = quzzle(&["merge", s(&a), s(&b), "--out", s(&m), "--no-instance-plots"]);
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    let err = usage_error(&["merge", s(&a), s(&b), "--out", s(&m)]);
    assert!(err.contains("exists"), "{err}");
    // A resumed shard cannot change its part.
    let mut args = sweep_args(s(&input), s(&a));
    args.extend(["--shard", "1/2"]);
    let err = usage_error(&args);
    assert!(err.contains("shard"), "{err}");
}

#[test]
fn the_slurm_scripts_run_locally_as_two_array_tasks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script = |name: &str| root.join("docs/scale").join(name);
    for name in ["sweep-array.sh", "merge.sh"] {
        let check = Command::new("bash").arg("-n").arg(script(name)).output().unwrap();
        assert!(
            check.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&check.stderr)
        );
    }
    let dir = Scratch::new("shard-slurm");
    let input = inputs(&dir);
    let shards = dir.join("shards");
    let merged = dir.join("merged");
    let bash = |name: &str, env: &[(&str, &str)]| {
        let out = Command::new("bash")
            .arg(script(name))
            .env("QUZZLE", env!("CARGO_BIN_EXE_quzzle"))
            .env("INPUTS", &input)
            .env("OUT", &shards)
            .env("MERGED", &merged)
            .env("SWEEP_ARGS", "--depths 1..2 --init interp --seed 0 --no-instance-plots")
            .envs(env.iter().copied())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name} {env:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    // Without an array task id the script says what it needs.
    let out = Command::new("bash")
        .arg(script("sweep-array.sh"))
        .env_remove("SLURM_ARRAY_TASK_ID")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("SLURM_ARRAY_TASK_ID"));
    for id in ["1", "0"] {
        bash(
            "sweep-array.sh",
            &[
                ("SLURM_ARRAY_TASK_ID", id),
                ("SLURM_ARRAY_TASK_COUNT", "2"),
                ("SLURM_CPUS_PER_TASK", "1"),
            ],
        );
    }
    bash("merge.sh", &[]);
    let whole = dir.join("whole");
    let out = quzzle(&argv(
        "sweep {} --depths 1..2 --init interp --seed 0 --no-instance-plots --out {}",
        &[s(&input), s(&whole)],
    ));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let read = |d: &Path| without_seconds(&std::fs::read_to_string(d.join("sweep.csv")).unwrap());
    assert_eq!(read(&whole), read(&merged));
    assert_eq!(tree(&whole), tree(&merged));
}

#[test]
fn the_kubernetes_job_runs_one_shard_per_index() {
    // No cluster here: check what ties the manifest to the merge. The job is Indexed, its
    // completions are the K of --shard, every pod writes its own shard folder, and the merge
    // job reads them all.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/scale");
    let job = std::fs::read_to_string(root.join("sweep-indexed-job.yaml")).unwrap();
    let merge = std::fs::read_to_string(root.join("merge-job.yaml")).unwrap();
    let field = |name: &str| -> String {
        job.lines()
            .find_map(|l| l.trim().strip_prefix(&format!("{name}:")))
            .unwrap_or_else(|| panic!("no {name}"))
            .split('#')
            .next()
            .unwrap()
            .trim()
            .to_string()
    };
    assert_eq!(field("completionMode"), "Indexed");
    let k = field("completions");
    assert!(job.contains(&format!("--shard \"$JOB_COMPLETION_INDEX/{k}\"")), "{job}");
    assert!(job.contains("--out \"/data/sweep-shards/shard-$JOB_COMPLETION_INDEX\""));
    assert!(job.contains("resource: limits.cpu") && job.contains("name: RAYON_NUM_THREADS"));
    assert!(merge.contains("quzzle merge /data/sweep-shards/shard-*"));
    // The same sweep options as the Slurm script's default.
    let slurm = std::fs::read_to_string(root.join("sweep-array.sh")).unwrap();
    assert!(slurm.contains("--depths 1..5 --init interp --seed 0 --no-instance-plots"));
    assert!(job.contains("--depths 1..5 --init interp --seed 0"));
}

/// Copy every file under `from` to the same place under `to`.
fn copy_tree(from: &Path, to: &Path) {
    for f in tree(from) {
        let target = to.join(&f);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::copy(from.join(&f), target).unwrap();
    }
}

/// `path`'s JSON, changed by `edit`, written back.
fn edit_json(path: &Path, edit: impl FnOnce(&mut serde_json::Value)) {
    let mut v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    edit(&mut v);
    std::fs::write(path, serde_json::to_string_pretty(&v).unwrap()).unwrap();
}

/// The lines of `path`, changed by `edit`, written back (each with its newline).
fn edit_lines(path: &Path, edit: impl FnOnce(&mut Vec<String>)) {
    let mut lines: Vec<String> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    edit(&mut lines);
    std::fs::write(path, lines.iter().map(|l| format!("{l}\n")).collect::<String>()).unwrap();
}

type Tamper = Box<dyn Fn(&Path, &Path)>;

#[test]
fn incomplete_inconsistent_or_tampered_shards_are_refused() {
    let dir = Scratch::new("shard-tamper");
    let input = inputs(&dir);
    let sweep = |out: &Path, shard: Option<&str>, depths: &str| {
        let mut args = argv(
            "sweep {} --depths {} --init interp --max-iters 20 --seed 3 --no-instance-plots --out {}",
            &[s(&input), depths, s(out)],
        );
        if let Some(spec) = shard {
            args.extend(["--shard", spec]);
        }
        let o = quzzle(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    };
    let (a, b, b3, whole) = (dir.join("a"), dir.join("b"), dir.join("b3"), dir.join("whole"));
    sweep(&a, Some("0/2"), "1..2");
    sweep(&b, Some("1/2"), "1..2");
    sweep(&b3, Some("1/2"), "1..3");
    sweep(&whole, None, "1..2");
    // Untampered: the unsharded sweep's rows.
    let merged = dir.join("merged");
    let o = quzzle(&["merge", s(&a), s(&b), "--out", s(&merged), "--no-instance-plots"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let read = |d: &Path| without_seconds(&std::fs::read_to_string(d.join("sweep.csv")).unwrap());
    assert_eq!(read(&whole), read(&merged));
    assert_eq!(read(&whole).lines().count(), 1 + 2 * FILES.len());

    let b3_for = b3.clone();
    let tamperings: Vec<(&str, Tamper, &str)> = vec![
        (
            "a deleted row",
            Box::new(|a, _| edit_lines(&a.join("sweep.csv"), |l| drop(l.remove(1)))),
            "missing",
        ),
        (
            "a duplicated row",
            Box::new(|a, _| edit_lines(&a.join("sweep.csv"), |l| l.push(l[1].clone()))),
            "more than once",
        ),
        (
            "no sweep.csv",
            Box::new(|a, _| std::fs::remove_file(a.join("sweep.csv")).unwrap()),
            "sweep.csv",
        ),
        (
            "a shard run with other depths",
            Box::new(move |_, b| {
                std::fs::remove_dir_all(b).unwrap();
                copy_tree(&b3_for, b);
            }),
            "depths",
        ),
        (
            "depths edited in the shard record",
            Box::new(|a, _| {
                edit_json(&a.join("sweep.shard.json"), |v| {
                    v["plans"][0]["depths"] = serde_json::json!([1, 2, 3])
                })
            }),
            "missing",
        ),
        (
            "a garbage instance set",
            Box::new(|a, _| edit_json(&a.join("sweep.shard.json"), |v| v["instance_set"] = "ab".into())),
            "instance_set",
        ),
        (
            "a shard index out of range",
            Box::new(|a, _| edit_json(&a.join("sweep.shard.json"), |v| v["index"] = 7.into())),
            "index",
        ),
        (
            "a file dropped from the shard record",
            Box::new(|a, _| {
                edit_json(&a.join("sweep.shard.json"), |v| {
                    v["files"].as_array_mut().unwrap().pop();
                })
            }),
            "files",
        ),
        (
            "sweep.csv cut mid-line",
            Box::new(|a, _| {
                let text = std::fs::read(a.join("sweep.csv")).unwrap();
                std::fs::write(a.join("sweep.csv"), &text[..text.len() - 20]).unwrap();
            }),
            "missing",
        ),
        (
            "sweep.shard.json cut mid-line",
            Box::new(|a, _| {
                let text = std::fs::read(a.join("sweep.shard.json")).unwrap();
                std::fs::write(a.join("sweep.shard.json"), &text[..text.len() / 2]).unwrap();
            }),
            "sweep.shard.json",
        ),
        (
            "the two shards' settings swapped",
            Box::new(|a, b| {
                let (sa, sb) = (a.join("sweep.settings.json"), b.join("sweep.settings.json"));
                let (ta, tb) = (std::fs::read(&sa).unwrap(), std::fs::read(&sb).unwrap());
                std::fs::write(&sa, tb).unwrap();
                std::fs::write(&sb, ta).unwrap();
            }),
            "sweep.settings.json",
        ),
        (
            "an edited value",
            Box::new(|a, _| {
                edit_lines(&a.join("sweep.csv"), |l| {
                    // The seconds column, last: the one value no check of the plan reads.
                    let (head, _) = l[1].rsplit_once(',').unwrap();
                    l[1] = format!("{head},12345.5");
                })
            }),
            "changed",
        ),
        (
            "the settings edited",
            Box::new(|a, _| edit_json(&a.join("sweep.settings.json"), |v| v["max_iters"] = 21.into())),
            "changed",
        ),
    ];
    for (i, (what, tamper, expected)) in tamperings.iter().enumerate() {
        let (ta, tb) = (dir.join(format!("t{i}-a")), dir.join(format!("t{i}-b")));
        copy_tree(&a, &ta);
        copy_tree(&b, &tb);
        tamper(&ta, &tb);
        let out = dir.join(format!("t{i}-merged"));
        let o = quzzle(&["merge", s(&ta), s(&tb), "--out", s(&out), "--no-instance-plots"]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(matches!(o.status.code(), Some(1 | 2)), "{what}: {:?} {err}", o.status);
        assert!(err.starts_with("error: "), "{what}: {err}");
        let named = if *what == "a shard run with other depths" {
            &tb
        } else {
            &ta
        };
        assert!(
            err.contains(s(named)),
            "{what}: the message names {}: {err}",
            named.display()
        );
        assert!(err.contains(expected), "{what}: {err}");
        assert!(!out.join("sweep.csv").exists(), "{what}: nothing written");
    }
}

/// What the fuzz harness can do in-process: run the shards of a small sweep through the
/// library, then cut or change bytes of their files. `shard::merge` must refuse each change
/// (an error naming the folder), or, where the change touches nothing a row depends on (the
/// text of a skip reason), give the same rows; never panic.
#[test]
fn byte_changes_to_shard_files_are_refused_by_the_library_merge() {
    use quzzle::experiment::sweep::{self, shard, SweepPlan};
    let dir = Scratch::new("shard-bytes");
    let input = inputs(&dir);
    let files = sweep::collect_files(&[input]).unwrap();
    let plan_of = |files: Vec<PathBuf>, shard: Option<shard::ShardManifest>| SweepPlan {
        shard,
        ..small_sweep_plan(files, 20, 3)
    };
    let mut folders = Vec::new();
    for i in 0..2 {
        let (chosen, manifest) = shard::select(&files, shard::Shard { index: i, count: 2 }).unwrap();
        let plan = plan_of(chosen, Some(manifest));
        let folder = dir.join(format!("s{i}"));
        let csv = folder.join("sweep.csv");
        let outcome = sweep::run_sweep(&plan, &csv, &mut |_| {}).unwrap();
        assert!(shard::record_run(&csv, &plan, &outcome).unwrap().is_some());
        folders.push(folder);
    }
    let whole = sweep::run_sweep(&plan_of(files.clone(), None), &dir.join("whole/sweep.csv"), &mut |_| {}).unwrap();
    let key = |rows: &[sweep::SweepRow]| -> Vec<String> {
        rows.iter()
            .map(|r| {
                let text = r.to_csv_record().unwrap();
                text.trim_end().rsplit_once(',').unwrap().0.to_string()
            })
            .collect()
    };
    let good = shard::merge(&folders).unwrap();
    assert_eq!(key(&good.rows), key(&whole.rows));
    let mut refused = 0;
    for name in ["sweep.csv", "sweep.settings.json", "sweep.shard.json"] {
        let path = folders[0].join(name);
        let original = std::fs::read(&path).unwrap();
        let step = (original.len() / 40).max(1);
        for at in (0..original.len()).step_by(step) {
            // Cut there, or change the byte there.
            let mut changed = original.clone();
            changed[at] = if changed[at] == b'1' { b'2' } else { b'1' };
            for bytes in [original[..at].to_vec(), changed] {
                std::fs::write(&path, &bytes).unwrap();
                match shard::merge(&folders) {
                    Err(e) => {
                        assert!(e.to_string().contains(s(&folders[0])), "{name} at {at}: {e}");
                        refused += 1;
                    }
                    Ok(m) => assert_eq!(key(&m.rows), key(&whole.rows), "{name} at {at}"),
                }
            }
        }
        std::fs::write(&path, &original).unwrap();
    }
    assert!(refused > 200, "{refused}");
    assert!(shard::merge(&folders).is_ok());
}
