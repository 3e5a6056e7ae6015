//! What are Bede Chess's pieces worth? Self-play from the start position
//! with one piece taken from each side: the side that keeps an `X` where
//! the other keeps a `Y`. Both sides use the same engine with the same
//! values, colours alternate, a few random opening plies vary the games;
//! the score of the `X` side says which piece is stronger in play.
//!
//!     cargo run --release -p chesslantis-engine --example bede_values -- [games] [nodes] [pairs...]
//!
//! A pair is two letters of the ruling's FEN, `qc` (queen against
//! chancellor), `bz`, `jz`, `sp`... Default: every pair of docs/engine.md.

use chesslantis_core::variants::Bede;
use chesslantis_core::{Color, Outcome, Position, SplitMix, Variant};
use chesslantis_engine::{Limits, Searcher};

/// The start position's first ranks, White's (a1..i1) and Black's (a11..i11).
const WHITE_RANK: &str = "BBCQKJCZB";
const BLACK_RANK: &str = "bzcjkqcbb";

/// Random plies before the engines take over.
const RANDOM_PLIES: usize = 4;
/// Plies before a game is called a draw.
const MAX_PLIES: usize = 240;

/// The start with `white_loses` taken from White's first rank (or squires'
/// or pawns' rank) and `black_loses` from Black's: the last of that kind
/// on the rank, so the king's side is touched least.
fn imbalance(white_loses: char, black_loses: char) -> String {
    let remove = |rank: &str, letter: char| -> String {
        let mut cells: Vec<char> = rank.chars().collect();
        if let Some(i) = cells.iter().rposition(|&c| c == letter) {
            cells[i] = '1';
        }
        compress(&cells.into_iter().collect::<String>())
    };
    let rank = |full: &str, loses: char| if full.contains(loses) { remove(full, loses) } else { compress(full) };
    let w = white_loses.to_ascii_uppercase();
    let white_first = rank(WHITE_RANK, w);
    let white_squires = rank("SSSSSSSSS", w);
    let white_pawns = rank("PPPPPPPPP", w);
    let black_first = rank(BLACK_RANK, black_loses);
    let black_squires = rank("sssssssss", black_loses);
    let black_pawns = rank("ppppppppp", black_loses);
    format!(
        "{black_first}/{black_squires}/{black_pawns}/9/9/9/9/9/{white_pawns}/{white_squires}/{white_first} w - - 0 1 - --"
    )
}

/// Runs of `1` written as one digit.
fn compress(rank: &str) -> String {
    let mut out = String::new();
    let mut empty = 0;
    for c in rank.chars() {
        if c == '1' {
            empty += 1;
        } else {
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push(c);
        }
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
    out
}

/// One game; the result for White (1, 0.5, 0).
fn play(start: &Position<Bede>, nodes: u64, seed: u64) -> f64 {
    let mut searchers = [Searcher::<Bede>::new(16), Searcher::<Bede>::new(16)];
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    let mut pos = start.clone();
    let mut rng = SplitMix::new(seed);
    for _ in 0..RANDOM_PLIES {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[(rng.next_u64() % moves.len() as u64) as usize]);
    }
    let mut history: Vec<u64> = Vec::new();
    for _ in 0..MAX_PLIES {
        let moves = pos.legal_moves();
        if let Some(outcome) = Bede::outcome(&pos, !moves.is_empty()) {
            return match outcome {
                Outcome::Win { winner: Color::White, .. } => 1.0,
                Outcome::Win { .. } => 0.0,
                Outcome::Draw(_) => 0.5,
            };
        }
        if pos.halfmoves() >= 100 || history.iter().filter(|&&h| h == pos.hash()).count() >= 2 {
            return 0.5;
        }
        let r = searchers[pos.turn().index()].search(&pos, &history, &limits, &[], &mut |_| {});
        let Some(mv) = r.best else { return 0.5 };
        history.push(pos.hash());
        pos.play(mv);
        if pos.halfmoves() == 0 {
            history.clear();
        }
    }
    0.5
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(16);
    let nodes: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4000);
    let mut pairs: Vec<String> = args.iter().skip(2).cloned().collect();
    if pairs.is_empty() {
        pairs = ["qc", "bz", "jz", "bj", "zs", "sp"].map(String::from).to_vec();
    }
    for pair in pairs {
        let letters: Vec<char> = pair.chars().collect();
        let [x, y] = letters[..] else {
            eprintln!("a pair is two letters: {pair}");
            continue;
        };
        // The X side loses its Y; the other side loses its X.
        let x_white = Position::<Bede>::from_fen(&imbalance(y, x)).expect("a valid imbalance");
        let x_black = Position::<Bede>::from_fen(&imbalance(x, y)).expect("a valid imbalance");
        let mut score = 0.0;
        for g in 0..games {
            let seed = 1 + g as u64 / 2;
            score += if g % 2 == 0 { play(&x_white, nodes, seed) } else { 1.0 - play(&x_black, nodes, seed) };
        }
        let p = score / games as f64;
        let elo = if p <= 0.0 || p >= 1.0 { f64::NAN } else { -400.0 * (1.0 / p - 1.0).log10() };
        println!("{x} vs {y}: {score}/{games} = {:.0}% ({elo:+.0} Elo) for {x}", 100.0 * p);
    }
}
