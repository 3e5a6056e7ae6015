//! Picking a variant at run time: a [`Session`] is one variant's searcher and
//! position behind an object-safe trait, so the UCI loop, the terminal, the
//! server and the bench hold a `Box<dyn Session>` while the search inside is
//! compiled for the variant. [`ENGINES`] lists the variants the engine plays.
//!
//! In a game (`choose_action`) the engine reads the core's typed state: the
//! game states consistent with what its player has seen (with hidden
//! information, a sample of them), each variant's own game inside them, and
//! the positions of their histories. Over UCI it reads a FEN and moves.

use crate::analysis::Analysed;
use crate::live::{Board, LiveReport};
use crate::level::{Level, Rng};
use crate::positions::PositionLog;
use crate::search::{Features, Progress, Searcher};
use crate::time::Limits;
use crate::turn::{SpecialDecision, Turn};
use crate::variant::EngineVariant;
use crate::worlds::{pick_evenly, values_over_worlds_with_histories, World};
use crate::score::Score;
use chesslantis_core::variants::{Bede, Beirut, BermudaAngle, BermudaTwoBoard, Chess, Circe, KnightsAreGod, LookingGlass, Portal, Rejection};
use chesslantis_core::information::InformationState;
use chesslantis_core::{notation, Action, Color, DynGame, Move, Position, Variant, Viewer};
use std::borrow::Cow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Hidden information: at most this many worlds are searched per decision
/// (more would leave each too shallow at game speeds).
const MAX_WORLDS: usize = 8;
/// Hidden information: at most this many consistent game states are
/// enumerated before sampling (Beirut has at most 15, one per carrier).
const MAX_STATES: usize = 64;

/// The worlds a player searches, each with the hashes of the positions before it.
type Worlds<V> = (Vec<World<V>>, Vec<Vec<u64>>);

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

/// One variant's engine: a searcher, the UCI position, and the positions of
/// the games it is asked about.
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
    /// Sets the UCI position: a FEN or the start, then moves in UCI text.
    /// On error nothing changes.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String>;
    fn fen(&self) -> String;
    fn turn(&self) -> Color;
    /// Checks root-move texts (UCI `searchmoves`) against the position.
    fn check_moves(&self, moves: &[&str]) -> Result<(), String>;
    /// The flag that stops a search in progress; the caller clears it before `go`.
    fn stop_flag(&self) -> Arc<AtomicBool>;
    /// Searches the position; `search_moves` (checked by `check_moves`) restricts the root.
    fn go(&mut self, limits: &Limits, search_moves: &[&str], info: &mut dyn FnMut(&Info)) -> BestMove;
    /// The action (in the text `DynGame::apply` reads) for the player to
    /// act, from that player's information only: its view, the history and
    /// the game states consistent with them, never the true state.
    fn choose_action(&mut self, game: &DynGame, limits: &Limits) -> Result<String, String>;
    /// How good the game is for `color` (centipawns, positive: better for
    /// it), from `color`'s information only: to answer a draw offer.
    fn assess(&mut self, game: &DynGame, color: Color, limits: &Limits) -> Result<Score, String>;
    /// After the game only: the true position of `game` (no player's view:
    /// every secret is read) searched at full strength, with the value of
    /// the move `played` there; an error saying why where this engine
    /// cannot value the position (a decision that is not a move, a variant
    /// it only plays from a player's view).
    fn analyse(&mut self, game: &DynGame, played: &str, limits: &Limits) -> Result<Analysed, String>;
    /// The analysis board (live.rs): `game`'s true position searched to
    /// `max_depth` for its best `lines` (1 to `live::MAX_LINES`), at a roll
    /// every outcome, reported after every completed iteration; the last
    /// report is `done`. Stopped by `stop_flag`, which the caller clears
    /// first. Where the engine cannot value the position, one report with
    /// a note says why.
    fn analyse_live(&mut self, game: &DynGame, lines: usize, max_depth: u32, report: &mut dyn FnMut(&LiveReport));
    /// Fixed-depth searches of the variant's bench positions, each from empty tables.
    fn bench(&mut self, depth: u32) -> BenchReport;
}

