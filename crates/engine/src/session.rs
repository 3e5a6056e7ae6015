//! Picking a variant at run time: a [`Session`] is one variant's searcher and
//! position behind an object-safe trait, so the UCI loop, the terminal and
//! the bench hold a `Box<dyn Session>` while the search inside is compiled
//! for the variant. [`ENGINES`] lists the variants the engine plays.

use crate::search::{Features, Progress, Searcher};
use crate::time::Limits;
use crate::variant::{EngineVariant, Turn};
use crate::level::{Level, Rng};
use crate::worlds::{sample_worlds, values_over_worlds, World};
use crate::Score;
use chesslantis_core::registry::uses_960_castling;
use chesslantis_core::variants::{Beirut, BermudaAngle, BermudaTwoBoard, Chess, Circe, KnightsAreGod, Portal, Rejection};
use chesslantis_core::{notation, Action, Actor, Color, Game, Move, Observation, Position, Variant, Viewer};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Hidden information: at most this many worlds are searched per decision
/// (more would leave each too shallow at game speeds).
const MAX_WORLDS: usize = 8;

/// A search iteration's report with the moves as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<String>,
    pub hashfull: u32,
}

/// A search's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// `None` when there is no legal move.
    pub text: Option<String>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

/// Totals of `bench`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchReport {
    pub positions: usize,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// One variant's engine state: a position (with the game's history) and a searcher.
pub trait Session: Send {
    fn variant_id(&self) -> &'static str;
    /// Resizes the transposition table (clearing it).
    fn set_hash(&mut self, mb: usize);
    /// Forgets what earlier games taught (a new game).
    fn new_game(&mut self);
    /// Switches search techniques on or off (for measuring them).
    fn set_features(&mut self, features: Features);
    /// The strength to play at, for `go` and `choose_action` alike.
    fn set_level(&mut self, level: Level);
    /// Seeds the noise of the weaker levels (the same seed, the same moves).
    fn set_seed(&mut self, seed: u64);
    /// Sets the position: a FEN or the start, then moves in UCI text. On
    /// error nothing changes.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String>;
    fn fen(&self) -> String;
    fn turn(&self) -> Color;
    /// Checks root-move texts (UCI `searchmoves`) against the position.
    fn check_moves(&self, moves: &[&str]) -> Result<(), String>;
    /// The flag that stops a search in progress; the caller clears it before `go`.
    fn stop_flag(&self) -> Arc<AtomicBool>;
    /// Searches the position; `search_moves` (checked by `check_moves`) restricts the root.
    fn go(&mut self, limits: &Limits, search_moves: &[&str], info: &mut dyn FnMut(&Info)) -> BestMove;
    /// Picks an action for the player to act in a game, seeing only that
    /// player's observation (the terminal's engine seat).
    fn choose_action(&mut self, game: &dyn Game, limits: &Limits) -> Result<Action, String>;
    /// Fixed-depth searches of the variant's bench positions, each from empty tables.
    fn bench(&mut self, depth: u32) -> BenchReport;
}

/// A variant's session.
pub struct VariantSession<V: EngineVariant> {
    searcher: Searcher<V>,
    position: Position<V>,
    /// Hashes of the game's positions before `position`, since the last capture or pawn move.
    history: Vec<u64>,
    /// `choose_action`'s record of the game: positions seen and made, in order.
    seen: Vec<u64>,
    /// Hidden information over UCI: the worlds the set position may be
    /// (`position` is the first); `None` when the FEN is the whole truth.
    worlds: Option<Vec<World<V>>>,
    hash_mb: usize,
    level: Level,
    rng: Rng,
}

impl<V: EngineVariant> VariantSession<V> {
    pub fn new(hash_mb: usize) -> VariantSession<V> {
        VariantSession {
            searcher: Searcher::new(hash_mb),
            position: Position::start(),
            history: Vec::new(),
            seen: Vec::new(),
            worlds: None,
            hash_mb,
            level: Level::FULL,
            rng: Rng::from_clock(),
        }
    }

    fn text(pos: &Position<V>, mv: Move) -> String {
        notation::uci::<V>(mv, uses_960_castling(pos))
    }

    /// Records the position a player is to act in, for the repetition rules:
    /// `seen` holds the game's positions in order, as this player saw and
    /// made them. A position seen again at once (a second decision in the
    /// same turn) is not a new one, and a return to the position before our
    /// last move means that move did not stand (a rejected proposal).
    fn record(&mut self, pos: &Position<V>) {
        let hash = pos.hash();
        let n = self.seen.len();
        if n >= 2 && self.seen[n - 2] == hash {
            self.seen.pop();
        } else if self.seen.last() != Some(&hash) {
            self.seen.push(hash);
        }
        let keep = V::repetition_reach(pos.halfmoves(), self.seen.len() - 1) + 1;
        self.seen.drain(..self.seen.len() - keep);
        self.history = self.seen[..self.seen.len() - 1].to_vec();
    }

