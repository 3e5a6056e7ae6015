//! Drawing one board of a [`View`](chesslantis_core::View) as text, for any
//! board size (8x8, 10x10, 9x11) and for each board of a game of several
//! (its squares carry the board's letter), with the last move and the
//! variant's special squares marked.
//!
//! Each square is three characters: ` N ` plain, `[N]` a square of the last
//! move, `(N)` a special square (a portal, the Angle); `.` is empty.

use chesslantis_core::view::{BoardView, SpecialSquaresView};
use std::collections::{HashMap, HashSet};

/// What the board marks besides the pieces, by square name.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// The squares the last move left and reached.
    pub last_move: HashSet<String>,
    pub special: Option<SpecialSquaresView>,
}

/// Every board of a view: two-board Bermuda chess's lower and upper boards
/// side by side (see `two_boards`), otherwise one below the other (the
/// Looking-Glass worlds, Real then Mirror, each in plain coordinates).
pub fn draw_all(boards: &[BoardView], marks: &Marks) -> String {
    match boards {
        [lower, upper] if lower.name.as_deref() == Some("L") => crate::two_boards::draw([lower, upper], marks),
        _ => boards.iter().map(|b| draw(b, marks)).collect::<Vec<_>>().join("\n"),
    }
}

/// The board as text: the board's letter above it where it has one, rank
/// numbers on the left, file letters below, then a legend for the marks in use.
pub fn draw(board: &BoardView, marks: &Marks) -> String {
    let letter = board.name.as_deref().unwrap_or("");
    let pieces: HashMap<&str, &str> = board.pieces.iter().map(|p| (p.square.as_str(), p.letter.as_str())).collect();
    let special: HashSet<&str> = marks.special.iter().flat_map(|s| s.squares.iter().map(String::as_str)).collect();
    let mut out = String::new();
    if !letter.is_empty() {
        out.push_str(&format!("Board {letter}\n"));
    }
    let mut marked_last = false;
    for rank in (1..=u32::from(board.ranks)).rev() {
        out.push_str(&format!("{rank:>2} "));
        for file in 0..board.files {
            let square = format!("{letter}{}{rank}", (b'a' + file) as char);
            let (open, close) = if marks.last_move.contains(&square) {
                marked_last = true;
                ('[', ']')
            } else if special.contains(square.as_str()) {
                ('(', ')')
            } else {
                (' ', ' ')
            };
            out.push(open);
            out.push_str(pieces.get(square.as_str()).copied().unwrap_or("."));
            out.push(close);
        }
        out.push('\n');
    }
    out.push_str("   ");
    for f in 0..board.files {
        out.push(' ');
        out.push((b'a' + f) as char);
        out.push(' ');
    }
    out.push('\n');
    if let Some(s) = &marks.special {
        out.push_str(&format!("( ) {}\n", s.name));
    }
    if marked_last {
        out.push_str("[ ] the last move\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chesslantis_core::view::PieceView;
    use chesslantis_core::Color;

    fn piece(square: &str, letter: &str) -> PieceView {
        PieceView { square: square.into(), color: Color::White, role: "pawn".into(), letter: letter.into() }
    }

    #[test]
    fn marks_the_last_move_and_the_special_squares() {
        let board = BoardView { name: None, files: 8, ranks: 8, pieces: vec![piece("e4", "P"), piece("a2", "P")] };
        let marks = Marks {
            last_move: ["e2", "e4"].map(String::from).into_iter().collect(),
            special: Some(SpecialSquaresView { label: "portals".into(), name: "the portals".into(), squares: vec!["f3".into()] }),
        };
        let text = draw(&board, &marks);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[4], " 4  .  .  .  . [P] .  .  . ");
        assert_eq!(lines[5], " 3  .  .  .  .  . (.) .  . ");
        assert_eq!(lines[6], " 2  P  .  .  . [.] .  .  . ");
        assert_eq!(lines[8], "    a  b  c  d  e  f  g  h ");
        assert!(text.contains("( ) the portals\n[ ] the last move\n"), "{text}");
    }

    #[test]
    fn a_board_of_a_two_board_game_reads_its_own_lettered_squares() {
        let board = BoardView { name: Some("U".into()), files: 8, ranks: 8, pieces: vec![piece("Ue4", "N"), piece("Le4", "Q")] };
        let text = draw(&board, &Marks::default());
        assert!(text.starts_with("Board U\n"), "{text}");
        assert_eq!(text.lines().nth(5), Some(" 4  .  .  .  .  N  .  .  . "));
        assert!(!text.contains('Q'), "a piece of the other board: {text}");
    }

    #[test]
    fn draws_boards_of_other_sizes() {
        let board = BoardView { name: None, files: 9, ranks: 11, pieces: vec![piece("i11", "R")] };
        let text = draw(&board, &Marks::default());
        assert_eq!(text.lines().next(), Some("11  .  .  .  .  .  .  .  .  R "));
        assert_eq!(text.lines().nth(11), Some("    a  b  c  d  e  f  g  h  i "));
    }

    #[test]
    fn a_nine_by_eleven_board_aligns_ranks_one_to_eleven() {
        let view = chesslantis_core::DynGame::new("bede", None).expect("bede").view(chesslantis_core::Viewer::White);
        let text = draw(&view.boards[0], &Marks::default());
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
