//! The profiles: for each client, which constructs it refuses or drops, with its
//! limits. Facts and sources are in each rule's documentation ([`super::rules`]).

use super::rules;
use super::{Check, Construct as C, NameChars, Nullable, Prefix, Profile};
use crate::diagnostics::Rule;
use crate::schema::constructs::RegexFeature as R;

/// OpenAI's tool names (and the Copilot API's).
const OPENAI_NAME: NameChars = NameChars { extra: "_-", letter_first: false, pattern: "^[a-zA-Z0-9_-]+$" };
const GEMINI_NAME: NameChars = NameChars { extra: "_.:-", letter_first: true, pattern: "^[a-zA-Z_][a-zA-Z0-9_.:-]*$" };
const ANTHROPIC_NAME: NameChars = NameChars { extra: "_-", letter_first: false, pattern: "^[a-zA-Z0-9_-]{1,128}$" };
const CLAUDE_CODE_NAME: NameChars =
    NameChars { extra: "_-", letter_first: false, pattern: "^[a-zA-Z0-9_-]{1,128}$ (as mcp__<server>__<tool>)" };
const CLAUDE_DESKTOP_NAME: NameChars = NameChars { extra: "_-", letter_first: false, pattern: "^[a-zA-Z0-9_-]{1,64}$" };
const MCP_NAME: NameChars = NameChars { extra: "_.-", letter_first: false, pattern: "[A-Za-z0-9_.-]{1,128}" };

/// OpenAI strict mode's `format`s.
pub const OPENAI_STRICT_FORMATS: &[&str] =
    &["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"];
/// Anthropic strict mode's `format`s.
pub const ANTHROPIC_STRICT_FORMATS: &[&str] =
    &["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"];
/// Gemini's `parameters` path: `format` on strings.
pub const GEMINI_FORMATS: &[&str] = &["enum", "date-time"];
/// The fields of Gemini's `Schema` (the `parameters` path).
pub const GEMINI_FIELDS: &[&str] = &[
    "type",
    "format",
    "title",
    "description",
    "nullable",
    "enum",
    "maxItems",
    "minItems",
    "properties",
    "required",
    "minProperties",
    "maxProperties",
    "minLength",
    "maxLength",
    "pattern",
    "example",
    "anyOf",
    "propertyOrdering",
    "default",
    "items",
    "minimum",
    "maximum",
];
/// The keywords Google lists for its JSON Schema path.
pub const GEMINI_JSON_FIELDS: &[&str] = &[
    "$id",
    "$defs",
    "$ref",
    "$anchor",
    "type",
    "format",
    "title",
    "description",
    "enum",
    "items",
    "prefixItems",
    "minItems",
    "maxItems",
    "minimum",
    "maximum",
    "anyOf",
    "oneOf",
    "properties",
    "additionalProperties",
    "required",
    "propertyOrdering",
];
/// Keywords OpenAI's strict mode does not list as supported.
pub const OPENAI_STRICT_KEYWORDS: &[&str] = &[
    "minLength",
    "maxLength",
    "patternProperties",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "unevaluatedProperties",
    "unevaluatedItems",
    "contains",
    "minContains",
    "maxContains",
    "uniqueItems",
];
pub const OPENAI_STRICT_COMPOSITION: &[&str] =
    &["allOf", "not", "if", "then", "else", "dependentRequired", "dependentSchemas"];
pub const GEMINI_COMPOSITION: &[&str] = &["allOf", "not", "if", "then", "else"];
/// Keywords Anthropic's strict mode refuses (array bounds apart).
pub const ANTHROPIC_STRICT_KEYWORDS: &[&str] = &[
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "uniqueItems",
];
/// Keywords VS Code Copilot Chat deletes for gpt-4 family models.
pub const VSCODE_GPT4_DROPPED: &[&str] = &[
    "minLength",
    "maxLength",
    "pattern",
    "default",
    "format",
    "minimum",
    "maximum",
    "multipleOf",
    "patternProperties",
    "unevaluatedProperties",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "unevaluatedItems",
    "contains",
    "minContains",
    "maxContains",
    "minItems",
    "maxItems",
    "uniqueItems",
];

