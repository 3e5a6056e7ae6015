//! One game under the referee: the true game (`DynGame`), its clocks, its
//! dice, its seats. Every change is validated by the game model, rolled
//! through the committed dice, and written to the database before the room
//! changes in memory, so nothing unacknowledged is ever shown and nothing
//! acknowledged is lost.

use crate::db::store::{ActionRow, GameRow, GameUpdate, Seen, Store, StoreError, Written};
use crate::game::clock::{seat_index, Clock, PLAYER_SEATS};
use crate::game::dice::Seed;
use crate::game::engine_player::{EnginePlayer, Turn};
use crate::game::error::GameError;
use crate::game::options::GameOptions;
use crate::game::state::{ClocksState, DiceState, GameState, Players, ResultState, Role, Status};
use crate::game::takeback::{self, TakebackError, TakebackState, Takebacks, Word};
use crate::game::timers::Timers;
use crate::game::verify::GameExport;
use crate::time::now_ms;
use crate::user::identity::GuestId;
use crate::user::ratings::RatingChanges;
use chesslantis_core::{pick_chance, Color, DynGame, Entry, Outcome, Seat};
use std::sync::Arc;
use std::time::Instant;

/// What a new game is: chosen by its creator.
#[derive(Clone, Debug)]
pub struct GameSpec {
    pub variant: String,
    pub setup: Option<String>,
    pub white_ms: i64,
    pub black_ms: i64,
    pub increment_ms: i64,
    /// Listed among the open seeks, or reachable by its link only.
    pub listed: bool,
    /// The one guest who may take the open seat (a rematch's opponent).
    pub reserved_for: Option<GuestId>,
    /// Options chosen at creation; `setup` already carries them.
    pub options: GameOptions,
    /// The result moves both users' ratings (both seats are users').
    pub rated: bool,
}

/// A finished game's rematch: the new game and the seat that asked for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rematch {
    pub id: String,
    pub by: Seat,
}

/// A room as it stood when it changed: each role's state is built from it
/// only when a connection of that role asks (a spectator's seldom).
pub struct Snapshot {
    id: String,
    variant: String,
    options: GameOptions,
    rated: bool,
    status: Status,
    players: Players,
    clocks: ClocksState,
    dice: Option<DiceState>,
    abortable: bool,
    abort_at_ms: Option<i64>,
    result: Option<ResultState>,
    /// The log's length (takeback words and taken-back actions included).
    ply: u64,
    takeback: TakebackState,
    rating_change: Option<RatingChanges>,
    game: Arc<DynGame>,
}

impl Snapshot {
    /// The game as `role` may see it. Spectators see the spectator's view
    /// until the end, then the referee's (everything).
    pub fn state_for(&self, role: Role) -> GameState {
        let viewer = role.viewer(self.status);
        GameState {
            id: self.id.clone(),
            variant: self.variant.clone(),
            options: self.options.clone(),
            rated: self.rated,
            status: self.status,
            you: role,
            players: self.players.clone(),
            ply: self.ply,
            clocks: self.clocks.clone(),
            dice: self.dice.clone(),
            abortable: self.abortable || (self.status == Status::Waiting && role != Role::Spectator),
            abort_at_ms: self.abort_at_ms,
            result: self.result.clone(),
            length: self.game.history().len() as u64,
            takeback: self.takeback.clone(),
            rating_change: self.rating_change,
            view: self.game.view(viewer),
        }
    }

    /// The game's actions as `role` may know them: each one's seat and
    /// text, the text `None` where it was another seat's secret (core's
    /// `entry_known_to`, which follows each viewer's observation). Lichess's
    /// move list (net/bot_shapes.rs) is read from this, never from the game.
    pub fn actions_known(&self, role: Role) -> Vec<(Seat, Option<String>)> {
        let viewer = role.viewer(self.status);
        let known = |(i, e): (usize, &Entry)| (e.seat, self.game.entry_known_to(i, viewer).then(|| e.action.clone()));
        self.game.history().iter().enumerate().map(known).collect()
    }
}

pub struct Room {
    id: String,
    spec: GameSpec,
    players: [Option<GuestId>; 2],
    created_ms: i64,
    /// Shared with the published snapshots, which build views from it:
    /// the log's actions less those taken back (`takeback`).
    game: Arc<DynGame>,
    /// The log's takeback words and what they did, and the log's length.
    takebacks: Takebacks,
    /// What this rated game did to the ratings, once it has ended and moved them.
    rating_change: Option<RatingChanges>,
    clock: Clock,
    seed: Seed,
    status: Status,
    /// Seats that have acted: a seat's clock runs from its second action on,
    /// and `abort` is allowed until both have acted.
    acted: [bool; 2],
    /// The seat whose time ran out, if the game ended so.
    flagged: Option<Seat>,
    /// This game's rematch, once a player asked for one.
    rematch: Option<Rematch>,
    /// When the game is called off unless someone acts (Unix ms, as stored):
    /// a waiting game's expiry, or the first-move deadline of the seat to
    /// act while it has not acted (see `expiry`).
    abort_at_ms: Option<i64>,
    /// Why the game was called off, once it was (its result's words).
    aborted_words: Option<String>,
    timers: Timers,
    /// Whether this process lets the engine seat's flag fall: only the
    /// process that thinks for the engine does (`engine_lease`), so a
    /// process that died while the engine thought does not make it lose on
    /// time elsewhere before its seat is taken over and its clock credited.
    judges_engine_flag: bool,
    store: Store,
}