    fn parse_moves(&self, texts: &[&str]) -> Result<Vec<Move>, String> {
        texts
            .iter()
            .map(|t| notation::parse_uci(&self.position, t).map_err(|e| e.to_string()))
            .collect()
    }

    /// The move to play over the worlds (hidden information): the best
    /// average value, or at a weaker level a near-best one.
    fn choose_in_worlds(&mut self, worlds: &[World<V>], limits: &Limits) -> Option<(Move, Score)> {
        let values = values_over_worlds(&mut self.searcher, worlds, &self.history, &self.level.cap(limits));
        self.level.choose(&values, &mut self.rng)
    }

    /// The move with the best average over sampled worlds (hidden information).
    fn best_over_worlds(&mut self, worlds: &[World<V>], limits: &Limits) -> BestMove {
        let sampled = sample_worlds(worlds.to_vec(), MAX_WORLDS);
        let start = self.searcher.nodes;
        let chosen = self.choose_in_worlds(&sampled, limits);
        BestMove {
            text: chosen.map(|(mv, _)| Self::text(&self.position, mv)),
            score: chosen.map_or(0, |(_, s)| s),
            depth: 0,
            nodes: self.searcher.nodes.saturating_sub(start),
        }
    }

    fn best_move(&mut self, limits: &Limits, search_moves: &[Move], info: &mut dyn FnMut(&Info)) -> (Option<Move>, BestMove) {
        let pos = self.position.clone();
        let (level, rng) = (self.level, &mut self.rng);
        let result = self.searcher.search_at_level(&pos, &self.history, limits, search_moves, level, rng, &mut |p: &Progress| {
            let pv = line_text(&pos, p.pv);
            info(&Info {
                depth: p.depth,
                seldepth: p.seldepth,
                score: p.score,
                nodes: p.nodes,
                elapsed: p.elapsed,
                pv,
                hashfull: p.hashfull,
            })
        });
        let text = result.best.map(|mv| Self::text(&pos, mv));
        (result.best, BestMove { text, score: result.score, depth: result.depth, nodes: result.nodes })
    }
}

/// A FEN given over UCI, as the observation of the player to move (Beirut:
/// the opponent's carrier written `*`).
fn uci_observation<V: EngineVariant>(fen: &str) -> Observation {
    Observation { shape: V::SHAPE, fen: fen.to_string(), actor: Actor::Nobody, notes: Vec::new() }
}

/// A line of moves as UCI texts, played from `pos`.
fn line_text<V: EngineVariant>(pos: &Position<V>, line: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for &mv in line {
        if !p.is_legal(mv) {
            break;
        }
        out.push(VariantSession::<V>::text(&p, mv));
        p.play(mv);
    }
    out
}

