//! A running MCP server's tools, listed as a client would: `import mcp -- COMMAND`
//! starts the server over stdio ([`stdio`]), `import mcp --url URL` connects over
//! Streamable HTTP ([`http`]). Either way the session is the same: `initialize`,
//! `notifications/initialized`, then `tools/list` page after page until no
//! `nextCursor` is left; the pages are joined into one `tools/list` result, which the
//! file importer reads as it reads a saved one.
//!
//! This is the one place a command starts a process, and only when the user names it.
//!
//! Our own minimal client rather than the official Rust SDK (`rmcp`): its current
//! releases need rustc 1.88, and `make msrv` can only check the compilers Debian ships
//! (1.85, then 1.96), so adopting it would leave `rust-version` unchecked. What is
//! needed here is a small part of a client: three requests, answered in order.

pub mod http;
pub mod stdio;

use std::time::Duration;

use serde_json::{Value, json};

/// The protocol version the client asks for; a server answers with the one it speaks,
/// and any is fine for listing tools.
pub const PROTOCOL_VERSION: &str = "2025-11-25";

/// At most this many pages are followed: a server whose cursor never runs out would
/// otherwise be listed until the timeout.
const MAX_PAGES: usize = 1000;

/// What a session with a server gave: its `serverInfo` and every tool it listed.
#[derive(Debug)]
pub struct Listing {
    /// `serverInfo.name`, when the server said it.
    pub name: Option<String>,
    /// `serverInfo.version`, when the server said it.
    pub version: Option<String>,
    /// The `tools/list` result: `{"tools": [...]}`, every page's tools in order, with
    /// the last page's other keys (`ttlMs`, `cacheScope`, ...) but no `nextCursor`.
    pub result: Value,
}

/// Why a server's tools could not be listed. Each says what happened; for a server
/// started here, what it last wrote on stderr follows (see [`LiveError::stderr`]).
#[derive(Debug, thiserror::Error)]
pub enum LiveError {
    #[error("cannot start {command:?}: {error}")]
    CannotStart { command: String, error: std::io::Error },
    #[error("the server exited ({status}) before it answered {method}")]
    Exited { method: String, status: String, stderr: Vec<String> },
    #[error("the server wrote a line that is not JSON-RPC on stdout, where only protocol messages may go: {line:?}")]
    Garbage { line: String, stderr: Vec<String> },
    #[error("the server did not answer {method} within {} s (--timeout)", timeout.as_secs_f64())]
    TimedOut { method: String, timeout: Duration, stderr: Vec<String> },
    #[error("the server answered {method} with error {code}: {message}")]
    ErrorResponse { method: String, code: i64, message: String, stderr: Vec<String> },
    #[error("the server's answer to {method} is no {expected}: {answer}")]
    Unexpected { method: String, expected: &'static str, answer: String, stderr: Vec<String> },
    #[error("{url}: {error}")]
    Http { url: String, error: String },
    #[error("--header {header:?} is not `Name: value`")]
    BadHeader { header: String },
}

impl LiveError {
    /// The error, then the server's last stderr lines under a heading, for the user.
    pub fn report(&self) -> String {
        let mut message = self.to_string();
        if !self.stderr().is_empty() {
            message.push_str("\nthe server's last lines on stderr:");
            for line in self.stderr() {
                message.push_str("\n  ");
                message.push_str(line);
            }
        }
        message
    }

