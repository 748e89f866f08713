//! The pre-commit hooks (`.pre-commit-hooks.yaml`) as a repository using them runs
//! them: the real `pre-commit try-repo` of this repository, from a temporary git
//! repository holding a broken registry and a broken `.harn` module (both hooks fail,
//! naming each rule and file:line), then the fixed ones (both pass).
//!
//! try-repo installs the hooks as pre-commit installs them for users: into a fresh
//! virtual environment, where pip builds this repository's wheel with maturin (the
//! hooks' `language: python`). Each run installs anew (try-repo keeps no store), so the
//! install is kept offline and short: pip takes maturin from a folder filled from
//! `.tools` (`PIP_FIND_LINKS`, `PIP_NO_INDEX`), and maturin's cargo links the binary
//! from the running tests' build (`MATURIN_PEP517_ARGS`, as in `wheel.rs`). Its
//! manifest is this checkout's, not the clone's that pre-commit makes: cargo would
//! compile the clone's sources again, which are newer files with the same text. Nothing
//! is left in the user's home: pre-commit, pip and virtualenv keep their caches in the
//! test's temporary folder.
//!
//! try-repo takes this checkout's commit with its changes to files git tracks or has
//! staged: a new file left untracked here is not in the hooks it installs.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

use crate::common;
use crate::wheel;

/// A registry `lint` and `check` refuse (`legacy-parameters`), and the same fixed.
const BROKEN_REGISTRY: &str =
    "tools:\n  - name: lookup\n    description: Look up one widget by its id.\n    parameters:\n      id: uuid\n";
const FIXED_REGISTRY: &str =
    "tools:\n  - name: lookup\n    description: Look up one widget by its id.\n    parameters:\n      id: string\n";
/// A `.harn` module with a syntax error, and the same fixed.
const BROKEN_MODULE: &str = "/// Search the widgets.\npub fn search(query: string -> string {\n  return query\n}\n";
const FIXED_MODULE: &str = "/// Search the widgets.\npub fn search(query: string) -> string {\n  return query\n}\n";

/// `pre-commit try-repo` of this repository, every hook on every file of `repo`.
fn try_repo(pre_commit: &Path, repo: &Path, home: &Path, links: &Path) -> Output {
    let (target, profile) = wheel::test_build();
    let manifest = common::root().join("Cargo.toml");
    wheel::outside_the_tests(&mut Command::new(pre_commit))
        .arg("try-repo")
        .arg(common::root())
        .arg("--all-files")
        .current_dir(repo)
        .env("PRE_COMMIT_HOME", home.join("pre-commit"))
        .env("PRE_COMMIT_COLOR", "never")
        .env("PIP_NO_INDEX", "1")
        .env("PIP_FIND_LINKS", links)
        .env("PIP_CACHE_DIR", home.join("pip"))
        .env("PIP_DISABLE_PIP_VERSION_CHECK", "1")
        .env("VIRTUALENV_OVERRIDE_APP_DATA", home.join("virtualenv"))
        .env("VIRTUALENV_NO_PERIODIC_UPDATE", "1")
        // Split as a shell would: the path quoted.
        .env("MATURIN_PEP517_ARGS", format!("--profile {profile} --manifest-path '{}'", manifest.display()))
        .env("CARGO_TARGET_DIR", target)
        .env("CARGO_NET_OFFLINE", "true")
        .output()
        .unwrap()
}

/// What pre-commit printed of the hook `id`: from its `- hook id:` line to the next
/// hook's name line (or the end).
fn hook_output<'a>(printed: &'a str, id: &str) -> &'a str {
    let start = printed.find(&format!("- hook id: {id}\n")).unwrap_or_else(|| panic!("no {id} in:\n{printed}"));
    let section = &printed[start..];
    let end = section.find("\nharn-catalog ").map_or(section.len(), |end| end + 1);
    &section[..end]
}

/// `file:line:column` of each diagnostic of the JSON lines `stderr`, with its code.
fn places(stderr: &[u8]) -> Vec<(String, String)> {
    String::from_utf8_lossy(stderr)
        .lines()
        .filter(|line| line.starts_with('{'))
        .map(|line| {
            let d: Value = serde_json::from_str(line).unwrap();
            let place = format!("{}:{}:{}", d["file"].as_str().unwrap(), d["line"], d["column"]);
            (d["code"].as_str().unwrap().to_owned(), place)
        })
        .collect()
}

