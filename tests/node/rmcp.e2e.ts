// End to end: the generated widgets TypeScript client calling a server on the official
// Rust MCP SDK (rmcp) that dispatches on the generated Rust crate's `ToolCall`
// (tests/rmcp_server), over stdio. tsc compiles it and node runs it with the
// server's command as arguments; any failed check rejects, which exits non-zero.
// tests/it/sdk_typescript.rs runs it.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

import { ToolCallError, createToolClient, tools as catalog, type Widget } from "./sdk/index.js";

function check(condition: boolean, what: string): void {
  if (!condition) {
    throw new Error(`check failed: ${what}`);
  }
}

async function refusal(call: () => Promise<unknown>): Promise<ToolCallError> {
  try {
    await call();
  } catch (failure) {
    if (failure instanceof ToolCallError) {
      return failure;
    }
    throw failure;
  }
  throw new Error("check failed: the call was not refused");
}

const [command, ...args] = process.argv.slice(2);
if (command === undefined) {
  throw new Error("usage: node rmcp.e2e.js COMMAND [ARGS…]");
}
const client = new Client({ name: "rmcp-e2e", version: "1.0.0" });
await client.connect(new StdioClientTransport({ command, args, stderr: "ignore" }));
try {
  // The Rust server lists its tools from the crate's TOOLS: the catalog's projection.
  const listed = await client.listTools();
  const names = listed.tools.map((t) => t.name);
  check(JSON.stringify(names) === JSON.stringify(Object.keys(catalog)), `the tools listed: ${names.join(", ")}`);
  const lookup = listed.tools.find((t) => t.name === "lookup_widget");
  check(lookup?.annotations?.readOnlyHint === true, "the annotations come from TOOLS");

  const tools = createToolClient(client);
  const widget: Widget = await tools.lookup_widget({ widget_id: "w2", verbose: true }, { timeout: 10_000 });
  check(widget.name === "Gear" && widget.tags?.length === 2, `the typed output: ${JSON.stringify(widget)}`);
  const brief = await tools.lookup_widget({ widget_id: "w1" });
  check(brief.tags === undefined, `an empty array is left out: ${JSON.stringify(brief)}`);
  // A wrapped (non-object) output comes back unwrapped.
  const count: number = await tools.count_widgets({ tag: "round" });
  check(count === 1, `count_widgets: ${count}`);

  // The declared error the Rust handler returned reaches the caller typed.
  const missing = await refusal(() => tools.lookup_widget({ widget_id: "w9" }));
  check(missing.error?.code === "not_found", `the declared error: ${JSON.stringify(missing.error)}`);

  // Arguments the crate's ToolCall refuses are a tool error naming the reason.
  const invalid = await refusal(() => tools.lookup_widget({ verbose: true } as unknown as { widget_id: string }));
  check(invalid.result?.isError === true && invalid.message.includes("widget_id"), `refused: ${invalid.message}`);
} finally {
  await client.close();
}
console.log("rmcp end to end: ok");
