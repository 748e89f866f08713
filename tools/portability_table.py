#!/usr/bin/env python3
"""The client portability table (docs/portability.md): `harn-catalog lint --profile all`
over the GitHub MCP server's tools and those of real MCP servers, counted per profile as tools that pass, only warn,
or fail. Run by `make portability-table`; tests/it/profiles.rs checks the committed
table is current.

usage: portability_table.py HARN_CATALOG

The corpora are read from $HARN_CATALOG_SHARED (default ../shared): the GitHub
snapshots are turned into a registry declaration the way tests/it/common.rs
`github_registry` does; the real-server corpus (corpus/mcp-servers) is imported with
`harn-catalog import mcp` (see real_servers below).
"""

import collections
import json
import os
import subprocess
import sys
import tempfile

PROFILES = [
    "openai", "openai-strict", "gemini", "gemini-json-schema", "anthropic", "anthropic-strict",
    "claude-code", "claude-desktop", "vscode-copilot", "cursor", "mcp-2025-11-25",
]


def shared():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.environ.get("HARN_CATALOG_SHARED") or os.path.join(root, "..", "shared")


def github_registry(folder):
    tools = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(folder, name)) as f:
            tool = json.load(f)
        spec = {k: tool[k] for k in ("name", "description", "inputSchema", "annotations")}
        for source, target in (("icons", "icons"), ("_meta", "meta")):
            if source in tool:
                spec[target] = tool[source]
        tools.append(spec)
    return {"info": {"name": "github"}, "tools": tools}


def lint(binary, path, server):
    """{profile: {tool: worst severity}} and {profile: Counter(code -> tools)}."""
    run = subprocess.run(
        [binary, "lint", path, "--profile", "all", "--format", "json", "--server", server, "--color", "never"],
        capture_output=True, text=True,
    )
    if run.returncode not in (0, 1):
        sys.exit(f"harn-catalog lint {path} failed ({run.returncode}):\n{run.stderr}")
    worst = collections.defaultdict(dict)
    codes = collections.defaultdict(lambda: collections.defaultdict(set))
    whole_list = collections.defaultdict(dict)
    for line in run.stderr.splitlines():
        if not line.startswith("{"):
            continue
        finding = json.loads(line)
        profile = finding.get("profile")
        if profile is None:
            # The compiler's own findings: its warnings (a tool defined twice) are no
            # client's concern; an error means the input does not compile.
            if finding["severity"] == "error":
                sys.exit(f"{path} does not compile:\n{run.stderr}")
            continue
        tool = finding.get("tool")
        severity = finding["severity"]
        if tool is None:
            # A finding about the whole list (a tool count) counts for every tool.
            whole_list[profile][finding["code"]] = severity
            continue
        if worst[profile].get(tool) != "error":
            worst[profile][tool] = severity
        codes[profile][finding["code"]].add(tool)
    return worst, codes, whole_list


def table(title, note, linted):
    """The table of `linted`, a list of (lint result, tool names) pairs, one per file."""
    total = sum(len(names) for _, names in linted)
    lines = [f"### {title}", "", f"{total} tools{note}.", "",
             "| profile | pass | warn | fail | findings (tools) |", "|---|---|---|---|---|"]
    for profile in PROFILES:
        counts = collections.Counter()
        found = collections.Counter()
        everywhere = set()
        for (worst, codes, whole_list), names in linted:
            for tool in names:
                severity = worst[profile].get(tool)
                for listed in whole_list[profile].values():
                    severity = "error" if "error" in (severity, listed) else "warning"
                counts[{"error": "fail", "warning": "warn", None: "pass"}[severity]] += 1
            for code, tools in codes[profile].items():
                found[code] += len(tools)
            for code in whole_list[profile]:
                found[code] += len(names)
                everywhere.add(code)
        shown = [f"`{code}` ({'all' if code in everywhere and n == total else n})"
                 for code, n in sorted(found.items(), key=lambda c: (-c[1], c[0]))]
        lines.append(f"| {profile} | {counts['pass']} | {counts['warn']} | {counts['fail']} | {', '.join(shown) or '—'} |")
    return lines


def refused_tools(binary, path):
    """The indices of the tools `harn-catalog schema` refuses in a declaration."""
    run = subprocess.run([binary, "schema", path, "--format", "json", "--color", "never"],
                         capture_output=True, text=True)
    refused = set()
    for line in run.stderr.splitlines():
        if line.startswith("{"):
            finding = json.loads(line)
            parts = (finding.get("pointer") or "").split("/")
            if finding["severity"] == "error" and len(parts) > 2 and parts[1] == "tools":
                refused.add(int(parts[2]))
    return refused


def real_servers(binary):
    """The real-server corpus: each file of corpus/mcp-servers imported to a registry
    declaration (`harn-catalog import mcp`), the tools `schema` refuses taken out (three,
    whose schemas are invalid), then linted like the GitHub tools, each file with its
    own name as the server's."""
    folder = os.path.join(shared(), "corpus", "mcp-servers")
    linted, refused = [], []
    with tempfile.TemporaryDirectory() as scratch:
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".json"):
                continue
            out = os.path.join(scratch, name)
            subprocess.run([binary, "import", "mcp", os.path.join(folder, name), "-o", out],
                           check=True, capture_output=True)
            with open(out) as f:
                declaration = json.load(f)
            out_indices = refused_tools(binary, out)
            if out_indices:
                refused += [f"`{name}`: `{declaration['tools'][i]['name']}`" for i in sorted(out_indices)]
                declaration["tools"] = [t for i, t in enumerate(declaration["tools"]) if i not in out_indices]
                with open(out, "w") as f:
                    json.dump(declaration, f)
            # A name defined twice is one tool: the last definition wins.
            names = list(dict.fromkeys(t["name"] for t in declaration["tools"]))
            linted.append((lint(binary, out, name[:-5]), names))
    note = f" of {len(linted)} servers, each linted with its file name as the server's name"
    lines = table("Real MCP servers (corpus/mcp-servers)", note, linted)
    if refused:
        lines += ["", "Left out, refused by `harn-catalog schema`: " + ", ".join(refused) + "."]
    return lines


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    corpus = os.path.join(shared(), "corpus", "github-mcp-server-toolsnaps")
    registry = github_registry(corpus)
    names = [t["name"] for t in registry["tools"]]
    out = [
        "# Client portability",
        "",
        "Generated by `make portability-table` (tools/portability_table.py); do not edit.",
        "",
        "Each tool's MCP projection checked by `harn-catalog lint --profile all`: *pass* no",
        "finding, *warn* warnings only (the client drops, truncates or may refuse",
        "something), *fail* the client refuses it. A finding about the whole list (a tool",
        "count) counts for every tool of that server. The rules and their sources:",
        "[rules.md](rules.md); `harn-catalog mcp --profile NAME` down-levels what it can.",
        "",
    ]
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "github.json")
        with open(path, "w") as f:
            json.dump(registry, f)
        out += table("GitHub MCP server (corpus/github-mcp-server-toolsnaps)", " (server name `github`)",
                     [(lint(binary, path, "github"), names)])
    out += [""] + real_servers(binary)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
