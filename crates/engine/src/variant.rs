//! What the engine knows about a variant beyond its rules: piece values,
//! piece-square preferences, how a node's value follows from its children,
//! and where chance enters. Every item has the chess answer as its default,
//! so a variant whose game is moves only needs one line:
//! `impl EngineVariant for MyVariant {}` (see `variants/`), besides
//! `impl SpecialDecision for MyVariant {}` (turn.rs) for the session.

use crate::eval::{self, EvalTables};
use crate::network::Network;
use crate::phased::Phased;
use crate::pst;
use crate::score::Score;
use crate::weights::{Weights, CHESS_ROLES};
use crate::weights_chess::CHESS;
use chesslantis_core::role::{by_role, ROLE_COUNT};
use chesslantis_core::variants::bermuda_angle::SHIP;
use chesslantis_core::{DynGame, Move, MoveKind, Piece, Position, PositionGame, Probability, Role, Square, Variant};

/// Centipawn values by `Role::index()` (pawn, knight, bishop, rook, queen,
/// king, ship) of weights `w`: its chess material, and the Ship's, reasoned
/// in docs/engine.md. The king's value is never counted (both sides have
/// one). A variant's own roles are worth nothing until it says otherwise.
pub const fn standard_values(w: &Weights) -> [Phased; ROLE_COUNT] {
    let mut v = by_role([Phased::new(0, 0); 7], Phased::new(0, 0));
    let mut i = 0;
    while i < CHESS_ROLES {
        v[i] = w.material[i];
        i += 1;
    }
    // Between bishop and rook, 5/16 of the way in the middlegame and 39%
    // in the endgame (400 and 380 with PeSTO's values, where self-play
    // placed it), so that it keeps its place whatever the tuner's values.
    let (bishop, rook) = (w.material[2], w.material[3]);
    v[SHIP.index()] =
        Phased::new(bishop.mg + (rook.mg - bishop.mg) * 5 / 16, bishop.eg + (rook.eg - bishop.eg) * 39 / 100);
    v
}

/// The values of the engine's chess weights (`weights_chess::CHESS`).
pub const STANDARD_VALUES: [Phased; ROLE_COUNT] = standard_values(&CHESS);

/// How much each role counts towards "middlegame" (by `Role::index()`).
pub const STANDARD_PHASE_WEIGHTS: [i32; ROLE_COUNT] = by_role([0, 1, 1, 2, 4, 0, 1], 0);

/// The variant's own weights' chess table (`EngineVariant::WEIGHTS`) for
/// `piece` on `sq`, stretched to the variant's board.
pub fn standard_piece_square<V: EngineVariant>(piece: Piece, sq: Square) -> Phased {
    let shape = V::SHAPE;
    let rank = shape.rank(sq);
    let relative = match piece.color {
        chesslantis_core::Color::White => rank,
        chesslantis_core::Color::Black => shape.ranks - 1 - rank,
    };
    pst::square_bonus(&V::WEIGHTS, piece.role, shape, shape.file(sq), relative)
}

/// The role a move captures by the rules of chess: the enemy on the target
/// square, or a pawn taken en passant.
pub fn standard_captured<V: Variant>(pos: &Position<V>, mv: Move) -> Option<Role> {
    match mv.kind {
        MoveKind::EnPassant => Some(Role::Pawn),
        MoveKind::Castle | MoveKind::InPlace => None,
        _ => pos.piece_at(mv.to).filter(|p| p.color != pos.turn()).map(|p| p.role),
    }
}

/// How a node's value follows from the values of its moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NodeRule {
    /// The mover picks the best move.
    Best,
    /// Rejection: the opponent may reject the proposed move, so with two or
    /// more legal moves the mover gets the second best (proposing the best).
    SecondBest,
}

/// One outcome of chance after a move: the position it leads to and its probability.
pub type ChanceOutcome<V> = (Position<V>, Probability);

