//! Skills in the discovery index (issue 13), as a harness author and a runtime rely on
//! them: a valid `SKILL.md` indexed with its manifest and body hashes (recomputed from
//! the file's bytes by an independent Python reading of docs/contract-hash.md), an
//! invalid one left out with a located warning while the rest is indexed,
//! `disable-model-invocation`, search, the most local of two skills of one name, and
//! what moves which hash.

use std::path::{Path, PathBuf};

use crate::common::{self, harn_catalog};
use harn_catalog::compile::{self, Options};
use harn_catalog::index::{self, Built, Kind, search};
use harn_catalog::ingest::skills::{self, Skills};
use harn_catalog::ingest::{InputFile, harness};
use harn_catalog::paths::Confinement;
use serde_json::{Value, json};

/// Writes `<project>/.harness/<relative>` (folders made as needed).
fn put(project: &Path, relative: &str, text: &str) -> PathBuf {
    let path = project.join(".harness").join(relative);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

const NOTES: &str = "---\nname: notes\ndescription: Writes release notes from the merged pull requests.\ntags: [docs]\n---\n# Notes\n\nList each change.\n";
const DEPLOY: &str = "---\nname: deploy\ndescription: Ships the current branch to staging.\ndisable-model-invocation: true\n---\nRun the deploy.\n";
const UNDESCRIBED: &str = "---\nname: triage\nlicense: MIT\n---\nSort the issues.\n";

/// A project with the three skills above and a plugin's.
fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    put(dir.path(), "skills/notes/SKILL.md", NOTES);
    put(dir.path(), "skills/deploy/SKILL.md", DEPLOY);
    put(dir.path(), "skills/triage/SKILL.md", UNDESCRIBED);
    put(
        dir.path(),
        "plugins/review-kit/skills/review/SKILL.md",
        "---\nname: review\ndescription: Reviews a diff.\n---\nRead it.\n",
    );
    dir
}

fn read(project: &Path) -> Skills {
    skills::read(&harness::resolve(project).into_iter().collect::<Vec<_>>())
}

/// The index of `project`'s harness directory, its tools and skills, as `harn-catalog
/// index DIR` builds it.
fn built(project: &Path) -> Built {
    let input = InputFile::Path(project.to_path_buf());
    let indexed = harn_catalog::commands::index::Indexed::of(&input, Options::default(), &Confinement::default());
    indexed.built.unwrap_or_else(|_| panic!("{:?}", indexed.diagnostics))
}

/// The generation of `project`'s catalog alone (its tools: here, none).
fn catalog_generation(project: &Path) -> String {
    index::hash::generation(compile::compile_file(project, Options::default()).catalog().unwrap())
}

