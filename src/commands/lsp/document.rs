//! One open document as the language server knows it: its text compiled (both phases,
//! as `schema` does) into LSP diagnostics, and the places the editor asks about (tool
//! names, components, `$ref`s, fixable spellings) with what to answer there.

use std::ops::Range;
use std::path::PathBuf;

use lsp_types::{
    CodeAction, CodeActionKind, CompletionItem, CompletionItemKind, Diagnostic, DiagnosticRelatedInformation,
    DiagnosticSeverity, DocumentSymbol, Location, NumberOrString, SymbolKind, TextEdit, Uri, WorkspaceEdit,
};
use serde_json::Value;

use super::position::Lines;
use crate::compile::{self, Options};
use crate::diagnostics::Severity;
use crate::emit::sdk::Sdk;
use crate::index::cost::Cost;
use crate::pointer::{Part, Pointer};
use crate::prepare::McpDocuments;
use crate::schema::refs::{self, Target};
use crate::source::{Format, SourceFile};

/// What the server knows of one document at one version.
pub struct Document {
    pub uri: Uri,
    pub text: String,
    pub diagnostics: Vec<Diagnostic>,
    /// The syntax its extension names, if any.
    format: Option<Format>,
    /// Each tool's name value, with the hover text of the tool.
    tools: Vec<(Range<usize>, String, String)>,
    /// Each component's key, by name.
    components: Vec<(String, Range<usize>)>,
    /// Each `$ref` value to a component, with the component's name.
    references: Vec<(Range<usize>, String)>,
    /// In a `.harn` module, each import of a file beside it, with that file.
    imports: Vec<(Range<usize>, PathBuf)>,
    /// The mechanical fixes the diagnostics' help lines offer.
    fixes: Vec<Fix>,
}

/// A quick fix: the text that replaces a range, and the diagnostic it answers.
struct Fix {
    title: String,
    range: Range<usize>,
    text: String,
    diagnostic: Diagnostic,
}

/// The file path a `file:` URI names (percent-decoded), else the URI's last segment.
pub fn path_of(uri: &Uri) -> PathBuf {
    let text = uri.as_str();
    let path = text.strip_prefix("file://").unwrap_or(text);
    let path = path.split(['?', '#']).next().unwrap_or(path);
    PathBuf::from(crate::schema::fragment::decode(path).into_owned())
}

impl Document {
    /// `text` as the content of `uri`, not compiled: nothing to report or answer.
    pub fn unread(uri: Uri, text: String) -> Document {
        Document {
            uri,
            text,
            diagnostics: Vec::new(),
            format: None,
            tools: Vec::new(),
            components: Vec::new(),
            references: Vec::new(),
            imports: Vec::new(),
            fixes: Vec::new(),
        }
    }

