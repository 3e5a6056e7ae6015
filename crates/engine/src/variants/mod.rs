//! The engine's knowledge of each variant, one file each. A variant whose
//! game is moves only needs `impl EngineVariant for X {}` (chess defaults)
//! and a line in `session::ENGINES`.

mod chess;
