//! Did-you-mean: the known word a misspelt one most likely stands for.

/// The candidate `word` most likely misspells: one that differs only in case, `_` or
/// `-` (`inputschema`, `input-schema` for `inputSchema`), else the nearest within two
/// edits (insertions, deletions, substitutions, transpositions) and fewer than half
/// the word's length, the first of equals. `None` when nothing is that close.
pub fn suggest<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let folded =
        |text: &str| text.chars().filter(|c| *c != '_' && *c != '-').flat_map(char::to_lowercase).collect::<String>();
    let word_folded = folded(word);
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        if candidate == word {
            continue;
        }
        if folded(candidate) == word_folded {
            return Some(candidate);
        }
        let distance = strsim::damerau_levenshtein(word, candidate);
        let limit = 2.min(word.chars().count().saturating_sub(1) / 2);
        if distance <= limit && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, candidate)| candidate)
}

#[cfg(test)]
mod tests {
    use super::suggest;

    #[test]
    fn suggests_the_nearest_known_word_or_none() {
        let keys = ["inputSchema", "outputSchema", "description", "parameters"];
        assert_eq!(suggest("inputschema", keys), Some("inputSchema"));
        assert_eq!(suggest("output_schema", keys), Some("outputSchema"));
        assert_eq!(suggest("descripton", keys), Some("description"));
        assert_eq!(suggest("paramters", keys), Some("parameters"));
        assert_eq!(suggest("handler", keys), None);
        assert_eq!(suggest("ab", ["ac"]), None, "two letters are too short to guess from one edit");
        assert_eq!(suggest("strin", ["string", "integer", "number"]), Some("string"));
        assert_eq!(suggest("inputSchema", keys), None, "a known word is not misspelt");
    }
}
