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
    tidy(String::from_utf8(rendered).expect("minijinja writes UTF-8"))
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

/// `text` with every line right-trimmed and one trailing newline, in place: the
/// SDKs run to hundreds of kilobytes.
fn tidy(text: String) -> String {
    let mut bytes = text.into_bytes();
    if !bytes.is_empty() && bytes.last() != Some(&b'\n') {
        bytes.push(b'\n');
    }
    // Each line is moved down over the whitespace cut from the lines before it.
    let (mut read, mut written) = (0, 0);
    while let Some(newline) = memchr::memchr(b'\n', &bytes[read..]).map(|at| read + at) {
        let line = &bytes[read..newline];
        let kept = match line.last() {
            Some(last) if last.is_ascii() && !last.is_ascii_whitespace() => line.len(),
            _ => std::str::from_utf8(line).expect("a line of UTF-8 text").trim_end().len(),
        };
        if written < read {
            bytes.copy_within(read..read + kept, written);
        }
        written += kept;
        bytes[written] = b'\n';
        written += 1;
        read = newline + 1;
    }
    bytes.truncate(written);
    while bytes.ends_with(b"\n\n") {
        bytes.pop();
    }
    // Whole lines were kept, each cut where its trailing whitespace starts: a
    // character boundary.
    String::from_utf8(bytes).expect("trimmed lines are UTF-8")
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
        assert_eq!(tidy("a  \nb\u{a0}\r\n\n  c\t\n\n\n".to_owned()), "a\nb\n\n  c\n");
        assert_eq!(tidy("no newline at the end ".to_owned()), "no newline at the end\n");
        assert_eq!(tidy("é \n\n".to_owned()), "é\n");
        assert_eq!(tidy(String::new()), "");
    }
}
