//! Safe names: a mod folder's or scenario file's name that is safe on every system the game runs on.

use super::error::FileError;

/// The longest mod folder or scenario file name the editor writes, in characters.
pub const MAX_FILE_NAME_CHARS: usize = 64;

/// Refuses a name that is unsafe as a file or folder name on any system the game runs on:
/// empty, longer than `MAX_FILE_NAME_CHARS`, with a path separator, `..`, a leading dot, a
/// control character or a character Windows forbids, a trailing dot or space, or one of
/// Windows' reserved device names (CON, PRN, AUX, NUL, COM0–COM9, LPT0–LPT9, with any
/// extension).
pub fn check_name(what: &'static str, name: &str) -> Result<(), FileError> {
    let refuse = |why: &str| {
        Err(FileError::UnsafeName {
            what,
            name: name.chars().take(MAX_FILE_NAME_CHARS + 8).collect(),
            why: why.to_string(),
        })
    };
    if name.is_empty() {
        return refuse("a name is needed");
    }
    if name.chars().count() > MAX_FILE_NAME_CHARS {
        return refuse(&format!("longer than {MAX_FILE_NAME_CHARS} characters"));
    }
    if name.contains("..") {
        return refuse("`..` could lead out of the folder");
    }
    if name.contains(['/', '\\']) {
        return refuse("a name may not hold `/` or `\\`");
    }
    if name.starts_with('.') {
        return refuse("a name starting with a dot is hidden");
    }
    if name.chars().any(char::is_control) {
        return refuse("a name may not hold control characters");
    }
    if name.contains(['<', '>', ':', '"', '|', '?', '*']) {
        return refuse("a name may not hold any of < > : \" | ? *");
    }
    if name.ends_with(['.', ' ']) || name.starts_with(' ') {
        return refuse("a name may not start with a space or end with a dot or a space");
    }
    let stem = name.split('.').next().unwrap_or(name).trim_end();
    let upper = stem.to_ascii_uppercase();
    let reserved = ["CON", "PRN", "AUX", "NUL"].contains(&upper.as_str())
        || ((upper.starts_with("COM") || upper.starts_with("LPT"))
            && upper.len() == 4
            && upper.as_bytes()[3].is_ascii_digit());
    if reserved {
        return refuse("a device name on Windows");
    }
    Ok(())
}

/// `name` less a final `.ron`, checked as a safe name.
pub(super) fn scenario_stem(name: &str) -> Result<&str, FileError> {
    let stem = name.strip_suffix(".ron").unwrap_or(name);
    check_name("scenario file", stem)?;
    Ok(stem)
}