fn check(construct: C, rule: &'static Rule) -> Check {
    Check { construct, rule }
}

fn openai_common(typed_items: bool) -> Vec<Check> {
    vec![
        check(C::NamePattern(OPENAI_NAME), rules::OPENAI_NAME_PATTERN),
        check(C::NameLength(64), rules::OPENAI_NAME_LENGTH),
        check(C::DescriptionLength(1024), rules::OPENAI_DESCRIPTION_LENGTH),
        check(C::ToolCount(128), rules::OPENAI_TOOL_COUNT),
        check(C::RootProperties, rules::OPENAI_ROOT_PROPERTIES),
        check(C::ArrayItems { typed: typed_items }, rules::OPENAI_ARRAY_ITEMS),
    ]
}

fn gemini_common() -> Vec<Check> {
    vec![
        check(C::NamePattern(GEMINI_NAME), rules::GEMINI_NAME_PATTERN),
        check(C::NameLength(64), rules::GEMINI_NAME_LENGTH),
        check(C::ToolCount(128), rules::GEMINI_TOOL_COUNT),
    ]
}

fn anthropic_common() -> Vec<Check> {
    vec![
        check(C::NamePattern(ANTHROPIC_NAME), rules::ANTHROPIC_NAME_PATTERN),
        check(C::NameLength(128), rules::ANTHROPIC_NAME_LENGTH),
        check(C::RootCombinator(&["anyOf", "oneOf", "allOf"]), rules::ANTHROPIC_ROOT_COMBINATOR),
    ]
}

