//! The Python wheel that carries the binary (`pyproject.toml`, `make wheel`), as users
//! install it: built by the real maturin, checked member by member, installed by pip
//! into a fresh virtual environment from the file alone (`--no-index`), and run through
//! the entry point pip installed.
//!
//! The wheel is built from the running tests' own build, in their target folder and
//! with their profile, so that maturin's cargo only links the binary again (stripped,
//! as `pyproject.toml` asks), where a release build would compile everything anew (CI
//! has none; `make wheel` builds the release one for users). That link replaces the
//! target folder's `harn-catalog` with the same program, stripped, which the other
//! tests run as well: hence a test binary of their own (`tests/packaging/main.rs`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use crate::common;

/// The maturin `make tools` installs into `.tools/venv`; `None` when it is missing,
/// `suite` then skipped as [`common::tool_present`] says.
pub fn maturin(suite: &str) -> Option<PathBuf> {
    let maturin = common::root().join(".tools/venv/bin/maturin");
    common::tool_present(maturin.to_str().unwrap(), suite, "run `make tools`").then_some(maturin)
}

/// The cargo target folder and profile the running tests' `harn-catalog` was built in
/// (`target/debug/harn-catalog`: `target`, `dev`).
pub fn test_build() -> (PathBuf, String) {
    let binary = Path::new(env!("CARGO_BIN_EXE_harn-catalog"));
    let folder = binary.parent().unwrap();
    let profile = match folder.file_name().unwrap().to_str().unwrap() {
        "debug" => "dev",
        other => other,
    };
    (folder.parent().unwrap().to_path_buf(), profile.to_owned())
}

/// `command` without the variables cargo sets for the tests it runs
/// (`CARGO_MANIFEST_DIR`, `CARGO_PKG_NAME`, …), as the `cargo test` that built the tests
/// ran: a build script reruns when one of them changes (ring's does), so a cargo
/// started with them would compile ring and every crate above it again, and the next
/// `cargo test` once more.
pub fn outside_the_tests(command: &mut Command) -> &mut Command {
    const SET_FOR_TESTS: [&str; 8] = [
        "CARGO_PKG_",
        "CARGO_BIN_EXE_",
        "CARGO_BIN_NAME",
        "CARGO_CRATE_NAME",
        "CARGO_MANIFEST_",
        "CARGO_PRIMARY_PACKAGE",
        "CARGO_TARGET_TMPDIR",
        "CARGO_RUSTC_CURRENT_DIR",
    ];
    for (name, _) in std::env::vars_os() {
        let text = name.to_string_lossy();
        if text == "CARGO" || SET_FOR_TESTS.iter().any(|prefix| text.starts_with(prefix)) {
            command.env_remove(&name);
        }
    }
    command
}

/// Runs `command`, failing the test with its output unless it succeeds.
pub fn succeeds(command: &mut Command) -> Output {
    let output = command.output().unwrap_or_else(|e| panic!("{command:?} does not start: {e}"));
    assert!(
        output.status.success(),
        "{command:?} failed ({}):\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// Builds the wheel as `make wheel` does, but from the tests' build (see the module's
/// doc), into `out`; the wheel's path.
fn build_wheel(maturin: &Path, out: &Path) -> PathBuf {
    let (target, profile) = test_build();
    succeeds(
        outside_the_tests(&mut Command::new(maturin))
            .args(["build", "--profile", &profile, "--out"])
            .arg(out)
            .env("CARGO_TARGET_DIR", target)
            .env("CARGO_NET_OFFLINE", "true")
            .current_dir(common::root()),
    );
    let wheels: Vec<PathBuf> = std::fs::read_dir(out).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(wheels.len(), 1, "one wheel: {wheels:?}");
    wheels.into_iter().next().unwrap()
}

/// `tests/wheels.py read`: the wheel's members and its METADATA's fields.
fn read(wheel: &Path) -> Value {
    let python = common::root().join(".tools/venv/bin/python");
    let output = succeeds(Command::new(python).arg(common::root().join("tests/wheels.py")).arg("read").arg(wheel));
    serde_json::from_slice(&output.stdout).unwrap()
}

/// The one value of METADATA's `field`.
fn field<'a>(metadata: &'a Value, field: &str) -> &'a str {
    let values = metadata[field].as_array().unwrap_or_else(|| panic!("METADATA has no {field}: {metadata}"));
    assert_eq!(values.len(), 1, "{field}: {values:?}");
    values[0].as_str().unwrap()
}

