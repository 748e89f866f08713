//! The `cli` metadata an imported tool needs for the prepare phase to accept it
//! (spec/contract.md d): a command where the implicit one (the name split on `.`) is not
//! portable, is `help`, or meets another tool's path; a long spelling for each input
//! property whose default one (`_` as `-`) is not portable, is reserved, or is taken.
//! Each is written into the tool's `cli` and reported with [`IMPORT_CLI_METADATA`].

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::{IMPORT_CLI_METADATA, Read};
use crate::diagnostics::Diagnostic;
use crate::pointer::Pointer;
use crate::prepare::cli::RESERVED_LONG;

/// The command the generated CLI reserves at every level.
const RESERVED_COMMAND: &str = "help";

/// Writes the `cli` metadata of every tool that needs some.
pub fn resolve(tools: &mut [Read], diagnostics: &mut Vec<Diagnostic>) {
    commands(tools, diagnostics);
    for tool in tools.iter_mut() {
        arguments(tool, diagnostics);
    }
}

/// `^[A-Za-z0-9_][A-Za-z0-9_-]*$`, a command component (spec/contract.md d.1).
fn is_component(text: &str) -> bool {
    let mut bytes = text.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// `^[A-Za-z0-9][A-Za-z0-9-]*$`, a long option spelling (spec/contract.md d.2).
fn is_long(text: &str) -> bool {
    let mut bytes = text.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphanumeric()) && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// Whether two command paths conflict: equal, or one the parent of the other.
fn conflicts(a: &[String], b: &[String]) -> bool {
    let shorter = a.len().min(b.len());
    a[..shorter] == b[..shorter]
}

/// `text` with every character `keep` refuses as `-`, runs of `-` as one, and no `-`
/// at either end.
fn sanitised(text: &str, keep: impl Fn(char) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let c = if keep(c) { c } else { '-' };
        if !(c == '-' && (out.is_empty() || out.ends_with('-'))) {
            out.push(c);
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// Why a path cannot be a tool's command, if it cannot.
fn refusal(path: &[String], claimed: &[(Vec<String>, String)]) -> Option<String> {
    if let Some(bad) = path.iter().find(|c| !is_component(c)) {
        return Some(format!("{bad:?} is no portable command name (letters, digits, `_` and `-`)"));
    }
    if path.iter().any(|c| c == RESERVED_COMMAND) {
        return Some("the generated CLI reserves the command \"help\"".into());
    }
    let (other_path, other) = claimed.iter().find(|(other, _)| conflicts(path, other))?;
    Some(if other_path.len() == path.len() {
        format!("tool {other:?} has the same command path")
    } else {
        format!("its command path and tool {other:?}'s would make one command both a tool and a parent")
    })
}

fn commands(tools: &mut [Read], diagnostics: &mut Vec<Diagnostic>) {
    // A name defined again replaces the earlier tool (the last one wins): only the
    // last definition of each name takes a command.
    let last: BTreeSet<usize> = {
        let mut seen = BTreeSet::new();
        let mut keep = BTreeSet::new();
        for (i, tool) in tools.iter().enumerate().rev() {
            if seen.insert(tool.name().to_owned()) {
                keep.insert(i);
            }
        }
        keep
    };
    let mut claimed: Vec<(Vec<String>, String)> = Vec::new();
    for (i, tool) in tools.iter_mut().enumerate() {
        if !last.contains(&i) {
            continue;
        }
        let name = tool.name().to_owned();
        let implicit: Vec<String> = name.split('.').map(str::to_owned).collect();
        let Some(reason) = refusal(&implicit, &claimed) else {
            claimed.push((implicit, name));
            continue;
        };
        let mut base = sanitised(&name, |c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if base.is_empty() {
            base = "tool".into();
        }
        if base == RESERVED_COMMAND {
            base = "help-tool".into();
        }
        let mut command = base.clone();
        let mut n = 2;
        while refusal(std::slice::from_ref(&command), &claimed).is_some() {
            command = format!("{base}-{n}");
            n += 1;
        }
        let cli = tool.spec.entry("cli").or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(cli) = cli {
            cli.insert("command".into(), Value::Array(vec![Value::String(command.clone())]));
        }
        let message = format!("tool {name:?}: wrote cli.command [{command:?}]: {reason}");
        diagnostics.push(IMPORT_CLI_METADATA.diag(message).at(tool.origin(&Pointer::root().key("name"))));
        claimed.push((vec![command], name));
    }
}

fn arguments(tool: &mut Read, diagnostics: &mut Vec<Diagnostic>) {
    let Some(Value::Object(properties)) = tool.spec.get("inputSchema").and_then(|s| s.get("properties")) else {
        return;
    };
    let names: Vec<String> = properties.keys().cloned().collect();
    // The default spellings that work claim them first, in property order.
    let mut taken: BTreeSet<String> = BTreeSet::new();
    let mut refused: Vec<(String, String)> = Vec::new();
    for property in &names {
        let long = property.replace('_', "-");
        let reason = if !is_long(&long) {
            Some(format!("--{long} is no portable option spelling (letters, digits and `-`)"))
        } else if RESERVED_LONG.contains(&long.as_str()) {
            Some(format!("the generated CLI reserves --{long}"))
        } else if taken.contains(&long) {
            Some(format!("--{long} is the spelling of an earlier property"))
        } else {
            None
        };
        match reason {
            Some(reason) => refused.push((property.clone(), reason)),
            None => {
                taken.insert(long);
            }
        }
    }
    let name = tool.name().to_owned();
    for (property, reason) in refused {
        let mut base = sanitised(&property, |c| c.is_ascii_alphanumeric());
        if base.is_empty() {
            base = "argument".into();
        }
        if RESERVED_LONG.contains(&base.as_str()) {
            base = format!("input-{base}");
        }
        let mut long = base.clone();
        let mut n = 2;
        while taken.contains(&long) || RESERVED_LONG.contains(&long.as_str()) {
            long = format!("{base}-{n}");
            n += 1;
        }
        taken.insert(long.clone());
        let cli = tool.spec.entry("cli").or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(cli) = cli {
            let arguments = cli.entry("arguments").or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(arguments) = arguments {
                let mut spec = Map::new();
                spec.insert("long".into(), Value::String(long.clone()));
                arguments.insert(property.clone(), Value::Object(spec));
            }
        }
        let message = format!("tool {name:?}: wrote cli.arguments.{property:?}.long {long:?}: {reason}");
        diagnostics.push(IMPORT_CLI_METADATA.diag(message).at(tool.property_origin(&property)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitises_into_portable_spellings() {
        assert_eq!(sanitised("Summarize Detection", |c| c.is_ascii_alphanumeric() || c == '_'), "Summarize-Detection");
        assert_eq!(sanitised("--a..b  c--", |c| c.is_ascii_alphanumeric()), "a-b-c");
        assert_eq!(sanitised("_x.y", |c| c.is_ascii_alphanumeric()), "x-y");
        assert!(is_component("_private") && !is_component("-x") && !is_component("a b"));
        assert!(is_long("a-1") && !is_long("-a") && !is_long("a_b"));
    }

    #[test]
    fn paths_conflict_when_equal_or_nested() {
        let path = |p: &[&str]| p.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert!(conflicts(&path(&["a"]), &path(&["a", "b"])));
        assert!(conflicts(&path(&["a", "b"]), &path(&["a", "b"])));
        assert!(!conflicts(&path(&["a", "b"]), &path(&["a", "c"])));
    }
}
