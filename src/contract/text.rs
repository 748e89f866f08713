//! The contract's constrained strings, one type each with its JSON Schema written
//! once: non-blank text, command names, and option spellings.
//!
//! They read and write as plain strings (serde-transparent) and accept any string:
//! the constraint is the catalog phase's to report, with a location and a fix, not
//! the reader's to reject. Their schemas are inlined where they are used, as in the
//! published envelope schema, which declares no such types.

use std::borrow::{Borrow, Cow};
use std::fmt;
use std::ops::Deref;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Serialize};

/// Declares a string newtype with its schema, transparent to serde and to `str`.
macro_rules! constrained_string {
    ($(#[$meta:meta])* $name:ident, $schema:tt) => {
        $(#[$meta])*
        #[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            pub fn new(text: impl Into<String>) -> Self {
                $name(text.into())
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }

            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl JsonSchema for $name {
            fn inline_schema() -> bool {
                true
            }

            fn schema_name() -> Cow<'static, str> {
                stringify!($name).into()
            }

            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                json_schema!($schema)
            }
        }

        impl Deref for $name {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl From<String> for $name {
            fn from(text: String) -> Self {
                $name(text)
            }
        }

        impl From<&str> for $name {
            fn from(text: &str) -> Self {
                $name(text.to_owned())
            }
        }

        impl From<$name> for String {
            fn from(text: $name) -> String {
                text.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                self.0 == *other
            }
        }

        /// As the string itself: messages quote names with `{:?}`.
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&self.0, f)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

/// The non-blank pattern of the envelope schema: something other than white space.
pub const NON_BLANK_PATTERN: &str = r".*\S.*";

constrained_string! {
    /// A name or text shown to people and models, which must not be blank (empty after
    /// trimming white space): names, titles, descriptions, icon fields, source ids.
    NonBlank,
    { "type": "string", "minLength": 1, "pattern": NON_BLANK_PATTERN }
}

constrained_string! {
    /// One component of a generated CLI's command path, or a command alias:
    /// `^[A-Za-z0-9_][A-Za-z0-9_-]*$`, portable to every shell.
    CommandName,
    { "type": "string", "pattern": "^[A-Za-z0-9_][A-Za-z0-9_-]*$" }
}

constrained_string! {
    /// A long option of a generated CLI, without its `--`, or one of its aliases:
    /// `^[A-Za-z0-9][A-Za-z0-9-]*$`.
    OptionSpelling,
    { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9-]*$" }
}

impl NonBlank {
    /// Whether `text` breaks the constraint: empty after trimming Unicode white space.
    pub fn is_blank(text: &str) -> bool {
        text.trim().is_empty()
    }
}

impl CommandName {
    /// Whether `text` follows the command-name grammar (ASCII).
    pub fn is_valid(text: &str) -> bool {
        let mut bytes = text.bytes();
        matches!(bytes.next(), Some(b) if b.is_ascii_alphanumeric() || b == b'_')
            && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    }

    /// `text` made a command name, for a help line: each run of other characters one
    /// `-`, none at either end; `None` when nothing is left.
    pub fn portable_form(text: &str) -> Option<String> {
        let mut portable = String::new();
        for c in text.chars() {
            if c.is_ascii_alphanumeric() || c == '_' {
                portable.push(c);
            } else if !portable.is_empty() && !portable.ends_with('-') {
                portable.push('-');
            }
        }
        let portable = portable.trim_end_matches('-');
        CommandName::is_valid(portable).then(|| portable.to_owned())
    }

    /// The help line of a spelling that is not a command name.
    pub fn help(text: &str) -> String {
        match CommandName::portable_form(text) {
            Some(portable) => {
                format!("write it as {portable:?}: ASCII letters, digits, `_` and `-`, not starting with `-`")
            }
            None => "use ASCII letters, digits, `_` and `-`, not starting with `-`".to_owned(),
        }
    }
}

impl OptionSpelling {
    /// Whether `text` follows the long-option grammar (ASCII).
    pub fn is_valid(text: &str) -> bool {
        let mut bytes = text.bytes();
        matches!(bytes.next(), Some(b) if b.is_ascii_alphanumeric())
            && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'-')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_names_and_option_spellings_follow_their_grammars() {
        for ok in ["widgets", "get_widget", "_x", "a-b", "9"] {
            assert!(CommandName::is_valid(ok), "{ok}");
        }
        for bad in ["", "-x", "a b", "a.b", "é"] {
            assert!(!CommandName::is_valid(bad), "{bad}");
        }
        assert!(OptionSpelling::is_valid("widget-id"));
        assert!(!OptionSpelling::is_valid("_x"));
        assert!(!OptionSpelling::is_valid("widget_id"));
    }

    #[test]
    fn blank_text_is_white_space_only() {
        for blank in ["", " ", "\t\n", "\u{3000}"] {
            assert!(NonBlank::is_blank(blank), "{blank:?}");
        }
        for text in ["a", " a ", "\u{3000}x"] {
            assert!(!NonBlank::is_blank(text), "{text:?}");
        }
    }

    #[test]
    fn reads_and_writes_as_a_plain_string_and_quotes_as_one() {
        let name: NonBlank = serde_json::from_str(r#""  ""#).unwrap();
        assert_eq!(name, "  ", "blank text is read: the catalog phase reports it, located");
        assert_eq!(serde_json::to_string(&name).unwrap(), r#""  ""#);
        assert_eq!(format!("{:?}", NonBlank::from("a\"b")), format!("{:?}", "a\"b"));
    }
}
