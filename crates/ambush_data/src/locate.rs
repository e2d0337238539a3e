//! The RON locator: a small tokenizer and a walk down a field path, turning a path into a line and column.
//!
//! It never fails: whatever part of the path it cannot find, it answers with the nearest place
//! found so far, or 1:1.

/// One step of a field path into the RON text: a struct field, a list/tuple element, or a map's
/// entry by its key (a troop type, a weapon's name: written `"key": value` or `Key: value`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seg {
    Key(&'static str),
    Item(usize),
    Entry(String),
}

use Seg::{Entry, Item, Key};

/// A path from the top of a file to one field, e.g. `units[2].at`.
pub type FieldPath = Vec<Seg>;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Tok<'a> {
    Ident(&'a str),
    /// A string, with the text between its quotes as written.
    Str(&'a str),
    Punct(char),
    Other,
}

#[derive(Debug, Clone, Copy)]
struct Token<'a> {
    tok: Tok<'a>,
    line: usize,
    column: usize,
}

/// Characters of `text` with their byte offsets, tracking 1-based line and column.
struct Cursor<'a> {
    text: &'a str,
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    line: usize,
    column: usize,
}

impl<'a> Cursor<'a> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().map(|&(_, c)| c)
    }
    /// The character after the next one.
    fn peek2(&self) -> Option<char> {
        let mut it = self.chars.clone();
        it.next();
        it.next().map(|(_, c)| c)
    }
    fn offset(&mut self) -> usize {
        self.chars
            .peek()
            .map(|&(i, _)| i)
            .unwrap_or(self.text.len())
    }
    fn bump(&mut self) -> Option<char> {
        let (_, c) = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }
}

fn lex<'a>(text: &'a str) -> Vec<Token<'a>> {
    let mut cur = Cursor {
        text,
        chars: text.char_indices().peekable(),
        line: 1,
        column: 1,
    };
    let mut out = Vec::new();
    while let Some(c) = cur.peek() {
        let (line, column) = (cur.line, cur.column);
        let push = |out: &mut Vec<Token<'a>>, tok: Tok<'a>| out.push(Token { tok, line, column });
        if c.is_whitespace() {
            cur.bump();
        } else if c == '/' && cur.peek2() == Some('/') {
            while let Some(c) = cur.bump() {
                if c == '\n' {
                    break;
                }
            }
        } else if c == '/' && cur.peek2() == Some('*') {
            cur.bump();
            cur.bump();
            let mut depth = 1usize;
            while depth > 0 {
                match cur.bump() {
                    None => break,
                    Some('*') if cur.peek() == Some('/') => {
                        cur.bump();
                        depth -= 1;
                    }
                    Some('/') if cur.peek() == Some('*') => {
                        cur.bump();
                        depth += 1;
                    }
                    Some(_) => {}
                }
            }
        } else if c == '"' {
            cur.bump();
            let start = cur.offset();
            let mut end = start;
            while let Some(c) = cur.bump() {
                match c {
                    '\\' => {
                        cur.bump();
                    }
                    '"' => break,
                    _ => {}
                }
                end = cur.offset();
            }
            push(&mut out, Tok::Str(text.get(start..end).unwrap_or("")));
        } else if c == 'r' && matches!(cur.peek2(), Some('"') | Some('#')) {
            // A raw string r"..." or r#"..."#.
            cur.bump();
            let mut hashes = 0usize;
            while cur.peek() == Some('#') {
                cur.bump();
                hashes += 1;
            }
            if cur.peek() == Some('"') {
                cur.bump();
                'raw: while let Some(c) = cur.bump() {
                    if c == '"' {
                        let mut n = 0;
                        while n < hashes && cur.peek() == Some('#') {
                            cur.bump();
                            n += 1;
                        }
                        if n == hashes {
                            break 'raw;
                        }
                    }
                }
                push(&mut out, Tok::Str(""));
            } else {
                push(&mut out, Tok::Other);
            }
        } else if c == '\'' {
            cur.bump();
            if cur.peek() == Some('\\') {
                cur.bump();
                cur.bump();
            }
            while let Some(c) = cur.bump() {
                if c == '\'' || c == '\n' {
                    break;
                }
            }
            push(&mut out, Tok::Other);
        } else if c.is_alphabetic() || c == '_' {
            let start = cur.offset();
            while cur.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
                cur.bump();
            }
            let end = cur.offset();
            push(&mut out, Tok::Ident(text.get(start..end).unwrap_or("")));
        } else if c.is_ascii_digit() || c == '.' {
            while cur
                .peek()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
            {
                cur.bump();
            }
            push(&mut out, Tok::Other);
        } else {
            cur.bump();
            push(&mut out, Tok::Punct(c));
        }
    }
    out
}

