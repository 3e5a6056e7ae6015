//! Bermuda Chess Angle perft, move by move, against Fairy-Stockfish
//! (tests/oracles/bermuda_angle.py, pyffish from tests/oracles/requirements.txt).
//! The positions cover pieces in the Angle, Ships, promotions (to the Ship
//! too), castling on both sides (also out of and through attack), en passant
//! and king captures, plus positions reached by random play from the start.

mod bermuda_angle_support;

use bermuda_angle_support::Pos;
use chesslantis_core::notation::uci;
use chesslantis_core::perft::divide;
use chesslantis_core::variants::BermudaAngle;
use std::collections::BTreeMap;
use std::io::Write;
use std::process::{Command, Stdio};

/// (depth, FEN): depth 3 where the position is small, 2 elsewhere (the
/// oracle makes about 700 moves a second).
const POSITIONS: &[(u32, &str)] = &[
    (2, "rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq - 0 1"),
    (2, "r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1"),
    (2, "r4k3r/10/10/10/10/10/10/10/10/R4K3R b KQkq - 0 1"),
    (2, "1rr2k1rr1/10/10/10/10/10/2q7/10/10/R4K3R w KQ - 0 1"),
    (2, "r4k3r/10/10/10/10/10/10/10/10/RN3K2NR w KQkq - 0 1"),
    (2, "1n3k4/P1P7/10/10/10/10/10/10/p1p7/1R3K4 w - - 0 1"),
    (3, "5k4/10/10/10/10/10/10/10/3p6/4N4K b - - 0 1"),
    (3, "5k4/10/10/3pP5/10/10/10/10/10/5K4 w - d8 0 1"),
    (3, "5k4/10/10/10/10/10/4pP4/10/10/5K4 b - f3 0 1"),
    (3, "5k4/3p6/10/4P5/10/10/10/10/10/5K4 b - - 0 1"),
    (2, "5k4/10/10/3ppp4/3pSp4/3ppp4/10/10/10/5K4 w - - 0 1"),
    (2, "r1bsqk1bnr/pppp1ppppp/2n7/4p5/3S2s3/2N2Q4/10/10/PPPPPPPPPP/R1B2KSBNR w KQkq - 0 1"),
    (3, "10/10/10/10/4k5/4K5/10/10/10/10 w - - 0 1"),
    (3, "5k4/10/10/10/10/10/10/10/5q4/5K4 w - - 0 1"),
    (2, "5k4/10/10/3n2N3/10/4N5/2n7/10/10/5K4 b - - 0 1"),
    (2, "r4k4/10/10/2B7/10/10/6b3/10/10/R4K3Q w Q - 0 1"),
];

/// Plies of random play from the start for the remaining positions.
const RANDOM_GAME_LENGTHS: &[u32] = &[10, 18, 26, 34, 42, 50];

/// Positions reached by pseudo-random legal moves (a fixed xorshift seed).
fn random_positions() -> Vec<String> {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    RANDOM_GAME_LENGTHS
        .iter()
        .map(|&plies| {
            let mut pos = Pos::start();
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[(next() % moves.len() as u64) as usize]);
            }
            pos.fen()
        })
        .collect()
}

fn ours(fen: &str, depth: u32) -> BTreeMap<String, u64> {
    let pos = Pos::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    divide(&pos, depth, |_, _| {}).into_iter().map(|(m, n)| (uci::<BermudaAngle>(m, false), n)).collect()
}

/// Runs the oracle once over every (depth, FEN), giving per-move counts.
fn oracle(jobs: &[(u32, String)]) -> Vec<BTreeMap<String, u64>> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/oracles/bermuda_angle.py");
    let mut child = Command::new("python3")
        .arg(script)
        .arg("--batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs (install tests/oracles/requirements.txt)");
    let input: String = jobs.iter().map(|(d, fen)| format!("{d} {fen}\n")).collect();
    child.stdin.take().expect("stdin piped").write_all(input.as_bytes()).expect("oracle reads its input");
    let output = child.wait_with_output().expect("oracle finishes");
    assert!(output.status.success(), "the oracle failed (is pyffish installed? see tests/oracles/requirements.txt)");
    let text = String::from_utf8(output.stdout).expect("oracle writes UTF-8");
    let mut results = vec![BTreeMap::new()];
    for line in text.lines() {
        if line == "end" {
            results.push(BTreeMap::new());
        } else if let Some((mv, n)) = line.split_once(": ") {
            let count = n.parse().unwrap_or_else(|_| panic!("oracle line '{line}'"));
            results.last_mut().expect("one map at least").insert(mv.to_string(), count);
        }
    }
    results.pop();
    results
}

#[test]
fn divide_matches_fairy_stockfish() {
    let mut jobs: Vec<(u32, String)> = POSITIONS.iter().map(|&(d, f)| (d, f.to_string())).collect();
    jobs.extend(random_positions().into_iter().map(|f| (2, f)));
    assert!(jobs.len() >= 20);
    let expected = oracle(&jobs);
    assert_eq!(expected.len(), jobs.len(), "one answer per position");
    for ((depth, fen), theirs) in jobs.iter().zip(expected) {
        assert_eq!(ours(fen, *depth), theirs, "divide({depth}) of {fen}");
    }
}
