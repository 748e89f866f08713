//! The Harn lexer and parser never panic and never hang.
//!
//! More than 100,000 inputs go through both:
//! - modules from a small grammar-based generator (slices, line-leading operators,
//!   explicit type arguments, escaped quotes in interpolations, closures with
//!   statement bodies, declarations in bodies, `const`, tuple types and `;` included);
//! - mutations of seed modules (the ones below and every `*.harn` under `fixtures/`)
//!   and of generated ones. Mutations work on tokens (insert, delete, duplicate,
//!   swap), truncate, unbalance brackets, inject quotes, `/*`, `${`, `"""` and deep
//!   nesting, edit bytes, and splice seeds together.
//!
//! Each input runs under `catch_unwind`, and the results must be coherent:
//! - a lexer error is a parser error;
//! - every span lies inside the input, on character boundaries;
//! - tokens come in order and end with `Eof`.
//!
//! Two workers run on ordinary 2 MiB thread stacks (as `cargo test` gives). A
//! watchdog fails the test, showing the input, if a worker stalls for 10 s. A small
//! deterministic generator makes every run identical.

use crate::common;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use harn_catalog::ingest::harn::parser;

// The lexer's and parser's invariants, which the fuzz targets check too.
use crate::fuzz_regressions::targets::lex_and_parse;

/// Inputs per worker; two workers.
const INPUTS_PER_WORKER: usize = 55_000;
const WORKERS: usize = 2;
/// A worker that makes no progress for this long is hung.
const STALL: Duration = Duration::from_secs(10);

/// splitmix64: small, fast, deterministic.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// True `percent` times in a hundred.
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const SEEDS: &[&str] = &[
    // The shape of the task's example: every item kind and the tricky corners.
    r#"#!/usr/bin/env harn
/** Widget tools. */
import "std/tools"
import { Widget, WidgetError } from "./types"
pub import std::json::{parse, stringify}

type Outcome = "ok" | "error"
  | "rejected"

struct Page<T> {
  items: list<T>
  next?: string
}

enum Shape { Circle(radius: float), Square(side: float), Empty }

/// Look up one widget.
@annotations(readOnly: true, idempotent: true)
@retry(max: 3, backoff: {base: 2s, factor: 1.5})
pub fn lookup_widget(harness: Harness, widget_id: string, verbose: bool = false) -> Widget throws WidgetError {
  let w = harness.store.get(widget_id)
  if verbose { log("${w.name} ${"nested ${1 + 2}"}") }
  return w
}

pub pipeline deploy(config: {env: "prod" | "dev", dry_run?: bool}) -> dict<string, list<int>> {
  return {}
}

fn registry() {
  return tool_registry_from([
    {name: "lookup_widget", description: "Look up a widget", handler: { args -> lookup(args) }, parameters: {widget_id: "string"}},
  ], {info: {name: "widgets"}})
}

pub fn main(harness: Harness) {
  harness.tools.mcp_tools(registry())
}
"#,
    // Types of every form.
    r#"type Id = string
type Tree<T> = {value: T, children: list<Tree<T>>, meta?: dict<string, any>}
type Callback = fn(int, string) -> bool | nil
type Loose = {name: string, type: "x", match?: 1 | -2, ...Rest}
type Both = {a: int} & {b: string}?
type Msg =
  {kind: "a", payload: [int]} |
  {kind: "b", payload: Stream<owned<Item>>}
pub struct Envelope<in T, out U> {
  data: T, error?: U
  untyped
}
enum Outcome<T> {
  Done(value: T)
  Failed(message: string, code: int = 1)
  Pending
}
interface Named {
  fn name() -> string
}
impl Named for Widget {
  fn name() -> string { return "}" }
}
tool read_file(path: string) -> {text: string} {
  description "Read a file"
}
pub fn generic<T: Show, U>(x: T, ...rest: U) -> Result<T, never> where T: Eq + Hash, U: Any throws {variant: "oops", callback: fn(int) -> int} {
  return Ok(x)
}
pub fn remove(id: string) throws NotFound {
}
"#,
    // A script surface built from constants.
    r#"/// A script whose registry is built from constants and local functions.
let audiences = ["mcp", "catalog"]
let limits = {max: 10, ratio: 0.5, negative: -3, big: 0xff, flag: false, none: nil}

let search_spec = {
  name: "search",
  "description": "Search the index.",
  parameters: {query: "string", limit: {type: "int", description: "At most this many."}},
  governance: {audiences: audiences},
  handler: { args -> index.search(args.query) },
  check: fn(x: int) -> bool { return x > 0 },
}

fn specs() {
  let fetch_spec = {
    name: "fetch",
    inputSchema: {type: "object", properties: {url: {type: "string", format: "uri"}}, required: ["url"]},
    handler: fetch_handler,
  }
  return [search_spec, fetch_spec, ...extra]
}

fn main(harness) {
  let published = tool_registry_from(specs(), {info: {name: "search-tools"}})
  harness.tools.mcp_tools(published)
}
"#,
    // Lexical corners and skipped statements.
    r#"/* a /* nested */ comment */
/**
 * Block docs.
 */
let raw = r"C:\path\${not}"
let multi = """
    first
      indented ${ {"k": "}"} } "quoted"
    """
let joined = 1 + \
  2
fn body(x: int, ys: list<int>) -> int {
  var total = 0
  for y in ys { total += y }
  while total > 100 { total -= 1 }
  match x {
    0 -> { return -1 }
    _ -> { log("x=${x}") }
  }
  try { risky() } catch e { log(e.message) } finally { done() }
  guard x > 0 else { return 0 }
  let t = if x > 1 { "a" } else { "b" }
  let s = items
    .filter({ i -> i > 0 })
    .map({ i, j -> i * j })
  let q = a ?? b || !c && d |> f
  let r = x ** 2 % 3 != 4
  let d = 5s + 100ms
  let ternary = x ? 1 : 2
  defer { cleanup() }
  return total; // trailing
}
"#,
];

