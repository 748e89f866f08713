//! Unit tests of expressions.

use super::*;

#[test]
fn literals_and_names() {
    assert_eq!(expr("\"a\\n\""), "\"a\\n\"");
    assert_eq!(expr("r\"a\\n\""), "\"a\\\\n\"");
    assert_eq!(expr("\"\"\"\n  multi\n    line\n  \"\"\""), "\"multi\\n  line\"");
    assert_eq!(expr("\"hi ${name}\""), "interpolated");
    assert_eq!(expr("42"), "42");
    assert_eq!(expr("-42"), "-42");
    assert_eq!(expr("-9223372036854775808"), "-9223372036854775808");
    assert_eq!(expr("0x1F"), "31");
    assert_eq!(expr("1_000"), "1000");
    assert_eq!(expr("1.5"), "1.5");
    assert_eq!(expr("-2.5e3"), "-2500.0");
    assert_eq!(expr("-1.5.type"), "<a `-` operation>");
    assert_eq!(expr("-290[0]"), "<a `-` operation>");
    assert_eq!(expr("true"), "true");
    assert_eq!(expr("nil"), "nil");
    assert_eq!(expr("widget_id"), "widget_id");
    assert_eq!(expr("5s"), "<a duration literal>");
}

#[test]
fn lists_dicts_and_trailing_commas() {
    assert_eq!(expr("[1, \"two\", [3],\n  nil,\n]"), "[1, \"two\", [3], nil]");
    assert_eq!(expr("[]"), "[]");
    assert_eq!(expr("{}"), "{}");
    assert_eq!(expr("{\n}"), "{}");
    assert_eq!(
        expr("{type: \"object\", \"$ref\": \"#/x\", match: 1,\n  nested: {a: [1]},\n}"),
        "{type: \"object\", $ref: \"#/x\", match: 1, nested: {a: [1]}}"
    );
    assert_eq!(expr("[...xs, 1]"), "[<a spread (`...`)>, 1]");
    assert_eq!(expr("{...base, a: 1}"), "<a dict with a spread (`...`)>");
    assert_eq!(expr("{a: 1, ...base}"), "<a dict with a spread (`...`)>");
    assert_eq!(expr("{\"${k}\": 1}"), "<a dict with a computed key>");
    assert_eq!(expr("{a: 1, \"${k}\": 1}"), "<a dict with a computed key>");
    let source = "let x = {name: \"w\", count: 2}";
    let Item::Statement(Stmt::Let { value, span, .. }) = module(source).items.remove(0) else { panic!() };
    assert_eq!(at(source, span), "let x = {name: \"w\", count: 2}");
    let ExprKind::Dict(entries) = value.kind else { panic!() };
    assert_eq!(at(source, entries[1].span), "count: 2");
    assert_eq!(at(source, entries[1].key.span), "count");
    assert_eq!(fails("let x = {a: 1 b: 2}").message, "expected ',' or '}' to close the dict, found identifier 'b'");
    assert_eq!(fails("let x = [1 2]").message, "expected ',' or ']' to close the list, found number '2'");
    assert_eq!(fails("let x = (1 2)").message, "expected ')' to close the parenthesized expression, found number '2'");
    assert_eq!(fails("let x = {a: 1, b 2}").message, "expected ':' and a value after the key `b`, found number '2'");
}

#[test]
fn calls_members_indexing_and_parentheses() {
    assert_eq!(
        expr("tool_registry_from(specs(), {info: {name: \"w\"}})"),
        "tool_registry_from(specs(), {info: {name: \"w\"}})"
    );
    assert_eq!(expr("f(a, name: value, type: 1,\n)"), "f(a, name: value, type: 1)");
    assert_eq!(expr("harness.tools.mcp_tools(registry())"), "harness.tools.mcp_tools(registry())");
    assert_eq!(expr("xs[0].name"), "xs[0].name");
    assert_eq!(expr("a.type.emit"), "a.type.emit");
    assert_eq!(expr("(1)"), "1");
    assert_eq!(expr("((\"x\"))"), "\"x\"");
    assert_eq!(expr("(a, b)"), "<this expression>");
    assert_eq!(expr("a?.b"), "<an optional member access (`?.`)>");
    assert_eq!(expr("t.0"), "<a tuple member access>");
    assert_eq!(expr("f(...args)"), "f(<a spread (`...`)>)");
    assert_eq!(expr("items\n  .filter(keep)\n  .map(f)"), "items.filter(keep).map(f)");
    let source = "let x = f(a, b: 2)";
    let Item::Statement(Stmt::Let { value, .. }) = module(source).items.remove(0) else { panic!() };
    assert_eq!(at(source, value.span), "f(a, b: 2)");
    let ExprKind::Call { args, .. } = value.kind else { panic!() };
    assert_eq!(at(source, args[1].span), "b: 2");
    assert_eq!(fails("let x = f(a b)").message, "expected ',' or ')' to close the argument list, found identifier 'b'");
    assert_eq!(expr("f(a as int, b)"), "f(<this expression>, b)");
    assert_eq!(expr("Shape::Circle(1)"), "<this expression>");
}