/// Every profile, in the order `--profile all` runs them. A rule shared by several
/// profiles (the same client in two modes) is listed first by its most lenient one.
pub fn all() -> Vec<Profile> {
    let plain = |name, client, checks| Profile {
        name,
        client,
        prefix: Prefix::None,
        nullable: Nullable::TypeList,
        strict_objects: false,
        checks,
    };
    let mut openai_strict = openai_common(true);
    openai_strict.extend([
        check(C::RootCombinator(&["anyOf"]), rules::OPENAI_STRICT_ROOT_ANY_OF),
        check(C::OpenObject, rules::OPENAI_STRICT_OPEN_OBJECT),
        check(C::OptionalProperty, rules::OPENAI_STRICT_OPTIONAL_PROPERTY),
        check(C::RequiredUndeclared, rules::OPENAI_STRICT_REQUIRED_UNDECLARED),
        check(C::OneOf, rules::OPENAI_STRICT_ONE_OF),
        check(C::Composition(OPENAI_STRICT_COMPOSITION), rules::OPENAI_STRICT_COMPOSITION),
        check(C::RefSiblings(&[]), rules::OPENAI_STRICT_REF_SIBLINGS),
        check(C::Format(OPENAI_STRICT_FORMATS), rules::OPENAI_STRICT_FORMAT),
        check(C::Pattern(&[R::Lookaround, R::UnicodeProperty]), rules::OPENAI_STRICT_PATTERN),
        check(C::Keywords(OPENAI_STRICT_KEYWORDS), rules::OPENAI_STRICT_KEYWORD),
        check(C::Default, rules::OPENAI_STRICT_DEFAULT),
        check(C::Depth(10), rules::OPENAI_STRICT_NESTING_DEPTH),
        check(C::PropertyCount(5000), rules::OPENAI_STRICT_PROPERTY_COUNT),
        check(C::EnumSize(1000), rules::OPENAI_STRICT_ENUM_SIZE),
        check(C::StringBudget(120_000), rules::OPENAI_STRICT_STRING_BUDGET),
    ]);
    let mut openai = openai_common(false);
    openai.push(check(C::Pattern(&[R::Lookaround, R::UnicodeProperty]), rules::OPENAI_PATTERN));

    let mut gemini = gemini_common();
    gemini.extend([
        check(C::AdditionalProperties, rules::GEMINI_ADDITIONAL_PROPERTIES),
        check(C::Const, rules::GEMINI_CONST),
        check(C::TypeArray, rules::GEMINI_TYPE_ARRAY),
        check(C::Refs, rules::GEMINI_REF),
        check(C::OneOf, rules::GEMINI_ONE_OF),
        check(C::Composition(GEMINI_COMPOSITION), rules::GEMINI_COMPOSITION),
        check(C::NonStringEnum, rules::GEMINI_NON_STRING_ENUM),
        check(C::Format(GEMINI_FORMATS), rules::GEMINI_FORMAT),
        check(C::ArrayItems { typed: false }, rules::GEMINI_ARRAY_ITEMS),
        check(C::RequiredUndeclared, rules::GEMINI_REQUIRED_UNDECLARED),
        check(C::AnyOfTyping, rules::GEMINI_ANY_OF),
        check(C::KeywordsOutside(GEMINI_FIELDS), rules::GEMINI_KEYWORD),
    ]);
    let mut gemini_json = gemini_common();
    gemini_json.extend([
        check(C::RefSiblings(&["description", "default"]), rules::GEMINI_JSON_SCHEMA_REF_SIBLINGS),
        check(C::Recursion, rules::GEMINI_JSON_SCHEMA_RECURSION),
        check(C::KeywordsOutside(GEMINI_JSON_FIELDS), rules::GEMINI_JSON_SCHEMA_KEYWORD),
    ]);

    let anthropic = anthropic_common();
    let mut anthropic_strict = anthropic_common();
    anthropic_strict.extend([
        check(C::ToolCount(20), rules::ANTHROPIC_STRICT_TOOL_COUNT),
        check(C::OptionalCount(24), rules::ANTHROPIC_STRICT_OPTIONAL_COUNT),
        check(C::UnionCount(16), rules::ANTHROPIC_STRICT_UNION_COUNT),
        check(C::OpenObject, rules::ANTHROPIC_STRICT_OPEN_OBJECT),
        check(C::Format(ANTHROPIC_STRICT_FORMATS), rules::ANTHROPIC_STRICT_FORMAT),
        check(C::Keywords(ANTHROPIC_STRICT_KEYWORDS), rules::ANTHROPIC_STRICT_KEYWORD),
        check(C::ArrayBounds, rules::ANTHROPIC_STRICT_ARRAY_BOUNDS),
        check(C::Recursion, rules::ANTHROPIC_STRICT_RECURSION),
        check(C::Pattern(&[R::Lookaround, R::Backreference, R::WordBoundary]), rules::ANTHROPIC_STRICT_PATTERN),
    ]);

    vec![
        plain("openai", "OpenAI function calling (non-strict)", openai),
        Profile { strict_objects: true, ..plain("openai-strict", "OpenAI strict function calling", openai_strict) },
        Profile {
            nullable: Nullable::OpenApi,
            ..plain("gemini", "Gemini function declarations (`parameters`, OpenAPI subset)", gemini)
        },
        plain("gemini-json-schema", "Gemini function declarations (`parametersJsonSchema`)", gemini_json),
        plain("anthropic", "the Anthropic Messages API", anthropic),
        Profile { strict_objects: true, ..plain("anthropic-strict", "Anthropic strict tool use", anthropic_strict) },
        Profile {
            prefix: Prefix::Server { before: "mcp__", between: "__" },
            ..plain(
                "claude-code",
                "Claude Code",
                vec![
                    check(C::NamePattern(CLAUDE_CODE_NAME), rules::CLAUDE_CODE_NAME_PATTERN),
                    check(C::NameLength(128), rules::CLAUDE_CODE_NAME_LENGTH),
                    check(C::DescriptionLength(2048), rules::CLAUDE_CODE_DESCRIPTION_LENGTH),
                    check(
                        C::RootCombinator(&["anyOf", "oneOf", "allOf", "not", "if"]),
                        rules::CLAUDE_CODE_ROOT_COMBINATOR,
                    ),
                ],
            )
        },
        plain(
            "claude-desktop",
            "Claude Desktop and claude.ai connectors",
            vec![
                check(C::NamePattern(CLAUDE_DESKTOP_NAME), rules::CLAUDE_DESKTOP_NAME_PATTERN),
                check(C::NameLength(64), rules::CLAUDE_DESKTOP_NAME_LENGTH),
                check(C::RootCombinator(&["anyOf", "oneOf", "allOf"]), rules::CLAUDE_DESKTOP_ROOT_COMBINATOR),
            ],
        ),
        plain(
            "vscode-copilot",
            "VS Code GitHub Copilot Chat",
            vec![
                check(C::NamePattern(OPENAI_NAME), rules::VSCODE_COPILOT_NAME_PATTERN),
                check(C::ToolCount(128), rules::VSCODE_COPILOT_TOOL_COUNT),
                check(
                    C::RootCombinator(&["anyOf", "oneOf", "allOf", "not", "if", "then", "else"]),
                    rules::VSCODE_COPILOT_ROOT_COMBINATOR,
                ),
                check(C::ArrayItems { typed: false }, rules::VSCODE_COPILOT_ARRAY_ITEMS),
                check(C::RequiredUndeclared, rules::VSCODE_COPILOT_REQUIRED_UNDECLARED),
                check(C::DescriptionLength(1024), rules::VSCODE_COPILOT_DESCRIPTION_LENGTH),
                check(C::Keywords(VSCODE_GPT4_DROPPED), rules::VSCODE_COPILOT_KEYWORD),
            ],
        ),
        Profile {
            prefix: Prefix::Server { before: "", between: "" },
            ..plain(
                "cursor",
                "Cursor",
                vec![
                    check(C::NameLength(60), rules::CURSOR_NAME_LENGTH),
                    check(C::ToolCount(40), rules::CURSOR_TOOL_COUNT),
                ],
            )
        },
        plain(
            "mcp-2025-11-25",
            "the MCP specification 2025-11-25",
            vec![
                check(C::NamePattern(MCP_NAME), rules::MCP_NAME_PATTERN),
                check(C::NameLength(128), rules::MCP_NAME_LENGTH),
            ],
        ),
    ]
}

