//! Helpers shared by the property and robustness tests.

#![allow(dead_code)] // each test file uses a part

use chesslantis_core::variants::Chess;
use chesslantis_core::{Move, Position};

/// Positions random games start from: the FIDE start, positions rich in
/// castling, en passant and promotion, and Chess960 starts whose castling
/// rights need Shredder-FEN letters or have the king off the e-file.
pub const GAME_STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1",
    "rkrbnnbq/pppppppp/8/8/8/8/PPPPPPPP/RKRBNNBQ w CAca - 0 1",
    "qbbnnrkr/pppppppp/8/8/8/8/PPPPPPPP/QBBNNRKR w HFhf - 0 1",
    "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
    "3rkr2/8/8/8/8/8/8/3RKR2 w FDfd - 0 1",
];

/// Plays a game from `start`, choosing each move by the next number of
/// `choices` (modulo the number of legal moves), and calls `visit` on every
/// position on the way, the start included, with the move played from it.
pub fn walk(start: &str, choices: &[usize], mut visit: impl FnMut(&Position<Chess>, Option<Move>)) {
    let mut pos = Position::<Chess>::from_fen(start).expect("the starts are valid");
    for &choice in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[choice % moves.len()];
        visit(&pos, Some(mv));
        pos.play(mv);
    }
    visit(&pos, None);
}
