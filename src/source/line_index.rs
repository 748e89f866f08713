//! Byte offsets to lines and columns, and back.

/// A 1-based line and a 1-based column counted in Unicode scalar values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    pub line: usize,
    pub column: usize,
}

/// The byte offset at which every line starts, and enough character counts to turn
/// any byte offset into a column without rescanning its line: a minified registry is
/// one line of megabytes, and may have thousands of diagnostics on it.
#[derive(Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
    /// Characters before every `CHUNK`-th byte; `None` when the text is ASCII, where
    /// characters are bytes.
    chars_before_chunk: Option<Vec<usize>>,
}

/// Bytes between two character-count checkpoints: a column costs at most this many
/// bytes of counting.
const CHUNK: usize = 4096;

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        // memchr finds them many bytes at a time: a catalog of megabytes on one line
        // was scanned byte by byte for the one it has not.
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        let chars_before_chunk = (!text.is_ascii()).then(|| {
            let mut before = 0;
            text.as_bytes()
                .chunks(CHUNK)
                .map(|chunk| {
                    let at = before;
                    before += count_chars(chunk);
                    at
                })
                .collect()
        });
        LineIndex { starts, chars_before_chunk }
    }

    /// The 0-based line that holds `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|start| *start <= offset).saturating_sub(1)
    }

    /// Byte range of a 0-based line, without its line terminator.
    pub fn line_range(&self, text: &str, line: usize) -> std::ops::Range<usize> {
        let start = self.starts.get(line).copied().unwrap_or(text.len());
        let mut end = self.starts.get(line + 1).map_or(text.len(), |next| next - 1);
        if end > start && text.as_bytes().get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        start..end.max(start)
    }

    pub fn line_col(&self, text: &str, offset: usize) -> LineCol {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = self.line_of(offset);
        let start = self.starts[line];
        LineCol { line: line + 1, column: self.chars_before(text, offset) - self.chars_before(text, start) + 1 }
    }

    /// How many characters the text holds before byte `offset` (a char boundary).
    fn chars_before(&self, text: &str, offset: usize) -> usize {
        match &self.chars_before_chunk {
            None => offset,
            Some(checkpoints) => {
                let chunk = offset / CHUNK;
                checkpoints[chunk] + count_chars(&text.as_bytes()[chunk * CHUNK..offset])
            }
        }
    }
}

/// Characters that start in `bytes` (every byte but UTF-8 continuation bytes).
fn count_chars(bytes: &[u8]) -> usize {
    bytes.iter().filter(|b| (**b as i8) >= -0x40).count()
}

/// The smallest char boundary at or above `offset` (at most the text's length).
pub fn ceil_char_boundary(text: &str, mut offset: usize) -> usize {
    offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset += 1;
    }
    offset
}

/// The largest char boundary at or below `offset`.
pub fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters_not_bytes() {
        let text = "ab\n\u{e9}x\r\nlast";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(text, 0), LineCol { line: 1, column: 1 });
        let x = text.find('x').unwrap();
        assert_eq!(index.line_col(text, x), LineCol { line: 2, column: 2 });
        assert_eq!(&text[index.line_range(text, 1)], "\u{e9}x");
        assert_eq!(index.line_col(text, text.len()), LineCol { line: 3, column: 5 });
    }

    #[test]
    fn columns_on_a_long_line_cross_checkpoints() {
        let line = "\u{e9}a".repeat(3 * CHUNK);
        let text = format!("x\n{line}");
        let index = LineIndex::new(&text);
        for chars in [0, 1, 2, CHUNK - 1, CHUNK, 2 * CHUNK + 7, 6 * CHUNK - 1] {
            let offset = 2 + line.char_indices().nth(chars).unwrap().0;
            assert_eq!(index.line_col(&text, offset), LineCol { line: 2, column: chars + 1 }, "{chars}");
        }
    }
}
