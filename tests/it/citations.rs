//! Every citation of the reference resolves inside the repository.
//!
//! The code, tests and documentation cite the reference pages by section, as in
//! "spec/contract.md c.2 step 10" or "spec/decisions.md 10". This test reads every
//! text file git tracks (and any new one it does not ignore) and fails, naming
//! file:line, when a line
//!
//! 1. names one of the reference files that used to live outside the repository (the
//!    upper-case names in [`GONE`]), which readers of the repository cannot open; or
//! 2. cites `spec/<page>.md` when there is no such page, or cites a section that is not
//!    a heading of that page (`### c.2 …`, `### 10. …`), or a step that is not a
//!    numbered item (`10. …`) of that section.
//!
//! A citation is the page's path (possibly behind `../`), a space, then a list of
//! sections joined by `, `, ` and ` or `–`, each optionally followed by `step N` or
//! `steps N and M`. A bare letter counts as a section only where it cannot be a word
//! (`spec/contract.md c, d` but not `spec/contract.md a name`).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;
use std::process::Command;

use crate::common;

/// The reference files that lived outside the repository, named without their
/// extension so that this file does not name them itself.
const GONE: [&str; 3] = ["CONTRACT", "DECISIONS", "EXPORTS"];

/// One cited section and the steps cited in it.
#[derive(Debug, PartialEq)]
struct Section {
    id: String,
    steps: Vec<u32>,
}

/// One citation found on a line: the page (`contract` for `spec/contract.md`) and the
/// sections it names, if any.
#[derive(Debug, PartialEq)]
struct Citation {
    page: String,
    sections: Vec<Section>,
}

/// A page's section identifiers, each with the numbers of its numbered items.
type Outline = BTreeMap<String, BTreeSet<u32>>;

/// The identifier a heading starts with (`a`, `c.2`, `10`), if it starts with one.
fn heading_id(heading: &str) -> Option<String> {
    let first = heading.split_whitespace().next()?;
    let id = first.strip_suffix('.').unwrap_or(first);
    let (id_found, rest) = identifier(id)?;
    rest.is_empty().then_some(id_found)
}

/// The sections of a page: every heading that starts with an identifier, with the
/// numbered items (`7. …` at the start of a line) below it up to the next heading.
/// Fenced code blocks are skipped.
fn outline(markdown: &str) -> Outline {
    let mut sections = Outline::new();
    let mut current: Option<String> = None;
    let mut fenced = false;
    for line in markdown.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        if line.starts_with('#') {
            current = heading_id(line.trim_start_matches('#'));
            if let Some(id) = &current {
                sections.entry(id.clone()).or_default();
            }
        } else if let Some(id) = &current {
            let digits: String = line.chars().take_while(char::is_ascii_digit).collect();
            if !digits.is_empty() && line[digits.len()..].starts_with(". ") {
                sections.get_mut(id).unwrap().insert(digits.parse().unwrap());
            }
        }
    }
    sections
}

/// A section identifier at the start of `text`: a number (`10`), a letter and a
/// number (`c.2`), or a bare letter (`e`) where it is not the start of a word. Returns
/// it and the text after it.
fn identifier(text: &str) -> Option<(String, &str)> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let (id, rest) = if digits > 0 {
        text.split_at(digits)
    } else {
        let letter = text.chars().next().filter(char::is_ascii_lowercase)?;
        let after = &text[1..];
        let number = after.strip_prefix('.').map_or(0, |n| n.bytes().take_while(u8::is_ascii_digit).count());
        if number > 0 {
            text.split_at(2 + number)
        } else {
            // A bare letter must end where a word could not go on: `c, d`, `e / …`,
            // `d)`, `a.` at the end of a sentence; not `a name`.
            let ends = after.is_empty()
                || after.starts_with([',', ';', ':', ')', ']', '–'])
                || after.starts_with(". ")
                || after == "."
                || after.starts_with(" and ")
                || after.starts_with(" / ");
            if !ends {
                return None;
            }
            (&text[..letter.len_utf8()], after)
        }
    };
    let continues = rest.chars().next().is_some_and(|c| c.is_alphanumeric() || c == '_');
    (!continues).then(|| (id.to_owned(), rest))
}

