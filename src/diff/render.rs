//! Printing a diff: rustc-style for people, JSON lines for tools, GitHub workflow
//! commands for annotations on a pull request's changed lines, and Markdown for a
//! pull-request comment.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;

use annotate_snippets::{AnnotationKind, Group, Level as Shown};
use serde_json::{Value, json};

use super::Accepted;
use super::rules::CONTRACT_HASH_CHANGED;
use super::{Change, Level};
use crate::diagnostics::{
    Excerpt, SarifLevel, SarifLog, SarifResult, SarifRule, escape_data, escape_property, plural, report_text, shortened,
};
use crate::emit::markdown::cell;
use crate::pointer::{Pointer, Segment};
use crate::source::SourceFile;

/// The `--format` of `harn-catalog diff`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DiffFormat {
    /// Grouped by tool, breaking first, with the changed source line.
    Human,
    /// One JSON object per change, per line.
    Json,
    /// GitHub Actions annotations on the changed lines.
    Github,
    /// A pull-request comment: counts by level, then a table per tool.
    Markdown,
    /// A SARIF 2.1.0 log: a result per change, for GitHub code scanning.
    Sarif,
}

/// Rows a Markdown report lists before it counts the info changes left out.
const MARKDOWN_ROWS: usize = 200;

/// Up to this many tools whose contract hash alone moved are listed a line each, with
/// their moves; more are named only, as a paragraph.
const HASH_LINES: usize = 10;

/// What one side of a comparison is, for the head of a report: a file or
/// `REV:file`, and the catalog's `info.version` when it has one.
#[derive(Clone, Debug)]
pub struct Named {
    pub source: String,
    pub version: Option<String>,
}

impl Named {
    /// The side read from `source` that compiled to `catalog`.
    pub fn of(source: String, catalog: &crate::contract::ToolCatalog) -> Named {
        Named { source, version: catalog.info.as_ref().and_then(|i| i.version.as_ref()).map(|v| v.to_string()) }
    }
}