    /// Compiles `text`, the content of `uri`, read in the syntax its extension names
    /// (any other file is left unread).
    pub fn analyse(uri: Uri, text: String) -> Document {
        let path = path_of(&uri);
        let mut document = Document::unread(uri, text);
        if path.file_name().is_some_and(|name| name == CONFIGURATION) {
            document.configuration(&path);
            return document;
        }
        if let Some(root) = harness_root(&path) {
            document.harness(&path, root);
            return document;
        }
        let Some(format) = Format::from_path(&path) else { return document };
        document.format = Some(format);
        if format == Format::Harn {
            document.imports = harn_imports(&path, &document.text);
        }
        // The client profiles the project's configuration names, which `check` lints
        // every input against; the MCP projection is built for every audience then,
        // as `lint` builds it.
        let lint = project_lint(&path);
        let options = Options {
            mcp_documents: McpDocuments::Build,
            every_audience: lint.as_ref().is_some_and(|l| !l.profiles.is_empty()),
            ..Options::default()
        };
        let source = SourceFile::new(&path, document.text.clone(), format);
        let mut compilation = compile::compile_source(source, options);
        if let (Some(lint), Some((catalog, provenance, prepared))) = (&lint, compilation.prepared()) {
            let server = lint.server.as_deref().unwrap_or(&prepared.cli_name);
            let target = crate::lint::Target { tools: &prepared.mcp, catalog, provenance, server };
            let profiles = crate::lint::profiles_to_run(&lint.profiles, false).unwrap_or_default();
            let findings: Vec<_> = profiles.iter().flat_map(|profile| crate::lint::lint(&target, profile)).collect();
            compilation.diagnostics.extend(findings);
        }
        let lines = Lines::new(&document.text);
        for found in compilation.diagnostics.iter() {
            let Some(origin) = &found.origin else { continue };
            if origin.source.path != path {
                continue;
            }
            let range = origin.range().unwrap_or(0..0);
            let diagnostic = document.diagnostic(&lines, found, range.clone());
            if let Some(fix) = document.fix(found, range, format, &diagnostic) {
                document.fixes.push(fix);
            }
            document.diagnostics.push(diagnostic);
        }
        if let Some((catalog, provenance, prepared)) = compilation.prepared() {
            let mut ignored = Vec::new();
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            let sdk =
                Sdk::new(catalog, (&prepared.mcp, prepared.protocol_version), Some(provenance), &stem, &mut ignored);
            let here =
                |origin: crate::diagnostics::Origin| (origin.source.path == path).then(|| origin.range()).flatten();
            for (index, tool) in sdk.tools.iter().enumerate() {
                let Some(range) = here(provenance.tool(index, &Pointer::root().key("name"), Part::Value)) else {
                    continue;
                };
                let mut hover = format!("```text\n{}\n```", tool.signature);
                if let Some(projected) = tool.mcp {
                    let cost = Cost::of(projected);
                    hover.push_str(&format!("\n\nContext cost: {} bytes, about {} tokens.", cost.bytes, cost.tokens));
                }
                if let Some(hash) = &tool.contract_hash {
                    hover.push_str(&format!("\n\nContract hash: `{hash}`"));
                }
                document.tools.push((range, tool.name().to_owned(), hover));
                let entry = tool.entry;
                let sides =
                    [("inputSchema", Some(&entry.input_schema)), ("outputSchema", entry.output_schema.as_ref())];
                for (field, schema) in sides.into_iter().chain([("errorSchema", entry.error_schema.as_ref())]) {
                    let Some(schema) = schema else { continue };
                    for reference in refs::collect(schema) {
                        let Target::Component { name, rest } = &reference.target else { continue };
                        let at = Pointer::root().key(field).join(&reference.at).key(reference.keyword);
                        if let (true, Some(range)) = (rest.is_empty(), here(provenance.tool(index, &at, Part::Value))) {
                            document.references.push((range, name.clone()));
                        }
                    }
                }
            }
            for component in &sdk.components {
                let origin = provenance.component(component.name, &Pointer::root(), Part::Key);
                if let Some(range) = here(origin.clone()) {
                    document.components.push((component.name.to_owned(), range));
                }
                for reference in refs::collect(component.schema) {
                    let Target::Component { name, rest } = &reference.target else { continue };
                    let at = reference.at.clone().key(reference.keyword);
                    if let (true, Some(range)) =
                        (rest.is_empty(), here(provenance.component(component.name, &at, Part::Value)))
                    {
                        document.references.push((range, name.clone()));
                    }
                }
            }
        }
        document
    }

    /// The diagnostics of a file of a harness directory (a tool or its sidecar under
    /// `.harness/`): the directory `root` is compiled as `schema ROOT` compiles it, this
    /// file from its unsaved text and the others as saved, and what falls in this file
    /// is reported.
    fn harness(&mut self, path: &std::path::Path, root: &std::path::Path) {
        let options = Options { mcp_documents: McpDocuments::Build, ..Options::default() };
        let unsaved = crate::ingest::harness::Unsaved { path, text: &self.text };
        let compilation = match crate::ingest::load_harness_with(root, unsaved) {
            Ok(loaded) => compile::compile_loaded(loaded, options),
            Err(_) => compile::compile_file(root, options),
        };
        let lines = Lines::new(&self.text);
        for found in compilation.diagnostics.iter() {
            let Some(origin) = &found.origin else { continue };
            if origin.source.path == path {
                let range = origin.range().unwrap_or(0..0);
                let diagnostic = self.diagnostic(&lines, found, range);
                self.diagnostics.push(diagnostic);
            }
        }
    }

