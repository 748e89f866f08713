//! Unit tests of the parser, one file per part of it; the helpers they share and the
//! tests of the whole (nesting, fixtures, size) are here.

mod expr;
mod item;
mod stmt;
mod ty;

use super::*;

fn module(source: &str) -> Module {
    parse(source).unwrap_or_else(|e| panic!("{} at {:?} ({:?})", e.message, e.span, &source[e.span.range()]))
}

fn fails(source: &str) -> ParseError {
    match parse(source) {
        Ok(module) => panic!("parsed, but should not have: {module:#?}"),
        Err(e) => e,
    }
}

fn the_fn(source: &str) -> FnDecl {
    let items = module(source).items;
    items
        .into_iter()
        .find_map(|item| match item {
            Item::Fn(f) => Some(f),
            _ => None,
        })
        .expect("a fn")
}

/// A compact rendering of a type, for readable assertions.
fn show_type(ty: &TypeExpr) -> String {
    let list = |types: &[TypeExpr], sep: &str| types.iter().map(show_type).collect::<Vec<_>>().join(sep);
    match &ty.kind {
        TypeKind::Named(name) => name.clone(),
        TypeKind::Applied(name, args) => format!("{name}<{}>", list(args, ", ")),
        TypeKind::List(item) => format!("List({})", show_type(item)),
        TypeKind::Dict(key, value) => format!("Dict({}, {})", show_type(key), show_type(value)),
        TypeKind::Sequence(name, item) => format!("Seq:{name}({})", show_type(item)),
        TypeKind::Owned(item) => format!("Owned({})", show_type(item)),
        TypeKind::Shape { fields, open } => {
            let mut parts: Vec<String> = fields
                .iter()
                .map(|f| format!("{}{}: {}", f.name.name, if f.optional { "?" } else { "" }, show_type(&f.ty)))
                .collect();
            if *open {
                parts.push("...".to_string());
            }
            format!("{{{}}}", parts.join(", "))
        }
        TypeKind::Function { params, returns } => format!("fn({}) -> {}", list(params, ", "), show_type(returns)),
        TypeKind::Union(members) => format!("({})", list(members, " | ")),
        TypeKind::Intersection(members) => format!("({})", list(members, " & ")),
        TypeKind::Tuple(members) => format!("Tuple({})", list(members, ", ")),
        TypeKind::StringLiteral(text) => format!("{text:?}"),
        TypeKind::IntLiteral(n) => n.to_string(),
        TypeKind::Nil => "nil".to_string(),
        TypeKind::BoolLiteral(b) => b.to_string(),
        TypeKind::Never => "never".to_string(),
    }
}

