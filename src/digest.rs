//! The one form of every hash harn-catalog prints: `sha256:` and the lower-case hex
//! digest (contract hashes, catalog generations, skills' manifest and body hashes).

use sha2::{Digest, Sha256};

/// `sha256:` and the lower-case hex digest of `bytes`.
pub fn sha256(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut text = String::with_capacity(7 + 64);
    text.push_str("sha256:");
    const HEX: &[u8; 16] = b"0123456789abcdef";
    for byte in digest.iter() {
        text.push(char::from(HEX[usize::from(byte >> 4)]));
        text.push(char::from(HEX[usize::from(byte & 0xf)]));
    }
    text
}

#[cfg(test)]
mod tests {
    /// The digest of the empty input and of "abc" (FIPS 180-2's first example).
    #[test]
    fn hashes_print_as_lower_case_hex() {
        assert_eq!(super::sha256(b""), "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assert_eq!(super::sha256(b"abc"), "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
