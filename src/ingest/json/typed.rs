//! Reading a JSON text straight into a typed record, under the rules [`super::parse`]
//! holds a document to: no object repeats a key, and every float is noted for the
//! inexact-number check. A large catalog is read into its records at two thirds of the
//! cost of a `Value` of the whole document and its conversion.
//!
//! serde_json reads the text; a wrapper around its deserializer checks each object's
//! keys on their way to the record (serde keeps the last of repeated map keys, and no
//! crate refuses them below every record and value). Its recursion limit stays on: it
//! stops at 127 levels, below [`MAX_DEPTH`](crate::ingest::MAX_DEPTH), so a text
//! that nests deeper is left to `parse`. Whatever this reader refuses is read again
//! by `parse`, which says why: only a text read to the end here is used.

use std::borrow::Cow;
use std::cell::Cell;
use std::collections::HashSet;
use std::fmt;

use serde::de::value::{BorrowedStrDeserializer, StrDeserializer};
use serde::de::{self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor};
use smallvec::SmallVec;

/// `T` read from the whole of `text`, and whether a literal was read as a float (the
/// only literals that can change on the way, see the inexact-number rule); `None`
/// when the text is not a JSON document that `parse` accepts or does not read as a `T`.
pub fn read<'de, T: de::Deserialize<'de>>(text: &'de str) -> Option<(T, bool)> {
    let floats = Cell::new(false);
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value = T::deserialize(Strict(&mut deserializer, &floats)).ok()?;
    deserializer.end().ok()?;
    Some((value, floats.get()))
}

/// Whether a float was read so far: every wrapper below carries it down, and the
/// visitor sets it.
type Floats<'f> = &'f Cell<bool>;

/// A deserializer whose every object is checked for repeated keys.
struct Strict<'f, D>(D, Floats<'f>);

/// A visitor handed the checked forms of what it visits.
struct Checked<'f, V>(V, Floats<'f>);

/// A seed that deserializes through [`Strict`].
struct Checking<'f, S>(S, Floats<'f>);

/// The items of an array, each deserialized through [`Strict`].
struct Items<'f, A>(A, Floats<'f>);

/// The members of an object: their values deserialized through [`Strict`], their keys
/// remembered to refuse a repeated one.
struct Members<'f, 'de, A> {
    access: A,
    keys: Keys<'de>,
    floats: Floats<'f>,
}

/// An enum's variant and its content, deserialized through [`Strict`].
struct Variant<'f, A>(A, Floats<'f>);

/// The keys of one object read so far: a short list, then a set past [`Keys::FEW`]
/// (components, a map of thousands of schemas). Kept small, since it is made (and
/// moved) for every object.
#[derive(Default)]
struct Keys<'de> {
    few: SmallVec<[Cow<'de, str>; Keys::FEW]>,
    many: Option<HashSet<Cow<'de, str>>>,
}

impl<'de> Keys<'de> {
    const FEW: usize = 8;

    /// Remembers `key`; `false` when it was already there.
    fn insert(&mut self, key: Cow<'de, str>) -> bool {
        if let Some(many) = &mut self.many {
            return many.insert(key);
        }
        if self.few.contains(&key) {
            return false;
        }
        self.few.push(key);
        if self.few.len() == Self::FEW {
            self.many = Some(self.few.drain(..).collect());
        }
        true
    }
}

