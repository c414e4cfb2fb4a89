//! Writing what a command produced: JSON text, and files written whole or not at all.

use quzzle::{Error, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// What write errors on standard output name as their path.
const STDOUT_NAME: &str = "standard output";

/// Write `args` to standard output, returning the error a `print!` would panic on.
pub fn stdout(args: std::fmt::Arguments) -> Result<()> {
    std::io::stdout().lock().write_fmt(args).map_err(stdout_error)
}

/// Flush standard output (its buffer holds the last line when it did not end in a newline).
pub fn flush_stdout() -> Result<()> {
    std::io::stdout().lock().flush().map_err(stdout_error)
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

/// A temporary file beside `path`, in the same folder so that the rename is atomic.
fn temporary(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Write every `(path, contents)` whole or none of them: each goes to a temporary file beside
/// its target, and only when all are written are they renamed into place. Parent folders are
/// created (callers of an explicit `-o FILE` check its folder first, [`require_parent`]).
pub fn write_all(files: &[(PathBuf, Vec<u8>)]) -> Result<()> {
    // A target that is a folder would fail its rename after the others were renamed.
    for (path, _) in files {
        if path.is_dir() {
            return Err(Error::Write {
                path: path.clone(),
                source: std::io::Error::new(std::io::ErrorKind::IsADirectory, "it is a folder"),
            });
        }
    }
    let mut written: Vec<(PathBuf, PathBuf)> = Vec::new();
    let mut renamed: Vec<PathBuf> = Vec::new();
    let result = (|| {
        for (path, contents) in files {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(|source| Error::Write {
                    path: dir.to_path_buf(),
                    source,
                })?;
            }
            let tmp = temporary(path);
            let werr = |source| Error::Write {
                path: path.clone(),
                source,
            };
            let mut f = std::fs::File::create(&tmp).map_err(werr)?;
            written.push((tmp.clone(), path.clone()));
            f.write_all(contents).and_then(|_| f.sync_all()).map_err(werr)?;
        }
        for (tmp, path) in &written {
            std::fs::rename(tmp, path).map_err(|source| Error::Write {
                path: path.clone(),
                source,
            })?;
            renamed.push(path.clone());
        }
        Ok(())
    })();
    if result.is_err() {
        for (tmp, _) in &written {
            let _ = std::fs::remove_file(tmp);
        }
        // None rather than some: a rename that failed after others leaves none of them.
        for path in &renamed {
            let _ = std::fs::remove_file(path);
        }
    }
    result
}

/// Refuse an explicit output file (`flag` names the option) whose folder does not exist,
/// unless the user asked for it to be created (`parents`): a typo must not create folders
/// (at the root of the file system, say). Checked before the work, so that nothing is
/// computed for an output that cannot be written.
pub fn require_parent(path: &Path, flag: &str, parents: bool) -> Result<()> {
    match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) if !parents && !dir.is_dir() => Err(Error::InvalidArgument(format!(
            "{flag} {}: the folder {} does not exist; create it first, or add --parents",
            path.display(),
            dir.display()
        ))),
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
                return Err(Error::InvalidArgument(format!(
                    "the output {} is the input {}: refusing to overwrite it",
                    out.display(),
                    input.display()
                )));
            }
        }
    }
    Ok(())
}

/// Write one file whole (see [`write_all`]).
pub fn write(path: &Path, text: &str) -> Result<()> {
    write_all(&[(path.to_path_buf(), text.as_bytes().to_vec())])
}

/// Bytes in human units: the library's one rule ([`quzzle::error::bytes_text`]).
pub fn human_bytes(bytes: f64) -> String {
    quzzle::error::bytes_text(bytes)
}
