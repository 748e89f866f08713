//! The small conventions of command-line tools, as a user meets them: colour from
//! `--color`, `NO_COLOR` and `CLICOLOR_FORCE`; `--quiet` printing errors only, the
//! output and the exit code unchanged; and every command that reads one input or
//! reports taking the flags for it.

use clap::CommandFactory;
use harn_catalog::commands::Cli;

use crate::common::{self, harn_catalog, write};

/// One error (`legacy-parameters`) and one warning (`redefined-tool`), the example of
/// spec/cli.md's Diagnostics section.
const ERROR_AND_WARNING: &str = r#"{
  "tools": [
    {"name": "lookup", "parameters": {"id": "uuid"}},
    {"name": "lookup"}
  ]
}
"#;

/// The same warning alone.
const WARNING: &str = r#"{
  "tools": [
    {"name": "lookup", "parameters": {"id": "string"}},
    {"name": "lookup"}
  ]
}
"#;

const ESCAPE: &str = "\x1b[";

/// A `--color` flag (none: `auto`), NO_COLOR and CLICOLOR_FORCE (each unset or set),
/// and whether harn-catalog colours then.
type ColourCase = (Option<&'static str>, Option<&'static str>, Option<&'static str>, bool);

/// Each value of NO_COLOR and CLICOLOR_FORCE that the conventions tell apart
/// (unset, empty, "0", anything else), with each `--color` (and none, which is
/// `auto`): whether harn-catalog colours, run without a terminal as tests are.
fn colour_cases() -> Vec<ColourCase> {
    let values = [None, Some(""), Some("0"), Some("1")];
    let mut cases = Vec::new();
    for flag in [None, Some("auto"), Some("always"), Some("never")] {
        for no_color in values {
            for force in values {
                // The flag wins; under auto, a non-empty NO_COLOR forbids, then a
                // CLICOLOR_FORCE neither empty nor 0 forces; else no terminal, no colour.
                let coloured = match flag {
                    Some("always") => true,
                    Some("never") => false,
                    _ => no_color.is_none_or(str::is_empty) && force == Some("1"),
                };
                cases.push((flag, no_color, force, coloured));
            }
        }
    }
    cases
}

/// `command` with `--color` and the two variables set as a case says.
fn with_colour(
    mut command: assert_cmd::Command,
    flag: Option<&str>,
    no_color: Option<&str>,
    force: Option<&str>,
) -> assert_cmd::Command {
    if let Some(flag) = flag {
        command.args(["--color", flag]);
    }
    if let Some(value) = no_color {
        command.env("NO_COLOR", value);
    }
    if let Some(value) = force {
        command.env("CLICOLOR_FORCE", value);
    }
    command
}

#[test]
fn diagnostics_are_coloured_as_the_flag_then_no_color_then_clicolor_force_say() {
    let dir = tempfile::tempdir().unwrap();
    let refused = write(dir.path(), "refused.json", ERROR_AND_WARNING);
    for (flag, no_color, force, coloured) in colour_cases() {
        let mut command = harn_catalog();
        command.arg("schema").arg(&refused);
        let output = with_colour(command, flag, no_color, force).output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(1));
        assert!(stderr.contains("legacy-parameters"), "{stderr}");
        let case = format!("--color {flag:?}, NO_COLOR={no_color:?}, CLICOLOR_FORCE={force:?}");
        assert_eq!(stderr.contains(ESCAPE), coloured, "{case}:\n{stderr}");
    }
}

/// `diff` colours its report on stdout by the same rule.
#[test]
fn the_diff_report_is_coloured_by_the_same_rule() {
    let dir = tempfile::tempdir().unwrap();
    let old = write(dir.path(), "old.json", r#"{"tools": [{"name": "get"}, {"name": "drop"}]}"#);
    let new = write(dir.path(), "new.json", r#"{"tools": [{"name": "get"}]}"#);
    for (flag, no_color, force, coloured) in colour_cases() {
        let mut command = harn_catalog();
        command.arg("diff").arg(&old).arg(&new);
        let output = with_colour(command, flag, no_color, force).output().unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert!(stdout.contains("tool-removed"), "{stdout}");
        let case = format!("--color {flag:?}, NO_COLOR={no_color:?}, CLICOLOR_FORCE={force:?}");
        assert_eq!(stdout.contains(ESCAPE), coloured, "{case}:\n{stdout}");
    }
}

/// Exit code, stdout and stderr of `harn-catalog ARGS`, from `dir`.
fn run_in(dir: &std::path::Path, args: &[&str]) -> (Option<i32>, String, String) {
    let output = harn_catalog().current_dir(dir).args(args).output().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (output.status.code(), text(output.stdout), text(output.stderr))
}

#[test]
fn quiet_leaves_out_warnings_and_keeps_the_catalog_and_the_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "warned.json", WARNING);
    let loud = run_in(dir.path(), &["schema", "warned.json"]);
    assert_eq!(loud.0, Some(0));
    assert!(loud.2.contains("warning[redefined-tool]") && loud.2.contains("warning: 1 warning"), "{}", loud.2);
    for quiet in ["-q", "--quiet"] {
        let (code, stdout, stderr) = run_in(dir.path(), &["schema", quiet, "warned.json"]);
        assert_eq!((code, stdout.as_str(), stderr.as_str()), (Some(0), loud.1.as_str(), ""));
    }
    // A warning made an error is an error: printed, and the run still fails.
    let denied = run_in(dir.path(), &["schema", "--deny-warnings", "warned.json"]);
    assert_eq!(denied.0, Some(1));
    assert!(denied.2.contains("error[redefined-tool]"), "{}", denied.2);
    assert_eq!(run_in(dir.path(), &["schema", "--deny-warnings", "-q", "warned.json"]), denied);
}

