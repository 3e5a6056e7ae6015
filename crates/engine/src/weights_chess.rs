//! The engine's chess evaluation weights: which set the engine uses. The
//! tuner's output (`weights_tuned::TUNED`, written by bench/tune-eval) becomes
//! the engine's only when a self-play match against the previous build
//! accepts it (docs/engine.md, "Tuning"); `weights::HAND` is the hand-set
//! evaluation it started from. `TUNED` (fitted to Fairy-Stockfish's scores)
//! won its match in session 29, and refitted with its square tables in
//! session 31 (docs/engine.md, "Tuning").

use crate::weights::Weights;

pub const CHESS: Weights = crate::weights_tuned::TUNED;
