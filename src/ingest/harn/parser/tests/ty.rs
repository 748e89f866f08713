//! Unit tests of type expressions.

use super::*;
use crate::ingest::harn::parser::ty::{optional, union};

#[test]
fn unions_intersections_and_optionals() {
    assert_eq!(ty("string | int | nil"), "(string | int | nil)");
    assert_eq!(ty("string?"), "(string | nil)");
    assert_eq!(ty("string? | nil"), "(string | nil)");
    assert_eq!(ty("nil | string?"), "(nil | string)");
    assert_eq!(ty("string??"), "(string | nil)");
    assert_eq!(ty("nil?"), "nil");
    assert_eq!(ty("(a | b)? | c"), "(a | b | nil | c)");
    assert_eq!(ty("{a: int} & {b: string}"), "({a: int} & {b: string})");
    assert_eq!(ty("a & (b & c) | d?"), "((a & b & c) | d | nil)");
    assert_eq!(ty("a & b?"), "(a & (b | nil))");
    // A `|` may also lead the first member.
    assert_eq!(ty("\n  | a\n  | b"), "(a | b)");
}

#[test]
fn optional_is_a_union_with_nil() {
    // `optional` stays apart from `union` only to allocate less: the results agree.
    let named =
        |name: &str, at: usize| TypeExpr { kind: TypeKind::Named(name.to_string()), span: Span::new(at, at + 1) };
    let nil = |at: usize| TypeExpr { kind: TypeKind::Nil, span: Span::new(at, at + 1) };
    let question = Span::new(9, 10);
    for ty in [
        nil(0),
        named("a", 0),
        union(vec![named("a", 0), named("b", 2)]),
        union(vec![named("a", 0), nil(2)]),
        union(vec![nil(0), named("b", 2), named("c", 4)]),
    ] {
        let expected = union(vec![ty.clone(), nil(9)]);
        assert_eq!(optional(ty, question), expected);
    }
}

#[test]
fn union_spans_cover_their_members() {
    let source = "type X = a |\n  b\n  | c?";
    let Item::TypeAlias(alias) = module(source).items.remove(0) else { panic!() };
    assert_eq!(at(source, alias.ty.span), "a |\n  b\n  | c?");
    let TypeKind::Union(members) = &alias.ty.kind else { panic!() };
    assert_eq!(members.len(), 4);
    assert_eq!(at(source, members[3].span), "?");
}

#[test]
fn shapes_with_keyword_fields_and_open_tails() {
    assert_eq!(
        ty("{type: string, match: int, fn: bool, if?: nil, \"quoted-key\": int}"),
        "{type: string, match: int, fn: bool, if?: nil, quoted-key: int}"
    );
    assert_eq!(ty("{name: string, ...Rest}"), "{name: string, ...}");
    assert_eq!(ty("{...A, ...B}"), "{...}");
    assert_eq!(ty("{}"), "{}");
    assert_eq!(
        ty("{\n  schema: \"v2\",\n  outcome: \"ok\" | \"error\",\n  data: {count: int},\n}"),
        "{schema: \"v2\", outcome: (\"ok\" | \"error\"), data: {count: int}}"
    );
    assert_eq!(ty("{\n  a: int\n  b: string\n}"), "{a: int, b: string}");
    assert_eq!(
        fails("type X = {a: int b: int}").message,
        "expected ',' or '}' to close the shape type, found identifier 'b'"
    );
    assert_eq!(
        fails("type X = {a int}").message,
        "expected ':' and a type after the field `a`, found identifier 'int'"
    );
}

