//! Lichess's streams (NDJSON, one JSON object a line): what they share —
//! the per-user cap on open streams, the keep-alive newline, the body fed
//! by a task that ends when the client leaves — and the event stream,
//! `GET /api/stream/event` (docs/protocol.md, "Bot and Board API").
//!
//! The event stream tells its user of challenges made, declined and
//! canceled, and of its games starting and finishing. On connect it sends
//! the user's ongoing games (`gameStart`) and open challenges (`challenge`);
//! then it compares both, read from the database, with what it has sent:
//! at once when a challenge route of this process touches the user or one
//! of its games changes, and at every keep-alive otherwise (so a game begun
//! elsewhere, by a browser or another process, is told within one).

use crate::game::hub::Hub;
use crate::game::state::Role;
use crate::lobby::challenges::{self, Challenge, ChallengeStatus};
use crate::net::bot_shapes::{challenge_json, game_event_info, GameFacts};
use crate::net::caller::token_user;
use crate::net::reply::LichessError;
use crate::user::identity::GuestId;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Extension;
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{broadcast, mpsc};
use tokio::task::JoinSet;

/// Event streams one user may hold open at once (per server process).
pub const MAX_EVENT_STREAMS: usize = 3;

/// Game streams one user may hold open at once (per server process).
pub const MAX_GAME_STREAMS: usize = 16;

/// Lichess's streams open in this server process, all users and kinds
/// together: each holds a connection and a task, so a crowd of users each
/// within its own caps cannot take every connection (a quarter of
/// `connections::MAX_CONNECTIONS`, the rest left to browsers and requests).
pub const MAX_STREAMS: usize = 4096;

/// How often an idle stream sends an empty line, so that the client and
/// any proxy between know it lives (lichess sends one every few seconds).
pub const KEEP_ALIVE: Duration = Duration::from_secs(6);

/// Lines a stream may have written that its client has not read yet.
const LINES_QUEUED: usize = 32;

/// Which cap a stream counts against.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum StreamKind {
    Events,
    Game,
    /// A Board API seek's stream (`POST /api/board/seek`), as many as the
    /// games one may have waiting.
    Seek,
}

/// The streams open, per user and kind, and in all.
#[derive(Default)]
struct Counts {
    per_user: HashMap<(StreamKind, String), usize>,
    total: usize,
}

/// The streams open in this process, and the wake-up of event streams.
pub struct BotStreams {
    open: Arc<Mutex<Counts>>,
    /// The most open in all (`MAX_STREAMS`; fewer in tests).
    most: usize,
    /// The users a challenge route just touched: their event streams look again.
    touched: broadcast::Sender<String>,
}

impl Default for BotStreams {
    fn default() -> Self {
        BotStreams { open: Default::default(), most: MAX_STREAMS, touched: broadcast::channel(256).0 }
    }
}

/// One open stream, counted while it lives.
pub struct StreamSlot {
    open: Arc<Mutex<Counts>>,
    key: (StreamKind, String),
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        open.total = open.total.saturating_sub(1);
        if let Some(n) = open.per_user.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.per_user.remove(&self.key);
            }
        }
    }
}

impl BotStreams {
    /// A slot for one more stream of `kind` for `user`, or lichess's 429
    /// (the user's cap of that kind, or this process's in all).
    pub fn open(&self, kind: StreamKind, user: &GuestId) -> Result<StreamSlot, LichessError> {
        let most = match kind {
            StreamKind::Events => MAX_EVENT_STREAMS,
            StreamKind::Game => MAX_GAME_STREAMS,
            StreamKind::Seek => crate::lobby::waiting_games::MAX_WAITING_GAMES,
        };
        let key = (kind, user.0.clone());
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        if open.total >= self.most {
            return Err(LichessError {
                status: StatusCode::TOO_MANY_REQUESTS,
                error: format!("Too many streams open on this server ({}, the most it holds); try again in a minute", open.total),
            });
        }
        let n = open.per_user.entry(key.clone()).or_default();
        if *n >= most {
            let what = match kind {
                StreamKind::Events => "event streams",
                StreamKind::Game => "game streams",
                StreamKind::Seek => "seeks",
            };
            return Err(LichessError {
                status: StatusCode::TOO_MANY_REQUESTS,
                error: format!("Too many {what}: you have {n} open, the most allowed; close one first"),
            });
        }
        *n += 1;
        open.total += 1;
        Ok(StreamSlot { open: self.open.clone(), key })
    }

    /// Users `users` were touched by a challenge route: their event streams look again.
    pub fn touch(&self, users: &[&GuestId]) {
        for user in users {
            // Nobody listening is not an error.
            let _ = self.touched.send(user.0.clone());
        }
    }
}

/// A stream's lines to its client: sending fails once the client has left.
pub struct Lines(mpsc::Sender<Bytes>);

