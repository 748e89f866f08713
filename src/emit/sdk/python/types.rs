//! JSON Schemas as Python types for the Python SDK: pydantic models for objects that
//! name properties, type aliases for the rest, each with a docstring that says what it
//! leaves out. Everything a schema says that pydantic cannot check is left out, so
//! that a type is wider than its schema, never narrower: every valid instance passes.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::super::doc::{self, BOUNDS, Notes, Tags, UNEXPRESSED};
use super::super::names::{RESERVED, first_free, pascal_case};
use super::super::{Sdk, WIDENED};
use crate::schema::walk;

/// Keywords that give a value its shape beside a `const` or `enum`, which a literal
/// type leaves out.
const SHAPES: &[&str] = &[
    "$ref",
    "allOf",
    "anyOf",
    "oneOf",
    "properties",
    "additionalProperties",
    "patternProperties",
    "items",
    "prefixItems",
];

/// The JSON kinds in the order a union of all of them is written (`null` last: a
/// union may not start with `None` at run time).
const ALL_KINDS: &[&str] = &["boolean", "number", "string", "array", "object", "null"];

/// Python keywords, and the names the module's annotations use, which a field of that
/// name would shadow inside its class.
const FIELD_RESERVED: &[&str] = &[
    "False",
    "None",
    "True",
    "and",
    "as",
    "assert",
    "async",
    "await",
    "break",
    "class",
    "continue",
    "def",
    "del",
    "elif",
    "else",
    "except",
    "finally",
    "for",
    "from",
    "global",
    "if",
    "import",
    "in",
    "is",
    "lambda",
    "nonlocal",
    "not",
    "or",
    "pass",
    "raise",
    "return",
    "try",
    "while",
    "with",
    "yield",
    "int",
    "float",
    "str",
    "bool",
    "list",
    "dict",
    "object",
    "type",
    "Any",
    "Annotated",
    "Literal",
    "Field",
    "ConfigDict",
    "BaseModel",
    // Attributes of pydantic's BaseModel besides the `model_` ones.
    "construct",
    "copy",
    "from_orm",
    "json",
    "parse_file",
    "parse_obj",
    "parse_raw",
    "schema",
    "schema_json",
    "update_forward_refs",
    "validate",
];

/// The names the Python module declares or imports beside the [`RESERVED`] ones
/// (which `names.rs` keeps for every language).
const MODULE_NAMES: &[&str] = &["ToolInfo", "ToolResult"];

/// A Python type expression, and whether it admits `None`.
#[derive(Clone)]
struct Ty {
    expr: String,
    nullable: bool,
}

impl Ty {
    fn new(expr: impl Into<String>) -> Self {
        Ty { expr: expr.into(), nullable: false }
    }

    fn any() -> Self {
        Ty { expr: "Any".to_owned(), nullable: true }
    }

    fn none() -> Self {
        Ty { expr: "None".to_owned(), nullable: true }
    }

    fn never() -> Self {
        Ty::new("_Never")
    }
}

/// A model field.
struct FieldDecl {
    name: String,
    /// The JSON name, when it differs from the field's.
    alias: Option<String>,
    ty: String,
    required: bool,
    doc: Vec<String>,
}

/// A pydantic model.
struct ClassDecl {
    name: String,
    doc: Vec<String>,
    /// `allow` or `forbid`.
    extra: &'static str,
    /// The type of the properties it does not name, when checked.
    extra_type: Option<String>,
    fields: Vec<FieldDecl>,
}

/// A type alias: `Name = <type>`.
struct AliasDecl {
    name: String,
    ty: String,
    doc: Vec<String>,
    /// The named types its expression mentions: an alias must follow the aliases it
    /// mentions (models are declared first and resolve their annotations last).
    refs: BTreeSet<String>,
}

/// Renders the schemas of `sdk`.
struct Types<'s, 'c> {
    sdk: &'s Sdk<'c>,
    /// Every type name given: the model's, the reserved ones, and the inner models'.
    taken: BTreeSet<String>,
    classes: Vec<ClassDecl>,
    /// The named types the declaration being rendered mentions.
    refs: BTreeSet<String>,
}

