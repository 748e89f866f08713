//! `lexical-v1`: the lexical search over a discovery index (docs/contract-hash.md,
//! "Search"). No embeddings: terms are matched after a Unicode lower-case fold, with
//! punctuation read as spaces and one plural `s` dropped; each field's matches have a
//! documented weight; equal scores are ordered by canonical ID. What a model may not
//! discover (`modelDiscoverable: false`) is never a result.

use std::borrow::Cow;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

mod entry;

use entry::Entry;

use super::{Index, Kind, hash::sha256};

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
    /// One query term is a word of the name, and the query holds every word of the
    /// name (added to [`TERM_NAME`]): a name the query spells out, words between
    /// aside, outranks a name that adds words the query lacks.
    pub const TERM_NAME_COVERED: u32 = 5;
}

/// One result: its strings borrowed from the index searched (moved out of an
/// index file's entry when they held an escape).
#[derive(Clone, Debug, Serialize)]
pub struct Hit<'i> {
    pub id: Cow<'i, str>,
    pub kind: Kind,
    pub name: Cow<'i, str>,
    pub score: u32,
    pub title: Cow<'i, str>,
    pub description: Cow<'i, str>,
    #[serde(rename = "contractHash")]
    pub contract_hash: Cow<'i, str>,
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

/// Why an index file was not searched.
#[derive(Debug, PartialEq, Eq)]
pub enum FileError {
    /// The file starts as an index but is not one: what the JSON parser says.
    Invalid(String),
    BadCursor,
}

impl From<BadCursor> for FileError {
    fn from(BadCursor: BadCursor) -> Self {
        FileError::BadCursor
    }
}

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
    let boundary = |i: usize| {
        camel && bytes[i].is_ascii_uppercase() && (bytes[i - 1].is_ascii_lowercase() || bytes[i - 1].is_ascii_digit())
    };
    let mut i = 0;
    while i < bytes.len() {
        if !WORD[usize::from(bytes[i])] {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        while i < bytes.len() && WORD[usize::from(bytes[i])] && !boundary(i) {
            i += 1;
        }
        each(fold(&text[start..i]));
    }
}

/// The bytes of ASCII terms, letters and digits, by value: one load a byte where
/// the tests of each byte were the most of scoring.
const WORD: [bool; 256] = {
    let mut word = [false; 256];
    let mut b = 0;
    while b < 256 {
        word[b] = (b as u8).is_ascii_alphanumeric();
        b += 1;
    }
    word
};

/// The most terms of a query that are scored; the rest are ignored.
pub const MAX_QUERY_TERMS: usize = 64;

/// A query's terms and, by the first byte of a term (ASCII lower-cased), which of
/// the scored ones start with it.
struct Query {
    terms: Vec<String>,
    starting: [u64; 256],
}

impl Query {
    fn new(terms: Vec<String>) -> Self {
        let mut starting = [0u64; 256];
        for (i, term) in terms.iter().take(MAX_QUERY_TERMS).enumerate() {
            // Terms are never empty, and already lower-cased.
            starting[usize::from(term.as_bytes()[0])] |= 1 << i;
        }
        Query { terms, starting }
    }

    /// The terms scored: the first [`MAX_QUERY_TERMS`], the rest ignored.
    fn scored(&self) -> &[String] {
        &self.terms[..self.terms.len().min(MAX_QUERY_TERMS)]
    }
}

/// What one field holds of a query ([`MAX_QUERY_TERMS`] at most).
struct Matches {
    /// Bit `i`: the query's term `i` is a term of the field.
    terms: u64,
    /// The whole query (two terms or more) appears as consecutive terms of the field.
    phrase: bool,
    /// The field's terms are the query's.
    exact: bool,
    /// Every term of the field (one at least) is a term of the query.
    covered: bool,
}

