//! The one form of every hash harn-catalog prints: `sha256:` and the lower-case hex
//! digest (contract hashes, catalog generations, skills' manifest and body hashes).

use sha2::{Digest, Sha256};

/// `sha256:` and the lower-case hex digest of `bytes`.
pub fn sha256(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut text = String::with_capacity(7 + 64);
    text.push_str("sha256:");
    for byte in digest.iter() {
        text.push_str(&format!("{byte:02x}"));
    }
    text
}
