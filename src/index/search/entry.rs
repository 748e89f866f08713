//! What search reads of one capability, and the reader of the entries of an index
//! file in the compact layout `index` writes.

use std::borrow::Cow;

use serde::Deserialize;

use super::Hit;
use crate::index::{Capability, Kind};

/// What search reads of a capability: its strings borrowed from an index built in
/// memory, or from the bytes of an index file where they hold no escape (reading an
/// index of 10,000 tools into owned records took longer than searching it).
#[derive(Deserialize)]
pub struct Entry<'a> {
    #[serde(borrow)]
    pub(super) id: Cow<'a, str>,
    pub(super) kind: Kind,
    #[serde(borrow)]
    pub(super) name: Cow<'a, str>,
    #[serde(borrow)]
    pub(super) title: Cow<'a, str>,
    #[serde(borrow)]
    pub(super) description: Cow<'a, str>,
    pub(super) tags: Vec<String>,
    #[serde(borrow)]
    pub(super) provider: Cow<'a, str>,
    /// Whether a model may find it: search passes over the others.
    #[serde(rename = "modelDiscoverable")]
    pub(super) model_discoverable: bool,
    #[serde(borrow, rename = "contractHash")]
    pub(super) contract_hash: Cow<'a, str>,
}

impl<'i> From<&'i Capability> for Entry<'i> {
    fn from(c: &'i Capability) -> Self {
        Entry {
            id: Cow::Borrowed(&c.id),
            kind: c.kind,
            name: Cow::Borrowed(&c.name),
            title: Cow::Borrowed(&c.title),
            description: Cow::Borrowed(&c.description),
            // Tags are few and short: cloned rather than a second field type.
            tags: c.tags.clone(),
            provider: Cow::Borrowed(&c.provider),
            model_discoverable: c.model_discoverable,
            contract_hash: Cow::Borrowed(&c.contract_hash),
        }
    }
}

impl<'i> Entry<'i> {
    pub(super) fn into_hit(self, score: u32) -> Hit<'i> {
        let Entry { id, kind, name, title, description, contract_hash, .. } = self;
        Hit { id, kind, name, score, title, description, contract_hash }
    }

    /// The entry `text` starts with, and its length in bytes, when it is written as
    /// `index` writes one: compact, its keys unescaped. `None` for anything else, and
    /// for what serde_json would refuse (a repeated or missing field, a raw control
    /// character in a string): the caller then reads the file with serde_json, which
    /// says what is wrong, if anything.
    ///
    /// Hand-written because serde_json's general path (a visitor per entry, each key
    /// matched and each value dispatched through it) was over half of a search of
    /// 10,000 tools, most of it on strings this reads with one `memchr` each; escaped
    /// strings and the values search does not read are still left to serde_json.
    pub(super) fn scan(text: &'i str) -> Option<(Entry<'i>, usize)> {
        let mut at = 1;
        if !text.starts_with('{') {
            return None;
        }
        let mut fields = Fields::default();
        loop {
            let key = key(text, at)?;
            at += key.len() + 3;
            at = if key == "tags" {
                let (tags, end) = tags(text, at)?;
                once(&mut fields.tags, tags)?;
                end
            } else if key == "modelDiscoverable" {
                let (value, end) = boolean(text, at)?;
                once(&mut fields.model_discoverable, value)?;
                end
            } else if let Some(field) = fields.string(key) {
                let (value, end) = string(text, at)?;
                once(field, value)?;
                end
            } else {
                skip(text, at)?
            };
            match text.as_bytes().get(at) {
                Some(b',') => at += 1,
                Some(b'}') => break,
                _ => return None,
            }
        }
        let kind = match fields.kind?.as_ref() {
            "tool" => Kind::Tool,
            "skill" => Kind::Skill,
            _ => return None,
        };
        let entry = Entry {
            id: fields.id?,
            kind,
            name: fields.name?,
            title: fields.title?,
            description: fields.description?,
            tags: fields.tags?,
            provider: fields.provider?,
            model_discoverable: fields.model_discoverable?,
            contract_hash: fields.contract_hash?,
        };
        Some((entry, at + 1))
    }
}

/// The fields of an entry as [`Entry::scan`] meets them.
#[derive(Default)]
struct Fields<'a> {
    id: Option<Cow<'a, str>>,
    kind: Option<Cow<'a, str>>,
    name: Option<Cow<'a, str>>,
    title: Option<Cow<'a, str>>,
    description: Option<Cow<'a, str>>,
    tags: Option<Vec<String>>,
    provider: Option<Cow<'a, str>>,
    model_discoverable: Option<bool>,
    contract_hash: Option<Cow<'a, str>>,
}

