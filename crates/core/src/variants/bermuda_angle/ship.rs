//! The Ship, this variant's own piece: it slides up to two squares along any
//! line (rank, file or diagonal) and never jumps. Its role number, its letter
//! and its attacks live here; the variant's `attacks` and `attackers` add it
//! to the chess pieces', so chess's own attack code knows nothing of it.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::role::{Role, RoleSpec};
use crate::square::Square;
use crate::variant::Variant;

/// The Ship's role number: 6, the number it has always had, so that saved
/// games, hashes and views (where it is `"ship"`) read as before.
pub const SHIP: Role = match Role::new(6) {
    Some(role) => role,
    None => panic!("a role number below ROLE_COUNT"),
};

/// The pieces of chess and the Ship, with their letters.
pub const ROLES: &[RoleSpec] = &[
    RoleSpec::standard(Role::Pawn, 'p'),
    RoleSpec::standard(Role::Knight, 'n'),
    RoleSpec::standard(Role::Bishop, 'b'),
    RoleSpec::standard(Role::Rook, 'r'),
    RoleSpec::standard(Role::Queen, 'q'),
    RoleSpec::standard(Role::King, 'k'),
    RoleSpec::standard(SHIP, 's'),
];

/// The squares a Ship on `sq` attacks given `occupied`: a queen's, cut to two steps.
#[inline]
pub fn attacks(g: &Geometry, sq: Square, occupied: Bitboard) -> Bitboard {
    g.queen_attacks(sq, occupied) & g.two_step_lines[sq.index()]
}

/// The Ships of `by` that attack `sq` given `occupied` (a Ship's attack is
/// symmetric: found from the square outward).
#[inline]
pub fn attackers<V: Variant>(pos: &Position<V>, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
    let ships = pos.pieces(by, SHIP);
    if ships.any() {
        attacks(V::geometry(), sq, occupied) & ships
    } else {
        Bitboard::EMPTY
    }
}
