"""Checks that an upgraded schema accepts exactly the instances its original accepts.

An independent second opinion on `harn-catalog import`'s upgrade of draft-04/06/07
schemas to Draft 2020-12: Python's `jsonschema` validates every instance against the
original with the validator of its own draft (Draft4Validator, Draft6Validator,
Draft7Validator) and against the upgraded schema with Draft202012Validator; the two
verdicts must agree.

Instances come from the schemas themselves: their `enum`, `const`, `default` and
`examples` values; values of every JSON type, sized around each bound (`minimum`,
`exclusiveMaximum`, `minLength`, `maxItems`, ...); arrays filled from their item
schemas (tuples too); objects built from their properties, then mutated (each
property dropped, replaced by each of its candidates, an unknown property added);
plus any instances a case lists. Both the original's and the upgraded schema's
structure are mined, so a keyword either side has is exercised.

Input: one JSON object per line on stdin, `{"name", "original", "upgraded",
"instances"?, "integral_floats"?}`; with `"integral_floats": false` the instances
that hold a float with no fraction (`1.0`, `1e9`) are left out, for a draft-04 schema
whose `integer` the upgrade reported it cannot keep exactly (draft-04 refused them,
2020-12 accepts them). Output: one JSON object per line, `{"name", "checked", "valid",
"mismatches"}` where `mismatches` lists (at most five) instances the two validators
judge differently, with both verdicts.
"""

import json
import sys

import jsonschema

MAX_DEPTH = 3
MAX_PER_SCHEMA = 40
MAX_INSTANCES = 4000

VALIDATORS = {
    "http://json-schema.org/draft-04/schema": jsonschema.Draft4Validator,
    "http://json-schema.org/draft-06/schema": jsonschema.Draft6Validator,
    "http://json-schema.org/draft-07/schema": jsonschema.Draft7Validator,
}


def validator_for(schema):
    uri = schema.get("$schema", "") if isinstance(schema, dict) else ""
    uri = uri.rstrip("#").replace("https://", "http://")
    return VALIDATORS.get(uri, jsonschema.Draft202012Validator)


def key(value):
    return json.dumps(value, sort_keys=True)


def unique(values, limit=MAX_PER_SCHEMA):
    seen, out = set(), []
    for value in values:
        k = key(value)
        if k not in seen:
            seen.add(k)
            out.append(value)
        if len(out) >= limit:
            break
    return out


def resolve(schema, root, seen=()):
    """Follows a local `$ref` (`#/...`) to the schema it names."""
    while isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and schema["$ref"].startswith("#"):
        ref = schema["$ref"]
        if ref in seen:
            return {}
        seen = seen + (ref,)
        target = root
        for token in [t for t in ref[1:].split("/") if t != ""]:
            token = token.replace("~1", "/").replace("~0", "~").replace("%20", " ")
            if isinstance(target, list):
                try:
                    target = target[int(token)]
                except (ValueError, IndexError):
                    return {}
            elif isinstance(target, dict) and token in target:
                target = target[token]
            else:
                return {}
        merged = {k: v for k, v in schema.items() if k != "$ref"}
        if isinstance(target, dict):
            merged = {**target, **merged} if merged else target
        else:
            return target
        schema = merged
    return schema


def numbers(schema):
    out = [0, 1, -1, 0.5, 2, 100, -100, 1e9]
    for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
        v = schema.get(k)
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            out += [v, v - 1, v + 1, v - 0.5, v + 0.5]
    return out


def strings(schema):
    out = ["", "a", "abc", "w1", "2020-01-01", "2020-01-01T00:00:00Z", "a@example.com", "https://example.com", "0"]
    for k in ("minLength", "maxLength"):
        v = schema.get(k)
        if isinstance(v, int) and not isinstance(v, bool):
            out += ["x" * max(v - 1, 0), "x" * v, "x" * (v + 1)]
    return out


