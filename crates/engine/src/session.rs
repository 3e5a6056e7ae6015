//! Picking a variant at run time: a [`Session`] is one variant's searcher and
//! position behind an object-safe trait, so the UCI loop, the terminal and
//! the bench hold a `Box<dyn Session>` while the search inside is compiled
//! for the variant. [`ENGINES`] lists the variants the engine plays.

use crate::search::{Features, Progress, Searcher};
use crate::time::Limits;
use crate::rejection::{answer_proposal, replacement, Answer};
use crate::variant::{Decision, EngineVariant};
use crate::worlds::choose_over_worlds;
use crate::Score;
use chesslantis_core::registry::uses_960_castling;
use chesslantis_core::variants::Chess;
use chesslantis_core::{notation, Action, Actor, Color, Game, Move, Position, Variant, Viewer};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

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
    hash_mb: usize,
}

impl<V: EngineVariant> VariantSession<V> {
    pub fn new(hash_mb: usize) -> VariantSession<V> {
        VariantSession {
            searcher: Searcher::new(hash_mb),
            position: Position::start(),
            history: Vec::new(),
            seen: Vec::new(),
            hash_mb,
        }
    }

    /// Takes `pos` as the position now, after the game's record so far:
    /// the history is what came since the last capture or pawn move.
    fn observe(&mut self, pos: &Position<V>) {
        let n = self.seen.len();
        if n >= 2 && self.seen[n - 2] == pos.hash() {
            // Back before our last move: it was a proposal, and rejected.
            self.seen.pop();
        }
        if self.seen.last() != Some(&pos.hash()) {
            self.seen.push(pos.hash());
        }
        let keep = (pos.halfmoves() as usize + 1).min(self.seen.len());
        self.seen.drain(..self.seen.len() - keep);
        self.history = self.seen[..self.seen.len() - 1].to_vec();
        self.position = pos.clone();
    }

    fn text(pos: &Position<V>, mv: Move) -> String {
        notation::uci::<V>(mv, uses_960_castling(pos))
    }

    fn parse_moves(&self, texts: &[&str]) -> Result<Vec<Move>, String> {
        texts
            .iter()
            .map(|t| notation::parse_uci(&self.position, t).map_err(|e| e.to_string()))
            .collect()
    }

    fn best_move(&mut self, limits: &Limits, search_moves: &[Move], info: &mut dyn FnMut(&Info)) -> (Option<Move>, BestMove) {
        let pos = self.position.clone();
        let result = self.searcher.search(&pos, &self.history, limits, search_moves, &mut |p: &Progress| {
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

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let mut pos = match fen {
            Some(f) => Position::<V>::from_fen(f).map_err(|e| e.to_string())?,
            None => Position::start(),
        };
        let mut history = Vec::new();
        for text in moves {
            let mv = notation::parse_uci(&pos, text).map_err(|e| format!("move {text}: {e}"))?;
            history.push(pos.hash());
            pos.play(mv);
            if pos.halfmoves() == 0 {
                history.clear();
            }
        }
        self.position = pos;
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
        let restrict = self.parse_moves(search_moves).unwrap_or_default();
        self.best_move(limits, &restrict, info).1
    }

    fn choose_action(&mut self, game: &dyn Game, limits: &Limits) -> Result<Action, String> {
        let Actor::Player(color) = game.actor() else {
            return Err("no player is to act".into());
        };
        let observation = game.observation(Viewer::Player(color));
        let action = match V::decision(&observation)? {
            Decision::Move(pos) => {
                self.observe(&pos);
                let chosen = match V::worlds(&observation) {
                    Some(worlds) => {
                        choose_over_worlds(&mut self.searcher, &worlds, &self.history, limits).map(|(mv, _)| mv)
                    }
                    None => self.best_move(limits, &[], &mut |_| {}).0,
                };
                Action::Move(chosen.ok_or("no legal move")?)
            }
            Decision::Answer { position, proposed } => {
                self.observe(&position);
                match answer_proposal(&mut self.searcher, &position, &self.history, proposed, limits) {
                    Answer::Accept => Action::Accept,
                    Answer::Reject => Action::Reject,
                }
            }
            Decision::Act(action) => action,
            Decision::Replace { position, rejected } => {
                self.observe(&position);
                let mv = replacement(&mut self.searcher, &position, &self.history, rejected, limits);
                Action::Move(mv.ok_or("no other legal move")?)
            }
        };
        if !game.legal_actions().contains(&action) {
            return Err(format!("the engine chose {}, which the game does not allow now", game.action_text(action)));
        }
        if let Action::Move(mv) = action {
            self.seen.push(self.position.after(mv).hash());
        }
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
pub static ENGINES: &[EngineEntry] = &[engine!(Chess)];

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