/// Every `*.harn` file under `fixtures/` (there may be none).
fn fixture_seeds() -> Vec<String> {
    common::harn_fixtures(&common::root().join("fixtures"))
        .into_iter()
        .map(|path| std::fs::read_to_string(path).unwrap())
        .collect()
}

// ----- a grammar-based generator -----

/// Names of declarations and variables: never keywords.
const NAMES: &[&str] = &["x", "widget", "id", "harness", "Widget", "T", "items", "out", "where", "gen", "_x1"];
/// Names of fields, keys, members and arguments: keywords allowed.
const KEYS: &[&str] = &["x", "name", "id", "type", "match", "in", "fn", "if", "description", "_k"];
const TYPE_NAMES: &[&str] =
    &["int", "string", "float", "bool", "any", "nil", "never", "Widget", "T", "list", "dict", "set", "bytes"];
const GENERICS: &[&str] = &["list", "dict", "iter", "Iter", "Generator", "Stream", "owned", "Result", "Page", "never"];
/// Operators that may start a line continuing the expression above.
const LEADING: &[&str] = &["+", "*", "/", "%", "**", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "??", "|>"];
const BINARY: &[&str] =
    &["+", "-", "*", "/", "%", "**", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "??", "|>", "in", "to"];

fn name(rng: &mut Rng) -> String {
    rng.pick(NAMES).to_string()
}

fn key(rng: &mut Rng) -> String {
    rng.pick(KEYS).to_string()
}

fn string_literal(rng: &mut Rng, depth: usize) -> String {
    match rng.below(7) {
        0 => "\"plain \\n \\t \\\\ \\\" \\$ \\q\"".to_string(),
        1 => "r\"raw \\ ${x}\"".to_string(),
        2 => "\"\"\"\n    multi\n      line \\\" ${x}\n    \"\"\"".to_string(),
        3 if depth > 0 => format!("\"a ${{{}}} b\"", expr(rng, depth - 1)),
        4 if depth > 0 => format!("\"\"\"${{ {} }}\"\"\"", expr(rng, depth - 1)),
        5 => "\"{braces} $ money\"".to_string(),
        _ => format!("\"{}\"", name(rng)),
    }
}

