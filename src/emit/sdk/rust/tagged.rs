//! Discriminated unions as serde's internally tagged enums, which typify 0.5 makes of
//! only some of them (never of branches that are references, nor of a tag with a
//! default, nor of open branches) and otherwise turns into untagged variants that
//! accept a branch under another's tag.
//!
//! A union is discriminated when it is a `oneOf` or `anyOf` (beside annotations only)
//! whose branches are each an object, or a reference to one, that fixes one common
//! property to a string (`const`, or a one-value `enum`) of its own: the tag. Pydantic
//! writes such unions for `Annotated[A | B, Field(discriminator="kind")]`, with a
//! `discriminator` object naming the tag, which is preferred when there is a choice.
//!
//! Each becomes a definition of its own, an enum this module writes (typify is told
//! the type exists, as a replacement, and never sees the union), with one newtype
//! variant per branch, `#[serde(rename = "<value>")]`, holding the branch's struct
//! without the tag (serde reads and writes the tag itself). A branch that is a root
//! `$defs` member, referenced by such unions only, loses its tag in place and keeps its
//! name (`AreaInputCircle`, as in TypeScript); any other branch is copied into a
//! definition named after the enum and the variant (`AreaInputShapeCircle`). A variant
//! whose struct reaches the enum again is boxed.

use std::collections::{BTreeMap, BTreeSet};

use heck::ToPascalCase;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use serde_json::{Map, Value, json};

use super::super::names::first_free;
use crate::schema::refs;

/// The key, in a definition the document holds for typify, that marks it as an enum
/// this module writes: its value names the tag and each variant's value and type.
pub const TAGGED: &str = "x-harn-catalog-tagged";

/// What typify reads for a reference to a definition; `types` writes them too.
pub(super) const DEFS: &str = "#/$defs/";

/// Keywords a discriminated union may carry beside its `oneOf`/`anyOf`.
const ANNOTATIONS: &[&str] = &["description", "$comment", "examples", "deprecated", "discriminator", "type"];

/// One branch of a discriminated union as found.
struct Branch {
    /// The tag's value in it.
    value: String,
    /// The definition it references, or `None` for an inline object.
    definition: Option<String>,
    /// Whether the schema lets it leave the tag out (the tag has a default instead of
    /// being required): the enum requires it anyway.
    defaulted: bool,
}

/// A discriminated union as found: its tag property and branches.
struct Union {
    tag: String,
    branches: Vec<Branch>,
}

/// Rewrites `defs` (the document's definitions, after their last touches for typify)
/// so that every discriminated union is a definition marked [`TAGGED`]; `local` names
/// the definitions that are root `$defs` members, which a union may strip of the tag.
pub fn hoist(defs: &mut Vec<(String, Value)>, local: &BTreeSet<String>) {
    let strippable = strippable(defs, local);
    let mut stripped: BTreeMap<String, (String, String)> = BTreeMap::new();
    let mut taken: BTreeSet<String> = defs.iter().map(|(name, _)| name.clone()).collect();
    let mut index = 0;
    while index < defs.len() {
        let name = defs[index].0.clone();
        let mut schema = std::mem::take(&mut defs[index].1);
        let mut new = Vec::new();
        let mut cx = Cx { defs, strippable: &strippable, stripped: &mut stripped, taken: &mut taken, new: &mut new };
        cx.visit(&mut schema, &name, true);
        defs[index].1 = schema;
        defs.extend(new);
        index += 1;
    }
    box_recursive_variants(defs);
}

