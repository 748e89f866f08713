//! The syntax tree of the Harn subset harn-catalog reads (spec/exports.md a): top-level
//! declarations with their types in full, and statements and expressions as far as
//! the script surface evaluates them. Every node carries its byte span.

/// A byte range of the source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start..self.end
    }
}

/// A name and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// A parsed module.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Module {
    pub items: Vec<Item>,
}

/// A top-level item.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Import(Import),
    Fn(FnDecl),
    Pipeline(PipelineDecl),
    TypeAlias(TypeAlias),
    Struct(StructDecl),
    Enum(EnumDecl),
    /// `interface`, `impl`, `tool`, `skill` and `eval_pack` declarations: never
    /// exported, never needed for schemas; kept only as their kind and span.
    Other {
        kind: String,
        name: Option<Ident>,
        span: Span,
    },
    /// A top-level statement (`let` constants are what the script surface reads).
    Statement(Stmt),
}

/// `import "path"`, `import { a, b } from "path"`, `import a::b::{c, d}`.
#[derive(Clone, Debug, PartialEq)]
pub struct Import {
    pub public: bool,
    /// The module path as written: `"./types"`, `"std/tools"`, or `a::b` joined with `::`.
    pub path: String,
    /// The names imported, when the import lists them.
    pub names: Option<Vec<Ident>>,
    pub span: Span,
}

/// `@name` or `@name(args)` before a declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct Attribute {
    pub name: Ident,
    pub args: Vec<AttributeArg>,
    pub span: Span,
}

/// One argument of an attribute: `readOnly: true`, `"name"`, `-1`. It is written
/// like a call argument.
pub type AttributeArg = CallArg;

/// `[pub] [gen] fn name<T>(params) -> R throws E where … { body }`.
#[derive(Clone, Debug, PartialEq)]
pub struct FnDecl {
    pub attributes: Vec<Attribute>,
    pub public: bool,
    pub name: Ident,
    pub generics: Vec<Ident>,
    pub params: Vec<Param>,
    pub returns: Option<TypeExpr>,
    pub throws: Option<TypeExpr>,
    pub body: Block,
    /// From the first token after the attributes (`pub` or `fn`) to the body's end.
    pub span: Span,
}

/// `[pub] pipeline name(params) -> R throws E [extends base] { body }`.
#[derive(Clone, Debug, PartialEq)]
pub struct PipelineDecl {
    pub attributes: Vec<Attribute>,
    pub public: bool,
    pub name: Ident,
    pub params: Vec<Param>,
    pub returns: Option<TypeExpr>,
    pub throws: Option<TypeExpr>,
    pub extends: Option<Ident>,
    pub body: Block,
    pub span: Span,
}

/// A parameter: `name`, `name: T`, `name: T = default`, `...rest: T`.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: Ident,
    pub ty: Option<TypeExpr>,
    /// The default's span; its value is never evaluated.
    pub default: Option<Span>,
    pub rest: bool,
    pub span: Span,
}

/// `[pub] type Name<T> = T`.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeAlias {
    pub public: bool,
    pub name: Ident,
    pub generics: Vec<Ident>,
    pub ty: TypeExpr,
    pub span: Span,
}

/// `[pub] struct Name<T> { field: T, other?: U }`.
#[derive(Clone, Debug, PartialEq)]
pub struct StructDecl {
    pub public: bool,
    pub name: Ident,
    pub generics: Vec<Ident>,
    pub fields: Vec<Field>,
    pub span: Span,
}

/// A struct field; `ty` is `None` when the field has no annotation.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub name: Ident,
    pub optional: bool,
    pub ty: Option<TypeExpr>,
    pub span: Span,
}

/// `[pub] enum Name<T> { Unit, Tuple(a: T, b: U) }`.
#[derive(Clone, Debug, PartialEq)]
pub struct EnumDecl {
    pub public: bool,
    pub name: Ident,
    pub generics: Vec<Ident>,
    pub variants: Vec<Variant>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    pub name: Ident,
    /// Positional fields, written like parameters.
    pub fields: Vec<Param>,
    pub span: Span,
}

