// End to end: the generated widgets SDK between the real @modelcontextprotocol/sdk
// McpServer and Client, over the SDK's in-memory transport. tsc compiles it (so the
// types are checked too: the @ts-expect-error lines must stay errors) and node runs it;
// any failed check rejects, which exits non-zero. tests/it/sdk_typescript.rs runs it.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

import {
  ToolCallError,
  createToolClient,
  registerTools,
  tools as catalog,
  type CountWidgetsOutput,
  type ToolHandlers,
  type Widget,
  type WidgetError,
} from "./sdk/index.js";

function check(condition: boolean, what: string): void {
  if (!condition) {
    throw new Error(`check failed: ${what}`);
  }
}

const widgets: Widget[] = [
  { id: "w1", name: "Sprocket", tags: ["metal"] },
  { id: "w2", name: "Gear", tags: ["metal", "round"] },
];

const handlers: ToolHandlers<unknown> = {
  lookup_widget: ({ widget_id, verbose }) => {
    const found = widgets.find((w) => w.id === widget_id);
    if (found === undefined) {
      throw new ToolCallError("lookup_widget", { code: "not_found", message: `no widget ${widget_id}` });
    }
    return verbose === true ? found : { id: found.id, name: found.name };
  },
  count_widgets: async ({ tag }) => {
    if (tag === "") {
      throw new Error("the widget service is down");
    }
    return widgets.filter((w) => tag === undefined || (w.tags ?? []).includes(tag)).length;
  },
};

// @ts-expect-error: a handler must return the tool's output type.
const wrongOutput: ToolHandlers["count_widgets"] = () => "three";
void wrongOutput;

const server = new McpServer({ name: "widgets", version: "1.0.0" });
registerTools(server, handlers);
const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
await server.connect(serverTransport);
const client = new Client({ name: "widgets-e2e", version: "1.0.0" });
await client.connect(clientTransport);

// The server advertises the catalog's MCP projection; listing it also makes the
// SDK's Client validate every structuredContent against the output schemas.
const listed = await client.listTools();
check(listed.tools.map((t) => t.name).join() === "lookup_widget,count_widgets", "tools/list names every tool");
const lookup = listed.tools.find((t) => t.name === "lookup_widget");
check(
  JSON.stringify(lookup?.inputSchema.properties?.["widget_id"]) === '{"type":"string","description":"The widget\'s id."}',
  "the advertised schemas survive their string literal (an apostrophe)",
);
const count = listed.tools.find((t) => t.name === "count_widgets");
check(JSON.stringify(count?.outputSchema?.properties) === '{"result":{"type":"integer","minimum":0}}', "wrapped output");
check(catalog.lookup_widget.annotations.title === "Look up widget", "the tools constant");

const tools = createToolClient(client);

const full: Widget = await tools.lookup_widget({ widget_id: "w2", verbose: true });
check(full.name === "Gear" && full.tags?.length === 2, "lookup_widget returns the typed widget");
const brief = await tools.lookup_widget({ widget_id: "w1" });
check(brief.id === "w1" && brief.tags === undefined, "optional arguments stay optional");

// The output MCP wraps as {result: …} comes back unwrapped.
const metal: CountWidgetsOutput = await tools.count_widgets({ tag: "metal" });
check(metal === 2, `count_widgets unwraps its result (got ${JSON.stringify(metal)})`);
check((await tools.count_widgets({})) === 2, "count_widgets without a tag");

// @ts-expect-error: widget_id is required.
void (() => tools.lookup_widget({ verbose: true }));
// @ts-expect-error: count_widgets returns a number.
void (async (): Promise<string> => tools.count_widgets({}));

// A declared error arrives typed.
try {
  await tools.lookup_widget({ widget_id: "nope" });
  check(false, "a missing widget is an error");
} catch (error) {
  check(error instanceof ToolCallError, "the error is a ToolCallError");
  const failure = error as ToolCallError<"lookup_widget">;
  const declared: WidgetError | undefined = failure.error;
  check(failure.tool === "lookup_widget", "the error names its tool");
  check(declared?.code === "not_found" && declared.message === "no widget nope", "the declared error travels");
}

// Arguments the input schema refuses never reach the handler: the server answers with
// the tool error MCP prescribes, which the typed client rejects with.
const refused = await client.callTool({ name: "lookup_widget", arguments: { verbose: true } });
check(refused.isError === true, "arguments without the required widget_id are refused");
const refusal = (refused.content as { type: string; text?: string }[])[0]?.text ?? "";
check(refusal.startsWith("Invalid arguments for tool lookup_widget: "), `the refusal says why: ${refusal}`);

// A fault (not a declared error) arrives as a ToolCallError without `error`.
try {
  await tools.count_widgets({ tag: "" });
  check(false, "a fault is an error");
} catch (error) {
  check(error instanceof ToolCallError && error.error === undefined, "a fault has no declared error");
  check((error as Error).message === "the widget service is down", "a fault keeps its message");
}

await client.close();
await server.close();
console.log("widgets end to end: ok");