fn index_of(project: &Path) -> (Value, String) {
    let out = harn_catalog().arg("index").arg(project).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    (serde_json::from_slice(&out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn capability<'i>(index: &'i Value, id: &str) -> Option<&'i Value> {
    index["capabilities"].as_array().unwrap().iter().find(|c| c["id"] == id)
}

#[test]
fn a_valid_skill_is_indexed_with_hashes_python_recomputes_from_its_bytes() {
    let dir = project();
    let (index, _) = index_of(dir.path());
    let notes = capability(&index, "skill:notes").expect("the notes skill is indexed");
    assert_eq!(notes["kind"], "skill");
    assert_eq!(notes["name"], "notes");
    assert_eq!(notes["title"], "notes", "no title: the name");
    assert_eq!(notes["description"], "Writes release notes from the merged pull requests.");
    assert_eq!(notes["tags"], json!(["docs"]));
    assert_eq!(notes["provider"], dir.path().file_name().unwrap().to_str().unwrap());
    assert_eq!(notes["modelDiscoverable"], true);
    assert_eq!(notes["deferLoading"], false);
    assert_eq!(notes["contractHash"], notes["manifestHash"]);
    let review = capability(&index, "skill:review-kit/review").expect("a plugin's skill, under its pack");
    assert_eq!(review["provider"], "review-kit");
    // Skills follow the tools, by ID.
    let ids: Vec<&str> = index["capabilities"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["skill:deploy", "skill:notes", "skill:review-kit/review"]);

    let harness = dir.path().join(".harness");
    let listed: Vec<Value> = [("skill:deploy", "skills/deploy"), ("skill:notes", "skills/notes")]
        .iter()
        .chain(&[("skill:review-kit/review", "plugins/review-kit/skills/review")])
        .map(|(id, folder)| {
            let provider = capability(&index, id).unwrap()["provider"].clone();
            json!({"id": id, "provider": provider, "path": harness.join(folder).join("SKILL.md")})
        })
        .collect();
    let catalog = catalog_generation(dir.path());
    let input = json!({"skills": listed, "generation": catalog}).to_string();
    let theirs: Value = serde_json::from_slice(&common::run_python("contract_hash.py", input)).unwrap();
    for id in ["skill:deploy", "skill:notes", "skill:review-kit/review"] {
        let ours = capability(&index, id).unwrap();
        assert_eq!(theirs["skills"][id]["manifestHash"], ours["manifestHash"], "{id}");
        assert_eq!(theirs["skills"][id]["bodyHash"], ours["bodyHash"], "{id}");
    }
    assert_eq!(theirs["generation"], index["generation"]);
    assert_ne!(index["generation"], catalog, "skills move the generation");
}

#[test]
fn the_hashes_are_of_the_bytes_between_and_after_the_marker_lines() {
    let dir = tempfile::tempdir().unwrap();
    let text = "\u{feff}---  \r\nname: notes\r\ndescription: Notes.\r\n---\r\nBody.\r\n";
    put(dir.path(), "skills/notes/SKILL.md", text);
    let read = read(dir.path());
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    let [notes] = &read.skills[..] else { panic!("one skill") };
    assert_eq!(notes.manifest_hash, index::hash::sha256(b"name: notes\r\ndescription: Notes.\r\n"));
    assert_eq!(notes.body_hash, index::hash::sha256(b"Body.\r\n"));
}

#[test]
fn a_skill_without_description_is_a_located_warning_and_the_rest_is_indexed() {
    let dir = project();
    let (index, stderr) = index_of(dir.path());
    assert!(capability(&index, "skill:triage").is_none(), "the invalid skill is left out");
    assert!(capability(&index, "skill:notes").is_some() && capability(&index, "skill:deploy").is_some());
    let at = format!("{}:2:1", dir.path().join(".harness/skills/triage/SKILL.md").display());
    assert!(stderr.contains("warning[skill-field]") && stderr.contains(&at), "{stderr}");
    assert!(stderr.contains("no `description`"), "{stderr}");
    // The same file with a description is indexed.
    put(dir.path(), "skills/triage/SKILL.md", &UNDESCRIBED.replace("license", "description: Sorts issues.\nlicense"));
    let (index, stderr) = index_of(dir.path());
    assert!(capability(&index, "skill:triage").is_some());
    assert!(!stderr.contains("skill-field"), "{stderr}");
}

#[test]
fn deny_warnings_refuses_an_invalid_skill_and_writes_nothing() {
    let dir = project();
    let out = harn_catalog().arg("index").arg(dir.path()).arg("--deny-warnings").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("error[skill-field]"));
}

#[test]
fn disable_model_invocation_keeps_a_skill_out_of_model_discovery() {
    let dir = project();
    let built = built(dir.path());
    let discoverable = |id: &str| built.index.capabilities.iter().find(|c| c.id == id).unwrap().model_discoverable;
    assert!(!discoverable("skill:deploy"));
    assert!(discoverable("skill:notes"));
    put(dir.path(), "skills/deploy/SKILL.md", &DEPLOY.replace("true", "false"));
    let built = self::built(dir.path());
    assert!(built.index.capabilities.iter().find(|c| c.id == "skill:deploy").unwrap().model_discoverable);
}

#[test]
fn search_finds_a_skill_by_a_word_of_its_description() {
    let dir = project();
    let built = built(dir.path());
    let page = search::search(&built.index, "pull requests", 20, None).unwrap();
    let ids: Vec<&str> = page.results.iter().map(|hit| hit.id.as_ref()).collect();
    assert_eq!(ids, ["skill:notes"]);
    assert_eq!(page.results[0].kind, Kind::Skill);
    assert!(search::search(&built.index, "kubernetes", 20, None).unwrap().results.is_empty());
    // The kind is a term, as `tool` is: every skill a model may discover (not deploy).
    let page = search::search(&built.index, "skill", 20, None).unwrap();
    let ids: Vec<&str> = page.results.iter().map(|hit| hit.id.as_ref()).collect();
    assert_eq!(ids, ["skill:notes", "skill:review-kit/review"]);
}

