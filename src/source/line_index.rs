//! Byte offsets to lines and columns, and back.

/// A 1-based line and a 1-based column counted in Unicode scalar values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    pub line: usize,
    pub column: usize,
}

/// The byte offset at which every line starts.
#[derive(Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.bytes().enumerate().filter(|(_, b)| *b == b'\n').map(|(i, _)| i + 1));
        LineIndex { starts }
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
        LineCol { line: line + 1, column: text[start..offset].chars().count() + 1 }
    }

    /// Byte offset of a 0-based line and a 0-based column counted in characters.
    pub fn offset_of(&self, text: &str, line: usize, column: usize) -> usize {
        let range = self.line_range(text, line);
        let line_text = &text[range.clone()];
        range.start + line_text.char_indices().nth(column).map_or(line_text.len(), |(i, _)| i)
    }
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
        assert_eq!(index.offset_of(text, 1, 1), x);
        assert_eq!(index.line_col(text, text.len()), LineCol { line: 3, column: 5 });
    }
}
