//! Writing a file so that a crash at any moment leaves the old version or the new one, never a broken one.

use std::io::Write;
use std::path::Path;

/// Writes `text` to `path` atomically: into a temporary file beside it, flushed to the disk,
/// then renamed over the old file (a rename within one folder is atomic). A `kill -9` at any
/// moment leaves either the previous file or the new one.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(folder)?;
    let name = path
        .file_name()
        .map_or_else(|| "save".into(), |n| n.to_string_lossy().into_owned());
    // One temporary name per process, so two writers never share one.
    let temp = folder.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temp, path)?;
        // The rename itself reaches the disk with the folder's entry.
        if let Ok(dir) = std::fs::File::open(folder) {
            let _ = dir.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}
