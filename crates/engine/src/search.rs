//! The search: iterative deepening over a principal-variation alpha-beta
//! (negamax) with a transposition table, quiescence on captures and check
//! evasions, null-move pruning, late-move reductions and a few shallow
//! prunings. Generic over the variant, so every hot path is compiled per
//! variant. Chance nodes (`chance.rs`) and second-best nodes
//! (`rejection.rs`) extend it in their own files.

use crate::correction::CorrectionHistory;
use crate::eval::{has_pieces, EvalTables};
use crate::eval_cache::EvalCache;
use crate::history::{Heuristics, PieceTo};
use crate::network::{AccumulatorStack, Network};
use crate::ordering::{is_losing_capture, is_plain_quiet, is_tactical, is_winning_or_even_tactical, pick, score_moves, see};
use crate::score::*;
use crate::time::{Deadlines, Limits};
use crate::tt::{Bound, Hit, PackedMove, TranspositionTable};
use crate::singular::Singular;
use crate::variant::{EngineVariant, NodeRule};
use chesslantis_core::{Color, Move, Outcome, Position};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The deepest iteration (plies).
pub const MAX_DEPTH: u32 = 100;
/// Nodes between looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;

/// One finished iteration, for `info` lines.
#[derive(Clone, Debug)]
pub struct Progress<'a> {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: &'a [Move],
    pub hashfull: u32,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `None` only when the position has no legal move.
    pub best: Option<Move>,
    pub score: Score,
    /// The last completed iteration.
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

/// Search techniques that can be switched off (or on), to measure what
/// each is worth.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Features {
    pub null_move: bool,
    pub late_move_reductions: bool,
    /// The variant's network added to its evaluation, where it has one
    /// (`EngineVariant::network`: chess). On: it gains at equal time
    /// (docs/engine.md, "The network").
    pub network: bool,
    /// The static evaluation corrected by what the search learnt of its
    /// pawns (correction.rs).
    pub correction_history: bool,
}

impl Default for Features {
    fn default() -> Self {
        Features { null_move: true, late_move_reductions: true, network: true, correction_history: true }
    }
}

/// A searcher for variant `V`: its tables live across searches of one game.
pub struct Searcher<V: EngineVariant> {
    /// Set through `set_features`, which drops cached evaluations when the
    /// evaluation changes.
    features: Features,
    pub(crate) tt: TranspositionTable,
    pub(crate) tables: EvalTables,
    eval_cache: EvalCache,
    /// The network's units along the search path.
    accumulators: AccumulatorStack,
    /// The static evaluation's misses by pawn structure.
    correction: CorrectionHistory,
    pub(crate) heuristics: Heuristics,
    stop: Arc<AtomicBool>,

