//! `lexical-v1`: the lexical search over a discovery index (docs/contract-hash.md,
//! "Search"). No embeddings: terms are matched after a Unicode lower-case fold, with
//! punctuation read as spaces and one plural `s` dropped; each field's matches have a
//! documented weight; equal scores are ordered by canonical ID.

use rayon::prelude::*;
use serde::Serialize;

use super::{Capability, Index, hash::sha256};

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
    pub kind: super::Kind,
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
    lowered.split_whitespace().map(fold).collect()
}

/// The terms of a name: split on `_`, `-`, `.` (any punctuation) and at camelCase
/// boundaries (a lower-case letter or digit followed by an upper-case one), then as
/// [`terms`].
pub fn name_terms(name: &str) -> Vec<String> {
    let mut spaced = String::with_capacity(name.len() + 4);
    let mut previous: Option<char> = None;
    for c in name.chars() {
        if c.is_uppercase() && previous.is_some_and(|p| p.is_lowercase() || p.is_ascii_digit()) {
            spaced.push(' ');
        }
        spaced.push(c);
        previous = Some(c);
    }
    terms(&spaced)
}

/// A word without one plural `s`: words of four characters or more ending in `s` but
/// not `ss` lose it (`files` → `file`, `reads` → `read`, `class` stays).
fn fold(word: &str) -> String {
    let count = word.chars().count();
    if count >= 4 && word.ends_with('s') && !word.ends_with("ss") {
        word[..word.len() - 1].to_owned()
    } else {
        word.to_owned()
    }
}

/// Whether `needle` (two terms or more) appears as consecutive terms of `hay`.
fn phrase_in(needle: &[String], hay: &[String]) -> bool {
    needle.len() >= 2 && hay.windows(needle.len()).any(|w| w == needle)
}

/// The score of one capability for a query's terms (0: not a result).
pub fn score(capability: &Capability, query: &[String]) -> u32 {
    if query.is_empty() {
        return 0;
    }
    let name = name_terms(&capability.name);
    let title = terms(&capability.title);
    let description = terms(&capability.description);
    let tags: Vec<String> = capability.tags.iter().flat_map(|t| name_terms(t)).collect();
    let provider = name_terms(&capability.provider);
    let mut score = 0;
    if name == query {
        score += weights::EXACT_NAME;
    }
    if phrase_in(query, &name) {
        score += weights::PHRASE_NAME;
    }
    if phrase_in(query, &title) {
        score += weights::PHRASE_TITLE;
    }
    if phrase_in(query, &description) {
        score += weights::PHRASE_DESCRIPTION;
    }
    let mut seen: Vec<&String> = Vec::with_capacity(query.len());
    for term in query {
        if seen.contains(&term) {
            continue;
        }
        seen.push(term);
        let weighted = [
            (&name, weights::TERM_NAME),
            (&tags, weights::TERM_TAG),
            (&title, weights::TERM_TITLE),
            (&provider, weights::TERM_PROVIDER),
            (&description, weights::TERM_DESCRIPTION),
        ];
        for (field, weight) in weighted {
            if field.contains(term) {
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
fn cursor(index: &Index, query: &[String], offset: usize) -> String {
    format!("{offset:x}.{}", check(index, query))
}

fn check(index: &Index, query: &[String]) -> String {
    let digest = sha256(format!("{ANALYZER}\n{}\n{}", index.generation, query.join(" ")).as_bytes());
    digest["sha256:".len().."sha256:".len() + 16].to_owned()
}

/// The page of results for `query` that starts at `cursor` (the first without one):
/// every capability with a positive score, best first, equal scores by canonical ID;
/// at most `limit` (1 to [`MAX_LIMIT`]).
pub fn search<'i>(index: &'i Index, query: &str, limit: usize, cursor: Option<&str>) -> Result<Page<'i>, BadCursor> {
    let query = terms(query);
    let offset = match cursor {
        None => 0,
        Some(text) => {
            let (offset, tag) = text.split_once('.').ok_or(BadCursor)?;
            if tag != check(index, &query) {
                return Err(BadCursor);
            }
            usize::from_str_radix(offset, 16).map_err(|_| BadCursor)?
        }
    };
    let limit = limit.clamp(1, MAX_LIMIT);
    // Scored in parallel: splitting every capability's fields into terms is most of a
    // search of a large index.
    let mut scored: Vec<(u32, &Capability)> =
        index.capabilities.par_iter().map(|c| (score(c, &query), c)).filter(|(s, _)| *s > 0).collect();
    scored.sort_by(|(a, x), (b, y)| b.cmp(a).then_with(|| x.id.cmp(&y.id)));
    let end = (offset + limit).min(scored.len());
    let results = scored
        .get(offset.min(scored.len())..end)
        .unwrap_or_default()
        .iter()
        .map(|(score, c)| Hit {
            id: &c.id,
            kind: c.kind,
            name: &c.name,
            score: *score,
            title: &c.title,
            description: &c.description,
            contract_hash: &c.contract_hash,
        })
        .collect();
    let next_cursor = (end < scored.len()).then(|| self::cursor(index, &query, end));
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
}
