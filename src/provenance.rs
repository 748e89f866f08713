//! Provenance: which place in the source file each part of a catalog came from.
//!
//! Checks run on the normalised catalog and speak of `tools[i].inputSchema`; this
//! table maps such a catalog path back to the key or value the user wrote, through
//! renamed spellings (`input_schema`, `returns`, `execution_policy`), keys merged in
//! from `config`, and the legacy parameter map that was lowered to a schema.

use std::sync::Arc;

use crate::contract::ToolCatalogEntry;
use crate::diagnostics::Origin;
use crate::pointer::{Part, Pointer, Segment};
use crate::source::SourceFile;

/// Where one catalog entry came from.
#[derive(Clone, Debug)]
pub struct EntryOrigin {
    /// The file the entry was written in, when it is not the catalog's own
    /// ([`Provenance::source`]): a harness directory's tools each come from their own
    /// schema document.
    pub source: Option<Arc<SourceFile>>,
    /// The tool spec (registry) or the entry (catalog), in its file.
    pub at: Pointer,
    /// Wire field name → where its value was written, when that is not `at/<field>`.
    pub fields: Vec<(&'static str, Pointer)>,
    /// For an input schema lowered from a legacy parameter map: where its parts were
    /// written.
    pub lowered: Option<LoweredOrigins>,
}

/// Where the parts of an input schema lowered from a legacy parameter map were
/// written.
#[derive(Clone, Debug, Default)]
pub struct LoweredOrigins {
    /// Each property's definition (or its `schema`).
    pub properties: Vec<(String, Pointer)>,
    /// Each entry of the lowered `required` list, in its order: the `required: true`
    /// of that parameter's definition.
    pub required: Vec<Pointer>,
}

impl EntryOrigin {
    pub fn identity(at: Pointer) -> Self {
        EntryOrigin { source: None, at, fields: Vec::new(), lowered: None }
    }

    /// Records that wire field `wire` was written at `place`. A field written where the
    /// wire name says (`<at>/<wire>`) needs no record, since [`EntryOrigin::map`] falls
    /// back to that: a large registry keeps one pointer less per such field.
    pub fn record(&mut self, wire: &'static str, place: &Pointer) {
        let identity = match place.segments().split_last() {
            Some((Segment::Key(last), parent)) => **last == *wire && parent == self.at.segments(),
            _ => false,
        };
        if !identity {
            self.fields.push((wire, place.clone()));
        }
    }

    /// The file this entry was written in: its own, else the catalog's `source`.
    pub fn source_or<'a>(&'a self, catalog: &'a Arc<SourceFile>) -> &'a Arc<SourceFile> {
        self.source.as_ref().unwrap_or(catalog)
    }

    /// The source pointer of a path inside this entry (in wire field names).
    pub fn map(&self, path: &Pointer) -> Pointer {
        let segments = path.segments();
        let Some(Segment::Key(field)) = segments.first() else {
            return self.at.join(path);
        };
        let Some((_, base)) = self.fields.iter().find(|(name, _)| **name == **field) else {
            return self.at.join(path);
        };
        let rest = &segments[1..];
        if let (Some(lowered), "inputSchema") = (&self.lowered, &**field) {
            match rest {
                [Segment::Key(properties), Segment::Key(property), tail @ ..] if &**properties == "properties" => {
                    if let Some((_, at)) = lowered.properties.iter().find(|(name, _)| **name == **property) {
                        let mut pointer = at.clone();
                        tail.iter().for_each(|s| pointer.push(s.clone()));
                        return pointer;
                    }
                }
                [Segment::Key(required), Segment::Index(k)] if &**required == "required" => {
                    if let Some(at) = lowered.required.get(*k) {
                        return at.clone();
                    }
                }
                _ => {}
            }
            return base.clone();
        }
        let mut pointer = base.clone();
        rest.iter().for_each(|s| pointer.push(s.clone()));
        pointer
    }
}

/// Where every part of one catalog came from.
#[derive(Clone, Debug)]
pub struct Provenance {
    /// The file the catalog was read from; for a harness directory, a stand-in named
    /// after the directory, each tool's own file being in its [`EntryOrigin::source`].
    pub source: Arc<SourceFile>,
    /// The `info` object.
    pub info: Pointer,
    /// The `components.schemas` map.
    pub component_schemas: Pointer,
    /// The registry-level `cli` object.
    pub cli: Pointer,
    /// One origin per catalog entry, in catalog order.
    pub tools: Vec<EntryOrigin>,
}

impl Provenance {
    /// Provenance of a catalog read as written: every path maps to itself.
    pub fn identity(source: Arc<SourceFile>, tool_count: usize) -> Self {
        Provenance {
            source,
            info: Pointer::root().key("info"),
            component_schemas: Pointer::root().key("components").key("schemas"),
            cli: Pointer::root().key("cli"),
            tools: (0..tool_count).map(|i| EntryOrigin::identity(Pointer::root().key("tools").index(i))).collect(),
        }
    }

