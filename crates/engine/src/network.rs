//! A small neural network that evaluates chess positions (NNUE-style):
//! 768 inputs (each piece by its colour relative to one side, its role and
//! its square as that side sees the board) into `HIDDEN` units for each
//! side, clipped to 0..1 and squared, then one output from the side to
//! move's units and the other side's, by weights chosen by the number of
//! pieces on the board (`output_bucket`). Trained by `examples/train_network.rs`
//! on positions scored by Stockfish's evaluation (`bench/train-network`). A network
//! is either the whole evaluation or a correction added to the variant's
//! hand-written one (`Kind`; the file says which).
//!
//! Weights are integers: inputs by `QA`, the output weights by `QB`, so the
//! accumulators are `i16` and the output an `i32`. In the search a node's
//! units are its parent's plus the rows of the pieces its move changed
//! (`AccumulatorStack`); elsewhere a position is evaluated from scratch.

use crate::score::{Score, MATE_BOUND, MAX_PLY};
use chesslantis_core::variants::Chess;
use chesslantis_core::{Bitboard, Color, Piece, Position, Role, Variant};

/// Inputs: 2 colours (ours, theirs) x 6 roles x 64 squares.
pub const INPUTS: usize = 768;
/// Hidden units for each side.
pub const HIDDEN: usize = 128;
/// The quantisation of the input layer (a hidden unit's 1.0).
pub const QA: i32 = 255;
/// The quantisation of the output weights: fine enough that rounding
/// costs nothing (at 64, 128 units lost 2% of their held-out error to it).
pub const QB: i32 = 1024;
/// Centipawns for an output of 1.0.
pub const SCALE: i32 = 400;
/// The most a network says, in centipawns: half way to the mate scores, so
/// that no weights can pass a position off as a mate (a whole network has
/// no hand-written evaluation beside it) and corrections added in the
/// search stay clear of them too.
pub const MAX_OUTPUT: Score = MATE_BOUND / 2;
/// Output weights by the number of pieces (`output_bucket`).
pub const OUTPUT_BUCKETS: usize = 8;
/// What a network file starts with, by its kind, then `HIDDEN`, `QB` and
/// `OUTPUT_BUCKETS` as little-endian u32s (a file of another shape would
/// read as nonsense).
const WHOLE_MAGIC: &[u8; 4] = b"CLNW";
const CORRECTION_MAGIC: &[u8; 4] = b"CLNC";
/// Earlier files, refused with what has changed since.
const EARLIER: [(&[u8; 4], &str); 3] = [
    (b"CLNN", "its units are clipped, not squared (a correction file trained from 2026-11-28 to 2026-12-02)"),
    (b"CLNA", "it has one output, not one by the number of pieces (a whole network of 2026-12-02, before output buckets)"),
    (b"CLNS", "it has one output, not one by the number of pieces (a whole network of 2026-12-02, before output buckets)"),
];
const HEADER: usize = 16;

/// The output weights a board with `pieces` pieces uses: 2 to 5 pieces the
/// first, 6 to 9 the second, ..., 30 to 32 the last, so that an endgame
/// weighs its units otherwise than the opening does.
#[inline]
pub fn output_bucket(pieces: usize) -> usize {
    (pieces.saturating_sub(2) / 4).min(OUTPUT_BUCKETS - 1)
}

/// What the search makes of a network's output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The whole evaluation; the hand-written one is not computed.
    Whole,
    /// Added to the variant's hand-written evaluation.
    Correction,
}

impl Kind {
    /// The evaluation from the network's `output`; the hand-written one is
    /// computed only for a correction.
    #[inline]
    pub fn evaluation(self, output: Score, hand_written: impl FnOnce() -> Score) -> Score {
        match self {
            Kind::Whole => output,
            Kind::Correction => hand_written() + output,
        }
    }

    fn magic(self) -> &'static [u8; 4] {
        match self {
            Kind::Whole => WHOLE_MAGIC,
            Kind::Correction => CORRECTION_MAGIC,
        }
    }
}

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

