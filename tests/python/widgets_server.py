"""An MCP server on the official Python SDK (`mcp`) whose widgets tools are served by
handlers registered through the generated Python SDK's `register_tools` (the package
`widgets_sdk` beside this file, generated from fixtures/widgets/registry.json), next
to a tool the server registers itself. Run over stdio by `widgets_e2e.py`."""

from typing import Any

from mcp.server import MCPServer
from mcp.server.context import ServerRequestContext
from widgets_sdk import (
    CountWidgetsInput,
    LookupWidgetInput,
    ToolCallError,
    ToolHandlers,
    Widget,
    WidgetError,
    register_tools,
)

WIDGETS = {"w1": Widget(id="w1", name="Sprocket", tags=["metal"]), "w2": Widget(id="w2", name="Cog")}


class Handlers(ToolHandlers):
    async def lookup_widget(self, arguments: LookupWidgetInput, context: ServerRequestContext[Any, Any]) -> Widget:
        widget = WIDGETS.get(arguments.widget_id)
        if widget is None:
            error = WidgetError(code="not_found", message=f"no widget {arguments.widget_id}")
            raise ToolCallError("lookup_widget", error)
        return widget

    async def count_widgets(self, arguments: CountWidgetsInput, context: ServerRequestContext[Any, Any]) -> int:
        if arguments.tag == "boom":
            raise RuntimeError("the counter broke")
        if arguments.tag == "lie":
            # Below the output schema's minimum: the output check refuses it.
            return -1
        return sum(1 for w in WIDGETS.values() if arguments.tag is None or arguments.tag in (w.tags or []))


server: MCPServer[Any] = MCPServer("widgets", version="1.0.0")


@server.tool()
def ping() -> str:
    """A tool of the server's own, listed after the catalog's."""
    return "pong"


register_tools(server, Handlers())

if __name__ == "__main__":
    server.run("stdio")