#[test]
fn the_wheel_installs_into_a_fresh_virtual_environment_and_runs() {
    let _turn = crate::turn();
    let Some(maturin) = maturin("the wheel (tests/packaging/wheel.rs)") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let wheel = build_wheel(&maturin, &dir.path().join("dist"));
    let version = env!("CARGO_PKG_VERSION");

    // Any Python 3, no ABI: the wheel holds a program, no extension module.
    let file_name = wheel.file_name().unwrap().to_str().unwrap();
    assert!(file_name.starts_with(&format!("harn_catalog-{version}-py3-none-")), "{file_name}");

    // The binary as a script, the metadata, the licences and maturin's bill of
    // materials (the crates the binary is built from); nothing else.
    let read = read(&wheel);
    let stem = format!("harn_catalog-{version}");
    let members: Vec<(&str, u64)> = read["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["name"].as_str().unwrap(), m["mode"].as_u64().unwrap()))
        .collect();
    let mut names: Vec<&str> = members.iter().map(|(name, _)| *name).collect();
    names.sort_unstable();
    let mut expected = [
        format!("{stem}.data/scripts/harn-catalog"),
        format!("{stem}.dist-info/METADATA"),
        format!("{stem}.dist-info/RECORD"),
        format!("{stem}.dist-info/WHEEL"),
        format!("{stem}.dist-info/licenses/LICENSE-APACHE"),
        format!("{stem}.dist-info/licenses/LICENSE-MIT"),
        format!("{stem}.dist-info/sboms/harn-catalog.cyclonedx.json"),
    ];
    expected.sort_unstable();
    assert_eq!(names, expected, "the wheel's members");
    let script_mode = members.iter().find(|(name, _)| name.ends_with("/scripts/harn-catalog")).unwrap().1;
    assert_eq!(script_mode & 0o111, 0o111, "the script is executable: {script_mode:o}");

    // The metadata PyPI and pip show, the version and summary read from Cargo.toml.
    let metadata = &read["metadata"];
    assert_eq!(field(metadata, "Name"), "harn-catalog");
    assert_eq!(field(metadata, "Version"), version);
    assert_eq!(field(metadata, "Summary"), env!("CARGO_PKG_DESCRIPTION"));
    assert_eq!(field(metadata, "License-Expression"), env!("CARGO_PKG_LICENSE"), "pyproject.toml and Cargo.toml");
    assert_eq!(field(metadata, "Requires-Python"), ">=3.8");
    assert!(metadata["Requires-Dist"].is_null(), "no Python dependencies: {metadata}");
    assert!(metadata["Classifier"].as_array().unwrap().contains(&"Programming Language :: Rust".into()));
    assert!(metadata["description"].as_str().unwrap().starts_with("# harn-catalog\n"), "the README");

    // pip installs the file alone into a fresh virtual environment.
    let venv = dir.path().join("venv");
    succeeds(Command::new(common::root().join(".tools/venv/bin/python")).args(["-m", "venv"]).arg(&venv));
    succeeds(
        Command::new(venv.join("bin/python"))
            .args(["-m", "pip", "install", "--no-index", "--no-cache-dir", "--disable-pip-version-check", "--quiet"])
            .arg(&wheel),
    );
    let installed = venv.join("bin/harn-catalog");
    let run = |args: &[&str]| succeeds(Command::new(&installed).args(args).current_dir(common::root())).stdout;
    assert_eq!(String::from_utf8(run(&["--version"])).unwrap(), format!("harn-catalog {version}\n"));
    // The compact catalog `harn-catalog check` keeps in step with its registry.
    let committed = std::fs::read(common::root().join("fixtures/catalogs/widgets.compact.json")).unwrap();
    assert_eq!(
        String::from_utf8(run(&["schema", "fixtures/widgets/registry.toml"])).unwrap(),
        String::from_utf8(committed).unwrap()
    );

    // Stripped: no symbol table, no line tables.
    if common::tool_present("readelf", "the wheel's binary is stripped", "install binutils") {
        let sections = succeeds(Command::new("readelf").args(["--section-headers", "--wide"]).arg(&installed)).stdout;
        let sections = String::from_utf8(sections).unwrap();
        assert!(sections.contains(".text"), "{sections}");
        for left_out in [".symtab", ".debug_info", ".debug_line"] {
            assert!(!sections.contains(left_out), "{left_out}:\n{sections}");
        }
    }
}
