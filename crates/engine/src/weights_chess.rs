//! The engine's chess evaluation weights: which set the engine uses. The
//! tuner's output (`weights_tuned::TUNED`, written by bench/tune-eval) becomes
//! the engine's only when a self-play match against the previous build
//! accepts it (docs/engine.md, "Tuning"); `weights::HAND` is the hand-set
//! evaluation it started from. `TUNED` (fitted to Fairy-Stockfish's scores)
//! won its match on 2026-11-27 (499e941: +53 Elo at 20,000 nodes), and
//! refitted with its square tables won again the same day (62514a5: +22.0);
//! bench/RESULTS.md, "Evaluation tuning runs".

use crate::weights::Weights;

pub const CHESS: Weights = crate::weights_tuned::TUNED;