/// Every declaration of the SDK, written: the models first (their annotations are
/// resolved once all are declared), then the aliases, each after those it mentions.
pub fn declarations(sdk: &Sdk<'_>) -> String {
    let mut taken: BTreeSet<String> = RESERVED.iter().chain(MODULE_NAMES).map(|n| (*n).to_owned()).collect();
    for tool in &sdk.tools {
        taken.extend([tool.input_type(), tool.output_type(), tool.error_type()]);
    }
    taken.extend(sdk.components.iter().map(|c| c.type_name.clone()));
    taken.extend(sdk.defs.iter().map(|d| d.type_name.clone()));
    let mut types = Types { sdk, taken, classes: Vec::new(), refs: BTreeSet::new() };
    let mut aliases = Vec::new();
    for component in &sdk.components {
        let name = &component.type_name;
        types.named(name, Some(component.schema), name, Vec::new(), &mut aliases);
    }
    // A member another side of its tool shares is declared once, by the first.
    for def in sdk.defs.iter().filter(|d| d.declared()) {
        types.named(&def.type_name, Some(def.schema), &def.owner, Vec::new(), &mut aliases);
    }
    for tool in &sdk.tools {
        let entry = tool.entry;
        let input = tool.input_type();
        let mut doc = vec![format!("`{}`", tool.signature)];
        for text in [tool.title(), entry.description.as_ref().map(|d| d.as_str())].into_iter().flatten() {
            doc.push(String::new());
            doc.extend(text.lines().map(str::to_owned));
        }
        types.named(&input, Some(&entry.input_schema), &input, doc, &mut aliases);
        for (name, schema, side) in [
            (tool.output_type(), entry.output_schema.as_ref(), "output"),
            (tool.error_type(), entry.error_schema.as_ref(), "error"),
        ] {
            let doc = if schema.is_some() {
                Vec::new()
            } else {
                vec![format!("`{}` declares no {side} schema: any JSON value.", tool.name())]
            };
            types.named(&name, schema, &name, doc, &mut aliases);
        }
    }
    let mut out = String::new();
    for class in &types.classes {
        write_class(&mut out, class);
    }
    for alias in order(aliases) {
        out.push('\n');
        out.push_str(&alias.name);
        out.push_str(" = ");
        out.push_str(&alias.ty);
        out.push('\n');
        write_docstring(&mut out, &alias.doc, 0);
    }
    if !types.classes.is_empty() {
        out.push_str("\nfor _model in (\n");
        for class in &types.classes {
            out.push_str("    ");
            out.push_str(&class.name);
            out.push_str(",\n");
        }
        out.push_str("):\n    _model.model_rebuild()\n");
    }
    out
}

/// `aliases` in their order, each moved after the aliases it mentions. Aliases that
/// mention each other in a circle (which no alias can express) become `Any`, and say so.
fn order(aliases: Vec<AliasDecl>) -> Vec<AliasDecl> {
    let names: BTreeSet<String> = aliases.iter().map(|a| a.name.clone()).collect();
    let mut pending: Vec<Option<AliasDecl>> = aliases.into_iter().map(Some).collect();
    let mut declared: BTreeSet<String> = BTreeSet::new();
    let mut ordered = Vec::with_capacity(pending.len());
    loop {
        let ready = pending.iter().position(|a| {
            a.as_ref().is_some_and(|a| a.refs.iter().all(|r| !names.contains(r) || declared.contains(r)))
        });
        match ready {
            Some(at) => {
                let alias = pending[at].take().unwrap_or_else(|| unreachable!("position found a pending alias"));
                declared.insert(alias.name.clone());
                ordered.push(alias);
            }
            None => break,
        }
    }
    for mut alias in pending.into_iter().flatten() {
        // A circle of aliases: the first left is widened, which frees the others.
        alias.ty = "Any".to_owned();
        alias.doc.push(String::new());
        alias.doc.push(format!("{WIDENED}: it is `Any`, as it refers to itself through other aliases."));
        alias.refs.clear();
        ordered.push(alias);
    }
    ordered
}

impl Types<'_, '_> {
    /// Declares `name` as the type of `schema` (`Any` without one), whose `#` means
    /// `owner`: a model when the schema is an object that names properties, else an
    /// alias. `doc` goes before the schema's own documentation.
    fn named(
        &mut self,
        name: &str,
        schema: Option<&Value>,
        owner: &str,
        mut doc: Vec<String>,
        aliases: &mut Vec<AliasDecl>,
    ) {
        self.refs.clear();
        let mut notes = Notes::default();
        let ty = match schema {
            Some(schema) => self.ty(schema, owner, name, Some(name), &mut notes),
            None => Ty::any(),
        };
        let own = schema.map(|s| schema_doc(s, &notes)).unwrap_or_default();
        if !doc.is_empty() && !own.is_empty() {
            doc.push(String::new());
        }
        doc.extend(own);
        if let Some(class) = self.classes.iter_mut().find(|c| c.name == name) {
            class.doc = doc;
        } else {
            let refs = std::mem::take(&mut self.refs);
            aliases.push(AliasDecl { name: name.to_owned(), ty: ty.expr, doc, refs });
        }
    }

    /// A fresh type name for an inner model: `hint`, else numbered from 2.
    fn fresh(&mut self, hint: &str) -> String {
        let name = first_free(hint, "", |name| self.taken.contains(name));
        self.taken.insert(name.clone());
        name
    }