/// `step N` or `steps N and M` (or `N, M`) at the start of `text`: the numbers and the
/// text after them.
fn steps(text: &str) -> (Vec<u32>, &str) {
    let Some(mut rest) = text.strip_prefix(" steps ").or_else(|| text.strip_prefix(" step ")) else {
        return (Vec::new(), text);
    };
    let mut found = Vec::new();
    loop {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            break;
        }
        found.push(rest[..digits].parse().unwrap());
        rest = &rest[digits..];
        match [", ", " and "]
            .iter()
            .find(|sep| rest.starts_with(**sep) && rest[sep.len()..].starts_with(|c: char| c.is_ascii_digit()))
        {
            Some(sep) => rest = &rest[sep.len()..],
            None => break,
        }
    }
    (found, rest)
}

/// The sections listed after a page's path: ` a.2–a.5 and e`, ` 1, 7, 8`.
fn sections(after_path: &str) -> Vec<Section> {
    let mut found = Vec::new();
    let Some(mut rest) = after_path.strip_prefix(' ') else {
        return found;
    };
    while let Some((id, after_id)) = identifier(rest) {
        let (step_numbers, after_steps) = steps(after_id);
        found.push(Section { id, steps: step_numbers });
        match [", ", " and ", "–"].iter().find(|sep| after_steps.starts_with(**sep)) {
            Some(sep) => rest = &after_steps[sep.len()..],
            None => break,
        }
    }
    found
}

/// Whether `c` can be part of a path as written in text.
fn path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/')
}

/// The citations of the repository's `spec/` pages on one line. A path is a citation
/// when, stripped of leading `./` and `../`, it is `spec/<page>.md`: so
/// `../spec/decisions.md` in `docs/` is one and `fixtures/x/spec/y.md` is not.
fn citations(line: &str) -> Vec<Citation> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(offset) = line[from..].find(".md") {
        let end = from + offset + ".md".len();
        from = end;
        if line[end..].starts_with(|c: char| c.is_ascii_alphanumeric()) {
            continue;
        }
        let start =
            line[..end].rfind(|c: char| !path_char(c)).map_or(0, |i| i + line[i..].chars().next().unwrap().len_utf8());
        let mut path = &line[start..end];
        while let Some(rest) = path.strip_prefix("../").or_else(|| path.strip_prefix("./")) {
            path = rest;
        }
        let Some(page) = path.strip_prefix("spec/").and_then(|p| p.strip_suffix(".md")) else {
            continue;
        };
        if page.is_empty() || page.contains('/') {
            continue;
        }
        found.push(Citation { page: page.to_owned(), sections: sections(&line[end..]) });
    }
    found
}

/// What is wrong on one line of a file, given the outlines of the `spec/` pages that
/// exist (`None` for a page that does not).
fn problems(line: &str, page_outline: &mut impl FnMut(&str) -> Option<Outline>) -> Vec<String> {
    let mut found = Vec::new();
    for name in GONE {
        let file = format!("{name}.md");
        if line.contains(&file) {
            found.push(format!("names {file}, which is not in the repository (cite spec/{}.md)", name.to_lowercase()));
        }
    }
    for citation in citations(line) {
        let page = format!("spec/{}.md", citation.page);
        let Some(outline) = page_outline(&citation.page) else {
            found.push(format!("cites {page}, which does not exist"));
            continue;
        };
        for section in &citation.sections {
            match outline.get(&section.id) {
                None => found.push(format!("cites {page} {}, which is not a heading of that page", section.id)),
                Some(numbered) => {
                    for step in section.steps.iter().filter(|step| !numbered.contains(step)) {
                        found.push(format!(
                            "cites {page} {} step {step}, which is not a numbered item of that section",
                            section.id
                        ));
                    }
                }
            }
        }
    }
    found
}

/// The repository's text files: those git tracks and those it would track (new, not
/// ignored), as paths relative to the root.
fn text_files(root: &Path) -> Vec<String> {
    let output = Command::new("git")
        .args(["ls-files", "-z", "--cached", "--others", "--exclude-standard"])
        .current_dir(root)
        .output()
        .expect("git runs");
    assert!(output.status.success(), "git ls-files failed: {}", String::from_utf8_lossy(&output.stderr));
    let listed = String::from_utf8(output.stdout).expect("paths are UTF-8");
    let unique: BTreeSet<&str> = listed.split('\0').filter(|path| !path.is_empty()).collect();
    unique.into_iter().map(str::to_owned).collect()
}

