//! What one server process tells the others sharing its PostgreSQL database:
//! "game X changed", "user Y changed". A change is announced with NOTIFY in
//! the transaction that stores it, so PostgreSQL delivers it exactly when
//! it is committed; every process LISTENs (see `cluster`) and reloads what
//! it holds of X or Y. Events carry no game data: the database stays the
//! one source of truth, and an event lost to a dropped connection costs a
//! reload, not a wrong game.

use crate::user::identity::random_id;
use crate::db::store::StoreError;
use sqlx::AnyConnection;

/// The NOTIFY channel.
pub const CHANNEL: &str = "chesslantis";

/// PostgreSQL refuses a payload of 8000 bytes or more.
const MAX_PAYLOAD: usize = 7900;

/// Something another process may hold in memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Game(String),
    /// A user's name (a guest signed up).
    User(String),
}

impl Change {
    fn to_text(&self) -> String {
        match self {
            Change::Game(id) => format!("g:{id}"),
            Change::User(id) => format!("u:{id}"),
        }
    }

    fn parse(text: &str) -> Option<Change> {
        let valid = |id: &str| !id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        match text.split_once(':')? {
            ("g", id) if valid(id) => Some(Change::Game(id.to_string())),
            ("u", id) if valid(id) => Some(Change::User(id.to_string())),
            _ => None,
        }
    }
}

/// This process's side of the channel.
#[derive(Clone, Debug)]
pub struct Events {
    /// Names this process in its payloads, so it skips its own events.
    origin: String,
    /// Where the listener connects.
    url: String,
}

/// An event as received: who sent it and what changed.
#[derive(Debug, PartialEq, Eq)]
pub struct Received {
    pub origin: String,
    pub changes: Vec<Change>,
}

impl Events {
    pub fn new(url: String) -> Result<Events, String> {
        Ok(Events { origin: random_id(12)?, url })
    }

    pub fn origin(&self) -> &str {
        &self.origin
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    /// `changes` as payloads of `origin c1,c2,...`, each within NOTIFY's limit.
    pub fn payloads(&self, changes: &[Change]) -> Vec<String> {
        let mut payloads = Vec::new();
        let mut current = String::new();
        for change in changes {
            let text = change.to_text();
            if !current.is_empty() && current.len() + 1 + text.len() > MAX_PAYLOAD {
                payloads.push(std::mem::take(&mut current));
            }
            if current.is_empty() {
                current = format!("{} {text}", self.origin);
            } else {
                current.push(',');
                current.push_str(&text);
            }
        }
        if !current.is_empty() {
            payloads.push(current);
        }
        payloads
    }

    /// Announces `changes` on `conn` (inside the storing transaction, to be
    /// delivered at its commit; on its own, at once).
    pub async fn announce_on(&self, conn: &mut AnyConnection, changes: &[Change]) -> Result<(), StoreError> {
        for payload in self.payloads(changes) {
            sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(payload).execute(&mut *conn).await?;
        }
        Ok(())
    }

    /// Announces `changes` at once.
    pub async fn announce(&self, pool: &sqlx::AnyPool, changes: &[Change]) -> Result<(), StoreError> {
        if changes.is_empty() {
            return Ok(());
        }
        let mut conn = pool.acquire().await?;
        self.announce_on(&mut conn, changes).await
    }
}

/// A payload back into its origin and changes; `None` if it is not one of ours.
pub fn parse(payload: &str) -> Option<Received> {
    let (origin, list) = payload.split_once(' ')?;
    let changes = list.split(',').map(Change::parse).collect::<Option<Vec<_>>>()?;
    Some(Received { origin: origin.to_string(), changes })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_round_trip_and_stay_under_the_limit() {
        let events = Events::new("postgres://x".into()).unwrap();
        let changes: Vec<Change> = (0..2000)
            .map(|i| if i % 3 == 0 { Change::User(format!("user{i}")) } else { Change::Game(format!("game{i:06}")) })
            .collect();
        let payloads = events.payloads(&changes);
        assert!(payloads.len() > 1, "2000 changes do not fit one payload");
        let mut back = Vec::new();
        for p in &payloads {
            assert!(p.len() < 8000, "{} bytes", p.len());
            let received = parse(p).unwrap();
            assert_eq!(received.origin, events.origin());
            back.extend(received.changes);
        }
        assert_eq!(back, changes);
        assert!(events.payloads(&[]).is_empty());
    }

    #[test]
    fn a_payload_that_is_not_ours_is_ignored() {
        for bad in ["", "origin", "origin ", "origin x:1", "origin g:", "origin g:a b", "origin g:1,,g:2", "origin g:1;drop"] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
        assert_eq!(parse("o g:ab12,u:cd"), Some(Received { origin: "o".into(), changes: vec![Change::Game("ab12".into()), Change::User("cd".into())] }));
    }
}
