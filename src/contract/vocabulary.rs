//! The closed string vocabularies of the contract.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Declares a closed string enum with its wire spellings, `ALL` (in declaration
/// order), `as_str` and `parse`.
macro_rules! vocabulary {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $wire:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema)]
        pub enum $name {
            $( $(#[$vmeta])* #[serde(rename = $wire)] $variant, )+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The wire spelling.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $wire,)+ }
            }

            /// The value with this wire spelling.
            pub fn parse(text: &str) -> Option<$name> {
                match text { $($wire => Some($name::$variant),)+ _ => None }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

vocabulary! {
    /// Adapters that may discover and invoke a tool. Declaration order is the
    /// canonical order in which a catalog lists them.
    pub enum ToolAudience {
        Cli = "cli",
        Mcp = "mcp",
        Catalog = "catalog",
        Dashboard = "dashboard",
        Agent = "agent",
    }
}

vocabulary! {
    /// What a tool does, in the vocabulary ACP uses for tool calls. `read`, `search`,
    /// `think` and `fetch` count as read-only; `other` deliberately does not.
    pub enum ToolKind {
        /// Reads workspace content without changing it.
        Read = "read",
        /// Changes workspace content (write, patch, edit).
        Edit = "edit",
        /// Removes content for good.
        Delete = "delete",
        /// Moves or renames content.
        Move = "move",
        /// Queries indexes or directories without changing them.
        Search = "search",
        /// Runs a subprocess or a shell command.
        Execute = "execute",
        /// Reasons without side effects.
        Think = "think",
        /// Retrieves remote content.
        Fetch = "fetch",
        /// Anything else; not treated as read-only.
        Other = "other",
    }
}

vocabulary! {
    /// How far a tool's side effects reach, for capability ceilings.
    pub enum SideEffectLevel {
        /// No side effect declared; permission checks treat it as unknown.
        None = "none",
        /// Reads only.
        ReadOnly = "read_only",
        /// Writes workspace files.
        WorkspaceWrite = "workspace_write",
        /// Runs subprocesses.
        ProcessExec = "process_exec",
        /// Reaches services over the network.
        Network = "network",
        /// Drives the desktop: synthetic input and screen capture. The most invasive level.
        DesktopControl = "desktop_control",
    }
}

vocabulary! {
    /// Whether a tool may be invoked as an MCP task.
    pub enum ToolTaskSupport {
        /// The client must not ask for a task.
        Forbidden = "forbidden",
        /// The client may ask for a task; a plain call works too.
        Optional = "optional",
        /// The tool can only be invoked as a task.
        Required = "required",
    }
}

vocabulary! {
    /// The colour scheme an icon is drawn for.
    pub enum ToolIconTheme {
        Light = "light",
        Dark = "dark",
    }
}

vocabulary! {
    /// Shell-portable completion hint for an argument value.
    pub enum ToolCliValueHint {
        File = "file",
        Directory = "directory",
        Path = "path",
        Url = "url",
        Email = "email",
        Username = "username",
        Hostname = "hostname",
        Command = "command",
        Other = "other",
    }
}

vocabulary! {
    /// How a boolean property reads from command-line tokens.
    #[derive(Default)]
    pub enum ToolCliBooleanStyle {
        /// An explicit `true` or `false` value.
        #[default]
        Value = "value",
        /// `true` when the flag is present; the property is omitted otherwise.
        SetTrue = "set_true",
        /// `false` when the flag is present; the property is omitted otherwise.
        SetFalse = "set_false",
    }
}

vocabulary! {
    /// A parameter's type in a declaration's `parameters` map: Harn's names, JSON
    /// Schema's, or `any`. Harn's names are lowered to JSON Schema's in the catalog.
    /// The order is the one a refusal's help lists them in.
    pub enum ShorthandType {
        /// Text. Becomes `{"type": "string"}`.
        String = "string",
        /// A whole number, as JSON Schema names it.
        Integer = "integer",
        /// A whole number. Becomes `{"type": "integer"}`.
        Int = "int",
        /// Any number, as JSON Schema names it.
        Number = "number",
        /// Any number. Becomes `{"type": "number"}`.
        Float = "float",
        /// `true` or `false`, as JSON Schema names it.
        Boolean = "boolean",
        /// `true` or `false`. Becomes `{"type": "boolean"}`.
        Bool = "bool",
        /// A list of values, as JSON Schema names it.
        Array = "array",
        /// A list of values. Becomes `{"type": "array"}`.
        List = "list",
        /// An object of named values, as JSON Schema names it.
        Object = "object",
        /// An object of named values. Becomes `{"type": "object"}`.
        Dict = "dict",
        /// Only `null`.
        Null = "null",
        /// Any value at all. Becomes `{}`.
        Any = "any",
        /// Any value at all, like `any`.
        Unknown = "unknown",
    }
}

impl ShorthandType {
    /// The JSON Schema `type` it stands for; `None` for `any` and `unknown`, which
    /// accept every value.
    pub fn json_type(self) -> Option<&'static str> {
        Some(match self {
            ShorthandType::String => "string",
            ShorthandType::Int | ShorthandType::Integer => "integer",
            ShorthandType::Float | ShorthandType::Number => "number",
            ShorthandType::Bool | ShorthandType::Boolean => "boolean",
            ShorthandType::List | ShorthandType::Array => "array",
            ShorthandType::Dict | ShorthandType::Object => "object",
            ShorthandType::Null => "null",
            ShorthandType::Any | ShorthandType::Unknown => return None,
        })
    }
}

vocabulary! {
    /// What runs a tool. A declaration holds no handler code, so a tool without one is
    /// run by Harn.
    pub enum Executor {
        /// Harn runs the tool's `handler` (the default).
        Harn = "harn",
        /// Harn's own built-in tool.
        HarnBuiltin = "harn_builtin",
        /// The host application runs it; needs `host_capability`.
        HostBridge = "host_bridge",
        /// An MCP server runs it; needs `mcp_server`.
        McpServer = "mcp_server",
        /// The model provider runs it natively.
        ProviderNative = "provider_native",
    }
}
