//! The stdio transport: the server is started as a child process, one JSON-RPC message
//! per line on its stdin and stdout; what it writes on stderr is kept (its last lines)
//! to show with an error.
//!
//! Nothing is left running: the server is started in a process group of its own (a
//! launcher such as `npx` or `uv run` starts the real server as its child), and when
//! the session ends, however it ends, the group is asked to stop and then killed.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::{LiveError, Transport, answer_to, shorten};

/// How many of the server's last stderr lines are kept for an error.
const STDERR_LINES: usize = 20;

/// How long a server that was told the session is over (its stdin closed) may take to
/// exit before its process group is stopped.
const GRACE: Duration = Duration::from_millis(500);

/// A line of the server's stdout, or its end.
enum Line {
    Text(String),
    /// Not UTF-8: garbage on a channel that carries JSON.
    Bytes(Vec<u8>),
    End,
}

/// A server started over stdio.
pub struct StdioServer {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// Says when the stderr reader has read to the end.
    stderr_done: Receiver<()>,
}

impl StdioServer {
    /// Starts `command` (a program and its arguments) with piped stdin, stdout and
    /// stderr, in the folder `folder` (else the current one).
    pub fn start(command: &[String], folder: Option<&std::path::Path>) -> Result<StdioServer, LiveError> {
        let shown = command.join(" ");
        let (program, arguments) = command.split_first().ok_or_else(|| LiveError::CannotStart {
            command: shown.clone(),
            error: std::io::ErrorKind::NotFound.into(),
        })?;
        let mut builder = Command::new(program);
        builder.args(arguments).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        if let Some(folder) = folder {
            builder.current_dir(folder);
        }
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut builder, 0);
        let mut child = builder.spawn().map_err(|error| LiveError::CannotStart { command: shown, error })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");

        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || read_lines(stdout, &send));
        let kept = Arc::new(Mutex::new(VecDeque::new()));
        let (done, stderr_done) = mpsc::channel();
        let keep = kept.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                let mut kept = keep.lock().unwrap_or_else(|e| e.into_inner());
                if kept.len() == STDERR_LINES {
                    kept.pop_front();
                }
                kept.push_back(line);
            }
            let _ = done.send(());
        });
        Ok(StdioServer { child, stdin, lines, stderr: kept, stderr_done })
    }

    fn write(&mut self, message: &Value, method: &str) -> Result<(), LiveError> {
        let mut line = message.to_string();
        line.push('\n');
        let written = match &mut self.stdin {
            Some(stdin) => stdin.write_all(line.as_bytes()).and_then(|()| stdin.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        // A server that closed its stdin has exited, or is about to: say so.
        written.map_err(|_| self.exited(method))
    }

    /// The error for a server that stopped before answering `method`.
    fn exited(&mut self, method: &str) -> LiveError {
        let status = match wait_at_most(&mut self.child, GRACE) {
            Some(status) => status.to_string(),
            None => "its stdout closed".to_owned(),
        };
        LiveError::Exited { method: method.to_owned(), status, stderr: self.stderr_tail() }
    }
}

impl Transport for StdioServer {
    fn request(&mut self, message: &Value, id: u64, timeout: Duration) -> Result<Value, LiveError> {
        let method = message.get("method").and_then(Value::as_str).unwrap_or_default().to_owned();
        let deadline = Instant::now() + timeout;
        self.write(message, &method)?;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(Line::Text(line)) => line,
                Ok(Line::Bytes(bytes)) => {
                    let line = shorten(&String::from_utf8_lossy(&bytes));
                    return Err(LiveError::Garbage { line, stderr: self.stderr_tail() });
                }
                Ok(Line::End) | Err(RecvTimeoutError::Disconnected) => return Err(self.exited(&method)),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(LiveError::TimedOut { method, timeout, stderr: self.stderr_tail() });
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            let message: Value = match serde_json::from_str(&line) {
                Ok(message @ Value::Object(_)) if message.get("jsonrpc").is_some() => message,
                _ => return Err(LiveError::Garbage { line: shorten(line.trim_end()), stderr: self.stderr_tail() }),
            };
            if let Some(answer) = answer_to(&message) {
                self.write(&answer, &method)?;
                continue;
            }
            let is_ours = message.get("method").is_none() && message.get("id").and_then(Value::as_u64) == Some(id);
            if is_ours {
                return Ok(message);
            }
            // A notification (a log line, a list change), or an answer to nothing
            // asked: not what is awaited.
        }
    }

    fn notify(&mut self, message: &Value) -> Result<(), LiveError> {
        let method = message.get("method").and_then(Value::as_str).unwrap_or_default().to_owned();
        self.write(message, &method)
    }

    fn stderr_tail(&self) -> Vec<String> {
        // What the server wrote just before it stopped may still be in the pipe.
        let _ = self.stderr_done.recv_timeout(Duration::from_millis(200));
        self.stderr.lock().unwrap_or_else(|e| e.into_inner()).iter().cloned().collect()
    }
}

impl Drop for StdioServer {
    /// Ends the session as the MCP specification asks (stdin closed, then the server
    /// stopped if it does not exit), and stops whatever it started too.
    fn drop(&mut self) {
        drop(self.stdin.take());
        let exited = wait_at_most(&mut self.child, GRACE).is_some();
        #[cfg(unix)]
        {
            let group = self.child.id() as libc::pid_t;
            // SAFETY: kill(2) with a process group id we created; an error (the group
            // is gone) changes nothing.
            unsafe {
                libc::kill(-group, libc::SIGTERM);
            }
            if !exited {
                let _ = wait_at_most(&mut self.child, GRACE);
            }
            // SAFETY: as above.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads `stdout` a line at a time into `send`, then says it ended.
fn read_lines(stdout: impl Read, send: &mpsc::Sender<Line>) {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::new();
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let message = match String::from_utf8(std::mem::take(&mut line)) {
                    Ok(text) => Line::Text(text),
                    Err(e) => Line::Bytes(e.into_bytes()),
                };
                if send.send(message).is_err() {
                    return;
                }
            }
        }
    }
    let _ = send.send(Line::End);
}

/// The exit status of `child` if it exits within `limit`.
fn wait_at_most(child: &mut Child, limit: Duration) -> Option<std::process::ExitStatus> {
    let until = Instant::now() + limit;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(10)),
            _ => return None,
        }
    }
}
