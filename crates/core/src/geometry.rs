//! Attack tables made once per board shape.
//!
//! Sliders use the classical ray method: a ray from a square in one of eight
//! directions, cut at the first blocker. It works for any board shape without
//! magic numbers, which a `u128` board would not have; a single 8x8 board
//! looks its rooks' and bishops' attacks up by magics instead (magic.rs).

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::magic::Magics;
use crate::square::{Shape, Square};
use std::sync::OnceLock;

/// The eight line directions, as (file step, rank step).
pub const DIRECTIONS: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
/// Directions whose square index grows along the ray (north, north-east, east, north-west).
const GROWS: [bool; 8] = [true, true, true, false, false, false, false, true];
const ORTHOGONAL: [usize; 4] = [0, 2, 4, 6];
const DIAGONAL: [usize; 4] = [1, 3, 5, 7];
const NO_DIRECTION: u8 = u8::MAX;

/// How many shapes besides 8x8 and 10x10 one program may use.
const SHAPE_SLOTS: usize = 8;

/// The shapes core names, each with a static of its own (see [`Geometry::of`]).
const NAMED_SHAPES: [Shape; 4] = [Shape::CHESS, Shape::TEN_BY_TEN, Shape::NINE_BY_ELEVEN, Shape::TWO_BOARDS];

/// A table of one bitboard per square.
pub type SquareTable = Box<[Bitboard; 128]>;

/// All precomputed tables of one board shape.
pub struct Geometry {
    pub shape: Shape,
    /// Every square of the game.
    pub all: Bitboard,
    rays: Box<[[Bitboard; 128]; 8]>,
    direction: Box<[[u8; 128]; 128]>,
    pub king: SquareTable,
    pub knight: SquareTable,
    /// Squares within two steps along a line (a two-step slider's reach on an empty board).
    pub two_step_lines: SquareTable,
    pawn_attacks: [SquareTable; 2],
    ranks: Vec<Bitboard>,
    files: Vec<Bitboard>,
    /// `[file]`: every square on a higher file, and on a lower one.
    files_above: Vec<Bitboard>,
    files_below: Vec<Bitboard>,
    boards: Vec<Bitboard>,
    /// The rook and bishop lookups of a single 8x8 board (the chess shape).
    magics: Option<Box<Magics>>,
}

fn empty_table() -> SquareTable {
    Box::new([Bitboard::EMPTY; 128])
}

