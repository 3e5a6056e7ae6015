//! Trains the chess network (`chesslantis_engine::network`) on scored
//! positions and writes its file.
//!
//!     train_network DATA OUT [--epochs 30] [--rate 0.001] [--batch 16384]
//!                            [--lambda 1] [--seed 1] [--threads 2]
//!                            [--kind whole]
//!
//! - DATA: `FEN;result;cp` lines in game order (bench/fsf-labels: White's
//!   result and a stronger engine's score for White, after a search or its
//!   static evaluation: Stockfish's or Fairy-Stockfish's). Positions that
//!   are not quiet (`ordering::quiet`) are left out. The target is `lambda` times the score as an expected
//!   result plus the rest times the game's result, as for the evaluation's
//!   tuner (examples/tune_eval.rs). The last tenth (the latest games) is
//!   held out and reported every epoch; the epoch with the least held-out
//!   error is kept. Training positions where neither side can castle are
//!   also learnt mirrored (a-file to h-file).
//! - `--kind whole` (`network::Kind`): the network is the whole
//!   evaluation, its prediction sigmoid(curve * output) through the labels'
//!   curve. `--kind correction`: it learns what to add to the hand-written
//!   evaluation, the prediction sigmoid(curve * (evaluation + output)), the
//!   curve fitted to the evaluation alone first (its held-out error is
//!   printed, to compare). Units are clipped to 0..1 and squared; the
//!   output weights are the bucket's of the number of pieces
//!   (`network::output_bucket`), each learnt from its own positions. Adam on
//!   the squared error, minibatches split over `--threads`, the rate cut to
//!   30% at 60% and again at 85% of the epochs. Everything follows from the
//!   seed: the same data and options give the same file.

use chesslantis_core::variants::Chess;
use chesslantis_core::{Dice, Position, SplitMix};
use chesslantis_engine::eval::{standard_evaluation, EvalTables};
use chesslantis_engine::network::{self, output_bucket, Kind, Network, HIDDEN, INPUTS, OUTPUT_BUCKETS, QA, QB, SCALE};
use chesslantis_engine::ordering::quiet;
use std::time::Instant;

/// A centipawn score as an expected result (as in tune_eval).
const CURVE: f32 = 0.003_682_08;

fn expected_result(cp: f32) -> f32 {
    predict(0.0, cp, CURVE)
}

struct Options {
    epochs: usize,
    rate: f32,
    batch: usize,
    lambda: f32,
    kind: Kind,
    seed: u64,
    threads: usize,
}

/// Positions as inputs: for each, the side to move's features then the
/// other side's, and its target (the side to move's expected result).
struct Samples {
    features: Vec<u16>,
    /// Where each sample's features start in `features`, and how many per side.
    starts: Vec<(u32, u8)>,
    targets: Vec<f32>,
    /// The hand-written evaluation (side to move's centipawns) that a
    /// correction learns to add to; 0 for a whole network.
    bases: Vec<f32>,
}

impl Samples {
    fn new() -> Samples {
        Samples { features: Vec::new(), starts: Vec::new(), targets: Vec::new(), bases: Vec::new() }
    }

    fn push(&mut self, pos: &Position<Chess>, target: f32, base: f32) {
        let (ours, theirs) = network::features(pos);
        self.starts.push((self.features.len() as u32, ours.len() as u8));
        self.features.extend(ours.iter().chain(&theirs).map(|&f| f as u16));
        self.targets.push(target);
        self.bases.push(base);
    }

    fn sides(&self, i: usize) -> (&[u16], &[u16]) {
        let (start, n) = self.starts[i];
        let all = &self.features[start as usize..start as usize + 2 * n as usize];
        all.split_at(n as usize)
    }

    fn len(&self) -> usize {
        self.targets.len()
    }
}

