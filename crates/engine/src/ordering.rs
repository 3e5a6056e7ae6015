//! Move ordering: the transposition table's move first, then captures by
//! most valuable victim / least valuable attacker (losing ones last), then
//! killers and quiet moves by history. Also static exchange evaluation, and
//! by it whether a position is quiet enough for a network to learn its score.

use crate::eval::EvalTables;
use crate::history::{Heuristics, Path};
use crate::tt::PackedMove;
use crate::variant::{standard_captured, EngineVariant};
use chesslantis_core::variants::Chess;
use chesslantis_core::{Move, Position, Role};

const TT_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const COUNTER_MOVE: i32 = KILLER - 1;
const BAD_CAPTURE: i32 = -(1 << 24);

/// A king's value in exchanges: it may capture last, never be captured.
const KING_IN_EXCHANGE: i32 = 20_000;

/// Whether an ordering score is a capture that does not lose material by
/// exchange, or a queen promotion (the moves quiescence searches).
#[inline]
pub fn is_winning_or_even_tactical(score: i32) -> bool {
    score >= GOOD_CAPTURE
}

/// Whether an ordering score is a quiet move's history (not the table's
/// move, a capture, a killer or a counter-move).
#[inline]
pub fn is_plain_quiet(score: i32) -> bool {
    (BAD_CAPTURE / 2..COUNTER_MOVE).contains(&score)
}

/// Whether an ordering score is a capture that loses material by exchange
/// (or an under-promotion).
#[inline]
pub fn is_losing_capture(score: i32) -> bool {
    score < BAD_CAPTURE / 2
}

/// Whether a move changes material (a capture or a promotion): the moves
/// quiescence searches and LMR leaves alone.
#[inline]
pub fn is_tactical<V: EngineVariant>(pos: &Position<V>, mv: Move) -> bool {
    mv.promotion.is_some() || V::captured(pos, mv).is_some()
}

/// Ordering scores, highest first.
#[allow(clippy::too_many_arguments)]
pub fn score_moves<V: EngineVariant>(
    pos: &Position<V>,
    moves: &[Move],
    scores: &mut Vec<i32>,
    tt_move: PackedMove,
    tables: &EvalTables,
    heuristics: &Heuristics,
    path: &Path,
) {
    scores.clear();
    let counter = path.before[0].and_then(|before| heuristics.counters.get(before));
    for &mv in moves {
        let s = if tt_move.matches(mv) {
            TT_MOVE
        } else if let Some(victim) = V::captured(pos, mv) {
            let attacker = pos.piece_at(mv.from).map_or(Role::King, |p| p.role);
            let mvv_lva = tables.value(victim) * 8 - tables.value(attacker) / 16
                + mv.promotion.map_or(0, |r| tables.value(r));
            if !V::STANDARD_EXCHANGES || see(pos, mv, tables) >= 0 {
                GOOD_CAPTURE + mvv_lva
            } else {
                BAD_CAPTURE + mvv_lva
            }
        } else if let Some(role) = mv.promotion {
            if role == Role::Queen {
                GOOD_CAPTURE + tables.value(role)
            } else {
                BAD_CAPTURE
            }
        } else if let Some(k) = heuristics.killers.rank(path.ply, mv) {
            KILLER + k
        } else if counter == Some(mv) {
            COUNTER_MOVE
        } else {
            heuristics.quiet_score(pos, mv, path)
        };
        scores.push(s);
    }
}

/// Moves picked one at a time before the rest is sorted at once.
const PICKED_ONE_BY_ONE: usize = 4;