/// An aborted game's result in words (a timer's abort says why after a colon).
const ABORTED_WORDS: &str = "Game aborted";

fn storage_error(e: impl std::fmt::Display) -> GameError {
    GameError::Storage(format!("the server could not store this ({e}); nothing changed, try again"))
}

/// Another server process changed the game first.
fn changed_meanwhile() -> GameError {
    GameError::Stale("the game changed before this arrived (a move, a resignation or a flag); look at the new state and act again".into())
}

/// A flag's `deadline` as wall time (Unix ms), for other processes (whose
/// clocks, on other machines, must be kept in time by NTP).
fn flag_at_ms(deadline: Option<Instant>, now: Instant) -> Option<i64> {
    deadline.map(|d| now_ms() + d.saturating_duration_since(now).as_millis() as i64)
}

/// Starts the clock of the seat to act, if its clock runs yet (a seat's
/// clock runs from its second action on).
fn start_clock_of_seat_to_act(clock: &mut Clock, game: &DynGame, acted: [bool; 2], status: Status, now: Instant) {
    clock.stop(now);
    if status != Status::Playing {
        return;
    }
    if let Some(seat) = game.to_act() {
        if seat_index(seat).is_some_and(|i| acted[i]) {
            clock.start(seat, now);
        }
    }
}

/// The seats that have acted in `game`: a seat's clock runs from its
/// second action on, and `abort` is allowed until both have acted (so a
/// takeback to before a seat's first move brings the first-move rules back).
fn acted_in(game: &DynGame) -> [bool; 2] {
    let mut acted = [false; 2];
    for e in game.history() {
        if let Some(i) = seat_index(e.seat) {
            acted[i] = true;
        }
    }
    acted
}

/// The colour of a seat that can flag or be flagged (chance has no clock).
fn color_of(seat: Seat) -> Color {
    seat.color().unwrap_or(Color::White)
}

/// The outcome of a game that ended on `flagged`'s time, as its row
/// stored it: a draw when the opponent could not have won, a loss else
/// (games stored before the draw existed keep the loss they were rated by).
fn stored_flag_outcome(result: Option<&str>, flagged: Color) -> Outcome {
    let draw = Outcome::on_time(flagged, false);
    if result == Some(draw.result_text()) {
        draw
    } else {
        Outcome::on_time(flagged, true)
    }
}

/// What others see of a player: enough to tell two guests apart, not the
/// id itself; the engine by its level.
pub fn public_name(guest: &GuestId) -> String {
    if let Some(engine) = EnginePlayer::of(guest) {
        return engine.name();
    }
    if let Some(name) = crate::user::accounts::name_of(guest) {
        return name;
    }
    format!("guest-{}", &guest.0[..guest.0.len().min(6)])
}

impl Room {
    /// A new game with `creator` in `seat`, stored before it is announced.
    pub async fn create(
        store: &Store,
        id: String,
        spec: GameSpec,
        creator: GuestId,
        seat: Seat,
        created_ms: i64,
        timers: Timers,
    ) -> Result<Room, GameError> {
        let game = DynGame::new(&spec.variant, spec.setup.as_deref()).map_err(GameError::Refused)?;
        if game.outcome().is_some() {
            return Err(GameError::BadSetup("this position is already decided; start from a position with a game left to play".into()));
        }
        let seed = Seed::random().map_err(GameError::Internal)?;
        let mut players = [None, None];
        players[seat_index(seat).unwrap_or(0)] = Some(creator);
        let spec_listed = spec.listed;
        let room = Room {
            id,
            clock: Clock::new(spec.white_ms, spec.black_ms, spec.increment_ms),
            spec,
            players,
            created_ms,
            game: Arc::new(game),
            takebacks: Takebacks::default(),
            rating_change: None,
            seed,
            status: Status::Waiting,
            acted: [false; 2],
            flagged: None,
            rematch: None,
            abort_at_ms: Some(timers.waiting_deadline(spec_listed, created_ms)),
            aborted_words: None,
            timers,
            judges_engine_flag: false,
            store: store.clone(),
        };
        store.insert_game(&room.row()).await.map_err(storage_error)?;
        Ok(room)
    }

