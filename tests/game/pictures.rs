//! Every picture the README and `docs/` show is in the repository: a clone shows them all.

use crate::root;
use std::path::Path;

/// The local pictures a Markdown text shows: the targets of its `![…](…)` links that are not
/// web addresses.
fn pictures(markdown: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = markdown;
    while let Some(i) = rest.find("![") {
        rest = &rest[i + 2..];
        let Some(close) = rest.find("](") else { break };
        let after = &rest[close + 2..];
        let Some(end) = after.find(')') else { break };
        let target = after[..end].split_whitespace().next().unwrap_or("");
        if !target.contains("://") && !target.is_empty() {
            found.push(target.to_string());
        }
        rest = &after[end..];
    }
    found
}

#[test]
fn the_picture_finder_reads_markdown_image_links() {
    let text = "a ![one](docs/img/a.png) b ![two](https://x.org/b.png) ![t](img/c.svg \"title\")";
    assert_eq!(pictures(text), vec!["docs/img/a.png", "img/c.svg"]);
}

#[test]
fn every_picture_the_readme_and_docs_show_is_tracked_by_git() {
    let root = root();
    let mut texts = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).expect("docs/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            texts.push(path);
        }
    }
    let mut shown = Vec::new();
    for text in &texts {
        let dir = text.parent().unwrap_or(Path::new("."));
        for picture in pictures(&std::fs::read_to_string(text).expect("a doc")) {
            let path = dir.join(&picture);
            let relative = path.strip_prefix(&root).unwrap_or(&path).to_path_buf();
            shown.push((text.display().to_string(), relative));
        }
    }
    assert!(
        shown.len() >= 4,
        "the README shows its screenshots: {shown:?}"
    );
    for (text, picture) in &shown {
        assert!(
            root.join(picture).is_file(),
            "{text} shows {}, which is missing",
            picture.display()
        );
    }
    // A clone has only what git tracks (`*.png` is ignored outside `assets/` and `docs/img/`).
    let listed = std::process::Command::new("git")
        .arg("-C")
        .arg(&root)
        .arg("ls-files")
        .output();
    let listed = match listed {
        Ok(o) if o.status.success() => o,
        _ => panic!("`git ls-files` must run in the checkout to tell what a clone holds"),
    };
    let tracked = String::from_utf8_lossy(&listed.stdout);
    for (text, picture) in &shown {
        let name = picture.to_string_lossy().replace('\\', "/");
        assert!(
            tracked.lines().any(|l| l == name),
            "{text} shows {name}, which git does not track"
        );
    }
}