/// Puts the best-scored move at or after `i` at `i`, for `i` counting up
/// from 0. The first few are picked one at a time (most nodes cut off after
/// a few moves); then the rest is sorted in one go.
#[inline]
pub fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) {
    if i < PICKED_ONE_BY_ONE {
        let mut best = i;
        for j in i + 1..moves.len() {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        moves.swap(i, best);
        scores.swap(i, best);
    } else if i == PICKED_ONE_BY_ONE {
        // Insertion sort, best first: the lists are short.
        for j in i + 1..moves.len() {
            let (mv, score) = (moves[j], scores[j]);
            let mut k = j;
            while k > i && scores[k - 1] < score {
                moves[k] = moves[k - 1];
                scores[k] = scores[k - 1];
                k -= 1;
            }
            moves[k] = mv;
            scores[k] = score;
        }
    }
}

/// Static exchange evaluation: the material the mover wins (negative: loses)
/// if both sides keep capturing on the move's target square with their
/// least valuable piece, each free to stop.
pub fn see<V: EngineVariant>(pos: &Position<V>, mv: Move, tables: &EvalTables) -> i32 {
    let value = |role: Role| if role == Role::King { KING_IN_EXCHANGE } else { tables.value(role) };
    let Some(mover) = pos.piece_at(mv.from) else { return 0 };
    let target = mv.to;
    let mut occupied = pos.occupied().without(mv.from);
    let mut gain = [0i32; 40];
    gain[0] = V::captured(pos, mv).map_or(0, value);
    if mv.kind == chesslantis_core::MoveKind::EnPassant {
        let s = V::SHAPE;
        if let Some(victim) = s.square(s.board(target), s.file(target) as i32, s.rank(mv.from) as i32) {
            occupied = occupied.without(victim);
        }
    }
    let mut on_square = value(mover.role);
    if let Some(promo) = mv.promotion {
        gain[0] += value(promo) - value(Role::Pawn);
        on_square = value(promo);
    }
    let mut side = !pos.turn();
    let mut depth = 0;
    loop {
        let attackers = V::attackers(pos, target, side, occupied) & occupied;
        if attackers.is_empty() {
            break;
        }
        let Some((sq, role)) = least_valuable(pos, attackers, tables) else { break };
        if role == Role::King && (V::attackers(pos, target, !side, occupied.without(sq)) & occupied).any() {
            break;
        }
        depth += 1;
        if depth >= gain.len() {
            break;
        }
        gain[depth] = on_square - gain[depth - 1];
        if (-gain[depth - 1]).max(gain[depth]) < 0 {
            break;
        }
        occupied = occupied.without(sq);
        on_square = value(role);
        side = !side;
    }
    while depth > 0 {
        gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
        depth -= 1;
    }
    gain[0]
}

fn least_valuable<V: EngineVariant>(
    pos: &Position<V>,
    attackers: chesslantis_core::Bitboard,
    tables: &EvalTables,
) -> Option<(chesslantis_core::Square, Role)> {
    attackers
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p.role)))
        .min_by_key(|&(_, role)| if role == Role::King { KING_IN_EXCHANGE } else { tables.value(role) })
}

/// Whether a position's score is an evaluation's to learn: not in check,
/// and no capture that wins material by exchange (the search settles those
/// before it evaluates).
pub fn quiet(pos: &Position<Chess>, tables: &EvalTables) -> bool {
    !pos.in_check() && pos.legal_moves().into_iter().all(|mv| standard_captured(pos, mv).is_none() || see(pos, mv, tables) <= 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chesslantis_core::Square;

    #[test]
    fn picking_in_turn_orders_all_moves() {
        let mut moves: Vec<Move> = (0..12u8).map(|i| Move::normal(Square(i), Square(i + 16))).collect();
        let mut scores = vec![5, -3, 40, 7, 7, 100, -50, 0, 12, 3, 99, 1];
        for i in 0..moves.len() {
            pick(&mut moves, &mut scores, i);
        }
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
        assert_eq!(moves[0].from, Square(5));
        assert_eq!(moves[11].from, Square(6));
    }

    use chesslantis_core::notation::parse_uci;
    use chesslantis_core::variants::Chess;

    fn see_of(fen: &str, mv: &str) -> i32 {
        let pos = Position::<Chess>::from_fen(fen).unwrap();
        let mv = parse_uci(&pos, mv).unwrap();
        see(&pos, mv, &EvalTables::new::<Chess>())
    }

    #[test]
    fn exchanges() {
        let t = EvalTables::new::<Chess>();
        let (p, n, r) = (t.value(Role::Pawn), t.value(Role::Knight), t.value(Role::Rook));
        // A free pawn.
        assert_eq!(see_of("1k6/8/8/3p4/8/8/8/1K1R4 w - - 0 1", "d1d5"), p);
        // Pawn defended by a pawn: rook for pawn.
        assert_eq!(see_of("1k6/8/2p5/3p4/8/8/8/1K1R4 w - - 0 1", "d1d5"), p - r);
        // Knight takes a pawn defended by a pawn, recaptured; rook behind does not help enough.
        assert_eq!(see_of("1k6/8/2p5/3p4/8/4N3/8/1K1R4 w - - 0 1", "e3d5"), p - n + p);
        // The king may recapture only an undefended piece.
        assert_eq!(see_of("8/8/8/3k4/3p4/8/8/1K1R4 w - - 0 1", "d1d4"), p - r);
        assert_eq!(see_of("8/8/8/3k4/3p4/8/3R4/1K1R4 w - - 0 1", "d2d4"), p);
    }
}
