//! A Looking-Glass match of the engine against a random player, both
//! through the referee (`DynGame`), each reading only its own view.
//!
//!     cargo run --release -p chesslantis-engine --example lg_vs_random -- [GAMES] [MOVETIME_MS] [SEED]
//!
//! The random player orders random plausible moves from its own
//! observation: each turn it takes, uniformly, one of its moves in its own
//! world or an order of one of its known pieces in the unseen world to a
//! square the piece could move to (its view's legal list, the question
//! left out); it sets up on a random Chess960 start and, under the forfeit
//! rule, picks a random move for the opponent. The engine takes both
//! colours in turn. Prints a line per game and the engine's score with a
//! 95% interval, and how the games ended.

use chesslantis_core::{Color, DynGame, Outcome, Seat, Viewer};
use chesslantis_engine::level::Rng;
use chesslantis_engine::{new_session, Limits};
use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;

/// A game that runs this long is stopped and counted a draw (the 50-move
/// rule and repetition end nearly all games well before).
const MAX_ACTIONS: usize = 1500;

/// The random player's action: uniform over its legal list but the question.
fn random_action(game: &DynGame, color: Color, rng: &mut Rng) -> Result<String, String> {
    let legal: Vec<String> =
        game.view(Viewer::player(color)).legal.into_iter().map(|l| l.text).filter(|t| t != "ask").collect();
    if legal.is_empty() {
        return Err("the random player has nothing to play".into());
    }
    Ok(legal[(rng.next_u64() % legal.len() as u64) as usize].clone())
}

/// Plays one game; the engine's score (1, ½, 0) and how it ended.
fn play(engine_color: Color, movetime: u64, seed: u64) -> Result<(f64, String, usize), String> {
    let mut game = DynGame::new("looking-glass", None).map_err(|e| e.to_string())?;
    let mut engine = new_session("looking-glass", 1)?;
    engine.set_seed(seed);
    let mut rng = Rng::new(seed ^ 0x5EED);
    let limits = Limits::movetime(movetime);
    let mut actions = 0;
    while let Some(seat) = game.to_act() {
        if actions >= MAX_ACTIONS {
            return Ok((0.5, format!("stopped after {MAX_ACTIONS} actions"), actions));
        }
        let color = seat.color().ok_or("no dice in Looking-Glass")?;
        let action = if color == engine_color { engine.choose_action(&game, &limits)? } else { random_action(&game, color, &mut rng)? };
        game.apply(Seat::player(color), &action).map_err(|e| format!("{color} played {action}: {e}"))?;
        actions += 1;
    }
    let outcome = game.outcome().ok_or("the game stopped without an outcome")?;
    let score = match outcome {
        Outcome::Win { winner, .. } if winner == engine_color => 1.0,
        Outcome::Win { .. } => 0.0,
        Outcome::Draw(_) => 0.5,
    };
    let strikes = game.view(Viewer::Referee).knowledge.notes.into_iter().find(|n| n.starts_with("Strikes")).unwrap_or_default();
    Ok((score, format!("{outcome} ({strikes})"), actions))
}

/// The Wilson 95% interval of a score `p` over `n` games (sensible near 0%
/// and 100%, where the normal approximation collapses to a point).
fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z2 = 1.96f64 * 1.96;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = (z2.sqrt() * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt()) / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| args.get(i).map_or(Ok(default), |a| a.parse::<u64>());
    let (Ok(games), Ok(movetime), Ok(seed)) = (number(0, 100), number(1, 30), number(2, 1)) else {
        eprintln!("usage: lg_vs_random [GAMES] [MOVETIME_MS] [SEED] (whole numbers)");
        return ExitCode::FAILURE;
    };
    let started = Instant::now();
    let mut scores = Vec::new();
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    for g in 0..games {
        let engine_color = if g % 2 == 0 { Color::White } else { Color::Black };
        match play(engine_color, movetime, seed.wrapping_mul(1000).wrapping_add(g)) {
            Ok((score, how, actions)) => {
                scores.push(score);
                let total: f64 = scores.iter().sum();
                println!("game {:3}: engine {engine_color}, {score} after {actions} actions: {how}; engine {total}/{}", g + 1, scores.len());
                let reason = how.split(" (").next().unwrap_or_default().to_string();
                *endings.entry(reason).or_default() += 1;
            }
            Err(e) => {
                eprintln!("game {}: {e}", g + 1);
                return ExitCode::FAILURE;
            }
        }
    }
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let (low, high) = wilson(mean, n);
    let wins = scores.iter().filter(|&&s| s == 1.0).count();
    let losses = scores.iter().filter(|&&s| s == 0.0).count();
    println!(
        "looking-glass, engine vs random ({movetime} ms a move): {} games, +{wins} ={} -{losses}, score {:.1}% (95%: {:.1}% to {:.1}%), {:.0} s",
        scores.len(),
        scores.len() - wins - losses,
        100.0 * mean,
        100.0 * low,
        100.0 * high,
        started.elapsed().as_secs_f64()
    );
    for (reason, count) in endings {
        println!("  {count:3} × {reason}");
    }
    ExitCode::SUCCESS
}
