//! A player's secrets of a game kept in the data folder: readable by that user alone (0600 on Unix), written atomically so a crash never loses them.

use ambush_data::atomic::write_atomically;
use std::path::Path;

/// Writes `text` to `path` (a secret: contributions and salts not yet revealed) so that only
/// the user may read it. The folder is made private too.
pub fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)?;
        restrict(folder, 0o700)?;
    }
    write_atomically(path, text)?;
    restrict(path, 0o600)
}

#[cfg(unix)]
fn restrict(path: &Path, mode: u32) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
}

/// Elsewhere the user's data folder is already the user's alone.
#[cfg(not(unix))]
fn restrict(_path: &Path, _mode: u32) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 25: "store them in the user's data folder with permissions 0600".
    #[cfg(unix)]
    #[test]
    fn a_secret_file_is_the_users_alone() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("ambush-pbem-store-{}", std::process::id()));
        let path = dir.join("game").join("secrets.ron");
        write_private(&path, "(contributions: [])").expect("written");
        let mode = |p: &Path| std::fs::metadata(p).expect("there").permissions().mode() & 0o777;
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(path.parent().expect("a folder")), 0o700);
        assert_eq!(
            std::fs::read_to_string(&path).expect("reads"),
            "(contributions: [])"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