    /// The configuration's own diagnostic, when it cannot be read: on the line its
    /// error names (the first line when it names none).
    fn configuration(&mut self, path: &std::path::Path) {
        let Err(error) = crate::config::parse(path, self.text.clone()) else { return };
        let line = match &error {
            crate::config::ConfigError::Invalid { line, .. } => line.unwrap_or(1),
            _ => 1,
        };
        let lines = Lines::new(&self.text);
        let start = lines.offset(lsp_types::Position { line: line.saturating_sub(1) as u32, character: 0 });
        let end = self.text[start..].find('\n').map_or(self.text.len(), |i| start + i);
        let message = match &error {
            crate::config::ConfigError::Invalid { message, .. } => message.clone(),
            other => other.to_string(),
        };
        self.diagnostics.push(Diagnostic {
            range: lines.range(start..end),
            severity: Some(DiagnosticSeverity::ERROR),
            source: Some("harn-catalog".to_owned()),
            message,
            ..Diagnostic::default()
        });
    }

    /// The quick fix a diagnostic offers at `range`, when it is mechanical: a spelling
    /// its help proposes (`did you mean "description"?`) replaces the key or value; a
    /// schema to close (`add `"additionalProperties": false``) gets that member before
    /// its first one; a tool defined again is renamed to a name not in the file.
    fn fix(
        &self,
        found: &crate::diagnostics::Diagnostic,
        range: Range<usize>,
        format: Format,
        diagnostic: &Diagnostic,
    ) -> Option<Fix> {
        if found.code() == REDEFINED_TOOL {
            let written = self.text.get(range.clone())?;
            let quote = written.chars().next().filter(|c| *c == '"' || *c == '\'');
            let name = written.trim_matches(['"', '\'']);
            let fresh =
                (2..).map(|n| format!("{name}_{n}")).find(|candidate| !self.text.contains(candidate.as_str()))?;
            let text = match quote {
                Some('"') => Value::String(fresh.clone()).to_string(),
                Some(q) => format!("{q}{fresh}{q}"),
                None => fresh.clone(),
            };
            let title = format!("Rename to {fresh}");
            return Some(Fix { title, range, text, diagnostic: diagnostic.clone() });
        }
        let help = found.help.as_deref()?;
        if let Some(meant) = meant(help) {
            let quoted = self.text.get(range.clone()).is_some_and(|t| t.starts_with('"'));
            let text = if quoted { Value::String(meant.to_owned()).to_string() } else { meant.to_owned() };
            let title = format!("Replace with {text}");
            return Some(Fix { title, range, text, diagnostic: diagnostic.clone() });
        }
        if !help.starts_with(CLOSE_HELP) {
            return None;
        }
        let line_start = self.text[..range.start].rfind('\n').map_or(0, |i| i + 1);
        let indent = &self.text[line_start..range.start];
        let text = match format {
            // Only where the member starts its own line, as a block mapping writes it.
            Format::Yaml if indent.chars().all(|c| c == ' ') => format!("additionalProperties: false\n{indent}"),
            Format::Json => "\"additionalProperties\": false, ".to_owned(),
            _ => return None,
        };
        let title = "Add additionalProperties: false".to_owned();
        Some(Fix { title, range: range.start..range.start, text, diagnostic: diagnostic.clone() })
    }

