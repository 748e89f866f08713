//! The rules of reading a harness directory: where a tool's schema document may come
//! from without running the tool, its name, and which scope's definition wins.

use std::path::Path;
use std::sync::Arc;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::pointer::Pointer;
use crate::source::{Format, SourceFile};

declare_rule! {
    /// ## What it checks
    /// That a tool of a harness directory (an executable in `tools/` or
    /// `plugins/<pack>/tools/`) that is a binary has its schema committed beside it
    /// as `<tool>.schema.json`.
    ///
    /// ## Why
    /// harn-catalog never runs what it compiles, so the `--schema` output of a
    /// compiled program cannot be known from its bytes. A file is taken for a binary
    /// when its first 8 KiB hold a NUL byte, when it is not UTF-8, or when it starts
    /// with an executable format's magic number (ELF, Mach-O, PE).
    ///
    /// ## Example
    /// `.harness/tools/resize` is an ELF program and `.harness/tools/resize.schema.json`
    /// does not exist; run `.harness/tools/resize --schema > .harness/tools/resize.schema.json`
    /// and commit the file.
    pub static HARNESS_BINARY_TOOL = {
        code: "harness-binary-tool",
        phase: Input,
        severity: Error,
        summary: "a binary tool of a harness directory has no committed schema sidecar",
    }
}

declare_rule! {
    /// ## What it checks
    /// That a tool script of a harness directory without a sidecar has a `--schema`
    /// branch to read its schema from: a line of code (not a comment) where
    /// `--schema` is a word of its own. When several lines have one, the branch is
    /// the first where it is a condition outside a heredoc's body (`[ "$1" =
    /// --schema ]`, `[[ $1 == --schema ]]`, `test "$1" = --schema`, a case arm
    /// `--schema)` or `-s|--schema)`, a word of an `if` or `elif` line, not in a
    /// string), so that a usage text naming the option first is passed over; when
    /// none is, the first.
    ///
    /// ## Why
    /// The schema is read from the script's text, never by running it; a script
    /// that does not mention `--schema` gives nothing to read.
    ///
    /// ## Example
    /// ```sh
    /// #!/bin/sh
    /// echo "resizing $1"
    /// ```
    pub static HARNESS_SCHEMA_MISSING = {
        code: "harness-schema-missing",
        phase: Input,
        severity: Error,
        summary: "a tool script of a harness directory has no `--schema` branch and no sidecar",
    }
}

declare_rule! {
    /// ## What it checks
    /// That the `--schema` branch of a tool script without a sidecar prints a quoted
    /// heredoc (`<<'EOF'`, `<<"EOF"`, `<<\EOF`, `<<-'EOF'`) of a shell script, whose
    /// body is the schema as written.
    ///
    /// ## Why
    /// A schema built by code (`print(json.dumps(...))`, `jq -n`, `cat` of another
    /// file) can only be known by running it, which harn-catalog never does. Only a
    /// shell script's heredoc is read: another language's `--schema` branch is
    /// taken for a computed schema.
    ///
    /// ## Example
    /// ```python
    /// #!/usr/bin/env python3
    /// if sys.argv[1:] == ["--schema"]:
    ///     print(json.dumps(SCHEMA))
    /// ```
    pub static HARNESS_COMPUTED_SCHEMA = {
        code: "harness-computed-schema",
        phase: Input,
        severity: Error,
        summary: "a tool script's `--schema` branch computes its schema instead of printing a quoted heredoc",
    }
}

declare_rule! {
    /// ## What it checks
    /// That the heredoc the `--schema` branch of a tool script prints is quoted.
    ///
    /// ## Why
    /// The shell expands `$name`, `$(command)` and backticks in an unquoted heredoc's
    /// body (`<<EOF`), so what the script prints may differ from the text written;
    /// only a quoted heredoc's body is printed as written.
    ///
    /// ## Example
    /// ```sh
    /// #!/bin/sh
    /// if [ "$1" = --schema ]; then
    ///   cat <<EOF
    /// {"name": "resize", "description": "Resize $IMAGE", "input_schema": {"type": "object"}}
    /// EOF
    /// fi
    /// ```
    pub static HARNESS_UNQUOTED_HEREDOC = {
        code: "harness-unquoted-heredoc",
        phase: Input,
        severity: Error,
        summary: "a tool script's `--schema` heredoc is unquoted, so the shell would expand it",
    }
}

