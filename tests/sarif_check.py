"""Validates SARIF logs as their consumers do, and prints what each found as JSON.

For each file named on the command line: Python jsonschema against the SARIF 2.1.0
schema that Microsoft's SARIF multitool ships (every keyword, enums and minimums
included), then the multitool's own `validate` of those the schema accepts, whose rules check
what a schema cannot (rule indexes, URIs, the properties a viewer needs). Prints
`{"schema": {file: [error, ...]}, "multitool": [{"file", "rule", "level", "message"}]}`.
tests/it/sarif.rs runs it.
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import jsonschema

ROOT = Path(__file__).resolve().parent.parent
MULTITOOL = ROOT / ".tools/node/node_modules/@microsoft/sarif-multitool-linux"


def schema_errors(schema: dict, path: str) -> list[str]:
    validator = jsonschema.validators.validator_for(schema)(schema)
    with open(path, encoding="utf-8") as f:
        log = json.load(f)
    return [f"{e.json_path}: {e.message}" for e in validator.iter_errors(log)]


def multitool_findings(paths: list[str]) -> list[dict]:
    if not paths:
        return []
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "validation.sarif"
        run = subprocess.run(
            [str(MULTITOOL / "Sarif.Multitool"), "validate", *paths, "--output", str(out)],
            capture_output=True,
            text=True,
            # The multitool needs no ICU for what it does here.
            env={"DOTNET_SYSTEM_GLOBALIZATION_INVARIANT": "1", "PATH": "/usr/bin:/bin"},
            timeout=300,
        )
        if run.returncode != 0 or not out.exists():
            raise SystemExit(f"the SARIF multitool failed ({run.returncode}):\n{run.stdout}\n{run.stderr}")
        report = json.loads(out.read_text(encoding="utf-8-sig"))
    findings = []
    for result in report["runs"][0].get("results", []):
        location = result.get("locations", [{}])[0].get("physicalLocation", {})
        message = result["message"].get("text") or result["message"].get("id", "")
        args = result["message"].get("arguments", [])
        findings.append(
            {
                "file": location.get("artifactLocation", {}).get("uri", ""),
                "rule": result.get("ruleId", ""),
                "level": result.get("level", "warning"),
                "message": f"{message} {args}" if args else message,
            }
        )
    return findings


def main() -> None:
    paths = sys.argv[1:]
    schema = json.loads((MULTITOOL / "sarif-2.1.0.json").read_text(encoding="utf-8"))
    errors = {p: schema_errors(schema, p) for p in paths}
    # The multitool is given only the files the schema accepts: one it cannot read ends
    # its run without a word about the others. One run for all (it takes seconds to start).
    valid = [p for p in paths if not errors[p]]
    print(json.dumps({"schema": errors, "multitool": multitool_findings(valid)}))


if __name__ == "__main__":
    main()
