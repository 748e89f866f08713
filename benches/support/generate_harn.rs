//! A synthetic `.harn` module for benchmarks: documented public functions with typed
//! parameters, structs, enums, aliases and bodies, about `lines` lines long.

use std::fmt::Write;

pub fn module(lines: usize) -> String {
    let mut out = String::from("/** A generated module for benchmarks. */\nimport \"std/tools\"\n\n");
    let mut i = 0;
    let mut written = out.matches('\n').count();
    while written < lines {
        let start = out.len();
        let _ = write!(
            out,
            r#"struct Record{i} {{
  id: string
  count: int
  tags?: list<string>
  owner: {{login: string, id: int}}
}}

enum State{i} {{
  Active(since: string)
  Suspended(reason: string, until: string)
  Gone
}}

type Mode{i} = "fast" | "safe"
  | "full"

/// Look up record {i}.
/// Returns the record with its state.
@annotations(readOnly: true, idempotent: true)
pub fn lookup_{i}(harness: Harness, id: string, filter: {{tags: list<string>, since?: string}}, mode: Mode{i} = "safe", limit: int = 10) -> Record{i} throws State{i} {{
  let found = harness.store.get("records/${{id}}", {{limit: limit, mode: mode}})
  if found == nil {{
    throw Gone
  }}
  for tag in filter.tags {{
    log("tag ${{tag}} of ${{id}}")
  }}
  return found
}}

"#
        );
        written += out[start..].matches('\n').count();
        i += 1;
    }
    out
}
