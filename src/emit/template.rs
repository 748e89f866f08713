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
    let mut text = String::with_capacity(rendered.len() + 1);
    for line in rendered.lines() {
        text.push_str(line.trim_end());
        text.push('\n');
    }
    while text.ends_with("\n\n") {
        text.pop();
    }
    text
}
