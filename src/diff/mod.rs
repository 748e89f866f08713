//! The semantic diff of two catalogs: every change, which callers it breaks, and why.
//!
//! Both sides are compiled catalogs, so that spelling (key order, a `parameters` map
//! against its `inputSchema`, a component's name) is no change. Tools are matched by
//! name; each pair is compared field by field (`metadata`) and schema by schema
//! (`schema`), with the direction of each schema in mind: an input is what callers
//! send, so accepting less breaks them; an output or an error is what they receive,
//! so producing more does. Every change is raised by a [`DiffRule`] (each declared in a
//! file of its own under `rules/`), with a level per side, and carries a [`fingerprint`] by
//! which a reviewer can accept it ([`accept`]).
//!
//! [`fingerprint`]: Change::fingerprint

pub mod accept;
mod contract_hash;
mod metadata;
mod pair;
mod render;
mod rule;
pub mod rules;
mod schema;
mod semver;
mod tools;

use std::fmt::Write as _;

use serde_json::Value;
use sha2::{Digest, Sha256};

pub use accept::Accepted;
pub use contract_hash::{Moved, moved};
pub use render::{DiffFormat, Named, Report};
pub use rule::{DiffRule, Levels, RegisteredDiffRule, all_diff_rules};

use crate::contract::ToolCatalog;
use crate::diagnostics::Origin;
use crate::pointer::{Part, Pointer, Segment};
use crate::provenance::Provenance;

/// How much a change matters to existing callers, least first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Nothing a caller relied on changed.
    Info,
    /// Callers may break: exhaustive handling of a new value, a promise weakened, or a
    /// change whose effect cannot be decided.
    Warning,
    /// A caller that worked before fails now.
    Breaking,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Info => "info",
            Level::Warning => "warning",
            Level::Breaking => "breaking",
        }
    }
}

/// Which part of a tool's contract a change is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// `inputSchema`: what callers send.
    Input,
    /// `outputSchema`: what callers receive.
    Output,
    /// `errorSchema`: what callers receive when the tool fails.
    Error,
    /// Everything else: the tool's name, description, annotations, audiences, CLI,
    /// execution; and the catalog's version.
    Metadata,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::Input, Side::Output, Side::Error, Side::Metadata];

    pub fn as_str(self) -> &'static str {
        match self {
            Side::Input => "input",
            Side::Output => "output",
            Side::Error => "error",
            Side::Metadata => "metadata",
        }
    }
}

/// One side of a comparison: a compiled catalog and, when it was compiled from a
/// source file, where its parts came from.
#[derive(Clone, Copy)]
pub struct Compared<'a> {
    pub catalog: &'a ToolCatalog,
    pub provenance: Option<&'a Provenance>,
}

/// One change between two catalogs.
#[derive(Clone, Debug)]
pub struct Change {
    pub rule: &'static DiffRule,
    pub level: Level,
    /// The tool it is in; `None` for a change of the catalog itself (its version).
    pub tool: Option<String>,
    pub side: Side,
    /// Where it is in the old catalog; for an addition, the place it would have been
    /// (the object or list it was added to).
    pub old_pointer: Pointer,
    /// Where it is in the new catalog; for a removal, the object or list it was
    /// removed from.
    pub new_pointer: Pointer,
    /// The value before (`None`: absent).
    pub old: Option<Value>,
    /// The value after (`None`: absent).
    pub new: Option<Value>,
    pub message: String,
    /// Where `new_pointer` was written in the new side's source, when it has one.
    pub origin: Option<Origin>,
    /// For what the new side has no place for (a removed tool): where `old_pointer`
    /// was written in the old side's source, which a reader is shown instead (not a
    /// GitHub annotation, which would land on the new file's line of that number).
    pub old_origin: Option<Origin>,
    /// The reason given in the configuration, when the change was accepted.
    pub accepted: Option<String>,
}

impl Change {
    /// A change of `rule` on `side` of `tool`, at the level the rule gives that side.
    pub fn new(rule: &'static DiffRule, tool: Option<&str>, side: Side, message: impl Into<String>) -> Change {
        Change {
            rule,
            level: rule.level(side),
            tool: tool.map(str::to_owned),
            side,
            old_pointer: Pointer::root(),
            new_pointer: Pointer::root(),
            old: None,
            new: None,
            message: message.into(),
            origin: None,
            old_origin: None,
            accepted: None,
        }
    }

