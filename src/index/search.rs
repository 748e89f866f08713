//! `lexical-v1`: the lexical search over a discovery index (docs/contract-hash.md,
//! "Search"). No embeddings: terms are matched after a Unicode lower-case fold, with
//! punctuation read as spaces and one plural `s` dropped; each field's matches have a
//! documented weight; equal scores are ordered by canonical ID.

use std::borrow::Cow;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::{Capability, Index, Kind, hash::sha256};

/// The analyzer's name, printed with every result page.
pub const ANALYZER: &str = "lexical-v1";
/// Results per page unless asked otherwise, and the most a page may hold.
pub const DEFAULT_LIMIT: usize = 20;
pub const MAX_LIMIT: usize = 100;

/// The weights of lexical-v1 (each a score added per match).
pub mod weights {
    /// The whole query is the tool's name (case and separators aside).
    pub const EXACT_NAME: u32 = 100;
    /// The whole query (two terms or more) appears, in order, in a field.
    pub const PHRASE_NAME: u32 = 20;
    pub const PHRASE_TITLE: u32 = 8;
    pub const PHRASE_DESCRIPTION: u32 = 5;
    /// One query term is a word of a field.
    pub const TERM_NAME: u32 = 10;
    pub const TERM_TAG: u32 = 6;
    pub const TERM_TITLE: u32 = 4;
    pub const TERM_PROVIDER: u32 = 3;
    pub const TERM_KIND: u32 = 3;
    pub const TERM_DESCRIPTION: u32 = 2;
}

/// One result.
#[derive(Clone, Debug, Serialize)]
pub struct Hit<'i> {
    pub id: &'i str,
    pub kind: Kind,
    pub name: &'i str,
    pub score: u32,
    pub title: &'i str,
    pub description: &'i str,
    #[serde(rename = "contractHash")]
    pub contract_hash: &'i str,
}

/// One page of results.
#[derive(Debug, Serialize)]
pub struct Page<'i> {
    pub analyzer: &'static str,
    pub results: Vec<Hit<'i>>,
    /// The cursor of the next page; `null` on the last.
    #[serde(rename = "nextCursor")]
    pub next_cursor: Option<String>,
}

/// A cursor that is not one this query over this catalog handed out.
#[derive(Debug, PartialEq, Eq)]
pub struct BadCursor;

/// The terms of `text`: lower-cased (Unicode), every character that is not a letter
/// or a digit read as a space, split on whitespace, each without one plural `s`.
pub fn terms(text: &str) -> Vec<String> {
    let lowered: String =
        text.chars().map(|c| if c.is_alphanumeric() { c } else { ' ' }).collect::<String>().to_lowercase();
    lowered.split_whitespace().map(|word| fold(word).to_owned()).collect()
}

/// The terms of a name: split on `_`, `-`, `.` (any punctuation) and at camelCase
/// boundaries (a lower-case letter or digit followed by an upper-case one), then as
/// [`terms`].
pub fn name_terms(name: &str) -> Vec<String> {
    terms(&camel_spaced(name))
}

fn camel_spaced(name: &str) -> String {
    let mut spaced = String::with_capacity(name.len() + 4);
    let mut previous: Option<char> = None;
    for c in name.chars() {
        if c.is_uppercase() && previous.is_some_and(|p| p.is_lowercase() || p.is_ascii_digit()) {
            spaced.push(' ');
        }
        spaced.push(c);
        previous = Some(c);
    }
    spaced
}

/// A word without one plural `s`: words of four characters or more ending in `s` but
/// not `ss` lose it (`files` → `file`, `reads` → `read`, `class` stays). Case aside,
/// so that it serves the terms [`each_term`] does not lower-case.
fn fold(word: &str) -> &str {
    let plural = word.ends_with(['s', 'S']) && !word[..word.len() - 1].ends_with(['s', 'S']);
    if plural && word.chars().nth(3).is_some() { &word[..word.len() - 1] } else { word }
}

