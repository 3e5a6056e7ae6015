//! Drawing a game of two boards (two-board Bermuda chess) side by side:
//! the lower board L as in chess on the left, the upper board U on the right
//! turned a quarter as the seed draws it, so that each U square stands
//! where its complementary L square stands (L(f, r) <-> U(r, 9-f)): U's
//! files run up the side (a at the bottom, h at the top) and its ranks along
//! the bottom, 8 on the left to 1 on the right.
//!
//! Squares are drawn as on one board (see `board_text`): ` N `, `[N]` for the
//! last move, `.` empty.

use crate::board_text::Marks;
use chesslantis_core::view::BoardView;
use std::collections::HashMap;

/// Spaces between the two boards.
const GAP: &str = "      ";

/// Both boards (`[L, U]`, each in its own coordinates), with coordinates and the legend.
pub fn draw(boards: [&BoardView; 2], marks: &Marks) -> String {
    let pieces: HashMap<&str, &str> =
        boards.iter().flat_map(|b| b.pieces.iter()).map(|p| (p.square.as_str(), p.letter.as_str())).collect();
    let cell = |board: &BoardView, file: u8, rank: u8| -> String {
        let letter = board.name.as_deref().unwrap_or("");
        let square = format!("{letter}{}{}", (b'a' + file) as char, rank + 1);
        let piece = pieces.get(square.as_str()).copied().unwrap_or(".");
        if marks.last_move.contains(&square) { format!("[{piece}]") } else { format!(" {piece} ") }
    };
    let [lower, upper] = boards;
    let (files, ranks) = (lower.files, lower.ranks);
    let width = 3 + 3 * files as usize;
    let mut out = format!("{:<width$}{GAP}{}\n", "   Lower board L", "   Upper board U (turned a quarter)");
    for row in (0..ranks).rev() {
        // Left: L rank `row`, files a..h. Right: U file `row`, ranks 8..1.
        let mut line = format!("{:>2} ", row + 1);
        for file in 0..files {
            line.push_str(&cell(lower, file, row));
        }
        line.push_str(GAP);
        line.push_str(&format!(" {} ", (b'a' + row) as char));
        for column in 0..ranks {
            line.push_str(&cell(upper, row, ranks - 1 - column));
        }
        out.push_str(&line);
        out.push('\n');
    }
    let mut below = String::from("   ");
    for file in 0..files {
        below.push_str(&format!(" {} ", (b'a' + file) as char));
    }
    below.push_str(GAP);
    below.push_str("   ");
    for column in 0..ranks {
        below.push_str(&format!(" {} ", ranks - column));
    }
    out.push_str(&below);
    out.push('\n');
    out.push_str("Each U square stands over its complementary L square (Ua8 over La1, Ua1 over Lh1).\n");
    if !marks.last_move.is_empty() {
        out.push_str("[ ] the last move\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chesslantis_core::{DynGame, Viewer};

    fn boards_of(fen: Option<&str>) -> Vec<BoardView> {
        DynGame::new("bermuda-two-board", fen).expect("a two-board game").view(Viewer::White).boards
    }

    #[test]
    fn the_upper_board_is_turned_so_complementary_squares_line_up() {
        let boards = boards_of(None);
        let text = draw([&boards[0], &boards[1]], &Marks::default());
        let lines: Vec<&str> = text.lines().collect();
        // Top row: L rank 8, and U file h from rank 8 (left) to rank 1 (right).
        assert_eq!(lines[1], " 8  r  n  b  q  k  b  n  r        h  r  p  .  .  .  .  P  R ");
        // Bottom row: L rank 1, and U file a: Ua8 over La1, Ua1 over Lh1.
        assert_eq!(lines[8], " 1  R  N  B  Q  K  B  N  R        a  r  p  .  .  .  .  P  R ");
        assert_eq!(lines[4], " 5  .  .  .  .  .  .  .  .        e  k  p  .  .  .  .  P  K ");
        assert_eq!(lines[9], "    a  b  c  d  e  f  g  h           8  7  6  5  4  3  2  1 ");
    }

    #[test]
    fn marks_the_last_move_on_either_board() {
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/P1PPPPPP/RNBQKBNR b KQkq|KQkq - 0 1";
        let boards = boards_of(Some(fen));
        let marks = Marks { last_move: ["Ub2", "Lg2"].map(String::from).into_iter().collect(), special: None };
        let text = draw([&boards[0], &boards[1]], &marks);
        let lines: Vec<&str> = text.lines().collect();
        // Lg2 is on L rank 2, file g; Ub2 is in U row b, column of rank 2.
        assert_eq!(lines[7], " 2  P  P  P  P  P  P [P] P        b  n  p  .  .  .  . [.] N ");
        assert!(text.ends_with("[ ] the last move\n"));
    }
}
