"""A stand-in MCP server over stdio, written for harn-catalog's tests of
`import mcp -- COMMAND`, with the standard library only. Its first argument says how
it behaves:

  paged        two pages of tools; a log notification and a ping to the client on
               the way, and lines on stderr
  shrunk       the first page of `paged` only: `close_ticket` is gone
  null-schema  one tool whose inputSchema is null
  exits        writes on stderr, then exits with status 3 when asked to initialize
  garbage      prints a banner on stdout, as a server that logs to stdout does
  silent       reads and never answers; writes its own pid and its child's (a
               process it starts that would outlive it) to the file named next
  refuses      answers tools/list with a JSON-RPC error
"""

import json
import subprocess
import sys

behaviour = sys.argv[1]


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def tool(name, **fields):
    return {"name": name, "inputSchema": {"type": "object"}, **fields}


if behaviour == "garbage":
    print("tracker server v0.3 listening on stdio")
if behaviour == "silent":
    sleeper = subprocess.Popen(["sleep", "300"])
    with open(sys.argv[2], "w") as pids:
        pids.write(f"{sys.argv[0] and __import__('os').getpid()} {sleeper.pid}\n")

for line in sys.stdin:
    request = json.loads(line)
    method = request.get("method")
    sys.stderr.write(f"scripted: {method}\n")
    sys.stderr.flush()
    if behaviour == "silent" or "id" not in request:
        continue
    if method == "initialize":
        if behaviour == "exits":
            sys.stderr.write("scripted: TRACKER_TOKEN is not set\n")
            sys.exit(3)
        send({"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "up"}})
        info = {"name": "tracker", "version": "0.3.1"}
        result = {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}}, "serverInfo": info}
        send({"jsonrpc": "2.0", "id": request["id"], "result": result})
    elif method == "tools/list":
        if behaviour == "refuses":
            send({"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32603, "message": "index unavailable"}})
            continue
        if behaviour == "null-schema":
            result = {"tools": [{"name": "list_boards", "inputSchema": None}]}
        elif request.get("params", {}).get("cursor") == "page-2":
            result = {"tools": [tool("close_ticket", annotations={"destructiveHint": True})], "ttlMs": 60000}
        elif behaviour == "shrunk":
            result = {"tools": [tool("open_ticket", title="Open a ticket")]}
        else:
            # The client must answer a ping before its tools/list is answered.
            send({"jsonrpc": "2.0", "id": "ping-1", "method": "ping"})
            answer = json.loads(sys.stdin.readline())
            assert answer == {"jsonrpc": "2.0", "id": "ping-1", "result": {}}, answer
            result = {"tools": [tool("open_ticket", title="Open a ticket")], "nextCursor": "page-2"}
        send({"jsonrpc": "2.0", "id": request["id"], "result": result})
