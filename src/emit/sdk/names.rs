//! The names an SDK gives its types: PascalCase of the tool and component names,
//! made unique in a fixed order (tools in catalog order, then components by name),
//! so that every language's SDK of one catalog uses the same names.

use std::collections::BTreeMap;

/// Names an SDK declares itself, or that would shadow a type its code relies on in
/// TypeScript (`Error`, `Promise`, `Record`, …) or Rust (`Option`, `Result`, `Self`,
/// …). A tool or component whose name would become one of them is renamed.
pub const RESERVED: &[&str] = &[
    // Declared by the SDKs.
    "ToolName",
    "ToolInputs",
    "ToolOutputs",
    "ToolErrors",
    "ToolHandlers",
    "ToolClient",
    "ToolCallError",
    "ToolCall",
    "ToolInfo",
    "ToolAnnotations",
    // The Rust SDK's table of tools: a tuple struct of that name would clash with it.
    "TOOLS",
    "CallToolClient",
    "ToolServer",
    "McpToolName",
    "ToolRequest",
    "Json",
    // TypeScript globals and utility types.
    "Array",
    "Boolean",
    "Date",
    "Error",
    "Function",
    "Map",
    "NoInfer",
    "Number",
    "Object",
    "Omit",
    "Partial",
    "Pick",
    "Promise",
    "Readonly",
    "ReadonlySet",
    "Record",
    "Set",
    "String",
    "Symbol",
    // Rust prelude and serde.
    "Box",
    "Deserialize",
    "Option",
    "Result",
    "Self",
    "Serialize",
    "Value",
    "Vec",
    // Python: the typing and pydantic names the Python SDK's annotations use, and its
    // table of tools' record.
    "Annotated",
    "Any",
    "BaseModel",
    "ConfigDict",
    "Field",
    "Literal",
    "ToolResult",
];

/// `lookup_widget`, `lookup-widget` and `lookupWidget` → `LookupWidget`: the ASCII
/// letters and digits of `name`, split into words at every other character, each word
/// with its first letter upper-cased. A name that leaves nothing, or a digit first,
/// gets `T` in front, so the result is always an identifier in both languages.
/// `wished` when it is free, else the first of it numbered from 2 that is (`Shape2`,
/// `Shape3`…), with `separator` between the name and its number; `taken` says whether
/// a name is taken. The one way every generator numbers a name already given.
pub fn first_free(wished: &str, separator: &str, mut taken: impl FnMut(&str) -> bool) -> String {
    if !taken(wished) {
        return wished.to_owned();
    }
    (2..).map(|n| format!("{wished}{separator}{n}")).find(|name| !taken(name)).expect("a free number")
}

pub fn pascal_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for word in name.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()) {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.extend(chars);
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'T');
    }
    out
}

/// What a type name was given to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Owner {
    Reserved,
    Tool(String),
    Component(String),
    /// A `$defs` member: the type name of the schema holding it, and its name.
    LocalDef(String, String),
}

impl Owner {
    pub fn describe(&self) -> String {
        match self {
            Owner::Reserved => "a name the SDK itself declares or relies on".to_owned(),
            Owner::Tool(name) => format!("the types of tool `{name}`"),
            Owner::Component(name) => format!("component `{name}`"),
            Owner::LocalDef(owner, name) => format!("`$defs` member `{name}` of `{owner}`"),
        }
    }
}

/// A name that could not be given as wished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Collision {
    /// The name wished for (a tool's base, without `Input`/`Output`/`Error`).
    pub wished: String,
    /// The name given instead.
    pub given: String,
    /// Who already had the name (or one of the names) wished for.
    pub holder: Owner,
}

/// The type names given so far.
pub struct Names {
    taken: BTreeMap<String, Owner>,
}

/// The suffixes of a tool's three types.
pub const TOOL_SUFFIXES: [&str; 3] = ["Input", "Output", "Error"];

impl Default for Names {
    fn default() -> Self {
        Names { taken: RESERVED.iter().map(|n| ((*n).to_owned(), Owner::Reserved)).collect() }
    }
}

