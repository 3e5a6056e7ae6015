//! Accepting connections. hyper's HTTP/1 server is driven here rather than
//! through `axum::serve`, which sets no timer and so no timeout at all: a
//! client that opens a connection and sends half a request (slowloris)
//! would hold its file descriptor for ever, and enough of them stop the
//! server. Here:
//! - a request's head must arrive within `header_read_timeout` (hyper's
//!   own timer, which also runs while a kept-alive connection waits for its
//!   next request);
//! - a request's body must arrive within `body_read_timeout` (a body sent a
//!   byte at a time would keep its connection busy, and so never idle);
//! - a connection that moves no byte either way for `idle_timeout` is
//!   closed (a stalled upload or a client that stopped reading; WebSockets
//!   are counted too, their pings keep a live one moving, see `websocket.rs`),
//!   unless the server is still answering its request (pairing 500 players
//!   may take longer: the client waits for it, it is not idle);
//! - at most `max_connections` are open: a new one closes the connection
//!   that moved a byte least recently, so newcomers are always served;
//! - the soft limit of open files is raised to the hard limit at start.

use axum::extract::ConnectInfo;
use axum::Router;
use futures_util::task::AtomicWaker;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::io;
use std::net::SocketAddr;
use std::future::Future;
use std::pin::{pin, Pin};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// A request's head (request line and headers) must arrive within this.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// A request's body must arrive within this of its head (bodies are at most
/// `protocol::MAX_MESSAGE_BYTES`); later, the request is refused as malformed.
pub const BODY_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// A connection that moves no byte either way for this long is closed.
/// Longer than `websocket::WEBSOCKET_PING_EVERY`, so a quiet game's WebSocket lives.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(60);
/// Open connections at most (fewer when the open-file limit is lower, see
/// `Settings::within_file_limit`).
pub const MAX_CONNECTIONS: usize = 16_384;
/// Open files kept for everything but connections: the database's, the
/// listener, the engine, logs.
pub const FILES_FOR_THE_REST: u64 = 128;
/// After an accept fails (out of file descriptors), wait this long before the next.
const ACCEPT_RETRY: Duration = Duration::from_millis(20);

/// How connections are timed and counted.
#[derive(Clone, Debug)]
pub struct Settings {
    pub header_read_timeout: Duration,
    pub body_read_timeout: Duration,
    pub idle_timeout: Duration,
    pub max_connections: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            header_read_timeout: HEADER_READ_TIMEOUT,
            body_read_timeout: BODY_READ_TIMEOUT,
            idle_timeout: IDLE_TIMEOUT,
            max_connections: MAX_CONNECTIONS,
        }
    }
}

impl Settings {
    /// The connection cap lowered to fit `open_files` (the process's soft
    /// limit), keeping `FILES_FOR_THE_REST` free: the server then sheds a
    /// connection before `accept` can fail for want of a descriptor.
    pub fn within_file_limit(mut self, open_files: u64) -> Settings {
        let room = open_files.saturating_sub(FILES_FOR_THE_REST).max(1);
        self.max_connections = self.max_connections.min(usize::try_from(room).unwrap_or(usize::MAX));
        self
    }
}

/// Raises the soft limit of open files to the hard limit; returns the soft
/// limit now in force (`None` where it cannot be read).
#[cfg(unix)]
pub fn raise_file_limit() -> Option<u64> {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return None;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit { rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit = raised;
            }
        }
    }
    #[allow(clippy::unnecessary_cast)] // rlim_t is 32 bits on some targets
    Some(limit.rlim_cur as u64)
}

#[cfg(not(unix))]
pub fn raise_file_limit() -> Option<u64> {
    None
}

/// One open connection's last sign of life, and the switch that closes it.
struct Activity {
    /// When a byte last moved, in ms since the registry's epoch.
    last_ms: AtomicU64,
    /// Requests being answered: a connection waiting for its answer is not idle.
    answering: AtomicU64,
    closed: AtomicBool,
    read_waker: AtomicWaker,
    write_waker: AtomicWaker,
}

/// The open connections.
struct Registry {
    epoch: Instant,
    next_id: AtomicU64,
    open: Mutex<HashMap<u64, Arc<Activity>>>,
}

impl Registry {
    fn new() -> Registry {
        Registry { epoch: Instant::now(), next_id: AtomicU64::new(0), open: Mutex::new(HashMap::new()) }
    }

