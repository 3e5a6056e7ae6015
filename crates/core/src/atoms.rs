//! Movement atoms and their tables, for pieces core does not know.
//!
//! An [`Atom`] is one way of moving, written from White's side (Black's is
//! the same turned upside down, so a forward-only atom goes down the board
//! for Black): a leap, a ride along steps (to the edge or a limited number of
//! squares), or a walk of single steps that may turn. Every atom becomes, per
//! colour and square, a list of paths: the squares that must be empty and the
//! square reached. The same paths read backwards answer "who attacks this
//! square", which is how asymmetric (forward-only) attacks are found from the
//! attacked square. A variant builds its [`PieceTables`] once (a `OnceLock`
//! in its own `impl`), so nothing is built or locked while moves are made.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::geometry::symmetric_offsets;
use crate::role::{Piece, Role, ROLE_COUNT};
use crate::square::{Shape, Square};

/// A (file, rank) step, White's view: rank +1 is forward.
pub type Step = (i32, i32);

/// One way a piece moves, from White's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Atom {
    /// Jumps to each offset, whatever stands between.
    Leap(Vec<Step>),
    /// Slides along each step, through empty squares, up to `limit` squares
    /// (0: to the edge of the board), reaching the first occupied square.
    Ride { steps: Vec<Step>, limit: u8 },
    /// One to `max` single steps from `steps`, turning as it likes, each
    /// square before the last empty, no square visited twice (the origin
    /// included); where `required` is not empty, at least one step is one of
    /// them (at least one step forward, say).
    Walk { steps: Vec<Step>, max: u8, required: Vec<Step> },
}

impl Atom {
    /// A (df, dr) leaper in all eight orientations (knight: 1, 2).
    pub fn leaper(df: i32, dr: i32) -> Atom {
        Atom::Leap(symmetric_offsets(df, dr))
    }

    /// A (df, dr) rider in all eight orientations, `limit` squares at most (0: unlimited).
    pub fn rider(df: i32, dr: i32, limit: u8) -> Atom {
        Atom::Ride { steps: symmetric_offsets(df, dr), limit }
    }
}

/// How one role moves: where it may capture and where it may go without
/// capturing (the same atoms for most pieces; not for pawns and squires).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Movement {
    pub captures: Vec<Atom>,
    pub quiet: Vec<Atom>,
}

impl Movement {
    /// A piece that moves and captures alike.
    pub fn both(atoms: Vec<Atom>) -> Movement {
        Movement { captures: atoms.clone(), quiet: atoms }
    }
}

/// A path: the squares that must be empty, and the square it reaches (or,
/// in the reverse table, comes from).
#[derive(Copy, Clone, Debug)]
struct Path {
    clear: Bitboard,
    end: Square,
}

/// Paths of some atoms, per colour and square, forwards and backwards.
#[derive(Clone, Debug)]
pub struct AtomTable {
    /// Ends reached with nothing to be empty (leaps), per colour and square.
    free: Box<[[Bitboard; 128]; 2]>,
    /// Origins that reach a square with nothing to be empty.
    free_reverse: Box<[[Bitboard; 128]; 2]>,
    /// Origins that reach a square on an empty board: a cheap test that
    /// skips the paths when no piece of the role stands on any of them.
    any_reverse: Box<[[Bitboard; 128]; 2]>,
    paths: Vec<Path>,
    reverse_paths: Vec<Path>,
    /// `paths[span.0..span.1]` per colour and square; the same for `reverse_paths`.
    spans: Box<[[(u32, u32); 128]; 2]>,
    reverse_spans: Box<[[(u32, u32); 128]; 2]>,
}