/// Calls `each` with every term of `text` as [`terms`] (or, with `camel`, as
/// [`name_terms`]) makes it, but not lower-cased when `text` is ASCII, the common
/// case: those terms are slices of `text`, compared case aside, so that scoring an
/// index allocates nothing for them. Other text is lower-cased as [`terms`] does
/// (Unicode case folding can change its length).
fn each_term(text: &str, camel: bool, mut each: impl FnMut(&str)) {
    if !text.is_ascii() {
        let terms = if camel { name_terms(text) } else { terms(text) };
        return terms.iter().for_each(|term| each(term));
    }
    let bytes = text.as_bytes();
    let mut emit = |word: &str| each(fold(word));
    let mut start: Option<usize> = None;
    for (i, &b) in bytes.iter().enumerate() {
        let ends = match start {
            Some(_) if !b.is_ascii_alphanumeric() => true,
            Some(_) if camel && b.is_ascii_uppercase() => {
                bytes[i - 1].is_ascii_lowercase() || bytes[i - 1].is_ascii_digit()
            }
            _ => false,
        };
        if let (true, Some(from)) = (ends, start) {
            emit(&text[from..i]);
            start = None;
        }
        if start.is_none() && b.is_ascii_alphanumeric() {
            start = Some(i);
        }
    }
    if let Some(from) = start {
        emit(&text[from..]);
    }
}

/// The most terms of a query that are scored; the rest are ignored.
pub const MAX_QUERY_TERMS: usize = 64;

/// What one field holds of a query ([`MAX_QUERY_TERMS`] at most).
struct Matches {
    /// Bit `i`: the query's term `i` is a term of the field.
    terms: u64,
    /// The whole query (two terms or more) appears as consecutive terms of the field.
    phrase: bool,
    /// The field's terms are the query's.
    exact: bool,
}

/// [`Matches`] of `text` (its terms as [`each_term`] makes them) for `query`, in one
/// pass: the phrase is found by shift-and (bit `k` of `prefix`: the terms ending
/// here match the query's first `k + 1`).
fn matches(text: &str, camel: bool, query: &[String]) -> Matches {
    let full = 1u64 << (query.len() - 1);
    let (mut found, mut prefix, mut phrase, mut position, mut exact) = (0u64, 0u64, false, 0, true);
    each_term(text, camel, |term| {
        let mut equal = 0u64;
        for (i, q) in query.iter().enumerate() {
            if term.eq_ignore_ascii_case(q) {
                equal |= 1 << i;
            }
        }
        found |= equal;
        prefix = ((prefix << 1) | 1) & equal;
        phrase |= prefix & full != 0;
        exact &= equal & (1 << position.min(63)) != 0 && position < query.len();
        position += 1;
    });
    Matches { terms: found, phrase: phrase && query.len() >= 2, exact: exact && position == query.len() }
}

/// What search reads of a capability: a [`Capability`] of an index built in memory,
/// or an [`Entry`] borrowed from the bytes of an index file.
pub trait Searchable {
    fn id(&self) -> &str;
    fn kind(&self) -> Kind;
    fn name(&self) -> &str;
    fn title(&self) -> &str;
    fn description(&self) -> &str;
    fn tags(&self) -> impl Iterator<Item = &str>;
    fn provider(&self) -> &str;
    fn contract_hash(&self) -> &str;
}

/// What search reads of one capability of an index file, its strings borrowed from
/// the file's bytes where they hold no escape: reading an index of 10,000 tools
/// into owned records took longer than searching it.
#[derive(Deserialize)]
pub struct Entry<'a> {
    #[serde(borrow)]
    id: Cow<'a, str>,
    kind: Kind,
    #[serde(borrow)]
    name: Cow<'a, str>,
    #[serde(borrow)]
    title: Cow<'a, str>,
    #[serde(borrow)]
    description: Cow<'a, str>,
    tags: Vec<String>,
    #[serde(borrow)]
    provider: Cow<'a, str>,
    #[serde(borrow, rename = "contractHash")]
    contract_hash: Cow<'a, str>,
}

/// [`Searchable`] of a record with the index's field names (`tags` owned strings).
macro_rules! searchable {
    ($($record:ty),*) => {$(
        impl Searchable for $record {
            fn id(&self) -> &str {
                &self.id
            }
            fn kind(&self) -> Kind {
                self.kind
            }
            fn name(&self) -> &str {
                &self.name
            }
            fn title(&self) -> &str {
                &self.title
            }
            fn description(&self) -> &str {
                &self.description
            }
            fn tags(&self) -> impl Iterator<Item = &str> {
                self.tags.iter().map(String::as_str)
            }
            fn provider(&self) -> &str {
                &self.provider
            }
            fn contract_hash(&self) -> &str {
                &self.contract_hash
            }
        }
    )*};
}

