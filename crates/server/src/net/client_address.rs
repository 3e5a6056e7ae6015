//! The client's address, which keys the per-address limits (`rate_limit`).
//! It is the TCP peer's, unless the server is told to read it from a
//! header its reverse proxy sets (`chesslantis serve --client-address-header
//! X-Forwarded-For`): behind a proxy every peer is the proxy. The header's
//! last entry is taken, the one the proxy itself appended; the entries
//! before it are whatever the client wrote. Only for a server that nobody
//! reaches but through that proxy: anyone else could name any address.

use crate::net::reply::ApiError;
use crate::net::protocol::ErrorReply;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderName};
use std::net::{IpAddr, SocketAddr};

/// Where the client's address comes from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Source {
    /// The TCP peer: the server faces the clients itself.
    #[default]
    Peer,
    /// The last entry of this header (`X-Forwarded-For`, `X-Real-IP`), when
    /// a request carries one that reads as an address; else the peer.
    Header(HeaderName),
}

/// The address a request came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddress(pub IpAddr);

impl ClientAddress {
    /// What the limits count under: an IPv4 address, or the /64 network of
    /// an IPv6 one (a single host commonly holds a whole /64).
    pub fn limit_key(&self) -> String {
        match self.0 {
            IpAddr::V4(v4) => v4.to_string(),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => v4.to_string(),
                None => {
                    let s = v6.segments();
                    format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
                }
            },
        }
    }

    /// The client's address by `source`, from the request's headers and its TCP peer.
    pub fn of(source: &Source, headers: &HeaderMap, peer: IpAddr) -> ClientAddress {
        let from_header = match source {
            Source::Peer => None,
            Source::Header(name) => headers
                .get_all(name)
                .iter()
                .next_back()
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.rsplit(',').next())
                .and_then(parse_address),
        };
        ClientAddress(from_header.unwrap_or(peer))
    }
}

/// `203.0.113.7`, `2001:db8::1`, `[2001:db8::1]:443` or `203.0.113.7:5678`.
fn parse_address(text: &str) -> Option<IpAddr> {
    let text = text.trim();
    text.parse::<IpAddr>().ok().or_else(|| text.parse::<SocketAddr>().ok().map(|s| s.ip()))
}

/// Read from the request: the peer is in its `ConnectInfo`, the source in
/// an `Extension<Source>` (the peer when there is none).
impl<S: Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let Some(ConnectInfo(peer)) = parts.extensions.get::<ConnectInfo<SocketAddr>>() else {
            return Err(ErrorReply::new("internal", "the server does not know the client's address (served without ConnectInfo)").into());
        };
        let source = parts.extensions.get::<Source>().cloned().unwrap_or_default();
        Ok(ClientAddress::of(&source, &parts.headers, peer.ip()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (n, v) in pairs {
            h.append(*n, v.parse().unwrap());
        }
        h
    }

    #[test]
    fn the_proxys_header_is_read_only_when_configured_and_its_last_entry_wins() {
        let peer: IpAddr = "127.0.0.1".parse().unwrap();
        let forwarded = headers(&[("x-forwarded-for", "1.2.3.4, 198.51.100.9")]);
        assert_eq!(ClientAddress::of(&Source::Peer, &forwarded, peer).0, peer, "not trusted unless configured");
        let xff = Source::Header(HeaderName::from_static("x-forwarded-for"));
        assert_eq!(ClientAddress::of(&xff, &forwarded, peer).0.to_string(), "198.51.100.9", "the proxy appends the client last");
        assert_eq!(ClientAddress::of(&xff, &headers(&[]), peer).0, peer, "no header: the peer");
        assert_eq!(ClientAddress::of(&xff, &headers(&[("x-forwarded-for", "not an address")]), peer).0, peer);
        let two = headers(&[("x-forwarded-for", "1.2.3.4"), ("x-forwarded-for", "[2001:db8::7]:443")]);
        assert_eq!(ClientAddress::of(&xff, &two, peer).0.to_string(), "2001:db8::7", "the last header line, with its port");
    }

    #[test]
    fn an_ipv6_client_is_counted_by_its_64_network() {
        let a = ClientAddress("2001:db8:1:2:aaaa::1".parse().unwrap());
        let b = ClientAddress("2001:db8:1:2:bbbb::2".parse().unwrap());
        let c = ClientAddress("2001:db8:1:3::1".parse().unwrap());
        assert_eq!(a.limit_key(), "2001:db8:1:2::/64");
        assert_eq!(a.limit_key(), b.limit_key());
        assert_ne!(a.limit_key(), c.limit_key());
        assert_eq!(ClientAddress("::ffff:192.0.2.1".parse().unwrap()).limit_key(), "192.0.2.1");
        assert_eq!(ClientAddress("192.0.2.1".parse().unwrap()).limit_key(), "192.0.2.1");
    }
}
