//! The invariants ARCHITECTURE.md states about the code's structure, checked on the
//! source itself: the layers (a module names only modules of lower layers), no
//! import circle between files, no `mem::forget` outside `main.rs`, a thin `main.rs`,
//! and a doc comment saying what each module is for.
//!
//! The source is read as text: every `crate::a::b` path and every `super::` path
//! outside test code names the module it leads to. Test code (`#[cfg(test)]` items and
//! `tests.rs` files) may reach anywhere and is left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common;

/// Every `.rs` file under `src/`, as a path relative to the repository root.
fn source_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&common::root().join("src"), &mut files);
    files.sort();
    files
}

/// The module path of a file: `src/diff/schema/core.rs` is `["diff", "schema", "core"]`,
/// a `mod.rs` its folder's, `lib.rs` and `main.rs` the root.
fn module_of(file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(common::root().join("src")).unwrap();
    let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap();
    match last.as_str() {
        "mod.rs" | "lib.rs" | "main.rs" => {}
        name => parts.push(name.trim_end_matches(".rs").to_owned()),
    }
    parts
}

/// The text of a file without comments, string contents and test code.
fn code_of(text: &str) -> String {
    let mut code = String::with_capacity(text.len());
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            // Skip the item the attribute applies to: one line ending in `;`, or a block.
            let mut depth = 0i32;
            let mut opened = false;
            for next in lines.by_ref() {
                let next = strip_strings(next);
                depth += next.matches('{').count() as i32 - next.matches('}').count() as i32;
                opened |= next.contains('{');
                if (opened && depth <= 0) || (!opened && next.trim_end().ends_with(';')) {
                    break;
                }
            }
            continue;
        }
        let line = strip_strings(line);
        let line = line.split("//").next().unwrap_or_default();
        code.push_str(line);
        code.push('\n');
    }
    code
}

/// `line` with the contents of its string literals blanked (so that a path or a brace
/// in a message is not read as code).
fn strip_strings(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut in_string = false;
    let mut escaped = false;
    for c in line.chars() {
        match (in_string, c) {
            (true, _) if escaped => escaped = false,
            (true, '\\') => escaped = true,
            (true, '"') => {
                in_string = false;
                out.push('"');
            }
            (true, _) => {}
            (false, '"') => {
                in_string = true;
                out.push('"');
            }
            (false, _) => out.push(c),
        }
    }
    out
}

/// The modules a file's code names, as module paths: `crate::a::b::Item` and
/// `super::x` resolved against the file's own module (`items` lists every module
/// there is, so that an item's name is not taken for a module).
fn named_modules(file: &Path, items: &BTreeSet<Vec<String>>) -> BTreeSet<Vec<String>> {
    let module = module_of(file);
    let code = code_of(&std::fs::read_to_string(file).unwrap());
    let mut found = BTreeSet::new();
    let bytes = code.as_bytes();
    let word = |at: usize| at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
    for (at, _) in code.match_indices("crate::").chain(code.match_indices("super::")) {
        if !word(at) || (at >= 2 && &code[at - 2..at] == "::") {
            continue;
        }
        let path: Vec<&str> = code[at..]
            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .next()
            .unwrap_or_default()
            .split("::")
            .filter(|s| !s.is_empty())
            .collect();
        let mut resolved: Vec<String> = Vec::new();
        let mut rest = path.as_slice();
        if rest.first() == Some(&"crate") {
            rest = &rest[1..];
        } else {
            // `super::` counts from the file's module (a `mod.rs` is its folder's).
            resolved = module.clone();
            while rest.first() == Some(&"super") {
                resolved.pop();
                rest = &rest[1..];
            }
        }
        for segment in rest {
            let mut deeper = resolved.clone();
            deeper.push((*segment).to_owned());
            if !items.contains(&deeper) {
                break;
            }
            resolved = deeper;
        }
        found.insert(resolved);
    }
    found
}

/// The layers ARCHITECTURE.md lists, lowest first: each a set of top-level modules.
fn layers() -> Vec<BTreeSet<String>> {
    let text = std::fs::read_to_string(common::root().join("ARCHITECTURE.md")).unwrap();
    let table = text.split("## Layers").nth(1).expect("ARCHITECTURE.md has a section `## Layers`");
    let mut layers = Vec::new();
    for row in table.lines().filter(|l| l.starts_with('|')).skip(2) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let modules = cells[2].split(',').map(|m| m.trim().trim_matches('`').to_owned()).collect();
        layers.push(modules);
    }
    // The table lists the highest layer first, as a reader meets the code.
    layers.reverse();
    layers
}