impl<'a> Fields<'a> {
    /// The field of a string `key` names.
    fn string(&mut self, key: &str) -> Option<&mut Option<Cow<'a, str>>> {
        Some(match key {
            "id" => &mut self.id,
            "kind" => &mut self.kind,
            "name" => &mut self.name,
            "title" => &mut self.title,
            "description" => &mut self.description,
            "provider" => &mut self.provider,
            "contractHash" => &mut self.contract_hash,
            _ => return None,
        })
    }
}

/// Sets `field` to `value`; `None` when it is set already (serde_json refuses a
/// repeated field).
fn once<T>(field: &mut Option<T>, value: T) -> Option<()> {
    field.is_none().then(|| *field = Some(value))
}

/// The unescaped key at `at` (`"key":`), without its quotes and colon.
fn key(text: &str, at: usize) -> Option<&str> {
    let bytes = text.as_bytes();
    if bytes.get(at) != Some(&b'"') {
        return None;
    }
    let close = at + 1 + memchr::memchr2(b'"', b'\\', &bytes[at + 1..])?;
    (bytes[close] == b'"' && bytes.get(close + 1) == Some(&b':')).then(|| &text[at + 1..close])
}

/// The string at `at` and where it ends: borrowed when it holds no escape, else
/// decoded by serde_json.
fn string(text: &str, at: usize) -> Option<(Cow<'_, str>, usize)> {
    let bytes = text.as_bytes();
    if bytes.get(at) != Some(&b'"') {
        return None;
    }
    let close = at + 1 + memchr::memchr2(b'"', b'\\', &bytes[at + 1..])?;
    if bytes[close] == b'"' {
        let value = &text[at + 1..close];
        // JSON has no raw control characters in a string. Every byte is looked at,
        // without stopping at the first, so that the test runs on whole vectors.
        let plain = value.bytes().fold(true, |plain, b| plain & (b >= 0x20));
        return plain.then_some((Cow::Borrowed(value), close + 1));
    }
    let mut stream = serde_json::Deserializer::from_str(&text[at..]).into_iter::<String>();
    let value = stream.next()?.ok()?;
    Some((Cow::Owned(value), at + stream.byte_offset()))
}

/// The `true` or `false` at `at` and where it ends.
fn boolean(text: &str, at: usize) -> Option<(bool, usize)> {
    let rest = text.as_bytes().get(at..)?;
    if rest.starts_with(b"true") {
        Some((true, at + 4))
    } else if rest.starts_with(b"false") {
        Some((false, at + 5))
    } else {
        None
    }
}

/// The array of strings at `at` and where it ends.
fn tags(text: &str, mut at: usize) -> Option<(Vec<String>, usize)> {
    let bytes = text.as_bytes();
    if bytes.get(at) != Some(&b'[') {
        return None;
    }
    let mut tags = Vec::new();
    if bytes.get(at + 1) == Some(&b']') {
        return Some((tags, at + 2));
    }
    loop {
        let (tag, end) = string(text, at + 1)?;
        tags.push(tag.into_owned());
        at = end;
        match bytes.get(at) {
            Some(b',') => {}
            Some(b']') => return Some((tags, at + 1)),
            _ => return None,
        }
    }
}

