"""Independent check of down-levelling (tests/it/profiles.rs): each original schema
and its exactly down-levelled form accept the same instances, by Python jsonschema's
Draft 2020-12 validator.

Reads {"cases": [{"label", "original", "downlevelled", "instances"}], "pool": [...]}
on stdin; every case is tried with its own instances and every instance of the pool.
`nullable: true` (OpenAPI 3.0, which Gemini's `parameters` speaks) is read as OpenAPI
defines it: beside a `type` T, the type is T or null. Prints {"checked": n,
"mismatches": [...]} (the first few).
"""

import json
import sys

from jsonschema import Draft202012Validator

from subschemas import rebuild


def from_openapi(schema):
    """The JSON Schema meaning of an OpenAPI 3.0 `nullable`."""
    def nullable(out):
        if out.pop("nullable", False) is True and isinstance(out.get("type"), str):
            out["type"] = [out["type"], "null"]
        return out
    return rebuild(schema, nullable)


def outcome(validator, instance):
    """Valid or not; or the error a pattern Python's `re` cannot compile (`\\p{…}`)
    raises, which both sides must then raise alike."""
    try:
        return validator.is_valid(instance)
    except Exception as error:  # noqa: BLE001 - compared, not hidden
        return f"raised {type(error).__name__}"


def main():
    data = json.load(sys.stdin)
    pool = data["pool"]
    checked = 0
    mismatches = []
    for case in data["cases"]:
        original = Draft202012Validator(case["original"])
        downlevelled = Draft202012Validator(from_openapi(case["downlevelled"]))
        for instance in case["instances"] + pool:
            checked += 1
            before = outcome(original, instance)
            after = outcome(downlevelled, instance)
            if before != after and len(mismatches) < 8:
                mismatches.append({
                    "label": case["label"], "instance": instance, "original_accepts": before,
                    "original": case["original"], "downlevelled": case["downlevelled"],
                })
    json.dump({"checked": checked, "mismatches": mismatches}, sys.stdout)


if __name__ == "__main__":
    main()
