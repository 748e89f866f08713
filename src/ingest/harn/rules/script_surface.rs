use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// That the registry a module publishes can be read without running the module.
    /// The entry is the one upstream runs: `pipeline default`, else the first
    /// pipeline, else `fn main`, else the top-level statements. It publishes with
    /// `mcp_tools(X)` (or its older name `mcp_serve`) or `harness.tools.mcp_tools(X)`
    /// (or another `….tools.…(X)` call), and `X` must be built from literals, lists,
    /// dicts, `let`, `var` and `const` bindings reassigned in a straight line, calls of
    /// local functions with static arguments, `tool_registry()`, `tool_define(registry,
    /// name, description, config)`, `tool_select(registry, names)` and
    /// `tool_registry_from(specs, options)`. Handler closures (`handler: { args -> … }`)
    /// are recognised and dropped.
    ///
    /// ## Why
    /// harn-catalog never executes Harn. A registry assembled by a loop or a branch,
    /// a call into an import or a string built at run time can only be known by
    /// running it.
    ///
    /// ## Example
    /// ```harn
    /// pipeline main(task) {
    ///   var tools = tool_registry()
    ///   for name in load_names() { … }
    ///   mcp_tools(tools)
    /// }
    /// ```
    pub static SCRIPT_SURFACE = {
        code: "script-surface",
        phase: Catalog,
        severity: Error,
        summary: "the registry a module publishes cannot be read without running the module",
        help: "declare the registry as data: literals, lists and dicts, `let`/`var`/`const` bindings, `tools = tool_define(tools, name, description, config)` in a straight line, local functions called with static arguments, or tool_registry_from(specs, options)",
    }
}
