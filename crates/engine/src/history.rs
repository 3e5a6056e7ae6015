//! What the search learns about quiet moves as it goes: killers (moves that
//! cut off in sibling nodes), the butterfly history (by side, from and to),
//! counter-moves (the reply that refuted a move before) and continuation
//! history (how good a move was after a given previous move, one and two
//! plies back: a plan's moves follow each other).

use crate::score::MAX_PLY;
use crate::variant::EngineVariant;
use chesslantis_core::role::ROLE_COUNT;
use chesslantis_core::{Color, Move, Position};

/// History scores stay within this (quiet moves rank between killers and bad captures).
pub const HISTORY_MAX: i32 = 1 << 14;

/// Pulls `entry` toward `bonus`'s sign, slower as it nears the bound, so
/// old lessons fade and nothing overflows.
#[inline]
fn nudge(entry: &mut i32, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
}

/// What a cut-off at `depth` teaches: a deep one nearly settles an entry,
/// a shallow one moves it a little.
#[inline]
fn cutoff_bonus(depth: i32) -> i32 {
    32 * (depth * depth).min(400)
}

/// Quiet moves that caused cut-offs, by side, from and to square.
pub struct History {
    table: Vec<i32>,
}

impl History {
    pub fn new() -> History {
        History { table: vec![0; 2 * 128 * 128] }
    }

    #[inline]
    fn index(color: Color, mv: Move) -> usize {
        color.index() * 128 * 128 + mv.from.index() * 128 + mv.to.index()
    }

    #[inline]
    pub fn get(&self, color: Color, mv: Move) -> i32 {
        self.table[History::index(color, mv)]
    }

    #[inline]
    pub fn update(&mut self, color: Color, mv: Move, bonus: i32) {
        nudge(&mut self.table[History::index(color, mv)], bonus);
    }

    /// Halves everything: a new search keeps the gist, not the weight.
    pub fn age(&mut self) {
        self.table.iter_mut().for_each(|h| *h /= 2);
    }

    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|h| *h = 0);
    }
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

/// Two quiet moves per ply that caused cut-offs in sibling nodes.
pub struct Killers {
    moves: [[Option<Move>; 2]; MAX_PLY + 1],
}

impl Killers {
    pub fn new() -> Killers {
        Killers { moves: [[None; 2]; MAX_PLY + 1] }
    }

    pub fn add(&mut self, ply: usize, mv: Move) {
        let k = &mut self.moves[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
    }

    #[inline]
    pub fn rank(&self, ply: usize, mv: Move) -> Option<i32> {
        let k = &self.moves[ply];
        if k[0] == Some(mv) {
            Some(1)
        } else if k[1] == Some(mv) {
            Some(0)
        } else {
            None
        }
    }

    pub fn clear_ply(&mut self, ply: usize) {
        if ply <= MAX_PLY {
            self.moves[ply] = [None; 2];
        }
    }

    pub fn clear(&mut self) {
        self.moves = [[None; 2]; MAX_PLY + 1];
    }
}

impl Default for Killers {
    fn default() -> Self {
        Killers::new()
    }
}

/// A move as the kind of piece that made it and where it went: what the
/// continuation tables remember of a move (the side follows from the ply).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PieceTo(u16);

const PIECE_TOS: usize = ROLE_COUNT * 128;

impl PieceTo {
    /// `mv` played in `pos` (before the move).
    #[inline]
    pub fn of<V: EngineVariant>(pos: &Position<V>, mv: Move) -> Option<PieceTo> {
        pos.piece_at(mv.from).map(|p| PieceTo((p.role.index() * 128 + mv.to.index()) as u16))
    }

    #[inline]
    fn index(self) -> usize {
        self.0 as usize
    }
}

/// How good a quiet move was after a given move: one table for the reply
/// to the opponent's last move, read also for our own move before it.
pub struct ContinuationHistory {
    table: Vec<i16>,
}

impl ContinuationHistory {
    pub fn new() -> ContinuationHistory {
        ContinuationHistory { table: vec![0; PIECE_TOS * PIECE_TOS] }
    }

    #[inline]
    pub fn get(&self, before: PieceTo, mv: PieceTo) -> i32 {
        self.table[before.index() * PIECE_TOS + mv.index()] as i32
    }

    #[inline]
    pub fn update(&mut self, before: PieceTo, mv: PieceTo, bonus: i32) {
        let entry = &mut self.table[before.index() * PIECE_TOS + mv.index()];
        let mut value = *entry as i32;
        nudge(&mut value, bonus);
        *entry = value as i16;
    }

    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|h| *h = 0);
    }
}

