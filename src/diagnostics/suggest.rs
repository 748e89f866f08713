//! Did-you-mean: the known word a misspelt one most likely stands for.

/// The candidate `word` most likely misspells: one that differs only in case
/// (`inputschema` for `inputSchema`), else only in case, `_` or `-` (`input-schema`
/// for `input_schema`), else the nearest within two edits (insertions, deletions, substitutions, transpositions) and fewer than half
/// the word's length, the first of equals. `None` when nothing is that close, or
/// when `word` is itself a candidate.
pub fn suggest<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let folded =
        |text: &str| text.chars().filter(|c| *c != '_' && *c != '-').flat_map(char::to_lowercase).collect::<String>();
    let word_folded = folded(word);
    let limit = 2.min(word.chars().count().saturating_sub(1) / 2);
    // Ranked by (how it differs, edits): only in case, then in case, `_` or `-`, then
    // by edits.
    let candidates: Vec<&'c str> = candidates.into_iter().collect();
    if candidates.contains(&word) {
        return None;
    }
    let mut best: Option<((u8, usize), &str)> = None;
    for candidate in candidates {
        let rank = if candidate.eq_ignore_ascii_case(word) {
            (0, 0)
        } else if folded(candidate) == word_folded {
            (1, 0)
        } else {
            let distance = strsim::damerau_levenshtein(word, candidate);
            if distance > limit {
                continue;
            }
            (2, distance)
        };
        if best.is_none_or(|(r, _)| rank < r) {
            best = Some((rank, candidate));
        }
    }
    best.map(|(_, candidate)| candidate)
}

#[cfg(test)]
mod tests {
    use super::suggest;

    #[test]
    fn suggests_the_nearest_known_word_or_none() {
        let keys = ["input_schema", "inputSchema", "outputSchema", "description", "parameters"];
        assert_eq!(suggest("inputschema", keys), Some("inputSchema"), "case first");
        assert_eq!(suggest("input-schema", keys), Some("input_schema"));
        assert_eq!(suggest("output_schema", keys), Some("outputSchema"));
        assert_eq!(suggest("descripton", keys), Some("description"));
        assert_eq!(suggest("paramters", keys), Some("parameters"));
        assert_eq!(suggest("handler", keys), None);
        assert_eq!(suggest("ab", ["ac"]), None, "two letters are too short to guess from one edit");
        assert_eq!(suggest("strin", ["string", "integer", "number"]), Some("string"));
        assert_eq!(suggest("inputSchema", keys), None, "a known word is not misspelt");
    }
}