/// The root `$defs` members that are referenced only as branches of discriminated
/// unions (as found before any is rewritten), with the tag they are branches on.
fn strippable(defs: &[(String, Value)], local: &BTreeSet<String>) -> BTreeMap<String, String> {
    let mut as_branch: BTreeMap<String, (String, usize)> = BTreeMap::new();
    let mut conflicting = BTreeSet::new();
    let mut found = |union: Union| {
        for definition in union.branches.into_iter().filter_map(|b| b.definition) {
            let entry = as_branch.entry(definition.clone()).or_insert_with(|| (union.tag.clone(), 0));
            if entry.0 != union.tag {
                conflicting.insert(definition);
            }
            entry.1 += 1;
        }
    };
    for (_, schema) in defs {
        unions_at_places(schema, defs, &mut found);
    }
    let mut references: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, schema) in defs {
        for reference in refs::collect(schema) {
            if let Some(name) = reference.value.strip_prefix(DEFS) {
                *references.entry(name).or_default() += 1;
            }
        }
    }
    as_branch
        .into_iter()
        .filter(|(name, (_, count))| {
            local.contains(name) && !conflicting.contains(name) && references.get(name.as_str()) == Some(count)
        })
        .map(|(name, (tag, _))| (name, tag))
        .collect()
}

/// Calls `found` with each discriminated union that [`Cx::visit`] will rewrite in
/// `node`: at the places it walks, and inside the inline branches of each union (which
/// become definitions it walks).
fn unions_at_places(node: &Value, defs: &[(String, Value)], found: &mut impl FnMut(Union)) {
    if let Some(union) = discriminated(node, defs, &BTreeMap::new()) {
        found(union);
        let branches = node.get("oneOf").or_else(|| node.get("anyOf")).and_then(Value::as_array);
        for branch in branches.into_iter().flatten().filter(|b| b.get("$ref").is_none()) {
            unions_at_places(branch, defs, found);
        }
        return;
    }
    let Value::Object(object) = node else { return };
    let items = match object.get("items") {
        Some(Value::Array(items)) => items.iter().collect(),
        Some(item) => vec![item],
        None => Vec::new(),
    };
    let properties = object.get("properties").and_then(Value::as_object).into_iter().flat_map(Map::values);
    for place in properties.chain(items).chain(object.get("additionalProperties")) {
        unions_at_places(place, defs, found);
    }
}

/// What a walk over one definition needs.
struct Cx<'a> {
    defs: &'a mut Vec<(String, Value)>,
    /// [`strippable`]'s answer.
    strippable: &'a BTreeMap<String, String>,
    /// The definitions stripped of their tag so far: their tag and its value.
    stripped: &'a mut BTreeMap<String, (String, String)>,
    /// Every definition name given, so that a new one is new.
    taken: &'a mut BTreeSet<String>,
    /// The definitions made while walking, added after it.
    new: &'a mut Vec<(String, Value)>,
}

