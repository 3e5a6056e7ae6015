//! The engine for Through the Looking-Glass. Every action of the opponent
//! in its own world is secret, so the game states consistent with what a
//! player saw are far too many to list; this engine reads only the acting
//! seat's view (its own world, its legal list, its knowledge log) and
//! - keeps notes of the unseen world from the log ([`notes`]): its own
//!   pieces there exactly, the opponent's as last disclosed, dated;
//! - draws plausible whole positions from them ([`sample`]): the rest of the
//!   opponent's army on a guessed Chess960 start;
//! - values each move in its own world and each order that cannot be a
//!   Strike in every sample, after the opponent's best capture ([`choose`],
//!   [`value`]), and plays the best mean (with a level's noise).
//!
//! It is not offered over UCI: a FEN cannot hold a player's knowledge.
//! See docs/engine.md.

pub mod choose;
pub mod notes;
pub mod sample;
pub mod value;

use crate::level::{Level, Rng};
use crate::search::Features;
use crate::analysis::Analysed;
use crate::live::LiveReport;
use crate::session::{BenchReport, BestMove, Info, Session};
use crate::time::Limits;
use crate::score::Score;
use chesslantis_core::variants::looking_glass::setup::{Start, STARTS};
use chesslantis_core::variants::looking_glass::GlassPending;
use chesslantis_core::variants::LookingGlass;
use chesslantis_core::view::{Pending, View};
use chesslantis_core::{Color, DynGame, Variant, Viewer};
use choose::{candidates, worth_in, worth_of_choice, Candidate};
use notes::Notes;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// Why the UCI side of a session says no.
/// Why this engine neither analyses a finished game nor serves the analysis board.
const NO_WHOLE_POSITION: &str =
    "the Looking-Glass engine values moves only from a player's view (samples of the unseen world), not from the whole position";
const NOT_UCI: &str =
    "Looking-Glass is not played over UCI: a FEN cannot hold what a player knows of the unseen world; play it through the game model (play, referee, serve)";

/// A Looking-Glass player.
pub struct LookingGlassSession {
    level: Level,
    rng: Rng,
    stop: Arc<AtomicBool>,
    /// Candidates valued in one sample each, so far (the bench's count).
    nodes: u64,
}

/// The level's noise, widened: one piece is worth more here than in chess
/// search values (a sample's value swings by pieces the sample made up).
const NOISE_SCALE: i32 = 5;

/// How one candidate is valued in one sample, for the player.
type Worth = fn(&sample::Pos, &Candidate, Color) -> i32;

/// The bench's positions: games this many actions from the start, one per seed.
const BENCH_GAMES: [(u64, usize); 4] = [(1, 12), (2, 20), (3, 30), (4, 40)];

/// A session (the table size does not matter: there is no table).
pub fn new_session(_hash_mb: usize) -> Box<dyn Session> {
    Box::new(LookingGlassSession::new(Rng::from_clock()))
}

impl LookingGlassSession {
    fn new(rng: Rng) -> LookingGlassSession {
        LookingGlassSession { level: Level::FULL, rng, stop: Arc::new(AtomicBool::new(false)), nodes: 0 }
    }

    /// Positions sampled per decision: fewer at weaker levels.
    fn samples(&self) -> usize {
        2 + self.level.skill() as usize / 4
    }

    /// The best-valued candidate, each valued by `worth` in every sample,
    /// with the level's noise; within the limits' time, at least one sample.
    fn pick(&mut self, view: &View, me: Color, worth: Worth, limits: &Limits) -> Result<String, String> {
        let deadline = limits.deadlines().hard.map(|d| Instant::now() + d / 2);
        let (all, means) = self.value_all(view, me, worth, self.samples(), deadline)?;
        let spread = NOISE_SCALE * self.level.noise();
        let best = means
            .iter()
            .zip(&all)
            .map(|(&v, c)| (v + self.rng.noise(spread), c))
            .enumerate()
            // The first of equals: the legal list's order.
            .max_by_key(|&(i, (v, _))| (v, std::cmp::Reverse(i)))
            .map(|(_, (_, c))| c.text.clone());
        best.ok_or_else(|| "no candidate".into())
    }

    /// The candidates of `view` and the mean of `worth` over up to `samples`
    /// sampled positions (at least one, more until `deadline`).
    fn value_all(&mut self, view: &View, me: Color, worth: Worth, samples: usize, deadline: Option<Instant>) -> Result<(Vec<Candidate>, Vec<i32>), String> {
        let notes = Notes::read(me, &view.knowledge.log);
        let all = candidates(&view.legal, &notes);
        if all.is_empty() {
            return Err("the engine finds no move and no safe order to give".into());
        }
        let known = sample::known_position(view, &notes)?;
        let mut totals = vec![0i64; all.len()];
        let mut drawn = 0;
        while drawn < samples.max(1) && (drawn == 0 || deadline.is_none_or(|d| Instant::now() < d)) {
            let pos = sample::sample(&known, &notes, &mut self.rng);
            for (total, candidate) in totals.iter_mut().zip(&all) {
                *total += i64::from(worth(&pos, candidate, me));
            }
            drawn += 1;
            self.nodes += all.len() as u64;
        }
        Ok((all, totals.iter().map(|&t| (t / drawn as i64) as i32).collect()))
    }

