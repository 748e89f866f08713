"""Where JSON Schema 2020-12 keywords hold subschemas (docs/contract-hash.md lists
them), for the Python checkers that rebuild a schema node by node:
tests/contract_hash.py and tests/downlevel_equivalence.py."""

ONE = {"additionalProperties", "contains", "contentSchema", "else", "if", "items", "not",
       "propertyNames", "then", "unevaluatedItems", "unevaluatedProperties"}
LIST = {"allOf", "anyOf", "oneOf", "prefixItems"}
MAP = {"$defs", "definitions", "dependentSchemas", "patternProperties", "properties"}


def rebuild(node, change):
    """`node` with each subschema rebuilt alike, then `change` applied to the copy of
    every schema object (it returns the object to keep). Anything else, instance data
    included, is kept as it is."""
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key in ONE:
            value = rebuild(value, change)
        elif key in LIST and isinstance(value, list):
            value = [rebuild(v, change) for v in value]
        elif key in MAP and isinstance(value, dict):
            value = {k: rebuild(v, change) for k, v in value.items()}
        out[key] = value
    return change(out)