impl Cx<'_> {
    /// Walks `node`, whose type is named `name` (the definition's name at its root),
    /// through the places typify names a type after (properties, items, additional
    /// properties), rewriting each discriminated union. Combinators are not entered:
    /// typify merges or unions their branches, and a reference there could stop it.
    fn visit(&mut self, node: &mut Value, name: &str, root: bool) {
        if node.get(TAGGED).is_some() {
            return;
        }
        if let Some(union) = discriminated(node, self.defs, self.stripped) {
            self.rewrite(node, name, root, union);
            return;
        }
        let Value::Object(object) = node else { return };
        if let Some(Value::Object(properties)) = object.get_mut("properties") {
            for (key, property) in properties.iter_mut() {
                self.visit(property, &format!("{name}{}", identifier(key)), false);
            }
        }
        match object.get_mut("items") {
            Some(Value::Array(items)) => {
                for (i, item) in items.iter_mut().enumerate() {
                    self.visit(item, &format!("{name}Item{i}"), false);
                }
            }
            Some(item) => self.visit(item, &format!("{name}Item"), false),
            None => {}
        }
        if let Some(value) = object.get_mut("additionalProperties") {
            self.visit(value, &format!("{name}Value"), false);
        }
    }

    /// A name not given yet: `wished`, else it numbered from 2 up.
    fn fresh(&mut self, wished: String) -> String {
        let name = first_free(&wished, "", |name| self.taken.contains(name));
        self.taken.insert(name.clone());
        name
    }

    /// Puts the enum of `union` in place of `node`: at a definition's root the
    /// definition becomes it, elsewhere a new definition named `name` does and `node`
    /// references it.
    fn rewrite(&mut self, node: &mut Value, name: &str, root: bool, union: Union) {
        let enum_name = if root { name.to_owned() } else { self.fresh(name.to_owned()) };
        let branches = node.get("oneOf").or_else(|| node.get("anyOf")).and_then(Value::as_array).cloned();
        let mut variants = Vec::new();
        let mut names = BTreeSet::new();
        for (branch, schema) in union.branches.iter().zip(branches.unwrap_or_default()) {
            let variant = first_free(&identifier(&branch.value), "", |name| names.contains(name));
            names.insert(variant.clone());
            let payload = match &branch.definition {
                Some(definition) if self.strippable.get(definition) == Some(&union.tag) => {
                    if !self.stripped.contains_key(definition) {
                        if let Some((_, target)) = self.defs.iter_mut().find(|(n, _)| n == definition) {
                            strip(target, &union.tag);
                        }
                        self.stripped.insert(definition.clone(), (union.tag.clone(), branch.value.clone()));
                    }
                    definition.clone()
                }
                Some(definition) => {
                    let mut copy = self.definition(definition).cloned().unwrap_or(Value::Bool(true));
                    strip(&mut copy, &union.tag);
                    let payload = self.fresh(format!("{enum_name}{variant}"));
                    self.new.push((payload.clone(), copy));
                    payload
                }
                None => {
                    let mut copy = schema;
                    strip(&mut copy, &union.tag);
                    keep_unnamed_properties(&mut copy);
                    let payload = self.fresh(format!("{enum_name}{variant}"));
                    self.new.push((payload.clone(), copy));
                    payload
                }
            };
            variants.push(json!({ "value": branch.value, "variant": variant, "type": payload }));
        }
        let mut description = node.get("description").and_then(Value::as_str).map(str::to_owned);
        let defaulted: Vec<&str> = union.branches.iter().filter(|b| b.defaulted).map(|b| b.value.as_str()).collect();
        if !defaulted.is_empty() {
            let note = format!(
                "The tag `{}` is required here, where the schema lets the `{}` branch leave it out (it has a default).",
                union.tag,
                defaulted.join("`, `")
            );
            description = Some(match description {
                Some(text) => format!("{text}\n\n{note}"),
                None => note,
            });
        }
        let references: Vec<Value> =
            variants.iter().map(|v| json!({ "$ref": format!("{DEFS}{}", v["type"].as_str().unwrap_or("")) })).collect();
        let mut definition = Map::new();
        if let Some(description) = description {
            definition.insert("description".to_owned(), Value::String(description));
        }
        definition.insert(TAGGED.to_owned(), json!({ "tag": union.tag, "variants": variants }));
        definition.insert("oneOf".to_owned(), Value::Array(references));
        if root {
            *node = Value::Object(definition);
        } else {
            self.new.push((enum_name.clone(), Value::Object(definition)));
            *node = json!({ "$ref": format!("{DEFS}{enum_name}") });
        }
    }

    fn definition(&self, name: &str) -> Option<&Value> {
        self.defs.iter().chain(self.new.iter()).find(|(n, _)| n == name).map(|(_, s)| s)
    }
}