#[test]
fn closures_versus_dicts_versus_blocks() {
    assert_eq!(expr("{ x -> x * 2 }"), "closure");
    assert_eq!(expr("{ x, y -> x + y }"), "closure");
    assert_eq!(expr("{ -> 1 }"), "closure");
    assert_eq!(expr("{\n  -> 1\n}"), "closure");
    assert_eq!(expr("{ x: int, y: list<string> -> x }"), "closure");
    assert_eq!(expr("{ args -> lookup({a: 1}) }"), "closure");
    assert_eq!(expr("fn(x) { return x }"), "closure");
    assert_eq!(expr("fn(x: int) -> {a: int} { return {a: x} }"), "closure");
    assert_eq!(expr("fn() throws E { }"), "closure");
    assert_eq!(expr("{handler: { args -> lookup(args) }, name: \"n\"}"), "{handler: closure, name: \"n\"}");
    assert_eq!(expr("{a: fn(x) -> int { x }}"), "{a: closure}");
    assert_eq!(expr("{a: b}"), "{a: b}");
    assert_eq!(expr("{\"a\": b}"), "{a: b}");
    assert_eq!(expr("{ foo() }"), "<a block>");
    let source = "let f = { x -> { y -> \"}\" } }\nlet g = 1";
    let items = module(source).items;
    let Item::Statement(Stmt::Let { value, .. }) = &items[0] else { panic!() };
    assert_eq!(at(source, value.span), "{ x -> { y -> \"}\" } }");
    assert_eq!(items.len(), 2);
}

