//! Shell completions for the CLI Harn generates from a catalog, checked by the real
//! shells: bash runs its completion function on partial command lines; zsh and fish
//! (installed by `make tools`) check the syntax of theirs.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::{harn_catalog, write};

/// The completion script of `file` (relative to the repository) for `shell`.
fn script(shell: &str, file: Option<&str>) -> String {
    let mut command = harn_catalog();
    command.args(["completions", "--shell", shell]);
    if let Some(file) = file {
        command.arg(file);
    }
    let output = command.output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

/// A registry with parents, aliases, hidden commands, presence flags, value hints,
/// completions and enums, so that every part of the tree shows up in completions.
const REGISTRY: &str = r#"{
  "info": {"name": "wtool", "version": "2.1.0", "description": "Widget tool."},
  "cli": {"commands": [{"command": ["widgets"], "title": "Widget commands", "aliases": ["w"]}]},
  "tools": [
    {"name": "lookup_widget", "namespace": "widgets", "description": "Look one up.",
     "parameters": {
       "widget_id": {"type": "string", "required": true},
       "verbose": "bool",
       "format": {"type": "string", "enum": ["short", "long"]},
       "output_file": "string",
       "count": "int"
     },
     "cli": {"command": ["widgets", "get"], "aliases": ["show"], "arguments": {
       "widget_id": {"position": 0, "completions": ["w-1", "w-2"]},
       "verbose": {"short": "v", "boolean_style": "set_true"},
       "output_file": {"value_hint": "file"}
     }}},
    {"name": "list_widgets", "namespace": "widgets", "description": "List them."},
    {"name": "purge", "description": "Purge everything.", "cli": {"hidden": true}},
    {"name": "mcp_only", "governance": {"audiences": ["mcp", "catalog"]}}
  ]
}"#;

/// Runs bash's completion function for `words` (the last one being completed) and
/// returns the candidates.
fn bash_candidates(script_path: &Path, words: &[&str]) -> Vec<String> {
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let program = format!(
        "source '{}'\nCOMP_WORDS=({})\nCOMP_CWORD={}\nCOMP_LINE='{}'\nCOMP_POINT=${{#COMP_LINE}}\n_wtool wtool '{}' '{}'\nprintf '%s\\n' \"${{COMPREPLY[@]}}\"\n",
        script_path.display(),
        quoted.join(" "),
        words.len() - 1,
        words.join(" "),
        words.last().unwrap(),
        words[words.len() - 2],
    );
    let output = Command::new("bash").arg("-c").arg(program).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap().lines().map(str::to_owned).filter(|l| !l.is_empty()).collect()
}

#[test]
fn bash_completes_commands_aliases_flags_and_values() {
    let dir = tempfile::tempdir().unwrap();
    let registry = write(dir.path(), "wtool.json", REGISTRY);
    let script = script("bash", Some(registry.to_str().unwrap()));
    let path = write(dir.path(), "wtool.bash", &script);
    let syntax = Command::new("bash").arg("-n").arg(&path).output().unwrap();
    assert!(syntax.status.success(), "bash -n: {}", String::from_utf8_lossy(&syntax.stderr));

    let top = bash_candidates(&path, &["wtool", ""]);
    assert!(top.contains(&"widgets".to_owned()) && top.contains(&"w".to_owned()), "{top:?}");
    assert!(!top.contains(&"mcp_only".to_owned()), "tools outside the CLI audience are not commands: {top:?}");
    // Hidden means hidden from help only: the command stays invocable, and clap's
    // completions (as in the CLI Harn generates) still offer it.
    assert!(top.contains(&"purge".to_owned()), "{top:?}");

    let under = bash_candidates(&path, &["wtool", "widgets", ""]);
    for expected in ["get", "show", "list_widgets"] {
        assert!(under.contains(&expected.to_owned()), "{expected} in {under:?}");
    }
    let flags = bash_candidates(&path, &["wtool", "widgets", "get", "--"]);
    for expected in ["--harn-input", "--harn-output", "--json", "--verbose", "--format", "--output-file", "--count"] {
        assert!(flags.contains(&expected.to_owned()), "{expected} in {flags:?}");
    }
    let formats = bash_candidates(&path, &["wtool", "widgets", "get", "--format", ""]);
    assert_eq!(formats, ["short", "long"], "string enum values are offered");
    let outputs = bash_candidates(&path, &["wtool", "widgets", "get", "--harn-output", ""]);
    assert_eq!(outputs, ["json", "pretty", "text"]);
    let positional = bash_candidates(&path, &["wtool", "widgets", "get", "w-"]);
    assert_eq!(positional, ["w-1", "w-2"], "advisory completions of a positional");
}

