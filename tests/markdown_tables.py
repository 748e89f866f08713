"""Renders Markdown as GitHub does its tables, an independent reader of the Markdown we write (`diff --format markdown`, `sdk --lang markdown`).

markdown-it-py (CommonMark with the GFM table extension), installed by `make tools`
into .tools/venv, parses the Markdown on stdin. Prints one JSON object: the headings'
text and, for each table, its header cells and the cells of each body row, so a test
can check that every table renders as one with the rows it meant.
"""

import json
import sys

from markdown_it import MarkdownIt

tokens = MarkdownIt("commonmark").enable("table").parse(sys.stdin.read())
headings, tables = [], []
row, section = None, None
for i, token in enumerate(tokens):
    if token.type == "heading_open":
        headings.append(tokens[i + 1].content)
    elif token.type == "table_open":
        tables.append({"header": [], "rows": []})
    elif token.type == "thead_open":
        section = "header"
    elif token.type == "tbody_open":
        section = "rows"
    elif token.type == "tr_open":
        row = []
    elif token.type in ("th_open", "td_open"):
        row.append(tokens[i + 1].content)
    elif token.type == "tr_close":
        if section == "header":
            tables[-1]["header"] = row
        else:
            tables[-1]["rows"].append(row)
print(json.dumps({"headings": headings, "tables": tables}))
