// Drives yaml-language-server headless over stdio, as an editor would: initialize, give
// it one schema for every file (the `yaml.schemas` setting), open each file and read the
// diagnostics it publishes for it.
//
// Usage: node yaml_language_server.mjs SERVER_JS SCHEMA_PATH < files.json
// where files.json is a JSON list of absolute paths. Prints one JSON line per file:
// {"file": PATH, "diagnostics": [{"line": N, "endLine": N, "message": M}]}, lines
// 1-based, then exits; the server it started is stopped on every way out.

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [serverJs, schemaPath] = process.argv.slice(2);
const files = JSON.parse(readFileSync(0, "utf8"));
const schemaUri = pathToFileURL(schemaPath).href;
const settings = { yaml: { validate: true, hover: true, completion: true, schemas: { [schemaUri]: "*" } } };

const server = spawn(process.execPath, [serverJs, "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
const stop = () => server.exitCode === null && server.kill("SIGKILL");
process.on("exit", stop);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => process.exit(1));
}

let nextId = 1;
const pending = new Map();
const waitingFor = new Map();
let buffer = Buffer.alloc(0);

function send(message) {
  const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...message }), "utf8");
  server.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
  server.stdin.write(body);
}

function request(method, params) {
  const id = nextId++;
  send({ id, method, params });
  return new Promise((resolve) => pending.set(id, resolve));
}

// What the server asks of its client: its settings, and permissions it need not get.
function answer(message) {
  if (message.method === "workspace/configuration") {
    return message.params.items.map((item) => (item.section ? settings[item.section] ?? null : settings));
  }
  return null;
}

function receive(message) {
  if (message.id !== undefined && message.method !== undefined) {
    send({ id: message.id, result: answer(message) });
  } else if (message.id !== undefined) {
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  } else if (message.method === "textDocument/publishDiagnostics") {
    waitingFor.get(message.params.uri)?.(message.params.diagnostics);
    waitingFor.delete(message.params.uri);
  }
}

server.stdout.on("data", (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0) return;
    const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, headerEnd).toString())[1]);
    if (buffer.length < headerEnd + 4 + length) return;
    const body = buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString("utf8");
    buffer = buffer.subarray(headerEnd + 4 + length);
    receive(JSON.parse(body));
  }
});
server.on("exit", (code) => {
  if (pending.size > 0 || waitingFor.size > 0) {
    console.error(`yaml-language-server exited (${code}) before answering`);
    process.exit(2);
  }
});

await request("initialize", {
  processId: process.pid,
  rootUri: null,
  capabilities: { workspace: { configuration: true }, textDocument: { publishDiagnostics: {} } },
});
send({ method: "initialized", params: {} });
send({ method: "workspace/didChangeConfiguration", params: { settings } });

// Every file is opened at once: the server validates each after a pause of its own,
// which one file at a time would add up.
const published = files.map((file) => {
  const uri = pathToFileURL(file).href;
  const diagnostics = new Promise((resolve) => waitingFor.set(uri, resolve));
  send({
    method: "textDocument/didOpen",
    params: { textDocument: { uri, languageId: "yaml", version: 1, text: readFileSync(file, "utf8") } },
  });
  return diagnostics;
});
for (const [i, file] of files.entries()) {
  const diagnostics = await published[i];
  const shown = diagnostics.map((d) => ({ line: d.range.start.line + 1, endLine: d.range.end.line + 1, message: d.message }));
  process.stdout.write(JSON.stringify({ file, diagnostics: shown }) + "\n");
}
waitingFor.clear();

await request("shutdown", null);
send({ method: "exit" });
stop();
process.exit(0);
