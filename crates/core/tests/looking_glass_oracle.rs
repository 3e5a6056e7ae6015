//! Looking-Glass perft against a deliberately simple oracle written from the
//! rules page alone (tests/oracles/looking_glass.py): moves in the world the
//! mover sees, passing through, captures, promotions and castling with each
//! piece passing on its own. Orders are left out of perft (every square pair
//! may be ordered; the referee resolves it), as docs/rules/looking-glass.md says.

use chesslantis_core::registry;
use std::io::Write;
use std::process::{Command, Stdio};

/// (depth, FEN): the FIDE starts, and a middle game with pieces of both sides
/// in both worlds, castling rights and pawns about to promote.
const POSITIONS: &[(u32, &str)] = &[
    (3, "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/8/8 w KQ|kq - 0 1 0,0 strikes play"),
    (3, "8/1P6/8/8/3p4/2n5/4P3/R3K2R|r3k2r/3p4/5N2/8/8/8/6p1/8 w KQ|kq - 0 1 0,0 strikes play"),
    (3, "8/1P6/8/8/3p4/2n5/4P3/R3K2R|r3k2r/3p4/5N2/8/8/8/6p1/8 b KQ|kq - 0 1 0,0 strikes play"),
];

fn ours(fen: &str, depth: u32) -> u64 {
    let info = registry::variant("looking-glass").expect("looking-glass is registered");
    let divide = (info.divide)(Some(fen), depth, &mut |_, _| {}).unwrap_or_else(|e| panic!("{fen}: {e}"));
    divide.iter().map(|(_, n)| n).sum()
}

/// The oracle's perft of each FEN at `depth`, in one run.
fn oracle(depth: u32, fens: &[&str]) -> Vec<u64> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/oracles/looking_glass.py");
    let mut child = Command::new("python3")
        .args([script, "--batch", &depth.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let input: String = fens.iter().map(|fen| format!("{fen}\n")).collect();
    child.stdin.take().expect("stdin piped").write_all(input.as_bytes()).expect("the oracle reads its input");
    let output = child.wait_with_output().expect("the oracle finishes");
    assert!(output.status.success(), "the oracle failed");
    String::from_utf8(output.stdout)
        .expect("the oracle writes UTF-8")
        .lines()
        .map(|l| l.parse().unwrap_or_else(|_| panic!("oracle line '{l}'")))
        .collect()
}

#[test]
fn perft_matches_the_simple_oracle() {
    for &(depth, fen) in POSITIONS {
        for d in 1..=depth {
            assert_eq!(ours(fen, d), oracle(d, &[fen])[0], "perft({d}) of {fen}");
        }
    }
}
