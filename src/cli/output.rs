//! Writing what a command produced: JSON text, and files written whole or not at all.

use quzzle::{Error, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// What write errors on standard output name as their path.
const STDOUT_NAME: &str = "standard output";

/// A file's text, whole; the error names the path.
pub fn read_text(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|source| Error::Read {
        path: path.to_path_buf(),
        source,
    })
}

/// Paths as the `wrote …` lines list them: separated by commas.
pub fn path_list(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Write `args` to standard output, returning the error a `print!` would panic on.
pub fn stdout(args: std::fmt::Arguments) -> Result<()> {
    std::io::stdout().lock().write_fmt(args).map_err(stdout_error)
}

/// Flush standard output (its buffer holds the last line when it did not end in a newline).
pub fn flush_stdout() -> Result<()> {
    std::io::stdout().lock().flush().map_err(stdout_error)
}

/// Write `args` to standard error, ignoring a failure: progress lines and notes are not the
/// result, and a closed stderr (`2>&1 >/dev/null | head -c0`) must not stop the work that
/// writes the files (`eprint!` would panic there).
pub fn stderr(args: std::fmt::Arguments) {
    let _ = std::io::stderr().lock().write_fmt(args);
}

fn stdout_error(source: std::io::Error) -> Error {
    Error::Write {
        path: PathBuf::from(STDOUT_NAME),
        source,
    }
}

/// Whether `e` is a write to standard output whose reader has gone (EPIPE).
pub fn is_broken_pipe(e: &Error) -> bool {
    matches!(e, Error::Write { path, source }
        if path.as_os_str() == STDOUT_NAME && source.kind() == std::io::ErrorKind::BrokenPipe)
}

/// `value` as pretty JSON with a final newline.
pub fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).expect("reports serialise") + "\n"
}

/// Write every `(path, contents)` whole or none of them: each goes to a temporary file beside
/// its target, and only when all are written are they renamed into place; a target that is
/// not a new path or a regular file is refused ([`quzzle::files`]). Parent folders are
/// created (callers of an explicit `-o FILE` check its folder first, [`require_parent`]).
pub fn write_all(files: &[(PathBuf, Vec<u8>)]) -> Result<()> {
    quzzle::files::write_whole(files)
}

/// The file of `-o`, or `None` for standard output: no `-o`, or `-o -`.
pub fn file_or_stdout(out: &Option<PathBuf>) -> Option<&Path> {
    out.as_deref().filter(|p| p.as_os_str() != "-")
}

/// Refuse, before any work, an output file (`flag` names the option) that is not a new path
/// or an existing regular file: a folder, a symbolic link, a FIFO, a socket or a device would
/// be replaced by the rename that writes the file whole.
pub fn check_output_file(path: &Path, flag: &str) -> Result<()> {
    quzzle::files::check_output(path, flag)
}

/// Refuse, before any work, an output folder (`flag` names the option) that exists and is not
/// a folder (a link to a folder is a folder), and any of the `files` it would get (relative
/// to it) that is not a new path or a regular file.
pub fn check_output_folder(dir: &Path, flag: &str, files: &[&str]) -> Result<()> {
    if dir.exists() && !dir.is_dir() || !dir.exists() && dir.symlink_metadata().is_ok() {
        let kind = quzzle::files::non_regular_kind(dir).unwrap_or("a file");
        return Err(Error::WrongKind {
            what: flag.to_string(),
            path: dir.to_path_buf(),
            kind,
            expected: "a folder",
            note: "",
        });
    }
    for f in files {
        check_output_file(&dir.join(f), flag)?;
    }
    Ok(())
}

/// Refuse an explicit output file (`flag` names the option) whose folder does not exist,
/// unless the user asked for it to be created (`parents`): a typo must not create folders
/// (at the root of the file system, say). Checked before the work, so that nothing is
/// computed for an output that cannot be written.
pub fn require_parent(path: &Path, flag: &str, parents: bool) -> Result<()> {
    match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) if !parents && !dir.is_dir() => Err(Error::NoFolder {
            what: flag.to_string(),
            path: path.to_path_buf(),
            folder: dir.to_path_buf(),
        }),
        _ => Ok(()),
    }
}

/// The path a file at `path` would have, links resolved: the file's own when it exists, else
/// its folder's joined with its name; `None` when neither exists.
fn resolved(path: &Path) -> Option<PathBuf> {
    if let Ok(p) = path.canonicalize() {
        return Some(p);
    }
    let dir = match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(d) => d.canonicalize().ok()?,
        None => std::env::current_dir().ok()?,
    };
    Some(dir.join(path.file_name()?))
}

/// Refuse, before any work, an output that is one of the inputs (`qasm in.txt -o in.txt`
/// would replace the puzzle): compared after resolving links and `.`/`..`.
pub fn refuse_inputs(inputs: &[&Path], outputs: &[PathBuf]) -> Result<()> {
    for input in inputs {
        let Ok(input_resolved) = input.canonicalize() else {
            continue;
        };
        for out in outputs {
            if resolved(out).as_deref() == Some(input_resolved.as_path()) {
                return Err(Error::OutputIsInput {
                    output: out.to_path_buf(),
                    input: input.to_path_buf(),
                });
            }
        }
    }
    Ok(())
}

/// Write one file whole (see [`write_all`]).
pub fn write(path: &Path, text: &str) -> Result<()> {
    write_all(&[(path.to_path_buf(), text.as_bytes().to_vec())])
}

/// Bytes in human units: the library's one rule ([`quzzle::units::bytes_text`]).
pub fn human_bytes(bytes: f64) -> String {
    quzzle::units::bytes_text(bytes)
}