impl<V: EngineVariant> Session for VariantSession<V> {
    fn variant_id(&self) -> &'static str {
        V::ID
    }

    fn set_hash(&mut self, mb: usize) {
        self.hash_mb = mb;
        self.searcher.resize(mb);
    }

    fn new_game(&mut self) {
        self.searcher.clear();
        self.seen.clear();
    }

    fn set_features(&mut self, features: Features) {
        self.searcher.features = features;
    }

    fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    fn set_seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let (mut worlds, hidden) = match fen {
            None => (vec![World { position: Position::start(), weight: 1.0 }], false),
            Some(f) => match Position::<V>::from_fen(f) {
                Ok(pos) => (vec![World { position: pos, weight: 1.0 }], false),
                Err(e) => (V::worlds(&uci_observation::<V>(f)).ok_or_else(|| e.to_string())?, true),
            },
        };
        let mut history = Vec::new();
        for text in moves {
            // A world where a move is not legal is not the truth (Beirut: a
            // detonation shows where the bomb was).
            let before = worlds.first().map(|w| w.position.hash());
            worlds.retain_mut(|w| match notation::parse_uci(&w.position, text) {
                Ok(mv) => {
                    w.position.play(mv);
                    true
                }
                Err(_) => false,
            });
            let Some(first) = worlds.first() else {
                return Err(format!("move {text}: not legal in this position"));
            };
            history.extend(before);
            let keep = V::repetition_reach(first.position.halfmoves(), history.len());
            history.drain(..history.len() - keep);
        }
        self.position = worlds[0].position.clone();
        self.worlds = hidden.then_some(worlds);
        self.history = history;
        Ok(())
    }

    fn fen(&self) -> String {
        self.position.fen()
    }

    fn turn(&self) -> Color {
        self.position.turn()
    }

    fn check_moves(&self, moves: &[&str]) -> Result<(), String> {
        self.parse_moves(moves).map(|_| ())
    }

    fn stop_flag(&self) -> Arc<AtomicBool> {
        self.searcher.stop_flag()
    }

    fn go(&mut self, limits: &Limits, search_moves: &[&str], info: &mut dyn FnMut(&Info)) -> BestMove {
        if let Some(worlds) = self.worlds.clone() {
            return self.best_over_worlds(&worlds, limits);
        }
        let restrict = self.parse_moves(search_moves).unwrap_or_default();
        self.best_move(limits, &restrict, info).1
    }

    fn choose_action(&mut self, game: &dyn Game, limits: &Limits) -> Result<Action, String> {
        let Actor::Player(color) = game.actor() else {
            return Err("no player is to act".into());
        };
        let observation = game.observation(Viewer::player(color));
        let worlds = V::worlds(&observation).map(|w| sample_worlds(w, MAX_WORLDS));
        let pos = match worlds.as_ref().and_then(|w| w.first()) {
            Some(world) => world.position.clone(),
            None => V::observed_position(&observation)?,
        };
        self.record(&pos);
        self.position = pos.clone();
        let legal = game.legal_actions();
        let capped = self.level.cap(limits);
        let mut turn = Turn {
            searcher: &mut self.searcher,
            observation: &observation,
            position: &pos,
            history: &self.history,
            limits: &capped,
        };
        if let Some(action) = V::protocol_action(&mut turn, &legal) {
            if let Ok(Action::Move(mv)) = action {
                self.seen.push(pos.after(mv).hash());
            }
            return action;
        }
        let chosen = match &worlds {
            Some(worlds) => self.choose_in_worlds(worlds, limits).map(|(mv, _)| mv),
            None => self.best_move(limits, &[], &mut |_| {}).0,
        };
        let mv = chosen.ok_or("no legal move")?;
        let action = Action::Move(mv);
        if !legal.contains(&action) {
            return Err(format!("the engine chose {}, which the game does not allow now", Self::text(&pos, mv)));
        }
        self.seen.push(pos.after(mv).hash());
        Ok(action)
    }

    fn bench(&mut self, depth: u32) -> BenchReport {
        let fens: Vec<&str> = if V::bench_fens().is_empty() { vec![V::start_fen()] } else { V::bench_fens().to_vec() };
        let limits = Limits::depth(depth);
        let start = Instant::now();
        let mut nodes = 0;
        let mut positions = 0;
        for fen in fens {
            let Ok(pos) = Position::<V>::from_fen(fen) else { continue };
            self.searcher.clear();
            nodes += self.searcher.search(&pos, &[], &limits, &[], &mut |_| {}).nodes;
            positions += 1;
        }
        BenchReport { positions, nodes, elapsed: start.elapsed() }
    }
}

/// How to make a session of one variant.
pub struct EngineEntry {
    pub id: &'static str,
    pub new_session: fn(usize) -> Box<dyn Session>,
}

fn session_of<V: EngineVariant>(hash_mb: usize) -> Box<dyn Session> {
    Box::new(VariantSession::<V>::new(hash_mb))
}

macro_rules! engine {
    ($v:ty) => {
        EngineEntry { id: <$v as Variant>::ID, new_session: session_of::<$v> }
    };
}

/// The variants the engine plays. A new variant: `impl EngineVariant` in
/// `variants/`, and a line here.
pub static ENGINES: &[EngineEntry] = &[
    engine!(Chess),
    engine!(BermudaAngle),
    engine!(Rejection),
    engine!(Circe),
    engine!(Portal),
    engine!(Beirut),
    engine!(KnightsAreGod),
    engine!(BermudaTwoBoard),
];

/// The ids, among the core's variants, that the engine plays (in the core's order).
pub fn supported_variants() -> Vec<&'static str> {
    chesslantis_core::registry::variant_ids()
        .into_iter()
        .filter(|id| ENGINES.iter().any(|e| e.id == *id))
        .collect()
}

/// A session for variant `id` with a `hash_mb` megabyte table.
pub fn new_session(id: &str, hash_mb: usize) -> Result<Box<dyn Session>, String> {
    match ENGINES.iter().find(|e| e.id == id) {
        Some(e) => Ok((e.new_session)(hash_mb)),
        None if chesslantis_core::registry::variant(id).is_some() => {
            Err(format!("the engine does not play '{id}' yet; it plays: {}", supported_variants().join(", ")))
        }
        None => Err(format!("unknown variant '{id}'; the engine plays: {}", supported_variants().join(", "))),
    }
}
