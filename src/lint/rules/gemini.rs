//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profiles `gemini`, `gemini-json-schema`: that a tool's name starts with a letter
    /// or `_` and has only letters, digits, `_`, `.`, `:` and `-`.
    ///
    /// ## Why
    /// Gemini refuses the request: `Invalid function name. Must start with a letter or
    /// an underscore. Must be a-z, A-Z, 0-9, or contain underscores (_), dots (.), colons
    /// (:), or dashes (-), with a maximum length of 64.` Source: kaitranntt/ccs#25
    /// (2025-11), cline/cline#7339 (2025-11).
    ///
    /// ## Example
    /// ```json
    /// {"name": "2fa_check"}
    /// ```
    pub static GEMINI_NAME_PATTERN = {
        code: "gemini-name-pattern",
        phase: Profile,
        severity: Error,
        summary: "Gemini refuses a tool name that does not start with a letter or `_`, or has other characters than `[a-zA-Z0-9_.:-]`",
        help: "rename the tool to start with a letter and use letters, digits, `_`, `.`, `:` and `-` only",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profiles `gemini`, `gemini-json-schema`: that a tool's name has at most 64
    /// characters.
    ///
    /// ## Why
    /// The API errors of 2025 say "with a maximum length of 64" (google-gemini/gemini-cli#2966);
    /// python-genai's docstring says 128 since 2026-05-20 (commit 29103464). Which one the
    /// API enforces today is uncertain: a warning.
    ///
    /// ## Example
    /// A 65-character tool name.
    pub static GEMINI_NAME_LENGTH = {
        code: "gemini-name-length",
        phase: Profile,
        severity: Warning,
        summary: "Gemini refused tool names longer than 64 characters (128 per newer SDK docs; uncertain)",
        help: "shorten the tool's name to 64 characters or fewer",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profiles `gemini`, `gemini-json-schema`: at most 128 tools in one `tools/list`.
    ///
    /// ## Why
    /// Vertex AI's docs: "The maximum number of function declarations that can be
    /// provided with the request is 128" (<https://docs.cloud.google.com/vertex-ai/generative-ai/docs/model-reference/function-calling>);
    /// the Gemini API was observed refusing only above 512: `At most 512 function
    /// declarations can be specified.` (google-gemini/gemini-cli#19083, 2026-02).
    /// Conflicting: a warning.
    ///
    /// ## Example
    /// A registry of 129 tools.
    pub static GEMINI_TOOL_COUNT = {
        code: "gemini-tool-count",
        phase: Profile,
        severity: Warning,
        summary: "Vertex AI takes at most 128 function declarations (the Gemini API 512)",
        help: "split the registry, or let clients select fewer tools",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that no schema has `additionalProperties` (even `false`).
    ///
    /// ## Why
    /// Gemini's `parameters` refuses it: `Invalid JSON payload received. Unknown name
    /// "additionalProperties" at 'tools[0].function_declarations[8].parameters...': Cannot
    /// find field.` Source: nanbingxyz/5ire#42 (2025-01), promptfoo/promptfoo#6904
    /// (2026-01), python-genai `_transformers.py` L643-654.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "additionalProperties": false}
    /// ```
    pub static GEMINI_ADDITIONAL_PROPERTIES = {
        code: "gemini-additional-properties",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parameters` refuses `additionalProperties`",
        help: "send the schema as `parametersJsonSchema` (profile gemini-json-schema), or with --allow-lossy drop it into the description",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that no schema uses `const`.
    ///
    /// ## Why
    /// `Unknown name "const" at '...any_of[0]': Cannot find field.` Source:
    /// zed-industries/zed#44875 (2025-12). `harn-catalog mcp --profile gemini` writes it as
    /// the equivalent one-value `enum`.
    ///
    /// ## Example
    /// ```json
    /// {"const": "v1"}
    /// ```
    pub static GEMINI_CONST = {
        code: "gemini-const",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parameters` refuses `const`",
        help: "write a one-value `enum` instead, or let `harn-catalog mcp --profile gemini` do it",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that `type` is a single string.
    ///
    /// ## Why
    /// `Unknown name "type" at '...': Proto field is not repeating, cannot start list.`
    /// Source: zed-industries/zed#53919 (2026), hideya/langchain-mcp-tools-ts#46 (2025-07).
    /// `harn-catalog mcp --profile gemini` writes `["T", "null"]` as `nullable: true`
    /// and other lists as an `anyOf` of single types.
    ///
    /// ## Example
    /// ```json
    /// {"type": ["string", "null"]}
    /// ```
    pub static GEMINI_TYPE_ARRAY = {
        code: "gemini-type-array",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parameters` refuses a list of types",
        help: "use one type with `nullable: true`, or `anyOf`; `harn-catalog mcp --profile gemini` does it",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that no schema uses `$ref`, `$defs` or `definitions`.
    ///
    /// ## Why
    /// The Gemini Developer API's `Schema` has no references (Vertex's has, "only allowed
    /// at the root"); the Vercel AI SDK inlines them because they "are rejected by the
    /// Gemini Developer API representation" (vercel/ai
    /// `packages/google/src/convert-json-schema-to-openapi-schema.ts` L217-220,
    /// 2026-08-22). `harn-catalog mcp --profile gemini` inlines them, except recursive
    /// ones, which cannot be.
    ///
    /// ## Example
    /// ```json
    /// {"properties": {"id": {"$ref": "#/$defs/Id"}}, "$defs": {"Id": {"type": "string"}}}
    /// ```
    pub static GEMINI_REF = {
        code: "gemini-ref",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parameters` refuses `$ref` and `$defs`",
        help: "inline the definitions, or let `harn-catalog mcp --profile gemini` do it (not possible for recursion)",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that no schema uses `oneOf`.
    ///
    /// ## Why
    /// `oneOf` is not a field of Gemini's `Schema`: an "Unknown name" error (zendev-sh/goai#108;
    /// python-genai `types.py` Schema fields, 2026-08-21). `harn-catalog mcp --profile
    /// gemini` turns a `oneOf` with provably disjoint branches into the equivalent `anyOf`.
    ///
    /// ## Example
    /// ```json
    /// {"oneOf": [{"type": "string"}, {"type": "integer"}]}
    /// ```
    pub static GEMINI_ONE_OF = {
        code: "gemini-one-of",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parameters` refuses `oneOf`",
        help: "use `anyOf` when no instance can match two branches (down-levelling does it for disjoint branches)",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that no schema uses `allOf`, `not`, `if`, `then` or `else`.
    ///
    /// ## Why
    /// They are not fields of Gemini's `Schema`: `Unknown name ... Cannot find field.`
    /// (openswarm-ai/openswarm#24, 2026-05; zendev-sh/goai#108).
    ///
    /// ## Example
    /// ```json
    /// {"not": {"type": "null"}}
    /// ```
    pub static GEMINI_COMPOSITION = {
        code: "gemini-composition",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parameters` refuses `allOf`, `not` and `if`/`then`/`else`",
        help: "flatten the composition into one schema, or check the condition in the tool's code",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that every `enum` value is a string.
    ///
    /// ## Why
    /// `Invalid value at '...enum[0]' (TYPE_STRING), true`; numeric enums fail with
    /// `INVALID_ARGUMENT`. Source: anomalyco/opencode#2687 (2025-09),
    /// rancher/rancher-ai-agent#226 (2026-06, the GitHub MCP server).
    ///
    /// ## Example
    /// ```json
    /// {"type": "integer", "enum": [1, 2, 3]}
    /// ```
    pub static GEMINI_NON_STRING_ENUM = {
        code: "gemini-non-string-enum",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parameters` refuses `enum` values that are not strings",
        help: "use string values, or with --allow-lossy move the values into the description",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that every `format` is `enum` or `date-time`.
    ///
    /// ## Why
    /// In 2025 Gemini refused others: `...properties[url].format: only 'enum' and
    /// 'date-time' are supported for STRING type` (google-gemini/gemini-cli#2237,
    /// 2025-06); Vertex's Schema docs now list more formats, and whether the Developer
    /// API still refuses them is uncertain: a warning.
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "format": "uri"}
    /// ```
    pub static GEMINI_FORMAT = {
        code: "gemini-format",
        phase: Profile,
        severity: Warning,
        summary: "Gemini's `parameters` refused `format`s other than `enum` and `date-time` (uncertain today)",
        help: "drop the `format` and check it in the tool's code, or with --allow-lossy move it into the description",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that every array schema has `items`.
    ///
    /// ## Why
    /// Gemini refuses arrays without items (cline/cline#7339, 2025-11; the `Schema`'s
    /// `items` is required for ARRAY).
    ///
    /// ## Example
    /// ```json
    /// {"type": "array"}
    /// ```
    pub static GEMINI_ARRAY_ITEMS = {
        code: "gemini-array-items",
        phase: Profile,
        severity: Error,
        summary: "Gemini refuses an array schema without `items`",
        help: "give the array an `items` schema with a `type`",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that every keyword is a field of Gemini's `Schema` (`type`,
    /// `format`, `title`, `description`, `nullable`, `enum`, `maxItems`, `minItems`,
    /// `properties`, `required`, `minProperties`, `maxProperties`, `minLength`,
    /// `maxLength`, `pattern`, `example`, `anyOf`, `propertyOrdering`, `default`, `items`,
    /// `minimum`, `maximum`); the keywords other gemini rules report are left to them.
    ///
    /// ## Why
    /// Any other field is refused: `Unknown name "$schema" at
    /// 'request.tools[0].function_declarations[0].parameters'` (router-for-me/CLIProxyAPI#97,
    /// 2025-10; openswarm-ai/openswarm#24, 2026-05 for `propertyNames`). Fields:
    /// <https://googleapis.github.io/js-genai/interfaces/types.Schema.html>.
    ///
    /// ## Example
    /// ```json
    /// {"type": "integer", "exclusiveMinimum": 0}
    /// ```
    pub static GEMINI_KEYWORD = {
        code: "gemini-keyword",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parameters` refuses keywords that are not fields of its `Schema`",
        help: "remove the keyword (check the constraint in the tool's code), or with --allow-lossy move it into the description",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `gemini-json-schema`: that a `$ref` has no sibling keywords besides
    /// `description` and `default`.
    ///
    /// ## Why
    /// `$ref 'QuestionOption' was set alongside unsupported fields. If a schema node has
    /// $ref set, then only description and default can be set alongside it`
    /// (anomalyco/opencode#12295, 2026-02). Google's own text ("no other properties,
    /// except for those starting as a `$`") differs; the observed error is followed.
    ///
    /// ## Example
    /// ```json
    /// {"$ref": "#/$defs/Id", "minLength": 1}
    /// ```
    pub static GEMINI_JSON_SCHEMA_REF_SIBLINGS = {
        code: "gemini-json-schema-ref-siblings",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parametersJsonSchema` refuses keywords beside `$ref` other than `description` and `default`",
        help: "move the keywords into the referenced definition",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `gemini-json-schema`: that no `$ref` is recursive.
    ///
    /// ## Why
    /// "Cyclic references are unrolled to a limited degree and, as such, may only be used
    /// within non-required properties" (python-genai `types.py` L6537-6541, 2026-08-21):
    /// deep values are lost. Partial support: a warning.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"child": {"$ref": "#"}}}
    /// ```
    pub static GEMINI_JSON_SCHEMA_RECURSION = {
        code: "gemini-json-schema-recursion",
        phase: Profile,
        severity: Warning,
        summary: "Gemini unrolls recursive references only to a limited depth",
        help: "bound the recursion (a fixed number of levels), and keep it under optional properties",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `gemini-json-schema`: that every keyword is one Google lists (`$id`,
    /// `$defs`, `$ref`, `$anchor`, `type`, `format`, `title`, `description`, `enum`,
    /// `items`, `prefixItems`, `minItems`, `maxItems`, `minimum`, `maximum`, `anyOf`,
    /// `oneOf`, `properties`, `additionalProperties`, `required`, `propertyOrdering`).
    ///
    /// ## Why
    /// "While the full JSON Schema may be sent, not all features are supported"
    /// (python-genai `types.py` L6525-6542, for `responseJsonSchema`; assumed the same
    /// for `parametersJsonSchema`). Whether others are ignored or refused is not
    /// documented (likely ignored): a warning.
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "pattern": "^[a-z]+$"}
    /// ```
    pub static GEMINI_JSON_SCHEMA_KEYWORD = {
        code: "gemini-json-schema-keyword",
        phase: Profile,
        severity: Warning,
        summary: "Gemini's `parametersJsonSchema` does not list this keyword (likely ignored)",
        help: "check the constraint in the tool's code too, or with --allow-lossy move it into the description",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that every name in `required` is a key of its object's
    /// `properties`.
    ///
    /// ## Why
    /// Gemini refuses the request with `property is not defined` or the generic `Request
    /// contains an invalid argument.` (cline/cline#11162, 2026-05;
    /// nspady/google-calendar-mcp#134).
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "required": ["port"]}
    /// ```
    pub static GEMINI_REQUIRED_UNDECLARED = {
        code: "gemini-required-undeclared",
        phase: Profile,
        severity: Error,
        summary: "Gemini refuses a `required` name that `properties` does not declare",
        help: "declare the property in `properties` with a `type`, or remove it from `required`",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that no node has both `type` and `anyOf`, and that every
    /// `anyOf` branch has a `type`.
    ///
    /// ## Why
    /// `type and anyOf cannot be both populated.` (google-gemini/gemini-cli#4121, #2398,
    /// 2025-07); a branch without a type fails with `Invalid value at '...any_of[0].type'
    /// (...Type), ""` (zereight/gitlab-mcp#166, 2025-07). `harn-catalog mcp --profile
    /// gemini` moves a node's `type` into its branches, which accepts the same values.
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "anyOf": [{"minLength": 2}, {"enum": ["a"]}]}
    /// ```
    pub static GEMINI_ANY_OF = {
        code: "gemini-any-of",
        phase: Profile,
        severity: Error,
        summary: "Gemini refuses `anyOf` beside `type`, and `anyOf` branches without `type`",
        help: "give each `anyOf` branch its own `type` and none to the node (`harn-catalog mcp --profile gemini` does it)",
    }
}
