//! Writing what a command produced: JSON text, and files written whole or not at all.

use quzzle::{Error, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

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
/// created.
pub fn write_all(files: &[(PathBuf, Vec<u8>)]) -> Result<()> {
    let mut written: Vec<(PathBuf, PathBuf)> = Vec::new();
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
        }
        Ok(())
    })();
    if result.is_err() {
        for (tmp, _) in &written {
            let _ = std::fs::remove_file(tmp);
        }
    }
    result
}

/// Write one file whole (see [`write_all`]).
pub fn write(path: &Path, text: &str) -> Result<()> {
    write_all(&[(path.to_path_buf(), text.as_bytes().to_vec())])
}

/// Bytes in human units (binary prefixes).
pub fn human_bytes(bytes: f64) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut v = bytes;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < units.len() {
        v /= 1024.0;
        u += 1;
    }
    format!("{v:.1} {}", units[u])
}