#[test]
fn literal_and_function_types() {
    assert_eq!(
        ty("\"fast\" | r\"raw\\x\" | 1 | -2 | nil | true | false"),
        "(\"fast\" | \"raw\\\\x\" | 1 | -2 | nil | true | false)"
    );
    assert_eq!(ty("fn(int, string) -> bool"), "fn(int, string) -> bool");
    assert_eq!(ty("fn() -> fn(x: int) -> nil"), "fn() -> fn(int) -> nil");
    assert_eq!(ty("fn(int) -> int | nil"), "fn(int) -> (int | nil)");
    assert_eq!(
        fails("type X = fn(int)").message,
        "expected '->' and a return type after the parameters of a function type, found end of file"
    );
    assert_eq!(fails("type X = 1.5").message, "expected a type, found number '1.5'");
    assert_eq!(fails("type X = if").message, "expected a type, found keyword 'if'");
    assert_eq!(fails("type X = -x").message, "expected an integer after '-' in a literal type, found identifier 'x'");
    assert_eq!(
        fails("type X = \"a${b}\"").message,
        "expected a type (a literal type cannot be interpolated), found string \"a${b}\""
    );
}

#[test]
fn generic_names_are_classified() {
    assert_eq!(ty("list<string>"), "List(string)");
    assert_eq!(ty("[string]"), "List(string)");
    assert_eq!(ty("dict<string, list<int>>"), "Dict(string, List(int))");
    assert_eq!(
        ty("iter<int> | Iter<int> | Generator<int> | Stream<int>"),
        "(Seq:iter(int) | Seq:Iter(int) | Seq:Generator(int) | Seq:Stream(int))"
    );
    assert_eq!(ty("owned<Item>"), "Owned(Item)");
    assert_eq!(ty("never"), "never");
    assert_eq!(ty("Result<int, string>"), "Result<int, string>");
    assert_eq!(ty("Outcome<Envelope<string>>"), "Outcome<Envelope<string>>");
    assert_eq!(ty("list | dict | set | any | Widget"), "(list | dict | set | any | Widget)");
    // A built-in constructor with the wrong number of arguments stays applied.
    assert_eq!(ty("dict<int>"), "dict<int>");
    assert_eq!(ty("list<\n  int,\n>"), "List(int)");
}

#[test]
fn double_close_of_generics() {
    assert_eq!(ty("list<list<list<int>>>"), "List(List(List(int)))");
    // `>=` after a generic splits into `>` and `=`.
    let source = "fn f(x: list<int>= [], y: dict<string, list<int>>= {}) {}";
    let f = the_fn(source);
    assert_eq!(f.params.len(), 2);
    assert_eq!(show_type(f.params[1].ty.as_ref().unwrap()), "Dict(string, List(int))");
    // Each type ends at its `>`, the default starts after the `=`.
    assert_eq!(at(source, f.params[0].ty.as_ref().unwrap().span), "list<int>");
    assert_eq!(at(source, f.params[1].ty.as_ref().unwrap().span), "dict<string, list<int>>");
    assert_eq!(f.params[1].default.map(|span| at(source, span)), Some("{}"));
    assert_eq!(body("let x: list<int>= [1]"), ["let x = [1]"]);
    assert_eq!(
        fails("type X = list<int").message,
        "expected ',' or '>' to close the type arguments of `list`, found end of file"
    );
}

#[test]
fn tuples_and_grouping() {
    assert_eq!(show_type(&the_fn("fn f(a: (int, string)) {}").params[0].ty.clone().unwrap()), "Tuple(int, string)");
    assert_eq!(show_type(&the_fn("fn f(a: (int,)) {}").params[0].ty.clone().unwrap()), "Tuple(int)");
    assert_eq!(show_type(&the_fn("fn f(a: (int)) {}").params[0].ty.clone().unwrap()), "int");
    assert_eq!(
        show_type(&the_fn("fn f(a: (int,\n  (bool, nil),\n)?) {}").params[0].ty.clone().unwrap()),
        "(Tuple(int, Tuple(bool, nil)) | nil)"
    );
    assert_eq!(
        fails("fn f(a: (int string)) {}").message,
        "expected ')' to close the parenthesized type, found identifier 'string'"
    );
    assert_eq!(
        fails("fn f(a: (int, string)) {}\nfn g(a: (int, string x)) {}").message,
        "expected ',' or ')' to close the tuple type, found identifier 'x'"
    );
}