impl AtomTable {
    pub fn new(shape: Shape, atoms: &[Atom]) -> AtomTable {
        assert!(shape.square_count() <= 128, "a game has at most 128 squares");
        let mut free = Box::new([[Bitboard::EMPTY; 128]; 2]);
        let mut free_reverse = Box::new([[Bitboard::EMPTY; 128]; 2]);
        let mut any_reverse = Box::new([[Bitboard::EMPTY; 128]; 2]);
        let mut forward: Vec<Vec<Vec<Path>>> = vec![vec![Vec::new(); 128]; 2];
        let mut backward: Vec<Vec<Vec<Path>>> = vec![vec![Vec::new(); 128]; 2];
        for color in Color::ALL {
            let orient = |(df, dr): Step| if color == Color::White { (df, dr) } else { (df, -dr) };
            for i in 0..shape.square_count() {
                let from = Square(i as u8);
                let mut found = Vec::new();
                for atom in atoms {
                    atom_paths(shape, from, atom, &orient, &mut found);
                }
                for path in found {
                    any_reverse[color.index()][path.end.index()] |= from;
                    if path.clear.is_empty() {
                        free[color.index()][from.index()] |= path.end;
                        free_reverse[color.index()][path.end.index()] |= from;
                    } else {
                        forward[color.index()][from.index()].push(path);
                        backward[color.index()][path.end.index()].push(Path { clear: path.clear, end: from });
                    }
                }
            }
        }
        let (paths, spans) = flatten(forward);
        let (reverse_paths, reverse_spans) = flatten(backward);
        AtomTable { free, free_reverse, any_reverse, paths, reverse_paths, spans, reverse_spans }
    }

    /// Squares a piece of `color` on `sq` reaches, given `occupied`.
    #[inline]
    pub fn reach(&self, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        let c = color.index();
        let (a, b) = self.spans[c][sq.index()];
        let mut out = self.free[c][sq.index()];
        for p in &self.paths[a as usize..b as usize] {
            if (p.clear & occupied).is_empty() {
                out |= p.end;
            }
        }
        out
    }

    /// Squares from which a piece of `color` reaches `sq` on an empty board.
    #[inline]
    pub fn could_reach_from(&self, color: Color, sq: Square) -> Bitboard {
        self.any_reverse[color.index()][sq.index()]
    }

    /// Squares from which a piece of `color` reaches `sq`, given `occupied`.
    #[inline]
    pub fn reached_from(&self, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        let c = color.index();
        let (a, b) = self.reverse_spans[c][sq.index()];
        let mut out = self.free_reverse[c][sq.index()];
        for p in &self.reverse_paths[a as usize..b as usize] {
            if (p.clear & occupied).is_empty() {
                out |= p.end;
            }
        }
        out
    }
}

/// Per colour and square, the (start, end) range of its paths in the flat list.
type PathSpans = Box<[[(u32, u32); 128]; 2]>;

fn flatten(per_square: Vec<Vec<Vec<Path>>>) -> (Vec<Path>, PathSpans) {
    let mut paths = Vec::new();
    let mut spans = Box::new([[(0u32, 0u32); 128]; 2]);
    for (c, squares) in per_square.into_iter().enumerate() {
        for (sq, list) in squares.into_iter().enumerate() {
            let start = paths.len() as u32;
            paths.extend(list);
            spans[c][sq] = (start, paths.len() as u32);
        }
    }
    (paths, spans)
}

fn step(shape: Shape, sq: Square, (df, dr): Step) -> Option<Square> {
    shape.square(shape.board(sq), shape.file(sq) as i32 + df, shape.rank(sq) as i32 + dr)
}

/// Every path of one atom from `from`; a square reached by several paths is
/// listed once per distinct set of squares to be empty.
fn atom_paths(shape: Shape, from: Square, atom: &Atom, orient: &dyn Fn(Step) -> Step, out: &mut Vec<Path>) {
    let mut push = |clear: Bitboard, end: Square| {
        if !out.iter().any(|p| p.end == end && p.clear == clear) {
            out.push(Path { clear, end });
        }
    };
    match atom {
        Atom::Leap(offsets) => {
            for &o in offsets {
                if let Some(to) = step(shape, from, orient(o)) {
                    push(Bitboard::EMPTY, to);
                }
            }
        }
        Atom::Ride { steps, limit } => {
            for &s in steps {
                let mut clear = Bitboard::EMPTY;
                let mut cur = from;
                let mut n = 0;
                while let Some(next) = step(shape, cur, orient(s)) {
                    push(clear, next);
                    clear |= next;
                    cur = next;
                    n += 1;
                    if *limit != 0 && n >= *limit {
                        break;
                    }
                }
            }
        }
        Atom::Walk { steps, max, required } => {
            let mut walk = Vec::new();
            walks(shape, from, steps, required, *max, orient, Bitboard::from_square(from), Bitboard::EMPTY, false, &mut walk);
            for (clear, end) in walk {
                push(clear, end);
            }
        }
    }
}