    /// The last lines the server wrote on stderr before it failed, oldest first.
    pub fn stderr(&self) -> &[String] {
        match self {
            LiveError::Exited { stderr, .. }
            | LiveError::Garbage { stderr, .. }
            | LiveError::TimedOut { stderr, .. }
            | LiveError::ErrorResponse { stderr, .. }
            | LiveError::Unexpected { stderr, .. } => stderr,
            _ => &[],
        }
    }
}

/// A connection that carries JSON-RPC messages to a server and its answers back.
pub trait Transport {
    /// Sends the request `message` (which has `id`) and waits at most `timeout` for the
    /// response with that `id`, answering what the server asks in the meantime.
    fn request(&mut self, message: &Value, id: u64, timeout: Duration) -> Result<Value, LiveError>;
    /// Sends a notification, which has no answer.
    fn notify(&mut self, message: &Value) -> Result<(), LiveError>;
    /// What the server last wrote on stderr, for an error (none over HTTP).
    fn stderr_tail(&self) -> Vec<String>;
}

/// Starts the server `command` (a program and its arguments) in `folder` (else the
/// current folder) and lists its tools; it is stopped, with whatever it started,
/// before this returns.
pub fn list_over_stdio(
    command: &[String],
    folder: Option<&std::path::Path>,
    timeout: Duration,
) -> Result<Listing, LiveError> {
    let mut server = stdio::StdioServer::start(command, folder)?;
    list_tools(&mut server, timeout)
}

/// Lists the tools of the server at the Streamable HTTP endpoint `url`, sending
/// `headers` (`Name: value`) with every message.
pub fn list_over_http(url: &str, headers: &[String], timeout: Duration) -> Result<Listing, LiveError> {
    let mut server = http::Http::new(url, headers, timeout)?;
    list_tools(&mut server, timeout)
}

/// Lists the tools of the server at the other end of `transport`, each answer awaited
/// at most `timeout`.
pub fn list_tools(transport: &mut dyn Transport, timeout: Duration) -> Result<Listing, LiveError> {
    let mut next_id = 0u64;
    let mut call = |transport: &mut dyn Transport, method: &str, params: Value| {
        next_id += 1;
        let message = json!({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params});
        let response = transport.request(&message, next_id, timeout)?;
        result_of(method, response, transport)
    };
    let client_info = json!({"name": "harn-catalog", "version": env!("CARGO_PKG_VERSION")});
    let initialized = call(
        transport,
        "initialize",
        json!({"protocolVersion": PROTOCOL_VERSION, "capabilities": {}, "clientInfo": client_info}),
    )?;
    let info = initialized.get("serverInfo");
    let text = |key: &str| info.and_then(|i| i.get(key)).and_then(Value::as_str).map(str::to_owned);
    let (name, version) = (text("name"), text("version"));
    transport.notify(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))?;

    let mut tools = Vec::new();
    let mut cursor: Option<Value> = None;
    let mut last = serde_json::Map::new();
    for _ in 0..MAX_PAGES {
        let params = match &cursor {
            Some(cursor) => json!({"cursor": cursor}),
            None => json!({}),
        };
        let page = call(transport, "tools/list", params)?;
        let Value::Object(mut page) = page else {
            return Err(unexpected("tools/list", "object", &page, transport));
        };
        match page.remove("tools") {
            Some(Value::Array(listed)) => tools.extend(listed),
            // Left to the importer, which says what is wrong where.
            Some(other) => {
                page.insert("tools".into(), other);
                return Ok(Listing { name, version, result: Value::Object(page) });
            }
            None => {}
        }
        cursor = page.remove("nextCursor").filter(|c| !c.is_null());
        last = page;
        if cursor.is_none() {
            break;
        }
    }
    if cursor.is_some() {
        let page = Value::String(format!("a {MAX_PAGES}th page with a nextCursor"));
        return Err(unexpected("tools/list", "last page", &page, transport));
    }
    last.insert("tools".into(), Value::Array(tools));
    Ok(Listing { name, version, result: Value::Object(last) })
}

/// The `result` of a JSON-RPC response, or its error.
fn result_of(method: &str, response: Value, transport: &dyn Transport) -> Result<Value, LiveError> {
    if let Some(error) = response.get("error") {
        return Err(LiveError::ErrorResponse {
            method: method.to_owned(),
            code: error.get("code").and_then(Value::as_i64).unwrap_or(0),
            message: error.get("message").and_then(Value::as_str).unwrap_or("(no message)").to_owned(),
            stderr: transport.stderr_tail(),
        });
    }
    match response.get("result") {
        Some(result @ Value::Object(_)) => Ok(result.clone()),
        _ => Err(unexpected(method, "result object", &response, transport)),
    }
}

fn unexpected(method: &str, expected: &'static str, answer: &Value, transport: &dyn Transport) -> LiveError {
    LiveError::Unexpected {
        method: method.to_owned(),
        expected,
        answer: shorten(&answer.to_string()),
        stderr: transport.stderr_tail(),
    }
}

/// `text` cut to 200 characters, for a message.
pub(crate) fn shorten(text: &str) -> String {
    crate::diagnostics::shortened(text, 200)
}

/// The answer to a request the server sent the client (`ping`, or one this client
/// does not serve), or `None` for a notification or a response.
fn answer_to(message: &Value) -> Option<Value> {
    let id = message.get("id")?;
    let method = message.get("method")?.as_str()?;
    Some(if method == "ping" {
        json!({"jsonrpc": "2.0", "id": id, "result": {}})
    } else {
        json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": format!("harn-catalog does not serve {method}")}})
    })
}