/// Where the value at `at`, one search does not read, ends (serde_json checks it).
fn skip(text: &str, at: usize) -> Option<usize> {
    let mut stream = serde_json::Deserializer::from_str(&text[at..]).into_iter::<serde::de::IgnoredAny>();
    stream.next()?.ok()?;
    Some(at + stream.byte_offset())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fields of an entry, to compare what scanning and serde_json read.
    fn fields(entry: &Entry<'_>) -> Vec<String> {
        let mut fields = vec![entry.id.to_string(), entry.kind.as_str().to_owned(), entry.name.to_string()];
        fields.extend([&entry.title, &entry.description, &entry.provider, &entry.contract_hash].map(|f| f.to_string()));
        fields.extend(entry.tags.iter().cloned());
        fields.push(entry.model_discoverable.to_string());
        fields
    }

    const ENTRY: &str = r#"{"id":"tool:fs/cat","kind":"tool","name":"cat","title":"Cat","description":"Prints files","tags":["fs","read"],"provider":"p","modelDiscoverable":true,"contractHash":"sha256:0","cost":{"bytes":10,"tokens":3}}"#;

    /// What scanning reads is what serde_json reads, escapes decoded, fields it does
    /// not know skipped whatever they hold, in any order.
    #[test]
    fn scanning_reads_what_serde_json_reads() {
        let texts = [
            ENTRY.to_owned(),
            ENTRY.replace("Prints files", r#"Prints \"files\" of a r\u00e9pertoire\\"#),
            ENTRY.replace(r#"["fs","read"]"#, "[]").replace(r#""title":"Cat""#, r#""title":"Ça""#),
            ENTRY.replace(r#""read""#, r#""r\u00e9ad""#).replace(r#""kind":"tool""#, r#""kind":"skill""#),
            ENTRY.replace(r#""modelDiscoverable":true"#, r#""modelDiscoverable":false"#),
            ENTRY.replace(
                r#""modelDiscoverable":true"#,
                r#""x":{"id":"a","n":[1,-2.5e3,null,false,{"y":"}],\""}]},"modelDiscoverable":true"#,
            ),
            // Another order of the fields.
            r#"{"contractHash":"h","tags":["t"],"modelDiscoverable":false,"provider":"p","description":"d","title":"t","name":"n","kind":"tool","id":"i"}"#.to_owned(),
        ];
        for text in &texts {
            let (scanned, length) = Entry::scan(text).unwrap_or_else(|| panic!("{text}"));
            let parsed: Entry<'_> = serde_json::from_str(text).unwrap();
            assert_eq!(fields(&scanned), fields(&parsed), "{text}");
            assert_eq!(length, text.len(), "{text}");
            // Followed by the next entry, it still ends where the first does.
            assert_eq!(Entry::scan(&format!("{text},{ENTRY}")).unwrap().1, text.len());
        }
        let (scanned, _) = Entry::scan(ENTRY).unwrap();
        assert!(matches!(scanned.description, Cow::Borrowed(_)), "a string without escapes is borrowed");
    }

    /// Whatever is not written as `index` writes it is left to serde_json, which
    /// refuses what is wrong (all but the first two of these) and reads the rest.
    #[test]
    fn scanning_leaves_every_other_layout_and_every_error_to_serde_json() {
        let texts = [
            ENTRY.replace(r#""id":"tool:fs/cat""#, r#""id": "tool:fs/cat""#),
            ENTRY.replace(r#""name":"#, r#""n\u0061me":"#),
            ENTRY.replace(r#""provider":"p""#, r#""provider":"p","name":"again""#),
            ENTRY.replace(r#""tags":["fs","read"],"#, ""),
            ENTRY.replace(r#""kind":"tool""#, r#""kind":"prompt""#),
            ENTRY.replace(r#""title":"Cat""#, r#""title":7"#),
            ENTRY.replace(r#""title":"Cat""#, "\"title\":\"C\tat\""),
            ENTRY.replace(r#"["fs","read"]"#, r#"["fs",3]"#),
            ENTRY.replace(r#""cost":{"bytes":10,"tokens":3}"#, r#""cost":{"bytes":10,}"#),
            ENTRY.replace(r#""tags":["fs","read"]"#, r#""tags":["fs"],"tags":["fs"]"#),
            ENTRY.strip_suffix('}').unwrap().to_owned(),
            ENTRY.replace(r#""modelDiscoverable":true,"#, ""),
            ENTRY.replace(r#""modelDiscoverable":true"#, r#""modelDiscoverable":"true""#),
            ENTRY.replace(r#""modelDiscoverable":true"#, r#""modelDiscoverable":tru"#),
            ENTRY.replace(r#""modelDiscoverable":true"#, r#""modelDiscoverable":truee"#),
            ENTRY.replace(r#""modelDiscoverable":true"#, r#""modelDiscoverable":1"#),
            ENTRY.replace(r#""modelDiscoverable":true"#, r#""modelDiscoverable":false,"modelDiscoverable":true"#),
        ];
        for (i, text) in texts.iter().enumerate() {
            assert!(Entry::scan(text).is_none(), "{text}");
            assert_eq!(serde_json::from_str::<Entry<'_>>(text).is_ok(), i < 2, "{text}");
        }
    }

    /// The JSON text of a string, its characters drawn from those that matter to
    /// scanning: escapes, non-ASCII, a raw control character, a lone surrogate, an
    /// unknown escape, the punctuation of JSON and a quote that ends it early.
    fn random_string(rng: &mut fastrand::Rng) -> String {
        let mut text = String::from("\"");
        for _ in 0..rng.usize(0..10) {
            text.push_str(match rng.usize(0..300) {
                0 => "\\\"",
                1 => "\\\\",
                2 => "\\u00e9",
                3 => "é",
                4 => "\\n",
                5 => "\t",
                6 => "\\ud800",
                7 => "\\x",
                8 => "},{\"id\":",
                9 => "\"",
                10 => "]",
                _ => ["a", "b", "Tool", "s", " ", "_", "9"][rng.usize(0..7)],
            });
        }
        text.push('"');
        text
    }

    /// A value for a field search does not read, right or wrong.
    fn random_value(rng: &mut fastrand::Rng) -> String {
        let values = ["true", "null", "-1.5e3", "[1,{\"a\":\"b\"}]", "{\"id\":\"x\"}", "tru", "[1,]", "{}"];
        if rng.bool() { random_string(rng) } else { values[rng.usize(0..values.len())].to_owned() }
    }

    /// An entry as `index` writes one, or one changed in a way scanning must notice:
    /// a field missing, repeated or of the wrong type, another order, an escaped or
    /// unknown key, whitespace, a kind that is not one, a flag that is not a boolean.
    fn random_entry(rng: &mut fastrand::Rng) -> String {
        let mut members: Vec<(String, String)> = Vec::new();
        for key in
            ["id", "kind", "name", "title", "description", "tags", "provider", "modelDiscoverable", "contractHash"]
        {
            if rng.usize(0..40) == 0 {
                continue;
            }
            let value = match key {
                "kind" => ["\"tool\"", "\"skill\"", "\"prompt\"", "\"t\\u006fol\"", "3"]
                    [rng.usize(0..5).min(rng.usize(0..5))]
                .to_owned(),
                "tags" if rng.usize(0..30) == 0 => "[\"a\",3]".to_owned(),
                "modelDiscoverable" => ["true", "false", "true", "false", "\"true\"", "null", "tru"]
                    [rng.usize(0..7).min(rng.usize(0..7))]
                .to_owned(),
                "tags" => {
                    format!("[{}]", (0..rng.usize(0..3)).map(|_| random_string(rng)).collect::<Vec<_>>().join(","))
                }
                _ if rng.usize(0..40) == 0 => "7".to_owned(),
                _ => random_string(rng),
            };
            let key = if rng.usize(0..40) == 0 { key.replacen('i', "\\u0069", 1) } else { key.to_owned() };
            members.push((key, value));
            if rng.usize(0..40) == 0 {
                let again = members[members.len() - 1].clone();
                members.push(again);
            }
        }
        for _ in 0..rng.usize(0..3) {
            let key = ["cost", "x", "deferLoading"][rng.usize(0..3)].to_owned();
            members.insert(rng.usize(0..=members.len()), (key, random_value(rng)));
        }
        if rng.usize(0..10) == 0 {
            rng.shuffle(&mut members);
        }
        let space = |rng: &mut fastrand::Rng| if rng.usize(0..50) == 0 { " " } else { "" };
        let members: Vec<String> =
            members.iter().map(|(key, value)| format!("\"{key}\":{}{value}", space(rng))).collect();
        format!("{{{}}}", members.join(&format!(",{}", space(rng))))
    }

    /// Entries made at random: whatever scanning reads, serde_json reads the same,
    /// and whatever serde_json refuses, scanning declines.
    #[test]
    fn scanning_agrees_with_serde_json_on_random_entries() {
        let mut rng = fastrand::Rng::with_seed(13);
        let (mut scanned, mut refused) = (0, 0);
        for _ in 0..20_000 {
            let text = random_entry(&mut rng);
            match (Entry::scan(&text), serde_json::from_str::<Entry<'_>>(&text)) {
                (Some((entry, length)), Ok(parsed)) => {
                    assert_eq!(length, text.len(), "{text}");
                    assert_eq!(fields(&entry), fields(&parsed), "{text}");
                    scanned += 1;
                }
                (Some(_), Err(e)) => panic!("scanned what serde_json refuses ({e}): {text}"),
                (None, parsed) => refused += usize::from(parsed.is_err()),
            }
        }
        // Both kinds of text were made, many of each.
        assert!(scanned > 2_000 && refused > 2_000, "{scanned} scanned, {refused} refused");
    }
}
