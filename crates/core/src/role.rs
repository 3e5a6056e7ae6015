//! Piece kinds and pieces.
//!
//! A role is a number, not a closed list: core names the roles whose
//! movement it knows (the chess pieces), and a variant may use
//! any other number below [`ROLE_COUNT`] for a piece of its own, giving it a
//! letter and a name in its [`RoleSpec`]s and its movement in
//! `Variant::attacks`. Letters belong to the variant, as Fairy-Stockfish's
//! `pieceToChar`: Bede's `B` is its Bede, chess's `B` its bishop.

use crate::color::Color;

/// A kind of piece: an index below [`ROLE_COUNT`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Role(u8);

/// How many roles a game may have; arrays indexed by role have this length.
pub const ROLE_COUNT: usize = 12;

// The roles core knows keep the names they had as enum variants, so that
// `Role::Pawn` reads (and matches) as before.
#[allow(non_upper_case_globals)]
impl Role {
    pub const Pawn: Role = Role(0);
    pub const Knight: Role = Role(1);
    pub const Bishop: Role = Role(2);
    pub const Rook: Role = Role(3);
    pub const Queen: Role = Role(4);
    pub const King: Role = Role(5);
}

impl Role {
    /// The roles whose movement core knows (`variant::standard_attacks`): chess's.
    pub const STANDARD: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
    /// The roles with a name of their own ([`Role::name`], in words and
    /// JSON) and a bitboard in every position: chess's, and number 6, whose
    /// name saved games and views have always carried (Bermuda Chess
    /// Angle's piece, `variants/bermuda_angle/ship.rs`).
    pub const NAMED: [Role; 7] =
        [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King, Role(6)];
    /// Every role number there is.
    pub const ALL: [Role; ROLE_COUNT] = {
        let mut all = [Role(0); ROLE_COUNT];
        let mut i = 0;
        while i < ROLE_COUNT {
            all[i] = Role(i as u8);
            i += 1;
        }
        all
    };

