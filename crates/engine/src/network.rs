//! A small neural network that evaluates chess positions (NNUE-style):
//! 768 inputs (each piece by its colour relative to one side, its role and
//! its square as that side sees the board) into `HIDDEN` units for each
//! side, clipped to 0..1, then one output from the side to move's units
//! and the other side's. Trained by `examples/train_network.rs` on
//! positions scored by Fairy-Stockfish (`bench/train-network`).
//!
//! Weights are integers: inputs by `QA`, the output weights by `QB`, so the
//! accumulators are `i16` and the output an `i32`. A position is evaluated
//! from scratch (some 30 pieces by `HIDDEN` additions for each side), which
//! costs less than the hand-written evaluation's terms.

use crate::eval::EvalTables;
use crate::ordering::see;
use crate::score::Score;
use crate::variant::standard_captured;
use chesslantis_core::variants::Chess;
use chesslantis_core::{Color, Piece, Position};

/// Inputs: 2 colours (ours, theirs) x 6 roles x 64 squares.
pub const INPUTS: usize = 768;
/// Hidden units for each side.
pub const HIDDEN: usize = 32;
/// The quantisation of the input layer (a hidden unit's 1.0).
pub const QA: i32 = 255;
/// The quantisation of the output weights.
pub const QB: i32 = 64;
/// Centipawns for an output of 1.0.
pub const SCALE: i32 = 400;
/// What a network file starts with, then `HIDDEN` as a little-endian u32.
pub const MAGIC: &[u8; 4] = b"CLNN";

/// The input a piece makes for the side `perspective`: its colour relative
/// to that side, its role, and its square with the board turned so that
/// side plays up the board. Chess squares only (0..64).
#[inline]
pub fn feature(perspective: Color, piece: Piece, square: usize) -> usize {
    let (relative, theirs) = match perspective {
        Color::White => (square, piece.color != Color::White),
        Color::Black => (square ^ 56, piece.color != Color::Black),
    };
    theirs as usize * 384 + piece.role.index() * 64 + relative
}

/// The inputs of a position for the side to move and for the other side.
pub fn features(pos: &Position<Chess>) -> (Vec<usize>, Vec<usize>) {
    let us = pos.turn();
    let mut ours = Vec::with_capacity(32);
    let mut theirs = Vec::with_capacity(32);
    for sq in pos.occupied() {
        let Some(piece) = pos.piece_at(sq) else { continue };
        ours.push(feature(us, piece, sq.index()));
        theirs.push(feature(!us, piece, sq.index()));
    }
    (ours, theirs)
}

/// Whether a position's score is an evaluation's to learn: not in check,
/// and no capture that wins material by exchange (the search settles those
/// before it evaluates).
pub fn quiet(pos: &Position<Chess>, tables: &EvalTables) -> bool {
    !pos.in_check() && pos.legal_moves().into_iter().all(|mv| standard_captured(pos, mv).is_none() || see(pos, mv, tables) <= 0)
}

/// A network's integer weights.
pub struct Network {
    /// `INPUTS` rows of `HIDDEN`.
    pub input_weights: Vec<[i16; HIDDEN]>,
    pub input_bias: [i16; HIDDEN],
    /// The side to move's units, then the other side's.
    pub output_weights: [i16; 2 * HIDDEN],
    /// In units of `QA * QB`.
    pub output_bias: i32,
}

impl Network {
    /// Reads a network file: `MAGIC`, `HIDDEN` (u32), the input weights row
    /// by row, the input biases, the output weights (all i16), the output
    /// bias (i32), all little-endian.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let expected = 8 + 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;
        if bytes.len() < 8 || &bytes[..4] != MAGIC {
            return Err("not a network file: it does not start with CLNN".into());
        }
        let hidden = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize;
        if hidden != HIDDEN {
            return Err(format!("the network has {hidden} hidden units; this build reads {HIDDEN}"));
        }
        if bytes.len() != expected {
            return Err(format!("a network file of {HIDDEN} hidden units has {expected} bytes, not {}", bytes.len()));
        }
        let mut words = bytes[8..].chunks_exact(2).map(|w| i16::from_le_bytes([w[0], w[1]]));
        let mut row = || {
            let mut r = [0i16; HIDDEN];
            r.iter_mut().zip(&mut words).for_each(|(x, w)| *x = w);
            r
        };
        let input_weights: Vec<[i16; HIDDEN]> = (0..INPUTS).map(|_| row()).collect();
        let input_bias = row();
        let (first, second) = (row(), row());
        let mut output_weights = [0i16; 2 * HIDDEN];
        output_weights[..HIDDEN].copy_from_slice(&first);
        output_weights[HIDDEN..].copy_from_slice(&second);
        let tail = &bytes[expected - 4..];
        let output_bias = i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        Ok(Network { input_weights, input_bias, output_weights, output_bias })
    }

    /// The file `from_bytes` reads.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend((HIDDEN as u32).to_le_bytes());
        let rows = self.input_weights.iter().chain([&self.input_bias]);
        for w in rows.flatten().chain(&self.output_weights) {
            out.extend(w.to_le_bytes());
        }
        out.extend(self.output_bias.to_le_bytes());
        out
    }

    /// The side to move's score in centipawns.
    pub fn evaluate(&self, pos: &Position<Chess>) -> Score {
        let us = pos.turn();
        let mut ours = self.input_bias;
        let mut theirs = self.input_bias;
        for sq in pos.occupied() {
            let Some(piece) = pos.piece_at(sq) else { continue };
            add(&mut ours, &self.input_weights[feature(us, piece, sq.index())]);
            add(&mut theirs, &self.input_weights[feature(!us, piece, sq.index())]);
        }
        let (first, second) = self.output_weights.split_at(HIDDEN);
        let sum = activated_dot(&ours, first) + activated_dot(&theirs, second) + self.output_bias;
        (sum as i64 * SCALE as i64 / (QA * QB) as i64) as Score
    }
}