searchable!(Capability, Entry<'_>);

/// An index file as search reads it (see [`Entry`]).
#[derive(Deserialize)]
pub struct Snapshot<'a> {
    #[serde(borrow)]
    pub generation: Cow<'a, str>,
    #[serde(borrow)]
    pub capabilities: Vec<Entry<'a>>,
}

/// The bytes of the file at `path`, mapped into memory rather than copied: `search`
/// reads a 10,000-tool index (4 MB) once, and copying it faulted in a thousand pages
/// of fresh memory, a tenth of the search; a mapping shares the page cache's. `None`
/// when the file cannot be opened or mapped (the caller compiles it instead, which
/// says why).
pub fn map(path: &std::path::Path) -> Option<memmap2::Mmap> {
    let file = std::fs::File::open(path).ok()?;
    // SAFETY: the mapping is read-only and lives for one short search; a file changed
    // or truncated by another process meanwhile is the risk every reader of a mapped
    // file takes (a torn read, or SIGBUS on truncation), not memory unsafety in here.
    unsafe { memmap2::Mmap::map(&file) }.ok()
}

impl<'a> Snapshot<'a> {
    /// The index `harn-catalog index` wrote, read from its bytes: `None` when `bytes`
    /// do not start as an index does (see [`Index::starts_as_index`]), else the
    /// snapshot or why it is not one.
    pub fn read(bytes: &'a [u8]) -> Option<Result<Snapshot<'a>, String>> {
        // The whole file is checked to be UTF-8 once, so that the parser need not
        // check each string it borrows.
        let read =
            || serde_json::from_str(std::str::from_utf8(bytes).map_err(|e| e.to_string())?).map_err(|e| e.to_string());
        Index::starts_as_index(bytes).then(read)
    }
}

/// The score of one capability for a query's terms (0: not a result); terms past
/// the [`MAX_QUERY_TERMS`]th are ignored.
pub fn score(capability: &impl Searchable, query: &[String]) -> u32 {
    let query = &query[..query.len().min(MAX_QUERY_TERMS)];
    if query.is_empty() {
        return 0;
    }
    let name = matches(capability.name(), true, query);
    let title = matches(capability.title(), false, query);
    let description = matches(capability.description(), false, query);
    let tags = capability.tags().fold(0, |found, tag| found | matches(tag, true, query).terms);
    let provider = matches(capability.provider(), true, query);
    let mut score = 0;
    let phrases = [
        (name.exact, weights::EXACT_NAME),
        (name.phrase, weights::PHRASE_NAME),
        (title.phrase, weights::PHRASE_TITLE),
        (description.phrase, weights::PHRASE_DESCRIPTION),
    ];
    for (matched, weight) in phrases {
        if matched {
            score += weight;
        }
    }
    for (i, term) in query.iter().enumerate() {
        if query[..i].contains(term) {
            continue;
        }
        let weighted = [
            (name.terms, weights::TERM_NAME),
            (tags, weights::TERM_TAG),
            (title.terms, weights::TERM_TITLE),
            (provider.terms, weights::TERM_PROVIDER),
            (description.terms, weights::TERM_DESCRIPTION),
        ];
        for (found, weight) in weighted {
            if found & (1 << i) != 0 {
                score += weight;
            }
        }
        if term == capability.kind().as_str() {
            score += weights::TERM_KIND;
        }
    }
    score
}

/// The cursor of the page that starts at `offset`: the offset, and a check tying it
/// to the catalog generation and the query. Opaque to callers.
fn cursor(generation: &str, query: &[String], offset: usize) -> String {
    format!("{offset:x}.{}", check(generation, query))
}

fn check(generation: &str, query: &[String]) -> String {
    let digest = sha256(format!("{ANALYZER}\n{generation}\n{}", query.join(" ")).as_bytes());
    digest["sha256:".len().."sha256:".len() + 16].to_owned()
}

/// The page of results for `query` over `index` that starts at `cursor` (the first
/// without one): see [`search_in`].
pub fn search<'i>(index: &'i Index, query: &str, limit: usize, cursor: Option<&str>) -> Result<Page<'i>, BadCursor> {
    search_in(&index.generation, &index.capabilities, query, limit, cursor)
}

