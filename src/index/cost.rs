//! A tool's context cost (docs/contract-hash.md, "Context cost"): the bytes of its
//! MCP `tools/list` entry as `harn-catalog mcp` prints it (compact JSON), and an
//! approximate token count, one token per started 4 bytes. A skill's is that of its
//! name and description.

use serde::{Deserialize, Serialize};

use crate::prepare::mcp::McpTool;

/// Bytes per token of the approximation: the common rule of thumb for English and
/// JSON with BPE tokenizers; no tokenizer is run.
pub const BYTES_PER_TOKEN: usize = 4;

/// A writer that only counts what is written.
struct Counter(usize);

impl std::io::Write for Counter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// What loading a tool's definition costs a model's context.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cost {
    pub bytes: usize,
    pub tokens: usize,
}

impl Cost {
    /// The cost of a projected tool.
    pub fn of(tool: &McpTool) -> Cost {
        let mut counted = Counter(0);
        serde_json::to_writer(&mut counted, tool).expect("a projected tool serialises");
        Cost::of_bytes(counted.0)
    }

    /// The cost of a skill: what a model is shown of it until it is used, its name
    /// and description, measured as the compact JSON `{"name":…,"description":…}`.
    pub fn of_skill(name: &str, description: &str) -> Cost {
        let mut counted = Counter(0);
        let listed = serde_json::json!({"name": name, "description": description});
        serde_json::to_writer(&mut counted, &listed).expect("a skill's listing serialises");
        Cost::of_bytes(counted.0)
    }

    pub fn of_bytes(bytes: usize) -> Cost {
        Cost { bytes, tokens: bytes.div_ceil(BYTES_PER_TOKEN) }
    }

    /// The cost of several tools loaded together: their bytes and their tokens each
    /// added up (so a column of costs adds up to its total).
    pub fn total<'c>(costs: impl IntoIterator<Item = &'c Cost>) -> Cost {
        costs
            .into_iter()
            .fold(Cost::default(), |sum, c| Cost { bytes: sum.bytes + c.bytes, tokens: sum.tokens + c.tokens })
    }
}
