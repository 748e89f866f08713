// The checks of the round-trip program that `sdk_rust.rs` builds with the generated
// crates; its `main` is generated after this text.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// `text` deserialises as `T` and serialises back to the same JSON value.
fn round_trip<T: DeserializeOwned + Serialize>(label: &str, text: &str, failures: &mut Vec<String>) {
    let original: Value = serde_json::from_str(text).unwrap();
    match serde_json::from_value::<T>(original.clone()) {
        Err(error) => failures.push(format!("{label}: {original} does not deserialise: {error}")),
        Ok(typed) => {
            let back = serde_json::to_value(&typed).unwrap();
            if !same(&original, &back) {
                failures.push(format!("{label}: {original} came back as {back}"));
            }
        }
    }
}

/// `text` does not deserialise as `T`.
fn refuse<T: DeserializeOwned + Serialize>(label: &str, text: &str, failures: &mut Vec<String>) {
    if let Ok(typed) = serde_json::from_str::<T>(text) {
        let back = serde_json::to_string(&typed).unwrap();
        failures.push(format!("{label}: {text} was accepted, as {back}"));
    }
}

/// `text` deserialises as `T` and serialises as `expected`.
fn becomes<T: DeserializeOwned + Serialize>(label: &str, text: &str, expected: &str, failures: &mut Vec<String>) {
    let expected: Value = serde_json::from_str(expected).unwrap();
    match serde_json::from_str::<T>(text) {
        Err(error) => failures.push(format!("{label}: {text} does not deserialise: {error}")),
        Ok(typed) => {
            let back = serde_json::to_value(&typed).unwrap();
            if back != expected {
                failures.push(format!("{label}: {text} came back as {back}, not {expected}"));
            }
        }
    }
}

/// Equal JSON values, where numbers are compared by value (`1` is `1.0`) and a
/// property that is null, an empty array or an empty object may be absent after the
/// trip: serde skips an absent optional field, and typify's types skip empty arrays
/// and maps.
fn same(original: &Value, back: &Value) -> bool {
    match (original, back) {
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (Value::Array(a), Value::Array(b)) => a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same(a, b)),
        (Value::Object(a), Value::Object(b)) => {
            a.iter().all(|(key, value)| match b.get(key) {
                Some(other) => same(value, other),
                None => {
                    value.is_null()
                        || value.as_array().is_some_and(Vec::is_empty)
                        || value.as_object().is_some_and(serde_json::Map::is_empty)
                }
            }) && b.keys().all(|key| a.contains_key(key))
        }
        (a, b) => a == b,
    }
}

fn report(checked: usize, failures: &[String]) {
    for failure in failures {
        println!("FAILED {failure}");
    }
    println!("{checked} instances checked, {} failed", failures.len());
    if !failures.is_empty() {
        std::process::exit(1);
    }
}