    fn row(&self) -> GameRow {
        let outcome = self.result();
        GameRow {
            id: self.id.clone(),
            variant: self.spec.variant.clone(),
            setup: self.spec.setup.clone(),
            white_ms: self.spec.white_ms,
            black_ms: self.spec.black_ms,
            increment_ms: self.spec.increment_ms,
            white_player: self.players[0].as_ref().map(|g| g.0.clone()),
            black_player: self.players[1].as_ref().map(|g| g.0.clone()),
            listed: self.spec.listed,
            dice_commitment: self.seed.commitment(),
            dice_seed: self.seed.to_hex(),
            status: self.status.as_str().into(),
            result: outcome.as_ref().and_then(|r| r.result.clone()),
            result_words: outcome.map(|r| r.words),
            flagged: self.flagged.map(|s| Seat::name(s).into()),
            created_ms: self.created_ms,
            reserved_for: self.spec.reserved_for.as_ref().map(|g| g.0.clone()),
            rematch: self.rematch.as_ref().map(|r| r.id.clone()),
            rematch_by: self.rematch.as_ref().map(|r| Seat::name(r.by).into()),
            options: self.spec.options.to_column(),
            rated: self.spec.rated,
            ply: self.ply() as i64,
            flag_at_ms: flag_at_ms(self.deadline(), Instant::now()),
            abort_at_ms: self.abort_at_ms,
        }
    }

    /// The log's length: every action stored, takeback words and the
    /// actions they took back included, so it grows with every change.
    pub(crate) fn ply(&self) -> u64 {
        self.takebacks.log_len()
    }

    /// Changes whenever the game does (here or, reloaded, elsewhere): a
    /// caller compares it to know whether to publish.
    pub fn revision(&self) -> (u64, Status) {
        (self.ply(), self.status)
    }

    /// The game as this room has it, for a change to be stored only if no
    /// other process changed it since.
    fn seen(&self) -> Seen {
        Seen { ply: self.ply() as i64, status: self.status.as_str().into() }
    }

    /// Reads the game again from the database (another process changed it):
    /// the actions it has not seen are applied to the game in memory; the
    /// whole log is replayed only if they do not follow on from it.
    pub async fn reload(&mut self, now: Instant) -> Result<(), GameError> {
        let storage = |e: StoreError| GameError::Storage(e.to_string());
        let gone = || GameError::NotFound(format!("game {} has gone from the database", self.id));
        let known = self.ply() as i64;
        // From the last action known: its clocks are the clocks if nothing followed.
        let (row, tail) = self.store.game_since(&self.id, known - 1).await.map_err(storage)?.ok_or_else(gone)?;
        let new: Vec<&ActionRow> = tail.iter().filter(|a| a.ply >= known).collect();
        let follows = self.game.outcome().is_none()
            && row.ply == known + new.len() as i64
            && new.iter().enumerate().all(|(i, a)| a.ply == known + i as i64);
        let extended = follows.then(|| self.extended_by(&new)).flatten();
        let rating_change = self.rating_change;
        let (store, timers, judges) = (self.store.clone(), self.timers, self.judges_engine_flag);
        *self = match extended {
            Some((game, takebacks)) => Room::from_parts(&store, row, game, takebacks, tail.last(), now),
            None => {
                let (row, actions) = store.game(&self.id).await.map_err(storage)?.ok_or_else(gone)?;
                Room::restore(&store, row, &actions, now)
            }
        }
        .map_err(GameError::Internal)?;
        self.timers = timers;
        self.judges_engine_flag = judges;
        self.rating_change = rating_change;
        self.load_rating_change().await;
        Ok(())
    }

    /// Reads what this game did to the ratings, once it is rated and over
    /// (another process or an earlier run rated it). A failure leaves it
    /// unshown: the game itself is unaffected.
    pub async fn load_rating_change(&mut self) {
        if self.rating_change.is_some() || self.status != Status::Ended || !self.spec.rated {
            return;
        }
        match crate::user::ratings::changes_of(&self.store, &self.id).await {
            Ok(change) => self.rating_change = change,
            Err(e) => eprintln!("game {}: its rating change could not be read ({e})", self.id),
        }
    }

    /// The game with `actions` applied, if each is legal in turn.
    fn extended_by(&self, actions: &[&ActionRow]) -> Option<(DynGame, Takebacks)> {
        let mut game = DynGame::clone(&self.game);
        let mut takebacks = self.takebacks.clone();
        for a in actions {
            let entry = Entry { seat: Seat::parse(&a.seat)?, action: a.action.clone() };
            takeback::follow(&mut game, &mut takebacks, &entry).ok()?;
        }
        Some((game, takebacks))
    }