    fn origin(&self, pointer: Pointer, part: Part) -> Origin {
        Origin::pointer_part(&self.source, pointer, part)
    }

    /// The value or the member name at `path` inside tool `index`.
    pub fn tool(&self, index: usize, path: &Pointer, part: Part) -> Origin {
        match self.tools.get(index) {
            Some(entry) => self.entry(entry, path, part),
            None => self.origin(Pointer::root().key("tools"), part),
        }
    }

    /// The value or the member name at `path` inside the entry `entry` came from,
    /// which need not be a tool of the catalog (a superseded definition).
    pub fn entry(&self, entry: &EntryOrigin, path: &Pointer, part: Part) -> Origin {
        Origin::pointer_part(entry.source_or(&self.source), entry.map(path), part)
    }

    /// The list of tools as a whole (where a finding about every tool points).
    pub fn origin_of_tools(&self) -> Origin {
        self.origin(Pointer::root().key("tools"), Part::Key)
    }

    /// A field of `info`.
    pub fn info(&self, field: &str) -> Origin {
        self.origin(self.info.key(field), Part::Value)
    }

    /// A place inside component `name` (the name itself: [`Part::Key`] and an empty
    /// path).
    pub fn component(&self, name: &str, path: &Pointer, part: Part) -> Origin {
        self.origin(self.component_schemas.key(name).join(path), part)
    }

    /// A place inside registry-level command metadata `index`.
    pub fn cli_command(&self, index: usize, path: &Pointer) -> Origin {
        self.cli(&Pointer::root().key("commands").index(index).join(path))
    }

    /// A place inside the registry-level `cli` object.
    pub fn cli(&self, path: &Pointer) -> Origin {
        self.origin(self.cli.join(path), Part::Value)
    }

    /// Keeps the origins of the entries at `kept` (ascending catalog indices), as a
    /// filter of the catalog's tools does.
    pub fn retain_tools(&mut self, kept: &[usize]) {
        // `kept` is increasing: each kept origin moves down into place, none is copied
        // (and when every tool is kept, as usual, nothing moves).
        let mut next = 0;
        for &i in kept {
            if i < self.tools.len() {
                self.tools.swap(next, i);
                next += 1;
            }
        }
        self.tools.truncate(next);
    }
}

/// `tools[<i>].<path>`, as [`ToolCx::place`] gives it.
pub struct ToolLabel<'p> {
    index: usize,
    path: &'p str,
}

impl std::fmt::Display for ToolLabel<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "tools[{}].{}", self.index, self.path)
    }
}

/// One tool of a catalog with where it came from: what every per-tool rule reports
/// against, in the catalog phase and the prepare phase alike. It lives here, beside
/// the table it reads, so that both phases use it without one importing the other.
pub struct ToolCx<'a> {
    pub index: usize,
    pub tool: &'a ToolCatalogEntry,
    pub provenance: &'a Provenance,
}

