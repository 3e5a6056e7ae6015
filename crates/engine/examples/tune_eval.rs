//! Texel tuning of the chess evaluation: fits the weights so that
//! sigmoid(K * eval / 400) predicts the game results of self-play
//! positions (examples/selfplay_positions.rs), and writes them as Rust
//! source for crates/engine/src/weights_tuned.rs. Run by bench/tune-eval.
//!
//!     tune_eval DATA OUT [EPOCHS] [LEARNING_RATE] [L2] [all|terms] [LAMBDA]
//!
//! - DATA: `FEN;result` lines in game order; the last tenth (later games,
//!   so no game is on both sides) is held out and only measured.
//! - `FEN;result;cp` lines (bench/fsf-labels: a stronger engine's score
//!   for White) are fitted to LAMBDA (default 0.75) times that score as an
//!   expected result plus the rest times the game's result: one game's
//!   result says little about each of its positions, the score does.
//! - The evaluation is a dot product with the weights (`trace::Trace`), so
//!   one pass over all positions is a few milliseconds: K is fitted first
//!   with the starting weights, then Adam runs full-batch epochs on the
//!   mean squared error, plus L2 times the squared distance from the
//!   starting weights (squares few positions visit stay near them).
//! - `terms` (the default) keeps the square tables as they are and fits
//!   the rest (material, mobility, pawns, rooks, bishop pair, threats,
//!   king shelter; the tempo is fitted but not kept: see below);
//!   `all` fits the 768 square numbers too, which a few thousand games
//!   (positions of one game share its result) overfit: on 2,600 games the
//!   held-out loss rose from the first epochs, and with engine scores
//!   on 179,225 positions it ended no better than `terms`; on 601,227
//!   (8,600 games) it fits better (bench/RESULTS.md, "Evaluation tuning runs").
//! - The weights of the epoch with the lowest held-out loss are kept and
//!   rounded; with `all`, each role's mean square bonus is moved into its
//!   material (the same evaluation; the plain values the search orders by
//!   stay meaningful).

use chesslantis_core::variants::Chess;
use chesslantis_core::Position;
use chesslantis_engine::trace::Trace;
use chesslantis_engine::weights::{Param, Weights, CHESS_ROLES, PARAM_COUNT};
use chesslantis_engine::weights_chess::CHESS;
use chesslantis_engine::{EvalTables, Phased};
use std::process::ExitCode;
use std::time::Instant;

/// A position as the tuner needs it.
struct Sample {
    trace: Trace,
    /// White's expected result, from 0 to 1: the game's, or blended with an engine's score.
    result: f64,
}

/// A centipawn score as an expected result (the curve Lichess fits to its
/// players' games for Stockfish's scores).
fn expected_result(cp: f64) -> f64 {
    1.0 / (1.0 + (-0.00368208 * cp).exp())
}

/// Weights as reals: (mg, eg) per param, and the tempo last.
#[derive(Clone)]
struct Real {
    params: Vec<[f64; 2]>,
    tempo: f64,
}

impl Real {
    fn of(w: &Weights) -> Real {
        Real { params: w.params().iter().map(|p| [f64::from(p.mg), f64::from(p.eg)]).collect(), tempo: f64::from(w.tempo) }
    }

    fn rounded(&self) -> Weights {
        let p: Vec<Phased> = self.params.iter().map(|v| Phased::new(v[0].round() as i32, v[1].round() as i32)).collect();
        Weights::from_params(&p, self.tempo.round() as i32)
    }

    /// White's evaluation of a sample.
    fn eval(&self, t: &Trace) -> f64 {
        let share = t.mg_share();
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(i, c) in &t.terms {
            let p = self.params[i as usize];
            mg += p[0] * f64::from(c);
            eg += p[1] * f64::from(c);
        }
        let stm = if t.white_to_move { 1.0 } else { -1.0 };
        mg * share + eg * (1.0 - share) + self.tempo * stm
    }
}

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// White's evaluation by the engine's integer arithmetic.
fn int_eval(w: &Weights, t: &Trace) -> f64 {
    let eval = f64::from(t.evaluate(w));
    if t.white_to_move {
        eval
    } else {
        -eval
    }
}

fn mse(samples: &[Sample], k: f64, eval: impl Fn(&Trace) -> f64) -> f64 {
    samples.iter().map(|s| (s.result - sigmoid(k, eval(&s.trace))).powi(2)).sum::<f64>() / samples.len() as f64
}

