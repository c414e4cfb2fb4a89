//! The library names what is wrong in its own terms; only the command line (src/cli/,
//! src/main.rs) names its flags. These tests read every string literal of the library's source
//! (outside test modules) and fail on one that names a flag (`--` and a letter), and check
//! that the command line still prints the flags where a user needs them.

use crate::common::*;
use std::path::{Path, PathBuf};

/// Literals that name a flag on purpose, with the reason. Each must still be found, so that
/// the list cannot go stale.
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "src/puzzle/generate/mod.rs",
        "quzzle generate {} --size {n}",
        "the `source:` line of a generated puzzle file is the command that makes it again",
    ),
    ("src/puzzle/generate/mod.rs", " --stars {}", "the same command line"),
    ("src/puzzle/generate/mod.rs", " --givens {k}", "the same command line"),
    ("src/puzzle/generate/mod.rs", " --method qubo", "the same command line"),
    ("src/puzzle/generate/mod.rs", " --seed {}", "the same command line"),
];

/// The string literals of `code` (normal and raw), outside comments and character literals,
/// with the 1-based line each starts on.
fn string_literals(code: &str) -> Vec<(usize, String)> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < c.len() {
        match c[i] {
            '\n' => {
                line += 1;
                i += 1;
            }
            '/' if c.get(i + 1) == Some(&'/') => {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            }
            '/' if c.get(i + 1) == Some(&'*') => {
                i += 2;
                while i + 1 < c.len() && !(c[i] == '*' && c[i + 1] == '/') {
                    line += usize::from(c[i] == '\n');
                    i += 1;
                }
                i += 2;
            }
            // A character literal ('"', '\'', 'x'); otherwise a lifetime.
            '\'' => {
                if c.get(i + 1) == Some(&'\\') {
                    i += 2;
                    while i < c.len() && c[i] != '\'' {
                        i += 1;
                    }
                    i += 1;
                } else if c.get(i + 2) == Some(&'\'') {
                    i += 3;
                } else {
                    i += 1;
                }
            }
            // A raw string r"…" or r#"…"# (not the end of an identifier such as `for`).
            'r' if (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_'))
                && matches!(c.get(i + 1), Some('"') | Some('#')) =>
            {
                let mut j = i + 1;
                let mut hashes = 0;
                while c.get(j) == Some(&'#') {
                    hashes += 1;
                    j += 1;
                }
                if c.get(j) != Some(&'"') {
                    i += 1;
                    continue;
                }
                let start = line;
                let mut text = String::new();
                j += 1;
                while j < c.len() {
                    if c[j] == '"' && (0..hashes).all(|h| c.get(j + 1 + h) == Some(&'#')) {
                        break;
                    }
                    line += usize::from(c[j] == '\n');
                    text.push(c[j]);
                    j += 1;
                }
                out.push((start, text));
                i = j + 1 + hashes;
            }
            '"' => {
                let start = line;
                let mut text = String::new();
                i += 1;
                while i < c.len() && c[i] != '"' {
                    if c[i] == '\\' {
                        // A line continuation (`\` at the end of a line) joins the lines.
                        if c.get(i + 1) == Some(&'\n') {
                            line += 1;
                            i += 2;
                            while i < c.len() && c[i].is_whitespace() {
                                line += usize::from(c[i] == '\n');
                                i += 1;
                            }
                            continue;
                        }
                        text.push(c[i]);
                        i += 1;
                    }
                    line += usize::from(c[i] == '\n');
                    text.push(c[i]);
                    i += 1;
                }
                out.push((start, text));
                i += 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// `code` without its test modules (`#[cfg(test)]` then `mod name {`, up to the `}` at the
/// start of a line that closes it), and the files of test modules declared as `mod name;`.
fn without_tests(code: &str) -> (String, Vec<String>) {
    let mut kept = String::new();
    let mut test_files = Vec::new();
    let mut lines = code.lines().peekable();
    while let Some(l) = lines.next() {
        if l.trim() == "#[cfg(test)]" {
            if let Some(next) = lines.peek() {
                let next = next.trim();
                if let Some(name) = next.strip_prefix("mod ").and_then(|m| m.strip_suffix(';')) {
                    test_files.push(name.to_string());
                    lines.next();
                    continue;
                }
                if next.starts_with("mod ") && next.ends_with('{') {
                    for inner in lines.by_ref() {
                        if inner == "}" {
                            break;
                        }
                    }
                    continue;
                }
            }
        }
        kept.push_str(l);
        kept.push('\n');
    }
    (kept, test_files)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Where a literal of `text` names a flag: `--` then a lowercase letter.
fn names_a_flag(text: &str) -> bool {
    text.as_bytes()
        .windows(3)
        .any(|w| w[0] == b'-' && w[1] == b'-' && w[2].is_ascii_lowercase())
}

/// Every literal of the library's source that names a flag: (file, line, text).
fn library_flag_literals() -> (Vec<(String, usize, String)>, usize) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.sort();
    let mut test_only: Vec<PathBuf> = Vec::new();
    let mut sources = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        if rel.starts_with("src/cli/") || rel == "src/main.rs" {
            continue;
        }
        let (code, tests) = without_tests(&std::fs::read_to_string(f).unwrap());
        let dir = f.parent().unwrap();
        for t in tests {
            test_only.push(dir.join(format!("{t}.rs")));
            test_only.push(dir.join(&t).join("mod.rs"));
        }
        sources.push((f.clone(), rel, code));
    }
    let mut found = Vec::new();
    let mut literals = 0;
    for (path, rel, code) in sources {
        if test_only.contains(&path) {
            continue;
        }
        for (line, text) in string_literals(&code) {
            literals += 1;
            if names_a_flag(&text) {
                found.push((rel.clone(), line, text));
            }
        }
    }
    (found, literals)
}

#[test]
fn the_scanner_finds_flags_in_literals_and_skips_comments_and_tests() {
    let code = r##"
// "--in-a-comment"
/// Doc: `--doc`.
fn f<'a>(x: &'a str) -> Error {
    let q = '"';
    let _ = r#"raw --raw-flag"#;
    Error::InvalidArgument(format!(
        "line one \
         --continued on the next"
    ))
}
#[cfg(test)]
mod tests {
    fn t() { assert!(e.contains("--in-a-test")); }
}
"##;
    let (kept, _) = without_tests(code);
    let flagged: Vec<String> = string_literals(&kept)
        .into_iter()
        .filter(|(_, t)| names_a_flag(t))
        .map(|(_, t)| t)
        .collect();
    assert_eq!(flagged, ["raw --raw-flag", "line one --continued on the next"]);
}

#[test]
fn no_library_message_names_a_flag() {
    let (found, literals) = library_flag_literals();
    // The scan read the library, not an empty tree.
    assert!(literals > 1000, "only {literals} string literals read");
    let mut unexplained = Vec::new();
    for (file, line, text) in &found {
        if !ALLOWED.iter().any(|(f, t, _)| f == file && text.contains(t)) {
            unexplained.push(format!("{file}:{line}: \"{text}\""));
        }
    }
    assert!(
        unexplained.is_empty(),
        "library literals that name a flag (the command line maps library errors to flags, see src/cli/errors.rs):\n{}",
        unexplained.join("\n")
    );
    for (file, text, why) in ALLOWED {
        assert!(
            found.iter().any(|(f, _, t)| f == file && t.contains(text)),
            "the allowed literal `{text}` ({why}) is no longer in {file}: drop it from ALLOWED"
        );
    }
}

#[test]
fn the_command_line_names_the_flags_the_library_does_not() {
    let s = Scratch::new("error-flags");
    let tango = data("tiny-tango-4x4.txt");
    let tango = tango.to_str().unwrap();
    // A number out of range: the library says `size`, the command line `--size`.
    let e = usage_error(&["generate", "queens", "--size", "3", "--seed", "1"]);
    assert!(
        e.contains("--size 3: queens with 1 star(s) is generated from 4x4 to 16x16"),
        "{e}"
    );
    // A mixer that does not suit the space: the hint names the flag of the mixer that does.
    let e = usage_error(&["solve", tango, "--space", "rows", "--mixer", "xy-ring"]);
    assert!(
        e.contains("the grover mixer does") && e.contains("(--mixer grover)"),
        "{e}"
    );
    // An output into a folder that does not exist.
    let out = s.join("no/such/folder/x.qasm");
    let e = usage_error(&argv(
        "qasm {} --depth 1 --gammas 0.1 --betas 0.2 -o {}",
        &[tango, out.to_str().unwrap()],
    ));
    assert!(e.contains("does not exist; create it first, or add --parents"), "{e}");
}

/// The files of the library (the command line aside: it maps each quantity to its flag) that
/// name each checked setting's range error. Restarts, confidence, threads, trajectories and
/// time budgets (`Seconds`, which budgets and deadlines take) are raised only
/// where their type is made (src/checked.rs) and named (src/error.rs): the code below the
/// request holds the type and checks nothing again. The lists are exact, so a site removed
/// must leave its list and a new one fails here.
///
/// Shots are `Shots` from the request to every route's draw.
///
/// Depths: a run's depths are `Depths`, and one circuit's depth a `Depth`, from the request to
/// the optimiser and the exporter; the other files read data whose length is a depth (the
/// request's JSON value, angle lists, an angle table). Trajectories are `Trajectories` from
/// the request to every noise route's trajectory loop.
const RANGE_ERROR_SITES: &[(&str, &[&str])] = &[
    ("Restarts", &["src/checked.rs", "src/error.rs"]),
    ("Confidence", &["src/checked.rs", "src/error.rs"]),
    ("Threads", &["src/checked.rs", "src/error.rs"]),
    ("TimeBudget", &["src/checked.rs", "src/error.rs"]),
    (
        "Depth",
        &[
            "src/checked.rs",
            "src/error.rs",
            "src/request/mod.rs",
            "src/angles.rs",
            "src/qaoa/schedule.rs",
        ],
    ),
    ("Trajectories", &["src/checked.rs", "src/error.rs"]),
    // A counts file that holds no shot is refused where it is read.
    ("Shots", &["src/checked.rs", "src/error.rs", "src/export/score.rs"]),
];

#[test]
fn range_errors_of_checked_settings_are_raised_where_their_type_is_made() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let sources: Vec<(String, String)> = files
        .iter()
        .map(|f| {
            let rel = f.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            (rel, std::fs::read_to_string(f).unwrap())
        })
        .filter(|(rel, _)| !rel.starts_with("src/cli/"))
        .collect();
    assert!(sources.len() > 100, "only {} files read", sources.len());
    for (quantity, allowed) in RANGE_ERROR_SITES {
        let pattern = format!("Quantity::{quantity}");
        let mut found: Vec<&str> = sources
            .iter()
            .filter(|(_, code)| {
                code.match_indices(&pattern).any(|(i, _)| {
                    // The whole name: `Quantity::Depth`, not `Quantity::DepthLimit`.
                    !code[i + pattern.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
                })
            })
            .map(|(rel, _)| rel.as_str())
            .collect();
        found.sort_unstable();
        let mut want = allowed.to_vec();
        want.sort_unstable();
        assert_eq!(found, want, "files naming {pattern}");
    }
}

/// The most lines a source file of the library holds: past it a reader cannot hold the file,
/// and it is split into a folder of parts (docs/ARCHITECTURE.md, "Stages").
const MAX_SOURCE_LINES: usize = 1500;

#[test]
fn no_source_file_is_longer_than_a_reader_can_hold() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let lines = std::fs::read_to_string(f).unwrap().lines().count();
            (lines > MAX_SOURCE_LINES).then(|| format!("{} ({lines} lines)", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "over {MAX_SOURCE_LINES} lines: {long:?}");
}
