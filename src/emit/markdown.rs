//! Markdown helpers for the pages and reports we write (the SDK reference, `diff
//! --format markdown`).

/// Text safe in a GitHub-flavoured Markdown table cell: backslashes and pipes
/// escaped (GFM splits cells on a pipe even inside a code span), lines joined.
pub fn cell(text: &str) -> String {
    text.replace('\\', "\\\\").replace('|', "\\|").replace(['\n', '\r'], " ")
}