    /// The type of `schema`, whose `#` means `owner`; `hint` names an inner model,
    /// `root` is the name to give the model when the schema is one as a whole.
    fn ty(&mut self, schema: &Value, owner: &str, hint: &str, root: Option<&str>, notes: &mut Notes) -> Ty {
        let object = match schema {
            Value::Bool(false) => return Ty::never(),
            Value::Object(object) => object,
            _ => return Ty::any(),
        };
        for keyword in UNEXPRESSED {
            if walk::member(object, keyword).is_some() {
                notes.add(keyword);
            }
        }
        if walk::member(object, "uniqueItems") == Some(&Value::Bool(true)) && may_be(object, "array") {
            notes.add("uniqueItems");
        }
        let kinds = doc::kinds(object);
        let literals = doc::literals(object);
        if let Some(values) = literals {
            // A literal type is as narrow as the values; the other keywords could only
            // narrow it further, which leaving them out widens, and says so.
            for keyword in BOUNDS.iter().chain(SHAPES) {
                if walk::member(object, keyword).is_some() && *keyword != "uniqueItems" {
                    notes.add(keyword);
                }
            }
            let admitted = |v: &&Value| kinds.as_ref().is_none_or(|ks| ks.iter().any(|k| is_kind(v, k)));
            return literal(values.into_iter().filter(admitted).collect());
        }
        let reference = match walk::member(object, "$ref") {
            Some(Value::String(reference)) => Some(reference.as_str()),
            _ => None,
        };
        let all_of = walk::member(object, "allOf").and_then(Value::as_array).filter(|b| !b.is_empty());
        let any_of = walk::member(object, "anyOf").and_then(Value::as_array);
        let one_of = walk::member(object, "oneOf").and_then(Value::as_array);
        let alone = reference.is_none() && all_of.is_none() && any_of.is_none() && one_of.is_none();
        // Each part constrains the value; a value must pass all. pydantic has no
        // intersection, so one part is the type and the others are left out (noted).
        let mut parts: Vec<(Ty, &'static str)> = Vec::new();
        let mut applied = BTreeSet::new();
        if let Some(base) = self.kinds(object, kinds, owner, hint, if alone { root } else { None }, &mut applied, notes)
        {
            parts.push((base, "type"));
        }
        for bound in BOUNDS {
            if walk::member(object, bound).is_some() && !applied.contains(bound) && *bound != "uniqueItems" {
                notes.add(bound);
            }
        }
        if let Some(reference) = reference {
            parts.push((self.reference(reference, owner, notes), "$ref"));
        }
        for (i, branch) in all_of.into_iter().flatten().enumerate() {
            let ty = self.ty(branch, owner, &format!("{hint}Part{}", i + 1), None, notes);
            parts.push((ty, "allOf"));
        }
        for (keyword, branches) in [("anyOf", any_of), ("oneOf", one_of)] {
            let Some(branches) = branches else { continue };
            let keyword: &'static str = if keyword == "anyOf" { "anyOf" } else { "oneOf" };
            parts.push((self.union_of(branches, keyword, owner, hint, notes), keyword));
        }
        // Parts that admit anything constrain nothing the others do not.
        parts.retain(|(ty, _)| ty.expr != "Any");
        match parts.len() {
            0 => Ty::any(),
            _ => {
                let (chosen, _) = parts.remove(0);
                for (_, keyword) in parts {
                    notes.add(keyword);
                }
                chosen
            }
        }
    }

    /// The union of an `anyOf` or `oneOf`: discriminated by a property every branch
    /// requires with its own string constant when there is one (pydantic then checks
    /// the one branch, and "exactly one" holds); else a plain union, which does not
    /// check `oneOf`'s "exactly one".
    fn union_of(
        &mut self,
        branches: &[Value],
        keyword: &'static str,
        owner: &str,
        hint: &str,
        notes: &mut Notes,
    ) -> Ty {
        let members: Vec<Ty> = branches
            .iter()
            .enumerate()
            .map(|(i, b)| self.ty(b, owner, &format!("{hint}Option{}", i + 1), None, notes))
            .collect();
        if let Some(tag) = self.discriminator(branches, &members, owner) {
            let joined: Vec<String> = members.iter().map(|m| m.expr.clone()).collect();
            return Ty::new(format!("Annotated[{}, Field(discriminator={})]", joined.join(" | "), py_string(&tag)));
        }
        if keyword == "oneOf" && branches.len() > 1 {
            notes.add("oneOf");
        }
        union(members)
    }

    /// The property that tells the branches apart, when every branch is a model that
    /// requires it with a string constant of its own and the property needs no alias.
    fn discriminator(&self, branches: &[Value], members: &[Ty], owner: &str) -> Option<String> {
        if branches.len() < 2 {
            return None;
        }
        let classes: Vec<&ClassDecl> =
            members.iter().map(|m| self.classes.iter().find(|c| c.name == m.expr)).collect::<Option<_>>()?;
        let schemas: Vec<&Map<String, Value>> =
            branches.iter().map(|b| self.resolved(b, owner)).collect::<Option<_>>()?;
        let first = walk::member(schemas[0], "properties").and_then(Value::as_object)?;
        'tags: for tag in first.keys() {
            let mut seen = BTreeSet::new();
            for (schema, class) in schemas.iter().zip(&classes) {
                let required = walk::names(walk::member(schema, "required"));
                let property = walk::member(schema, "properties").and_then(|p| p.get(tag));
                let constant = property.and_then(Value::as_object).and_then(|p| match walk::member(p, "const") {
                    Some(Value::String(s)) => Some(s.clone()),
                    Some(_) => None,
                    None => match walk::member(p, "enum") {
                        Some(Value::Array(values)) if values.len() == 1 => values[0].as_str().map(str::to_owned),
                        _ => None,
                    },
                });
                let plain = class.fields.iter().any(|f| &f.name == tag && f.alias.is_none() && f.required);
                match constant {
                    Some(value) if required.contains(&tag.as_str()) && plain && seen.insert(value.clone()) => {}
                    _ => continue 'tags,
                }
            }
            return Some(tag.clone());
        }
        None
    }

