//! `unreadable-input`: an input file that cannot be opened and read.

use std::io;
use std::path::Path;

use crate::declare_rule;
use crate::diagnostics::Diagnostic;

declare_rule! {
    /// ## What it checks
    /// That the input file can be opened and read: it exists, it is a file (or a
    /// harness directory: a `.harness` directory or one holding a `.harness/`), and it
    /// is readable; and that `--scopes DIR` finds a `.harness/` from DIR up to the root.
    /// Standard input (`-` as FILE) must be readable too, and be named as a file
    /// (`--stdin-filename`), not as a directory: it holds one file.
    ///
    /// ## Why
    /// Nothing can be compiled from a file that cannot be read. This is a usage error
    /// (exit code 2), not a rejected input.
    ///
    /// ## Example
    /// `harn-catalog schema missing.json` when `missing.json` does not exist.
    pub static UNREADABLE_INPUT = {
        code: "unreadable-input",
        phase: Input,
        severity: Error,
        summary: "the input file cannot be read",
    }
}

/// What a directory must be to be read, said by each refusal of one.
const HARNESS_HELP: &str = "a directory is read as a harness directory when it is named `.harness` or holds a \
                            `.harness/` (whose tools/ holds the tools); otherwise give a file";

/// The diagnostic for an input `path` that names a directory that is no harness directory.
pub fn unreadable_directory(path: &Path) -> Diagnostic {
    UNREADABLE_INPUT
        .diag(format!("{} is a directory, not a file or a harness directory", path.display()))
        .help(HARNESS_HELP)
}

/// The diagnostic for `--scopes DIR` when no `.harness/` is in scope at `dir`.
pub fn no_harness_scope(dir: &Path) -> Diagnostic {
    let message = if dir.is_dir() {
        format!("no .harness directory in {} nor in any folder above it", dir.display())
    } else {
        format!("--scopes needs a directory; {} is none", dir.display())
    };
    UNREADABLE_INPUT.diag(message).help(HARNESS_HELP)
}

/// The diagnostic for an input `path` whose reading failed with `error`.
pub fn unreadable_file(path: &Path, error: &io::Error) -> Diagnostic {
    UNREADABLE_INPUT.diag(format!("cannot read {}: {}", path.display(), reason(error)))
}

/// Standard input, named `name`, could not be read.
pub fn unreadable_stdin(name: &Path, error: &io::Error) -> Diagnostic {
    UNREADABLE_INPUT.diag(format!("cannot read standard input (named {}): {}", name.display(), reason(error)))
}

/// `--stdin-filename` named a directory: standard input is one file.
pub fn stdin_named_directory(name: &Path) -> Diagnostic {
    UNREADABLE_INPUT
        .diag(format!("standard input is one file; --stdin-filename names the directory {}", name.display()))
        .help("a harness directory is read from disk: give its path as FILE instead of `-`")
}

/// Why a read failed, in words, without the OS error number where the kind says it.
fn reason(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::NotFound => "no such file".to_owned(),
        io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        io::ErrorKind::IsADirectory => "it is a directory".to_owned(),
        _ => error.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixture cannot make a file unreadable (git keeps no permissions that deny
    /// reading, and root reads any file), so the wording of each kind is tested here.
    #[test]
    fn each_kind_of_failure_is_worded_without_the_os_error_number() {
        let message = |error: io::Error| unreadable_file(Path::new("widgets.json"), &error).message;
        assert_eq!(message(io::ErrorKind::NotFound.into()), "cannot read widgets.json: no such file");
        // EACCES as the OS reports it, whose own text is "Permission denied (os error 13)".
        #[cfg(unix)]
        assert_eq!(message(io::Error::from_raw_os_error(13)), "cannot read widgets.json: permission denied");
        assert_eq!(message(io::Error::other("the disk went away")), "cannot read widgets.json: the disk went away");
    }
}
