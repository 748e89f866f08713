use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A command line that ran a tool no longer reads the same: one of an argument's
    /// spellings is lost (its `--long` spelling, whether written or derived from the
    /// property name, an alias, or its `-s` short), a positional argument moved or
    /// became an option, an option became positional, a boolean reads another way
    /// (`boolean_style`), or an argument can no longer be repeated. Compared for the
    /// properties of both input schemas while the tool is on the CLI on both sides.
    /// Also an argument newly spelled `--json` (a new property `json`, say): the
    /// generated CLI then leaves out its own `--json`, which printed the result as
    /// compact JSON, and the same command line sets the argument instead.
    ///
    /// ## Why breaking
    /// Scripts calling the generated CLI fail, or worse, pass another value: `--force`
    /// of a `set_false` boolean means the opposite of a `set_true` one. A spelling
    /// kept as an alias is no break; a new spelling is `cli-alias-added`.
    ///
    /// ## Example
    /// `cli: {arguments: {id: {position: 0}}}` becomes
    /// `cli: {arguments: {id: {position: 1}}}`.
    pub static CLI_ARGUMENT_CHANGED = {
        code: "cli-argument-changed",
        summary: "a CLI argument is spelled, placed or read differently",
        levels: { metadata: Breaking },
    }
}