impl Names {
    /// The base name of tool `name`'s types: `<Base>Input`, `<Base>Output` and
    /// `<Base>Error` are all free. On a collision the base gets the smallest number
    /// from 2 up that frees all three.
    pub fn tool(&mut self, name: &str) -> (String, Option<Collision>) {
        let owner = Owner::Tool(name.to_owned());
        self.give(pascal_case(name), &TOOL_SUFFIXES, owner)
    }

    /// The type name of component `name`.
    pub fn component(&mut self, name: &str) -> (String, Option<Collision>) {
        self.give(pascal_case(name), &[""], Owner::Component(name.to_owned()))
    }

    /// The type name of `$defs` member `name` at the root of the schema whose type is
    /// `owner` (`LookupWidgetInput`, `Widget`): the two joined, `LookupWidgetInputNode`.
    pub fn local_def(&mut self, owner: &str, name: &str) -> (String, Option<Collision>) {
        let wished = pascal_case(&format!("{owner}_{name}"));
        self.give(wished, &[""], Owner::LocalDef(owner.to_owned(), name.to_owned()))
    }

    fn give(&mut self, wished: String, suffixes: &[&str], owner: Owner) -> (String, Option<Collision>) {
        let holder_of = |names: &Self, base: &str| {
            suffixes.iter().find_map(|suffix| names.taken.get(&format!("{base}{suffix}")).cloned())
        };
        let mut collision = None;
        let mut given = wished.clone();
        let mut n = 2;
        while let Some(holder) = holder_of(self, &given) {
            collision.get_or_insert_with(|| Collision { wished: wished.clone(), given: String::new(), holder });
            given = format!("{wished}{n}");
            n += 1;
        }
        for suffix in suffixes {
            self.taken.insert(format!("{given}{suffix}"), owner.clone());
        }
        if let Some(c) = collision.as_mut() {
            c.given = given.clone();
        }
        (given, collision)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pascal_case_joins_words_and_keeps_an_identifier() {
        assert_eq!(pascal_case("lookup_widget"), "LookupWidget");
        assert_eq!(pascal_case("github.get-issue"), "GithubGetIssue");
        assert_eq!(pascal_case("getIssue"), "GetIssue");
        assert_eq!(pascal_case("list_PRs"), "ListPRs");
        assert_eq!(pascal_case("3d_render"), "T3dRender");
        assert_eq!(pascal_case("--"), "T");
        assert_eq!(pascal_case("héllo wörld"), "HLloWRld");
    }

    #[test]
    fn collisions_are_numbered_in_order_and_report_the_holder() {
        let mut names = Names::default();
        assert_eq!(names.tool("a_b"), ("AB".to_owned(), None));
        let (given, collision) = names.tool("a-b");
        assert_eq!(given, "AB2");
        assert_eq!(collision.unwrap().holder, Owner::Tool("a_b".into()));
        assert_eq!(names.tool("aB").0, "AB3");
        // A component named like one of a tool's types.
        let (given, collision) = names.component("AB_input");
        assert_eq!(given, "ABInput2");
        assert_eq!(collision.unwrap().holder, Owner::Tool("a_b".into()));
        // A tool whose types would clash with a component's name.
        names.component("ZOutput");
        assert_eq!(names.tool("z").0, "Z2");
    }

    #[test]
    fn reserved_names_are_never_given() {
        let mut names = Names::default();
        let (given, collision) = names.component("error");
        assert_eq!(given, "Error2");
        assert_eq!(collision.unwrap().holder, Owner::Reserved);
        assert_eq!(names.tool("tool").0, "Tool");
        assert_eq!(names.component("widget").0, "Widget");
    }

    #[test]
    fn local_defs_are_named_after_their_owner_and_come_after_everything_else() {
        let mut names = Names::default();
        names.tool("lookup");
        names.component("LookupInputNode");
        assert_eq!(names.local_def("LookupInput", "node").0, "LookupInputNode2");
        assert_eq!(names.local_def("Widget", "tag-list").0, "WidgetTagList");
    }
}