    // State of the search in progress.
    pub(crate) nodes: u64,
    seldepth: usize,
    pub(crate) stopped: bool,
    /// The first iteration runs to its end whatever the limits or the stop
    /// flag say: an answer is always a searched move (with quiescence),
    /// never the first move generated.
    pub(crate) must_finish: bool,
    /// Rolls on the current path inside quiescence (chance.rs).
    pub(crate) quiescence_rolls: u32,
    start: Instant,
    deadlines: Deadlines,
    node_limit: Option<u64>,
    /// Position hashes: the game before the root, then the search path.
    stack: Vec<u64>,
    root_index: usize,
    root_moves: Vec<Move>,
    root_rule: NodeRule,
    /// The root's best move and score in the current iteration.
    pub(crate) root_best: Option<(Move, Score)>,
    pv: Box<[[Option<Move>; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// The move a singular search at each ply leaves out.
    pub(crate) excluded: [Option<Move>; MAX_PLY + 1],
    /// The depth of the current iteration.
    pub(crate) root_depth: i32,
    static_evals: [Score; MAX_PLY + 1],
    move_lists: Vec<Vec<Move>>,
    pub(crate) score_lists: Vec<Vec<i32>>,
    /// Quiet moves tried at each ply (punished in history when another cuts off).
    quiet_lists: Vec<Vec<Move>>,
    lmr: Box<[[i32; 64]; 64]>,
    variant: PhantomData<V>,
}

/// A table entry's score when it settles the node for this window.
fn table_cutoff(hit: Hit, ply: usize, alpha: Score, beta: Score) -> Option<Score> {
    let s = from_table(hit.score, ply);
    let settles = match hit.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    settles.then_some(s)
}

/// The score of a finished game for the side to move, `ply` plies from the root.
pub(crate) fn outcome_score(outcome: Outcome, us: Color, ply: usize) -> Score {
    match outcome {
        Outcome::Win { winner, .. } if winner == us => mate_in(ply),
        Outcome::Win { .. } => mated_in(ply),
        Outcome::Draw(_) => DRAW,
    }
}

impl<V: EngineVariant> Searcher<V> {
    /// A searcher with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher<V> {
        let mut lmr = Box::new([[0i32; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as i32;
            }
        }
        Searcher {
            features: Features::default(),
            tt: TranspositionTable::new(hash_mb),
            tables: EvalTables::new::<V>(),
            eval_cache: EvalCache::new(),
            accumulators: AccumulatorStack::new(),
            correction: CorrectionHistory::new(),
            heuristics: Heuristics::new(),
            stop: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            must_finish: false,
            quiescence_rolls: 0,
            start: Instant::now(),
            deadlines: Deadlines::default(),
            node_limit: None,
            stack: Vec::with_capacity(1024),
            root_index: 0,
            root_moves: Vec::new(),
            root_rule: V::NODE_RULE,
            root_best: None,
            pv: Box::new([[None; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            excluded: [None; MAX_PLY + 1],
            root_depth: 0,
            static_evals: [0; MAX_PLY + 1],
            move_lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            score_lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            quiet_lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            lmr,
            variant: PhantomData,
        }
    }

    /// The flag that stops a search in progress (from another thread). The
    /// search does not clear it: whoever starts a search clears it first.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    pub fn resize(&mut self, hash_mb: usize) {
        self.tt = TranspositionTable::new(hash_mb);
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.eval_cache.clear();
        self.correction.clear();
        self.heuristics.clear();
    }

    /// The static evaluation of a position (side to move's view).
    pub fn evaluate(&self, pos: &Position<V>) -> Score {
        let hand_written = || V::evaluate(pos, &self.tables);
        match self.network() {
            Some(net) => net.kind.evaluation(net.evaluate(pos), hand_written),
            None => hand_written(),
        }
    }

    fn network(&self) -> Option<&'static Network> {
        V::network().filter(|_| self.features.network)
    }

    /// Switches search techniques; the cached evaluations go when the
    /// evaluation changes.
    pub fn set_features(&mut self, features: Features) {
        if features.network != self.features.network {
            self.eval_cache.clear();
        }
        self.features = features;
    }

    /// `evaluate` for the search at `ply`, through the cache (`hash` is
    /// `pos.hash()`), the network's units updated from the ply above; and
    /// the same corrected by what the search has learnt of its pawns.
    #[inline]
    fn static_eval(&mut self, pos: &Position<V>, hash: u64, ply: usize) -> (Score, Score) {
        let raw = match self.eval_cache.get(hash) {
            Some(score) => score,
            None => {
                let hand_written = || V::evaluate(pos, &self.tables);
                let score = match self.network() {
                    Some(net) => net.kind.evaluation(self.accumulators.evaluate(net, pos, ply), hand_written),
                    None => hand_written(),
                };
                self.eval_cache.put(hash, score);
                score
            }
        };
        let correction = if self.features.correction_history { self.correction.correction(pos) } else { 0 };
        (raw, raw + correction)
    }

    /// Searches `root`. `history` holds the hashes of the game's positions
    /// before it since the last capture or pawn move (repetitions count as
    /// draws); `search_moves`, when not empty, restricts the root moves.
    pub fn search(
        &mut self,
        root: &Position<V>,
        history: &[u64],
        limits: &Limits,
        search_moves: &[Move],
        report: &mut dyn FnMut(&Progress),
    ) -> SearchResult {
        self.search_with_root_rule(root, history, limits, search_moves, V::NODE_RULE, report)
    }

    /// `search`, with the root valuing its moves by `root_rule` (Rejection:
    /// a move that replaces a rejected one is simply the best of the rest).
    pub fn search_with_root_rule(
        &mut self,
        root: &Position<V>,
        history: &[u64],
        limits: &Limits,
        search_moves: &[Move],
        root_rule: NodeRule,
        report: &mut dyn FnMut(&Progress),
    ) -> SearchResult {
        self.prepare(history, limits);
        self.root_rule = root_rule;
        let legal = root.legal_moves();
        self.root_moves = legal.iter().copied().filter(|m| search_moves.is_empty() || search_moves.contains(m)).collect();
        if self.root_moves.is_empty() {
            self.root_moves = legal.clone();
        }
        let mut result = SearchResult {
            best: self.root_moves.first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: self.root_moves.first().copied().into_iter().collect(),
        };
        if self.root_moves.is_empty() {
            result.score = V::outcome(root, false).map_or(DRAW, |o| outcome_score(o, root.turn(), 0));
            return result;
        }
        let max_depth = if limits.infinite { MAX_DEPTH } else { limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH) };
        let one_reply = self.root_moves.len() == 1 && (limits.clock.is_some() || limits.movetime.is_some()) && !limits.infinite;

        for depth in 1..=max_depth {
            self.root_best = None;
            self.must_finish = depth == 1;
            self.root_depth = depth as i32;
            let score = self.aspiration(root, depth as i32, result.score);
            self.must_finish = false;
            if self.stopped {
                // An unfinished iteration still counts when its best move
                // beat the previous iteration's (searched first) outright.
                if let Some((mv, s)) = self.root_best {
                    if depth > 1 && Some(mv) != result.best {
                        result.best = Some(mv);
                        result.score = s;
                        result.pv = self.pv_line();
                    }
                }
                break;
            }
            result.depth = depth;
            result.score = score;
            result.pv = self.pv_line();
            if let Some(&first) = result.pv.first() {
                result.best = Some(first);
            } else if let Some((mv, _)) = self.root_best {
                result.best = Some(mv);
                result.pv = vec![mv];
            }
            report(&Progress {
                depth,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                pv: &result.pv,
                hashfull: self.tt.hashfull(),
            });
            if one_reply || self.time_for_another_iteration() == Some(false) {
                break;
            }
            // A forced mate found within the depth will not get shorter.
            if is_mate(score) && (MATE - score.abs()) < depth as Score && !limits.infinite {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// Resets the per-search state.
    pub(crate) fn prepare(&mut self, history: &[u64], limits: &Limits) {
        self.start = Instant::now();
        self.deadlines = limits.deadlines();
        self.node_limit = if limits.infinite { None } else { limits.nodes };
        self.nodes = 0;
        self.seldepth = 0;
        self.stopped = false;
        self.must_finish = false;
        self.quiescence_rolls = 0;
        self.stack.clear();
        self.stack.extend_from_slice(history);
        self.root_index = self.stack.len();
        self.tt.new_search();
        self.heuristics.history.age();
        self.heuristics.killers.clear();
        self.root_moves.clear();
    }

    fn time_for_another_iteration(&self) -> Option<bool> {
        self.deadlines.soft.map(|soft| self.start.elapsed() < soft)
    }

    /// One iteration, in a narrow window around the last score, widened on failure.
    fn aspiration(&mut self, root: &Position<V>, depth: i32, last: Score) -> Score {
        let mut delta = 25;
        let (mut alpha, mut beta) = if depth >= 5 && !is_mate(last) {
            ((last - delta).max(-INFINITE), (last + delta).min(INFINITE))
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.negamax(root, V::in_check(root), depth, alpha, beta, 0, false, false);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return score;
            }
            delta += delta;
            if delta > 1000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    fn pv_line(&self) -> Vec<Move> {
        self.pv[0][..self.pv_len[0]].iter().flatten().copied().collect()
    }

    #[inline]
    pub(crate) fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.must_finish {
            return false;
        }
        if self.node_limit.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CHECK_EVERY) {
            let late = self.deadlines.hard.is_some_and(|h| self.start.elapsed() >= h);
            if late || self.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Stores a node's result; the bound follows from the window (`alpha`,
    /// `beta`) it was searched with.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store(&mut self, hash: u64, best: Option<Move>, score: Score, depth: i32, ply: usize, alpha: Score, beta: Score) {
        let bound = if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(hash, best.map_or(PackedMove::NONE, PackedMove::pack), to_table(score, ply), depth, bound);
    }

    /// Enters a node: counts it, puts its hash on the path and starts its PV
    /// empty. True when the search must stop instead.
    #[inline]
    pub(crate) fn enter(&mut self, hash: u64, ply: usize) -> bool {
        if self.should_stop() {
            return true;
        }
        self.nodes += 1;
        self.stack.truncate(self.root_index + ply);
        self.stack.push(hash);
        self.pv_len[ply] = ply;
        self.seldepth = self.seldepth.max(ply);
        false
    }

    /// A repetition (of a position in the search path or in the game) or the 50-move rule.
    #[inline]
    fn is_draw(&self, pos: &Position<V>) -> bool {
        let halfmoves = pos.halfmoves() as usize;
        if halfmoves >= 100 {
            return true;
        }
        let current = self.stack.len() - 1;
        let hash = self.stack[current];
        let reach = V::repetition_reach(pos.halfmoves(), current);
        (4..=reach).step_by(2).any(|back| self.stack[current - back] == hash)
    }

    #[inline]
    pub(crate) fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = Some(mv);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// The value of `mv` for the mover: the child's negated value, or the
    /// expectation over the chance outcomes that follow it.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn child_value(
        &mut self,
        pos: &Position<V>,
        mv: Move,
        child: &Position<V>,
        child_in_check: bool,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
        cut_node: bool,
    ) -> Score {
        if let Some(outcomes) = V::chance(pos, mv, child) {
            return self.chance_value(outcomes, depth, alpha, beta, ply + 1);
        }
        if depth <= 0 {
            -self.quiesce(child, child_in_check, -beta, -alpha, ply + 1)
        } else {
            -self.negamax(child, child_in_check, depth, -beta, -alpha, ply + 1, true, cut_node)
        }
    }

    /// The value of `pos` (side to move's view) searched to `depth`;
    /// `in_check` is `pos.in_check()`, which the caller already knows.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn negamax(
        &mut self,
        pos: &Position<V>,
        in_check: bool,
        depth: i32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
        null_ok: bool,
        cut_node: bool,
    ) -> Score {
        if depth <= 0 {
            return self.quiesce(pos, in_check, alpha, beta, ply);
        }
        let hash = pos.hash();
        if self.enter(hash, ply) {
            return 0;
        }
        let root = ply == 0;
        if !root {
            if self.is_draw(pos) {
                return DRAW;
            }
            if ply >= MAX_PLY - 1 {
                return self.evaluate(pos);
            }
            // No mate from here can beat one already found nearer the root.
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(mate_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }
        let pv_node = beta - alpha > 1;
        // A search that leaves one move out (singular.rs) is not the node's
        // value: it neither reads nor writes the table.
        let excluded = self.excluded[ply];
        let hit = if excluded.is_none() { self.tt.probe(hash) } else { None };
        if let Some(h) = hit.filter(|h| !pv_node && h.depth >= depth) {
            if let Some(s) = table_cutoff(h, ply, alpha, beta) {
                return s;
            }
        }
        let tt_move = hit.map_or(PackedMove::NONE, |h| h.mv);
        // No move from an earlier search to try first: a cheaper search
        // now is worth more, and fills the table for the next iteration.
        let depth = if depth >= 4 && tt_move.is_none() && excluded.is_none() { depth - 1 } else { depth };

        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        V::legal_moves(pos, &mut moves);
        if root {
            moves.retain(|m| self.root_moves.contains(m));
        }
        let score = match V::outcome(pos, !moves.is_empty()) {
            Some(outcome) => outcome_score(outcome, pos.turn(), ply),
            None if moves.is_empty() => DRAW,
            None if excluded.is_some() => {
                moves.retain(|&m| Some(m) != excluded);
                if moves.is_empty() {
                    // The left-out move was the only one: nothing else holds.
                    mated_in(ply)
                } else {
                    self.best_node(pos, &mut moves, depth, alpha, beta, ply, false, cut_node, in_check, hit, pv_node)
                }
            }
            None => match if root { self.root_rule } else { V::NODE_RULE } {
                NodeRule::SecondBest if moves.len() > 1 => {
                    self.second_best_node(pos, &mut moves, depth, alpha, beta, ply, tt_move)
                }
                _ => self.best_node(pos, &mut moves, depth, alpha, beta, ply, null_ok, cut_node, in_check, hit, pv_node),
            },
        };
        self.move_lists[ply] = moves;
        score
    }

    /// A node where the mover picks the best move.
    #[allow(clippy::too_many_arguments)]
    fn best_node(
        &mut self,
        pos: &Position<V>,
        moves: &mut [Move],
        depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        null_ok: bool,
        cut_node: bool,
        in_check: bool,
        hit: Option<Hit>,
        pv_node: bool,
    ) -> Score {
        let root = ply == 0;
        let tt_move = hit.map_or(PackedMove::NONE, |h| h.mv);
        let us = pos.turn();
        let (raw_eval, static_eval) = if in_check { (-INFINITE, -INFINITE) } else { self.static_eval(pos, pos.hash(), ply) };
        self.static_evals[ply] = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.static_evals[ply - 2];
        // The table's score, where its bound says it is nearer the truth,
        // is a better guess than the static evaluation for the prunings.
        let eval = match hit {
            Some(h) if !in_check => {
                let s = from_table(h.score, ply);
                let nearer = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => s > static_eval,
                    Bound::Upper => s < static_eval,
                };
                if nearer && !is_mate(s) {
                    s
                } else {
                    static_eval
                }
            }
            _ => static_eval,
        };

        if !pv_node && !in_check && !is_mate(beta) {
            // Reverse futility: far above beta with little depth left.
            if depth <= 6 && eval - 90 * depth + if improving { 40 } else { 0 } >= beta {
                return eval;
            }
            // Razoring: far below alpha at the last ply, only a capture can help.
            if V::RAZORING && depth == 1 && eval + 450 <= alpha {
                return self.quiesce(pos, false, alpha, beta, ply);
            }
            // Null move: if passing still holds beta, a real move will.
            if null_ok && self.features.null_move && V::NULL_MOVE_PRUNING && depth >= 3 && eval >= beta && has_pieces(pos, us) {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                let mut passed = pos.clone();
                passed.set_ep_square(None);
                passed.set_turn(!us);
                self.heuristics.play(ply, None);
                let v = -self.negamax(&passed, false, depth - 1 - r, -beta, -beta + 1, ply + 1, false, !cut_node);
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    return if is_mate(v) { beta } else { v };
                }
            }
        }

        let mut scores = std::mem::take(&mut self.score_lists[ply]);
        let path = self.heuristics.path(ply);
        score_moves(pos, moves, &mut scores, tt_move, &self.tables, &self.heuristics, &path);
        self.heuristics.killers.clear_ply(ply + 2);

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut quiets_tried = std::mem::take(&mut self.quiet_lists[ply]);
        quiets_tried.clear();
        for i in 0..moves.len() {
            pick(moves, &mut scores, i);
            let mv = moves[i];
            let tactical = is_tactical(pos, mv);
            let child = pos.after(mv);
            let gives_check = V::in_check(&child);
            let quiet = !tactical && !gives_check;

            // A capture that loses material by exchange, near the leaves.
            if !root && !in_check && !gives_check && depth <= 3 && best > -MATE_BOUND && is_losing_capture(scores[i]) {
                continue;
            }
            if !root && !in_check && quiet && best > -MATE_BOUND {
                // Late moves at shallow depth: rarely worth it.
                let late = 3 + depth * depth / if improving { 1 } else { 2 };
                if depth <= 5 && quiets_tried.len() as i32 >= late {
                    continue;
                }
                // Futility: a quiet move will not lift a hopeless eval to alpha.
                if V::PRUNE_BY_REDUCED_DEPTH {
                    // The depth this move would be searched to after its reduction.
                    let lmr_depth = (depth - 1 - self.lmr[(depth as usize).min(63)][i.min(63)]).max(0);
                    if lmr_depth < 3 && self.heuristics.continuations_against(pos, mv, &path) {
                        continue;
                    }
                    if lmr_depth <= 5 && eval + 100 + 120 * lmr_depth <= alpha {
                        continue;
                    }
                } else if depth <= 3 && eval + 100 + 120 * depth <= alpha {
                    continue;
                }
                // A quiet move onto a square where it is lost by exchange.
                if V::STANDARD_EXCHANGES && depth <= 7 && see(pos, mv, &self.tables) < -30 * depth * depth {
                    continue;
                }
            }

            let mut new_depth = depth - 1;
            // A check is searched a ply deeper, unless its checker is lost by exchange.
            if gives_check && (!V::STANDARD_EXCHANGES || see(pos, mv, &self.tables) >= 0) {
                new_depth += 1;
            }
            if !root && tt_move.matches(mv) {
                match self.singular(pos, in_check, mv, hit, depth, beta, ply, cut_node) {
                    Singular::Extend => new_depth += 1,
                    Singular::Cut(s) => {
                        self.score_lists[ply] = scores;
                        self.quiet_lists[ply] = quiets_tried;
                        return s;
                    }
                    Singular::No => {}
                }
                if self.stopped {
                    self.score_lists[ply] = scores;
                    self.quiet_lists[ply] = quiets_tried;
                    return 0;
                }
            }
            self.heuristics.play(ply, PieceTo::of(pos, mv));
            let mut score;
            if i == 0 {
                score = self.child_value(pos, mv, &child, gives_check, new_depth, alpha, beta, ply, !pv_node && !cut_node);
            } else {
                let mut reduction = 0;
                if self.features.late_move_reductions && depth >= 3 && quiet && !in_check && i >= 2 {
                    reduction = self.lmr[(depth as usize).min(63)][i.min(63)];
                    if pv_node {
                        reduction -= 1;
                    }
                    if !improving {
                        reduction += 1;
                    }
                    if cut_node {
                        reduction += V::CUT_NODE_REDUCTION;
                    }
                    if is_plain_quiet(scores[i]) {
                        reduction -= scores[i] / 8000;
                    } else {
                        // A killer or a counter-move.
                        reduction -= 1;
                    }
                    reduction = reduction.clamp(0, new_depth - 1);
                }
                score = self.child_value(pos, mv, &child, gives_check, new_depth - reduction, alpha, alpha + 1, ply, true);
                if score > alpha && reduction > 0 {
                    score = self.child_value(pos, mv, &child, gives_check, new_depth, alpha, alpha + 1, ply, !cut_node);
                }
                if score > alpha && score < beta {
                    score = self.child_value(pos, mv, &child, gives_check, new_depth, alpha, beta, ply, false);
                }
            }
            if self.stopped {
                self.score_lists[ply] = scores;
                self.quiet_lists[ply] = quiets_tried;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if root {
                        self.root_best = Some((mv, score));
                    }
                    if score >= beta {
                        if !tactical {
                            self.heuristics.reward_cutoff(pos, mv, &quiets_tried, &path, depth);
                        }
                        break;
                    }
                }
            }
            if !tactical {
                quiets_tried.push(mv);
            }
        }
        self.score_lists[ply] = scores;
        self.quiet_lists[ply] = quiets_tried;

        if self.excluded[ply].is_none() {
            self.store(pos.hash(), best_move, best, depth, ply, original_alpha, beta);
            // What the search found against what the evaluation said, when
            // a quiet move (or none) decided and the bound tells which way.
            let decided_quietly = best_move.is_none_or(|mv| !is_tactical(pos, mv));
            let told = if best >= beta { best > raw_eval } else if best <= original_alpha { best < raw_eval } else { true };
            if !in_check && decided_quietly && told && !is_mate(best) {
                self.correction.update(pos, depth, best, raw_eval);
            }
        }
        best
    }

    /// Quiescence: only captures and promotions (all moves when in check),
    /// so the evaluation is taken where nothing hangs.
    pub(crate) fn quiesce(&mut self, pos: &Position<V>, in_check: bool, mut alpha: Score, beta: Score, ply: usize) -> Score {
        let hash = pos.hash();
        if self.enter(hash, ply) {
            return 0;
        }
        if ply > 0 && self.is_draw(pos) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        let hit = self.tt.probe(hash);
        if let Some(s) = hit.and_then(|h| table_cutoff(h, ply, alpha, beta)) {
            return s;
        }
        let mut stand_pat = -INFINITE;
        if !in_check {
            // Results that need no move list (a dead position, a lost king).
            if let Some(outcome) = V::outcome(pos, true) {
                return outcome_score(outcome, pos.turn(), ply);
            }
            // Standing pat: the side to move need not capture. (A stalemate
            // hiding here is missed, as by most engines.)
            stand_pat = self.static_eval(pos, hash, ply).1;
            if stand_pat >= beta {
                return stand_pat;
            }
        }
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        // Out of check, the captures and promotions alone when the variant
        // can generate just those; else every move, to see a position
        // without any. Stalemates happen to a side with only its king and
        // pawns (the lone king above all): that side gets every move.
        let only_tactical = !in_check && has_pieces(pos, pos.turn()) && V::tactical_moves(pos, &mut moves);
        if !only_tactical {
            V::legal_moves(pos, &mut moves);
        }
        let score = if moves.is_empty() && !only_tactical {
            V::outcome(pos, false).map_or(DRAW, |o| outcome_score(o, pos.turn(), ply))
        } else {
            if !in_check && !only_tactical {
                moves.retain(|&mv| is_tactical(pos, mv));
            }
            let original_alpha = alpha;
            alpha = alpha.max(stand_pat);
            let tt_move = hit.map_or(PackedMove::NONE, |h| h.mv);
            let (score, best_move) = self.quiesce_moves(pos, &mut moves, stand_pat, alpha, beta, ply, in_check, tt_move);
            if !self.stopped {
                self.store(hash, best_move, score, 0, ply, original_alpha, beta);
            }
            score
        };
        self.move_lists[ply] = moves;
        score
    }

    /// The captures (or evasions) of a quiescence node; the best score and move.
    #[allow(clippy::too_many_arguments)]
    fn quiesce_moves(
        &mut self,
        pos: &Position<V>,
        moves: &mut [Move],
        stand_pat: Score,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        in_check: bool,
        tt_move: PackedMove,
    ) -> (Score, Option<Move>) {
        let mut best = stand_pat;
        let mut best_move = None;
        let mut scores = std::mem::take(&mut self.score_lists[ply]);
        let path = self.heuristics.path(ply);
        score_moves(pos, moves, &mut scores, tt_move, &self.tables, &self.heuristics, &path);
        for i in 0..moves.len() {
            pick(moves, &mut scores, i);
            let mv = moves[i];
            if !in_check {
                // Sorted: once the captures that do not lose material are done, stop.
                if !is_winning_or_even_tactical(scores[i]) {
                    break;
                }
                let gain = V::captured(pos, mv).map_or(0, |r| self.tables.value(r))
                    + mv.promotion.map_or(0, |r| self.tables.value(r));
                if stand_pat + gain + 200 <= alpha {
                    continue;
                }
            }
            let child = pos.after(mv);
            self.heuristics.play(ply, PieceTo::of(pos, mv));
            let score = self.child_value(pos, mv, &child, V::in_check(&child), 0, alpha, beta, ply, false);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.score_lists[ply] = scores;
        (best, best_move)
    }
}