impl Geometry {
    fn new(shape: Shape) -> Geometry {
        assert!(shape.square_count() <= 128, "a game has at most 128 squares");
        let squares = || (0..shape.square_count() as u8).map(Square);
        let step = |sq: Square, df: i32, dr: i32| {
            shape.square(shape.board(sq), shape.file(sq) as i32 + df, shape.rank(sq) as i32 + dr)
        };
        let mut rays = Box::new([[Bitboard::EMPTY; 128]; 8]);
        let mut direction = Box::new([[NO_DIRECTION; 128]; 128]);
        for sq in squares() {
            for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
                let mut cur = sq;
                while let Some(next) = step(cur, df, dr) {
                    rays[d][sq.index()] |= next;
                    direction[sq.index()][next.index()] = d as u8;
                    cur = next;
                }
            }
        }
        let leaper = |offsets: &[(i32, i32)]| {
            let mut table = empty_table();
            for sq in squares() {
                for &(df, dr) in offsets {
                    if let Some(to) = step(sq, df, dr) {
                        table[sq.index()] |= to;
                    }
                }
            }
            table
        };
        let king = leaper(&DIRECTIONS);
        let knight = leaper(&symmetric_offsets(1, 2));
        let two_step: Vec<(i32, i32)> = DIRECTIONS.iter().flat_map(|&(f, r)| [(f, r), (2 * f, 2 * r)]).collect();
        let two_step_lines = leaper(&two_step);
        let pawn_attacks = [leaper(&[(-1, 1), (1, 1)]), leaper(&[(-1, -1), (1, -1)])];
        let ranks = (0..shape.ranks).map(|r| squares().filter(|&s| shape.rank(s) == r).collect()).collect();
        let files = (0..shape.files).map(|f| squares().filter(|&s| shape.file(s) == f).collect()).collect();
        let boards = (0..shape.boards).map(|b| squares().filter(|&s| shape.board(s) == b).collect()).collect();
        let files_above = (0..shape.files).map(|f| squares().filter(|&s| shape.file(s) > f).collect()).collect();
        let files_below = (0..shape.files).map(|f| squares().filter(|&s| shape.file(s) < f).collect()).collect();
        Geometry {
            shape,
            all: squares().collect(),
            rays,
            direction,
            king,
            knight,
            two_step_lines,
            pawn_attacks,
            ranks,
            files,
            files_above,
            files_below,
            boards,
            magics: None,
        }
    }

    /// `new`, with the magic lookups where the board is one 8x8 board. (The
    /// two-board game keeps the rays: looking each board up gained nothing
    /// there, its search 2.6% more instructions either way.)
    fn with_magics(shape: Shape) -> Geometry {
        let mut g = Geometry::new(shape);
        if shape == Shape::CHESS {
            let low = |b: Bitboard| b.0 as u64;
            let magics = Magics::new(
                |sq, occupied| low(g.rook_attacks_by_rays(Square(sq as u8), Bitboard(occupied as u128))),
                |sq, occupied| low(g.bishop_attacks_by_rays(Square(sq as u8), Bitboard(occupied as u128))),
            );
            g.magics = Some(Box::new(magics));
        }
        g
    }

    /// The tables of a shape, made on first use and kept for the program's
    /// life, reached without a lock. The shapes core names ([`Shape::CHESS`],
    /// [`Shape::TEN_BY_TEN`], [`Shape::NINE_BY_ELEVEN`], [`Shape::TWO_BOARDS`])
    /// have a static each: a variant's shape is a constant, and
    /// `Variant::geometry` picks its static at compile time (see
    /// [`Geometry::named`]), so one atomic load remains. Any other shape takes
    /// the first of a few slots that is empty or already its own (a short
    /// search on each call: such a variant may keep the result in a static of
    /// its own, see [`crate::own_geometry`]).
    #[inline]
    pub fn of(shape: Shape) -> &'static Geometry {
        match Self::named_index(shape) {
            Some(i) => Self::named(i),
            None => Self::of_other(shape),
        }
    }

    /// The index of `shape` among the shapes core names, if it is one of
    /// them; a `const fn`, so that a variant's constant shape is looked up
    /// at compile time.
    pub const fn named_index(shape: Shape) -> Option<usize> {
        let mut i = 0;
        while i < NAMED_SHAPES.len() {
            if NAMED_SHAPES[i].const_eq(shape) {
                return Some(i);
            }
            i += 1;
        }
        None
    }

    /// The tables of the named shape number `index` (see [`Geometry::named_index`]).
    #[inline(always)]
    pub fn named(index: usize) -> &'static Geometry {
        static NAMED: [OnceLock<Geometry>; NAMED_SHAPES.len()] = [const { OnceLock::new() }; NAMED_SHAPES.len()];
        NAMED[index].get_or_init(|| Geometry::with_magics(NAMED_SHAPES[index]))
    }

    #[cold]
    fn of_other(shape: Shape) -> &'static Geometry {
        static OTHERS: [OnceLock<Geometry>; SHAPE_SLOTS] = [const { OnceLock::new() }; SHAPE_SLOTS];
        for slot in &OTHERS {
            // Two threads racing for one empty slot with different shapes:
            // one fills it, the other goes on to the next.
            let g = slot.get_or_init(|| Geometry::with_magics(shape));
            if g.shape == shape {
                return g;
            }
        }
        panic!("more than {SHAPE_SLOTS} board shapes in one program")
    }

    /// A new leaper's table: every square reached by a (df, dr) jump in any
    /// of its eight orientations. It is made on each call: keep it (or use
    /// [`crate::atoms::PieceTables`]).
    pub fn leaper(&self, df: i32, dr: i32) -> SquareTable {
        let shape = self.shape;
        let mut table = empty_table();
        for sq in self.all {
            for (f, r) in symmetric_offsets(df, dr) {
                if let Some(to) = shape.square(shape.board(sq), shape.file(sq) as i32 + f, shape.rank(sq) as i32 + r) {
                    table[sq.index()] |= to;
                }
            }
        }
        table
    }

    /// Squares attacked along direction `d` from `sq`, up to and including the first blocker.
    #[inline]
    pub fn slide(&self, d: usize, sq: Square, occupied: Bitboard) -> Bitboard {
        let ray = self.rays[d][sq.index()];
        let blockers = ray & occupied;
        if blockers.is_empty() {
            return ray;
        }
        let first = if GROWS[d] { blockers.lsb() } else { blockers.msb() };
        ray ^ self.rays[d][first.index()]
    }

    #[inline]
    pub fn rook_attacks(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        match &self.magics {
            Some(m) => Bitboard(m.rook(sq.index(), occupied.0 as u64) as u128),
            None => self.rook_attacks_by_rays(sq, occupied),
        }
    }

    #[inline]
    pub fn bishop_attacks(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        match &self.magics {
            Some(m) => Bitboard(m.bishop(sq.index(), occupied.0 as u64) as u128),
            None => self.bishop_attacks_by_rays(sq, occupied),
        }
    }

    #[inline]
    fn rook_attacks_by_rays(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        ORTHOGONAL.iter().fold(Bitboard::EMPTY, |acc, &d| acc | self.slide(d, sq, occupied))
    }

    #[inline]
    fn bishop_attacks_by_rays(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        DIAGONAL.iter().fold(Bitboard::EMPTY, |acc, &d| acc | self.slide(d, sq, occupied))
    }

    #[inline]
    pub fn queen_attacks(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.rook_attacks(sq, occupied) | self.bishop_attacks(sq, occupied)
    }

    /// Rook lines from a square on an empty board.
    #[inline]
    pub fn rook_rays(&self, sq: Square) -> Bitboard {
        ORTHOGONAL.iter().fold(Bitboard::EMPTY, |acc, &d| acc | self.rays[d][sq.index()])
    }

    /// Bishop lines from a square on an empty board.
    #[inline]
    pub fn bishop_rays(&self, sq: Square) -> Bitboard {
        DIAGONAL.iter().fold(Bitboard::EMPTY, |acc, &d| acc | self.rays[d][sq.index()])
    }

    /// The ray from `sq` in direction `d` on an empty board.
    #[inline]
    pub fn ray(&self, d: usize, sq: Square) -> Bitboard {
        self.rays[d][sq.index()]
    }

    /// Squares a pawn of `color` on `sq` attacks.
    #[inline]
    pub fn pawn_attacks(&self, color: Color, sq: Square) -> Bitboard {
        self.pawn_attacks[color.index()][sq.index()]
    }

    /// The line direction from `a` to `b`, if they share a rank, file or diagonal.
    #[inline]
    pub fn direction(&self, a: Square, b: Square) -> Option<usize> {
        match self.direction[a.index()][b.index()] {
            NO_DIRECTION => None,
            d => Some(d as usize),
        }
    }

    /// Squares strictly between `a` and `b` on a common line (empty if none).
    #[inline]
    pub fn between(&self, a: Square, b: Square) -> Bitboard {
        match self.direction(a, b) {
            Some(d) => self.rays[d][a.index()] & self.rays[(d + 4) % 8][b.index()],
            None => Bitboard::EMPTY,
        }
    }

    /// The whole line through `a` and `b` (empty if they share none).
    #[inline]
    pub fn line(&self, a: Square, b: Square) -> Bitboard {
        match self.direction(a, b) {
            Some(d) => (self.rays[d][a.index()] | self.rays[(d + 4) % 8][a.index()]).with(a),
            None => Bitboard::EMPTY,
        }
    }

    /// Every square of rank `rank` (from 0), on all boards.
    #[inline]
    pub fn rank(&self, rank: u8) -> Bitboard {
        self.ranks[rank as usize]
    }

    /// Every square of file `file` (from 0), on all boards.
    #[inline]
    pub fn file(&self, file: u8) -> Bitboard {
        self.files[file as usize]
    }

    /// Every square on a file above `file` (toward the h-file), on all boards.
    #[inline]
    pub fn files_above(&self, file: u8) -> Bitboard {
        self.files_above[file as usize]
    }

    /// Every square on a file below `file` (toward the a-file), on all boards.
    #[inline]
    pub fn files_below(&self, file: u8) -> Bitboard {
        self.files_below[file as usize]
    }

    /// Every square of board `board` (from 0); empty past the last board.
    #[inline]
    pub fn board_mask(&self, board: u8) -> Bitboard {
        self.boards.get(board as usize).copied().unwrap_or(Bitboard::EMPTY)
    }

    /// Rank `n` counted from `color`'s side (0 = its first rank).
    #[inline]
    pub fn relative_rank(&self, color: Color, n: u8) -> Bitboard {
        match color {
            Color::White => self.rank(n),
            Color::Black => self.rank(self.shape.ranks - 1 - n),
        }
    }

    /// The last `n` ranks from `color`'s side: a promotion zone.
    #[inline]
    pub fn last_ranks(&self, color: Color, n: u8) -> Bitboard {
        (0..n.min(self.shape.ranks)).fold(Bitboard::EMPTY, |acc, i| acc | self.relative_rank(color, self.shape.ranks - 1 - i))
    }

    /// One step toward the opponent for a pawn of `color`.
    #[inline]
    pub fn forward(&self, color: Color, sq: Square) -> Option<Square> {
        self.shape.forward(color, sq)
    }
}