    /// A secret start: a random Chess960 one, so the opponent cannot guess
    /// where the king stands.
    fn start(&mut self) -> String {
        let start = Start::from_number((self.rng.next_u64() % u64::from(STARTS)) as u16).unwrap_or(Start::FIDE);
        format!("start {}", start.text())
    }
}

impl Session for LookingGlassSession {
    fn variant_id(&self) -> &'static str {
        LookingGlass::ID
    }

    fn set_hash(&mut self, _mb: usize) {}

    fn new_game(&mut self) {}

    fn set_features(&mut self, _features: Features) {}

    fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    fn set_seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    fn set_position(&mut self, _fen: Option<&str>, _moves: &[&str]) -> Result<(), String> {
        Err(NOT_UCI.into())
    }

    fn fen(&self) -> String {
        LookingGlass::start_fen().into()
    }

    fn turn(&self) -> Color {
        Color::White
    }

    fn check_moves(&self, _moves: &[&str]) -> Result<(), String> {
        Err(NOT_UCI.into())
    }

    fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    fn go(&mut self, _limits: &Limits, _search_moves: &[&str], _info: &mut dyn FnMut(&Info)) -> BestMove {
        BestMove { text: None, score: 0, depth: 0, nodes: 0 }
    }

    fn choose_action(&mut self, game: &DynGame, limits: &Limits) -> Result<String, String> {
        if game.variant_id() != LookingGlass::ID {
            return Err(format!("the engine plays {} and this game is {}", LookingGlass::ID, game.variant_id()));
        }
        let me = match game.to_act() {
            None => return Err("the game is over: no one is to act".into()),
            Some(seat) => seat.color().ok_or("no player is to act")?,
        };
        let view = game.view(Viewer::player(me));
        match view.pending.as_ref().and_then(Pending::as_own) {
            Some(GlassPending::ChooseStart) => Ok(self.start()),
            Some(GlassPending::MoveForOpponent { .. }) => self.pick(&view, me, worth_of_choice, limits),
            _ => self.pick(&view, me, worth_in, limits),
        }
    }

    fn assess(&mut self, game: &DynGame, color: Color, _limits: &Limits) -> Result<Score, String> {
        let view = game.view(Viewer::player(color));
        if view.fen.contains("setup") || game.outcome().is_some() {
            return Ok(0);
        }
        let notes = Notes::read(color, &view.knowledge.log);
        let known = sample::known_position(&view, &notes)?;
        let n = self.samples();
        let total: i64 = (0..n).map(|_| i64::from(value::value(&sample::sample(&known, &notes, &mut self.rng), color))).sum();
        Ok((total / n as i64) as Score)
    }

    /// This engine values a move from a player's notes and samples of the
    /// unseen world; it has no search of a whole position to judge by.
    fn analyse(&mut self, _game: &DynGame, _played: &str, _limits: &Limits) -> Result<Analysed, String> {
        Err(NO_WHOLE_POSITION.into())
    }

    /// The same for the analysis board: nothing of the whole position is valued.
    fn analyse_live(&mut self, _game: &DynGame, _lines: usize, _max_depth: u32, report: &mut dyn FnMut(&LiveReport)) {
        report(&LiveReport::note(NO_WHOLE_POSITION))
    }

    /// The decisions of a few fixed positions (seeded self-play games),
    /// each over `depth` samples: nodes count candidates valued in a sample.
    fn bench(&mut self, depth: u32) -> BenchReport {
        let start = Instant::now();
        let mut nodes = 0;
        let mut positions = 0;
        for (seed, actions) in BENCH_GAMES {
            let Some(game) = bench_game(seed, actions) else { continue };
            let Some(me) = game.to_act().and_then(|s| s.color()) else { continue };
            let mut session = LookingGlassSession::new(Rng::new(seed));
            if session.value_all(&game.view(Viewer::player(me)), me, worth_in, depth as usize, None).is_ok() {
                positions += 1;
                nodes += session.nodes;
            }
        }
        BenchReport { positions, nodes, elapsed: start.elapsed() }
    }
}

/// A game of the engine against itself, `actions` actions from the start
/// (fewer if it ended), each side seeded from `seed`.
fn bench_game(seed: u64, actions: usize) -> Option<DynGame> {
    let mut game = DynGame::new(LookingGlass::ID, None).ok()?;
    let mut sides = [LookingGlassSession::new(Rng::new(seed)), LookingGlassSession::new(Rng::new(seed + 1))];
    let limits = Limits::depth(1);
    for _ in 0..actions {
        let Some(seat) = game.to_act() else { break };
        let side = &mut sides[seat.color()?.index()];
        side.level = Level::LOWEST;
        let action = side.choose_action(&game, &limits).ok()?;
        game.apply(seat, &action).ok()?;
    }
    game.to_act().is_some().then_some(game)
}
