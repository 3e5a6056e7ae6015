//! The secret setup: each army's back rank by the Chess960 rules (bishops on
//! squares of opposite colours, the king between the rooks), pawns in front.
//! A start is written as its back rank from file a to h (`RNBQKBNR`); `fide`
//! names the FIDE start. Starts are numbered 0..960 as in Chess960 (Scharnagl),
//! so the FIDE start is 518.

use super::worlds::{World, SHAPE};
use crate::color::Color;
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::variant::Variant;


/// One army's back rank, file a first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Start([Role; 8]);

/// How many Chess960 starts there are.
pub const STARTS: u16 = 960;

/// Knights' places among the five squares left after bishops and queen.
const KNIGHT_PLACES: [(usize, usize); 10] =
    [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

impl Start {
    /// `RNBQKBNR`.
    pub const FIDE: Start = Start([
        Role::Rook,
        Role::Knight,
        Role::Bishop,
        Role::Queen,
        Role::King,
        Role::Bishop,
        Role::Knight,
        Role::Rook,
    ]);

    /// The Chess960 start with this number (0..960).
    pub fn from_number(number: u16) -> Option<Start> {
        if number >= STARTS {
            return None;
        }
        let mut rank: [Option<Role>; 8] = [None; 8];
        let mut n = number as usize;
        rank[2 * (n % 4) + 1] = Some(Role::Bishop);
        n /= 4;
        rank[2 * (n % 4)] = Some(Role::Bishop);
        n /= 4;
        let place_on_empty = |index: usize, role: Role, rank: &mut [Option<Role>; 8]| {
            let file = (0..8).filter(|&f| rank[f].is_none()).nth(index).expect("enough empty squares");
            rank[file] = Some(role);
        };
        place_on_empty(n % 6, Role::Queen, &mut rank);
        n /= 6;
        let (first, second) = KNIGHT_PLACES[n];
        // The second knight's index counts the squares left after the first.
        place_on_empty(first, Role::Knight, &mut rank);
        place_on_empty(second - 1, Role::Knight, &mut rank);
        for role in [Role::Rook, Role::King, Role::Rook] {
            place_on_empty(0, role, &mut rank);
        }
        Some(Start(rank.map(|r| r.expect("every file filled"))))
    }

    /// This start's Chess960 number.
    pub fn number(self) -> u16 {
        (0..STARTS).find(|&n| Start::from_number(n) == Some(self)).expect("a valid start has a number")
    }

    /// Reads `RNBQKBNR` (either case) or `fide`, checking the Chess960 rules.
    pub fn parse(text: &str) -> Result<Start, String> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("fide") {
            return Ok(Start::FIDE);
        }
        let letters: Vec<char> = text.chars().collect();
        if letters.len() != 8 {
            return Err(format!(
                "'{text}' is not a back rank: write the 8 pieces from file a to h, like RNBQKBNR, or 'fide'"
            ));
        }
        let mut rank = [Role::Pawn; 8];
        for (file, &c) in letters.iter().enumerate() {
            rank[file] = match c.to_ascii_uppercase() {
                'K' => Role::King,
                'Q' => Role::Queen,
                'R' => Role::Rook,
                'B' => Role::Bishop,
                'N' => Role::Knight,
                _ => return Err(format!("'{c}' in '{text}' is not a piece of the back rank: use K, Q, R, B, N")),
            };
        }
        let start = Start(rank);
        start.check().map(|()| start).map_err(|why| format!("'{text}' is not a Chess960 start: {why}"))
    }

    /// Why this back rank breaks the Chess960 rules, if it does.
    fn check(self) -> Result<(), String> {
        let count = |role: Role| self.0.iter().filter(|&&r| r == role).count();
        let wanted = [(Role::King, 1), (Role::Queen, 1), (Role::Rook, 2), (Role::Bishop, 2), (Role::Knight, 2)];
        for (role, n) in wanted {
            if count(role) != n {
                return Err(format!(
                    "it has {} {}s; a back rank has one king, one queen, two rooks, two bishops, two knights",
                    count(role),
                    role.name()
                ));
            }
        }
        let files = |role: Role| (0..8).filter(move |&f| self.0[f] == role);
        let bishop_colours: Vec<usize> = files(Role::Bishop).map(|f| f % 2).collect();
        if bishop_colours[0] == bishop_colours[1] {
            return Err("both bishops stand on squares of one colour; put one on a light and one on a dark square".into());
        }
        let rooks: Vec<usize> = files(Role::Rook).collect();
        let king = files(Role::King).next().unwrap_or_default();
        if !(rooks[0] < king && king < rooks[1]) {
            return Err("the king must stand between the two rooks".into());
        }
        Ok(())
    }

    /// `RNBQKBNR`.
    pub fn text(self) -> String {
        self.0.iter().map(|r| crate::variants::chess::Chess::letters().letter(*r).unwrap_or('?').to_ascii_uppercase()).collect()
    }

    /// Puts `color`'s army in its home world (White: Real ranks 1-2, Black:
    /// Mirror ranks 8-7) with both castling rights.
    pub fn place<V: Variant>(self, pos: &mut Position<V>, color: Color) {
        let board = World::home(color).board();
        let (back, front) = match color {
            Color::White => (0, 1),
            Color::Black => (7, 6),
        };
        for (file, &role) in self.0.iter().enumerate() {
            let at = |rank| SHAPE.square(board, file as i32, rank).expect("on the board");
            pos.put(at(back), Piece::new(color, role));
            pos.put(at(front), Piece::new(color, Role::Pawn));
            if role == Role::Rook {
                pos.add_castling(color, at(back));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_follow_chess960() {
        assert_eq!(Start::from_number(518), Some(Start::FIDE));
        assert_eq!(Start::from_number(0).unwrap().text(), "BBQNNRKR");
        assert_eq!(Start::from_number(959).unwrap().text(), "RKRNNQBB");
        assert_eq!(Start::from_number(960), None);
        let all: std::collections::HashSet<Start> = (0..STARTS).filter_map(Start::from_number).collect();
        assert_eq!(all.len(), 960);
        assert!(all.iter().all(|s| s.check().is_ok() && Start::from_number(s.number()) == Some(*s)));
    }
}
