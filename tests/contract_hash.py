"""Recomputes contract hashes from docs/contract-hash.md alone, independently of the
Rust code: reads on stdin {"tools": <the tools of `harn-catalog mcp`>, "executions":
{name: execution}} and prints {name: "sha256:..."} on stdout. JCS is the rfc8785
package's (tools/requirements.txt), not the crate harn-catalog uses."""

import hashlib
import json
import sys

import rfc8785

ONE = {"additionalProperties", "contains", "contentSchema", "else", "if", "items", "not",
       "propertyNames", "then", "unevaluatedItems", "unevaluatedProperties"}
LIST = {"allOf", "anyOf", "oneOf", "prefixItems"}
MAP = {"$defs", "definitions", "dependentSchemas", "patternProperties", "properties"}


def unannotated(node):
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key in ("title", "description") and isinstance(value, str):
            continue
        if key in ONE:
            value = unannotated(value)
        elif key in LIST and isinstance(value, list):
            value = [unannotated(v) for v in value]
        elif key in MAP and isinstance(value, dict):
            value = {k: unannotated(v) for k, v in value.items()}
        out[key] = value
    return out


def contract(tool, execution):
    doc = {"name": tool["name"], "inputSchema": unannotated(tool["inputSchema"])}
    if "outputSchema" in tool:
        doc["outputSchema"] = unannotated(tool["outputSchema"])
    error = tool.get("_meta", {}).get("com.harnlang/toolContract", {}).get("errorSchema")
    if error is not None:
        doc["errorSchema"] = unannotated(error)
    hints = {k: v for k, v in tool.get("annotations", {}).items() if k != "title"}
    if hints:
        doc["annotations"] = hints
    if execution is not None:
        doc["execution"] = execution
    return doc


def main():
    given = json.load(sys.stdin)
    hashes = {}
    for tool in given["tools"]:
        doc = contract(tool, given["executions"].get(tool["name"]))
        hashes[tool["name"]] = "sha256:" + hashlib.sha256(rfc8785.dumps(doc)).hexdigest()
    json.dump(hashes, sys.stdout)


main()
