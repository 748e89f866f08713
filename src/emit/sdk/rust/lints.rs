//! typify's code rewritten where `cargo clippy` (its default lints) or rustc would
//! warn, so that the generated crate passes `cargo clippy -- -D warnings`:
//!
//! - `clone_on_copy`: the `From<&T> for T` typify writes for each type clones; for a
//!   `Copy` type it copies (`*value`);
//! - `derivable_impls`: a `Default` that is a unit variant, or an empty struct, is
//!   derived (`#[derive(Default)]`, `#[default]` on the variant);
//! - `non_camel_case_types`: a variant typify names in lower case (`plus1` for `+1`) is
//!   renamed in UpperCamelCase wherever it is named, its serde name unchanged, and
//!   numbered when another variant has that name (`Plus1_2` beside `Plus1`).

use std::collections::{BTreeMap, BTreeSet};

use heck::ToUpperCamelCase;
use syn::visit_mut::VisitMut;

use super::super::names::first_free;

/// `name`, or when a variant already has it, `name` numbered past every name taken
/// (`Plus1_2` beside `Plus1`: an underscore keeps the number apart from a name's
/// own digits, and rustc still reads it as UpperCamelCase).
fn untaken(name: &str, taken: &BTreeSet<String>) -> String {
    let separator = if name.ends_with(|c: char| c.is_ascii_digit()) { "_" } else { "" };
    first_free(name, separator, |name| taken.contains(name))
}