/// A network's integer weights.
pub struct Network {
    /// `INPUTS` rows of `HIDDEN`.
    pub input_weights: Vec<[i16; HIDDEN]>,
    pub input_bias: [i16; HIDDEN],
    /// For each output bucket: the side to move's units, then the other side's.
    pub output_weights: [[i16; 2 * HIDDEN]; OUTPUT_BUCKETS],
    /// For each output bucket, in units of `QA * QB`.
    pub output_bias: [i32; OUTPUT_BUCKETS],
    pub kind: Kind,
}

impl Network {
    /// Reads a network file: the magic (`CLNW` the whole evaluation, `CLNC`
    /// a correction), `HIDDEN`, `QB` and `OUTPUT_BUCKETS` (u32), the input
    /// weights row by row, the input biases, each bucket's output weights
    /// (all i16), each bucket's output bias (i32), all little-endian.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let expected = HEADER + 2 * (INPUTS * HIDDEN + HIDDEN + OUTPUT_BUCKETS * 2 * HIDDEN) + 4 * OUTPUT_BUCKETS;
        let magic = bytes.get(..4).unwrap_or_default();
        let kind = if magic == WHOLE_MAGIC {
            Kind::Whole
        } else if magic == CORRECTION_MAGIC {
            Kind::Correction
        } else if let Some((_, why)) = EARLIER.iter().find(|(earlier, _)| magic == *earlier) {
            return Err(format!("the network file is of an earlier shape: {why}; train it again"));
        } else {
            return Err("not a network file: it does not start with CLNW or CLNC".into());
        };
        if bytes.len() < HEADER {
            return Err(format!("a network file has at least {HEADER} bytes, not {}", bytes.len()));
        }
        let word = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        let (hidden, scale, buckets) = (word(4) as usize, word(8) as i32, word(12) as usize);
        if hidden != HIDDEN {
            return Err(format!("the network has {hidden} hidden units; this build reads {HIDDEN}"));
        }
        if scale != QB {
            return Err(format!("the network's output weights are in steps of 1/{scale}; this build reads 1/{QB}"));
        }
        if buckets != OUTPUT_BUCKETS {
            return Err(format!("the network has {buckets} output buckets; this build reads {OUTPUT_BUCKETS}"));
        }
        if bytes.len() != expected {
            return Err(format!("a network file of {HIDDEN} hidden units has {expected} bytes, not {}", bytes.len()));
        }
        let mut words = bytes[HEADER..].chunks_exact(2).map(|w| i16::from_le_bytes([w[0], w[1]]));
        let mut read = |into: &mut [i16]| into.iter_mut().zip(&mut words).for_each(|(x, w)| *x = w);
        let mut input_weights = vec![[0i16; HIDDEN]; INPUTS];
        let mut input_bias = [0i16; HIDDEN];
        let mut output_weights = [[0i16; 2 * HIDDEN]; OUTPUT_BUCKETS];
        input_weights.iter_mut().chain([&mut input_bias]).for_each(|row| read(row));
        output_weights.iter_mut().for_each(|row| read(row));
        let mut output_bias = [0i32; OUTPUT_BUCKETS];
        let biases = bytes[expected - 4 * OUTPUT_BUCKETS..].chunks_exact(4);
        output_bias.iter_mut().zip(biases).for_each(|(b, w)| *b = i32::from_le_bytes([w[0], w[1], w[2], w[3]]));
        Ok(Network { input_weights, input_bias, output_weights, output_bias, kind })
    }

    /// The file `from_bytes` reads.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = self.kind.magic().to_vec();
        out.extend((HIDDEN as u32).to_le_bytes());
        out.extend((QB as u32).to_le_bytes());
        out.extend((OUTPUT_BUCKETS as u32).to_le_bytes());
        let rows = self.input_weights.iter().chain([&self.input_bias]);
        for w in rows.flatten().chain(self.output_weights.iter().flatten()) {
            out.extend(w.to_le_bytes());
        }
        for b in self.output_bias {
            out.extend(b.to_le_bytes());
        }
        out
    }

    /// The side to move's score in centipawns (a board of chess squares).
    pub fn evaluate<V: Variant>(&self, pos: &Position<V>) -> Score {
        self.output(&self.accumulate(pos), pos.turn(), pos.occupied().count() as usize)
    }

    /// Both sides' units for a board, from scratch.
    pub fn accumulate<V: Variant>(&self, pos: &Position<V>) -> Accumulator {
        let mut acc = Accumulator([self.input_bias; 2]);
        for sq in pos.occupied() {
            let Some(piece) = pos.piece_at(sq) else { continue };
            self.change(&mut acc, piece, sq.index(), add);
        }
        acc
    }

    /// Adds (or takes away) a piece's rows for both sides.
    #[inline]
    fn change(&self, acc: &mut Accumulator, piece: Piece, square: usize, op: fn(&mut [i16; HIDDEN], &[i16; HIDDEN])) {
        op(&mut acc.0[0], &self.input_weights[feature(Color::White, piece, square)]);
        op(&mut acc.0[1], &self.input_weights[feature(Color::Black, piece, square)]);
    }

    /// The score of a board's units with `turn` to move and `pieces` on
    /// the board, within `±MAX_OUTPUT`.
    pub fn output(&self, acc: &Accumulator, turn: Color, pieces: usize) -> Score {
        self.unbounded_output(acc, turn, pieces).clamp(-MAX_OUTPUT as i64, MAX_OUTPUT as i64) as Score
    }

    fn unbounded_output(&self, acc: &Accumulator, turn: Color, pieces: usize) -> i64 {
        let (ours, theirs) = (&acc.0[turn.index()], &acc.0[(!turn).index()]);
        let bucket = output_bucket(pieces);
        let (first, second) = self.output_weights[bucket].split_at(HIDDEN);
        // In i64: each side's dot fits an i32 whatever the weights, the two
        // and the bias together need not.
        let sum = activated_dot(ours, first) as i64 + activated_dot(theirs, second) as i64 + self.output_bias[bucket] as i64;
        sum * SCALE as i64 / (QA * QB) as i64
    }
}

