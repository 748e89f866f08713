//! `-` as FILE reads standard input, named by `--stdin-filename`: the name gives the
//! format, the place diagnostics show, and the folder a module's imports are found
//! from and confined to. Every command that compiles one input takes it, and prints
//! what it prints for the file itself; what does not fit together is a usage error
//! with a help line.

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{self, git, harn_catalog, write};
use predicates::prelude::*;

const WIDGETS: &str = "fixtures/widgets/registry";

/// The text of a file of the repository.
fn text_of(relative: &str) -> Vec<u8> {
    std::fs::read(common::root().join(relative)).unwrap()
}

/// `harn-catalog ARGS` with `stdin` piped in: exit code, stdout, stderr.
fn piped(args: &[&str], stdin: impl Into<Vec<u8>>) -> (Option<i32>, String, String) {
    let output = harn_catalog().args(args).write_stdin(stdin).output().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (output.status.code(), text(output.stdout), text(output.stderr))
}

/// `harn-catalog ARGS` on a file: exit code, stdout, stderr.
fn on_file(args: &[&str]) -> (Option<i32>, String, String) {
    piped(args, Vec::new())
}

#[test]
fn schema_of_standard_input_is_the_catalog_of_the_file_it_is_named_after() {
    for extension in ["json", "yaml", "toml"] {
        let file = format!("{WIDGETS}.{extension}");
        let name = format!("registry.{extension}");
        let from_file = on_file(&["schema", &file]);
        let from_stdin = piped(&["schema", "-", "--stdin-filename", &name], text_of(&file));
        assert_eq!(from_file.0, Some(0), "{extension}: {}", from_file.2);
        assert_eq!(from_stdin, from_file, "{extension}");
        common::reference_check(&from_stdin.1).unwrap();
    }
    // `.yml` names YAML too; the name's folder need not exist.
    let yml = piped(&["schema", "-", "--stdin-filename", "nowhere/registry.yml"], text_of(&format!("{WIDGETS}.yaml")));
    assert_eq!(yml, on_file(&["schema", &format!("{WIDGETS}.yaml")]));
}

#[test]
fn diagnostics_name_standard_input_by_its_name_with_line_and_column() {
    let refused = "tools:\n  - name: lookup\n    title: \"\"\n";
    let (code, stdout, stderr) = piped(&["schema", "-", "--stdin-filename", "tools.yaml"], refused);
    assert_eq!((code, stdout.as_str()), (Some(1), ""));
    assert!(stderr.contains("error[tool-field]") && stderr.contains(" --> tools.yaml:3:12"), "{stderr}");
    let (_, _, json) = piped(&["schema", "-", "--stdin-filename", "sub/tools.yaml", "--format", "json"], refused);
    let line: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!((&line["file"], &line["line"], &line["column"]), (&"sub/tools.yaml".into(), &3.into(), &12.into()));
}

/// Nothing is guessed: JSON, YAML and TOML overlap (a JSON document is YAML), and a
/// file without a known extension is refused the same way.
#[test]
fn without_a_name_standard_input_is_refused_with_the_flag_to_name_it() {
    for args in [&["schema", "-"][..], &["schema", "-", "--stdin-filename", "registry.txt"]] {
        let (code, stdout, stderr) = piped(args, text_of(&format!("{WIDGETS}.json")));
        assert_eq!((code, stdout.as_str()), (Some(2), ""), "{args:?}");
        assert!(stderr.contains("error[unknown-format]") && stderr.contains("help: "), "{args:?}: {stderr}");
        assert!(stderr.contains("--stdin-filename") && stderr.contains(".yaml"), "{args:?}: {stderr}");
    }
}

