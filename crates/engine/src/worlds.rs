//! Hidden information: a player who cannot see everything (Beirut: which
//! enemy piece carries the bomb) knows only that the true position is one of
//! several worlds consistent with what it has observed. We search each
//! world as if it were the truth and play the move whose value, averaged
//! over the worlds by their likelihood, is best (perfect-information Monte
//! Carlo; Ginsberg's GIB, Long et al. 2010). Its known weakness (it assumes
//! the truth will be revealed after the move) matters little when the
//! hidden part is small, as a single bomb carrier is.

use crate::score::{Score, INFINITE};
use crate::search::Searcher;
use crate::time::Limits;
use crate::variant::EngineVariant;
use chesslantis_core::{Move, Position};
use std::time::Instant;

/// A position the game may truly be in, with its relative likelihood.
#[derive(Clone, Debug)]
pub struct World<V: EngineVariant> {
    pub position: Position<V>,
    pub weight: f64,
}

/// At most `n` worlds, picked by systematic sampling over the weights (the
/// heaviest worlds are kept most often); each kept world weighs the same.
pub fn sample_worlds<V: EngineVariant>(worlds: Vec<World<V>>, n: usize) -> Vec<World<V>> {
    if worlds.len() <= n || n == 0 {
        return worlds;
    }
    let total: f64 = worlds.iter().map(|w| w.weight).sum();
    let step = total / n as f64;
    let mut picked = Vec::with_capacity(n);
    let mut cumulative = 0.0;
    let mut next = step / 2.0;
    for w in worlds {
        cumulative += w.weight;
        while next < cumulative && picked.len() < n {
            picked.push(World { position: w.position.clone(), weight: 1.0 });
            next += step;
        }
    }
    picked
}

/// At most `n` of `items`, evenly spread over them (equally likely worlds:
/// systematic sampling with equal weights).
pub fn pick_evenly<T>(items: Vec<T>, n: usize) -> Vec<T> {
    let len = items.len();
    if len <= n || n == 0 {
        return items;
    }
    let picked: Vec<usize> = (0..n).map(|i| (2 * i + 1) * len / (2 * n)).collect();
    items.into_iter().enumerate().filter(|(i, _)| picked.contains(i)).map(|(_, t)| t).collect()
}

/// The move with the best weighted average value over the worlds, and that
/// value. Only moves legal in every world are candidates (the player's own
/// moves do not depend on what is hidden from it). Deepens until `limits`
/// says stop, keeping the last depth finished for all worlds.
pub fn choose_over_worlds<V: EngineVariant>(
    searcher: &mut Searcher<V>,
    worlds: &[World<V>],
    history: &[u64],
    limits: &Limits,
) -> Option<(Move, Score)> {
    let values = values_over_worlds(searcher, worlds, history, limits);
    values.iter().copied().fold(None, |acc: Option<(Move, Score)>, (mv, v)| match acc {
        Some((_, best)) if best >= v => acc,
        _ => Some((mv, v)),
    })
}

/// Every candidate move (legal in every world) with its weighted average
/// value over the worlds, at the deepest depth finished for all worlds
/// (the first depth always is). `history`: the positions before the root,
/// the same in every world.
pub fn values_over_worlds<V: EngineVariant>(
    searcher: &mut Searcher<V>,
    worlds: &[World<V>],
    history: &[u64],
    limits: &Limits,
) -> Vec<(Move, Score)> {
    let histories = vec![history; worlds.len()];
    values_over_worlds_with_histories(searcher, worlds, &histories, limits)
}

/// [`values_over_worlds`] with each world's own positions before the root
/// (`histories[i]` for `worlds[i]`: hidden pieces make the hashes differ).
pub fn values_over_worlds_with_histories<V: EngineVariant>(
    searcher: &mut Searcher<V>,
    worlds: &[World<V>],
    histories: &[&[u64]],
    limits: &Limits,
) -> Vec<(Move, Score)> {
    let Some(first) = worlds.first() else { return Vec::new() };
    let candidates: Vec<Move> = first
        .position
        .legal_moves()
        .into_iter()
        .filter(|m| worlds.iter().all(|w| w.position.is_legal(*m)))
        .collect();
    let total_weight: f64 = worlds.iter().map(|w| w.weight).sum();
    if candidates.is_empty() || total_weight <= 0.0 {
        return Vec::new();
    }
    let start = Instant::now();
    let deadlines = limits.deadlines();
    let max_depth = limits.depth.unwrap_or(crate::search::MAX_DEPTH);
    let mut finished = Vec::new();
    for depth in 1..=max_depth {
        let mut sums = vec![0.0f64; candidates.len()];
        for (w, history) in worlds.iter().zip(histories) {
            let values = searcher.root_move_values(&w.position, history, depth as i32, &candidates, limits);
            if searcher.stopped || values.len() < candidates.len() {
                return finished;
            }
            for (sum, (_, v)) in sums.iter_mut().zip(values) {
                *sum += w.weight * v as f64;
            }
        }
        finished = candidates.iter().zip(&sums).map(|(&mv, &s)| (mv, (s / total_weight).round() as Score)).collect();
        let out_of_time = deadlines.soft.or(deadlines.hard).is_some_and(|t| start.elapsed() >= t / 2);
        if out_of_time {
            break;
        }
    }
    finished
}

impl<V: EngineVariant> Searcher<V> {
    /// The exact value of each of `moves` at `root`, each searched to `depth`
    /// with a full window (no move is cut off: every value is needed).
    pub fn root_move_values(
        &mut self,
        root: &Position<V>,
        history: &[u64],
        depth: i32,
        moves: &[Move],
        limits: &Limits,
    ) -> Vec<(Move, Score)> {
        self.prepare(history, limits);
        // The first depth always ends: every answer has been searched.
        self.must_finish = depth <= 1;
        let mut out = Vec::with_capacity(moves.len());
        if self.enter(root.hash(), 0) {
            return out;
        }
        for &mv in moves {
            let child = root.after(mv);
            // A check is searched a ply deeper, as in the search's own nodes.
            let gives_check = V::in_check(&child);
            let v = self.child_value(root, mv, &child, gives_check, depth - 1 + i32::from(gives_check), -INFINITE, INFINITE, 0, false);
            if self.stopped {
                break;
            }
            out.push((mv, v));
        }
        self.must_finish = false;
        out
    }
}
