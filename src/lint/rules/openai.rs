//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profiles `openai`, `openai-strict`: that a tool's name matches `^[a-zA-Z0-9_-]+$`.
    ///
    /// ## Why
    /// OpenAI refuses the request: `Invalid 'tools[0].function.name': string does not
    /// match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`
    /// Source: openai/openai-python `src/openai/types/shared_params/function_definition.py`
    /// (commit e43b422, 2026-08-21); nanbingxyz/5ire#33 (2025-01), brekkylab/ailoy#109.
    ///
    /// ## Example
    /// ```json
    /// {"name": "widgets.lookup"}
    /// ```
    pub static OPENAI_NAME_PATTERN = {
        code: "openai-name-pattern",
        phase: Profile,
        severity: Error,
        summary: "OpenAI refuses a tool name with characters other than letters, digits, `_` and `-`",
        help: "rename the tool with letters, digits, `_` and `-` only (`widgets_lookup`)",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profiles `openai`, `openai-strict`: that a tool's name has at most 64 characters.
    ///
    /// ## Why
    /// OpenAI refuses the request: `string too long. Expected a string with maximum
    /// length 64, but got a string with length 65 instead.` Source: openai-python
    /// `function_definition.py` ("with a maximum length of 64", 2026-08-21);
    /// microsoft/foundry-dev-tools#201 (2025-05).
    ///
    /// ## Example
    /// A 65-character tool name.
    pub static OPENAI_NAME_LENGTH = {
        code: "openai-name-length",
        phase: Profile,
        severity: Error,
        summary: "OpenAI refuses a tool name longer than 64 characters",
        help: "shorten the tool's name to 64 characters or fewer",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profiles `openai`, `openai-strict`: that a tool's description has at most 1024
    /// characters.
    ///
    /// ## Why
    /// OpenAI refused longer descriptions in 2024–2025: `Invalid
    /// 'tools[13].function.description': string too long. Expected a string with maximum
    /// length 1024` (code `string_above_max_length`; getsentry/sentry-mcp#106, 2025-04;
    /// OpenHands/OpenHands#4838, 2024-11). No report from 2026 was found, so whether it
    /// is still enforced is uncertain: this is a warning.
    ///
    /// ## Example
    /// A 1100-character description.
    pub static OPENAI_DESCRIPTION_LENGTH = {
        code: "openai-description-length",
        phase: Profile,
        severity: Warning,
        summary: "OpenAI refused tool descriptions longer than 1024 characters (uncertain today)",
        help: "shorten the description to 1024 characters, putting what matters first",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profiles `openai`, `openai-strict`: at most 128 tools in one `tools/list`.
    ///
    /// ## Why
    /// OpenAI refuses the request: `Invalid 'tools': array too long. Expected an array
    /// with maximum length 128` (code `array_above_max_length`). Source:
    /// openai/openai-openapi PR #76 (2023-08); zed-industries/zed#32946 (2025-06).
    ///
    /// ## Example
    /// A registry of 129 tools.
    pub static OPENAI_TOOL_COUNT = {
        code: "openai-tool-count",
        phase: Profile,
        severity: Error,
        summary: "OpenAI refuses more than 128 tools in one request",
        help: "split the registry, or let clients select fewer than 129 tools",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profiles `openai`, `openai-strict`: that the input schema's root object has
    /// `properties` (`{}` for a tool without arguments).
    ///
    /// ## Why
    /// OpenAI refuses the request: `Invalid schema for function 'some_tool': In
    /// context=(), object schema missing properties.` Source:
    /// openai/openai-agents-python#449 (2025-04), github/copilot-cli#1825 (2026-03).
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "additionalProperties": false}
    /// ```
    pub static OPENAI_ROOT_PROPERTIES = {
        code: "openai-root-properties",
        phase: Profile,
        severity: Error,
        summary: "OpenAI refuses an input schema whose root has no `properties`",
        help: "add `\"properties\": {}` to the input schema's root",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `openai`: that every array schema has `items`; profile `openai-strict`:
    /// also that `items` is not `{}` or `true` (a typed schema, or `prefixItems`).
    ///
    /// ## Why
    /// OpenAI refuses the request: `In context=('properties', 'paths'), array schema
    /// missing items.` Source: sigoden/aichat#1049 (2024-12), mark3labs/mcphost#35;
    /// strict mode: pydantic/pydantic-ai `profiles/openai.py` L604-621 (commit 4fda389,
    /// 2026-08-22): "rejected by the API in strict mode".
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"paths": {"type": "array"}}}
    /// ```
    pub static OPENAI_ARRAY_ITEMS = {
        code: "openai-array-items",
        phase: Profile,
        severity: Error,
        summary: "OpenAI refuses an array schema without (typed) `items`",
        help: "give the array an `items` schema with a `type`",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `openai`: that no `pattern` uses lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`)
    /// or a Unicode property class (`\p{…}`).
    ///
    /// ## Why
    /// The 2026 reports of `Invalid JSON schema: regex lookaround is not supported`
    /// come from strict mode and the Responses API's default normalisation
    /// (Dokploy/mcp#45, 2026-05; anomalyco/opencode#32073, 2026-06); for non-strict Chat
    /// Completions it is not confirmed, so this is a warning.
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "pattern": "^(?!admin).*$"}
    /// ```
    pub static OPENAI_PATTERN = {
        code: "openai-pattern",
        phase: Profile,
        severity: Warning,
        summary: "OpenAI may refuse a `pattern` with lookaround or `\\p{…}` (confirmed for strict mode only)",
        help: "rewrite the pattern without lookaround and `\\p{…}`, or check it in the tool's code",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that the input schema's root has no `anyOf`.
    ///
    /// ## Why
    /// OpenAI's strict mode refuses it: "Root objects must not be `anyOf` and must be an
    /// object" (OpenAI "Structured outputs → Supported schemas", read 2026-08 from a page
    /// copy; browserbase/stagehand#1159, 2025-10).
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "anyOf": [{"required": []}]}
    /// ```
    pub static OPENAI_STRICT_ROOT_ANY_OF = {
        code: "openai-strict-root-any-of",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses an `anyOf` at the input schema's root",
        help: "move the alternatives into a property, or describe one object with optional members",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that every object schema is closed with
    /// `"additionalProperties": false`.
    ///
    /// ## Why
    /// OpenAI's strict mode refuses the tool: `Invalid schema for function 'X': In
    /// context=('properties','permissions'), 'additionalProperties' is required to be
    /// supplied and to be false.` (code `invalid_function_parameters`). Source: OpenAI
    /// "Structured outputs" docs (2026-08); openai/openai-agents-python#1023 (2025-07).
    /// `harn-catalog mcp --profile openai-strict` closes the objects, which changes what
    /// they accept (extra properties are then refused) and says so.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}
    /// ```
    pub static OPENAI_STRICT_OPEN_OBJECT = {
        code: "openai-strict-open-object",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses an object schema without `\"additionalProperties\": false`",
        help: "add `\"additionalProperties\": false`, or let `harn-catalog mcp --profile openai-strict` close it",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that every property is listed in its object's `required`.
    ///
    /// ## Why
    /// OpenAI's strict mode refuses the tool: `'required' is required to be supplied and
    /// to be an array including every key in properties. Missing 'reasoning'`. Source:
    /// OpenAI "Structured outputs" docs (2026-08); braintrustdata/lingua#275 (2026-06).
    /// The documented way to keep a field optional is to make it required and nullable,
    /// which `harn-catalog mcp --profile openai-strict` does (and says so: the client
    /// then sends `null` where it left the field out).
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"q": {"type": "string"}}, "required": [], "additionalProperties": false}
    /// ```
    pub static OPENAI_STRICT_OPTIONAL_PROPERTY = {
        code: "openai-strict-optional-property",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses a property its object does not require",
        help: "require the property and allow `null` for it, or let `harn-catalog mcp --profile openai-strict` do it",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that no schema uses `oneOf`.
    ///
    /// ## Why
    /// OpenAI's strict mode refuses it: `In context=('properties', 'data'), 'oneOf' is
    /// not permitted.` Source: ai-dynamo/dynamo#15153, docker/docker-agent#4155.
    /// `harn-catalog mcp --profile openai-strict` turns a `oneOf` whose branches are
    /// provably disjoint into the equivalent `anyOf`.
    ///
    /// ## Example
    /// ```json
    /// {"oneOf": [{"type": "string"}, {"type": "integer"}]}
    /// ```
    pub static OPENAI_STRICT_ONE_OF = {
        code: "openai-strict-one-of",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses `oneOf`",
        help: "use `anyOf` (the same when no instance can match two branches), or let `harn-catalog mcp --profile openai-strict` convert disjoint branches",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that no schema uses `allOf`, `not`, `if`/`then`/`else`,
    /// `dependentRequired` or `dependentSchemas`.
    ///
    /// ## Why
    /// OpenAI's docs list "Composition: allOf, not, dependentRequired, dependentSchemas,
    /// if, then, else" as not supported: "you will receive an error" (OpenAI "Structured
    /// outputs → Supported schemas", read 2026-08).
    ///
    /// ## Example
    /// ```json
    /// {"allOf": [{"minLength": 1}]}
    /// ```
    pub static OPENAI_STRICT_COMPOSITION = {
        code: "openai-strict-composition",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses `allOf`, `not`, `if`/`then`/`else` and `dependent*`",
        help: "flatten the composition into one schema, or check the condition in the tool's code",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that a `$ref` has no sibling keywords.
    ///
    /// ## Why
    /// OpenAI refuses it: `$ref cannot have keywords {'description'}`. Source:
    /// camel-ai/camel#3001 (2025-08), defog-ai/defog#244 (2026-03).
    ///
    /// ## Example
    /// ```json
    /// {"$ref": "#/$defs/Id", "description": "the widget"}
    /// ```
    pub static OPENAI_STRICT_REF_SIBLINGS = {
        code: "openai-strict-ref-siblings",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses keywords beside `$ref`",
        help: "move the keywords into the referenced definition, or wrap the `$ref` in `anyOf: [{\"$ref\": …}]`",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that every `format` is one of `date-time`, `time`,
    /// `date`, `duration`, `email`, `hostname`, `ipv4`, `ipv6`, `uuid`.
    ///
    /// ## Why
    /// OpenAI refuses others: `In context=('properties', 'url'), 'uri' is not a valid
    /// format.` Source: OpenAI "Structured outputs" docs (2026-08);
    /// cyanheads/git-mcp-server#47 (2026-05).
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "format": "uri"}
    /// ```
    pub static OPENAI_STRICT_FORMAT = {
        code: "openai-strict-format",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses a `format` outside its nine",
        help: "drop the `format` (and check it in the tool's code), or with --allow-lossy move it into the description",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that no `pattern` uses lookaround or `\p{…}`.
    ///
    /// ## Why
    /// OpenAI refuses it: `Invalid JSON schema: regex lookaround is not supported. Found
    /// at $.properties.email.pattern.` (code `invalid_json_schema`; Dokploy/mcp#45,
    /// 2026-05); `\p{…}` fails because patterns are compiled with Python's `re`
    /// (BerriAI/litellm#40485).
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "pattern": "^\\p{L}+$"}
    /// ```
    pub static OPENAI_STRICT_PATTERN = {
        code: "openai-strict-pattern",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses a `pattern` with lookaround or `\\p{…}`",
        help: "rewrite the pattern without lookaround and `\\p{…}`, or with --allow-lossy move it into the description",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that no schema uses `minLength`, `maxLength`,
    /// `patternProperties`, `propertyNames`, `minProperties`, `maxProperties`,
    /// `unevaluatedProperties`, `unevaluatedItems`, `contains`, `minContains`,
    /// `maxContains` or `uniqueItems`.
    ///
    /// ## Why
    /// OpenAI's docs neither list these as supported nor as refused (but for fine-tuned
    /// models); no error report was found, and pydantic-ai and VS Code strip them
    /// (pydantic-ai `profiles/openai.py` L440-453, 2026-08-22). Uncertain: a warning.
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "maxLength": 40}
    /// ```
    pub static OPENAI_STRICT_KEYWORD = {
        code: "openai-strict-keyword",
        phase: Profile,
        severity: Warning,
        summary: "OpenAI's strict mode does not document this keyword (uncertain)",
        help: "check the constraint in the tool's code, or with --allow-lossy move it into the description",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that no schema has a `default`.
    ///
    /// ## Why
    /// `In context=('properties','placeholder'), 'default' is not permitted.` was
    /// reported in 2024-08 (567-labs/instructor#961); in 2026-08 an OpenAI maintainer
    /// could not reproduce it on api.openai.com while Azure OpenAI still refused it
    /// (openai/openai-agents-python#4390). Endpoint-dependent: a warning.
    ///
    /// ## Example
    /// ```json
    /// {"type": "integer", "default": 10}
    /// ```
    pub static OPENAI_STRICT_DEFAULT = {
        code: "openai-strict-default",
        phase: Profile,
        severity: Warning,
        summary: "OpenAI's strict mode refused `default` (still on Azure OpenAI; uncertain elsewhere)",
        help: "apply the default in the tool's code, or with --allow-lossy move it into the description",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that objects nest at most 10 levels deep (the root
    /// object is level 1; references are not followed).
    ///
    /// ## Why
    /// OpenAI's docs: "up to 10 levels of nesting" (older pages: 5). Source: OpenAI
    /// "Structured outputs → Supported schemas" (2026-08).
    ///
    /// ## Example
    /// Eleven objects nested in one another through `properties`.
    pub static OPENAI_STRICT_NESTING_DEPTH = {
        code: "openai-strict-nesting-depth",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses objects nested more than 10 levels deep",
        help: "flatten the arguments, or pass the deep part as a JSON string",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: at most 5000 object properties in one input schema.
    ///
    /// ## Why
    /// OpenAI's docs: "A schema may have up to 5000 object properties total" (older
    /// pages: 100). Source: OpenAI "Structured outputs → Supported schemas" (2026-08).
    ///
    /// ## Example
    /// An input schema declaring 5001 properties.
    pub static OPENAI_STRICT_PROPERTY_COUNT = {
        code: "openai-strict-property-count",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses more than 5000 properties in one schema",
        help: "split the tool, or pass a large map as `additionalProperties` data",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that every name in `required` is a key of its object's
    /// `properties`.
    ///
    /// ## Why
    /// OpenAI's strict mode wants `required` to be exactly the keys of `properties`:
    /// `'required' is required to be supplied and to be an array including every key in
    /// properties. Extra required key 'function_arguments' supplied.` (camel-ai/camel#2629,
    /// 2025-06; OpenAI "Structured outputs" docs, 2026-08).
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "required": ["id"], "additionalProperties": false}
    /// ```
    pub static OPENAI_STRICT_REQUIRED_UNDECLARED = {
        code: "openai-strict-required-undeclared",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses a `required` name that `properties` does not declare",
        help: "declare the property in `properties`, or remove it from `required`",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: at most 1000 values in one `enum`.
    ///
    /// ## Why
    /// OpenAI's docs: "A schema may have up to 1000 enum values across all enum
    /// properties" (older pages: 500). Source: OpenAI "Structured outputs → Supported
    /// schemas" (2026-08).
    ///
    /// ## Example
    /// An `enum` of 1001 country codes.
    pub static OPENAI_STRICT_ENUM_SIZE = {
        code: "openai-strict-enum-size",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses more than 1000 `enum` values",
        help: "take a string and check it in the tool's code, or split the values by a first argument",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: at most 120,000 characters in the property names,
    /// definition names and string `enum` and `const` values of one input schema.
    ///
    /// ## Why
    /// OpenAI's docs: "the total string length of all property names, definition names,
    /// enum values, and const values cannot exceed 120,000 characters" (older pages:
    /// 15,000). Source: OpenAI "Structured outputs → Supported schemas" (2026-08).
    ///
    /// ## Example
    /// An `enum` of 2000 values of 61 characters each (with fewer than 1000 values each in
    /// two enums).
    pub static OPENAI_STRICT_STRING_BUDGET = {
        code: "openai-strict-string-budget",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses a schema whose names and enum values pass 120,000 characters",
        help: "shorten the names and values, or take free strings and check them in the tool's code",
    }
}