/// Refused before anything is read: a forgotten name on a terminal is said at once,
/// not after the user ends their input.
#[test]
fn a_missing_name_is_said_without_waiting_for_standard_input_to_end() {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("harn-catalog"))
        .args(["schema", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Standard input stays open, with nothing written, as a terminal would.
    let stdin = child.stdin.take();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            child.wait().unwrap();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    drop(stdin);
    assert_eq!(status.and_then(|s| s.code()), Some(2), "harn-catalog waited for standard input to end");
}

#[test]
fn standard_input_that_cannot_be_read_is_a_clear_error() {
    // Not UTF-8: refused at the byte, as a file is.
    let (code, _, stderr) =
        piped(&["schema", "-", "--stdin-filename", "t.json"], &b"{\"tools\": [{\"name\": \"caf\xe9\"}]}"[..]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("error[invalid-utf8]: t.json is not valid UTF-8") && stderr.contains(" --> t.json:1:25"),
        "{stderr}"
    );
    // An I/O error: standard input is a directory, which cannot be read.
    let dir = tempfile::tempdir().unwrap();
    let output = Command::new(assert_cmd::cargo::cargo_bin("harn-catalog"))
        .args(["schema", "-", "--stdin-filename", "t.json"])
        .stdin(std::fs::File::open(dir.path()).unwrap())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("error[unreadable-input]: cannot read standard input (named t.json): it is a directory"));
    // Nothing at all (a closed standard input): empty, as an empty file is.
    let (code, _, stderr) = piped(&["schema", "-", "--stdin-filename", "t.json"], "");
    assert_eq!(code, Some(1));
    assert!(stderr.contains("error[empty-input]: t.json is empty"), "{stderr}");
}

#[test]
fn flags_that_do_not_fit_standard_input_are_usage_errors_with_a_help_line() {
    let registry = text_of(&format!("{WIDGETS}.json"));
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join(".harness")).unwrap();
    let harness = dir.path().join(".harness").to_string_lossy().into_owned();
    let cases: [(&[&str], &str); 5] = [
        // --stdin-filename names standard input: with a FILE other than `-`, the file
        // is neither read nor set aside for standard input.
        (&["schema", WIDGETS_JSON, "--stdin-filename", "t.json"], "names standard input, but no FILE is `-`"),
        (&["completions", "--shell", "bash", "--stdin-filename", "t.json"], "no FILE is `-`"),
        (&["schema", "-", "--scopes", "--stdin-filename", "t.json"], "--scopes reads the harness directories"),
        (&["schema", "-", "--stdin-filename", &harness], "--stdin-filename names the directory"),
        (&["diff", "-", "-", "--stdin-filename", "t.json"], "standard input can be read only once"),
    ];
    for (args, message) in cases {
        let (code, stdout, stderr) = piped(args, registry.clone());
        assert_eq!((code, stdout.as_str()), (Some(2), ""), "{args:?}: {stderr}");
        assert!(stderr.contains(message) && stderr.contains("help: "), "{args:?}: {stderr}");
    }
    // The near misses: `-` with its name, FILE without one, a name in a folder.
    for args in [
        &["schema", "-", "--stdin-filename", "t.json"][..],
        &["schema", WIDGETS_JSON],
        &["schema", "-", "--stdin-filename", ".harness/t.json"],
        &["completions", "--shell", "bash", "-", "--stdin-filename", "t.json"],
    ] {
        let (code, _, stderr) = piped(args, registry.clone());
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
    }
}

const WIDGETS_JSON: &str = "fixtures/widgets/registry.json";

