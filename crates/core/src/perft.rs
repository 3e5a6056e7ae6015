//! Perft: counting the legal move sequences of a given length. Leaves are
//! counted in bulk (the number of legal moves at depth 1, without making them).

use crate::moves::Move;
use crate::position::Position;
use crate::variant::Variant;

/// The number of legal move sequences of length `depth` from `pos`.
pub fn perft<V: Variant>(pos: &Position<V>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut buffers = vec![Vec::with_capacity(128); depth as usize];
    count(pos, depth, &mut buffers)
}

fn count<V: Variant>(pos: &Position<V>, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    let Some((moves, deeper)) = buffers.split_first_mut() else { return 1 };
    moves.clear();
    V::legal_moves(pos, moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|&mv| count(&pos.after(mv), depth - 1, deeper)).sum()
}

/// Perft split by root move: each legal move with its count, in generation
/// order. `progress(done, total)` is called after each root move.
pub fn divide<V: Variant>(pos: &Position<V>, depth: u32, mut progress: impl FnMut(usize, usize)) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves();
    let total = moves.len();
    moves
        .into_iter()
        .enumerate()
        .map(|(i, mv)| {
            let n = if depth <= 1 { 1 } else { perft(&pos.after(mv), depth - 1) };
            progress(i + 1, total);
            (mv, n)
        })
        .collect()
}
