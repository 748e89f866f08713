use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::prepare::cli::{PreparedArgument, ToolCx};

declare_rule! {
    /// ## What it checks
    /// The shape of a tool's positional arguments: their positions, sorted, are exactly
    /// `0..n-1`; no required positional comes after an optional one; a repeatable
    /// positional comes last.
    ///
    /// ## Why
    /// Positional tokens are matched by order. A gap, a required argument after an
    /// optional one, or a repeatable one in the middle makes some command lines
    /// impossible to read unambiguously.
    ///
    /// ## Example
    /// ```json
    /// {"cli": {"arguments": {"a": {"position": 0}, "b": {"position": 2}}}}
    /// ```
    pub static CLI_POSITIONALS = {
        code: "cli-positionals",
        phase: Prepare,
        severity: Error,
        summary: "positional arguments have gaps, put required after optional, or a repeatable one not last",
    }
}

pub fn check(tool: &ToolCx<'_>, arguments: &[PreparedArgument], out: &mut Vec<Diagnostic>) {
    let name = &tool.tool.name;
    let mut positional: Vec<&PreparedArgument> = arguments.iter().filter(|a| a.position.is_some()).collect();
    positional.sort_by_key(|a| a.position);
    let at = |argument: &PreparedArgument| tool.argument_origin(&argument.property, Some("position"));
    if let Some((expected, argument)) = positional.iter().enumerate().find(|(i, a)| a.position != Some(*i as u32)) {
        out.push(
            CLI_POSITIONALS
                .diag(format!(
                    "tool {name:?} CLI positional indexes must be dense from 0; expected {expected}, found {}",
                    argument.position.unwrap_or_default()
                ))
                .at(at(argument)),
        );
        return;
    }
    let mut optional: Option<&PreparedArgument> = None;
    for argument in &positional {
        match optional {
            Some(earlier) if argument.required => out.push(
                CLI_POSITIONALS
                    .diag(format!(
                        "tool {name:?} CLI positional property {:?} at {} is required after optional property {:?}",
                        argument.property,
                        argument.position.unwrap_or_default(),
                        earlier.property
                    ))
                    .at(at(argument)),
            ),
            None if !argument.required => optional = Some(argument),
            _ => {}
        }
    }
    if let Some(argument) = positional.iter().rev().skip(1).find(|a| a.repeatable) {
        out.push(
            CLI_POSITIONALS
                .diag(format!("tool {name:?} repeatable CLI positional property {:?} must be last", argument.property))
                .at(at(argument)),
        );
    }
}