fn ty(rng: &mut Rng, depth: usize) -> String {
    if depth == 0 {
        return rng.pick(TYPE_NAMES).to_string();
    }
    let d = depth - 1;
    match rng.below(15) {
        0 => format!("{} | {}", ty(rng, d), ty(rng, d)),
        1 => format!("{} |\n  {}", ty(rng, d), ty(rng, d)),
        2 => format!("{}\n  | {}", ty(rng, d), ty(rng, d)),
        3 => format!("{} & {}", ty(rng, d), ty(rng, d)),
        4 => format!("{}?", ty(rng, d)),
        5 => {
            let fields: Vec<String> = (0..rng.below(4))
                .map(|_| format!("{}{}: {}", key(rng), if rng.chance(30) { "?" } else { "" }, ty(rng, d)))
                .collect();
            let tail = match (rng.chance(20), fields.is_empty()) {
                (false, _) => "",
                (true, true) => "...Rest",
                (true, false) => ", ...Rest",
            };
            format!("{{{}{tail}}}", fields.join(if rng.chance(50) { ", " } else { "\n" }))
        }
        6 => format!("fn({}) -> {}", (0..rng.below(3)).map(|_| ty(rng, d)).collect::<Vec<_>>().join(", "), ty(rng, d)),
        7 => {
            let args: Vec<String> = (0..1 + rng.below(2)).map(|_| ty(rng, d)).collect();
            format!("{}<{}>", rng.pick(GENERICS), args.join(", "))
        }
        8 => format!("[{}]", ty(rng, d)),
        9 => rng.pick(&["\"fast\"", "r\"raw\\\"", "\"\"\"triple\"\"\""]).to_string(),
        10 => format!("{}", rng.below(5) as i64 - 2),
        11 => rng.pick(&["true", "false", "nil"]).to_string(),
        12 => format!("({})", ty(rng, d)),
        13 => {
            let members: Vec<String> = (0..1 + rng.below(3)).map(|_| ty(rng, d)).collect();
            format!("({},{})", members.join(", "), if members.len() > 1 && rng.chance(50) { "" } else { " " })
        }
        _ => rng.pick(TYPE_NAMES).to_string(),
    }
}

