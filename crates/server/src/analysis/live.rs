//! The analysis board's searches (docs/protocol.md, "Analysis board"): a
//! position set up from a variant, a FEN and the actions played since, and
//! the engine's search of it on a thread of its own.
//!
//! The searches are a pool of their own, apart from the engine seats of
//! live games and from the finished-game workers: at most
//! `AnalysisSettings::live` run at once in a process (a slot each), every
//! one capped by depth and time, one per connection. A connection's
//! analysis sockets are counted per client address.
//!
//! Fair play: the board analyses what its user gives it, from the whole
//! truth (both Beirut carriers: it is the user's own board). A game's
//! actions are only given out once it is over (`GET /api/games/{id}/export`).

use crate::analysis::AnalysisSettings;
use chesslantis_core::view::View;
use chesslantis_core::{DynGame, Entry, ErrorCode, Seat, Viewer};
use chesslantis_engine::LiveReport;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, OwnedSemaphorePermit, Semaphore};

/// The most actions one position may be set up with.
pub const MAX_ACTIONS: usize = 600;
/// Analysis sockets one client address may hold open at once.
pub const SOCKETS_PER_ADDRESS: usize = 2;
/// The transposition table of one board search, in megabytes: small, since
/// a search lasts seconds, and several may run at once.
pub const HASH_MB: usize = 16;

/// One action of the actions played: its text, played by whoever is to act,
/// or an entry of a game's export (`{"seat":"white","action":"resign"}`),
/// which says who acted (a resignation, a draw offer).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum PlayedAction {
    Text(String),
    Entry(Entry),
}

/// What the user asks to analyse.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardRequest {
    pub variant: String,
    /// The variant's start when absent or null.
    #[serde(default)]
    pub fen: Option<String>,
    #[serde(default)]
    pub actions: Vec<PlayedAction>,
    /// Lines to show, 1 to `chesslantis_engine::live::MAX_LINES` (1 when absent).
    #[serde(default)]
    pub lines: Option<usize>,
}

/// A request refused: the protocol's code, the words, and for an action the index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError {
    pub code: &'static str,
    pub message: String,
    pub index: Option<usize>,
}

impl BoardError {
    pub fn new(code: &'static str, message: impl Into<String>) -> BoardError {
        BoardError {
            code,
            message: message.into(),
            index: None,
        }
    }
}

/// A position set up: the game, and its actions as the move list shows them.
pub struct Board {
    pub game: DynGame,
    pub san: Vec<String>,
    pub lines: usize,
}

impl Board {
    /// Sets up `request`'s position, refusing what cannot be one.
    pub fn set_up(request: &BoardRequest) -> Result<Board, BoardError> {
        let max_lines = chesslantis_engine::live::MAX_LINES;
        let lines = request.lines.unwrap_or(1);
        if !(1..=max_lines).contains(&lines) {
            return Err(BoardError::new(
                "malformed",
                format!("\"lines\" is 1 to {max_lines}; this one asks {lines}"),
            ));
        }
        if request.actions.len() > MAX_ACTIONS {
            return Err(BoardError::new(
                "too_large",
                format!(
                    "at most {MAX_ACTIONS} actions set up a position; this one has {}",
                    request.actions.len()
                ),
            ));
        }
        let mut game =
            DynGame::new(&request.variant, request.fen.as_deref()).map_err(|e| match e.code {
                ErrorCode::UnknownVariant => BoardError::new("unknown_variant", e.message),
                _ => BoardError::new(
                    "bad_position",
                    format!(
                        "the FEN is not a position of {}: {}",
                        request.variant, e.message
                    ),
                ),
            })?;
        let mut san = Vec::with_capacity(request.actions.len());
        for (index, played) in request.actions.iter().enumerate() {
            let (seat, text) = match played {
                PlayedAction::Text(text) => (game.to_act(), text.as_str()),
                PlayedAction::Entry(entry) => (Some(entry.seat), entry.action.as_str()),
            };
            let illegal = |why: String| BoardError {
                code: "illegal",
                message: format!("action {index} ('{text}'): {why}"),
                index: Some(index),
            };
            let seat =
                seat.ok_or_else(|| illegal("the game is over before it; no more actions".into()))?;
            game.apply(seat, text).map_err(|e| illegal(e.message))?;
            let last = game.view(Viewer::Referee).last;
            san.push(
                last.and_then(|l| l.san.or(l.text))
                    .unwrap_or_else(|| text.to_string()),
            );
        }
        Ok(Board { game, san, lines })
    }

    /// The board as the referee sees it (nothing is hidden from its own
    /// user), with the actions of whoever is to act: a player's, or the
    /// dice's outcomes.
    pub fn view(&self) -> View {
        let mut view = self.game.view(Viewer::Referee);
        let inner = self.game.game();
        let actions = match self.game.to_act() {
            None => Vec::new(),
            Some(Seat::Chance) => inner
                .chance_outcomes()
                .into_iter()
                .map(|(a, _)| a)
                .collect(),
            Some(_) => inner.offered_actions(),
        };
        view.legal = actions.into_iter().map(|a| inner.describe(a)).collect();
        view
    }
}

/// The process's analysis-board slots and sockets.
pub struct LiveAnalyses {
    slots: Arc<Semaphore>,
    depth: u32,
    movetime: Duration,
    sockets_per_address: usize,
    sockets: Mutex<HashMap<String, usize>>,
}

/// An analysis socket counted against its client address while it lives.
pub struct SocketTicket {
    analyses: Arc<LiveAnalyses>,
    key: String,
}