    /// The object a branch is, following a `$ref` to a named type.
    fn resolved<'v>(&'v self, branch: &'v Value, owner: &str) -> Option<&'v Map<String, Value>> {
        let object = branch.as_object()?;
        match walk::member(object, "$ref") {
            Some(Value::String(reference)) if object.len() == 1 => {
                let name = self.sdk.type_of_ref(reference, owner)?;
                let schema = self
                    .sdk
                    .components
                    .iter()
                    .find(|c| c.type_name == name)
                    .map(|c| c.schema)
                    .or_else(|| self.sdk.defs.iter().find(|d| d.type_name == name).map(|d| d.schema))?;
                schema.as_object()
            }
            _ => Some(object),
        }
    }

    /// The union of the kinds `type` names, each with its bounds; without `type`, of
    /// every kind when the schema has keywords of some kinds only (which leave the
    /// other kinds free). The bounds applied go to `applied`.
    #[allow(clippy::too_many_arguments)]
    fn kinds(
        &mut self,
        object: &Map<String, Value>,
        kinds: Option<Vec<&str>>,
        owner: &str,
        hint: &str,
        root: Option<&str>,
        applied: &mut BTreeSet<&'static str>,
        notes: &mut Notes,
    ) -> Option<Ty> {
        let kinds = match kinds {
            Some(kinds) => kinds,
            None => {
                let shaped =
                    ["items", "prefixItems", "properties", "required", "additionalProperties", "patternProperties"];
                if !shaped.iter().chain(BOUNDS).any(|k| walk::member(object, k).is_some()) {
                    return None;
                }
                ALL_KINDS.to_vec()
            }
        };
        let root = if kinds.as_slice() == ["object"] { root } else { None };
        let mut members = Vec::new();
        for kind in &kinds {
            members.push(match *kind {
                "null" => Ty::none(),
                "boolean" => Ty::new("bool"),
                // `integer` beside `number` adds nothing.
                "integer" if kinds.contains(&"number") => continue,
                "integer" => numeric("_Int", object, applied),
                "number" => numeric("float", object, applied),
                "string" => self.string(object, applied, notes),
                "array" => self.array(object, owner, hint, applied, notes),
                "object" => self.object(object, owner, hint, root, applied, notes),
                _ => Ty::any(),
            });
        }
        Some(union(members))
    }

    fn string(&self, object: &Map<String, Value>, applied: &mut BTreeSet<&'static str>, notes: &mut Notes) -> Ty {
        let mut constraints = Vec::new();
        for (keyword, argument) in [("minLength", "min_length"), ("maxLength", "max_length")] {
            if let Some(n) = walk::member(object, keyword).and_then(Value::as_u64) {
                constraints.push(format!("{argument}={n}"));
                applied.insert(keyword);
            }
        }
        if let Some(Value::String(pattern)) = walk::member(object, "pattern") {
            // pydantic compiles patterns with Rust's regex crate, which has no
            // look-around or back-references: one it would refuse is left out.
            if regex::Regex::new(pattern).is_ok() {
                constraints.push(format!("pattern={}", py_string(pattern)));
                applied.insert("pattern");
            } else {
                notes.add("pattern");
            }
        }
        constrained("str", &constraints)
    }

    fn array(
        &mut self,
        object: &Map<String, Value>,
        owner: &str,
        hint: &str,
        applied: &mut BTreeSet<&'static str>,
        notes: &mut Notes,
    ) -> Ty {
        let item = if walk::member(object, "prefixItems").is_some() {
            // Each position's own type is not checked.
            notes.add("prefixItems");
            Ty::any()
        } else {
            match walk::member(object, "items") {
                None => Ty::any(),
                Some(items) => self.ty(items, owner, &format!("{hint}Item"), None, notes),
            }
        };
        let mut constraints = Vec::new();
        for (keyword, argument) in [("minItems", "min_length"), ("maxItems", "max_length")] {
            if let Some(n) = walk::member(object, keyword).and_then(Value::as_u64) {
                constraints.push(format!("{argument}={n}"));
                applied.insert(keyword);
            }
        }
        constrained(&format!("list[{}]", item.expr), &constraints)
    }