    /// The role numbered `n`; `None` from [`ROLE_COUNT`] on.
    pub const fn new(n: u8) -> Option<Role> {
        if (n as usize) < ROLE_COUNT {
            Some(Role(n))
        } else {
            None
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The English name of a role core knows ("piece" for a variant's own
    /// role: its name is in the variant's [`RoleSpec`]).
    pub const fn name(self) -> &'static str {
        match self.0 {
            0 => "pawn",
            1 => "knight",
            2 => "bishop",
            3 => "rook",
            4 => "queen",
            5 => "king",
            // Bermuda Chess Angle's own piece, named here for the wire (see `NAMED`).
            6 => "ship",
            _ => "piece",
        }
    }
}

/// In JSON a role is its name (`"knight"`); a variant's own role is
/// `"role7"` (its name belongs to the variant: views carry it apart).
impl serde::Serialize for Role {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.name() {
            "piece" => s.serialize_str(&format!("role{}", self.0)),
            name => s.serialize_str(name),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Role {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Role, D::Error> {
        let text = String::deserialize(d)?;
        let numbered = text.strip_prefix("role").and_then(|n| n.parse::<u8>().ok()).and_then(Role::new);
        Role::NAMED.into_iter().find(|r| r.name() == text).or(numbered).ok_or_else(|| {
            serde::de::Error::custom(format!("'{text}' is not a role (pawn, knight, bishop, rook, queen, king, ship, roleN)"))
        })
    }
}

/// A table with one entry per role: the named roles' entries in
/// `Role::NAMED` order, every other role `rest` (for `[T; ROLE_COUNT]`
/// constants such as piece values).
pub const fn by_role<T: Copy>(standard: [T; 7], rest: T) -> [T; ROLE_COUNT] {
    let mut out = [rest; ROLE_COUNT];
    let mut i = 0;
    while i < 7 {
        out[i] = standard[i];
        i += 1;
    }
    out
}

/// A role as one variant writes and names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RoleSpec {
    pub role: Role,
    /// The lower-case letter of FEN and move text (upper case for White in FEN).
    pub letter: char,
    pub name: &'static str,
}

impl RoleSpec {
    pub const fn new(role: Role, letter: char, name: &'static str) -> RoleSpec {
        RoleSpec { role, letter, name }
    }

    /// A role core knows, with its chess letter and English name.
    pub const fn standard(role: Role, letter: char) -> RoleSpec {
        RoleSpec { role, letter, name: role.name() }
    }
}

/// The pieces of chess with their letters.
pub const CHESS_ROLES: &[RoleSpec] = &[
    RoleSpec::standard(Role::Pawn, 'p'),
    RoleSpec::standard(Role::Knight, 'n'),
    RoleSpec::standard(Role::Bishop, 'b'),
    RoleSpec::standard(Role::Rook, 'r'),
    RoleSpec::standard(Role::Queen, 'q'),
    RoleSpec::standard(Role::King, 'k'),
];

/// Letters and names of one variant's roles.
#[derive(Copy, Clone, Debug)]
pub struct Letters(pub &'static [RoleSpec]);

impl Letters {
    /// The lower-case letter of `role`, if the variant has it.
    pub fn letter(self, role: Role) -> Option<char> {
        self.0.iter().find(|s| s.role == role).map(|s| s.letter)
    }

    /// The role written with `letter` (either case), if the variant has one.
    pub fn role(self, letter: char) -> Option<Role> {
        let lower = letter.to_ascii_lowercase();
        self.0.iter().find(|s| s.letter == lower).map(|s| s.role)
    }

    /// The name of `role` in this variant.
    pub fn name(self, role: Role) -> &'static str {
        self.0.iter().find(|s| s.role == role).map_or(role.name(), |s| s.name)
    }

    /// Whether the variant has `role`.
    pub fn contains(self, role: Role) -> bool {
        self.0.iter().any(|s| s.role == role)
    }

    /// The variant's roles.
    pub fn roles(self) -> impl Iterator<Item = Role> {
        self.0.iter().map(|s| s.role)
    }

    /// FEN letter of a piece: upper case for White ('?' for a role the variant lacks).
    pub fn piece_letter(self, piece: Piece) -> char {
        let c = self.letter(piece.role).unwrap_or('?');
        match piece.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// The piece a FEN letter stands for: upper case White.
    pub fn piece(self, letter: char) -> Option<Piece> {
        if !letter.is_ascii_alphabetic() {
            return None;
        }
        let role = self.role(letter)?;
        let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece { color, role })
    }
}

/// A piece: a role of a colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
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
        self.role.0 * 2 + self.color as u8 + 1
    }

    #[inline]
    pub fn from_code(code: u8) -> Option<Piece> {
        if code == 0 || code as usize > 2 * ROLE_COUNT {
            return None;
        }
        let c = code - 1;
        let color = if c & 1 == 0 { Color::White } else { Color::Black };
        Some(Piece { color, role: Role(c / 2) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_for_every_role() {
        for role in Role::ALL {
            for color in Color::ALL {
                let p = Piece::new(color, role);
                assert_eq!(Piece::from_code(p.code()), Some(p));
            }
        }
        assert_eq!(Piece::from_code(0), None);
        assert_eq!(Piece::from_code(2 * ROLE_COUNT as u8 + 1), None);
        assert_eq!(Role::new(ROLE_COUNT as u8), None);
    }

    #[test]
    fn letters_belong_to_the_variant() {
        const OTHER: &[RoleSpec] = &[RoleSpec::new(Role::Knight, 'z', "zebra")];
        let chess = Letters(CHESS_ROLES);
        assert_eq!(chess.piece('N'), Some(Piece::new(Color::White, Role::Knight)));
        assert_eq!(chess.piece('z'), None);
        assert_eq!(Letters(OTHER).piece('z'), Some(Piece::new(Color::Black, Role::Knight)));
        assert_eq!(Letters(OTHER).piece('n'), None);
        assert_eq!(Letters(OTHER).name(Role::Knight), "zebra");
    }
}
