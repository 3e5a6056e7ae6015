//! New games: a seek, a challenge link or a game against the engine made
//! from a client's request, and a finished game's rematch.

use crate::game::clock::seat_index;
use crate::game::engine_player::EnginePlayer;
use crate::game::engine_seat::check_variant;
use crate::game::error::GameError;
use crate::game::hub::Hub;
use crate::game::options::GameOptions;
use crate::game::room::{GameSpec, Rematch, Room};
use crate::lobby::error::LobbyError;
use crate::lobby::new_game::{ColourChoice, NewGame, Opponent, MAX_TIME_MS};
use crate::time::now_ms;
use crate::user::identity::{random_id, GuestId};
use chesslantis_core::Seat;
use std::time::Instant;

fn random_bit() -> bool {
    let mut b = [0u8; 1];
    getrandom::fill(&mut b).is_ok() && b[0] & 1 == 1
}

impl Hub {
    /// A new game for `creator`; a seek or a challenge link.
    pub async fn create(&self, creator: GuestId, request: NewGame) -> Result<(String, Seat), LobbyError> {
        let opponent_ms = request.opponent_time_ms.unwrap_or(request.time_ms);
        for (what, ms) in [("time_ms", request.time_ms), ("opponent_time_ms", opponent_ms)] {
            if !(100..=MAX_TIME_MS).contains(&ms) {
                return Err(LobbyError::BadClock(format!("{what} must be between 100 ms and {MAX_TIME_MS} ms (3 hours); it is {ms}")));
            }
        }
        if !(0..=60_000).contains(&request.increment_ms) {
            return Err(LobbyError::BadClock("increment_ms must be between 0 and 60000 (one minute)".into()));
        }
        let seat = match request.colour {
            ColourChoice::White => Seat::White,
            ColourChoice::Black => Seat::Black,
            ColourChoice::Random if random_bit() => Seat::White,
            ColourChoice::Random => Seat::Black,
        };
        let (white_ms, black_ms) =
            if seat == Seat::White { (request.time_ms, opponent_ms) } else { (opponent_ms, request.time_ms) };
        if request.rated && crate::user::accounts::name_of(&creator).is_none() {
            return Err(LobbyError::RatedNeedsAccount("only signed-in users play rated games; sign up or log in, or leave out \"rated\"".into()));
        }
        if request.rated && request.opponent.is_some() {
            return Err(LobbyError::BadOpponent("games against the engine are casual; leave out \"rated\"".into()));
        }
        let options = GameOptions::parse(&request.variant, &request.options)?;
        let setup = options.apply(&request.variant, request.fen.filter(|f| !f.trim().is_empty()))?;
        let spec = GameSpec {
            variant: request.variant,
            setup,
            white_ms,
            black_ms,
            increment_ms: request.increment_ms,
            listed: request.open,
            reserved_for: None,
            options,
            rated: request.rated,
        };
        let engine = match request.opponent {
            None => None,
            Some(Opponent::Engine { level }) => {
                if request.open {
                    return Err(LobbyError::BadOpponent("a game against the engine is not an open seek; leave out \"open\"".into()));
                }
                let engine = EnginePlayer::new(level).map_err(|e| LobbyError::BadOpponent(format!("engine level: {e}")))?;
                check_variant(&spec.variant).map_err(LobbyError::BadOpponent)?;
                Some(engine)
            }
        };
        let id = self.create_room(creator, seat, spec, engine).await?;
        Ok((id, seat))
    }

    /// Stores and opens a new game; against the engine it starts at once,
    /// if the engine's game limits allow (`engine_pool`).
    async fn create_room(&self, creator: GuestId, seat: Seat, spec: GameSpec, engine: Option<EnginePlayer>) -> Result<String, LobbyError> {
        match engine {
            Some(engine) => self.engine().admit(self.store(), &creator.clone(), self.open_room(creator, seat, spec, Some(engine))).await,
            None => self.open_room(creator, seat, spec, None).await,
        }
    }

