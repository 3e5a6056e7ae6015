//! The routes of lichess's Bot API that `chesslantis bot` calls, over the
//! small HTTP client, and what it reads of their answers.

use crate::bot_stop::Stop;
use crate::http_client::{encode, Request, Response, Server};
use chesslantis_core::Seat;
use std::time::Duration;

/// How long a plain request may wait for its answer.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);
/// How long a stream may be silent: the server sends an empty line every
/// 6 s, so silence this long means the connection is gone.
const STREAM_SILENCE: Duration = Duration::from_secs(20);

/// A failed call: whether trying again may help.
#[derive(Debug)]
pub enum CallError {
    /// The server refused for good (a token it does not know, no such game, ...).
    Refused(String),
    /// The connection failed, or the server was busy: try again later.
    Again(String),
}

impl std::fmt::Display for CallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CallError::Refused(words) | CallError::Again(words) => f.write_str(words),
        }
    }
}

/// The server and the bot's token.
pub struct Api {
    pub server: Server,
    token: String,
}

impl Api {
    pub fn new(server: Server, token: &str) -> Api {
        Api {
            server,
            token: token.trim().to_string(),
        }
    }

    fn send(
        &self,
        method: &str,
        path: &str,
        form: Option<&str>,
        timeout: Duration,
    ) -> Result<Response, CallError> {
        let body = form.map(|f| ("application/x-www-form-urlencoded", f.as_bytes()));
        let request = Request {
            method,
            path,
            token: Some(&self.token),
            body,
            headers: &[],
        };
        self.server
            .send(&request, timeout)
            .map_err(CallError::Again)
    }

    /// A call whose answer is JSON.
    pub fn call(
        &self,
        method: &str,
        path: &str,
        form: Option<&str>,
    ) -> Result<serde_json::Value, CallError> {
        let response = self.send(method, path, form, ANSWER_TIMEOUT)?;
        let status = response.status;
        response.json().map_err(|words| {
            let words = format!("{method} {path}: {words}");
            if status == 429 || status >= 500 {
                CallError::Again(words)
            } else {
                CallError::Refused(words)
            }
        })
    }

    /// An NDJSON stream, its connection shut at a stop.
    pub fn stream(&self, path: &str) -> Result<Response, CallError> {
        let response = self.send("GET", path, None, STREAM_SILENCE)?;
        match response.status {
            200 => Ok(response),
            status => {
                let words = response
                    .json()
                    .err()
                    .unwrap_or_else(|| "an answer that is not a stream".into());
                let words = format!("GET {path}: {words}");
                Err(if status == 429 || status >= 500 {
                    CallError::Again(words)
                } else {
                    CallError::Refused(words)
                })
            }
        }
    }

    /// Plays `action` (a move in UCI, or any action our referee accepts).
    pub fn play(&self, game: &str, action: &str) -> Result<(), CallError> {
        self.call(
            "POST",
            &format!("/api/bot/game/{}/move/{}", encode(game), encode(action)),
            None,
        )
        .map(drop)
    }

    /// Lichess's draw answer: `yes` offers or accepts, `no` declines.
    pub fn draw(&self, game: &str, accept: bool) -> Result<(), CallError> {
        self.call(
            "POST",
            &format!(
                "/api/bot/game/{}/draw/{}",
                encode(game),
                if accept { "yes" } else { "no" }
            ),
            None,
        )
        .map(drop)
    }

    pub fn accept(&self, challenge: &str) -> Result<(), CallError> {
        self.call(
            "POST",
            &format!("/api/challenge/{}/accept", encode(challenge)),
            None,
        )
        .map(drop)
    }

    /// Declines with lichess's reason key (`variant`, ...).
    pub fn decline(&self, challenge: &str, reason: &str) -> Result<(), CallError> {
        self.call(
            "POST",
            &format!("/api/challenge/{}/decline", encode(challenge)),
            Some(&format!("reason={}", encode(reason))),
        )
        .map(drop)
    }
}

/// Reads `stream`'s JSON lines into `each` until the stream ends, fails,
/// or `each` says it is done (`false`); keep-alive lines are skipped. A
/// line that is not JSON is reported and skipped.
pub fn read_lines(
    stop: &Stop,
    mut stream: Response,
    mut each: impl FnMut(&serde_json::Value) -> bool,
) -> Result<(), String> {
    let socket = stream.socket().map_err(|e| e.to_string())?;
    let _shut_at_stop = stop.connection(socket);
    loop {
        match stream.next_line() {
            Ok(None) => return Ok(()),
            Ok(Some(line)) if line.trim().is_empty() => {}
            Ok(Some(line)) => match serde_json::from_str::<serde_json::Value>(&line) {
                Ok(value) => {
                    if !each(&value) {
                        return Ok(());
                    }
                }
                Err(e) => eprintln!(
                    "a stream line that is not JSON ({e}): {}",
                    line.chars().take(120).collect::<String>()
                ),
            },
            Err(_) if stop.stopped() => return Ok(()),
            Err(e) => return Err(e.to_string()),
        }
    }
}

/// Our variant id of lichess's variant `key`, if the engine plays it:
/// lichess's `standard`, `fromPosition` and `chess960` are our chess.
pub fn engine_variant(key: &str) -> Option<&'static str> {
    let id = match key {
        "standard" | "fromPosition" | "chess960" => "chess",
        other => other,
    };
    chesslantis_engine::supported_variants()
        .into_iter()
        .find(|v| *v == id)
}

/// A seat as the stream writes it.
pub fn seat_named(name: &str) -> Option<Seat> {
    match name {
        "white" => Some(Seat::White),
        "black" => Some(Seat::Black),
        "chance" => Some(Seat::Chance),
        _ => None,
    }
}

/// `value[key]` as text, or a clear error naming what is missing.
pub fn text<'a>(value: &'a serde_json::Value, key: &str, what: &str) -> Result<&'a str, String> {
    value
        .get(key)
        .and_then(|v| v.as_str())
        .ok_or_else(|| format!("the server's {what} has no '{key}' text"))
}
