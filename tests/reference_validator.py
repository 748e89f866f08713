"""Validates catalogs against the published harn-tools/2.0 envelope schema.

An independent second opinion on what harn-catalog emits: Python's `jsonschema`
(Draft 2020-12), installed by `make tools` into .tools/venv. Reads one catalog per
line on stdin and answers one line per catalog: `ok`, or `invalid: <reasons>`.
"""

import json
import sys

import jsonschema

schema_path = sys.argv[1]
with open(schema_path, encoding="utf-8") as f:
    schema = json.load(f)
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

for line in sys.stdin:
    if not line.strip():
        continue
    try:
        catalog = json.loads(line)
    except json.JSONDecodeError as error:
        print(f"invalid: not JSON: {error}", flush=True)
        continue
    errors = sorted(validator.iter_errors(catalog), key=lambda e: list(e.absolute_path))
    if errors:
        reasons = "; ".join(f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:5])
        print(f"invalid: {reasons}".replace("\n", " "), flush=True)
    else:
        print("ok", flush=True)
