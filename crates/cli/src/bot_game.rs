//! One game of `chesslantis bot`: it follows the game's stream
//! (`GET /api/bot/game/stream/{id}`), and on each state where its seat is
//! to act it rebuilds the game from the seat's knowledge (`bot_world`),
//! asks the engine at the bot's level, its think bounded by its clock, and
//! plays the answer. A dropped stream is opened again until the game ends.

use crate::bot_api::{engine_variant, read_lines, seat_named, text, Api, CallError};
use crate::bot_stop::Stop;
use crate::bot_world::rebuild;
use chesslantis_core::{Color, Seat, Viewer};
use chesslantis_engine::{Clock, Level, Limits, Session};
use serde_json::Value;
use std::time::Duration;

/// The engine's transposition table per game, MB (several games play at once).
const HASH_MB: usize = 16;
/// The bot accepts a draw when its engine values the game (centipawns,
/// for it) at most this: level or worse, as the server's engine seat.
const DRAW_MARGIN_CP: chesslantis_engine::Score = 0;
/// A pause before opening a dropped stream again.
const RECONNECT: Duration = Duration::from_secs(1);

/// What the bot plays with, the same for each game.
#[derive(Copy, Clone)]
pub struct Style {
    /// `None`: the engine's best.
    pub level: Option<Level>,
}

impl Style {
    /// The longest think for one move, as the server's engine seat: 2 s at
    /// full strength, 100 ms at level 0, and never beyond what the clock allows.
    fn limits(self, left_ms: i64, increment_ms: i64) -> Limits {
        let skill = self.level.map_or(20, |l| l.skill() as u64);
        let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
        Limits {
            movetime: Some(Duration::from_millis(100 + 95 * skill)),
            clock: Some(Clock {
                time: ms(left_ms),
                increment: ms(increment_ms),
                moves_to_go: None,
            }),
            ..Limits::default()
        }
    }
}

/// What the game's `gameFull` says once.
struct Facts {
    variant: &'static str,
    /// `None`: the variant's start.
    fen: Option<String>,
}

/// A game being played: its facts, the engine, what was done.
struct Game<'a> {
    api: &'a Api,
    stop: &'a Stop,
    id: &'a str,
    me: Color,
    style: Style,
    facts: Option<Facts>,
    session: Option<Box<dyn Session>>,
    /// The ply the bot last acted at, so a repeated state is not answered twice.
    acted_at: Option<u64>,
    /// The ply at which the bot last answered a draw offer.
    answered_draw_at: Option<u64>,
}

/// How a game's stream left off.
enum Left {
    Over(String),
    /// The stream closed or broke with the game still on.
    Dropped,
}

/// Plays game `id` as `me` until it ends or the bot stops.
pub fn play(api: &Api, stop: &Stop, id: &str, me: Color, style: Style) {
    let mut game = Game {
        api,
        stop,
        id,
        me,
        style,
        facts: None,
        session: None,
        acted_at: None,
        answered_draw_at: None,
    };
    let path = format!("/api/bot/game/stream/{}", crate::http_client::encode(id));
    while !stop.stopped() {
        let left = match api.stream(&path) {
            Ok(stream) => {
                let mut left = Left::Dropped;
                let read = read_lines(stop, stream, |line| match game.line(line) {
                    Ok(None) => true,
                    Ok(Some(end)) => {
                        left = Left::Over(end);
                        false
                    }
                    Err(e) => {
                        eprintln!("game {id}: {e}");
                        true
                    }
                });
                if let Err(e) = read {
                    eprintln!("game {id}: the stream broke ({e}); opening it again");
                }
                left
            }
            Err(CallError::Refused(e)) => Left::Over(format!("the server refuses its stream: {e}")),
            Err(CallError::Again(e)) => {
                eprintln!("game {id}: {e}; trying again");
                Left::Dropped
            }
        };
        match left {
            Left::Over(end) => {
                println!("game {id}: {end}");
                return;
            }
            Left::Dropped => {
                stop.pause(RECONNECT);
            }
        }
    }
}

