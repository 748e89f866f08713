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