pub trait EngineVariant: Variant {
    /// The evaluation's weights (beyond the values and squares below): the
    /// engine's chess weights, unless a match showed they lose here (a
    /// variant then keeps `weights::HAND` until it is tuned for itself).
    const WEIGHTS: Weights = CHESS;
    /// Piece values by `Role::index()`, middlegame and endgame.
    const PIECE_VALUES: [Phased; ROLE_COUNT] = standard_values(&Self::WEIGHTS);
    /// Middlegame weight of each role, by `Role::index()`.
    const PHASE_WEIGHTS: [i32; ROLE_COUNT] = STANDARD_PHASE_WEIGHTS;
    const NODE_RULE: NodeRule = NodeRule::Best;
    /// Whether passing is a fair test of a position (null-move pruning): true
    /// where having the move is nearly always an advantage.
    const NULL_MOVE_PRUNING: bool = true;
    /// Whether a position far below alpha at the last ply may be left to
    /// quiescence (razoring): true where no quiet move gains that much
    /// (450 cp), as in chess.
    const RAZORING: bool = true;
    /// Plies more that late quiet moves are reduced at a node expected to
    /// fail high (Stockfish's cut nodes).
    const CUT_NODE_REDUCTION: i32 = 2;
    /// Whether quiet moves near the leaves are pruned by the depth they would
    /// be searched to after their reduction (futility up to 5 plies, and
    /// continuation history below zero under 3), as in Stockfish 11; else
    /// by the node's depth (futility up to 3 plies), the search before
    /// 2d71cb4 (2026-12-01).
    const PRUNE_BY_REDUCED_DEPTH: bool = true;
    /// Whether a capture's exchange on its square plays out as in chess
    /// (static exchange evaluation prunes losing captures, the evaluation
    /// counts threats and hanging pieces). Variants whose captures move
    /// pieces elsewhere (rebirths, portals) should say false.
    const STANDARD_EXCHANGES: bool = true;
    /// Whether the evaluation counts the pawns in front of each king (its
    /// shelter, the enemy's storm). Beirut and the two Bermudas say false:
    /// builds with it lost there, with tuned and hand weights alike
    /// (bench/RESULTS.md, "Results and tuning, change by change").
    const KING_SHELTER: bool = true;
    /// Whether a capture or pawn move (which resets the 50-move count) makes
    /// every earlier position unreachable, so repetition need not look past
    /// it. Circe says false: a rebirth can bring the old position back.
    const RESETS_ARE_IRREVERSIBLE: bool = true;
    /// Whether a GUI can play the variant over UCI: a FEN and moves say all
    /// the engine may know. Beirut says false: a player's position has the
    /// opponent's secret carrier, which no FEN of the truth may hold.
    const UCI: bool = true;

    /// How many earlier positions can repeat the current one, given the
    /// half-move clock and how many are known.
    #[inline]
    fn repetition_reach(halfmoves: u32, known: usize) -> usize {
        if Self::RESETS_ARE_IRREVERSIBLE {
            (halfmoves as usize).min(known)
        } else {
            known
        }
    }

    /// Whether the side to move is in check, for the search (check
    /// extensions, evasions in quiescence). Variants without check rules
    /// say false: there a king under attack is a threat the search sees as
    /// a capture, and both kings may stand attacked for many moves.
    #[inline]
    fn in_check(pos: &Position<Self>) -> bool {
        Self::CHECK_RULES && pos.in_check()
    }

    /// Bonus for `piece` standing on `sq`, by its own side's view of the
    /// board (added to its value). Default: the chess tables, stretched to the shape.
    fn piece_square(piece: Piece, sq: Square) -> Phased {
        standard_piece_square::<Self>(piece, sq)
    }

    /// The static evaluation from the side to move's view.
    fn evaluate(pos: &Position<Self>, tables: &EvalTables) -> Score {
        eval::standard_evaluation(pos, tables)
    }

    /// A network whose score corrects `evaluate`, added when the search's
    /// `Features::network` is on; none by default. Its inputs are the 64
    /// squares of a chess board: only variants played there may give one.
    fn network() -> Option<&'static Network> {
        None
    }

    /// The role a move captures, if any (for ordering and quiescence).
    fn captured(pos: &Position<Self>, mv: Move) -> Option<Role> {
        standard_captured(pos, mv)
    }

    /// Appends only the legal captures and promotions (what quiescence
    /// searches out of check) and says true, for a variant with a generator
    /// that skips the quiet moves; the default says false, and quiescence
    /// generates every move and keeps the tactical ones (seeing there a
    /// position without moves, which the fast generator cannot tell).
    fn tactical_moves(_pos: &Position<Self>, _out: &mut Vec<Move>) -> bool {
        false
    }

    /// Chance after a move: `None` when the move's result is certain; else
    /// every outcome with its probability (they sum to 1; outcomes leading
    /// to the same position may be listed apart, the search merges them).
    /// `after` is `before` with `mv` played.
    fn chance(_before: &Position<Self>, _mv: Move, _after: &Position<Self>) -> Option<Vec<ChanceOutcome<Self>>> {
        None
    }

    /// The position the player to act is in, read from the variant's own
    /// game inside `game` (`game_as`, no text): the default is the game of
    /// moves only; variants with a game type of their own say which.
    fn position_in(game: &DynGame) -> Option<&Position<Self>> {
        game.game_as::<PositionGame<Self>>().map(|g| g.position())
    }

    /// Positions for `chesslantis bench` (FENs); the start position when empty.
    fn bench_fens() -> &'static [&'static str] {
        &[]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::weights::HAND;
    use chesslantis_core::variants::KnightsAreGod;

    /// Values that are reasoned relative to chess's keep their place
    /// whatever the tuner makes of chess's.
    #[test]
    fn derived_values_keep_their_place_among_the_chess_values() {
        for w in [HAND, CHESS] {
            let values = standard_values(&w);
            let [bishop, rook] = [2, 3].map(|i| values[i]);
            let ship = values[SHIP.index()];
            assert!(bishop.mg < ship.mg && ship.mg < rook.mg, "{ship:?} between {bishop:?} and {rook:?}");
            assert!(bishop.eg < ship.eg && ship.eg < rook.eg, "{ship:?} between {bishop:?} and {rook:?}");
        }
        let god = KnightsAreGod::PIECE_VALUES[1];
        let knight = standard_values(&KnightsAreGod::WEIGHTS)[1];
        assert!(god.mg > knight.mg && god.eg > knight.eg, "{god:?} above {knight:?}");
    }
}
