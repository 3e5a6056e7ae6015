//! The engine of this build against another build's (a player process, see
//! bench/vs-previous/previous_player.rs), through the one driving loop and
//! core's seeded dice, colours alternating; prints the score of this build
//! with a 95% interval. Run by `bench/engine-vs-previous`.
//!
//!     vs_previous VARIANT GAMES BUDGET PLAYER_BINARY [SEED]
//!
//! BUDGET is a move's: `20` is 20 ms, `20000n` 20,000 nodes. At a node
//! budget both engines are deterministic, so each pair of games (one with
//! each colour) opens with `RANDOM_PLIES` random actions drawn from its seed;
//! the result then does not depend on the machine's load.

use chesslantis_core::{drive, DynGame, Outcome, Seat, SplitMix};
use chesslantis_engine::{new_session, Limits};
use std::io::{BufRead, BufReader, Write};
use std::process::{ChildStdin, ChildStdout, Command, ExitCode, Stdio};

/// The other build's engine, told every action and asked for its own.
struct Previous {
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Previous {
    fn say(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}").and_then(|_| self.input.flush()).map_err(|e| e.to_string())
    }

    fn ask(&mut self) -> Result<String, String> {
        self.say("go")?;
        let mut line = String::new();
        self.output.read_line(&mut line).map_err(|e| e.to_string())?;
        let answer = line.trim().to_string();
        match answer.strip_prefix("error ") {
            Some(e) => Err(format!("the previous engine: {e}")),
            None if answer.is_empty() => Err("the previous engine stopped".into()),
            None => Ok(answer),
        }
    }
}

/// Random players' actions opening each game at a node budget.
const RANDOM_PLIES: usize = 4;

/// A move's budget from its text: milliseconds, or nodes with a suffix `n`.
fn budget(text: &str) -> Option<Limits> {
    match text.strip_suffix('n') {
        Some(nodes) => nodes.parse().ok().map(|n| Limits { nodes: Some(n), ..Limits::default() }),
        None => text.parse().ok().map(Limits::movetime),
    }
}

/// One game; the score of this build (1, 0.5, 0).
fn play(variant: &str, new_color: Seat, limits: &Limits, seed: u64, previous: &mut Previous) -> Result<f64, String> {
    let mut game = DynGame::new(variant, None).map_err(|e| e.message)?;
    let mut engine = new_session(variant, 16)?;
    engine.set_seed(seed);
    previous.say("new")?;
    let mut told = 0;
    let mut dice = SplitMix::new(seed);
    if limits.nodes.is_some() {
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
    }
    let mut choose = |game: &DynGame, seat: Seat| -> Result<String, String> {
        if seat == new_color {
            return engine.choose_action(game, limits);
        }
        for entry in &game.history()[told..] {
            previous.say(&format!("apply {} {}", entry.seat, entry.action))?;
        }
        told = game.history().len();
        let answer = previous.ask()?;
        // The answer is applied by the loop; it is told with the next batch.
        Ok(answer)
    };
    drive::play_out(&mut game, &mut dice, 600, &mut choose)?;
    let new = new_color.color().ok_or("a player")?;
    Ok(match game.outcome() {
        Some(Outcome::Win { winner, .. }) if winner == new => 1.0,
        Some(Outcome::Win { .. }) => 0.0,
        _ => 0.5,
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        eprintln!("usage: vs_previous VARIANT GAMES BUDGET PLAYER_BINARY [SEED] (BUDGET: 20 is 20 ms a move, 20000n 20,000 nodes)");
        return ExitCode::FAILURE;
    }
    let (variant, player) = (&args[1], &args[4]);
    if let Err(e) = DynGame::new(variant, None) {
        eprintln!("vs_previous: {}", e.message);
        return ExitCode::FAILURE;
    }
    let Some(games) = args[2].parse::<usize>().ok().filter(|&g| g > 0) else {
        eprintln!("vs_previous: '{}' is not a number of games: say 100 for 100 games", args[2]);
        return ExitCode::FAILURE;
    };
    let Some(limits) = budget(&args[3]) else {
        eprintln!("vs_previous: '{}' is not a budget: say 20 for 20 ms a move or 20000n for 20,000 nodes", args[3]);
        return ExitCode::FAILURE;
    };
    // A seed read wrongly must not fall back to another match's games.
    let Ok(seed) = args.get(5).map_or(Ok(1), |a| a.parse::<u64>()) else {
        eprintln!("vs_previous: '{}' is not a seed: say a whole number such as 27", args[5]);
        return ExitCode::FAILURE;
    };
    let child = Command::new(player).args([variant.as_str(), &args[3]]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn();
    let Ok(mut child) = child else {
        eprintln!("vs_previous: cannot start {player}");
        return ExitCode::FAILURE;
    };
    let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else { return ExitCode::FAILURE };
    let mut previous = Previous { input, output: BufReader::new(output) };
    let mut scores = Vec::with_capacity(games);
    // Each pair of games (one with each colour) draws its seed from the
    // match's: matches with neighbouring seeds share no pair.
    let mut pair_seeds = SplitMix::new(seed);
    let mut pair_seed = 0;
    for g in 0..games {
        let color = if g % 2 == 0 { Seat::White } else { Seat::Black };
        if g % 2 == 0 {
            pair_seed = pair_seeds.next_u64();
        }
        match play(variant, color, &limits, pair_seed, &mut previous) {
            Ok(s) => {
                scores.push(s);
                // Progress on stderr: a long match says how far it is.
                let points: f64 = scores.iter().sum();
                eprint!("\r{variant}: game {} of {games}, new {points} of {}", g + 1, scores.len());
            }
            Err(e) => {
                eprintln!("vs_previous: {variant} game {}: {e}", g + 1);
                return ExitCode::FAILURE;
            }
        }
    }
    let _ = child.kill();
    eprintln!();
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    let (w, d, l) = (
        scores.iter().filter(|&&s| s == 1.0).count(),
        scores.iter().filter(|&&s| s == 0.5).count(),
        scores.iter().filter(|&&s| s == 0.0).count(),
    );
    println!("{variant}: new vs previous {w}/{d}/{l} (win/draw/loss) of {}, score {:.1}% ± {:.1}% (95%)", scores.len(), 100.0 * mean, 100.0 * half);
    ExitCode::SUCCESS
}