def types_of(schema):
    t = schema.get("type")
    if isinstance(t, str):
        return [t]
    if isinstance(t, list):
        return [x for x in t if isinstance(x, str)]
    inferred = []
    if any(k in schema for k in ("properties", "required", "additionalProperties", "dependencies",
                                 "dependentRequired", "dependentSchemas", "patternProperties", "propertyNames")):
        inferred.append("object")
    if any(k in schema for k in ("items", "prefixItems", "additionalItems", "minItems", "maxItems", "contains")):
        inferred.append("array")
    if any(k in schema for k in ("minLength", "maxLength", "pattern", "format")):
        inferred.append("string")
    if any(k in schema for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")):
        inferred.append("number")
    return inferred


def candidates(schema, root, depth=0):
    """Values around what `schema` accepts and refuses."""
    schema = resolve(schema, root)
    out = []
    if not isinstance(schema, dict):
        return [None, True, 1, "a", [], {}]
    for k in ("enum", "examples"):
        if isinstance(schema.get(k), list):
            out += schema[k]
    for k in ("const", "default"):
        if k in schema:
            out.append(schema[k])
    for k in ("allOf", "anyOf", "oneOf"):
        for branch in schema.get(k) or []:
            if depth < MAX_DEPTH:
                out += candidates(branch, root, depth + 1)[:8]
    for k in ("if", "then", "else", "not"):
        if k in schema and depth < MAX_DEPTH:
            out += candidates(schema[k], root, depth + 1)[:6]
    for t in types_of(schema) or ["string", "number", "object", "array"]:
        if t == "string":
            out += strings(schema)
        elif t in ("number", "integer"):
            out += numbers(schema)
        elif t == "boolean":
            out += [True, False]
        elif t == "null":
            out.append(None)
        elif t == "array" and depth < MAX_DEPTH:
            out += arrays(schema, root, depth)
        elif t == "object" and depth < MAX_DEPTH:
            out += objects(schema, root, depth)
    out += [None, True, 3, "s", [], {}]
    return unique(out)


def first_valid(schema, root, cands):
    try:
        v = validator_for(root)(schema if isinstance(schema, (dict, bool)) else {})
        for c in cands:
            if v.is_valid(c):
                return c
    except Exception:
        pass
    return cands[0] if cands else None


def arrays(schema, root, depth):
    out = [[]]
    tuple_items = schema.get("prefixItems")
    if isinstance(schema.get("items"), list):
        tuple_items = schema["items"]
    rest = schema.get("additionalItems") if isinstance(schema.get("items"), list) else schema.get("items")
    if tuple_items:
        parts = [candidates(s, root, depth + 1)[:5] for s in tuple_items]
        firsts = [p[0] if p else None for p in parts]
        out.append(firsts)
        out.append(firsts[:-1])
        for i, p in enumerate(parts):
            for c in p:
                out.append(firsts[:i] + [c] + firsts[i + 1:])
        for extra in ([1, "x", None] + (candidates(rest, root, depth + 1)[:4] if rest not in (None,) else [])):
            out.append(firsts + [extra])
    elif rest is not None:
        items = candidates(rest, root, depth + 1)[:10]
        out += [[c] for c in items]
        if items:
            out.append(items[:3])
            out.append([items[0], items[0]])
    else:
        out += [[1], ["a", 1], [None]]
    for k in ("minItems", "maxItems"):
        n = schema.get(k)
        if isinstance(n, int) and not isinstance(n, bool):
            filler = out[1][0] if len(out) > 1 and out[1] else 1
            for m in (n - 1, n, n + 1):
                if m >= 0:
                    out.append([filler] * m)
    return out


def objects(schema, root, depth):
    props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    cands = {name: candidates(s, root, depth + 1) for name, s in props.items()}
    base = {name: first_valid(props[name], root, c) for name, c in cands.items()}
    required = [r for r in schema.get("required", []) if isinstance(r, str)]
    out = [{}, dict(base), {r: base.get(r, 1) for r in required}]
    for name in props:
        out.append({k: v for k, v in base.items() if k != name})
        for c in cands[name][:12]:
            out.append({**base, name: c})
    out.append({**base, "zz_unknown": 1})
    deps = {}
    for k in ("dependencies", "dependentRequired", "dependentSchemas"):
        if isinstance(schema.get(k), dict):
            deps.update(schema[k])
    for name, dep in deps.items():
        only = {name: base.get(name, 1)}
        out.append(only)
        if isinstance(dep, list):
            out.append({**only, **{d: base.get(d, 1) for d in dep if isinstance(d, str)}})
        elif depth < MAX_DEPTH:
            for c in candidates(dep, root, depth + 1)[:6]:
                if isinstance(c, dict):
                    out.append({**c, **only})
    return out


def has_integral_float(value):
    if isinstance(value, float):
        return value.is_integer()
    if isinstance(value, list):
        return any(has_integral_float(v) for v in value)
    if isinstance(value, dict):
        return any(has_integral_float(v) for v in value.values())
    return False


def check(case):
    original, upgraded = case["original"], case["upgraded"]
    old = validator_for(original)(original)
    new = jsonschema.Draft202012Validator(upgraded)
    instances = list(case.get("instances") or [])
    instances += candidates(original, original)
    instances += candidates(upgraded, upgraded)
    if isinstance(original, dict):
        for name, sub in (original.get("properties") or {}).items():
            for c in candidates(sub, original, 1):
                instances.append({name: c})
    if case.get("integral_floats") is False:
        instances = [i for i in instances if not has_integral_float(i)]
    instances = unique(instances, MAX_INSTANCES)
    mismatches, valid = [], 0
    for instance in instances:
        a, b = old.is_valid(instance), new.is_valid(instance)
        valid += a
        if a != b:
            mismatches.append({"instance": instance, "original": a, "upgraded": b})
    return {"name": case["name"], "checked": len(instances), "valid": valid, "mismatches": mismatches[:5]}


for line in sys.stdin:
    if line.strip():
        print(json.dumps(check(json.loads(line))), flush=True)