declare_rule! {
    /// ## What it checks
    /// That the `name` of a harness tool's schema document is the file name of the
    /// executable it describes.
    ///
    /// ## Why
    /// The harness calls a tool by its file name; a schema that names another tool
    /// would advertise a tool that cannot be called.
    ///
    /// ## Example
    /// `.harness/tools/resize.schema.json`:
    /// ```json
    /// {"name": "resize_image", "description": "Resize an image", "input_schema": {"type": "object"}}
    /// ```
    pub static HARNESS_TOOL_NAME = {
        code: "harness-tool-name",
        phase: Catalog,
        severity: Error,
        summary: "a harness tool's schema names another tool than its file name",
    }
}

declare_rule! {
    /// ## What it checks
    /// With `--scopes DIR`, a tool name defined in more than one scope: the most
    /// local definition (nearest to DIR) wins, and each one it overrides is noted.
    ///
    /// ## Why
    /// Overriding a tool of an outer scope is what scopes are for, so this is a note,
    /// never an error (not even with `--deny-warnings`); it says which file is
    /// compiled in place of the one overridden.
    ///
    /// ## Example
    /// `project/.harness/tools/search` and `project/app/.harness/tools/search`, read
    /// with `--scopes project/app`: the second is compiled.
    pub static HARNESS_OVERRIDE = {
        code: "harness-override",
        phase: Input,
        severity: Note,
        summary: "a tool of an outer harness scope is overridden by a more local one",
    }
}

declare_rule! {
    /// ## What it checks
    /// That every file of a harness directory's `tools/` (and `plugins/<pack>/tools/`)
    /// other than a `*.schema.json` sidecar or a hidden file is executable.
    ///
    /// ## Why
    /// The harness runs only executables; a file that is not one is not a tool, and
    /// is left out of the catalog.
    ///
    /// ## Example
    /// `.harness/tools/resize` with mode `0644`.
    pub static HARNESS_NOT_EXECUTABLE = {
        code: "harness-not-executable",
        phase: Input,
        severity: Warning,
        summary: "a file of a harness `tools/` folder is not executable and is left out",
    }
}

declare_rule! {
    /// ## What it checks
    /// That every sidecar `<tool>.schema.json` of a harness directory's `tools/` (and
    /// `plugins/<pack>/tools/`) has the file `<tool>` it describes beside it.
    ///
    /// ## Why
    /// A sidecar is read only as the schema of the executable of its name, so one
    /// without it compiles to nothing: the tool it describes is silently missing
    /// from the catalog. That is most often an executable not committed, or one
    /// whose name differs from the sidecar's (the help names an executable of the
    /// folder a letter or two away, when there is one). A file `<tool>` that is
    /// there but not executable is `harness-not-executable`'s finding instead.
    ///
    /// ## Example
    /// `.harness/tools/resize.schema.json` beside `.harness/tools/resise`: add the
    /// executable `resize`, rename `resise` to `resize`, or remove the sidecar.
    pub static HARNESS_ORPHAN_SIDECAR = {
        code: "harness-orphan-sidecar",
        phase: Input,
        severity: Warning,
        summary: "a schema sidecar of a harness `tools/` folder has no executable beside it",
    }
}

/// The help every refusal of a schema's source gives: commit what the tool prints.
fn commit_sidecar(executable: &Path) -> String {
    let tool = executable.display();
    format!("commit the schema beside the tool: `{tool} --schema > {tool}.schema.json`")
}