    #[must_use]
    pub fn at(mut self, old_pointer: Pointer, new_pointer: Pointer) -> Change {
        self.old_pointer = old_pointer;
        self.new_pointer = new_pointer;
        self
    }

    #[must_use]
    pub fn values(mut self, old: Option<&Value>, new: Option<&Value>) -> Change {
        self.old = old.cloned();
        self.new = new.cloned();
        self
    }

    /// A stable name of this change, for accepting it in `harn-catalog.toml`: a hash of
    /// its rule, tool, pointers and values. The pointers are taken relative to the
    /// tool's entry, so that tools added or removed elsewhere in the catalog leave
    /// the fingerprints of the others as they are.
    pub fn fingerprint(&self) -> String {
        let mut hash = Sha256::new();
        let value = |v: &Option<Value>| v.as_ref().map_or_else(|| "-".to_owned(), |v| v.to_string());
        for part in [
            self.rule.code.to_owned(),
            self.tool.clone().unwrap_or_default(),
            within_tool(&self.old_pointer).to_string(),
            within_tool(&self.new_pointer).to_string(),
            value(&self.old),
            value(&self.new),
        ] {
            hash.update(part.as_bytes());
            hash.update([0]);
        }
        let digest = hash.finalize();
        let mut hex = String::with_capacity(16);
        digest[..8].iter().for_each(|byte| {
            let _ = write!(hex, "{byte:02x}");
        });
        hex
    }

    /// Whether it still fails a run: a breaking change no one accepted.
    pub fn fails(&self) -> bool {
        self.level == Level::Breaking && self.accepted.is_none()
    }
}

/// The index of the tool `pointer` is inside (`/tools/<i>/...`), and the path below it.
fn in_tool(pointer: &Pointer) -> Option<(usize, Pointer)> {
    match pointer.segments() {
        [Segment::Key(tools), Segment::Index(index), rest @ ..] if &**tools == "tools" => {
            Some((*index, Pointer::from_segments(rest)))
        }
        _ => None,
    }
}

/// `pointer` without its leading `/tools/<i>`, if it has one.
fn within_tool(pointer: &Pointer) -> Pointer {
    in_tool(pointer).map_or_else(|| pointer.clone(), |(_, path)| path)
}

/// Every change from `old` to `new`, each located in `new`'s source when it has one,
/// else (a removed tool) where it was in `old`'s.
pub fn diff(old: &Compared<'_>, new: &Compared<'_>) -> Vec<Change> {
    let mut changes = tools::compare(old.catalog, new.catalog);
    contract_hash::compare(old.catalog, new.catalog, &mut changes);
    metadata::compare_catalogs(old.catalog, new.catalog, &mut changes);
    // Last: it weighs every change above against the catalog's version.
    semver::check(old.catalog, new.catalog, &mut changes);
    for change in &mut changes {
        change.origin = new.provenance.and_then(|p| origin_of(p, &change.new_pointer));
        if change.origin.is_none() {
            change.old_origin = old.provenance.and_then(|p| origin_of(p, &change.old_pointer));
        }
    }
    changes
}

/// Where the value at a catalog pointer was written in the source the catalog was
/// compiled from.
fn origin_of(provenance: &Provenance, pointer: &Pointer) -> Option<Origin> {
    if let Some((index, path)) = in_tool(pointer) {
        return Some(provenance.tool(index, &path, Part::Value));
    }
    match pointer.segments() {
        [Segment::Key(components), Segment::Key(schemas), Segment::Key(name), rest @ ..]
            if &**components == "components" && &**schemas == "schemas" =>
        {
            Some(provenance.component(name, &Pointer::from_segments(rest), Part::Value))
        }
        [Segment::Key(info), Segment::Key(field)] if &**info == "info" => Some(provenance.info(field)),
        // The registry's command metadata (`cli.commands`), or where it would be.
        [Segment::Key(cli), rest @ ..] if &**cli == "cli" => Some(provenance.cli(&Pointer::from_segments(rest))),
        _ => None,
    }
}