/// The K that best fits the starting weights (golden-section search).
fn fit_k(samples: &[Sample], w: &Weights) -> f64 {
    let evals: Vec<(f64, f64)> = samples.iter().map(|s| (int_eval(w, &s.trace), s.result)).collect();
    let loss = |k: f64| evals.iter().map(|(e, r)| (r - sigmoid(k, *e)).powi(2)).sum::<f64>() / evals.len() as f64;
    let (mut a, mut b) = (0.05, 4.0);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if loss(c) < loss(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// One full-batch gradient of the loss (without L2).
fn gradient(samples: &[Sample], k: f64, w: &Real) -> Real {
    let mut grad = Real { params: vec![[0.0; 2]; PARAM_COUNT], tempo: 0.0 };
    let scale = k * std::f64::consts::LN_10 / 400.0;
    for s in samples {
        let e = w.eval(&s.trace);
        let p = sigmoid(k, e);
        // d(r - p)^2 / d eval
        let g = -2.0 * (s.result - p) * p * (1.0 - p) * scale;
        let share = s.trace.mg_share();
        for &(i, c) in &s.trace.terms {
            let c = f64::from(c) * g;
            let slot = &mut grad.params[i as usize];
            slot[0] += c * share;
            slot[1] += c * (1.0 - share);
        }
        grad.tempo += g * if s.trace.white_to_move { 1.0 } else { -1.0 };
    }
    let n = samples.len() as f64;
    for v in &mut grad.params {
        v[0] /= n;
        v[1] /= n;
    }
    grad.tempo /= n;
    grad
}

/// Each role's mean bonus (over the squares it can stand on) moved into
/// its material; the king's dropped (both sides have one). The evaluation
/// is unchanged: every piece has one value and one square.
fn centre_squares(w: &mut Weights) {
    for role in 0..CHESS_ROLES {
        // Pawns never stand on the first or last rank (rows 0 and 7, a8 first).
        let squares: Vec<usize> = if role == 0 { (8..56).collect() } else { (0..64).collect() };
        let n = squares.len() as i32;
        let mean = |f: fn(Phased) -> i32| {
            let sum: i32 = squares.iter().map(|&i| f(w.squares[role][i])).sum();
            (f64::from(sum) / f64::from(n)).round() as i32
        };
        let shift = Phased::new(mean(|p| p.mg), mean(|p| p.eg));
        for &i in &squares {
            w.squares[role][i] -= shift;
        }
        if role != 5 {
            w.material[role] += shift;
        }
    }
}

/// Reads `FEN;result` or `FEN;result;cp` lines; `lambda` weighs the score.
fn read(path: &str, lambda: f64) -> Result<Vec<Sample>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let tables = EvalTables::with_weights::<Chess>(&CHESS);
    let number = |field: &str, line: &str| field.trim().parse::<f64>().map_err(|_| format!("bad number '{field}' in: {line}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut fields = line.split(';');
            let fen = fields.next().unwrap_or_default();
            let result = number(fields.next().ok_or_else(|| format!("no result: {line}"))?, line)?;
            let result = match fields.next() {
                Some(cp) => lambda * expected_result(number(cp, line)?) + (1.0 - lambda) * result,
                None => result,
            };
            let pos = Position::<Chess>::from_fen(fen.trim()).map_err(|e| format!("{fen}: {e:?}"))?;
            Ok(Sample { trace: Trace::of(&pos, &tables), result })
        })
        .collect()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: tune_eval DATA OUT [EPOCHS] [LEARNING_RATE] [L2] [all|terms] [LAMBDA]");
        return ExitCode::FAILURE;
    }
    let epochs: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let rate: f64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(1.0);
    let l2: f64 = args.get(5).and_then(|a| a.parse().ok()).unwrap_or(0.0);
    let squares_too = match args.get(6).map(String::as_str) {
        None | Some("terms") => false,
        Some("all") => true,
        Some(other) => {
            eprintln!("tune_eval: '{other}' is neither 'all' nor 'terms'");
            return ExitCode::FAILURE;
        }
    };
    let lambda: f64 = args.get(7).and_then(|a| a.parse().ok()).unwrap_or(0.75);
    let tuned_params: Vec<usize> =
        (0..PARAM_COUNT).filter(|&i| squares_too || !(Param::square(0, 0)..Param::square(CHESS_ROLES, 0)).contains(&i)).collect();
    let start = Instant::now();
    let mut samples = match read(&args[1], lambda) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("tune_eval: {e}");
            return ExitCode::FAILURE;
        }
    };
    let held = samples.split_off(samples.len() - samples.len() / 10);
    let train = samples;
    println!("{} positions for training, {} held out ({:.1} s to read)", train.len(), held.len(), start.elapsed().as_secs_f64());

    let base = CHESS.clone();
    let k = fit_k(&train, &base);
    let base_train = mse(&train, k, |t| int_eval(&base, t));
    let base_held = mse(&held, k, |t| int_eval(&base, t));
    println!("K = {k:.4}; starting weights: loss {base_train:.6} (training), {base_held:.6} (held out)");

    let origin = Real::of(&base);
    let mut w = origin.clone();
    let (beta1, beta2, eps): (f64, f64, f64) = (0.9, 0.999, 1e-8);
    let mut m = Real { params: vec![[0.0; 2]; PARAM_COUNT], tempo: 0.0 };
    let mut v = m.clone();
    let mut best = (base_held, w.clone(), 0);
    for epoch in 1..=epochs {
        let g = gradient(&train, k, &w);
        let t = epoch as i32;
        let (c1, c2) = (1.0 - beta1.powi(t), 1.0 - beta2.powi(t));
        let step = |x: &mut f64, g: f64, o: f64, m: &mut f64, v: &mut f64| {
            let g = g + 2.0 * l2 * (*x - o);
            *m = beta1 * *m + (1.0 - beta1) * g;
            *v = beta2 * *v + (1.0 - beta2) * g * g;
            *x -= rate * (*m / c1) / ((*v / c2).sqrt() + eps);
        };
        for &i in &tuned_params {
            for j in 0..2 {
                step(&mut w.params[i][j], g.params[i][j], origin.params[i][j], &mut m.params[i][j], &mut v.params[i][j]);
            }
        }
        step(&mut w.tempo, g.tempo, origin.tempo, &mut m.tempo, &mut v.tempo);
        if epoch.is_multiple_of(50) || epoch == epochs {
            let (lt, lh) = (mse(&train, k, |t| w.eval(t)), mse(&held, k, |t| w.eval(t)));
            if lh < best.0 {
                best = (lh, w.clone(), epoch);
            }
            if epoch.is_multiple_of(250) || epoch == epochs {
                println!("epoch {epoch}: loss {lt:.6} (training), {lh:.6} (held out), {:.0} s", start.elapsed().as_secs_f64());
            }
        }
    }
    let mut tuned = best.1.rounded();
    if squares_too {
        centre_squares(&mut tuned);
    }
    // The tempo is fitted, so that the labels' lean towards the side to
    // move (an engine's score is its search's, from the mover's side) is
    // not pushed into other terms, but the engine keeps its own: a fitted
    // 59 lost 31 Elo in self-play where 12 won (bench/RESULTS.md, "Evaluation tuning runs").
    let fitted_tempo = tuned.tempo;
    tuned.tempo = base.tempo;
    let (lt, lh) = (mse(&train, k, |t| int_eval(&tuned, t)), mse(&held, k, |t| int_eval(&tuned, t)));
    println!("kept epoch {}: loss {lt:.6} (training), {lh:.6} (held out), rounded", best.2);
    for (name, i) in [("pawn", 0), ("knight", 1), ("bishop", 2), ("rook", 3), ("queen", 4)] {
        println!("  {name}: {:?} (was {:?})", tuned.material[i], base.material[i]);
    }
    println!(
        "  mobility N B R Q: {:?}\n  passed: {:?}\n  isolated {:?} doubled {:?} rook open {:?} half-open {:?} bishop pair {:?} tempo {} (fitted; kept at the engine's)",
        &tuned.mobility[1..5],
        tuned.passed,
        tuned.isolated,
        tuned.doubled,
        tuned.rook_open_file,
        tuned.rook_half_open_file,
        tuned.bishop_pair,
        fitted_tempo
    );
    let header = format!(
        "Tuned chess evaluation weights: GENERATED by examples/tune_eval.rs\n\
         (bench/tune-eval), do not edit by hand; the engine uses them when\n\
         weights_chess.rs says so. Texel tuning from the engine's weights of\n\
         the time, on {} self-play positions ({} held out) of {}:\n\
         K = {k:.4}; loss {base_train:.6} -> {lt:.6} (training), {base_held:.6} -> {lh:.6}\n\
         (held out); {epochs} epochs of Adam, rate {rate}, L2 {l2}, engine scores\n\
         weighing {lambda} where the data has them, {} weights\n\
         tuned (square tables {}), kept epoch {}, the tempo fitted\n\
         (to {fitted_tempo}) but kept.\n\
         docs/engine.md, \"Tuning\", says how to rerun it and how it was accepted.",
        train.len() + held.len(),
        held.len(),
        args[1],
        tuned_params.len() * 2 + 1,
        if squares_too { "too" } else { "kept" },
        best.2
    );
    if let Err(e) = std::fs::write(&args[2], tuned.to_rust("TUNED", &header)) {
        eprintln!("tune_eval: {}: {e}", args[2]);
        return ExitCode::FAILURE;
    }
    println!("wrote {} ({:.0} s)", args[2], start.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}
