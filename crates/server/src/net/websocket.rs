//! A game's WebSocket (docs/protocol.md, "Server"): its state on connect
//! and after every change, actions, `abort` and `sync` from the client, the
//! chat rooms this connection reads and their new lines, a ping to keep it
//! alive and find it dead, a close frame for a breach of the protocol.

use crate::chat::channel::Posted;
use crate::game::hub::Hub;
use crate::game::room_handle::{Published, RoomHandle};
use crate::net::caller::guest_of;
use crate::net::protocol::{self, ClientMessage, ErrorReply, ServerMessage};
use crate::net::reply::ApiError;
use crate::user::identity::GuestId;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Extension;
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Larger WebSocket frames close the connection; smaller ones above
/// `protocol::MAX_MESSAGE_BYTES` get an error reply.
pub const MAX_FRAME_BYTES: usize = 64 * 1024;
/// The WebSocket's read buffer; a larger message is read in several steps.
pub(crate) const READ_BUFFER_BYTES: usize = 4096;
/// The server pings each WebSocket this often, so a live one always moves
/// bytes (see `connections::IDLE_TIMEOUT`) and a dead one is found.
pub const WEBSOCKET_PING_EVERY: Duration = Duration::from_secs(20);
/// A WebSocket from which nothing (not even a pong) arrived for this long
/// is closed: its client is gone without a word (a half-open connection).
pub const WEBSOCKET_SILENCE_LIMIT: Duration = Duration::from_secs(60);
/// After closing a WebSocket for a protocol error, the connection stays
/// open this long so the client reads the close frame before the socket goes.
const CLOSE_LINGER: Duration = Duration::from_secs(1);

/// How the server keeps its WebSockets alive.
#[derive(Clone, Copy, Debug)]
pub struct WebSocketSettings {
    pub ping_every: Duration,
    pub silence_limit: Duration,
}

impl Default for WebSocketSettings {
    fn default() -> Self {
        WebSocketSettings { ping_every: WEBSOCKET_PING_EVERY, silence_limit: WEBSOCKET_SILENCE_LIMIT }
    }
}

/// The game's WebSocket: a state on connect and after every change, actions
/// and `sync` from the client (docs/protocol.md, section Server).
#[utoipa::path(get, path = "/ws/games/{id}", tag = "games", params(("id" = String, Path, description = "The game's id")),
    responses((status = 101, description = "Switching Protocols: the WebSocket is open; the cookie says which seat, if any. \
        The server sends `state`, `error`, `rematch`, `chat_rooms` (a ChatRooms: after the first state, and when it changes) and `chat_line` \
        (`{\"type\":\"chat_line\",\"room\":\"player\",\"line\":ChatLine}`); the client sends `action` (a move, a draw \
        or takeback word: `propose takeback`, `accept takeback`, `decline takeback`), `abort`, `sync` and \
        `chat` (`{\"type\":\"chat\",\"text\":\"gg\"}`, in its own room); see docs/protocol.md, sections Server, Takebacks and Chat"),
        (status = 403, body = ErrorReply, description = "csrf: opened from another site's page"), (status = 404, body = ErrorReply)))]
pub async fn websocket(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Extension(settings): Extension<WebSocketSettings>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    // A page of another site may open a WebSocket with this site's cookies
    // (CSRF by WebSocket): its Origin gives it away.
    if !crate::net::csrf::origin_allowed(&headers) {
        return Err(ErrorReply::new("csrf", "this WebSocket was opened from another site's page (its Origin is not this server); open it from this server's pages").into());
    }
    let guest = guest_of(&hub, &headers).await;
    let (handle, updates) = hub.watch(&id).await?;
    // A seek's creator connected keeps the seek open until they leave.
    let presence = hub.presence(&handle, guest.as_ref()).await;
    // A client sends only small actions: a small read buffer, since
    // tungstenite zeroes the whole buffer (128 KiB by default) on every read.
    // A frame's size is checked from its header, before its payload is read.
    let ws = ws.max_message_size(MAX_FRAME_BYTES).max_frame_size(MAX_FRAME_BYTES).read_buffer_size(READ_BUFFER_BYTES);
    Ok(ws.on_upgrade(move |socket| async move {
        connection(hub, handle, updates, guest, settings, socket).await;
        drop(presence);
    }))
}