impl Drop for SocketTicket {
    fn drop(&mut self) {
        let mut sockets = self
            .analyses
            .sockets
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let Some(n) = sockets.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                sockets.remove(&self.key);
            }
        }
    }
}

/// A search running: stopped when told, or when dropped (its socket closed).
pub struct LiveSearch {
    stop: Arc<AtomicBool>,
    /// The search's reports; closed once its thread has ended and given back its slot.
    pub reports: mpsc::UnboundedReceiver<LiveReport>,
    /// When the search is to stop at the latest (`None` once it was told to).
    pub deadline: Option<tokio::time::Instant>,
}

impl LiveSearch {
    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.deadline = None;
    }

    /// Stops the search and waits until its thread has ended (its slot is free).
    pub async fn finish(mut self) {
        self.stop();
        while self.reports.recv().await.is_some() {}
    }
}

impl Drop for LiveSearch {
    fn drop(&mut self) {
        self.stop();
    }
}

impl LiveAnalyses {
    pub fn new(settings: &AnalysisSettings, lift_per_address: bool) -> LiveAnalyses {
        LiveAnalyses {
            slots: Arc::new(Semaphore::new(settings.live)),
            depth: settings.live_depth,
            movetime: settings.live_movetime,
            sockets_per_address: if lift_per_address {
                usize::MAX
            } else {
                SOCKETS_PER_ADDRESS
            },
            sockets: Mutex::new(HashMap::new()),
        }
    }

    /// Counts a new socket of the client `key`; `None` when it has its
    /// `SOCKETS_PER_ADDRESS` open already.
    pub fn open_socket(self: &Arc<Self>, key: &str) -> Option<SocketTicket> {
        let mut sockets = self.sockets.lock().unwrap_or_else(|p| p.into_inner());
        let n = sockets.entry(key.to_string()).or_insert(0);
        if *n >= self.sockets_per_address {
            return None;
        }
        *n += 1;
        Some(SocketTicket {
            analyses: self.clone(),
            key: key.to_string(),
        })
    }

    /// Starts searching `board` on a thread of its own, if a slot is free.
    pub fn start(&self, board: Board) -> Result<LiveSearch, BoardError> {
        let permit = self.slots.clone().try_acquire_owned().map_err(|_| {
            BoardError::new(
                "busy",
                "every analysis slot of the server is taken; try again in a few seconds",
            )
        })?;
        let mut session = chesslantis_engine::new_session(board.game.variant_id(), HASH_MB)
            .map_err(|e| BoardError::new("unknown_variant", e))?;
        let stop = session.stop_flag();
        stop.store(false, Ordering::Relaxed);
        let (tx, reports) = mpsc::unbounded_channel();
        let depth = self.depth;
        let run = move |permit: OwnedSemaphorePermit| {
            session.analyse_live(&board.game, board.lines, depth, &mut |r| {
                let _ = tx.send(r.clone());
            });
            // The slot is free before the reports end: whoever waits for
            // their end may take it at once.
            drop(permit);
            drop(tx);
        };
        std::thread::Builder::new()
            .name("live-analysis".into())
            .spawn(move || run(permit))
            .map_err(|e| {
                BoardError::new(
                    "busy",
                    format!("no thread for the search ({e}); try again in a few seconds"),
                )
            })?;
        Ok(LiveSearch {
            stop,
            reports,
            deadline: Some(tokio::time::Instant::now() + self.movetime),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(json: &str) -> BoardRequest {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn a_position_is_set_up_from_texts_and_export_entries() {
        let board = Board::set_up(&request(
            r#"{"variant":"chess","actions":["e2e4","e5",{"seat":"white","action":"resign"}]}"#,
        ))
        .unwrap();
        assert_eq!(board.san, vec!["e4", "e5", "resign"]);
        assert_eq!(
            board.game.outcome().map(|o| o.to_string()),
            Some("Black wins: White resigned".into())
        );
        assert!(board.view().legal.is_empty());
        let board = Board::set_up(&request(r#"{"variant":"chess","fen":null,"lines":3}"#)).unwrap();
        assert_eq!(board.view().legal.len(), 20);
        assert_eq!(board.lines, 3);
    }

    #[test]
    fn each_refusal_has_its_code() {
        let code = |json: &str| {
            Board::set_up(&request(json))
                .err()
                .map(|e| (e.code, e.index))
        };
        assert_eq!(
            code(r#"{"variant":"shogi"}"#),
            Some(("unknown_variant", None))
        );
        assert_eq!(
            code(r#"{"variant":"chess","fen":"8/8/8 w - - 0 1"}"#),
            Some(("bad_position", None))
        );
        assert_eq!(
            code(r#"{"variant":"chess","actions":["e2e4","e2e4"]}"#),
            Some(("illegal", Some(1)))
        );
        assert_eq!(
            code(r#"{"variant":"chess","actions":["resign","e2e4"]}"#),
            Some(("illegal", Some(1)))
        );
        assert_eq!(
            code(r#"{"variant":"chess","lines":4}"#),
            Some(("malformed", None))
        );
        assert_eq!(
            code(r#"{"variant":"chess","lines":0}"#),
            Some(("malformed", None))
        );
        let many = format!(
            r#"{{"variant":"chess","actions":[{}]}}"#,
            vec!["\"a\""; MAX_ACTIONS + 1].join(",")
        );
        assert_eq!(code(&many), Some(("too_large", None)));
        assert!(serde_json::from_str::<BoardRequest>(r#"{"variant":"chess","extra":1}"#).is_err());
    }
}