/// A type expression (spec/exports.md a.3).
#[derive(Clone, Debug, PartialEq)]
pub struct TypeExpr {
    pub kind: TypeKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeKind {
    /// A bare name: primitives, `any`, `unknown`, `closure`, `bytes`, `set`, `list`,
    /// `dict`, aliases, structs, enums, type parameters.
    Named(String),
    /// `Name<args>` other than the built-in constructors below.
    Applied(String, Vec<TypeExpr>),
    /// `list<T>` (and the `[T]` shorthand).
    List(Box<TypeExpr>),
    /// `dict<K, V>`.
    Dict(Box<TypeExpr>, Box<TypeExpr>),
    /// `iter<T>`, `Iter<T>`, `Generator<T>`, `Stream<T>`: no schema.
    Sequence(String, Box<TypeExpr>),
    /// `owned<T>`.
    Owned(Box<TypeExpr>),
    /// `{f: T, g?: U}`; `open` when it has `...Rest` tails.
    Shape { fields: Vec<ShapeField>, open: bool },
    /// `fn(A, B) -> R`.
    Function { params: Vec<TypeExpr>, returns: Box<TypeExpr> },
    /// `(A, B)`, a tuple type: a fixed-length list of these types in this order (`(A)`
    /// is `A` in parentheses, `(A,)` a tuple of one).
    Tuple(Vec<TypeExpr>),
    /// `A | B | …`, flattened; `T?` is `T | nil`, with a repeated `nil` removed.
    Union(Vec<TypeExpr>),
    /// `A & B & …`, flattened.
    Intersection(Vec<TypeExpr>),
    /// `"literal"` or `r"literal"`.
    StringLiteral(String),
    /// `42`, `-1`.
    IntLiteral(i64),
    /// `nil`.
    Nil,
    /// `true` or `false`: both mean `bool`.
    BoolLiteral(bool),
    /// `never`.
    Never,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ShapeField {
    pub name: Ident,
    pub optional: bool,
    pub ty: TypeExpr,
    pub span: Span,
}

/// `{ statements }`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Block {
    pub statements: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `let name = value` or `var name = value` (an annotation `: T` is allowed and ignored).
    Let { name: Ident, value: Expr, mutable: bool, span: Span },
    /// `name = value`: a plain assignment to a name (compound assignments and
    /// assignments to members or indexes are [`Stmt::Other`]).
    Assign { target: Ident, value: Expr, span: Span },
    /// `return` or `return value`.
    Return { value: Option<Expr>, span: Span },
    /// An expression used as a statement (a call, say).
    Expr(Expr),
    /// Any other statement (`if`, `for`, `while`, `match`, a compound assignment, …),
    /// skipped whole; `what` names it (the keyword, or `assignment`).
    Other { what: String, span: Span },
}

impl Stmt {
    pub fn span(&self) -> Span {
        match self {
            Stmt::Let { span, .. }
            | Stmt::Assign { span, .. }
            | Stmt::Return { span, .. }
            | Stmt::Other { span, .. } => *span,
            Stmt::Expr(expr) => expr.span,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A string without interpolation (escapes resolved; raw and triple-quoted
    /// strings too, the latter with their indentation stripped).
    Str(String),
    /// A string with `${…}` interpolation: built at run time.
    Interpolated,
    Int(i64),
    Float(f64),
    Bool(bool),
    Nil,
    Ident(String),
    List(Vec<Expr>),
    /// `{key: value, "key": value}`, in source order.
    Dict(Vec<DictEntry>),
    /// `callee(args)`.
    Call {
        callee: Box<Expr>,
        args: Vec<CallArg>,
    },
    /// `object.name`.
    Member {
        object: Box<Expr>,
        name: Ident,
    },
    /// `object[index]`.
    Index {
        object: Box<Expr>,
        index: Box<Expr>,
    },
    /// A closure or anonymous function literal: `{ x -> … }`, `fn(x) { … }`. Never
    /// evaluated.
    Closure,
    /// Any other expression (an operator, a conditional, …); `what` names it.
    Other {
        what: String,
    },
}

/// One entry of a dict literal.
#[derive(Clone, Debug, PartialEq)]
pub struct DictEntry {
    /// The key, from an identifier or a string literal.
    pub key: Ident,
    pub value: Expr,
    pub span: Span,
}

/// One call argument, positional or named (`name: value`); also one argument of an
/// attribute ([`AttributeArg`]).
#[derive(Clone, Debug, PartialEq)]
pub struct CallArg {
    pub name: Option<Ident>,
    pub value: Expr,
    pub span: Span,
}