    fn object(
        &mut self,
        object: &Map<String, Value>,
        owner: &str,
        hint: &str,
        root: Option<&str>,
        applied: &mut BTreeSet<&'static str>,
        notes: &mut Notes,
    ) -> Ty {
        let empty = Map::new();
        let properties = walk::member(object, "properties").and_then(Value::as_object).unwrap_or(&empty);
        let required = walk::names(walk::member(object, "required"));
        let patterns = walk::member(object, "patternProperties").and_then(Value::as_object).filter(|p| !p.is_empty());
        let additional = walk::member(object, "additionalProperties");
        if patterns.is_some() {
            // Which keys each pattern covers is not checked.
            notes.add("patternProperties");
        }
        // A named object stays a model (a tool's arguments without properties are
        // `NoArgsInput()`), unless its other properties have a type of their own.
        let map_of_values = patterns.is_some() || additional.is_some_and(Value::is_object);
        if properties.is_empty() && required.is_empty() && (root.is_none() || map_of_values) {
            let value = match (patterns, additional) {
                (Some(_), _) | (None, None | Some(Value::Bool(true))) => Ty::any(),
                (None, Some(Value::Bool(false))) => Ty::never(),
                (None, Some(schema)) => self.ty(schema, owner, &format!("{hint}Value"), None, notes),
            };
            let mut constraints = Vec::new();
            for (keyword, argument) in [("minProperties", "min_length"), ("maxProperties", "max_length")] {
                if let Some(n) = walk::member(object, keyword).and_then(Value::as_u64) {
                    constraints.push(format!("{argument}={n}"));
                    applied.insert(keyword);
                }
            }
            return constrained(&format!("dict[str, {}]", value.expr), &constraints);
        }
        let name = match root {
            Some(root) => root.to_owned(),
            None => self.fresh(hint),
        };
        // Declared now, filled below: a property may refer back to it.
        let at = self.classes.len();
        self.classes.push(ClassDecl {
            name: name.clone(),
            doc: Vec::new(),
            extra: "allow",
            extra_type: None,
            fields: Vec::new(),
        });
        let mut fields = Vec::new();
        let mut given: BTreeSet<String> = BTreeSet::new();
        let mut renamed = Vec::new();
        let declared = properties.iter().map(|(k, v)| (k.as_str(), Some(v)));
        let undeclared = required.iter().filter(|r| !properties.contains_key(**r)).map(|r| (*r, None));
        let all: Vec<(&str, Option<&Value>)> = declared.chain(undeclared).collect();
        for (property, _) in &all {
            if is_plain_field(property) {
                given.insert((*property).to_owned());
            }
        }
        for (property, schema) in all {
            let mut own = Notes::default();
            let ty = match schema {
                Some(schema) => self.ty(schema, owner, &format!("{name}{}", pascal_case(property)), None, &mut own),
                None => Ty::any(),
            };
            let is_required = required.contains(&property);
            let (field, alias) = if is_plain_field(property) {
                (property.to_owned(), None)
            } else {
                let field = first_free(&field_name(property), "", |name| given.contains(name));
                given.insert(field.clone());
                renamed.push(field.clone());
                (field, Some(property.to_owned()))
            };
            let ty = if is_required || ty.nullable {
                ty.expr
            } else if ty.expr == "_Never" {
                "_Never".to_owned()
            } else {
                // Absent reads as `None`; `None` sent is refused, as the schema refuses null.
                format!("Annotated[{} | None, _NOT_NULL]", ty.expr)
            };
            let doc = schema.map(|s| schema_doc(s, &own)).unwrap_or_default();
            notes.absorb(&own);
            fields.push(FieldDecl { name: field, alias, ty, required: is_required, doc });
        }
        if !renamed.is_empty() {
            // `populate_by_name`: the Python name of a renamed property is read too.
            notes.add("a property under its Python name");
        }
        for keyword in ["minProperties", "maxProperties"] {
            if walk::member(object, keyword).is_some() {
                notes.add(if keyword == "minProperties" { "minProperties" } else { "maxProperties" });
            }
        }
        let (extra, extra_type) = match (patterns, additional) {
            (Some(_), _) | (None, None | Some(Value::Bool(true))) => ("allow", None),
            (None, Some(Value::Bool(false))) => ("forbid", None),
            (None, Some(schema)) => {
                let value = self.ty(schema, owner, &format!("{name}Value"), None, notes);
                ("allow", (value.expr != "Any").then_some(value.expr))
            }
        };
        let class = &mut self.classes[at];
        class.extra = extra;
        class.extra_type = extra_type;
        class.fields = fields;
        Ty::new(name)
    }