/// A variant's session.
pub struct VariantSession<V: EngineVariant> {
    searcher: Searcher<V>,
    /// The UCI position (and the last game position searched).
    position: Position<V>,
    /// Hashes of the game's positions before `position`, as far back as a repetition may reach.
    history: Vec<u64>,
    /// The positions of the games `choose_action` and `assess` were asked about.
    log: PositionLog<V>,
    /// With hidden information: the states consistent with what each
    /// player has seen, followed from one decision to the next.
    information: [Option<InformationState>; 2],
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
            log: PositionLog::default(),
            information: [None, None],
            hash_mb,
            level: Level::FULL,
            rng: Rng::from_clock(),
        }
    }

    fn text(pos: &Position<V>, mv: Move) -> String {
        notation::uci::<V>(mv, pos.uses_960_castling())
    }

    fn parse_moves(&self, texts: &[&str]) -> Result<Vec<Move>, String> {
        texts
            .iter()
            .map(|t| notation::parse_uci(&self.position, t).map_err(|e| e.to_string()))
            .collect()
    }

    /// The game states `color` cannot tell from the true one: with hidden
    /// information an even sample of them, else the game itself.
    fn states<'g>(&mut self, game: &'g DynGame, color: Color) -> Vec<Cow<'g, DynGame>> {
        if !game.hidden_information() {
            return vec![Cow::Borrowed(game)];
        }
        let viewer = Viewer::player(color);
        let information = self.information[color.index()].get_or_insert_with(|| InformationState::new(game, viewer, MAX_STATES));
        let states = information.update(game);
        pick_evenly(states.iter().collect(), MAX_WORLDS).into_iter().map(|s| Cow::Owned(s.clone())).collect()
    }

    /// The position of each state (its world), and the positions before it.
    fn worlds(&mut self, states: &[Cow<'_, DynGame>]) -> Result<Worlds<V>, String> {
        let refs: Vec<&DynGame> = states.iter().map(|s| s.as_ref()).collect();
        let worlds = refs
            .iter()
            .map(|s| V::position_in(s).map(|p| World { position: p.clone(), weight: 1.0 }))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| format!("the engine plays {} and this game is not of it", V::ID))?;
        if worlds.is_empty() {
            return Err("no game state is consistent with what the player has seen".into());
        }
        let histories = self.log.before(&refs)?;
        Ok((worlds, histories))
    }

    /// The move to play over the worlds (hidden information): the best
    /// average value, or at a weaker level a near-best one.
    fn choose_in_worlds(&mut self, worlds: &[World<V>], histories: &[Vec<u64>], limits: &Limits) -> Option<Move> {
        let histories: Vec<&[u64]> = histories.iter().map(Vec::as_slice).collect();
        let values = values_over_worlds_with_histories(&mut self.searcher, worlds, &histories, &self.level.cap(limits));
        self.level.choose(&values, &mut self.rng).map(|(mv, _)| mv)
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

impl<V: SpecialDecision> Session for VariantSession<V> {
    fn variant_id(&self) -> &'static str {
        V::ID
    }

    fn set_hash(&mut self, mb: usize) {
        self.hash_mb = mb;
        self.searcher.resize(mb);
    }

    fn new_game(&mut self) {
        self.searcher.clear();
        self.log.clear();
        self.information = [None, None];
    }

    fn set_features(&mut self, features: Features) {
        self.searcher.set_features(features);
    }

    fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    fn set_seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let mut pos = match fen {
            None => Position::<V>::start(),
            Some(f) => Position::from_fen(f).map_err(|e| e.to_string())?,
        };
        let mut history = Vec::new();
        for text in moves {
            let mv = notation::parse_uci(&pos, text).map_err(|e| format!("move {text}: {e}"))?;
            history.push(pos.hash());
            pos.play(mv);
            let keep = V::repetition_reach(pos.halfmoves(), history.len());
            history.drain(..history.len() - keep);
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

    fn choose_action(&mut self, game: &DynGame, limits: &Limits) -> Result<String, String> {
        let color = match game.to_act() {
            None => return Err("the game is over: no one is to act".into()),
            Some(seat) => seat.color().ok_or("the dice are to roll: the engine acts only for a player")?,
        };
        let states = self.states(game, color);
        let (worlds, histories) = self.worlds(&states)?;
        let state = states[0].as_ref();
        let capped = self.level.cap(limits);
        let mut turn =
            Turn { searcher: &mut self.searcher, game: state, position: &worlds[0].position, history: &histories[0], limits: &capped };
        let action = match V::special_decision(&mut turn) {
            Some(decided) => decided?,
            None if worlds.len() == 1 => {
                self.position = worlds[0].position.clone();
                self.history = histories[0].clone();
                Action::Move(self.best_move(limits, &[], &mut |_| {}).0.ok_or("no legal move")?)
            }
            None => Action::Move(self.choose_in_worlds(&worlds, &histories, limits).ok_or("no legal move")?),
        };
        let inner = state.game();
        if !inner.legal_actions().contains(&action) {
            return Err(format!("the engine chose {}, which the game does not allow now", inner.action_text(action)));
        }
        Ok(inner.describe(action).text)
    }

    fn assess(&mut self, game: &DynGame, color: Color, limits: &Limits) -> Result<Score, String> {
        let states = self.states(game, color);
        let (worlds, histories) = self.worlds(&states)?;
        let mut total = 0i64;
        for (world, history) in worlds.iter().zip(&histories) {
            let result = self.searcher.search(&world.position, history, limits, &[], &mut |_| {});
            let score = if world.position.turn() == color { result.score } else { -result.score };
            total += i64::from(score);
        }
        Ok((total / worlds.len() as i64) as Score)
    }

    fn analyse(&mut self, game: &DynGame, played: &str, limits: &Limits) -> Result<Analysed, String> {
        crate::analysis::analyse(&mut self.searcher, &mut self.log, game, played, limits)
    }

    fn analyse_live(&mut self, game: &DynGame, lines: usize, max_depth: u32, report: &mut dyn FnMut(&LiveReport)) {
        Board { searcher: &mut self.searcher, log: &mut self.log }.analyse(game, lines, max_depth, report)
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
    /// Offered over UCI (`EngineVariant::UCI`).
    pub uci: bool,
}

fn session_of<V: SpecialDecision>(hash_mb: usize) -> Box<dyn Session> {
    Box::new(VariantSession::<V>::new(hash_mb))
}

macro_rules! engine {
    ($v:ty) => {
        EngineEntry { id: <$v as Variant>::ID, new_session: session_of::<$v>, uci: <$v as EngineVariant>::UCI }
    };
}

/// The variants the engine plays. A new variant: `impl EngineVariant` and
/// `impl SpecialDecision` in `variants/`, and a line here.
pub static ENGINES: &[EngineEntry] = &[
    engine!(Chess),
    engine!(BermudaAngle),
    engine!(Rejection),
    engine!(Circe),
    engine!(Portal),
    engine!(Beirut),
    engine!(KnightsAreGod),
    engine!(BermudaTwoBoard),
    engine!(Bede),
    EngineEntry { id: LookingGlass::ID, new_session: crate::looking_glass::new_session, uci: false },
];

/// The ids, among the core's variants, that the engine plays (in the core's order).
pub fn supported_variants() -> Vec<&'static str> {
    chesslantis_core::registry::variant_ids()
        .into_iter()
        .filter(|id| ENGINES.iter().any(|e| e.id == *id))
        .collect()
}

/// The variants offered over UCI (`UCI_Variant`): those a FEN and moves express.
pub fn uci_variants() -> Vec<&'static str> {
    supported_variants().into_iter().filter(|id| ENGINES.iter().any(|e| e.id == *id && e.uci)).collect()
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