impl Default for ContinuationHistory {
    fn default() -> Self {
        ContinuationHistory::new()
    }
}

/// The quiet move that last refuted each move (by piece and target).
pub struct CounterMoves {
    moves: Vec<Option<Move>>,
}

impl CounterMoves {
    pub fn new() -> CounterMoves {
        CounterMoves { moves: vec![None; PIECE_TOS] }
    }

    #[inline]
    pub fn get(&self, before: PieceTo) -> Option<Move> {
        self.moves[before.index()]
    }

    #[inline]
    pub fn set(&mut self, before: PieceTo, mv: Move) {
        self.moves[before.index()] = Some(mv);
    }

    pub fn clear(&mut self) {
        self.moves.iter_mut().for_each(|m| *m = None);
    }
}

impl Default for CounterMoves {
    fn default() -> Self {
        CounterMoves::new()
    }
}

/// Everything learnt about quiet moves, and the moves that led to each ply.
pub struct Heuristics {
    pub killers: Killers,
    pub history: History,
    pub continuation: ContinuationHistory,
    pub counters: CounterMoves,
    /// The move played at each ply of the current path (`None`: a null
    /// move, or a move from before the root).
    played: [Option<PieceTo>; MAX_PLY + 2],
}

/// What ordering needs to know about the path to a node.
#[derive(Copy, Clone, Debug)]
pub struct Path {
    pub ply: usize,
    /// The opponent's last move, and ours before it.
    pub before: [Option<PieceTo>; 2],
}

impl Heuristics {
    pub fn new() -> Heuristics {
        Heuristics {
            killers: Killers::new(),
            history: History::new(),
            continuation: ContinuationHistory::new(),
            counters: CounterMoves::new(),
            played: [None; MAX_PLY + 2],
        }
    }

    pub fn clear(&mut self) {
        self.killers.clear();
        self.history.clear();
        self.continuation.clear();
        self.counters.clear();
    }

    /// Records the move about to be searched at `ply` (`None`: a null move).
    #[inline]
    pub fn play(&mut self, ply: usize, mv: Option<PieceTo>) {
        self.played[ply] = mv;
    }

    #[inline]
    pub fn path(&self, ply: usize) -> Path {
        let back = |n: usize| if ply >= n { self.played[ply - n] } else { None };
        Path { ply, before: [back(1), back(2)] }
    }

    /// The history score of a quiet move: butterfly plus both continuations.
    #[inline]
    pub fn quiet_score<V: EngineVariant>(&self, pos: &Position<V>, mv: Move, path: &Path) -> i32 {
        let mut score = self.history.get(pos.turn(), mv);
        if let Some(this) = PieceTo::of(pos, mv) {
            for before in path.before.into_iter().flatten() {
                score += self.continuation.get(before, this);
            }
        }
        score
    }

    /// Whether a quiet move fared badly after both of the last two moves
    /// (each continuation below zero): near the leaves, not worth a search.
    #[inline]
    pub fn continuations_against<V: EngineVariant>(&self, pos: &Position<V>, mv: Move, path: &Path) -> bool {
        let (Some(this), [Some(last), Some(before)]) = (PieceTo::of(pos, mv), path.before) else { return false };
        self.continuation.get(last, this) < 0 && self.continuation.get(before, this) < 0
    }

    /// A quiet move cut off: reward it, punish the quiet moves tried before it.
    pub fn reward_cutoff<V: EngineVariant>(&mut self, pos: &Position<V>, mv: Move, tried: &[Move], path: &Path, depth: i32) {
        let bonus = cutoff_bonus(depth);
        self.killers.add(path.ply, mv);
        if let Some(last) = path.before[0] {
            self.counters.set(last, mv);
        }
        self.adjust(pos, mv, path, bonus);
        for &q in tried {
            self.adjust(pos, q, path, -bonus);
        }
    }

    fn adjust<V: EngineVariant>(&mut self, pos: &Position<V>, mv: Move, path: &Path, bonus: i32) {
        self.history.update(pos.turn(), mv, bonus);
        if let Some(this) = PieceTo::of(pos, mv) {
            for before in path.before.into_iter().flatten() {
                self.continuation.update(before, this, bonus);
            }
        }
    }
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chesslantis_core::notation::parse_uci;
    use chesslantis_core::variants::Chess;