    /// The LSP form of one of the compile's diagnostics, at `range` of this text.
    fn diagnostic(&self, lines: &Lines<'_>, found: &crate::diagnostics::Diagnostic, range: Range<usize>) -> Diagnostic {
        let severity = match found.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Note => DiagnosticSeverity::INFORMATION,
        };
        let mut message = found.message.clone();
        if let Some(help) = &found.help {
            message.push_str(&format!("\nhelp: {help}"));
        }
        let related: Vec<DiagnosticRelatedInformation> = found
            .related
            .iter()
            .filter(|r| r.origin.source.path == path_of(&self.uri))
            .filter_map(|r| {
                let range = r.origin.range()?;
                Some(DiagnosticRelatedInformation {
                    location: Location { uri: self.uri.clone(), range: lines.range(range) },
                    message: r.message.clone(),
                })
            })
            .collect();
        Diagnostic {
            range: lines.range(range),
            severity: Some(severity),
            code: Some(NumberOrString::String(found.code().to_owned())),
            // The rule's section of the published rule reference, which editors link
            // the code to.
            code_description: crate::diagnostics::rule_docs_url(found.code())
                .parse::<Uri>()
                .ok()
                .map(|href| lsp_types::CodeDescription { href }),
            source: Some("harn-catalog".to_owned()),
            message,
            related_information: (!related.is_empty()).then_some(related),
            ..Diagnostic::default()
        }
    }

    /// The Markdown hover at byte `offset`: a tool's signature, cost and hash, what a
    /// `$ref` names, or a rule's documentation on its code.
    pub fn hover(&self, offset: usize) -> Option<String> {
        if let Some((_, _, text)) = self.tools.iter().find(|(range, ..)| contains(range, offset)) {
            return Some(text.clone());
        }
        if let Some((_, name)) = self.references.iter().find(|(range, _)| contains(range, offset)) {
            return Some(format!("The component `{name}`."));
        }
        // A rule's code, wherever it is written (a comment, a note): its documentation.
        let code = word_at(&self.text, offset)?;
        let documentation = crate::docs::explain(code)?;
        Some(format!("```text\n{documentation}\n```"))
    }

    /// Where the component a `$ref` at `offset` names is declared, or the module a
    /// `.harn` import at `offset` reads.
    pub fn definition(&self, offset: usize) -> Option<Location> {
        if let Some((_, file)) = self.imports.iter().find(|(range, _)| contains(range, offset)) {
            let uri: Uri = format!("file://{}", file.display()).parse().ok()?;
            return Some(Location { uri, range: lsp_types::Range::default() });
        }
        let (_, name) = self.references.iter().find(|(range, _)| contains(range, offset))?;
        let (_, range) = self.components.iter().find(|(component, _)| component == name)?;
        let lines = Lines::new(&self.text);
        Some(Location { uri: self.uri.clone(), range: lines.range(range.clone()) })
    }

    /// The outline: the tools, then the components.
    #[allow(deprecated)] // `DocumentSymbol::deprecated` must still be written.
    pub fn symbols(&self) -> Vec<DocumentSymbol> {
        let lines = Lines::new(&self.text);
        let symbol = |name: &str, range: &Range<usize>, kind| DocumentSymbol {
            name: name.to_owned(),
            detail: None,
            kind,
            tags: None,
            deprecated: None,
            range: lines.range(range.clone()),
            selection_range: lines.range(range.clone()),
            children: None,
        };
        let tools = self.tools.iter().map(|(range, name, _)| symbol(name, range, SymbolKind::FUNCTION));
        let components = self.components.iter().map(|(name, range)| symbol(name, range, SymbolKind::STRUCT));
        tools.chain(components).collect()
    }

    /// The quick fixes of the diagnostics whose range meets `range`.
    pub fn code_actions(&self, range: Range<usize>) -> Vec<CodeAction> {
        let lines = Lines::new(&self.text);
        self.fixes
            .iter()
            .filter(|fix| fix.range.start <= range.end && range.start <= fix.range.end)
            .map(|fix| {
                let edit = TextEdit { range: lines.range(fix.range.clone()), new_text: fix.text.clone() };
                CodeAction {
                    title: fix.title.clone(),
                    kind: Some(CodeActionKind::QUICKFIX),
                    diagnostics: Some(vec![fix.diagnostic.clone()]),
                    edit: Some(WorkspaceEdit {
                        changes: Some([(self.uri.clone(), vec![edit])].into_iter().collect()),
                        ..WorkspaceEdit::default()
                    }),
                    is_preferred: Some(true),
                    ..CodeAction::default()
                }
            })
            .collect()
    }

    /// Completions at byte `offset`: the keys the declaration schema allows in the
    /// mapping the cursor starts a key in; component references after
    /// `$ref`; else the annotation hints and the shorthand parameter types.
    pub fn completions(&self, offset: usize, components: &[String]) -> Vec<CompletionItem> {
        let line_start = self.text[..offset.min(self.text.len())].rfind('\n').map_or(0, |i| i + 1);
        let before = &self.text[line_start..offset.min(self.text.len())];
        let item = |label: String, kind, detail: &str| CompletionItem {
            label,
            kind: Some(kind),
            detail: Some(detail.to_owned()),
            ..CompletionItem::default()
        };
        if let Some(format) = self.format {
            let keys = super::keys::at(self.schema(), format, &self.text, offset);
            if !keys.is_empty() {
                return keys
                    .into_iter()
                    .map(|(key, description)| CompletionItem {
                        documentation: description.map(lsp_types::Documentation::String),
                        ..item(key, CompletionItemKind::PROPERTY, "key")
                    })
                    .collect();
            }
        }
        if before.contains("$ref") {
            return components
                .iter()
                .map(|name| {
                    item(format!("{}{name}", refs::COMPONENT_PREFIX), CompletionItemKind::REFERENCE, "component")
                })
                .collect();
        }
        let hints =
            HINTS.iter().map(|hint| item((*hint).to_owned(), CompletionItemKind::PROPERTY, "MCP annotation hint"));
        let types = crate::contract::ShorthandType::ALL
            .iter()
            .map(|ty| item(ty.as_str().to_owned(), CompletionItemKind::TYPE_PARAMETER, "shorthand parameter type"));
        hints.chain(types).collect()
    }

    /// The declaration format's JSON Schema, made once.
    fn schema(&self) -> &'static Value {
        static SCHEMA: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
        SCHEMA.get_or_init(crate::emit::declaration_schema)
    }

    /// The names of the components this document declares.
    pub fn component_names(&self) -> Vec<String> {
        self.components.iter().map(|(name, _)| name.clone()).collect()
    }
}

