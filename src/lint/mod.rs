//! Client portability profiles (`harn-catalog lint --profile`): the MCP projection of
//! a catalog checked against what one LLM client or MCP host accepts.
//!
//! A [`Profile`] is data: the [`Construct`]s its client refuses, drops or rewrites,
//! each with its limits and the rule that reports it ([`rules`], one declaration per
//! construct and client, with the client's error text, the date and the source of
//! the fact). Finding a construct is written once, in [`crate::schema::constructs`];
//! [`downlevel`] rewrites what can be rewritten (`harn-catalog mcp --profile`).

pub mod downlevel;
pub mod profiles;
pub mod rules;

use std::collections::HashMap;

use serde_json::Value;

use crate::contract::ToolCatalog;
use crate::diagnostics::{Diagnostic, Origin, ProfileFinding, Rule};
use crate::pointer::{Part, Pointer, Segment};
use crate::prepare::mcp::McpTool;
use crate::provenance::Provenance;
use crate::schema::constructs::{self, Found, RegexFeature};

pub use profiles::{all as all_profiles, find as find_profile};

/// What one client accepts: the constructs it refuses (error rules) or drops,
/// truncates or is unsure about (warning rules).
pub struct Profile {
    /// The name given to `--profile`.
    pub name: &'static str,
    /// The client and path it stands for, in a few words.
    pub client: &'static str,
    /// How the client names a server's tools, when it prefixes them.
    pub prefix: Prefix,
    /// How the client spells "or null" when it has no type lists (down-levelling).
    pub nullable: Nullable,
    /// Whether the client's strict mode needs every object closed and every property
    /// required (down-levelling closes them).
    pub strict_objects: bool,
    /// The constructs it checks, each with its rule.
    pub checks: Vec<Check>,
}

/// How a client prefixes a tool's name with its server's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prefix {
    /// The name is sent as it is.
    None,
    /// The name is sent as `<before><server><between><tool>` (`mcp__github__get_me`).
    Server { before: &'static str, between: &'static str },
}

impl Prefix {
    /// The name the client sends for `tool` of `server`.
    pub fn apply(self, server: &str, tool: &str) -> String {
        match self {
            Prefix::None => tool.to_owned(),
            Prefix::Server { before, between } => format!("{before}{server}{between}{tool}"),
        }
    }
}

/// How "T or null" is written for a client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nullable {
    /// `"type": ["T", "null"]` is accepted as it is.
    TypeList,
    /// OpenAPI 3.0's `"nullable": true` beside a single `type` (Gemini's `parameters`).
    OpenApi,
}

/// One construct a profile checks, and the rule that reports it.
pub struct Check {
    pub construct: Construct,
    pub rule: &'static Rule,
}

/// The characters a client allows in a tool name.
#[derive(Clone, Copy, Debug)]
pub struct NameChars {
    /// Besides ASCII letters and digits.
    pub extra: &'static str,
    /// Whether the first character must be a letter or `_`.
    pub letter_first: bool,
    /// The pattern as the client documents it, for messages.
    pub pattern: &'static str,
}

impl NameChars {
    pub fn accepts(&self, name: &str) -> bool {
        let chars_ok = name.chars().all(|c| c.is_ascii_alphanumeric() || self.extra.contains(c));
        let first_ok = !self.letter_first || name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
        !name.is_empty() && chars_ok && first_ok
    }
}

