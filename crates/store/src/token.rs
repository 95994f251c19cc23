//! Capabilities: random tokens that grant a seat, a spectator's view or a person's list of
//! games to whoever holds them, and what the server keeps of them.
//!
//! A token is 128 bits from the thread's CSPRNG (`rand`'s `ThreadRng`, ChaCha seeded from the
//! operating system), written as 32 hex digits. The server keeps only its SHA-256
//! ([`hash`]), so the database alone opens no seat. What a person's list holds (the seat
//! tokens of their tables, the ids of their games) is sealed with a key derived from the
//! person's own token ([`seal`], [`open`]): only the personal link reads it back.

use sha2::{Digest, Sha256};

/// A new token: 128 random bits as 32 lower-case hex digits.
pub fn new_token() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// Whether `text` has the form of a token (32 lower-case hex digits).
pub fn well_formed(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The SHA-256 of a token, in hex: what the server stores and looks tokens up by.
pub fn hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// `bytes` as lower-case hex digits.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The key stream for `nonce` under a person's token: SHA-256 of both, 32 bytes.
fn key(person: &str, nonce: &str) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"tabletop person\0");
    h.update(person.as_bytes());
    h.update(b"\0");
    h.update(nonce.as_bytes());
    h.finalize().into()
}

/// `secret` (at most 32 bytes of ASCII) sealed under a person's token and a fresh `nonce`
/// (unique per sealed value): hex of the bytes XORed with the key stream.
pub fn seal(person: &str, nonce: &str, secret: &str) -> Option<String> {
    let k = key(person, nonce);
    (secret.len() <= k.len())
        .then(|| hex(&secret.bytes().zip(k).map(|(b, k)| b ^ k).collect::<Vec<u8>>()))
}

/// The value [`seal`] sealed, or `None` when `sealed` is not its output for this person.
pub fn open(person: &str, nonce: &str, sealed: &str) -> Option<String> {
    if !sealed.len().is_multiple_of(2) || sealed.len() > 64 {
        return None;
    }
    let k = key(person, nonce);
    let bytes: Option<Vec<u8>> = (0..sealed.len() / 2)
        .map(|i| u8::from_str_radix(sealed.get(2 * i..2 * i + 2)?, 16).ok())
        .collect();
    let plain: Vec<u8> = bytes?.into_iter().zip(k).map(|(b, k)| b ^ k).collect();
    String::from_utf8(plain).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_distinct_well_formed_and_hashed() {
        let a = new_token();
        let b = new_token();
        assert!(well_formed(&a) && well_formed(&b), "{a} {b}");
        assert_ne!(a, b);
        assert_eq!(hash(&a).len(), 64);
        assert_ne!(hash(&a), hash(&b));
        assert!(!well_formed("0123"));
        assert!(!well_formed(&a.to_uppercase().replace('0', "G")));
        // SHA-256 of "abc" (FIPS 180-2, appendix B.1).
        assert_eq!(hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn sealed_values_open_only_with_their_token() {
        let person = new_token();
        let secret = new_token();
        let sealed = seal(&person, "n1", &secret).unwrap();
        assert_ne!(sealed, secret);
        assert_eq!(open(&person, "n1", &sealed).as_deref(), Some(secret.as_str()));
        assert_ne!(open(&new_token(), "n1", &sealed).as_deref(), Some(secret.as_str()));
        assert_ne!(open(&person, "n2", &sealed).as_deref(), Some(secret.as_str()));
        assert_eq!(open(&person, "n1", "zz"), None);
        // Cut short by a digit, or one byte too long: not a sealed value.
        assert_eq!(open(&person, "n1", &sealed[..63]), None);
        assert_eq!(open(&person, "n1", &format!("{sealed}00")), None);
        // Short values seal and open too; values longer than the key stream do not seal.
        let short = seal(&person, "n3", "game 12").unwrap();
        assert_eq!(short.len(), 14);
        assert_eq!(open(&person, "n3", &short).as_deref(), Some("game 12"));
        assert_eq!(seal(&person, "n4", &"x".repeat(33)), None);
    }
}