/// The network in reals, laid out as one vector so gradients and Adam's
/// moments are vectors of the same shape.
const INPUT_WEIGHTS: usize = 0;
const INPUT_BIAS: usize = INPUTS * HIDDEN;
const OUTPUT_WEIGHTS: usize = INPUT_BIAS + HIDDEN;
const OUTPUT_BIAS: usize = OUTPUT_WEIGHTS + OUTPUT_BUCKETS * 2 * HIDDEN;
const PARAMS: usize = OUTPUT_BIAS + OUTPUT_BUCKETS;
/// The largest weight an i16 accumulator of 32 pieces holds at `QA`.
const CLIP: f32 = 1.98;

fn hidden(params: &[f32], features: &[u16]) -> [f32; HIDDEN] {
    let mut acc = [0f32; HIDDEN];
    acc.copy_from_slice(&params[INPUT_BIAS..INPUT_BIAS + HIDDEN]);
    for &f in features {
        let row = &params[INPUT_WEIGHTS + f as usize * HIDDEN..][..HIDDEN];
        acc.iter_mut().zip(row).for_each(|(a, w)| *a += w);
    }
    acc
}

/// A unit's value: clipped to 0..1, squared (as `network`'s integers).
fn activation(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

/// Where the output weights and the output bias of a position with
/// `pieces` pieces (one feature each a side) are in the parameters.
fn output_at(pieces: usize) -> (usize, usize) {
    let bucket = output_bucket(pieces);
    (OUTPUT_WEIGHTS + bucket * 2 * HIDDEN, OUTPUT_BIAS + bucket)
}

/// The output (1.0 = `SCALE` centipawns) and both sides' units.
fn forward(params: &[f32], ours: &[u16], theirs: &[u16]) -> (f32, [f32; HIDDEN], [f32; HIDDEN]) {
    let (a, b) = (hidden(params, ours), hidden(params, theirs));
    let (weights, bias) = output_at(ours.len());
    let w = &params[weights..weights + 2 * HIDDEN];
    let dot = |acc: &[f32; HIDDEN], w: &[f32]| acc.iter().zip(w).map(|(&x, w)| activation(x) * w).sum::<f32>();
    (dot(&a, &w[..HIDDEN]) + dot(&b, &w[HIDDEN..]) + params[bias], a, b)
}

/// The expected result of `base` (`Samples::bases`) plus the network's
/// output, through `curve`.
fn predict(out: f32, base: f32, curve: f32) -> f32 {
    1.0 / (1.0 + (-curve * (base + out * SCALE as f32)).exp())
}

/// Adds one sample's gradient of the squared error to `grad`; its error.
fn backward(params: &[f32], samples: &Samples, curve: f32, i: usize, grad: &mut [f32]) -> f32 {
    let (ours, theirs) = samples.sides(i);
    let (out, a, b) = forward(params, ours, theirs);
    let p = predict(out, samples.bases[i], curve);
    let error = p - samples.targets[i];
    let d = 2.0 * error * p * (1.0 - p) * curve * SCALE as f32;
    let (weights, bias) = output_at(ours.len());
    grad[bias] += d;
    for (side, acc, features) in [(weights, &a, ours), (weights + HIDDEN, &b, theirs)] {
        let mut d_acc = [0f32; HIDDEN];
        for j in 0..HIDDEN {
            let x = acc[j];
            grad[side + j] += d * activation(x);
            if x > 0.0 && x < 1.0 {
                d_acc[j] = d * params[side + j] * 2.0 * x;
            }
        }
        grad[INPUT_BIAS..INPUT_BIAS + HIDDEN].iter_mut().zip(&d_acc).for_each(|(g, d)| *g += d);
        for &f in features {
            let row = &mut grad[INPUT_WEIGHTS + f as usize * HIDDEN..][..HIDDEN];
            row.iter_mut().zip(&d_acc).for_each(|(g, d)| *g += d);
        }
    }
    error * error
}

/// Mean squared error over samples `range` (the held-out tenth).
fn error(params: &[f32], samples: &Samples, curve: f32, range: std::ops::Range<usize>) -> f64 {
    let n = range.len().max(1) as f64;
    range
        .map(|i| {
            let (ours, theirs) = samples.sides(i);
            let e = predict(forward(params, ours, theirs).0, samples.bases[i], curve) - samples.targets[i];
            (e * e) as f64
        })
        .sum::<f64>()
        / n
}

/// A weight drawn evenly from -half_width..half_width.
fn uniform(rng: &mut SplitMix, half_width: f32) -> f32 {
    ((rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * half_width
}

fn initial(rng: &mut SplitMix) -> Vec<f32> {
    let mut params = vec![0f32; PARAMS];
    params[..INPUT_BIAS].iter_mut().for_each(|w| *w = uniform(rng, 0.1));
    // The output weights start at zero: the base alone.
    params
}

fn train(samples: &Samples, held_out: usize, curve: f32, o: &Options) -> Vec<f32> {
    let mut rng = SplitMix::new(o.seed);
    let mut params = initial(&mut rng);
    let (mut m, mut v) = (vec![0f32; PARAMS], vec![0f32; PARAMS]);
    let (beta1, beta2) = (0.9f32, 0.999f32);
    let mut step = 0i32;
    let training = samples.len() - held_out;
    let mut order: Vec<u32> = (0..training as u32).collect();
    let mut grads = vec![vec![0f32; PARAMS]; o.threads];
    let mut best: Option<(f64, usize, Vec<f32>)> = None;
    for epoch in 0..o.epochs {
        let started = Instant::now();
        let rate = o.rate * if epoch * 100 >= o.epochs * 85 { 0.09 } else if epoch * 100 >= o.epochs * 60 { 0.3 } else { 1.0 };
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let mut train_error = 0.0f64;
        for batch in order.chunks(o.batch) {
            let part = batch.len().div_ceil(o.threads);
            let params_ref = &params;
            let errors: Vec<f64> = std::thread::scope(|s| {
                let handles: Vec<_> = grads
                    .iter_mut()
                    .zip(batch.chunks(part))
                    .map(|(grad, chunk)| {
                        s.spawn(move || {
                            grad.iter_mut().for_each(|g| *g = 0.0);
                            chunk.iter().map(|&i| backward(params_ref, samples, curve, i as usize, grad) as f64).sum::<f64>()
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().expect("a training thread panicked")).collect()
            });
            train_error += errors.iter().sum::<f64>();
            step += 1;
            let used = batch.chunks(part).count();
            let scale = 1.0 / batch.len() as f32;
            let (c1, c2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            for k in 0..PARAMS {
                let g = grads[..used].iter().map(|g| g[k]).sum::<f32>() * scale;
                m[k] = beta1 * m[k] + (1.0 - beta1) * g;
                v[k] = beta2 * v[k] + (1.0 - beta2) * g * g;
                params[k] -= rate * (m[k] / c1) / ((v[k] / c2).sqrt() + 1e-8);
                if k < OUTPUT_BIAS {
                    params[k] = params[k].clamp(-CLIP, CLIP);
                }
            }
        }
        let held_out_error = error(&params, samples, curve, training..samples.len());
        eprintln!(
            "epoch {:>3}/{}: training error {:.6}, held-out {held_out_error:.6}, rate {rate:.5}, {:.1} s",
            epoch + 1,
            o.epochs,
            train_error / training as f64,
            started.elapsed().as_secs_f64()
        );
        if best.as_ref().is_none_or(|(e, _, _)| held_out_error < *e) {
            best = Some((held_out_error, epoch + 1, params.clone()));
        }
    }
    // Past its best epoch a network learns the training games by heart.
    let (held_out_error, epoch, params) = best.expect("at least one epoch");
    eprintln!("kept epoch {epoch} (held-out error {held_out_error:.6})");
    params
}

fn quantise(params: &[f32], kind: Kind) -> Network {
    let q = |x: f32, by: i32| (x * by as f32).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
    let row = |start: usize, by: i32| {
        let mut r = [0i16; HIDDEN];
        r.iter_mut().zip(&params[start..start + HIDDEN]).for_each(|(r, &x)| *r = q(x, by));
        r
    };
    let mut output_weights = [[0i16; 2 * HIDDEN]; OUTPUT_BUCKETS];
    output_weights.iter_mut().flatten().zip(&params[OUTPUT_WEIGHTS..OUTPUT_BIAS]).for_each(|(r, &x)| *r = q(x, QB));
    Network {
        input_weights: (0..INPUTS).map(|f| row(INPUT_WEIGHTS + f * HIDDEN, QA)).collect(),
        input_bias: row(INPUT_BIAS, QA),
        output_weights,
        output_bias: std::array::from_fn(|b| (params[OUTPUT_BIAS + b] * (QA * QB) as f32).round() as i32),
        kind,
    }
}

/// The held-out positions with their targets, for the integer network's error.
type HeldOut = Vec<(Position<Chess>, f32)>;

fn read(path: &str, lambda: f32, kind: Kind) -> Result<(Samples, HeldOut), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let held_out_from = lines.len() - lines.len() / 10;
    let mut samples = Samples::new();
    let mut held_out = Vec::new();
    let tables = EvalTables::new::<Chess>();
    let mut skipped = 0usize;
    for (n, line) in lines.iter().enumerate() {
        let fields: Vec<&str> = line.split(';').collect();
        let [fen, result, cp] = fields[..] else {
            return Err(format!("{path}:{}: expected FEN;result;cp (bench/fsf-labels writes them): {line}", n + 1));
        };
        let number = |s: &str| s.trim().parse::<f32>().map_err(|_| format!("{path}:{}: bad number '{s}' in: {line}", n + 1));
        let pos = Position::<Chess>::from_fen(fen.trim()).map_err(|e| format!("{path}:{}: {fen}: {e:?}", n + 1))?;
        if !quiet(&pos, &tables) {
            skipped += 1;
            continue;
        }
        let white = lambda * expected_result(number(cp)?) + (1.0 - lambda) * number(result)?;
        let target = if pos.turn() == chesslantis_core::Color::White { white } else { 1.0 - white };
        let base = |pos: &Position<Chess>| kind.evaluation(0, || standard_evaluation(pos, &tables)) as f32;
        samples.push(&pos, target, base(&pos));
        if n >= held_out_from {
            held_out.push((pos, target));
        } else if let Some(mirrored) = mirrored(fen.trim()) {
            samples.push(&mirrored, target, base(&mirrored));
        }
    }
    eprintln!("{skipped} of {} positions left out: in check, or a capture wins material", lines.len());
    // An empty file (a labelling run that failed) would train into NaN weights.
    if held_out.is_empty() || samples.len() == held_out.len() {
        return Err(format!(
            "{path}: {} quiet positions, too few to learn from and hold a tenth out; label some with bench/fsf-labels",
            samples.len()
        ));
    }
    Ok((samples, held_out))
}

/// The position reflected from the a-file to the h-file, which is worth the
/// same once no side can castle; `None` while one can.
fn mirrored(fen: &str) -> Option<Position<Chess>> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.get(2) != Some(&"-") {
        return None;
    }
    let board: Vec<String> = fields[0].split('/').map(|rank| rank.chars().rev().collect()).collect();
    let en_passant: String = match fields.get(3) {
        Some(&"-") | None => "-".into(),
        Some(square) => square.chars().map(|c| if c.is_ascii_lowercase() { (b'a' + b'h' - c as u8) as char } else { c }).collect(),
    };
    let rest = fields.get(4..).map(|r| r.join(" ")).unwrap_or_default();
    Position::from_fen(&format!("{} {} - {en_passant} {rest}", board.join("/"), fields[1])).ok()
}

/// The factor `curve` in sigmoid(curve * cp) that best fits the
/// hand-written evaluation to the training targets (golden-section search).
fn fit_curve(samples: &Samples, training: usize) -> f32 {
    let loss = |c: f32| (0..training).map(|i| ((predict(0.0, samples.bases[i], c) - samples.targets[i]) as f64).powi(2)).sum::<f64>();
    let (mut lo, mut hi) = (0.0005f32, 0.02f32);
    let ratio = 0.618_034f32;
    for _ in 0..40 {
        let (a, b) = (hi - ratio * (hi - lo), lo + ratio * (hi - lo));
        if loss(a) < loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut o = Options { epochs: 30, rate: 0.001, batch: 16384, lambda: 1.0, kind: Kind::Whole, seed: 1, threads: 2 };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = || format!("{flag}: '{value}' is not a number");
        match flag.as_str() {
            "--epochs" => o.epochs = value.parse().map_err(|_| bad())?,
            "--rate" => o.rate = value.parse().map_err(|_| bad())?,
            "--batch" => o.batch = value.parse().map_err(|_| bad())?,
            "--lambda" => o.lambda = value.parse().map_err(|_| bad())?,
            "--seed" => o.seed = value.parse().map_err(|_| bad())?,
            "--threads" => o.threads = value.parse().map_err(|_| bad())?,
            "--kind" => {
                o.kind = match value.as_str() {
                    "whole" => Kind::Whole,
                    "correction" => Kind::Correction,
                    _ => return Err(format!("--kind: '{value}' is not whole (the whole evaluation) or correction (added to the hand-written one)")),
                }
            }
            _ => return Err(format!("unknown option {flag} (see the top of examples/train_network.rs)")),
        }
    }
    if !(0.0..=1.0).contains(&o.lambda) {
        return Err(format!("--lambda: {} is outside 0 to 1 (1: the scores alone, 0: the game results alone)", o.lambda));
    }
    o.threads = o.threads.max(1);
    o.batch = o.batch.max(1);
    o.epochs = o.epochs.max(1);
    Ok(o)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: train_network DATA OUT [--epochs N] [--rate R] [--batch N] [--lambda L] [--seed N] [--threads N] [--kind whole|correction]");
        std::process::exit(2);
    }
    let run = || -> Result<(), String> {
        let o = options(&args[3..])?;
        let started = Instant::now();
        let (samples, held_out) = read(&args[1], o.lambda, o.kind)?;
        eprintln!("{} positions ({} held out) read in {:.1} s", samples.len(), held_out.len(), started.elapsed().as_secs_f64());
        let training = samples.len() - held_out.len();
        let (curve, start) = match o.kind {
            Kind::Whole => (CURVE, "an even score everywhere"),
            Kind::Correction => (fit_curve(&samples, training), "the hand-written evaluation alone"),
        };
        eprintln!(
            "{start}: curve {curve:.6} per centipawn, held-out error {:.6}",
            error(&vec![0.0; PARAMS], &samples, curve, training..samples.len())
        );
        let params = train(&samples, held_out.len(), curve, &o);
        let net = quantise(&params, o.kind);
        let tables = EvalTables::new::<Chess>();
        // The held-out error again through the engine's integer evaluation.
        let quantised = held_out
            .iter()
            .map(|(pos, target)| {
                let base = o.kind.evaluation(0, || standard_evaluation(pos, &tables));
                ((predict(net.evaluate(pos) as f32 / SCALE as f32, base as f32, curve) - target) as f64).powi(2)
            })
            .sum::<f64>()
            / held_out.len().max(1) as f64;
        std::fs::write(&args[2], net.to_bytes()).map_err(|e| format!("{}: {e}", args[2]))?;
        eprintln!(
            "held-out error of the integer network {quantised:.6}; {} written ({:?}, {} hidden units, {} output buckets, {} epochs, lambda {}, seed {}) in {:.0} s",
            args[2],
            o.kind,
            HIDDEN,
            OUTPUT_BUCKETS,
            o.epochs,
            o.lambda,
            o.seed,
            started.elapsed().as_secs_f64()
        );
        Ok(())
    };
    if let Err(e) = run() {
        eprintln!("train_network: {e}");
        std::process::exit(1);
    }
}
