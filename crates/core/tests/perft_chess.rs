//! Perft of the six positions of the chessprogramming.org "Perft Results"
//! page, against the published numbers. Deep runs are ignored by default
//! (run them with `cargo test --release -- --ignored`).

use chesslantis_core::perft::perft;
use chesslantis_core::variants::Chess;
use chesslantis_core::Position;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_4_MIRRORED: &str = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

fn check(fen: &str, expected: &[u64]) {
    let pos = Position::<Chess>::from_fen(fen).expect("valid FEN");
    for (i, &n) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(perft(&pos, depth), n, "perft({depth}) of {fen}");
    }
}

#[test]
fn start_position() {
    check(START, &[20, 400, 8902, 197281]);
}

#[test]
fn kiwipete() {
    check(KIWIPETE, &[48, 2039, 97862]);
}

#[test]
fn position_3() {
    check(POSITION_3, &[14, 191, 2812, 43238, 674624]);
}

#[test]
fn position_4_and_its_mirror() {
    check(POSITION_4, &[6, 264, 9467, 422333]);
    check(POSITION_4_MIRRORED, &[6, 264, 9467, 422333]);
}

#[test]
fn position_5() {
    check(POSITION_5, &[44, 1486, 62379]);
}

#[test]
fn position_6() {
    check(POSITION_6, &[46, 2079, 89890]);
}

#[test]
#[ignore = "deep perft: minutes in a debug build; run with --release -- --ignored"]
fn deep_published_numbers() {
    check(START, &[20, 400, 8902, 197281, 4865609, 119060324]);
    check(KIWIPETE, &[48, 2039, 97862, 4085603, 193690690]);
    check(POSITION_3, &[14, 191, 2812, 43238, 674624, 11030083]);
    check(POSITION_4, &[6, 264, 9467, 422333, 15833292]);
    check(POSITION_5, &[44, 1486, 62379, 2103487, 89941194]);
    check(POSITION_6, &[46, 2079, 89890, 3894594, 164075551]);
}