/// The `search` page (JSON) of `file` for `query`.
fn searched(file: &Path, query: &str) -> Value {
    let out = harn_catalog().arg("search").arg(file).args([query, "--format", "json"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn result_ids(page: &Value) -> Vec<String> {
    page["results"].as_array().unwrap().iter().map(|hit| hit["id"].as_str().unwrap().to_owned()).collect()
}

/// A manual-only skill (`disable-model-invocation: true`) is no search result, by its
/// name or any word, whether the folder is searched or the index `index` wrote of it
/// (compact or pretty); `inspect` still shows it by its ID. The same skill invocable
/// by a model is found by the same queries, first.
#[test]
fn a_manual_only_skill_is_found_by_inspect_and_never_by_search() {
    let dir = project();
    let files = tempfile::tempdir().unwrap();
    let indexes = |name: &str| {
        let (compact, pretty) =
            (files.path().join(format!("{name}.json")), files.path().join(format!("{name}-pretty.json")));
        harn_catalog().arg("index").arg(dir.path()).arg("-o").arg(&compact).assert().success();
        harn_catalog().arg("index").arg(dir.path()).args(["--pretty", "-o"]).arg(&pretty).assert().success();
        [compact, pretty]
    };
    let [compact, pretty] = indexes("manual");
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&compact).unwrap()).unwrap();
    assert_eq!(capability(&written, "skill:deploy").unwrap()["modelDiscoverable"], false, "indexed, not discoverable");
    for query in ["deploy", "staging", "ships the current branch", "skill deploy"] {
        for file in [dir.path(), compact.as_path(), pretty.as_path()] {
            let ids = result_ids(&searched(file, query));
            assert!(!ids.contains(&"skill:deploy".to_owned()), "{query:?} in {}: {ids:?}", file.display());
        }
    }
    let out = harn_catalog().arg("inspect").arg(dir.path()).arg("skill:deploy").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let shown: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((shown["id"].as_str(), shown["modelDiscoverable"].as_bool()), (Some("skill:deploy"), Some(false)));
    assert_eq!(shown["manifest"]["disable-model-invocation"], true);

    // The near miss: `disable-model-invocation: false`.
    put(dir.path(), "skills/deploy/SKILL.md", &DEPLOY.replace("true", "false"));
    let [compact, pretty] = indexes("invocable");
    for query in ["deploy", "staging", "ships the current branch", "skill deploy"] {
        for file in [dir.path(), compact.as_path(), pretty.as_path()] {
            let ids = result_ids(&searched(file, query));
            assert_eq!(ids.first().map(String::as_str), Some("skill:deploy"), "{query:?} in {}", file.display());
        }
    }
}

#[test]
fn the_most_local_harness_directory_wins_with_a_note_at_the_other() {
    let local = tempfile::tempdir().unwrap();
    let shared = tempfile::tempdir().unwrap();
    let mine = put(local.path(), "skills/notes/SKILL.md", NOTES);
    let theirs = put(shared.path(), "skills/notes/SKILL.md", &NOTES.replace("List each change.", "Older text."));
    put(shared.path(), "skills/deploy/SKILL.md", DEPLOY);
    let dirs = |first: &Path, second: &Path| [first.join(".harness"), second.join(".harness")];
    let read = skills::read(&dirs(local.path(), shared.path()));
    let notes = read.skills.iter().find(|s| s.name == "notes").unwrap();
    assert_eq!(notes.path, mine);
    assert!(read.skills.iter().any(|s| s.name == "deploy"), "a skill defined once is used wherever it is");
    let [note] = &read.diagnostics[..] else { panic!("one note: {:?}", read.diagnostics) };
    assert_eq!(note.code(), "skill-shadowed");
    assert_eq!(note.severity, harn_catalog::diagnostics::Severity::Note);
    assert_eq!(note.origin.as_ref().unwrap().source.path, theirs);
    assert!(note.message.contains(&mine.display().to_string()), "names the skill used: {}", note.message);
    // The other order: the other file wins.
    let read = skills::read(&dirs(shared.path(), local.path()));
    assert_eq!(read.skills.iter().find(|s| s.name == "notes").unwrap().path, theirs);
    // An invalid local skill takes no part: the shared one is used, after its warning.
    put(local.path(), "skills/notes/SKILL.md", UNDESCRIBED.replace("triage", "notes").as_str());
    let read = skills::read(&dirs(local.path(), shared.path()));
    assert_eq!(read.skills.iter().find(|s| s.name == "notes").unwrap().path, theirs);
    let codes: Vec<&str> = read.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(codes, ["skill-field"]);
}

#[test]
fn hashes_are_stable_and_a_body_change_moves_only_the_body_hash() {
    let dir = project();
    let first = built(dir.path());
    let again = built(dir.path());
    let hashes = |built: &Built, id: &str| {
        let c = built.index.capabilities.iter().find(|c| c.id == id).unwrap();
        (c.manifest_hash.clone().unwrap(), c.body_hash.clone().unwrap())
    };
    assert_eq!(hashes(&first, "skill:notes"), hashes(&again, "skill:notes"));
    assert_eq!(first.index.generation, again.index.generation);

    put(dir.path(), "skills/notes/SKILL.md", &NOTES.replace("List each change.", "List every change."));
    let body = built(dir.path());
    assert_eq!(hashes(&body, "skill:notes").0, hashes(&first, "skill:notes").0, "the manifest did not change");
    assert_ne!(hashes(&body, "skill:notes").1, hashes(&first, "skill:notes").1, "the body did");
    assert_ne!(body.index.generation, first.index.generation);
    assert_eq!(hashes(&body, "skill:deploy"), hashes(&first, "skill:deploy"), "another skill is untouched");

    put(dir.path(), "skills/notes/SKILL.md", &NOTES.replace("tags: [docs]", "tags: [docs, release]"));
    let manifest = built(dir.path());
    assert_ne!(hashes(&manifest, "skill:notes").0, hashes(&first, "skill:notes").0, "the manifest changed");
    assert_eq!(hashes(&manifest, "skill:notes").1, hashes(&first, "skill:notes").1, "the body did not");
}

#[test]
fn without_skills_the_generation_is_the_catalogs() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join(".harness")).unwrap();
    let mut empty = built(dir.path());
    let catalog = catalog_generation(dir.path());
    assert_eq!(empty.index.generation, catalog);
    empty.add_skills(Vec::new());
    assert_eq!(empty.index.generation, catalog);
}

