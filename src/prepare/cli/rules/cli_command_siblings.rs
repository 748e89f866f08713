use crate::contract::{CommandName, NonBlank};
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::maps::HashMap;
use crate::prepare::cli::CommandNode;
use crate::prepare::cli::written::origin;
use crate::provenance::Provenance;

declare_rule! {
    /// ## What it checks
    /// At every level of the generated CLI's command tree: titles and descriptions are
    /// not blank, every spelling (a command's name and its aliases) is a portable
    /// command name, none is `help` (the generated framework's own), and no two
    /// sibling commands share a spelling.
    ///
    /// ## Why
    /// A shared spelling makes `tool a b` ambiguous; `help` would shadow the built-in
    /// help command.
    ///
    /// ## Example
    /// Two CLI tools `widgets get` and `widgets fetch` where `fetch` has the alias `get`.
    pub static CLI_COMMAND_SIBLINGS = {
        code: "cli-command-siblings",
        phase: Prepare,
        severity: Error,
        summary: "sibling commands share a spelling, use `help`, or have a blank title",
    }
}

/// The sibling rules at every level below `node`, whose path is `path`. What only a
/// finding needs (the path shown, the field a spelling was written in) is worked out
/// when there is one: a registry of 10,000 tools has 10,000 siblings at its root.
pub fn check<'n>(node: &'n CommandNode, path: &mut Vec<&'n str>, provenance: &Provenance, out: &mut Vec<Diagnostic>) {
    let mut spellings: HashMap<&str, &str> = HashMap::default();
    for child in node.children.values() {
        path.push(&child.name);
        let here = child.written.as_ref();
        for (field, text) in [("title", &child.title), ("description", &child.description)] {
            if text.as_deref().is_some_and(NonBlank::is_blank) {
                let shown = path.join(" ");
                out.push(
                    CLI_COMMAND_SIBLINGS
                        .diag(format!("CLI command {field} must not be empty (command {shown:?})"))
                        .at_opt(origin(here, field, provenance))
                        .help(format!("write a {field}, or remove the key")),
                );
            }
        }
        // Where each spelling was written: a node's name is the component at its depth
        // of the command that wrote it, an alias its index in `aliases`.
        let aliases = child.aliases.iter().enumerate().map(|(i, alias)| (alias.as_str(), Some(i)));
        let names = std::iter::once((child.name.as_str(), None)).chain(aliases);
        for (spelling, alias) in names {
            let at = || {
                let field = match alias {
                    None => format!("command/{}", path.len() - 1),
                    Some(i) => format!("aliases/{i}"),
                };
                origin(here, &field, provenance)
            };
            if !CommandName::is_valid(spelling) {
                out.push(
                    CLI_COMMAND_SIBLINGS
                        .diag(format!("CLI command spelling {spelling:?} is not a portable command component"))
                        .at_opt(at())
                        .help(CommandName::help(spelling)),
                );
            } else if spelling == "help" {
                out.push(
                    CLI_COMMAND_SIBLINGS
                        .diag(format!(
                            "CLI command spelling {spelling:?} is reserved by the generated command framework"
                        ))
                        .at_opt(at())
                        .help("spell it otherwise, as \"help-tool\" (the generated CLI answers `help` itself)"),
                );
            } else if let Some(first) = spellings.insert(spelling, &child.name) {
                out.push(
                    CLI_COMMAND_SIBLINGS
                        .diag(format!(
                            "CLI command spelling {spelling:?} is shared by sibling commands {first:?} and {:?}",
                            child.name
                        ))
                        .at_opt(at())
                        .help(if alias.is_some() {
                            format!("remove the alias {spelling:?} of {:?}", child.name)
                        } else {
                            format!("remove the alias {spelling:?} of {first:?}, or rename one of the commands")
                        }),
                );
            }
        }
        check(child, path, provenance, out);
        path.pop();
    }
}
