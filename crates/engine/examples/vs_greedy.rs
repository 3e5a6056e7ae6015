//! A match of the engine against a one-ply greedy player, through the core's
//! game model (so dice, proposals and bomb carriers work as in a real game).
//!
//!     cargo run --release -p chesslantis-engine --example vs_greedy -- \
//!         --variant circe|all --games 100 --movetime 50 [--seed 1] [--max-plies 400]
//!
//! The greedy player tries each legal action on a copy of the game and takes
//! the one whose result has the best material balance in its own view (a win
//! first, a loss last), breaking ties at random; after a move that waits for
//! the dice it takes the expectation over the rolls. As the responder in
//! Rejection it rejects a proposal that wins material for the proposer; its
//! bomb carrier is a random piece. The engine takes both colours in turn.
//! Prints the engine's score with a 95% interval.

use chesslantis_core::variants::{BeirutAction, RejectionAction};
use chesslantis_core::{drive, registry, Action, Actor, Color, DynGame, Game, OwnAction, Outcome, Seat, SplitMix, Viewer};
use chesslantis_engine::{new_session, Limits};
use std::process::ExitCode;

/// xorshift64*: enough randomness for tie-breaks (the dice are core's).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Material for `me` on the boards `me` sees, by each piece's role name:
/// pawn 1, knight and bishop 3, ship 4, rook 5, queen 9; Bede Chess's own
/// roles squire 1.5, zebra 2.5, jester 3, bede 4.5, chancellor 8.5.
fn material(game: &dyn Game, me: Color) -> f64 {
    let value = |role: &str| match role {
        "pawn" => 1.0,
        "squire" => 1.5,
        "zebra" => 2.5,
        "knight" | "bishop" | "jester" => 3.0,
        "ship" => 4.0,
        "bede" => 4.5,
        "rook" => 5.0,
        "chancellor" => 8.5,
        "queen" => 9.0,
        _ => 0.0,
    };
    let boards = game.observe(Viewer::player(me)).boards;
    boards
        .iter()
        .flat_map(|b| &b.pieces)
        .map(|p| if p.color == me { value(&p.role) } else { -value(&p.role) })
        .sum()
}

/// The greedy value of a game state for `me`.
fn value(game: &dyn Game, me: Color) -> f64 {
    match game.outcome() {
        Some(Outcome::Win { winner, .. }) => return if winner == me { 1e6 } else { -1e6 },
        Some(Outcome::Draw(_)) => return 0.0,
        None => {}
    }
    if game.actor() == Actor::Chance {
        return game
            .chance_outcomes()
            .into_iter()
            .map(|(roll, p)| {
                let mut g = game.box_clone();
                g.apply(roll).map_or(0.0, |_| p.as_f64() * value(g.as_ref(), me))
            })
            .sum();
    }
    material(game, me)
}

fn greedy(game: &dyn Game, me: Color, rng: &mut Rng) -> Action {
    let legal = game.legal_actions();
    if legal.iter().any(|&a| BeirutAction::of(a).is_some()) {
        return legal[rng.below(legal.len())];
    }
    if legal.iter().any(|&a| RejectionAction::of(a).is_some()) {
        // The proposal's result against the position now, for the proposer.
        let now = material(game, me);
        let mut g = game.box_clone();
        let after = g.apply(RejectionAction::Accept.action()).map_or(now, |_| value(g.as_ref(), me));
        return if after < now { RejectionAction::Reject } else { RejectionAction::Accept }.action();
    }
    let mut best = f64::MIN;
    let mut ties = Vec::new();
    for a in legal {
        let mut g = game.box_clone();
        if g.apply(a).is_err() {
            continue;
        }
        let v = value(g.as_ref(), me);
        if v > best + 1e-9 {
            best = v;
            ties.clear();
        }
        if (v - best).abs() <= 1e-9 {
            ties.push(a);
        }
    }
    ties[rng.below(ties.len())]
}

struct Options {
    variant: String,
    games: usize,
    movetime: u64,
    seed: u64,
    max_plies: usize,
}

fn options() -> Result<Options, String> {
    let mut o = Options { variant: "chess".into(), games: 10, movetime: 50, seed: 1, max_plies: 400 };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).ok_or(format!("{} needs a value", pair[0]))?;
        let number = || value.parse::<u64>().map_err(|e| format!("{}: {e}", pair[0]));
        match pair[0].as_str() {
            "--variant" => o.variant = value.clone(),
            "--games" => o.games = number()? as usize,
            "--movetime" => o.movetime = number()?,
            "--seed" => o.seed = number()?,
            "--max-plies" => o.max_plies = number()? as usize,
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(o)
}

/// One game through the shared driving loop (the dice by core's sampler);
/// the engine's score (1, 0.5 or 0) and why it ended.
fn play(o: &Options, engine_color: Color, rng: &mut Rng) -> Result<(f64, String), String> {
    let mut game = DynGame::new(&o.variant, None).map_err(|e| e.message)?;
    let mut engine = new_session(&o.variant, 16)?;
    let limits = Limits::movetime(o.movetime);
    let mut dice = SplitMix::new(rng.next());
    let mut choose = |game: &DynGame, seat: Seat| -> Result<String, String> {
        let inner = game.game();
        match seat.color() {
            Some(c) if c == engine_color => engine.choose_action(game, &limits),
            Some(c) => Ok(inner.describe(greedy(inner, c, rng)).text),
            None => Err("chance is the dice's".into()),
        }
    };
    drive::play_out(&mut game, &mut dice, o.max_plies, &mut choose)?;
    Ok(match game.outcome() {
        Some(Outcome::Win { winner, reason }) => (if winner == engine_color { 1.0 } else { 0.0 }, format!("{reason:?}")),
        Some(Outcome::Draw(reason)) => (0.5, format!("draw {reason:?}")),
        None => (0.5, "move cap".into()),
    })
}

fn main() -> ExitCode {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("vs_greedy: {e}");
            return ExitCode::FAILURE;
        }
    };
    let ids: Vec<String> = match o.variant.as_str() {
        "all" => registry::variant_ids().into_iter().map(String::from).collect(),
        one => vec![one.to_string()],
    };
    for id in ids {
        if !run_match(&Options { variant: id, ..o }) {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// Plays `o.games` games of `o.variant` and prints the score; false on an error.
fn run_match(o: &Options) -> bool {
    let mut rng = Rng(o.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut scores = Vec::new();
    for i in 0..o.games {
        let color = if i % 2 == 0 { Color::White } else { Color::Black };
        match play(o, color, &mut rng) {
            Ok((s, why)) => {
                eprintln!("{} game {}: engine {color}: {s} ({why})", o.variant, i + 1);
                scores.push(s);
            }
            Err(e) => {
                eprintln!("vs_greedy: {}: game {}: {e}", o.variant, i + 1);
                return false;
            }
        }
    }
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    let wins = scores.iter().filter(|&&s| s == 1.0).count();
    let losses = scores.iter().filter(|&&s| s == 0.0).count();
    println!(
        "{}: {} games, +{wins} ={} -{losses}, score {:.1}% ± {:.1}% (95%)",
        o.variant,
        scores.len(),
        scores.len() - wins - losses,
        100.0 * mean,
        100.0 * half
    );
    true
}