    /// The type a `$ref` names: a component's, the schema's own (`#`), a root
    /// `$defs` member's; other references are left out.
    fn reference(&mut self, reference: &str, owner: &str, notes: &mut Notes) -> Ty {
        match self.sdk.type_of_ref(reference, owner) {
            Some(name) => {
                self.refs.insert(name.clone());
                // Whether the named type admits None is not known here: said it may,
                // so that an optional property of it never refuses null wrongly.
                Ty { expr: name, nullable: self.named_nullable(reference, owner) }
            }
            None => {
                notes.add("$ref");
                Ty::any()
            }
        }
    }

    /// Whether the schema a `$ref` leads to may admit null (a guess that errs towards
    /// yes: then an optional property of that type takes null too).
    fn named_nullable(&self, reference: &str, owner: &str) -> bool {
        let Some(name) = self.sdk.type_of_ref(reference, owner) else { return true };
        let schema = self
            .sdk
            .components
            .iter()
            .find(|c| c.type_name == name)
            .map(|c| c.schema)
            .or_else(|| self.sdk.defs.iter().find(|d| d.type_name == name).map(|d| d.schema))
            .or_else(|| {
                self.sdk.tools.iter().find_map(|t| {
                    let entry = t.entry;
                    if t.input_type() == name {
                        Some(&entry.input_schema)
                    } else if t.output_type() == name {
                        entry.output_schema.as_ref()
                    } else if t.error_type() == name {
                        entry.error_schema.as_ref()
                    } else {
                        None
                    }
                })
            });
        match schema.and_then(Value::as_object) {
            Some(object) => match walk::member(object, "type") {
                Some(Value::String(kind)) => kind == "null",
                Some(Value::Array(kinds)) => kinds.iter().any(|k| k == "null"),
                _ => match (walk::member(object, "const"), walk::member(object, "enum")) {
                    (Some(value), _) => value.is_null(),
                    (None, Some(Value::Array(values))) => values.iter().any(Value::is_null),
                    _ => true,
                },
            },
            None => schema != Some(&Value::Bool(false)),
        }
    }
}

/// Whether a value of a schema with these keywords may be of `kind`.
fn may_be(object: &Map<String, Value>, kind: &str) -> bool {
    match walk::member(object, "type") {
        Some(Value::String(k)) => k == kind,
        Some(Value::Array(ks)) => ks.iter().any(|k| k == kind),
        _ => true,
    }
}

/// A number kind with its bounds.
fn numeric(base: &str, object: &Map<String, Value>, applied: &mut BTreeSet<&'static str>) -> Ty {
    let mut constraints = Vec::new();
    for (keyword, argument) in [
        ("minimum", "ge"),
        ("maximum", "le"),
        ("exclusiveMinimum", "gt"),
        ("exclusiveMaximum", "lt"),
        ("multipleOf", "multiple_of"),
    ] {
        if let Some(Value::Number(n)) = walk::member(object, keyword) {
            if keyword == "multipleOf" && base == "_Int" && !(n.is_i64() || n.is_u64()) {
                // pydantic divides an integer by a fractional step in floating point and
                // refuses 12391239123 as a multiple of 1e-8: left out (and noted).
                continue;
            }
            constraints.push(format!("{argument}={}", python_number(n)));
            applied.insert(keyword);
        }
    }
    constrained(base, &constraints)
}

/// A JSON number as a Python literal (serde_json writes `1e300`, Python reads it).
fn python_number(n: &serde_json::Number) -> String {
    let text = n.to_string();
    if n.is_f64() && !text.contains(['.', 'e', 'E']) { format!("{text}.0") } else { text }
}

/// `base`, with `Field(…)` constraints when there are any.
fn constrained(base: &str, constraints: &[String]) -> Ty {
    if constraints.is_empty() {
        Ty::new(base)
    } else {
        Ty::new(format!("Annotated[{base}, Field({})]", constraints.join(", ")))
    }
}

/// A union of types, `Any` when one is, `None` last.
fn union(members: Vec<Ty>) -> Ty {
    let mut unique: Vec<Ty> = Vec::with_capacity(members.len());
    for member in members {
        if member.expr == "Any" {
            return Ty::any();
        }
        if !unique.iter().any(|u| u.expr == member.expr) {
            unique.push(member);
        }
    }
    unique.sort_by_key(|m| m.expr == "None");
    match unique.len() {
        0 => Ty::never(),
        1 => unique.pop().unwrap_or_else(Ty::never),
        _ => {
            let nullable = unique.iter().any(|m| m.nullable);
            let expr = unique.iter().map(|m| m.expr.as_str()).collect::<Vec<_>>().join(" | ");
            Ty { expr, nullable }
        }
    }
}

