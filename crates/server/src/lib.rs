//! Chesslantis server: the neutral referee for online play, split by
//! domain (crates/server/README.md, "Where things live"):
//!
//! - [`arena`]: arenas, lichess's arena tournaments in any variant.
//! - [`analysis`]: computer analysis of finished games, queued in the database.
//! - [`chat`]: a game's player and spectator chat rooms.
//! - [`club`]: club events: the Swiss of a club evening and its group match.
//! - [`game`]: rooms, clocks, dice, the engine as a player, the hub of games in memory.
//! - [`lobby`]: seeks, challenge links and rematches: games waiting for an opponent.
//! - [`user`]: guests, accounts, sessions, ratings.
//! - [`net`]: HTTP, WebSocket, their guards, the wire protocol and its errors.
//! - [`db`]: the store over SQLite or PostgreSQL, group commit, several processes.

pub mod analysis;
pub mod arena;
pub mod chat;
pub mod club;
pub mod db;
pub mod game;
pub mod lobby;
pub mod net;
pub mod settings;
pub mod time;
pub mod user;

/// The settings' parts `chesslantis serve` names by these paths.
pub use net::client_address;
pub use settings::Settings;

use game::{hub, room, verify};
use net::{connections, http, ui};
use std::net::SocketAddr;
use std::sync::Arc;

/// The database when none is given: a SQLite file in the working directory.
pub const DEFAULT_DATABASE: &str = "chesslantis.db";
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";

/// Opens the database (running migrations) and restores every live game.
pub async fn open(database: &str) -> Result<Arc<hub::Hub>, String> {
    let store = db::Store::open(database).await.map_err(|e| e.to_string())?;
    hub::Hub::start(store).await
}

/// Serves `hub` and the UI from `ui` on `listener` until `shutdown` completes,
/// with this process's analysis workers (`settings.analysis`).
pub async fn run(
    listener: tokio::net::TcpListener,
    hub: Arc<hub::Hub>,
    ui: ui::UiFiles,
    settings: Settings,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = Arc::new(net::rate_limit::Limits::default());
    if settings.lift_per_address_limits {
        limits.lift_per_address();
    }
    net::rate_limit::forget_old_counts(Arc::downgrade(&hub));
    let live = Arc::new(analysis::live::LiveAnalyses::new(&settings.analysis, settings.lift_per_address_limits));
    let analyser = analysis::Analyser::start(hub.store().clone(), settings.analysis).map_err(std::io::Error::other)?;
    club::autopilot::start(&hub);
    let app = http::router(hub, ui, settings.websocket, limits)
        .layer(axum::Extension(settings.client_address))
        .layer(axum::Extension(analyser))
        .layer(axum::Extension(live));
    connections::serve(listener, app, settings.connections, shutdown).await
}

/// `chesslantis serve`: listens on `addr` over `database` until Ctrl-C.
pub async fn serve(addr: &str, database: &str) -> Result<(), String> {
    serve_with(addr, database, Settings::default()).await
}

/// `chesslantis serve` with `settings`; the open-file limit is raised first
/// and the connection cap kept under it.
pub async fn serve_with(addr: &str, database: &str, mut settings: Settings) -> Result<(), String> {
    if let Some(files) = connections::raise_file_limit() {
        settings.connections = settings.connections.within_file_limit(files);
    }
    let hub = open(database).await?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot listen on {addr}: {e} (another server there? choose another address with --addr)"))?;
    let local: SocketAddr = listener.local_addr().map_err(|e| e.to_string())?;
    // Ctrl-C is caught from before the server says where it listens: one
    // that comes at once must stop it cleanly, not kill it.
    let interrupted = interrupted()?;
    println!("Chesslantis server at http://{local}/ (database: {database}); open it in a browser, Ctrl-C stops it");
    let served = run(listener, hub.clone(), ui::UiFiles::Embedded, settings, interrupted).await;
    hub.store().close().await;
    served.map_err(|e| format!("the server stopped: {e}"))
}

/// Completes at Ctrl-C (SIGINT); the handler is in place when this returns.
#[cfg(unix)]
fn interrupted() -> Result<impl std::future::Future<Output = ()> + Send + 'static, String> {
    use tokio::signal::unix::{signal, SignalKind};
    let mut interrupt = signal(SignalKind::interrupt()).map_err(|e| format!("cannot catch Ctrl-C: {e}"))?;
    Ok(async move {
        interrupt.recv().await;
    })
}

#[cfg(not(unix))]
fn interrupted() -> Result<impl std::future::Future<Output = ()> + Send + 'static, String> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(|e| format!("cannot start the async runtime: {e}"))
}

/// `chesslantis serve` from synchronous code.
pub fn serve_blocking(addr: &str, database: &str) -> Result<(), String> {
    serve_blocking_with(addr, database, Settings::default())
}

/// `chesslantis serve` with `settings`, from synchronous code.
pub fn serve_blocking_with(addr: &str, database: &str, settings: Settings) -> Result<(), String> {
    runtime()?.block_on(serve_with(addr, database, settings))
}

/// Where `verify-dice` reads a finished game from.
pub enum GameSource {
    /// A game's JSON as `GET /api/games/{id}/export` gives it.
    File(std::path::PathBuf),
    /// A game in the server's database.
    Database { database: String, game: String },
}

/// `chesslantis verify-dice`: the report, one line per roll, or what failed.
pub fn verify_dice(source: GameSource) -> Result<String, String> {
    let export = match source {
        GameSource::File(path) => {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            serde_json::from_str::<verify::GameExport>(&text)
                .map_err(|e| format!("{} is not a game export (GET /api/games/ID/export gives one): {e}", path.display()))?
        }
        GameSource::Database { database, game } => runtime()?.block_on(async {
            let store = db::Store::open(&database).await.map_err(|e| e.to_string())?;
            let (row, actions) = store
                .game(&game)
                .await
                .map_err(|e| e.to_string())?
                .ok_or_else(|| format!("there is no game '{game}' in {database}"))?;
            let room = room::Room::restore(&store, row, &actions, std::time::Instant::now())?;
            Ok::<_, String>(room.export())
        })?,
    };
    let rolls = verify::verify(&export)?;
    let mut report = format!("game {} ({}): the seed matches its commitment {}\n", export.id, export.variant, export.commitment);
    for r in &rolls {
        report.push_str(&format!("ply {}: {} verified\n", r.ply, r.roll));
    }
    report.push_str(&format!("{} rolls, all verified\n", rolls.len()));
    Ok(report)
}