// Not inlined: inlined, the units were kept in scalar registers and the
// adds not vectorised (the whole search took 29% more instructions).
#[inline(never)]
fn add(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

/// The units clipped to 0..QA, dotted with the output weights.
#[inline]
fn activated_dot(acc: &[i16; HIDDEN], weights: &[i16]) -> i32 {
    acc.iter().zip(weights).map(|(&a, &w)| a.clamp(0, QA as i16) as i32 * w as i32).sum()
}

/// The chess network, built into the engine (`networks/chess.nnue`).
pub static CHESS: std::sync::LazyLock<Network> = std::sync::LazyLock::new(|| {
    Network::from_bytes(include_bytes!("../networks/chess.nnue")).expect("networks/chess.nnue is a network file of this build's shape")
});

#[cfg(test)]
mod tests {
    use super::*;

    fn blank() -> Network {
        Network { input_weights: vec![[0; HIDDEN]; INPUTS], input_bias: [0; HIDDEN], output_weights: [0; 2 * HIDDEN], output_bias: 0 }
    }

    fn chess(fen: &str) -> Position<Chess> {
        Position::from_fen(fen).expect("a valid FEN")
    }

    /// The position with the board turned over and the colours swapped:
    /// the same position for the other side.
    fn colour_mirror(fen: &str) -> Position<Chess> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let swap = |c: char| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() };
        let board: Vec<String> = fields[0].split('/').rev().map(|rank| rank.chars().map(swap).collect()).collect();
        let turn = if fields[1] == "w" { "b" } else { "w" };
        let castling: String = if fields[2] == "-" { "-".into() } else { fields[2].chars().map(swap).collect() };
        let en_passant: String = fields[3].chars().map(|c| match c { '3' => '6', '6' => '3', c => c }).collect();
        chess(&format!("{} {turn} {castling} {en_passant} {} {}", board.join("/"), fields[4], fields[5]))
    }

    #[test]
    fn a_unit_adds_its_weights_clips_at_one_and_scales_to_centipawns() {
        let mut net = blank();
        let pawn = Piece { color: Color::White, role: chesslantis_core::Role::Pawn };
        // Unit 0 is 1.0 for each of the mover's pawns on e2 and d2 (d2 + e2 = 2.0, clipped to 1.0);
        // its weight for the mover is 0.5 and for the other side -0.25.
        net.input_weights[feature(Color::White, pawn, 12)][0] = QA as i16;
        net.input_weights[feature(Color::White, pawn, 11)][0] = QA as i16;
        net.output_weights[0] = (QB / 2) as i16;
        net.output_weights[HIDDEN] = -(QB / 4) as i16;
        let one_pawn = chess("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        let two_pawns = chess("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1");
        assert_eq!(net.evaluate(&one_pawn), SCALE / 2);
        assert_eq!(net.evaluate(&two_pawns), SCALE / 2);
        // With Black to move, the pawn is the other side's, on d7/e7 from Black's view.
        let pawn_black = Piece { color: Color::Black, role: chesslantis_core::Role::Pawn };
        net.input_weights[feature(Color::Black, pawn_black, 12)][0] = QA as i16;
        assert_eq!(net.evaluate(&colour_mirror("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")), SCALE / 2);
        // Black to move: White's e2 pawn feeds the other side's unit 0.
        assert_eq!(net.evaluate(&chess("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1")), -SCALE / 4);
        net.output_bias = QA * QB;
        assert_eq!(net.evaluate(&one_pawn), SCALE / 2 + SCALE);
    }

    #[test]
    fn a_network_file_reads_back_as_it_was_written() {
        let mut net = blank();
        for (n, w) in net.input_weights.iter_mut().flatten().enumerate() {
            *w = (n as i64 * 7919 % 601 - 300) as i16;
        }
        net.input_bias[3] = -17;
        net.output_weights[2 * HIDDEN - 1] = 99;
        net.output_bias = -123_456;
        let bytes = net.to_bytes();
        let read = Network::from_bytes(&bytes).expect("its own file");
        assert_eq!(read.to_bytes(), bytes);
        let pos = chess("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        assert_eq!(read.evaluate(&pos), net.evaluate(&pos));
    }

    #[test]
    fn a_file_of_another_kind_or_shape_is_refused_with_the_reason() {
        let good = blank().to_bytes();
        let err = |bytes: &[u8]| Network::from_bytes(bytes).err().expect("refused");
        assert!(err(b"PK\x03\x04 a zip").contains("does not start with CLNN"));
        let mut wider = good.clone();
        wider[4..8].copy_from_slice(&(HIDDEN as u32 * 2).to_le_bytes());
        assert!(err(&wider).contains(&format!("has {} hidden units; this build reads {HIDDEN}", HIDDEN * 2)));
        assert!(err(&good[..good.len() - 1]).contains("bytes, not"));
    }

    #[test]
    fn the_built_in_network_scores_a_position_and_its_colour_mirror_alike() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQ - 6 5",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
            "6k1/5pp1/7p/8/8/2Q5/5PPP/6K1 b - - 0 40",
        ] {
            let (pos, mirror) = (chess(fen), colour_mirror(fen));
            assert_eq!(CHESS.evaluate(&pos), CHESS.evaluate(&mirror), "{fen} against {}", mirror.fen());
        }
    }
}
