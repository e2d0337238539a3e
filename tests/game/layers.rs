//! The layers point one way, in the order `docs/architecture.md` lists them, test code included: a module names only those listed before it, the engine crate names nothing of the game crate, and the files of a folder never use each other back.

use crate::root;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The code of a file, its tests included, with `//` comments dropped.
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    strip(&text)
}

/// `text` with `//` comments dropped.
fn strip(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every `.rs` file under `dir`, test folders included.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, out);
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
        // `xcrate::`, `foo_crate::` or `rules::ambush::` is another path.
        if code[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
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

/// `code` less the bodies of the modules written inline in it (`mod tests { ... }`), where
/// `super::` names the file's own module, not its parent.
fn outside_inline_modules(code: &str) -> String {
    by_inline_depth(code).swap_remove(0).1
}

/// What a file's code names of the layers: through its own crate's root (`crate::X`, and
/// `super::X` from a file whose parent is the root, outside its inline modules), and through
/// the root of each crate in `crates` (`ambush_engine::X`, `ambush::X`).
fn names_in(code: &str, reaches_root_by_super: bool, crates: &[&str]) -> BTreeSet<String> {
    let mut named = named_after(code, "crate::");
    if reaches_root_by_super {
        named.extend(named_after(&outside_inline_modules(code), "super::"));
    }
    for c in crates {
        named.extend(named_after(code, &format!("{c}::")));
    }
    named
}

/// Each top-level module of a crate's `src` (a file or a folder, `lib` and `main` included) with
/// the names its code reaches from the roots of its own crate and of `crates`.
fn top_level_uses(src: &Path, crates: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let mut modules = BTreeMap::new();
    for entry in std::fs::read_dir(src).expect("a crate's src/") {
        let path = entry.expect("an entry").path();
        let Some(name) = path.file_stem().and_then(|s| s.to_str()).map(String::from) else {
            continue;
        };
        let mut named = BTreeSet::new();
        if path.is_dir() {
            let mut files = Vec::new();
            sources(&path, &mut files);
            for f in files {
                // `super::` from a folder's `mod.rs` reaches the root.
                let top = f.file_name().is_some_and(|n| n == "mod.rs") && f.parent() == Some(&path);
                named.extend(names_in(&code_of(&f), top, crates));
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            named.extend(names_in(&code_of(&path), true, crates));
        } else {
            continue;
        }
        named.remove(&name);
        modules.insert(name, named);
    }
    modules
}

/// The layers of one crate in order, as `docs/architecture.md` lists them: the lines
/// `N. **`name`**` under the heading that names the crate's folder.
fn documented_layers(folder: &str) -> Vec<String> {
    let doc = std::fs::read_to_string(root().join("docs/architecture.md")).expect("the doc");
    let mut inside = false;
    let mut layers = Vec::new();
    for l in doc.lines() {
        if l.starts_with('#') {
            inside = l.starts_with("### ") && l.contains(&format!("`{folder}`"));
            continue;
        }
        let Some((number, rest)) = l.split_once(". **`") else {
            continue;
        };
        if inside && number.trim().parse::<u32>().is_ok() {
            layers.extend(rest.split('`').next().map(String::from));
        }
    }
    layers
}

/// Every use of a module that is not listed before the module using it, as `user → used`.
/// A name that is no module at all is an item of `lib.rs`, the root: a use of `lib`. Names in
/// `below` are layers of the crates underneath, which every module may use.
fn upward_edges(
    layers: &[String],
    uses: &BTreeMap<String, BTreeSet<String>>,
    below: &BTreeSet<String>,
) -> Vec<String> {
    let place = |m: &str| layers.iter().position(|l| l == m);
    let mut wrong = Vec::new();
    for (user, named) in uses {
        let Some(at) = place(user) else {
            wrong.push(format!("{user} is not in the layer list"));
            continue;
        };
        for used in named {
            if used == "ambush_data" || (below.contains(used) && !uses.contains_key(used)) {
                continue;
            }
            let target = if uses.contains_key(used) {
                used.as_str()
            } else {
                "lib"
            };
            if place(target).is_none_or(|t| t >= at) {
                wrong.push(format!("{user} → {target} (through `{used}`)"));
            }
        }
    }
    wrong
}

/// The layers a crate's list names and its folder holds, each in the other.
fn assert_listed(folder: &str, layers: &[String], uses: &BTreeMap<String, BTreeSet<String>>) {
    assert!(
        layers.len() >= 4
            && layers.last().map(String::as_str)
                == Some(if folder == "src/" { "main" } else { "lib" }),
        "docs/architecture.md lists {folder}'s layers as `N. **`name`**` lines under a `### ` heading naming `{folder}`: {layers:?}"
    );
    for module in uses.keys() {
        assert!(
            layers.contains(module),
            "{folder}{module} is not in docs/architecture.md's list"
        );
    }
    for layer in layers {
        assert!(
            uses.contains_key(layer),
            "the list names {layer}, which {folder} lacks"
        );
    }
}

#[test]
fn each_module_uses_only_the_layers_listed_before_it() {
    // The engine: it cannot name the game crate (the compiler sees to that), and its own
    // modules come in order.
    let engine_layers = documented_layers("crates/ambush_engine/src/");
    let engine = top_level_uses(&root().join("crates/ambush_engine/src"), &[]);
    assert_listed("crates/ambush_engine/src/", &engine_layers, &engine);
    assert_eq!(
        upward_edges(&engine_layers, &engine, &BTreeSet::new()),
        Vec::<String>::new()
    );
    // The rules are pure: they name nothing of the engine above them.
    assert_eq!(engine["rules"], BTreeSet::new());

    let layers = documented_layers("src/");
    let uses = top_level_uses(&root().join("src"), &["ambush", "ambush_engine"]);
    assert_listed("src/", &layers, &uses);
    let below: BTreeSet<String> = engine.keys().cloned().collect();
    assert_eq!(upward_edges(&layers, &uses, &below), Vec::<String>::new());
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
        let mut named = names_in(&strip(code), true, &["ambush"]);
        named.remove(user);
        uses.insert(user.into(), named);
        upward_edges(&layers, &uses, &BTreeSet::new())
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
    // In a module written inline, `super::` is the file's own module.
    assert!(uses_of("play", "mod tests { use super::headless_app; }").is_empty());
    assert_eq!(
        uses_of("play", "mod a { fn f() {} }\nuse super::headless_app;").len(),
        1
    );
    assert_eq!(uses_of("main", "ambush::game::x").len(), 0);
    assert!(uses_of("play", "use crate::rules::ambush::ui;").is_empty());
    // Test code counts; comments do not.
    assert_eq!(
        uses_of("rules", "#[cfg(test)]\nmod tests { use crate::game::y; }").len(),
        1
    );
    assert!(uses_of("rules", "// crate::ui::x").is_empty());
    // A layer of a crate below may be named from anywhere.
    let engine: BTreeSet<String> = ["rules".to_string()].into();
    let mut uses: BTreeMap<String, BTreeSet<String>> =
        [("game".to_string(), ["rules".to_string()].into())].into();
    uses.insert("main".into(), BTreeSet::new());
    assert!(upward_edges(&["game".into(), "main".into()], &uses, &engine).is_empty());
}

/// `code` cut at the modules written inline in it (`mod tests { ... }`): each piece with how many
/// such modules it lies in (`super::` names one module further up in each), the code outside
/// them first.
fn by_inline_depth(code: &str) -> Vec<(usize, String)> {
    let mut pieces = Vec::new();
    let mut inner = Vec::new();
    let mut rest = code;
    let mut outside = String::new();
    while let Some(at) = rest.find("mod ") {
        let after = &rest[at + 4..];
        let name_end = after
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        let opens = after[name_end..].trim_start().starts_with('{');
        let starts_word = !rest[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        if name_end == 0 || !opens || !starts_word {
            outside.push_str(&rest[..at + 4]);
            rest = after;
            continue;
        }
        outside.push_str(&rest[..at]);
        let body = &after[after.find('{').unwrap_or(0)..];
        let mut depth = 0usize;
        let mut end = body.len();
        for (k, c) in body.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        let inside = body.get(1..end.saturating_sub(1)).unwrap_or("");
        inner.extend(
            by_inline_depth(inside)
                .into_iter()
                .map(|(d, text)| (d + 1, text)),
        );
        rest = &body[end..];
    }
    outside.push_str(rest);
    pieces.push((0, outside));
    pieces.extend(inner);
    pieces
}

/// The siblings named in the code of a file `depth` modules below the folder of module
/// `folder` (`["editor"]`): through the crate's root (`crate::editor::draft`), through
/// `super::` once for each module between the code and the folder (`super::draft` in
/// `editor/files.rs`, `super::super::draft` in its `mod tests { }` or in `editor/files/open.rs`),
/// and through the items the folder's `mod.rs` re-exports from a sibling (`crate::editor::Draft`,
/// `reexports` maps `Draft` to `draft`). Test code counts as any other.
fn siblings_named(
    code: &str,
    depth: usize,
    folder: &[String],
    reexports: &BTreeMap<String, String>,
) -> BTreeSet<String> {
    let mut named = named_after(code, &format!("crate::{}::", folder.join("::")));
    for (inline, piece) in by_inline_depth(code) {
        named.extend(named_after(&piece, &"super::".repeat(depth + inline)));
    }
    named
        .into_iter()
        .map(|n| reexports.get(&n).cloned().unwrap_or(n))
        .collect()
}

/// The items a folder's `mod.rs` re-exports from its files, each with the file: `pub use
/// draft::{Draft, Origin};` maps `Draft` and `Origin` to `draft`.
fn reexports_of(mod_rs: &str) -> BTreeMap<String, String> {
    let mut items = BTreeMap::new();
    for statement in mod_rs.split(';') {
        let Some((_, used)) = statement.split_once("pub use ") else {
            continue;
        };
        let used = used.trim().trim_start_matches("self::");
        let Some((from, what)) = used.split_once("::") else {
            continue;
        };
        if from == "crate" || from == "super" {
            continue;
        }
        for item in what.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            if !item.is_empty() && item != "self" && item != "as" {
                items
                    .entry(item.to_string())
                    .or_insert_with(|| from.to_string());
            }
        }
    }
    items
}

/// For each file or folder directly in `dir`, the folder of module `folder`, the siblings its
/// code names, test code included (`siblings_named`); the folder's own `mod.rs` is their parent,
/// not a sibling.
fn sibling_uses(dir: &Path, folder: &[String]) -> BTreeMap<String, BTreeSet<String>> {
    let reexports = match std::fs::read_to_string(dir.join("mod.rs")) {
        Ok(text) => reexports_of(&strip(&text)),
        Err(_) => BTreeMap::new(),
    };
    let mut modules = BTreeMap::new();
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string();
        if name == "mod" || !(path.is_dir() || path.extension().is_some_and(|e| e == "rs")) {
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
            // `x.rs` and `x/mod.rs` are one module below `dir`, `x/y.rs` two.
            let below = f.strip_prefix(dir).map_or(1, |p| p.components().count());
            let depth = below - usize::from(f.file_name().is_some_and(|n| n == "mod.rs"));
            named.extend(siblings_named(&code_of(&f), depth, folder, &reexports));
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

/// Every folder of modules under a crate's `src` (the root itself left out: the layer list
/// orders it), with its module path.
fn module_folders(dir: &Path, path: &[String], out: &mut Vec<(PathBuf, Vec<String>)>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let sub = entry.expect("an entry").path();
        let Some(name) = sub.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if sub.is_dir() {
            let mut inner = path.to_vec();
            inner.push(name.to_string());
            out.push((sub.clone(), inner.clone()));
            module_folders(&sub, &inner, out);
        }
    }
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
fn no_file_uses_one_that_uses_it_back() {
    let mut checked = BTreeMap::new();
    for src in ["crates/ambush_data/src", "crates/ambush_engine/src", "src"] {
        let mut folders = Vec::new();
        module_folders(&root().join(src), &[], &mut folders);
        for (dir, folder) in folders {
            let name = format!("{src}/{}", folder.join("/"));
            let graph = sibling_uses(&dir, &folder);
            assert_eq!(a_loop(&graph), None, "{name}: {graph:#?}");
            checked.insert(name, graph);
        }
    }
    // The reading finds the uses it must: the rules' phases use their math, the editor's
    // workbench and checks use its draft (through `super::` and a re-export), and the screen
    // editor's tests use its balance panel.
    let rules = &checked["crates/ambush_engine/src/rules"];
    assert!(rules["phases"].contains("movement") && rules.contains_key("ambush"));
    let editor = &checked["src/editor"];
    assert!(editor["workbench"].contains("draft") && editor["checks"].contains("draft"));
    assert!(checked["src/screen/editor"]["tests"].contains("balance"));
}

#[test]
fn a_siblings_name_is_read_in_every_form_it_can_take() {
    let folder = ["editor".to_string()];
    let reexports = reexports_of("pub use draft::{Draft, Origin};\npub use files::{open, save};");
    assert_eq!(reexports["Origin"], "draft");
    let named = |code: &str, depth: usize| -> Vec<String> {
        siblings_named(&strip(code), depth, &folder, &reexports)
            .into_iter()
            .collect()
    };
    // From `editor/checks.rs`: `super::`, the crate's path, a grouped import, a re-export.
    assert_eq!(named("use super::draft::Draft;", 1), ["draft"]);
    assert_eq!(
        named("use crate::editor::{draft, files::x};", 1),
        ["draft", "files"]
    );
    assert_eq!(named("fn f() -> crate::editor::Origin {}", 1), ["draft"]);
    // In a test module written inline, `super::` is the file itself, `super::super::` the folder.
    assert_eq!(
        named(
            "#[cfg(test)]\nmod tests { use super::*; use super::super::files::x; }",
            1
        ),
        ["files"]
    );
    // From `editor/files/open.rs`, a folder further down.
    assert_eq!(
        named("use super::super::draft::Draft;\nuse super::error::E;", 2),
        ["draft"]
    );
    // Comments do not count.
    assert!(named("// use super::draft;", 1).is_empty());
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
