//! The server's own messages (docs/protocol.md, section "Server"): what a
//! connection may send, what it receives, and the errors. The game inside a
//! state message is `game::GameState`.

use crate::chat::{ChatLine, ChatRoom, ChatRooms};
use crate::game::state::GameState;
use chesslantis_core::Seat;
use serde::{Deserialize, Serialize};

/// The largest message a client may send, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 4096;

/// A message from a client over the WebSocket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// An action of the sender's seat, for the game at `ply` (the length of
    /// the action log the sender saw): a stale `ply` is refused, so a
    /// resent or replayed action is never applied twice. Draw and takeback
    /// words are actions too (`offer draw`, `propose takeback`, ...).
    Action { ply: u64, action: String },
    /// Ends a game before both players have moved (or withdraws a seek).
    Abort,
    /// Asks for a fresh state message.
    Sync,
    /// A chat line in the sender's room (a player's: `player`; a signed-in
    /// watcher's: `spectator`).
    Chat { text: String },
}

/// Message types a client may send, for the error naming the known ones.
pub const CLIENT_TYPES: &[&str] = &["action", "abort", "sync", "chat"];

/// A message from the server over the WebSocket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    State(Box<GameState>),
    Error(ErrorReply),
    /// A player of this finished game asked for a rematch: game `id`, which
    /// the opponent joins with `POST /api/games/{id}/accept`.
    Rematch { id: String, by: Seat },
    /// The chat as this connection may see it: after the first state, and
    /// again when that changes (the game ended, or the connection fell behind).
    ChatRooms(ChatRooms),
    /// A new line in a room this connection reads.
    ChatLine { room: ChatRoom, line: ChatLine },
}

