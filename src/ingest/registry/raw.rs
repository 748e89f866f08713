//! Raw registry entries: a tool spec's keys with the place each was written.

use std::sync::Arc;

use serde_json::Value;

use crate::diagnostics::{Diagnostic, Origin, Rule};
use crate::pointer::Pointer;
use crate::source::SourceFile;

/// One key's value and where it was written.
#[derive(Clone, Debug)]
pub struct Field {
    pub value: Value,
    /// The value's pointer; its last segment is the key as the user spelled it.
    pub at: Pointer,
}

/// A tool spec after `tool_define` (spec/contract.md a.2): config keys with spec keys
/// merged in and schema spellings renamed, before per-field normalisation (a.3).
#[derive(Debug)]
pub struct RawEntry {
    pub name: String,
    pub name_at: Pointer,
    pub spec_at: Pointer,
    pub description: Option<Field>,
    pub fields: Vec<(String, Field)>,
}

impl RawEntry {
    pub fn get(&self, key: &str) -> Option<&Field> {
        self.fields.iter().find(|(k, _)| k == key).map(|(_, f)| f)
    }

    /// Removes and returns a key's field, `null` counting as absent.
    pub fn take(&mut self, key: &str) -> Option<Field> {
        take(&mut self.fields, key)
    }

    /// Sets a key (replacing any earlier value).
    pub fn set(&mut self, key: &str, field: Field) {
        match self.fields.iter_mut().find(|(k, _)| k == key) {
            Some((_, slot)) => *slot = field,
            None => self.fields.push((key.to_owned(), field)),
        }
    }
}

/// The per-tool context of normalisation: which tool, which file, what went wrong.
pub struct EntryCtx<'a> {
    pub source: &'a Arc<SourceFile>,
    pub tool: &'a str,
    pub diagnostics: Vec<Diagnostic>,
}

impl<'a> EntryCtx<'a> {
    pub fn new(source: &'a Arc<SourceFile>, tool: &'a str) -> Self {
        EntryCtx { source, tool, diagnostics: Vec::new() }
    }

    /// Reports `tool "<n>"` followed by `message` at a value.
    pub fn error(&mut self, rule: &'static Rule, message: impl std::fmt::Display, at: &Pointer) {
        self.report(rule, message, Origin::value(self.source, at.clone()), None);
    }

    /// [`EntryCtx::error`] with a help line of its own.
    pub fn error_with_help(
        &mut self,
        rule: &'static Rule,
        message: impl std::fmt::Display,
        at: &Pointer,
        help: impl Into<String>,
    ) {
        self.report(rule, message, Origin::value(self.source, at.clone()), Some(help.into()));
    }

    /// Reports `tool "<n>"` followed by `message` at a member name.
    pub fn error_at_key(&mut self, rule: &'static Rule, message: impl std::fmt::Display, at: &Pointer) {
        self.report(rule, message, Origin::key(self.source, at.clone()), None);
    }

    /// [`EntryCtx::error_at_key`] with a help line of its own.
    pub fn error_at_key_with_help(
        &mut self,
        rule: &'static Rule,
        message: impl std::fmt::Display,
        at: &Pointer,
        help: impl Into<String>,
    ) {
        self.report(rule, message, Origin::key(self.source, at.clone()), Some(help.into()));
    }

    fn report(&mut self, rule: &'static Rule, message: impl std::fmt::Display, at: Origin, help: Option<String>) {
        let diagnostic = rule.diag(format!("tool {:?}{}", self.tool, message)).at(at);
        self.diagnostics.push(match help {
            Some(help) => diagnostic.help(help),
            None => diagnostic,
        });
    }

    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    pub fn failed(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// A short description of a JSON value's type, for messages.
pub fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a bool",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// A JSON value as it appears in a message: strings quoted, the rest as JSON.
pub fn shown(value: &Value) -> String {
    let text = value.to_string();
    if text.len() > 60 { format!("{}…", &text[..crate::source::floor_char_boundary(&text, 60)]) } else { text }
}

/// Removes and returns a key's field from `fields`, `null` counting as absent.
pub fn take(fields: &mut Vec<(String, Field)>, key: &str) -> Option<Field> {
    let index = fields.iter().position(|(k, _)| k == key)?;
    let (_, field) = fields.remove(index);
    (!field.value.is_null()).then_some(field)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_a_value_of_up_to_sixty_characters_whole_and_cuts_a_longer_one() {
        // A string of 58 letters is 60 characters once quoted.
        let sixty = Value::String("a".repeat(58));
        assert_eq!(shown(&sixty), format!("\"{}\"", "a".repeat(58)));
        let sixty_one = Value::String("a".repeat(59));
        assert_eq!(shown(&sixty_one), format!("\"{}…", "a".repeat(59)));
        // Cut on a character boundary: `é` is two bytes, and byte 60 falls inside one.
        let accents = Value::String("é".repeat(40));
        assert_eq!(shown(&accents), format!("\"{}…", "é".repeat(29)));
        assert_eq!(shown(&serde_json::json!([1, 2])), "[1,2]");
    }
}