#[test]
fn quiet_prints_the_errors_alone_and_counts_them_alone() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "refused.json", ERROR_AND_WARNING);
    let loud = run_in(dir.path(), &["schema", "refused.json"]);
    assert!(loud.2.contains("error: 1 error and 1 warning; no catalog was written"), "{}", loud.2);
    let (code, stdout, stderr) = run_in(dir.path(), &["schema", "-q", "refused.json"]);
    assert_eq!((code, stdout.as_str()), (Some(1), ""));
    assert!(stderr.contains("error[legacy-parameters]") && !stderr.contains("redefined-tool"), "{stderr}");
    assert!(stderr.ends_with("error: 1 error; no catalog was written\n"), "{stderr}");
    // The error is shown as it is without --quiet.
    let error = &loud.2[..loud.2.find("warning[redefined-tool]").unwrap()];
    assert!(stderr.starts_with(error), "{stderr}");
    // Each format leaves out the warning: JSON lines and GitHub annotations.
    for (format, error, warning) in
        [("json", r#""code":"legacy-parameters""#, r#""code":"redefined-tool""#), ("github", "::error ", "::warning ")]
    {
        let loud = run_in(dir.path(), &["schema", "--format", format, "refused.json"]);
        assert!(loud.2.contains(error) && loud.2.contains(warning), "{format}: {}", loud.2);
        let quiet = run_in(dir.path(), &["schema", "--format", format, "-q", "refused.json"]);
        assert_eq!(quiet.0, Some(1));
        assert_eq!(quiet.2.lines().count(), 1, "{format}: {}", quiet.2);
        assert!(quiet.2.contains(error), "{format}: {}", quiet.2);
    }
}

/// `mcp --profile` notes every rewrite; quiet, none, and the result is the same.
#[test]
fn quiet_leaves_out_notes_and_keeps_the_tools_list() {
    let root = common::root();
    let args = ["mcp", "fixtures/widgets/registry.json", "--profile", "openai-strict"];
    let loud = run_in(&root, &args);
    assert!(loud.2.contains("note[downlevel-changes-meaning]"), "{}", loud.2);
    let quiet = run_in(&root, &[&args[..], &["-q"]].concat());
    assert_eq!(quiet, (loud.0, loud.1, String::new()));
    // `lint`'s findings that are no errors (warnings) go too; its errors stay.
    let lint = ["lint", "fixtures/widgets/registry.json", "--profile", "openai-strict", "--closed-objects"];
    let loud = run_in(&root, &lint);
    let quiet = run_in(&root, &[&lint[..], &["--quiet"]].concat());
    assert_eq!((quiet.0, &quiet.1), (loud.0, &loud.1));
    assert!(loud.2.contains("warning[") && !quiet.2.contains("warning["), "{}", quiet.2);
    let errors = |text: &str| text.lines().filter(|l| l.starts_with("error[")).map(str::to_owned).collect::<Vec<_>>();
    assert!(!errors(&loud.2).is_empty());
    assert_eq!(errors(&quiet.2), errors(&loud.2));
}

/// What `gen`, `sdk`, `init` and `protocol-artifacts` say they wrote goes; what is
/// written is the same; a stale output `check` finds is still shown.
#[test]
fn quiet_names_no_file_written_and_still_reports_what_is_stale() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = run_in(dir.path(), &["init", "-q"]);
    assert_eq!((code, stdout.as_str(), stderr.as_str()), (Some(0), "", ""));
    assert!(dir.path().join("tools.yaml").is_file() && dir.path().join("harn-catalog.toml").is_file());
    // init refuses to overwrite: an error, printed.
    let (code, _, stderr) = run_in(dir.path(), &["init", "-q"]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("these files exist already"), "{stderr}");

    let catalog = dir.path().join("catalog/tools.json");
    assert_eq!(run_in(dir.path(), &["gen", "-q"]), (Some(0), String::new(), String::new()));
    assert!(catalog.is_file());
    let loud = run_in(dir.path(), &["gen"]);
    assert!(loud.1.contains("are up to date"), "{}", loud.1);
    assert_eq!(run_in(dir.path(), &["check", "-q"]), (Some(0), String::new(), String::new()));
    std::fs::write(&catalog, "{}\n").unwrap();
    let (code, _, stderr) = run_in(dir.path(), &["check", "-q"]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("catalog/tools.json") && stderr.contains("harn-catalog gen"), "{stderr}");
    let (_, stdout, _) = run_in(dir.path(), &["gen"]);
    assert!(stdout.contains("wrote catalog/tools.json"), "{stdout}");

    let sdk = ["sdk", "--lang", "markdown", "tools.yaml", "-o", "sdk"];
    assert_eq!(run_in(dir.path(), &[&sdk[..], &["-q"]].concat()), (Some(0), String::new(), String::new()));
    assert!(dir.path().join("sdk").read_dir().unwrap().next().is_some());
    std::fs::remove_dir_all(dir.path().join("sdk")).unwrap();
    let (_, stdout, _) = run_in(dir.path(), &sdk);
    assert!(stdout.starts_with("wrote "), "{stdout}");

    let artifacts = ["protocol-artifacts", "--output-dir", "artifacts"];
    assert_eq!(run_in(dir.path(), &[&artifacts[..], &["-q"]].concat()), (Some(0), String::new(), String::new()));
    assert!(dir.path().join("artifacts/manifest.json").is_file());
    let (_, stdout, _) = run_in(dir.path(), &artifacts);
    assert!(stdout.contains("is up to date"), "{stdout}");
}

