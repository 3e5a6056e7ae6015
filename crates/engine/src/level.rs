//! Playing strength: a [`Level`] from 0 (a beginner) to 20 (full strength),
//! or a nominal Elo from 800 to 2600 (UCI `UCI_Elo`), the same knobs for
//! every variant.
//!
//! A weaker level plays like a weaker human, not like a faster clock:
//! - a budget of depth and nodes (never time), so it plays the same on an
//!   idle and on a loaded machine;
//! - every root move is valued, noise is added to those values, and the best
//!   noisy value is played: near-best moves are chosen now and then;
//! - above the lowest level, a move that loses more than a bounded amount
//!   against the best one found is never chosen, so a queen is never left
//!   to a pawn when it can be saved (the values come from a search with
//!   quiescence, which sees the pawn take the queen).

use crate::score::{is_mate, Score};
use crate::search::{Progress, SearchResult, Searcher};
use crate::time::Limits;
use crate::variant::EngineVariant;
use chesslantis_core::{Move, Position};

/// The nominal Elo of level 0 and of each level above it.
const ELO_FLOOR: u32 = 800;
const ELO_PER_LEVEL: u32 = 90;

/// The line the knobs play at on Fairy-Stockfish's scale: the knobs at k
/// play about LINE_ELO_AT_0 + LINE_ELO_PER_KNOB k (fitted on
/// 2026-12-02, 422a7b9, to 200 games of the Stockfish-labelled network,
/// `bench/fit-level-scale`; docs/engine.md, "Strength levels"). Each level
/// takes the k where the line meets its nominal rating.
const LINE_ELO_AT_0: f64 = 731.0;
const LINE_ELO_PER_KNOB: f64 = 121.9;

/// So level 10 (k 7.95) keeps the 5 plies and level 7 (k 5.73) the 3 at
/// which they measured near their nominal ratings on 2026-12-02 (1679
/// against 1700, 1395 against 1430; bench/RESULTS.md, "Strength levels").
const DEPTH_STEP_EARLY: f64 = 0.25;

/// From level 6 (nominal 1340) down, less depth no longer weakens the play
/// (every k from -3 to 5 measured 1250 to 1400) and the noise does the
/// work: each level further down adds a step of noise and of the loss
/// allowed (fitted to games against Fairy-Stockfish's weakest setting).
const FLOOR_LEVEL: u8 = 6;
const FLOOR_NOISE: Score = 240;
const NOISE_STEP: Score = 33;
const FLOOR_LOSS: Score = 270;
const LOSS_STEP: Score = 25;

/// A playing strength, 0..=20; 20 plays at full strength.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Default for Level {
    fn default() -> Self {
        Level::FULL
    }
}

impl Level {
    pub const LOWEST: Level = Level(0);
    pub const FULL: Level = Level(20);
    pub const MIN_ELO: u32 = ELO_FLOOR;
    pub const MAX_ELO: u32 = ELO_FLOOR + 20 * ELO_PER_LEVEL;

    /// The level of a UCI `Skill Level` (0..=20).
    pub fn from_skill(skill: u32) -> Result<Level, String> {
        u8::try_from(skill)
            .ok()
            .filter(|s| *s <= 20)
            .map(Level)
            .ok_or_else(|| format!("a level is 0 (weakest) to 20 (full strength), not {skill}"))
    }

    /// The level nearest a nominal Elo (UCI `UCI_Elo`, 800..=2600).
    pub fn from_elo(elo: u32) -> Result<Level, String> {
        if !(Self::MIN_ELO..=Self::MAX_ELO).contains(&elo) {
            return Err(format!("UCI_Elo is {} to {}, not {elo}", Self::MIN_ELO, Self::MAX_ELO));
        }
        Ok(Level(((elo - ELO_FLOOR + ELO_PER_LEVEL / 2) / ELO_PER_LEVEL) as u8))
    }