fn expr(rng: &mut Rng, depth: usize) -> String {
    if depth == 0 {
        return match rng.below(6) {
            0 => rng.below(1000).to_string(),
            1 => "1.5".to_string(),
            2 => "5s".to_string(),
            3 => string_literal(rng, 0),
            4 => rng.pick(&["true", "false", "nil"]).to_string(),
            _ => name(rng),
        };
    }
    let d = depth - 1;
    match rng.below(23) {
        0 => format!("[{}]", (0..rng.below(4)).map(|_| expr(rng, d)).collect::<Vec<_>>().join(", ")),
        1 => {
            let entries: Vec<String> = (0..rng.below(4))
                .map(|_| {
                    let key = if rng.chance(30) { format!("\"{}\"", name(rng)) } else { key(rng) };
                    format!("{key}: {}", expr(rng, d))
                })
                .collect();
            format!("{{{}}}", entries.join(if rng.chance(50) { ", " } else { ",\n  " }))
        }
        2 => {
            let args: Vec<String> = (0..rng.below(4))
                .map(|_| if rng.chance(40) { format!("{}: {}", key(rng), expr(rng, d)) } else { expr(rng, d) })
                .collect();
            format!("{}({})", name(rng), args.join(", "))
        }
        3 => format!("{}.{}", expr(rng, d), key(rng)),
        4 => format!("{}[{}]", expr(rng, d), expr(rng, d)),
        5 => format!("({})", expr(rng, d)),
        6 => format!("{{ {} -> {} }}", name(rng), expr(rng, d)),
        7 => format!("{{ -> {} }}", expr(rng, d)),
        8 => format!("fn({}: {}) -> {} {{ return {} }}", name(rng), ty(rng, 1), ty(rng, 1), expr(rng, d)),
        9 => format!("{} {} {}", expr(rng, d), rng.pick(BINARY), expr(rng, d)),
        10 => format!("-{}", expr(rng, d)),
        11 => format!("!{}", expr(rng, d)),
        12 => format!("if {} {{ {} }} else {{ {} }}", expr(rng, d), expr(rng, d), expr(rng, d)),
        13 => format!("{} ? {} : {}", expr(rng, d), expr(rng, d), expr(rng, d)),
        14 => format!("Page {{ items: [{}], next: nil }}", expr(rng, d)),
        15 => format!("[...{}]", expr(rng, d)),
        16 => string_literal(rng, d),
        17 => format!(
            "{}[{}:{}]",
            name(rng),
            if rng.chance(50) { expr(rng, d) } else { String::new() },
            if rng.chance(50) { expr(rng, d) } else { String::new() }
        ),
        18 => format!("{}\n    {} {}", expr(rng, d), rng.pick(LEADING), expr(rng, d)),
        19 => format!("{}<{}>({})", name(rng), ty(rng, 1), expr(rng, d)),
        20 => format!("\"a ${{{} ?? \\\"b }}\\\"}}\"", name(rng)),
        // A closure's default is a simple expression: a ternary there is beyond this reader.
        21 => format!(
            "{{ {}, {} = {} ->\n  {}; {}\n}}",
            name(rng),
            name(rng),
            expr(rng, 0),
            statement(rng, d),
            expr(rng, d)
        ),
        _ => format!("{}\n  .{}({})", name(rng), name(rng), expr(rng, d)),
    }
}

fn statement(rng: &mut Rng, depth: usize) -> String {
    match rng.below(14) {
        0 => format!("let {} = {}", name(rng), expr(rng, depth)),
        1 => format!("var {}: {} = {}", name(rng), ty(rng, 1), expr(rng, depth)),
        2 => format!("return {}", expr(rng, depth)),
        3 => "return".to_string(),
        4 => format!("if {} {{\n  {}\n}} else {{ {} }}", expr(rng, 1), statement(rng, 0), expr(rng, 1)),
        5 => format!("for {} in {} {{ {} }}", name(rng), expr(rng, 1), statement(rng, 0)),
        6 => format!("match {} {{\n  1 -> {{ {} }}\n  _ -> {{ }}\n}}", expr(rng, 1), expr(rng, 1)),
        7 => format!("{} = {}", name(rng), expr(rng, depth)),
        8 => format!("{} += 1", name(rng)),
        9 => format!("try {{ {} }} catch e {{ }}", expr(rng, 1)),
        10 => format!("const {} = {}", name(rng), expr(rng, depth)),
        11 => format!(
            "{}fn {}({}) {{\n  {}; {}\n}}",
            rng.pick(&["pub ", "gen ", "pub gen ", ""]),
            name(rng),
            params(rng),
            statement(rng, 0),
            expr(rng, 1)
        ),
        _ => expr(rng, depth),
    }
}

fn params(rng: &mut Rng) -> String {
    // Once a parameter has a default value, every later one has one.
    let mut defaulted = false;
    let mut params: Vec<String> = (0..rng.below(4))
        .map(|_| {
            let mut p = name(rng);
            if rng.chance(70) {
                p = format!("{p}: {}", ty(rng, 2));
            }
            if defaulted || rng.chance(20) {
                defaulted = true;
                p = format!("{p} = {}", expr(rng, 1));
            }
            p
        })
        .collect();
    if rng.chance(15) {
        params.push(format!("...rest: {}", ty(rng, 1)));
    }
    params.join(if rng.chance(80) { ", " } else { ",\n  " })
}