/// The type of a `const` or an `enum`: `Literal[…]` of its strings, integers, booleans
/// and null, and the kinds of its other values; checked against the values as JSON
/// compares them (`1` is `1.0`, `true` is not `1`) whenever one is not a string.
fn literal(values: Vec<&Value>) -> Ty {
    if values.is_empty() {
        return Ty::never();
    }
    let mut literals = Vec::new();
    let mut kinds = Vec::new();
    let mut checked = false;
    for value in &values {
        match value {
            Value::String(s) => literals.push(py_string(s)),
            Value::Null => literals.push("None".to_owned()),
            Value::Bool(b) => {
                checked = true;
                literals.push(if *b { "True" } else { "False" }.to_owned());
            }
            Value::Number(n) if n.is_i64() || n.is_u64() => {
                checked = true;
                literals.push(n.to_string());
            }
            Value::Number(_) => {
                checked = true;
                kinds.push("float");
            }
            Value::Array(_) => {
                checked = true;
                kinds.push("list[Any]");
            }
            Value::Object(_) => {
                checked = true;
                kinds.push("dict[str, Any]");
            }
        }
    }
    let nullable = values.iter().any(|v| v.is_null());
    let mut members = Vec::new();
    if !literals.is_empty() {
        members.push(format!("Literal[{}]", literals.join(", ")));
    }
    kinds.dedup();
    for kind in kinds {
        if !members.iter().any(|m| m == kind) {
            members.push(kind.to_owned());
        }
    }
    let joined = members.join(" | ");
    if !checked {
        return Ty { expr: joined, nullable };
    }
    let allowed: Vec<String> = values.iter().map(|v| python_value(v)).collect();
    Ty { expr: format!("Annotated[{joined}, _one_of({})]", allowed.join(", ")), nullable }
}

/// A JSON value as a Python expression.
fn python_value(value: &Value) -> String {
    match value {
        Value::Null => "None".to_owned(),
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        Value::Number(n) => python_number(n),
        Value::String(s) => py_string(s),
        Value::Array(items) => format!("[{}]", items.iter().map(python_value).collect::<Vec<_>>().join(", ")),
        Value::Object(members) => {
            let members: Vec<String> =
                members.iter().map(|(k, v)| format!("{}: {}", py_string(k), python_value(v))).collect();
            format!("{{{}}}", members.join(", "))
        }
    }
}

/// Whether `value` is of JSON Schema type `kind`.
fn is_kind(value: &Value, kind: &str) -> bool {
    match (kind, value) {
        ("null", Value::Null) | ("boolean", Value::Bool(_)) | ("number", Value::Number(_)) => true,
        ("string", Value::String(_)) | ("array", Value::Array(_)) | ("object", Value::Object(_)) => true,
        ("integer", Value::Number(n)) => n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0),
        _ => false,
    }
}

/// Whether a property can be a field of its own name: an ASCII identifier, not a
/// keyword, not private to pydantic (`_x`), not one of its `model_` names or
/// `BaseModel`'s attributes, not a name the annotations use.
fn is_plain_field(name: &str) -> bool {
    let mut chars = name.chars();
    let identifier =
        chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    identifier && !name.starts_with("model_") && !FIELD_RESERVED.contains(&name) && !is_module_name(name)
}

/// Whether a name is one the module declares at its top (a type's PascalCase name):
/// a field of that name would shadow it in its class.
fn is_module_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase())
}

/// The field name of a property that cannot be its own: its ASCII letters, digits and
/// underscores (others become `_`), without leading underscores, with `f_` before a
/// digit and `_` after a reserved name.
fn field_name(property: &str) -> String {
    let mut name: String =
        property.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    name = name.trim_start_matches('_').to_owned();
    if name.is_empty() {
        name = "field".to_owned();
    }
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert_str(0, "f_");
    }
    if name.starts_with("model_") || FIELD_RESERVED.contains(&name.as_str()) || is_module_name(&name) {
        name.push('_');
        if is_module_name(&name) {
            name = format!("f_{name}");
        }
    }
    name
}

/// `LookupWidget` → `lookup_widget`, `ListPRs` → `list_p_rs`, `T3dRender` →
/// `t3d_render`: a type base's words, lower-cased, joined by `_`.
pub fn snake_case(pascal: &str) -> String {
    let chars: Vec<char> = pascal.chars().collect();
    let mut out = String::with_capacity(pascal.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            let previous = chars[i - 1];
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            if previous.is_ascii_lowercase()
                || previous.is_ascii_digit()
                || (previous.is_ascii_uppercase() && next_lower)
            {
                out.push('_');
            }
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The method names given to tools: the snake case of their type base, made unique
/// and never a keyword.
#[derive(Default)]
pub struct MethodNames(BTreeSet<String>);

impl MethodNames {
    pub fn give(&mut self, type_base: &str) -> String {
        let mut wished = snake_case(type_base);
        if FIELD_RESERVED.contains(&wished.as_str()) {
            wished.push('_');
        }
        let name = first_free(&wished, "", |name| self.0.contains(name));
        self.0.insert(name.clone());
        name
    }
}

/// `text` as a double-quoted Python string literal: `\`, `"` and control characters
/// escaped, everything else as it is (the file is UTF-8).
pub fn py_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => out.push_str(&format!("\\x{:02x}", c as u32)),
            // Line and paragraph separators end a line for some readers.
            '\u{2028}' | '\u{2029}' | '\u{85}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A line of text made safe inside a `"""` docstring: `\` and `"` escaped, control
/// characters shown as escapes.
pub fn docstring_text(line: &str) -> String {
    let quoted = py_string(line);
    quoted[1..quoted.len() - 1].to_owned()
}

/// Writes a docstring of `lines` at `indent` levels (four spaces each); nothing when
/// there are none.
pub fn write_docstring(out: &mut String, lines: &[String], indent: usize) {
    if lines.is_empty() {
        return;
    }
    let pad = "    ".repeat(indent);
    out.push_str(&pad);
    out.push_str("\"\"\"");
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            out.push('\n');
            if !line.is_empty() {
                out.push_str(&pad);
            }
        }
        out.push_str(&docstring_text(line));
    }
    if lines.len() > 1 {
        out.push('\n');
        out.push_str(&pad);
    }
    out.push_str("\"\"\"\n");
}

