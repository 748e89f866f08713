// End to end: the SDK generated from the MCP reference server's own tools (imported
// live by `harn-catalog import mcp`), calling that server through the real
// @modelcontextprotocol/sdk Client over stdio. tsc compiles it (the @ts-expect-error
// lines must stay errors) and node runs it with the server's command as arguments;
// any failed check rejects, which exits non-zero. tests/it/sdk_typescript.rs runs it.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

import {
  ToolCallError,
  createToolClient,
  createToolResultClient,
  type ContentBlock,
  type GetStructuredContentOutput,
} from "./sdk/index.js";

function check(condition: boolean, what: string): void {
  if (!condition) {
    throw new Error(`check failed: ${what}`);
  }
}

const [command, ...args] = process.argv.slice(2);
if (command === undefined) {
  throw new Error("usage: node everything.e2e.js COMMAND [ARGS…]");
}
const client = new Client({ name: "everything-e2e", version: "1.0.0" });
await client.connect(new StdioClientTransport({ command, args, stderr: "ignore" }));
try {
  // Listing the tools makes the SDK's Client check structured outputs.
  await client.listTools();
  const tools = createToolClient(client);

  // A tool without an output schema resolves to its content blocks; the SDK's
  // request options pass through.
  const echoed: ContentBlock[] = await tools.echo({ message: "hello" }, { timeout: 10_000 });
  const first = echoed[0];
  check(first?.type === "text" && first.text.includes("hello"), `echo comes back as its text: ${JSON.stringify(echoed)}`);

  const image = await tools["get-tiny-image"]({});
  check(image.some((block) => block.type === "image" && block.mimeType === "image/png"), "an image block is typed");

  // A tool with an output schema still resolves to its typed structured content.
  const weather: GetStructuredContentOutput = await tools["get-structured-content"]({ location: "New York" });
  check(typeof weather.temperature === "number", `structured output: ${JSON.stringify(weather)}`);

  // The whole result stays reachable, the typed value beside it.
  const whole = await createToolResultClient(client)["get-structured-content"]({ location: "Chicago" });
  check(whole.value.temperature === whole.structuredContent?.["temperature"], "the value is the structured content");
  check(whole.content.length > 0, "the whole result keeps its content");

  // A request that fails (here a timeout of 1 ms on a slow tool) rejects as a
  // ToolCallError too, with the JSON-RPC code.
  try {
    await tools["trigger-long-running-operation"]({ duration: 2, steps: 2 }, { timeout: 1 });
    check(false, "a timed-out call rejects");
  } catch (error) {
    check(error instanceof ToolCallError, `a timeout is a ToolCallError: ${String(error)}`);
    const failure = error as ToolCallError;
    check(failure.code === -32001 && failure.result === undefined, `a timeout has the JSON-RPC code ${failure.code}`);
  }

  // @ts-expect-error: echo resolves to content blocks, not a string.
  void (async (): Promise<string> => tools.echo({ message: "x" }));
  // @ts-expect-error: an option the SDK's RequestOptions does not have.
  void (() => tools.echo({ message: "x" }, { timeOut: 5 }));
} finally {
  await client.close();
}
console.log("everything end to end: ok");