fn item(rng: &mut Rng) -> String {
    let public = if rng.chance(50) { "pub " } else { "" };
    let doc = if rng.chance(30) { "/// Doc line.\n" } else { "" };
    match rng.below(11) {
        0 => rng
            .pick(&[
                "import \"std/tools\"",
                "pub import { Widget, Other, } from \"./types\"",
                "import std::json::{parse, stringify}",
                "import a::b",
            ])
            .to_string(),
        1 | 2 => {
            let attrs: String = (0..rng.below(3))
                .map(|_| {
                    rng.pick(&[
                        "@annotations(readOnly: true, destructive: false)\n",
                        "@job(\"nightly\")\n",
                        "@retry(max: 3, backoff: {base: 2s})\n",
                        "@limits(-1, 2.5, r\"x\", nil, mode)\n",
                        "@deprecated\n",
                    ])
                    .to_string()
                })
                .collect();
            let generics = if rng.chance(20) { "<in T, out U>" } else { "" };
            let returns = if rng.chance(60) { format!(" -> {}", ty(rng, 2)) } else { String::new() };
            let throws = if rng.chance(20) { format!(" throws {}", ty(rng, 1)) } else { String::new() };
            let clause = if rng.chance(10) { " where T: Show" } else { "" };
            let body: Vec<String> = (0..rng.below(4)).map(|_| format!("  {}", statement(rng, 2))).collect();
            let generator = if rng.chance(10) { "gen " } else { "" };
            format!(
                "{doc}{attrs}{public}{generator}fn {}{generics}({}){returns}{throws}{clause} {{\n{}\n}}",
                name(rng),
                params(rng),
                body.join("\n")
            )
        }
        3 => format!(
            "{doc}{public}pipeline {}({}) -> {} {{\n  return {}\n}}",
            name(rng),
            params(rng),
            ty(rng, 1),
            expr(rng, 1)
        ),
        4 => format!("{public}type {} = {}", name(rng), ty(rng, 3)),
        5 => {
            let fields: Vec<String> = (0..rng.below(4))
                .map(|_| format!("{}{}: {}", key(rng), if rng.chance(30) { "?" } else { "" }, ty(rng, 2)))
                .collect();
            format!("{public}struct {} {{\n  {}\n}}", name(rng), fields.join("\n  "))
        }
        6 => {
            let variants: Vec<String> = (0..1 + rng.below(3))
                .map(|_| if rng.chance(50) { name(rng) } else { format!("{}({})", name(rng), params(rng)) })
                .collect();
            format!("{public}enum {} {{ {} }}", name(rng), variants.join(", "))
        }
        7 => format!(
            "{} {} {{\n  fn a() -> {} {{ {} }}\n}}",
            rng.pick(&["interface", "impl", "tool", "skill", "eval_pack"]),
            name(rng),
            ty(rng, 1),
            expr(rng, 1)
        ),
        8 => format!("/* {} /* nested */ */", name(rng)),
        _ => {
            // A top-level `fn` always declares a function.
            let statement = statement(rng, 3);
            if statement.starts_with("fn") { format!("let f = {statement}") } else { statement }
        }
    }
}

fn module(rng: &mut Rng) -> String {
    let mut out = String::new();
    if rng.chance(10) {
        out.push_str("#!/usr/bin/env harn\n");
    }
    for _ in 0..1 + rng.below(8) {
        let item = item(rng);
        out.push_str(&item);
        // A comment is no item: a `;` after it would end nothing.
        let separators: &[&str] =
            if item.starts_with("/*") { &["\n", "\n\n"] } else { &["\n", "\n\n", ";\n", "\n// comment\n"] };
        let separator = rng.pick(separators);
        out.push_str(separator);
    }
    out
}

// ----- mutations -----

