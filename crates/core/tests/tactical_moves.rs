//! `legal_standard_tactical` (what quiescence searches) against
//! `legal_standard` filtered to captures, en passant and promotions, at every
//! node of small perft trees from the chess fixtures: the same moves (in
//! the same order but where an illegal en passant was dropped).

use chesslantis_core::movegen::{legal_standard, legal_standard_tactical};
use chesslantis_core::notation::uci;
use chesslantis_core::variants::Chess;
use chesslantis_core::{Move, MoveKind, Position};

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    // En passant that would expose the king along the rank, and a pinned
    // pawn that may only capture its pinner.
    "8/8/8/K1pP3q/8/8/8/7k w - c6 0 2",
    "4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1",
];

fn is_tactical(pos: &Position<Chess>, mv: Move) -> bool {
    mv.promotion.is_some() || mv.kind == MoveKind::EnPassant || pos.by_color(!pos.turn()).contains(mv.to)
}

/// Compares the two generators at every node to `depth`; the nodes checked.
fn walk(pos: &Position<Chess>, depth: u32) -> u64 {
    let mut all = Vec::new();
    legal_standard(pos, &mut all);
    let mut tactical = Vec::new();
    legal_standard_tactical(pos, &mut tactical);
    let mut expected: Vec<Move> = all.iter().copied().filter(|&mv| is_tactical(pos, mv)).collect();
    for moves in [&mut expected, &mut tactical] {
        moves.sort_by_key(|&mv| uci::<Chess>(mv, false));
    }
    assert_eq!(tactical, expected, "tactical moves of {}", pos.fen());
    if depth == 0 {
        return 1;
    }
    1 + all.iter().map(|&mv| walk(&pos.after(mv), depth - 1)).sum::<u64>()
}

#[test]
fn tactical_moves_are_the_captures_and_promotions_among_the_legal_moves() {
    let mut nodes = 0;
    for fen in FENS {
        let pos = Position::<Chess>::from_fen(fen).expect("a valid FEN");
        nodes += walk(&pos, 3);
    }
    // The trees are big enough to hold checks, pins, en passant and promotions.
    assert!(nodes > 100_000, "{nodes} nodes");
}

#[test]
fn in_check_only_the_capture_of_the_checker() {
    // The rook on e8 checks: Bxe8 is the one tactical evasion (Kd1, Kd2,
    // Kf1 and Kf2 are quiet).
    let pos = Position::<Chess>::from_fen("4r1k1/8/8/8/B7/8/8/4K3 w - - 0 1").expect("a valid FEN");
    let mut tactical = Vec::new();
    legal_standard_tactical(&pos, &mut tactical);
    let text: Vec<String> = tactical.iter().map(|&mv| uci::<Chess>(mv, false)).collect();
    assert_eq!(text, ["a4e8"]);
}
