//! Whether a RON file holds hand-written comments, which saving a draft over it would lose.

use ambush_data::error::{MAX_FILE_BYTES, read_bounded};
use std::path::Path;

/// Whether RON `text` holds a comment (`//` or `/*` outside strings and characters), which
/// saving a draft over it would lose.
pub fn has_comments(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    // Only ASCII bytes are compared, and no byte of a multi-byte UTF-8 character is ASCII.
    while i < b.len() {
        match b[i] {
            b'/' if matches!(b.get(i + 1), Some(b'/' | b'*')) => return true,
            b'"' => i = after_string(b, i + 1),
            b'\'' => {
                // A character: 'a', '\'', '"'.
                i += 1;
                if b.get(i) == Some(&b'\\') {
                    i += 2;
                }
                while i < b.len() && b[i] != b'\'' {
                    i += 1;
                }
                i += 1;
            }
            b'r' if !b[..i]
                .last()
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') =>
            {
                // A raw string r"…" or r#"…"#, whose quotes and backslashes are plain text.
                let hashes = b[i + 1..].iter().take_while(|c| **c == b'#').count();
                if b.get(i + 1 + hashes) == Some(&b'"') {
                    i = after_raw_string(b, i + 2 + hashes, hashes);
                } else {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    false
}

/// The index after the closing quote of a string whose text starts at `i`.
fn after_string(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// The index after the closing `"` and `hashes` hashes of a raw string whose text starts at `i`.
fn after_raw_string(b: &[u8], mut i: usize, hashes: usize) -> usize {
    while i < b.len() {
        if b[i] == b'"'
            && b[i + 1..]
                .iter()
                .take(hashes)
                .filter(|c| **c == b'#')
                .count()
                == hashes
        {
            return i + 1 + hashes;
        }
        i += 1;
    }
    b.len()
}

/// Whether the file at `path` holds comments; false when it does not exist or cannot be read.
pub fn file_has_comments(path: &Path) -> bool {
    read_bounded(path, &path.display().to_string(), MAX_FILE_BYTES)
        .is_ok_and(|text| has_comments(&text))
}
