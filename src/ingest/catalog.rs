//! Existing catalogs (a top-level `schema_version`), read strictly as `ToolCatalog`.

use serde_json::Value;

use super::Document;
use crate::contract::{SCHEMA_VERSION, ToolCatalog};
use crate::diagnostics::{Diagnostic, Origin};
use crate::ingest::registry::rules::cli_field::json_pointer_of;
use crate::ingest::rules::CATALOG_SHAPE;
use crate::pointer::Pointer;
use crate::provenance::Provenance;
use crate::source::{Format, SourceFile};

/// A JSON catalog read straight from its text into its records, without a `Value` of
/// the whole document in between, when the text opens with `schema_version` (as every
/// catalog written by `schema` does) and reads to its end as a `harn-tools/2.0` catalog
/// under the rules of any JSON input. `None` otherwise, with nothing reported: the text
/// is then parsed as any input is, and [`read`] says what is wrong with it. The
/// opening is looked at first so that a registry is not read as a catalog in vain.
pub fn read_json(source: &SourceFile) -> Option<(ToolCatalog, bool)> {
    let whitespace = [' ', '\t', '\n', '\r'];
    let opening = source.text.trim_start_matches(whitespace).strip_prefix('{')?;
    if !opening.trim_start_matches(whitespace).starts_with("\"schema_version\"") {
        return None;
    }
    super::json::read_typed(&source.text)
}

/// Whether a parsed document is a catalog rather than a registry declaration.
pub fn is_catalog(value: &Value) -> bool {
    value.as_object().is_some_and(|o| o.contains_key("schema_version"))
}

/// The schemas of a catalog document, taken out of it before it is read as a
/// `ToolCatalog` and put back after. serde would rebuild every schema object on the way
/// (re-hashing each key of each object), which was most of the cost of reading a large
/// catalog; a schema is any JSON value to the catalog's types, so taking it out and
/// putting it back changes nothing of what is accepted.
struct Schemas {
    /// Per tool, `inputSchema`, `outputSchema` and `errorSchema`, where present and not
    /// `null` (a `null` output or error schema reads as absent, and stays in place).
    tools: Vec<[Option<Value>; 3]>,
    /// `components.schemas`, when it is an object.
    components: Option<serde_json::Map<String, Value>>,
}

const SCHEMA_FIELDS: [&str; 3] = ["inputSchema", "outputSchema", "errorSchema"];

impl Schemas {
    /// Takes the schemas out of `document`, leaving `null` in a tool's place (read as
    /// any value, or as absent) and an empty object in the components'.
    fn take(document: &mut Value) -> Schemas {
        let mut tools = Vec::new();
        if let Some(Value::Array(entries)) = document.get_mut("tools") {
            tools = entries
                .iter_mut()
                .map(|entry| {
                    SCHEMA_FIELDS.map(|field| match entry.get_mut(field) {
                        Some(schema) if !schema.is_null() => Some(schema.take()),
                        _ => None,
                    })
                })
                .collect();
        }
        let components = match document.get_mut("components").and_then(|c| c.get_mut("schemas")) {
            Some(Value::Object(schemas)) => Some(std::mem::take(schemas)),
            _ => None,
        };
        Schemas { tools, components }
    }

    /// Puts the schemas back into the catalog read from the document they were taken from.
    fn put_back(self, catalog: &mut ToolCatalog) {
        for (tool, [input, output, error]) in catalog.tools.iter_mut().zip(self.tools) {
            if let Some(input) = input {
                tool.input_schema = input;
            }
            if output.is_some() {
                tool.output_schema = output;
            }
            if error.is_some() {
                tool.error_schema = error;
            }
        }
        if let (Some(components), Some(schemas)) = (catalog.components.as_mut(), self.components) {
            components.schemas = schemas.into_iter().collect();
        }
    }
}

