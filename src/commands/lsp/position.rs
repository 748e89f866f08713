//! Byte offsets in a document's text and LSP positions (a line and a character
//! counted in UTF-16 code units, the protocol's default encoding), both ways.

use lsp_types::{Position, Range};

/// The line starts of one text, for conversions.
pub struct Lines<'t> {
    text: &'t str,
    starts: Vec<usize>,
}

impl<'t> Lines<'t> {
    pub fn new(text: &'t str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { text, starts }
    }

    /// The position of byte `offset` (clamped to the text, and to a character
    /// boundary).
    pub fn position(&self, offset: usize) -> Position {
        let offset = crate::source::floor_char_boundary(self.text, offset.min(self.text.len()));
        let line = self.starts.partition_point(|start| *start <= offset) - 1;
        let character = self.text[self.starts[line]..offset].encode_utf16().count();
        Position { line: line as u32, character: character as u32 }
    }

    pub fn range(&self, bytes: std::ops::Range<usize>) -> Range {
        Range { start: self.position(bytes.start), end: self.position(bytes.end) }
    }

    /// The byte offset of `position` (a character past the line's end is its end).
    pub fn offset(&self, position: Position) -> usize {
        let Some(start) = self.starts.get(position.line as usize).copied() else { return self.text.len() };
        let end = self.starts.get(position.line as usize + 1).map_or(self.text.len(), |next| next - 1);
        let mut units = 0;
        for (i, c) in self.text[start..end].char_indices() {
            if units >= position.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_and_come_back_to_their_offsets() {
        let text = "ab\né𝄞x\n";
        let lines = Lines::new(text);
        let x = text.find('x').unwrap();
        assert_eq!(lines.position(x), Position { line: 1, character: 3 });
        assert_eq!(lines.offset(Position { line: 1, character: 3 }), x);
        assert_eq!(lines.offset(Position { line: 0, character: 99 }), 2);
        assert_eq!(lines.offset(Position { line: 9, character: 0 }), text.len());
    }
}