fn is_open(t: Option<&Token>) -> bool {
    matches!(t.map(|t| t.tok), Some(Tok::Punct('(' | '[' | '{')))
}

fn is_close(t: Option<&Token>) -> bool {
    matches!(t.map(|t| t.tok), Some(Tok::Punct(')' | ']' | '}')))
}

fn is_punct(t: Option<&Token>, p: char) -> bool {
    t.map(|t| t.tok) == Some(Tok::Punct(p))
}

/// The index just past the value starting at `i`: at the next `,` or closer of the enclosing group.
fn skip_value(toks: &[Token], mut i: usize) -> usize {
    let mut depth = 0usize;
    while let Some(t) = toks.get(i) {
        if is_open(Some(t)) {
            depth += 1;
        } else if is_close(Some(t)) {
            if depth == 0 {
                return i;
            }
            depth -= 1;
        } else if depth == 0 && is_punct(Some(t), ',') {
            return i;
        }
        i += 1;
    }
    i
}

/// The index of the opening bracket of the value at `i` (looking through `Some(..)` and a
/// struct or variant name), and whether that was `Some(..)`.
fn open_of(toks: &[Token], i: usize) -> Option<usize> {
    let t = toks.get(i)?;
    match t.tok {
        Tok::Ident("Some") if is_punct(toks.get(i + 1), '(') => {
            // `Some(value)`: the group of the inner value, unless the inner value is bare.
            let inner = i + 2;
            if is_open(toks.get(inner))
                || matches!(toks.get(inner).map(|t| t.tok), Some(Tok::Ident(_)))
            {
                open_of(toks, inner)
            } else {
                Some(i + 1)
            }
        }
        Tok::Ident(_) if is_open(toks.get(i + 1)) => Some(i + 1),
        Tok::Punct('(' | '[' | '{') => Some(i),
        _ => None,
    }
}

/// Element starts inside the group opened at `open`, with the field name when it is `name: value`.
/// Returns (element token index, value token index, field name).
fn elements<'a>(toks: &[Token<'a>], open: usize) -> Vec<(usize, usize, Option<&'a str>)> {
    let mut out = Vec::new();
    let mut i = open + 1;
    loop {
        if is_close(toks.get(i)) || toks.get(i).is_none() {
            return out;
        }
        let (value, name) = match toks.get(i).map(|t| t.tok) {
            Some(Tok::Ident(k) | Tok::Str(k)) if is_punct(toks.get(i + 1), ':') => (i + 2, Some(k)),
            _ => (i, None),
        };
        out.push((i, value, name));
        i = skip_value(toks, value);
        if is_punct(toks.get(i), ',') {
            i += 1;
        } else {
            return out;
        }
    }
}

/// The index of the top-level value, past any `#![enable(..)]` attributes.
fn top_value(toks: &[Token]) -> usize {
    let mut i = 0;
    while is_punct(toks.get(i), '#') {
        i += 1;
        if is_punct(toks.get(i), '!') {
            i += 1;
        }
        if is_open(toks.get(i)) {
            i = skip_value(toks, i + 1) + 1;
        }
    }
    i
}

/// Line and column of the place `path` names in `text`, or of the nearest place found on the
/// way, or 1:1.
pub fn locate(text: &str, path: &[Seg]) -> (usize, usize) {
    locate_depth(text, path).1
}