    fn now_ms(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    fn open(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Arc<Activity>>> {
        self.open.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Counts `stream` in, closing the least recently active connection
    /// first when `max` are open.
    fn admit(self: &Arc<Self>, stream: TcpStream, max: usize) -> Tracked {
        let activity = Arc::new(Activity {
            last_ms: AtomicU64::new(self.now_ms()),
            answering: AtomicU64::new(0),
            closed: AtomicBool::new(false),
            read_waker: AtomicWaker::new(),
            write_waker: AtomicWaker::new(),
        });
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let mut open = self.open();
        while open.len() >= max.max(1) {
            if !Registry::shed_least_active(&mut open) {
                break;
            }
        }
        open.insert(id, activity.clone());
        drop(open);
        Tracked { stream, id, activity, registry: self.clone() }
    }

    /// Closes the connection that moved a byte least recently; false when none is open.
    fn shed_least_active(open: &mut HashMap<u64, Arc<Activity>>) -> bool {
        let Some(id) = open.iter().min_by_key(|(_, a)| a.last_ms.load(Ordering::Relaxed)).map(|(id, _)| *id) else {
            return false;
        };
        if let Some(activity) = open.remove(&id) {
            activity.close();
        }
        true
    }

    /// Closes every connection idle for `idle` or longer.
    fn close_idle(&self, idle: Duration) {
        let now = self.now_ms();
        let idle = idle.as_millis() as u64;
        self.open().retain(|_, a| {
            let keep = now.saturating_sub(a.last_ms.load(Ordering::Relaxed)) < idle || a.answering.load(Ordering::Relaxed) > 0;
            if !keep {
                a.close();
            }
            keep
        });
    }
}

/// Counts a request as being answered while it lives.
struct Answering(Arc<Activity>);

impl Answering {
    fn new(activity: Arc<Activity>) -> Answering {
        activity.answering.fetch_add(1, Ordering::Relaxed);
        Answering(activity)
    }
}

impl Drop for Answering {
    fn drop(&mut self) {
        self.0.answering.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Activity {
    /// The connection's next read or write fails, which ends it (a waiting one is woken).
    fn close(&self) {
        self.closed.store(true, Ordering::Release);
        self.read_waker.wake();
        self.write_waker.wake();
    }

    fn closed_error() -> io::Error {
        io::Error::new(io::ErrorKind::TimedOut, "the connection was idle too long, or shed for a newer one")
    }
}

/// A TCP stream that notes when bytes move and can be closed from outside.
struct Tracked {
    stream: TcpStream,
    id: u64,
    activity: Arc<Activity>,
    registry: Arc<Registry>,
}

impl Tracked {
    fn touch(&self) {
        self.activity.last_ms.store(self.registry.now_ms(), Ordering::Relaxed);
    }
}

impl Drop for Tracked {
    fn drop(&mut self) {
        self.registry.open().remove(&self.id);
    }
}

impl AsyncRead for Tracked {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        // The waker first, then the switch: a close between the two still wakes this task.
        self.activity.read_waker.register(cx.waker());
        if self.activity.closed.load(Ordering::Acquire) {
            return Poll::Ready(Err(Activity::closed_error()));
        }
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.touch();
        }
        polled
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, data: &[u8]) -> Poll<io::Result<usize>> {
        self.activity.write_waker.register(cx.waker());
        if self.activity.closed.load(Ordering::Acquire) {
            return Poll::Ready(Err(Activity::closed_error()));
        }
        let polled = Pin::new(&mut self.stream).poll_write(cx, data);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        polled
    }

    fn poll_write_vectored(mut self: Pin<&mut Self>, cx: &mut Context<'_>, data: &[io::IoSlice<'_>]) -> Poll<io::Result<usize>> {
        self.activity.write_waker.register(cx.waker());
        if self.activity.closed.load(Ordering::Acquire) {
            return Poll::Ready(Err(Activity::closed_error()));
        }
        let polled = Pin::new(&mut self.stream).poll_write_vectored(cx, data);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Closes idle connections, looking a few times per `idle` period.
async fn close_idle_connections(registry: Arc<Registry>, idle: Duration) {
    let every = (idle / 4).clamp(Duration::from_millis(10), Duration::from_secs(1));
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        registry.close_idle(idle);
    }
}

/// Aborts its task when dropped.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Serves `router` on `listener` until `shutdown` completes; then stops
/// accepting, lets each HTTP connection finish its request, and returns
/// when they are closed (WebSockets, handed over already, are not waited for).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    settings: Settings,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let registry = Arc::new(Registry::new());
    let _sweeper = AbortOnDrop(tokio::spawn(close_idle_connections(registry.clone(), settings.idle_timeout)));
    // `stop` tells each connection to finish; `done` is held by each until it ends.
    let (stop, stopping) = watch::channel(());
    let (done, done_watch) = watch::channel(());
    let mut shutdown = pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = &mut shutdown => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) if is_connection_error(&e) => continue,
            Err(_) => {
                // Out of file descriptors (the cap is set below the limit, so
                // something else holds them): free one and try again shortly.
                Registry::shed_least_active(&mut registry.open());
                tokio::time::sleep(ACCEPT_RETRY).await;
                continue;
            }
        };
        // Moves are small messages: without TCP_NODELAY, Nagle's algorithm holds
        // one back until the peer's delayed ACK (tens of milliseconds a move).
        let _ = stream.set_nodelay(true);
        let stream = registry.admit(stream, settings.max_connections);
        tokio::spawn(serve_connection(stream, peer, router.clone(), settings.clone(), stopping.clone(), done_watch.clone()));
    }
    drop(listener);
    stop.send_replace(());
    drop(done_watch);
    done.closed().await;
    Ok(())
}

