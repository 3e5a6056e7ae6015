//! The two worlds, Real (board R) and Mirror (board M), and the portals that
//! join same-named squares: `Re4` and `Me4`.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::square::{Shape, Square};

/// Two 8x8 worlds: board 0 is Real (`R`), board 1 Mirror (`M`).
pub const SHAPE: Shape = Shape::with_boards(8, 8, "RM");

/// Squares of one world.
const WORLD_SQUARES: u8 = 64;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum World {
    Real,
    Mirror,
}

impl World {
    pub const ALL: [World; 2] = [World::Real, World::Mirror];

    /// The world a player sees and its army starts in: White's is Real,
    /// Black's Mirror.
    pub const fn home(color: Color) -> World {
        match color {
            Color::White => World::Real,
            Color::Black => World::Mirror,
        }
    }

    /// The world of a square.
    pub const fn of(sq: Square) -> World {
        if sq.0 < WORLD_SQUARES {
            World::Real
        } else {
            World::Mirror
        }
    }

    pub const fn other(self) -> World {
        match self {
            World::Real => World::Mirror,
            World::Mirror => World::Real,
        }
    }

    pub const fn board(self) -> u8 {
        match self {
            World::Real => 0,
            World::Mirror => 1,
        }
    }

    /// The player who sees this world.
    pub const fn seen_by(self) -> Color {
        match self {
            World::Real => Color::White,
            World::Mirror => Color::Black,
        }
    }

    /// `Real`, `Mirror`.
    pub const fn name(self) -> &'static str {
        match self {
            World::Real => "Real",
            World::Mirror => "Mirror",
        }
    }

    /// Every square of this world.
    pub const fn mask(self) -> Bitboard {
        match self {
            World::Real => Bitboard(u64::MAX as u128),
            World::Mirror => Bitboard((u64::MAX as u128) << 64),
        }
    }
}

/// The square beyond the portal: the same-named square of the other world.
pub const fn portal(sq: Square) -> Square {
    Square(sq.0 ^ WORLD_SQUARES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn portals_join_same_named_squares() {
        let re4 = SHAPE.parse("Re4").unwrap();
        assert_eq!(SHAPE.name(portal(re4)).to_string(), "Me4");
        assert_eq!(portal(portal(re4)), re4);
        assert_eq!(World::of(re4), World::Real);
        assert_eq!(World::of(portal(re4)), World::Mirror);
        assert!(World::Real.mask().contains(re4) && !World::Mirror.mask().contains(re4));
    }
}