/// `diff`'s report is its output: printed whole. What `--accept` did is not an error.
#[test]
fn quiet_keeps_the_diff_report_and_leaves_out_what_accept_did() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "old.json", r#"{"tools": [{"name": "get"}, {"name": "drop"}]}"#);
    write(dir.path(), "new.json", r#"{"tools": [{"name": "get"}]}"#);
    let loud = run_in(dir.path(), &["diff", "old.json", "new.json"]);
    assert_eq!(loud.0, Some(1));
    assert_eq!(run_in(dir.path(), &["diff", "-q", "old.json", "new.json"]), loud);
    let (code, stdout, stderr) = run_in(dir.path(), &["diff", "-q", "--accept", "old.json", "new.json"]);
    assert_eq!((code, stdout.as_str(), stderr.as_str()), (Some(0), loud.1.as_str(), ""));
    assert!(std::fs::read_to_string(dir.path().join("harn-catalog.toml")).unwrap().contains("[[accept]]"));
    std::fs::remove_file(dir.path().join("harn-catalog.toml")).unwrap();
    let (_, _, stderr) = run_in(dir.path(), &["diff", "--accept", "old.json", "new.json"]);
    assert!(stderr.contains("accepted 1 breaking change(s)"), "{stderr}");
}

/// The commands that print nothing but their output (or serve a client) take neither.
const WITHOUT_QUIET: [&str; 3] = ["lsp", "rules", "explain"];
/// The commands that read one input (or two, for `diff`) from a FILE argument.
const WITH_STDIN: [&str; 10] =
    ["schema", "mcp", "lint", "completions", "sdk", "diff", "index", "search", "inspect", "stats"];

#[test]
fn every_command_that_reports_takes_quiet_and_every_one_of_an_input_file_takes_standard_input() {
    let cli = Cli::command();
    // Each named as it is typed: `import mcp` and `import docker` apart.
    let mut commands: Vec<(String, clap::Command)> = Vec::new();
    for command in cli.get_subcommands() {
        let name = command.get_name();
        match command.get_subcommands().next() {
            Some(_) => commands
                .extend(command.get_subcommands().map(|sub| (format!("{name} {}", sub.get_name()), sub.clone()))),
            None => commands.push((name.to_owned(), command.clone())),
        }
    }
    for (name, command) in &commands {
        let name = name.as_str();
        let has = |id: &str| command.get_arguments().any(|arg| arg.get_id() == id);
        let quiet = command.get_arguments().find(|arg| arg.get_id() == "quiet");
        assert_eq!(quiet.is_some(), !WITHOUT_QUIET.contains(&name), "{name}: --quiet");
        if let Some(quiet) = quiet {
            assert_eq!(quiet.get_short(), Some('q'), "{name}");
        }
        let stdin = WITH_STDIN.contains(&name);
        assert_eq!(has("stdin_filename"), stdin, "{name}: --stdin-filename");
    }
    assert!(commands.len() > WITH_STDIN.len() + WITHOUT_QUIET.len(), "{}", commands.len());
}
