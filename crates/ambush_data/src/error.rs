//! A data file's error with its file, line and column, and the one RON parser every data file goes through.

/// A data file that failed to load, with the place it failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct DataError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl DataError {
    /// An error at a known place in `file`.
    pub fn at(file: &str, line: usize, column: usize, message: impl Into<String>) -> Self {
        DataError {
            file: file.to_string(),
            line,
            column,
            message: message.into(),
        }
    }

    /// Wraps a ron parse error, keeping its line and column.
    pub fn from_ron(file: &str, err: &ron::error::SpannedError) -> Self {
        DataError {
            file: file.to_string(),
            line: err.span.start.line,
            column: err.span.start.col,
            message: err.code.to_string(),
        }
    }
}

/// The largest data file the game reads, in bytes: far above any real scenario or table.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// Reads `path` as UTF-8 text, naming it `shown` in errors: only a regular file (a named pipe
/// would block the read for ever, and a device such as `/dev/zero` never ends), and at most
/// `limit` bytes whatever its metadata says (a file may grow while it is read).
pub fn read_bounded(
    path: &std::path::Path,
    shown: &str,
    limit: usize,
) -> Result<String, DataError> {
    use std::io::Read;
    let fail = |why: String| DataError::at(shown, 1, 1, why);
    // Asked before opening: opening a named pipe waits for a writer.
    let meta = std::fs::metadata(path).map_err(|e| fail(format!("cannot open: {e}")))?;
    if !meta.is_file() {
        return Err(fail(
            "not a regular file (a folder, a pipe or a device); expected a data file".into(),
        ));
    }
    let file = std::fs::File::open(path).map_err(|e| fail(format!("cannot open: {e}")))?;
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(format!("cannot read: {e}")))?;
    if bytes.len() > limit {
        return Err(fail(format!(
            "the file is over {limit} bytes; a file of this kind may be at most {limit} bytes"
        )));
    }
    String::from_utf8(bytes).map_err(|e| fail(format!("not UTF-8 text: {e}")))
}

/// The most entries the game reads of any one folder it lists (mods, a mod's scenarios and
/// rules, saves): a folder of a million files is not listed in full on the main thread.
pub const MAX_FOLDER_ENTRIES: usize = 4_096;

/// The entries of `folder` (at most `MAX_FOLDER_ENTRIES`, in the order the system gives them),
/// as paths; none if it cannot be read.
pub fn folder_entries(folder: &std::path::Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(folder).map_or_else(
        |_| Vec::new(),
        |entries| {
            entries
                .filter_map(Result::ok)
                .take(MAX_FOLDER_ENTRIES)
                .map(|e| e.path())
                .collect()
        },
    )
}

/// The deepest nesting of brackets a data file may have (real files nest about six deep).
pub const MAX_NESTING: usize = 32;

/// Parses RON text into `T`, naming `file` in any error.
///
/// Every data file comes here, a stranger's mod included, so it refuses what serde would let
/// through: an oversized file, nesting deeper than `MAX_NESTING`, and numbers that are not
/// finite (`NaN`, `inf`, or too large for the game's 32-bit floats).
pub fn parse_ron<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    parse_ron_within(file, text, MAX_FILE_BYTES)
}

/// `parse_ron` for a kind of file with its own size limit (a long game's save file).
pub fn parse_ron_within<T: serde::de::DeserializeOwned>(
    file: &str,
    text: &str,
    max_bytes: usize,
) -> Result<T, DataError> {
    if text.len() > max_bytes {
        return Err(DataError::at(
            file,
            1,
            1,
            format!(
                "the file is {} bytes; a file of this kind may be at most {max_bytes} bytes",
                text.len()
            ),
        ));
    }
    if let Some((line, column, token)) = first_non_finite_number(text) {
        return Err(DataError::at(
            file,
            line,
            column,
            format!("`{token}` is not a finite number; expected an ordinary number"),
        ));
    }
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .with_recursion_limit(MAX_NESTING)
        .from_str(text)
        .map_err(|e| DataError::from_ron(file, &e))
}

