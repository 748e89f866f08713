//! The Python SDK: a package folder holding `__init__.py`, rendered from
//! `templates/sdk/python/__init__.py.jinja`, and `py.typed`. It declares a pydantic v2
//! model (or a type alias) per tool side, component and root `$defs` member, `TOOLS`,
//! a typed async client over the `mcp` SDK's `ClientSession` and a helper that serves
//! typed handlers on its `MCPServer`.
//!
//! The schema→type mapping is written here (in `types`), as the TypeScript one is:
//! the types take the [`Sdk`] model's names, validate as strictly as pydantic can
//! (strict mode, bounds, patterns, closed objects, discriminators), and say in their
//! docstrings what they leave out.

mod types;

use serde::Serialize;

pub use super::WIDENED;
use super::{Sdk, TOOL_ERROR_KEY, Tool};
use crate::emit::artifacts::Artifact;
use crate::emit::template::Text;
pub use types::{py_string, snake_case};

const TEMPLATE: &str = include_str!("../../../templates/sdk/python/__init__.py.jinja");

/// The module of the package.
pub const INIT: &str = "__init__.py";

/// The marker that tells type checkers the package is typed (PEP 561).
pub const PY_TYPED: &str = "py.typed";

/// The package's files: the declarations rendered by `types`, placed by the template
/// with the tools' table, client and server.
pub fn render(sdk: &Sdk<'_>) -> Vec<Artifact> {
    let declarations = types::declarations(sdk);
    let mut methods = types::MethodNames::default();
    let tools: Vec<ToolModel> = sdk.tools.iter().map(|tool| tool_model(tool, &mut methods)).collect();
    let context = Context {
        package_comment: one_line(&sdk.package),
        version_comment: sdk.version.map(one_line),
        package_doc: types::docstring_text(&sdk.package),
        description: sdk.description.map(|d| d.lines().map(types::docstring_text).collect()).unwrap_or_default(),
        declarations: Text::value(declarations),
        error_key: py_string(TOOL_ERROR_KEY),
        tools,
    };
    let contents = crate::emit::template::render(INIT, TEMPLATE, &context);
    vec![Artifact { path: INIT.to_owned(), contents }, Artifact { path: PY_TYPED.to_owned(), contents: String::new() }]
}

#[derive(Serialize)]
struct Context {
    /// The package name and version on a comment line.
    package_comment: String,
    version_comment: Option<String>,
    /// The package name made safe in a docstring.
    package_doc: String,
    /// The registry's description, a line each, made safe in a docstring.
    description: Vec<String>,
    /// Every model and alias, written (a [`Text`]).
    declarations: minijinja::Value,
    error_key: String,
    tools: Vec<ToolModel>,
}

#[derive(Serialize)]
struct ToolModel {
    /// The name as a Python string literal.
    literal: String,
    /// Its method of the client and of the handlers.
    method: String,
    input: String,
    output: String,
    error: String,
    has_output: bool,
    has_error: bool,
    /// Whether MCP advertises it, so that the client and the server cover it.
    mcp: bool,
    wrapped: bool,
    /// Its docstring as a method's, the signature first.
    docstring: String,
    /// Its `TOOLS` entry, a Python expression on one line.
    info: String,
}

fn tool_model(tool: &Tool<'_>, methods: &mut types::MethodNames) -> ToolModel {
    let entry = tool.entry;
    let mut doc = vec![format!("`{}`", tool.signature)];
    for text in [tool.title(), entry.description.as_ref().map(|d| d.as_str())].into_iter().flatten() {
        doc.push(String::new());
        doc.extend(text.lines().map(str::to_owned));
    }
    ToolModel {
        literal: py_string(tool.name()),
        method: methods.give(&tool.type_base),
        input: tool.input_type(),
        output: tool.output_type(),
        error: tool.error_type(),
        has_output: entry.output_schema.is_some(),
        has_error: entry.error_schema.is_some(),
        mcp: tool.mcp.is_some(),
        wrapped: tool.output_wrapped,
        docstring: {
            let mut docstring = String::new();
            types::write_docstring(&mut docstring, &doc, 2);
            docstring
        },
        info: info(tool),
    }
}

/// A tool's `TOOLS` entry: `ToolInfo(name, title, input, output, error, hash,
/// audiences, definition)`, the advertised `tools/list` entry as JSON text parsed at
/// import, so that the line reads as the wire has it.
fn info(tool: &Tool<'_>) -> String {
    let entry = tool.entry;
    let optional = |text: Option<&str>| text.map_or_else(|| "None".to_owned(), py_string);
    let side = |present: bool, name: String| if present { name } else { "None".to_owned() };
    let audiences: Vec<String> = tool.audiences().into_iter().map(py_string).collect();
    let audiences =
        if audiences.len() == 1 { format!("({},)", audiences[0]) } else { format!("({})", audiences.join(", ")) };
    let definition = match tool.advertised() {
        Some(advertised) => {
            let json = serde_json::to_string(&advertised).expect("a tools/list entry serialises");
            format!("_json.loads({})", json_in_single_quotes(&json))
        }
        None => "None".to_owned(),
    };
    format!(
        "ToolInfo({}, {}, {}, {}, {}, {}, {audiences}, {definition})",
        py_string(tool.name()),
        optional(tool.title()),
        tool.input_type(),
        side(entry.output_schema.is_some(), tool.output_type()),
        side(entry.error_schema.is_some(), tool.error_type()),
        optional(tool.contract_hash.as_deref()),
    )
}

/// Text kept on one line (a comment's): line breaks become spaces.
fn one_line(text: &str) -> String {
    text.lines().collect::<Vec<_>>().join(" ")
}

/// JSON text as a single-quoted Python string literal: JSON escapes its control
/// characters, so only `\\` and `'` need escaping, and its many `"` read as they are.
fn json_in_single_quotes(json: &str) -> String {
    let mut literal = String::with_capacity(json.len() + 16);
    literal.push('\'');
    for c in json.chars() {
        match c {
            '\\' => literal.push_str("\\\\"),
            '\'' => literal.push_str("\\'"),
            c => literal.push(c),
        }
    }
    literal.push('\'');
    literal
}
