//! What the commands write: an output is a new path or a regular file (never a link, a FIFO,
//! a device or a folder, refused before any work), inputs are never touched, files and
//! figures are written whole or not at all (no truncated file, no temporary file left on a
//! full disk), and a closed stderr does not stop the work.

use crate::common::{argv, data, stderr, Scratch};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_quzzle");

/// Run the binary in `cwd`, killed after 60 s (a FIFO opened for reading would block it).
fn run_in(cwd: &Path, args: &[&str]) -> Output {
    let mut child = Command::new(BIN)
        .current_dir(cwd)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let began = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if began.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("{args:?}: still running after 60 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn mkfifo(path: &Path) -> bool {
    Command::new("mkfifo").arg(path).status().is_ok_and(|s| s.success())
}

#[cfg(unix)]
fn is_symlink(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

#[cfg(unix)]
fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

/// Every command with an output, as (arguments, the output path that is made a link, a FIFO
/// or a folder, whether that path is a file the command names on its own command line).
/// Paths are relative to the scratch folder, which holds `t.txt` (a tiny Tango), `q.txt`
/// (4-Queens) and `m.json` (a manifest of `t.txt`).
fn commands() -> Vec<(Vec<&'static str>, &'static str)> {
    let qasm = ["--depth", "1", "--gammas", "0.1", "--betas", "0.2"];
    vec![
        (vec!["generate", "tango", "--size", "4", "-o", "x.txt"], "x.txt"),
        ([&["qasm", "t.txt", "-o", "x.qasm"][..], &qasm[..]].concat(), "x.qasm"),
        ([&["qasm", "t.txt", "-o", "x.qasm"][..], &qasm[..]].concat(), "x.json"),
        (vec!["sample", "m.json", "--shots", "10", "-o", "x.json"], "x.json"),
        (vec!["grover", "q.txt", "--qasm", "g.qasm"], "g.qasm"),
        (vec!["grover", "q.txt", "--qasm", "g.qasm"], "g.json"),
        (vec!["grover", "q.txt", "--out", "o"], "o/grover.csv"),
        (vec!["solve", "t.txt", "--depths", "1", "--out", "o"], "o/solve.json"),
        (vec!["demo", "--out", "o"], "o/success_vs_depth.png"),
        (
            vec!["landscape", "t.txt", "--grid", "2", "--out", "o"],
            "o/landscape.png",
        ),
        (vec!["sweep", "t.txt", "--depths", "1", "--out", "o"], "o/sweep.lock"),
        (vec!["sweep", "t.txt", "--depths", "1", "--out", "o"], "o/sweep.csv"),
        (
            vec!["sweep", "t.txt", "--depths", "1", "--out", "o"],
            "o/success_vs_depth.svg",
        ),
        (vec!["sweep", "t.txt", "--depths", "1", "--out", "o"], "o/instances"),
        (
            vec!["score", "c.json", "--manifest", "m.json", "--out", "o"],
            "o/marginals.png",
        ),
        (vec!["score", "c.json", "--manifest", "m.json", "--out", "o"], "o"),
    ]
}

/// A scratch folder with the inputs [`commands`] use.
fn inputs(name: &str) -> Scratch {
    let dir = Scratch::new(name);
    std::fs::copy(data("tiny-tango-4x4.txt"), dir.join("t.txt")).unwrap();
    std::fs::copy(data("nqueens-4.txt"), dir.join("q.txt")).unwrap();
    let o = run_in(
        &dir,
        &argv("qasm t.txt --depth 1 --gammas 0.1 --betas 0.2 -o m.qasm", &[]),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run_in(&dir, &["sample", "m.json", "--shots", "20", "-o", "c.json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    dir
}

/// Files the run left in `dir` besides `before` (recursively, relative names).
fn new_files(dir: &Path, before: &[PathBuf]) -> Vec<PathBuf> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            let is_dir = std::fs::symlink_metadata(&p).unwrap().is_dir();
            out.push(p.strip_prefix(root).unwrap().to_path_buf());
            if is_dir {
                walk(&p, root, out);
            }
        }
    }
    let mut all = Vec::new();
    walk(dir, dir, &mut all);
    all.retain(|p| !before.contains(p));
    all.sort();
    all
}

/// Remove whatever is at `path` (a folder with its contents; a link, not what it points to).
fn remove(path: &Path) {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => std::fs::remove_dir_all(path).unwrap(),
        Ok(_) => std::fs::remove_file(path).unwrap(),
        Err(_) => {}
    }
}

#[cfg(unix)]
#[test]
fn links_fifos_devices_and_folders_are_refused_as_outputs_of_every_command() {
    let dir = inputs("outputs-kinds");
    let keep = dir.join("keep.txt");
    std::fs::write(&keep, "not to be replaced\n").unwrap();
    let fifo_ok = mkfifo(&dir.join("probe.fifo"));
    if fifo_ok {
        std::fs::remove_file(dir.join("probe.fifo")).unwrap();
    } else {
        eprintln!("no mkfifo: FIFO outputs not tried");
    }
    for (args, target) in commands() {
        let path = dir.join(target);
        let folder_itself = target == "o";
        // What to put at the output path: a link to a regular file, a FIFO and a folder
        // (a regular file for an output that is a folder).
        let kinds: &[&str] = if target == "o/instances" {
            &["link", "fifo"]
        } else if folder_itself {
            &["file", "fifo"]
        } else {
            &["link", "fifo", "folder"]
        };
        for kind in kinds {
            if *kind == "fifo" && !fifo_ok {
                continue;
            }
            // What an earlier case put at its own output path goes first.
            for (_, t) in commands() {
                remove(&dir.join(t));
            }
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).unwrap();
            }
            match *kind {
                "link" => std::os::unix::fs::symlink(&keep, &path).unwrap(),
                "fifo" => assert!(mkfifo(&path)),
                "folder" => std::fs::create_dir(&path).unwrap(),
                _ => std::fs::write(&path, "a file, not a folder\n").unwrap(),
            }
            let before = new_files(&dir, &[]);
            let o = run_in(&dir, &args);
            let err = stderr(&o);
            assert_eq!(o.status.code(), Some(2), "{args:?} onto a {kind} at {target}: {err}");
            let what = match *kind {
                "link" => "a symbolic link",
                "fifo" => "a FIFO",
                "folder" => "a folder",
                _ => "not a folder",
            };
            assert!(
                err.contains(what) && err.contains(Path::new(target).file_name().unwrap().to_str().unwrap()),
                "{args:?} onto a {kind} at {target}: {err}"
            );
            // Refused before any work: nothing new anywhere, and the thing is still there.
            assert_eq!(new_files(&dir, &before), Vec::<PathBuf>::new(), "{args:?}: {err}");
            match *kind {
                "link" => assert!(is_symlink(&path)),
                "fifo" => assert!(is_fifo(&path)),
                "folder" => assert!(path.is_dir()),
                _ => assert!(path.is_file()),
            }
        }
    }
    assert_eq!(std::fs::read_to_string(&keep).unwrap(), "not to be replaced\n");
    // A device: `-o /dev/null` is refused, not replaced.
    if Path::new("/dev/null").exists() {
        let o = run_in(&dir, &["generate", "tango", "--size", "4", "-o", "/dev/null"]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("/dev/null: it is a character device"),
            "{}",
            stderr(&o)
        );
    }
    // A regular file is replaced, and a new path written, as before.
    for target in ["keep.txt", "new.txt"] {
        let o = run_in(&dir, &["generate", "tango", "--size", "4", "-o", target]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(std::fs::read_to_string(dir.join(target)).unwrap().contains("tango"));
    }
}