    /// A stored game back in memory: the action log replayed, the clocks as
    /// after the last action, the running clock resumed so that its flag
    /// falls when the row says (downtime of the whole service was credited
    /// at start, see `Store::credit_downtime`).
    pub fn restore(store: &Store, row: GameRow, actions: &[ActionRow], now: Instant) -> Result<Room, String> {
        let history = actions
            .iter()
            .map(|a| {
                let seat = Seat::parse(&a.seat).ok_or_else(|| format!("game {}: unknown seat '{}'", row.id, a.seat))?;
                Ok(Entry { seat, action: a.action.clone() })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let (game, takebacks) = takeback::replay(&row.variant, row.setup.as_deref(), &history)
            .map_err(|e| format!("game {}: its actions do not replay: {e}", row.id))?;
        Room::from_parts(store, row, game, takebacks, actions.last(), now)
    }

    /// A room from its row, its game as replayed, and its last action.
    fn from_parts(store: &Store, row: GameRow, mut game: DynGame, takebacks: Takebacks, last: Option<&ActionRow>, now: Instant) -> Result<Room, String> {
        let status = Status::parse(&row.status).ok_or_else(|| format!("game {}: unknown status '{}'", row.id, row.status))?;
        let flagged = row.flagged.as_deref().and_then(Seat::parse);
        if let Some(seat) = flagged {
            if game.outcome().is_none() {
                let _ = game.end(stored_flag_outcome(row.result.as_deref(), color_of(seat)));
            }
        }
        let (white_left, black_left) = last.map(|a| (a.white_left_ms, a.black_left_ms)).unwrap_or((row.white_ms, row.black_ms));
        let acted = acted_in(&game);
        let mut room = Room {
            id: row.id.clone(),
            spec: GameSpec {
                variant: row.variant.clone(),
                setup: row.setup.clone(),
                white_ms: row.white_ms,
                black_ms: row.black_ms,
                increment_ms: row.increment_ms,
                listed: row.listed,
                reserved_for: row.reserved_for.map(GuestId),
                options: GameOptions::from_column(row.options.as_deref()).map_err(|e| format!("game {}: {e}", row.id))?,
                rated: row.rated,
            },
            players: [row.white_player.map(GuestId), row.black_player.map(GuestId)],
            created_ms: row.created_ms,
            game: Arc::new(game),
            takebacks,
            rating_change: None,
            clock: Clock::restored(white_left, black_left, row.increment_ms),
            seed: Seed::from_hex(&row.dice_seed).map_err(|e| format!("game {}: {e}", row.id))?,
            status,
            acted,
            flagged,
            rematch: row.rematch.clone().zip(row.rematch_by.as_deref().and_then(Seat::parse)).map(|(id, by)| Rematch { id, by }),
            abort_at_ms: row.abort_at_ms,
            aborted_words: if status == Status::Aborted { row.result_words.clone() } else { None },
            timers: Timers::default(),
            judges_engine_flag: false,
            store: store.clone(),
        };
        if room.status == Status::Playing && room.abort_at_ms.is_none() {
            // A game stored before first-move deadlines were kept.
            room.abort_at_ms = room.first_move_deadline(&room.players, &room.game, room.acted, now_ms());
        }
        start_clock_of_seat_to_act(&mut room.clock, &room.game, room.acted, room.status, now);
        if let Some(seat) = flagged {
            room.clock.flag_fallen(seat);
        }
        if let Some(flag_at) = row.flag_at_ms {
            room.clock.resume_running(flag_at - now_ms(), now);
        }
        Ok(room)
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    /// The abort timers this room follows from now on (a hub's own, in tests shorter).
    pub fn set_timers(&mut self, timers: Timers) {
        self.timers = timers;
    }

    pub fn created_ms(&self) -> i64 {
        self.created_ms
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn spec(&self) -> &GameSpec {
        &self.spec
    }

    pub fn players(&self) -> &[Option<GuestId>; 2] {
        &self.players
    }

    /// This game's rematch, if one was asked for.
    pub fn rematch(&self) -> Option<&Rematch> {
        self.rematch.as_ref()
    }

    /// Records `rematch` as this finished game's rematch; false if it had one already.
    pub async fn set_rematch(&mut self, rematch: Rematch) -> Result<bool, GameError> {
        if self.rematch.is_some()
            || !self.store.set_rematch(&self.id, &rematch.id, Seat::name(rematch.by)).await.map_err(storage_error)?
        {
            return Ok(false);
        }
        self.rematch = Some(rematch);
        Ok(true)
    }

    /// Whether the engine holds a seat.
    pub fn has_engine(&self) -> bool {
        self.players.iter().flatten().any(|p| EnginePlayer::of(p).is_some())
    }

    /// The engine's turn, if the seat to act is the engine's.
    pub fn engine_turn(&self, now: Instant) -> Option<Turn> {
        if self.status != Status::Playing {
            return None;
        }
        let seat = self.game.to_act()?;
        let engine = EnginePlayer::of(self.players[seat_index(seat)?].as_ref()?)?;
        Some(self.turn_of(engine, seat, now))
    }

    /// A draw the engine's opponent offered that the engine has not
    /// answered yet (any action of the engine's seat answers it).
    pub fn engine_draw_offer(&self, now: Instant) -> Option<Turn> {
        if self.status != Status::Playing {
            return None;
        }
        let (seat, engine) = PLAYER_SEATS
            .into_iter()
            .find_map(|s| Some((s, EnginePlayer::of(self.players[seat_index(s)?].as_ref()?)?)))?;
        for e in self.game.history().iter().rev() {
            if e.seat == seat {
                return None;
            }
            if e.seat != Seat::Chance && e.action == "offer draw" {
                return Some(self.turn_of(engine, seat, now));
            }
        }
        None
    }

    fn turn_of(&self, engine: EnginePlayer, seat: Seat, now: Instant) -> Turn {
        Turn {
            engine,
            seat,
            game: self.game.clone(),
            ply: self.ply(),
            left: std::time::Duration::from_millis(self.clock.left_ms(seat, now).max(0) as u64),
            increment: std::time::Duration::from_millis(self.clock.increment_ms().max(0) as u64),
        }
    }

    /// The seat that is still open, while the game waits for an opponent.
    pub fn open_seat(&self) -> Option<Seat> {
        if self.status != Status::Waiting {
            return None;
        }
        PLAYER_SEATS.into_iter().find(|&s| seat_index(s).is_some_and(|i| self.players[i].is_none()))
    }

    pub fn role_of(&self, guest: Option<&GuestId>) -> Role {
        match guest {
            Some(g) if self.players[0].as_ref() == Some(g) => Role::White,
            Some(g) if self.players[1].as_ref() == Some(g) => Role::Black,
            _ => Role::Spectator,
        }
    }

    /// When the running clock's flag falls.
    pub fn deadline(&self) -> Option<Instant> {
        if self.status == Status::Playing {
            self.clock.deadline()
        } else {
            None
        }
    }

    /// When this process lets the running clock's flag fall: its deadline,
    /// unless the engine's clock runs and another process thinks for it.
    pub fn flag_deadline_here(&self) -> Option<Instant> {
        self.deadline().filter(|_| !self.clock.running().is_some_and(|seat| self.engine_flag_judged_elsewhere(seat)))
    }

    /// Whether `seat` is the engine's and its flag is another process's to let fall.
    fn engine_flag_judged_elsewhere(&self, seat: Seat) -> bool {
        !self.judges_engine_flag && seat_index(seat).and_then(|i| self.players[i].as_ref()).and_then(EnginePlayer::of).is_some()
    }

    /// Whether this process thinks for the engine seat (and so lets its flag fall).
    pub fn set_judges_engine_flag(&mut self, judges: bool) {
        self.judges_engine_flag = judges;
    }

    /// When the seat to act's first-move deadline passes (while the game plays).
    pub fn abort_deadline(&self, now: Instant) -> Option<Instant> {
        let at = self.abort_at_ms.filter(|_| self.status == Status::Playing)?;
        Some(now + std::time::Duration::from_millis((at - now_ms()).max(0) as u64))
    }

    /// The first-move deadline once `game` stands with seats `acted` and
    /// `players` at `now_ms` (the room is as it was before the change): the
    /// seat to act, a person who has not acted yet, keeps the deadline it
    /// had if it was to act already, else gets `FIRST_MOVE` from now; none
    /// otherwise.
    fn first_move_deadline(&self, players: &[Option<GuestId>; 2], game: &DynGame, acted: [bool; 2], now_ms: i64) -> Option<i64> {
        let seat = game.to_act()?;
        let i = seat_index(seat)?;
        let player = players[i].as_ref()?;
        if acted[i] || EnginePlayer::of(player).is_some() {
            return None;
        }
        let waiting_already = self.status == Status::Playing && self.game.to_act() == Some(seat);
        match self.abort_at_ms.filter(|_| waiting_already) {
            Some(at) => Some(at),
            None => Some(now_ms + self.timers.first_move.as_millis() as i64),
        }
    }

    fn abortable(&self) -> bool {
        self.status == Status::Playing && !(self.acted[0] && self.acted[1])
    }

    /// A second guest takes the open seat; the game begins.
    pub async fn accept(&mut self, guest: GuestId, now: Instant) -> Result<(), GameError> {
        match self.status {
            Status::Waiting => {}
            Status::Playing => return Err(GameError::Taken("someone accepted this game already; watch it or start a new one".into())),
            _ => return Err(self.over_already()),
        }
        if self.players.iter().flatten().any(|p| *p == guest) {
            return Err(GameError::OwnSeek("this is your own game; send its link to an opponent".into()));
        }
        if self.spec.rated && crate::user::accounts::name_of(&guest).is_none() {
            return Err(GameError::RatedNeedsAccount("this game is rated: sign up or log in to take it, or play a casual game".into()));
        }
        if self.spec.reserved_for.as_ref().is_some_and(|r| *r != guest) {
            return Err(GameError::Reserved("this game is a rematch for the other player of the last game only; start a game of your own".into()));
        }
        let Some(i) = self.open_seat().and_then(seat_index) else {
            return Err(GameError::Taken("no seat is open in this game".into()));
        };
        let mut players = self.players.clone();
        players[i] = Some(guest);
        let abort_at_ms = self.first_move_deadline(&players, &self.game, self.acted, now_ms());
        let (Some(white), Some(black)) = (&players[0], &players[1]) else {
            return Err(GameError::Internal("a seat stayed empty after accepting".into()));
        };
        if !self.store.start_game(&self.id, &white.0, &black.0, abort_at_ms).await.map_err(storage_error)? {
            // Taken, withdrawn or expired meanwhile, maybe in another process.
            self.reload(now).await?;
            if self.status.is_over() {
                return Err(self.over_already());
            }
            return Err(GameError::Taken("someone accepted this game already".into()));
        }
        self.players = players;
        self.status = Status::Playing;
        self.abort_at_ms = abort_at_ms;
        start_clock_of_seat_to_act(&mut self.clock, &self.game, self.acted, self.status, now);
        Ok(())
    }

    /// The refusal of an accept that came after the end, saying how it ended.
    fn over_already(&self) -> GameError {
        let words = self.result_words().unwrap_or_else(|| "it ended".into());
        GameError::GameOver(format!("this game is over ({words}); start a new one"))
    }

    /// An action of `guest`'s seat at `ply`, received at `received`.
    pub async fn act(&mut self, guest: Option<&GuestId>, ply: u64, action: &str, received: Instant) -> Result<(), GameError> {
        let Some(seat) = self.role_of(guest).seat() else {
            return Err(GameError::NotAPlayer("you do not play in this game; spectators can only watch".into()));
        };
        match self.status {
            Status::Playing => {}
            Status::Waiting => return Err(GameError::NotStarted("the game has not started: it waits for an opponent".into())),
            _ => return Err(GameError::GameOver("the game is over; no more actions".into())),
        }
        let now_ply = self.ply();
        if ply != now_ply {
            return Err(GameError::Stale(format!("this action was meant for ply {ply}, but the game is at ply {now_ply}; look at the new state and act again")));
        }
        if self.check_flag(received).await? {
            return Err(GameError::GameOver("time ran out before this action arrived".into()));
        }
        if self.check_abandoned(received).await? {
            let words = self.result_words().unwrap_or_default();
            return Err(GameError::GameOver(format!("the first-move time ran out before this action arrived ({words})")));
        }
        if let Some(word) = Word::read(action) {
            return self.take_back(seat, word, received).await;
        }
        let game_len = self.game.history().len();
        let before = self.game.to_act();
        let mut game = DynGame::clone(&self.game);
        game.apply(seat, action).map_err(GameError::Refused)?;
        while game.to_act() == Some(Seat::Chance) {
            let ply = game.history().len() as u64;
            let roll = pick_chance(&game.chance_outcomes(), &mut self.seed.dice_at(ply));
            game.apply(Seat::Chance, &roll)
                .map_err(|e| GameError::Internal(format!("the dice gave '{roll}', which the game refused: {}", e.message)))?;
        }

        let mut clock = self.clock.clone();
        let timed = clock.running() == Some(seat);
        let used = if timed { clock.stop(received) } else { 0 };
        let mut acted = self.acted;
        if let Some(i) = seat_index(seat) {
            acted[i] = true;
        }
        if timed && before == Some(seat) && game.to_act() != Some(seat) {
            clock.add_increment(seat);
        }
        let over = game.outcome().is_some();
        let (white_left, black_left) = clock.snapshot(received);
        let status = if over { Status::Ended } else { Status::Playing };
        if over || clock.running() != game.to_act() {
            start_clock_of_seat_to_act(&mut clock, &game, acted, status, received);
        }
        let new = &game.history()[game_len..];
        let mut takebacks = self.takebacks.clone();
        for e in new {
            takebacks.note_action(e, &game);
        }
        let rows = self.log_rows(new, used, (white_left, black_left));
        let flag_at_ms = flag_at_ms(clock.deadline(), received);
        let abort_at_ms = if over { None } else { self.first_move_deadline(&self.players, &game, acted, now_ms()) };
        let update = match game.outcome() {
            Some(o) => GameUpdate {
                status: Some(Status::Ended.as_str().into()),
                result: Some(o.result_text().into()),
                result_words: Some(o.to_string()),
                flagged: None,
                flag_at_ms,
                abort_at_ms,
            },
            None => GameUpdate { flag_at_ms, abort_at_ms, ..GameUpdate::default() },
        };
        self.store_or_reload(rows, update, received).await?;
        self.changed_to(game, takebacks, clock, acted, abort_at_ms);
        self.status = status;
        Ok(())
    }

    /// The log's rows for `entries`, stored after the log's end with the
    /// clocks `left` (White's, Black's); the first is charged `used`.
    fn log_rows(&self, entries: &[Entry], used: i64, left: (i64, i64)) -> Vec<ActionRow> {
        entries
            .iter()
            .enumerate()
            .map(|(k, e)| ActionRow {
                ply: (self.ply() + k as u64) as i64,
                seat: Seat::name(e.seat).into(),
                action: e.action.clone(),
                used_ms: if k == 0 { used } else { 0 },
                white_left_ms: left.0,
                black_left_ms: left.1,
            })
            .collect()
    }

    /// The room as a stored change left it.
    fn changed_to(&mut self, game: DynGame, takebacks: Takebacks, clock: Clock, acted: [bool; 2], abort_at_ms: Option<i64>) {
        self.game = Arc::new(game);
        self.takebacks = takebacks;
        self.clock = clock;
        self.acted = acted;
        self.abort_at_ms = abort_at_ms;
    }

    /// Whether this game has takebacks: a casual game of a variant without
    /// dice or secrets (lichess allows them in casual games only).
    fn takebacks_allowed(&self) -> bool {
        !self.spec.rated && takeback::in_variant(&self.game)
    }

    /// `seat`'s takeback `word` (game/takeback.rs), stored before it is
    /// acknowledged. Against the engine a proposal is accepted at once, as
    /// lichess's AI does. The clocks are not set back: the running one is
    /// charged as it stands and the seat to act after the takeback runs.
    async fn take_back(&mut self, seat: Seat, word: Word, received: Instant) -> Result<(), GameError> {
        if self.spec.rated && takeback::in_variant(&self.game) {
            return Err(GameError::Takeback(TakebackError::Rated(
                "this game is rated: takebacks are for casual games only".into(),
            )));
        }
        let mut game = DynGame::clone(&self.game);
        let mut takebacks = self.takebacks.clone();
        takebacks.apply(&mut game, seat, word).map_err(GameError::Takeback)?;
        let mut words = vec![Entry { seat, action: word.text().into() }];
        let opponent = PLAYER_SEATS.into_iter().find(|&s| s != seat);
        let engine_answers = opponent.filter(|&s| seat_index(s).and_then(|i| self.players[i].as_ref()).and_then(EnginePlayer::of).is_some());
        if let (Word::Propose, Some(engine)) = (word, engine_answers) {
            takebacks.apply(&mut game, engine, Word::Accept).map_err(GameError::Takeback)?;
            words.push(Entry { seat: engine, action: Word::Accept.text().into() });
        }
        let mut clock = self.clock.clone();
        let used = clock.stop(received);
        let acted = acted_in(&game);
        start_clock_of_seat_to_act(&mut clock, &game, acted, self.status, received);
        let (white_left, black_left) = clock.snapshot(received);
        // The time used is the running seat's: charged to the word only if that seat said it.
        let used = if self.clock.running() == Some(seat) { used } else { 0 };
        let rows = self.log_rows(&words, used, (white_left, black_left));
        let abort_at_ms = self.first_move_deadline(&self.players, &game, acted, now_ms());
        let update = GameUpdate { flag_at_ms: flag_at_ms(clock.deadline(), received), abort_at_ms, ..GameUpdate::default() };
        self.store_or_reload(rows, update, received).await?;
        self.changed_to(game, takebacks, clock, acted, abort_at_ms);
        Ok(())
    }

    /// Stores a change of this game; if another process changed the game
    /// first, nothing is stored, the room is read again and the change is
    /// refused as stale.
    async fn store_or_reload(&mut self, actions: Vec<ActionRow>, update: GameUpdate, now: Instant) -> Result<(), GameError> {
        match self.store.record(&self.id, self.seen(), actions, update).await.map_err(storage_error)? {
            Written::Stored => Ok(()),
            Written::Stale => {
                self.reload(now).await?;
                Err(changed_meanwhile())
            }
        }
    }

    /// Once a rated game has ended: both players' new ratings, and what
    /// the game did to them for its state. A failure is logged and left for
    /// the next start (`ratings::rate_pending`).
    pub async fn apply_rating(&mut self) {
        if self.status != Status::Ended || !self.spec.rated {
            return;
        }
        if let Err(e) = crate::user::ratings::rate_game(&self.store, &self.id).await {
            eprintln!("game {}: its ratings could not be stored ({e}); the next start retries", self.id);
        }
        self.load_rating_change().await;
    }

    /// Ends the game on time if the running seat's flag has fallen at `now`.
    pub async fn check_flag(&mut self, now: Instant) -> Result<bool, GameError> {
        if self.status != Status::Playing {
            return Ok(false);
        }
        let Some(seat) = self.clock.flagged(now) else { return Ok(false) };
        if self.engine_flag_judged_elsewhere(seat) {
            return Ok(false);
        }
        // A loss, or a draw if the opponent could not win (FIDE 6.9).
        let outcome = self.game.outcome_on_time(color_of(seat));
        let mut game = DynGame::clone(&self.game);
        game.end(outcome).map_err(|e| GameError::Internal(e.message))?;
        let update = GameUpdate {
            status: Some(Status::Ended.as_str().into()),
            result: Some(outcome.result_text().into()),
            result_words: Some(outcome.words_on_time(color_of(seat))),
            flagged: Some(Seat::name(seat).into()),
            flag_at_ms: None,
            abort_at_ms: None,
        };
        self.store_or_reload(Vec::new(), update, now).await?;
        self.game = Arc::new(game);
        self.status = Status::Ended;
        self.flagged = Some(seat);
        self.clock.stop(now);
        Ok(true)
    }

    /// Calls off a game before both players have moved, or withdraws a seek.
    pub async fn abort(&mut self, guest: Option<&GuestId>, now: Instant) -> Result<(), GameError> {
        if self.role_of(guest) == Role::Spectator {
            return Err(GameError::NotAPlayer("only a player of this game may abort it".into()));
        }
        if self.status != Status::Waiting && !self.abortable() {
            return Err(GameError::NotAbortable("a game can be aborted only before both players have moved; resign or offer a draw instead".into()));
        }
        self.call_off(ABORTED_WORDS, now).await
    }

    /// Aborts the game if the seat to act has not made its first action by
    /// its deadline (`timers::FIRST_MOVE`); whether it did.
    pub async fn check_abandoned(&mut self, now: Instant) -> Result<bool, GameError> {
        let due = self.abort_at_ms.is_some_and(|at| at <= now_ms());
        let Some(seat) = self.game.to_act().filter(|_| self.status == Status::Playing && due) else { return Ok(false) };
        let who = if seat == Seat::Black { "Black" } else { "White" };
        self.call_off(&format!("{ABORTED_WORDS}: {who} did not make a first move in time"), now).await?;
        Ok(true)
    }

    /// Ends the game with no result, `words` saying why.
    async fn call_off(&mut self, words: &str, now: Instant) -> Result<(), GameError> {
        let update = GameUpdate {
            status: Some(Status::Aborted.as_str().into()),
            result: None,
            result_words: Some(words.into()),
            flagged: None,
            flag_at_ms: None,
            abort_at_ms: None,
        };
        self.store_or_reload(Vec::new(), update, now).await?;
        self.status = Status::Aborted;
        self.aborted_words = Some(words.into());
        self.abort_at_ms = None;
        self.clock.stop(now);
        Ok(())
    }

    /// How the game ended, in words (`None` while it runs).
    pub fn result_words(&self) -> Option<String> {
        self.result().map(|r| r.words)
    }

    fn result(&self) -> Option<ResultState> {
        match self.status {
            Status::Aborted => Some(ResultState { result: None, words: self.aborted_words.clone().unwrap_or_else(|| ABORTED_WORDS.into()) }),
            _ => self.game.outcome().map(|o| ResultState { result: Some(o.result_text().into()), words: self.words(o) }),
        }
    }

    /// The outcome in words; on time, naming whose time ran out.
    fn words(&self, outcome: Outcome) -> String {
        match self.flagged {
            Some(seat) => outcome.words_on_time(color_of(seat)),
            None => outcome.to_string(),
        }
    }

    /// The deadline players see: the first-move deadline, or a challenge
    /// link's expiry. A seek's moves on while its creator is here, so none.
    fn shown_abort_at_ms(&self) -> Option<i64> {
        match self.status {
            Status::Playing => self.abort_at_ms,
            Status::Waiting if !self.spec.listed => self.abort_at_ms,
            _ => None,
        }
    }

    /// What every role's state is built from, as the room stands at `now`.
    pub fn snapshot(&self, now: Instant) -> Snapshot {
        let over = self.status.is_over();
        let (white_ms, black_ms) = self.clock.snapshot(now);
        Snapshot {
            id: self.id.clone(),
            variant: self.spec.variant.clone(),
            options: self.spec.options.clone(),
            rated: self.spec.rated,
            status: self.status,
            players: Players {
                white: self.players[0].as_ref().map(public_name),
                black: self.players[1].as_ref().map(public_name),
            },
            clocks: ClocksState { white_ms, black_ms, increment_ms: self.clock.increment_ms(), running: self.clock.running() },
            dice: self.game.info().rolls_dice.then(|| DiceState { commitment: self.seed.commitment(), seed: over.then(|| self.seed.to_hex()) }),
            abortable: self.abortable(),
            abort_at_ms: self.shown_abort_at_ms(),
            result: self.result(),
            ply: self.ply(),
            takeback: self.takebacks.state(self.takebacks_allowed()),
            rating_change: self.rating_change,
            game: self.game.clone(),
        }
    }

    /// The log's ply of the game's action `index` (a replay shows the
    /// clocks stored with it; takeback words sit between the game's actions).
    pub fn log_ply(&self, index: usize) -> Option<u64> {
        self.takebacks.log_ply(index)
    }

    /// The game's record for `verify-dice`: the seed only once it is over.
    pub fn export(&self) -> GameExport {
        GameExport {
            id: self.id.clone(),
            variant: self.spec.variant.clone(),
            setup: self.spec.setup.clone(),
            status: self.status,
            result: self.result().and_then(|r| r.result),
            commitment: self.seed.commitment(),
            seed: self.status.is_over().then(|| self.seed.to_hex()),
            actions: self.game.history().to_vec(),
        }
    }
}