impl Lines {
    /// Sends `value` as one line; `Err` once the client has left.
    pub async fn send(&self, value: &impl Serialize) -> Result<(), ()> {
        let mut line = serde_json::to_vec(value).map_err(|_| ())?;
        line.push(b'\n');
        self.0.send(Bytes::from(line)).await.map_err(|_| ())
    }

    /// The keep-alive: an empty line.
    pub async fn keep_alive(&self) -> Result<(), ()> {
        self.0.send(Bytes::from_static(b"\n")).await.map_err(|_| ())
    }

    /// Resolves once the client has left.
    pub async fn closed(&self) {
        self.0.closed().await
    }
}

/// An NDJSON response whose lines `run` writes, in its own task; the task
/// is told the client left when a line cannot be sent.
pub fn ndjson<F>(run: impl FnOnce(Lines) -> F) -> Response
where
    F: std::future::Future<Output = ()> + Send + 'static,
{
    let (tx, rx) = mpsc::channel::<Bytes>(LINES_QUEUED);
    tokio::spawn(run(Lines(tx)));
    let body = futures_util::stream::unfold(rx, |mut rx| async move { rx.recv().await.map(|line| (Ok::<_, std::convert::Infallible>(line), rx)) });
    let mut response = Body::from_stream(body).into_response();
    response.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static("application/x-ndjson"));
    response
}

/// An event of the stream: its type and its challenge or game.
#[derive(Serialize)]
#[serde(untagged)]
enum Event<C, G> {
    Challenge {
        #[serde(rename = "type")]
        kind: &'static str,
        challenge: C,
    },
    Game {
        #[serde(rename = "type")]
        kind: &'static str,
        game: G,
    },
}

#[utoipa::path(get, path = "/api/stream/event", tag = "lichess",
    responses((status = 200, content_type = "application/x-ndjson",
        description = "Lichess's event stream, one JSON object a line: `challenge`, `challengeCanceled`, `challengeDeclined` (lichess's `ChallengeJson`), \
            `gameStart`, `gameFinish` (lichess's `GameEventInfo`); first the ongoing games and open challenges; an empty line every few seconds. \
            Needs a token. Refusals are lichess's `{\"error\": \"...\"}`: 401 without a live token, 429 with too many event streams open \
            (docs/server.md, Limits)")))]
/// Lichess's "Stream incoming events".
pub async fn stream_event(State(hub): State<Arc<Hub>>, Extension(streams): Extension<Arc<BotStreams>>, headers: HeaderMap) -> Result<Response, LichessError> {
    let token = token_user(&hub, &headers).await?.ok_or_else(LichessError::missing_authorization)?;
    let user = GuestId(token.user_id);
    let slot = streams.open(StreamKind::Events, &user)?;
    let base = crate::net::api_routes::base_url(&headers).unwrap_or_default();
    let touched = streams.touched.subscribe();
    Ok(ndjson(move |lines| async move {
        let _slot = slot;
        EventStream { hub, user, base, lines, challenges: HashMap::new(), games: HashSet::new(), watchers: JoinSet::new() }.run(touched).await
    }))
}

/// `read`'s value; a failure logged (the next look tries again).
fn logged<T>(read: Result<T, challenges::ChallengeError>, what: &str) -> Option<T> {
    read.map_err(|e| eprintln!("event stream: {what} could not be read: {e}")).ok()
}

/// One event stream's task: what it has told its client.
struct EventStream {
    hub: Arc<Hub>,
    user: GuestId,
    base: String,
    lines: Lines,
    /// The open challenges told.
    challenges: HashMap<String, Challenge>,
    /// The games told as started and not yet as finished.
    games: HashSet<String>,
    /// One task per game told, ending (and saying so) when it is over.
    watchers: JoinSet<()>,
}

