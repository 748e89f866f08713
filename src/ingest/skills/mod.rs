//! Skills (issue 13): the `SKILL.md` files of harness directories, read as
//! capabilities for the discovery index. A harness directory (`.harness/`) holds
//! `skills/<name>/SKILL.md` and `plugins/<pack>/skills/<name>/SKILL.md`; each file is
//! a YAML frontmatter between `---` lines (the manifest, see [`manifest`]) and a body.
//! An invalid manifest is a located warning and the skill is left out; a skill ID
//! defined in several directories is taken from the most local one, with a note at
//! the others.

pub mod manifest;
pub mod rules;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;
use serde_json::Value;

use super::harness::discovery::{self, sorted_entries};
use crate::diagnostics::{Diagnostic, Origin};
use crate::digest::sha256;
use crate::source::{Format, SourceFile};
use manifest::{NoFrontmatter, Split};
pub use rules::{SKILL_FIELD, SKILL_FOLDER_NAME, SKILL_MANIFEST, SKILL_NAME, SKILL_SHADOWED};

/// The file that makes a folder of `skills/` a skill.
pub const SKILL_FILE: &str = "SKILL.md";

/// One skill, as the index lists it.
#[derive(Clone, Debug)]
pub struct Skill {
    /// The frontmatter's `name` (or `id`).
    pub name: String,
    /// The plugin pack it comes from (`plugins/<pack>/skills/…`); none for a harness
    /// directory's own skills.
    pub namespace: Option<String>,
    /// The pack, or the name of the folder that holds the harness directory.
    pub provider: String,
    /// The frontmatter's `title`, else the name.
    pub title: String,
    pub description: String,
    pub tags: Vec<String>,
    /// Not `disable-model-invocation: true`.
    pub model_discoverable: bool,
    /// The whole frontmatter, as JSON.
    pub manifest: Value,
    /// `sha256:` and the hex sha256 of the frontmatter's bytes ([`Split::manifest`]).
    pub manifest_hash: String,
    /// `sha256:` and the hex sha256 of the body's bytes ([`Split::body`]).
    pub body_hash: String,
    /// The `SKILL.md` file.
    pub path: PathBuf,
}

impl Skill {
    /// `skill:<name>`, or `skill:<pack>/<name>` for a plugin's skill.
    pub fn id(&self) -> String {
        match &self.namespace {
            Some(pack) => format!("skill:{pack}/{}", self.name),
            None => format!("skill:{}", self.name),
        }
    }
}

/// What reading harness directories gives: the skills used, sorted by ID, and the
/// warnings and notes, in the order of the files.
#[derive(Debug, Default)]
pub struct Skills {
    pub skills: Vec<Skill>,
    pub diagnostics: Vec<Diagnostic>,
}

/// A `SKILL.md` found, before it is read.
struct Found {
    /// The position of its harness directory in the list (0: the most local).
    rank: usize,
    path: PathBuf,
    folder: String,
    namespace: Option<String>,
    provider: String,
}

/// A skill read, before the most local of each ID is chosen.
struct Candidate {
    skill: Skill,
    name_at: Origin,
    rank: usize,
    folder_matches: bool,
}

/// Reads the skills of `harness_dirs`, ordered most local first.
pub fn read(harness_dirs: &[PathBuf]) -> Skills {
    let found: Vec<Found> = harness_dirs.iter().enumerate().flat_map(|(rank, dir)| locate(rank, dir)).collect();
    let read: Vec<(Option<Candidate>, Vec<Diagnostic>)> = found.into_par_iter().map(read_one).collect();
    let (candidates, mut diagnostics): (Vec<_>, Vec<_>) = read.into_iter().unzip();
    // Each skill read, with the position of its file, in order of precedence: the most
    // local directory first; in one directory, the skill in the folder of its name,
    // then the first found (folders are listed by name).
    let mut ranked: Vec<(usize, Candidate)> =
        candidates.into_iter().enumerate().filter_map(|(i, candidate)| Some((i, candidate?))).collect();
    ranked.sort_by_key(|(i, candidate)| (candidate.rank, !candidate.folder_matches, *i));
    let mut used: Vec<Candidate> = Vec::new();
    let mut by_id: HashMap<String, usize> = HashMap::new();
    for (i, candidate) in ranked {
        let id = candidate.skill.id();
        match by_id.get(&id) {
            Some(&winner) => diagnostics[i].push(shadowed(&id, &candidate, &used[winner])),
            None => {
                by_id.insert(id, used.len());
                used.push(candidate);
            }
        }
    }
    let mut skills: Vec<Skill> = used.into_iter().map(|candidate| candidate.skill).collect();
    skills.sort_by_cached_key(Skill::id);
    Skills { skills, diagnostics: diagnostics.into_iter().flatten().collect() }
}

/// The note at a skill not used because `winner` has its ID.
fn shadowed(id: &str, candidate: &Candidate, winner: &Candidate) -> Diagnostic {
    let why = if winner.rank < candidate.rank {
        "in a more local harness directory"
    } else if winner.folder_matches {
        "in the folder of its name"
    } else {
        "in a folder that comes first by name"
    };
    let message = format!("the skill {id} is not used: {} defines it too, {why}", winner.skill.path.display());
    SKILL_SHADOWED.diag(message).at(candidate.name_at.clone()).related(winner.name_at.clone(), "the skill used instead")
}