/// A construct of a tool (its name, its description), of the tool list, or of the
/// input schema (the `inputSchema` of the `tools/list` entry).
#[derive(Clone, Copy, Debug)]
pub enum Construct {
    /// The (prefixed) name has a character the client refuses.
    NamePattern(NameChars),
    /// The (prefixed) name is longer than this.
    NameLength(usize),
    /// The description is longer than this many characters.
    DescriptionLength(usize),
    /// More tools than this in one `tools/list`.
    ToolCount(usize),
    /// More optional properties than this over every tool of the list.
    OptionalCount(usize),
    /// More union types (`anyOf`, type lists) than this over every tool of the list.
    UnionCount(usize),
    /// An `enum` with more values than this.
    EnumSize(usize),
    /// More characters than this in property names, definition names and `enum` and
    /// `const` string values of one schema.
    StringBudget(usize),
    /// Any of these keywords at the root.
    RootCombinator(&'static [&'static str]),
    /// A root object without `properties`.
    RootProperties,
    /// `$ref`, `$defs` or `definitions` anywhere.
    Refs,
    /// `$ref` with siblings, but for those `allowed` names.
    RefSiblings(&'static [&'static str]),
    /// An object schema not closed by `"additionalProperties": false`.
    OpenObject,
    /// A property its object does not require.
    OptionalProperty,
    /// A `required` name its object does not declare in `properties`.
    RequiredUndeclared,
    /// `anyOf` beside `type`, or an `anyOf` branch without `type`.
    AnyOfTyping,
    /// `additionalProperties` present at all.
    AdditionalProperties,
    /// `oneOf` anywhere.
    OneOf,
    /// Any of these composition keywords anywhere.
    Composition(&'static [&'static str]),
    /// `const` anywhere.
    Const,
    /// `type` given as a list.
    TypeArray,
    /// A `format` outside this list.
    Format(&'static [&'static str]),
    /// A `pattern` using one of these regular-expression features.
    Pattern(&'static [RegexFeature]),
    /// Any of these keywords anywhere.
    Keywords(&'static [&'static str]),
    /// Any keyword outside this list (and outside those the profile's other checks
    /// report).
    KeywordsOutside(&'static [&'static str]),
    /// `minItems` above 1, or `maxItems`.
    ArrayBounds,
    /// `default` anywhere.
    Default,
    /// An `enum` with a value that is not a string.
    NonStringEnum,
    /// An array without `items`; with `typed`, also `items` that accepts anything.
    ArrayItems { typed: bool },
    /// A recursive `$ref`.
    Recursion,
    /// Objects nested deeper than this many levels.
    Depth(usize),
    /// More properties than this in one schema.
    PropertyCount(usize),
}

impl Construct {
    /// The keywords this construct reports, which a [`Construct::KeywordsOutside`]
    /// check of the same profile then leaves to it.
    fn keywords(&self) -> &'static [&'static str] {
        match self {
            Construct::Refs => &["$ref", "$defs", "definitions"],
            Construct::AdditionalProperties => &["additionalProperties"],
            Construct::OneOf => &["oneOf"],
            Construct::Composition(list) | Construct::Keywords(list) | Construct::RootCombinator(list) => list,
            Construct::Const => &["const"],
            Construct::Default => &["default"],
            _ => &[],
        }
    }
}

/// What a lint runs over: the projected tools and where they came from.
pub struct Target<'a> {
    pub tools: &'a [McpTool],
    pub catalog: &'a ToolCatalog,
    pub provenance: &'a Provenance,
    /// The server name a client prefixes tool names with.
    pub server: &'a str,
}

/// Every finding of `profile` over `target`, tool by tool in catalog order.
pub fn lint(target: &Target<'_>, profile: &Profile) -> Vec<Diagnostic> {
    let index: HashMap<&str, usize> =
        target.catalog.tools.iter().enumerate().map(|(i, t)| (t.name.as_str(), i)).collect();
    let mut out = Vec::new();
    for check in &profile.checks {
        // Limits on one request, which carries every tool.
        let (count, what, limit) = match check.construct {
            Construct::ToolCount(limit) => (target.tools.len(), "tools", limit),
            Construct::OptionalCount(limit) => (
                target.tools.iter().map(|t| constructs::optional_properties(&t.input_schema).len()).sum(),
                "optional properties",
                limit,
            ),
            Construct::UnionCount(limit) => {
                (target.tools.iter().map(|t| constructs::unions(&t.input_schema).len()).sum(), "union types", limit)
            }
            _ => continue,
        };
        if count > limit {
            let message = format!(
                "[{}] {count} {what} in one tools/list; {} takes at most {limit}",
                profile.name, profile.client
            );
            let finding = ProfileFinding { profile: profile.name, tool: None, pointer: String::new() };
            out.push(check.rule.diag(message).at(target.provenance.origin_of_tools()).for_profile(finding));
        }
    }
    for tool in target.tools {
        for (at, detail, rule) in tool_findings(tool, profile, target.server) {
            let origin = origin(target, index.get(tool.name.as_str()).copied(), &at);
            let pointer = at.to_string();
            let message =
                format!("[{}] tool {:?} {}: {detail}: {}", profile.name, tool.name, shown(&pointer), rule.summary);
            let finding = ProfileFinding { profile: profile.name, tool: Some(tool.name.clone()), pointer };
            out.push(rule.diag(message).at(origin).for_profile(finding));
        }
    }
    out
}