/// The first number token outside strings and comments that RON would read as a non-finite
/// float, with its line and column (1-based).
pub(crate) fn first_non_finite_number(text: &str) -> Option<(usize, usize, String)> {
    let chars: Vec<char> = text.chars().collect();
    let (mut i, mut line, mut column) = (0, 1, 1);
    let step = |i: &mut usize, line: &mut usize, column: &mut usize| {
        if chars[*i] == '\n' {
            *line += 1;
            *column = 1;
        } else {
            *column += 1;
        }
        *i += 1;
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let starts_word = i == 0 || !(chars[i - 1].is_ascii_alphanumeric() || chars[i - 1] == '_');
        // A raw string (`r"…"`, `r#"…"#`, `br"…"`) has no escapes: a backslash before its closing
        // quote ends it, and reading it as an escape would read the rest of the file as string.
        let raw_at = match (c, next) {
            ('r', Some('"' | '#')) if starts_word => Some(i + 1),
            ('b', Some('r')) if starts_word && matches!(chars.get(i + 2), Some('"' | '#')) => {
                Some(i + 2)
            }
            _ => None,
        };
        if let Some(mut at) = raw_at {
            let mut hashes = 0;
            while chars.get(at) == Some(&'#') {
                hashes += 1;
                at += 1;
            }
            if chars.get(at) == Some(&'"') {
                while i <= at {
                    step(&mut i, &mut line, &mut column);
                }
                loop {
                    if i >= chars.len() {
                        break;
                    }
                    let closes =
                        chars[i] == '"' && (1..=hashes).all(|k| chars.get(i + k) == Some(&'#'));
                    step(&mut i, &mut line, &mut column);
                    if closes {
                        for _ in 0..hashes {
                            step(&mut i, &mut line, &mut column);
                        }
                        break;
                    }
                }
                continue;
            }
        }
        if c == '\'' {
            // A character: `'"'` holds no string, and `'\''` no end of one.
            step(&mut i, &mut line, &mut column);
            if i < chars.len() && chars[i] == '\\' {
                step(&mut i, &mut line, &mut column);
            }
            if i < chars.len() {
                step(&mut i, &mut line, &mut column);
            }
            while i < chars.len() && chars[i] != '\'' && chars[i] != '\n' {
                step(&mut i, &mut line, &mut column);
            }
            if i < chars.len() && chars[i] == '\'' {
                step(&mut i, &mut line, &mut column);
            }
        } else if c == '"' {
            // A string: skip to its closing quote, past escapes.
            step(&mut i, &mut line, &mut column);
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' && i + 1 < chars.len() {
                    step(&mut i, &mut line, &mut column);
                }
                step(&mut i, &mut line, &mut column);
            }
            if i < chars.len() {
                step(&mut i, &mut line, &mut column);
            }
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                step(&mut i, &mut line, &mut column);
            }
        } else if c == '/' && next == Some('*') {
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                step(&mut i, &mut line, &mut column);
            }
            for _ in 0..2 {
                if i < chars.len() {
                    step(&mut i, &mut line, &mut column);
                }
            }
        } else if c.is_ascii_alphanumeric() || c == '_' || c == '.' {
            let (at_line, at_column) = (line, column);
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric()
                    || matches!(chars[i], '_' | '.')
                    || (matches!(chars[i], '+' | '-')
                        && i > start
                        && matches!(chars[i - 1], 'e' | 'E')
                        && chars[start].is_ascii_digit()))
            {
                step(&mut i, &mut line, &mut column);
            }
            let word = &chars[start..i];
            // Only a word that could name a non-finite float or overflow one is looked at
            // closely: most words are field names and short numbers, and making each a string
            // was most of the cost of reading a long message.
            let could_be_named = matches!(word[0], 'N' | 'i') && word.len() <= 6;
            let could_overflow = word[0].is_ascii_digit()
                && (word.len() >= 39 || word.contains(&'e') || word.contains(&'E'));
            if !could_be_named && !could_overflow {
                continue;
            }
            let token: String = word.iter().collect();
            let named_non_finite = matches!(
                token.as_str(),
                "NaN" | "NaNf32" | "NaNf64" | "inf" | "inff32" | "inff64"
            );
            // Written out in full (`1000…0.0`) or with an exponent, a number past the largest
            // `f32` reads as infinity.
            let overflows = token.starts_with(|c: char| c.is_ascii_digit())
                && !["0x", "0b", "0o"].iter().any(|p| token.starts_with(p))
                && token
                    .trim_end_matches("f32")
                    .trim_end_matches("f64")
                    .replace('_', "")
                    .parse::<f64>()
                    .is_ok_and(|v| !v.is_finite() || v.abs() > f64::from(f32::MAX));
            if named_non_finite || overflows {
                return Some((at_line, at_column, token));
            }
        } else {
            step(&mut i, &mut line, &mut column);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_a_number_is_refused_where_it_stands() {
        let e = parse_ron::<(f32, f32)>("t.ron", "// NaN in a comment\n(1.0,\n  NaN)").unwrap_err();
        assert_eq!((e.line, e.column), (3, 3), "{e}");
        let e = parse_ron::<f32>("t.ron", "1e999").unwrap_err();
        assert!(e.message.contains("1e999"), "{e}");
        let e = parse_ron::<f32>("t.ron", "-inf").unwrap_err();
        assert_eq!((e.line, e.column), (1, 2), "{e}");
        assert!(parse_ron::<String>("t.ron", "\"NaN inf 1e999\"").is_ok());
        assert_eq!(parse_ron::<f32>("t.ron", "2.5e-3").unwrap(), 2.5e-3);
    }

    #[test]
    fn no_way_of_writing_a_number_or_a_string_slips_a_non_finite_number_past_the_scan() {
        // A number too large for an `f32` written out in full reads as infinity.
        let big = format!("1{}.0", "0".repeat(39));
        let e = parse_ron::<f32>("t.ron", &big).unwrap_err();
        assert_eq!((e.line, e.column), (1, 1), "{e}");
        assert!(parse_ron::<f32>("t.ron", &format!("1{}.0", "0".repeat(37))).is_ok());
        // A raw string ending in a backslash ends there: the NaN after it is seen.
        let e = parse_ron::<(String, f32)>("t.ron", "(r\"Night Raid \\\", NaN)").unwrap_err();
        assert_eq!((e.line, e.column), (1, 19), "{e}");
        let e = parse_ron::<(String, f32)>("t.ron", "(r#\"a \"quoted\" b\\\"#, NaN)").unwrap_err();
        assert!(e.message.contains("NaN"), "{e}");
        // A quote in a character starts no string.
        let e = parse_ron::<(char, f32)>("t.ron", "('\"', NaN)").unwrap_err();
        assert_eq!((e.line, e.column), (1, 7), "{e}");
        let e = parse_ron::<(char, f32)>("t.ron", "('\\'', NaN)").unwrap_err();
        assert!(e.message.contains("NaN"), "{e}");
        // Strings, raw or not, and characters are still read as themselves.
        assert_eq!(
            parse_ron::<(String, char, String)>("t.ron", "(r\"NaN\\\", 'x', \"inf\")").unwrap(),
            ("NaN\\".to_string(), 'x', "inf".to_string())
        );
    }

    #[test]
    fn deep_nesting_and_oversized_files_are_refused() {
        let deep = format!(
            "{}1{}",
            "[".repeat(MAX_NESTING + 5),
            "]".repeat(MAX_NESTING + 5)
        );
        let e = parse_ron::<ron::Value>("t.ron", &deep).unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        let huge = " ".repeat(MAX_FILE_BYTES + 1);
        let e = parse_ron::<ron::Value>("t.ron", &huge).unwrap_err();
        assert!(e.message.contains("at most"), "{e}");
    }
}
