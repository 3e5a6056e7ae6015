//! How the server meets its clients: connection timeouts and cap, WebSocket
//! keep-alive, where a client's address comes from, how finished games are
//! analysed (docs/server.md, "Limits").

use crate::net::{client_address, connections, websocket};

#[derive(Clone, Debug, Default)]
pub struct Settings {
    pub connections: connections::Settings,
    pub websocket: websocket::WebSocketSettings,
    pub client_address: client_address::Source,
    /// Every per-address limit lifted, for a load test whose clients all
    /// share one address (`bench/server-load`, the test harness).
    pub lift_per_address_limits: bool,
    /// The analysis workers of this process and their limits.
    pub analysis: crate::analysis::AnalysisSettings,
}