fn shown(pointer: &str) -> String {
    if pointer.is_empty() { "(the entry)".to_owned() } else { pointer.to_owned() }
}

/// The findings of `profile` on one `tools/list` entry: where (a pointer into the
/// entry), what, and which rule.
pub fn tool_findings(tool: &McpTool, profile: &Profile, server: &str) -> Vec<(Pointer, String, &'static Rule)> {
    let schema = &tool.input_schema;
    let input = Pointer::root().key("inputSchema");
    let elsewhere: Vec<&str> = profile.checks.iter().flat_map(|c| c.construct.keywords()).copied().collect();
    let sent = profile.prefix.apply(server, &tool.name);
    let mut out = Vec::new();
    for check in &profile.checks {
        let in_schema: Vec<Found> = match check.construct {
            Construct::NamePattern(chars) => {
                if !chars.accepts(&sent) {
                    out.push((
                        Pointer::root().key("name"),
                        format!("name {sent:?} does not match {}", chars.pattern),
                        check.rule,
                    ));
                }
                continue;
            }
            Construct::NameLength(limit) => {
                let length = sent.chars().count();
                if length > limit {
                    out.push((
                        Pointer::root().key("name"),
                        format!("name {sent:?} is {length} characters long, over {limit}"),
                        check.rule,
                    ));
                }
                continue;
            }
            Construct::DescriptionLength(limit) => {
                let length = tool.description.chars().count();
                if length > limit {
                    out.push((
                        Pointer::root().key("description"),
                        format!("the description is {length} characters long, over {limit}"),
                        check.rule,
                    ));
                }
                continue;
            }
            Construct::ToolCount(_) | Construct::OptionalCount(_) | Construct::UnionCount(_) => continue,
            Construct::EnumSize(limit) => constructs::large_enums(schema, limit),
            Construct::StringBudget(limit) => {
                let length = constructs::string_budget(schema);
                if length > limit {
                    vec![Found {
                        at: Pointer::root(),
                        detail: format!("{length} characters of names and values, over {limit}"),
                    }]
                } else {
                    Vec::new()
                }
            }
            Construct::RootCombinator(keywords) => constructs::root_keywords(schema, keywords),
            Construct::RootProperties => constructs::root_without_properties(schema).into_iter().collect(),
            Construct::Refs => constructs::keywords(schema, &["$ref", "$defs", "definitions"]),
            Construct::RefSiblings(allowed) => constructs::ref_siblings(schema, |k| allowed.contains(&k)),
            Construct::OpenObject => constructs::open_objects(schema),
            Construct::OptionalProperty => constructs::optional_properties(schema),
            Construct::RequiredUndeclared => constructs::required_undeclared(schema),
            Construct::AnyOfTyping => constructs::any_of_typing(schema),
            Construct::AdditionalProperties => constructs::keywords(schema, &["additionalProperties"]),
            Construct::OneOf => constructs::keywords(schema, &["oneOf"]),
            Construct::Composition(keywords) | Construct::Keywords(keywords) => constructs::keywords(schema, keywords),
            Construct::Const => constructs::keywords(schema, &["const"]),
            Construct::TypeArray => constructs::type_arrays(schema),
            Construct::Format(allowed) => constructs::formats(schema, allowed),
            Construct::Pattern(features) => constructs::patterns(schema, features),
            Construct::KeywordsOutside(allowed) => constructs::keywords_outside(schema, allowed, &elsewhere),
            Construct::ArrayBounds => array_bounds(schema),
            Construct::Default => constructs::keywords(schema, &["default"]),
            Construct::NonStringEnum => constructs::non_string_enums(schema),
            Construct::ArrayItems { typed } => constructs::arrays_without_items(schema, typed),
            Construct::Recursion => constructs::recursion(schema),
            Construct::Depth(limit) => {
                let (depth, at) = constructs::nesting_depth(schema);
                if depth > limit {
                    vec![Found { at, detail: format!("objects nested {depth} levels deep, over {limit}") }]
                } else {
                    Vec::new()
                }
            }
            Construct::PropertyCount(limit) => {
                let count = constructs::property_count(schema);
                if count > limit {
                    vec![Found { at: Pointer::root(), detail: format!("{count} properties, over {limit}") }]
                } else {
                    Vec::new()
                }
            }
        };
        out.extend(in_schema.into_iter().map(|f| (input.join(&f.at), f.detail, check.rule)));
    }
    out
}