    #[test]
    fn a_cutoff_teaches_the_counter_move_and_the_continuation() {
        let start = Position::<Chess>::start();
        let e4 = parse_uci(&start, "e2e4").unwrap();
        let after_e4 = start.after(e4);
        let mut h = Heuristics::new();
        h.play(0, PieceTo::of(&start, e4));
        let path = h.path(1);
        assert_eq!(path.before, [PieceTo::of(&start, e4), None]);
        let (e5, nf6) = (parse_uci(&after_e4, "e7e5").unwrap(), parse_uci(&after_e4, "g8f6").unwrap());
        let before = h.quiet_score(&after_e4, e5, &path);

        h.reward_cutoff(&after_e4, e5, &[nf6], &path, 6);
        assert_eq!(h.counters.get(PieceTo::of(&start, e4).unwrap()), Some(e5));
        assert_eq!(h.killers.rank(1, e5), Some(1));
        assert!(h.quiet_score(&after_e4, e5, &path) > before);
        assert!(h.quiet_score(&after_e4, nf6, &path) < 0, "the quiet move tried first is punished");
        // After another first move, only the butterfly part remains.
        let d4 = parse_uci(&start, "d2d4").unwrap();
        h.play(0, PieceTo::of(&start, d4));
        let other = h.path(1);
        assert_eq!(h.quiet_score(&after_e4, e5, &other), h.history.get(Color::Black, e5));
    }

    #[test]
    fn a_quiet_move_that_failed_after_both_last_moves_is_against_its_continuations() {
        let start = Position::<Chess>::start();
        let e4 = parse_uci(&start, "e2e4").unwrap();
        let after_e4 = start.after(e4);
        let e5 = parse_uci(&after_e4, "e7e5").unwrap();
        let pos = after_e4.after(e5);
        let (nf3, d3) = (parse_uci(&pos, "g1f3").unwrap(), parse_uci(&pos, "d2d3").unwrap());
        let mut h = Heuristics::new();
        h.play(0, PieceTo::of(&start, e4));
        h.play(1, PieceTo::of(&after_e4, e5));
        let path = h.path(2);
        assert!(!h.continuations_against(&pos, d3, &path), "nothing learnt yet");
        h.reward_cutoff(&pos, nf3, &[d3], &path, 4);
        assert!(h.continuations_against(&pos, d3, &path));
        assert!(!h.continuations_against(&pos, nf3, &path));
        // One move back is not both: the first reply has no move before the last.
        let mut first = Heuristics::new();
        first.play(0, PieceTo::of(&start, e4));
        let one_back = first.path(1);
        let d6 = parse_uci(&after_e4, "d7d6").unwrap();
        first.reward_cutoff(&after_e4, e5, &[d6], &one_back, 4);
        assert!(!first.continuations_against(&after_e4, d6, &one_back));
    }

    #[test]
    fn a_deep_cutoff_moves_the_history_far_a_shallow_one_a_little() {
        let start = Position::<Chess>::start();
        let e4 = parse_uci(&start, "e2e4").unwrap();
        let after = start.after(e4);
        let e5 = parse_uci(&after, "e7e5").unwrap();
        let taught = |depth: i32| {
            let mut h = Heuristics::new();
            h.play(0, PieceTo::of(&start, e4));
            h.reward_cutoff(&after, e5, &[], &h.path(1), depth);
            h.history.get(Color::Black, e5)
        };
        assert!(taught(2) < HISTORY_MAX / 100, "{}", taught(2));
        assert!(taught(12) > HISTORY_MAX / 4, "{}", taught(12));
        assert!(taught(2) < taught(6) && taught(6) < taught(12) && taught(12) < taught(20));
        assert_eq!(taught(20), taught(40), "the bonus stops growing at depth 20");
        assert!(taught(40) < HISTORY_MAX);
    }

    #[test]
    fn scores_stay_within_bounds() {
        let start = Position::<Chess>::start();
        let e4 = parse_uci(&start, "e2e4").unwrap();
        let mut h = Heuristics::new();
        h.play(0, PieceTo::of(&start, e4));
        let path = h.path(1);
        let after = start.after(e4);
        let e5 = parse_uci(&after, "e7e5").unwrap();
        for _ in 0..10_000 {
            h.reward_cutoff(&after, e5, &[], &path, 40);
        }
        assert!(h.quiet_score(&after, e5, &path) <= 3 * HISTORY_MAX);
        assert!(h.history.get(Color::Black, e5) <= HISTORY_MAX);
    }
}
