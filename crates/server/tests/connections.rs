//! Connections that hold the server without using it: requests that never
//! finish their head (slowloris), more connections than the cap, WebSockets
//! whose client went silent, and WebSocket frames that break the protocol
//! (docs/server.md, "Limits").

mod common;

use chesslantis_server::net::connections;
use chesslantis_server::net::websocket::WebSocketSettings;
use chesslantis_server::Settings;
use common::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::Message;

/// Half a request: its line and one header, never the blank line that ends the head.
const PARTIAL_REQUEST: &[u8] = b"GET /api/variants HTTP/1.1\r\nHost: example\r\n";

async fn partial_request(addr: SocketAddr) -> TcpStream {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    stream.write_all(PARTIAL_REQUEST).await.unwrap();
    stream
}

/// Reads until the server closes the connection; what it sent before.
async fn until_closed(stream: &mut TcpStream) -> Vec<u8> {
    let mut received = Vec::new();
    let read = tokio::time::timeout(PATIENCE, async {
        let mut buf = [0u8; 4096];
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => received.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    assert!(read.is_ok(), "the server kept the connection open; it sent {:?}", String::from_utf8_lossy(&received));
    received
}

fn settings(connections: connections::Settings) -> Settings {
    Settings { connections, ..Default::default() }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_that_never_finish_their_head_are_closed_and_others_are_served_meanwhile() {
    let dir = tempfile::tempdir().unwrap();
    let db = &databases(&dir)[0];
    let server = TestServer::start_as_served(
        db,
        settings(connections::Settings { header_read_timeout: Duration::from_millis(500), ..Default::default() }),
    );
    let mut stalled = Vec::new();
    for _ in 0..50 {
        stalled.push(partial_request(server.addr).await);
    }
    let mut silent = TcpStream::connect(server.addr).await.unwrap();
    let r = http_raw(server.addr, "GET", "/api/variants", None, None).await;
    assert_eq!(r.status, 200, "served while 51 connections hang: {}", r.body);
    for stream in &mut stalled {
        until_closed(stream).await;
    }
    until_closed(&mut silent).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_over_the_cap_closes_the_least_recently_active_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = &databases(&dir)[0];
    // Heads may take a minute here: only the cap closes anything.
    let server = TestServer::start_as_served(
        db,
        settings(connections::Settings { max_connections: 4, header_read_timeout: Duration::from_secs(60), ..Default::default() }),
    );
    let mut oldest = partial_request(server.addr).await;
    // A millisecond apart at least, so the oldest is the least recently active.
    tokio::time::sleep(Duration::from_millis(20)).await;
    let mut others = Vec::new();
    for _ in 0..3 {
        others.push(partial_request(server.addr).await);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The fifth connection (this request) makes room by closing the oldest.
    let r = http_raw(server.addr, "GET", "/api/variants", None, None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    until_closed(&mut oldest).await;
    // The three others are still open: each finishes its request and is answered.
    for stream in &mut others {
        stream.write_all(b"Connection: close\r\n\r\n").await.unwrap();
        let answer = until_closed(stream).await;
        assert!(answer.starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&answer));
    }
}

/// A WebSocket opened by hand: the handshake written and its answer read,
/// nothing more, so no ping is ever answered.
async fn raw_websocket(addr: SocketAddr, game: &str) -> TcpStream {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let handshake = format!(
        "GET /ws/games/{game} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    stream.write_all(handshake.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0u8; 1];
        stream.read_exact(&mut byte).await.unwrap();
        head.push(byte[0]);
    }
    assert!(head.starts_with(b"HTTP/1.1 101"), "{}", String::from_utf8_lossy(&head));
    stream
}

/// The server's frames in `bytes` (unmasked): each opcode with its payload.
fn frames(mut bytes: &[u8]) -> Vec<(u8, Vec<u8>)> {
    let mut all = Vec::new();
    while bytes.len() >= 2 {
        let opcode = bytes[0] & 0x0f;
        let (len, start) = match bytes[1] & 0x7f {
            126 => (u16::from_be_bytes([bytes[2], bytes[3]]) as usize, 4),
            127 => (u64::from_be_bytes(bytes[2..10].try_into().unwrap()) as usize, 10),
            n => (n as usize, 2),
        };
        all.push((opcode, bytes[start..start + len].to_vec()));
        bytes = &bytes[start + len..];
    }
    all
}

const PING: u8 = 0x9;
const CLOSE: u8 = 0x8;

fn close_code(payload: &[u8]) -> u16 {
    u16::from_be_bytes([payload[0], payload[1]])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_whose_client_is_silent_is_pinged_then_closed() {
    let dir = tempfile::tempdir().unwrap();
    let db = &databases(&dir)[0];
    let websocket = WebSocketSettings { ping_every: Duration::from_millis(100), silence_limit: Duration::from_millis(500) };
    let server = TestServer::start_as_served(db, Settings { websocket, ..Default::default() });
    let id = Guest::new(server.addr).await.create(json!({"variant": "chess"})).await;
    let mut ws = raw_websocket(server.addr, &id).await;
    let sent = frames(&until_closed(&mut ws).await);
    assert_eq!(sent[0].0, 0x1, "the state first, as text");
    assert!(sent.iter().any(|(op, _)| *op == PING), "pinged before closing: {:?}", sent.iter().map(|f| f.0).collect::<Vec<_>>());
    let (op, payload) = sent.last().unwrap();
    assert_eq!(*op, CLOSE, "a close frame last");
    assert_eq!(close_code(payload), 1001, "going away: {}", String::from_utf8_lossy(&payload[2..]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_that_answers_pings_stays_open() {
    let dir = tempfile::tempdir().unwrap();
    let db = &databases(&dir)[0];
    let websocket = WebSocketSettings { ping_every: Duration::from_millis(50), silence_limit: Duration::from_secs(2) };
    let server = TestServer::start_as_served(db, Settings { websocket, ..Default::default() });
    let guest = Guest::new(server.addr).await;
    let id = guest.create(json!({"variant": "chess"})).await;
    let mut conn = guest.connect(&id).await;
    // Forty pings, each answered as tungstenite reads it: 2 s of pings, the
    // silence limit, without a word from the client but its pongs.
    let mut pings = 0;
    while pings < 40 {
        match tokio::time::timeout(PATIENCE, conn.ws.next()).await.expect("a frame in time") {
            Some(Ok(Message::Ping(_))) => pings += 1,
            Some(Ok(Message::Close(c))) => panic!("closed while answering pings: {c:?}"),
            other => assert!(matches!(other, Some(Ok(_))), "{other:?}"),
        }
    }
    conn.send(json!({"type": "sync"})).await;
    assert_eq!(conn.next().await["type"], "state", "still open and answering");
}

/// Sends `frame` and returns the close frame the server answers with.
async fn close_after(addr: SocketAddr, game: &str, frame: Message) -> (u16, String) {
    let mut conn = Conn::open(addr, game, None).await;
    conn.ws.send(frame).await.unwrap();
    loop {
        match tokio::time::timeout(PATIENCE, conn.ws.next()).await.expect("an answer in time") {
            Some(Ok(Message::Close(Some(c)))) => return (c.code.into(), c.reason.to_string()),
            Some(Ok(Message::Close(None))) | None | Some(Err(_)) => panic!("the connection ended without a close code"),
            Some(Ok(_)) => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_protocol_errors_get_a_close_frame_with_their_code() {
    let dir = tempfile::tempdir().unwrap();
    let db = &databases(&dir)[0];
    let server = TestServer::start(db);
    let id = Guest::new(server.addr).await.create(json!({"variant": "chess"})).await;

    let not_utf8 = Message::Frame(Frame::message(vec![b'{', 0xff, 0xfe, b'}'], OpCode::Data(Data::Text), true));
    let (code, reason) = close_after(server.addr, &id, not_utf8).await;
    assert_eq!((code, reason.as_str()), (1007, "a text message must be UTF-8"));

    let too_big = Message::Text("x".repeat(70 * 1024).into());
    let (code, reason) = close_after(server.addr, &id, too_big).await;
    assert_eq!((code, reason.as_str()), (1009, "a message may have at most 65536 bytes"));

    // The server is unaffected: the game answers a new connection.
    let mut conn = Conn::open(server.addr, &id, None).await;
    conn.send(json!({"type": "sync"})).await;
    assert_eq!(conn.next().await["type"], "state");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_does_not_arrive_in_time_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = &databases(&dir)[0];
    let server = TestServer::start_as_served(
        db,
        settings(connections::Settings { body_read_timeout: Duration::from_millis(300), ..Default::default() }),
    );
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: {0}\r\nOrigin: http://{0}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"variant\"",
        server.addr
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    // The rest of the body never comes: the answer does, and the connection ends.
    let answer = String::from_utf8(until_closed(&mut stream).await).unwrap();
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains(r#""code":"malformed""#) && answer.contains("did not arrive within 0.3 s"), "{answer}");
}