/// Every command that compiles one input prints for standard input what it prints for
/// the file the input is named after.
#[test]
fn every_command_of_one_input_reads_standard_input_as_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let (from_file_sdk, from_stdin_sdk) = (out("sdk-file"), out("sdk-stdin"));
    let commands: Vec<Vec<String>> = vec![
        vec!["mcp".into(), "--pretty".into()],
        vec!["mcp".into(), "--profile".into(), "openai-strict".into()],
        vec!["lint".into(), "--profile".into(), "all".into()],
        vec!["completions".into(), "--shell".into(), "bash".into()],
        vec!["index".into()],
        vec!["search".into(), "FILE".into(), "count widgets".into()],
        vec!["inspect".into(), "FILE".into(), "lookup_widget".into()],
        vec!["stats".into()],
    ];
    for command in commands {
        // FILE is the first positional argument unless the command says where.
        let with = |file: &str| -> Vec<String> {
            let mut args = command.clone();
            match args.iter().position(|a| a == "FILE") {
                Some(at) => args[at] = file.to_owned(),
                None => args.insert(1, file.to_owned()),
            }
            args
        };
        let file_args = with(WIDGETS_JSON);
        let mut stdin_args = with("-");
        stdin_args.extend(["--stdin-filename".to_owned(), "registry.json".to_owned()]);
        let strs = |args: &[String]| args.iter().map(String::as_str).collect::<Vec<_>>().join(" ");
        let from_file = on_file(&file_args.iter().map(String::as_str).collect::<Vec<_>>());
        let from_stdin = piped(&stdin_args.iter().map(String::as_str).collect::<Vec<_>>(), text_of(WIDGETS_JSON));
        assert!(!from_file.1.is_empty() || !from_file.2.is_empty(), "{}: says nothing", strs(&file_args));
        // Diagnostics name the file as it was given: the paths differ by the folder.
        let from_file = (from_file.0, from_file.1, from_file.2.replace("fixtures/widgets/", ""));
        assert_eq!(from_stdin, from_file, "{}", strs(&stdin_args));
    }
    // `sdk` writes the same files (its package named after the name's stem).
    harn_catalog().args(["sdk", "--lang", "typescript", WIDGETS_JSON, "-o", &from_file_sdk]).assert().success();
    let sdk_of_stdin = |extra: &[&str], out: &str| {
        harn_catalog()
            .args(["sdk", "--lang", "typescript", "-", "--stdin-filename", "registry.json", "-o", out])
            .args(extra)
            .write_stdin(text_of(WIDGETS_JSON))
            .assert()
    };
    sdk_of_stdin(&[], &from_stdin_sdk).success();
    let written = walk(Path::new(&from_file_sdk));
    assert!(!written.is_empty());
    for file in written {
        let relative = file.strip_prefix(&from_file_sdk).unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), std::fs::read(Path::new(&from_stdin_sdk).join(relative)).unwrap());
    }
    sdk_of_stdin(&["--check"], &from_stdin_sdk).success();
    // What `sdk --check` tells to run reads standard input as this run did.
    sdk_of_stdin(&["--check"], &out("empty")).code(1).stderr(predicate::str::contains(format!(
        "harn-catalog sdk --lang typescript - --stdin-filename registry.json -o {}",
        out("empty")
    )));
}

/// Every file under `folder`.
fn walk(folder: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

/// An index file `index` wrote, piped in, is searched as it is, as the file is.
#[test]
fn search_reads_a_piped_index_as_an_index() {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("widgets.index.json");
    harn_catalog().args(["index", WIDGETS_JSON, "-o"]).arg(&index).assert().success();
    let from_file = on_file(&["search", &index.to_string_lossy(), "count widgets"]);
    let from_stdin = piped(
        &["search", "-", "--stdin-filename", "widgets.index.json", "count widgets"],
        std::fs::read(&index).unwrap(),
    );
    assert_eq!(from_stdin, from_file);
    assert!(from_file.1.contains("tool:widgets/count_widgets"), "{}", from_file.1);
}

/// A module's imports are found from the folder its name is in, and must stay inside
/// that folder's project (the git work tree holding it, else the folder itself).
#[test]
fn a_piped_modules_imports_are_found_from_and_confined_to_its_names_folder() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().canonicalize().unwrap().join("proj");
    std::fs::create_dir_all(project.join("sub")).unwrap();
    write(&project.join("sub"), "types.harn", "pub struct Widget {\n  sub_field: string\n}\n");
    write(&project, "types.harn", "pub struct Widget {\n  parent_field: string\n}\n");
    let module = |from: &str| {
        format!(
            "import {{ Widget }} from {from:?}\n\n/// Get one.\npub fn get(id: string) -> Widget {{\n  return nil\n}}\n"
        )
    };
    let run = |name: &str, from: &str, extra: &[&str]| {
        harn_catalog()
            .current_dir(&project)
            .args(["schema", "-", "--stdin-filename", name])
            .args(extra)
            .write_stdin(module(from))
            .assert()
    };
    // Found from the name's folder, not from the current one.
    run("sub/tools.harn", "./types", &[]).success().stdout(predicate::str::contains("sub_field"));
    run("tools.harn", "./sub/types", &[]).success().stdout(predicate::str::contains("sub_field"));
    // The name's folder is the project: `..` leads out of it, and is refused unread.
    let refused = predicate::str::contains("error[path-outside-project]")
        .and(predicate::str::contains(" --> sub/tools.harn:1:1"))
        .and(predicate::str::contains("parent_field").not());
    run("sub/tools.harn", "../types", &[]).code(1).stderr(refused);
    run("sub/tools.harn", "../types", &["--allow-outside-project"])
        .success()
        .stdout(predicate::str::contains("parent_field"));
    // The git work tree holding the name's folder widens the project to its root.
    git(&project, &["init", "--quiet"]);
    run("sub/tools.harn", "../types", &[]).success().stdout(predicate::str::contains("parent_field"));
}

