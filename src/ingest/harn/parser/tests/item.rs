//! Unit tests of top-level items.

use super::*;

#[test]
fn imports_in_all_three_forms() {
    let source = "import \"std/tools\"\npub import { Widget, WidgetError, } from \"./types\"\nimport a::b::{c, d}\nimport std::json\n";
    let items = module(source).items;
    let imports: Vec<_> = items
        .iter()
        .map(|item| match item {
            Item::Import(i) => (
                i.public,
                i.path.clone(),
                i.names.as_ref().map(|n| n.iter().map(|n| n.name.clone()).collect::<Vec<_>>()),
                at(source, i.span),
            ),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        imports,
        [
            (false, "std/tools".to_string(), None, "import \"std/tools\""),
            (
                true,
                "./types".to_string(),
                Some(vec!["Widget".to_string(), "WidgetError".to_string()]),
                "pub import { Widget, WidgetError, } from \"./types\""
            ),
            (false, "a::b".to_string(), Some(vec!["c".to_string(), "d".to_string()]), "import a::b::{c, d}"),
            (false, "std::json".to_string(), None, "import std::json"),
        ]
    );
    assert_eq!(
        fails("import { a } \"x\"").message,
        "expected 'from' and a module path after the imported names, found string \"x\""
    );
    assert_eq!(fails("import 42").message, "expected a module path or '{' after 'import', found number '42'");
    assert!(fails("import \"a${b}\"").message.starts_with("expected a module path string"));
    let e = fails("import {\n} from \"x\"");
    assert_eq!(e.message, "expected a name to import, found '}'");
    assert_eq!(e.span, Span::new(9, 10));
    assert_eq!(fails("import a::{}").message, "expected a name to import, found '}'");
}

#[test]
fn attributes_stack_with_named_positional_and_dict_arguments() {
    let source = "@annotations(readOnly: true, destructive: false, idempotent: nil)\n\n@job(\"nightly\")\n@limits(max: -3, ratio: 0.5, neg: -2.5, raw: r\"a\\b\", mode: fast, retry: {max: 3, backoff: {base: 2}},)\n@deprecated\npub fn f() {}";
    let f = the_fn(source);
    let rendered: Vec<String> = f
        .attributes
        .iter()
        .map(|a| {
            let args: Vec<String> = a
                .args
                .iter()
                .map(|arg| match &arg.name {
                    Some(name) => format!("{}: {}", name.name, show_expr(&arg.value)),
                    None => show_expr(&arg.value),
                })
                .collect();
            format!("@{}({})", a.name.name, args.join(", "))
        })
        .collect();
    assert_eq!(
        rendered,
        [
            "@annotations(readOnly: true, destructive: false, idempotent: nil)",
            "@job(\"nightly\")",
            "@limits(max: -3, ratio: 0.5, neg: -2.5, raw: \"a\\\\b\", mode: fast, retry: {max: 3, backoff: {base: 2}})",
            "@deprecated()",
        ]
    );
    assert_eq!(at(source, f.attributes[1].span), "@job(\"nightly\")");
    assert_eq!(at(source, f.attributes[3].span), "@deprecated");
    assert_eq!(at(source, f.attributes[0].args[0].span), "readOnly: true");
    assert_eq!(at(source, f.span), "pub fn f() {}");
    // Attributes on a keyword-named attribute and a same-line declaration.
    assert_eq!(the_fn("@retry(max: 3) fn g() {}").attributes[0].name.name, "retry");
    assert_eq!(fails("@job\nlet x = 1").message, "expected a declaration after the attributes, found keyword 'let'");
    assert_eq!(fails("@job").message, "expected a declaration after the attributes, found end of file");
    assert_eq!(fails("@(x) fn f() {}").message, "expected an attribute name after '@', found '('");
    assert_eq!(
        fails("@a(x: 1 y: 2)\nfn f() {}").message,
        "expected ',' or ')' to close the arguments of @a, found identifier 'y'"
    );
    assert_eq!(fails("@a(x: 1,, y)\nfn f() {}").message, "expected an expression, found ','");
}

#[test]
fn functions_with_generics_params_defaults_and_rest() {
    let source = "pub gen fn pick<in T, out U, V: Bound>(harness: Harness, a: T, b: list<U> = [1, (2, 3)], c = f(x, y), untyped = 0, ...rest: int,) -> U {}";
    let f = the_fn(source);
    assert!(f.public);
    assert_eq!(f.name.name, "pick");
    assert_eq!(f.generics.iter().map(|g| g.name.as_str()).collect::<Vec<_>>(), ["T", "U", "V"]);
    let params: Vec<String> = f
        .params
        .iter()
        .map(|p| {
            format!(
                "{}{}{}{}",
                if p.rest { "..." } else { "" },
                p.name.name,
                p.ty.as_ref().map(|t| format!(": {}", show_type(t))).unwrap_or_default(),
                p.default.map(|d| format!(" = {}", at(source, d))).unwrap_or_default()
            )
        })
        .collect();
    assert_eq!(
        params,
        ["harness: Harness", "a: T", "b: List(U) = [1, (2, 3)]", "c = f(x, y)", "untyped = 0", "...rest: int"]
    );
    assert_eq!(at(source, f.params[2].span), "b: list<U> = [1, (2, 3)]");
    assert_eq!(show_type(f.returns.as_ref().unwrap()), "U");
    assert_eq!(f.throws, None);
    assert_eq!(at(source, f.span), source);

    // `out` is only a variance marker before a name.
    assert_eq!(the_fn("fn f<out>() {}").generics[0].name, "out");
    // A trailing comma closes the list; an empty list is refused at its `>`.
    assert_eq!(the_fn("fn f<T,>() {}").generics.len(), 1);
    let e = parse("fn f<>() {}").unwrap_err();
    assert_eq!((e.message.as_str(), e.span), ("expected a type parameter name, found '>'", Span::new(5, 6)));
    // Parameters over several lines, keyword names.
    let f = the_fn("fn f(\n  type: string,\n  match: int = {a: 1}\n) {}");
    assert_eq!(f.params.len(), 2);
}

#[test]
fn parameter_list_errors() {
    assert_eq!(fails("fn f(a: int {").message, "expected ',' or ')' to close the parameter list, found '{'");
    let e = fails("fn f(...rest: int, after: int) {}");
    assert_eq!(e.message, "the rest parameter `...rest` must be the last parameter");
    assert_eq!(e.span, Span::new(5, 17));
    assert_eq!(fails("fn f(a = ) {}").message, "expected a default value after '=', found ')'");
    // `{` after a complete default could be a trailing closure: the default is skipped
    // to the next `,` or `)`, which here swallows the body.
    assert_eq!(
        fails("fn f(a = (1, 2) {}").message,
        "expected ',' or ')' to close the parameter list, found end of file"
    );
    assert_eq!(fails("fn f(a = 1 2) {}").message, "expected ',' or ')' to close the parameter list, found number '2'");
    let source = "fn f(a = fn() -> Pair<A, B> { x }, b: int = -1) {}";
    let f = the_fn(source);
    assert_eq!(
        f.params.iter().map(|p| at(source, p.default.unwrap())).collect::<Vec<_>>(),
        ["fn() -> Pair<A, B> { x }", "-1"]
    );
    assert_eq!(fails("fn (a) {}").message, "expected a function name after 'fn', found '('");
    assert_eq!(fails("fn if() {}").message, "expected a function name after 'fn', found keyword 'if'");
}

#[test]
fn throws_with_or_without_return_type_and_around_where() {
    let cases = [
        ("fn f() -> Request throws InspectError {}", Some("Request"), Some("InspectError")),
        ("fn f(id: string) throws NotFound {}", None, Some("NotFound")),
        ("fn f<T>(x: T) -> T where T: Show throws E {}", Some("T"), Some("E")),
        ("fn f<T>(x: T) -> T throws E where T: Show + Eq, U: Other {}", Some("T"), Some("E")),
        ("fn f<T>(x: T) throws E where T: Show\n{}", None, Some("E")),
        (
            "fn f()\n  -> int\n  throws {variant: \"x\", callback: fn(int) -> int}\n{}",
            Some("int"),
            Some("{variant: \"x\", callback: fn(int) -> int}"),
        ),
    ];
    for (source, returns, throws) in cases {
        let f = the_fn(source);
        assert_eq!(f.returns.as_ref().map(show_type).as_deref(), returns, "{source}");
        assert_eq!(f.throws.as_ref().map(show_type).as_deref(), throws, "{source}");
    }
    assert_eq!(fails("fn f() throws A throws B {}").message, "`f` has a second 'throws' clause");
    assert_eq!(fails("fn f() -> int\nlet x = 1").message, "expected '{' to open the body of `f`, found keyword 'let'");
    assert_eq!(fails("fn f()").message, "expected '{' to open the body of `f`, found end of file");
}

#[test]
fn pipelines_typed_untyped_and_extending() {
    let source = "pipeline default(task) {\n  return task\n}\npub pipeline deploy(config: {env: \"prod\" | \"dev\", dry_run?: bool}) -> dict<string, list<int>> extends base {\n  return {}\n}";
    let items = module(source).items;
    let pipelines: Vec<&PipelineDecl> = items
        .iter()
        .map(|i| match i {
            Item::Pipeline(p) => p,
            other => panic!("{other:?}"),
        })
        .collect();
    assert!(!pipelines[0].public);
    assert_eq!(pipelines[0].params[0].ty, None);
    assert_eq!(pipelines[0].body.statements.iter().map(show_stmt).collect::<Vec<_>>(), ["return task"]);
    assert!(pipelines[1].public);
    assert_eq!(show_type(pipelines[1].params[0].ty.as_ref().unwrap()), "{env: (\"prod\" | \"dev\"), dry_run?: bool}");
    assert_eq!(show_type(pipelines[1].returns.as_ref().unwrap()), "Dict(string, List(int))");
    assert_eq!(pipelines[1].extends.as_ref().unwrap().name, "base");
    assert!(at(source, pipelines[1].span).starts_with("pub pipeline deploy"));
    assert!(at(source, pipelines[1].span).ends_with("return {}\n}"));
    assert_eq!(at(source, pipelines[1].body.span), "{\n  return {}\n}");
}

#[test]
fn type_aliases_and_multi_line_unions() {
    let source = "type Outcome = \"ok\" | \"error\"\n  | \"rejected\"\ntype Msg =\n  {kind: \"a\"} |\n  {kind: \"b\"}\npub type Box<T> = {value: T}\nlet after = 1";
    let items = module(source).items;
    assert_eq!(items.len(), 4);
    let Item::TypeAlias(outcome) = &items[0] else { panic!() };
    assert_eq!(show_type(&outcome.ty), "(\"ok\" | \"error\" | \"rejected\")");
    assert_eq!(at(source, outcome.span), "type Outcome = \"ok\" | \"error\"\n  | \"rejected\"");
    let Item::TypeAlias(msg) = &items[1] else { panic!() };
    assert_eq!(show_type(&msg.ty), "({kind: \"a\"} | {kind: \"b\"})");
    let Item::TypeAlias(boxed) = &items[2] else { panic!() };
    assert!(boxed.public);
    assert_eq!(boxed.generics[0].name, "T");
    assert!(matches!(items[3], Item::Statement(Stmt::Let { .. })));
    assert_eq!(fails("type X int").message, "expected '=' after `type X`, found identifier 'int'");
    assert_eq!(
        fails("type X = int string").message,
        "expected a newline or ';' after the declaration or statement, found identifier 'string'"
    );
}

#[test]
fn structs_with_newline_or_comma_separated_fields() {
    let source = "pub struct Page<T> {\n  items: list<T>\n  next?: string, cursor\n  type: \"page\"; total?: int\n}\nstruct Empty {}\nstruct Owner { login: string, id: int, }";
    let items = module(source).items;
    let Item::Struct(page) = &items[0] else { panic!() };
    assert!(page.public);
    let fields: Vec<String> = page
        .fields
        .iter()
        .map(|f| {
            format!(
                "{}{}{}",
                f.name.name,
                if f.optional { "?" } else { "" },
                f.ty.as_ref().map(|t| format!(": {}", show_type(t))).unwrap_or_default()
            )
        })
        .collect();
    assert_eq!(fields, ["items: List(T)", "next?: string", "cursor", "type: \"page\"", "total?: int"]);
    assert_eq!(at(source, page.fields[1].span), "next?: string");
    assert!(at(source, page.span).starts_with("pub struct Page<T> {") && at(source, page.span).ends_with('}'));
    let Item::Struct(empty) = &items[1] else { panic!() };
    assert!(empty.fields.is_empty());
    let Item::Struct(owner) = &items[2] else { panic!() };
    assert_eq!(owner.fields.len(), 2);
    assert_eq!(
        fails("struct S { a: int b: int }").message,
        "expected ',' or a newline after the field, found identifier 'b'"
    );
    let e = fails("struct S {\n  a: int\n");
    assert_eq!(e.message, "expected '}' to close the fields of `S` (opened at line 1, column 10), found end of file");
    assert_eq!(e.span, Span::new(9, 10));
}

#[test]
fn enums_with_unit_and_field_variants() {
    let source = "enum Shape { Circle(radius: float), Square(side: float), Empty }\nenum Outcome<T> {\n  Done(value: T)\n  Failed(message: string)\n  Pending,\n}";
    let items = module(source).items;
    let Item::Enum(shape) = &items[0] else { panic!() };
    let variants: Vec<String> = shape
        .variants
        .iter()
        .map(|v| {
            let fields: Vec<String> =
                v.fields.iter().map(|p| format!("{}: {}", p.name.name, show_type(p.ty.as_ref().unwrap()))).collect();
            format!("{}({})", v.name.name, fields.join(", "))
        })
        .collect();
    assert_eq!(variants, ["Circle(radius: float)", "Square(side: float)", "Empty()"]);
    assert_eq!(at(source, shape.variants[0].span), "Circle(radius: float)");
    let Item::Enum(outcome) = &items[1] else { panic!() };
    assert_eq!(outcome.generics[0].name, "T");
    assert_eq!(
        outcome.variants.iter().map(|v| v.name.name.as_str()).collect::<Vec<_>>(),
        ["Done", "Failed", "Pending"]
    );
    assert_eq!(fails("enum E { A B }").message, "expected ',' or a newline after the variant, found identifier 'B'");
}

#[test]
fn other_declarations_are_skipped_balanced() {
    let source = "interface Named {\n  fn name() -> string\n}\nimpl Named for Widget { fn name() -> string { return \"}\" } }\npub tool read_file(path: string) -> {text: string} {\n  description \"Read\"\n}\nskill review\n{\n  prompt: \"x\"\n}\neval_pack checks { case \"a\" {} }\npub fn after() {}";
    let items = module(source).items;
    let others: Vec<(String, Option<String>, &str)> = items
        .iter()
        .filter_map(|i| match i {
            Item::Other { kind, name, span } => {
                Some((kind.clone(), name.as_ref().map(|n| n.name.clone()), at(source, *span)))
            }
            _ => None,
        })
        .collect();
    assert_eq!(others.len(), 5);
    assert_eq!(
        others[0],
        ("interface".to_string(), Some("Named".to_string()), "interface Named {\n  fn name() -> string\n}")
    );
    assert_eq!(others[1].0, "impl");
    assert_eq!(others[2].0, "tool");
    assert!(others[2].2.starts_with("pub tool read_file") && others[2].2.ends_with("\"Read\"\n}"));
    assert_eq!(others[3].1.as_deref(), Some("review"));
    assert_eq!(others[4].2, "eval_pack checks { case \"a\" {} }");
    assert!(matches!(items.last(), Some(Item::Fn(f)) if f.name.name == "after"));
    assert_eq!(
        fails("interface Named\nfn x() {}").message,
        "expected '{' to open the body of `interface`, found a newline"
    );
    assert!(fails("tool t { ( }").message.starts_with("expected ')' to close the '(' at line 1, column 10, found '}'"));
}

#[test]
fn items_need_separators_except_after_a_brace() {
    assert_eq!(module("fn a() {} fn b() {}; let c = 1; let d = 2").items.len(), 4);
    assert_eq!(
        fails("let a = 1 let b = 2").message,
        "expected a newline or ';' after the declaration or statement, found keyword 'let'"
    );
    assert_eq!(
        fails("let a = x ? 1 : 2 let b = 2").message,
        "expected a newline or ';' after the declaration or statement, found keyword 'let'"
    );
    // A `}` ends a statement, as it ends a declaration.
    assert_eq!(module("if a { b } return c").items.len(), 2);
    assert_eq!(
        fails("g() 1").message,
        "expected a newline or ';' after the declaration or statement, found number '1'"
    );
    assert_eq!(module("if a.type == b { c }").items.len(), 1);
    // One `;` may end an item; an empty item is an error, as upstream's parser says.
    assert_eq!(module("fn a() {};\nlet b = 1;").items.len(), 2);
    assert_eq!(fails("\n\n;;\n").message, "expected a declaration or a statement, found ';'");
    assert_eq!(fails("let a = 1;;").message, "expected a declaration or a statement, found ';'");
    assert_eq!(fails("let a = 1;\n;").message, "expected a declaration or a statement, found ';'");
    assert_eq!(module("").items.len(), 0);
    assert_eq!(module("#!/usr/bin/env harn\n/** doc */\n// c\n").items.len(), 0);
}

#[test]
fn stray_and_unbalanced_tokens_are_located() {
    let e = fails("fn f() {\n  g()\n}\n}");
    assert_eq!(e.message, "expected a declaration or a statement, found '}'");
    assert_eq!(e.span, Span::new(17, 18));
    let e = fails("fn f() {\n  let x = [1, 2\n}");
    assert_eq!(e.message, "expected ',' or ']' to close the list, found '}'");
    let e = fails("fn f() {\n  if x { (1] }\n}");
    assert_eq!(e.message, "expected ')' to close the '(' at line 2, column 10, found ']'");
    assert_eq!(e.span, Span::new(20, 21));
    let e = fails("fn f() {\n  if x {\n");
    assert_eq!(e.message, "expected '}' to close the '{' at line 2, column 8, found end of file");
    assert_eq!(e.span, Span::new(16, 17));
    assert_eq!(
        fails("fn f() {\n  let x = 1\n").message,
        "expected '}' to close the body of `f` (opened at line 1, column 8), found end of file"
    );
    assert_eq!(fails("fn f() { g()) }").message, "unexpected ')': there is no open '(' for it to close");
    // At the top level, a `}` closes nothing either.
    assert_eq!(fails("let x = 1 }").message, "unexpected '}': there is no open '{' for it to close");
    assert_eq!(fails("-> x").message, "expected a declaration or a statement, found '->'");
    assert_eq!(fails("fn f() { ) }").message, "expected a statement or '}', found ')'");
    assert_eq!(fails("pub let x = 1").message, "expected a declaration after 'pub', found keyword 'let'");
    assert_eq!(fails("let x = ").message, "expected an expression, found end of file");
    assert_eq!(fails("let x = a.").message, "expected a member name after '.', found end of file");
    // Lexical errors come through as parse errors, located.
    let e = fails("let x = \"abc\nlet y = 1");
    assert!(e.message.starts_with("unterminated string"));
    assert_eq!(e.span, Span::new(8, 12));
    assert!(fails("/* /* */").message.starts_with("unterminated block comment"));
    assert_eq!(fails("let x = 99999999999999999999").message, "integer literal '99999999999999999999' is out of range");
    assert_eq!(fails("let x = -9223372036854775809").message, "integer literal '9223372036854775809' is out of range");
    assert_eq!(fails("let x = 0xZZ").message, "integer literal '0xZZ' is not a valid integer");
}

#[test]
fn a_parameter_without_a_default_may_not_follow_one_with_a_default() {
    let e = fails("fn f(a: int = 1, b: int) {}");
    assert_eq!(e.message, "the parameter `b` needs a default value: it follows `a`, which has one");
    assert_eq!(e.span, Span::new(17, 23));
    assert_eq!(the_fn("fn f(a, b = 1, c = 2, ...rest) {}").params.len(), 4);
    assert!(parse("let g = fn(a = 1, b) { a }").is_err());
}
