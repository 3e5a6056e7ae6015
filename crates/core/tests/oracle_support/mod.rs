//! Shared by the Newport variant tests (rejection, circe, knights-are-god):
//! running the Python perft oracles of tests/oracles/, and playing a game by
//! typed text through the registry, as `chesslantis play` does.
#![allow(dead_code)]

use chesslantis_core::perft::{divide, perft};
use chesslantis_core::{notation, registry, Bitboard, Game, Position, Shape, Square, Variant};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Runs `python3 tests/oracles/<oracle>.py ARGS`, feeding `stdin`; the output lines.
fn run_oracle(oracle: &str, args: &[&str], stdin: &str) -> Vec<String> {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/oracles").join(format!("{oracle}.py"));
    let mut child = Command::new("python3")
        .arg(&script)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!(
                "cannot start python3 for {}: {e}; the oracle tests need Python 3 with python-chess",
                script.display()
            )
        });
    if let Some(mut input) = child.stdin.take() {
        input.write_all(stdin.as_bytes()).expect("the oracle reads its input");
    }
    let output = child.wait_with_output().expect("the oracle runs to its end");
    assert!(
        output.status.success(),
        "oracle {oracle} {args:?} failed (is python-chess installed? pip install -r tests/oracles/requirements.txt):\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).lines().map(str::to_string).collect()
}

fn number(line: &str) -> u64 {
    line.trim().parse().unwrap_or_else(|_| panic!("the oracle printed '{line}', not a number"))
}

/// The oracle's perft of `fen` to `depth`.
pub fn oracle_perft(oracle: &str, fen: &str, depth: u32) -> u64 {
    let lines = run_oracle(oracle, &[fen, &depth.to_string()], "");
    number(lines.last().map_or("", String::as_str))
}

/// Asserts that our perft of `fen` equals the oracle's, and returns it. On a
/// difference the message names the root moves whose counts differ.
pub fn assert_perft_matches_oracle<V: Variant>(oracle: &str, fen: &str, depth: u32) -> u64 {
    let pos = Position::<V>::from_fen(fen).expect("a valid FEN");
    let ours = perft(&pos, depth);
    let theirs = oracle_perft(oracle, fen, depth);
    if ours != theirs {
        let our_split: BTreeMap<String, u64> =
            divide(&pos, depth, |_, _| {}).into_iter().map(|(mv, n)| (notation::uci::<V>(mv, false), n)).collect();
        let mut their_split = BTreeMap::new();
        for line in run_oracle(oracle, &[fen, &depth.to_string(), "--divide"], "") {
            if let Some((mv, n)) = line.split_once(": ") {
                their_split.insert(mv.to_string(), number(n));
            }
        }
        let moves: std::collections::BTreeSet<&String> = our_split.keys().chain(their_split.keys()).collect();
        let differences: Vec<String> = moves
            .into_iter()
            .filter(|m| our_split.get(*m) != their_split.get(*m))
            .map(|m| format!("{m}: ours {:?}, oracle {:?}", our_split.get(m), their_split.get(m)))
            .collect();
        panic!("perft({depth}) of {fen}: ours {ours}, oracle {theirs}\n{}", differences.join("\n"));
    }
    ours
}

/// Asserts our perft equals the oracle's for every FEN, in one oracle run.
pub fn assert_batch_matches_oracle<V: Variant>(oracle: &str, fens: &[String], depth: u32) {
    let theirs = run_oracle(oracle, &["--batch", &depth.to_string()], &(fens.join("\n") + "\n"));
    assert_eq!(theirs.len(), fens.len(), "the oracle answered every position");
    for (fen, line) in fens.iter().zip(theirs) {
        let pos = Position::<V>::from_fen(fen).expect("a valid FEN");
        assert_eq!(perft(&pos, depth), number(&line), "perft({depth}) of {fen}");
    }
}

/// Positions met in `games` seeded random games of `plies` plies (fewer when
/// a game ends), every `every`th ply: varied middlegames for the oracles.
pub fn random_positions<V: Variant>(seed: u64, games: usize, plies: usize, every: usize) -> Vec<String> {
    let mut state = seed;
    let mut next = move |n: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % n
    };
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::<V>::start();
        for ply in 1..=plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[next(moves.len())]);
            if ply % every == 0 {
                out.push(pos.fen());
            }
        }
    }
    out
}

/// A game of variant `id` from `fen` (or its start) after `actions` typed in
/// turn, as `chesslantis play` reads them; panics on any error.
pub fn play(id: &str, fen: Option<&str>, actions: &[&str]) -> Box<dyn Game> {
    let info = registry::variant(id).unwrap_or_else(|| panic!("variant {id} is registered"));
    let mut game = (info.new_game)(fen).expect("a valid start");
    for text in actions {
        act(&mut game, text);
    }
    game
}

/// Reads and applies one typed action; panics on an error.
pub fn act(game: &mut Box<dyn Game>, text: &str) {
    let result = game.parse_action(text).and_then(|action| game.apply(action));
    if let Err(e) = result {
        panic!("'{text}' in {}: {e}", game.fen());
    }
}

/// A square of the 8x8 board by name.
pub fn sq(name: &str) -> Square {
    Shape::CHESS.parse(name).expect("a square name")
}

/// Squares by name, separated by spaces.
pub fn squares(names: &str) -> Bitboard {
    names.split_whitespace().map(sq).collect()
}

/// Applies the text, expects an error, and checks nothing changed; the error's text.
pub fn expect_refused(game: &mut Box<dyn Game>, text: &str) -> String {
    let (fen, actor, actions) = (game.fen(), game.actor(), game.legal_actions());
    let error = match game.parse_action(text).and_then(|a| game.apply(a)) {
        Ok(()) => panic!("'{text}' was accepted; it should be refused"),
        Err(e) => e.to_string(),
    };
    assert_eq!(game.fen(), fen, "'{text}' was refused but changed the game");
    assert_eq!(game.actor(), actor);
    assert_eq!(game.legal_actions(), actions);
    error
}
