//! Portal Chess perft, every count checked against tests/oracles/portal.py,
//! an independent and deliberately simple implementation on python-chess.
//! The Rust counts are also written down, so a change of either side shows.

mod portal_beirut_support;

use chesslantis_core::variants::Portal;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Kiwipete: a queen on f3, a knight on f6, a pawn on b4, all on portals.
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// Pieces of both sides on three portals: captures on a portal and through it.
const CROWDED_PORTALS: &str = "r3k2r/pppq1ppp/2n1bn2/1B1pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1";
/// Pawn steps onto portals, en passant over them, with either side to move.
const PAWNS_WHITE: &str = "4k3/1p3p2/8/4P1P1/4p1p1/8/1P3P2/4K3 w - - 0 1";
const PAWNS_BLACK: &str = "4k3/1p3p2/8/4P1P1/4p1p1/8/1P3P2/4K3 b - - 0 1";
/// Promotions, castling, pins; a bishop on b4, knights on f3 and f6.
const PROMOTIONS: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
/// A king on b5 in check through f3, castling with the rooks.
const KING_ON_A_PORTAL: &str = "r3k2r/8/8/1K6/8/8/6p1/3q3R w kq - 0 1";

fn check(fen: &str, expected: &[u64]) {
    portal_beirut_support::check_perft::<Portal>("portal.py", fen, expected);
}

#[test]
fn start_position() {
    check(START, &[20, 398, 8873]);
}

#[test]
#[ignore = "the Python oracle takes about 10-15 s for depth 4"]
fn start_position_depth_4() {
    check(START, &[20, 398, 8873, 195811]);
}

#[test]
fn pawns_and_portals() {
    check(PAWNS_WHITE, &[10, 101, 1035, 10285]);
    check(PAWNS_BLACK, &[10, 101, 1035, 10285]);
}

#[test]
fn king_on_a_portal() {
    check(KING_ON_A_PORTAL, &[6, 299, 3334]);
}

#[test]
fn promotions_and_pins() {
    check(PROMOTIONS, &[6, 258, 9189]);
}

#[test]
fn middlegames_to_depth_2() {
    check(KIWIPETE, &[46, 1965]);
    check(CROWDED_PORTALS, &[44, 1539]);
}

#[test]
#[ignore = "the Python oracle takes about 5-10 s for each"]
fn middlegames_to_depth_3() {
    check(KIWIPETE, &[46, 1965, 90997]);
    check(CROWDED_PORTALS, &[44, 1539, 66550]);
}
