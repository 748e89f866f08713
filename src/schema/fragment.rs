//! URI fragments of references: percent-decoding a fragment into a JSON Pointer,
//! and a component name as one fragment token, through the `percent-encoding` crate.

use std::borrow::Cow;

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode_str, utf8_percent_encode};

use crate::pointer::encode_token;

/// Bytes a URI fragment cannot hold as they are (RFC 3986 `fragment`, less `/`, which
/// separates JSON Pointer tokens): everything but the unreserved characters, the
/// sub-delimiters, `:`, `@` and `?`.
const FRAGMENT_TOKEN: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~')
    .remove(b'!')
    .remove(b'$')
    .remove(b'&')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')')
    .remove(b'*')
    .remove(b'+')
    .remove(b',')
    .remove(b';')
    .remove(b'=')
    .remove(b':')
    .remove(b'@')
    .remove(b'?');

/// Decodes the `%XX` escapes of a URI fragment; a `%` not followed by two hex digits
/// stays as it is, and bytes that are not UTF-8 become U+FFFD.
pub fn decode(fragment: &str) -> Cow<'_, str> {
    percent_decode_str(fragment).decode_utf8_lossy()
}

/// A component name as one token of a URI fragment: JSON Pointer escaping (`~` as
/// `~0`, `/` as `~1`), then percent-encoding of every byte a fragment cannot hold as
/// is (spec/contract.md c.2 step 10). Upstream's 2.0 snapshot stops after the first step,
/// which leaves names such as `My Thing` as references no validator can parse; the
/// percent-encoded form means the same component and resolves everywhere.
pub fn token(name: &str) -> String {
    utf8_percent_encode(&encode_token(name), FRAGMENT_TOKEN).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_encodes_what_a_fragment_cannot_hold() {
        assert_eq!(token("Result/Envelope"), "Result~1Envelope");
        assert_eq!(token("My Thing"), "My%20Thing");
        assert_eq!(token("100%"), "100%25");
        assert_eq!(token("café"), "caf%C3%A9");
        assert_eq!(token("a-b.c_d~e!$&'()*+,;=:@?"), "a-b.c_d~0e!$&'()*+,;=:@?");
    }

    #[test]
    fn decodes_escapes_and_keeps_what_is_not_one() {
        assert_eq!(decode("/$defs/My%20Thing"), "/$defs/My Thing");
        assert_eq!(decode("/caf%C3%A9"), "/café");
        assert_eq!(decode("100%"), "100%");
        assert_eq!(decode("%zz%4"), "%zz%4");
        assert_eq!(decode("%FF"), "\u{FFFD}");
    }
}