/// Reads a catalog document strictly.
pub fn read(document: Document) -> Result<(ToolCatalog, Provenance), Diagnostic> {
    let Document { source, value } = document;
    let version = value.get("schema_version");
    if version.and_then(Value::as_str) != Some(SCHEMA_VERSION) {
        let shown = version.map_or_else(String::new, Value::to_string);
        return Err(CATALOG_SHAPE
            .diag(format!("unsupported catalog schema_version {shown}; harn-catalog reads {SCHEMA_VERSION:?}"))
            .at(Origin::value(&source, Pointer::root().key("schema_version"))));
    }
    // Read without tracking the path first, and from the owned value, so that its
    // strings move into the catalog: a well-formed catalog, the usual case, is read at
    // half the cost and without a second copy. Only a refused one is parsed again, to
    // locate the error.
    let mut value = value;
    let schemas = Schemas::take(&mut value);
    if let Ok(mut catalog) = <ToolCatalog as serde::Deserialize>::deserialize(value) {
        schemas.put_back(&mut catalog);
        let provenance = Provenance::identity(source, catalog.tools.len());
        return Ok((catalog, provenance));
    }
    let value = match source.format {
        Format::Json => super::json::parse(&source)?.0,
        Format::Yaml => super::yaml::parse(&source)?.0,
        Format::Toml => super::toml::parse(&source)?.0,
        // A module's catalog is never read here: its exports are a registry.
        Format::Harn => {
            return Err(CATALOG_SHAPE
                .diag("a .harn module is not a catalog")
                .at(Origin::value(&source, Pointer::root())));
        }
    };
    let mut track = serde_path_to_error::Track::new();
    let deserializer = serde_path_to_error::Deserializer::new(&value, &mut track);
    match <ToolCatalog as serde::Deserialize>::deserialize(deserializer) {
        Ok(catalog) => {
            let provenance = Provenance::identity(source, catalog.tools.len());
            Ok((catalog, provenance))
        }
        Err(error) => {
            let path = track.path();
            let pointer = Pointer::parse(&json_pointer_of(&path)).unwrap_or_default();
            let at = if path.to_string() == "." { String::new() } else { format!(" at {path}") };
            // An unknown field is pointed at by its name; anything else by its value.
            let origin = if error.to_string().starts_with("unknown field") {
                Origin::key(&source, pointer)
            } else {
                Origin::value(&source, pointer)
            };
            Err(CATALOG_SHAPE.diag(format!("invalid harn-tools/2.0 catalog{at}: {error}")).at(origin))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn schemas_taken_out_and_put_back_read_as_serde_reads_them_in_place() {
        let text = r##"{"schema_version": "harn-tools/2.0",
            "components": {"schemas": {"B": {"type": "string"}, "A": {"$ref": "#/components/schemas/B"}}},
            "tools": [
              {"name": "a", "inputSchema": {"type": "object", "properties": {"x": {"$ref": "#/components/schemas/A"}}},
               "outputSchema": null, "errorSchema": {"type": "string"},
               "governance": {"audiences": ["catalog"]}, "cli": {"command": ["a"], "hidden": false}, "deferLoading": false},
              {"name": "b", "inputSchema": true, "outputSchema": {"enum": [1, 2]},
               "governance": {"audiences": ["catalog"]}, "cli": {"command": ["b"], "hidden": false}, "deferLoading": false}
            ]}"##;
        let value: Value = serde_json::from_str(text).unwrap();
        let in_place: ToolCatalog = serde_json::from_value(value.clone()).unwrap();
        let source = Arc::new(SourceFile::new("catalog.json", text.to_owned(), Format::Json));
        let (read, _) = read(Document { source, value }).unwrap();
        assert_eq!(read, in_place);
        assert_eq!(read.tools[0].output_schema, None);
        assert_eq!(read.tools[1].input_schema, Value::Bool(true));
        assert_eq!(read.components.unwrap().schemas.keys().collect::<Vec<_>>(), ["A", "B"]);
    }

    #[test]
    fn a_refused_catalog_is_located_after_its_schemas_were_taken_out() {
        let text = "{\"schema_version\": \"harn-tools/2.0\",\n \"tools\": [{\"name\": \"a\", \"inputSchema\": {}, \"bogus\": 1}]}";
        let value: Value = serde_json::from_str(text).unwrap();
        let source = Arc::new(SourceFile::new("catalog.json", text.to_owned(), Format::Json));
        let error = read(Document { source, value }).unwrap_err();
        assert!(error.message.contains("at tools[0]") && error.message.contains("bogus"), "{}", error.message);
        let at = error.origin.unwrap().line_col();
        assert_eq!((at.line, at.column), (2, 45));
    }
}
