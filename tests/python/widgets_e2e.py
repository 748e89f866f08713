"""End to end: the generated Python SDK's `ToolClient`, over the `mcp` SDK's
`ClientSession`, calling `widgets_server.py` (started here over stdio and stopped when
the session ends) whose handlers the same SDK registered. Any failed check raises,
which exits non-zero; tests/it/sdk_python.rs runs it."""

import asyncio
import os
import sys

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError
from widgets_sdk import TOOLS, CountWidgetsInput, LookupWidgetInput, ToolCallError, ToolClient, Widget, WidgetError


def check(condition: bool, what: str) -> None:
    if not condition:
        raise AssertionError(f"check failed: {what}")


def text_of(result: object) -> str:
    content = getattr(result, "content", [])
    return " ".join(getattr(block, "text", "") for block in content)


async def main() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    params = StdioServerParameters(command=sys.executable, args=[os.path.join(here, "widgets_server.py")], cwd=here)
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        listed = await session.list_tools()
        names = [tool.name for tool in listed.tools]
        check(names == ["lookup_widget", "count_widgets", "ping"], f"the catalog's tools, then the server's: {names}")
        definition = TOOLS["lookup_widget"].definition
        check(definition is not None, "an MCP tool has its definition")
        assert definition is not None
        check(listed.tools[0].input_schema == definition["inputSchema"], "the advertised input schema is served")
        check(listed.tools[0].output_schema == definition["outputSchema"], "the advertised output schema is served")

        tools = ToolClient(session)
        widget = await tools.lookup_widget(LookupWidgetInput(widget_id="w1"), read_timeout_seconds=30)
        check(isinstance(widget, Widget) and widget.name == "Sprocket" and widget.tags == ["metal"], repr(widget))
        bare = await tools.lookup_widget(LookupWidgetInput(widget_id="w2"))
        check(bare.tags is None and "tags" not in bare.model_fields_set, "an absent property stays absent")
        count = await tools.count_widgets(CountWidgetsInput(tag="metal"))
        check(count == 1, f"the wrapped output is unwrapped: {count!r}")
        check(await tools.count_widgets(CountWidgetsInput()) == 2, "an optional argument left out")

        # A declared error comes back typed, under _meta[TOOL_ERROR_KEY].
        try:
            await tools.lookup_widget(LookupWidgetInput(widget_id="nope"))
            check(False, "a declared error raises")
        except ToolCallError as failure:
            check(isinstance(failure.error, WidgetError), f"the declared error is typed: {failure.error!r}")
            assert isinstance(failure.error, WidgetError)
            check(failure.error.code == "not_found" and failure.error.message == "no widget nope", repr(failure.error))
            check(failure.code is None and failure.result is not None and failure.result.is_error, "an isError result")

        # Anything else a handler raises is an error result with its message.
        try:
            await tools.count_widgets(CountWidgetsInput(tag="boom"))
            check(False, "a failing handler raises")
        except ToolCallError as failure:
            check(failure.error is None and "the counter broke" in str(failure), str(failure))

        # An output its type refuses is never sent.
        try:
            await tools.count_widgets(CountWidgetsInput(tag="lie"))
            check(False, "an invalid output raises")
        except ToolCallError as failure:
            check("Invalid output of tool count_widgets" in str(failure), str(failure))

        # Arguments the input type refuses never reach the handler.
        refused = await session.call_tool("lookup_widget", {})
        check(refused.is_error and "Invalid arguments for tool lookup_widget" in text_of(refused), text_of(refused))
        refused = await session.call_tool("lookup_widget", {"widget_id": "w1", "verbose": None})
        check(refused.is_error, "null for an optional property that is not nullable is refused")
        refused = await session.call_tool("lookup_widget", {"widget_id": 7})
        check(refused.is_error, "no coercion: a number is not a string")

        # The server's own tool is still served; an unknown tool is left to the server,
        # which answers with an error.
        pong = await session.call_tool("ping", {})
        check(not pong.is_error and "pong" in text_of(pong), text_of(pong))
        try:
            unknown = await session.call_tool("nope", {})
            check(unknown.is_error and "nope" in text_of(unknown), f"an unknown tool fails: {text_of(unknown)}")
        except MCPError as failure:
            check(failure.code == -32602, f"an unknown tool fails: {failure.code}")
    print("widgets end to end: ok")


asyncio.run(main())
