//! One game's chat in memory: each room's last lines (read from the
//! database on first use, so a restart keeps them), each writer's budget,
//! and the live lines for the game's connections. Lines are stored before
//! anyone hears of them.

use crate::chat::error::ChatError;
use crate::chat::line::{clean, ChatLine, ChatLog, ChatRoom, ChatRooms, Reader, BURST, LINES_KEPT};
use crate::db::chat_lines::ChatLineRow;
use crate::db::store::Store;
use crate::time::now_ms;
use crate::user::identity::GuestId;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, Mutex};

/// Live lines a slow connection may fall behind by before it is sent the
/// whole chat again instead.
const LIVE_LINES_QUEUED: usize = 64;

/// A line as it goes out live, with its room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Posted {
    pub room: ChatRoom,
    pub line: ChatLine,
}

/// A writer's budget in one game: a token bucket of `BURST` lines, one more
/// each `every` (`REFILL_EVERY` but in tests).
#[derive(Clone, Copy, Debug)]
struct Budget {
    lines: f64,
    at: Instant,
}

impl Budget {
    fn full(now: Instant) -> Budget {
        Budget { lines: f64::from(BURST), at: now }
    }

    /// Takes one line from the budget at `now`, one more coming each
    /// `every` (none: no limit), or says how long until there is one.
    fn take(&mut self, now: Instant, every: Duration) -> Result<(), Duration> {
        if every.is_zero() {
            return Ok(());
        }
        let grown = now.saturating_duration_since(self.at).as_secs_f64() / every.as_secs_f64();
        self.lines = (self.lines + grown).min(f64::from(BURST));
        self.at = now;
        if self.lines < 1.0 {
            return Err(every.mul_f64(1.0 - self.lines));
        }
        self.lines -= 1.0;
        Ok(())
    }
}

/// Each room's lines, oldest first.
type Logs = [VecDeque<ChatLine>; 2];

/// The rooms' lines once read from the database, and the writers' budgets.
#[derive(Default)]
struct State {
    logs: Option<Logs>,
    budgets: HashMap<String, Budget>,
}

/// The rooms' lines of the rows, the last `LINES_KEPT` of each.
fn logs_of(rows: Vec<ChatLineRow>) -> Logs {
    let mut logs: Logs = Default::default();
    for row in rows {
        let Some(room) = ChatRoom::parse(&row.room) else { continue };
        let log = &mut logs[room.index()];
        log.push_back(ChatLine { n: row.seq as u64, by: row.name, text: row.body, at_ms: row.at_ms });
        if log.len() > LINES_KEPT {
            log.pop_front();
        }
    }
    logs
}

/// The rooms `reader` reads, with their lines.
fn rooms_for(logs: &Logs, reader: Reader) -> ChatRooms {
    let rooms = ChatRoom::ALL
        .into_iter()
        .filter(|r| reader.reads(*r))
        .map(|room| ChatLog { room, lines: logs[room.index()].iter().cloned().collect() })
        .collect();
    ChatRooms { write: reader.writes().ok(), rooms }
}

/// A game's chat, held by its room in memory (and gone with it).
pub struct GameChat {
    game: String,
    state: Mutex<State>,
    live: broadcast::Sender<Arc<Posted>>,
}

fn storage(e: impl std::fmt::Display) -> ChatError {
    ChatError::Storage(e.to_string())
}

impl GameChat {
    pub fn new(game: &str) -> GameChat {
        GameChat { game: game.to_string(), state: Mutex::new(State::default()), live: broadcast::channel(LIVE_LINES_QUEUED).0 }
    }

    /// The lines posted from now on (subscribe before asking for `rooms`,
    /// then skip the lines it already held: none is missed).
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Posted>> {
        self.live.subscribe()
    }

