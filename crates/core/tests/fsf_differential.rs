//! Differential test against Fairy-Stockfish: perft by root move on positions
//! chosen to break move generators (en-passant pins, promotions, castling
//! through attacks, discovered and double checks, Chess960 castling with the
//! king or rook not moving, rights on inner rooks). A mismatch names the
//! position and the root move whose subtree differs.
//!
//! Fairy-Stockfish conventions, checked by hand: with `UCI_Chess960` on it
//! reads KQkq and Shredder/X-FEN letters alike, prints Shredder letters
//! (`HAha`), and writes every castling move king-takes-rook (`e1h1`), classical
//! positions included; with it off castling is the king's two-step (`e1g1`).
//! We turn it on exactly for positions `Position::uses_960_castling` calls Chess960.
//!
//! Fairy-Stockfish is a test dependency (`.ci/run` installs the Debian
//! package); without it this test fails rather than pass having checked
//! nothing. Set `FAIRY_STOCKFISH` to use another binary.

use chesslantis_core::notation;
use chesslantis_core::perft::divide;
use chesslantis_core::variants::Chess;
use chesslantis_core::Position;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// (FEN, depth, why the position is here).
const POSITIONS: &[(&str, u32, &str)] = &[
    // The chessprogramming.org "Perft Results" positions.
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, "start"),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, "kiwipete"),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, "position 3: en-passant pins along a rank"),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, "position 4"),
    ("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 4, "position 4 mirrored"),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, "position 5"),
    ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, "position 6"),
    // En passant.
    ("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", 4, "en passant would expose the king along the rank"),
    ("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", 4, "en passant by Black exposing its king along the rank"),
    ("8/1k6/8/8/3Pp3/8/8/4K2B b - d3 0 1", 4, "en-passant capturer pinned on a diagonal"),
    ("8/8/8/4k3/2pP4/8/8/4K3 b - d3 0 1", 4, "en passant takes the checking pawn"),
    ("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 4, "en passant discovers check"),
    ("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 4, "double step then an illegal en passant"),
    ("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 4, "double step into an en passant that checks"),
    // Promotions.
    ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 4, "promotions with and without capture, both sides"),
    ("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 4, "promote out of check"),
    ("4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 4, "promote giving check"),
    ("8/P1k5/K7/8/8/8/8/8 w - - 0 1", 4, "underpromotion giving check"),
    // Castling.
    ("r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1", 4, "king side castling passes an attacked square"),
    ("1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", 4, "queen side rook passes an attacked square (legal)"),
    ("r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, "castling prevented by attacks"),
    ("r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, "castling rights lost by captures"),
    ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", 4, "castling gives check"),
    ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 4, "long castling gives check"),
    // Checks and mates.
    ("8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 4, "discovered check"),
    ("4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1", 4, "knight moves discover check"),
    ("4k3/8/8/8/1b6/3n4/8/R3K2R w KQ - 0 1", 4, "double check: only the king moves, no castling"),
    ("4k3/8/8/8/8/8/8/r3K2R w K - 0 1", 4, "no castling out of check"),
    ("K1k5/8/P7/8/8/8/8/8 w - - 0 1", 5, "self stalemate"),
    ("8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 5, "stalemate and checkmate"),
    ("8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, "stalemate and checkmate by Black"),
    // Chess960, castling rights as Shredder-FEN letters.
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 4, "960 #1"),
    ("2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", 4, "960 #2"),
    ("b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", 4, "960 #3: one side's rights only"),
    ("qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", 4, "960 #4"),
    ("1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9", 4, "960 #5"),
    ("qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9", 4, "960 #6"),
    ("q1bnrkr1/ppppp2p/2n2p2/4b1p1/2NP4/8/PPP1PPPP/QNB1RRKB w ge - 1 9", 4, "960 #7"),
    ("rk3r2/8/8/8/8/8/8/R5KR w HAfa - 0 1", 4, "960: king on g1 castles king side without moving"),
    ("r3k3/8/8/8/8/8/8/3RKR2 w FDq - 0 1", 4, "960: rook on d1 / f1 castles without moving"),
    ("4k3/8/8/8/8/8/8/1K1R3R w D - 0 1", 4, "960: right on the inner rook"),
    ("k7/8/8/8/8/8/8/rRK4R w BH - 0 1", 4, "960: the castling rook shields its king from a rook"),
    ("3k4/8/8/8/8/8/8/5KRr w G - 0 1", 4, "960: the king's target is attacked behind the rook"),
    ("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", 4, "960: rooks on b and g files"),
    ("1kr5/8/8/8/8/8/8/RK6 w A - 0 1", 4, "960: the king's one-step target is attacked"),
];

/// A running Fairy-Stockfish speaking UCI.
struct Fsf {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Fsf {
    fn start() -> Fsf {
        let path = std::env::var("FAIRY_STOCKFISH").unwrap_or_else(|_| "/usr/games/fairy-stockfish".into());
        let mut child = Command::new(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot run Fairy-Stockfish at {path} ({e}); this test needs it: install the Debian \
                     package `fairy-stockfish` (.ci/run does) or set FAIRY_STOCKFISH to its path"
                )
            });
        let input = child.stdin.take().expect("piped stdin");
        let output = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut fsf = Fsf { child, input, output };
        fsf.send("uci");
        fsf.read_until(|l| l == "uciok");
        fsf
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("Fairy-Stockfish accepts input");
    }

    /// Reads lines up to and including the first that `last` accepts.
    fn read_until(&mut self, last: impl Fn(&str) -> bool) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self.output.read_line(&mut line).expect("Fairy-Stockfish output is text");
            assert!(n > 0, "Fairy-Stockfish ended early; its output so far: {lines:?}");
            let line = line.trim().to_string();
            let done = last(&line);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Perft by root move, in Fairy-Stockfish's move text.
    fn divide(&mut self, fen: &str, depth: u32, chess960: bool) -> BTreeMap<String, u64> {
        self.send(&format!("setoption name UCI_Chess960 value {chess960}"));
        self.send(&format!("position fen {fen}"));
        self.send(&format!("go perft {depth}"));
        let lines = self.read_until(|l| l.starts_with("Nodes searched"));
        let mut counts = BTreeMap::new();
        for line in &lines {
            let Some((mv, n)) = line.split_once(": ") else { continue };
            if let Ok(n) = n.parse::<u64>() {
                if mv != "Nodes searched" {
                    counts.insert(mv.to_string(), n);
                }
            }
        }
        let total: u64 = lines
            .last()
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|n| n.parse().ok())
            .expect("a node count after 'Nodes searched:'");
        assert_eq!(counts.values().sum::<u64>(), total, "Fairy-Stockfish's own divide of {fen} adds up");
        counts
    }
}

impl Drop for Fsf {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// Our divide, whether castling is written king-takes-rook, and the FEN as we write it.
fn ours(fen: &str, depth: u32) -> (BTreeMap<String, u64>, bool, String) {
    let pos = Position::<Chess>::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let chess960 = pos.uses_960_castling();
    let counts = divide(&pos, depth, |_, _| {})
        .into_iter()
        .map(|(mv, n)| (notation::uci::<Chess>(mv, chess960), n))
        .collect();
    (counts, chess960, pos.fen())
}

/// The differences between two divides, one line per root move.
fn differences(ours: &BTreeMap<String, u64>, theirs: &BTreeMap<String, u64>) -> Vec<String> {
    let mut moves: Vec<&String> = ours.keys().chain(theirs.keys()).collect();
    moves.sort();
    moves.dedup();
    moves
        .into_iter()
        .filter_map(|mv| match (ours.get(mv), theirs.get(mv)) {
            (Some(a), Some(b)) if a == b => None,
            (Some(a), Some(b)) => Some(format!("{mv}: ours {a}, Fairy-Stockfish {b}")),
            (Some(a), None) => Some(format!("{mv}: only ours ({a}), illegal for Fairy-Stockfish")),
            (None, Some(b)) => Some(format!("{mv}: missing from ours (Fairy-Stockfish {b})")),
            (None, None) => None,
        })
        .collect()
}

#[test]
fn perft_by_root_move_matches_fairy_stockfish() {
    let mut fsf = Fsf::start();
    let mut failures = Vec::new();
    let mut chess960_positions = 0;
    for &(fen, depth, why) in POSITIONS {
        let (mine, chess960, our_fen) = ours(fen, depth);
        chess960_positions += chess960 as usize;
        // Fairy-Stockfish reads the FEN as we write it, so it checks our castling field too.
        let theirs = fsf.divide(&our_fen, depth, chess960);
        assert!(!theirs.is_empty() || mine.is_empty(), "Fairy-Stockfish gave no moves for {fen}");
        let diff = differences(&mine, &theirs);
        if !diff.is_empty() {
            failures.push(format!("{why}\n  {fen} (depth {depth})\n    {}", diff.join("\n    ")));
        }
    }
    assert!(failures.is_empty(), "perft differs from Fairy-Stockfish:\n{}", failures.join("\n"));
    assert!(chess960_positions >= 8, "only {chess960_positions} positions use Chess960 castling");
    assert!(POSITIONS.len() >= 30);
}