/// [`Matches`] of `text` (its terms as [`each_term`] makes them) for `query`, in one
/// pass: the phrase is found by shift-and (bit `k` of `prefix`: the terms ending
/// here match the query's first `k + 1`).
fn matches(text: &str, camel: bool, query: &Query) -> Matches {
    let (starting, query) = (&query.starting, query.scored());
    let full = 1u64 << (query.len() - 1);
    let (mut found, mut prefix, mut phrase, mut position, mut exact, mut covered) = (0u64, 0u64, false, 0, true, true);
    each_term(text, camel, |term| {
        let mut equal = 0u64;
        // Only the query's terms that start as this one does are compared with it.
        let mut candidates = starting[usize::from(term.as_bytes()[0].to_ascii_lowercase())];
        while candidates != 0 {
            let i = candidates.trailing_zeros();
            candidates &= candidates - 1;
            if term.eq_ignore_ascii_case(&query[i as usize]) {
                equal |= 1 << i;
            }
        }
        found |= equal;
        covered &= equal != 0;
        prefix = ((prefix << 1) | 1) & equal;
        phrase |= prefix & full != 0;
        exact &= equal & (1 << position.min(63)) != 0 && position < query.len();
        position += 1;
    });
    Matches {
        terms: found,
        phrase: phrase && query.len() >= 2,
        exact: exact && position == query.len(),
        covered: covered && position > 0,
    }
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

/// The score of one capability for a query's terms (0: not a result); terms past
/// the [`MAX_QUERY_TERMS`]th are ignored.
fn score(capability: &Entry<'_>, query: &Query) -> u32 {
    if query.terms.is_empty() {
        return 0;
    }
    let terms = query.scored();
    let name = matches(&capability.name, true, query);
    let title = matches(&capability.title, false, query);
    let description = matches(&capability.description, false, query);
    let tags = capability.tags.iter().fold(0, |found, tag| found | matches(tag, true, query).terms);
    let provider = matches(&capability.provider, true, query);
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
    for (i, term) in terms.iter().enumerate() {
        if terms[..i].contains(term) {
            continue;
        }
        let weighted = [
            (name.terms, weights::TERM_NAME),
            (if name.covered { name.terms } else { 0 }, weights::TERM_NAME_COVERED),
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
        if term == capability.kind.as_str() {
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

/// A query as search reads it: its terms, and where the page starts.
struct Request<'q> {
    query: Query,
    offset: usize,
    /// The check of the cursor given, compared with the catalog's once it is known.
    check: Option<&'q str>,
    limit: usize,
}

impl<'q> Request<'q> {
    fn new(query: &str, limit: usize, cursor: Option<&'q str>) -> Result<Self, BadCursor> {
        let (offset, check) = match cursor {
            None => (0, None),
            Some(text) => {
                let (offset, check) = text.split_once('.').ok_or(BadCursor)?;
                (usize::from_str_radix(offset, 16).map_err(|_| BadCursor)?, Some(check))
            }
        };
        Ok(Request { query: Query::new(terms(query)), offset, check, limit: limit.clamp(1, MAX_LIMIT) })
    }

    /// How many of the best results the page needs: those of the pages before it too.
    fn keep(&self) -> usize {
        self.offset.saturating_add(self.limit)
    }

    /// The page of `ranking`, when the cursor (if any) was handed out for this query
    /// over the catalog snapshot `generation`.
    fn page<'i>(&self, generation: &str, ranking: Ranking<'i>) -> Result<Page<'i>, BadCursor> {
        if self.check.is_some_and(|given| given != check(generation, &self.query.terms)) {
            return Err(BadCursor);
        }
        let (count, mut best) = (ranking.count, ranking.best);
        best.sort_unstable_by(order);
        let end = self.keep().min(count);
        let results =
            best.into_iter().take(end).skip(self.offset).map(|(score, entry)| entry.into_hit(score)).collect();
        let next_cursor = (end < count).then(|| cursor(generation, &self.query.terms, end));
        Ok(Page { analyzer: ANALYZER, results, next_cursor })
    }
}

/// Best score first, equal scores by canonical ID.
fn order((a, x): &(u32, Entry<'_>), (b, y): &(u32, Entry<'_>)) -> std::cmp::Ordering {
    b.cmp(a).then_with(|| x.id.cmp(&y.id))
}

/// Results as they are scored: how many capabilities score, and the best `keep` of
/// them (with up to as many again between trims), so that neither every result of
/// a large index is kept nor all of them sorted.
struct Ranking<'i> {
    keep: usize,
    count: usize,
    best: Vec<(u32, Entry<'i>)>,
}

impl<'i> Ranking<'i> {
    fn new(keep: usize) -> Self {
        Ranking { keep, count: 0, best: Vec::new() }
    }

    fn offer(&mut self, entry: Entry<'i>, query: &Query) {
        // What a model may not discover (a manual-only skill, a tool of no `mcp` or
        // `agent` audience) is never a result, whatever it scores.
        if !entry.model_discoverable {
            return;
        }
        let score = score(&entry, query);
        if score > 0 {
            self.count += 1;
            self.best.push((score, entry));
            if self.best.len() >= self.keep.saturating_mul(2).max(64) {
                self.trim();
            }
        }
    }

    fn trim(&mut self) {
        if self.best.len() > self.keep {
            self.best.select_nth_unstable_by(self.keep, order);
            self.best.truncate(self.keep);
        }
    }

    fn merge(mut self, other: Ranking<'i>) -> Self {
        self.count += other.count;
        self.best.extend(other.best);
        self.trim();
        self
    }
}

/// The page of results for `query` over an index built in memory that starts at
/// `cursor` (the first without one): every capability a model may discover with a
/// positive score, best first, equal scores by canonical ID; at most `limit` (1 to [`MAX_LIMIT`]).
pub fn search<'i>(index: &'i Index, query: &str, limit: usize, cursor: Option<&str>) -> Result<Page<'i>, BadCursor> {
    let request = Request::new(query, limit, cursor)?;
    let ranking = rank(index.capabilities.par_iter().map(Entry::from), &request);
    request.page(&index.generation, ranking)
}

