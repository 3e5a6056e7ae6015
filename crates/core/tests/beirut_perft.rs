//! Beirut Chess perft with the bombs given in the position (a detonation is
//! one action wherever it is legal), every count checked against
//! tests/oracles/beirut.py, an independent and deliberately simple
//! implementation on python-chess. The Rust counts are also written down.

mod portal_beirut_support;

use chesslantis_core::variants::Beirut;

/// The start with knights armed: a detonation is legal from the first move.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b1,g8";
/// Kiwipete; White's knight e5 and Black's knight f6 (in each other's blast).
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 e5,f6";
/// Promotions and castling; a promoting pawn and a castling rook carry the bombs.
const PROMOTIONS: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1 a7,h8";
/// White's carrier is next to its own king (never legal); Black's is free.
const ENDGAME: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 b5,f4";
/// Black's knight on f2 can blow up White's king.
const KING_IN_REACH: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8 d7,f2";
/// White's knight can blow up Black's king at once: the game then ends.
const KING_KILL: &str = "4k3/3N4/8/8/8/8/8/4K3 w - - 0 1 d7,-";

fn check(fen: &str, expected: &[u64]) {
    portal_beirut_support::check_perft::<Beirut>("beirut.py", fen, expected);
}

#[test]
fn start_position() {
    check(START, &[21, 441, 10145, 230434]);
}

#[test]
fn kiwipete() {
    check(KIWIPETE, &[49, 2136, 103734]);
}

#[test]
fn promotions_and_castling() {
    check(PROMOTIONS, &[7, 307, 11323]);
}

#[test]
fn endgame() {
    check(ENDGAME, &[14, 195, 2866, 45030]);
}

#[test]
fn king_in_reach() {
    check(KING_IN_REACH, &[45, 1553, 64569]);
}

#[test]
fn king_kill() {
    check(KING_KILL, &[12, 43, 514, 2895]);
}

#[test]
#[ignore = "the Python oracle takes about 15-25 s for these"]
fn middlegames_to_depth_4() {
    check(KIWIPETE, &[49, 2136, 103734, 4405910]);
    check(PROMOTIONS, &[7, 307, 11323, 503307]);
    check(KING_IN_REACH, &[45, 1553, 64569, 2215614]);
}
