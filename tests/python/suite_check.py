"""Checks the Python SDKs generated for the JSON-Schema-Test-Suite's groups against
the suite's instances, with pydantic: every valid instance must be accepted and,
where the SDK claims its types exact (no "wider than the schema" note), every
invalid instance refused. Reads the manifest tests/it/sdk_python.rs writes on stdin:
{"folder": F, "groups": [{"package": P, "exact": bool, "label": L, "tests":
[{"data": D, "valid": bool, "label": L}]}]}, each package a folder of F whose tool
`t` takes the instance under `value`. Prints one JSON line per disagreement, then a
summary line {"checked": N}."""

import importlib
import json
import sys

from pydantic import ValidationError


def main() -> None:
    manifest = json.load(sys.stdin)
    sys.path.insert(0, manifest["folder"])
    checked = 0
    for group in manifest["groups"]:
        try:
            package = importlib.import_module(group["package"])
            model = package.TInput
        except Exception as failure:  # noqa: BLE001 - any failure to import is the finding
            print(json.dumps({"label": group["label"], "problem": f"does not import: {failure!r}"}))
            continue
        for test in group["tests"]:
            if not test["valid"] and not group["exact"]:
                continue
            checked += 1
            try:
                model.model_validate({"value": test["data"]})
                accepted, reason = True, ""
            except ValidationError as failure:
                accepted, reason = False, str(failure).splitlines()[1:3]
            if accepted != test["valid"]:
                problem = "a valid instance is refused" if test["valid"] else "an invalid instance is accepted"
                print(json.dumps({"label": f"{group['label']}: {test['label']}", "problem": problem, "reason": reason}))
    print(json.dumps({"checked": checked}))


main()
