//! The Ship, this variant's own piece: it slides up to two squares along any
//! line (rank, file or diagonal) and never jumps. Its role number, its letter
//! and its attacks live here; the variant's `attacks` and `attackers` add it
//! to the chess pieces', so chess's own attack code knows nothing of it.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::role::{Role, RoleSpec, CHESS_ROLES};
use crate::square::Square;
use crate::variant::Variant;

/// The Ship's role number: 6, the number it has always had, so that saved
/// games, hashes and views (where it is `"ship"`) read as before.
pub const SHIP: Role = match Role::new(6) {
    Some(role) => role,
    None => panic!("a role number below ROLE_COUNT"),
};

/// The pieces of chess and the Ship, with their letters.
pub const ROLES: &[RoleSpec] = &{
    let mut roles = [RoleSpec::standard(SHIP, 's'); CHESS_ROLES.len() + 1];
    let mut i = 0;
    while i < CHESS_ROLES.len() {
        roles[i] = CHESS_ROLES[i];
        i += 1;
    }
    roles
};

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