/// A state message's JSON text.
pub fn state_text(state: &GameState) -> String {
    serde_json::to_string(&ServerMessage::State(Box::new(state.clone())))
        .unwrap_or_else(|e| format!(r#"{{"type":"error","code":"internal","message":"the state could not be written: {e}"}}"#))
}

/// A state message's JSON text as a WebSocket sends it.
pub fn state_message(state: &GameState) -> axum::extract::ws::Utf8Bytes {
    state_text(state).into()
}

/// A refused request: a stable `code` and what to do about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorReply {
    pub code: String,
    pub message: String,
    /// `needs_choice`: the full action texts to choose from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// `rate_limited`: whole seconds to wait, sent over HTTP as `Retry-After`.
    #[serde(skip)]
    pub retry_after_s: Option<u64>,
}

impl ErrorReply {
    pub fn new(code: &str, message: impl Into<String>) -> ErrorReply {
        ErrorReply { code: code.into(), message: message.into(), options: Vec::new(), retry_after_s: None }
    }

    /// `rate_limited`: too many `what`, to try again after `wait` (whole seconds, at least one).
    pub fn rate_limited(what: &str, wait: std::time::Duration) -> ErrorReply {
        let seconds = (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1);
        ErrorReply { retry_after_s: Some(seconds), ..ErrorReply::new("rate_limited", format!("too many {what}; try again in {seconds} s")) }
    }
}

/// Reads a client's text message: too large, not JSON, no known `type`, or
/// fields that do not fit each get their own error.
pub fn decode(text: &str) -> Result<ClientMessage, ErrorReply> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(ErrorReply::new(
            "too_large",
            format!("a message may have at most {MAX_MESSAGE_BYTES} bytes; this one has {}", text.len()),
        ));
    }
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        ErrorReply::new("malformed", format!("not JSON ({e}); send an object like {{\"type\":\"action\",\"ply\":0,\"action\":\"e2e4\"}}"))
    })?;
    let Some(kind) = value.get("type").and_then(|t| t.as_str()) else {
        return Err(ErrorReply::new(
            "malformed",
            format!("a message is a JSON object with a string field \"type\", one of: {}", CLIENT_TYPES.join(", ")),
        ));
    };
    let kind = kind.to_string();
    if !CLIENT_TYPES.contains(&kind.as_str()) {
        return Err(ErrorReply::new(
            "unknown_message",
            format!("no message type '{}'; the types are: {}", kind.chars().take(40).collect::<String>(), CLIENT_TYPES.join(", ")),
        ));
    }
    let allowed: &[&str] = match kind.as_str() {
        "action" => &["type", "ply", "action"],
        "chat" => &["type", "text"],
        _ => &["type"],
    };
    if let Some(extra) = value.as_object().and_then(|o| o.keys().find(|k| !allowed.contains(&k.as_str()))) {
        return Err(ErrorReply::new(
            "malformed",
            format!("a '{kind}' message has no field '{}'; its fields are: {}", extra.chars().take(40).collect::<String>(), allowed.join(", ")),
        ));
    }
    serde_json::from_value(value).map_err(|e| {
        ErrorReply::new("malformed", format!("a '{kind}' message does not fit ({e}); see docs/protocol.md, section Server"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_each_client_message() {
        assert_eq!(
            decode(r#"{"type":"action","ply":3,"action":"e2e4"}"#),
            Ok(ClientMessage::Action { ply: 3, action: "e2e4".into() })
        );
        assert_eq!(decode(r#"{"type":"abort"}"#), Ok(ClientMessage::Abort));
        assert_eq!(decode(r#"{"type":"sync"}"#), Ok(ClientMessage::Sync));
        assert_eq!(decode(r#"{"type":"chat","text":"gg"}"#), Ok(ClientMessage::Chat { text: "gg".into() }));
    }

    #[test]
    fn bad_messages_get_distinct_codes() {
        let code = |t: &str| decode(t).unwrap_err().code;
        assert_eq!(code("{not json"), "malformed");
        assert_eq!(code("[1,2]"), "malformed");
        assert_eq!(code(r#"{"type":7}"#), "malformed");
        assert_eq!(code(r#"{"type":"teleport"}"#), "unknown_message");
        assert_eq!(code(r#"{"type":"action","ply":-1,"action":"e2e4"}"#), "malformed");
        assert_eq!(code(r#"{"type":"action","action":"e2e4"}"#), "malformed");
        assert_eq!(code(r#"{"type":"abort","extra":1}"#), "malformed");
        assert_eq!(code(r#"{"type":"chat"}"#), "malformed");
        assert_eq!(code(r#"{"type":"chat","text":7}"#), "malformed");
        assert_eq!(code(r#"{"type":"chat","text":"hi","room":"spectator"}"#), "malformed");
        assert_eq!(code(&format!(r#"{{"type":"action","ply":0,"action":"{}"}}"#, "x".repeat(5000))), "too_large");
    }

    /// The decoder never panics, whatever bytes arrive (a cheap fuzz: every
    /// prefix and single-byte mutation of valid messages).
    #[test]
    fn decoder_survives_mangled_input() {
        let samples = [r#"{"type":"action","ply":12,"action":"e7e8q"}"#, r#"{"type":"abort"}"#, r#"{"type":"sync"}"#, r#"{"type":"chat","text":"gg"}"#];
        for s in samples {
            for cut in 0..=s.len() {
                let _ = decode(&s[..cut]);
            }
            for i in 0..s.len() {
                for b in [b'"', b'{', b'}', b':', b'0', b'\\', b' ', b'x'] {
                    let mut bytes = s.as_bytes().to_vec();
                    bytes[i] = b;
                    if let Ok(t) = String::from_utf8(bytes) {
                        let _ = decode(&t);
                    }
                }
            }
        }
    }

    /// A deterministic fuzz of the decoder (cargo-fuzz needs a nightly
    /// compiler this machine lacks): random bytes, random JSON made of the
    /// protocol's own words, and random mutations of valid messages. It
    /// never panics, every refusal has a known code and a message, and
    /// whatever it accepts is a message that encodes back to itself.
    /// Whether a refusal's message names what is wrong for its code and how
    /// to put it right (the sizes, the known types, the expected shape).
    fn says_what_is_wrong(e: &ErrorReply) -> bool {
        let m = e.message.as_str();
        match e.code.as_str() {
            "too_large" => m.starts_with(&format!("a message may have at most {MAX_MESSAGE_BYTES} bytes; this one has ")),
            "unknown_message" => m.starts_with("no message type '") && m.ends_with(&format!("the types are: {}", CLIENT_TYPES.join(", "))),
            "malformed" => {
                m.starts_with("not JSON (") && m.ends_with(r#"send an object like {"type":"action","ply":0,"action":"e2e4"}"#)
                    || m == format!("a message is a JSON object with a string field \"type\", one of: {}", CLIENT_TYPES.join(", "))
                    || m.contains("message has no field '") && m.contains("its fields are: type")
                    || m.contains("message does not fit (") && m.ends_with("see docs/protocol.md, section Server")
            }
            _ => false,
        }
    }

    #[test]
    fn decoder_fuzz_random_and_mutated_messages() {
        use chesslantis_core::{Dice, SplitMix};
        const CODES: [&str; 3] = ["malformed", "unknown_message", "too_large"];
        const WORDS: [&str; 18] = [
            "{", "}", "[", "]", ",", ":", "\"type\"", "\"action\"", "\"ply\"", "\"abort\"", "\"sync\"", "\"e2e4\"", "12", "-1", "null",
            "1e400", "\"chat\"", "\"text\"",
        ];
        let valid = [r#"{"type":"action","ply":12,"action":"e7e8q"}"#, r#"{"type":"abort"}"#, r#"{"type":"sync"}"#, r#"{"type":"chat","text":"gg"}"#];
        let mut rng = SplitMix::new(0xF022);
        let check = |text: &str| match decode(text) {
            Ok(message) => {
                let again = serde_json::to_string(&message).unwrap();
                assert_eq!(decode(&again), Ok(message), "{text}");
            }
            Err(e) => {
                assert!(CODES.contains(&e.code.as_str()), "{text}: {e:?}");
                assert!(says_what_is_wrong(&e), "{text}: {e:?}");
            }
        };
        for _ in 0..20_000 {
            let len = rng.below(64) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            check(&String::from_utf8_lossy(&bytes));
            let words: String = (0..rng.below(12)).map(|_| WORDS[rng.below(WORDS.len() as u32) as usize]).collect();
            check(&words);
            let mut mutated = valid[rng.below(valid.len() as u32) as usize].as_bytes().to_vec();
            for _ in 0..=rng.below(3) {
                let i = rng.below(mutated.len() as u32) as usize;
                match rng.below(3) {
                    0 => mutated[i] = rng.below(128) as u8,
                    1 => {
                        mutated.remove(i);
                    }
                    _ => mutated.insert(i, WORDS[rng.below(WORDS.len() as u32) as usize].as_bytes()[0]),
                }
            }
            check(&String::from_utf8_lossy(&mutated));
        }
        check(&format!(r#"{{"type":"sync","pad":"{}"}}"#, "x".repeat(MAX_MESSAGE_BYTES)));
    }
}
