//! `harn-catalog lsp` driven end to end by a real LSP client (`tests/lsp/client.py`,
//! on pygls, which `make tools` installs): open, diagnostics, quick fix, change,
//! hover, definition, completion, symbols, a configuration, a project's client
//! profile with its quick fix, shutdown.

use std::process::Command;

use crate::common;

#[test]
fn a_real_client_opens_edits_and_queries_a_registry_then_shuts_the_server_down() {
    let python = common::root().join(".tools/venv/bin/python");
    assert!(python.exists(), "{} is missing: run `make tools`", python.display());
    // A project whose configuration names a client profile.
    let project = tempfile::tempdir().unwrap();
    common::write(project.path(), "harn-catalog.toml", "[lint]\nprofiles = [\"openai-strict\"]\n");
    let output = Command::new(python)
        .arg(common::root().join("tests/lsp/client.py"))
        .arg(env!("CARGO_BIN_EXE_harn-catalog"))
        .arg(project.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("lsp end to end: ok"), "{stdout}");
}

/// The fenced block that follows the line `` `name`: `` in `markdown`.
fn block_after(markdown: &str, name: &str) -> String {
    let heading = format!("`{name}`:");
    let after = &markdown[markdown.find(&heading).unwrap_or_else(|| panic!("no {heading} in docs/editors.md"))..];
    let open = after.find("```").expect("a fenced block");
    let body = &after[open..];
    let start = body.find('\n').unwrap() + 1;
    let end = body[start..].find("\n```").unwrap() + start;
    body[start..end].to_owned() + "\n"
}

/// The VS Code extension docs/editors.md gives, type-checked (`tsc --strict --checkJs`)
/// against the published types of `vscode-languageclient` and of the VS Code API
/// version its manifest asks for, which `make tools` installs: the constructor, the
/// server options and `start`/`stop` are used as the client library declares them,
/// and the manifest asks for a VS Code the library supports. (VS Code itself cannot
/// be fetched here, so the extension is not run.)
#[test]
fn the_vs_code_recipe_uses_the_language_client_as_it_is_declared() {
    let docs = std::fs::read_to_string(common::root().join("docs/editors.md")).unwrap();
    let manifest: serde_json::Value = serde_json::from_str(&block_after(&docs, "package.json")).unwrap();
    let modules = common::root().join(".tools/node/node_modules");
    let library: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(modules.join("vscode-languageclient/package.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["engines"]["vscode"], library["engines"]["vscode"], "the VS Code the client library needs");
    assert_eq!(manifest["main"], "./extension.js");
    let wanted = manifest["dependencies"]["vscode-languageclient"].as_str().unwrap();
    let major = |version: &str| version.trim_start_matches(['^', '~']).split('.').next().unwrap().to_owned();
    assert_eq!(major(wanted), major(library["version"].as_str().unwrap()), "the version installed for the check");

    let dir = tempfile::tempdir().unwrap();
    common::write(dir.path(), "extension.js", block_after(&docs, "extension.js"));
    let check = |dir: &std::path::Path| {
        Command::new(common::tsc())
            .current_dir(dir)
            .args(["--strict", "--allowJs", "--checkJs", "--noEmit", "--target", "es2022"])
            .args(["--module", "node16", "--moduleResolution", "node16", "--types", "node,vscode"])
            .arg("--typeRoots")
            .arg(modules.join("@types"))
            .arg("extension.js")
            .output()
            .unwrap()
    };
    // tsc resolves the client library from a node_modules beside the file.
    std::os::unix::fs::symlink(&modules, dir.path().join("node_modules")).unwrap();
    let output = check(dir.path());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stdout));

    // A near miss the check must refuse: the server options misnamed.
    let wrong = block_after(&docs, "extension.js").replace("command:", "cmd:");
    common::write(dir.path(), "extension.js", wrong);
    let output = check(dir.path());
    assert!(!output.status.success(), "tsc refuses server options without a command");
}