#[test]
fn other_expressions_keep_their_span() {
    assert_eq!(expr("1 + 2 * 3"), "<a `+` operation>");
    assert_eq!(expr("a ** b ** c"), "<a `**` operation>");
    assert_eq!(expr("a == b && c"), "<a `&&` operation>");
    assert_eq!(expr("x in xs"), "<a `in` operation>");
    assert_eq!(expr("-x"), "<a `-` operation>");
    assert_eq!(expr("!!ok"), "<a `!` operation>");
    assert_eq!(expr("if a { 1 } else { 2 }"), "<an `if` expression>");
    assert_eq!(expr("match x { 1 -> \"a\" }"), "<a `match` expression>");
    assert_eq!(expr("Page { items: [], next: nil }"), "<a struct literal>");
    assert_eq!(expr("a ? b : c"), "<this expression>");
    assert_eq!(expr("[a ? b : c, 2]"), "[<this expression>, 2]");
    assert_eq!(expr("f(if a { b } else { c }, d)"), "f(<an `if` expression>, d)");
    assert_eq!(expr("xs\n  |> map(f)\n  |> sum"), "<a `|>` operation>");
    assert_eq!(expr("a +\n  b"), "<a `+` operation>");
    let source = "let x = 1 +\n  if a { 2 } else { 3 }\nlet y = a ? b : c\nreturn";
    let items = module(source).items;
    let spans: Vec<&str> = items
        .iter()
        .map(|i| match i {
            Item::Statement(Stmt::Let { value, .. }) => at(source, value.span),
            Item::Statement(other) => at(source, other.span()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(spans, ["1 +\n  if a { 2 } else { 3 }", "a ? b : c", "return"]);
}

#[test]
fn a_line_that_starts_with_a_binary_operator_continues_the_expression() {
    assert_eq!(expr("a\n  + b"), "<a `+` operation>");
    assert_eq!(expr("a\n  * b\n  + c"), "<a `+` operation>");
    assert_eq!(expr("a\n  == b"), "<a `==` operation>");
    assert_eq!(expr("a\n  != b"), "<a `!=` operation>");
    assert_eq!(expr("a\n  <= b"), "<a `<=` operation>");
    assert_eq!(expr("a\n  / b\n  % c"), "<a `%` operation>");
    // `-` starting a line negates: it is a statement of its own.
    assert_eq!(body("let a = b\n  - c"), ["let a = b", "<a `-` operation>"]);
    // So does nothing start with `in`.
    assert_eq!(fails("fn f() {\n  let a = b\n    in c\n}").message, "expected a statement or '}', found keyword 'in'");
}

#[test]
fn slices_with_and_without_bounds() {
    assert_eq!(expr("xs[1:2]"), "<a slice>");
    assert_eq!(expr("xs[:n]"), "<a slice>");
    assert_eq!(expr("xs[n:]"), "<a slice>");
    assert_eq!(expr("xs[:]"), "<a slice>");
    assert_eq!(expr("xs[a + 1 : len(xs) - 1].count"), "<a slice>.count");
    assert_eq!(expr("xs[i]"), "xs[i]");
    assert_eq!(fails("let x = xs[1:2:3]").message, "expected ']' to close the index, found ':'");
    assert_eq!(fails("let x = xs[: :]").message, "expected an expression, found ':'");
}

#[test]
fn explicit_type_arguments_on_a_call() {
    assert_eq!(expr("map<int, int>([1, 2], double)"), "map([1, 2], double)");
    assert_eq!(expr("parse<list<dict<string, int>>>(text)"), "parse(text)");
    assert_eq!(expr("first<{a: int, b: string?}>(xs).a"), "first(xs).a");
    // Not followed by a call, or not types: comparisons.
    assert_eq!(expr("a < b"), "<a `<` operation>");
    assert_eq!(expr("a < b && c > d"), "<a `&&` operation>");
    assert_eq!(expr("a < b >= (c)"), "<a `>=` operation>");
    // As upstream reads it: type arguments `<b, c>` and a call.
    assert_eq!(expr("[a < b, c > (d)]"), "[a(d)]");
    assert_eq!(expr("[a < b, c > d]"), "[<a `<` operation>, <a `>` operation>]");
    assert_eq!(
        fails("let x = f<int>(1 2)").message,
        "expected ',' or ')' to close the argument list, found number '2'"
    );
    // The closing `>` is looked for among the 256 tokens after `<` (`TYPE_ARGS_SCAN`):
    // 128 `int`s put it at the 256th, and are type arguments; 129 are past the scan,
    // and read as comparisons.
    let call = |n: usize| format!("[f<{}>(x)]", vec!["int"; n].join(", "));
    assert_eq!(expr(&call(128)), "[f(x)]");
    assert!(expr(&call(129)).starts_with("[<a `<` operation>, "));
}

#[test]
fn closure_bodies_are_read_as_function_bodies() {
    assert_eq!(expr("{ x -> let y = x\n  y + 1 }"), "closure");
    assert_eq!(expr("{ x -> x + 1\n  + 2 }"), "closure");
    assert_eq!(expr("{ x, y = 2 -> pub fn inner() {}\n  return x }"), "closure");
    assert_eq!(expr("fn(x) { log(x); return x }"), "closure");
    assert_eq!(
        fails("let f = { x -> a b }").message,
        "expected a newline or ';' after the statement, found identifier 'b'"
    );
    assert_eq!(fails("let f = { x -> log(1);; log(2) }").message, "expected a statement or '}', found ';'");
    assert_eq!(fails("let f = fn(x) { let }").message, "expected a name or a pattern after 'let', found '}'");
    assert_eq!(
        fails("let f = { x = 1, y -> x }").message,
        "the parameter `y` needs a default value: it follows `x`, which has one"
    );
}

/// A named argument is read across the newlines inside the call's parentheses, even
/// between the name and its `:`.
#[test]
fn a_named_argument_is_read_across_newlines() {
    for source in ["f(a: 1)", "f(a\n: 1)", "f(\n a\n :\n 1\n)"] {
        assert_eq!(expr(source), "f(a: 1)", "{source:?}");
    }
}
