//! Guests: no sign-up. A guest is a random id in a cookie signed with the
//! installation's secret (kept in the database, so cookies outlive restarts);
//! a forged or altered cookie is ignored and a new guest made.

use hmac::{Hmac, Mac};
use sha2::Sha256;

pub const COOKIE_NAME: &str = "chesslantis_guest";
/// How long a guest cookie lasts: a year.
pub const COOKIE_MAX_AGE_S: u64 = 365 * 24 * 60 * 60;

/// The `Set-Cookie` value for a guest's signed id. It is the credential for
/// the guest's seats, so it has the session cookie's flags: `Secure` when
/// the client came over TLS (`net::caller::over_tls`), never readable by scripts.
pub fn cookie(signed: &str, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE_NAME}={signed}; Path=/; HttpOnly; SameSite=Lax; Max-Age={COOKIE_MAX_AGE_S}{secure}")
}

/// The `Set-Cookie` value that removes the guest cookie (a guest who signed up).
pub fn cleared_cookie(secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE_NAME}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}")
}

/// A guest's id: 16 characters of [a-z0-9].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GuestId(pub String);

/// Random text of `len` characters from [a-z0-9] (ids of guests and games).
pub fn random_id(len: usize) -> Result<String, String> {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    // 256 = 7 * 36 + 4: bytes of 252 and above are drawn again (no bias).
    let mut out = String::with_capacity(len);
    while out.len() < len {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| format!("no random source: {e}"))?;
        for b in bytes.into_iter().filter(|&b| b < 252).take(len - out.len()) {
            out.push(ALPHABET[(b % 36) as usize] as char);
        }
    }
    Ok(out)
}

/// Signs and checks guest cookies.
#[derive(Clone)]
pub struct CookieKey([u8; 32]);

impl CookieKey {
    pub fn new(secret: [u8; 32]) -> CookieKey {
        CookieKey(secret)
    }

    fn mac(&self, id: &str) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(id.as_bytes());
        mac
    }

    /// The cookie value for a guest: `id.signature`.
    pub fn sign(&self, guest: &GuestId) -> String {
        format!("{}.{}", guest.0, hex::encode(self.mac(&guest.0).finalize().into_bytes()))
    }

    /// A keyed tag of `text` for `purpose` (hex): unforgeable without the key,
    /// and never equal to a guest cookie's signature or another purpose's tag.
    pub fn tag(&self, purpose: &str, text: &str) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(purpose.as_bytes());
        mac.update(b"\0");
        mac.update(text.as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }

    /// The guest of a cookie value, if its signature is ours.
    pub fn verify(&self, value: &str) -> Option<GuestId> {
        let (id, signature) = value.split_once('.')?;
        let signature = hex::decode(signature).ok()?;
        self.mac(id).verify_slice(&signature).ok()?;
        Some(GuestId(id.to_string()))
    }

    /// The guest named by a `Cookie:` header, if any cookie of ours checks.
    pub fn guest_from_header(&self, header: &str) -> Option<GuestId> {
        header
            .split(';')
            .filter_map(|part| part.trim().split_once('='))
            .filter(|(name, _)| *name == COOKIE_NAME)
            .find_map(|(_, value)| self.verify(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signed_cookie_names_its_guest_and_a_forged_one_nobody() {
        let key = CookieKey::new([3; 32]);
        let guest = GuestId("abc123".into());
        let cookie = key.sign(&guest);
        assert_eq!(key.verify(&cookie), Some(guest.clone()));
        assert_eq!(key.guest_from_header(&format!("x=1; {COOKIE_NAME}={cookie}; y=2")), Some(guest));
        let forged = cookie.replacen("abc123", "abc124", 1);
        assert_eq!(key.verify(&forged), None);
        assert_eq!(CookieKey::new([4; 32]).verify(&cookie), None);
        assert_eq!(key.verify("no-dot"), None);
    }

    #[test]
    fn the_cookie_is_secure_exactly_when_asked() {
        assert_eq!(cookie("id.sig", false), "chesslantis_guest=id.sig; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000");
        assert_eq!(cookie("id.sig", true), "chesslantis_guest=id.sig; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000; Secure");
        assert!(cleared_cookie(true).ends_with("Max-Age=0; Secure"));
        assert!(!cleared_cookie(false).contains("Secure"));
    }

    #[test]
    fn random_ids_have_the_asked_length_and_alphabet() {
        let id = random_id(40).unwrap();
        assert_eq!(id.len(), 40);
        assert!(id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()));
        assert_ne!(random_id(16).unwrap(), random_id(16).unwrap());
    }
}
