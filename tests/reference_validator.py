"""Validates catalogs against envelope schemas: an independent second opinion.

Python's `jsonschema` (Draft 2020-12), installed by `make tools` into .tools/venv,
checks what harn-catalog emits against the published harn-tools/2.0 schema and
against the schema harn-catalog generates, and `tools/list` results against the
official MCP schemas. Each schema given as an argument is first checked against the
Draft 2020-12 meta-schema; an argument `FILE#/$defs/NAME` validates against that one
definition of FILE (MCP's `ListToolsResult`). Then one document per line on stdin;
one answer per document on stdout: `ok`, or `invalid: <schema>: <reasons>`.
"""

import json
import os
import sys

import jsonschema

validators = []
for argument in sys.argv[1:]:
    path, _, definition = argument.partition("#")
    with open(path, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    if definition:
        schema = dict(schema, **{"$ref": "#" + definition})
    validators.append((os.path.relpath(path) + ("#" + definition if definition else ""), jsonschema.Draft202012Validator(schema)))

for line in sys.stdin:
    if not line.strip():
        continue
    try:
        catalog = json.loads(line)
    except json.JSONDecodeError as error:
        print(f"invalid: not JSON: {error}", flush=True)
        continue
    failures = []
    for name, validator in validators:
        errors = sorted(validator.iter_errors(catalog), key=lambda e: list(e.absolute_path))
        if errors:
            reasons = "; ".join(f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:5])
            failures.append(f"{name}: {reasons}")
    print(("invalid: " + " | ".join(failures)).replace("\n", " ") if failures else "ok", flush=True)