/// Errors of one connection that came and went: the listener is fine.
fn is_connection_error(e: &io::Error) -> bool {
    matches!(e.kind(), io::ErrorKind::ConnectionRefused | io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset)
}

async fn serve_connection(
    stream: Tracked,
    peer: SocketAddr,
    router: Router,
    settings: Settings,
    mut stop: watch::Receiver<()>,
    _done: watch::Receiver<()>,
) {
    let body_read_timeout = settings.body_read_timeout;
    // The peer's address for `ConnectInfo` (and `ClientAddress`), as `axum::serve` gives it.
    let activity = stream.activity.clone();
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let mut request = request.map(|body| axum::body::Body::new(Deadline::new(body, body_read_timeout)));
        request.extensions_mut().insert(ConnectInfo(peer));
        let answering = Answering::new(activity.clone());
        let answer = tower::ServiceExt::oneshot(router.clone(), request);
        async move {
            let response = answer.await;
            drop(answering);
            response
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(settings.header_read_timeout);
    let mut connection = pin!(builder.serve_connection(TokioIo::new(stream), service).with_upgrades());
    tokio::select! {
        _ = connection.as_mut() => return,
        _ = stop.changed() => connection.as_mut().graceful_shutdown(),
    }
    let _ = connection.await;
}

/// A request body that fails once `timeout` has passed since its head arrived.
struct Deadline {
    body: Incoming,
    expires: Pin<Box<tokio::time::Sleep>>,
    timeout: Duration,
}

impl Deadline {
    fn new(body: Incoming, timeout: Duration) -> Deadline {
        Deadline { body, expires: Box::pin(tokio::time::sleep(timeout)), timeout }
    }
}

impl http_body::Body for Deadline {
    type Data = hyper::body::Bytes;
    type Error = Box<dyn std::error::Error + Send + Sync>;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        if let Poll::Ready(frame) = Pin::new(&mut self.body).poll_frame(cx) {
            return Poll::Ready(frame.map(|f| f.map_err(Into::into)));
        }
        if self.expires.as_mut().poll(cx).is_ready() {
            let seconds = self.timeout.as_secs_f64();
            return Poll::Ready(Some(Err(format!("the body did not arrive within {seconds} s of the request's head; send it at once").into())));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A request the server takes longer to answer than the idle time is
    /// answered; a connection that sends nothing is still closed.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_connection_waiting_for_a_slow_answer_is_not_idle() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let idle = Duration::from_millis(100);
        let router = Router::new().route(
            "/slow",
            axum::routing::get(move || async move {
                tokio::time::sleep(idle * 5).await;
                "done"
            }),
        );
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let settings = Settings { idle_timeout: idle, ..Settings::default() };
        tokio::spawn(serve(listener, router, settings, std::future::pending()));
        let mut slow = tokio::net::TcpStream::connect(addr).await.unwrap();
        slow.write_all(b"GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.unwrap();
        let mut silent = tokio::net::TcpStream::connect(addr).await.unwrap();
        let mut answer = String::new();
        slow.read_to_string(&mut answer).await.unwrap();
        assert!(answer.starts_with("HTTP/1.1 200") && answer.ends_with("done"), "{answer}");
        let mut nothing = Vec::new();
        let closed = silent.read_to_end(&mut nothing).await;
        assert!(closed.is_err() || nothing.is_empty(), "the silent connection is closed without an answer");
    }

    #[test]
    fn the_cap_leaves_room_for_the_rest_of_the_files() {
        assert_eq!(Settings::default().within_file_limit(1024).max_connections, 1024 - 128);
        assert_eq!(Settings::default().within_file_limit(1 << 20).max_connections, MAX_CONNECTIONS);
        assert_eq!(Settings::default().within_file_limit(10).max_connections, 1);
    }

    #[test]
    #[cfg(unix)]
    fn the_soft_file_limit_is_raised_to_the_hard_limit() {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit and setrlimit only read and write the struct given.
        unsafe {
            assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit), 0);
            let lowered = libc::rlimit { rlim_cur: limit.rlim_max - 1, rlim_max: limit.rlim_max };
            assert_eq!(libc::setrlimit(libc::RLIMIT_NOFILE, &lowered), 0, "a soft limit below the hard one, as `ulimit -S -n` leaves it");
        }
        #[allow(clippy::unnecessary_cast)] // rlim_t is 32 bits on some targets
        let hard = limit.rlim_max as u64;
        assert_eq!(raise_file_limit(), Some(hard));
        let mut now = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: as above.
        assert_eq!(unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut now) }, 0);
        assert_eq!(now.rlim_cur, limit.rlim_max);
    }
}