/// The `SKILL.md` files of one harness directory: its own `skills/`, then each
/// plugin's, packs and folders in byte order of their names.
fn locate(rank: usize, dir: &Path) -> Vec<Found> {
    let mut found = Vec::new();
    let project = discovery::provider(dir);
    in_skills_folder(&dir.join("skills"), rank, None, &project, &mut found);
    for (pack, path) in subfolders(&dir.join("plugins")) {
        in_skills_folder(&path.join("skills"), rank, Some(&pack), &pack, &mut found);
    }
    found
}

fn in_skills_folder(skills: &Path, rank: usize, pack: Option<&str>, provider: &str, found: &mut Vec<Found>) {
    for (folder, path) in subfolders(skills) {
        let file = path.join(SKILL_FILE);
        // A folder without SKILL.md is no skill (it may hold what skills share).
        if file.is_file() {
            let (namespace, provider) = (pack.map(str::to_owned), provider.to_owned());
            found.push(Found { rank, path: file, folder, namespace, provider });
        }
    }
}

/// The folders in `dir` whose names do not start with a dot, by name, with their
/// names; none when it cannot be listed.
fn subfolders(dir: &Path) -> Vec<(String, PathBuf)> {
    let named = |path: PathBuf| Some((path.file_name()?.to_string_lossy().into_owned(), path));
    sorted_entries(dir).into_iter().filter(|path| path.is_dir()).filter_map(named).collect()
}

/// Reads one `SKILL.md`: the skill, or the warnings that leave it out (and the
/// warnings about a skill kept).
fn read_one(found: Found) -> (Option<Candidate>, Vec<Diagnostic>) {
    let bytes = match std::fs::read(&found.path) {
        Ok(bytes) => bytes,
        Err(e) => {
            let message = format!("{} cannot be read: {e}", found.path.display());
            return (None, vec![SKILL_MANIFEST.diag(message).at(Origin::file(&found.path))]);
        }
    };
    // A byte order mark is no part of the text, as in every input.
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(&bytes);
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let source =
                Arc::new(SourceFile::new(&found.path, String::from_utf8_lossy(bytes).into_owned(), Format::Yaml));
            let at = e.valid_up_to();
            let message = format!("{SKILL_FILE} is not UTF-8 text (an invalid byte at offset {at})");
            let help = "save the file as UTF-8";
            return (None, vec![SKILL_MANIFEST.diag(message).at(Origin::span(&source, at..at + 1)).help(help)]);
        }
    };
    let parts: Split = match manifest::split(text) {
        Ok(parts) => parts,
        Err(missing) => {
            let source = Arc::new(SourceFile::new(&found.path, text.to_owned(), Format::Yaml));
            let first = text.find('\n').unwrap_or(text.len());
            let message = match missing {
                NoFrontmatter::NoOpening => "the file does not start with a `---` line opening its frontmatter",
                NoFrontmatter::Unclosed => "the frontmatter is not closed: no `---` line follows the opening one",
            };
            return (None, vec![SKILL_MANIFEST.diag(message).at(Origin::span(&source, 0..first))]);
        }
    };
    let read = match manifest::read(&found.path, text, &parts) {
        Ok(read) => read,
        Err(problems) => return (None, problems),
    };
    let mut diagnostics = Vec::new();
    if let Some(problem) = rules::name_problem(&read.name) {
        let message =
            format!("the skill's name {:?} {problem}, which the Agent Skills format does not allow", read.name);
        let help = match rules::portable_name(&read.name) {
            Some(portable) => format!(
                "name the skill {portable:?} (and its folder so): lower-case letters, digits and single hyphens, at most 64 characters"
            ),
            None => {
                "name the skill with lower-case letters, digits and single hyphens, at most 64 characters".to_owned()
            }
        };
        diagnostics.push(SKILL_NAME.diag(message).at(read.name_at.clone()).help(help));
    }
    let folder_matches = read.name == found.folder;
    if !folder_matches {
        let message = format!("the skill is named {:?} but its folder is {:?}", read.name, found.folder);
        let help = format!("rename the folder to {:?}, or name the skill {:?}", read.name, found.folder);
        diagnostics.push(SKILL_FOLDER_NAME.diag(message).at(read.name_at.clone()).help(help));
    }
    let skill = Skill {
        title: read.title.unwrap_or_else(|| read.name.clone()),
        name: read.name,
        namespace: found.namespace,
        provider: found.provider,
        description: read.description,
        tags: read.tags,
        model_discoverable: !read.disable_model_invocation,
        manifest: read.value,
        manifest_hash: sha256(&bytes[parts.manifest.clone()]),
        body_hash: sha256(&bytes[parts.body.clone()]),
        path: found.path,
    };
    (Some(Candidate { skill, name_at: read.name_at, rank: found.rank, folder_matches }), diagnostics)
}