/// The close frame for a WebSocket protocol error, if the connection is
/// still there to hear it: 1007 for text that is not UTF-8, 1009 for a
/// message over `MAX_FRAME_BYTES`, 1002 for any other breach of RFC 6455.
pub(crate) fn close_for(error: axum::Error) -> Option<CloseFrame> {
    let error = error.into_inner().downcast::<tungstenite::Error>().ok()?;
    let (code, reason) = match *error {
        tungstenite::Error::Utf8(_) => (close_code::INVALID, "a text message must be UTF-8".to_string()),
        tungstenite::Error::Capacity(_) => (close_code::SIZE, format!("a message may have at most {MAX_FRAME_BYTES} bytes")),
        tungstenite::Error::Protocol(e) => (close_code::PROTOCOL, e.to_string()),
        _ => return None,
    };
    Some(CloseFrame { code, reason: reason.into() })
}

fn json_text(message: &ServerMessage) -> Message {
    Message::Text(serde_json::to_string(message).unwrap_or_else(|e| format!(r#"{{"type":"error","code":"internal","message":"{e}"}}"#)).into())
}

/// The connection's role's state.
fn state_of(published: &Published, guest: Option<&GuestId>) -> Message {
    Message::Text(published.message(published.role_of(guest), protocol::state_message))
}

/// The rematch, the first time this connection hears of it.
fn rematch_notice(published: &Published, told_rematch: &mut bool) -> Option<Message> {
    let r = published.rematch.as_ref().filter(|_| !*told_rematch)?;
    *told_rematch = true;
    Some(json_text(&ServerMessage::Rematch { id: r.id.clone(), by: r.by }))
}

/// What a change of the room means for one connection: its role's state,
/// and the rematch the first time this connection hears of it.
fn update_messages(published: &Published, guest: Option<&GuestId>, told_rematch: &mut bool) -> Vec<Message> {
    std::iter::once(state_of(published, guest)).chain(rematch_notice(published, told_rematch)).collect()
}

/// What a connection holds of the chat: the last line of each room it was
/// sent, and whether it was sent the rooms of a game over.
#[derive(Default)]
struct ChatSeen {
    last: [u64; 2],
    over: bool,
}

/// The chat as this connection may see it now (an error it alone hears if
/// it cannot be read), noting what it holds.
async fn chat_rooms_message(hub: &Hub, handle: &RoomHandle, guest: Option<&GuestId>, seen: &mut ChatSeen) -> Message {
    seen.over = handle.subscribe().borrow().status.is_over();
    match hub.chat_rooms(handle, guest).await {
        Ok(rooms) => {
            for log in &rooms.rooms {
                seen.last[log.room.index()] = log.lines.last().map_or(0, |l| l.n);
            }
            json_text(&ServerMessage::ChatRooms(rooms))
        }
        Err(e) => json_text(&ServerMessage::Error(e.into())),
    }
}

/// A line posted in the game: sent when this connection reads its room and
/// does not hold it yet.
fn chat_line_message(published: &Published, guest: Option<&GuestId>, posted: &Posted, seen: &mut ChatSeen) -> Option<Message> {
    let last = &mut seen.last[posted.room.index()];
    if !Hub::chat_reader(published, guest).reads(posted.room) || posted.line.n <= *last {
        return None;
    }
    *last = posted.line.n;
    Some(json_text(&ServerMessage::ChatLine { room: posted.room, line: posted.line.clone() }))
}

/// One WebSocket: the state on connect and after every change, the chat,
/// the connection's own errors to it alone.
async fn connection(
    hub: Arc<Hub>,
    handle: Arc<RoomHandle>,
    mut updates: tokio::sync::watch::Receiver<Arc<Published>>,
    guest: Option<GuestId>,
    settings: WebSocketSettings,
    socket: WebSocket,
) {
    let (mut sink, mut stream) = socket.split();
    let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + settings.ping_every, settings.ping_every);
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut heard = Instant::now();
    let mut told_rematch = false;
    let current = |updates: &mut tokio::sync::watch::Receiver<Arc<Published>>| state_of(&updates.borrow_and_update().clone(), guest.as_ref());
    // Subscribed before the rooms are read: a line posted meanwhile is in both, and sent once.
    let mut chat_lines = handle.chat.subscribe();
    let mut chat = ChatSeen::default();
    let first = updates.borrow_and_update().clone();
    // The state, the chat right after it, then a rematch to hear of.
    let chat_rooms = chat_rooms_message(&hub, &handle, guest.as_ref(), &mut chat).await;
    let first_messages = [Some(state_of(&first, guest.as_ref())), Some(chat_rooms), rematch_notice(&first, &mut told_rematch)];
    for m in first_messages.into_iter().flatten() {
        if sink.send(m).await.is_err() {
            return;
        }
    }
    loop {
        tokio::select! {
            changed = updates.changed() => {
                if changed.is_err() {
                    return;
                }
                let published = updates.borrow_and_update().clone();
                for m in update_messages(&published, guest.as_ref(), &mut told_rematch) {
                    if sink.send(m).await.is_err() {
                        return;
                    }
                }
                // The game ended: the players now read the spectator room too.
                if published.status.is_over() != chat.over
                    && sink.send(chat_rooms_message(&hub, &handle, guest.as_ref(), &mut chat).await).await.is_err()
                {
                    return;
                }
            }
            posted = chat_lines.recv() => {
                let message = match posted {
                    Ok(posted) => {
                        let published = updates.borrow().clone();
                        chat_line_message(&published, guest.as_ref(), &posted, &mut chat)
                    }
                    // Fallen behind: the whole chat again, rather than lines missing.
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => Some(chat_rooms_message(&hub, &handle, guest.as_ref(), &mut chat).await),
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
                };
                if let Some(m) = message {
                    if sink.send(m).await.is_err() { return; }
                }
            }
            _ = pings.tick() => {
                if heard.elapsed() >= settings.silence_limit {
                    let reason = format!("nothing heard for {} s", settings.silence_limit.as_secs_f64());
                    let _ = sink.send(Message::Close(Some(CloseFrame { code: close_code::AWAY, reason: reason.into() }))).await;
                    return;
                }
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
            }
            message = stream.next() => {
                let received = Instant::now();
                heard = received;
                let text = match message {
                    None | Some(Ok(Message::Close(_))) => return,
                    Some(Err(e)) => {
                        if let Some(frame) = close_for(e) {
                            if sink.send(Message::Close(Some(frame))).await.is_ok() {
                                tokio::time::sleep(CLOSE_LINGER).await;
                            }
                        }
                        return;
                    }
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Binary(_))) => {
                        let e = ErrorReply::new("unknown_message", "binary messages are not understood; send JSON text");
                        if sink.send(json_text(&ServerMessage::Error(e))).await.is_err() { return; }
                        continue;
                    }
                    Some(Ok(_)) => continue,
                };
                let outcome = match protocol::decode(text.as_str()) {
                    Err(e) => Err(e),
                    Ok(ClientMessage::Action { ply, action }) => hub.act(&handle, guest.as_ref(), ply, &action, received).await.map_err(ErrorReply::from),
                    Ok(ClientMessage::Abort) => hub.abort(&handle, guest.as_ref()).await.map_err(ErrorReply::from),
                    Ok(ClientMessage::Chat { text }) => hub.chat(&handle, guest.as_ref(), &text, received).await.map_err(ErrorReply::from),
                    Ok(ClientMessage::Sync) => {
                        if sink.send(current(&mut updates)).await.is_err() { return; }
                        Ok(())
                    }
                };
                if let Err(e) = outcome {
                    let stale = e.code == "stale";
                    if sink.send(json_text(&ServerMessage::Error(e))).await.is_err() { return; }
                    if stale && sink.send(current(&mut updates)).await.is_err() { return; }
                }
            }
        }
    }
}
