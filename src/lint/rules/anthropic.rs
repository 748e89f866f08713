//! The Anthropic Messages API: the `anthropic` and `anthropic-strict` profiles. Facts
//! from the research notes of 2026-08 (anthropics/anthropic-sdk-python at 009b035,
//! 2026-08-07; platform.claude.com structured-outputs and strict-tool-use pages).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profiles `anthropic`, `anthropic-strict`: that a tool's name has only letters,
    /// digits, `_` and `-`.
    ///
    /// ## Why
    /// The API refuses the request: `tools.7.custom.name: String should match pattern
    /// '^[a-zA-Z0-9_-]{1,128}$'` (since about 2025-06; `{1,64}` before). Source:
    /// apify/tester-mcp-client#11 (2025-03), home-assistant/core#147760 (2025-06),
    /// modelcontextprotocol/modelcontextprotocol#1345 (2025-08).
    ///
    /// ## Example
    /// ```json
    /// {"name": "widgets.lookup"}
    /// ```
    pub static ANTHROPIC_NAME_PATTERN = {
        code: "anthropic-name-pattern",
        phase: Profile,
        severity: Error,
        summary: "Anthropic refuses a tool name with characters other than letters, digits, `_` and `-`",
        help: "rename the tool with letters, digits, `_` and `-` only",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profiles `anthropic`, `anthropic-strict`: that a tool's name has at most 128
    /// characters.
    ///
    /// ## Why
    /// `tools.18.custom.name: String should have at most 128 characters`
    /// (anthropics/claude-code#96152, 2026-09). The docs still say 64, and
    /// `tool_reference.tool_name` (tool search) is limited to 64 (anthropics/claude-code#21492).
    ///
    /// ## Example
    /// A 129-character tool name.
    pub static ANTHROPIC_NAME_LENGTH = {
        code: "anthropic-name-length",
        phase: Profile,
        severity: Error,
        summary: "Anthropic refuses a tool name longer than 128 characters",
        help: "shorten the tool's name (64 characters or fewer also fits tool search)",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profiles `anthropic`, `anthropic-strict`: that the input schema's root has no
    /// `anyOf`, `oneOf` or `allOf`.
    ///
    /// ## Why
    /// `tools.N.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf
    /// at the top level` (undocumented; anthropics/claude-code#657, 2025-03, #5973,
    /// 2025-08; zereight/gitlab-mcp#551).
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "oneOf": [{"required": []}]}
    /// ```
    pub static ANTHROPIC_ROOT_COMBINATOR = {
        code: "anthropic-root-combinator",
        phase: Profile,
        severity: Error,
        summary: "Anthropic refuses `anyOf`, `oneOf` or `allOf` at the input schema's root",
        help: "describe one object with optional members, and check the alternatives in the tool's code",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: at most 20 tools (all sent strict).
    ///
    /// ## Why
    /// Strict tool use takes at most 20 strict tools per request (platform.claude.com
    /// strict-tool-use docs, read 2026-08 from a page copy); larger sets also hit
    /// `The compiled grammar is too large` (alphaXiv/agents#49, 2026).
    ///
    /// ## Example
    /// A registry of 21 tools.
    pub static ANTHROPIC_STRICT_TOOL_COUNT = {
        code: "anthropic-strict-tool-count",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use takes at most 20 strict tools per request",
        help: "mark only the critical tools strict, or split the registry",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: that every object schema has
    /// `"additionalProperties": false`.
    ///
    /// ## Why
    /// "`additionalProperties` set to anything other than `false`" is refused with a 400
    /// (platform.claude.com structured-outputs docs, "JSON schema limitations", read
    /// 2026-08). Optional properties stay allowed. `harn-catalog mcp --profile
    /// anthropic-strict` closes the objects, which changes what they accept, and says so.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"id": {"type": "string"}}}
    /// ```
    pub static ANTHROPIC_STRICT_OPEN_OBJECT = {
        code: "anthropic-strict-open-object",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use refuses an object schema without `\"additionalProperties\": false`",
        help: "add `\"additionalProperties\": false`, or let `harn-catalog mcp --profile anthropic-strict` close it",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: that every `format` is one of `date-time`, `time`,
    /// `date`, `duration`, `email`, `hostname`, `uri`, `ipv4`, `ipv6`, `uuid`.
    ///
    /// ## Why
    /// Other formats are refused (platform.claude.com structured-outputs docs, 2026-08;
    /// anthropic-sdk-python `lib/_parse/_transform.py` keeps only these).
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "format": "regex"}
    /// ```
    pub static ANTHROPIC_STRICT_FORMAT = {
        code: "anthropic-strict-format",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use refuses a `format` outside its ten",
        help: "drop the `format` and check it in the tool's code, or with --allow-lossy move it into the description",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: that no schema uses `minimum`, `maximum`,
    /// `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `minLength`, `maxLength` or
    /// `uniqueItems`.
    ///
    /// ## Why
    /// Numeric and string constraints are refused ("If you use an unsupported feature,
    /// you'll receive a 400 error with details"; platform.claude.com structured-outputs
    /// docs, 2026-08); the SDKs move them into the description
    /// (anthropic-sdk-python `lib/_parse/_transform.py` L54-175).
    ///
    /// ## Example
    /// ```json
    /// {"type": "integer", "minimum": 1}
    /// ```
    pub static ANTHROPIC_STRICT_KEYWORD = {
        code: "anthropic-strict-keyword",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use refuses numeric and string constraints",
        help: "check the constraint in the tool's code, or with --allow-lossy move it into the description",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: that no array schema has `minItems` above 1 or a
    /// `maxItems`.
    ///
    /// ## Why
    /// "array `minItems` 0 or 1" only; other array constraints are refused
    /// (platform.claude.com structured-outputs docs, 2026-08).
    ///
    /// ## Example
    /// ```json
    /// {"type": "array", "items": {"type": "string"}, "minItems": 2}
    /// ```
    pub static ANTHROPIC_STRICT_ARRAY_BOUNDS = {
        code: "anthropic-strict-array-bounds",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use refuses `minItems` above 1 and `maxItems`",
        help: "check the length in the tool's code, or with --allow-lossy move it into the description",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: that no `$ref` is recursive.
    ///
    /// ## Why
    /// "Recursive schemas" are listed as unsupported; "you'll receive a 400 error"
    /// (platform.claude.com structured-outputs docs, 2026-08).
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"child": {"$ref": "#"}}}
    /// ```
    pub static ANTHROPIC_STRICT_RECURSION = {
        code: "anthropic-strict-recursion",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use refuses recursive schemas",
        help: "bound the recursion (a fixed number of levels), or do not send the tool strict",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: that no `pattern` uses lookaround, backreferences or
    /// `\b`/`\B`.
    ///
    /// ## Why
    /// Strict mode supports a regex subset: "no backreferences, no lookaround, no
    /// `\b`/`\B`"; complex patterns fail with a 400 (platform.claude.com structured-outputs
    /// docs, 2026-08; Dokploy/mcp#45, "Sonnet-strict", 2026-05).
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "pattern": "\\bword\\b"}
    /// ```
    pub static ANTHROPIC_STRICT_PATTERN = {
        code: "anthropic-strict-pattern",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use refuses lookaround, backreferences and `\\b` in `pattern`",
        help: "rewrite the pattern without them, or with --allow-lossy move it into the description",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: at most 24 optional properties over every tool.
    ///
    /// ## Why
    /// Strict tool use takes at most 24 optional parameters in total across the strict
    /// schemas of one request (platform.claude.com structured-outputs docs, "JSON schema
    /// limitations", read 2026-08).
    ///
    /// ## Example
    /// Five tools with five optional arguments each.
    pub static ANTHROPIC_STRICT_OPTIONAL_COUNT = {
        code: "anthropic-strict-optional-count",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use takes at most 24 optional properties per request",
        help: "require more of the arguments, or send fewer tools strict",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: at most 16 union types (`anyOf`, or a list of types)
    /// over every tool.
    ///
    /// ## Why
    /// Strict tool use takes at most 16 union-typed parameters in total per request
    /// (platform.claude.com structured-outputs docs, "JSON schema limitations", read
    /// 2026-08).
    ///
    /// ## Example
    /// Seventeen arguments typed `["string", "null"]`.
    pub static ANTHROPIC_STRICT_UNION_COUNT = {
        code: "anthropic-strict-union-count",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use takes at most 16 union types per request",
        help: "give arguments one type each, or send fewer tools strict",
    }
}
