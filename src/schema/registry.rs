//! Compiling schemas offline with the `jsonschema` crate: Draft 2020-12
//! meta-validation and reference resolution, with the catalog's components
//! registered as resources and nothing ever fetched (spec/decisions.md 3).
//!
//! Component references are rewritten to the component's resource URI; references
//! that cannot resolve offline (external ones, and component references already
//! reported as dangling) are rewritten to an always-true placeholder, which is what
//! upstream's catalog check does with external references.

use std::collections::BTreeMap;

use std::sync::Mutex;

use jsonschema::{Draft, Registry, Retrieve, Uri};
use serde_json::Value;

use super::fragment;
use super::refs::{Reference, Target};
use super::walk;
use crate::maps::HashMap;
use crate::pointer::{Part, Pointer};

/// Refuses every retrieval: the compiler never touches the network or the disk.
struct NoFetch;

impl Retrieve for NoFetch {
    fn retrieve(&self, uri: &Uri<String>) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        Err(format!("harn-catalog never fetches schemas, and {uri} is not a catalog component").into())
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
    /// A reference could not be resolved; `at` is the reference's `$ref` (or
    /// `$dynamicRef`) when it could be told which one it was.
    Reference { detail: String, at: Option<Pointer> },
    /// Any other compile error (an invalid `pattern` regex, say); `part` is
    /// [`Part::Key`] when the offending text is a member name (a `patternProperties`
    /// regex).
    Other { detail: String, at: Pointer, part: Part },
}

/// The catalog's components, prepared once as a resource registry that every schema
/// of the catalog resolves against.
pub struct Components<'c> {
    index: HashMap<&'c str, usize>,
    schemas: Vec<&'c Value>,
    registry: Result<Registry<'static>, jsonschema::ReferencingError>,
    /// Regular expressions already compiled, with their error if any: catalogs repeat
    /// the same few patterns across many tools.
    patterns: Mutex<HashMap<String, Option<String>>>,
}

impl<'c> Components<'c> {
    pub fn new(schemas: Option<&'c BTreeMap<String, Value>>) -> Self {
        let named: Vec<(&'c String, &'c Value)> = schemas.map(|s| s.iter().collect()).unwrap_or_default();
        let index: HashMap<&'c str, usize> =
            named.iter().enumerate().map(|(i, (name, _))| (name.as_str(), i)).collect();
        let mut resources: Vec<(String, Value)> = Vec::with_capacity(named.len() + 1);
        resources.push((PLACEHOLDER.to_owned(), Value::Bool(true)));
        for (i, (_, schema)) in named.iter().enumerate() {
            let mut schema = (*schema).clone();
            rewrite(&mut schema, &index);
            resources.push((component_uri(i), schema));
        }
        let registry = Registry::new()
            .draft(Draft::Draft202012)
            .retriever(NoFetch)
            .extend(resources)
            .and_then(|builder| builder.prepare());
        Components {
            index,
            schemas: named.iter().map(|(_, schema)| *schema).collect(),
            registry,
            patterns: Mutex::new(HashMap::default()),
        }
    }

    pub fn contains(&self, name: &str) -> bool {
        self.index.contains_key(name)
    }

    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// The error that kept the components from being registered as resources.
    pub fn registry_error(&self) -> Option<&jsonschema::ReferencingError> {
        self.registry.as_ref().err()
    }