/// `minItems` above 1 and `maxItems` (Anthropic's strict mode keeps `minItems` 0 or 1).
fn array_bounds(schema: &Value) -> Vec<Found> {
    let mut out = Vec::new();
    crate::schema::walk::visit(schema, |path, node| {
        if let Some(min) = crate::schema::walk::keyword(node, "minItems") {
            if min.as_f64().is_some_and(|n| n > 1.0) {
                out.push(Found { at: path.pointer().key("minItems"), detail: format!("`minItems` {min}") });
            }
        }
        if let Some(max) = crate::schema::walk::keyword(node, "maxItems") {
            out.push(Found { at: path.pointer().key("maxItems"), detail: format!("`maxItems` {max}") });
        }
    });
    out
}

/// Where in the source a place of a tool's `tools/list` entry was written: inside the
/// tool (the deepest part of `at` its catalog entry has), or inside a component
/// bundled under the input schema's `$defs`.
fn origin(target: &Target<'_>, index: Option<usize>, at: &Pointer) -> Origin {
    let Some(index) = index else { return target.provenance.origin_of_tools() };
    let tool = &target.catalog.tools[index];
    let segments = at.segments();
    if let [Segment::Key(field), Segment::Key(defs), Segment::Key(name), rest @ ..] = segments {
        let own = tool.input_schema.get("$defs").and_then(|d| d.get(&**name)).is_some();
        let component = target.catalog.components.as_ref().is_some_and(|c| c.schemas.contains_key(&**name));
        if &**field == "inputSchema" && &**defs == "$defs" && !own && component {
            let schema = &target.catalog.components.as_ref().expect("checked above").schemas[&**name];
            let rest = deepest(schema, &Pointer::from_segments(rest));
            return target.provenance.component(name, &rest, Part::Value);
        }
    }
    let found = match segments {
        [Segment::Key(field), rest @ ..] if &**field == "inputSchema" => {
            Pointer::root().key("inputSchema").join(&deepest(&tool.input_schema, &Pointer::from_segments(rest)))
        }
        _ => at.clone(),
    };
    target.provenance.tool(index, &found, Part::Value)
}

/// The longest prefix of `at` that names a value of `root`.
fn deepest(root: &Value, at: &Pointer) -> Pointer {
    let segments = at.segments();
    (0..=segments.len())
        .rev()
        .map(|n| Pointer::from_segments(&segments[..n]))
        .find(|p| p.resolve(root).is_some())
        .unwrap_or_default()
}

/// Why a list of profile names names no profile to run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProfileError {
    #[error("no profile is named {name:?}; the profiles are: all, {}", profiles::names().join(", "))]
    Unknown { name: String },
    #[error("name at least one profile (or `all`)")]
    NoneNamed,
}