#[test]
fn try_repo_fails_on_a_broken_registry_and_passes_on_the_fixed_one() {
    let _turn = crate::turn();
    let suite = "the pre-commit hooks (tests/packaging/pre_commit.rs)";
    let pre_commit = common::root().join(".tools/venv/bin/pre-commit");
    if !common::tool_present(pre_commit.to_str().unwrap(), suite, "run `make tools`")
        || !common::tool_present("git", suite, "install git")
        || wheel::maturin(suite).is_none()
    {
        return;
    }
    let home = tempfile::tempdir().unwrap();
    let links = home.path().join("links");
    std::fs::create_dir(&links).unwrap();
    wheel::succeeds(
        Command::new(common::root().join(".tools/venv/bin/python"))
            .arg(common::root().join("tests/wheels.py"))
            .args(["repack", "maturin"])
            .arg(&links),
    );

    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path();
    common::git(repo, &["init", "--quiet"]);
    common::write(repo, "harn-catalog.toml", "[[catalog]]\ninput = \"tools.yaml\"\noutput = \"catalog/tools.json\"\n");
    // The catalog of the fixed registry, as `gen` writes it.
    common::write(repo, "tools.yaml", FIXED_REGISTRY);
    common::harn_catalog().arg("gen").current_dir(repo).assert().success();
    // Not a registry: the lint hook's files leave it out, or it would be refused.
    common::write(repo, "package.json", "{\"name\": \"widgets-site\", \"private\": true}\n");
    common::write(repo, "tools.yaml", BROKEN_REGISTRY);
    common::write(repo, "search.harn", BROKEN_MODULE);
    common::git(repo, &["add", "--all"]);

    // Where each refusal is, as the tests' own build reports it.
    let expected = common::harn_catalog()
        .args(["lint", "--profile", "mcp-2025-11-25", "--format", "json", "search.harn", "tools.yaml"])
        .current_dir(repo)
        .output()
        .unwrap();
    let expected = places(&expected.stderr);
    assert_eq!(
        expected.iter().map(|(code, _)| code.as_str()).collect::<Vec<_>>(),
        ["harn-syntax", "legacy-parameters"]
    );

    let broken = try_repo(&pre_commit, repo, home.path(), &links);
    let printed = format!("{}{}", String::from_utf8_lossy(&broken.stdout), String::from_utf8_lossy(&broken.stderr));
    assert_eq!(broken.status.code(), Some(1), "{printed}");
    let lint = hook_output(&printed, "harn-catalog-lint");
    for (code, place) in &expected {
        assert!(
            lint.contains(&format!("error[{code}]")) && lint.contains(&format!("--> {place}\n")),
            "{code} {place}:\n{lint}"
        );
    }
    assert!(!lint.contains("package.json"), "{lint}");
    // check compiles what harn-catalog.toml lists: the registry, not the module.
    let check = hook_output(&printed, "harn-catalog-check");
    let (code, place) = &expected[1];
    assert!(check.contains(&format!("error[{code}]")) && check.contains(&format!("--> {place}\n")), "{check}");
    assert!(!check.contains("search.harn"), "{check}");
    for name in ["harn-catalog check", "harn-catalog lint"] {
        assert!(printed.lines().any(|l| l.starts_with(name) && l.ends_with("Failed")), "{name}:\n{printed}");
    }

    common::write(repo, "tools.yaml", FIXED_REGISTRY);
    common::write(repo, "search.harn", FIXED_MODULE);
    common::git(repo, &["add", "--all"]);
    let fixed = try_repo(&pre_commit, repo, home.path(), &links);
    let printed = format!("{}{}", String::from_utf8_lossy(&fixed.stdout), String::from_utf8_lossy(&fixed.stderr));
    assert_eq!(fixed.status.code(), Some(0), "{printed}");
    for name in ["harn-catalog check", "harn-catalog lint"] {
        assert!(printed.lines().any(|l| l.starts_with(name) && l.ends_with("Passed")), "{name}:\n{printed}");
    }
}
