//! Bermuda Chess Angle in quiescence: a chain of captures through the Angle
//! rolls the dice at each capture, and searching every roll's outcomes made
//! a one-ply search (the first iteration, which always finishes) take
//! seconds at any time limit. These positions came from engine games where
//! a move at 20 ms took 2 to 10 s.

use chesslantis_core::variants::BermudaAngle;
use chesslantis_core::Position;
use chesslantis_engine::{Limits, Searcher};

const SLOW: &[&str] = &[
    "3rqk1b1r/pp3s1pp1/n1p7/1b4p2p/1s8/1N2p1n3/PSP6P/5P2P1/1P1BPQPPB1/3R1KSR2 w k g8 0 20",
    "3rqk3r/1ppb1sppb1/p1n2p3n/7p1p/P9/2s7/2P1P5/1S3P1N1P/1P1B1SPPP1/3RQK1B1R w Kk - 1 22",
    "3rqr2k1/pp3sbpp1/n1p7/1b4p2p/1s8/1N2p5/PPP5nP/5P2P1/2SB1QPPB1/4RKSR2 b - b3 0 24",
];

#[test]
fn a_one_ply_search_through_capture_chains_in_the_angle_stays_small() {
    for fen in SLOW {
        let pos: Position<BermudaAngle> = Position::from_fen(fen).unwrap();
        let mut searcher = Searcher::<BermudaAngle>::new(8);
        let result = searcher.search(&pos, &[], &Limits::depth(1), &[], &mut |_| {});
        assert!(result.best.is_some(), "{fen}: a move");
        assert!(result.nodes < 50_000, "{fen}: {} nodes at depth 1", result.nodes);
    }
}