#[test]
fn inspect_prints_a_skill_and_stats_lists_skills_with_their_costs() {
    let dir = project();
    let out = harn_catalog().arg("inspect").arg(dir.path()).arg("skill:notes").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let shown: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        shown["manifest"],
        json!({"name": "notes", "description": "Writes release notes from the merged pull requests.", "tags": ["docs"]})
    );
    assert_eq!(shown["path"], dir.path().join(".harness/skills/notes/SKILL.md").display().to_string());
    assert!(shown["bodyHash"].as_str().unwrap().starts_with("sha256:"));
    harn_catalog().arg("inspect").arg(dir.path()).arg("skill:triage").assert().code(2);

    let out = harn_catalog().arg("stats").arg(dir.path()).args(["--format", "json"]).output().unwrap();
    let stats: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = stats["skills"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(stats["total"]["skills"], 3);
    // A skill costs what a listing shows of it: its name and description.
    let listed = json!({"name": "notes", "description": "Writes release notes from the merged pull requests."});
    let size = listed.to_string().len() as u64;
    let notes = rows.iter().find(|r| r["id"] == "skill:notes").unwrap();
    assert_eq!((notes["bytes"].as_u64().unwrap(), notes["tokens"].as_u64().unwrap()), (size, size.div_ceil(4)));
    let total: u64 = rows.iter().map(|r| r["bytes"].as_u64().unwrap()).sum();
    assert_eq!(stats["total"]["bytes"].as_u64().unwrap(), total);
}
