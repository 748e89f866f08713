//! The keys the declaration format's JSON Schema (the `registry-declaration` protocol
//! artifact) allows where the cursor stands in a YAML registry, for completion: the
//! place read from the indentation of the lines above, as the text may not parse while
//! it is typed.

use serde_json::Value;

/// One step from the document's root to the cursor's mapping.
#[derive(Debug, PartialEq, Eq)]
enum Step {
    Key(String),
    Item,
}

/// The keys (with their descriptions) the schema allows in the mapping the cursor at
/// byte `offset` of `text` is in; empty where it finds none (the cursor in a value,
/// inside a JSON Schema, past what the schema says).
pub fn at(schema: &Value, text: &str, offset: usize) -> Vec<(String, Option<String>)> {
    let offset = crate::source::floor_char_boundary(text, offset.min(text.len()));
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let typed = &text[line_start..offset];
    if typed.contains(':') || typed.trim_start().starts_with('#') {
        return Vec::new();
    }
    let Some(node) = path(text, line_start, typed).iter().try_fold(schema, |node, step| descend(schema, node, step))
    else {
        return Vec::new();
    };
    let node = object_of(schema, node);
    let properties = node.and_then(|n| n.get("properties")).and_then(Value::as_object);
    properties
        .into_iter()
        .flatten()
        .filter(|(name, _)| name.as_str() != "$schema")
        .map(|(name, property)| {
            let description = property.get("description").and_then(Value::as_str).map(str::to_owned);
            (name.clone(), description)
        })
        .collect()
}

/// The steps from the root to the mapping whose keys start at the cursor's column, read
/// from the lines above `line_start` (`typed` is the cursor's line up to it).
fn path(text: &str, line_start: usize, typed: &str) -> Vec<Step> {
    let indent = typed.len() - typed.trim_start_matches(' ').len();
    let mut steps = Vec::new();
    // A `- ` on the cursor's line opens an item of the sequence above.
    let (mut limit, item_here) = match typed[indent..].strip_prefix("- ") {
        Some(_) => (indent + 1, true),
        None => (indent, false),
    };
    if item_here {
        steps.push(Step::Item);
    }
    for line in text[..line_start].lines().rev() {
        let content = line.trim_start_matches(' ');
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let at = line.len() - content.len();
        if at >= limit {
            continue;
        }
        if content.starts_with("- ") {
            // An item holding the cursor's mapping: its key, if any, is a sibling.
            steps.push(Step::Item);
            limit = at + 1;
            continue;
        }
        let Some((key, rest)) = content.split_once(':') else { continue };
        if rest.trim().is_empty() || rest.trim_start().starts_with('#') {
            steps.push(Step::Key(key.trim().trim_matches(['"', '\'']).to_owned()));
            limit = at;
        }
        if at == 0 {
            break;
        }
    }
    steps.reverse();
    steps
}

/// The schema of what `step` leads to from `node`.
fn descend<'s>(root: &'s Value, node: &'s Value, step: &Step) -> Option<&'s Value> {
    let node = match step {
        Step::Key(key) => object_of(root, node)?.get("properties")?.get(key)?,
        Step::Item => array_of(root, node)?.get("items")?,
    };
    Some(node)
}

/// `node`, its reference followed, or the first branch of its union that has
/// `want`.
fn having<'s>(root: &'s Value, node: &'s Value, want: &str) -> Option<&'s Value> {
    let mut node = node;
    for _ in 0..16 {
        if let Some(reference) = node.get("$ref").and_then(Value::as_str) {
            let pointer = reference.strip_prefix('#')?;
            node = root.pointer(pointer)?;
            continue;
        }
        if node.get(want).is_some() {
            return Some(node);
        }
        let branches = ["anyOf", "oneOf", "allOf"].iter().find_map(|k| node.get(*k)?.as_array());
        return branches?.iter().find_map(|branch| having(root, branch, want));
    }
    None
}

fn object_of<'s>(root: &'s Value, node: &'s Value) -> Option<&'s Value> {
    having(root, node, "properties")
}

fn array_of<'s>(root: &'s Value, node: &'s Value) -> Option<&'s Value> {
    having(root, node, "items")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(text: &str) -> Vec<String> {
        let schema = crate::emit::declaration_schema();
        let offset = text.find('|').unwrap();
        let text = text.replace('|', "");
        at(&schema, &text, offset).into_iter().map(|(k, _)| k).collect()
    }

    #[test]
    fn the_keys_offered_are_those_of_the_mapping_the_cursor_is_in() {
        let root = keys("info:\n  name: x\n|");
        assert!(root.contains(&"tools".to_owned()) && root.contains(&"components".to_owned()), "{root:?}");
        let tool = keys("tools:\n  - name: a\n    |");
        assert!(tool.contains(&"description".to_owned()) && tool.contains(&"annotations".to_owned()), "{tool:?}");
        assert!(!tool.contains(&"tools".to_owned()));
        let item = keys("tools:\n  - |");
        assert!(item.contains(&"name".to_owned()), "{item:?}");
        let hints = keys("tools:\n  - name: a\n    annotations:\n      |");
        assert!(hints.contains(&"readOnlyHint".to_owned()), "{hints:?}");
        let info = keys("info:\n  |");
        assert!(info.contains(&"version".to_owned()) && !info.contains(&"tools".to_owned()), "{info:?}");
    }

    #[test]
    fn a_value_being_typed_gets_no_keys() {
        assert!(keys("tools:\n  - name: |").is_empty());
        assert!(keys("# a comment |").is_empty());
    }
}