/// Splits text into rough tokens (words, single punctuation, whitespace runs), so
/// that mutations move meaningful pieces. Concatenating them gives the text back.
fn rough_tokens(text: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let class = |c: char| {
            if c.is_alphanumeric() || c == '_' {
                0
            } else if c.is_whitespace() {
                1
            } else {
                2
            }
        };
        let k = class(c);
        let mut end = i + c.len_utf8();
        if k != 2 {
            while let Some(&(j, d)) = chars.peek() {
                if class(d) != k {
                    break;
                }
                end = j + d.len_utf8();
                chars.next();
            }
        }
        tokens.push(&text[start.max(i)..end]);
        start = end;
    }
    tokens
}

const FRAGMENTS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "<",
    ">",
    ">>",
    ">=",
    "\"",
    "\"\"\"",
    "r\"",
    "${",
    "$",
    "/*",
    "*/",
    "//",
    "\\",
    "\\\n",
    "@",
    "#",
    "#!",
    "->",
    "=>",
    "...",
    "::",
    "?",
    "??",
    "?.",
    "|",
    "&",
    ",",
    ";",
    ":",
    "=",
    "\n",
    "\t",
    "'",
    "`",
    "~",
    "é",
    "\u{0}",
    "fn",
    "pub",
    "gen",
    "import",
    "from",
    "type",
    "struct",
    "enum",
    "pipeline",
    "extends",
    "throws",
    "where",
    "let",
    "var",
    "return",
    "if",
    "else",
    "match",
    "tool",
    "impl",
    "interface",
    "nil",
    "true",
    "false",
    "in",
    "out",
    "list<",
    "dict<",
    "fn(int) -> ",
    "{ x -> ",
    "x",
    "0",
    "-",
    "1.5e",
    "99999999999999999999",
    "5s",
    "12abc",
    "0x",
    "\"${\"${\"",
    "const",
    "[:",
    ":]",
    "\\\"",
    ";;",
    "; else",
    "gen fn",
    "(int, ",
    ",)",
    "<int>(",
    "\n  + ",
];

const DEEP: &[(&str, &str)] = &[
    ("(", ")"),
    ("[", "]"),
    ("{", "}"),
    ("{a: ", "}"),
    ("f(", ")"),
    ("x[", "]"),
    ("list<", ">"),
    ("fn() -> ", ""),
    ("\"${", "}\""),
    ("/*", "*/"),
    ("-", ""),
    ("!", ""),
    ("{ x -> ", "}"),
    ("(a | ", ")"),
];

fn char_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn mutate(rng: &mut Rng, text: &str, donors: &[String]) -> String {
    let mut tokens: Vec<String> = rough_tokens(text).into_iter().map(str::to_string).collect();
    for _ in 0..1 + rng.below(4) {
        let len = tokens.len();
        let at = rng.below(len + 1);
        match rng.below(12) {
            0 | 1 => tokens.insert(at, rng.pick(FRAGMENTS).to_string()),
            2 if len > 0 => {
                tokens.remove(at.min(len - 1));
            }
            3 if len > 0 => {
                let from = at.min(len - 1);
                let to = (from + 1 + rng.below(8)).min(len);
                let copy: Vec<String> = tokens[from..to].to_vec();
                let insert_at = rng.below(len + 1);
                tokens.splice(insert_at..insert_at, copy);
            }
            4 if len > 1 => {
                let other = rng.below(len);
                tokens.swap(at.min(len - 1), other);
            }
            5 => {
                // Truncate.
                tokens.truncate(at);
            }
            6 => {
                // Unbalance: drop a bracket or a quote.
                let brackets: Vec<usize> = tokens
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| matches!(t.as_str(), "(" | ")" | "[" | "]" | "{" | "}" | "<" | ">" | "\""))
                    .map(|(i, _)| i)
                    .collect();
                if !brackets.is_empty() {
                    tokens.remove(*rng.pick(&brackets));
                }
            }
            7 => {
                // Deep nesting, sometimes past the bound, sometimes unclosed.
                let (open, close) = *rng.pick(DEEP);
                let n = *rng.pick(&[10usize, 150, 199, 201, 260, 1000]);
                let inner = rng.pick(&["1", "int", "x", ""]);
                let closed = if rng.chance(70) { close.repeat(n) } else { close.repeat(rng.below(n)) };
                tokens.insert(at, format!("{}{inner}{closed}", open.repeat(n)));
            }
            8 => {
                // A byte-level edit, made valid UTF-8 again.
                let joined = tokens.concat();
                let mut bytes = joined.into_bytes();
                if !bytes.is_empty() {
                    let i = rng.below(bytes.len());
                    bytes[i] = (rng.next() & 0xff) as u8;
                }
                tokens = vec![String::from_utf8_lossy(&bytes).into_owned()];
            }
            9 if !donors.is_empty() => {
                // Splice a piece of another input in.
                let donor = rng.pick(donors);
                let a = char_boundary(donor, rng.below(donor.len() + 1));
                let b = char_boundary(donor, a + rng.below(300));
                tokens.insert(at, donor[a..b].to_string());
            }
            10 => {
                let quote = rng.pick(&["\"", "\"\"\"", "/*", "${", "r\"", "\"${", "*/", "}"]);
                tokens.insert(at, quote.to_string());
            }
            _ => {
                // Replace a token with a fragment.
                if len > 0 {
                    tokens[at.min(len - 1)] = rng.pick(FRAGMENTS).to_string();
                }
            }
        }
    }
    tokens.concat()
}

