//! Writing a file so that a crash at any moment leaves the old version or the new one, never a broken one.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// A temporary file older than this was left by a writer that crashed: no write takes so long.
const STALE_AFTER: Duration = Duration::from_secs(10 * 60);

/// How many fresh temporary names a write tries before it gives up (each try fails only when
/// the name is already taken, by another writer or by something planted there).
const NAME_TRIES: u32 = 16;

/// Writes `text` to `path` atomically: into a temporary file beside it, flushed to the disk,
/// then renamed over the old file (a rename within one folder is atomic). A `kill -9` at any
/// moment leaves either the previous file or the new one.
///
/// The temporary file is always a new one (`create_new`), so a link planted at its name is
/// never followed, and two writers never share one. Temporary files a crashed writer left
/// beside `path` are removed. A folder that cannot be synced is an error: the rename might not
/// survive a power cut.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let stamp = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    write_with_stamp(path, text, stamp)
}

/// `write_atomically`, its temporary names told apart by `stamp` (the clock's nanoseconds).
fn write_with_stamp(path: &Path, text: &str, stamp: u32) -> std::io::Result<()> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(folder)?;
    let name = path
        .file_name()
        .map_or_else(|| "save".into(), |n| n.to_string_lossy().into_owned());
    let (temp, mut file) = new_temporary(folder, &name, stamp)?;
    let result = (|| {
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temp, path)?;
        sync_folder(folder)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    remove_stale_temporaries(folder, &name);
    result
}

/// The prefix every temporary file for `name` starts with.
fn temporary_prefix(name: &str) -> String {
    format!(".{name}.")
}

/// A temporary file beside the target, created new: its name holds the process, the stamp and
/// a try count, and an existing file or link of that name makes the next try.
fn new_temporary(
    folder: &Path,
    name: &str,
    stamp: u32,
) -> std::io::Result<(PathBuf, std::fs::File)> {
    let mut last = None;
    for attempt in 0..NAME_TRIES {
        let temp = folder.join(format!(
            "{}{}-{stamp:09}-{attempt}.tmp",
            temporary_prefix(name),
            std::process::id()
        ));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
        {
            Ok(file) => return Ok((temp, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free temporary name")))
}

/// Makes the rename itself durable: it reaches the disk with the folder's entry.
#[cfg(unix)]
fn sync_folder(folder: &Path) -> std::io::Result<()> {
    std::fs::File::open(folder)?.sync_all()
}

/// Windows cannot open a folder as a file; its renames are durable once they return.
#[cfg(not(unix))]
fn sync_folder(_folder: &Path) -> std::io::Result<()> {
    Ok(())
}

/// Removes the temporary files for `name` that a crashed writer left: regular files or links
/// only (never followed), and only those old enough that no live writer still holds them.
fn remove_stale_temporaries(folder: &Path, name: &str) {
    let prefix = temporary_prefix(name);
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    // A folder of saves is small; the bound keeps a crowded one from stalling a save.
    for entry in entries.filter_map(Result::ok).take(4_096) {
        let file_name = entry.file_name();
        let Some(file_name) = file_name.to_str() else {
            continue;
        };
        if !(file_name.starts_with(&prefix) && file_name.ends_with(".tmp")) {
            continue;
        }
        let Ok(meta) = std::fs::symlink_metadata(entry.path()) else {
            continue;
        };
        let old = meta
            .modified()
            .ok()
            .and_then(|m| m.elapsed().ok())
            .is_some_and(|age| age > STALE_AFTER);
        if old && !meta.is_dir() {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ambush-atomic-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        dir
    }

    /// Links to `victim` at the first `count` temporary names a write stamped 7 would try.
    #[cfg(unix)]
    fn plant_links(dir: &Path, victim: &Path, count: u32) {
        for attempt in 0..count {
            let name = format!(
                ".autosave.ron.{}-000000007-{attempt}.tmp",
                std::process::id()
            );
            std::os::unix::fs::symlink(victim, dir.join(name)).expect("a planted link");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_link_planted_at_a_temporary_name_is_never_written_through() {
        let dir = scratch("planted");
        let victim = dir.join("victim.txt");
        std::fs::write(&victim, "untouched").expect("the victim");
        let target = dir.join("autosave.ron");
        plant_links(&dir, &victim, NAME_TRIES - 1);
        write_with_stamp(&target, "(saved)", 7).expect("the last try finds a fresh name");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "(saved)");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "untouched");
        // With every name taken the write fails, and still writes nothing through a link.
        std::fs::remove_file(&target).expect("the saved file");
        let name = format!(
            ".autosave.ron.{}-000000007-{}.tmp",
            std::process::id(),
            NAME_TRIES - 1
        );
        std::os::unix::fs::symlink(&victim, dir.join(name)).expect("the last link");
        let e = write_with_stamp(&target, "(saved)", 7).expect_err("no free name");
        assert_eq!(e.kind(), std::io::ErrorKind::AlreadyExists);
        assert!(!target.exists());
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "untouched");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn temporary_files_a_crashed_writer_left_are_cleaned_and_fresh_ones_kept() {
        let dir = scratch("stale");
        let stale = dir.join(".autosave.ron.999-000000001-0.tmp");
        let fresh = dir.join(".autosave.ron.998-000000002-0.tmp");
        let other = dir.join(".other.ron.999-000000001-0.tmp");
        for f in [&stale, &fresh, &other] {
            std::fs::write(f, "half a save").expect("a leftover");
        }
        let long_ago = SystemTime::now() - STALE_AFTER * 2;
        for f in [&stale, &other] {
            std::fs::File::options()
                .write(true)
                .open(f)
                .and_then(|h| h.set_modified(long_ago))
                .expect("an old time");
        }
        write_atomically(&dir.join("autosave.ron"), "(saved)").expect("a write");
        assert!(!stale.exists(), "the crashed writer's file is removed");
        assert!(fresh.exists(), "a live writer's file is kept");
        assert!(
            other.exists(),
            "another file's temporaries are its own writer's business"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
