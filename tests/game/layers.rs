//! The layers point one way: no loops between the top-level modules of `src/`, nor between the files and folders of `src/rules/`.

use crate::root;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The code of a file that is not test code: up to its first `#[cfg(test)]`, comments dropped.
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .take_while(|l| !l.trim_start().starts_with("#[cfg(test)]"))
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every `.rs` file under `dir`, outside `tests/` folders.
fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
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

/// For each module directly in `dir` (a file or a folder), the sibling modules its code names
/// through `prefix` (such as `crate::rules::`).
fn uses(dir: &Path, prefix: &str, skip: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
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
            let code = code_of(&f);
            for (i, _) in code.match_indices(prefix) {
                let rest = &code[i + prefix.len()..];
                let word: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !word.is_empty() && word != name {
                    named.insert(word);
                }
            }
        }
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
fn no_top_level_module_of_src_uses_one_that_uses_it_back() {
    // The layers issue: data → rules → control → game → input, view, ui, screen → window.
    let graph = uses(&root().join("src"), "crate::", &["lib", "main"]);
    assert!(graph.contains_key("rules") && graph.contains_key("game"));
    assert_eq!(a_loop(&graph), None, "{graph:#?}");
    // Rules are pure: they name nothing above them.
    assert_eq!(graph["rules"], BTreeSet::new());
}

#[test]
fn no_file_of_the_rules_uses_one_that_uses_it_back() {
    let graph = uses(
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
