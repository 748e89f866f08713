//! Paths stay inside the project (rule `path-outside-project`): the inputs and outputs
//! `harn-catalog.toml` names and the imports of a `.harn` module are refused when
//! they lead out, by an absolute path, a `..` or a symbolic link, before anything
//! is read or written; the same paths staying inside are followed, and
//! `--allow-outside-project` lets them out.

use crate::common;

use std::path::{Path, PathBuf};

use common::harn_catalog;
use predicates::prelude::*;

/// A description only the file outside the project holds: seeing it on stderr means
/// `check` printed that file.
const SECRET: &str = "SECRET-OUTSIDE-THE-PROJECT";

/// A temporary folder holding a project (`proj/`, no git work tree around it) and,
/// beside it, a folder outside it (`outside/`).
struct Layout {
    _dir: tempfile::TempDir,
    project: PathBuf,
    outside: PathBuf,
}

impl Layout {
    fn new() -> Layout {
        let dir = tempfile::tempdir().unwrap();
        // Canonical, so that absolute paths written into configurations are the real ones.
        let base = dir.path().canonicalize().unwrap();
        let (project, outside) = (base.join("proj"), base.join("outside"));
        std::fs::create_dir_all(project.join("sub")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        let registry = std::fs::read(common::root().join("fixtures/widgets/registry.yaml")).unwrap();
        common::write(&project, "registry.yaml", &registry);
        common::write(&project, "sub/registry.yaml", &registry);
        let secret = format!(r#"{{"tools": [{{"name": "leak", "description": "{SECRET}"}}]}}"#);
        common::write(&outside, "secret.json", secret);
        common::write(&outside, "types.harn", "pub struct Widget {\n  leaked_field: string\n}\n");
        Layout { _dir: dir, project, outside }
    }

    /// Writes `proj/harn-catalog.toml` with one catalog; its path.
    fn config(&self, input: &str, output: &str) -> PathBuf {
        let text = format!("[[catalog]]\ninput = {input:?}\noutput = {output:?}\n");
        common::write(&self.project, "harn-catalog.toml", text)
    }

    /// `harn-catalog <command> --config <config>` with `extra` arguments.
    fn run(&self, command: &str, config: &Path, extra: &[&str]) -> assert_cmd::assert::Assert {
        harn_catalog().args([command, "--config"]).arg(config).args(extra).assert()
    }

    /// `proj/linked`, a symbolic link to the folder outside.
    #[cfg(unix)]
    fn link_outside(&self) {
        std::os::unix::fs::symlink(&self.outside, self.project.join("linked")).unwrap();
    }

    /// Every file in the folder outside, sorted.
    fn outside_files(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.outside)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

/// The refusal of a path at `line:col` of the configuration.
fn refused_at(place: &str) -> impl Predicate<str> {
    predicate::str::contains("error[path-outside-project]")
        .and(predicate::str::contains(format!("harn-catalog.toml:{place}")))
        .and(predicate::str::contains("--allow-outside-project"))
        .and(predicate::str::contains(SECRET).not())
}

/// The three ways out, as an `input` or `output` of the configuration would name a
/// file `name` in the folder outside.
fn escapes(layout: &Layout, name: &str) -> Vec<(&'static str, String)> {
    let mut ways = vec![
        ("absolute", layout.outside.join(name).to_string_lossy().into_owned()),
        ("..", format!("../outside/{name}")),
    ];
    if cfg!(unix) {
        ways.push(("symlink", format!("linked/{name}")));
    }
    ways
}

#[test]
fn inputs_leading_out_of_the_project_are_refused_before_they_are_read() {
    let layout = Layout::new();
    #[cfg(unix)]
    layout.link_outside();
    // An output on disk that differs from what would be generated: `check` would
    // print its diff with the input's description.
    common::write(&layout.project, "catalog.json", "{}\n");
    for (way, input) in escapes(&layout, "secret.json") {
        let config = layout.config(&input, "catalog.json");
        for command in ["check", "gen"] {
            let refused = layout.run(command, &config, &[]).code(1).stderr(refused_at("2:9"));
            let stderr = String::from_utf8_lossy(&refused.get_output().stderr).into_owned();
            assert!(stderr.contains(&format!("input {input:?}")), "{way}: {stderr}");
        }
        assert_eq!(std::fs::read_to_string(layout.project.join("catalog.json")).unwrap(), "{}\n", "{way}");
        // What the rule prevents: opted in, `check` prints the file from outside.
        layout
            .run("check", &config, &["--allow-outside-project"])
            .code(1)
            .stderr(predicate::str::contains(SECRET).and(predicate::str::contains("path-outside-project").not()));
    }
}

/// A `[[budget]]` reads its input as a catalog does: one outside the project is
/// refused at its place, before anything is read.
#[test]
fn a_budget_input_leading_out_of_the_project_is_refused() {
    let layout = Layout::new();
    #[cfg(unix)]
    layout.link_outside();
    for (way, input) in escapes(&layout, "secret.json") {
        let config = layout.config("registry.yaml", "catalog.json");
        let text = std::fs::read_to_string(&config).unwrap();
        std::fs::write(&config, format!("{text}[[budget]]\nname = \"chat\"\ninput = {input:?}\ntokens = 1\n")).unwrap();
        let refused = layout.run("check", &config, &[]).code(1).stderr(refused_at("6:9"));
        let stderr = String::from_utf8_lossy(&refused.get_output().stderr).into_owned();
        assert!(stderr.contains(&format!("input {input:?}")), "{way}: {stderr}");
    }
    // A near miss: the same budget over the project's own registry is read (and, one
    // token being too few, fails as a budget, not as a path).
    let config = layout.config("registry.yaml", "catalog.json");
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, format!("{text}[[budget]]\nname = \"chat\"\ninput = \"registry.yaml\"\ntokens = 1\n"))
        .unwrap();
    layout.run("gen", &config, &[]).success();
    let over = layout.run("check", &config, &[]).code(1);
    let stderr = String::from_utf8_lossy(&over.get_output().stderr).into_owned();
    assert!(stderr.contains("chat") && !stderr.contains("path-outside-project"), "{stderr}");
}

#[test]
fn outputs_leading_out_of_the_project_are_refused_and_nothing_is_written() {
    let layout = Layout::new();
    #[cfg(unix)]
    layout.link_outside();
    let before = layout.outside_files();
    for (way, output) in escapes(&layout, "escaped.json") {
        let config = layout.config("registry.yaml", &output);
        layout.run("gen", &config, &[]).code(1).stderr(refused_at("3:10"));
        layout.run("check", &config, &[]).code(1).stderr(refused_at("3:10"));
        assert_eq!(layout.outside_files(), before, "{way}: gen wrote outside the project");
    }
    // Opted in, the same output is written outside.
    let config = layout.config("registry.yaml", "../outside/escaped.json");
    layout.run("gen", &config, &["--allow-outside-project"]).success();
    assert!(layout.outside.join("escaped.json").is_file());
    layout.run("check", &config, &["--allow-outside-project"]).success();
}

#[test]
fn every_refused_path_of_a_configuration_is_reported_at_once() {
    let layout = Layout::new();
    let text = "[[catalog]]\ninput = \"../outside/secret.json\"\noutput = \"../escaped.json\"\n";
    let config = common::write(&layout.project, "harn-catalog.toml", text);
    layout
        .run("check", &config, &[])
        .code(1)
        .stderr(refused_at("2:9").and(refused_at("3:10")).and(predicate::str::contains("2 errors")));
}

/// A module importing `Widget` from `from`, exporting one function that returns it.
fn importing(from: &str) -> String {
    format!(
        "import {{ Widget }} from {from:?}\n\n/// Look up one widget.\npub fn get(id: string) -> Widget {{\n  return nil\n}}\n"
    )
}

/// `harn-catalog schema <module>` with `extra` arguments.
fn schema(module: &Path, extra: &[&str]) -> assert_cmd::assert::Assert {
    harn_catalog().arg("schema").arg(module).args(extra).assert()
}

#[test]
fn imports_leading_out_of_the_project_are_refused_before_they_are_read() {
    let layout = Layout::new();
    #[cfg(unix)]
    layout.link_outside();
    let mut ways = vec![
        ("absolute", layout.outside.join("types").to_string_lossy().into_owned()),
        ("..", "../outside/types".to_owned()),
    ];
    if cfg!(unix) {
        ways.push(("symlink", "./linked/types".to_owned()));
    }
    for (way, from) in ways {
        let module = common::write(&layout.project, "tools.harn", importing(&from));
        let refused = || {
            predicate::str::contains("error[path-outside-project]")
                .and(predicate::str::contains("tools.harn:1:1"))
                .and(predicate::str::contains("--allow-outside-project"))
                .and(predicate::str::contains("leaked_field").not())
        };
        // On the command line, the module's own folder is the project ...
        schema(&module, &[]).code(1).stderr(refused());
        // ... and with a configuration, the configuration's.
        let config = layout.config("tools.harn", "catalog.json");
        layout.run("gen", &config, &[]).code(1).stderr(refused());
        assert!(!layout.project.join("catalog.json").exists(), "{way}");
        // Opted in, the import is read.
        schema(&module, &["--allow-outside-project"]).success().stdout(predicate::str::contains("leaked_field"));
    }
}

#[test]
fn an_import_re_exported_from_inside_is_refused_where_it_is_written() {
    let layout = Layout::new();
    common::write(&layout.project, "types.harn", "pub import \"../outside/types\"\n");
    let module = common::write(&layout.project, "tools.harn", importing("./types"));
    schema(&module, &[]).code(1).stderr(
        predicate::str::contains("error[path-outside-project]")
            .and(predicate::str::contains("types.harn:1:1"))
            .and(predicate::str::contains("\"../outside/types\" climbs out of the project")),
    );
}

#[test]
fn paths_that_stay_inside_are_followed() {
    let layout = Layout::new();
    // A `..` that comes back, and an output in folders that do not exist yet.
    let config = layout.config("sub/../registry.yaml", "out/new/../catalog.json");
    layout.run("gen", &config, &[]).success();
    assert!(layout.project.join("out/catalog.json").is_file());
    layout.run("check", &config, &[]).success();
    // An import climbing from a sub-folder back into the project.
    common::write(&layout.project, "types.harn", "pub struct Widget {\n  inside_field: string\n}\n");
    let module = common::write(&layout.project, "sub/tools.harn", importing("../types"));
    let config = layout.config("sub/tools.harn", "tools.json");
    layout.run("gen", &config, &[]).success();
    let written = std::fs::read_to_string(layout.project.join("tools.json")).unwrap();
    assert!(written.contains("inside_field"), "{written}");
    // On the command line the module's folder is the project, so the same import is
    // refused there: the configuration's folder is what widened it.
    schema(&module, &[]).code(1).stderr(predicate::str::contains("path-outside-project"));
}

#[cfg(unix)]
#[test]
fn symbolic_links_that_stay_inside_are_followed() {
    let layout = Layout::new();
    std::os::unix::fs::symlink(layout.project.join("sub"), layout.project.join("alias")).unwrap();
    std::os::unix::fs::symlink("../registry.yaml", layout.project.join("sub/link.yaml")).unwrap();
    let config = layout.config("alias/link.yaml", "alias/catalog.json");
    layout.run("gen", &config, &[]).success();
    assert!(layout.project.join("sub/catalog.json").is_file());
    layout.run("check", &config, &[]).success();
    common::write(&layout.project, "sub/types.harn", "pub struct Widget {\n  inside_field: string\n}\n");
    let module = common::write(&layout.project, "tools.harn", importing("./alias/types"));
    schema(&module, &[]).success().stdout(predicate::str::contains("inside_field"));
}

#[test]
fn the_project_widens_to_the_git_work_tree_that_holds_the_configuration() {
    let layout = Layout::new();
    let config = common::write(
        &layout.project.join("sub"),
        "harn-catalog.toml",
        "[[catalog]]\ninput = \"../registry.yaml\"\noutput = \"catalog.json\"\n",
    );
    layout.run("check", &config, &[]).code(1).stderr(predicate::str::contains("path-outside-project"));
    // A `.git` file, as a worktree or submodule has, marks the work tree.
    common::write(&layout.project, ".git", "gitdir: ../elsewhere\n");
    layout.run("gen", &config, &[]).success();
    layout.run("check", &config, &[]).success();
    // The same for a module on the command line.
    common::write(&layout.project, "types.harn", "pub struct Widget {\n  inside_field: string\n}\n");
    let module = common::write(&layout.project.join("sub"), "tools.harn", importing("../types"));
    schema(&module, &[]).success().stdout(predicate::str::contains("inside_field"));
}
