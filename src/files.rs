//! Files that quzzle writes: what an output path may be, and writing whole or not at all.
//!
//! The rule for outputs: a path quzzle writes must be a new path or an existing regular file.
//! Anything else that already sits there (a folder, a symbolic link, even one to a regular
//! file, a FIFO, a socket, a device such as `/dev/null`) is refused, naming the path and what
//! it is: files are written to a temporary file beside the target and renamed over it, which
//! would replace the link or the device node itself.
//!
//! Writing is whole or not at all: every file goes to a temporary file in its own folder (so
//! that the rename is atomic), and only when all of a group are written are they renamed into
//! place. On any error the temporary files are removed, and the files of the group that were
//! already renamed are removed too, so a failure (a full disk, say) leaves neither a truncated
//! file under its final name nor a temporary one.

use crate::error::{Error, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// What sits at `path` when it is something an output may not replace (see the module notes);
/// `None` for a new path or a regular file. Links are not followed.
pub fn non_regular_kind(path: &Path) -> Option<&'static str> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    Some(if t.is_symlink() {
        "a symbolic link"
    } else if t.is_dir() {
        "a folder"
    } else {
        special_kind(&t)
    })
}

#[cfg(unix)]
fn special_kind(t: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_fifo() {
        "a FIFO (named pipe)"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &std::fs::FileType) -> &'static str {
    "a special file"
}

/// Refuse an output `path` that is not a new path or a regular file (`what` names it for the
/// user: a flag such as `-o`, or "output").
pub fn check_output(path: &Path, what: &str) -> Result<()> {
    match non_regular_kind(path) {
        None => Ok(()),
        Some(kind) => Err(Error::WrongKind {
            what: what.to_string(),
            path: path.to_path_buf(),
            kind,
            expected: "a regular file",
            note: "; outputs go only to a new path or over a regular file, which is replaced whole",
        }),
    }
}

/// The temporary file beside `target`: hidden, with the process id, and ending in the
/// target's own extension (so that what lists files by type still knows it).
pub fn temporary(target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let ext = target
        .extension()
        .map_or_else(String::new, |e| format!(".{}", e.to_string_lossy()));
    target.with_file_name(format!(".{name}.{}.tmp{ext}", std::process::id()))
}

/// A group of files written whole or not at all: each is staged in a temporary file, and
/// [`Staged::commit`] renames them all into place. Dropped without a commit (an error on the
/// way), it removes every temporary file it staged.
#[derive(Debug, Default)]
pub struct Staged {
    /// (temporary, target) pairs, in the order staged.
    pending: Vec<(PathBuf, PathBuf)>,
}

impl Staged {
    /// An empty group.
    pub fn new() -> Staged {
        Staged::default()
    }

