"""Independent check of `tools/list` results (tests/it/profiles.rs): each document
validated as the official MCP schema's `ListToolsResult`, by Python jsonschema.

Reads {"schema": <path of an official MCP schema>, "documents": [{"label", "result"}]}
on stdin; prints {"checked": n, "errors": [...]} (the first few).
"""

import json
import sys

from jsonschema import Draft202012Validator


def main():
    data = json.load(sys.stdin)
    with open(data["schema"]) as f:
        schema = json.load(f)
    validator = Draft202012Validator({**schema, "$ref": "#/$defs/ListToolsResult"})
    errors = []
    for document in data["documents"]:
        for error in validator.iter_errors(document["result"]):
            if len(errors) < 8:
                errors.append(f"{document['label']}: {error.json_path}: {error.message[:300]}")
    json.dump({"checked": len(data["documents"]), "errors": errors}, sys.stdout)


if __name__ == "__main__":
    main()
