//! The crate's layers point one way: this test reads every source file under `rust/` (tests
//! aside: `tests/`, `*tests.rs` and the folders of test modules, `*_tests/`), takes the paths it names — its `use` lines and every inline `crate::…`,
//! `super::…` and `self::…` path — resolves each to the file of the module it reaches, and
//! fails on
//!
//! - a circle between files (a file that reaches itself through the files it names), and
//! - a file that names a module of a higher layer ([`LAYERS`]).
//!
//! A `mod` declaration is not an arrow (a parent declares its children); a `pub use` of a
//! child is. Comments, strings and `#[cfg(test)]` items are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The top-level modules from the bottom up; a module may name its own layer and those below.
const LAYERS: &[&[&str]] = &[
    &["error", "tiles", "rng"],
    &["hand"],
    &["eval"],
    &["outcome", "verdict"],
    &["profiles"],
    &["game"],
    &["bots"],
    &["selfplay", "rl"],
    &["py"],
    &[""], // the crate root, lib.rs
];

/// A source file and the module path it defines (`["eval", "shape"]`).
struct Source {
    file: String,
    module: Vec<String>,
    code: String,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rust")
}

fn sources() -> Vec<Source> {
    let mut out = Vec::new();
    let mut stack = vec![root()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            let rel = path
                .strip_prefix(root())
                .expect("under rust/")
                .to_path_buf();
            if path.is_dir() {
                // The crate's own tests and the folders of test modules (`x_tests/`).
                let tests = rel == Path::new("tests")
                    || rel
                        .file_name()
                        .is_some_and(|n| n.to_string_lossy().ends_with("_tests"));
                if !tests {
                    stack.push(path);
                }
                continue;
            }
            let name = rel.to_string_lossy().replace('\\', "/");
            if path.extension().is_none_or(|e| e != "rs") || name.ends_with("tests.rs") {
                continue;
            }
            let mut module: Vec<String> = name
                .trim_end_matches(".rs")
                .split('/')
                .map(str::to_owned)
                .collect();
            if module.last().is_some_and(|m| m == "mod" || m == "lib") {
                module.pop();
            }
            let text = fs::read_to_string(&path).expect("readable");
            out.push(Source {
                file: name,
                module,
                code: strip(&text),
            });
        }
    }
    out.sort_by(|a, b| a.file.cmp(&b.file));
    out
}

/// The code without comments, string and char literals, and `#[cfg(test)]` items.
fn strip(text: &str) -> String {
    let mut code = String::with_capacity(text.len());
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                code.push_str("\"\"");
            }
            b'\'' if b.get(i + 2) == Some(&b'\'') || b.get(i + 1) == Some(&b'\\') => {
                // A char literal ('x', '\n'); a lifetime has no closing quote.
                i += 1;
                while i < b.len() && b[i] != b'\'' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            _ => {
                let c = text[i..].chars().next().expect("a char");
                code.push(c);
                i += c.len_utf8();
            }
        }
    }
    drop_test_items(&code)
}

/// `code` without the items marked `#[cfg(test)]` (a `mod x;` line or a braced item).
fn drop_test_items(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "#[cfg(test)]".len()..];
        let semi = after.find(';').unwrap_or(after.len());
        let brace = after.find('{').unwrap_or(after.len());
        if semi < brace {
            rest = &after[semi + 1..];
            continue;
        }
        let mut depth = 0usize;
        let mut end = after.len();
        for (j, c) in after.char_indices().skip(brace) {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = j + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Expand one `use` tree (`a::{b, c::{d, e}}`) into its paths.
fn expand(tree: &str, prefix: &str, out: &mut Vec<String>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head = tree[..open].trim().trim_end_matches("::");
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let prefix = join(prefix, head);
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&inner[start..i], &prefix, out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(&inner[start..], &prefix, out);
    } else if !tree.is_empty() {
        let path = tree.split(" as ").next().unwrap_or(tree).trim();
        out.push(join(prefix, path));
    }
}

fn join(prefix: &str, tail: &str) -> String {
    match (prefix.is_empty(), tail.is_empty()) {
        (true, _) => tail.to_owned(),
        (_, true) => prefix.to_owned(),
        _ => format!("{prefix}::{tail}"),
    }
}

/// Every path a file names: its `use` trees and its inline `crate::`/`super::`/`self::`
/// paths.
fn named_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().next_back();
        let tail = &rest[at + 4..];
        rest = tail;
        if before.is_some_and(is_ident) {
            continue;
        }
        let end = tail.find(';').unwrap_or(tail.len());
        expand(&tail[..end], "", &mut out);
    }
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(at) = code[from..].find(start) {
            let at = from + at;
            from = at + start.len();
            if code[..at].chars().next_back().is_some_and(is_ident) {
                continue;
            }
            let path: String = code[at..]
                .chars()
                .take_while(|&c| is_ident(c) || c == ':')
                .collect();
            if code[at + path.len()..].starts_with('{') {
                continue; // the head of a use tree, read with its branches above
            }
            out.push(path.trim_end_matches(':').to_owned());
        }
    }
    out
}