#[test]
fn every_module_names_only_modules_of_lower_layers() {
    let layers = layers();
    let layer_of: BTreeMap<&str, usize> =
        layers.iter().enumerate().flat_map(|(i, modules)| modules.iter().map(move |m| (m.as_str(), i))).collect();
    let files = source_files();
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(f)).collect();
    let mut problems = Vec::new();
    for file in &files {
        let module = module_of(file);
        let Some(top) = module.first() else { continue };
        let Some(&own) = layer_of.get(top.as_str()) else {
            problems.push(format!("{}: the module `{top}` is in no layer of ARCHITECTURE.md", file.display()));
            continue;
        };
        for named in named_modules(file, &modules) {
            let Some(other) = named.first() else { continue };
            if other == top {
                continue;
            }
            match layer_of.get(other.as_str()) {
                Some(&layer) if layer < own => {}
                Some(_) => problems.push(format!(
                    "{}: `{top}` names `{}`, which is not in a lower layer",
                    file.strip_prefix(common::root()).unwrap().display(),
                    named.join("::")
                )),
                // A macro or a re-export at the crate's root (`declare_rule!`, `inventory`).
                None => {}
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Every top-level module is placed.
    let placed: BTreeSet<&str> = layer_of.keys().copied().collect();
    let tops: BTreeSet<&str> = modules.iter().filter_map(|m| m.first().map(String::as_str)).collect();
    assert_eq!(placed, tops, "ARCHITECTURE.md's layers and src/'s top-level modules differ");
}

#[test]
fn no_file_imports_a_file_that_imports_it() {
    let files = source_files();
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(f)).collect();
    // A file and the folder module that declares it are one unit: `mod.rs` declares
    // and re-exports, its children name what it gathers.
    let related = |a: &[String], b: &[String]| a.starts_with(b) || b.starts_with(a);
    let edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = files
        .iter()
        .map(|f| {
            let module = module_of(f);
            let named = named_modules(f, &modules).into_iter().filter(|n| !related(n, &module)).collect();
            (module, named)
        })
        .collect();
    let mut circles = Vec::new();
    for (module, named) in &edges {
        // A circle through `module`: a module it names that reaches it back.
        for first in named {
            let mut seen = BTreeSet::new();
            let mut stack = vec![first.clone()];
            while let Some(at) = stack.pop() {
                if !seen.insert(at.clone()) {
                    continue;
                }
                if related(&at, module) && at != *first {
                    circles.push(format!("{} -> {} -> … -> {}", module.join("::"), first.join("::"), at.join("::")));
                    break;
                }
                if related(&at, module) {
                    circles.push(format!("{} <-> {}", module.join("::"), first.join("::")));
                    break;
                }
                // Follow the named module and every file inside it.
                for (other, next) in &edges {
                    if other.starts_with(&at) {
                        stack.extend(next.iter().cloned());
                    }
                }
            }
        }
    }
    assert!(circles.is_empty(), "import circles:\n{}", circles.join("\n"));
}

#[test]
fn only_main_skips_freeing_and_main_stays_thin() {
    let mut forgets = Vec::new();
    for file in source_files() {
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        if code.contains("mem::forget") && !file.ends_with("src/main.rs") {
            forgets.push(file.display().to_string());
        }
    }
    assert!(forgets.is_empty(), "mem::forget outside main.rs: {forgets:?}");
    let main = code_of(&std::fs::read_to_string(common::root().join("src/main.rs")).unwrap());
    let lines = main.lines().filter(|l| !l.trim().is_empty()).count();
    assert!(lines <= 150, "src/main.rs has {lines} lines of code; commands belong in src/commands/");
}

/// A module says what it is for in its `//!` comment; a rule's file, in the rule's
/// own documentation (`declare_rule!` or `declare_diff_rule!`, which `explain` prints).
#[test]
fn every_module_says_what_it_is_for() {
    let missing: Vec<String> = source_files()
        .into_iter()
        .filter(|f| !f.ends_with("tests.rs") && !f.iter().any(|p| p == "tests"))
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            !text.trim_start().starts_with("//!")
                && !text.contains("declare_rule! {")
                && !text.contains("declare_diff_rule! {")
        })
        .map(|f| f.strip_prefix(common::root()).unwrap().display().to_string())
        .collect();
    assert!(missing.is_empty(), "modules without a `//!` doc comment: {missing:?}");
}