/// A variant's `geometry()` kept in a static of its own: for a shape core
/// does not name, this spares the search of [`Geometry::of`] on every call.
/// Write `chesslantis_core::own_geometry!();` in the `impl Variant`.
#[macro_export]
macro_rules! own_geometry {
    () => {
        #[inline]
        fn geometry() -> &'static $crate::geometry::Geometry {
            static GEOMETRY: std::sync::OnceLock<&'static $crate::geometry::Geometry> = std::sync::OnceLock::new();
            GEOMETRY.get_or_init(|| $crate::geometry::Geometry::of(Self::SHAPE))
        }
    };
}

/// The eight orientations of a (df, dr) jump, without repeats.
pub fn symmetric_offsets(df: i32, dr: i32) -> Vec<(i32, i32)> {
    let mut out = Vec::with_capacity(8);
    for (a, b) in [(df, dr), (dr, df)] {
        for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let o = (a * sa, b * sb);
            if !out.contains(&o) {
                out.push(o);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_magic_lookups_of_the_chess_board_agree_with_the_rays_on_any_occupancy() {
        assert!(Geometry::of(Shape::TEN_BY_TEN).magics.is_none() && Geometry::of(Shape::TWO_BOARDS).magics.is_none());
        let g = Geometry::of(Shape::CHESS);
        assert!(g.magics.is_some());
        // Sparse and dense boards, xorshift-random, on every square.
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for sq in (0..64).map(Square) {
            for density in 0..3 {
                for _ in 0..200 {
                    let occupied = match density {
                        0 => next() & next() & next(),
                        1 => next() & next(),
                        _ => next() | next(),
                    };
                    let occupied = Bitboard(occupied as u128);
                    assert_eq!(g.rook_attacks(sq, occupied), g.rook_attacks_by_rays(sq, occupied), "rook on {sq:?}");
                    assert_eq!(g.bishop_attacks(sq, occupied), g.bishop_attacks_by_rays(sq, occupied), "bishop on {sq:?}");
                }
            }
        }
        let e4 = Shape::CHESS.parse("e4").unwrap();
        assert_eq!(g.queen_attacks(e4, Bitboard::EMPTY).count(), 27);
    }

    #[test]
    fn knight_and_king_counts_on_eight_by_eight() {
        let g = Geometry::of(Shape::CHESS);
        let sq = |n: &str| Shape::CHESS.parse(n).unwrap();
        assert_eq!(g.knight[sq("a1").index()].count(), 2);
        assert_eq!(g.knight[sq("d4").index()].count(), 8);
        assert_eq!(g.king[sq("h8").index()].count(), 3);
        assert_eq!(g.leaper(3, 1)[sq("d4").index()].count(), 8);
        assert_eq!(g.leaper(3, 1)[sq("a1").index()].count(), 2);
    }

    #[test]
    fn sliders_stop_at_blockers_and_lines_do_not_wrap() {
        let g = Geometry::of(Shape::TEN_BY_TEN);
        let sq = |n: &str| Shape::TEN_BY_TEN.parse(n).unwrap();
        let occ = Bitboard::from_square(sq("a5")) | sq("c3");
        let attacks = g.queen_attacks(sq("a3"), occ);
        assert!(attacks.contains(sq("a5")) && !attacks.contains(sq("a6")));
        assert!(attacks.contains(sq("c3")) && !attacks.contains(sq("d3")));
        assert_eq!(g.rook_attacks(sq("j1"), Bitboard::EMPTY).count(), 18);
        assert!(!g.rook_attacks(sq("j1"), Bitboard::EMPTY).contains(sq("a2")));
        assert_eq!(g.between(sq("a1"), sq("d4")).count(), 2);
        assert_eq!(g.between(sq("a1"), sq("b3")), Bitboard::EMPTY);
        assert_eq!(g.two_step_lines[sq("e5").index()].count(), 16);
    }
}