/// The module a path reaches from `module` (the file's own module), as a module path: the
/// longest prefix that is a module of the crate.
fn resolve(
    path: &str,
    module: &[String],
    is_dir: bool,
    modules: &BTreeSet<Vec<String>>,
) -> Option<Vec<String>> {
    let mut segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let mut base: Vec<String> = match segs.first().copied() {
        Some("crate") => {
            segs.remove(0);
            Vec::new()
        }
        Some("super") => {
            // `super` of a folder's mod.rs is the folder's parent; of a file, its folder.
            let mut m = module.to_vec();
            while segs.first() == Some(&"super") {
                segs.remove(0);
                m.pop();
            }
            m
        }
        Some("self") => {
            segs.remove(0);
            module.to_vec()
        }
        Some(first) => {
            // A child module named without `self::` (edition 2018 paths).
            let mut child = module.to_vec();
            child.push(first.to_owned());
            if !modules.contains(&child) {
                return None; // an external crate or a name in scope
            }
            module.to_vec()
        }
        None => return None,
    };
    let _ = is_dir;
    let mut best = base.clone();
    for s in segs {
        base.push(s.to_owned());
        if modules.contains(&base) {
            best.clone_from(&base);
        } else {
            break;
        }
    }
    Some(best)
}

fn layer_of(module: &[String]) -> usize {
    let top = module.first().map_or("", String::as_str);
    LAYERS
        .iter()
        .position(|l| l.contains(&top))
        .unwrap_or_else(|| panic!("module {top:?} is in no layer of LAYERS"))
}

/// Every arrow between files: `file -> (file, the path that names it)`.
fn arrows(sources: &[Source]) -> BTreeMap<String, BTreeMap<String, String>> {
    let modules: BTreeSet<Vec<String>> = sources.iter().map(|s| s.module.clone()).collect();
    let file_of: BTreeMap<&Vec<String>, &str> = sources
        .iter()
        .map(|s| (&s.module, s.file.as_str()))
        .collect();
    let mut out: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for s in sources {
        let is_dir = s.file.ends_with("mod.rs");
        let edges = out.entry(s.file.clone()).or_default();
        for path in named_paths(&s.code) {
            let Some(target) = resolve(&path, &s.module, is_dir, &modules) else {
                continue;
            };
            let file = file_of[&target];
            if file != s.file && !target.is_empty() {
                edges.entry(file.to_owned()).or_insert(path);
            }
        }
    }
    out
}

/// The circles of `graph`: its strongly connected components of more than one file.
fn circles(graph: &BTreeMap<String, BTreeMap<String, String>>) -> Vec<Vec<String>> {
    let files: Vec<&String> = graph.keys().collect();
    let reach = |from: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(f) = stack.pop() {
            for to in graph.get(&f).into_iter().flat_map(BTreeMap::keys) {
                if seen.insert(to.clone()) {
                    stack.push(to.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> =
        files.iter().map(|f| (*f, reach(f))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for f in &files {
        if done.contains(*f) || !reaches[f].contains(*f) {
            continue;
        }
        let circle: Vec<String> = files
            .iter()
            .filter(|g| reaches[f].contains(**g) && reaches[**g].contains(*f))
            .map(|g| (*g).clone())
            .collect();
        done.extend(circle.iter().cloned());
        out.push(circle);
    }
    out
}

#[test]
fn no_circle_between_files() {
    let graph = arrows(&sources());
    let found = circles(&graph);
    let text: Vec<String> = found
        .iter()
        .map(|c| {
            let ties: Vec<String> = c
                .iter()
                .flat_map(|f| {
                    graph[f]
                        .iter()
                        .filter(|(to, _)| c.contains(to))
                        .map(move |(to, path)| format!("  {f} -> {to} ({path})"))
                })
                .collect();
            format!("{}\n{}", c.join(", "), ties.join("\n"))
        })
        .collect();
    assert!(
        found.is_empty(),
        "circles between files:\n{}",
        text.join("\n")
    );
}

#[test]
fn no_file_names_a_higher_layer() {
    let sources = sources();
    let graph = arrows(&sources);
    let module_of: BTreeMap<&str, &Vec<String>> = sources
        .iter()
        .map(|s| (s.file.as_str(), &s.module))
        .collect();
    let mut wrong = Vec::new();
    for (from, edges) in &graph {
        for (to, path) in edges {
            let (a, b) = (
                layer_of(module_of[from.as_str()]),
                layer_of(module_of[to.as_str()]),
            );
            if b > a {
                wrong.push(format!("{from} -> {to} ({path})"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "files that name a higher layer:\n{}",
        wrong.join("\n")
    );
}

/// The reader itself: a known circle and a known upward arrow are found.
#[test]
fn the_reader_sees_use_trees_and_inline_paths() {
    let mut paths = named_paths(&strip(
        "use crate::a::{b, c::{d, e as f}};\n// use crate::x;\nfn g() { super::h::i(); let s = \"crate::y\"; }\n#[cfg(test)]\nmod tests { use crate::z; }\n",
    ));
    paths.sort();
    assert_eq!(
        paths,
        [
            "crate::a::b",
            "crate::a::c::d",
            "crate::a::c::e",
            "super::h::i"
        ]
    );
    let mut graph: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    graph
        .entry("a".into())
        .or_default()
        .insert("b".into(), "p".into());
    graph
        .entry("b".into())
        .or_default()
        .insert("a".into(), "q".into());
    graph
        .entry("c".into())
        .or_default()
        .insert("a".into(), "r".into());
    assert_eq!(circles(&graph), vec![vec!["a".to_owned(), "b".to_owned()]]);
}