const BEFORE: &str =
    r#"{"tools": [{"name": "get", "description": "Get one."}, {"name": "drop", "description": "Drop one."}]}"#;
const AFTER: &str = r#"{"tools": [{"name": "get", "description": "Get one."}]}"#;

/// Either side of `diff` may be standard input; `--against REV -` compares it with
/// the version at REV of the file it is named after.
#[test]
fn diff_reads_either_side_from_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "before.json", BEFORE);
    write(dir.path(), "after.json", AFTER);
    let diff = |args: &[&str], stdin: &str| {
        let mut command = harn_catalog();
        command.current_dir(dir.path()).args(["diff", "--format", "json"]).args(args).write_stdin(stdin);
        let output = command.output().unwrap();
        (output.status.code(), String::from_utf8(output.stdout).unwrap(), String::from_utf8(output.stderr).unwrap())
    };
    let files = diff(&["before.json", "after.json"], "");
    assert_eq!(files.0, Some(1), "{}", files.2);
    assert!(files.1.contains("\"tool-removed\""), "{}", files.1);
    assert_eq!(diff(&["-", "after.json", "--stdin-filename", "before.json"], BEFORE), files);
    assert_eq!(diff(&["before.json", "-", "--stdin-filename", "after.json"], AFTER), files);
    // --against: the committed file is the old side, the piped text the new.
    git(dir.path(), &["init", "--quiet", "--initial-branch=main"]);
    git(dir.path(), &["add", "before.json"]);
    git(dir.path(), &["commit", "--quiet", "-m", "one"]);
    let codes = |lines: &str| -> Vec<String> {
        let values = lines.lines().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap());
        values.map(|v| v["code"].as_str().unwrap().to_owned()).collect()
    };
    let against = diff(&["--against", "HEAD", "-", "--stdin-filename", "before.json"], AFTER);
    assert_eq!((against.0, codes(&against.1)), (Some(1), codes(&files.1)), "{}", against.2);
    let unchanged = diff(&["--against", "HEAD", "-", "--stdin-filename", "before.json"], BEFORE);
    assert_eq!((unchanged.0, unchanged.1.as_str()), (Some(0), ""), "{}", unchanged.2);
    // Without a name there is no file to take the old side of.
    let (code, _, stderr) = diff(&["--against", "HEAD", "-"], AFTER);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("help: name that file with --stdin-filename"), "{stderr}");
}

/// Standard input is read once, before the run: a command of one input reads it in
/// full even when the input is written slowly.
#[test]
fn standard_input_written_in_pieces_is_read_whole() {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("harn-catalog"))
        .args(["schema", "-", "--stdin-filename", "registry.yaml"])
        .current_dir(common::root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let text = text_of(&format!("{WIDGETS}.yaml"));
    let mut stdin = child.stdin.take().unwrap();
    for piece in text.chunks(97) {
        stdin.write_all(piece).unwrap();
        stdin.flush().unwrap();
        std::thread::sleep(Duration::from_millis(2));
    }
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.stdout, on_file(&["schema", &format!("{WIDGETS}.yaml")]).1.into_bytes());
}