fn write_class(out: &mut String, class: &ClassDecl) {
    out.push_str("\n\nclass ");
    out.push_str(&class.name);
    out.push_str("(_Model):\n");
    write_docstring(out, &class.doc, 1);
    if !class.doc.is_empty() {
        out.push('\n');
    }
    out.push_str("    model_config = ConfigDict(extra=\"");
    out.push_str(class.extra);
    out.push_str("\")\n");
    if let Some(extra) = &class.extra_type {
        out.push_str("    __pydantic_extra__: dict[str, ");
        out.push_str(extra);
        out.push_str("] = Field(init=False)\n");
    }
    for field in &class.fields {
        out.push('\n');
        out.push_str("    ");
        out.push_str(&field.name);
        out.push_str(": ");
        out.push_str(&field.ty);
        let mut arguments = Vec::new();
        if !field.required {
            arguments.push("default=None".to_owned());
        }
        if let Some(alias) = &field.alias {
            let alias = py_string(alias);
            arguments.push(format!("validation_alias={alias}"));
            arguments.push(format!("serialization_alias={alias}"));
        }
        match (field.alias.is_some(), field.required) {
            (false, true) => {}
            (false, false) => out.push_str(" = None"),
            (true, _) => {
                out.push_str(" = Field(");
                out.push_str(&arguments.join(", "));
                out.push(')');
            }
        }
        out.push('\n');
        write_docstring(out, &field.doc, 1);
    }
}

/// How Python's docstrings spell the tags: sentences, the bounds on one line.
const TAGS: Tags = Tags {
    deprecated: "Deprecated.",
    default: |value| format!("Default: `{value}`."),
    example: |value| format!("Example: `{value}`."),
    format: |format| format!("Format: `{format}` (not checked)."),
    bounds: |bounds| {
        let shown: Vec<String> = bounds.iter().map(|(bound, value)| format!("`{bound}` {value}")).collect();
        vec![format!("Bounds: {}.", shown.join(", "))]
    },
    widened_prefix: "",
};

/// The docstring lines of a schema (see [`crate::emit::sdk::doc`]).
fn schema_doc(schema: &Value, notes: &Notes) -> Vec<String> {
    doc::schema_doc(schema, notes, &TAGS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_case_splits_words() {
        assert_eq!(snake_case("LookupWidget"), "lookup_widget");
        assert_eq!(snake_case("ListPRs"), "list_p_rs");
        assert_eq!(snake_case("T3dRender"), "t3d_render");
        assert_eq!(snake_case("AB2"), "ab2");
        assert_eq!(snake_case("GetHTTPResponse"), "get_http_response");
    }

    #[test]
    fn method_names_are_unique_and_never_keywords() {
        let mut names = MethodNames::default();
        assert_eq!(names.give("AB"), "ab");
        assert_eq!(names.give("Ab"), "ab2");
        assert_eq!(names.give("Import"), "import_");
    }

    #[test]
    fn field_names_are_identifiers_that_shadow_nothing() {
        assert!(is_plain_field("widget_id") && is_plain_field("widgetId"));
        for name in ["class", "_private", "model_name", "schema", "quoted-name", "3d", "Tree", "int", ""] {
            assert!(!is_plain_field(name), "{name}");
        }
        assert_eq!(field_name("class"), "class_");
        assert_eq!(field_name("_private"), "private");
        assert_eq!(field_name("model_name"), "model_name_");
        assert_eq!(field_name("quoted-name"), "quoted_name");
        assert_eq!(field_name("3d"), "f_3d");
        assert_eq!(field_name("Tree"), "f_Tree_");
        assert_eq!(field_name("__"), "field");
    }

    #[test]
    fn strings_are_quoted_for_python() {
        assert_eq!(py_string("a\"b\\c\nd\u{1}é"), "\"a\\\"b\\\\c\\nd\\x01é\"");
    }
}