impl ToolCx<'_> {
    /// `tools[<i>].<path>`
    pub fn label(&self, path: &str) -> String {
        self.place(path).to_string()
    }

    /// [`ToolCx::label`], written only when shown: every tool is checked for what
    /// few are wrong in, and a label formatted for each check cost more than some
    /// checks themselves.
    pub fn place<'p>(&self, path: &'p str) -> ToolLabel<'p> {
        ToolLabel { index: self.index, path }
    }

    /// Where the value at `path` (a JSON Pointer in wire field names) was written.
    pub fn origin(&self, path: &Pointer) -> Origin {
        self.provenance.tool(self.index, path, Part::Value)
    }

    /// Where the member name at `path` was written.
    pub fn key_origin(&self, path: &Pointer) -> Origin {
        self.provenance.tool(self.index, path, Part::Key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Pointer {
        Pointer::parse(s).unwrap()
    }

    #[test]
    fn retains_the_origins_of_the_tools_kept_in_order() {
        let source = Arc::new(SourceFile::new("r.json", String::new(), crate::source::Format::Json));
        let mut provenance = Provenance::identity(source, 0);
        let at = |i: usize| Pointer::root().key("tools").index(i);
        provenance.tools = (0..6).map(|i| EntryOrigin::identity(at(i))).collect();
        provenance.retain_tools(&[1, 2, 4]);
        let kept: Vec<Pointer> = provenance.tools.iter().map(|o| o.at.clone()).collect();
        assert_eq!(kept, [at(1), at(2), at(4)]);
        provenance.retain_tools(&[0, 1, 2]);
        assert_eq!(provenance.tools.len(), 3, "every tool kept: nothing moves");
        assert_eq!(provenance.tools[2].at, at(4));
        provenance.retain_tools(&[]);
        assert!(provenance.tools.is_empty());
    }

    #[test]
    fn maps_renamed_fields_and_lowered_parameters() {
        let origin = EntryOrigin {
            source: None,
            at: p("/tools/2"),
            fields: vec![("inputSchema", p("/tools/2/parameters")), ("policy", p("/tools/2/config/execution_policy"))],
            lowered: Some(LoweredOrigins {
                properties: vec![("id".into(), p("/tools/2/parameters/id/schema"))],
                required: vec![p("/tools/2/parameters/id/required")],
            }),
        };
        assert_eq!(origin.map(&p("/inputSchema/properties/id/pattern")), p("/tools/2/parameters/id/schema/pattern"));
        assert_eq!(origin.map(&p("/inputSchema/required/0")), p("/tools/2/parameters/id/required"));
        assert_eq!(origin.map(&p("/inputSchema/required")), p("/tools/2/parameters"));
        assert_eq!(origin.map(&p("/policy/kind")), p("/tools/2/config/execution_policy/kind"));
        assert_eq!(origin.map(&p("/icons/0/src")), p("/tools/2/icons/0/src"));
    }

    #[test]
    fn records_only_fields_written_elsewhere_than_their_wire_name() {
        let mut origin = EntryOrigin::identity(p("/tools/2"));
        origin.record("inputSchema", &p("/tools/2/inputSchema"));
        origin.record("outputSchema", &p("/tools/2/returns"));
        origin.record("title", &p("/tools/2/config/title"));
        origin.record("name", &p("/tools/20/name"));
        assert_eq!(
            origin.fields,
            [
                ("outputSchema", p("/tools/2/returns")),
                ("title", p("/tools/2/config/title")),
                ("name", p("/tools/20/name"))
            ]
        );
        assert_eq!(origin.map(&p("/inputSchema/properties/a")), p("/tools/2/inputSchema/properties/a"));
        assert_eq!(origin.map(&p("/outputSchema/type")), p("/tools/2/returns/type"));
    }
}