/// The kebab-case word (a rule's code) around byte `offset`.
fn word_at(text: &str, offset: usize) -> Option<&str> {
    let is_part = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
    let offset = crate::source::floor_char_boundary(text, offset.min(text.len()));
    let start = text[..offset].rfind(|c: char| !is_part(c)).map_or(0, |i| i + 1);
    let end = text[offset..].find(|c: char| !is_part(c)).map_or(text.len(), |i| offset + i);
    (start < end).then(|| &text[start..end])
}

/// The harness directory a file under a `.harness/` folder belongs to: the folder
/// holding that `.harness/`.
fn harness_root(path: &std::path::Path) -> Option<&std::path::Path> {
    path.ancestors().find(|dir| dir.file_name().is_some_and(|name| name == ".harness"))?.parent()
}

/// The `[lint]` of the configuration nearest `path` (in its folder or a parent), when
/// there is one that reads: a file on disk, as `check` would read it.
fn project_lint(path: &std::path::Path) -> Option<crate::config::Lint> {
    let found = path.ancestors().skip(1).map(|dir| dir.join(CONFIGURATION)).find(|candidate| candidate.is_file())?;
    crate::config::load(&found).ok().map(|config| config.lint)
}

/// The imports of the `.harn` module `text` (at `path`) that name a file beside it:
/// the import's span and the file, when it is there.
fn harn_imports(path: &std::path::Path, text: &str) -> Vec<(Range<usize>, PathBuf)> {
    use crate::ingest::harn::{ast::Item, imports};
    let Ok(module) = crate::ingest::harn::parser::parse(text) else { return Vec::new() };
    let folder = path.parent().unwrap_or(std::path::Path::new(""));
    module
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Import(import) => match imports::target(import, folder) {
                imports::Target::Relative(file) if file.is_file() => Some((import.span.start..import.span.end, file)),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// The code of the warning about a tool defined twice, which the rename fixes.
const REDEFINED_TOOL: &str = "redefined-tool";

/// How the help lines that ask for a closed object start.
const CLOSE_HELP: &str = "add `\"additionalProperties\": false`";

/// The configuration's file name: checked as a configuration, not a registry.
const CONFIGURATION: &str = "harn-catalog.toml";

/// The MCP annotation hints a tool's `annotations` take.
const HINTS: &[&str] = &["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint", "title"];

/// Whether `offset` is inside `range`, its end included (the cursor after a name).
fn contains(range: &Range<usize>, offset: usize) -> bool {
    range.start <= offset && offset <= range.end
}

/// The spelling a help line proposes (`did you mean "name"?`), a mechanical fix.
fn meant(help: &str) -> Option<&str> {
    let rest = help.strip_prefix("did you mean \"")?;
    let end = rest.find("\"?")?;
    Some(&rest[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yaml(text: &str) -> Document {
        Document::analyse("file:///nowhere/tools.yaml".parse().unwrap(), text.to_owned())
    }

    /// A harness tool's sidecar is judged on the text the editor holds: a mistake
    /// typed but not saved is reported, and one fixed but not saved is not.
    #[test]
    fn a_harness_sidecar_is_judged_on_its_unsaved_text() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let tools = dir.path().join(".harness/tools");
        std::fs::create_dir_all(&tools).unwrap();
        let script = tools.join("greet");
        std::fs::write(&script, "#!/bin/sh\necho hello\n").unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let sidecar = tools.join("greet.schema.json");
        let named = |name: &str| {
            format!(r#"{{"name": "{name}", "description": "Say hello.", "input_schema": {{"type": "object"}}}}"#)
        };
        let uri: Uri = format!("file://{}", sidecar.display()).parse().unwrap();
        let codes = |document: &Document| -> Vec<NumberOrString> {
            document.diagnostics.iter().filter_map(|d| d.code.clone()).collect()
        };
        std::fs::write(&sidecar, named("greet")).unwrap();
        let typed = Document::analyse(uri.clone(), named("greeet"));
        assert_eq!(codes(&typed), [NumberOrString::String("harness-tool-name".to_owned())], "the unsaved mistake");
        std::fs::write(&sidecar, named("greeet")).unwrap();
        let fixed = Document::analyse(uri, named("greet"));
        assert!(fixed.diagnostics.is_empty(), "fixed in the editor, broken on disk: {:?}", fixed.diagnostics);
    }

    #[test]
    fn a_tool_defined_again_is_renamed_by_its_quick_fix() {
        let text = "tools:\n  - name: lookup\n  - name: lookup\n  - name: lookup_2\n";
        let document = yaml(text);
        let codes: Vec<_> = document.diagnostics.iter().filter_map(|d| d.code.clone()).collect();
        assert!(codes.contains(&NumberOrString::String(REDEFINED_TOOL.to_owned())), "{codes:?}");
        let second = text.match_indices("lookup").nth(1).unwrap().0;
        let actions = document.code_actions(second..second);
        let titles: Vec<&str> = actions.iter().map(|a| a.title.as_str()).collect();
        assert_eq!(titles, ["Rename to lookup_3"], "a name not in the file");
        let renamed = yaml("tools:\n  - name: lookup\n  - name: lookup_3\n  - name: lookup_2\n");
        assert!(renamed.diagnostics.is_empty(), "{:?}", renamed.diagnostics);
    }

    #[test]
    fn a_rule_code_written_in_the_file_hovers_with_its_documentation() {
        let text = "# redefined-tool: the second one is on purpose\ntools:\n  - name: lookup\n";
        let document = yaml(text);
        let hover = document.hover(text.find("defined").unwrap()).expect("a hover on the code");
        assert!(hover.contains("redefined-tool") && hover.contains("the last definition wins"), "{hover}");
        assert_eq!(document.hover(text.find("purpose").unwrap()), None, "a word that is no rule");
    }

    #[test]
    fn a_unique_tool_has_no_rename() {
        let document = yaml("tools:\n  - name: lookup\n  - name: other\n");
        assert!(document.code_actions(0..document.text.len()).is_empty());
    }
}
