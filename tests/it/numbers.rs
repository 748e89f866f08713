//! No number changed silently (rule `inexact-number`): a literal the catalog cannot
//! keep exactly gets a warning showing both forms at the literal, in JSON, YAML and
//! TOML inputs; a number the catalog keeps, however it is spelled, gets none.

use crate::common;

use harn_catalog::compile::Options;
use serde_json::Value;

/// A registry whose one parameter has `maximum` written as `literal`, in the format
/// of `name`; the line and column the literal starts at.
fn registry_with_maximum(name: &str, literal: &str) -> (String, (usize, usize)) {
    let text = match name.rsplit('.').next() {
        Some("json") => format!(
            "{{\"tools\": [{{\"name\": \"t\", \"description\": \"d\",\n  \"parameters\": {{\"n\": {{\"type\": \"number\", \"maximum\": {literal}}}}}}}]}}\n"
        ),
        Some("yaml") => format!(
            "tools:\n  - name: t\n    description: d\n    parameters:\n      n: {{type: number, maximum: {literal}}}\n"
        ),
        Some("toml") => {
            format!(
                "[[tools]]\nname = \"t\"\ndescription = \"d\"\n[tools.parameters.n]\ntype = \"number\"\nmaximum = {literal}\n"
            )
        }
        _ => unreachable!("a .json, .yaml or .toml name"),
    };
    let (line, prefix) = text.lines().enumerate().find_map(|(i, l)| l.find(literal).map(|at| (i + 1, at))).unwrap();
    (text, (line, prefix + 1))
}

/// The `maximum` the catalog says.
fn maximum(outcome: &common::Outcome) -> Value {
    outcome.json()["tools"][0]["inputSchema"]["properties"]["n"]["maximum"].clone()
}

#[test]
fn a_rounded_number_is_reported_at_its_literal_with_both_forms() {
    let cases = [
        ("json", "123456789012345678901234567890", "1.2345678901234568e+29"),
        ("json", "1.00000000000000001", "1.0"),
        ("json", "1e-400", "0.0"),
        ("json", "9007199254740993.0", "9007199254740992.0"),
        ("yaml", "123456789012345678901234567890", "1.2345678901234568e+29"),
        ("yaml", "0.10000000000000000001", "0.1"),
        ("yaml", "!!float 1.00000000000000000001", "1.0"),
        // Beyond 64-bit integers, a YAML integer becomes a float (JSON keeps it whole).
        ("yaml", "18446744073709551615", "1.8446744073709552e+19"),
        ("toml", "1.000_000_000_000_000_000_1", "1.0"),
        ("toml", "1e-400", "0.0"),
    ];
    for (format, literal, written) in cases {
        let name = format!("registry.{format}");
        let (text, (line, column)) = registry_with_maximum(&name, literal);
        // A tagged YAML scalar is pointed at past its tag.
        let number = literal.trim_start_matches("!!float ");
        let column = column + (literal.len() - number.len());
        let outcome = common::compile_text(&name, &text);
        assert_eq!(outcome.codes(), ["inexact-number"], "{name} {literal}:\n{}", outcome.human());
        let warning = &outcome.diagnostics[0];
        assert!(warning.message.contains(number) && warning.message.contains(written), "{name}: {}", warning.message);
        let at = warning.origin.as_ref().unwrap().line_col();
        assert_eq!((at.line, at.column), (line, column), "{name} {literal}");
        // The catalog is still written, with the number it can carry.
        assert_eq!(maximum(&outcome).to_string(), written, "{name} {literal}");
        // Denied, the warning refuses the input.
        let denied = common::compile_text_with(&name, &text, Options { deny_warnings: true, ..Options::default() });
        assert!(denied.catalog.is_none(), "{name} {literal}");
    }
}

#[test]
fn numbers_the_catalog_keeps_are_not_reported_however_they_are_spelled() {
    let kept = [
        "0.1",
        "1E2",
        "-0",
        "1.5e300",
        // 17 significant digits, but the float's shortest form is the literal itself.
        "0.30000000000000004",
        // Beyond 2^53, but an integer the catalog keeps as one.
        "9007199254740993",
        "18446744073709551615",
        // A subnormal float whose shortest form is the literal.
        "1e-320",
    ];
    for format in ["json", "yaml", "toml"] {
        for literal in kept {
            if format != "json" && literal == "18446744073709551615" {
                continue; // beyond 64-bit signed integers: see the rounded cases
            }
            let name = format!("registry.{format}");
            let (text, _) = registry_with_maximum(&name, literal);
            let outcome = common::compile_text(&name, &text);
            outcome.assert_clean();
            let said: f64 = maximum(&outcome).to_string().parse().unwrap();
            assert_eq!(said, literal.parse::<f64>().unwrap(), "{name} {literal}");
        }
    }
}

#[test]
fn long_digits_in_strings_and_keys_are_not_numbers() {
    let text = r#"{"tools": [{"name": "t", "description": "up to 123456789012345678901234567890 \" 1.00000000000000001",
        "parameters": {"n": {"type": "number", "maximum": 0.5, "title": "1e-400"}}}]}"#;
    common::compile_text("registry.json", text).assert_clean();
}
