//! Existing catalogs (a top-level `schema_version`), read strictly as `ToolCatalog`.

use serde_json::Value;

use super::Document;
use crate::contract::{SCHEMA_VERSION, ToolCatalog};
use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::ingest::registry::fields::cli::json_pointer_of;
use crate::pointer::Pointer;
use crate::provenance::Provenance;
use crate::source::Format;

declare_rule! {
    /// ## What it checks
    /// That a catalog (a file whose top level has `schema_version`) reads strictly as a
    /// `harn-tools/2.0` catalog: the version is exactly `harn-tools/2.0`, every record
    /// has its required fields with the right types, and no record has a field the
    /// contract does not define. An explicit `null` counts as absent.
    ///
    /// ## Why
    /// A catalog is an interchange format. Reading it loosely would let a misspelt
    /// field (`inputschema`) vanish instead of failing.
    ///
    /// ## Example
    /// ```json
    /// {"schema_version": "harn-tools/1.0", "tools": []}
    /// ```
    pub static CATALOG_SHAPE = {
        code: "catalog-shape",
        phase: Input,
        severity: Error,
        summary: "a catalog does not read as a harn-tools/2.0 `ToolCatalog`",
    }
}

/// Whether a parsed document is a catalog rather than a registry declaration.
pub fn is_catalog(value: &Value) -> bool {
    value.as_object().is_some_and(|o| o.contains_key("schema_version"))
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
    if let Ok(catalog) = <ToolCatalog as serde::Deserialize>::deserialize(value) {
        let provenance = Provenance::identity(source, catalog.tools.len());
        return Ok((catalog, provenance));
    }
    let value = match source.format {
        Format::Json => super::json::parse(&source)?,
        Format::Yaml => super::yaml::parse(&source)?.0,
        Format::Toml => super::toml::parse(&source)?,
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