/// Depth-first search of a walk: `visited` holds the origin and the squares
/// passed, `clear` the passed squares (they must be empty).
#[allow(clippy::too_many_arguments)]
fn walks(
    shape: Shape,
    at: Square,
    steps: &[Step],
    required: &[Step],
    left: u8,
    orient: &dyn Fn(Step) -> Step,
    visited: Bitboard,
    clear: Bitboard,
    has_required: bool,
    out: &mut Vec<(Bitboard, Square)>,
) {
    if left == 0 {
        return;
    }
    for &s in steps {
        let Some(next) = step(shape, at, orient(s)) else { continue };
        if visited.contains(next) {
            continue;
        }
        let ok = has_required || required.is_empty() || required.contains(&s);
        if ok {
            out.push((clear, next));
        }
        walks(shape, next, steps, required, left - 1, orient, visited.with(next), clear.with(next), ok, out);
    }
}

/// The tables of every role a variant moves by atoms.
pub struct PieceTables {
    captures: [Option<AtomTable>; ROLE_COUNT],
    /// `None` where the quiet moves are the captures' (most pieces).
    quiet: [Option<AtomTable>; ROLE_COUNT],
}

impl PieceTables {
    /// Tables for `shape`, with `movement(role)` for each role that has atoms.
    pub fn new(shape: Shape, movement: impl Fn(Role) -> Option<Movement>) -> PieceTables {
        let mut captures: [Option<AtomTable>; ROLE_COUNT] = Default::default();
        let mut quiet: [Option<AtomTable>; ROLE_COUNT] = Default::default();
        for role in Role::ALL {
            if let Some(m) = movement(role) {
                captures[role.index()] = Some(AtomTable::new(shape, &m.captures));
                if m.quiet != m.captures {
                    quiet[role.index()] = Some(AtomTable::new(shape, &m.quiet));
                }
            }
        }
        PieceTables { captures, quiet }
    }

    /// Whether `role` moves by these tables.
    #[inline]
    pub fn has(&self, role: Role) -> bool {
        self.captures[role.index()].is_some()
    }

    /// Squares `piece` on `sq` attacks (could capture on), given `occupied`.
    #[inline]
    pub fn attacks(&self, piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
        match &self.captures[piece.role.index()] {
            Some(t) => t.reach(piece.color, sq, occupied),
            None => Bitboard::EMPTY,
        }
    }

    /// Squares `piece` on `sq` may move to without capturing (empty ones).
    #[inline]
    pub fn quiet_moves(&self, piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
        let table = self.quiet[piece.role.index()].as_ref().or(self.captures[piece.role.index()].as_ref());
        match table {
            Some(t) => t.reach(piece.color, sq, occupied) & !occupied,
            None => Bitboard::EMPTY,
        }
    }

    /// Squares from which a `piece` would attack `sq`, given `occupied`.
    #[inline]
    pub fn attackers_of(&self, piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
        match &self.captures[piece.role.index()] {
            Some(t) => t.reached_from(piece.color, sq, occupied),
            None => Bitboard::EMPTY,
        }
    }

    /// The pieces among `candidates` (all of `piece`'s kind) that attack
    /// `sq` given `occupied`; the paths are read only when a candidate
    /// stands where the piece could attack from on an empty board.
    #[inline]
    pub fn attackers_among(&self, piece: Piece, candidates: Bitboard, sq: Square, occupied: Bitboard) -> Bitboard {
        match &self.captures[piece.role.index()] {
            Some(t) if (t.could_reach_from(piece.color, sq) & candidates).any() => {
                t.reached_from(piece.color, sq, occupied) & candidates
            }
            _ => Bitboard::EMPTY,
        }
    }
}

impl PieceTables {
    /// The pieces of `by` moving by these tables that attack `sq`, found
    /// from `sq` backwards (right for forward-only atoms too).
    #[inline]
    pub fn attackers<V: crate::variant::Variant>(
        &self,
        pos: &crate::position::Position<V>,
        sq: Square,
        by: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        let mut found = Bitboard::EMPTY;
        for role in V::letters().roles() {
            if self.has(role) {
                let pieces = pos.pieces(by, role);
                if pieces.any() {
                    found |= self.attackers_of(Piece::new(by, role), sq, occupied) & pieces;
                }
            }
        }
        found
    }
}