macro_rules! forward_deserialize {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
            self.0.$method(Checked(visitor, self.1))
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Strict<'_, D> {
    type Error = D::Error;

    forward_deserialize! {
        deserialize_any deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32
        deserialize_i64 deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32
        deserialize_u64 deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char
        deserialize_str deserialize_string deserialize_bytes deserialize_byte_buf
        deserialize_option deserialize_unit deserialize_seq deserialize_map
        deserialize_identifier
    }

    /// Visited like any value rather than skipped, so that its objects are checked too.
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_any(Checked(visitor, self.1))
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_unit_struct(name, Checked(visitor, self.1))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_newtype_struct(name, Checked(visitor, self.1))
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple(len, Checked(visitor, self.1))
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple_struct(name, len, Checked(visitor, self.1))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_struct(name, fields, Checked(visitor, self.1))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_enum(name, variants, Checked(visitor, self.1))
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

macro_rules! forward_visit {
    ($($method:ident($ty:ty))*) => {$(
        fn $method<E: de::Error>(self, v: $ty) -> Result<V::Value, E> {
            self.0.$method(v)
        }
    )*};
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Checked<'_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    forward_visit! {
        visit_bool(bool) visit_i64(i64) visit_i128(i128) visit_u64(u64) visit_u128(u128)
        visit_char(char) visit_str(&str) visit_borrowed_str(&'de str) visit_string(String)
        visit_bytes(&[u8]) visit_borrowed_bytes(&'de [u8]) visit_byte_buf(Vec<u8>)
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<V::Value, E> {
        self.1.set(true);
        self.0.visit_f64(v)
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.0.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.0.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        self.0.visit_some(Strict(deserializer, self.1))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        self.0.visit_newtype_struct(Strict(deserializer, self.1))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.0.visit_seq(Items(seq, self.1))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.0.visit_map(Members { access: map, keys: Keys::default(), floats: self.1 })
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.0.visit_enum(Variant(data, self.1))
    }
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Checking<'_, S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(Strict(deserializer, self.1))
    }
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Items<'_, A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, A::Error> {
        self.0.next_element_seed(Checking(seed, self.1))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Members<'_, 'de, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, A::Error> {
        self.access.next_key_seed(Key { seed, keys: &mut self.keys })
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        self.access.next_value_seed(Checking(seed, self.floats))
    }

    fn size_hint(&self) -> Option<usize> {
        self.access.size_hint()
    }
}

/// An object's key, refused when the object already had it, then handed to `seed`.
struct Key<'k, 'de, S> {
    seed: S,
    keys: &'k mut Keys<'de>,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Key<'_, 'de, S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<S::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de, S: DeserializeSeed<'de>> Visitor<'de> for Key<'_, 'de, S> {
    type Value = S::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object key")
    }

    fn visit_borrowed_str<E: de::Error>(self, key: &'de str) -> Result<S::Value, E> {
        if !self.keys.insert(Cow::Borrowed(key)) {
            return Err(E::custom("repeated key"));
        }
        self.seed.deserialize(BorrowedStrDeserializer::new(key))
    }

    /// A key with escapes, unescaped into a buffer of the reader's.
    fn visit_str<E: de::Error>(self, key: &str) -> Result<S::Value, E> {
        if !self.keys.insert(Cow::Owned(key.to_owned())) {
            return Err(E::custom("repeated key"));
        }
        self.seed.deserialize(StrDeserializer::new(key))
    }
}

impl<'f, 'de, A: EnumAccess<'de>> EnumAccess<'de> for Variant<'f, A> {
    type Error = A::Error;
    type Variant = Variant<'f, A::Variant>;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Self::Variant), A::Error> {
        let (variant, content) = self.0.variant_seed(Checking(seed, self.1))?;
        Ok((variant, Variant(content, self.1)))
    }
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for Variant<'_, A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.0.unit_variant()
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        self.0.newtype_variant_seed(Checking(seed, self.1))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.0.tuple_variant(len, Checked(visitor, self.1))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.0.struct_variant(fields, Checked(visitor, self.1))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    #[derive(Debug, PartialEq, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Record {
        name: String,
        #[serde(default)]
        map: std::collections::BTreeMap<String, Value>,
        value: Option<Value>,
    }

    #[test]
    fn reads_what_serde_json_reads_when_no_key_repeats() {
        let text = r#"{"name": "a\"b", "map": {"x": [1, -2, {"y": null}], "z\n": "w"}, "value": {"k": true}}"#;
        assert_eq!(read::<Record>(text).map(|(r, _)| r), Some(serde_json::from_str::<Record>(text).unwrap()));
        assert_eq!(read::<Value>(text).map(|(v, _)| v), Some(serde_json::from_str::<Value>(text).unwrap()));
    }

    #[test]
    fn refuses_a_repeated_key_at_any_depth_and_in_any_map_of_any_size() {
        let many: Vec<String> = (0..40).map(|i| format!("\"k{i}\": {i}")).collect();
        for text in [
            r#"{"name": "a", "name": "b", "value": null}"#,
            r#"{"name": "a", "map": {"x": 1, "x": 2}, "value": null}"#,
            r#"{"name": "a", "value": [{"y": {"z": 1, "z": 1}}]}"#,
            r#"{"name": "a", "value": {"a\u0062": 1, "ab": 2}}"#,
            &format!(r#"{{"name": "a", "value": {{{}, "k3": 0}}}}"#, many.join(", ")),
        ] {
            assert!(read::<Record>(text).is_none(), "{text}");
        }
        let text = format!(r#"{{"name": "a", "value": {{{}}}}}"#, many.join(", "));
        assert!(read::<Record>(&text).is_some());
    }

    #[test]
    fn refuses_what_parse_refuses_and_notes_floats() {
        assert!(read::<Value>("{\"a\": 1} x").is_none());
        assert!(read::<Value>(&("[".repeat(200) + &"]".repeat(200))).is_none());
        assert_eq!(read::<Value>("[1, 2]").map(|(_, floats)| floats), Some(false));
        assert_eq!(read::<Value>("[1, {\"a\": 2.5}]").map(|(_, floats)| floats), Some(true));
        // Only the reading that met one says so: the flag is the reading's own.
        assert_eq!(read::<Value>("[3]").map(|(_, floats)| floats), Some(false));
    }
}
