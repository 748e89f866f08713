//! MCP servers as catalog inputs: a `[[catalog]]` naming `server` (or `url`) in place
//! of `input`. `gen --run-servers` writes the snapshot, `check --run-servers` compares
//! the live tools with it change by change, and without `--run-servers` nothing
//! starts. The server is `tests/servers/scripted.py` (see its doc).

use std::path::Path;

use predicates::prelude::*;

use crate::common::{self, harn_catalog};

/// A project folder (a git work tree) holding the scripted server and a configuration
/// whose one catalog is that server run with `behaviour`.
fn project(behaviour: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    common::git(dir.path(), &["init", "-q"]);
    std::fs::copy(common::root().join("tests/servers/scripted.py"), dir.path().join("scripted.py")).unwrap();
    configure(dir.path(), behaviour);
    dir
}

fn configure(dir: &Path, behaviour: &str) {
    let config = format!(
        "[[catalog]]\nserver = [\"python3\", \"scripted.py\", {behaviour}]\noutput = \"snapshots/tracker.json\"\npretty = true\n"
    );
    common::write(dir, "harn-catalog.toml", config);
}

fn run(dir: &Path, args: &[&str]) -> assert_cmd::assert::Assert {
    harn_catalog().current_dir(dir).args(args).assert()
}

#[test]
fn without_run_servers_nothing_starts_and_each_skipped_server_is_named() {
    // The silent server would write this file as it starts.
    let dir = project("\"silent\", \"started\"");
    for command in ["gen", "check"] {
        run(dir.path(), &[command])
            .success()
            .stderr(predicate::str::contains("skipped the catalog of the server `python3 scripted.py silent started`"))
            .stderr(predicate::str::contains("pass --run-servers"));
    }
    assert!(!dir.path().join("started").exists(), "a server was started without --run-servers");
    assert!(!dir.path().join("snapshots").exists());
}

#[test]
fn gen_writes_the_snapshot_and_check_catches_a_removed_tool() {
    let dir = project("\"paged\"");
    run(dir.path(), &["gen", "--run-servers"])
        .success()
        .stdout(predicate::str::contains("wrote snapshots/tracker.json"));
    let snapshot: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("snapshots/tracker.json")).unwrap()).unwrap();
    assert_eq!(snapshot["info"]["name"], "tracker");
    assert_eq!(snapshot["tools"].as_array().unwrap().len(), 2);
    run(dir.path(), &["check", "--run-servers"]).success();

    // The server drops a tool: check says who that breaks, as diff does.
    configure(dir.path(), "\"shrunk\"");
    run(dir.path(), &["check", "--run-servers"])
        .code(1)
        .stderr(predicate::str::contains("the server `python3 scripted.py shrunk` no longer matches its snapshot"))
        .stderr(predicate::str::contains("breaking[tool-removed]").and(predicate::str::contains("close_ticket")))
        .stderr(predicate::str::contains("run `harn-catalog gen --run-servers`"));
    // Taking the new snapshot settles it.
    run(dir.path(), &["gen", "--run-servers"]).success();
    run(dir.path(), &["check", "--run-servers"]).success();
}

#[test]
fn a_snapshot_with_the_same_tools_written_otherwise_is_stale() {
    let dir = project("\"paged\"");
    run(dir.path(), &["gen", "--run-servers"]).success();
    let path = dir.path().join("snapshots/tracker.json");
    let snapshot: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    std::fs::write(&path, serde_json::to_string(&snapshot).unwrap()).unwrap();
    run(dir.path(), &["check", "--run-servers"])
        .code(1)
        .stderr(predicate::str::contains(
            "the snapshot files of the server `python3 scripted.py paged` are out of date",
        ))
        .stderr(predicate::str::contains("stale:").and(predicate::str::contains("gen --run-servers")));
}

#[test]
fn check_without_a_snapshot_says_how_to_take_one() {
    let dir = project("\"paged\"");
    run(dir.path(), &["check", "--run-servers"])
        .code(1)
        .stderr(predicate::str::contains("has no snapshot at").and(predicate::str::contains("gen --run-servers")));
}

#[test]
fn a_server_that_fails_stops_gen_and_writes_nothing() {
    let dir = project("\"exits\"");
    run(dir.path(), &["gen", "--run-servers"])
        .code(2)
        .stderr(predicate::str::contains("the server `python3 scripted.py exits`: the server exited"))
        .stderr(predicate::str::contains("TRACKER_TOKEN is not set"));
    assert!(!dir.path().join("snapshots").exists());
}

#[test]
fn diff_against_a_revision_compares_a_servers_snapshots() {
    let dir = project("\"paged\"");
    run(dir.path(), &["gen", "--run-servers"]).success();
    common::git(dir.path(), &["add", "-A"]);
    common::git(dir.path(), &["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "snapshot"]);
    configure(dir.path(), "\"shrunk\"");
    run(dir.path(), &["gen", "--run-servers"]).success();
    run(dir.path(), &["diff", "--against", "HEAD"])
        .code(1)
        .stdout(predicate::str::contains("breaking[tool-removed]").and(predicate::str::contains("close_ticket")));
}

#[test]
fn a_catalog_names_exactly_one_of_input_server_and_url() {
    let dir = tempfile::tempdir().unwrap();
    for (body, problem) in [
        ("output = \"a.json\"\n", "names none of `input`, `server` and `url`"),
        ("input = \"r.json\"\nserver = [\"s\"]\noutput = \"a.json\"\n", "more than one of `input`, `server` and `url`"),
        ("server = []\noutput = \"a.json\"\n", "`server` names no program"),
        ("input = \"r.json\"\nheaders = [\"A: b\"]\noutput = \"a.json\"\n", "`headers` go with `url` only"),
    ] {
        common::write(dir.path(), "harn-catalog.toml", format!("[[catalog]]\n{body}"));
        run(dir.path(), &["gen"])
            .code(2)
            .stderr(predicate::str::contains(problem))
            .stderr(predicate::str::contains("harn-catalog.toml:"));
    }
}
