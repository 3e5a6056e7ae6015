//! The server's face to its clients: HTTP routes, WebSockets, and their
//! guards. Only here do domain errors become wire errors (`ErrorReply`, with
//! their HTTP status).
//!
//! - [`http`]: the router: every API route, the UI's pages.
//! - [`game_routes`] / [`account_routes`]: the handlers of games and seeks, of accounts.
//! - [`club_routes`]: the handlers of club events.
//! - [`arena_routes`]: lichess's arena API: arenas made, shown, joined and left, their results.
//! - [`analysis_routes`]: a finished game's computer analysis, asked for and read.
//! - [`analysis_socket`]: the analysis board's WebSocket: positions in, the engine's lines out.
//! - [`api_routes`]: lichess's routes (its Bot and Board API) for lichess's clients.
//! - [`bot_challenges`] / [`bot_games`] / [`bot_streams`]: lichess's challenges, game routes, and streams (the event stream among them).
//! - [`bot_shapes`]: lichess's JSON shapes of challenges, games and their states.
//! - [`websocket`]: a game's WebSocket: states out, actions in, keep-alive.
//! - [`protocol`]: the wire messages and `ErrorReply`.
//! - [`reply`]: an error reply with its HTTP status; domain errors mapped to it.
//! - [`caller`]: who sent a request: bearer token, session, guest cookie, a new guest.
//! - [`csrf`] / [`rate_limit`] / [`client_address`]: the guards of requests, per address.
//! - [`connections`]: accepting connections: timeouts, a cap, the open-file limit.
//! - [`openapi`]: the API's description at `/api/openapi.json`.
//! - [`ui`]: the browser UI (web/dist) embedded in the binary.

pub mod account_routes;
pub mod analysis_routes;
pub mod analysis_socket;
pub mod api_routes;
pub mod arena_routes;
pub mod bot_challenges;
pub mod bot_games;
pub mod bot_seek;
pub mod bot_shapes;
pub mod bot_streams;
pub mod caller;
pub mod client_address;
pub mod club_routes;
pub mod connections;
pub mod csrf;
pub mod game_routes;
pub mod http;
pub mod openapi;
pub mod protocol;
pub mod rate_limit;
pub mod reply;
pub mod ui;
pub mod websocket;