    /// Check `target` ([`check_output`]), create its folder, and return the temporary path to
    /// write it to (removed again unless committed).
    fn temporary_for(&mut self, target: &Path) -> Result<PathBuf> {
        check_output(target, "output")?;
        if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| Error::Write {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        let tmp = temporary(target);
        self.pending.push((tmp.clone(), target.to_path_buf()));
        Ok(tmp)
    }

    /// Stage `contents` for `target`, written and synced to disk.
    pub fn write(&mut self, target: &Path, contents: &[u8]) -> Result<()> {
        let tmp = self.temporary_for(target)?;
        let werr = |source| Error::Write {
            path: target.to_path_buf(),
            source,
        };
        let mut f = std::fs::File::create(&tmp).map_err(werr)?;
        f.write_all(contents).and_then(|()| f.sync_all()).map_err(werr)
    }

    /// Rename every staged file into place; on a failure, the ones already renamed are
    /// removed too (none rather than some), and the temporary files with them.
    pub fn commit(mut self) -> Result<()> {
        let pending = std::mem::take(&mut self.pending);
        let mut renamed: Vec<&Path> = Vec::new();
        for (i, (tmp, target)) in pending.iter().enumerate() {
            // Checked again: something may have appeared there since it was staged.
            let checked = check_output(target, "output");
            let result = checked.and_then(|()| {
                std::fs::rename(tmp, target).map_err(|source| Error::Write {
                    path: target.clone(),
                    source,
                })
            });
            if let Err(e) = result {
                for path in &renamed {
                    let _ = std::fs::remove_file(path);
                }
                for (tmp, _) in &pending[i..] {
                    let _ = std::fs::remove_file(tmp);
                }
                return Err(e);
            }
            renamed.push(target);
        }
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        for (tmp, _) in &self.pending {
            // Nothing to report when it was never created.
            let _ = std::fs::remove_file(tmp);
        }
    }
}

/// Write every `(path, contents)` whole or none of them (see [`Staged`]). Parent folders are
/// created.
pub fn write_whole(files: &[(PathBuf, Vec<u8>)]) -> Result<()> {
    // Every target checked before anything is written.
    for (path, _) in files {
        check_output(path, "output")?;
    }
    let mut staged = Staged::new();
    for (path, contents) in files {
        staged.write(path, contents)?;
    }
    staged.commit()
}

/// Write a folder whole: every `(name, contents)` into a new hidden folder beside `dir`, then
/// one rename puts it at `dir`. A `dir` that already exists is first set aside, renamed to
/// `DIR.replaced-<seconds since 1970>` (returned), never merged into: files of an earlier run
/// (counts measured for other circuits, say) stay with the run they belong to, and a process
/// killed at any point leaves either the old folder, the new one, or no folder at `dir` with
/// the old one set aside, never a mix.
pub fn write_folder_whole(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<Option<PathBuf>> {
    let name = dir
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let parent = dir
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).map_err(|source| Error::Write {
        path: parent.to_path_buf(),
        source,
    })?;
    let staging = parent.join(format!(".{name}.{}.tmp", std::process::id()));
    let werr = |path: &Path| {
        let path = path.to_path_buf();
        move |source| Error::Write { path, source }
    };
    // A folder left by an earlier process of the same id is not ours to keep; nor is one of a
    // process that is gone (killed while it wrote this target).
    let _ = std::fs::remove_dir_all(&staging);
    remove_stale_staging(parent, &name);
    std::fs::create_dir(&staging).map_err(werr(&staging))?;
    let staged = (|| -> Result<()> {
        for (file, contents) in files {
            let path = staging.join(file);
            let mut f = std::fs::File::create(&path).map_err(werr(&dir.join(file)))?;
            f.write_all(contents)
                .and_then(|()| f.sync_all())
                .map_err(werr(&dir.join(file)))?;
        }
        Ok(())
    })();
    if let Err(e) = staged {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(e);
    }
    let set_aside = if dir.symlink_metadata().is_ok() {
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let mut aside = parent.join(format!("{name}.replaced-{seconds}"));
        let mut n = 1;
        while aside.symlink_metadata().is_ok() {
            n += 1;
            aside = parent.join(format!("{name}.replaced-{seconds}-{n}"));
        }
        if let Err(source) = std::fs::rename(dir, &aside) {
            let _ = std::fs::remove_dir_all(&staging);
            return Err(Error::Write {
                path: dir.to_path_buf(),
                source,
            });
        }
        Some(aside)
    } else {
        None
    };
    std::fs::rename(&staging, dir).map_err(werr(dir))?;
    Ok(set_aside)
}

/// Remove the staging folders `.NAME.PID.tmp` that [`write_folder_whole`] left in `parent`
/// for the target `name` when its process was killed: those of a process id that no longer
/// runs (Linux: no `/proc/PID`). Where processes cannot be looked up, they are left alone.
fn remove_stale_staging(parent: &Path, name: &str) {
    let proc_root = Path::new("/proc");
    if !proc_root.join("self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(pid) = file
            .to_str()
            .and_then(|f| f.strip_prefix(&prefix))
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .filter(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
        else {
            continue;
        };
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        if is_dir && pid != std::process::id().to_string() && !proc_root.join(pid).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// A JSON record read whole (a sweep's settings and shard record, a solve report to resume); a
/// file that does not parse is `not <what> of this quzzle version` (an older layout, or no such
/// record at all), with the line.
pub(crate) fn read_json<T: serde::de::DeserializeOwned>(path: &Path, what: &str) -> Result<T> {
    let text = std::fs::read_to_string(path).map_err(|source| Error::Read {
        path: path.to_path_buf(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|e| {
        Error::parse(
            &path.display().to_string(),
            e.line(),
            format!("not {what} of this quzzle version: {e}"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staging_folders_of_dead_processes_are_removed() {
        let d = scratch("stale");
        let target = d.join("exp");
        // Process ids stop far below 999999999 on Linux; process 1 always runs.
        let dead = d.join(".exp.999999999.tmp");
        let alive = d.join(".exp.1.tmp");
        let other = d.join(".other.999999999.tmp");
        for f in [&dead, &alive, &other] {
            std::fs::create_dir_all(f).unwrap();
            std::fs::write(f.join("p01.json"), "half").unwrap();
        }
        write_folder_whole(&target, &[("a.json".to_string(), b"1".to_vec())]).unwrap();
        if Path::new("/proc/self").exists() {
            assert!(!dead.exists(), "{:?}", names(&d));
        }
        assert!(alive.exists() && other.exists(), "{:?}", names(&d));
    }

    #[test]
    fn a_folder_is_written_whole_and_an_old_one_set_aside() {
        let d = scratch("folder");
        let target = d.join("exp");
        let first = vec![
            ("a.json".to_string(), b"1".to_vec()),
            ("b.json".to_string(), b"2".to_vec()),
        ];
        assert_eq!(write_folder_whole(&target, &first).unwrap(), None);
        assert_eq!(names(&target), ["a.json", "b.json"]);
        std::fs::write(target.join("a.counts.json"), "old counts").unwrap();
        let second = vec![("a.json".to_string(), b"3".to_vec())];
        let aside = write_folder_whole(&target, &second)
            .unwrap()
            .expect("the old folder is set aside");
        // The new folder holds only the new files; the old one keeps all of its own.
        assert_eq!(names(&target), ["a.json"]);
        assert_eq!(std::fs::read(target.join("a.json")).unwrap(), b"3");
        assert_eq!(names(&aside), ["a.counts.json", "a.json", "b.json"]);
        // A file that cannot be written leaves the folder as it was, and no staging folder.
        let bad = vec![("no/such/dir.json".to_string(), b"x".to_vec())];
        assert!(write_folder_whole(&target, &bad).is_err());
        assert_eq!(names(&target), ["a.json"]);
        assert!(names(&d).iter().all(|n| !n.ends_with(".tmp")), "{:?}", names(&d));
    }

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("quzzle-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn links_folders_and_devices_are_not_replaced() {
        let d = scratch("kinds");
        std::fs::write(d.join("real"), "keep").unwrap();
        std::fs::create_dir(d.join("folder")).unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(d.join("real"), d.join("link")).unwrap();
        assert_eq!(non_regular_kind(&d.join("new")), None);
        assert_eq!(non_regular_kind(&d.join("real")), None);
        assert_eq!(non_regular_kind(&d.join("folder")), Some("a folder"));
        #[cfg(unix)]
        {
            assert_eq!(non_regular_kind(&d.join("link")), Some("a symbolic link"));
            if Path::new("/dev/null").exists() {
                assert_eq!(non_regular_kind(Path::new("/dev/null")), Some("a character device"));
            }
            let err = write_whole(&[(d.join("link"), b"new".to_vec())])
                .unwrap_err()
                .to_string();
            assert!(err.contains("link") && err.contains("a symbolic link"), "{err}");
            assert!(std::fs::symlink_metadata(d.join("link"))
                .unwrap()
                .file_type()
                .is_symlink());
        }
        assert_eq!(std::fs::read_to_string(d.join("real")).unwrap(), "keep");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_group_is_whole_or_absent_and_leaves_no_temporary_file() {
        let d = scratch("group");
        write_whole(&[(d.join("a"), b"1".to_vec()), (d.join("b"), b"2".to_vec())]).unwrap();
        assert_eq!(names(&d), ["a", "b"]);
        // A folder appears at the second target after both are staged: the rename fails,
        // the first target renamed is removed again, no temporary file is left.
        let mut staged = Staged::new();
        staged.write(&d.join("c"), b"3").unwrap();
        staged.write(&d.join("e"), b"4").unwrap();
        std::fs::create_dir(d.join("e")).unwrap();
        assert!(staged.commit().is_err());
        assert_eq!(names(&d), ["a", "b", "e"]);
        // Dropped without a commit: nothing.
        let mut staged = Staged::new();
        staged.write(&d.join("f"), b"5").unwrap();
        drop(staged);
        assert_eq!(names(&d), ["a", "b", "e"]);
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn temporaries_keep_the_extension() {
        let t = temporary(Path::new("out/fig.png"));
        assert_eq!(t.extension().unwrap(), "png");
        assert!(t.file_name().unwrap().to_string_lossy().starts_with(".fig.png."));
    }
}
