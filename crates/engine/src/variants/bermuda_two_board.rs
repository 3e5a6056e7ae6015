//! Kosintsev's two-board Bermuda chess: no check, kings captured, and the
//! king's rule: a piece moves only while a king of its colour stands on its
//! board. So a king is worth more than its safety: without it, its board's
//! army is frozen (it cannot move, defend by recapture or escape), until a
//! king arrives again (a U king stepping down, a king falling from U).
//!
//! - The evaluation is the standard one plus two terms: a bonus for each
//!   board where a side has a king (`KING_ON_BOARD`), and a discount on every
//!   piece standing on a board without a king of its colour (it keeps
//!   `FROZEN_KEEP` of its value: it still blocks, and may be freed).
//! - Captures move pieces to the other board (a victim falls, a capturer
//!   rises), so the chess exchange arithmetic does not hold.
//! - No razoring: a quiet king move can gain more than its margin, and
//!   neither the cut nodes' extra reduction nor the pruning by the reduced
//!   depth (with them it scored below 50% here).
//! - The loss of the last king is the game: the core's `outcome` says so and
//!   the search scores it as a mate.

use crate::eval::{self, EvalTables};
use crate::score::Score;
use crate::turn::SpecialDecision;
use crate::variant::EngineVariant;
use crate::weights::{Weights, HAND};
use chesslantis_core::variants::bermuda_two_board::moves::active_boards;
use chesslantis_core::variants::BermudaTwoBoard;
use chesslantis_core::{Color, Position, Role, Variant};

/// A side's reward for each board where it has a king: the board's army can
/// move. About a rook: losing a king costs this and the frozen discount.
const KING_ON_BOARD: i32 = 450;
/// The share of its value a frozen piece keeps, in percent.
const FROZEN_KEEP: i32 = 40;

impl EngineVariant for BermudaTwoBoard {
    const STANDARD_EXCHANGES: bool = false;
    // With the tuned chess weights and the king's shelter, 43.5% in 100
    // games against main: main's evaluation (bench/RESULTS.md, "Results and tuning, change by change").
    const WEIGHTS: Weights = HAND;
    const KING_SHELTER: bool = false;
    /// A quiet king move onto a board frees its army (`KING_ON_BOARD` and
    /// the frozen discount): more than razoring's margin. With razoring the
    /// engine scored 39.5% ± 4.0% against dab0513 (200 games at 20 ms).
    const RAZORING: bool = false;
    /// The cut nodes and pruning by the reduced depth (2026-12-01, 2d71cb4)
    /// are tuned by chess: with them this game scored below 50% in three
    /// matches against the search without (47.0% of 380 games;
    /// bench/RESULTS.md, "Against a previous build, every variant").
    const CUT_NODE_REDUCTION: i32 = 0;
    const PRUNE_BY_REDUCED_DEPTH: bool = false;

    fn evaluate(pos: &Position<Self>, tables: &EvalTables) -> Score {
        let base = eval::standard_evaluation(pos, tables);
        let white = kings_and_frozen(pos, tables, Color::White) - kings_and_frozen(pos, tables, Color::Black);
        base + match pos.turn() {
            Color::White => white,
            Color::Black => -white,
        }
    }

    fn bench_fens() -> &'static [&'static str] {
        BENCH
    }
}

impl SpecialDecision for BermudaTwoBoard {}

/// `color`'s king bonus per board minus what its frozen pieces lose.
fn kings_and_frozen(pos: &Position<BermudaTwoBoard>, tables: &EvalTables, color: Color) -> Score {
    let g = BermudaTwoBoard::geometry();
    let kings = pos.kings(color);
    let boards_with_king = (0..BermudaTwoBoard::SHAPE.boards).filter(|&b| (kings & g.board_mask(b)).any()).count() as i32;
    let frozen = pos.by_color(color) & !active_boards(pos, color) & !pos.by_role(Role::King);
    let frozen_value: i32 = frozen.filter_map(|sq| pos.piece_at(sq)).map(|p| tables.value(p.role)).sum();
    boards_with_king * KING_ON_BOARD - frozen_value * (100 - FROZEN_KEEP) / 100
}

/// The start, an opening with pieces crossing, and a middlegame with a king
/// fallen to the lower board.
const BENCH: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq|KQkq - 0 1",
    "rnbqkbn1/pppppppp/8/8/4P3/5N2/PPPP1PPP/RNBQKB1R|rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKB2 b KQq|Qkq - 0 3",
    "r3k2r/ppp2ppp/2n5/3p4/8/2N1K3/PPP2PPP/R6R|r1b1k3/pp3ppp/8/8/8/8/PPP2PPP/4K3 w kq|- - 0 12",
];