// ----- inputs -----

/// The `index`-th input of a worker: deterministic.
fn input(rng: &mut Rng, seeds: &[String]) -> String {
    match rng.below(10) {
        0 | 1 => module(rng),
        2 => {
            let generated = module(rng);
            mutate(rng, &generated, seeds)
        }
        3 => {
            let seed = rng_pick_owned(rng, seeds);
            let once = mutate(rng, seed, seeds);
            mutate(rng, &once, seeds)
        }
        _ => {
            let seed = rng_pick_owned(rng, seeds);
            mutate(rng, seed, seeds)
        }
    }
}

fn rng_pick_owned<'a>(rng: &mut Rng, seeds: &'a [String]) -> &'a str {
    &seeds[rng.below(seeds.len())]
}

/// Inputs every run includes: the worst cases of each kind.
fn fixed_inputs() -> Vec<String> {
    let mut inputs = vec![
        String::new(),
        "\n".repeat(10_000),
        "}".repeat(10_000),
        "{".repeat(10_000),
        "\"${".repeat(10_000),
        "/*".repeat(10_000),
        "@".repeat(1_000),
        "fn f(".repeat(2_000),
        format!("let x = {}", "- ".repeat(100_000)),
        format!("let x = a{}", ".b".repeat(100_000)),
        format!("type X = {}int", "fn() -> ".repeat(5_000)),
        format!("type X = int{}", "?".repeat(10_000)),
        format!("type X = int{}", " | int".repeat(10_000)),
        format!("let x = {}", "[1, ".repeat(5_000)),
        "pub".repeat(1_000),
        "\\".to_string(),
        "#!".to_string(),
        "\u{feff}".to_string(),
    ];
    for &(open, close) in DEEP {
        for n in [199, 200, 201, 100_000] {
            inputs.push(format!("let x = {}1{}", open.repeat(n), close.repeat(n)));
            inputs.push(format!("fn f(a: {}int{}) {{}}", open.repeat(n), close.repeat(n)));
        }
    }
    inputs
}