/// Each side's units for one board: White's view, then Black's.
#[derive(Clone, Copy)]
pub struct Accumulator([[i16; HIDDEN]; 2]);

/// A board's pieces by colour and role (the roles a chess network reads).
type Pieces = [[Bitboard; 6]; 2];

fn pieces_of<V: Variant>(pos: &Position<V>) -> Pieces {
    [Color::White, Color::Black].map(|c| std::array::from_fn(|r| pos.pieces(c, Role::STANDARD[r])))
}

/// The units along the search path, one board a ply. A node's are the last
/// ones kept a ply up (its parent's, or a sibling's of the parent's when the
/// parent was not evaluated) plus the rows of the pieces that differ: found
/// by comparing the two boards, so castling, en passant and promotion need
/// no cases, and any board kept there gives the right units (a far one
/// costs about what a fresh start does).
pub struct AccumulatorStack {
    slots: Vec<Option<(Pieces, Accumulator)>>,
}

impl AccumulatorStack {
    pub fn new() -> AccumulatorStack {
        AccumulatorStack { slots: vec![None; MAX_PLY + 1] }
    }

    /// `net`'s score of `pos`, a node at `ply`, whose units are kept for
    /// the ply below.
    pub fn evaluate<V: Variant>(&mut self, net: &Network, pos: &Position<V>, ply: usize) -> Score {
        let pieces = pieces_of(pos);
        let acc = match ply.checked_sub(1).and_then(|up| self.slots[up].as_ref()) {
            Some((before, acc)) => {
                let mut acc = *acc;
                for (colour, (old, new)) in [Color::White, Color::Black].into_iter().zip(before.iter().zip(&pieces)) {
                    for (role, (&old, &new)) in Role::STANDARD.into_iter().zip(old.iter().zip(new)) {
                        if old != new {
                            let piece = Piece { color: colour, role };
                            (old & !new).into_iter().for_each(|sq| net.change(&mut acc, piece, sq.index(), sub));
                            (new & !old).into_iter().for_each(|sq| net.change(&mut acc, piece, sq.index(), add));
                        }
                    }
                }
                acc
            }
            None => net.accumulate(pos),
        };
        self.slots[ply] = Some((pieces, acc));
        net.output(&acc, pos.turn(), pos.occupied().count() as usize)
    }
}

