//! `import mcp -- COMMAND` and `import mcp --url URL`: the tools of a running server,
//! listed as a client lists them, written as a declaration that compiles; and every
//! way a server can fail, each a usage error (exit 2) that writes nothing and leaves
//! nothing running.
//!
//! The servers: `tests/servers/scripted.py`, a stand-in written for these tests (each
//! behaviour one argument); the MCP reference server (`@modelcontextprotocol/server-
//! everything`) over stdio and Streamable HTTP; and `tests/servers/pydantic_server.py`
//! on the official Python SDK. The last two are installed by `make tools`.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use predicates::prelude::*;

use crate::common::{self, harn_catalog};

fn scripted() -> String {
    common::root().join("tests/servers/scripted.py").display().to_string()
}

/// `import mcp ARGS -- python3 tests/servers/scripted.py BEHAVIOUR EXTRA…`.
fn import_scripted(args: &[&str], behaviour: &[&str]) -> assert_cmd::assert::Assert {
    let mut command = harn_catalog();
    command.args(["import", "mcp"]).args(args).args(["--", "python3", &scripted()]).args(behaviour);
    command.assert()
}

/// Compiles the declaration `text` (written as `name` in `dir`) with `schema`; its
/// catalog.
fn compiles(dir: &Path, name: &str, text: &[u8]) -> serde_json::Value {
    let path = common::write(dir, name, text);
    let output = harn_catalog().args(["schema"]).arg(&path).assert().success().get_output().stdout.clone();
    serde_json::from_slice(&output).unwrap()
}

fn tool_names(catalog: &serde_json::Value) -> Vec<&str> {
    catalog["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect()
}

#[test]
fn a_stdio_server_is_listed_page_by_page_and_named_by_its_server_info() {
    let dir = tempfile::tempdir().unwrap();
    let assert = import_scripted(&["--to", "json"], &["paged"]).success();
    let declaration: serde_json::Value = serde_json::from_slice(&assert.get_output().stdout).unwrap();
    assert_eq!(declaration["info"], serde_json::json!({"name": "tracker", "version": "0.3.1"}));
    let catalog = compiles(dir.path(), "whatever-file-name.json", &assert.get_output().stdout);
    assert_eq!(catalog["info"]["name"], "tracker", "the registry is named by the server, not the file");
    assert_eq!(tool_names(&catalog), ["open_ticket", "close_ticket"], "both pages, in order");
    assert_eq!(catalog["tools"][0]["title"], "Open a ticket");
    assert_eq!(catalog["tools"][1]["annotations"]["destructiveHint"], true);
    // The last page's cache lifetime cannot be declared: said, not dropped silently.
    assert.stderr(predicate::str::contains("warning[import-unknown-key]").and(predicate::str::contains("ttlMs")));

    let renamed = import_scripted(&["--to", "json", "--name", "tickets"], &["paged"]).success();
    let declaration: serde_json::Value = serde_json::from_slice(&renamed.get_output().stdout).unwrap();
    assert_eq!(declaration["info"], serde_json::json!({"name": "tickets", "version": "0.3.1"}));
}

#[test]
fn a_null_input_schema_is_a_warning_naming_the_tool() {
    import_scripted(&[], &["null-schema"])
        .success()
        .stdout(predicate::str::contains("name: list_boards").and(predicate::str::contains("inputSchema").not()))
        .stderr(predicate::str::contains("warning[import-null-schema]: tool \"list_boards\": \"inputSchema\" is null"));
    import_scripted(&["--deny-warnings"], &["null-schema"]).code(1).stdout("");
}

/// A failure: exit 2, the error on stderr, `-o` not written.
fn fails(args: &[&str], behaviour: &[&str], error: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tools.yaml");
    let mut all = vec!["-o", out.to_str().unwrap()];
    all.extend_from_slice(args);
    let assert = import_scripted(&all, behaviour).code(2).stdout("");
    let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains(error) && stderr.contains("nothing was written"), "{stderr}");
    assert!(!out.exists(), "a failed import wrote {}", out.display());
    stderr
}

#[test]
fn a_server_that_exits_is_reported_with_its_last_stderr_lines() {
    let stderr = fails(&[], &["exits"], "the server exited (exit status: 3) before it answered initialize");
    assert!(
        stderr.contains(
            "the server's last lines on stderr:\n  scripted: initialize\n  scripted: TRACKER_TOKEN is not set"
        ),
        "{stderr}"
    );
}

#[test]
fn a_server_that_prints_on_stdout_is_garbage_to_the_protocol() {
    fails(
        &[],
        &["garbage"],
        "not JSON-RPC on stdout, where only protocol messages may go: \"tracker server v0.3 listening on stdio\"",
    );
}

#[test]
fn a_json_rpc_error_is_reported_as_the_server_said_it() {
    fails(&[], &["refuses"], "the server answered tools/list with error -32603: index unavailable");
}

#[test]
fn a_command_that_cannot_start_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tools.yaml");
    harn_catalog()
        .args(["import", "mcp", "-o", out.to_str().unwrap(), "--", "/no/such/server", "--stdio"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot start \"/no/such/server --stdio\""));
    assert!(!out.exists());
}