impl Game<'_> {
    /// One line of the stream; `Some(words)` once the game is over.
    fn line(&mut self, line: &Value) -> Result<Option<String>, String> {
        match line.get("type").and_then(Value::as_str) {
            Some("gameFull") => {
                let key = text(
                    line.get("variant").unwrap_or(&Value::Null),
                    "key",
                    "gameFull's variant",
                )?;
                let variant = engine_variant(key)
                    .ok_or_else(|| format!("the engine does not play the variant '{key}'"))?;
                let fen = match text(line, "initialFen", "gameFull")? {
                    "startpos" => None,
                    fen => Some(fen.to_string()),
                };
                self.facts = Some(Facts { variant, fen });
                self.state(
                    line.get("state")
                        .ok_or("the server's gameFull has no 'state'")?,
                )
            }
            Some("gameState") => self.state(line),
            _ => Ok(None),
        }
    }

    /// A `gameState`: the words of the end once over, else the bot acts if its seat is to.
    fn state(&mut self, state: &Value) -> Result<Option<String>, String> {
        let status = text(state, "status", "gameState")?;
        if !matches!(status, "started" | "created") {
            let winner = state
                .get("winner")
                .and_then(Value::as_str)
                .map_or(String::new(), |w| format!(", {w} wins"));
            return Ok(Some(format!("over ({status}{winner})")));
        }
        let view = state
            .get("view")
            .ok_or("the server's gameState has no 'view' (is it a Chesslantis server?)")?;
        let seat = Seat::player(self.me);
        let to_act = view
            .get("to_act")
            .and_then(Value::as_str)
            .and_then(seat_named);
        let ply = state
            .get("ply")
            .and_then(Value::as_u64)
            .ok_or("the server's gameState has no 'ply'")?;
        let offered = if self.me == Color::White {
            "bdraw"
        } else {
            "wdraw"
        };
        if state.get(offered).and_then(Value::as_bool) == Some(true)
            && self.answered_draw_at != Some(ply)
        {
            self.answered_draw_at = Some(ply);
            let accept = self.accepts_draw(state, view)?;
            println!(
                "game {}: a draw offered: {}",
                self.id,
                if accept { "accepted" } else { "declined" }
            );
            self.api.draw(self.id, accept).map_err(|e| e.to_string())?;
            if accept {
                return Ok(None);
            }
        }
        if to_act != Some(seat) || self.acted_at == Some(ply) {
            return Ok(None);
        }
        self.acted_at = Some(ply);
        // Where the engine cannot decide (a game it cannot rebuild), a legal
        // action the server listed is played rather than the clock left to run.
        let action = match self.decide(state, view) {
            Ok(action) => action,
            Err(e) => {
                let listed = first_legal(view).ok_or_else(|| {
                    format!("the engine cannot decide ({e}) and the server lists no legal action")
                })?;
                eprintln!(
                    "game {}: the engine cannot decide ({e}); playing {listed}",
                    self.id
                );
                listed.to_string()
            }
        };
        match self.send(&action) {
            Ok(()) => Ok(None),
            Err(e) => {
                // The rebuilt game may differ from the true one where secrets were
                // filled in: a legal action the server listed is played instead.
                let listed = first_legal(view).filter(|l| *l != action);
                eprintln!(
                    "game {}: {action} refused ({e}){}",
                    self.id,
                    listed.map_or(String::new(), |l| format!("; playing {l}"))
                );
                if let Some(listed) = listed {
                    self.send(listed).map_err(|e| e.to_string())?;
                }
                Ok(None)
            }
        }
    }

    /// Plays `action`, trying again after a failed connection.
    fn send(&self, action: &str) -> Result<(), CallError> {
        let mut tries = 0;
        loop {
            match self.api.play(self.id, action) {
                Err(CallError::Again(e)) if tries < 3 && self.stop.pause(RECONNECT) => {
                    eprintln!("game {}: {e}; sending {action} again", self.id);
                    tries += 1;
                }
                done => return done,
            }
        }
    }

    /// The engine's action for the bot's seat.
    fn decide(&mut self, state: &Value, view: &Value) -> Result<String, String> {
        let (world, limits) = self.prepare(state, view)?;
        let session = self.session.as_mut().ok_or("no engine")?;
        let flag = session.stop_flag();
        flag.store(false, std::sync::atomic::Ordering::SeqCst);
        let _stopped_at_stop = self.stop.search(flag);
        session.choose_action(&world, &limits)
    }

    /// Whether the bot accepts the opponent's draw offer: when its engine
    /// finds the game level or worse for it, as the server's engine seat.
    fn accepts_draw(&mut self, state: &Value, view: &Value) -> Result<bool, String> {
        let (world, limits) = self.prepare(state, view)?;
        let session = self.session.as_mut().ok_or("no engine")?;
        Ok(session
            .assess(&world, self.me, &limits)
            .is_ok_and(|value| value <= DRAW_MARGIN_CP))
    }

    /// The game rebuilt from the seat's knowledge, the engine made if
    /// needed, and the bounds of its think from the clock.
    fn prepare(
        &mut self,
        state: &Value,
        view: &Value,
    ) -> Result<(chesslantis_core::DynGame, Limits), String> {
        let facts = self
            .facts
            .as_ref()
            .ok_or("a gameState came before the gameFull")?;
        let actions = known_actions(state)?;
        let world = rebuild(
            facts.variant,
            facts.fen.as_deref(),
            &actions,
            Viewer::player(self.me),
            view,
        )?;
        if self.session.is_none() {
            let mut session = chesslantis_engine::new_session(facts.variant, HASH_MB)?;
            if let Some(level) = self.style.level {
                session.set_level(level);
            }
            self.session = Some(session);
        }
        let (time, inc) = if self.me == Color::White {
            ("wtime", "winc")
        } else {
            ("btime", "binc")
        };
        let ms = |key: &str| state.get(key).and_then(Value::as_i64).unwrap_or(0);
        Ok((world, self.style.limits(ms(time), ms(inc))))
    }
}

/// The first action the server lists as legal for the seat.
fn first_legal(view: &Value) -> Option<&str> {
    view.get("legal")?
        .as_array()?
        .first()?
        .get("text")?
        .as_str()
}

/// The stream's `actions`: each with its seat and, where known, its text.
fn known_actions(state: &Value) -> Result<Vec<(Seat, Option<String>)>, String> {
    let list = state
        .get("actions")
        .and_then(Value::as_array)
        .ok_or("the server's gameState has no 'actions' list")?;
    list.iter()
        .map(|a| {
            let seat = a
                .get("seat")
                .and_then(Value::as_str)
                .and_then(seat_named)
                .ok_or_else(|| format!("an action without a seat: {a}"))?;
            Ok((
                seat,
                a.get("text").and_then(Value::as_str).map(String::from),
            ))
        })
        .collect()
}