#[test]
fn every_citation_names_a_page_and_section_of_the_repository() {
    let root = common::root();
    let mut outlines: HashMap<String, Option<Outline>> = HashMap::new();
    let mut page_outline = |page: &str| {
        outlines
            .entry(page.to_owned())
            .or_insert_with(|| {
                std::fs::read_to_string(root.join("spec").join(format!("{page}.md"))).ok().map(|text| outline(&text))
            })
            .clone()
    };
    let mut offenders = Vec::new();
    let mut cited = 0;
    for path in text_files(&root) {
        // Binary files and files deleted from the work tree have no lines to check.
        let Ok(text) = std::fs::read_to_string(root.join(&path)) else { continue };
        for (index, line) in text.lines().enumerate() {
            cited += citations(line).len();
            for problem in problems(line, &mut page_outline) {
                offenders.push(format!("{path}:{}: {problem}", index + 1));
            }
        }
    }
    assert!(offenders.is_empty(), "citations that do not resolve in the repository:\n{}", offenders.join("\n"));
    // The scan itself must have found the citations: a parser that finds none passes
    // vacuously.
    assert!(cited > 50, "only {cited} citations of spec/ pages found");
}

mod parsing {
    use super::*;

    // Built at run time so that the scan of this file sees no citation in them.
    fn contract() -> String {
        ["spec", "contract.md"].join("/")
    }

    fn page() -> Outline {
        outline(
            "# Title\n\n## a. Records\n\n### a.2 Specs\n\n1. one\n2. two\n   3. nested, not a step\n\n```text\n### z.1 in a fence\n```\n\n### 10. A decision\n",
        )
    }

    fn cited(line: &str) -> Vec<(String, Vec<u32>)> {
        citations(line).into_iter().flat_map(|c| c.sections).map(|s| (s.id, s.steps)).collect()
    }

    #[test]
    fn the_outline_holds_headings_and_numbered_items() {
        let outline = page();
        assert_eq!(outline.keys().collect::<Vec<_>>(), ["10", "a", "a.2"]);
        assert_eq!(outline["a.2"], BTreeSet::from([1, 2]));
    }

    #[test]
    fn section_lists_are_read_as_they_are_written() {
        let c = contract();
        assert_eq!(
            cited(&format!("({c} a.0 step 5, c, d):")),
            [("a.0".into(), vec![5]), ("c".into(), vec![]), ("d".into(), vec![])]
        );
        assert_eq!(cited(&format!("{c} d.2 steps 3 and 4).")), [("d.2".into(), vec![3, 4])]);
        assert_eq!(
            cited(&format!("({c} a.2–a.5 and e, which")),
            [("a.2".into(), vec![]), ("a.5".into(), vec![]), ("e".into(), vec![])]
        );
        assert_eq!(cited(&format!("({c} b.2, a name without")), [("b.2".into(), vec![])]);
        assert_eq!(cited(&format!("as {c} and another say")), []);
        assert_eq!(cited(&format!("[{c} 10](decisions.md#10)")), [("10".into(), vec![])]);
        assert_eq!(citations(&format!("see ../{c} e.")).len(), 1);
        assert!(citations(&format!("fixtures/x/{c} a")).is_empty());
    }

    #[test]
    fn a_wrong_citation_is_reported() {
        let c = contract();
        let mut lookup = |name: &str| (name == "contract").then(page);
        assert!(problems(&format!("({c} a.2 step 2, a; {c} 10)"), &mut lookup).is_empty());
        let wrong = problems(&format!("({c} a.3, a.2 step 3; {} 1)", c.replace("contract", "nowhere")), &mut lookup);
        assert_eq!(wrong.len(), 3, "{wrong:?}");
        assert!(wrong[0].contains("a.3, which is not a heading"), "{wrong:?}");
        assert!(wrong[1].contains("a.2 step 3, which is not a numbered item"), "{wrong:?}");
        assert!(wrong[2].contains("nowhere.md, which does not exist"), "{wrong:?}");
        let gone = problems(&format!("({}.md c.2)", GONE[0]), &mut lookup);
        assert_eq!(gone.len(), 1, "{gone:?}");
    }
}
