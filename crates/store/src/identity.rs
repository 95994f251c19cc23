//! Who a client is: an id the server issued, in a cookie signed with the server's key.
//!
//! - The cookie `tabletop_client` holds `<id>.<tag>`: a random 64-bit id (16 hex digits) and
//!   the first 128 bits of its HMAC-SHA256 under the server's key (32 hex digits). A cookie
//!   whose tag does not match (made up, or signed by another server) names nobody: the
//!   request is then the client of its IP address.
//! - The key (256 random bits) is kept in a file beside the games database (`<db>.key`, read
//!   and written by the owner only), so cookies stay valid across restarts; with no database
//!   it lives in memory, like the games.
//! - New ids are issued only by the server, and sparingly: on a page (an HTML answer) or a new
//!   game asked for without a valid cookie, at most [`ISSUE_BURST`] at once per IP address,
//!   then one per [`ISSUE_EVERY`]. Past that the request is served as its IP address's client,
//!   so a script that drops or invents cookies gets a few identities, not one per request,
//!   and the per-client cap of games holds against it.

use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::StoreError;
use crate::token::hex;

type HmacSha256 = Hmac<Sha256>;

/// How many ids one IP address may be issued at once.
pub const ISSUE_BURST: u32 = 30;

/// How often one more id may be issued to an IP address that used up its burst.
pub const ISSUE_EVERY: Duration = Duration::from_secs(30);

/// The most IP addresses whose issuing is remembered (the others are forgotten once full).
const REMEMBERED: usize = 10_000;

/// The server's key and the ids it issued lately, per IP address.
pub struct Identity {
    key: [u8; 32],
    issued: Mutex<HashMap<IpAddr, Allowance>>,
}

/// An IP address's allowance of new ids: a token bucket.
#[derive(Clone, Copy, Debug)]
struct Allowance {
    tokens: f64,
    at: Instant,
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok()).collect()
}

/// The key file of a games database: `<db>.key` beside it.
pub fn key_path(db: &Path) -> PathBuf {
    let mut name = db.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".key");
    db.with_file_name(name)
}

impl Identity {
    /// The identity of a server whose games are in `db` (its key read from the key file
    /// beside it, or made and written there), or in memory (`None`).
    ///
    /// # Errors
    /// [`StoreError::BadKeyFile`] when the key file does not hold a key,
    /// [`StoreError::KeyFile`] when it cannot be read or written.
    pub fn open(db: Option<&Path>) -> Result<Identity, StoreError> {
        let key = match db {
            None => rand::random(),
            Some(db) => read_or_make_key(&key_path(db))?,
        };
        Ok(Identity { key, issued: Mutex::new(HashMap::new()) })
    }

    fn tag(&self, id: &str) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("HMAC takes any key length");
        mac.update(id.as_bytes());
        mac
    }

    /// The id a cookie value names, if this server signed it.
    pub fn verify(&self, cookie: &str) -> Option<String> {
        let (id, tag) = cookie.split_once('.')?;
        if id.len() != 16 || !id.bytes().all(|b| b.is_ascii_hexdigit()) || tag.len() != 32 {
            return None;
        }
        let tag = unhex(tag)?;
        self.tag(id).verify_truncated_left(&tag).ok()?;
        Some(id.to_ascii_lowercase())
    }

    /// A new signed cookie value, if `ip` may have one now (see the module docs).
    pub fn issue(&self, ip: IpAddr) -> Option<String> {
        self.issue_at(ip, Instant::now())
    }

    fn issue_at(&self, ip: IpAddr, now: Instant) -> Option<String> {
        {
            let mut issued = self.issued.lock().unwrap_or_else(PoisonError::into_inner);
            let full = f64::from(ISSUE_BURST);
            let refill = |a: &Allowance| {
                let earned =
                    now.saturating_duration_since(a.at).as_secs_f64() / ISSUE_EVERY.as_secs_f64();
                (a.tokens + earned).min(full)
            };
            if issued.len() >= REMEMBERED {
                // Addresses back to a full allowance are as good as forgotten.
                issued.retain(|_, a| refill(a) < full);
                if issued.len() >= REMEMBERED {
                    issued.clear();
                }
            }
            let allowance = issued.entry(ip).or_insert(Allowance { tokens: full, at: now });
            let tokens = refill(allowance);
            if tokens < 1.0 {
                return None;
            }
            *allowance = Allowance { tokens: tokens - 1.0, at: now };
        }
        let id = format!("{:016x}", rand::random::<u64>());
        let tag = self.tag(&id).finalize().into_bytes();
        Some(format!("{id}.{}", hex(&tag[..16])))
    }
}

