use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A change of the metadata that no other rule judges: a tool's `icons`,
    /// `namespace`, `deferLoading`, `source`, `_meta`, `policy` (but a raised
    /// side-effect level, `side-effect-raised`), `cli.hidden` and its arguments' help
    /// texts, value names, hints, completions, order and groups; a hint or task
    /// support spelled out at its default value; a command path that became an
    /// alias of the new one; the tool's CLI while it is not on the CLI; and of the
    /// catalog, `info` (its name, version and description) and the registry-level
    /// command metadata other than aliases. Icons are matched by `src`: one added,
    /// one removed, or one field of one icon changed is one change each; `_meta` and
    /// `source` are compared member by member.
    ///
    /// ## Why info
    /// None of these changes what a caller may send, will receive or may call: they
    /// are presentation (help, icons, what loads when), provenance, open metadata
    /// whose meaning is its readers', or the same contract spelled differently. A
    /// `namespace` that moves the tool's CLI command is also reported as
    /// `cli-path-changed`.
    ///
    /// ## Example
    /// `icons: [{src: widget.png}]` becomes `icons: [{src: widget.png, sizes: [48x48]}]`:
    /// one change, ``icon `widget.png`: `sizes` was added``.
    pub static METADATA_CHANGED = {
        code: "metadata-changed",
        summary: "another field of a tool or of the catalog changed",
        levels: { metadata: Info },
    }
}
