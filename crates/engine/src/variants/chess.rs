//! Chess: the defaults of `EngineVariant` are the chess answer; chess adds
//! a generator of captures and promotions for quiescence, and a network
//! that is its whole evaluation (network.rs; on unless the UCI option
//! `Network` is off, which leaves the hand-written evaluation).

use crate::network;
use crate::turn::SpecialDecision;
use crate::variant::EngineVariant;
use chesslantis_core::movegen::legal_standard_tactical;
use chesslantis_core::variants::Chess;
use chesslantis_core::{Move, Position};

impl EngineVariant for Chess {
    fn tactical_moves(pos: &Position<Self>, out: &mut Vec<Move>) -> bool {
        legal_standard_tactical(pos, out);
        true
    }

    fn network() -> Option<&'static network::Network> {
        Some(&network::CHESS)
    }

    fn bench_fens() -> &'static [&'static str] {
        BENCH
    }
}

impl SpecialDecision for Chess {}

/// Openings, middlegames and endgames with tactics and quiet play.
const BENCH: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "rq3rk1/ppp2ppp/1bnpb3/3N2B1/3NP3/7P/PPPQ1PP1/2KR3R w - - 7 14",
    "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14",
    "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
    "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13",
    "r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16",
    "4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17",
    "2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11",
    "r1bq1r1k/b1p1npp1/p2p3p/1p6/3PP3/1B2NN2/PP3PPP/R2Q1RK1 w - - 1 16",
    "3r1rk1/p5pp/bpp1pp2/8/q1PP1P2/b3P3/P2NQRPP/1R2B1K1 b - - 6 22",
    "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1",
    "3b4/5kp1/1p1p1p1p/pP1PpP1P/P1P1P3/3KN3/8/8 w - - 0 1",
    "8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 1",
    "8/3k4/8/8/8/8/3PK3/8 w - - 0 1",
    "5k2/7R/4P2p/5K2/p1r2P1p/8/8/8 b - - 0 1",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{standard_evaluation, EvalTables};
    use crate::search::{Features, Searcher};

    #[test]
    fn the_network_is_the_whole_evaluation_and_switched_off_the_hand_written_one_is() {
        let pos = Position::<Chess>::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").expect("a valid FEN");
        let mut searcher = Searcher::<Chess>::new(1);
        let hand = standard_evaluation(&pos, &EvalTables::new::<Chess>());
        assert_eq!(network::CHESS.kind, network::Kind::Whole);
        assert_ne!(network::CHESS.evaluate(&pos), hand);
        assert_eq!(searcher.evaluate(&pos), network::CHESS.evaluate(&pos));
        searcher.set_features(Features { network: false, ..Features::default() });
        assert_eq!(searcher.evaluate(&pos), hand);
    }
}