impl EventStream {
    async fn run(mut self, mut touched: broadcast::Receiver<String>) {
        let (ended_tx, mut ended) = mpsc::channel::<()>(8);
        let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + KEEP_ALIVE, KEEP_ALIVE);
        loop {
            if self.look_again(&ended_tx).await.is_err() {
                return;
            }
            loop {
                tokio::select! {
                    _ = self.lines.closed() => return,
                    got = touched.recv() => match got {
                        Ok(user) if user != self.user.0 => continue,
                        Err(broadcast::error::RecvError::Closed) => return,
                        _ => break,
                    },
                    _ = ended.recv() => break,
                    _ = tick.tick() => {
                        if self.lines.keep_alive().await.is_err() {
                            return;
                        }
                        break;
                    }
                }
            }
        }
    }

    /// Compares the user's games and challenges with what was told, and
    /// tells the difference; `Err` once the client has left. A database
    /// failure is logged and left for the next look.
    async fn look_again(&mut self, ended: &mpsc::Sender<()>) -> Result<(), ()> {
        let store = self.hub.store().clone();
        let Some(playing) = logged(challenges::playing_games_of(&store, &self.user).await, "the games of a user") else { return Ok(()) };
        for id in &playing {
            if !self.games.contains(id) && self.tell_game(id, "gameStart").await? {
                self.games.insert(id.clone());
                self.watch(id.clone(), ended.clone());
            }
        }
        let finished: Vec<String> = self.games.iter().filter(|id| !playing.contains(id)).cloned().collect();
        for id in finished {
            self.tell_game(&id, "gameFinish").await?;
            self.games.remove(&id);
        }
        let Some(open) = logged(challenges::open_challenges_of(&store, &self.user).await, "the challenges of a user") else { return Ok(()) };
        for c in &open {
            if !self.challenges.contains_key(&c.id) {
                self.tell_challenge("challenge", c).await?;
                self.challenges.insert(c.id.clone(), c.clone());
            }
        }
        let answered: Vec<String> = self.challenges.keys().filter(|id| !open.iter().any(|c| c.id == **id)).cloned().collect();
        for id in answered {
            let told = self.challenges.remove(&id);
            let now = challenges::challenge(&store, &id).await.ok().flatten().or(told);
            match now {
                Some(c) if c.status == ChallengeStatus::Declined => self.tell_challenge("challengeDeclined", &c).await?,
                // Accepted: its game's `gameStart` says so.
                Some(c) if c.status != ChallengeStatus::Accepted => self.tell_challenge("challengeCanceled", &c).await?,
                _ => {}
            }
        }
        Ok(())
    }

    async fn tell_challenge(&self, kind: &'static str, c: &Challenge) -> Result<(), ()> {
        match challenge_json(self.hub.store(), c, &self.base, &self.user).await {
            Ok(challenge) => self.lines.send(&Event::<_, ()>::Challenge { kind, challenge }).await,
            Err(e) => {
                eprintln!("event stream: challenge {} could not be told: {e}", c.id);
                Ok(())
            }
        }
    }

    /// Tells game `id` as the user's seat sees it now; whether it could be read.
    async fn tell_game(&self, id: &str, kind: &'static str) -> Result<bool, ()> {
        let Ok(handle) = self.hub.room(id).await else {
            return Ok(false);
        };
        let facts = GameFacts::of(self.hub.store(), &handle).await;
        let published = handle.subscribe().borrow().clone();
        let role = published.role_of(Some(&self.user));
        if role == Role::Spectator {
            return Ok(false);
        }
        match game_event_info(self.hub.store(), &facts, &published, role).await {
            Ok(game) => self.lines.send(&Event::<(), _>::Game { kind, game }).await.map(|_| true),
            Err(e) => {
                eprintln!("event stream: game {id} could not be told: {e}");
                Ok(false)
            }
        }
    }

    /// Says on `ended` when game `id` is over (or leaves memory).
    fn watch(&mut self, id: String, ended: mpsc::Sender<()>) {
        let hub = self.hub.clone();
        self.watchers.spawn(async move {
            if let Ok((_handle, mut updates)) = hub.watch(&id).await {
                while !updates.borrow_and_update().status.is_over() {
                    if updates.changed().await.is_err() {
                        break;
                    }
                }
            }
            let _ = ended.send(()).await;
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_process_holds_at_most_its_cap_of_streams_whoever_opens_them_and_a_closed_one_frees_its_place() {
        let streams = BotStreams { most: 5, ..Default::default() };
        let users: Vec<GuestId> = (0..5).map(|i| GuestId(format!("user{i}"))).collect();
        let kinds = [StreamKind::Events, StreamKind::Game];
        let mut slots: Vec<StreamSlot> = users.iter().zip(kinds.iter().cycle()).map(|(u, k)| streams.open(*k, u).ok().expect("room for it")).collect();
        let newcomer = GuestId("newcomer".into());
        for kind in kinds {
            let refused = streams.open(kind, &newcomer).err().expect("the process is full");
            assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
            assert!(refused.error.contains("Too many streams open on this server (5"), "{}", refused.error);
        }
        slots.pop();
        let again = streams.open(StreamKind::Game, &newcomer).ok().expect("a closed stream frees its place");
        assert!(streams.open(StreamKind::Events, &users[0]).is_err(), "full again");
        drop(again);
        drop(slots);
        assert_eq!(streams.open.lock().unwrap().total, 0);
        assert!(streams.open.lock().unwrap().per_user.is_empty());
    }

    #[test]
    fn a_users_own_cap_still_comes_first_below_the_process_cap() {
        let streams = BotStreams::default();
        let user = GuestId("someone".into());
        let slots: Vec<StreamSlot> = (0..MAX_EVENT_STREAMS).map(|_| streams.open(StreamKind::Events, &user).ok().expect("within the user's cap")).collect();
        let refused = streams.open(StreamKind::Events, &user).err().unwrap();
        assert!(refused.error.starts_with("Too many event streams"), "{}", refused.error);
        assert_eq!(slots.len(), MAX_EVENT_STREAMS);
    }
}