/// A source standing for a path that is not read as text (the harness directory in
/// its catalog's provenance). A diagnostic about a whole file is located with
/// [`Origin::file`], which shows its path alone.
pub fn file_only(path: &Path) -> Arc<SourceFile> {
    Arc::new(SourceFile::new(path, String::new(), Format::Json))
}

/// The executable `script` (its text in `source`) is a binary.
pub fn binary(script: &Path) -> Diagnostic {
    HARNESS_BINARY_TOOL
        .diag(format!("{} is a binary: its --schema output cannot be read without running it", script.display()))
        .at(Origin::file(script))
        .help(commit_sidecar(script))
}

/// The script `source` has no `--schema` branch; located at its first line.
pub fn schema_missing(source: &Arc<SourceFile>) -> Diagnostic {
    let first = source.text.find('\n').unwrap_or(source.text.len());
    HARNESS_SCHEMA_MISSING
        .diag(format!("{} has no --schema branch and no schema sidecar", source.display_path()))
        .at(Origin::span(source, 0..first))
        .help(commit_sidecar(&source.path))
}

/// The `--schema` branch of `source` (the token at `at`) prints no quoted heredoc.
pub fn computed(source: &Arc<SourceFile>, at: std::ops::Range<usize>) -> Diagnostic {
    HARNESS_COMPUTED_SCHEMA
        .diag("the --schema branch prints no heredoc: its schema is computed, and cannot be read without running it")
        .at(Origin::span(source, at))
        .help(commit_sidecar(&source.path))
}

/// The heredoc operator at `at` of `source` is unquoted.
pub fn unquoted(source: &Arc<SourceFile>, at: std::ops::Range<usize>) -> Diagnostic {
    HARNESS_UNQUOTED_HEREDOC
        .diag("the --schema heredoc is unquoted: the shell would expand `$` and backticks in it")
        .at(Origin::span(source, at))
        .help(format!("quote its word (`<<'EOF'`), or {}", commit_sidecar(&source.path)))
}

/// The schema document in `source` names tool `name` (at `name_at`), not `file_name`.
pub fn name_mismatch(source: &Arc<SourceFile>, name: &str, name_at: Pointer, file_name: &str) -> Diagnostic {
    HARNESS_TOOL_NAME
        .diag(format!("the schema names tool {name:?}, but the executable is named {file_name:?}"))
        .at(Origin::value(source, name_at))
        .help(format!("rename the executable to {name:?}, or set \"name\": {file_name:?}"))
}

/// Tool `name` defined at `loser` is overridden by the definition at `winner`.
pub fn overridden(name: &str, loser: &Path, winner: &Path) -> Diagnostic {
    HARNESS_OVERRIDE
        .diag(format!("tool {name:?} is overridden by the more local {}", winner.display()))
        .at(Origin::file(loser))
        .help(format!(
            "nothing to do if the override is meant; to use the outer definition, rename or remove {}",
            winner.display()
        ))
        .related(Origin::file(winner), "the definition compiled")
}

/// The file `path` of a `tools/` folder is not executable.
pub fn not_executable(path: &Path) -> Diagnostic {
    HARNESS_NOT_EXECUTABLE
        .diag(format!("{} is not executable, so it is no tool; it is left out", path.display()))
        .at(Origin::file(path))
        .help(format!("make it executable (`chmod +x {}`), or move it out of the tools folder", path.display()))
}

/// The sidecar `path` describes `tool`, which is not in its folder; `near`, an
/// executable of the folder whose name is close to `tool`'s.
pub fn orphan_sidecar(path: &Path, tool: &str, near: Option<&str>) -> Diagnostic {
    let help = match near {
        Some(near) => format!(
            "rename the executable {near:?} to {tool:?} (or the sidecar to {near}.schema.json), or remove the sidecar"
        ),
        None => format!("add the executable {tool:?} beside it (and commit it), or remove the sidecar"),
    };
    HARNESS_ORPHAN_SIDECAR
        .diag(format!(
            "{} describes tool {tool:?}, but there is no file {tool:?} beside it: no tool is read from it",
            path.display()
        ))
        .at(Origin::file(path))
        .help(help)
}
