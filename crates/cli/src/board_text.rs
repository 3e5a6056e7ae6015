//! Drawing a board from an observation's FEN, for any board width, with the
//! last move and the variant's special squares marked.
//!
//! Each square is three characters: ` N ` plain, `[N]` a square of the last
//! move, `(N)` a special square (a portal, the Angle); `.` is empty.

use chesslantis_core::variant::SpecialSquares;
use chesslantis_core::{Bitboard, Shape, Square};

/// What the board marks besides the pieces.
#[derive(Clone, Copy, Debug, Default)]
pub struct Marks {
    /// The squares the last move left and reached.
    pub last_move: Bitboard,
    pub special: Option<SpecialSquares>,
}

/// The board as text: rank numbers on the left, file letters below, then a
/// legend for the marks in use.
pub fn draw(shape: Shape, fen: &str, marks: &Marks) -> String {
    let board = fen.split_whitespace().next().unwrap_or("");
    let special = marks.special.map_or(Bitboard::EMPTY, |s| s.squares);
    let mut out = String::new();
    for (i, row) in board.split('/').enumerate() {
        let rank = shape.ranks as usize - i;
        out.push_str(&format!("{rank:>2} "));
        for (file, piece) in row_cells(row).into_iter().enumerate() {
            let sq = shape.square(0, file as i32, rank as i32 - 1).unwrap_or(Square(u8::MAX));
            let (open, close) = if marks.last_move.contains(sq) {
                ('[', ']')
            } else if special.contains(sq) {
                ('(', ')')
            } else {
                (' ', ' ')
            };
            out.push(open);
            out.push(piece);
            out.push(close);
        }
        out.push('\n');
    }
    out.push_str("   ");
    for f in 0..shape.files {
        out.push(' ');
        out.push((b'a' + f) as char);
        out.push(' ');
    }
    out.push('\n');
    if let Some(s) = marks.special {
        out.push_str(&format!("( ) {}\n", s.name));
    }
    if marks.last_move.any() {
        out.push_str("[ ] the last move\n");
    }
    out
}

/// The squares of one FEN row, left to right: a piece letter or `.`.
fn row_cells(row: &str) -> Vec<char> {
    let mut cells = Vec::new();
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            let mut n = d;
            while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                n = n * 10 + d2;
                chars.next();
            }
            cells.extend(std::iter::repeat_n('.', n as usize));
        } else {
            cells.push(c);
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_the_last_move_and_the_special_squares() {
        let shape = Shape::CHESS;
        let sq = |name: &str| shape.parse(name).expect("a square");
        let marks = Marks {
            last_move: Bitboard::from_square(sq("e2")).with(sq("e4")),
            special: Some(SpecialSquares { name: "the portals", squares: Bitboard::from_square(sq("f3")) }),
        };
        let text = draw(shape, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", &marks);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[4], " 4  .  .  .  . [P] .  .  . ");
        assert_eq!(lines[5], " 3  .  .  .  .  . (.) .  . ");
        assert_eq!(lines[6], " 2  P  P  P  P [.] P  P  P ");
        assert_eq!(lines[8], "    a  b  c  d  e  f  g  h ");
        assert!(text.contains("( ) the portals\n[ ] the last move\n"), "{text}");
    }

    #[test]
    fn a_nine_by_eleven_board_aligns_ranks_one_to_eleven() {
        let shape = Shape::NINE_BY_ELEVEN;
        let start = "bzcjkqcbb/sssssssss/ppppppppp/9/9/9/9/9/PPPPPPPPP/SSSSSSSSS/BBCQKJCZB w - - 0 1 - --";
        let text = draw(shape, start, &Marks::default());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 12, "{text}");
        assert_eq!(lines[0], "11  b  z  c  j  k  q  c  b  b ");
        assert_eq!(lines[1], "10  s  s  s  s  s  s  s  s  s ");
        assert_eq!(lines[2], " 9  p  p  p  p  p  p  p  p  p ");
        assert_eq!(lines[5], " 6  .  .  .  .  .  .  .  .  . ");
        assert_eq!(lines[10], " 1  B  B  C  Q  K  J  C  Z  B ");
        assert_eq!(lines[11], "    a  b  c  d  e  f  g  h  i ");
        // Every rank's squares start in the same column as the file letters.
        assert!(lines.iter().all(|l| l.len() == lines[11].len()), "{text}");
    }
}
