//! The layers point one way, in the order `docs/architecture.md` lists them: a module of `src/` names only those listed before it, and the files of `src/rules/` never use each other back.

use crate::root;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The code of a file that is not test code: up to its first `#[cfg(test)]`, comments dropped.
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    strip(&text)
}

/// `text` up to its first `#[cfg(test)]`, with `//` comments dropped.
fn strip(text: &str) -> String {
    text.lines()
        .take_while(|l| !l.trim_start().starts_with("#[cfg(test)]"))
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every `.rs` file under `dir`, outside `tests/` folders.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "tests") {
                sources(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The first names reached through `prefix` in `code`: `crate::game::X` names `game`, and a
/// grouped import `crate::{ui, view::Y}` names `ui` and `view`.
fn named_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let word = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut named = BTreeSet::new();
    for (i, _) in code.match_indices(prefix) {
        // `xcrate::` or `foo_crate::` is another path.
        if code[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            continue;
        }
        let rest = &code[i + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // The names at the top level of the braces.
            let (mut depth, mut start) = (0usize, 0usize);
            for (k, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        named.insert(word(&group[start..k]));
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        named.insert(word(&group[start..k]));
                        start = k + 1;
                    }
                    _ => {}
                }
            }
        } else {
            named.insert(word(rest));
        }
    }
    named.remove("");
    named
}