/// The profile named `name`.
pub fn find(name: &str) -> Option<Profile> {
    all().into_iter().find(|p| p.name == name)
}

/// The names of every profile.
pub fn names() -> Vec<&'static str> {
    all().iter().map(|p| p.name).collect()
}

/// The profile a rule's fixtures are checked with: the first that uses it.
pub fn of_rule(code: &str) -> Option<Profile> {
    all().into_iter().find(|p| p.checks.iter().any(|c| c.rule.code == code))
}

/// The profiles as a Markdown table (for `harn-catalog rules --markdown`): each
/// profile, its client, how it names tools, and its rules.
pub fn markdown() -> String {
    let mut out = String::from("| profile | client | tool names sent as | rules |\n|---|---|---|---|\n");
    for profile in all() {
        let prefix = match profile.prefix {
            super::Prefix::None => "`<tool>`".to_owned(),
            super::Prefix::Server { before, between } => format!("`{before}<server>{between}<tool>`"),
        };
        let rules: Vec<String> =
            profile.checks.iter().map(|c| format!("[`{}`](#{})", c.rule.code, c.rule.code)).collect();
        out.push_str(&format!(
            "| `{}` | {} | {prefix} | {} |\n",
            profile.name,
            profile.client.replace('|', "\\|"),
            rules.join(", ")
        ));
    }
    out
}