#[test]
fn lexer_and_parser_never_panic_or_hang() {
    let started = Instant::now();
    let mut seeds: Vec<String> = SEEDS.iter().map(|s| s.to_string()).collect();
    let fixtures = fixture_seeds();
    let fixture_count = fixtures.len();
    seeds.extend(fixtures);
    let seeds = Arc::new(seeds);

    let fixed = fixed_inputs();
    let fixed_count = fixed.len();
    let failures: Arc<Mutex<Vec<String>>> = Arc::new(Mutex::new(Vec::new()));
    let progress: Arc<Vec<AtomicUsize>> = Arc::new((0..WORKERS).map(|_| AtomicUsize::new(0)).collect());
    let current: Arc<Vec<Mutex<String>>> = Arc::new((0..WORKERS).map(|_| Mutex::new(String::new())).collect());
    let slowest: Arc<Mutex<(Duration, usize)>> = Arc::new(Mutex::new((Duration::ZERO, 0)));
    let outcomes: Arc<[AtomicUsize; 3]> = Arc::new([AtomicUsize::new(0), AtomicUsize::new(0), AtomicUsize::new(0)]);

    let handles: Vec<_> = (0..WORKERS)
        .map(|worker| {
            let (seeds, failures, progress, current, slowest, outcomes) =
                (seeds.clone(), failures.clone(), progress.clone(), current.clone(), slowest.clone(), outcomes.clone());
            let fixed = if worker == 0 { fixed.clone() } else { Vec::new() };
            // Default stack size, as `cargo test` threads have.
            std::thread::spawn(move || {
                let mut rng = Rng(0x5EED_0000 + worker as u64);
                let total = INPUTS_PER_WORKER;
                for index in 0..total {
                    let text = if index < fixed.len() { fixed[index].clone() } else { input(&mut rng, &seeds) };
                    *current[worker].lock().unwrap() = text.clone();
                    let begun = Instant::now();
                    let outcome = catch_unwind(AssertUnwindSafe(|| lex_and_parse(&text)));
                    let took = begun.elapsed();
                    {
                        let mut slowest = slowest.lock().unwrap();
                        if took > slowest.0 {
                            *slowest = (took, text.len());
                        }
                    }
                    if let Ok(outcome) = outcome {
                        outcomes[outcome as usize].fetch_add(1, Ordering::Relaxed);
                    }
                    if let Err(panic) = outcome {
                        let message = panic
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                            .unwrap_or_default();
                        failures.lock().unwrap().push(format!("{message}\n--- input ---\n{text}"));
                    }
                    progress[worker].fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();

    // The watchdog: every worker must keep moving.
    let mut last: Vec<(usize, Instant)> = (0..WORKERS).map(|_| (0, Instant::now())).collect();
    while !handles.iter().all(|h| h.is_finished()) {
        std::thread::sleep(Duration::from_millis(100));
        for worker in 0..WORKERS {
            let now = progress[worker].load(Ordering::Relaxed);
            if now != last[worker].0 || now == INPUTS_PER_WORKER {
                last[worker] = (now, Instant::now());
            } else if last[worker].1.elapsed() > STALL {
                let text = current[worker].lock().map(|t| t.clone()).unwrap_or_default();
                let shown: String = text.chars().take(2_000).collect();
                panic!("worker {worker} is stuck on input {now} ({} bytes):\n{shown}", text.len());
            }
        }
    }
    for handle in handles {
        handle.join().expect("a worker died outside catch_unwind");
    }

    let total: usize = progress.iter().map(|p| p.load(Ordering::Relaxed)).sum();
    let (slowest_time, slowest_len) = *slowest.lock().unwrap();
    let [parsed, lex_errors, parse_errors] = [0, 1, 2].map(|i| outcomes[i].load(Ordering::Relaxed));
    println!(
        "harn fuzz: {total} inputs ({fixed_count} fixed, {} seeds of which {fixture_count} fixtures) in {:.1?}: \
         {parsed} parsed, {lex_errors} lexical errors, {parse_errors} syntax errors; slowest input {slowest_time:.1?} ({slowest_len} bytes)",
        seeds.len(),
        started.elapsed()
    );
    let failures = failures.lock().unwrap();
    assert!(failures.is_empty(), "{} inputs panicked; the first:\n{}", failures.len(), failures[0]);
}

/// The generator writes only valid syntax: every module it makes must parse.
#[test]
fn generated_modules_parse() {
    let mut rng = Rng(42);
    for index in 0..3_000 {
        let text = module(&mut rng);
        if let Err(e) = parser::parse(&text) {
            panic!("generated module {index} refused: {} at {:?}\n{text}", e.message, e.span);
        }
    }
}