/// Rewrites `file` as the module doc says.
pub fn tidy(file: &mut syn::File) {
    let copy: BTreeSet<String> = file
        .items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Enum(e) if derives(&e.attrs, "Copy") => Some(e.ident.to_string()),
            syn::Item::Struct(s) if derives(&s.attrs, "Copy") => Some(s.ident.to_string()),
            _ => None,
        })
        .collect();
    let defaults = derivable_defaults(file);
    file.items.retain(|item| match item {
        syn::Item::Impl(block) => {
            !implemented_type(block).is_some_and(|ty| trait_named(block, "Default") && defaults.contains_key(&ty))
        }
        _ => true,
    });
    let mut renames: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for item in &mut file.items {
        match item {
            syn::Item::Enum(e) => {
                let name = e.ident.to_string();
                if let Some(default) = defaults.get(&name) {
                    add_derive(&mut e.attrs, "Default");
                    if let Some(variant) = e.variants.iter_mut().find(|v| Some(v.ident.to_string()) == *default) {
                        variant.attrs.push(syn::parse_quote!(#[default]));
                    }
                }
                let mut taken: BTreeSet<String> = e.variants.iter().map(|v| v.ident.to_string()).collect();
                for variant in &mut e.variants {
                    let old = variant.ident.to_string();
                    let camel = old.to_upper_camel_case();
                    if camel == old || syn::parse_str::<syn::Ident>(&camel).is_err() {
                        continue;
                    }
                    let new = untaken(&camel, &taken);
                    taken.insert(new.clone());
                    variant.ident = syn::Ident::new(&new, variant.ident.span());
                    renames.entry(name.clone()).or_default().insert(old, new);
                }
            }
            syn::Item::Struct(s) if defaults.contains_key(&s.ident.to_string()) => add_derive(&mut s.attrs, "Default"),
            syn::Item::Impl(block) => {
                let Some(ty) = implemented_type(block) else { continue };
                if copy.contains(&ty) && trait_named(block, "From") {
                    CopyNotClone.visit_item_impl_mut(block);
                }
            }
            _ => {}
        }
    }
    if !renames.is_empty() {
        Renamer { renames: &renames, current: None }.visit_file_mut(file);
    }
}

/// The types whose `Default` impl can be derived: an empty struct (`Self {}`, no
/// fields) or an enum's unit variant (the variant's name; `None` for a struct).
fn derivable_defaults(file: &syn::File) -> BTreeMap<String, Option<String>> {
    let mut found = BTreeMap::new();
    for item in &file.items {
        let syn::Item::Impl(block) = item else { continue };
        let Some(ty) = implemented_type(block) else { continue };
        if !trait_named(block, "Default") {
            continue;
        }
        let Some(syn::ImplItem::Fn(function)) = block.items.first() else { continue };
        let [syn::Stmt::Expr(body, None)] = function.block.stmts.as_slice() else { continue };
        match body {
            syn::Expr::Struct(expr) if expr.fields.is_empty() && expr.rest.is_none() => {
                let empty = file
                    .items
                    .iter()
                    .any(|i| matches!(i, syn::Item::Struct(s) if s.ident == ty && s.fields.is_empty()));
                if empty {
                    found.insert(ty, None);
                }
            }
            syn::Expr::Path(path) if path.path.segments.len() == 2 => {
                let variant = path.path.segments[1].ident.to_string();
                let unit = file.items.iter().any(|i| {
                    matches!(i, syn::Item::Enum(e) if e.ident == ty
                        && e.variants.iter().any(|v| v.ident == variant && v.fields.is_empty()))
                });
                if unit {
                    found.insert(ty, Some(variant));
                }
            }
            _ => {}
        }
    }
    found
}

/// The name of the type an `impl` block is for, when it is a plain path.
fn implemented_type(block: &syn::ItemImpl) -> Option<String> {
    match &*block.self_ty {
        syn::Type::Path(path) => path.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    }
}

/// Whether an `impl` block implements the trait whose last path segment is `name`.
fn trait_named(block: &syn::ItemImpl, name: &str) -> bool {
    block.trait_.as_ref().and_then(|(_, path, _)| path.segments.last()).is_some_and(|s| s.ident == name)
}

/// Whether a `#[derive(…)]` among `attrs` names `name`.
fn derives(attrs: &[syn::Attribute], name: &str) -> bool {
    attrs.iter().filter(|a| a.path().is_ident("derive")).any(|attr| {
        let mut found = false;
        let _ = attr.parse_nested_meta(|meta| {
            found |= meta.path.segments.last().is_some_and(|s| s.ident == name);
            Ok(())
        });
        found
    })
}

/// Adds `name` to the item's derives.
fn add_derive(attrs: &mut Vec<syn::Attribute>, name: &str) {
    let ident = syn::Ident::new(name, proc_macro2::Span::call_site());
    attrs.push(syn::parse_quote!(#[derive(#ident)]));
}

/// `value.clone()` as `*value`.
struct CopyNotClone;

impl VisitMut for CopyNotClone {
    fn visit_expr_mut(&mut self, expr: &mut syn::Expr) {
        if let syn::Expr::MethodCall(call) = expr {
            if call.method == "clone" && call.args.is_empty() {
                let receiver = &call.receiver;
                *expr = syn::parse_quote!(*#receiver);
                return;
            }
        }
        syn::visit_mut::visit_expr_mut(self, expr);
    }
}

/// Renames variants in every path that names them (`Type::old`, and `Self::old`
/// inside the type's own `impl` blocks).
struct Renamer<'r> {
    renames: &'r BTreeMap<String, BTreeMap<String, String>>,
    /// The type of the `impl` block being visited.
    current: Option<String>,
}

impl VisitMut for Renamer<'_> {
    fn visit_item_impl_mut(&mut self, block: &mut syn::ItemImpl) {
        let outer = self.current.replace(implemented_type(block).unwrap_or_default());
        syn::visit_mut::visit_item_impl_mut(self, block);
        self.current = outer;
    }

    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        let len = path.segments.len();
        if len >= 2 {
            let owner = path.segments[len - 2].ident.to_string();
            let owner = if owner == "Self" { self.current.clone().unwrap_or_default() } else { owner };
            let last = &mut path.segments[len - 1].ident;
            if let Some(new) = self.renames.get(&owner).and_then(|r| r.get(&last.to_string())) {
                *last = syn::Ident::new(new, last.span());
            }
        }
        syn::visit_mut::visit_path_mut(self, path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_taken_name_is_numbered_past_every_name_taken() {
        let taken = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect::<BTreeSet<String>>();
        assert_eq!(untaken("Blue", &taken(&["Red"])), "Blue");
        assert_eq!(untaken("Plus1", &taken(&["plus1", "Plus1"])), "Plus1_2");
        assert_eq!(untaken("Red", &taken(&["Red", "Red2"])), "Red3");
    }
}
