//! What a fresh engine session for each search costs, against one kept for
//! the whole game (the server drops the session between the engine's turns
//! so a game waiting for its person holds no tables; `engine_pool.rs`).
//! Run by `bench/engine-session-cost`.
//!
//!     engine_session_cost time [PLIES] [NODES]
//!         per variant the engine plays: a game of random actions to PLIES
//!         (60), and at each of White's turns the engine's decision timed
//!         with the session kept from its earlier turns and with a new one;
//!         prints the median and the mean of both, in ms, at NODES a search
//!         (1000: the search itself small, so the session's cost shows).
//!     engine_session_cost match VARIANT GAMES NODES [SEED]
//!         a kept session against a fresh one each move, both at NODES a
//!         move (deterministic, so each pair of games opens with random
//!         actions), colours alternating; prints the kept one's score with
//!         its 95% interval.

use chesslantis_core::{drive, DynGame, Outcome, Seat, SplitMix};
use chesslantis_engine::{new_session, Limits, Session};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The server's hash per search (`engine_pool::HASH_MB`).
const HASH_MB: usize = 8;

/// Random actions that open each game of a match.
const RANDOM_PLIES: usize = 4;

fn nodes(n: u64) -> Limits {
    Limits { nodes: Some(n), ..Limits::default() }
}

fn fresh(variant: &str, seed: u64) -> Result<Box<dyn Session>, String> {
    let mut s = new_session(variant, HASH_MB)?;
    s.set_seed(seed);
    Ok(s)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    if v.is_empty() { 0.0 } else { v[v.len() / 2] }
}

fn time(plies: usize, budget: u64) -> Result<(), String> {
    println!("variant: decisions, kept session median/mean ms, fresh session median/mean ms, new_session alone median ms");
    for variant in chesslantis_engine::supported_variants() {
        let mut game = DynGame::new(variant, None).map_err(|e| e.message)?;
        let mut dice = SplitMix::new(7);
        let mut picks = SplitMix::new(11);
        let mut random = drive::random_legal(&mut picks);
        let mut kept = fresh(variant, 1)?;
        let (mut with_kept, mut with_fresh, mut making) = (Vec::new(), Vec::new(), Vec::new());
        while game.history().len() < plies {
            if game.to_act() == Some(Seat::White) {
                let t = Instant::now();
                kept.choose_action(&game, &nodes(budget))?;
                with_kept.push(ms(t.elapsed()));
                let t = Instant::now();
                let mut new = fresh(variant, 1)?;
                making.push(ms(t.elapsed()));
                new.choose_action(&game, &nodes(budget))?;
                drop(new);
                with_fresh.push(ms(t.elapsed()));
            }
            match drive::step(&mut game, &mut dice, &mut random)? {
                Some(_) => {}
                None => break,
            }
        }
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
        println!(
            "{variant}: {}, kept {:.2}/{:.2}, fresh {:.2}/{:.2}, new_session {:.2}",
            with_kept.len(),
            median(with_kept.clone()),
            mean(&with_kept),
            median(with_fresh.clone()),
            mean(&with_fresh),
            median(making)
        );
    }
    Ok(())
}

/// One game; the kept session's score (1, 0.5, 0).
fn play(variant: &str, kept_color: Seat, limits: &Limits, seed: u64) -> Result<f64, String> {
    let mut game = DynGame::new(variant, None).map_err(|e| e.message)?;
    let mut dice = SplitMix::new(seed);
    let mut opening = SplitMix::new(!seed);
    let mut random = drive::random_legal(&mut opening);
    let mut plies = 0;
    while plies < RANDOM_PLIES {
        match drive::step(&mut game, &mut dice, &mut random)? {
            Some(Seat::Chance) => {}
            Some(_) => plies += 1,
            None => break,
        }
    }
    let mut kept = fresh(variant, seed)?;
    let mut choose = |game: &DynGame, seat: Seat| -> Result<String, String> {
        if seat == kept_color {
            kept.choose_action(game, limits)
        } else {
            fresh(variant, seed)?.choose_action(game, limits)
        }
    };
    drive::play_out(&mut game, &mut dice, 600, &mut choose)?;
    let kept = kept_color.color().ok_or("a player")?;
    Ok(match game.outcome() {
        Some(Outcome::Win { winner, .. }) if winner == kept => 1.0,
        Some(Outcome::Win { .. }) => 0.0,
        _ => 0.5,
    })
}

fn play_match(variant: &str, games: usize, budget: u64, seed: u64) -> Result<(), String> {
    let limits = nodes(budget);
    let mut scores = Vec::with_capacity(games);
    let mut pair_seeds = SplitMix::new(seed);
    let mut pair_seed = 0;
    for g in 0..games {
        if g % 2 == 0 {
            pair_seed = pair_seeds.next_u64();
        }
        let color = if g % 2 == 0 { Seat::White } else { Seat::Black };
        scores.push(play(variant, color, &limits, pair_seed)?);
        eprint!("\r{variant}: game {} of {games}, kept {} of {}", g + 1, scores.iter().sum::<f64>(), scores.len());
    }
    eprintln!();
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    let count = |x: f64| scores.iter().filter(|&&s| s == x).count();
    println!(
        "{variant} at {budget} nodes: kept vs fresh {}/{}/{} (win/draw/loss) of {games}, kept's score {:.1}% ± {:.1}% (95%)",
        count(1.0),
        count(0.5),
        count(0.0),
        100.0 * mean,
        100.0 * half
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: engine_session_cost time [PLIES] [NODES] | match VARIANT GAMES NODES [SEED]";
    let number = |i: usize, default: u64| args.get(i).map_or(Ok(default), |a| a.parse::<u64>().map_err(|_| format!("'{a}' is not a whole number; {usage}")));
    let result = match args.first().map(String::as_str) {
        Some("time") => number(1, 60).and_then(|p| number(2, 1000).and_then(|n| time(p as usize, n))),
        Some("match") if args.len() >= 4 => {
            (|| play_match(&args[1], number(2, 0)? as usize, number(3, 0)?, number(4, 1)?))()
        }
        _ => Err(usage.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("engine_session_cost: {e}");
            ExitCode::FAILURE
        }
    }
}