/// Each top-level module of `src/` (a file or a folder, `lib` and `main` included) with the
/// names its code reaches from the crate's root: `crate::X`, `super::X` from a file whose parent
/// is the root, and `ambush::X` from the binary.
fn top_level_uses() -> BTreeMap<String, BTreeSet<String>> {
    let src = root().join("src");
    let mut modules = BTreeMap::new();
    for entry in std::fs::read_dir(&src).expect("src/") {
        let path = entry.expect("an entry").path();
        let Some(name) = path.file_stem().and_then(|s| s.to_str()).map(String::from) else {
            continue;
        };
        let mut named = BTreeSet::new();
        if path.is_dir() {
            let mut files = Vec::new();
            sources(&path, &mut files);
            for f in files {
                let code = code_of(&f);
                named.extend(named_after(&code, "crate::"));
                // `super::` from a folder's `mod.rs` reaches the root.
                if f.file_name().is_some_and(|n| n == "mod.rs") && f.parent() == Some(&path) {
                    named.extend(named_after(&code, "super::"));
                }
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            let code = code_of(&path);
            named.extend(named_after(&code, "crate::"));
            named.extend(named_after(&code, "super::"));
            if name == "main" {
                named.extend(named_after(&code, "ambush::"));
            }
        } else {
            continue;
        }
        named.remove(&name);
        modules.insert(name, named);
    }
    modules
}

/// The layers in order, as `docs/architecture.md` lists them: the lines `N. **`name`**`.
fn documented_layers() -> Vec<String> {
    let doc = std::fs::read_to_string(root().join("docs/architecture.md")).expect("the doc");
    doc.lines()
        .filter_map(|l| {
            let (number, rest) = l.split_once(". **`")?;
            number.trim().parse::<u32>().ok()?;
            Some(rest.split('`').next()?.to_string())
        })
        .collect()
}

/// Every use of a module that is not listed before the module using it, as `user → used`.
/// A name that is no module at all is an item of `lib.rs`, the root: a use of `lib`.
fn upward_edges(layers: &[String], uses: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let place = |m: &str| layers.iter().position(|l| l == m);
    let mut wrong = Vec::new();
    for (user, named) in uses {
        let Some(at) = place(user) else {
            wrong.push(format!("{user} is not in the layer list"));
            continue;
        };
        for used in named {
            let target = if uses.contains_key(used) || used == "ambush_data" {
                used.as_str()
            } else {
                "lib"
            };
            if target == "ambush_data" {
                continue;
            }
            if place(target).is_none_or(|t| t >= at) {
                wrong.push(format!("{user} → {target} (through `{used}`)"));
            }
        }
    }
    wrong
}

#[test]
fn each_module_of_src_uses_only_the_layers_listed_before_it() {
    let layers = documented_layers();
    assert!(
        layers.len() >= 10
            && layers.iter().any(|l| l == "rules")
            && layers.last().map(String::as_str) == Some("main"),
        "docs/architecture.md lists the layers as `N. **`name`**` lines, main last: {layers:?}"
    );
    let uses = top_level_uses();
    for module in uses.keys() {
        assert!(
            layers.contains(module),
            "{module} is not in docs/architecture.md's list"
        );
    }
    for layer in &layers {
        assert!(
            uses.contains_key(layer),
            "the list names {layer}, which src/ lacks"
        );
    }
    assert_eq!(upward_edges(&layers, &uses), Vec::<String>::new());
    // The rules are pure: they name nothing of the game above them.
    assert_eq!(uses["rules"], BTreeSet::new());
}

#[test]
fn an_upward_use_is_caught_in_every_form_it_can_take() {
    let layers: Vec<String> = ["rules", "play", "game", "ui", "lib", "main"]
        .map(String::from)
        .into();
    let uses_of = |user: &str, code: &str| {
        let mut uses: BTreeMap<String, BTreeSet<String>> = layers
            .iter()
            .map(|l| (l.clone(), BTreeSet::new()))
            .collect();
        let mut named = named_after(&strip(code), "crate::");
        named.extend(named_after(&strip(code), "super::"));
        named.remove(user);
        uses.insert(user.into(), named);
        upward_edges(&layers, &uses)
    };
    // Downward uses pass, plain or grouped.
    assert!(
        uses_of(
            "game",
            "use crate::rules::turn::Phase;\nuse crate::{play, rules::x};"
        )
        .is_empty()
    );
    // A plain path, a grouped import, a nested group and an item of the root all fail.
    assert_eq!(uses_of("play", "use crate::game::Game;").len(), 1);
    assert_eq!(uses_of("game", "use crate::{ui, rules};").len(), 1);
    assert_eq!(
        uses_of("game", "use crate::{rules::{a, b}, ui::{c}};").len(),
        1
    );
    assert_eq!(
        uses_of("game", "use crate::FrameSet;"),
        vec!["game → lib (through `FrameSet`)".to_string()]
    );
    assert_eq!(uses_of("play", "use super::headless_app;").len(), 1);
    // Test code and comments are not the module's code.
    assert!(
        uses_of(
            "rules",
            "// crate::ui::x\n#[cfg(test)]\nuse crate::game::y;"
        )
        .is_empty()
    );
}

/// For each file or folder directly in `dir`, the siblings its code names through `prefix`.
fn sibling_uses(dir: &Path, prefix: &str, skip: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let mut modules = BTreeMap::new();
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string();
        if skip.contains(&name.as_str())
            || !(path.is_dir() || path.extension().is_some_and(|e| e == "rs"))
        {
            continue;
        }
        let mut files = Vec::new();
        if path.is_dir() {
            sources(&path, &mut files);
        } else {
            files.push(path.clone());
        }
        let mut named = BTreeSet::new();
        for f in files {
            named.extend(named_after(&code_of(&f), prefix));
        }
        named.remove(&name);
        modules.insert(name, named);
    }
    let known: BTreeSet<String> = modules.keys().cloned().collect();
    for named in modules.values_mut() {
        named.retain(|n| known.contains(n));
    }
    modules
}

/// A loop in the graph, if there is one, as the modules along it.
fn a_loop(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == node) {
            let mut cycle = path[i..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(n, graph, &mut Vec::new(), &mut done))
}

#[test]
fn no_file_of_the_rules_uses_one_that_uses_it_back() {
    let graph = sibling_uses(
        &root().join("src/rules"),
        "crate::rules::",
        &["mod", "tests"],
    );
    assert!(graph.contains_key("phases") && graph.contains_key("ambush"));
    assert_eq!(a_loop(&graph), None, "{graph:#?}");
}

#[test]
fn the_loop_finder_finds_a_loop() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec![]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(
        a_loop(&graph),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
}
