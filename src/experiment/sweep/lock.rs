//! One sweep per output folder: `sweep.lock` holds the holder's pid and host. A second sweep
//! on the same folder is refused (two appenders would interleave rows and both recompute the
//! missing ones); a lock whose process is gone is taken over. The lock is removed when the
//! [`SweepLock`] is dropped, so on success, on error and on a panic that unwinds.

use crate::error::{Error, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The lock file's name in a sweep's output folder.
pub const LOCK_FILE: &str = "sweep.lock";

/// A held sweep lock; dropping it removes the file.
#[derive(Debug)]
pub struct SweepLock {
    path: PathBuf,
    /// What happened to a stale lock found there, for the user (`None` when there was none).
    pub note: Option<String>,
}

impl Drop for SweepLock {
    fn drop(&mut self) {
        // Nothing to report if it is already gone.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// This machine's name (empty when it cannot be read).
fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .map(|s| s.trim().to_string())
        .unwrap_or_default()
}

/// Whether process `pid` runs on this machine. Without /proc it is assumed alive: refusing is
/// the safe mistake.
fn process_alive(pid: u32) -> bool {
    if !Path::new("/proc/self").exists() {
        return true;
    }
    Path::new(&format!("/proc/{pid}")).exists()
}

/// Take the lock of the sweep folder `dir` (created if missing).
pub fn lock_sweep_folder(dir: &Path) -> Result<SweepLock> {
    let path = dir.join(LOCK_FILE);
    let werr = |source| Error::Write {
        path: path.clone(),
        source,
    };
    std::fs::create_dir_all(dir).map_err(|source| Error::Write {
        path: dir.to_path_buf(),
        source,
    })?;
    let host = host_name();
    let mut note = None;
    // Two tries: the second after removing a stale lock.
    for _ in 0..2 {
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(mut f) => {
                // One write: a reader never sees a pid without its host.
                f.write_all(format!("pid {}\nhost {host}\n", std::process::id()).as_bytes())
                    .and_then(|_| f.flush())
                    .map_err(werr)?;
                return Ok(SweepLock { path, note });
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                let field = |name: &str| {
                    text.lines()
                        .find_map(|l| l.strip_prefix(name).map(|v| v.trim().to_string()))
                };
                let pid = field("pid ").and_then(|p| p.parse::<u32>().ok());
                let their_host = field("host ").unwrap_or_default();
                match pid {
                    Some(pid) if their_host != host => {
                        return Err(Error::Locked {
                            lock: path,
                            pid: Some(pid),
                            host: Some(their_host),
                        })
                    }
                    Some(pid) if process_alive(pid) => {
                        return Err(Error::Locked {
                            lock: path,
                            pid: Some(pid),
                            host: None,
                        })
                    }
                    _ => {
                        // The holder is gone (or the file is not a lock we can read: it was
                        // killed between creating and writing it).
                        note = Some(format!(
                            "{}: took over a stale lock ({})",
                            path.display(),
                            pid.map_or("no readable pid".to_string(), |p| format!("pid {p} is not running"))
                        ));
                        std::fs::remove_file(&path).or_else(|e| {
                            if e.kind() == std::io::ErrorKind::NotFound {
                                Ok(())
                            } else {
                                Err(werr(e))
                            }
                        })?;
                    }
                }
            }
            Err(e) => return Err(werr(e)),
        }
    }
    Err(Error::Locked {
        lock: path,
        pid: None,
        host: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_lock_refuses_a_second_and_a_stale_one_is_taken_over() {
        let dir = std::env::temp_dir().join(format!("quzzle-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let held = lock_sweep_folder(&dir).unwrap();
        assert!(held.note.is_none());
        let err = lock_sweep_folder(&dir).unwrap_err().to_string();
        assert!(err.contains(&format!("pid {}", std::process::id())), "{err}");
        drop(held);
        assert!(!dir.join(LOCK_FILE).exists(), "dropping removes the lock");
        // pid 0 never names a process of /proc: stale.
        std::fs::write(dir.join(LOCK_FILE), format!("pid 0\nhost {}\n", host_name())).unwrap();
        let taken = lock_sweep_folder(&dir).unwrap();
        assert!(
            taken.note.as_deref().unwrap().contains("pid 0 is not running"),
            "{:?}",
            taken.note
        );
        drop(taken);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
