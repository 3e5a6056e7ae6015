//! Training positions for the evaluation's tuner (examples/tune_eval.rs):
//! the engine plays chess against itself at a small fixed node budget from
//! varied openings (random plies after the start; the search is otherwise
//! deterministic, so the seed fixes every game), and writes the quiet
//! positions of each game with its result, one `FEN;result` line each
//! (result 1, 0.5 or 0 for White).
//!
//!     selfplay_positions OUT GAMES [NODES] [SEED] [FIRST_GAME]
//!
//! Defaults: 1500 nodes a move, seed 1, games numbered from 0 (FIRST_GAME
//! lets several processes share one seed's games). Run by bench/tune-eval.

use chesslantis_core::variants::Chess;
use chesslantis_core::{Color, Dice, Outcome, Position, SplitMix, Variant};
use chesslantis_engine::score::is_mate;
use chesslantis_engine::search::Features;
use chesslantis_engine::{EngineVariant, Limits, Searcher};
use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

/// Random plies from the start position: the variety of the openings.
const RANDOM_PLIES: (u32, u32) = (6, 10);
/// Positions before this ply are the opening's, not the game's: not kept.
const SKIP_PLIES: usize = 16;
/// A game this long is a draw.
const MAX_PLIES: usize = 400;
/// A score this large (White's view, same sign) for this many plies in a
/// row decides the game: the rest would only add won positions.
const DECISIVE: i32 = 1000;
const DECISIVE_PLIES: u32 = 6;

/// One game: its quiet positions (FEN) and White's result.
fn play(seed: u64, nodes: u64, searcher: &mut Searcher<Chess>) -> (Vec<String>, f64) {
    let mut dice = SplitMix::new(seed);
    let mut pos = Position::<Chess>::start();
    let random = RANDOM_PLIES.0 + dice.below(RANDOM_PLIES.1 - RANDOM_PLIES.0 + 1);
    for _ in 0..random {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[dice.below(moves.len() as u32) as usize]);
    }
    searcher.clear();
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    let mut history: Vec<u64> = Vec::new();
    let mut quiet = Vec::new();
    let mut decisive_run = (0i32, 0u32);
    let mut ply = random as usize;
    let result = loop {
        let moves = pos.legal_moves();
        if let Some(outcome) = Chess::outcome(&pos, !moves.is_empty()) {
            break match outcome {
                Outcome::Win { winner: Color::White, .. } => 1.0,
                Outcome::Win { .. } => 0.0,
                Outcome::Draw(_) => 0.5,
            };
        }
        if pos.halfmoves() >= 100 || history.iter().filter(|&&h| h == pos.hash()).count() >= 2 || ply >= MAX_PLIES {
            break 0.5;
        }
        let found = searcher.search(&pos, &history, &limits, &[], &mut |_| {});
        let Some(best) = found.best else { break 0.5 };
        let white_score = if pos.turn() == Color::White { found.score } else { -found.score };
        let sign = white_score.signum();
        if white_score.abs() >= DECISIVE && sign == decisive_run.0 {
            decisive_run.1 += 1;
        } else {
            decisive_run = (sign, u32::from(white_score.abs() >= DECISIVE));
        }
        if decisive_run.1 >= DECISIVE_PLIES {
            break if decisive_run.0 > 0 { 1.0 } else { 0.0 };
        }
        // Quiet: what the evaluation sees is what the position is worth,
        // not a capture or check the search resolves in the next plies.
        let is_quiet = !pos.in_check() && Chess::captured(&pos, best).is_none() && best.promotion.is_none() && !is_mate(found.score);
        if ply >= SKIP_PLIES && is_quiet {
            quiet.push(pos.fen());
        }
        history.push(pos.hash());
        pos.play(best);
        if pos.halfmoves() == 0 {
            history.clear();
        }
        ply += 1;
    };
    (quiet, result)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: selfplay_positions OUT GAMES [NODES] [SEED] [FIRST_GAME]");
        return ExitCode::FAILURE;
    }
    let games: u64 = args[2].parse().unwrap_or(100);
    let nodes: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1500);
    let seed: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(1);
    let first: u64 = args.get(5).and_then(|a| a.parse().ok()).unwrap_or(0);
    let Ok(file) = std::fs::File::create(&args[1]) else {
        eprintln!("selfplay_positions: cannot write {}", args[1]);
        return ExitCode::FAILURE;
    };
    let mut out = BufWriter::new(file);
    let mut searcher = Searcher::<Chess>::new(16);
    // The hand-written evaluation's games: the network learns from these
    // positions, so they must not depend on a network.
    searcher.set_features(Features { network: false, ..Features::default() });
    let start = Instant::now();
    let (mut positions, mut score) = (0usize, [0u32; 3]);
    for game in first..first + games {
        // Each game its own stream: game N is the same whatever ran before it.
        let (fens, result) = play(seed.wrapping_mul(1_000_003).wrapping_add(game), nodes, &mut searcher);
        score[(result * 2.0) as usize] += 1;
        for fen in &fens {
            writeln!(out, "{fen};{result}").expect("write");
        }
        positions += fens.len();
        if (game + 1 - first).is_multiple_of(100) {
            eprintln!("{} games, {positions} positions, {:.0} s", game + 1 - first, start.elapsed().as_secs_f64());
        }
    }
    out.flush().expect("write");
    eprintln!(
        "{games} games (White +{} ={} -{}), {positions} positions, {:.0} s",
        score[2],
        score[1],
        score[0],
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