impl std::fmt::Display for Named {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}`", cell(&self.source))?;
        match &self.version {
            Some(version) => write!(f, " (version {})", cell(version)),
            None => Ok(()),
        }
    }
}

/// The changes as a report shows them (see [`Report::page`]).
#[derive(Default)]
struct Page<'c> {
    /// The changes shown one by one, in the order found.
    listed: Vec<&'c Change>,
    /// Those of `listed` that have something to review, grouped by tool.
    groups: Vec<(Option<&'c str>, Vec<&'c Change>)>,
    /// Each tool's contract-hash moves (one per comparison that holds the tool),
    /// folded into the heading of its other changes.
    folded: HashMap<&'c str, Vec<&'c Change>>,
    /// The moves of the tools whose hash alone moved: a line each.
    only_moved: Vec<&'c Change>,
}

impl<'c> Page<'c> {
    /// The changes listed, but the hash moves of the tools whose hash alone moved.
    fn reviewed(&self) -> Vec<&'c Change> {
        self.groups.iter().flat_map(|(_, changes)| changes.iter().copied()).collect()
    }

    /// `; contract hash sha256:d74a7e66… → sha256:672f41b2…` for the heading of a tool
    /// whose hash move is folded into it; empty otherwise.
    fn hash_move(&self, tool: Option<&str>) -> String {
        self.moves(tool).map_or_else(String::new, |moves| format!("; contract hash {moves}"))
    }

    /// `sha256:d74a7e66… → sha256:672f41b2…`, each of the tool's folded moves.
    fn moves(&self, tool: Option<&str>) -> Option<String> {
        let moved = tool.and_then(|tool| self.folded.get(tool))?;
        Some(moved.iter().map(|c| moved_hash(c)).collect::<Vec<_>>().join(", "))
    }
}

/// What one diff run found, ready to print.
pub struct Report<'a> {
    /// The sides compared, old then new, a pair per comparison (none when the caller
    /// does not say).
    pub compared: &'a [(Named, Named)],
    pub changes: &'a [Change],
    /// Accepted fingerprints that matched no change, and the configuration listing them.
    pub unused: &'a [&'a Accepted],
    pub config: Option<&'a SourceFile>,
}

impl Report<'_> {
    /// The whole report in `format`.
    pub fn render(&self, format: DiffFormat, color: bool) -> String {
        match format {
            DiffFormat::Human => self.human(color),
            DiffFormat::Json => self.json(),
            DiffFormat::Github => self.github(),
            DiffFormat::Markdown => self.markdown(),
            DiffFormat::Sarif => self.sarif(),
        }
    }

    /// What a reader is shown, worked out once per rendering (in time linear in the
    /// changes): every change but the `contract-hash-changed` of a tool that has
    /// another change, whose move its heading names instead; grouped by tool
    /// (catalog-wide changes first, then the tools in order of their worst change,
    /// then name), each group worst first; the tools whose hash alone moved apart.
    /// `--format json` lists every change.
    fn page(&self) -> Page<'_> {
        let is_hash = |c: &Change| c.rule.code == CONTRACT_HASH_CHANGED.code;
        let reviewed: HashSet<&str> =
            self.changes.iter().filter(|c| !is_hash(c)).filter_map(|c| c.tool.as_deref()).collect();
        let mut page = Page::default();
        let mut groups: BTreeMap<Option<&str>, Vec<&Change>> = BTreeMap::new();
        for change in self.changes {
            match change.tool.as_deref() {
                Some(tool) if is_hash(change) && reviewed.contains(tool) => {
                    page.folded.entry(tool).or_default().push(change);
                }
                tool => {
                    page.listed.push(change);
                    groups.entry(tool).or_default().push(change);
                }
            }
        }
        let mut groups: Vec<_> = groups.into_iter().collect();
        for (_, changes) in &mut groups {
            changes.sort_by_key(|c| std::cmp::Reverse(c.level));
        }
        groups.sort_by_key(|(tool, changes)| (tool.is_some(), std::cmp::Reverse(changes[0].level), *tool));
        for (tool, changes) in groups {
            match changes.as_slice() {
                [change] if tool.is_some() && is_hash(change) => page.only_moved.push(*change),
                _ => page.groups.push((tool, changes)),
            }
        }
        page
    }

    fn unused_location(&self, accepted: &Accepted) -> Option<(String, usize)> {
        let config = self.config?;
        Some((config.display_path(), config.line_col(accepted.fingerprint.span().start).line))
    }

    fn human(&self, color: bool) -> String {
        let mut out = String::new();
        let page = self.page();
        for (tool, changes) in &page.groups {
            let _ = writeln!(
                out,
                "{}: {}{}\n",
                tool.map_or_else(|| "catalog".to_owned(), |t| format!("tool `{t}`")),
                counts(changes),
                page.hash_move(*tool)
            );
            for change in changes {
                out.push_str(&human_change(change, color));
            }
        }
        // A tool whose hash moved with no change reported (a hint spelled out at its
        // default, say) has nothing to review: a line each while they are few, else
        // their names only.
        match page.only_moved.as_slice() {
            [] => {}
            few if few.len() <= HASH_LINES => {
                let _ = writeln!(
                    out,
                    "info[{}]: the contract hash moved with no other change reported:",
                    CONTRACT_HASH_CHANGED.code
                );
                for change in few {
                    let tool = change.tool.as_deref().unwrap_or_default();
                    let _ = writeln!(out, "  tool `{tool}`: {}", moved_hash(change));
                }
                out.push('\n');
            }
            many => {
                let _ = writeln!(
                    out,
                    "info[{}]: the contract hashes of {} tools moved with no other change reported \
                     (`--format json` gives each move):",
                    CONTRACT_HASH_CHANGED.code,
                    many.len()
                );
                let names: Vec<&str> = many.iter().map(|c| c.tool.as_deref().unwrap_or_default()).collect();
                out.push_str(&wrapped(&names, 100, "  "));
                out.push('\n');
            }
        }
        for accepted in self.unused {
            let at =
                self.unused_location(accepted).map_or_else(String::new, |(file, line)| format!(" ({file}:{line})"));
            let _ = writeln!(
                out,
                "warning: the accepted change {}{at} matches no change; remove it from the list\n",
                accepted.fingerprint.get_ref()
            );
        }
        let _ = writeln!(out, "{}", summary(&page.reviewed(), page.only_moved.len(), |n| n));
        out
    }

    fn json(&self) -> String {
        let mut out = String::new();
        for change in self.changes {
            let (file, line, column) = match &change.origin {
                Some(origin) => {
                    let at = origin.line_col();
                    (Value::from(origin.source.display_path()), Value::from(at.line), Value::from(at.column))
                }
                None => (Value::Null, Value::Null, Value::Null),
            };
            let object = json!({
                "code": change.rule.code,
                "level": change.level.as_str(),
                "tool": change.tool,
                "side": change.side.as_str(),
                "old_pointer": change.old_pointer.to_string(),
                "new_pointer": change.new_pointer.to_string(),
                "old": change.old,
                "new": change.new,
                "message": change.message,
                "fingerprint": change.fingerprint(),
                "accepted": change.accepted,
                "file": file,
                "line": line,
                "column": column,
            });
            let _ = writeln!(out, "{object}");
        }
        for accepted in self.unused {
            let (file, line) =
                self.unused_location(accepted).map_or((Value::Null, Value::Null), |(f, l)| (f.into(), l.into()));
            let object = json!({
                "code": "unused-acceptance",
                "level": "warning",
                "fingerprint": accepted.fingerprint.get_ref(),
                "message": "the accepted change matches no change; remove it from the list",
                "file": file,
                "line": line,
            });
            let _ = writeln!(out, "{object}");
        }
        out
    }

    fn github(&self) -> String {
        let mut out = String::new();
        for change in self.page().listed {
            let command = match (change.level, &change.accepted) {
                (Level::Breaking, None) => "error",
                (Level::Breaking | Level::Warning, _) => "warning",
                (Level::Info, _) => "notice",
            };
            let mut properties = Vec::new();
            if let Some(origin) = &change.origin {
                let at = origin.line_col();
                properties.push(format!("file={}", escape_property(&origin.source.display_path())));
                properties.push(format!("line={}", at.line));
                properties.push(format!("col={}", at.column));
            }
            properties.push(format!(
                "title={}",
                escape_property(&format!("{}[{}]", change.level.as_str(), change.rule.code))
            ));
            let mut message = format!("{}: {}", subject(change), change.message);
            if let Some(reason) = &change.accepted {
                let _ = write!(message, "\naccepted: {reason}");
            }
            let _ = write!(message, "\nfingerprint: {}", change.fingerprint());
            let _ = writeln!(out, "::{command} {}::{}", properties.join(","), escape_data(&message));
        }
        for accepted in self.unused {
            let at = self
                .unused_location(accepted)
                .map_or_else(String::new, |(file, line)| format!("file={},line={line},", escape_property(&file)));
            let _ = writeln!(
                out,
                "::warning {at}title=unused-acceptance::{}",
                escape_data(&format!(
                    "the accepted change {} matches no change; remove it from the list",
                    accepted.fingerprint.get_ref()
                ))
            );
        }
        out
    }

    /// Every change as a result of its rule, at the level a check of the pull request
    /// gives it: an unaccepted breaking change is an error, an accepted one or a
    /// warning a warning, info a note; its fingerprint is the result's identity across
    /// runs. A change the new side has no place for (a removed tool) points at the old
    /// side as a related location only, since a reader of the new file would look on
    /// the wrong line. An accepted change that matches nothing is a warning of the run.
    fn sarif(&self) -> String {
        let mut log = SarifLog::new();
        for change in self.changes {
            let level = match (change.level, &change.accepted) {
                (Level::Breaking, None) => SarifLevel::Error,
                (Level::Breaking | Level::Warning, _) => SarifLevel::Warning,
                (Level::Info, _) => SarifLevel::Note,
            };
            let mut properties = BTreeMap::from([
                ("level".to_owned(), Value::from(change.level.as_str())),
                ("side".to_owned(), Value::from(change.side.as_str())),
                ("oldPointer".to_owned(), Value::from(change.old_pointer.to_string())),
                ("newPointer".to_owned(), Value::from(change.new_pointer.to_string())),
            ]);
            if let Some(tool) = &change.tool {
                properties.insert("tool".to_owned(), Value::from(tool.as_str()));
            }
            if let Some(reason) = &change.accepted {
                properties.insert("accepted".to_owned(), Value::from(reason.as_str()));
            }
            let related = match (&change.origin, &change.old_origin) {
                (None, Some(old)) => vec![(old, "where it was in the old version")],
                _ => Vec::new(),
            };
            log.result(SarifResult {
                rule: SarifRule { code: change.rule.code, summary: change.rule.summary, help: None, level },
                level,
                message: format!("{}: {}", subject(change), change.message),
                origin: change.origin.as_ref(),
                related,
                fingerprints: BTreeMap::from([("harnCatalogChange/v1".to_owned(), change.fingerprint())]),
                properties,
            });
        }
        for accepted in self.unused {
            let at =
                self.unused_location(accepted).map_or_else(String::new, |(file, line)| format!(" ({file}:{line})"));
            log.notification(&format!(
                "warning: the accepted change {}{at} matches no change; remove it from the list",
                accepted.fingerprint.get_ref()
            ));
        }
        log.finish(None)
    }

    fn markdown(&self) -> String {
        let page = self.page();
        let shown = page.reviewed();
        let mut out = String::from("## harn-catalog diff\n\n");
        for (old, new) in self.compared {
            let _ = writeln!(out, "{old} → {new}\n");
        }
        let line = summary(&shown, page.only_moved.len(), |n| format!("**{n}**"));
        let _ = writeln!(out, "{}{}.\n", line[..1].to_uppercase(), &line[1..]);
        // A comment must stay short enough to paste (GitHub takes 65,536 characters):
        // every breaking change and warning is listed, info only while rows are left.
        let mut info_rows = MARKDOWN_ROWS.saturating_sub(shown.iter().filter(|c| c.level > Level::Info).count());
        let mut info_left_out = 0;
        let mut take_info = |count: usize| {
            let taken = count.min(info_rows);
            info_rows -= taken;
            info_left_out += count - taken;
            taken
        };
        // A tool with something to weigh (a breaking change, a warning) and the
        // catalog-wide changes get a section each; the tools whose changes are all
        // info share one table, a tool's name on its first row.
        let (weighed, compatible): (Vec<_>, Vec<_>) =
            page.groups.iter().partition(|(tool, changes)| tool.is_none() || changes[0].level > Level::Info);
        for (tool, changes) in weighed {
            let info = changes.iter().filter(|c| c.level == Level::Info).count();
            let keep = changes.len() - info + take_info(info);
            let heading = tool.map_or_else(|| "Catalog".to_owned(), |t| format!("`{}`", cell(t)));
            let _ = writeln!(out, "### {heading}\n");
            if let Some(moves) = page.moves(*tool) {
                let _ = writeln!(out, "Contract hash: {}\n", cell(&moves));
            }
            out.push_str("| level | rule | side | change | where |\n|---|---|---|---|---|\n");
            for change in &changes[..keep] {
                let level = match &change.accepted {
                    Some(_) => format!("{} (accepted)", change.level.as_str()),
                    None => change.level.as_str().to_owned(),
                };
                row(&mut out, &level, change);
            }
            out.push('\n');
        }
        let mut moved: Vec<&Change> = Vec::new();
        let mut header = true;
        for (tool, changes) in compatible {
            // A tool's hash move is folded below even when its rows are left out.
            moved.extend(tool.and_then(|tool| page.folded.get(tool)).into_iter().flatten().copied());
            let keep = take_info(changes.len());
            if keep == 0 {
                continue;
            }
            if header {
                out.push_str(
                    "### Compatible changes\n\n| tool | rule | side | change | where |\n|---|---|---|---|---|\n",
                );
                header = false;
            }
            for (i, change) in changes[..keep].iter().enumerate() {
                let name = match tool {
                    Some(tool) if i == 0 => format!("`{}`", cell(tool)),
                    _ => String::new(),
                };
                row(&mut out, &name, change);
            }
        }
        if !header {
            out.push('\n');
        }
        // The hash moves of the compatible tools and of the tools whose hash alone
        // moved: a line each, folded away, as they need no review.
        moved.extend(page.only_moved.iter().copied());
        if !moved.is_empty() {
            moved.sort_by_key(|c| c.tool.as_deref());
            let _ = writeln!(
                out,
                "<details><summary>Contract hashes moved ({})</summary>\n\n| tool | contract hash |\n|---|---|",
                plural(moved.len(), "tool")
            );
            for change in moved {
                let tool = cell(change.tool.as_deref().unwrap_or_default());
                let _ = writeln!(out, "| `{tool}` | {} |", cell(&moved_hash(change)));
            }
            out.push_str("\n</details>\n\n");
        }
        if info_left_out > 0 {
            let _ = writeln!(
                out,
                "…and {}; `--format json` lists every change.\n",
                plural(info_left_out, "more info change")
            );
        }
        if !self.unused.is_empty() {
            out.push_str("Accepted changes that match no change (remove them from the list): ");
            let listed: Vec<String> = self.unused.iter().map(|a| format!("`{}`", a.fingerprint.get_ref())).collect();
            out.push_str(&listed.join(", "));
            out.push('\n');
        }
        out
    }
}

/// `origin` narrowed, for a string that changed, to the part of the new string that
/// differs from the old (a reworded clause, not a whole description), when the
/// source spells the string as it reads (JSON without escapes up to that part, or a
/// plain or quoted YAML scalar); else `origin` as it is.
fn narrowed(origin: &crate::diagnostics::Origin, change: &Change) -> crate::diagnostics::Origin {
    let (Some(Value::String(old)), Some(Value::String(new))) = (&change.old, &change.new) else {
        return origin.clone();
    };
    let Some(range) = origin.range() else { return origin.clone() };
    let written = &origin.source.text[range.clone()];
    let opening = usize::from(written.starts_with('"') || written.starts_with('\''));
    let prefix: usize = old.chars().zip(new.chars()).take_while(|(a, b)| a == b).map(|(_, b)| b.len_utf8()).sum();
    let suffix: usize = old[prefix..]
        .chars()
        .rev()
        .zip(new[prefix..].chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(_, b)| b.len_utf8())
        .sum();
    let (mut from, mut to) = (prefix, new.len() - suffix);
    if from >= to {
        return origin.clone();
    }
    // Whole words: `set_true` → `set_false` underlines `set_false`, not `fals`.
    let word = |c: char| c.is_alphanumeric() || c == '_';
    while let Some(c) = new[..from].chars().next_back().filter(|c| word(*c)) {
        from -= c.len_utf8();
    }
    while let Some(c) = new[to..].chars().next().filter(|c| word(*c)) {
        to += c.len_utf8();
    }
    if written.get(opening..opening + to) != Some(&new[..to]) {
        return origin.clone();
    }
    let start = range.start + opening;
    crate::diagnostics::Origin::span(&origin.source, start + from..start + to)
}

/// `names` joined by commas in lines of at most `width` characters, each indented.
fn wrapped(names: &[&str], width: usize, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::from(indent);
    for (i, name) in names.iter().enumerate() {
        let item = if i + 1 < names.len() { format!("{name},") } else { (*name).to_owned() };
        if line.len() > indent.len() && line.len() + 1 + item.len() > width {
            out.push_str(line.trim_end());
            out.push('\n');
            line = String::from(indent);
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line.push_str(&item);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A change as a row of a Markdown table: `first` (its level, or its tool), then its
/// rule, side, message and place.
fn row(out: &mut String, first: &str, change: &Change) {
    let (rule, side, message) = (change.rule.code, change.side.as_str(), cell(&change.message));
    let _ = writeln!(out, "| {first} | `{rule}` | {side} | {message} | {} |", place(change));
}

/// `file:line` of a change for a table's "where" cell: its place in the new side,
/// or for a removal in the old; empty when it has none.
fn place(change: &Change) -> String {
    change.origin.as_ref().or(change.old_origin.as_ref()).map_or_else(String::new, |origin| {
        format!("`{}:{}`", cell(&origin.source.display_path()), origin.line_col().line)
    })
}

/// The count of a report: the changes shown (`count` dresses the number), and the
/// tools whose contract hash alone moved, which are no change to review.
fn summary(shown: &[&Change], only_moved: usize, count: impl Fn(String) -> String) -> String {
    let moved = match only_moved {
        0 => String::new(),
        1 => "1 tool's contract hash moved with no other change".to_owned(),
        n => format!("the contract hashes of {n} tools moved with no other change"),
    };
    match (shown.is_empty(), moved.is_empty()) {
        (true, true) => "no changes".to_owned(),
        (true, false) => format!("no changes but this: {moved}"),
        (false, true) => format!("{} ({})", count(plural(shown.len(), "change")), counts(shown)),
        (false, false) => format!("{} ({}); {moved}", count(plural(shown.len(), "change")), counts(shown)),
    }
}

/// `sha256:d74a7e66… → sha256:672f41b2…`: a contract-hash move, each hash cut short.
fn moved_hash(change: &Change) -> String {
    let short = |value: &Option<Value>| shortened(value.as_ref().and_then(Value::as_str).unwrap_or_default(), 15);
    format!("{} → {}", short(&change.old), short(&change.new))
}

/// `tool `x`` or `the catalog`: what a message is about.
fn subject(change: &Change) -> String {
    match &change.tool {
        Some(tool) => format!("`{tool}` {}", change.side.as_str()),
        None => "catalog".to_owned(),
    }
}

/// One change, rustc-style: the level and code, the message, the changed source
/// line when there is one, then the pointers and values either side, the fingerprint
/// and any acceptance.
fn human_change(change: &Change, color: bool) -> String {
    let shown = match change.level {
        Level::Breaking if change.accepted.is_none() => Shown::ERROR,
        Level::Breaking | Level::Warning => Shown::WARNING,
        Level::Info => Shown::INFO,
    }
    .with_name(change.level.as_str());
    let message = format!("{}: {}", change.side.as_str(), change.message);
    let mut group = Group::with_title(shown.primary_title(message).id(change.rule.code));
    let origin = change.origin.as_ref().map(|o| narrowed(o, change)).or_else(|| change.old_origin.clone());
    let excerpt = origin.as_ref().map(Excerpt::new);
    if let Some(excerpt) = &excerpt {
        group = excerpt.push_into(group, AnnotationKind::Primary);
    }
    group = group
        .element(Shown::NOTE.message(format!("old {}", side(&change.old_pointer, &change.old, &change.new_pointer))));
    group = group
        .element(Shown::NOTE.message(format!("new {}", side(&change.new_pointer, &change.new, &change.old_pointer))));
    let mut fingerprint = format!("fingerprint {}", change.fingerprint());
    if let Some(reason) = &change.accepted {
        let _ = write!(fingerprint, ", accepted: {reason}");
    }
    group = group.element(Shown::NOTE.message(fingerprint));
    report_text(&[group], excerpt.iter(), color)
}

/// One side of a change for its note: the value at `pointer`, or, when the side has
/// none there, what it lacks. For an addition or a removal the pointer is the object
/// or list that lacks it (the `other` side's pointer leads on into it): that object
/// exists, and the note names the member it has no value for, as the other side
/// spells it (an entry of a list, whose index is the other side's, just "such entry").
fn side(pointer: &Pointer, value: &Option<Value>, other: &Pointer) -> String {
    if let Some(value) = value {
        return format!("{pointer}: {}", shorten(&value.to_string()));
    }
    let rest = other.segments().strip_prefix(pointer.segments()).unwrap_or_default();
    match rest.first() {
        None => format!("{pointer}: absent"),
        Some(Segment::Index(_)) => format!("{pointer}: has no such entry"),
        Some(Segment::Key(_)) => {
            let member = Pointer::from_segments(rest).to_string();
            format!("{pointer}: has no {}", member.trim_start_matches('/'))
        }
    }
}

/// A value's JSON cut to about 120 characters, on a char boundary.
fn shorten(text: &str) -> String {
    shortened(text, 120)
}

/// `1 breaking, 2 info`: the changes counted by level, worst first, accepted ones
/// named.
fn counts(changes: &[&Change]) -> String {
    let mut parts = Vec::new();
    for level in [Level::Breaking, Level::Warning, Level::Info] {
        let of_level: Vec<&&Change> = changes.iter().filter(|c| c.level == level).collect();
        if of_level.is_empty() {
            continue;
        }
        let accepted = of_level.iter().filter(|c| c.accepted.is_some()).count();
        let mut part = format!("{} {}", of_level.len(), level.as_str());
        if accepted > 0 {
            let _ = write!(part, " ({accepted} accepted)");
        }
        parts.push(part);
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::rules::{TOOL_ADDED, TOOL_REMOVED};
    use crate::diff::{Change, Side};

    fn change(rule: &'static crate::diff::DiffRule, tool: &str) -> Change {
        Change::new(rule, Some(tool), Side::Metadata, format!("`{tool}` | changed"))
    }

    /// A page a reviewer reads at a glance: the tool with a breaking change has its
    /// section, the compatible changes share a table, and the contract-hash moves
    /// that need no review are folded away (Markdown) or named only (human).
    #[test]
    fn moves_that_need_no_review_are_folded_away() {
        use crate::diff::rules::DESCRIPTION_CHANGED;
        let moved = |tool: &str| {
            Change::new(CONTRACT_HASH_CHANGED, Some(tool), Side::Metadata, "moved")
                .values(Some(&Value::from("sha256:0000aaaa")), Some(&Value::from("sha256:1111bbbb")))
        };
        let mut changes =
            vec![change(TOOL_REMOVED, "gone"), change(DESCRIPTION_CHANGED, "reworded"), moved("reworded")];
        changes.extend((0..12).map(|i| moved(&format!("hinted{i:02}"))));
        let report = Report { compared: &[], changes: &changes, unused: &[], config: None };
        let markdown = report.render(DiffFormat::Markdown, false);
        assert!(markdown.contains("### `gone`"), "{markdown}");
        assert!(markdown.contains("### Compatible changes"), "{markdown}");
        assert!(markdown.contains("| `reworded` | `description-changed` | metadata |"), "{markdown}");
        assert!(markdown.contains("<details><summary>Contract hashes moved (13 tools)</summary>"), "{markdown}");
        assert!(
            markdown.contains(
                "**2 changes** (1 breaking, 1 info); the contract hashes of 12 tools moved with no other change."
            ),
            "{markdown}"
        );
        let human = report.render(DiffFormat::Human, false);
        assert!(human.contains("the contract hashes of 12 tools moved with no other change reported"), "{human}");
        assert!(human.contains("  hinted00, hinted01,"), "{human}");
        // Their moves are not printed; that of the reworded tool is, in its heading.
        assert_eq!(human.matches("sha256:").count(), 2, "{human}");
        // Few are listed a line each, with their moves.
        let few = &changes[..5];
        let human = Report { compared: &[], changes: few, unused: &[], config: None }.render(DiffFormat::Human, false);
        assert!(human.contains("  tool `hinted01`: sha256:0000aaaa → sha256:1111bbbb"), "{human}");
    }

    /// In colour, a breaking change someone accepted is shown as a warning is, and one
    /// no one accepted as an error: the colour says which still fails the run.
    #[test]
    fn an_accepted_breaking_change_is_coloured_as_a_warning() {
        // The escape sequences that start the change's own line, before its level's
        // name (`breaking[tool-removed]: …`).
        let style = |change: Change| {
            let human =
                Report { compared: &[], changes: &[change], unused: &[], config: None }.render(DiffFormat::Human, true);
            let line = human.lines().find(|l| l.contains("[tool-removed]")).expect("the change is shown").to_owned();
            let name = line.find("breaking[").or_else(|| line.find("warning[")).expect("the level is named");
            line[..name].to_owned()
        };
        let breaking = style(change(TOOL_REMOVED, "gone"));
        let mut accepted = change(TOOL_REMOVED, "gone");
        accepted.accepted = Some("renamed on purpose".to_owned());
        let accepted = style(accepted);
        let mut warning = change(TOOL_REMOVED, "gone");
        warning.level = Level::Warning;
        let warning = style(warning);
        assert!(!breaking.is_empty() && breaking != warning, "{breaking:?} {warning:?}");
        assert_eq!(accepted, warning);
    }

    #[test]
    fn markdown_lists_every_breaking_change_and_counts_the_info_left_out() {
        let mut changes: Vec<Change> =
            (0..MARKDOWN_ROWS + 50).map(|i| change(TOOL_ADDED, &format!("t{i:03}"))).collect();
        changes.push(change(TOOL_REMOVED, "z"));
        let markdown =
            Report { compared: &[], changes: &changes, unused: &[], config: None }.render(DiffFormat::Markdown, false);
        assert_eq!(markdown.matches("| breaking |").count(), 1);
        // The tools whose changes are all info share one table, without a level.
        assert_eq!(markdown.matches("| `tool-added` | metadata |").count(), MARKDOWN_ROWS - 1);
        assert!(markdown.contains("…and 51 more info changes; `--format json` lists every change."), "{markdown}");
        assert!(markdown.contains("**251 changes** (1 breaking, 250 info)."), "{markdown}");
        // A pipe in a message is escaped, or it would end the cell.
        assert!(markdown.contains("`t000` \\| changed"), "{markdown}");
    }

    /// A reworded string is underlined where it differs, in whole words, when the
    /// source spells it as it reads; else, with an escape before that part, whole.
    #[test]
    fn a_rewording_is_underlined_where_it_differs() {
        use crate::diagnostics::Origin;
        use crate::source::{Format, SourceFile};
        let underlined = |text: &str, old: &str, new: &str| {
            let source = std::sync::Arc::new(SourceFile::new("t.json", text.to_owned(), Format::Json));
            let start = text.find('"').unwrap();
            let origin = Origin::span(&source, start..text.len());
            let change = change(TOOL_ADDED, "t").values(Some(&Value::from(old)), Some(&Value::from(new)));
            let range = narrowed(&origin, &change).range().unwrap();
            text[range].to_owned()
        };
        assert_eq!(
            underlined(
                r#""Use the cursor from the response.""#,
                "Use the endCursor of PageInfo.",
                "Use the cursor from the response."
            ),
            "cursor from the response"
        );
        assert_eq!(underlined(r#""set_false""#, "set_true", "set_false"), "set_false");
        assert_eq!(underlined(r#""a\"b: new""#, "a\"b: old", "a\"b: new"), r#""a\"b: new""#);
        assert_eq!(underlined(r#""same""#, "same", "same"), r#""same""#);
    }

    /// Names fill lines of at most the width, each indented, a comma after every name
    /// but the last; a name longer than the width has a line of its own.
    #[test]
    fn names_wrap_at_the_width() {
        // `  aaaa, bbbb,` is 13 characters; ` cccc` makes 18.
        assert_eq!(wrapped(&["aaaa", "bbbb", "cccc"], 18, "  "), "  aaaa, bbbb, cccc\n");
        assert_eq!(wrapped(&["aaaa", "bbbb", "cccc"], 17, "  "), "  aaaa, bbbb,\n  cccc\n");
        assert_eq!(wrapped(&["a", "bbbbbbbbbb"], 6, "  "), "  a,\n  bbbbbbbbbb\n");
        assert_eq!(wrapped(&["bbbbbbbbbb"], 6, "  "), "  bbbbbbbbbb\n");
    }

    /// An annotation or a SARIF result says what it is about before the message: the
    /// tool and the side, or the catalog.
    #[test]
    fn annotations_and_results_name_their_tool_or_the_catalog() {
        use crate::diff::rules::SEMVER_MINOR_REQUIRED;
        let changes = [change(TOOL_REMOVED, "b"), Change::new(SEMVER_MINOR_REQUIRED, None, Side::Metadata, "bump")];
        let report = Report { compared: &[], changes: &changes, unused: &[], config: None };
        let github = report.render(DiffFormat::Github, false);
        assert!(github.contains("::`b` metadata: `b` | changed%0A"), "{github}");
        assert!(github.contains("::catalog: bump%0A"), "{github}");
        let sarif = report.render(DiffFormat::Sarif, false);
        assert!(sarif.contains("\"text\": \"`b` metadata: `b` | changed\""), "{sarif}");
        assert!(sarif.contains("\"text\": \"catalog: bump\""), "{sarif}");
    }

    #[test]
    fn groups_put_the_worst_tools_first() {
        let changes = [change(TOOL_ADDED, "a"), change(TOOL_REMOVED, "b"), change(TOOL_ADDED, "b")];
        let human =
            Report { compared: &[], changes: &changes, unused: &[], config: None }.render(DiffFormat::Human, false);
        let b = human.find("tool `b`: 1 breaking, 1 info").expect(&human);
        let a = human.find("tool `a`: 1 info").expect(&human);
        assert!(b < a, "{human}");
        assert!(human.find("breaking[tool-removed]").unwrap() < human.find("info[tool-added]: metadata: `b`").unwrap());
        assert!(human.ends_with("3 changes (1 breaking, 2 info)\n"), "{human}");
    }
}
