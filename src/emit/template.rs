//! Rendering the bundled minijinja templates of generated source files, with one
//! syntax (block tags take their line with them) and one layout of the result (lines
//! right-trimmed, one trailing newline).

use serde::Serialize;

/// Renders the bundled template `source` (named `name` in errors) with `context`.
/// The templates are part of the binary, so a failure to parse or render one is a bug
/// of this crate, not of its input.
pub fn render(name: &str, source: &str, context: &impl Serialize) -> String {
    let mut environment = minijinja::Environment::new();
    let syntax = minijinja::syntax::SyntaxConfig::builder().trim_blocks(true).lstrip_blocks(true).build();
    environment.set_syntax(syntax.expect("a valid syntax configuration"));
    environment.add_template(name, source).expect("the bundled template parses");
    let rendered = environment
        .get_template(name)
        .and_then(|t| t.render(minijinja::Value::from(minijinja::value::Serde(context))))
        .expect("the bundled template renders");
    tidy(rendered)
}

/// `text` with every line right-trimmed and one trailing newline. Few lines have
/// whitespace to cut, so the text is only copied when one does: the SDKs run to
/// hundreds of kilobytes.
fn tidy(mut text: String) -> String {
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    let mut cuts = Vec::new();
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', text.as_bytes()) {
        let kept = start + text[start..end].trim_end().len();
        if kept < end {
            cuts.push(kept..end);
        }
        start = end + 1;
    }
    if !cuts.is_empty() {
        let mut trimmed = String::with_capacity(text.len());
        let mut from = 0;
        for cut in cuts {
            trimmed.push_str(&text[from..cut.start]);
            from = cut.end;
        }
        trimmed.push_str(&text[from..]);
        text = trimmed;
    }
    while text.ends_with("\n\n") {
        text.pop();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::tidy;

    #[test]
    fn lines_are_right_trimmed_and_end_with_one_newline() {
        assert_eq!(tidy("a  \nb\u{a0}\r\n\n  c\t\n\n\n".to_owned()), "a\nb\n\n  c\n");
        assert_eq!(tidy("no newline at the end ".to_owned()), "no newline at the end\n");
        assert_eq!(tidy("é \n\n".to_owned()), "é\n");
        assert_eq!(tidy(String::new()), "");
    }
}
