//! The analysis board's WebSocket (docs/protocol.md, "Analysis board"):
//! `analyse` sets up a position and starts its search, `stop` stops it; the
//! server answers the position at once, then the engine's lines after
//! every completed iteration. The searches are `analysis::live`'s.

use crate::analysis::live::{Board, BoardError, BoardRequest, LiveAnalyses, LiveSearch};
use crate::game::hub::Hub;
use crate::net::client_address::ClientAddress;
use crate::net::protocol::{ErrorReply, MAX_MESSAGE_BYTES};
use crate::net::rate_limit::Limits;
use crate::net::reply::ApiError;
use crate::net::websocket::{close_for, WebSocketSettings, MAX_FRAME_BYTES, READ_BUFFER_BYTES};
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Extension;
use chesslantis_core::view::{OutcomeView, View};
use chesslantis_engine::{LiveLine, LiveReport, UciScore};
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Instant;

/// A message from the client.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum ClientMessage {
    Analyse(BoardRequest),
    Stop,
}

/// A score from White's side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
enum ScoreJson {
    Cp(i32),
    Mate(i32),
}

impl From<UciScore> for ScoreJson {
    fn from(s: UciScore) -> ScoreJson {
        match s {
            UciScore::Centipawns(cp) => ScoreJson::Cp(cp),
            UciScore::Mate(n) => ScoreJson::Mate(n),
        }
    }
}

#[derive(Serialize)]
struct LineJson {
    score: ScoreJson,
    san: Vec<String>,
    uci: Vec<String>,
}

#[derive(Serialize)]
struct OutcomeJson {
    action: String,
    probability: f64,
    score: ScoreJson,
}

/// A message from the server.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum ServerMessage {
    Position {
        view: Box<View>,
        san: Vec<String>,
    },
    Eval {
        #[serde(skip_serializing_if = "Option::is_none")]
        depth: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        nodes: Option<u64>,
        lines: Vec<LineJson>,
        #[serde(skip_serializing_if = "Option::is_none")]
        chance: Option<Vec<OutcomeJson>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        expected: Option<ScoreJson>,
        #[serde(skip_serializing_if = "Option::is_none")]
        over: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<String>,
        done: bool,
    },
    Error {
        code: &'static str,
        message: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        index: Option<usize>,
    },
}

impl ServerMessage {
    fn error(e: BoardError) -> ServerMessage {
        ServerMessage::Error {
            code: e.code,
            message: e.message,
            index: e.index,
        }
    }

    fn eval(report: &LiveReport) -> ServerMessage {
        let line = |l: &LiveLine| LineJson {
            score: l.score.into(),
            san: l.san.clone(),
            uci: l.uci.clone(),
        };
        let chance = report.chance.as_ref();
        ServerMessage::Eval {
            depth: Some(report.depth).filter(|_| report.note.is_none()),
            nodes: Some(report.nodes).filter(|_| report.note.is_none()),
            lines: report.lines.iter().map(line).collect(),
            chance: chance.map(|c| {
                c.outcomes
                    .iter()
                    .map(|o| OutcomeJson {
                        action: o.action.clone(),
                        probability: o.probability,
                        score: o.score.into(),
                    })
                    .collect()
            }),
            expected: chance.map(|c| c.expected.into()),
            over: None,
            note: report.note.clone(),
            done: report.done,
        }
    }

    fn over(outcome: OutcomeView) -> ServerMessage {
        ServerMessage::Eval {
            depth: None,
            nodes: None,
            lines: Vec::new(),
            chance: None,
            expected: None,
            over: Some(format!("{} {}", outcome.result, outcome.words)),
            note: None,
            done: true,
        }
    }

    fn text(&self) -> Message {
        let text = serde_json::to_string(self)
            .unwrap_or_else(|e| format!(r#"{{"type":"error","code":"internal","message":"the message could not be written: {e}"}}"#));
        Message::Text(text.into())
    }
}

/// A client's message read, or the error to answer.
fn decode(text: &str) -> Result<ClientMessage, BoardError> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(BoardError::new(
            "too_large",
            format!(
                "a message may have at most {MAX_MESSAGE_BYTES} bytes; this one has {}",
                text.len()
            ),
        ));
    }
    serde_json::from_str(text).map_err(|e| {
        BoardError::new(
            "malformed",
            format!(
                "{e}; send {{\"type\":\"analyse\",\"variant\":\"chess\",\"fen\":null,\"actions\":[\"e2e4\"],\"lines\":1}} or {{\"type\":\"stop\"}}"
            ),
        )
    })
}

/// The analysis board's WebSocket.
#[utoipa::path(get, path = "/ws/analysis", tag = "games",
    responses((status = 101, description = "Switching Protocols: the analysis board's WebSocket is open (anyone, guests too). \
        The client sends `analyse` (`{\"type\":\"analyse\",\"variant\":\"chess\",\"fen\":null,\"actions\":[\"e2e4\"],\"lines\":2}`) \
        and `stop`; the server sends `position` (the View as the referee sees it, with its legal actions, and the actions' SAN), \
        `eval` after every completed iteration (the best lines from White's side, or at a roll each outcome and the expected value; \
        the last has `done`) and `error` (`unknown_variant`, `bad_position`, `illegal`, `malformed`, `too_large`, `busy`, `too_fast`); \
        see docs/protocol.md, section Analysis board"),
        (status = 403, body = ErrorReply, description = "csrf: opened from another site's page"),
        (status = 429, body = ErrorReply, description = "rate_limited: this address has its analysis sockets open already")))]