/// Scored in parallel: splitting every capability's fields into terms is most of a
/// search of a large index.
fn rank<'i>(entries: impl ParallelIterator<Item = Entry<'i>>, request: &Request<'_>) -> Ranking<'i> {
    let keep = request.keep();
    entries
        .fold(
            || Ranking::new(keep),
            |mut ranking, entry| {
                ranking.offer(entry, &request.query);
                ranking
            },
        )
        .reduce(|| Ranking::new(keep), Ranking::merge)
}

/// The page of results for `query` over the index file `bytes` (as [`search`]);
/// `None` when `bytes` do not start as an index does (see
/// [`Index::starts_as_index`]): the caller compiles the file instead.
pub fn search_file<'a>(
    bytes: &'a [u8],
    query: &str,
    limit: usize,
    cursor: Option<&str>,
) -> Option<Result<Page<'a>, FileError>> {
    Index::starts_as_index(bytes).then(|| search_bytes(bytes, query, limit, cursor, RUN_BYTES))
}

/// The size of the runs of entries an index file is parsed in, in parallel: large
/// enough that finding where each starts costs nothing to speak of.
const RUN_BYTES: usize = 256 * 1024;

/// [`search_file`] of an index's bytes, parsed in runs of about `run_bytes`.
fn search_bytes<'a>(
    bytes: &'a [u8],
    query: &str,
    limit: usize,
    cursor: Option<&str>,
    run_bytes: usize,
) -> Result<Page<'a>, FileError> {
    let request = Request::new(query, limit, cursor)?;
    // The whole file is checked to be UTF-8 once, so that the parser need not check
    // each string it borrows.
    let text = std::str::from_utf8(bytes).map_err(|e| FileError::Invalid(e.to_string()))?;
    let (generation, ranking) = match rank_runs(text, &request, run_bytes) {
        Some(ranked) => ranked,
        None => {
            let snapshot: Snapshot = serde_json::from_str(text).map_err(|e| FileError::Invalid(e.to_string()))?;
            (snapshot.generation, rank(snapshot.capabilities.into_par_iter(), &request))
        }
    };
    Ok(request.page(&generation, ranking)?)
}

/// An index file as a whole, in any layout: what search reads when the file is not
/// in the compact layout [`rank_runs`] splits.
#[derive(Deserialize)]
struct Snapshot<'a> {
    #[serde(borrow)]
    generation: Cow<'a, str>,
    #[serde(borrow)]
    capabilities: Vec<Entry<'a>>,
}

