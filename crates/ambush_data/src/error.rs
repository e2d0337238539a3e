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

/// Parses RON text into `T`, naming `file` in any error.
pub fn parse_ron<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(text)
        .map_err(|e| DataError::from_ron(file, &e))
}
