//! Bede Chess pieces: their roles, letters, and movement as atoms.
//!
//! Every piece but the Jester moves by a [`PieceTables`] entry, built once;
//! the Jester borrows another role's entry (see `state.rs`).

use crate::atoms::{Atom, Movement, PieceTables};
use crate::role::{Role, RoleSpec};
use crate::square::Shape;
use std::sync::OnceLock;

const fn role(n: u8) -> Role {
    match Role::new(n) {
        Some(r) => r,
        None => panic!("a role number below ROLE_COUNT"),
    }
}

/// Diagonal slides and two-square orthogonal jumps.
pub const BEDE: Role = role(7);
/// Rook + knight.
pub const CHANCELLOR: Role = role(8);
/// The (2,3) leaper.
pub const ZEBRA: Role = role(9);
/// Walks 1-3 steps forward/sideways, captures 1-2 steps diagonally forward.
pub const SQUIRE: Role = role(10);
/// Moves as the piece the opponent moved last.
pub const JESTER: Role = role(11);

/// Letters of the ruling: K Q C B Z J S P.
pub const ROLES: &[RoleSpec] = &[
    RoleSpec::new(Role::Pawn, 'p', "pawn"),
    RoleSpec::new(SQUIRE, 's', "squire"),
    RoleSpec::new(BEDE, 'b', "bede"),
    RoleSpec::new(CHANCELLOR, 'c', "chancellor"),
    RoleSpec::new(ZEBRA, 'z', "zebra"),
    RoleSpec::new(Role::Queen, 'q', "queen"),
    RoleSpec::new(JESTER, 'j', "jester"),
    RoleSpec::new(Role::King, 'k', "king"),
];

/// The roles a Jester may copy: every role but its own.
pub fn copyable(role: Role) -> bool {
    role != JESTER && ROLES.iter().any(|s| s.role == role)
}

/// How each role moves, from White's side.
pub fn movement(role: Role) -> Option<Movement> {
    let orthogonal_jump = Atom::Leap(vec![(2, 0), (-2, 0), (0, 2), (0, -2)]);
    match role {
        Role::King => Some(Movement::both(vec![Atom::leaper(1, 0), Atom::leaper(1, 1)])),
        Role::Queen => Some(Movement::both(vec![Atom::rider(1, 0, 0), Atom::rider(1, 1, 0)])),
        r if r == BEDE => Some(Movement::both(vec![Atom::rider(1, 1, 0), orthogonal_jump])),
        r if r == CHANCELLOR => Some(Movement::both(vec![Atom::rider(1, 0, 0), Atom::leaper(1, 2)])),
        r if r == ZEBRA => Some(Movement::both(vec![Atom::leaper(2, 3)])),
        // Ruling: 1-3 steps forward, left or right, at least one forward,
        // no revisits; captures 1 or 2 diagonal forward steps.
        r if r == SQUIRE => Some(Movement {
            captures: vec![Atom::Walk { steps: vec![(-1, 1), (1, 1)], max: 2, required: vec![] }],
            quiet: vec![Atom::Walk { steps: vec![(0, 1), (-1, 0), (1, 0)], max: 3, required: vec![(0, 1)] }],
        }),
        // Ruling: 1-2 diagonal forward steps; captures exactly one step
        // forward, left or right.
        Role::Pawn => Some(Movement {
            captures: vec![Atom::Leap(vec![(0, 1), (-1, 0), (1, 0)])],
            quiet: vec![Atom::Walk { steps: vec![(-1, 1), (1, 1)], max: 2, required: vec![] }],
        }),
        _ => None,
    }
}

/// The tables of the 9x11 board, built on first use.
pub fn tables() -> &'static PieceTables {
    static TABLES: OnceLock<PieceTables> = OnceLock::new();
    TABLES.get_or_init(|| PieceTables::new(Shape::NINE_BY_ELEVEN, movement))
}