    async fn open_room(&self, creator: GuestId, seat: Seat, spec: GameSpec, engine: Option<EnginePlayer>) -> Result<String, LobbyError> {
        let id = random_id(10).map_err(LobbyError::Internal)?;
        let mut room = Room::create(self.store(), id.clone(), spec, creator, seat, now_ms(), self.timers()).await?;
        if let Some(engine) = engine {
            room.accept(engine.player_id(), Instant::now()).await?;
        }
        self.insert(room);
        Ok(id)
    }

    /// A game between two players who were paired for it (a club event's
    /// round): made for White, reserved for Black and started at once.
    pub async fn create_paired(&self, white: GuestId, black: GuestId, variant: &str, white_ms: i64, black_ms: i64) -> Result<String, LobbyError> {
        self.create_paired_with(white, black, variant, (white_ms, black_ms, 0), false).await
    }

    /// `create_paired` with an increment and rated or not (an arena's
    /// games): `clock` is White's and Black's time and the increment, in ms.
    pub async fn create_paired_with(&self, white: GuestId, black: GuestId, variant: &str, clock: (i64, i64, i64), rated: bool) -> Result<String, LobbyError> {
        let options = GameOptions::default();
        let (white_ms, black_ms, increment_ms) = clock;
        let spec = GameSpec {
            variant: variant.to_string(),
            setup: options.apply(variant, None)?,
            white_ms,
            black_ms,
            increment_ms,
            listed: false,
            reserved_for: Some(black.clone()),
            options,
            rated,
        };
        let id = self.open_room(white, Seat::White, spec, None).await?;
        self.accept(&id, black).await?;
        Ok(id)
    }

    /// A player of finished game `id` asks for a rematch: a new game for the
    /// same two players, colours swapped, each keeping their own time. If
    /// the opponent asked first, this accepts their rematch. Returns the new
    /// game and the caller's seat in it.
    pub async fn rematch(&self, id: &str, guest: GuestId) -> Result<(String, Seat), LobbyError> {
        let handle = self.room(id).await?;
        let mut old = handle.room.lock().await;
        let Some(old_seat) = old.role_of(Some(&guest)).seat() else {
            return Err(LobbyError::NotAPlayer("only a player of this game may ask for a rematch".into()));
        };
        if !old.status().is_over() {
            return Err(LobbyError::NotOver("the game is not over yet; a rematch comes after its end".into()));
        }
        let new_seat = if old_seat == Seat::White { Seat::Black } else { Seat::White };
        if let Some(existing) = old.rematch().cloned() {
            drop(old);
            if existing.by != old_seat {
                // The opponent asked first: asking back is accepting.
                let accepted = self.accept(&existing.id, guest).await;
                if let Err(e) = accepted {
                    if !matches!(e, GameError::Taken(_)) {
                        return Err(e.into());
                    }
                }
            }
            return Ok((existing.id, new_seat));
        }
        let i = |s: Seat| seat_index(s).unwrap_or(0);
        let Some(opponent) = old.players()[i(new_seat)].clone() else {
            return Err(LobbyError::NoOpponent("nobody took the other seat of this game; start a new one".into()));
        };
        let spec = old.spec();
        let engine = EnginePlayer::of(&opponent);
        let spec = GameSpec {
            variant: spec.variant.clone(),
            setup: spec.setup.clone(),
            // Each player keeps their own time (a handicap follows its player).
            white_ms: spec.black_ms,
            black_ms: spec.white_ms,
            increment_ms: spec.increment_ms,
            listed: false,
            reserved_for: if engine.is_some() { None } else { Some(opponent) },
            options: spec.options.clone(),
            rated: spec.rated,
        };
        let new_id = self.create_room(guest, new_seat, spec, engine).await?;
        if !old.set_rematch(Rematch { id: new_id.clone(), by: old_seat }).await? {
            return Err(LobbyError::Taken("a rematch was asked for at the same moment; reload the game to see it".into()));
        }
        handle.publish(&old);
        Ok((new_id, new_seat))
    }
}
