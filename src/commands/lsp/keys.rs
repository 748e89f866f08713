//! The keys the declaration format's JSON Schema (the `registry-declaration` protocol
//! artifact) allows where the cursor stands in a registry, for completion. The place is
//! read from the text before the cursor, as it may not parse while it is typed: in
//! YAML from the indentation of the lines above, in JSON from the brackets and keys
//! still open, in TOML from the last table header.

use serde_json::Value;

use crate::source::Format;

/// One step from the document's root to the cursor's mapping.
#[derive(Debug, PartialEq, Eq)]
enum Step {
    Key(String),
    Item,
}

/// The keys (with their descriptions) the schema allows in the mapping the cursor at
/// byte `offset` of `text`, written in `format`, is in; empty where it finds none (the
/// cursor in a value, inside a JSON Schema, past what the schema says).
pub fn at(schema: &Value, format: Format, text: &str, offset: usize) -> Vec<(String, Option<String>)> {
    let offset = crate::source::floor_char_boundary(text, offset.min(text.len()));
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let typed = &text[line_start..offset];
    let steps = match format {
        Format::Yaml if !typed.contains(':') && !typed.trim_start().starts_with('#') => path(text, line_start, typed),
        Format::Json => match json_path(&text[..offset]) {
            Some(steps) => steps,
            None => return Vec::new(),
        },
        Format::Toml if !typed.contains('=') && !typed.trim_start().starts_with(['#', '[']) => {
            toml_path(&text[..line_start])
        }
        _ => return Vec::new(),
    };
    let Some(node) = steps.iter().try_fold(schema, |node, step| descend(schema, node, step)) else {
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

/// The steps to the object whose key the cursor at the end of `before` (JSON) starts,
/// `None` when the cursor is not where a key goes.
fn json_path(before: &str) -> Option<Vec<Step>> {
    // Each open container: an object with the key its current member has, or an array.
    let mut open: Vec<Option<Option<String>>> = Vec::new();
    let mut expecting_key = false;
    let mut last_string = String::new();
    let mut in_string = false;
    let mut escaped = false;
    for c in before.chars() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                (false, c) => last_string.push(c),
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                last_string.clear();
            }
            '{' => {
                open.push(Some(None));
                expecting_key = true;
            }
            '[' => {
                open.push(None);
                expecting_key = false;
            }
            '}' | ']' => {
                open.pop();
                expecting_key = false;
            }
            ':' => {
                if let Some(Some(key)) = open.last_mut() {
                    *key = Some(std::mem::take(&mut last_string));
                }
                expecting_key = false;
            }
            ',' => expecting_key = matches!(open.last(), Some(Some(_))),
            _ => {}
        }
    }
    // The cursor after `{` or `,` in an object, or inside the key it is typing.
    if !expecting_key || !matches!(open.last(), Some(Some(_))) {
        return None;
    }
    let steps = open[..open.len() - 1]
        .iter()
        .map(|container| match container {
            Some(key) => key.clone().map(Step::Key),
            None => Some(Step::Item),
        })
        .collect::<Option<Vec<Step>>>()?;
    Some(steps)
}

/// The steps to the table the lines in `before` (TOML) leave the cursor in: its last
/// header, `[a.b]` (keys) or `[[a.b]]` (an item of the array of tables `a.b`); a prefix
/// that an earlier `[[…]]` made an array of tables means its last item.
fn toml_path(before: &str) -> Vec<Step> {
    let headers: Vec<&str> = before.lines().map(str::trim).filter(|line| line.starts_with('[')).collect();
    let name = |header: &str| -> Vec<String> {
        let inner = header.trim_start_matches('[').split(']').next().unwrap_or("");
        inner.split('.').map(|key| key.trim().trim_matches(['"', '\'']).to_owned()).collect()
    };
    let arrays: Vec<Vec<String>> = headers.iter().filter(|h| h.starts_with("[[")).map(|h| name(h)).collect();
    let Some(last) = headers.last() else { return Vec::new() };
    let keys = name(last);
    let mut steps = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        steps.push(Step::Key(key.clone()));
        let prefix = &keys[..=i];
        let whole = i + 1 == keys.len();
        if (whole && last.starts_with("[[")) || (!whole && arrays.iter().any(|a| a.as_slice() == prefix)) {
            steps.push(Step::Item);
        }
    }
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

    fn keys_in(format: Format, text: &str) -> Vec<String> {
        let schema = crate::emit::declaration_schema();
        let offset = text.find('|').unwrap();
        let text = text.replace('|', "");
        at(&schema, format, &text, offset).into_iter().map(|(k, _)| k).collect()
    }

    fn keys(text: &str) -> Vec<String> {
        keys_in(Format::Yaml, text)
    }

    #[test]
    fn json_and_toml_places_are_read_from_brackets_and_headers() {
        let tool = keys_in(Format::Json, r#"{"tools": [{"name": "a", |"#);
        assert!(tool.contains(&"annotations".to_owned()) && !tool.contains(&"tools".to_owned()), "{tool:?}");
        let root = keys_in(Format::Json, r#"{"info": {"name": "x"}, "|"#);
        assert!(root.contains(&"tools".to_owned()), "{root:?}");
        let hints = keys_in(Format::Json, r#"{"tools": [{"annotations": {"a": "}{", |"#);
        assert!(hints.contains(&"readOnlyHint".to_owned()), "a bracket in a string is text: {hints:?}");
        assert!(keys_in(Format::Json, r#"{"tools": [|"#).is_empty(), "an array item is a value");
        assert!(keys_in(Format::Json, r#"{"info": |"#).is_empty(), "after a colon comes a value");
        let table = keys_in(Format::Toml, "[[tools]]\nname = \"a\"\n|");
        assert!(table.contains(&"description".to_owned()), "{table:?}");
        let nested = keys_in(Format::Toml, "[[tools]]\nname = \"a\"\n[tools.annotations]\n|");
        assert!(nested.contains(&"readOnlyHint".to_owned()), "{nested:?}");
        assert!(keys_in(Format::Toml, "[info]\nname = |").is_empty());
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