impl Default for AccumulatorStack {
    fn default() -> Self {
        AccumulatorStack::new()
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

#[inline(never)]
fn sub(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

/// The units clipped to 0..QA and squared, dotted with the output weights,
/// in units of `QA * QB`. With AVX2 where the processor has it: eight i32
/// products an instruction there, and without them the dot was a third of
/// the search.
#[inline]
fn activated_dot(acc: &[i16; HIDDEN], weights: &[i16]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2 (checked just above).
        return unsafe { activated_dot_avx2(acc, weights) };
    }
    activated_dot_portable(acc, weights)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn activated_dot_avx2(acc: &[i16; HIDDEN], weights: &[i16]) -> i32 {
    activated_dot_portable(acc, weights)
}

/// Each term is taken down by 256 so that `HIDDEN` of them fit an i32
/// whatever the weights (a term is at most 255 * 255 * 32767 / 256; the
/// bits lost are under 1/500 of a centipawn a term); the sum is brought
/// back to `QA * QB` at the end.
#[inline(always)]
fn activated_dot_portable(acc: &[i16; HIDDEN], weights: &[i16]) -> i32 {
    // A wider network (512 units) would not fit: the build stops here.
    const { assert!(HIDDEN as i64 * ((QA as i64 * QA as i64 * i16::MAX as i64) >> 8) <= i32::MAX as i64) };
    let sum: i32 = acc
        .iter()
        .zip(weights)
        .map(|(&a, &w)| {
            let v = a.clamp(0, QA as i16) as i32;
            (v * w as i32 * v) >> 8
        })
        .sum();
    (sum as i64 * 256 / QA as i64) as i32
}

/// The chess network, built into the engine (`networks/chess.nnue`).
pub static CHESS: std::sync::LazyLock<Network> = std::sync::LazyLock::new(|| {
    Network::from_bytes(include_bytes!("../networks/chess.nnue")).expect("networks/chess.nnue is a network file of this build's shape")
});

#[cfg(test)]
mod tests {
    use super::*;

    fn blank() -> Network {
        Network {
            input_weights: vec![[0; HIDDEN]; INPUTS],
            input_bias: [0; HIDDEN],
            output_weights: [[0; 2 * HIDDEN]; OUTPUT_BUCKETS],
            output_bias: [0; OUTPUT_BUCKETS],
            kind: Kind::Whole,
        }
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
    fn a_unit_adds_its_weights_clips_at_one_squares_and_scales_to_centipawns() {
        let mut net = blank();
        let pawn = Piece { color: Color::White, role: chesslantis_core::Role::Pawn };
        // Unit 0 is 1.0 for each of the mover's pawns on e2 and d2 (d2 + e2 = 2.0, clipped to 1.0);
        // its weight for the mover is 0.5 and for the other side -0.25.
        net.input_weights[feature(Color::White, pawn, 12)][0] = QA as i16;
        net.input_weights[feature(Color::White, pawn, 11)][0] = QA as i16;
        // Two or three pieces: the first output bucket.
        net.output_weights[0][0] = (QB / 2) as i16;
        net.output_weights[0][HIDDEN] = -(QB / 4) as i16;
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
        net.output_bias[0] = QA * QB;
        assert_eq!(net.evaluate(&one_pawn), SCALE / 2 + SCALE);
    }

    #[test]
    fn the_output_weights_are_chosen_by_the_number_of_pieces() {
        let mut net = blank();
        // Bucket b says b pawns whatever the units.
        net.output_bias = std::array::from_fn(|b| b as i32 * QA * QB);
        for (fen, pieces, bucket) in [
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 2, 0),
            ("4k3/8/8/8/8/8/2PPP3/4K3 w - - 0 1", 5, 0),
            ("4k3/8/8/8/8/8/1PPPP3/4K3 w - - 0 1", 6, 1),
            ("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 4 4", 32, 7),
            ("r1bqkb1r/pppp1ppp/2n2n2/4N3/4P3/8/PPPP1PPP/RNBQKB1R b KQkq - 0 4", 31, 7),
            ("4k3/pppp4/8/8/8/8/PPPPPPPP/RNBQK3 w - - 0 1", 18, 4),
        ] {
            let pos = chess(fen);
            assert_eq!(pos.occupied().count(), pieces, "{fen}");
            assert_eq!(output_bucket(pieces as usize), bucket, "{pieces} pieces");
            assert_eq!(net.evaluate(&pos), bucket as Score * SCALE, "{fen}");
            let mut stack = AccumulatorStack::new();
            assert_eq!(stack.evaluate(&net, &pos, 0), bucket as Score * SCALE, "{fen} in the search");
        }
    }

    #[test]
    fn a_whole_network_skips_the_hand_written_evaluation_and_a_correction_is_added_to_it() {
        assert_eq!(Kind::Whole.evaluation(30, || unreachable!("not computed for a whole network")), 30);
        assert_eq!(Kind::Correction.evaluation(30, || -50), -20);
    }

    #[test]
    fn a_unit_halfway_counts_a_quarter_since_it_is_squared() {
        let mut net = blank();
        let pawn = Piece { color: Color::White, role: chesslantis_core::Role::Pawn };
        let c2_pawn = chess("4k3/8/8/8/8/8/2P5/4K3 w - - 0 1");
        net.input_weights[feature(Color::White, pawn, 10)][1] = 128;
        net.output_weights[0][1] = QB as i16;
        // Unit 1 is 128/255 with a pawn on c2: squared, about a quarter.
        assert_eq!(net.evaluate(&c2_pawn), SCALE / 4);
        net.input_weights[feature(Color::White, pawn, 10)][1] = -128;
        assert_eq!(net.evaluate(&c2_pawn), 0, "below zero a unit is 0");
    }

    #[test]
    fn the_largest_weights_do_not_overflow_and_the_dot_is_the_same_without_avx2() {
        let mut net = blank();
        net.input_bias = [QA as i16; HIDDEN];
        net.output_weights = [[i16::MAX; 2 * HIDDEN]; OUTPUT_BUCKETS];
        net.output_bias = [i32::MAX; OUTPUT_BUCKETS];
        // Every unit at 1.0: each side's dot is HIDDEN * QA * 32767 (in units of QA * QB), less the bits shifted away.
        let dot = activated_dot(&net.input_bias, &net.output_weights[0][..HIDDEN]) as i64;
        let exact = HIDDEN as i64 * QA as i64 * i16::MAX as i64;
        assert!((exact - dot).abs() <= HIDDEN as i64, "{dot} against {exact}");
        let pos = chess("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let acc = net.accumulate(&pos);
        assert_eq!(net.unbounded_output(&acc, Color::White, 2), (2 * dot + i32::MAX as i64) * SCALE as i64 / (QA * QB) as i64);
        // Thousands of pawns: said as the most a network says, never a mate.
        assert_eq!(net.evaluate(&pos), MAX_OUTPUT);
        assert!(!crate::score::is_mate(net.evaluate(&pos)));
        net.output_weights = [[i16::MIN; 2 * HIDDEN]; OUTPUT_BUCKETS];
        net.output_bias = [i32::MIN; OUTPUT_BUCKETS];
        assert!(net.evaluate(&pos) < 0);
        assert_eq!(net.evaluate(&pos), -MAX_OUTPUT);
        let mut rng = chesslantis_core::SplitMix::new(50);
        for _ in 0..100 {
            let mut units = [0i16; HIDDEN];
            let mut weights = [0i16; HIDDEN];
            units.iter_mut().chain(&mut weights).for_each(|x| *x = rng.next_u64() as i16);
            units.iter_mut().for_each(|u| *u %= 400);
            assert_eq!(activated_dot(&units, &weights), activated_dot_portable(&units, &weights));
        }
    }

    #[test]
    fn a_network_file_reads_back_as_it_was_written() {
        let mut net = blank();
        for (n, w) in net.input_weights.iter_mut().flatten().enumerate() {
            *w = (n as i64 * 7919 % 601 - 300) as i16;
        }
        net.input_bias[3] = -17;
        for (b, weights) in net.output_weights.iter_mut().enumerate() {
            weights.iter_mut().enumerate().for_each(|(n, w)| *w = (n as i16 % 37 - 18) * (b as i16 + 1));
        }
        net.output_bias = std::array::from_fn(|b| -123_456 + 1000 * b as i32);
        let opening = chess("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let ending = chess("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11");
        for kind in [Kind::Whole, Kind::Correction] {
            net.kind = kind;
            let bytes = net.to_bytes();
            let read = Network::from_bytes(&bytes).expect("its own file");
            assert_eq!(read.kind, kind);
            assert_eq!(read.to_bytes(), bytes);
            assert_eq!(read.output_weights, net.output_weights);
            assert_eq!(read.output_bias, net.output_bias);
            for pos in [&opening, &ending] {
                assert_eq!(read.evaluate(pos), net.evaluate(pos));
            }
        }
    }

    #[test]
    fn a_file_of_another_kind_or_shape_is_refused_with_the_reason() {
        let good = blank().to_bytes();
        let err = |bytes: &[u8]| Network::from_bytes(bytes).err().expect("refused");
        assert!(err(b"PK\x03\x04 a zip").contains("does not start with CLNW or CLNC"));
        assert!(err(b"CLN").contains("does not start with CLNW or CLNC"));
        assert!(err(b"CLNW\x80").contains("at least 16 bytes, not 5"));
        for (magic, why) in [(b"CLNN", "units are clipped, not squared"), (b"CLNA", "one output, not one by the number of pieces"), (b"CLNS", "before output buckets")] {
            let mut earlier = good.clone();
            earlier[..4].copy_from_slice(magic);
            assert!(err(&earlier).contains(why), "{}", err(&earlier));
            assert!(err(&earlier).contains("train it again"));
        }
        let mut wider = good.clone();
        wider[4..8].copy_from_slice(&(HIDDEN as u32 * 2).to_le_bytes());
        assert!(err(&wider).contains(&format!("has {} hidden units; this build reads {HIDDEN}", HIDDEN * 2)));
        let mut coarser = good.clone();
        coarser[8..12].copy_from_slice(&64u32.to_le_bytes());
        assert!(err(&coarser).contains(&format!("steps of 1/64; this build reads 1/{QB}")));
        let mut fewer_buckets = good.clone();
        fewer_buckets[12..16].copy_from_slice(&4u32.to_le_bytes());
        assert!(err(&fewer_buckets).contains(&format!("has 4 output buckets; this build reads {OUTPUT_BUCKETS}")));
        // Damaged files (cut anywhere, a header byte changed) are refused, never a panic.
        let mut rng = chesslantis_core::SplitMix::new(51);
        for _ in 0..300 {
            let mut damaged = good[..(rng.next_u64() as usize) % good.len()].to_vec();
            if let Some(byte) = damaged.get_mut((rng.next_u64() as usize) % HEADER) {
                *byte = rng.next_u64() as u8;
            }
            assert!(!err(&damaged).is_empty());
        }
        assert!(err(&good[..good.len() - 1]).contains("bytes, not"));
    }

    #[test]
    fn units_carried_down_the_search_path_are_those_of_the_board_from_scratch() {
        // Random paths down and back up, as a search goes, some nodes not
        // evaluated (a cached score) so that a ply's kept board is a
        // sibling's or a cousin's: every evaluated node must score as from
        // scratch. The starts have castling both ways, en passant and
        // promotions with and without capture near.
        let mut stack = AccumulatorStack::new();
        let mut rng = chesslantis_core::SplitMix::new(18);
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ] {
            let mut path = vec![chess(fen)];
            for _ in 0..3000 {
                let pos = path.last().expect("a path from the start").clone();
                let moves = pos.legal_moves();
                if moves.is_empty() || path.len() > 12 || rng.next_u64().is_multiple_of(4) {
                    path.truncate(1 + (rng.next_u64() as usize) % path.len());
                    continue;
                }
                let child = pos.after(moves[(rng.next_u64() as usize) % moves.len()]);
                let ply = path.len();
                if !rng.next_u64().is_multiple_of(5) {
                    assert_eq!(stack.evaluate(&CHESS, &child, ply), CHESS.evaluate(&child), "{} at ply {ply}", child.fen());
                }
                path.push(child);
            }
        }
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
