//! Compiling schemas offline with the `jsonschema` crate: Draft 2020-12
//! meta-validation and reference resolution, with the catalog's components
//! registered as resources and nothing ever fetched (DECISIONS.md 3).
//!
//! Component references are rewritten to the component's resource URI; references
//! that cannot resolve offline (external ones, and component references already
//! reported as dangling) are rewritten to an always-true placeholder, which is what
//! upstream's catalog check does with external references.

use std::collections::{BTreeMap, HashMap};

use jsonschema::{Draft, Registry, Retrieve, Uri};
use serde_json::Value;

use super::refs::Target;
use super::walk;
use crate::pointer::Pointer;

/// Refuses every retrieval: the compiler never touches the network or the disk.
struct NoFetch;

impl Retrieve for NoFetch {
    fn retrieve(
        &self,
        uri: &Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        Err(
            format!("harn-catalog never fetches schemas, and {uri} is not a catalog component")
                .into(),
        )
    }
}

const PLACEHOLDER: &str = "urn:harn-catalog:placeholder";

fn component_uri(index: usize) -> String {
    format!("urn:harn-catalog:component:{index}")
}

/// Why a schema failed to compile.
#[derive(Debug)]
pub enum Failure {
    /// The schema is not valid against the Draft 2020-12 meta-schema.
    Meta { detail: String, at: Pointer },
    /// A reference could not be resolved.
    Reference { detail: String },
    /// Any other compile error (an invalid `pattern` regex, say).
    Other { detail: String, at: Pointer },
}

/// The catalog's components, prepared once as a resource registry that every schema
/// of the catalog compiles against.
pub struct Components {
    index: HashMap<String, usize>,
    registry: Result<Registry<'static>, String>,
}

impl Components {
    pub fn new(schemas: Option<&BTreeMap<String, Value>>) -> Self {
        let empty = BTreeMap::new();
        let schemas = schemas.unwrap_or(&empty);
        let index: HashMap<String, usize> = schemas
            .keys()
            .enumerate()
            .map(|(i, name)| (name.clone(), i))
            .collect();
        let mut resources: Vec<(String, Value)> = Vec::with_capacity(schemas.len() + 1);
        resources.push((PLACEHOLDER.to_owned(), Value::Bool(true)));
        for (i, schema) in schemas.values().enumerate() {
            let mut schema = schema.clone();
            rewrite(&mut schema, &index);
            resources.push((component_uri(i), schema));
        }
        let registry = Registry::new()
            .draft(Draft::Draft202012)
            .retriever(NoFetch)
            .extend(resources)
            .and_then(|builder| builder.prepare())
            .map_err(|e| e.to_string());
        Components { index, registry }
    }

    pub fn contains(&self, name: &str) -> bool {
        self.index.contains_key(name)
    }

    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// The error that kept the components from being registered as resources.
    pub fn registry_error(&self) -> Option<&str> {
        self.registry.as_ref().err().map(String::as_str)
    }

    /// Compiles `schema` as a Draft 2020-12 validator. `Ok(None)` when the component
    /// registry itself could not be built (reported once, elsewhere).
    pub fn compile(&self, schema: &Value, rewrite_refs: bool) -> Result<Option<()>, Failure> {
        let Ok(registry) = &self.registry else {
            return Ok(None);
        };
        let rewritten;
        let document = if rewrite_refs {
            let mut copy = schema.clone();
            rewrite(&mut copy, &self.index);
            rewritten = copy;
            &rewritten
        } else {
            schema
        };
        let built = jsonschema::options()
            .with_draft(Draft::Draft202012)
            .with_retriever(NoFetch)
            .with_registry(registry)
            .build(document);
        match built {
            Ok(_) => Ok(Some(())),
            Err(error) => Err(classify(schema, &error)),
        }
    }
}

/// Rewrites component, dangling and external references in schema positions.
fn rewrite(schema: &mut Value, index: &HashMap<String, usize>) {
    walk::visit_mut(schema, &mut |object| {
        for keyword in ["$ref", "$dynamicRef"] {
            let Some(Value::String(reference)) = object.get_mut(keyword) else {
                continue;
            };
            match Target::of(reference) {
                Target::Local => {}
                Target::Component { name, rest } => {
                    *reference = match index.get(&name) {
                        Some(i) => format!("{}#{rest}", component_uri(*i)),
                        None => PLACEHOLDER.to_owned(),
                    };
                }
                Target::InvalidComponent | Target::External => *reference = PLACEHOLDER.to_owned(),
            }
        }
    });
}

fn classify(original: &Value, error: &jsonschema::ValidationError<'_>) -> Failure {
    if let Err(meta) = jsonschema::draft202012::meta::validate(original) {
        return Failure::Meta {
            detail: meta.to_string(),
            at: location(meta.instance_path().as_str()),
        };
    }
    match error.kind() {
        jsonschema::error::ValidationErrorKind::Referencing(_) => Failure::Reference {
            detail: error.to_string(),
        },
        _ => Failure::Other {
            detail: error.to_string(),
            at: location(error.instance_path().as_str()),
        },
    }
}

fn location(path: &str) -> Pointer {
    Pointer::parse(path).unwrap_or_default()
}

/// Whether compiling `schema` needs its references rewritten first.
pub fn needs_rewrite(references: &[super::refs::Reference<'_>]) -> bool {
    references.iter().any(|r| r.target != Target::Local)
}