/// The union `node` is, when it is a discriminated one; `stripped` holds the
/// definitions already stripped of their tag, whose tag still counts.
fn discriminated(
    node: &Value,
    defs: &[(String, Value)],
    stripped: &BTreeMap<String, (String, String)>,
) -> Option<Union> {
    let object = node.as_object()?;
    let list = match (object.get("oneOf"), object.get("anyOf")) {
        (Some(Value::Array(list)), None) | (None, Some(Value::Array(list))) => list,
        _ => return None,
    };
    let alone = object.iter().all(|(key, value)| {
        matches!(key.as_str(), "oneOf" | "anyOf")
            || key.starts_with("x-")
            || (ANNOTATIONS.contains(&key.as_str()) && (key != "type" || value == "object"))
    });
    if !alone || list.len() < 2 {
        return None;
    }
    // Each branch's definition and fixed string properties.
    let mut fixed: Vec<(Option<String>, Fixed)> = Vec::new();
    for branch in list {
        let (definition, schema) = match branch.get("$ref").and_then(Value::as_str) {
            Some(reference) => {
                let only_ref = branch.as_object()?.keys().all(|k| k == "$ref" || k == "description");
                let name = reference.strip_prefix(DEFS).filter(|_| only_ref)?;
                if let Some((tag, value)) = stripped.get(name) {
                    fixed.push((Some(name.to_owned()), BTreeMap::from([(tag.clone(), (value.clone(), false))])));
                    continue;
                }
                (Some(name.to_owned()), &defs.iter().find(|(n, _)| n == name)?.1)
            }
            None => (None, branch),
        };
        fixed.push((definition, fixed_properties(schema)?));
    }
    let common: Vec<&String> =
        fixed[0].1.keys().filter(|key| fixed.iter().all(|(_, f)| f.contains_key(*key))).collect();
    let distinct = |key: &String| {
        let values: BTreeSet<&String> = fixed.iter().map(|(_, f)| &f[key].0).collect();
        values.len() == fixed.len()
    };
    let named = object.get("discriminator").and_then(|d| d.get("propertyName")).and_then(Value::as_str);
    let tag = named
        .and_then(|named| common.iter().find(|key| key.as_str() == named && distinct(key)))
        .or_else(|| common.iter().find(|key| distinct(key)))?;
    let branches = fixed
        .iter()
        .map(|(definition, f)| Branch {
            value: f[*tag].0.clone(),
            definition: definition.clone(),
            defaulted: f[*tag].1,
        })
        .collect();
    Some(Union { tag: (*tag).clone(), branches })
}

/// The properties a branch fixes to a string: name → (the string, whether defaulted
/// rather than required).
type Fixed = BTreeMap<String, (String, bool)>;

/// The properties an object schema fixes to a string, with the string and whether
/// the property is defaulted rather than required; `None` when the schema is not a
/// plain object a variant can hold.
fn fixed_properties(schema: &Value) -> Option<Fixed> {
    let object = schema.as_object()?;
    let is_object = match object.get("type") {
        Some(ty) => ty == "object",
        None => object.contains_key("properties"),
    };
    let combined = ["anyOf", "oneOf", "allOf", "not", "if", "$ref", TAGGED].iter().any(|k| object.contains_key(*k));
    if !is_object || combined {
        return None;
    }
    let required: BTreeSet<&str> =
        object.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
    let mut fixed = BTreeMap::new();
    for (name, property) in object.get("properties")?.as_object()? {
        let Some(value) = constant_string(property) else { continue };
        let defaulted = property.get("default").and_then(Value::as_str) == Some(value);
        if required.contains(name.as_str()) || defaulted {
            fixed.insert(name.clone(), (value.to_owned(), !required.contains(name.as_str())));
        }
    }
    Some(fixed)
}

/// The one string `schema` admits, when it fixes one by `const` or a one-value `enum`
/// (beside `type: "string"` and annotations only).
fn constant_string(schema: &Value) -> Option<&str> {
    let object = schema.as_object()?;
    let fits = object.iter().all(|(key, value)| match key.as_str() {
        "const" | "enum" | "description" | "default" | "examples" | "$comment" | "deprecated" => true,
        "type" => value == "string",
        _ => false,
    });
    if !fits {
        return None;
    }
    match (object.get("const"), object.get("enum")) {
        (Some(Value::String(value)), None) => Some(value),
        (None, Some(Value::Array(values))) if values.len() == 1 => values[0].as_str(),
        _ => None,
    }
}

/// Removes the tag property from a branch object (the enum reads and writes it).
fn strip(schema: &mut Value, tag: &str) {
    let Value::Object(object) = schema else { return };
    if let Some(Value::Object(properties)) = object.get_mut("properties") {
        properties.remove(tag);
    }
    if let Some(Value::Array(required)) = object.get_mut("required") {
        required.retain(|name| name != tag);
    }
}