/// The profiles a comma-separated list names (`all` for every one); an error naming
/// the unknown one (whose message lists the known).
pub fn parse_profiles(names: &[String]) -> Result<Vec<Profile>, ProfileError> {
    let mut out: Vec<Profile> = Vec::new();
    for name in names.iter().flat_map(|n| n.split(',')).map(str::trim).filter(|n| !n.is_empty()) {
        if name == "all" {
            for profile in all_profiles() {
                if !out.iter().any(|p| p.name == profile.name) {
                    out.push(profile);
                }
            }
            continue;
        }
        match find_profile(name) {
            Some(profile) if !out.iter().any(|p| p.name == profile.name) => out.push(profile),
            Some(_) => {}
            None => return Err(ProfileError::Unknown { name: name.to_owned() }),
        }
    }
    if out.is_empty() {
        return Err(ProfileError::NoneNamed);
    }
    Ok(out)
}

/// [`parse_profiles`], except that naming none is no error when the closed-objects lint
/// runs (`closed_objects`): then there is something to check.
pub fn profiles_to_run(names: &[String], closed_objects: bool) -> Result<Vec<Profile>, ProfileError> {
    match parse_profiles(names) {
        Err(_) if names.is_empty() && closed_objects => Ok(Vec::new()),
        parsed => parsed,
    }
}

/// Logs a down-levelling change in the diagnostics' format: a note of its kind's rule
/// (`downlevel-*`, see [`downlevel::Kind::rule`]) about a place in the `tools/list`
/// entry the profile gets, which no source line holds.
pub fn log_change(change: &downlevel::Change, profile: &str, log: &mut crate::diagnostics::Log<'_>) {
    use std::collections::BTreeMap;

    use crate::diagnostics::{ErrorFormat, SarifResult, SarifRule, escape_data, escape_property};
    let rule = change.kind.rule();
    let text = match log.renderer.format {
        ErrorFormat::Json => {
            let mut line = serde_json::json!({
                "code": rule.code,
                "severity": rule.severity.as_str(),
                "phase": rule.phase.as_str(),
                "profile": profile,
                "tool": change.tool,
                "pointer": change.pointer,
                "message": change.text,
            })
            .to_string();
            line.push('\n');
            line
        }
        ErrorFormat::Github => format!(
            "::notice title={}::{}\n",
            escape_property(rule.code),
            escape_data(&format!("[{profile}] tool {:?} {}: {}", change.tool, shown(&change.pointer), change.text))
        ),
        ErrorFormat::Human => format!(
            "note[{}]: [{profile}] tool {:?} {}: {}\n",
            rule.code,
            change.tool,
            shown(&change.pointer),
            change.text
        ),
        ErrorFormat::Sarif => {
            let properties = BTreeMap::from([
                ("profile".to_owned(), serde_json::Value::from(profile)),
                ("tool".to_owned(), serde_json::Value::from(change.tool.clone())),
                ("mcpPointer".to_owned(), serde_json::Value::from(change.pointer.clone())),
            ]);
            log.sarif_result(SarifResult {
                rule: SarifRule {
                    code: rule.code,
                    summary: rule.summary,
                    help: rule.help,
                    level: rule.severity.into(),
                },
                level: rule.severity.into(),
                message: format!("[{profile}] tool {:?} {}: {}", change.tool, shown(&change.pointer), change.text),
                origin: None,
                related: Vec::new(),
                fingerprints: BTreeMap::new(),
                properties,
            });
            return;
        }
    };
    log.info(&text);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_profile_is_enough_only_for_the_closed_objects_lint() {
        assert_eq!(profiles_to_run(&[], true).map(|p| p.len()), Ok(0));
        assert_eq!(profiles_to_run(&[], false).err(), Some(ProfileError::NoneNamed));
        let bogus = profiles_to_run(&["bogus".to_owned()], true).err();
        assert_eq!(bogus, Some(ProfileError::Unknown { name: "bogus".to_owned() }));
        assert!(bogus.unwrap().to_string().starts_with("no profile is named \"bogus\"; the profiles are: all, "));
        let named = profiles_to_run(&["gemini,openai".to_owned()], true).unwrap();
        assert_eq!(named.iter().map(|p| p.name).collect::<Vec<_>>(), ["gemini", "openai"]);
    }
}
