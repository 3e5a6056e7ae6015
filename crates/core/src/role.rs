//! Piece kinds and pieces.

use crate::color::Color;

/// A kind of piece. Its movement is given by the variant (see `Variant::attacks`);
/// the names follow the pieces of the seeds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    Pawn = 0,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    /// Bermuda Chess Angle: slides up to two squares along any line, never jumps.
    Ship,
}

/// How many roles there are; arrays indexed by role have this length.
pub const ROLE_COUNT: usize = 7;

impl Role {
    pub const ALL: [Role; ROLE_COUNT] =
        [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King, Role::Ship];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case letter of FEN and move text.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
            Role::Ship => 's',
        }
    }

    pub fn from_char(c: char) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.char() == c.to_ascii_lowercase())
    }

    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
            Role::Ship => "ship",
        }
    }
}

/// A piece: a role of a colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// A number from 1 to 2 * ROLE_COUNT (0 is kept for "no piece").
    #[inline]
    pub const fn code(self) -> u8 {
        self.role as u8 * 2 + self.color as u8 + 1
    }

    #[inline]
    pub fn from_code(code: u8) -> Option<Piece> {
        if code == 0 || code as usize > 2 * ROLE_COUNT {
            return None;
        }
        let c = code - 1;
        let color = if c & 1 == 0 { Color::White } else { Color::Black };
        Some(Piece { color, role: Role::ALL[(c / 2) as usize] })
    }

    /// FEN letter: upper case for White.
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.char().to_ascii_uppercase(),
            Color::Black => self.role.char(),
        }
    }

    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece { color, role })
    }
}