#[test]
fn zsh_and_fish_accept_their_scripts() {
    let dir = tempfile::tempdir().unwrap();
    let registry = write(dir.path(), "wtool.json", REGISTRY);
    for (shell, check) in [("zsh", vec!["-n"]), ("fish", vec!["--no-execute"])] {
        let suite = format!("completions: the syntax check of {shell}'s script");
        if !common::tool_present(shell, &suite, "`make tools` installs it when run as root") {
            continue;
        }
        for file in [Some(registry.to_str().unwrap()), None] {
            let path = write(dir.path(), &format!("script.{shell}"), script(shell, file));
            let output = Command::new(shell).args(&check).arg(&path).output().unwrap();
            assert!(output.status.success(), "{shell} {check:?} {file:?}: {}", String::from_utf8_lossy(&output.stderr));
        }
    }
}

#[test]
fn every_shell_gets_a_script_naming_the_generated_commands() {
    let dir = tempfile::tempdir().unwrap();
    let registry = write(dir.path(), "wtool.json", REGISTRY);
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let text = script(shell, Some(registry.to_str().unwrap()));
        assert!(text.contains("wtool") && text.contains("widgets") && text.contains("harn-input"), "{shell}");
    }
    // harn-catalog's own command line.
    let own = script("bash", None);
    assert!(own.contains("protocol-artifacts") && own.contains("completions"));
}

#[test]
fn a_refused_registry_gets_no_script() {
    let dir = tempfile::tempdir().unwrap();
    let registry = write(dir.path(), "bad.json", r#"{"tools": [{"name": "t", "cli": {"arguments": {"nope": {}}}}]}"#);
    let output = harn_catalog().args(["completions", "--shell", "bash"]).arg(&registry).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("cli-argument-property"));
}

/// A registry named in several words (a harness folder "my tools", say) compiles, but
/// no shell completes a command of that name: a located refusal with the fix, not a
/// crash; a one-word near miss completes.
#[test]
fn a_cli_named_in_several_words_gets_no_script_but_the_fix() {
    let dir = tempfile::tempdir().unwrap();
    let spaced = write(dir.path(), "spaced.json", r#"{"info": {"name": "my  tools"}, "tools": [{"name": "t"}]}"#);
    let output = harn_catalog().args(["completions", "--shell", "bash"]).arg(&spaced).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("\"my  tools\"") && stderr.contains("help: name the registry \"my-tools\""), "{stderr}");
    let word = write(dir.path(), "word.json", r#"{"info": {"name": "my-tools"}, "tools": [{"name": "t"}]}"#);
    let output = harn_catalog().args(["completions", "--shell", "bash"]).arg(&word).output().unwrap();
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).contains("-o default my-tools"), "a bash script for my-tools");
}

/// Each `value_hint` reaches the shells as the completer a user expects: zsh lists
/// files, directories, hosts or users, fish likewise, and an argument with no hint
/// keeps each shell's default.
#[test]
fn each_value_hint_asks_the_shell_for_its_kind_of_value() {
    let hints = [
        ("file", "_files", "-r -F"),
        ("directory", "_files -/", "-r -f -a \"(__fish_complete_directories)\""),
        ("path", "_files", "-r -F"),
        ("url", "_urls", "-r -f"),
        ("email", "_email_addresses", "-r -f"),
        ("username", "_users", "-r -f -a \"(__fish_complete_users)\""),
        ("hostname", "_hosts", "-r -f -a \"(__fish_print_hostnames)\""),
        ("command", "_command_names -e", "-r -f -a \"(__fish_complete_command)\""),
        ("other", "", "-r -f"),
    ];
    let parameters: Vec<String> = hints.iter().map(|(hint, ..)| format!("\"v_{hint}\": \"string\"")).collect();
    let arguments: Vec<String> =
        hints.iter().map(|(hint, ..)| format!("\"v_{hint}\": {{\"value_hint\": \"{hint}\"}}")).collect();
    let registry = format!(
        r#"{{"info": {{"name": "htool"}}, "tools": [{{"name": "fetch", "parameters": {{{}, "plain": "string"}}, "cli": {{"arguments": {{{}}}}}}}]}}"#,
        parameters.join(", "),
        arguments.join(", "),
    );
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "htool.json", &registry);
    let zsh = script("zsh", Some(path.to_str().unwrap()));
    let fish = script("fish", Some(path.to_str().unwrap()));
    for (hint, zsh_completer, fish_flags) in hints {
        let flag = format!("v-{hint}");
        let zsh_line = format!("'--{flag}=[]:V_{}:{zsh_completer}'", hint.to_uppercase());
        assert!(zsh.lines().any(|line| line.trim_start().starts_with(&zsh_line)), "zsh, {hint}: {zsh_line} in\n{zsh}");
        let fish_line = format!("-l {flag} {fish_flags}");
        assert!(fish.lines().any(|line| line.ends_with(&fish_line)), "fish, {hint}: {fish_line} in\n{fish}");
    }
    // The near miss: no hint leaves each shell to complete as it would anyway.
    assert!(zsh.contains("'--plain=[]:PLAIN:_default'"), "{zsh}");
    assert!(fish.lines().any(|line| line.ends_with("-l plain -r")), "{fish}");
}
