//! The Streamable HTTP transport: each message is POSTed to the server's endpoint, and
//! the answer comes back as a JSON body or as a stream of server-sent events that
//! carries it. The session ID the server gives in answer to `initialize`
//! (`Mcp-Session-Id`) goes with every later message, and the session is ended with a
//! DELETE when the listing is done.

use std::io::{BufRead, BufReader};
use std::time::Duration;

use serde_json::Value;

use super::{LiveError, PROTOCOL_VERSION, Transport, answer_to, shorten};

/// A server reached over Streamable HTTP.
pub struct Http {
    url: String,
    agent: ureq::Agent,
    /// `--header` lines, as (name, value).
    headers: Vec<(String, String)>,
    session: Option<String>,
}

impl Http {
    /// A client of the endpoint `url`, sending `headers` (`Name: value`, as `--header`
    /// takes them) with every message; no message is sent yet.
    pub fn new(url: &str, headers: &[String], timeout: Duration) -> Result<Http, LiveError> {
        let headers = headers
            .iter()
            .map(|header| match header.split_once(':') {
                Some((name, value)) if !name.trim().is_empty() => Ok((name.trim().to_owned(), value.trim().to_owned())),
                _ => Err(LiveError::BadHeader { header: header.clone() }),
            })
            .collect::<Result<_, _>>()?;
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(timeout))
            // A 4xx or 5xx answer is read and reported, not turned into a bare error.
            .http_status_as_error(false)
            .build()
            .into();
        Ok(Http { url: url.to_owned(), agent, headers, session: None })
    }

    fn error(&self, error: impl std::fmt::Display) -> LiveError {
        LiveError::Http { url: self.url.clone(), error: error.to_string() }
    }

    /// POSTs `message`; the response, for a request.
    fn post(&mut self, message: &Value, method: &str, id: Option<u64>) -> Result<Option<Value>, LiveError> {
        let mut request = self
            .agent
            .post(&self.url)
            .header("Accept", "application/json, text/event-stream")
            .header("Content-Type", "application/json")
            .header("MCP-Protocol-Version", PROTOCOL_VERSION);
        for (name, value) in &self.headers {
            request = request.header(name, value);
        }
        if let Some(session) = &self.session {
            request = request.header("Mcp-Session-Id", session);
        }
        let mut response = request.send(message.to_string()).map_err(|e| self.timed_out_or(e, method))?;
        let status = response.status();
        if let Some(session) = response.headers().get("mcp-session-id").and_then(|v| v.to_str().ok()) {
            self.session = Some(session.to_owned());
        }
        if !status.is_success() {
            let body = response.body_mut().read_to_string().unwrap_or_default();
            let body = body.split_whitespace().collect::<Vec<_>>().join(" ");
            return Err(self.error(format!("{method} was answered {status}: {}", shorten(&body))));
        }
        let Some(id) = id else { return Ok(None) };
        let is_stream = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|t| t.starts_with("text/event-stream"));
        if !is_stream {
            let body = response.body_mut().read_to_string().map_err(|e| self.timed_out_or(e, method))?;
            return serde_json::from_str(&body)
                .map(Some)
                .map_err(|_| self.error(format!("the answer to {method} is not JSON: {}", shorten(body.trim()))));
        }
        // A stream of events: the response is one of them; requests the server makes
        // meanwhile are answered with POSTs of their own.
        let reader = BufReader::new(response.into_body().into_reader());
        let mut data = String::new();
        for line in reader.lines() {
            let line = line.map_err(|e| self.timed_out_or_io(e, method))?;
            if let Some(rest) = line.strip_prefix("data:") {
                data.push_str(rest.strip_prefix(' ').unwrap_or(rest));
                data.push('\n');
                continue;
            }
            if !line.is_empty() {
                continue;
            }
            let mut event = std::mem::take(&mut data);
            event.pop();
            // An event with empty data is never dispatched (a server may send one to
            // prime a resumable stream).
            if event.is_empty() {
                continue;
            }
            let Ok(message) = serde_json::from_str::<Value>(&event) else {
                return Err(self.error(format!("an event answering {method} is not JSON: {}", shorten(event.trim()))));
            };
            if let Some(answer) = answer_to(&message) {
                self.post(&answer, method, None)?;
            } else if message.get("method").is_none() && message.get("id").and_then(Value::as_u64) == Some(id) {
                return Ok(Some(message));
            }
        }
        Err(self.error(format!("the event stream ended before {method} was answered")))
    }

    fn timed_out_or(&self, error: ureq::Error, method: &str) -> LiveError {
        match error {
            ureq::Error::Timeout(_) => self.timed_out(method),
            other => self.error(other),
        }
    }

    fn timed_out_or_io(&self, error: std::io::Error, method: &str) -> LiveError {
        if error.kind() == std::io::ErrorKind::TimedOut { self.timed_out(method) } else { self.error(error) }
    }

    fn timed_out(&self, method: &str) -> LiveError {
        let timeout = self.agent.config().timeouts().global.unwrap_or_default();
        LiveError::TimedOut { method: method.to_owned(), timeout, stderr: Vec::new() }
    }
}

impl Transport for Http {
    fn request(&mut self, message: &Value, id: u64, _timeout: Duration) -> Result<Value, LiveError> {
        let method = message.get("method").and_then(Value::as_str).unwrap_or_default().to_owned();
        self.post(message, &method, Some(id))?.ok_or_else(|| self.error(format!("{method} got no answer")))
    }

    fn notify(&mut self, message: &Value) -> Result<(), LiveError> {
        let method = message.get("method").and_then(Value::as_str).unwrap_or_default().to_owned();
        self.post(message, &method, None).map(drop)
    }

    fn stderr_tail(&self) -> Vec<String> {
        Vec::new()
    }
}

impl Drop for Http {
    /// Ends the session, as a client that is done should; a server that does not
    /// allow it answers 405, which changes nothing.
    fn drop(&mut self) {
        if let Some(session) = &self.session {
            let _ = self.agent.delete(&self.url).header("Mcp-Session-Id", session).call();
        }
    }
}
