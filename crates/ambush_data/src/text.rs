//! Names from a stranger's file as a player sees them: which characters are invisible, printing them so none can rewrite a terminal, and the shape two names share when they look alike.

use unicode_general_category::{GeneralCategory, get_general_category};

/// Whether `c` shows nothing by itself: a control or format character (bidi overrides and
/// isolates, zero-width spaces and joiners, the byte-order mark, soft hyphens), a separator
/// other than the plain space, or one of the letters drawn as blank space (the Hangul fillers,
/// the blank Braille pattern).
pub fn is_invisible(c: char) -> bool {
    matches!(
        get_general_category(c),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
            | GeneralCategory::Unassigned
            | GeneralCategory::Surrogate
            | GeneralCategory::PrivateUse
    ) || matches!(
        c,
        '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{2800}'
    ) || (c.is_whitespace() && c != ' ')
}

/// What is wrong with `label` as a name a player must read and tell apart, if anything: no
/// visible character at all, or an invisible one inside it (which makes "M1" and "M1" plus a
/// zero-width space two names that look alike).
pub fn label_problem(label: &str) -> Option<String> {
    if let Some((at, c)) = label.chars().enumerate().find(|(_, c)| is_invisible(*c)) {
        return Some(format!(
            "the label holds an invisible character ({}, character {}); use letters, digits and plain spaces",
            c.escape_unicode(),
            at + 1
        ));
    }
    if label.trim().is_empty() {
        return Some("the label is empty".into());
    }
    None
}

/// `text` as a terminal or a log may show it: every control character but a line break, and
/// every format character (a right-to-left override would reorder what follows it), written as
/// an escape instead, so a name from a stranger's file cannot recolour, rewrite or reorder the
/// lines around it.
pub fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c != '\n' && (c.is_control() || get_general_category(c) == GeneralCategory::Format) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// The shape of `label` as it looks: invisible characters left out, full-width forms and the
/// Cyrillic and Greek letters drawn as Latin ones read as those. Two labels with one shape look
/// the same to a player ("М1" in Cyrillic and "M1").
pub fn look_alike(label: &str) -> String {
    label
        .chars()
        .filter(|c| !is_invisible(*c))
        .map(|c| match c {
            // Full-width ASCII, as East Asian input methods type it.
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            _ => LATIN_LOOKS
                .iter()
                .find(|(from, _)| *from == c)
                .map_or(c, |(_, to)| *to),
        })
        .collect()
}

/// Letters of other scripts drawn like Latin letters or digits in the fonts the game uses.
const LATIN_LOOKS: &[(char, char)] = &[
    // Cyrillic capitals and small letters.
    ('А', 'A'),
    ('В', 'B'),
    ('Е', 'E'),
    ('К', 'K'),
    ('М', 'M'),
    ('Н', 'H'),
    ('О', 'O'),
    ('Р', 'P'),
    ('С', 'C'),
    ('Т', 'T'),
    ('Х', 'X'),
    ('У', 'Y'),
    ('Ѕ', 'S'),
    ('І', 'I'),
    ('Ј', 'J'),
    ('Ԛ', 'Q'),
    ('Ԝ', 'W'),
    ('а', 'a'),
    ('е', 'e'),
    ('о', 'o'),
    ('р', 'p'),
    ('с', 'c'),
    ('у', 'y'),
    ('х', 'x'),
    ('ѕ', 's'),
    ('і', 'i'),
    ('ј', 'j'),
    ('һ', 'h'),
    ('ԁ', 'd'),
    ('ԛ', 'q'),
    ('ԝ', 'w'),
    // Greek capitals and small letters.
    ('Α', 'A'),
    ('Β', 'B'),
    ('Ε', 'E'),
    ('Ζ', 'Z'),
    ('Η', 'H'),
    ('Ι', 'I'),
    ('Κ', 'K'),
    ('Μ', 'M'),
    ('Ν', 'N'),
    ('Ο', 'O'),
    ('Ρ', 'P'),
    ('Τ', 'T'),
    ('Υ', 'Y'),
    ('Χ', 'X'),
    ('ο', 'o'),
    ('ν', 'v'),
    // Number forms and letterlike symbols.
    ('ℓ', 'l'),
    ('Ⅰ', 'I'),
    ('Ⅴ', 'V'),
    ('Ⅹ', 'X'),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_and_look_alike_labels_are_told_from_plain_ones() {
        // Issue 37: "М1" (Cyrillic), "M1" followed by a zero-width space, and a label that is
        // only a zero-width space were all accepted.
        assert_eq!(label_problem("M1"), None);
        assert_eq!(label_problem("Sgt Kowalski"), None);
        assert!(label_problem("\u{200B}").is_some());
        assert!(label_problem("M1\u{200B}").unwrap().contains("character 3"));
        assert!(label_problem("M\u{202E}1").is_some());
        assert!(label_problem("\u{3164}").is_some());
        assert!(label_problem("  ").is_some());
        assert_eq!(look_alike("М1"), "M1");
        assert_eq!(look_alike("Ｍ１"), "M1");
        assert_eq!(look_alike("Α2"), "A2");
        assert_ne!(look_alike("M1"), look_alike("M2"));
    }

    #[test]
    fn a_printed_name_cannot_reorder_or_rewrite_the_terminal() {
        // Issue 37: "U+202E (and the other bidi controls) still reach it raw".
        assert_eq!(plain("J1"), "J1");
        assert_eq!(plain("a\u{202E}b"), "a\\u{202e}b");
        assert_eq!(plain("\u{1b}[31m"), "\\u{1b}[31m");
        assert_eq!(plain("x\u{2066}y\u{200B}"), "x\\u{2066}y\\u{200b}");
        assert_eq!(plain("two\nlines"), "two\nlines");
        assert_eq!(plain("Été"), "Été");
    }
}
