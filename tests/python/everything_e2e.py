"""End to end: the Python SDK generated from the MCP reference server's own tools
(imported live by `harn-catalog import mcp`, the package `everything_sdk` beside this
file), calling that server through the `mcp` SDK's `ClientSession` over stdio. The
server's command is this program's arguments; it is stopped when the session ends.
Any failed check raises, which exits non-zero; tests/it/sdk_python.rs runs it."""

import asyncio
import sys

from everything_sdk import (
    EchoInput,
    GetStructuredContentInput,
    GetStructuredContentOutput,
    GetTinyImageInput,
    ToolCallError,
    ToolClient,
    TriggerLongRunningOperationInput,
)
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.types import ImageContent, TextContent


def check(condition: bool, what: str) -> None:
    if not condition:
        raise AssertionError(f"check failed: {what}")


async def main(command: str, args: list[str]) -> None:
    params = StdioServerParameters(command=command, args=args)
    with open("/dev/null", "w") as quiet:
        async with stdio_client(params, errlog=quiet) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            # Listing the tools makes the session check structured outputs.
            await session.list_tools()
            tools = ToolClient(session)

            # A tool without an output schema returns its content blocks; the SDK's
            # call options pass through.
            echoed = await tools.echo(EchoInput(message="hello"), read_timeout_seconds=30)
            first = echoed[0]
            check(isinstance(first, TextContent) and "hello" in first.text, f"echo comes back as its text: {echoed}")

            image = await tools.get_tiny_image(GetTinyImageInput())
            check(any(isinstance(b, ImageContent) and b.mime_type == "image/png" for b in image), "an image block")

            # A tool with an output schema still returns its typed output.
            weather = await tools.get_structured_content(GetStructuredContentInput(location="New York"))
            check(isinstance(weather, GetStructuredContentOutput), f"structured output is typed: {weather!r}")
            check(isinstance(weather.temperature, float), f"structured output: {weather!r}")

            # A request that fails (a timeout of 1 ms on a slow tool) raises as a tool
            # error does, with the JSON-RPC code.
            try:
                slow = TriggerLongRunningOperationInput(duration=2, steps=2)
                await tools.trigger_long_running_operation(slow, read_timeout_seconds=0.001)
                check(False, "a timed-out call raises")
            except ToolCallError as failure:
                check(failure.code == -32001 and failure.result is None, f"a timeout: {failure.code} {failure}")
    print("everything end to end: ok")


asyncio.run(main(sys.argv[1], sys.argv[2:]))