/// The key in `path`, or a new one written there (owner-only).
fn read_or_make_key(path: &Path) -> Result<[u8; 32], StoreError> {
    let bad = |why| StoreError::BadKeyFile { path: path.to_owned(), why };
    let failed = |doing, source| StoreError::KeyFile { doing, path: path.to_owned(), source };
    match std::fs::File::open(path) {
        Ok(mut file) => {
            let mut text = String::new();
            file.read_to_string(&mut text).map_err(|_| bad("cannot be read as text"))?;
            let bytes = unhex(text.trim()).ok_or_else(|| bad("is not hex digits"))?;
            bytes.try_into().map_err(|_| bad("does not hold 64 hex digits"))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let key: [u8; 32] = rand::random();
            let mut options = std::fs::OpenOptions::new();
            options.write(true).create_new(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
            match options.open(path) {
                Ok(mut file) => {
                    file.write_all(format!("{}\n", hex(&key)).as_bytes())
                        .and_then(|()| file.sync_all())
                        .map_err(|e| failed("write", e))?;
                    Ok(key)
                }
                // Another server made it first: use that one.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => read_or_make_key(path),
                Err(e) => Err(failed("write", e)),
            }
        }
        Err(e) => Err(failed("read", e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_cookies_this_server_signed_name_a_client() {
        let server = Identity::open(None).unwrap();
        let other = Identity::open(None).unwrap();
        let ip: IpAddr = "127.0.0.1".parse().unwrap();
        let cookie = server.issue(ip).unwrap();
        let id = server.verify(&cookie).expect("its own cookie");
        assert_eq!(cookie.split_once('.').unwrap().0, id);
        assert_eq!(other.verify(&cookie), None, "another key");
        assert_eq!(server.verify("00000000000000d4"), None, "a made-up id");
        let (id, tag) = cookie.split_once('.').unwrap();
        let forged_id = format!("{:016x}", u64::from_str_radix(id, 16).unwrap() ^ 1);
        assert_eq!(server.verify(&format!("{forged_id}.{tag}")), None, "another id, same tag");
        let mut bad_tag = tag.to_owned().into_bytes();
        bad_tag[0] = if bad_tag[0] == b'0' { b'1' } else { b'0' };
        let bad_tag = String::from_utf8(bad_tag).unwrap();
        assert_eq!(server.verify(&format!("{id}.{bad_tag}")), None, "a changed tag");
        assert_eq!(server.verify(&format!("{id}.{tag}0")), None, "a longer tag");
        // Signed by this key, yet not of the form the server issues.
        let signed = |id: &str, digits: usize| {
            let tag = hex(&server.tag(id).finalize().into_bytes());
            format!("{id}.{}", &tag[..digits])
        };
        assert_eq!(server.verify(&signed(id, 32)).as_deref(), Some(id));
        assert_eq!(server.verify(&signed(id, 34)), None, "a tag of 17 bytes");
        assert_eq!(server.verify(&signed(&id[1..], 32)), None, "an id of 15 digits");
        assert_eq!(server.verify(&signed("zzzzzzzzzzzzzzzz", 32)), None, "not hex");
    }

    #[test]
    fn issuing_is_limited_per_address() {
        let server = Identity::open(None).unwrap();
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let start = Instant::now();
        for _ in 0..ISSUE_BURST {
            assert!(server.issue_at(a, start).is_some());
        }
        assert_eq!(server.issue_at(a, start), None, "the burst is used up");
        assert!(server.issue_at(b, start).is_some(), "another address has its own");
        assert_eq!(server.issue_at(a, start + ISSUE_EVERY / 2), None);
        assert!(server.issue_at(a, start + ISSUE_EVERY).is_some(), "one more after a while");
        assert_eq!(server.issue_at(a, start + ISSUE_EVERY), None);
    }

    #[test]
    fn a_full_memory_of_addresses_is_forgotten() {
        let server = Identity::open(None).unwrap();
        let start = Instant::now();
        let address =
            |a: u32, k: u32| IpAddr::from(std::net::Ipv4Addr::from(10 << 24 | a << 16 | k));
        let busy = address(1, 0);
        for _ in 0..ISSUE_BURST {
            assert!(server.issue_at(busy, start).is_some());
        }
        // The busy address and 9,998 others, then one more: 10,000 remembered.
        for k in 1..REMEMBERED as u32 - 1 {
            assert!(server.issue_at(address(2, k), start).is_some());
        }
        assert_eq!(server.issue_at(busy, start), None, "remembered");
        assert!(server.issue_at(address(3, 0), start).is_some());
        // Memory is full and nobody is back to a full allowance: everyone is forgotten.
        assert!(server.issue_at(busy, start).is_some(), "forgotten");
        // Addresses back to a full allowance are forgotten first: the busy one is kept.
        for k in 1..REMEMBERED as u32 - 1 {
            assert!(server.issue_at(address(4, k), start).is_some());
        }
        let later = start + ISSUE_EVERY * ISSUE_BURST;
        for _ in 0..ISSUE_BURST {
            assert!(server.issue_at(busy, later).is_some());
        }
        assert!(server.issue_at(address(5, 0), later).is_some());
        assert_eq!(server.issue_at(busy, later), None, "still remembered");
    }

    #[test]
    fn the_key_path_is_beside_the_database() {
        let path = key_path(Path::new("/data/tabletop/games.sqlite3"));
        assert_eq!(path, Path::new("/data/tabletop/games.sqlite3.key"));
        assert_eq!(unhex("0aff"), Some(vec![10, 255]));
        assert_eq!(unhex("0af"), None);
        assert_eq!(unhex("0g"), None);
    }

    #[test]
    fn the_key_survives_a_restart_and_a_bad_key_file_is_an_error() {
        let dir = std::env::temp_dir().join(format!("tabletop-key-{:016x}", rand::random::<u64>()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("games.sqlite3");
        let first = Identity::open(Some(&db)).unwrap();
        let cookie = first.issue("127.0.0.1".parse().unwrap()).unwrap();
        let again = Identity::open(Some(&db)).unwrap();
        assert!(again.verify(&cookie).is_some());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(key_path(&db)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        // A key file that cannot be opened, or made in a directory that does not exist.
        let file = dir.join("file");
        std::fs::write(&file, "").unwrap();
        let err = Identity::open(Some(&file.join("games.sqlite3"))).err().unwrap();
        assert!(err.to_string().starts_with("cannot read the key file"), "{err}");
        let err = Identity::open(Some(&dir.join("none").join("games.sqlite3"))).err().unwrap();
        assert!(err.to_string().starts_with("cannot write the key file"), "{err}");
        std::fs::write(key_path(&db), "not a key\n").unwrap();
        let err = Identity::open(Some(&db)).err().expect("a bad key file is refused");
        assert!(err.to_string().contains("games.sqlite3.key"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