/// An inline branch copied out as a definition of its own keeps, as every open
/// object's struct does, the properties it does not name in a flattened `extra` map
/// (the walk before left branches without one).
fn keep_unnamed_properties(schema: &mut Value) {
    let Value::Object(object) = schema else { return };
    let open = matches!(object.get("additionalProperties"), None | Some(Value::Bool(true)))
        && !object.contains_key("unevaluatedProperties");
    let named = object.get("properties").and_then(Value::as_object);
    if open && named.is_some_and(|properties| !properties.is_empty() && !properties.contains_key("extra")) {
        object.insert("additionalProperties".to_owned(), json!({}));
    }
}

/// Marks `boxed` on each variant whose type reaches its enum again, which would
/// otherwise hold itself.
fn box_recursive_variants(defs: &mut [(String, Value)]) {
    let edges: BTreeMap<String, Vec<String>> = defs
        .iter()
        .map(|(name, schema)| {
            let targets = refs::collect(schema)
                .into_iter()
                .filter_map(|r| r.value.strip_prefix(DEFS).map(str::to_owned))
                .collect();
            (name.clone(), targets)
        })
        .collect();
    let reaches = |from: &str, to: &str| {
        let mut seen = BTreeSet::new();
        let mut queue = vec![from.to_owned()];
        while let Some(name) = queue.pop() {
            if name == to {
                return true;
            }
            if seen.insert(name.clone()) {
                queue.extend(edges.get(&name).into_iter().flatten().cloned());
            }
        }
        false
    };
    for (name, schema) in defs.iter_mut() {
        let Some(Value::Array(variants)) = schema.get_mut(TAGGED).and_then(|t| t.get_mut("variants")) else {
            continue;
        };
        for variant in variants {
            let ty = variant["type"].as_str().unwrap_or_default().to_owned();
            variant["boxed"] = Value::Bool(reaches(&ty, name));
        }
    }
}

/// The enums of the definitions marked [`TAGGED`] in `defs`.
pub fn code(defs: &[(String, Value)]) -> TokenStream {
    let enums = defs.iter().filter_map(|(name, schema)| {
        let tagged = schema.get(TAGGED)?;
        let tag = tagged.get("tag")?.as_str()?;
        let ident = format_ident!("{}", name);
        let doc = schema.get("description").and_then(Value::as_str).unwrap_or("").to_owned();
        let doc = if doc.is_empty() { format!("`{name}`: one of its variants, by `{tag}`.") } else { doc };
        let variants = tagged.get("variants")?.as_array()?.iter().filter_map(|variant| {
            let value = variant.get("value")?.as_str()?;
            let variant_ident = format_ident!("{}", variant.get("variant")?.as_str()?);
            let ty = format_ident!("{}", variant.get("type")?.as_str()?);
            let payload = if variant.get("boxed") == Some(&Value::Bool(true)) {
                quote! { ::std::boxed::Box<#ty> }
            } else {
                quote! { #ty }
            };
            let doc = format!("`{tag}: \"{value}\"`");
            Some(quote! {
                #[doc = #doc]
                #[serde(rename = #value)]
                #variant_ident(#payload),
            })
        });
        Some(quote! {
            #[doc = #doc]
            #[derive(::serde::Deserialize, ::serde::Serialize, Clone, Debug)]
            #[serde(tag = #tag)]
            pub enum #ident {
                #(#variants)*
            }
        })
    });
    quote! { #(#enums)* }
}

/// The names of the definitions marked [`TAGGED`]: typify is told they exist.
pub fn names(defs: &[(String, Value)]) -> impl Iterator<Item = &str> {
    defs.iter().filter(|(_, schema)| schema.get(TAGGED).is_some()).map(|(name, _)| name.as_str())
}

/// `text` as a PascalCase Rust identifier: ASCII letters and digits, starting with a
/// letter (`square` → `Square`, `2d` → `V2d`, `self` → `VSelf`).
fn identifier(text: &str) -> String {
    let pascal: String = text.to_pascal_case().chars().filter(char::is_ascii_alphanumeric).collect();
    if pascal.is_empty() {
        return "Variant".to_owned();
    }
    if pascal.starts_with(|c: char| c.is_ascii_digit()) || pascal == "Self" {
        return format!("V{pascal}");
    }
    pascal
}