/// The page of results for `query` over the `capabilities` of the catalog snapshot
/// `generation` that starts at `cursor` (the first without one): every capability
/// with a positive score, best first, equal scores by canonical ID; at most `limit`
/// (1 to [`MAX_LIMIT`]).
pub fn search_in<'i, C: Searchable + Sync>(
    generation: &str,
    capabilities: &'i [C],
    query: &str,
    limit: usize,
    cursor: Option<&str>,
) -> Result<Page<'i>, BadCursor> {
    let query = terms(query);
    let offset = match cursor {
        None => 0,
        Some(text) => {
            let (offset, tag) = text.split_once('.').ok_or(BadCursor)?;
            if tag != check(generation, &query) {
                return Err(BadCursor);
            }
            usize::from_str_radix(offset, 16).map_err(|_| BadCursor)?
        }
    };
    let limit = limit.clamp(1, MAX_LIMIT);
    // Scored in parallel: splitting every capability's fields into terms is most of a
    // search of a large index.
    let mut scored: Vec<(u32, &C)> =
        capabilities.par_iter().map(|c| (score(c, &query), c)).filter(|(s, _)| *s > 0).collect();
    let order = |(a, x): &(u32, &C), (b, y): &(u32, &C)| b.cmp(a).then_with(|| x.id().cmp(y.id()));
    let end = (offset + limit).min(scored.len());
    // Only the pages up to this one need be in order.
    if end < scored.len() {
        scored.select_nth_unstable_by(end, order);
    }
    scored[..end].sort_unstable_by(order);
    let results = scored
        .get(offset.min(scored.len())..end)
        .unwrap_or_default()
        .iter()
        .map(|(score, c)| Hit {
            id: c.id(),
            kind: c.kind(),
            name: c.name(),
            score: *score,
            title: c.title(),
            description: c.description(),
            contract_hash: c.contract_hash(),
        })
        .collect();
    let next_cursor = (end < scored.len()).then(|| self::cursor(generation, &query, end));
    Ok(Page { analyzer: ANALYZER, results, next_cursor })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_on_separators_and_camel_case() {
        assert_eq!(name_terms("readFile_v2.fsTools-x"), ["read", "file", "v2", "fs", "tool", "x"]);
        assert_eq!(terms("Read, FILES!"), ["read", "file"]);
        assert_eq!(terms("class bus"), ["class", "bus"]);
    }

    /// The terms of ASCII text are read without lower-casing it: they must be those
    /// of the definition, case aside.
    #[test]
    fn ascii_terms_are_the_defined_terms() {
        let texts = [
            "readFile_v2.fsTools-x",
            "Read, FILES! class CLASS Bus buses ss sss ssss",
            "HTTPServer2Go  x9Y __a__ ABCs abcS ",
            "",
            "---",
            "tool_00042 Tool 42 nested inputs",
        ];
        for text in texts {
            for camel in [false, true] {
                let mut fast = Vec::new();
                each_term(text, camel, |t| fast.push(t.to_ascii_lowercase()));
                let defined = if camel { name_terms(text) } else { terms(text) };
                assert_eq!(fast, defined, "{text:?} (camel: {camel})");
            }
        }
    }

    #[test]
    fn phrases_and_exact_names_are_found_in_one_pass() {
        let query = terms("read file");
        let m = matches("Reads the FILES of a dir; read file", false, &query);
        assert_eq!((m.terms, m.phrase, m.exact), (0b11, true, false));
        let m = matches("file read", false, &query);
        assert_eq!((m.terms, m.phrase, m.exact), (0b11, false, false));
        assert!(matches("readFiles", true, &query).exact);
        assert!(!matches("readFilesNow", true, &query).exact);
        assert!(!matches("read", true, &query).exact);
        // A repeated term: "a a b" is found in "a a a b".
        let query = terms("ab ab cd");
        assert!(matches("ab ab ab cd", false, &query).phrase);
        assert!(!matches("ab cd ab", false, &query).phrase);
    }
}
