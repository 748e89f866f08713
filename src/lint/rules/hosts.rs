//! MCP host clients: the `claude-code`, `claude-desktop`, `vscode-copilot` and
//! `cursor` profiles. Facts from the research notes of 2026-08 (microsoft/vscode-copilot-chat
//! at 31acd00, 2026-03-29; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `claude-code`: that `mcp__<server>__<tool>` (the name Claude Code sends)
    /// has only letters, digits, `_` and `-`. The server name is `--server` (or `[lint]
    /// server`), by default the registry's `info.name`.
    ///
    /// ## Why
    /// Claude Code forwards the prefixed name to the Anthropic API, which refuses it:
    /// `String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`
    /// (modelcontextprotocol/modelcontextprotocol#1345, 2025-08, a name with spaces).
    /// Dots are reportedly rewritten to `_` (barryw/ImmichMCP#8, a claim only).
    ///
    /// ## Example
    /// ```json
    /// {"name": "widgets.lookup"}
    /// ```
    pub static CLAUDE_CODE_NAME_PATTERN = {
        code: "claude-code-name-pattern",
        phase: Profile,
        severity: Error,
        summary: "Claude Code's prefixed tool name must match `^[a-zA-Z0-9_-]+$`",
        help: "rename the tool (or the server) with letters, digits, `_` and `-` only",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `claude-code`: that `mcp__<server>__<tool>` has at most 128 characters.
    ///
    /// ## Why
    /// The prefixed name must pass the API's limit: 64 in 2025 (anthropics/claude-code#2412,
    /// 2025-06), 128 since (anthropics/claude-code#96152, 2026-09: `String should have at
    /// most 128 characters`).
    ///
    /// ## Example
    /// A 120-character tool name on a server named `widgets`.
    pub static CLAUDE_CODE_NAME_LENGTH = {
        code: "claude-code-name-length",
        phase: Profile,
        severity: Error,
        summary: "Claude Code's prefixed tool name `mcp__<server>__<tool>` must fit 128 characters",
        help: "shorten the tool's name, or the server's",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `claude-code`: that a tool's description has at most 2048 characters.
    ///
    /// ## Why
    /// Claude Code silently truncates longer descriptions with `… [truncated]` (since
    /// v2.1.84; anthropics/claude-code#41593, 2026-03, #87650).
    ///
    /// ## Example
    /// A 2100-character description.
    pub static CLAUDE_CODE_DESCRIPTION_LENGTH = {
        code: "claude-code-description-length",
        phase: Profile,
        severity: Warning,
        summary: "Claude Code truncates tool descriptions longer than 2048 characters",
        help: "shorten the description to 2048 characters, putting what matters first",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `claude-code`: that the input schema's root has no `anyOf`, `oneOf`,
    /// `allOf`, `not` or `if`.
    ///
    /// ## Why
    /// Claude Code (2026) silently drops such a tool (anthropics/claude-code#95504,
    /// 2026-09); earlier versions forwarded it and every request failed with the API's
    /// `input_schema does not support oneOf, allOf, or anyOf at the top level`.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "allOf": [{"required": []}]}
    /// ```
    pub static CLAUDE_CODE_ROOT_COMBINATOR = {
        code: "claude-code-root-combinator",
        phase: Profile,
        severity: Warning,
        summary: "Claude Code drops a tool with a combinator at the input schema's root",
        help: "describe one object with optional members, and check the alternatives in the tool's code",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `claude-desktop`: that a tool's name has only letters, digits, `_` and `-`.
    ///
    /// ## Why
    /// The connector's whole toolset is withheld from chats: `tools.25.FrontendRemoteMcpToolDefinition.name:
    /// String should match pattern '^[a-zA-Z0-9_-]{1,64}$'` (evoila/meho#2745, 2026-08;
    /// loomle/loomle#168, Desktop v1.9659.2).
    ///
    /// ## Example
    /// ```json
    /// {"name": "widgets.lookup"}
    /// ```
    pub static CLAUDE_DESKTOP_NAME_PATTERN = {
        code: "claude-desktop-name-pattern",
        phase: Profile,
        severity: Error,
        summary: "Claude Desktop withholds every tool of a server when one name has characters other than `[a-zA-Z0-9_-]`",
        help: "rename the tool with letters, digits, `_` and `-` only",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `claude-desktop`: that a tool's name has at most 64 characters.
    ///
    /// ## Why
    /// The connector validator still enforces `^[a-zA-Z0-9_-]{1,64}$` (evoila/meho#2745,
    /// 2026-08), withholding the whole toolset.
    ///
    /// ## Example
    /// A 65-character tool name.
    pub static CLAUDE_DESKTOP_NAME_LENGTH = {
        code: "claude-desktop-name-length",
        phase: Profile,
        severity: Error,
        summary: "Claude Desktop withholds every tool of a server when one name is longer than 64 characters",
        help: "shorten the tool's name to 64 characters or fewer",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `claude-desktop`: that the input schema's root has no `anyOf`, `oneOf` or
    /// `allOf`.
    ///
    /// ## Why
    /// Desktop tolerated a root `oneOf` in 2025-04 while the API refused it
    /// (modelcontextprotocol/python-sdk#494); today's behaviour is unknown: a warning.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "anyOf": [{"required": []}]}
    /// ```
    pub static CLAUDE_DESKTOP_ROOT_COMBINATOR = {
        code: "claude-desktop-root-combinator",
        phase: Profile,
        severity: Warning,
        summary: "Claude Desktop may refuse a combinator at the input schema's root (the API does)",
        help: "describe one object with optional members, and check the alternatives in the tool's code",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `vscode-copilot`: that a tool's name has only letters, digits, `_` and `-`.
    ///
    /// ## Why
    /// VS Code remaps dots to `_` with a warning (microsoft/vscode#308463, 2026-04), so
    /// the model sees another name than the server's; the Copilot CLI does not remap and
    /// fails (github/copilot-cli#2581: `CAPIError: 400 tools.19.custom.name: String
    /// should match pattern '^[a-zA-Z0-9_-]{1,128}$'`).
    ///
    /// ## Example
    /// ```json
    /// {"name": "widgets.lookup"}
    /// ```
    pub static VSCODE_COPILOT_NAME_PATTERN = {
        code: "vscode-copilot-name-pattern",
        phase: Profile,
        severity: Warning,
        summary: "VS Code Copilot rewrites tool names with characters other than `[a-zA-Z0-9_-]`",
        help: "rename the tool with letters, digits, `_` and `-` only",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `vscode-copilot`: at most 128 tools.
    ///
    /// ## Why
    /// `Cannot have more than 128 tools per request.` (client side) and `You may not
    /// include more than 128 tools in your request.` (server side);
    /// microsoft/vscode-copilot-release#11653, microsoft/vscode#254801.
    ///
    /// ## Example
    /// A registry of 129 tools.
    pub static VSCODE_COPILOT_TOOL_COUNT = {
        code: "vscode-copilot-tool-count",
        phase: Profile,
        severity: Error,
        summary: "VS Code Copilot refuses more than 128 tools per request",
        help: "split the registry, or let users enable fewer than 129 tools",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `vscode-copilot`: that the input schema's root has no `oneOf`, `anyOf`,
    /// `allOf`, `not`, `if`, `then` or `else`.
    ///
    /// ## Why
    /// `normalizeToolSchema` deletes them silently ("validated this fails both for claude
    /// and 4o"; vscode-copilot-chat `src/extension/tools/common/toolSchemaNormalizer.ts`
    /// L129-138, commit 31acd00, 2026-03-29): the constraint is lost.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "not": {"required": ["a"]}}
    /// ```
    pub static VSCODE_COPILOT_ROOT_COMBINATOR = {
        code: "vscode-copilot-root-combinator",
        phase: Profile,
        severity: Warning,
        summary: "VS Code Copilot deletes combinators at the input schema's root",
        help: "describe one object with optional members, and check the alternatives in the tool's code",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `vscode-copilot`: that every array schema has `items`.
    ///
    /// ## Why
    /// `Failed to validate tool d94_create_env_var: Error: tool parameters array type
    /// must have items` (toolSchemaNormalizer.ts L101-106; microsoft/vscode-copilot-release#10845,
    /// microsoft/vscode#257537).
    ///
    /// ## Example
    /// ```json
    /// {"type": "array"}
    /// ```
    pub static VSCODE_COPILOT_ARRAY_ITEMS = {
        code: "vscode-copilot-array-items",
        phase: Profile,
        severity: Error,
        summary: "VS Code Copilot refuses an array schema without `items`",
        help: "give the array an `items` schema",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `vscode-copilot`: that a tool's description has at most 1024 characters.
    ///
    /// ## Why
    /// For gpt-4 family models, descriptions are truncated to 1024 characters
    /// (toolSchemaNormalizer.ts L107-116, L243).
    ///
    /// ## Example
    /// A 1100-character description.
    pub static VSCODE_COPILOT_DESCRIPTION_LENGTH = {
        code: "vscode-copilot-description-length",
        phase: Profile,
        severity: Warning,
        summary: "VS Code Copilot truncates descriptions to 1024 characters for gpt-4 family models",
        help: "shorten the description to 1024 characters, putting what matters first",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `vscode-copilot`: keywords deleted for gpt-4 family models: `minLength`,
    /// `maxLength`, `pattern`, `default`, `format`, `minimum`, `maximum`, `multipleOf`,
    /// `patternProperties`, `unevaluatedProperties`, `propertyNames`, `minProperties`,
    /// `maxProperties`, `unevaluatedItems`, `contains`, `minContains`, `maxContains`,
    /// `minItems`, `maxItems`, `uniqueItems`.
    ///
    /// ## Why
    /// The Copilot API returned "a blank 400" otherwise; VS Code drops them with the
    /// warning `object has unsupported schema keyword 'default'` (toolSchemaNormalizer.ts
    /// L117-128, L247-267): the model does not see the constraint.
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "maxLength": 40}
    /// ```
    pub static VSCODE_COPILOT_KEYWORD = {
        code: "vscode-copilot-keyword",
        phase: Profile,
        severity: Warning,
        summary: "VS Code Copilot deletes this keyword for gpt-4 family models",
        help: "say the constraint in the description too, and check it in the tool's code",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `cursor`: that the server's name plus the tool's name have at most 60
    /// characters (`--server`, or `[lint] server`, by default the registry's `info.name`).
    ///
    /// ## Why
    /// Cursor filters the tool out, with only a settings warning "Combined server and
    /// tool name length (60) exceeds 60 characters" (ComposioHQ/composio#2788, 2026-02;
    /// awslabs/mcp#1283, Cursor 1.6.14).
    ///
    /// ## Example
    /// A 55-character tool name on a server named `widgets`.
    pub static CURSOR_NAME_LENGTH = {
        code: "cursor-name-length",
        phase: Profile,
        severity: Warning,
        summary: "Cursor drops a tool whose server and tool names together pass 60 characters",
        help: "shorten the tool's name, or the server's",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `cursor`: at most 40 tools.
    ///
    /// ## Why
    /// "Currently, Cursor will only send the first 40 tools to the Agent" (Cursor docs,
    /// quoted in anyproto/anytype-mcp#5; Snowflake-Labs/mcp#77, 2025-09: "previously 40",
    /// later a warning above 80). The others are silently left out.
    ///
    /// ## Example
    /// A registry of 41 tools.
    pub static CURSOR_TOOL_COUNT = {
        code: "cursor-tool-count",
        phase: Profile,
        severity: Warning,
        summary: "Cursor sends only the first 40 tools of a server to the agent",
        help: "split the registry, or put the most used tools first",
    }
}

declare_rule! {
    /// ## What it checks
    /// Profile `vscode-copilot`: that every name in `required` is a key of its object's
    /// `properties`.
    ///
    /// ## Why
    /// `normalizeToolSchema` silently removes such entries (vscode-copilot-chat
    /// `toolSchemaNormalizer.ts` L139-153, 2026-03-29): the model is no longer told the
    /// argument is required.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "required": ["id"]}
    /// ```
    pub static VSCODE_COPILOT_REQUIRED_UNDECLARED = {
        code: "vscode-copilot-required-undeclared",
        phase: Profile,
        severity: Warning,
        summary: "VS Code Copilot drops a `required` name that `properties` does not declare",
        help: "declare the property in `properties`, or remove it from `required`",
    }
}