/// Every rule, of whichever kind, is declared in a file of its own under a `rules/`
/// folder, named by its code (`cli-argument-form` in `rules/cli_argument_form.rs`), so
/// that `explain` can say where it lives and a reader finds it by its code.
#[test]
fn every_rule_lives_in_a_rules_folder_in_a_file_named_by_its_code() {
    let mut misplaced = Vec::new();
    for file in source_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let relative = file.strip_prefix(common::root()).unwrap().display().to_string();
        let codes: Vec<&str> = text
            .split("declare_rule! {")
            .skip(1)
            .chain(text.split("declare_diff_rule! {").skip(1))
            .filter_map(|block| block.split_once("code: \"")?.1.split_once('"').map(|(code, _)| code))
            .collect();
        // The macros' own definitions and their doc examples declare `example-*` rules.
        let codes: Vec<&str> = codes.into_iter().filter(|code| !code.starts_with("example")).collect();
        if codes.is_empty() {
            continue;
        }
        let in_rules_folder = file.parent().is_some_and(|dir| dir.ends_with("rules"));
        let named_by_code =
            codes.len() == 1 && file.file_stem().is_some_and(|stem| *stem == *codes[0].replace('-', "_"));
        if !in_rules_folder || !named_by_code {
            misplaced.push(format!("{relative}: {}", codes.join(", ")));
        }
    }
    assert!(
        misplaced.is_empty(),
        "rules declared outside a file of their own under `rules/`:\n{}",
        misplaced.join("\n")
    );
}

/// Every file a command writes leaves through `src/emit/write.rs`, staged and renamed
/// into place: no other module creates or writes a file.
#[test]
fn every_output_leaves_through_the_one_writer() {
    let writers: Vec<String> = source_files()
        .into_iter()
        .filter(|f| !f.ends_with("src/emit/write.rs"))
        .filter(|f| {
            let code = code_of(&std::fs::read_to_string(f).unwrap());
            ["fs::write(", "File::create(", "OpenOptions::new(", "NamedTempFile::", "persist("]
                .iter()
                .any(|call| code.contains(call))
        })
        .map(|f| f.strip_prefix(common::root()).unwrap().display().to_string())
        .collect();
    assert!(writers.is_empty(), "files written outside src/emit/write.rs: {writers:?}");
}

/// harn-catalog runs nothing of its own accord: `git` for `diff --against`, and the
/// server the user names after `import mcp --`, are the only processes it starts.
#[test]
fn only_two_files_start_a_process() {
    let allowed = ["src/commands/diff/git.rs", "src/import/live/stdio.rs"];
    let starters: Vec<String> = source_files()
        .into_iter()
        .map(|f| f.strip_prefix(common::root()).unwrap().display().to_string())
        .filter(|f| !allowed.contains(&f.as_str()))
        .filter(|f| {
            let code = code_of(&std::fs::read_to_string(common::root().join(f)).unwrap());
            let imports_command = code.contains("process::Command")
                || code.lines().any(|l| l.contains("std::process::{") && l.contains("Command"));
            imports_command || code.contains("libc::fork") || code.contains("libc::exec")
        })
        .collect();
    assert!(starters.is_empty(), "files that start a process: {starters:?}");
}

#[test]
fn the_reader_of_paths_finds_what_a_file_names() {
    // The checks above are only as good as this reading: a `use` of a sibling through
    // `super`, a path through `crate`, and what a comment, a string or test code holds.
    let text = "//! A module.\nuse super::pair::ToolPair;\n// crate::commands::Outcome\nfn f() { crate::schema::walk::keyword(); let s = \"crate::config\"; }\n#[cfg(test)]\nmod tests {\n    use crate::compile;\n}\n";
    let code = code_of(text);
    assert!(!code.contains("commands") && !code.contains("config") && !code.contains("compile"), "{code}");
    assert!(code.contains("super::pair") && code.contains("crate::schema::walk"), "{code}");
}
