//! Rendering the bundled minijinja templates of generated source files, with one
//! syntax (block tags take their line with them) and one layout of the result (lines
//! right-trimmed, one trailing newline).

use serde::Serialize;

/// Renders the bundled template `source` (named `name` in errors) with `context`.
/// The templates are part of the binary, so a failure to parse or render one is a bug
/// of this crate, not of its input.
pub fn render(name: &str, source: &str, context: &impl Serialize) -> String {
    render_sized(name, source, context, 0)
}

/// [`render`] into a buffer of `capacity` bytes to start with: the SDKs run to
/// hundreds of kilobytes, and a buffer grown from minijinja's small guess copied
/// each of them twice over into fresh memory.
pub fn render_sized(name: &str, source: &str, context: &impl Serialize, capacity: usize) -> String {
    let mut environment = minijinja::Environment::new();
    let syntax = minijinja::syntax::SyntaxConfig::builder().trim_blocks(true).lstrip_blocks(true).build();
    environment.set_syntax(syntax.expect("a valid syntax configuration"));
    environment.add_template(name, source).expect("the bundled template parses");
    let mut rendered = Vec::with_capacity(capacity);
    environment
        .get_template(name)
        .and_then(|t| t.render_captured_to(minijinja::Value::from(minijinja::value::Serde(context)), &mut rendered))
        .expect("the bundled template renders");
    tidy(rendered)
}

/// Text written ahead of rendering that a template places as it is (`{{ name }}`):
/// lent to minijinja rather than copied into one of its strings, as a field of a
/// context would be (an SDK's declarations and advertised tools run to hundreds of
/// kilobytes). Serialised as part of a context, it stays this object.
#[derive(Debug)]
pub struct Text(String);

impl Text {
    pub fn value(text: String) -> minijinja::Value {
        minijinja::Value::from_object(Text(text))
    }
}

impl minijinja::value::Object for Text {
    fn repr(self: &std::sync::Arc<Self>) -> minijinja::value::ObjectRepr {
        minijinja::value::ObjectRepr::Plain
    }

    fn render(self: &std::sync::Arc<Self>, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The text minijinja wrote, with every line right-trimmed and one trailing newline,
/// trimmed in place: the SDKs run to hundreds of kilobytes.
fn tidy(mut bytes: Vec<u8>) -> String {
    if !bytes.is_empty() && bytes.last() != Some(&b'\n') {
        bytes.push(b'\n');
    }
    // The trailing whitespace of each line, found first: few lines have any.
    let mut cuts = Vec::new();
    let mut start = 0;
    for newline in memchr::memchr_iter(b'\n', &bytes) {
        let line = &bytes[start..newline];
        if line.last().is_some_and(|last| !last.is_ascii() || last.is_ascii_whitespace()) {
            let kept = std::str::from_utf8(line).map_or(line.len(), |line| line.trim_end().len());
            if kept < line.len() {
                cuts.push(start + kept..newline);
            }
        }
        start = newline + 1;
    }
    // Then the text between the cuts moved down over them.
    let mut written = cuts.first().map_or(bytes.len(), |cut| cut.start);
    for (i, cut) in cuts.iter().enumerate() {
        let next = cuts.get(i + 1).map_or(bytes.len(), |after| after.start);
        bytes.copy_within(cut.end..next, written);
        written += next - cut.end;
    }
    bytes.truncate(written);
    while bytes.ends_with(b"\n\n") {
        bytes.pop();
    }
    // Whole lines were kept, each cut where its trailing whitespace starts: a
    // character boundary.
    String::from_utf8(bytes).expect("minijinja writes UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A [`Text`] in a context is placed as it is, not rendered as a string value
    /// (which would be quoted in a container) nor as an empty object.
    #[test]
    fn a_text_is_placed_as_it_is() {
        #[derive(serde::Serialize)]
        struct Context {
            text: minijinja::Value,
            list: Vec<u8>,
        }
        let context = Context { text: Text::value("type A = \"a\";  \n".to_owned()), list: vec![1, 2] };
        let rendered = render_sized("t", "{{ text }}{% for i in list %}{{ i }}{% endfor %}\n", &context, 1);
        assert_eq!(rendered, "type A = \"a\";\n12\n");
    }

    #[test]
    fn lines_are_right_trimmed_and_end_with_one_newline() {
        assert_eq!(tidy("a  \nb\u{a0}\r\n\n  c\t\n\n\n".into()), "a\nb\n\n  c\n");
        assert_eq!(tidy("no newline at the end ".into()), "no newline at the end\n");
        assert_eq!(tidy("é \n\n".into()), "é\n");
        assert_eq!(tidy(Vec::new()), "");
        // Cuts in a row, and lines that end in other characters than ASCII.
        assert_eq!(tidy("aé\nb \n c\u{3000}\n\t\nd".into()), "aé\nb\n c\n\nd\n");
    }
}