    /// Checks that `schema` is a valid Draft 2020-12 schema whose references resolve,
    /// as compiling it would, but without compiling what needs no compiling:
    ///
    /// - every schema is meta-validated (by the crate when [`super::meta`] cannot vouch
    ///   for it), and its regular expressions compiled;
    /// - a component reference resolves when the component exists (reported by the
    ///   dangling-reference rule otherwise) and its JSON Pointer tail leads somewhere
    ///   inside it;
    /// - a schema with local references or its own resources (`$id`, `$anchor`,
    ///   `$dynamicAnchor`, `$dynamicRef`) is compiled against the component registry.
    pub fn verify(&self, schema: &Value, references: &[Reference<'_>]) -> Result<(), Failure> {
        if !super::meta::plainly_valid(schema) {
            if let Err(meta) = jsonschema::draft202012::meta::validate(schema) {
                return Err(Failure::Meta { detail: meta.to_string(), at: location(meta.instance_path().as_str()) });
            }
        }
        self.check_patterns(schema)?;
        for reference in references {
            if let Target::Component { name, rest } = &reference.target {
                let Some(&i) = self.index.get(name.as_str()) else {
                    continue;
                };
                if !rest.is_empty()
                    && Pointer::parse(&fragment::decode(rest))
                        .and_then(|p| p.resolve(self.schemas[i]).map(|_| ()))
                        .is_none()
                {
                    return Err(Failure::Reference {
                        detail: format!("{:?} leads nowhere inside component {name:?}", reference.value),
                        at: Some(reference.at.key(reference.keyword)),
                    });
                }
            }
        }
        if !needs_compile(schema, references) {
            return Ok(());
        }
        let Ok(registry) = &self.registry else {
            return Ok(());
        };
        let mut document = schema.clone();
        rewrite(&mut document, &self.index);
        jsonschema::options()
            .with_draft(Draft::Draft202012)
            .with_retriever(NoFetch)
            .with_registry(registry)
            .build(&document)
            .map(|_| ())
            .map_err(|error| match error.kind() {
                jsonschema::error::ValidationErrorKind::Referencing(_) => {
                    let at = unresolvable_local(schema, references).map(|r| r.at.key(r.keyword));
                    Failure::Reference { detail: error.to_string(), at }
                }
                _ => Failure::Other {
                    detail: error.to_string(),
                    at: location(error.instance_path().as_str()),
                    part: Part::Value,
                },
            })
    }

    /// Compiles every `pattern` and `patternProperties` key the way the validator
    /// would, once per distinct expression.
    fn check_patterns(&self, schema: &Value) -> Result<(), Failure> {
        let mut failure = None;
        walk::visit(schema, |path, node| {
            if failure.is_some() {
                return;
            }
            // The pointer is built only for the pattern that fails.
            if let Some(Value::String(pattern)) = walk::keyword(node, "pattern") {
                if let Some(detail) = self.regex_error(pattern) {
                    failure = Some(Failure::Other { detail, at: path.pointer().key("pattern"), part: Part::Value });
                    return;
                }
            }
            if let Some(Value::Object(properties)) = walk::keyword(node, "patternProperties") {
                if let Some((pattern, detail)) = properties.keys().find_map(|k| Some((k, self.regex_error(k)?))) {
                    let at = path.pointer().key("patternProperties").key(pattern);
                    failure = Some(Failure::Other { detail, at, part: Part::Key });
                }
            }
        });
        failure.map_or(Ok(()), Err)
    }

    /// Why `pattern` does not compile, if it does not. Compiled outside the lock, so
    /// that parallel checks only wait for the lookup.
    fn regex_error(&self, pattern: &str) -> Option<String> {
        let cache = || self.patterns.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(known) = cache().get(pattern) {
            return known.clone();
        }
        let error = jsonschema::options()
            .with_draft(Draft::Draft202012)
            .with_retriever(NoFetch)
            .build(&serde_json::json!({ "pattern": pattern }))
            .err()
            .map(|e| e.to_string());
        cache().insert(pattern.to_owned(), error.clone());
        error
    }
}

/// The first local reference that plainly leads nowhere (a JSON Pointer fragment
/// naming no node, an anchor no node declares), to point a diagnostic at. Only a
/// locator: the compiler has already decided that something does not resolve.
fn unresolvable_local<'r, 'v>(schema: &Value, references: &'r [Reference<'v>]) -> Option<&'r Reference<'v>> {
    let mut anchors = Vec::new();
    walk::visit(schema, |_, node| {
        for keyword in ["$anchor", "$dynamicAnchor"] {
            if let Some(Value::String(anchor)) = walk::keyword(node, keyword) {
                anchors.push(anchor.clone());
            }
        }
    });
    references.iter().filter(|r| r.target == Target::Local).find(|r| {
        let decoded = fragment::decode(&r.value[1..]);
        if decoded.is_empty() || decoded.starts_with('/') {
            Pointer::parse(&decoded).and_then(|p| p.resolve(schema)).is_none()
        } else {
            !anchors.iter().any(|anchor| *anchor == *decoded)
        }
    })
}

/// Whether resolving `schema`'s references takes the full compiler: local
/// references and resource keywords do; component and external references do not.
fn needs_compile(schema: &Value, references: &[Reference<'_>]) -> bool {
    if references.iter().any(|r| r.target == Target::Local || r.keyword == "$dynamicRef") {
        return true;
    }
    let mut scoped = false;
    walk::visit(schema, |_, node| {
        scoped |= ["$id", "$anchor", "$dynamicAnchor"].iter().any(|k| walk::keyword(node, k).is_some());
    });
    scoped
}

/// Rewrites component, dangling and external references in schema positions.
fn rewrite(schema: &mut Value, index: &HashMap<&str, usize>) {
    walk::visit_mut(schema, &mut |object| {
        for keyword in ["$ref", "$dynamicRef"] {
            let Some(Value::String(reference)) = object.get_mut(keyword) else {
                continue;
            };
            match Target::of(reference) {
                Target::Local => {}
                Target::Component { name, rest } => {
                    *reference = match index.get(name.as_str()).copied() {
                        Some(i) => format!("{}#{rest}", component_uri(i)),
                        None => PLACEHOLDER.to_owned(),
                    };
                }
                Target::InvalidComponent | Target::External => *reference = PLACEHOLDER.to_owned(),
            }
        }
    });
}

fn location(path: &str) -> Pointer {
    Pointer::parse(path).unwrap_or_default()
}
