//! Unit tests of blocks and statements.

use super::*;

#[test]
fn body_statements() {
    let statements = body(
        "let w = harness.store.get(widget_id)\nvar n: int = 0\nif verbose { log(\"${w.name} ${\"nested ${1 + 2}\"}\") } else { x }\nfor x in xs {\n  n += x\n}\nwhile n > 0 { n -= 1 }\nmatch w {\n  nil -> { return 1 }\n}\ntry { risky() } catch e { log(e) }\nguard w else { return }\nn = n + 1\nw.count += 1\nlet {a, b} = pair\nlet [c] = xs\nthrow \"x\"\nfn helper() { return 1 }\nreturn\nreturn w",
    );
    assert_eq!(
        statements,
        [
            "let w = harness.store.get(widget_id)",
            "var n = 0",
            "<if>",
            "<for>",
            "<while>",
            "<match>",
            "<try>",
            "<guard>",
            "n = <a `+` operation>",
            "<assignment>",
            "<let>",
            "<let>",
            "<throw>",
            "<fn>",
            "return",
            "return w",
        ]
    );
}

#[test]
fn skipped_statements_continue_over_type_lines() {
    let statements = body("x = fn(a: int) -> int\n  | nil { return a }\nfor i in xs: list<int> |\n  nil {}\nreturn 1");
    assert_eq!(statements, ["x = closure", "<for>", "return 1"]);
    assert_eq!(
        body("tools = tool_define(\n  tools,\n  \"t\",\n)\nx =\n  1\nx = y ? 1 : 2"),
        ["tools = tool_define(tools, \"t\")", "x = 1", "x = <this expression>"]
    );
}

#[test]
fn statement_spans() {
    let source = "fn f() {\n  if a {\n    b\n  }\n  else {\n    c\n  }\n  x = 1 +\n    2\n  return\n}";
    let f = the_fn(source);
    let spans: Vec<&str> = f.body.statements.iter().map(|s| at(source, s.span())).collect();
    assert_eq!(spans, ["if a {\n    b\n  }\n  else {\n    c\n  }", "x = 1 +\n    2", "return"]);
    assert_eq!(body("return; return 1; g()"), ["return", "return 1", "g()"]);
}

#[test]
fn top_level_statements_are_items() {
    let items = module("let audiences = [\"mcp\"]\nmain()\nx = 1\nif a { b }").items;
    let rendered: Vec<String> = items
        .iter()
        .map(|i| match i {
            Item::Statement(s) => show_stmt(s),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(rendered, ["let audiences = [\"mcp\"]", "main()", "x = 1", "<if>"]);
}

#[test]
fn declarations_inside_a_block_are_read_whole() {
    assert_eq!(
        body(
            "pub fn inner(x: int) -> int {\n  return x\n}\ngen fn numbers() {\n  emit 1\n}\nfn helper() {}\nstruct P { a: int }\nreturn 1"
        ),
        ["<fn>", "<fn>", "<fn>", "<struct>", "return 1"]
    );
    assert_eq!(
        fails("fn f() {\n  pub fn g(x: int -> int {}\n}").message,
        "expected ',' or ')' to close the parameter list, found '->'"
    );
    assert_eq!(
        fails("fn f() {\n  pub let x = 1\n}").message,
        "expected a declaration after 'pub', found keyword 'let'"
    );
}

#[test]
fn statement_separators_as_upstream_has_them() {
    assert_eq!(body("log(1); log(2);"), ["log(1)", "log(2)"]);
    assert_eq!(fails("fn f() {\n  log(1);; log(2)\n}").message, "expected a statement or '}', found ';'");
    assert_eq!(fails("fn f() { ; }").message, "expected a statement or '}', found ';'");
    assert_eq!(
        fails("fn f() {\n  if a {\n    b\n  }; else {\n    c\n  }\n}").message,
        "expected a statement or '}', found keyword 'else'"
    );
    assert_eq!(
        fails("fn f() {\n  try {\n    b\n  }; catch {\n    c\n  }\n}").message,
        "expected a statement or '}', found keyword 'catch'"
    );
}

#[test]
fn const_binds_as_let_does() {
    assert_eq!(
        body("const limit = 10\nconst name: string = \"n\"\nconst {a, b} = pair"),
        ["let limit = 10", "let name = \"n\"", "<const>"]
    );
    let items = module("const audiences = [\"mcp\"]").items;
    assert!(matches!(&items[0], Item::Statement(Stmt::Let { mutable: false, .. })));
    // Otherwise `const` is a name.
    assert_eq!(body("const(1)\nconst.x"), ["const(1)", "const.x"]);
    assert_eq!(fails("const x 1").message, "expected '=' and a value for `x`, found number '1'");
}
