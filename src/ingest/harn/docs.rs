//! Doc comments (spec/exports.md c.3), read from the raw source lines rather than from
//! tokens, as upstream does: a function's doc above its declaration, the module's at
//! the top of the file.

/// A line's doc text: `///`, `/**`, `*` and a trailing `*/` stripped; `None` when the
/// line is not a doc line. A line that is exactly `/**` or `*/` is an empty doc line.
fn doc_text(line: &str) -> Option<String> {
    let trimmed = line.trim();
    if trimmed == "/**" || trimmed == "*/" {
        return Some(String::new());
    }
    let rest =
        trimmed.strip_prefix("///").or_else(|| trimmed.strip_prefix("/**")).or_else(|| trimmed.strip_prefix('*'))?;
    let rest = rest.strip_suffix("*/").unwrap_or(rest);
    Some(rest.trim().to_owned())
}

/// Doc lines, in source order, as one trimmed text; `None` when empty.
fn joined(lines: &[String]) -> Option<String> {
    let text = lines.join("\n").trim().to_owned();
    (!text.is_empty()).then_some(text)
}

/// The doc of the declaration whose first line (after its attributes) is
/// `declaration_line` (0-based), walking up: attribute lines are skipped, doc lines
/// collected until the first non-doc line (a blank line detaches a comment), and the
/// walk stops right after a line that opens a `/**` block.
pub fn declaration_doc(lines: &[&str], declaration_line: usize) -> Option<String> {
    let mut collected = Vec::new();
    let mut line = declaration_line;
    while line > 0 {
        line -= 1;
        let trimmed = lines[line].trim();
        if collected.is_empty() && trimmed.starts_with('@') {
            continue;
        }
        let Some(text) = doc_text(lines[line]) else { break };
        collected.push(text);
        if trimmed.starts_with("/**") {
            break;
        }
    }
    // Collected bottom-up.
    collected.reverse();
    joined(&collected)
}

/// The module doc: after leading blank and `#!` lines, a `/**` or `///` comment
/// collected to its first non-doc line, or to the line that ends its `*/`.
pub fn module_doc(lines: &[&str]) -> Option<String> {
    let mut index = 0;
    while index < lines.len() && (lines[index].trim().is_empty() || lines[index].trim_start().starts_with("#!")) {
        index += 1;
    }
    let first = lines.get(index)?.trim();
    if !(first.starts_with("/**") || first.starts_with("///")) {
        return None;
    }
    let mut collected = Vec::new();
    for line in &lines[index..] {
        let Some(text) = doc_text(line) else { break };
        collected.push(text);
        let trimmed = line.trim();
        if trimmed.ends_with("*/") && trimmed != "/**" {
            break;
        }
    }
    joined(&collected)
}

/// `title` and `description` of a doc: the first line as title when it is non-empty
/// and at most 80 characters; the whole text as description.
pub fn title_and_description(doc: Option<&str>) -> (Option<String>, Option<String>) {
    let Some(doc) = doc else { return (None, None) };
    let first = doc.lines().next().unwrap_or_default().trim();
    let title = (!first.is_empty() && first.chars().count() <= 80).then(|| first.to_owned());
    (title, Some(doc.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<&str> {
        text.lines().collect()
    }

    #[test]
    fn reads_line_docs_above_attributes() {
        let text = "/// Look up a widget.\n/// Returns it whole.\n@annotations(readOnly: true)\npub fn lookup() {}";
        assert_eq!(declaration_doc(&lines(text), 3).as_deref(), Some("Look up a widget.\nReturns it whole."));
    }

    #[test]
    fn a_blank_line_detaches_a_comment_and_block_docs_stop_at_their_opening() {
        let text = "/// Detached.\n\npub fn a() {}\n/// Not this.\n/**\n * Block doc.\n */\npub fn b() {}";
        let lines = lines(text);
        assert_eq!(declaration_doc(&lines, 2), None);
        assert_eq!(declaration_doc(&lines, 7).as_deref(), Some("Block doc."));
    }

    #[test]
    fn module_doc_skips_the_shebang_and_stops_at_the_closing_line() {
        let text = "#!/usr/bin/env harn\n\n/** Widget tools.\n * Second line. */\n/// Not module doc.\npub fn a() {}";
        assert_eq!(module_doc(&lines(text)).as_deref(), Some("Widget tools.\nSecond line."));
        assert_eq!(module_doc(&lines("import \"x\"\n/** late */")), None);
    }

    #[test]
    fn titles_are_short_first_lines() {
        assert_eq!(title_and_description(Some("Short.\nLong text.")).0.as_deref(), Some("Short."));
        let long = "x".repeat(81);
        assert_eq!(title_and_description(Some(&long)).0, None);
        assert_eq!(title_and_description(Some(&long)).1.as_deref(), Some(long.as_str()));
    }
}