/// A compact rendering of an expression.
fn show_expr(expr: &Expr) -> String {
    match &expr.kind {
        ExprKind::Str(text) => format!("{text:?}"),
        ExprKind::Interpolated => "interpolated".to_string(),
        ExprKind::Int(n) => n.to_string(),
        ExprKind::Float(f) => format!("{f:?}"),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Nil => "nil".to_string(),
        ExprKind::Ident(name) => name.clone(),
        ExprKind::List(items) => format!("[{}]", items.iter().map(show_expr).collect::<Vec<_>>().join(", ")),
        ExprKind::Dict(entries) => format!(
            "{{{}}}",
            entries.iter().map(|e| format!("{}: {}", e.key.name, show_expr(&e.value))).collect::<Vec<_>>().join(", ")
        ),
        ExprKind::Call { callee, args } => format!(
            "{}({})",
            show_expr(callee),
            args.iter()
                .map(|a| match &a.name {
                    Some(name) => format!("{}: {}", name.name, show_expr(&a.value)),
                    None => show_expr(&a.value),
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
        ExprKind::Member { object, name } => format!("{}.{}", show_expr(object), name.name),
        ExprKind::Index { object, index } => format!("{}[{}]", show_expr(object), show_expr(index)),
        ExprKind::Closure => "closure".to_string(),
        ExprKind::Other { what } => format!("<{what}>"),
    }
}

/// The type of `type X = …`.
fn ty(source: &str) -> String {
    let text = format!("type X = {source}");
    match module(&text).items.remove(0) {
        Item::TypeAlias(alias) => show_type(&alias.ty),
        other => panic!("not an alias: {other:?}"),
    }
}

/// The value of `let x = …`.
fn expr(source: &str) -> String {
    let text = format!("let x = {source}");
    match module(&text).items.remove(0) {
        Item::Statement(Stmt::Let { value, .. }) => show_expr(&value),
        other => panic!("not a let: {other:?}"),
    }
}

fn show_stmt(statement: &Stmt) -> String {
    match statement {
        Stmt::Let { name, value, mutable, .. } => {
            format!("{} {} = {}", if *mutable { "var" } else { "let" }, name.name, show_expr(value))
        }
        Stmt::Assign { target, value, .. } => format!("{} = {}", target.name, show_expr(value)),
        Stmt::Return { value: Some(value), .. } => format!("return {}", show_expr(value)),
        Stmt::Return { value: None, .. } => "return".to_string(),
        Stmt::Expr(value) => show_expr(value),
        Stmt::Other { what, .. } => format!("<{what}>"),
    }
}

fn body(source: &str) -> Vec<String> {
    the_fn(&format!("fn f() {{\n{source}\n}}")).body.statements.iter().map(show_stmt).collect()
}

fn at(source: &str, span: Span) -> &str {
    &source[span.range()]
}

#[test]
fn nesting_is_bounded_and_never_overflows() {
    // On a small stack, as a test thread or a worker of a pool might have.
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(|| {
            let deep = |open: &str, close: &str, n: usize| format!("let x = {}1{}", open.repeat(n), close.repeat(n));
            for (open, close) in [("(", ")"), ("[", "]"), ("{a: ", "}"), ("f(", ")"), ("x[", "]")] {
                assert!(parse(&deep(open, close, MAX_DEPTH - 2)).is_ok(), "{open}");
                let e = parse(&deep(open, close, MAX_DEPTH + 1)).unwrap_err();
                assert!(e.message.starts_with("nesting too deep"), "{open}: {}", e.message);
                assert!(parse(&deep(open, close, 100_000)).is_err());
            }
            let types =
                |open: &str, close: &str, n: usize| format!("type X = {}int{}", open.repeat(n), close.repeat(n));
            for (open, close) in [("list<", ">"), ("{a: ", "}"), ("[", "]"), ("fn() -> ", ""), ("(", ")")] {
                assert!(parse(&types(open, close, MAX_DEPTH - 2)).is_ok(), "{open}");
                assert!(parse(&types(open, close, MAX_DEPTH + 1)).unwrap_err().message.starts_with("nesting too deep"));
            }
            // A block the parser steps over, as an `if`'s body, holds MAX_DEPTH braces, not one more.
            let skipped = |n: usize| format!("fn f() {{ if x {}{} }}", "{".repeat(n), "}".repeat(n));
            assert!(parse(&skipped(MAX_DEPTH)).is_ok());
            assert!(parse(&skipped(MAX_DEPTH + 1)).unwrap_err().message.starts_with("nesting too deep"));
            assert!(parse(&skipped(100_000)).unwrap_err().message.starts_with("nesting too deep"));
            // A group stepped over (a block as a value) opened at the deepest level left
            // is read; one level deeper, refused before it is opened.
            let block = |n: usize| format!("let x = {}{{ y }}{}", "(".repeat(n), ")".repeat(n));
            assert!(parse(&block(MAX_DEPTH - 2)).is_ok());
            assert!(parse(&block(MAX_DEPTH - 1)).unwrap_err().message.starts_with("nesting too deep"));
            // Prefix and operator chains are read in loops.
            assert!(parse(&format!("let x = {}1", "- !".repeat(50_000))).is_ok());
            assert!(parse(&format!("let x = 1{}", " ** 1".repeat(50_000))).is_ok());
            assert!(parse(&format!("let x = a{}", ".b".repeat(MAX_DEPTH + 1))).is_err());
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn fixtures_parse() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/harn");
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "harn") {
                let text = std::fs::read_to_string(&path).unwrap();
                if let Err(e) = parse(&text) {
                    panic!("{}: {} at {:?}", path.display(), e.message, e.span);
                }
            }
        }
    }
}

/// The parser's work, counted in tokens looked at, grows linearly with the input: a
/// declaration costs as many reads at the end of a thousand others as alone, so no
/// lookahead or backtracking scans what is behind or far ahead. (Speed itself is
/// measured by `make bench`, never in tests.)
#[test]
fn parsing_work_is_linear_in_the_input() {
    let unit = "/// Doc.\n@annotations(readOnly: true)\npub fn get_{i}(id: string, opts: {verbose?: bool, tags: list<string>}, limit: int = 10) -> Widget | nil throws NotFound {\n  let w = store.get(id, limit: limit)\n  if w == nil { return nil }\n  let pick = w.ok ? w : nil\n  return {id: id, name: \"w ${id}\", tags: [\"a\", \"b\"], handler: { args -> run(args) }}\n}\n\n";
    let reads = |units: usize| {
        let text: String = (0..units).map(|i| unit.replace("{i}", &i.to_string())).collect();
        let (module, reads) = parse_counting_reads(&text).unwrap();
        assert_eq!(module.items.len(), units);
        reads
    };
    let first = reads(2) - reads(1);
    assert!(first > 0);
    assert_eq!(reads(1001) - reads(1000), first);
    assert_eq!(reads(3001) - reads(3000), first);
}

/// What follows a complete expression inside brackets: an assignment is a
/// continuation this reader does not model, so the expression is stepped over, as
/// elsewhere; a token that cannot continue it is an error at that token.
#[test]
fn an_assignment_inside_brackets_is_stepped_over_and_a_stray_token_refused() {
    for source in ["let x = (a = 1)", "let x = f(a = 1)", "let x = [a = 1]", "let x = a[i += 1]"] {
        assert!(parse(source).is_ok(), "{source}: {:?}", parse(source).err());
    }
    let e = parse("let x = a[1 2]").unwrap_err();
    assert_eq!(e.message, "expected ']' to close the index, found number '2'");
    assert_eq!(e.span, Span::new(12, 13));
}
