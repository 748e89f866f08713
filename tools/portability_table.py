#!/usr/bin/env python3
"""The client portability table (docs/portability.md): `harn-catalog lint --profile all`
over the GitHub MCP server's tools, counted per profile as tools that pass, only warn,
or fail. Run by `make portability-table`; tests/it/profiles.rs checks the committed
table is current.

usage: portability_table.py HARN_CATALOG [--mcp-servers]

The corpora are read from $HARN_CATALOG_SHARED (default ../shared): the GitHub
snapshots are turned into a registry declaration the way tests/it/common.rs
`github_registry` does. `--mcp-servers` adds the real-server corpus
(corpus/mcp-servers), which needs `harn-catalog import mcp` (see real_servers below).
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
            sys.exit(f"{path} does not compile:\n{run.stderr}")
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


def table(title, binary, path, server, tool_names):
    worst, codes, whole_list = lint(binary, path, server)
    lines = [f"### {title}", "", f"{len(tool_names)} tools.", "",
             "| profile | pass | warn | fail | findings (tools) |", "|---|---|---|---|---|"]
    for profile in PROFILES:
        counts = collections.Counter()
        for tool in tool_names:
            severity = worst[profile].get(tool)
            for listed in whole_list[profile].values():
                severity = "error" if "error" in (severity, listed) else "warning"
            counts[{"error": "fail", "warning": "warn", None: "pass"}[severity]] += 1
        found = [f"`{code}` ({len(tools)})" for code, tools in sorted(codes[profile].items(), key=lambda c: (-len(c[1]), c[0]))]
        found += [f"`{code}` (all)" for code in sorted(whole_list[profile])]
        lines.append(f"| {profile} | {counts['pass']} | {counts['warn']} | {counts['fail']} | {', '.join(found) or '—'} |")
    return lines


def real_servers(binary):
    """The real-server corpus, once `harn-catalog import mcp` exists: each file of
    corpus/mcp-servers imported to a registry declaration, then linted like the GitHub
    tools. HOOK for the lead: wire it (and `make portability-table MCP_SERVERS=1`) after
    merging the importer."""
    folder = os.path.join(shared(), "corpus", "mcp-servers")
    lines = ["### Real MCP servers (corpus/mcp-servers)", ""]
    probe = subprocess.run([binary, "import", "--help"], capture_output=True, text=True)
    if probe.returncode != 0:
        return lines + ["Not counted yet: `harn-catalog import mcp` does not exist in this build."]
    with tempfile.TemporaryDirectory() as scratch:
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".json"):
                continue
            out = os.path.join(scratch, name[:-5] + ".json")
            subprocess.run([binary, "import", "mcp", os.path.join(folder, name), "-o", out], check=True)
            with open(out) as f:
                names = [t["name"] for t in json.load(f)["tools"]]
            lines += table(name[:-5], binary, out, name[:-5], names) + [""]
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
        "Each tool's MCP projection checked by `harn-catalog lint --profile all` (server name",
        "`github`): *pass* no finding, *warn* warnings only (the client drops, truncates or",
        "may refuse something), *fail* the client refuses it. A finding about the whole",
        "list (a tool count) counts for every tool. The rules and their sources:",
        "[rules.md](rules.md); `harn-catalog mcp --profile NAME` down-levels what it can.",
        "",
    ]
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "github.json")
        with open(path, "w") as f:
            json.dump(registry, f)
        out += table("GitHub MCP server (corpus/github-mcp-server-toolsnaps)", binary, path, "github", names)
    if "--mcp-servers" in sys.argv[2:]:
        out += [""] + real_servers(binary)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