pub async fn analysis_socket(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    client: ClientAddress,
    Extension(settings): Extension<WebSocketSettings>,
    Extension(limits): Extension<Arc<Limits>>,
    Extension(analyses): Extension<Arc<LiveAnalyses>>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    if !crate::net::csrf::origin_allowed(&headers) {
        return Err(ErrorReply::new("csrf", "this WebSocket was opened from another site's page (its Origin is not this server); open it from this server's pages").into());
    }
    let key = client.limit_key();
    let Some(ticket) = analyses.open_socket(&key) else {
        let mut e = ErrorReply::new(
            "rate_limited",
            format!(
                "this address has {} analysis boards open already; close one first",
                crate::analysis::live::SOCKETS_PER_ADDRESS
            ),
        );
        e.retry_after_s = Some(1);
        return Err(e.into());
    };
    let ws = ws
        .max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .read_buffer_size(READ_BUFFER_BYTES);
    Ok(ws.on_upgrade(move |socket| async move {
        connection(hub, limits, analyses, key, settings, socket).await;
        drop(ticket);
    }))
}

/// The reports of the search running, if one is.
async fn next_report(search: &mut Option<LiveSearch>) -> Option<LiveReport> {
    match search {
        Some(s) => s.reports.recv().await,
        None => std::future::pending().await,
    }
}

/// One analysis socket: its messages in, the position and the reports out.
async fn connection(
    hub: Arc<Hub>,
    limits: Arc<Limits>,
    analyses: Arc<LiveAnalyses>,
    key: String,
    settings: WebSocketSettings,
    socket: WebSocket,
) {
    let (mut sink, mut stream) = socket.split();
    let mut pings = tokio::time::interval_at(
        tokio::time::Instant::now() + settings.ping_every,
        settings.ping_every,
    );
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut heard = Instant::now();
    // Dropped with the connection, which stops it.
    let mut search: Option<LiveSearch> = None;
    loop {
        let deadline = search.as_ref().and_then(|s| s.deadline);
        tokio::select! {
            report = next_report(&mut search) => {
                match report {
                    Some(report) => {
                        if sink.send(ServerMessage::eval(&report).text()).await.is_err() { return; }
                    }
                    // The search's thread has ended.
                    None => search = None,
                }
            }
            _ = tokio::time::sleep_until(deadline.unwrap_or_else(tokio::time::Instant::now)), if deadline.is_some() => {
                if let Some(s) = &mut search { s.stop(); }
            }
            _ = pings.tick() => {
                if heard.elapsed() >= settings.silence_limit {
                    let reason = format!("nothing heard for {} s", settings.silence_limit.as_secs_f64());
                    let _ = sink.send(Message::Close(Some(CloseFrame { code: close_code::AWAY, reason: reason.into() }))).await;
                    return;
                }
                if sink.send(Message::Ping(Default::default())).await.is_err() { return; }
            }
            message = stream.next() => {
                heard = Instant::now();
                let text = match message {
                    None | Some(Ok(Message::Close(_))) => return,
                    Some(Err(e)) => {
                        if let Some(frame) = close_for(e) {
                            let _ = sink.send(Message::Close(Some(frame))).await;
                        }
                        return;
                    }
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Binary(_))) => {
                        let e = BoardError::new("malformed", "binary messages are not understood; send JSON text");
                        if sink.send(ServerMessage::error(e).text()).await.is_err() { return; }
                        continue;
                    }
                    Some(Ok(_)) => continue,
                };
                let replies = match decode(text.as_str()) {
                    Err(e) => vec![ServerMessage::error(e)],
                    Ok(ClientMessage::Stop) => {
                        if let Some(s) = &mut search { s.stop(); }
                        Vec::new()
                    }
                    Ok(ClientMessage::Analyse(request)) => {
                        if let Some(old) = search.take() {
                            // Its reports are of the position before: not sent.
                            old.finish().await;
                        }
                        match limits.analyses_per_address.hit(hub.store(), &key).await {
                            Err(wait) => vec![ServerMessage::error(BoardError::new(
                                "too_fast",
                                format!("too many positions asked from this address; wait {} s", wait.as_secs().max(1)),
                            ))],
                            Ok(()) => analyse(&analyses, &request, &mut search),
                        }
                    }
                };
                for reply in replies {
                    if sink.send(reply.text()).await.is_err() { return; }
                }
            }
        }
    }
}

/// What `analyse` answers at once: the position and, where the game is
/// over, its one report; else the search is started (or refused).
fn analyse(
    analyses: &LiveAnalyses,
    request: &BoardRequest,
    search: &mut Option<LiveSearch>,
) -> Vec<ServerMessage> {
    let board = match Board::set_up(request) {
        Ok(board) => board,
        Err(e) => return vec![ServerMessage::error(e)],
    };
    let mut replies = vec![ServerMessage::Position {
        view: Box::new(board.view()),
        san: board.san.clone(),
    }];
    if let Some(outcome) = board.game.outcome() {
        replies.push(ServerMessage::over(OutcomeView::new(outcome)));
        return replies;
    }
    match analyses.start(board) {
        Ok(started) => *search = Some(started),
        Err(e) => replies.push(ServerMessage::error(e)),
    }
    replies
}