    pub fn skill(self) -> u32 {
        self.0 as u32
    }

    /// The Elo this level is meant to play at (see docs/engine.md for what
    /// it measured).
    pub fn nominal_elo(self) -> u32 {
        ELO_FLOOR + self.0 as u32 * ELO_PER_LEVEL
    }

    pub fn is_full(self) -> bool {
        self == Level::FULL
    }

    /// Where this level sits on the knobs' scale.
    fn knob(self) -> f64 {
        (self.nominal_elo() as f64 - LINE_ELO_AT_0) / LINE_ELO_PER_KNOB
    }

    /// How many levels below `FLOOR_LEVEL` this level is; `None` above it.
    fn steps_below_floor(self) -> Option<Score> {
        (self.0 <= FLOOR_LEVEL).then(|| (FLOOR_LEVEL - self.0) as Score)
    }

    /// The deepest iteration at this level (none at full strength). The
    /// depth is the coarsest knob (a ply weighs about 200 Elo mid-scale,
    /// more than a level's step of 90), so where it steps is measured: it
    /// steps `DEPTH_STEP_EARLY` of a k before each even k.
    pub fn max_depth(self) -> Option<u32> {
        (!self.is_full()).then(|| 1 + ((self.knob() + DEPTH_STEP_EARLY).max(0.0) / 2.0) as u32)
    }

    /// The nodes one decision may spend (none at full strength).
    pub fn max_nodes(self) -> Option<u64> {
        (!self.is_full()).then(|| (400.0 * 1.4f64.powf(self.knob())) as u64)
    }

    /// The spread of the noise added to each root move's value, centipawns.
    pub fn noise(self) -> Score {
        let above_floor = (10.0 * (20.0 - self.knob())).round() as Score;
        self.steps_below_floor().map_or(above_floor, |steps| FLOOR_NOISE + NOISE_STEP * steps)
    }

    /// How much worse than the best move a chosen move may be, centipawns;
    /// `None` at the lowest level, which may blunder anything.
    pub fn max_loss(self) -> Option<Score> {
        let above_floor = (40.0 + 12.0 * (20.0 - self.knob())).round() as Score;
        let loss = self.steps_below_floor().map_or(above_floor, |steps| FLOOR_LOSS + LOSS_STEP * steps);
        (self.0 > 0).then_some(loss)
    }

    /// The limits of a decision: the caller's, within this level's budget.
    /// With no limit from the caller (`go infinite` aside) the budget alone
    /// bounds it.
    pub fn cap(self, limits: &Limits) -> Limits {
        let mut capped = limits.clone();
        if let (Some(depth), Some(nodes)) = (self.max_depth(), self.max_nodes()) {
            capped.depth = Some(limits.depth.map_or(depth, |d| d.min(depth)));
            capped.nodes = Some(limits.nodes.map_or(nodes, |n| n.min(nodes)));
            capped.infinite = false;
        }
        capped
    }

    /// The move to play among `values` (each root move's value, the
    /// searcher's best first), with `rng` drawing the noise.
    pub fn choose(self, values: &[(Move, Score)], rng: &mut Rng) -> Option<(Move, Score)> {
        let best = values.iter().map(|&(_, v)| v).max()?;
        if self.is_full() || is_mate(best) {
            // A found mate is played, never traded for noise.
            return values.iter().copied().find(|&(_, v)| v == best);
        }
        let floor = self.max_loss().map_or(Score::MIN, |loss| best.saturating_sub(loss));
        let spread = self.noise();
        values
            .iter()
            .filter(|&&(_, v)| v >= floor)
            .map(|&(mv, v)| (mv, v, v.saturating_add(rng.noise(spread))))
            .max_by_key(|&(_, _, noisy)| noisy)
            .map(|(mv, v, _)| (mv, v))
    }
}