/// How many steps of `path` were found in `text`, and the line and column of the deepest: of
/// several texts that may hold a field (a mod's patch, the bundled table), the one that holds
/// most of its path is the one that wrote it.
pub fn locate_depth(text: &str, path: &[Seg]) -> (usize, (usize, usize)) {
    let toks = lex(text);
    let toks = toks.as_slice();
    let mut best = (1, 1);
    let mut depth = 0;
    let mut value = top_value(toks);
    if let Some(t) = toks.get(value) {
        best = (t.line, t.column);
    }
    for seg in path {
        let Some(open) = open_of(toks, value) else {
            break;
        };
        let elems = elements(toks, open);
        let found = match seg {
            Key(key) => elems.iter().find(|(_, _, name)| *name == Some(*key)),
            Entry(key) => elems
                .iter()
                .find(|(_, _, name)| *name == Some(key.as_str())),
            Item(n) => elems.get(*n),
        };
        let Some(&(at, v, _)) = found else {
            break;
        };
        if let Some(t) = toks.get(at) {
            best = (t.line, t.column);
        }
        depth += 1;
        value = v;
    }
    (depth, best)
}

/// The path of a field written with dots, as the rule tables' checks name it:
/// `troops.Colonial.movement`, `morale_loss_fraction.1`, `sections[2].edge`. A part that is a
/// number is an element of a list or tuple; any other part is a field or a map's key.
pub fn dotted_path(field: &str) -> FieldPath {
    let mut path = Vec::new();
    for part in field.split('.') {
        let (name, items) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        match name.parse::<usize>() {
            Ok(n) => path.push(Item(n)),
            Err(_) if !name.is_empty() => path.push(Entry(name.to_string())),
            Err(_) => {}
        }
        for item in items.split('[').filter(|s| !s.is_empty()) {
            if let Ok(n) = item.trim_end_matches(']').parse::<usize>() {
                path.push(Item(n));
            }
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dotted_field_walks_fields_map_keys_and_elements() {
        assert_eq!(
            dotted_path("troops.Colonial.movement"),
            vec![
                Entry("troops".into()),
                Entry("Colonial".into()),
                Entry("movement".into())
            ]
        );
        assert_eq!(
            dotted_path("morale_loss_fraction.1"),
            vec![Entry("morale_loss_fraction".into()), Item(1)]
        );
        assert_eq!(
            dotted_path("sections[2][0].edge"),
            vec![
                Entry("sections".into()),
                Item(2),
                Item(0),
                Entry("edge".into())
            ]
        );
        let text = "(\n  troops: {\n    \"Colonial\": (\n      base: (1.0, 1.0),\n      movement: (straight_forward: -1000.0),\n    ),\n  },\n)";
        let path = dotted_path("troops.Colonial.movement.straight_forward");
        assert_eq!(locate_depth(text, &path), (4, (5, 18)));
        // A map keyed by an enum writes its keys bare.
        let text = "(ranges: {\n  Rifle: (medium: 8.0),\n})";
        assert_eq!(locate(text, &dotted_path("ranges.Rifle.medium")), (2, 11));
    }

    #[test]
    fn locator_falls_back_and_never_panics() {
        assert_eq!(locate("", &[Key("units"), Item(3)]), (1, 1));
        let toks = "#![enable(implicit_some)]\n/* c /* nested */ */ Scenario(\n  a: r#\"x\"# ,\n  units: [ (label: 'c'), ],\n)";
        assert_eq!(
            locate(toks, &[Key("units"), Item(0), Key("label")]),
            (4, 13)
        );
        assert_eq!(locate(toks, &[Key("units"), Item(5)]), (4, 3));
        assert_eq!(locate(toks, &[Key("nothing")]), (2, 22));
        for text in [
            "(",
            "\"",
            "r#\"",
            "/*",
            "'",
            "(a: [(b: ",
            "Some(Some(",
            ")))",
        ] {
            let _ = locate(text, &[Key("a"), Item(0), Key("b")]);
        }
    }
}