/// Whether the process `pid` still runs (a zombie, gone but not yet reaped by whoever
/// inherited it, does not).
fn running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat.rsplit_once(") ").is_some_and(|(_, rest)| !rest.starts_with('Z')),
        Err(_) => false,
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_server_that_does_not_answer_times_out_and_nothing_it_started_runs_on() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let started = Instant::now();
    let stderr =
        fails(&["--timeout", "1"], &["silent", pids.to_str().unwrap()], "did not answer initialize within 1 s");
    assert!(started.elapsed() < Duration::from_secs(10), "the timeout was not kept");
    assert!(stderr.contains("  scripted: initialize"), "{stderr}");
    let pids: Vec<u32> =
        std::fs::read_to_string(&pids).unwrap().split_whitespace().map(|p| p.parse().unwrap()).collect();
    assert_eq!(pids.len(), 2);
    for pid in pids {
        // The group was sent SIGKILL before the importer returned; the kernel may take
        // a moment to finish each process, so wait a little for that (not for speed).
        let deadline = Instant::now() + Duration::from_secs(5);
        while running(pid) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(!running(pid), "process {pid}, started by the server, still runs");
    }
}

#[test]
fn import_needs_a_file_a_command_or_a_url_and_only_one() {
    harn_catalog().args(["import", "mcp"]).assert().code(2);
    harn_catalog().args(["import", "mcp", "tools.json", "--", "server"]).assert().code(2);
    harn_catalog().args(["import", "mcp", "--url", "http://127.0.0.1:9/mcp", "--", "server"]).assert().code(2);
    harn_catalog()
        .args(["import", "mcp", "--url", "http://127.0.0.1:9/mcp", "--header", "no colon"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--header \"no colon\" is not `Name: value`"));
}

/// The reference server's entry point, installed by `make tools`.
fn everything() -> PathBuf {
    let path = common::root().join(".tools/node/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    assert!(path.exists(), "{} is missing: run `make tools` to install the MCP reference server", path.display());
    path
}

/// Checks a declaration of the reference server: named after it, compiling, with the
/// tools it always has.
fn check_everything(dir: &Path, declaration: &[u8]) {
    let catalog = compiles(dir, "everything.json", declaration);
    assert_eq!(catalog["info"]["name"], "mcp-servers/everything");
    let names = tool_names(&catalog);
    for tool in ["echo", "get-sum", "get-structured-content"] {
        assert!(names.contains(&tool), "{tool} missing from {names:?}");
    }
    let structured = catalog["tools"].as_array().unwrap().iter().find(|t| t["name"] == "get-structured-content");
    assert!(structured.unwrap()["outputSchema"].is_object(), "the output schema is kept");
}

#[test]
fn the_reference_server_over_stdio() {
    if !common::tool_present("node", "import mcp of the reference server", "install Node.js") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    check_everything(dir.path(), &everything_over_stdio());
}

/// `import mcp --to json -- node …/server-everything stdio`: the declaration.
fn everything_over_stdio() -> Vec<u8> {
    let command =
        harn_catalog().args(["import", "mcp", "--to", "json", "--", "node"]).arg(everything()).arg("stdio").assert();
    command.success().get_output().stdout.clone()
}

/// A child process killed when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn the_reference_server_over_streamable_http() {
    if !common::tool_present("node", "import mcp --url of the reference server", "install Node.js") {
        return;
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut child = Command::new("node")
        .arg(everything())
        .arg("streamableHttp")
        .env("PORT", port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let server = Server(child);
    // It says on stderr when it listens.
    let mut lines = BufReader::new(stderr).lines();
    assert!(lines.any(|line| line.is_ok_and(|l| l.contains("listening"))), "the reference server did not start");
    let dir = tempfile::tempdir().unwrap();
    let url = format!("http://127.0.0.1:{port}/mcp");
    let assert = harn_catalog().args(["import", "mcp", "--to", "json", "--url", &url]).assert().success();
    check_everything(dir.path(), &assert.get_output().stdout);
    // The same tools as over stdio.
    assert_eq!(assert.get_output().stdout, everything_over_stdio());
    harn_catalog()
        .args(["import", "mcp", "--url", &format!("http://127.0.0.1:{port}/no-such-endpoint")])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("initialize was answered 404"));
    drop(server);
}

#[test]
fn a_python_server_with_pydantic_models() {
    let python = common::root().join(".tools/venv/bin/python");
    assert!(python.exists(), "{} is missing: run `make tools`", python.display());
    let dir = tempfile::tempdir().unwrap();
    let assert = harn_catalog()
        .args(["import", "mcp", "--to", "json", "--"])
        .arg(&python)
        .arg(common::root().join("tests/servers/pydantic_server.py"))
        .assert()
        .success();
    let catalog = compiles(dir.path(), "orders.json", &assert.get_output().stdout);
    assert_eq!(catalog["info"], serde_json::json!({"name": "orders", "version": "1.4.0"}));
    assert_eq!(tool_names(&catalog), ["place_order", "cancel_order"]);
    let place = &catalog["tools"][0];
    let payment = &place["inputSchema"]["properties"]["payment"];
    assert_eq!(payment["discriminator"]["propertyName"], "kind", "the discriminated union is kept");
    assert!(place["inputSchema"]["$defs"]["Customer"].is_object(), "the nested model is kept");
    assert!(place["outputSchema"].is_object(), "the return model is the output schema");
}