impl<V: EngineVariant> Searcher<V> {
    /// `search`, played at `level`: within its budget, then a move chosen
    /// among the root moves' values with noise (`Level::choose`).
    #[allow(clippy::too_many_arguments)]
    pub fn search_at_level(
        &mut self,
        root: &Position<V>,
        history: &[u64],
        limits: &Limits,
        search_moves: &[Move],
        level: Level,
        rng: &mut Rng,
        report: &mut dyn FnMut(&Progress),
    ) -> SearchResult {
        let capped = level.cap(limits);
        let mut result = self.search(root, history, &capped, search_moves, report);
        let Some(best) = result.best else { return result };
        if level.is_full() || (is_mate(result.score) && result.score > 0) {
            return result;
        }
        let mut moves: Vec<Move> =
            root.legal_moves().into_iter().filter(|m| search_moves.is_empty() || search_moves.contains(m)).collect();
        if moves.len() < 2 {
            return result;
        }
        // The search's best first: valued even if the budget runs out.
        moves.sort_by_key(|m| *m != best);
        let depth = result.depth.saturating_sub(1).max(1) as i32;
        let budget = Limits { nodes: capped.nodes, movetime: capped.movetime, ..Limits::default() };
        let values = self.root_move_values(root, history, depth, &moves, &budget);
        result.nodes += self.nodes;
        if let Some((mv, value)) = level.choose(&values, rng) {
            if mv != best {
                result.best = Some(mv);
                result.score = value;
                result.pv = vec![mv];
            }
        }
        result
    }
}

/// A small, seedable random source (SplitMix64): a level's choices are
/// reproducible from its seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A seed that differs from run to run.
    pub fn from_clock() -> Rng {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
        Rng(nanos ^ (std::process::id() as u64).rotate_left(32))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Noise from -spread to +spread, most often near 0 (the sum of two
    /// uniform draws: small slips are common, big ones rare).
    pub fn noise(&mut self, spread: Score) -> Score {
        if spread <= 0 {
            return 0;
        }
        let width = spread as u64 + 1;
        let a = (self.next_u64() % width) as Score;
        let b = (self.next_u64() % width) as Score;
        a + b - spread
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_skill_meet_at_the_ends() {
        assert_eq!(Level::from_elo(800), Ok(Level::LOWEST));
        assert_eq!(Level::from_elo(2600), Ok(Level::FULL));
        assert_eq!(Level::from_elo(1400).unwrap().nominal_elo(), 1430);
        assert!(Level::from_elo(799).is_err() && Level::from_elo(2601).is_err());
        assert!(Level::from_skill(21).unwrap_err().contains("0 (weakest) to 20"));
    }

    #[test]
    fn budgets_grow_with_the_level_and_full_strength_has_none() {
        for s in 0..19 {
            let (a, b) = (Level(s), Level(s + 1));
            assert!(a.max_nodes() < b.max_nodes() && a.max_depth() <= b.max_depth());
            assert!(a.noise() > b.noise());
            assert!(s == 0 || a.max_loss() > b.max_loss(), "level {s}");
        }
        assert_eq!(Level::FULL.max_nodes(), None);
        assert_eq!(Level::FULL.cap(&Limits::movetime(50)), Limits::movetime(50));
        let capped = Level(3).cap(&Limits { infinite: true, ..Limits::default() });
        assert!(capped.is_bounded());
    }

    #[test]
    fn above_the_lowest_level_no_queen_sized_loss_is_ever_chosen() {
        for s in 1..20 {
            assert!(Level(s).max_loss().unwrap() < 500, "level {s}");
        }
        assert_eq!(Level::LOWEST.max_loss(), None);
    }

    #[test]
    fn noise_stays_within_its_spread() {
        let mut rng = Rng::new(7);
        let draws: Vec<Score> = (0..1000).map(|_| rng.noise(50)).collect();
        assert!(draws.iter().all(|d| d.abs() <= 50));
        assert!(draws.iter().any(|d| *d > 25) && draws.iter().any(|d| *d < -25));
    }
}