    /// The state with the rooms' lines read from the database: once, or
    /// each time where several processes share the database (PostgreSQL),
    /// since another may have taken lines meanwhile.
    async fn loaded(&self, store: &Store) -> Result<(tokio::sync::MutexGuard<'_, State>, Logs), ChatError> {
        let mut state = self.state.lock().await;
        let logs = match state.logs.take() {
            Some(logs) if store.events().is_none() => logs,
            _ => logs_of(store.chat_lines(&self.game).await.map_err(storage)?),
        };
        Ok((state, logs))
    }

    /// The rooms `reader` reads, with their lines.
    pub async fn rooms(&self, store: &Store, reader: Reader) -> Result<ChatRooms, ChatError> {
        let (mut state, logs) = self.loaded(store).await?;
        let rooms = rooms_for(&logs, reader);
        state.logs = Some(logs);
        Ok(rooms)
    }

    /// `writer` (`name` to the readers) writes `text` at `now` in the room
    /// its `reader` writes in, its budget growing a line each `every`:
    /// checked, stored, then sent to that room's readers. A refused line is
    /// neither stored nor sent, and costs no budget.
    pub async fn post(
        &self,
        store: &Store,
        reader: Reader,
        writer: (&GuestId, String),
        text: &str,
        now: Instant,
        every: Duration,
    ) -> Result<Posted, ChatError> {
        let (writer, name) = writer;
        let room = reader.writes()?;
        let text = clean(text)?;
        let (mut state, mut logs) = self.loaded(store).await?;
        let mut budget = state.budgets.get(&writer.0).copied().unwrap_or_else(|| Budget::full(now));
        if let Err(wait) = budget.take(now, every) {
            state.logs = Some(logs);
            return Err(ChatError::TooFast { wait, every });
        }
        let log = &logs[room.index()];
        let line = ChatLine { n: log.back().map_or(1, |l| l.n + 1), by: name, text, at_ms: now_ms() };
        let row = ChatLineRow {
            room: room.as_str().into(),
            seq: line.n as i64,
            author: writer.0.clone(),
            name: line.by.clone(),
            body: line.text.clone(),
            at_ms: line.at_ms,
        };
        // A failure leaves the lines unread: the next call reads them again
        // (another process may have taken this line's number).
        store.insert_chat_line(&self.game, &row, LINES_KEPT as i64).await.map_err(storage)?;
        state.budgets.insert(writer.0.clone(), budget);
        let log = &mut logs[room.index()];
        log.push_back(line.clone());
        if log.len() > LINES_KEPT {
            log.pop_front();
        }
        state.logs = Some(logs);
        let posted = Posted { room, line };
        // Sent under the lock, so live lines go out in their order; nobody listening is no error.
        let _ = self.live.send(Arc::new(posted.clone()));
        Ok(posted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chat::line::REFILL_EVERY;

    #[test]
    fn a_writer_sends_a_burst_then_one_line_a_second() {
        let t0 = Instant::now();
        let mut budget = Budget::full(t0);
        for _ in 0..BURST {
            assert_eq!(budget.take(t0, REFILL_EVERY), Ok(()));
        }
        let wait = budget.take(t0, REFILL_EVERY).unwrap_err();
        assert_eq!(wait, REFILL_EVERY, "the next line after a whole refill");
        let half = t0 + REFILL_EVERY / 2;
        assert_eq!(budget.take(half, REFILL_EVERY).unwrap_err(), REFILL_EVERY / 2, "half of it left to wait");
        assert_eq!(budget.take(t0 + REFILL_EVERY, REFILL_EVERY), Ok(()));
        assert!(budget.take(t0 + REFILL_EVERY, REFILL_EVERY).is_err());
        let rested = t0 + REFILL_EVERY * 60;
        for _ in 0..BURST {
            assert_eq!(budget.take(rested, REFILL_EVERY), Ok(()), "a rest fills the budget again, up to the burst");
        }
        assert!(budget.take(rested, REFILL_EVERY).is_err());
        assert_eq!(budget.take(rested, Duration::ZERO), Ok(()), "no refill time: no limit");
    }
}