#[test]
fn dash_means_standard_output() {
    let dir = inputs("outputs-dash");
    let qasm = ["--depth", "1", "--gammas", "0.1", "--betas", "0.2"];
    let runs: [(Vec<&str>, &str); 3] = [
        (vec!["generate", "tango", "--size", "4", "-o", "-"], "puzzle: tango"),
        ([&["qasm", "t.txt", "-o", "-"][..], &qasm[..]].concat(), "OPENQASM 3"),
        (vec!["sample", "m.json", "--shots", "10", "-o", "-"], "\"shots\""),
    ];
    for (args, expect) in runs {
        let o = run_in(&dir, &args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.contains(expect), "{args:?}: {out}");
        assert!(
            !dir.join("-").exists() && !dir.join("-.json").exists(),
            "{args:?} wrote a file named -"
        );
    }
    // The state goes into the manifest, which standard output does not get.
    let o = run_in(
        &dir,
        &[&["qasm", "t.txt", "-o", "-", "--with-state"][..], &qasm[..]].concat(),
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn sweep_never_deletes_or_overwrites_an_input() {
    let dir = Scratch::new("outputs-sweep-inputs");
    let puzzle = std::fs::read(data("tiny-tango-4x4.txt")).unwrap();
    std::fs::create_dir(dir.join("o")).unwrap();
    // A puzzle named like the lock (a stale lock by its text: no pid) and like a figure.
    for name in ["sweep.lock", "success_vs_depth.png", "instances.png"] {
        let input = dir.join("o").join(name);
        std::fs::write(&input, &puzzle).unwrap();
        let o = run_in(&dir, &["sweep", &format!("o/{name}"), "--depths", "1", "--out", "o"]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains(name) && err.contains("lies in the output folder"), "{err}");
        assert_eq!(std::fs::read(&input).unwrap(), puzzle, "{name} untouched");
        assert!(!dir.join("o/sweep.csv").exists(), "refused before any work");
        std::fs::remove_file(&input).unwrap();
    }
    // A .txt puzzle inside the output folder is fine, and left as it was.
    let input = dir.join("o/t.txt");
    std::fs::write(&input, &puzzle).unwrap();
    let o = run_in(&dir, &["sweep", "o", "--depths", "1", "--max-iters", "5", "--out", "o"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&input).unwrap(), puzzle);
    assert!(dir.join("o/success_vs_depth.png").is_file());
}

/// Whether `path` holds a whole figure: a PNG ending in its IEND chunk, an SVG in `</svg>`.
fn whole_figure(path: &Path) -> bool {
    let bytes = std::fs::read(path).unwrap();
    match path.extension().and_then(|e| e.to_str()) {
        Some("png") => {
            bytes.starts_with(b"\x89PNG") && bytes.ends_with(&[0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82])
        }
        Some("svg") => String::from_utf8_lossy(&bytes).trim_end().ends_with("</svg>"),
        _ => true,
    }
}

/// Run the binary in `cwd` with files limited to `blocks` × 512 bytes (a full disk that every
/// user can make: writes past the limit fail with EFBIG once SIGXFSZ is ignored).
fn run_with_file_limit(cwd: &Path, blocks: u32, args: &[&str]) -> Option<Output> {
    if !Path::new("/bin/sh").exists() {
        eprintln!("skipped: no /bin/sh");
        return None;
    }
    let script = format!("trap '' XFSZ; ulimit -f {blocks} && exec \"$0\" \"$@\"");
    Some(
        Command::new("/bin/sh")
            .current_dir(cwd)
            .args(["-c", &script, BIN])
            .args(args)
            .output()
            .unwrap(),
    )
}

#[test]
fn a_full_disk_leaves_no_truncated_figure_and_no_temporary_file() {
    let dir = inputs("outputs-full-disk");
    // 20 KiB per file: the CSV, settings and the SVGs fit, the PNGs (100 KiB and more) do not.
    let runs: [&[&str]; 2] = [
        &["sweep", "t.txt", "--depths", "1..2", "--max-iters", "5", "--out", "s"],
        &["score", "c.json", "--manifest", "m.json", "--out", "o"],
    ];
    for args in runs {
        let Some(o) = run_with_file_limit(&dir, 40, args) else {
            return;
        };
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains("File too large") || err.contains("too large"),
            "{args:?}: {err}"
        );
        let out = dir.join(args[args.len() - 1]);
        let left = new_files(&out, &[]);
        for f in &left {
            let name = f.file_name().unwrap().to_string_lossy();
            assert!(
                !name.starts_with('.') && !name.contains(".tmp"),
                "{args:?} left {}",
                f.display()
            );
            assert!(whole_figure(&out.join(f)), "{args:?}: {} is truncated", f.display());
        }
        // The figures it failed on are absent, not cut short.
        assert!(
            left.iter().all(|f| f.extension().is_none_or(|e| e != "png")),
            "{args:?}: {left:?}"
        );
    }
}

#[test]
fn a_closed_stderr_does_not_stop_generate_or_sweep() {
    let dir = Scratch::new("outputs-closed-stderr");
    std::fs::copy(data("tiny-tango-4x4.txt"), dir.join("t.txt")).unwrap();
    let runs: [&[&str]; 3] = [
        &["generate", "tango", "--size", "4"],
        &["generate", "tango", "--size", "4", "-o", "g.txt"],
        &["sweep", "t.txt", "--depths", "1..2", "--max-iters", "5", "--out", "s"],
    ];
    for args in runs {
        let mut child = Command::new(BIN)
            .current_dir(&*dir)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // The reading end of stderr closed before the child writes: every write fails (EPIPE).
        drop(child.stderr.take());
        let o = child.wait_with_output().unwrap();
        let out = String::from_utf8_lossy(&o.stdout);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {out}");
        match args[args.len() - 1] {
            "4" => assert!(out.contains("puzzle: tango"), "{out}"),
            "g.txt" => assert!(std::fs::read_to_string(dir.join("g.txt")).unwrap().contains("tango")),
            _ => {
                for f in [
                    "summary.md",
                    "sweep.csv",
                    "success_vs_depth.png",
                    "instances/t-board.png",
                ] {
                    assert!(dir.join("s").join(f).is_file(), "{f} missing");
                }
                assert!(out.contains("wrote"), "{out}");
            }
        }
    }
}

#[test]
fn a_huge_generate_budget_means_no_limit() {
    for seconds in ["1e20", "1e300", "1.7976931348623157e308"] {
        let o = Command::new(BIN)
            .args(["generate", "queens", "--size", "6", "--max-seconds", seconds])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{seconds}: {}", stderr(&o));
        assert!(String::from_utf8_lossy(&o.stdout).contains("puzzle: queens"));
    }
}
