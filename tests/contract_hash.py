"""Recomputes contract hashes from docs/contract-hash.md alone, independently of the
Rust code: reads on stdin {"tools": <the tools of `harn-catalog mcp`>, "executions":
{name: execution}} and prints {name: "sha256:..."} on stdout. JCS is the rfc8785
package's (tools/requirements.txt), not the crate harn-catalog uses.

Given {"skills": [{"id", "provider", "path"}], "generation": <the catalog's>} instead,
it reads each SKILL.md and prints {"skills": {id: {"manifestHash", "bodyHash"}},
"generation": <the index's>}."""

import hashlib
import json
import sys

import rfc8785

from subschemas import rebuild


def unannotated(node):
    """`node` without the `title` and `description` strings of any schema object."""
    return rebuild(node, lambda out: {k: v for k, v in out.items()
                                      if not (k in ("title", "description") and isinstance(v, str))})


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


def sha256(data):
    return "sha256:" + hashlib.sha256(data).hexdigest()


def is_marker(line):
    """A line (with its line ending) that is `---`, trailing spaces or tabs allowed."""
    if line.endswith(b"\n"):
        line = line[:-1]
    if line.endswith(b"\r"):
        line = line[:-1]
    return line.rstrip(b" \t") == b"---"


def skill_hashes(path):
    """The manifest and body hashes of a SKILL.md: the bytes between the marker lines,
    and the bytes after the closing one (a leading byte order mark is no part of it)."""
    with open(path, "rb") as f:
        data = f.read()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    # Only \n ends a line (splitlines would also split on a lone \r, and more).
    lines = [piece + b"\n" for piece in data.split(b"\n")]
    lines[-1] = lines[-1][:-1]
    assert is_marker(lines[0]), path
    start = len(lines[0])
    at = start
    for line in lines[1:]:
        if is_marker(line):
            return {"manifestHash": sha256(data[start:at]), "bodyHash": sha256(data[at + len(line):])}
        at += len(line)
    raise SystemExit(f"{path}: no closing line")


def skills(given):
    hashes = {s["id"]: skill_hashes(s["path"]) for s in given["skills"]}
    payload = given["generation"].encode() + b"\n"
    for skill in given["skills"]:
        line = {"id": skill["id"], "provider": skill["provider"], **hashes[skill["id"]]}
        payload += rfc8785.dumps(line) + b"\n"
    generation = given["generation"] if not given["skills"] else sha256(payload)
    return {"skills": hashes, "generation": generation}


def main():
    given = json.load(sys.stdin)
    if "skills" in given:
        json.dump(skills(given), sys.stdout)
        return
    hashes = {}
    for tool in given["tools"]:
        doc = contract(tool, given["executions"].get(tool["name"]))
        hashes[tool["name"]] = "sha256:" + hashlib.sha256(rfc8785.dumps(doc)).hexdigest()
    json.dump(hashes, sys.stdout)


main()