/// The generation and the ranking of an index file in the compact layout `index`
/// writes (`{"generation":…,"capabilities":[…]}`), its entries parsed and scored in
/// runs on every core: parsing is most of a search of a large index, and one core
/// would leave the other idle. `None` when the file is not in that layout or a run
/// does not parse (its entries not cut where they start): the caller then parses
/// the file whole, which finds any error, so that a cut in a wrong place costs time
/// and never a wrong result.
fn rank_runs<'a>(text: &'a str, request: &Request<'_>, run_bytes: usize) -> Option<(Cow<'a, str>, Ranking<'a>)> {
    let rest = text.strip_prefix(r#"{"generation":"#)?;
    let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<&str>();
    let generation = stream.next()?.ok()?;
    let body = rest[stream.byte_offset()..].strip_prefix(r#","capabilities":["#)?;
    let body = body.trim_end().strip_suffix("]}")?;
    let runs = runs(body, run_bytes);
    let ranking = if runs.len() == 1 {
        rank_run(runs[0], request)?
    } else {
        let keep = request.keep();
        runs.into_par_iter()
            .map(|run| rank_run(run, request))
            .try_reduce(|| Ranking::new(keep), |a, b| Some(a.merge(b)))?
    };
    Some((Cow::Borrowed(generation), ranking))
}

/// `body`, the entries of a compact index's capabilities, cut into runs of about
/// `run_bytes` where an entry starts. A cut is made before the `{"id":` that follows
/// `},`: that text cannot be inside a JSON string (its quote would be escaped), so
/// it starts an object whose first key is `id`, which is an entry unless another
/// field nests such objects (then the run does not parse; see [`rank_runs`]).
fn runs(body: &str, run_bytes: usize) -> Vec<&str> {
    const CUT: &[u8] = br#"},{"id":"#;
    let finder = memchr::memmem::Finder::new(CUT);
    let mut runs = Vec::with_capacity(body.len() / run_bytes.max(1) + 1);
    let mut start = 0;
    while let Some(found) = body.as_bytes().get(start + run_bytes..).and_then(|after| finder.find(after)) {
        // The comma between the two entries separates the runs.
        let comma = start + run_bytes + found + 1;
        runs.push(&body[start..comma]);
        start = comma + 1;
    }
    runs.push(&body[start..]);
    runs
}

/// The ranking of one run of entries (`{…},{…}`); `None` when it does not parse.
fn rank_run<'a>(run: &'a str, request: &Request<'_>) -> Option<Ranking<'a>> {
    let mut ranking = Ranking::new(request.keep());
    // An empty run is an empty array's.
    let mut rest = run;
    while !rest.is_empty() {
        let (entry, length) = Entry::scan(rest)?;
        ranking.offer(entry, &request.query);
        rest = &rest[length..];
        if !rest.is_empty() {
            // A comma is followed by an entry: one that ends the run would end the array.
            rest = rest.strip_prefix(',').filter(|after| !after.is_empty())?;
        }
    }
    Some(ranking)
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
        let query = Query::new(terms("read file"));
        let m = matches("Reads the FILES of a dir; read file", false, &query);
        assert_eq!((m.terms, m.phrase, m.exact), (0b11, true, false));
        let m = matches("file read", false, &query);
        assert_eq!((m.terms, m.phrase, m.exact), (0b11, false, false));
        assert!(matches("readFiles", true, &query).exact);
        assert!(!matches("readFilesNow", true, &query).exact);
        assert!(!matches("read", true, &query).exact);
        // Covered: every term of the field is one of the query's, in any order.
        assert!(matches("readFiles", true, &query).covered);
        assert!(matches("fileRead", true, &query).covered);
        assert!(matches("read", true, &query).covered);
        assert!(!matches("readFilesNow", true, &query).covered);
        assert!(!matches("", true, &query).covered, "no term: nothing is covered");
        // A repeated term: "a a b" is found in "a a a b".
        let query = Query::new(terms("ab ab cd"));
        assert!(matches("ab ab ab cd", false, &query).phrase);
        assert!(!matches("ab cd ab", false, &query).phrase);
    }

    /// A name the query holds whole, with words between, scores 5 more a term of
    /// it; a name with a word the query lacks, nothing more.
    #[test]
    fn a_name_the_query_covers_scores_more_a_term() {
        let text = r#"{"generation":"sha256:ab","capabilities":[
            {"id":"tool:make_pull","kind":"tool","name":"make_pull","title":"","description":"","tags":[],"provider":"","modelDiscoverable":true,"deferLoading":false,"contractHash":"h","cost":{"bytes":1,"tokens":1}},
            {"id":"tool:make_pull_review","kind":"tool","name":"make_pull_review","title":"","description":"","tags":[],"provider":"","modelDiscoverable":true,"deferLoading":false,"contractHash":"h","cost":{"bytes":1,"tokens":1}}]}"#;
        let index: Index = serde_json::from_str(text).unwrap();
        let scores = |query: &str| -> Vec<(String, u32)> {
            search(&index, query, 10, None).unwrap().results.iter().map(|h| (h.name.to_string(), h.score)).collect()
        };
        let covered = 2 * (weights::TERM_NAME + weights::TERM_NAME_COVERED);
        let uncovered = 2 * weights::TERM_NAME;
        assert_eq!(
            scores("make a pull"),
            [("make_pull".to_owned(), covered), ("make_pull_review".to_owned(), uncovered)]
        );
        assert_eq!(
            scores("pull make"),
            [("make_pull".to_owned(), covered), ("make_pull_review".to_owned(), uncovered)]
        );
        // Neither name is covered: the same score, ordered by ID.
        let pull = weights::TERM_NAME;
        assert_eq!(scores("pull"), [("make_pull".to_owned(), pull), ("make_pull_review".to_owned(), pull)]);
        let review = weights::PHRASE_NAME + 3 * (weights::TERM_NAME + weights::TERM_NAME_COVERED);
        assert_eq!(
            scores("make pull review").first(),
            Some(&("make_pull_review".to_owned(), review + weights::EXACT_NAME))
        );
    }

    /// A compact index of `n` entries (`nested`: the first has a field nesting
    /// objects that start as entries do), with escapes and accents; every fourth
    /// (`read_001`, `read_005`, …) not model-discoverable.
    fn index_text(n: usize, nested: bool) -> String {
        let entries: Vec<String> = (0..n)
            .map(|i| {
                let extra = if nested && i == 0 { r#","extra":[{"id":"x"},{"id":"y"}]"# } else { "" };
                format!(
                    r#"{{"id":"tool:g{}/read_{i:03}","kind":"tool","name":"read_{i:03}","title":"Read {i}","description":"Reads \"files\" of r\u00e9pertoire {}, then lines","tags":["t{}"],"provider":"p","modelDiscoverable":{},"deferLoading":false,"contractHash":"sha256:{i:x}","cost":{{"bytes":1,"tokens":1}}{extra}}}"#,
                    i % 3,
                    i % 7,
                    i % 5,
                    i % 4 != 1,
                )
            })
            .collect();
        format!(r#"{{"generation":"sha256:ab","capabilities":[{}]}}"#, entries.join(",")) + "\n"
    }

    fn walk(text: &str, query: &str, limit: usize, run_bytes: usize) -> Vec<(String, u32)> {
        let mut walked = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let page = search_bytes(text.as_bytes(), query, limit, cursor.as_deref(), run_bytes).unwrap();
            walked.extend(page.results.iter().map(|h| (h.id.to_string(), h.score)));
            match page.next_cursor {
                Some(next) => cursor = Some(next),
                None => return walked,
            }
        }
    }

    /// An index file is parsed in runs cut where entries start, and in any layout
    /// whole: every cut, and a cut in the wrong place, gives the pages of the whole.
    #[test]
    fn runs_of_entries_give_the_pages_of_the_whole_file() {
        for nested in [false, true] {
            let compact = index_text(40, nested);
            let value: serde_json::Value = serde_json::from_str(&compact).unwrap();
            let pretty = serde_json::to_string_pretty(&value).unwrap();
            let request = Request::new("x", 20, None).unwrap();
            assert!(rank_runs(&pretty, &request, 0).is_none(), "a pretty file is read whole");
            // Every entry its own run: the nested objects are cut too, and refused.
            assert_eq!(rank_runs(&compact, &request, 0).is_none(), nested);
            assert!(rank_runs(&compact, &request, usize::MAX).is_some());
            for query in ["read files", "répertoire 3", "lines", "t2 tool", "p"] {
                for limit in [1, 3, 100] {
                    let whole = walk(&pretty, query, limit, 0);
                    assert!(!whole.is_empty(), "{query}");
                    for run_bytes in [0, 1, 200, 1000, usize::MAX] {
                        assert_eq!(walk(&compact, query, limit, run_bytes), whole, "{query} by {limit} in {run_bytes}");
                    }
                }
            }
        }
    }

    /// What a model may not discover is no result on any path, even where its name is
    /// the query; the same entry discoverable is the first result.
    #[test]
    fn entries_a_model_may_not_discover_are_never_results() {
        let text = index_text(12, false);
        let index: Index = serde_json::from_str(&text).unwrap();
        let hidden: Vec<&str> =
            index.capabilities.iter().filter(|c| !c.model_discoverable).map(|c| c.id.as_str()).collect();
        assert_eq!(hidden.len(), 3);
        for query in ["read_005", "read files", "lines", "tool", "p"] {
            let in_memory: Vec<(String, u32)> =
                search(&index, query, 100, None).unwrap().results.iter().map(|h| (h.id.to_string(), h.score)).collect();
            assert!(!in_memory.is_empty(), "{query}");
            assert!(in_memory.iter().all(|(id, _)| !hidden.contains(&id.as_str())), "{query}: {in_memory:?}");
            for run_bytes in [0, 300, usize::MAX] {
                assert_eq!(walk(&text, query, 2, run_bytes), in_memory, "{query} in {run_bytes}");
            }
        }
        // read_005 discoverable (only it changes: its contract hash is sha256:5):
        // its name is the query, so it comes first.
        let shown = text.replace(
            r#""modelDiscoverable":false,"deferLoading":false,"contractHash":"sha256:5""#,
            r#""modelDiscoverable":true,"deferLoading":false,"contractHash":"sha256:5""#,
        );
        assert_ne!(shown, text);
        let first = |text: &str, run_bytes| walk(text, "read_005", 1, run_bytes)[0].0.clone();
        for run_bytes in [0, usize::MAX] {
            assert_eq!(first(&shown, run_bytes), "tool:g2/read_005");
            assert_ne!(first(&text, run_bytes), "tool:g2/read_005");
        }
    }

    #[test]
    fn a_file_that_is_not_an_index_is_refused_by_every_path() {
        let empty = r#"{"generation":"sha256:ab","capabilities":[]}"#;
        let page = search_bytes(empty.as_bytes(), "x", 20, None, 0).unwrap();
        assert!(page.results.is_empty() && page.next_cursor.is_none());
        let entry = &index_text(1, false)[r#"{"generation":"sha256:ab","capabilities":["#.len()..];
        let entry = entry.trim_end().strip_suffix("]}").unwrap();
        let invalid = [
            format!(r#"{{"generation":"sha256:ab","capabilities":[{entry},]}}"#),
            format!(r#"{{"generation":"sha256:ab","capabilities":[{entry}{entry}]}}"#),
            format!(r#"{{"generation":"sha256:ab","capabilities":[{entry},{{"id":"tool:x"}}]}}"#),
            format!(r#"{{"generation":"sha256:ab","capabilities":[{entry}]}} trailing"#),
        ];
        for text in &invalid {
            for run_bytes in [0, usize::MAX] {
                let refused = search_bytes(text.as_bytes(), "read", 20, None, run_bytes);
                assert!(matches!(refused, Err(FileError::Invalid(_))), "{text}");
            }
        }
        // Fields the index does not define are ignored, wherever they are.
        let more = format!(r#"{{"generation":"sha256:ab","capabilities":[{entry}],"more":[{entry},{entry}]}}"#);
        for run_bytes in [0, usize::MAX] {
            assert_eq!(search_bytes(more.as_bytes(), "read", 20, None, run_bytes).unwrap().results.len(), 1);
        }
        let five = index_text(5, false);
        let cursor = search_bytes(five.as_bytes(), "read", 1, None, 0).unwrap().next_cursor.unwrap();
        let other = search_bytes(five.as_bytes(), "lines", 1, Some(&cursor), 0);
        assert_eq!(other.unwrap_err(), FileError::BadCursor);
    }
}
